import { findStructuredMessage, isValidStructuredMessageDigits } from '@bjk/domain/structured-message';
import { BankStatementCurrencyError, BankStatementFormatError, decimalToCents, type BankMovement, type BankStatement } from './bank-statement.js';

/**
 * Reader of Febelfin CODA 2.x statements (the Belgian banks' 128-character record format). Positions below are the
 * specification's, 1-based and inclusive. A file holds one or more statements: 0 header, 1 old balance, 2.1/2.2/2.3
 * movement (with 3.x information records), 4 free text, 8 new balance, 9 trailer.
 */

const RECORD_LENGTH = 128;

/** Characters `from`…`to` (1-based, inclusive) of a record. */
function field(record: string, from: number, to: number): string {
  return record.slice(from - 1, to);
}

/** `DDMMYY` → `YYYY-MM-DD`; `000000` (no date) → null. */
function codaDate(text: string, line: number): string | null {
  if (text === '000000') return null;
  if (!/^\d{6}$/.test(text)) throw new BankStatementFormatError(`Invalid date "${text}"`, line);
  const day = text.slice(0, 2);
  const month = text.slice(2, 4);
  const iso = `20${text.slice(4, 6)}-${month}-${day}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso) {
    throw new BankStatementFormatError(`Invalid date "${text}"`, line);
  }
  return iso;
}

/** Sign (0 credit, 1 debit) and 15 digits with three implied decimals → signed cents. */
function codaAmount(sign: string, digits: string, line: number): number {
  if (!/^[01]$/.test(sign) || !/^\d{15}$/.test(digits)) throw new BankStatementFormatError('Invalid amount', line);
  const cents = decimalToCents(`${digits.slice(0, 12)}.${digits.slice(12)}`);
  return sign === '1' ? -cents : cents;
}

/** The account of a record 1 or 8 (`structure`: 0/1 Belgian/foreign number, 2/3 Belgian/foreign IBAN). */
function codaAccount(structure: string, text: string): string {
  const width = structure === '0' ? 12 : structure === '2' ? 16 : 34;
  return text.slice(0, width).replace(/\s+/g, '');
}

const cleanText = (text: string) => text.replace(/\s+/g, ' ').trim();

type MovementDraft = {
  line: number;
  sequence: string;
  detail: string;
  /** Transaction type (first digit of the transaction code): 1/2 a globalised total, 3 one amount with a breakdown. */
  transactionType: string;
  amountCents: number;
  bookingDate: string;
  valueDate: string | null;
  structured: string | null;
  freeText: string;
  counterpartyName: string;
  counterpartyAccount: string;
};

type StatementDraft = {
  account: string;
  currency: string;
  statementNumber: string;
  oldBalanceDate: string;
  oldBalanceCents: number;
  newBalanceCents: number | null;
  movements: MovementDraft[];
};

/** The currency code of a record 1: after the account, where the account's structure puts it. */
function codaCurrency(structure: string, record: string): string {
  return (structure === '0' ? field(record, 19, 21) : field(record, 40, 42)).trim();
}

/**
 * The movements to match of one sequence number. A total with details is either a globalisation (transaction type
 * 1 or 2: several transfers booked as one amount, each detail a transfer with its own communication) — the details
 * are the movements — or one amount with a breakdown (type 3, details of type 8: capital and interest, charges) —
 * the total is the movement and the details only add text. Either way no money is counted twice.
 */
function movementsOfSequence(group: MovementDraft[]): MovementDraft[] {
  const totals = group.filter((m) => m.detail === '0000');
  const details = group.filter((m) => m.detail !== '0000');
  if (details.length === 0) return totals;
  if (totals.length === 0 || totals.some((t) => t.transactionType !== '3')) return details;
  const breakdown = details.map((d) => d.freeText).join(' ');
  return totals.map((t) => ({ ...t, freeText: `${t.freeText} ${breakdown}` }));
}

/**
 * Parses the text of a CODA file into its statements. Checks record lengths, record order, dates and amounts, so a
 * damaged file is refused rather than half read. The balances are not checked against the movements: banks' own
 * files do not always agree with themselves (real samples carry new balances their movements do not reach), and a
 * statement the bank issued is still what happened on the account.
 */
export function parseCoda(text: string): BankStatement[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const statements: StatementDraft[] = [];
  let current: StatementDraft | null = null;
  let movement: MovementDraft | null = null;
  let sawHeader = false;
  let sawTrailer = false;

  lines.forEach((raw, index) => {
    const lineNumber = index + 1;
    if (raw.trim() === '') return;
    if (raw.length > RECORD_LENGTH) throw new BankStatementFormatError('A CODA record has 128 characters', lineNumber);
    // Some banks strip trailing blanks; the fields are positional, so restore them.
    const record = raw.padEnd(RECORD_LENGTH, ' ');
    const type = record[0];
    switch (type) {
      case '0': {
        if (field(record, 128, 128) !== '2') {
          throw new BankStatementFormatError('Only CODA version 2 is supported', lineNumber);
        }
        sawHeader = true;
        return;
      }
      case '1': {
        if (!sawHeader) throw new BankStatementFormatError('A statement starts with a header record 0', lineNumber);
        const structure = field(record, 2, 2);
        const oldBalanceDate = codaDate(field(record, 59, 64), lineNumber);
        if (!oldBalanceDate) throw new BankStatementFormatError('The old balance has no date', lineNumber);
        current = {
          account: codaAccount(structure, field(record, 6, 42)),
          currency: codaCurrency(structure, record),
          statementNumber: field(record, 126, 128).trim() || field(record, 3, 5).trim(),
          oldBalanceDate,
          oldBalanceCents: codaAmount(field(record, 43, 43), field(record, 44, 58), lineNumber),
          newBalanceCents: null,
          movements: [],
        };
        statements.push(current);
        movement = null;
        return;
      }
      case '2': {
        if (!current) throw new BankStatementFormatError('A movement comes before its statement record 1', lineNumber);
        const part = field(record, 2, 2);
        if (part === '1') {
          const communicationType = field(record, 62, 62);
          const communication = field(record, 63, 115);
          let structured: string | null = null;
          let freeText = '';
          // Type 101 (and 102, "reconstituted") carry the 12 digits of a Belgian structured message.
          if (communicationType === '1' && /^10[12]$/.test(communication.slice(0, 3))) {
            const digits = communication.slice(3, 15);
            if (isValidStructuredMessageDigits(digits)) structured = digits;
            else freeText = digits;
          } else if (communicationType === '1') {
            freeText = communication.slice(3);
          } else {
            freeText = communication;
          }
          const bookingDate = codaDate(field(record, 116, 121), lineNumber) ?? current.oldBalanceDate;
          movement = {
            line: lineNumber,
            sequence: field(record, 3, 6),
            detail: field(record, 7, 10),
            transactionType: field(record, 54, 54),
            amountCents: codaAmount(field(record, 32, 32), field(record, 33, 47), lineNumber),
            bookingDate,
            valueDate: codaDate(field(record, 48, 53), lineNumber),
            structured,
            freeText,
            counterpartyName: '',
            counterpartyAccount: '',
          };
          current.movements.push(movement);
          return;
        }
        if (!movement) throw new BankStatementFormatError(`Record 2.${part} comes before its record 2.1`, lineNumber);
        if (part === '2') {
          if (!movement.structured) movement.freeText += field(record, 11, 63);
          return;
        }
        if (part === '3') {
          movement.counterpartyAccount = field(record, 11, 47).trim().split(/\s+/)[0] ?? '';
          movement.counterpartyName = cleanText(field(record, 48, 82));
          if (!movement.structured) movement.freeText += field(record, 83, 125);
          return;
        }
        throw new BankStatementFormatError(`Unknown movement record 2.${part}`, lineNumber);
      }
      case '3':
      case '4':
        // Information (3.x) and free communication (4) records add nothing to matching.
        return;
      case '8': {
        if (!current) throw new BankStatementFormatError('A new balance comes before its statement', lineNumber);
        current.newBalanceCents = codaAmount(field(record, 42, 42), field(record, 43, 57), lineNumber);
        movement = null;
        return;
      }
      case '9': {
        sawTrailer = true;
        movement = null;
        return;
      }
      default:
        throw new BankStatementFormatError(`Unknown record type "${type}"`, lineNumber);
    }
  });

  if (!sawHeader || statements.length === 0) throw new BankStatementFormatError('Not a CODA file: no header and statement records');
  if (!sawTrailer) throw new BankStatementFormatError('The CODA file is incomplete: no trailer record 9');

  return statements.map((statement) => {
    if (statement.newBalanceCents === null) {
      throw new BankStatementFormatError(`Statement ${statement.statementNumber} has no new balance record 8`);
    }
    if (statement.currency && statement.currency !== 'EUR') throw new BankStatementCurrencyError(statement.currency);
    const bySequence = new Map<string, MovementDraft[]>();
    for (const m of statement.movements) bySequence.set(m.sequence, [...(bySequence.get(m.sequence) ?? []), m]);
    const kept = [...bySequence.values()].flatMap(movementsOfSequence);
    const statementId = `${statement.oldBalanceDate}/${statement.statementNumber}`;
    const movements: BankMovement[] = kept.map((m) => {
      const freeText = cleanText(m.freeText);
      const structuredReference = m.structured ?? findStructuredMessage(freeText);
      return {
        identity: `coda:${statement.account}:${statementId}:${m.sequence}:${m.detail}`,
        amountCents: m.amountCents,
        bookingDate: m.bookingDate,
        valueDate: m.valueDate,
        counterpartyName: m.counterpartyName || null,
        counterpartyAccount: m.counterpartyAccount || null,
        structuredReference,
        communication: freeText || null,
      };
    });
    return { format: 'coda', account: statement.account, statementId, movements };
  });
}

/**
 * CODA files come as ISO-8859-1 from most banks and as UTF-8 from some: read UTF-8 when the bytes are valid UTF-8,
 * otherwise Latin-1, so accented names survive either way.
 */
export function decodeStatementBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}
