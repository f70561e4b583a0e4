import { PAYMENTS_ERRORS, type ConfirmedRegistration } from '@bjk/domain';
import { AppError } from '../../platform/errors.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { findConfirmedRegistrationRow } from '../enrolment/enrolment.service.js';
import type { PaymentsContext } from '../payments/payment-request-row.js';
import { createPaymentRequest, sendPaymentRequest } from '../payments/payment-requests.service.js';
import { getPublicPayment } from '../payments/public-payment.service.js';
import { participantOfConfirmedRegistration } from './participants.service.js';

/** A confirmation's payment request cannot be made when the participant owes nothing or is not billable. */
const NOT_BILLABLE: readonly string[] = [PAYMENTS_ERRORS.nothingDue, PAYMENTS_ERRORS.sourceNotFound];

/**
 * The payment step of a confirmation (spec: the wizard ends with the payment instructions), when the edition's
 * `paymentRequestOnConfirmation` is on: the registration becomes its participant, the participant's payment request
 * is made through the organisers' one path (`createPaymentRequest`) and its e-mail sent (`sendPaymentRequest`).
 * Idempotent: a second confirmation or a retry finds the open request and a request already sent is not sent
 * again (concurrent sends take turns on the request's lock). Answers what the done page shows, or null.
 */
export async function confirmationPayment(ctx: PaymentsContext, idsub: string): Promise<ConfirmedRegistration['payment']> {
  const { settings } = await getCurrentEdition(ctx.db);
  if (!settings.paymentRequestOnConfirmation) return null;
  const registration = await findConfirmedRegistrationRow(ctx.db, idsub);
  if (!registration || !registration.enabled || (registration.feeCents ?? 0) <= 0) return null;
  const participantId = await participantOfConfirmedRegistration(ctx, registration);
  let request;
  try {
    ({ request } = await createPaymentRequest(ctx, `participant_${registration.kind}`, String(participantId)));
  } catch (error) {
    if (error instanceof AppError && NOT_BILLABLE.includes(error.code)) return null;
    throw error;
  }
  if (request.sentAt === null && request.payer.emails.length > 0) await sendPaymentRequest(ctx, request.id);
  const token = request.paymentPagePath.slice(request.paymentPagePath.lastIndexOf('/') + 1);
  return { ...(await getPublicPayment(ctx.db, token)), pagePath: request.paymentPagePath };
}
