import { createHash } from 'node:crypto';
import { formatStructuredMessage, type BankMovementView, PAYMENTS_ERRORS, type StatementImportSummary, PLATFORM_ERRORS } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { recordAudit, recordAuditEntries } from '../../platform/audit.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { BankStatementCurrencyError, BankStatementFormatError, type BankStatement } from './bank-statement.js';
import { parseCamt053 } from './camt053.js';
import { decodeStatementBytes, parseCoda } from './coda.js';
import { FLAGGED_OUTCOMES, matchBankStatement, matchMovement, type MatchableRequest } from './matching.js';
import { afterPayment, applyPayment, auditView, lockedRequest, requestAudit, type PaymentsManagerContext } from './payment-request-row.js';
import type { paymentRecords } from './payments.tables.js';
import {
  findMovement,
  findRequestsByMessages,
  findStatementByHash,
  insertNewMovements,
  insertPaymentRecord,
  insertPaymentRecords,
  insertStatement,
  listStatementMovements,
  listUnmatchedMovements,
  setMovementOutcome,
  setMovementOutcomes,
  updateRequestPayments,
  updateStatementCounts,
  type BankMovementRow,
  type PaymentRequestRow,
} from './payments.repository.js';

function readStatement(fileName: string, bytes: Uint8Array): BankStatement[] {
  const text = decodeStatementBytes(bytes);
  try {
    return text.trimStart().startsWith('<') ? parseCamt053(text) : parseCoda(text);
  } catch (error) {
    if (error instanceof BankStatementCurrencyError) {
      throw badRequest(PAYMENTS_ERRORS.statementCurrency, `${fileName} is a statement in ${error.currency}; only statements in euros can be matched`, {
        currency: error.currency,
      });
    }
    if (error instanceof BankStatementFormatError) {
      throw badRequest(PAYMENTS_ERRORS.statementUnreadable, `${fileName} is not a readable CODA or camt.053 statement: ${error.message}`, {
        reason: error.message,
      });
    }
    throw error;
  }
}

function toMovementView(movement: BankMovementRow, requestNumber: number | null): BankMovementView {
  return {
    id: movement.id,
    amountCents: movement.amountCents,
    bookingDate: movement.bookingDate,
    valueDate: movement.valueDate,
    counterpartyName: movement.counterpartyName,
    counterpartyAccount: movement.counterpartyAccount,
    structuredMessage: movement.structuredReference ? formatStructuredMessage(movement.structuredReference) : null,
    communication: movement.communication,
    outcome: movement.outcome as BankMovementView['outcome'],
    requestId: movement.requestId,
    requestNumber,
  };
}

async function statementSummary(
  db: DbOrTx,
  statementId: number,
  base: Omit<StatementImportSummary, 'counts' | 'matchedCents' | 'unmatched' | 'flagged' | 'movements'>,
): Promise<StatementImportSummary> {
  const rows = await listStatementMovements(db, statementId);
  const views = rows.map((r) => toMovementView(r.movement, r.requestNumber));
  const counts: Partial<Record<BankMovementView['outcome'], number>> = {};
  for (const view of views) counts[view.outcome] = (counts[view.outcome] ?? 0) + 1;
  return {
    ...base,
    movements: views.length,
    counts: counts,
    matchedCents: views.filter((v) => v.requestId !== null && v.amountCents > 0).reduce((s, v) => s + v.amountCents, 0),
    unmatched: views.filter((v) => v.outcome === 'unmatched'),
    flagged: views.filter((v) => (FLAGGED_OUTCOMES as readonly string[]).includes(v.outcome)),
  };
}

/**
 * Imports a CODA or camt.053 file: each new credit is matched by its structured message and amount. Importing the
 * same file again answers the first import's summary and changes nothing; an overlapping statement skips the
 * movements already booked (by their stable identity).
 */
