import { PAYMENTS_ERRORS, type PublicPayment } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { paymentQrPng } from './payment-mail.js';
import { qrPngPath, transferOf } from './payment-request-row.js';
import { findRequestByToken, type PaymentRequestRow } from './payments.repository.js';

/** The shape of the tokens this site makes; anything else in a link was mistyped or cut off. */
const PAYMENT_TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

async function requestOfToken(db: DbOrTx, token: string): Promise<PaymentRequestRow> {
  const row = PAYMENT_TOKEN.test(token) ? await findRequestByToken(db, token) : undefined;
  // The same answer for malformed, unknown and cancelled: the token reveals nothing beyond an open request.
  if (!row || row.status === 'cancelled') throw notFound(PAYMENTS_ERRORS.linkUnknown, 'This payment link is unknown');
  return row;
}

export async function getPublicPayment(db: DbOrTx, token: string): Promise<PublicPayment> {
  const row = await requestOfToken(db, token);
  const { settings } = await getCurrentEdition(db);
  return {
    number: row.number,
    language: row.payerLanguage,
    lines: row.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPriceCents: l.unitPriceCents, totalCents: l.totalCents })),
    discountCents: row.discountCents,
    ...transferOf(row, settings),
    qrPngPath: qrPngPath(token),
  };
}

export async function getPublicPaymentQr(db: DbOrTx, token: string): Promise<Buffer> {
  const row = await requestOfToken(db, token);
  const { settings } = await getCurrentEdition(db);
  return paymentQrPng(row, settings);
}
