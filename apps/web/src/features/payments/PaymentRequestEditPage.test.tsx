import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  manualPaymentSchema,
  paymentRequestDetailSchema,
  paymentRequestSchema,
  updatePaymentRequestSchema,
  type PaymentRequestDetail,
} from '@bjk/domain/payments';
import { click, fail, network, ok, renderPage, route, textOf, type, type Route } from '../../test/render-page';

const request: PaymentRequestDetail = {
  id: 14,
  number: 2027014,
  kind: 'stay',
  sourceId: '8f6e5d4c-3b2a-4c1d-8e9f-0a1b2c3d4e5f',
  editionCode: 'bjk2027',
  payer: { name: 'Anne Peeters', emails: ['anne@example.org'], address: 'Kerkstraat 1, 8000 Brugge', language: 'nl' },
  lines: [
    { kind: 'lodging', description: 'Hotelkamer 2 personen', quantity: 6, unitPriceCents: 8500, totalCents: 51000 },
    { kind: 'touristTax', description: 'Toeristenbelasting', quantity: 12, unitPriceCents: 200, totalCents: 2400 },
  ],
  subtotalCents: 53400,
  discountCents: 0,
  discountRemark: '',
  totalCents: 53400,
  structuredMessage: '+++202/7014/00045+++',
  dueDate: '2026-12-15',
  sentAt: null,
  status: 'open',
  receivedCents: 0,
  paidDate: null,
  flagged: false,
  remarks: '',
  invoiceNumber: null,
  paymentPagePath: '/payment/tok-14',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  payments: [],
  history: [],
};
const detail = (): Route[] => [route('GET /api/v1/payment/pr/:id', ok(paymentRequestDetailSchema, request))];
const saved = () => route('PUT /api/v1/payment/pr/:id', (r) => ok(paymentRequestSchema, { ...request, ...(r.body as object) }));
const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('a payment request in the back office', () => {
  it('shows the request’s lines, total and structured message', async () => {
    await renderPage('/mgmt/paymentrequest_edit?id=14', { manager: ['treasurer'], routes: detail() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Betalingsverzoek 2027014' })).toBeTruthy();
    expect(screen.getByTestId('structured-message').textContent).toBe('+++202/7014/00045+++');
    expect(textOf(screen.getByTestId('request-total'))).toBe('€ 534,00');
    expect(screen.getByRole('row', { name: /Hotelkamer 2 personen/ })).toBeTruthy();
    // A way back to the list, above the heading.
    expect(screen.getByRole('link', { name: 'Terug naar de betaalverzoeken' }).getAttribute('href')).toBe('/mgmt/paymentrequests');
  });

  it('saves a discount with its reason and the payer’s addresses, as the server reads them', async () => {
    await renderPage('/mgmt/paymentrequest_edit?id=14', { manager: ['treasurer'], routes: [...detail(), saved()] });
    await screen.findByRole('heading', { level: 1, name: 'Betalingsverzoek 2027014' });
    await type(screen.getByRole('spinbutton', { name: 'Korting' }), '25.50');
    await type(field('Reden van de korting'), 'Tweede kind');
    await type(field('E-mailadressen'), 'anne@example.org, marc@example.org');
    await click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByText('Opgeslagen');
    expect(network.sent('PUT /api/v1/payment/pr/14', updatePaymentRequestSchema)).toEqual([
      { discountCents: 2550, discountRemark: 'Tweede kind', remarks: '', dueDate: '2026-12-15', payerEmails: ['anne@example.org', 'marc@example.org'] },
    ]);
  });

  it('refuses an invalid payer address before sending', async () => {
    await renderPage('/mgmt/paymentrequest_edit?id=14', { manager: ['treasurer'], routes: [...detail(), saved()] });
    await screen.findByRole('heading', { level: 1, name: 'Betalingsverzoek 2027014' });
    await type(field('E-mailadressen'), 'anne@');
    await click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Geen geldig e-mailadres')).toBeTruthy();
    expect(network.sentTo('PUT /api/v1/payment/pr/14')).toHaveLength(0);
  });

  it('asks who paid how before registering a payment by hand, then sends it', async () => {
    await renderPage('/mgmt/paymentrequest_edit?id=14', {
      manager: ['treasurer'],
      routes: [...detail(), route('POST /api/v1/payment/pr/:id/payments', ok(paymentRequestDetailSchema, request))],
    });
    await screen.findByRole('heading', { level: 1, name: 'Betalingsverzoek 2027014' });
    expect(screen.getByTestId<HTMLInputElement>('manual-amount').value).toBe('534');
    await click(screen.getByRole('button', { name: 'Betaling registreren' }));
    expect(await screen.findByText('Dit veld is verplicht')).toBeTruthy();
    expect(network.sentTo('POST /api/v1/payment/pr/14/payments')).toHaveLength(0);
    await type(field('Opmerking'), 'Cash aan de balie');
    await click(screen.getByRole('button', { name: 'Betaling registreren' }));
    await waitFor(() => expect(network.sentTo('POST /api/v1/payment/pr/14/payments')).toHaveLength(1));
    expect(network.sent('POST /api/v1/payment/pr/14/payments', manualPaymentSchema)[0]).toMatchObject({ amountCents: 53400, remark: 'Cash aan de balie' });
  });

  it('shows the server’s refusal of a send in the manager’s language', async () => {
    await renderPage('/mgmt/paymentrequest_edit?id=14', {
      manager: ['treasurer'],
      language: 'fr',
      routes: [...detail(), route('POST /api/v1/payment/email_pr/:id', fail(400, 'payments.no_email'))],
    });
    await click(await screen.findByRole('button', { name: 'Envoyer l’e-mail' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Cette demande n’a pas d’adresse e-mail');
  });

  it('says a request that does not exist is missing', async () => {
    await renderPage('/mgmt/paymentrequest_edit?id=99', {
      manager: ['treasurer'],
      routes: [route('GET /api/v1/payment/pr/:id', fail(404, 'payments.not_found'))],
    });
    expect(await screen.findByRole('link', { name: 'Terug naar de betaalverzoeken' })).toBeTruthy();
  });
});
