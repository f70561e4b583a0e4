import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, sum, type SQL } from 'drizzle-orm';
import { pageOffset, type PaymentRequestListQuery } from '@bjk/domain';
import { containsPattern, containsText, jsonContainsText } from '../../platform/like.js';
import type { DbOrTx } from '../../platform/db.js';
import { findJobRow, markSilentJobs, updateJobIn } from '../../platform/jobs-repository.js';
import {
  bankMovements,
  bankStatements,
  invoices,
  paymentCounters,
  paymentJobs,
  paymentRecords,
  paymentRequestNumberSequence,
  paymentRequests,
} from './payments.tables.js';

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;
export type NewPaymentRequestRow = typeof paymentRequests.$inferInsert;
export type PaymentRecordRow = typeof paymentRecords.$inferSelect;
export type BankMovementRow = typeof bankMovements.$inferSelect;
export type BankStatementRow = typeof bankStatements.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentJobRow = typeof paymentJobs.$inferSelect;

export async function nextRequestNumber(db: DbOrTx): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- Db's execute<T> answers unknown until one driver remains (#22)
  const result = (await db.execute(sql`select nextval(${`${paymentRequestNumberSequence.seqName}`}::regclass) as value`)) as unknown as {
    rows: { value: string }[];
  };
  return Number(result.rows[0]!.value);
}

/** `count` numbers from the request sequence in one round trip (a bulk create). */
export async function nextRequestNumbers(db: DbOrTx, count: number): Promise<number[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- Db's execute<T> answers unknown until one driver remains (#22)
  const result = (await db.execute(
    sql`select nextval(${`${paymentRequestNumberSequence.seqName}`}::regclass) as value from generate_series(1, ${count})`,
  )) as unknown as { rows: { value: string }[] };
  return result.rows.map((r) => Number(r.value)).sort((a, b) => a - b);
}

/** The next value of a gap-free counter; the row stays locked until the caller's transaction ends. */
export async function nextCounterValue(db: DbOrTx, name: string): Promise<number> {
  const rows = await db
    .insert(paymentCounters)
    .values({ name, value: 1 })
    .onConflictDoUpdate({ target: paymentCounters.name, set: { value: sql`${paymentCounters.value} + 1` } })
    .returning({ value: paymentCounters.value });
  return rows[0]!.value;
}

/** Inserts unless the source already has an open request (the partial unique index decides); undefined then. */
export async function insertRequestUnlessOpen(db: DbOrTx, row: NewPaymentRequestRow): Promise<PaymentRequestRow | undefined> {
  const rows = await db
    .insert(paymentRequests)
    .values(row)
    .onConflictDoNothing({ target: [paymentRequests.kind, paymentRequests.sourceId], where: sql`status <> 'cancelled'` })
    .returning();
  return rows[0];
}

/** Inserts many; rows whose source has an open request already are left out of the answer. */
export async function insertRequestsUnlessOpen(db: DbOrTx, rows: NewPaymentRequestRow[]): Promise<PaymentRequestRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(paymentRequests)
    .values(rows)
    .onConflictDoNothing({ target: [paymentRequests.kind, paymentRequests.sourceId], where: sql`status <> 'cancelled'` })
    .returning();
}

/** Locks the requests of a bulk send's batch. */
export async function lockRequests(db: DbOrTx, ids: number[]): Promise<PaymentRequestRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(paymentRequests).where(inArray(paymentRequests.id, ids)).orderBy(asc(paymentRequests.id)).for('update');
}

export async function markRequestsSent(db: DbOrTx, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(paymentRequests).set({ sentAt: at, updatedAt: new Date() }).where(inArray(paymentRequests.id, ids));
}

export async function findOpenRequestOfSource(db: DbOrTx, kind: string, sourceId: string): Promise<PaymentRequestRow | undefined> {
  const rows = await db
    .select()
    .from(paymentRequests)
    .where(and(eq(paymentRequests.kind, kind as PaymentRequestRow['kind']), eq(paymentRequests.sourceId, sourceId), ne(paymentRequests.status, 'cancelled')))
    .limit(1);
  return rows[0];
}

export async function findRequest(db: DbOrTx, id: number, forUpdate = false): Promise<PaymentRequestRow | undefined> {
  const query = db.select().from(paymentRequests).where(eq(paymentRequests.id, id));
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0];
}

