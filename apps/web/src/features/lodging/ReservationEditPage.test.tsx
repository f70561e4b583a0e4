import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reservationSchema, roomListSchema, updateReservationSchema, type Reservation } from '@bjk/domain/lodging';
import { paymentRequestPageSchema } from '@bjk/domain/payments';
import { click, fail, network, ok, renderPage, route, type, type Route } from '../../test/render-page';

const ID = '8f6e5d4c-3b2a-4c1d-8e9f-0a1b2c3d4e5f';
const reservation: Reservation = {
  id: ID,
  number: 'R-2027-0042',
  enabled: true,
  language: 'nl',
  contact: { firstName: 'Anne', lastName: 'Peeters', email: 'anne@example.org', mobile: '+32475123456', address: 'Kerkstraat 1, 8000 Brugge' },
  roomType: 'DH',
  arrivalDate: '2027-02-15',
  departureDate: '2027-02-21',
  mealPlan: 'breakfast',
  guests: [
    { firstName: 'Anne', lastName: 'Peeters', birthDate: '1985-04-02', participates: false, ageGroup: 'adult' },
    { firstName: 'Lars', lastName: 'Peeters', birthDate: '2015-06-10', participates: true, ageGroup: 'under12' },
  ],
  remarks: '',
  internalRemarks: '',
  discount: null,
  rooms: [{ number: '104', roomType: 'DH', capacity: 2 }],
  price: {
    nights: 6,
    lines: [{ kind: 'room', quantity: 6, unitCents: 8500, totalCents: 51000, roomType: 'DH', description: 'Hotelkamer 2 personen' }],
    totalCents: 51000,
  },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  history: [],
};

const page = (): Route[] => [
  route('GET /api/v1/stay/reservation/:id', ok(reservationSchema, reservation)),
  route('GET /api/v1/room/freeroom/:type', ok(roomListSchema, { items: [] })),
  route(
    'GET /api/v1/payment/pr',
    ok(paymentRequestPageSchema, { items: [], total: 0, page: 1, pageSize: 10, totals: { dueCents: 0, receivedCents: 0, outstandingCents: 0 } }),
  ),
];
const textbox = (name: string) => screen.getByRole('textbox', { name });
/** A field of the contact's section (the guests' fields carry the same names). */
const contactField = (name: string) =>
  within(screen.getByRole('heading', { level: 2, name: 'Verantwoordelijke volwassene' }).closest('section')!).getByRole('textbox', { name });
const save = () => click(screen.getByTestId('save-reservation'));

describe('a reservation in the back office', () => {
  it('shows the reservation’s contact, guests and room', async () => {
    await renderPage(`/mgmt/reservation_edit?id=${ID}`, { manager: ['lodging_desk'], routes: page() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservatie R-2027-0042' })).toBeTruthy();
    expect((contactField('E-mailadres') as HTMLInputElement).value).toBe('anne@example.org');
    expect(screen.getByText('Kamer 104 · Hotelkamer 2 personen · 2 personen')).toBeTruthy();
    expect(network.sentTo('GET /api/v1/payment/pr')[0]?.query.get('source')).toBe(`stay:${ID}`);
  });

  it('names the contact fields to correct and sends nothing while they are wrong', async () => {
    await renderPage(`/mgmt/reservation_edit?id=${ID}`, { manager: ['lodging_desk'], routes: page() });
    await screen.findByRole('heading', { level: 1, name: 'Reservatie R-2027-0042' });
    await type(contactField('Achternaam'), '');
    await type(contactField('Gsm-nummer'), '12');
    await save();
    expect(await screen.findByText('Achternaam is verplicht')).toBeTruthy();
    expect(screen.getByText('Geen geldig gsm-nummer')).toBeTruthy();
    expect(network.sentTo(`PUT /api/v1/stay/reservation/${ID}`)).toHaveLength(0);
  });

  it('saves the reservation with its guests and the internal remark', async () => {
    await renderPage(`/mgmt/reservation_edit?id=${ID}`, {
      manager: ['lodging_desk'],
      routes: [...page(), route('PUT /api/v1/stay/reservation/:id', ok(reservationSchema, { ...reservation, internalRemarks: 'Late aankomst' }))],
    });
    await screen.findByRole('heading', { level: 1, name: 'Reservatie R-2027-0042' });
    await type(textbox('Interne opmerkingen (niet zichtbaar voor het gezin)'), 'Late aankomst');
    await save();
    expect(await screen.findByText('Opgeslagen.')).toBeTruthy();
    const [body] = network.sent(`PUT /api/v1/stay/reservation/${ID}`, updateReservationSchema);
    expect(body).toMatchObject({
      internalRemarks: 'Late aankomst',
      roomType: 'DH',
      mealPlan: 'breakfast',
      enabled: true,
      discount: null,
      guests: [
        { firstName: 'Anne', lastName: 'Peeters', birthDate: '1985-04-02', participates: false },
        { firstName: 'Lars', lastName: 'Peeters', birthDate: '2015-06-10', participates: true },
      ],
    });
  });

  it('asks before disabling a reservation that holds rooms, and frees them when confirmed', async () => {
    await renderPage(`/mgmt/reservation_edit?id=${ID}`, {
      manager: ['lodging_desk'],
      routes: [
        ...page(),
        route('PUT /api/v1/stay/reservation/:id', (r) =>
          (r.body as { freeRooms?: boolean }).freeRooms
            ? ok(reservationSchema, { ...reservation, enabled: false, rooms: [] })
            : fail(409, 'lodging.rooms_assigned'),
        ),
      ],
    });
    await screen.findByRole('heading', { level: 1, name: 'Reservatie R-2027-0042' });
    await click(screen.getByRole('switch', { name: 'Reservatie actief' }));
    await save();
    const question = within(await screen.findByRole('dialog', { name: 'Deze reservatie uitschakelen?' }));
    expect(question.getByText('Ze heeft kamer(s) 104. Uitschakelen geeft ze vrij.')).toBeTruthy();
    await click(question.getByRole('button', { name: 'Kamers vrijgeven en uitschakelen' }));
    expect(await screen.findByText('Opgeslagen.')).toBeTruthy();
    const bodies = network.sent(`PUT /api/v1/stay/reservation/${ID}`, updateReservationSchema);
    expect(bodies.at(-1)).toMatchObject({ enabled: false, freeRooms: true });
  });

  it('shows the server’s refusal in French', async () => {
    await renderPage(`/mgmt/reservation_edit?id=${ID}`, {
      manager: ['lodging_desk'],
      language: 'fr',
      routes: [...page(), route('PUT /api/v1/stay/reservation/:id', fail(400, 'lodging.guest_count'))],
    });
    await screen.findByRole('heading', { level: 1, name: 'Réservation R-2027-0042' });
    await save();
    expect((await screen.findByRole('alert')).textContent).toContain('Le nombre de personnes ne convient pas à ce logement');
  });
});
