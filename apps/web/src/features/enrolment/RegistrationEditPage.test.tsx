import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { registrationSchema, registrationUpdateSchema, type Registration } from '@bjk/domain/enrolment';
import { click, fail, file, network, ok, renderPage, route, textOf, type, type Route } from '../../test/render-page';
import { lotteMember } from '../../test/people';

const ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const lotte: Registration = {
  id: ID,
  kind: 'bjk',
  status: 'confirmed',
  enabled: true,
  ...lotteMember,
  category: 'U12',
  email: '',
  mobile: '',
  parent: { fullName: 'Anne Peeters', email: 'anne@example.org', mobile: '+32475123456' },
  attendant: { fullName: '', email: '', mobile: '' },
  language: 'nl',
  consent: true,
  consents: { badgePhoto: true, webPhoto: false, publicName: true, changedAt: '2026-01-10T10:00:00.000Z', changedBy: 'enrolment' },
  hasPhoto: true,
  late: false,
  feeCents: 3500,
  remarks: '',
  createdAt: '2026-10-02T09:00:00.000Z',
  confirmedAt: '2026-10-02T09:10:00.000Z',
};

const record = (answer = ok(registrationSchema, lotte)): Route[] => [
  route('GET /api/v1/registration/:kind/:id', answer),
  route('GET /api/v1/registration/:kind/:id/photo', file(new Blob(['jpeg'], { type: 'image/jpeg' }))),
];
const input = (path: string) => screen.getByTestId(`edit-${path}`);

describe('a registration in the back office', () => {
  it('shows the registration’s fields, status and fee', async () => {
    await renderPage(`/mgmt/registration_edit?id=${ID}`, { manager: ['registrar'], routes: record() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Peeters Lotte' })).toBeTruthy();
    expect(textOf(screen.getByTestId('registration-summary'))).toMatch(/ · Bevestigd · .+ · € 35,00$/);
    expect((input('parent.email') as HTMLInputElement).value).toBe('anne@example.org');
    expect((input('ratingFide') as HTMLInputElement).value).toBe('1450');
    expect(await screen.findByTestId('mgmt-photo')).toBeTruthy();
    expect(network.sentTo(`GET /api/v1/registration/bjk/${ID}`)[0]?.headers.get('authorization')).toBe('Bearer test-session-token');
  });

  it('names the fields to correct and sends nothing while they are wrong', async () => {
    await renderPage(`/mgmt/registration_edit?id=${ID}`, { manager: ['registrar'], routes: record() });
    await screen.findByRole('heading', { level: 1, name: 'Peeters Lotte' });
    await type(input('firstName'), ' ');
    await type(input('parent.email'), 'anne@');
    await click(screen.getByTestId('edit-save'));
    expect(await screen.findByText('Voornaam is verplicht')).toBeTruthy();
    expect(screen.getByText('Geen geldig e-mailadres')).toBeTruthy();
    expect(network.sentTo(`PUT /api/v1/registration/bjk/${ID}`)).toHaveLength(0);
  });

  it('saves the whole record with the change, as the server reads it', async () => {
    await renderPage(`/mgmt/registration_edit?id=${ID}`, {
      manager: ['registrar'],
      routes: [...record(), route('PUT /api/v1/registration/:kind/:id', ok(registrationSchema, { ...lotte, ratingFide: 1502, remarks: 'Vegetarisch' }))],
    });
    await screen.findByRole('heading', { level: 1, name: 'Peeters Lotte' });
    await type(input('ratingFide'), '1502');
    await type(input('remarks'), 'Vegetarisch');
    await click(screen.getByTestId('edit-save'));
    expect(await screen.findByText('Opgeslagen.')).toBeTruthy();
    const [body] = network.sent(`PUT /api/v1/registration/bjk/${ID}`, registrationUpdateSchema);
    expect(body).toMatchObject({ ratingFide: 1502, remarks: 'Vegetarisch', firstName: 'Lotte', category: 'U12', clubName: 'KSK Brugge', fideTitle: null });
    expect(body?.parent).toEqual(lotte.parent);
  });

  it('shows the server’s refusal in the manager’s language', async () => {
    await renderPage(`/mgmt/registration_edit?id=${ID}`, {
      manager: ['registrar'],
      language: 'fr',
      routes: [...record(), route('PUT /api/v1/registration/:kind/:id', fail(409, 'platform.conflict'))],
    });
    await screen.findByRole('heading', { level: 1, name: 'Peeters Lotte' });
    await click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Les données ont changé entre-temps ; rechargez la page et réessayez');
  });

  it('says a registration that does not exist is missing, with the way back to the list', async () => {
    await renderPage(`/mgmt/registration_edit?id=${ID}`, { manager: ['registrar'], routes: record(fail(404, 'enrolment.not_found')) });
    expect(await screen.findByRole('link', { name: 'Terug naar de lijst' })).toBeTruthy();
    expect(screen.queryByTestId('edit-save')).toBeNull();
  });
});
