import { describe, expect, it } from 'vitest';
import { matchBankStatement, matchMovement, paymentRequestStatus, type MatchableRequest } from './matching.js';

const request = (overrides: Partial<MatchableRequest> = {}): MatchableRequest => ({
  id: 1,
  structuredMessage: '202700000122',
  totalCents: 123_600,
  receivedCents: 0,
  status: 'open',
  ...overrides,
});
const credit = (amountCents: number, structuredReference: string | null = '202700000122') => ({ amountCents, structuredReference });

describe('matching bank movements to payment requests', () => {
  it('marks a request paid when the exact amount arrives with its message', () => {
    expect(matchMovement(credit(123_600), request())).toEqual({ outcome: 'paid', requestId: 1, receivedCents: 123_600, status: 'paid' });
  });

  it('marks a request partially paid when less arrives, and paid when the rest follows', () => {
    const [first, second] = matchBankStatement([credit(60_000), credit(63_600)], new Map([['202700000122', request()]]));
    expect(first).toMatchObject({ outcome: 'partially_paid', receivedCents: 60_000, status: 'partially_paid' });
    expect(second).toMatchObject({ outcome: 'paid', receivedCents: 123_600, status: 'paid' });
  });

  it('flags more than asked as overpaid and a second payment as a duplicate', () => {
    expect(matchMovement(credit(130_000), request())).toMatchObject({ outcome: 'overpaid', status: 'paid', receivedCents: 130_000 });
    const [, duplicate] = matchBankStatement([credit(123_600), credit(123_600)], new Map([['202700000122', request()]]));
    expect(duplicate).toMatchObject({ outcome: 'duplicate', receivedCents: 247_200, status: 'paid' });
  });

  it('flags money for a cancelled request', () => {
    expect(matchMovement(credit(123_600), request({ status: 'cancelled' }))).toMatchObject({ outcome: 'cancelled', status: 'cancelled' });
  });

  it('leaves movements without a message or with an unknown one unmatched', () => {
    expect(matchMovement(credit(3_500, null), undefined).outcome).toBe('unmatched');
    expect(matchBankStatement([credit(3_500, '202700000223')], new Map())[0]?.outcome).toBe('unmatched');
  });

  it('ignores money going out', () => {
    expect(matchMovement(credit(-4_550), request()).outcome).toBe('ignored');
  });

  it('derives the status from total and received', () => {
    expect(paymentRequestStatus(3_500, 0, false)).toBe('open');
    expect(paymentRequestStatus(3_500, 1_000, false)).toBe('partially_paid');
    expect(paymentRequestStatus(3_500, 3_500, false)).toBe('paid');
    expect(paymentRequestStatus(3_500, 3_500, true)).toBe('cancelled');
  });
});
