import type { PaymentRequestStatus } from '@bjk/domain';
import type { BankMovement } from './bank-statement.js';

/** What a request needs to be matched: its message, what it asks and what came in so far. */
export type MatchableRequest = {
  id: number;
  structuredMessage: string;
  totalCents: number;
  receivedCents: number;
  status: PaymentRequestStatus;
};

/**
 * How one movement ended:
 * - `paid`: it completes the request exactly; `partially_paid`: the request still waits for more;
 * - flagged for a manager: `overpaid` (more than asked), `duplicate` (the request was already paid),
 *   `cancelled` (money for a cancelled request);
 * - `unmatched`: no valid message, or one no request carries;
 * - `ignored`: money going out (bank costs, refunds) is not a payment.
 */
export type MatchOutcome = 'paid' | 'partially_paid' | 'overpaid' | 'duplicate' | 'cancelled' | 'unmatched' | 'ignored';

export const FLAGGED_OUTCOMES: readonly MatchOutcome[] = ['overpaid', 'duplicate', 'cancelled'];

export type MovementMatch = {
  outcome: MatchOutcome;
  /** The request the money counts for (null when unmatched or ignored). */
  requestId: number | null;
  /** The request's received total and status after this movement. */
  receivedCents: number;
  status: PaymentRequestStatus | null;
};

/** A request's status from its total and what it received (cancelled stays cancelled). */
export function paymentRequestStatus(totalCents: number, receivedCents: number, cancelled: boolean): PaymentRequestStatus {
  if (cancelled) return 'cancelled';
  if (receivedCents >= totalCents && receivedCents > 0) return 'paid';
  if (receivedCents > 0) return 'partially_paid';
  return 'open';
}

/** The outcome of one credit for one request (or none), checked against the amount still due. */
export function matchMovement(movement: Pick<BankMovement, 'amountCents' | 'structuredReference'>, request: MatchableRequest | undefined): MovementMatch {
  if (movement.amountCents <= 0) return { outcome: 'ignored', requestId: null, receivedCents: 0, status: null };
  if (!movement.structuredReference || !request) return { outcome: 'unmatched', requestId: null, receivedCents: 0, status: null };
  const receivedCents = request.receivedCents + movement.amountCents;
  if (request.status === 'cancelled') {
    return { outcome: 'cancelled', requestId: request.id, receivedCents, status: 'cancelled' };
  }
  const status = paymentRequestStatus(request.totalCents, receivedCents, false);
  if (request.receivedCents >= request.totalCents) return { outcome: 'duplicate', requestId: request.id, receivedCents, status };
  if (receivedCents > request.totalCents) return { outcome: 'overpaid', requestId: request.id, receivedCents, status };
  return { outcome: status === 'paid' ? 'paid' : 'partially_paid', requestId: request.id, receivedCents, status };
}

/**
 * Matches a statement's movements in order against the requests their messages name. A request named twice in one
 * statement sees the first payment before the second (two halves make it paid; a second full payment is a duplicate).
 */
export function matchBankStatement(
  movements: readonly Pick<BankMovement, 'amountCents' | 'structuredReference'>[],
  requestsByMessage: ReadonlyMap<string, MatchableRequest>,
): MovementMatch[] {
  const state = new Map<number, MatchableRequest>();
  return movements.map((movement) => {
    const found = movement.structuredReference ? requestsByMessage.get(movement.structuredReference) : undefined;
    const request = found ? (state.get(found.id) ?? found) : undefined;
    const match = matchMovement(movement, request);
    if (request && match.requestId !== null) {
      state.set(request.id, { ...request, receivedCents: match.receivedCents, status: match.status ?? request.status });
    }
    return match;
  });
}
