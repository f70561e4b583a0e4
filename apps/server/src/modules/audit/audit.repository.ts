import { and, count, desc, eq, gte, like, sql, type SQL } from 'drizzle-orm';
import { containsText, prefixPattern, searchCondition } from '../../platform/like.js';
import { pageOffset } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { auditEntries } from '../../platform/audit.tables.js';

export type AuditRow = typeof auditEntries.$inferSelect;

export type AuditFilter = {
  subjectType?: string;
  subjectId?: string;
  search?: string;
  actor?: string;
  area?: string;
  from?: string;
  to?: string;
  timeZone: string;
};

function conditions(filter: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.subjectType) parts.push(eq(auditEntries.subjectType, filter.subjectType));
  if (filter.subjectId) parts.push(eq(auditEntries.subjectId, filter.subjectId));
  const search = searchCondition(filter.search, [auditEntries.actorEmail, auditEntries.action, auditEntries.subjectId]);
  if (search) parts.push(search);
  if (filter.actor) parts.push(containsText(auditEntries.actorEmail, filter.actor));
  if (filter.area) parts.push(like(auditEntries.action, prefixPattern(`${filter.area}.`)));
  // Days are the organisers' days (the edition's time zone), not UTC days.
  if (filter.from) parts.push(sql`(${auditEntries.at} at time zone ${filter.timeZone})::date >= ${filter.from}::date`);
  if (filter.to) parts.push(sql`(${auditEntries.at} at time zone ${filter.timeZone})::date <= ${filter.to}::date`);
  return parts.length ? and(...parts) : undefined;
}

export async function listAuditRows(db: DbOrTx, filter: AuditFilter, page: number, pageSize: number) {
  const where = conditions(filter);
  const [items, totals] = await Promise.all([
    db.select().from(auditEntries).where(where).orderBy(desc(auditEntries.at), desc(auditEntries.id)).limit(pageSize).offset(pageOffset({ page, pageSize })),
    db.select({ total: count() }).from(auditEntries).where(where),
  ]);
  return { items, total: totals[0]?.total ?? 0 };
}

export async function countAuditRowsSince(db: DbOrTx, since: Date): Promise<number> {
  return db.$count(auditEntries, gte(auditEntries.at, since));
}