export async function findRequestByToken(db: DbOrTx, token: string): Promise<PaymentRequestRow | undefined> {
  const rows = await db.select().from(paymentRequests).where(eq(paymentRequests.publicToken, token));
  return rows[0];
}

export async function findRequestsByMessages(db: DbOrTx, messages: string[]): Promise<PaymentRequestRow[]> {
  if (messages.length === 0) return [];
  return db.select().from(paymentRequests).where(inArray(paymentRequests.structuredMessage, messages)).for('update');
}

export async function updateRequest(db: DbOrTx, id: number, values: Partial<NewPaymentRequestRow>): Promise<PaymentRequestRow> {
  const rows = await db
    .update(paymentRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(paymentRequests.id, id))
    .returning();
  return rows[0]!;
}

export async function listOpenSourceIds(db: DbOrTx, kind: string): Promise<Set<string>> {
  const rows = await db
    .select({ sourceId: paymentRequests.sourceId })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.kind, kind as PaymentRequestRow['kind']), ne(paymentRequests.status, 'cancelled')));
  return new Set(rows.map((r) => r.sourceId));
}

/** The status of every source's current request of a kind (cancelled ones left out), by source id. */
export async function listSourceStatuses(db: DbOrTx, kind: string): Promise<Map<string, PaymentRequestRow['status']>> {
  const rows = await db
    .select({ sourceId: paymentRequests.sourceId, status: paymentRequests.status })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.kind, kind as PaymentRequestRow['kind']), ne(paymentRequests.status, 'cancelled')));
  return new Map(rows.map((r) => [r.sourceId, r.status]));
}

export async function listUnsentRequestIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(and(isNull(paymentRequests.sentAt), inArray(paymentRequests.status, ['open', 'partially_paid'])))
    .orderBy(asc(paymentRequests.number));
  return rows.map((r) => r.id);
}

function listFilter(query: Omit<PaymentRequestListQuery, 'page' | 'pageSize'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(paymentRequests.status, query.status));
  if (query.kind) conditions.push(eq(paymentRequests.kind, query.kind));
  if (query.sent === 'yes') conditions.push(isNotNull(paymentRequests.sentAt));
  if (query.sent === 'no') conditions.push(isNull(paymentRequests.sentAt));
  if (query.flagged === 'yes') conditions.push(eq(paymentRequests.flagged, true));
  if (query.source) {
    const [kind, sourceId] = query.source.split(':') as [PaymentRequestRow['kind'], string];
    conditions.push(eq(paymentRequests.kind, kind), eq(paymentRequests.sourceId, sourceId));
  }
  if (query.search) {
    const digits = query.search.replace(/\D/g, '');
    conditions.push(
      or(
        containsText(paymentRequests.payerName, query.search),
        jsonContainsText(paymentRequests.payerEmails, query.search),
        // A line's description names whom it is for: a child's enrolment is found by the child's name, its payer being the parent.
        sql`exists (select 1 from jsonb_array_elements(${paymentRequests.lines}) as line where line->>'description' ilike ${containsPattern(query.search)})`,
        digits.length >= 3 ? containsText(paymentRequests.structuredMessage, digits) : undefined,
        /^\d{1,9}$/.test(query.search) ? eq(paymentRequests.number, Number(query.search)) : undefined,
      ),
    );
  }
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

export async function listRequests(db: DbOrTx, query: PaymentRequestListQuery) {
  const where = listFilter(query);
  const items = await db.select().from(paymentRequests).where(where).orderBy(desc(paymentRequests.number)).limit(query.pageSize).offset(pageOffset(query));
  // Totals over the whole filtered set, cancelled requests owe nothing.
  const [totals] = await db
    .select({
      total: count(),
      due: sum(sql`case when ${paymentRequests.status} = 'cancelled' then 0 else ${paymentRequests.totalCents} end`),
      received: sum(paymentRequests.receivedCents),
      outstanding: sum(
        sql`case when ${paymentRequests.status} = 'cancelled' then 0 else greatest(${paymentRequests.totalCents} - ${paymentRequests.receivedCents}, 0) end`,
      ),
    })
    .from(paymentRequests)
    .where(where);
  return {
    items,
    total: Number(totals?.total ?? 0),
    dueCents: Number(totals?.due ?? 0),
    receivedCents: Number(totals?.received ?? 0),
    outstandingCents: Number(totals?.outstanding ?? 0),
  };
}

