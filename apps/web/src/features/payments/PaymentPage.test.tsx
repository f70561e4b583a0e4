import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publicPaymentSchema, type PublicPayment } from '@bjk/domain/payments';
import { fail, network, ok, renderPage, route, textOf } from '../../test/render-page';

const payment: PublicPayment = {
  number: 2027014,
  language: 'nl',
  lines: [
    { description: 'Hotelkamer 2 personen', quantity: 6, unitPriceCents: 11000, totalCents: 66000 },
    { description: 'Toeristenbelasting', quantity: 12, unitPriceCents: 250, totalCents: 3000 },
  ],
  discountCents: 1500,
  totalCents: 67500,
  receivedCents: 7500,
  outstandingCents: 60000,
  status: 'partially_paid',
  dueDate: '2026-12-15',
  structuredMessage: '+++202/7014/00045+++',
  beneficiary: 'Vlaamse Schaakfederatie vzw',
  iban: 'BE68 5390 0754 7034',
  bic: 'TRIOBEBB',
  qrPngPath: '/api/v1/payment/public/tok-1/qr.png',
};

describe('the payment page of a link', () => {
  it('shows the lines, the discount, what was received and what is still to transfer, with the QR code', async () => {
    await renderPage('/payment/tok-1', { routes: [route('GET /api/v1/payment/public/:token', ok(publicPaymentSchema, payment))] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Betaling 2027014' })).toBeTruthy();
    const lines = within(screen.getByRole('table', { name: 'Waarvoor je betaalt' }));
    expect(lines.getByRole('row', { name: /Hotelkamer 2 personen/ }).textContent).toContain('660,00');
    expect(textOf(lines.getByRole('row', { name: /Korting/ }))).toBe('Korting€ -15,00');
    expect(lines.getByRole('row', { name: /Reeds ontvangen/ }).textContent).toContain('75,00');
    expect(textOf(screen.getByTestId('pay-amount'))).toBe('€ 600,00');
    expect(screen.getByTestId('pay-message').textContent).toBe('+++202/7014/00045+++');
    expect(screen.getByTestId('pay-due').textContent).toBe('15 december 2026');
    expect(screen.getByRole('img', { name: 'QR-code voor je bankapp' }).getAttribute('src')).toBe(payment.qrPngPath);
    expect(network.sentTo('GET /api/v1/payment/public/tok-1')).toHaveLength(1);
  });

  it('thanks the payer of a paid request, without transfer instructions', async () => {
    await renderPage('/payment/tok-2', {
      routes: [route('GET /api/v1/payment/public/:token', ok(publicPaymentSchema, { ...payment, status: 'paid', receivedCents: 67500, outstandingCents: 0 }))],
    });
    expect(await screen.findByText('Deze betaling is ontvangen. Hartelijk dank!')).toBeTruthy();
    expect(screen.queryByTestId('pay-amount')).toBeNull();
  });

  it('says an unknown link is unknown, in the visitor’s language', async () => {
    await renderPage('/payment/garbled', { language: 'fr', routes: [route('GET /api/v1/payment/public/:token', fail(404, 'payments.link_unknown'))] });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ce lien de paiement est inconnu. Vérifiez que le lien est complet ou demandez-en un nouveau aux organisateurs.',
    );
  });
});
