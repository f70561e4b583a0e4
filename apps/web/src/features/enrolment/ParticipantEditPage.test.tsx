import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { participantSchema, participantUpdateSchema, type Participant } from '@bjk/domain/enrolment';
import { consentChoicesSchema } from '@bjk/domain/consents';
import { paymentRequestPageSchema } from '@bjk/domain/payments';
import { click, fail, file, network, ok, renderPage, route, textOf, type, type Route } from '../../test/render-page';
import { lotteMember } from '../../test/people';

const lotte: Participant = {
  id: 12,
  kind: 'bjk',
  ...lotteMember,
  category: 'U12',
  email: '',
  parentName: 'Anne Peeters',
  parentEmail: 'anne@example.org',
  attendantEmail: '',
  language: 'nl',
  mealsCode: 'HB',
  enabled: true,
  late: false,
  feeCents: 3500,
  remarks: '',
  hasPhoto: true,
  consents: { badgePhoto: true, webPhoto: false, publicName: true, changedAt: '2026-01-10T10:00:00.000Z', changedBy: 'enrolment' },
  registrationId: null,
  createdAt: '2026-10-02T09:00:00.000Z',
};

const page = (): Route[] => [
  route('GET /api/v1/participant/:kind/:id', ok(participantSchema, lotte)),
  route('GET /api/v1/participant/photo/:kind/:id', file(new Blob(['jpeg'], { type: 'image/jpeg' }))),
  route(
    'GET /api/v1/payment/pr',
    ok(paymentRequestPageSchema, { items: [], total: 0, page: 1, pageSize: 10, totals: { dueCents: 0, receivedCents: 0, outstandingCents: 0 } }),
  ),
];
const input = (path: string) => screen.getByTestId<HTMLInputElement>(`edit-${path}`);

describe('a participant in the back office', () => {
  it('shows who the player is and the fields a manager may change', async () => {
    await renderPage('/mgmt/participant_edit?id=12', { manager: ['registrar'], routes: page() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Peeters Lotte' })).toBeTruthy();
    expect(textOf(screen.getByRole('heading', { level: 1 }).nextElementSibling)).toContain('2015 · KSK Brugge · BEL');
    expect(input('ratingFide').value).toBe('1450');
    expect(input('parentEmail').value).toBe('anne@example.org');
    expect(network.sentTo('GET /api/v1/participant/bjk/12')[0]?.headers.get('authorization')).toBe('Bearer test-session-token');
  });

  it('names the wrong fields below them and sends nothing', async () => {
    await renderPage('/mgmt/participant_edit?id=12', { manager: ['registrar'], routes: page() });
    await screen.findByRole('heading', { level: 1, name: 'Peeters Lotte' });
    await type(input('parentEmail'), 'anne@');
    await type(input('ratingFide'), '4200');
    await click(screen.getByTestId('edit-save'));
    expect(await screen.findByText('Geen geldig e-mailadres')).toBeTruthy();
    expect(screen.getByText('Te lang of te groot')).toBeTruthy();
    expect(network.sentTo('PUT /api/v1/participant/bjk/12')).toHaveLength(0);
  });

  it('saves the change as the server reads it, and says so', async () => {
    await renderPage('/mgmt/participant_edit?id=12', {
      manager: ['registrar'],
      routes: [...page(), route('PUT /api/v1/participant/:kind/:id', ok(participantSchema, { ...lotte, ratingFide: 1502, remarks: 'Vegetarisch' }))],
    });
    await screen.findByRole('heading', { level: 1, name: 'Peeters Lotte' });
    await type(input('ratingFide'), '1502');
    await type(input('remarks'), 'Vegetarisch');
    await click(screen.getByTestId('edit-save'));
    expect(await screen.findByText('Opgeslagen.')).toBeTruthy();
    expect(network.sent('PUT /api/v1/participant/bjk/12', participantUpdateSchema)).toEqual([
      {
        category: 'U12',
        email: '',
        parentName: 'Anne Peeters',
        parentEmail: 'anne@example.org',
        attendantEmail: '',
        mealsCode: 'HB',
        ratingNational: 1430,
        ratingFide: 1502,
        enabled: true,
        remarks: 'Vegetarisch',
      },
    ]);
  });

  it('shows the server’s refusal in English', async () => {
    await renderPage('/mgmt/participant_edit?id=12', {
      manager: ['registrar'],
      language: 'en',
      routes: [...page(), route('PUT /api/v1/participant/:kind/:id', fail(409, 'platform.conflict'))],
    });
    await screen.findByRole('heading', { level: 1, name: 'Peeters Lotte' });
    await click(screen.getByTestId('edit-save'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toContain('platform.conflict');
    expect(alert.textContent).not.toBe('');
  });

  it('changes a consent on the family’s word at once', async () => {
    await renderPage('/mgmt/participant_edit?id=12', {
      manager: ['registrar'],
      routes: [
        ...page(),
        route(
          'PUT /api/v1/participant/:kind/:id/consents',
          ok(participantSchema, { ...lotte, consents: { ...lotte.consents, webPhoto: true, changedBy: 'manager' } }),
        ),
      ],
    });
    await screen.findByTestId('participant-consents');
    const unchecked = screen.getByTestId('participant-consents').querySelectorAll<HTMLInputElement>('input[type="checkbox"]:not(:checked)');
    expect(unchecked).toHaveLength(1);
    await click(unchecked[0]!);
    expect(network.sent('PUT /api/v1/participant/bjk/12/consents', consentChoicesSchema)).toEqual([{ badgePhoto: true, webPhoto: true, publicName: true }]);
  });

  it('says a record needs choosing from the list when the address names none', async () => {
    await renderPage('/mgmt/participant_edit', { manager: ['registrar'] });
    expect(await screen.findByText('Geen record gekozen: open het vanuit de lijst.')).toBeTruthy();
    expect(network.sentTo('GET /api/v1/participant/:kind/:id')).toHaveLength(0);
  });
});
