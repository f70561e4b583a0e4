/** What the CODA and CAMT.053 readers produce: one statement's movements in the same shape. */

export type BankMovement = {
  /**
   * Stable identity of the movement, the same each time the same statement is read: the bank's own reference when
   * it gives one, otherwise the statement's identity and the movement's position. Importing twice is harmless by it.
   */
  identity: string;
  /** Signed integer cents: credits positive, debits negative. */
  amountCents: number;
  bookingDate: string;
  valueDate: string | null;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  /** The 12 digits of a valid Belgian structured message, when the movement carries one. */
  structuredReference: string | null;
  /** Whatever else the movement says (free text, or a reference that did not validate). */
  communication: string | null;
};

export type BankStatement = {
  format: 'coda' | 'camt053';
  /** The account the statement is about (IBAN without spaces, or the Belgian account number). */
  account: string;
  /** The bank's statement number or identifier. */
  statementId: string;
  movements: BankMovement[];
};

export class BankStatementFormatError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `${message} (line ${line})`);
    this.name = 'BankStatementFormatError';
  }
}

/** A decimal amount text with `decimals` implied or explicit decimals, to integer cents (rounding half away). */
export function decimalToCents(text: string): number {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new BankStatementFormatError(`Invalid amount "${text}"`);
  const [, minus, whole = '0', fraction = ''] = match;
  const thousandths = Number(whole) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3));
  const cents = Math.round(thousandths / 10);
  return minus ? -cents : cents;
}

/** A statement in another currency than the euro: the payment requests are in euros, so it is refused whole. */
export class BankStatementCurrencyError extends BankStatementFormatError {
  constructor(readonly currency: string) {
    super(`Only EUR statements are supported, found ${currency}`);
    this.name = 'BankStatementCurrencyError';
  }
}
