import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auditPageSchema } from '@bjk/domain/audit';
import { editionSettingsUpdateSchema, publicEditionSchema } from '@bjk/domain/edition';
import { click, editionSettings, fail, network, ok, publicEdition, renderPage, route, type, type Route } from '../../test/render-page';

const settings = editionSettings();
const loaded = publicEdition(settings);
const page = (): Route[] => [route('GET /api/v1/audit', ok(auditPageSchema, { items: [], total: 0, page: 1, pageSize: 200 }))];
// The form has some 240 fields: queries by label text, much cheaper than by role over so many elements.
const textbox = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));
const button = (label: string) => screen.getByText(label, { selector: 'button' });
const save = () => click(button('Instellingen opslaan'));
const title = (text: string) => screen.findByText(text, { selector: 'h1' });

describe('the edition settings', () => {
  // The page has some 240 fields, costly to draw in happy-dom: each test draws it once and proves what it can.
  it('shows the settings in their fields, marks the ones to correct and sends nothing while one is wrong', async () => {
    await renderPage('/mgmt/settings', { manager: ['admin'], edition: settings, routes: page() });
    expect(await title('Instellingen van de editie')).toBeTruthy();
    expect((textbox('Locatie') as HTMLInputElement).value).toBe('Duinenhof vakantiepark');
    expect((textbox('Inschrijvingsgeld') as HTMLInputElement).value).toBe('35,00');
    await type(textbox('Locatie'), '');
    await type(textbox('Inschrijvingsgeld'), 'vijf');
    await save();
    expect(await screen.findByText('Een van de verplichte velden is ongeldig: zie de rood gemarkeerde velden.')).toBeTruthy();
    expect(screen.getByText('Een bedrag in euro, bv. 35,00')).toBeTruthy();
    expect(textbox('Locatie').getAttribute('aria-invalid')).toBe('true');
    expect(network.sentTo('PUT /api/v1/edition/settings')).toHaveLength(0);
  });

  it('saves the whole settings with the version they were read at', async () => {
    await renderPage('/mgmt/settings', {
      manager: ['admin'],
      edition: settings,
      routes: [
        ...page(),
        route('PUT /api/v1/edition/settings', (r) =>
          ok(publicEditionSchema, { settings: editionSettingsUpdateSchema.parse(r.body).settings, updatedAt: '2026-11-26T12:00:00.000Z' }),
        ),
      ],
    });
    await title('Instellingen van de editie');
    await type(textbox('Inschrijvingsgeld'), '40,50');
    await type(textbox('Locatie'), 'Zeeduin');
    await save();
    expect(await screen.findByText('Opgeslagen. De publieke site toont de nieuwe instellingen.')).toBeTruthy();
    const [body] = network.sent('PUT /api/v1/edition/settings', editionSettingsUpdateSchema);
    expect(body?.updatedAt).toBe(loaded.updatedAt);
    expect(body?.settings).toEqual({ ...settings, fees: { ...settings.fees, enrolmentCents: 4050 }, venue: { ...settings.venue, name: 'Zeeduin' } });
  });

  it('says in French that another admin saved meanwhile', async () => {
    await renderPage('/mgmt/settings', {
      manager: ['admin'],
      language: 'fr',
      routes: [...page(), route('PUT /api/v1/edition/settings', fail(409, 'edition.changed_meanwhile'))],
    });
    await title('Paramètres de l’édition');
    await click(button('Enregistrer les paramètres'));
    await waitFor(() => expect(document.querySelector('[role="status"]')?.textContent).toContain('Quelqu’un d’autre a enregistré les paramètres entre-temps'));
  });

  it('is closed to a manager without every right', async () => {
    await renderPage('/mgmt/settings', { manager: ['registrar'] });
    expect(await screen.findByText('Alleen beheerders met alle rechten wijzigen de instellingen.')).toBeTruthy();
  });
});
