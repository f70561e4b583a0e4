import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeReservationResultSchema, makeReservationSchema } from '@bjk/domain/lodging';
import { click, editionSettings, fail, network, ok, renderPage, route, textOf, type } from '../../test/render-page';

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const next = () => click(screen.getByRole('button', { name: 'Volgende' }));

/** Starts the wizard and fills in the contact step. */
async function fillContact() {
  await click(await screen.findByRole('button', { name: 'Beginnen' }));
  await screen.findByRole('heading', { level: 2, name: 'Verantwoordelijke volwassene' });
  await type(await screen.findByRole('textbox', { name: /^Voornaam/ }), 'Anne');
  await type(field('Achternaam'), 'Peeters');
  await type(field('E-mailadres'), 'anne@example.org');
  await type(screen.getByRole('textbox', { name: /^Gsm-nummer/ }), '0475 12 34 56');
  await type(field('Adres'), 'Kerkstraat 1, 8000 Brugge');
}

/** From the contact to the confirmation: a double hotel room for Anne and her son, with breakfast. */
async function toConfirmation() {
  await fillContact();
  await next();
  await click(await screen.findByRole('radio', { name: /Hotelkamer 2 personen/ }));
  await next();
  const first = await screen.findByTestId('guest-0');
  expect(within(first).getByRole<HTMLInputElement>('textbox', { name: /^Voornaam/ }).value).toBe('Anne');
  await type(first.querySelector('input[type="date"]')!, '1985-04-02');
  await click(screen.getByRole('button', { name: 'Gast toevoegen' }));
  const second = await screen.findByTestId('guest-1');
  await type(within(second).getByRole('textbox', { name: /^Voornaam/ }), 'Lars');
  await type(within(second).getByRole('textbox', { name: /^Achternaam/ }), 'Peeters');
  await type(second.querySelector('input[type="date"]')!, '2015-06-10');
  await click(within(second).getByRole('checkbox', { name: 'Speelt mee in het toernooi' }));
  await next();
  await click(await screen.findByRole('radio', { name: /Ontbijt/ }));
  await next();
  await screen.findByRole('heading', { level: 2, name: 'Bevestiging' });
}

describe('the lodging reservation wizard', () => {
  it('tells what a reservation is and which nights it covers before it starts', async () => {
    await renderPage('/rsv26wizard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Logies reserveren' })).toBeTruthy();
    expect(screen.getByTestId('wizard-step').textContent).toBe('Stap 1 van 6: Inleiding');
  });

  it('asks for every contact field in Dutch before going on, and for a room type', async () => {
    await renderPage('/rsv26wizard');
    await click(await screen.findByRole('button', { name: 'Beginnen' }));
    await screen.findByRole('textbox', { name: /^Voornaam/ });
    await next();
    for (const message of ['Voornaam is verplicht', 'Achternaam is verplicht', 'E-mail is verplicht', 'Gsm-nummer is verplicht', 'Adres is verplicht']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    await type(field('Voornaam'), 'Anne');
    await type(field('Achternaam'), 'Peeters');
    await type(field('E-mailadres'), 'anne@example.org');
    await type(screen.getByRole('textbox', { name: /^Gsm-nummer/ }), '12');
    await type(field('Adres'), 'Kerkstraat 1');
    await next();
    expect(await screen.findByText('Geen geldig gsm-nummer')).toBeTruthy();
    await type(screen.getByRole('textbox', { name: /^Gsm-nummer/ }), '0475 12 34 56');
    await next();
    expect(await screen.findByRole('radiogroup', { name: 'Soort logies' })).toBeTruthy();
    await next();
    expect(await screen.findByText('Kies een logies')).toBeTruthy();
  });

  it('words the contact checks in French', async () => {
    await renderPage('/rsv26wizard', { language: 'fr' });
    await click(await screen.findByRole('button', { name: 'Commencer' }));
    await screen.findByRole('textbox', { name: /^Prénom/ });
    await click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByText('Le prénom est obligatoire')).toBeTruthy();
    expect(screen.getByText("L'adresse est obligatoire")).toBeTruthy();
  });

  it('shows the price estimate of the stay and sends the reservation with the guests and nights', async () => {
    await renderPage('/rsv26wizard', {
      routes: [route('POST /api/v1/stay/cmd/make_reservation', ok(makeReservationResultSchema, { number: 'R-2027-0042', totalCents: 69900 }))],
    });
    await toConfirmation();
    const estimate = await screen.findByTestId('price-estimate');
    // Two persons with a minor in a double hotel room: the minor discount per night (the edition's rule).
    expect(textOf(within(estimate).getByRole('row', { name: /Logies: Hotelkamer 2 personen/ }))).toBe(
      'Logies: Hotelkamer 2 personen6 nachten × € 85,00 (korting minderjarige € 25,00 per nacht)€ 510,00',
    );
    expect(textOf(within(estimate).getByRole('row', { name: /Toeristenbelasting/ }))).toBe('Toeristenbelasting12 persoonsnachten × € 2,00€ 24,00');
    expect(textOf(screen.getByTestId('price-total'))).toBe('€ 534,00');
    await click(screen.getByTestId('confirm-reservation'));
    expect((await screen.findByTestId('reservation-received')).textContent).toBe(
      'We hebben je reservatieaanvraag R-2027-0042 ontvangen. We bevestigen ze per e-mail.',
    );
    const [sent] = network.sent('POST /api/v1/stay/cmd/make_reservation', makeReservationSchema);
    expect(sent).toMatchObject({
      language: 'nl',
      contact: { firstName: 'Anne', lastName: 'Peeters', email: 'anne@example.org', mobile: '+32475123456', address: 'Kerkstraat 1, 8000 Brugge' },
      roomType: 'DH',
      arrivalDate: '2027-02-15',
      departureDate: '2027-02-21',
      mealPlan: 'breakfast',
      guests: [
        { firstName: 'Anne', lastName: 'Peeters', birthDate: '1985-04-02', participates: false },
        { firstName: 'Lars', lastName: 'Peeters', birthDate: '2015-06-10', participates: true },
      ],
    });
    expect(network.sentTo('POST /api/v1/stay/cmd/make_reservation')[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server’s refusal in words and stays on the confirmation', async () => {
    await renderPage('/rsv26wizard', { routes: [route('POST /api/v1/stay/cmd/make_reservation', fail(400, 'lodging.guest_count'))] });
    await toConfirmation();
    await click(screen.getByTestId('confirm-reservation'));
    expect((await screen.findByRole('alert')).textContent).toContain('Het aantal gasten past niet bij dit logies');
    expect(screen.getByTestId('confirm-reservation')).toBeTruthy();
  });

  it('sends a visitor to the closed page once the reservations have closed', async () => {
    const closed = editionSettings((s) => {
      s.lodging = { ...s.lodging, opensAt: '2026-01-01T00:00:00.000Z', closesAt: '2026-01-02T00:00:00.000Z' };
    });
    await renderPage('/rsv26wizard', { edition: closed });
    expect(await screen.findByTestId('phase-closed')).toBeTruthy();
    expect(window.location.pathname).toBe('/rsv26wizard_closed');
  });
});