export async function requestFigures(db: DbOrTx, today: string) {
  const [row] = await db
    .select({
      due: sum(paymentRequests.totalCents),
      received: sum(paymentRequests.receivedCents),
      outstanding: sum(sql`greatest(${paymentRequests.totalCents} - ${paymentRequests.receivedCents}, 0)`),
      overdue: sum(
        sql`case when ${paymentRequests.dueDate} < ${today} then greatest(${paymentRequests.totalCents} - ${paymentRequests.receivedCents}, 0) else 0 end`,
      ),
      overdueCount: sum(
        sql`case when ${paymentRequests.dueDate} < ${today} and ${paymentRequests.receivedCents} < ${paymentRequests.totalCents} then 1 else 0 end`,
      ),
    })
    .from(paymentRequests)
    .where(ne(paymentRequests.status, 'cancelled'));
  return {
    dueCents: Number(row?.due ?? 0),
    receivedCents: Number(row?.received ?? 0),
    outstandingCents: Number(row?.outstanding ?? 0),
    overdueCents: Number(row?.overdue ?? 0),
    overdueCount: Number(row?.overdueCount ?? 0),
  };
}

/** A manual payment of this request with the same amount, date, remark and manager, recorded since `since`. */
export async function findRecentManualPayment(
  db: DbOrTx,
  requestId: number,
  payment: { amountCents: number; paidOn: string; remark: string; createdBy: string },
  since: Date,
): Promise<PaymentRecordRow | undefined> {
  const rows = await db
    .select()
    .from(paymentRecords)
    .where(
      and(
        eq(paymentRecords.requestId, requestId),
        eq(paymentRecords.method, 'manual'),
        eq(paymentRecords.amountCents, payment.amountCents),
        eq(paymentRecords.paidOn, payment.paidOn),
        eq(paymentRecords.remark, payment.remark),
        eq(paymentRecords.createdBy, payment.createdBy),
        sql`${paymentRecords.createdAt} > ${since.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return rows[0];
}

export async function insertPaymentRecord(db: DbOrTx, row: typeof paymentRecords.$inferInsert): Promise<PaymentRecordRow> {
  const rows = await db.insert(paymentRecords).values(row).returning();
  return rows[0]!;
}

export async function listPaymentRecords(db: DbOrTx, requestId: number): Promise<PaymentRecordRow[]> {
  return db.select().from(paymentRecords).where(eq(paymentRecords.requestId, requestId)).orderBy(asc(paymentRecords.id));
}

export async function findStatementByHash(db: DbOrTx, hash: string): Promise<BankStatementRow | undefined> {
  const rows = await db.select().from(bankStatements).where(eq(bankStatements.fileHash, hash));
  return rows[0];
}

export async function insertStatement(db: DbOrTx, row: typeof bankStatements.$inferInsert): Promise<BankStatementRow | undefined> {
  const rows = await db.insert(bankStatements).values(row).onConflictDoNothing().returning();
  return rows[0];
}

export async function updateStatementCounts(db: DbOrTx, id: number, movementCount: number, skippedCount: number): Promise<void> {
  await db.update(bankStatements).set({ movementCount, skippedCount }).where(eq(bankStatements.id, id));
}

/** Inserts the movements not seen before (by identity) and answers only those. */
export async function insertNewMovements(db: DbOrTx, rows: (typeof bankMovements.$inferInsert)[]): Promise<BankMovementRow[]> {
  const inserted: BankMovementRow[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    inserted.push(...(await db.insert(bankMovements).values(chunk).onConflictDoNothing().returning()));
  }
  return inserted;
}

export async function setMovementOutcome(db: DbOrTx, id: number, outcome: string, requestId: number | null): Promise<void> {
  await db.update(bankMovements).set({ outcome, requestId }).where(eq(bankMovements.id, id));
}

export async function listStatementMovements(db: DbOrTx, statementId: number) {
  return db
    .select({ movement: bankMovements, requestNumber: paymentRequests.number })
    .from(bankMovements)
    .leftJoin(paymentRequests, eq(paymentRequests.id, bankMovements.requestId))
    .where(eq(bankMovements.statementId, statementId))
    .orderBy(asc(bankMovements.id));
}

export async function listUnmatchedMovements(db: DbOrTx) {
  return db
    .select({ movement: bankMovements, requestNumber: paymentRequests.number })
    .from(bankMovements)
    .leftJoin(paymentRequests, eq(paymentRequests.id, bankMovements.requestId))
    .where(eq(bankMovements.outcome, 'unmatched'))
    .orderBy(desc(bankMovements.bookingDate), asc(bankMovements.id))
    .limit(500);
}

export async function findMovement(db: DbOrTx, id: number): Promise<BankMovementRow | undefined> {
  const rows = await db.select().from(bankMovements).where(eq(bankMovements.id, id)).for('update');
  return rows[0];
}

export async function findInvoiceOfRequest(db: DbOrTx, requestId: number): Promise<InvoiceRow | undefined> {
  const rows = await db.select().from(invoices).where(eq(invoices.requestId, requestId));
  return rows[0];
}

export async function insertInvoice(db: DbOrTx, row: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const rows = await db.insert(invoices).values(row).returning();
  return rows[0]!;
}

export async function invoiceNumbersOf(db: DbOrTx, requestIds: number[]): Promise<Map<number, number>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db.select({ requestId: invoices.requestId, number: invoices.number }).from(invoices).where(inArray(invoices.requestId, requestIds));
  return new Map(rows.map((r) => [r.requestId, r.number]));
}

export async function insertJob(db: DbOrTx, row: typeof paymentJobs.$inferInsert): Promise<PaymentJobRow> {
  const rows = await db.insert(paymentJobs).values(row).returning();
  return rows[0]!;
}

export async function updateJob(db: DbOrTx, id: string, values: Partial<typeof paymentJobs.$inferInsert>): Promise<void> {
  await db.update(paymentJobs).set(values).where(eq(paymentJobs.id, id));
}

/** Running jobs silent since before `staleBefore` become interrupted (their process stopped). */
export async function markInterruptedJobs(db: DbOrTx, staleBefore: Date): Promise<number> {
  return markSilentJobs(db, paymentJobs, paymentJobs.state, ['running'], staleBefore, { state: 'interrupted' });
}

export async function listInterruptedJobs(db: DbOrTx): Promise<PaymentJobRow[]> {
  return db.select().from(paymentJobs).where(eq(paymentJobs.state, 'interrupted')).orderBy(paymentJobs.startedAt);
}

/** Takes an interrupted job back to running; nothing when it is not interrupted (another resume won). */
export async function claimInterruptedJob(db: DbOrTx, id: string, now: Date): Promise<PaymentJobRow | undefined> {
  return updateJobIn(db, paymentJobs, paymentJobs.state, id, 'interrupted', { state: 'running', updatedAt: now });
}

export async function findJob(db: DbOrTx, id: string): Promise<PaymentJobRow | undefined> {
  return findJobRow(db, paymentJobs, id);
}

export async function insertPaymentRecords(db: DbOrTx, rows: (typeof paymentRecords.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insert(paymentRecords).values(rows.slice(i, i + 500));
}

/** Sets the outcome of many movements in one statement per chunk. */
export async function setMovementOutcomes(db: DbOrTx, rows: { id: number; outcome: string; requestId: number | null }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const values = sql.join(
      rows.slice(i, i + 500).map((r) => sql`(${r.id}::integer, ${r.outcome}::text, ${r.requestId}::integer)`),
      sql`, `,
    );
    await db.execute(
      sql`update payment_bank_movements as m set outcome = v.outcome, request_id = v.request_id from (values ${values}) as v(id, outcome, request_id) where m.id = v.id`,
    );
  }
}

/** Writes the received total, status, paid date and flag of many requests in one statement per chunk. */
export async function updateRequestPayments(db: DbOrTx, rows: PaymentRequestRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const values = sql.join(
      rows.slice(i, i + 500).map((r) => sql`(${r.id}::integer, ${r.receivedCents}::integer, ${r.status}::text, ${r.paidDate}::date, ${r.flagged}::boolean)`),
      sql`, `,
    );
    await db.execute(
      sql`update payment_requests as r set received_cents = v.received, status = v.status, paid_date = v.paid, flagged = v.flagged, updated_at = now()
          from (values ${values}) as v(id, received, status, paid, flagged) where r.id = v.id`,
    );
  }
}