export async function importBankStatement(ctx: PaymentsManagerContext, fileName: string, bytes: Uint8Array): Promise<StatementImportSummary> {
  const statements = readStatement(fileName, bytes);
  const edition = await getCurrentEdition(ctx.db);
  const ownAccount = edition.settings.bank.iban.replace(/\s+/g, '').toUpperCase();
  for (const statement of statements) {
    if (statement.account.toUpperCase() !== ownAccount && !ownAccount.endsWith(statement.account)) {
      throw badRequest(PAYMENTS_ERRORS.wrongAccount, `The statement is for account ${statement.account}, not the organiser's`, { account: statement.account });
    }
  }
  const fileHash = createHash('sha256').update(bytes).digest('hex');
  const format = statements[0]!.format;
  return ctx.db.transaction(async (tx) => {
    const previous = await findStatementByHash(tx, fileHash);
    if (previous) {
      return statementSummary(tx, previous.id, {
        statementId: previous.id,
        format: previous.format,
        fileName: previous.fileName,
        alreadyImported: true,
        skipped: previous.skippedCount,
      });
    }
    const movements = statements.flatMap((s) => s.movements);
    const statementRow = await insertStatement(tx, {
      format,
      fileName,
      fileHash,
      account: statements[0]!.account,
      importedBy: ctx.actor.email,
      movementCount: movements.length,
    });
    if (!statementRow) throw conflict(PLATFORM_ERRORS.conflict, 'The same statement is being imported right now');
    const inserted = await insertNewMovements(
      tx,
      movements.map((m) => ({
        statementId: statementRow.id,
        identity: m.identity,
        amountCents: m.amountCents,
        bookingDate: m.bookingDate,
        valueDate: m.valueDate,
        counterpartyName: m.counterpartyName,
        counterpartyAccount: m.counterpartyAccount,
        structuredReference: m.structuredReference,
        communication: m.communication,
        outcome: 'unmatched',
      })),
    );
    const skipped = movements.length - inserted.length;
    if (skipped > 0) await updateStatementCounts(tx, statementRow.id, inserted.length, skipped);
    const messages = [...new Set(inserted.map((m) => m.structuredReference).filter((m): m is string => m !== null))];
    const requests = await findRequestsByMessages(tx, messages);
    const byMessage = new Map<string, MatchableRequest>(requests.map((r) => [r.structuredMessage, r]));
    const matches = matchBankStatement(inserted, byMessage);
    // Written in a few set-based statements, not row by row: a statement of a thousand movements stays quick.
    const outcomes: { id: number; outcome: string; requestId: number | null }[] = [];
    const records: (typeof paymentRecords.$inferInsert)[] = [];
    const finalState = new Map<number, PaymentRequestRow>(requests.map((r) => [r.id, r]));
    for (const [index, match] of matches.entries()) {
      const movement = inserted[index]!;
      if (match.outcome !== 'unmatched') outcomes.push({ id: movement.id, outcome: match.outcome, requestId: match.requestId });
      if (match.requestId === null) continue;
      const paidOn = movement.valueDate ?? movement.bookingDate;
      records.push({
        requestId: match.requestId,
        movementId: movement.id,
        amountCents: movement.amountCents,
        paidOn,
        method: 'bank',
        outcome: match.outcome,
        counterpartyName: movement.counterpartyName,
        createdBy: ctx.actor.email,
      });
      finalState.set(match.requestId, afterPayment(finalState.get(match.requestId)!, movement.amountCents, paidOn));
    }
    await setMovementOutcomes(tx, outcomes);
    await insertPaymentRecords(tx, records);
    const changed = requests.filter((before) => finalState.get(before.id)!.receivedCents !== before.receivedCents);
    await updateRequestPayments(
      tx,
      changed.map((before) => finalState.get(before.id)!),
    );
    const summary = await statementSummary(tx, statementRow.id, { statementId: statementRow.id, format, fileName, alreadyImported: false, skipped });
    await recordAudit(tx, {
      actor: ctx.actor,
      action: 'payments.import_statement',
      subjectType: 'bank_statement',
      subjectId: statementRow.id,
      after: { fileName, format, movements: summary.movements, skipped, counts: summary.counts, matchedCents: summary.matchedCents },
    });
    await recordAuditEntries(
      tx,
      changed.map((before) =>
        requestAudit(ctx.actor, 'payments.bank_payment', before.id, {
          before: auditView(before),
          after: { ...auditView(finalState.get(before.id)!), statementId: statementRow.id },
        }),
      ),
    );
    return summary;
  });
}

export async function listUnmatched(db: DbOrTx): Promise<BankMovementView[]> {
  const rows = await listUnmatchedMovements(db);
  return rows.map((r) => toMovementView(r.movement, r.requestNumber));
}

/** A manager links an unmatched credit (no or a mistyped message) to the request it pays. */
export async function linkMovement(ctx: PaymentsManagerContext, movementId: number, requestId: number): Promise<BankMovementView> {
  return ctx.db.transaction(async (tx) => {
    const movement = await findMovement(tx, movementId);
    if (!movement) throw notFound(PAYMENTS_ERRORS.notFound, `No bank movement ${movementId}`);
    if (movement.outcome !== 'unmatched' || movement.amountCents <= 0) {
      throw conflict(PAYMENTS_ERRORS.movementNotLinkable, `Bank movement ${movementId} is not an unmatched credit`, { outcome: movement.outcome });
    }
    const row = await lockedRequest(tx, requestId);
    const match = matchMovement({ amountCents: movement.amountCents, structuredReference: row.structuredMessage }, row);
    const paidOn = movement.valueDate ?? movement.bookingDate;
    await insertPaymentRecord(tx, {
      requestId,
      movementId,
      amountCents: movement.amountCents,
      paidOn,
      method: 'bank',
      outcome: match.outcome,
      remark: 'linked by hand',
      counterpartyName: movement.counterpartyName,
      createdBy: ctx.actor.email,
    });
    await setMovementOutcome(tx, movementId, 'linked', requestId);
    const updated = await applyPayment(tx, row, movement.amountCents, paidOn);
    await recordAudit(
      tx,
      requestAudit(ctx.actor, 'payments.link_movement', requestId, { before: auditView(row), after: { ...auditView(updated), movementId } }),
    );
    return toMovementView({ ...movement, outcome: 'linked', requestId }, row.number);
  });
}
