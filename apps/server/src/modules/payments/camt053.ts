import { XMLParser } from 'fast-xml-parser';
import { findStructuredMessage, parseStructuredMessage } from '@bjk/domain/structured-message';
import { BankStatementCurrencyError, BankStatementFormatError, decimalToCents, type BankMovement, type BankStatement } from './bank-statement.js';

/**
 * Reader of ISO 20022 bank-to-customer statements, camt.053.001.02 and later versions (the element names used
 * here did not change; where a later version moved one, both places are read). Namespaces are ignored so every
 * version parses; each transaction detail (`Ntry/NtryDtls/TxDtls`) is a movement of its own, an entry without
 * details is one movement.
 */

type Node = Record<string, unknown>;

const REPEATED = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Strd', 'Ustrd', 'Bal']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Entity expansion in bank files is never needed and is a denial-of-service vector.
  processEntities: false,
  isArray: (name) => REPEATED.has(name),
});

function child(node: unknown, ...names: string[]): unknown {
  let current: unknown = node;
  for (const name of names) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Node)[name];
  }
  return current;
}

function list(node: unknown, name: string): unknown[] {
  const value = child(node, name);
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

/** The text of an element, whether it came back as a string or as an object with attributes. */
function text(node: unknown): string | null {
  if (node === undefined || node === null) return null;
  if (typeof node === 'string') return node.trim() || null;
  if (typeof node === 'number') return String(node);
  if (typeof node === 'object' && '#text' in node) return text((node as Node)['#text']);
  return null;
}

/** `Dt` or `DtTm` of a date choice, as `YYYY-MM-DD`. */
function dateOf(node: unknown): string | null {
  const value = text(child(node, 'Dt')) ?? text(child(node, 'DtTm'));
  if (!value) return null;
  const date = value.slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}

/** An `Amt` element (`<Amt Ccy="EUR">12.50</Amt>`) in cents; other currencies are refused. */
function amountOf(node: unknown): number | null {
  const value = text(node);
  if (value === null) return null;
  const currency = typeof node === 'object' && node !== null ? (node as Node)['@Ccy'] : undefined;
  if (currency !== undefined && currency !== 'EUR') {
    throw new BankStatementCurrencyError(String(currency));
  }
  return decimalToCents(value);
}

/** Name of a party: `Nm` directly (version 02) or under `Pty` (version 08 and later). */
function partyName(node: unknown): string | null {
  return text(child(node, 'Nm')) ?? text(child(node, 'Pty', 'Nm'));
}

function accountOf(node: unknown): string | null {
  return text(child(node, 'Id', 'IBAN')) ?? text(child(node, 'Id', 'Othr', 'Id'));
}

type Remittance = { structured: string | null; free: string | null };

/**
 * The reference a payer sent: a creditor reference of issuer BBA (the Belgian structured message) first, then any
 * structured reference that validates, then one typed into the unstructured text (with `*`, `+` or spaces).
 */
function remittanceOf(node: unknown): Remittance {
  const strd = list(child(node, 'RmtInf'), 'Strd');
  const references = strd.map((s) => ({
    issuer: text(child(s, 'CdtrRefInf', 'Tp', 'Issr')),
    ref: text(child(s, 'CdtrRefInf', 'Ref')),
  }));
  const ordered = [...references.filter((r) => r.issuer?.toUpperCase() === 'BBA'), ...references.filter((r) => r.issuer?.toUpperCase() !== 'BBA')];
  const unstructured = list(child(node, 'RmtInf'), 'Ustrd')
    .map(text)
    .filter((t): t is string => !!t)
    .join(' ');
  const invalid: string[] = [];
  for (const reference of ordered) {
    const digits = parseStructuredMessage(reference.ref);
    if (digits) return { structured: digits, free: unstructured || null };
    if (reference.ref) invalid.push(reference.ref);
  }
  const free = [...invalid, unstructured].filter(Boolean).join(' ') || null;
  return { structured: findStructuredMessage(unstructured), free };
}

export function parseCamt053(xml: string): BankStatement[] {
  let document: unknown;
  try {
    document = parser.parse(xml);
  } catch (error) {
    throw new BankStatementFormatError(`Not a readable XML document: ${(error as Error).message}`);
  }
  const root = child(document, 'Document', 'BkToCstmrStmt');
  if (!root) throw new BankStatementFormatError('Not a camt.053 statement: no Document/BkToCstmrStmt');
  const messageId = text(child(root, 'GrpHdr', 'MsgId')) ?? '';
  const statements = list(root, 'Stmt');
  if (statements.length === 0) throw new BankStatementFormatError('The camt.053 document holds no statement');

  return statements.map((stmt, statementIndex) => {
    const account = accountOf(child(stmt, 'Acct'));
    if (!account) throw new BankStatementFormatError('A statement has no account');
    const statementId = text(child(stmt, 'Id')) ?? `${messageId}/${statementIndex + 1}`;
    const movements: BankMovement[] = [];
    list(stmt, 'Ntry').forEach((entry, entryIndex) => {
      const status = text(child(entry, 'Sts')) ?? text(child(entry, 'Sts', 'Cd'));
      // Only booked entries moved money; pending and informational ones come again once booked.
      if (status && status !== 'BOOK') return;
      const entryAmount = amountOf(child(entry, 'Amt'));
      if (entryAmount === null) throw new BankStatementFormatError(`Entry ${entryIndex + 1} has no amount`);
      const entryCredit = text(child(entry, 'CdtDbtInd'));
      if (entryCredit !== 'CRDT' && entryCredit !== 'DBIT') {
        throw new BankStatementFormatError(`Entry ${entryIndex + 1} has no credit/debit indicator`);
      }
      // A reversal turns the indicator around (a returned credit takes money out).
      const reversed = text(child(entry, 'RvslInd')) === 'true';
      const bookingDate = dateOf(child(entry, 'BookgDt'));
      if (!bookingDate) throw new BankStatementFormatError(`Entry ${entryIndex + 1} has no booking date`);
      const valueDate = dateOf(child(entry, 'ValDt'));
      const entryRef = text(child(entry, 'AcctSvcrRef')) ?? text(child(entry, 'NtryRef'));
      const details = list(entry, 'NtryDtls').flatMap((d) => list(d, 'TxDtls'));
      const parts = details.length > 0 ? details : [entry];
      parts.forEach((part, partIndex) => {
        const single = parts.length === 1;
        const amount = single ? entryAmount : (amountOf(child(part, 'Amt')) ?? amountOf(child(part, 'AmtDtls', 'TxAmt', 'Amt')));
        if (amount === null) throw new BankStatementFormatError(`Entry ${entryIndex + 1} detail ${partIndex + 1} has no amount`);
        const indicator = text(child(part, 'CdtDbtInd')) ?? entryCredit;
        const credit = (indicator === 'CRDT') !== reversed;
        const outgoing = !credit;
        // The counterparty is the debtor of a credit and the creditor of a debit.
        const parties = child(part, 'RltdPties');
        const counterpartyName = outgoing ? partyName(child(parties, 'Cdtr')) : partyName(child(parties, 'Dbtr'));
        const counterpartyAccount = outgoing ? accountOf(child(parties, 'CdtrAcct')) : accountOf(child(parties, 'DbtrAcct'));
        const remittance = remittanceOf(part === entry ? (details[0] ?? entry) : part);
        const detailRef = text(child(part, 'Refs', 'AcctSvcrRef')) ?? text(child(part, 'Refs', 'TxId'));
        const position = `${entryIndex + 1}.${partIndex + 1}`;
        const identity = entryRef ? `camt:${account}:${entryRef}:${single ? '' : (detailRef ?? partIndex + 1)}` : `camt:${account}:${statementId}:${position}`;
        movements.push({
          identity,
          amountCents: credit ? Math.abs(amount) : -Math.abs(amount),
          bookingDate,
          valueDate,
          counterpartyName,
          counterpartyAccount,
          structuredReference: remittance.structured,
          communication: remittance.free,
        });
      });
    });
    return { format: 'camt053', account: account.replace(/\s+/g, ''), statementId, movements };
  });
}
