import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Principal } from './access.js';
import { auditEntries } from './audit.tables.js';
import type { DbOrTx } from './db.js';

// Every module writes its audit entries in the transaction of its change; the platform owns the writing so that no
// module depends on the audit module (which only lists the trail) and the audit module depends on none for it.

export type AuditEntryInput = {
  /** The manager who acted; null for the public (an enrolment) or the system (bootstrap, imports at start). */
  actor: Principal | null;
  /** The family (its e-mail address) that acted on its own page, when no manager did: kept as `family:<address>`. */
  family?: string;
  /** `<area>.<verb>`, e.g. `lodging.assign_room`. */
  action: string;
  subjectType: string;
  subjectId: string | number;
  /** A small picture of the record before and after: changed fields, not whole documents or photos. */
  before?: unknown;
  after?: unknown;
};

/** Appends an audit entry; call it with the transaction that makes the change so both commit or neither. */
export async function recordAudit(db: DbOrTx, entry: AuditEntryInput): Promise<void> {
  await recordAuditEntries(db, [entry]);
}

/** Appends several entries in one statement (a bulk action), in the transaction that makes the changes. */
export async function recordAuditEntries(db: DbOrTx, entries: AuditEntryInput[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditEntries).values(
    entries.map((entry) => ({
      actorId: entry.actor?.accountId ?? null,
      actorEmail: entry.actor?.email ?? (entry.family ? `family:${entry.family}` : null),
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: String(entry.subjectId),
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
}

/** The fields of `after` that differ from `before`, each side limited to those fields: what an audit entry keeps. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T): { before: Partial<T>; after: Partial<T> } | null {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof T>) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return Object.keys(now).length || Object.keys(was).length ? { before: was, after: now } : null;
}

/**
 * For nested documents (the edition settings): the leaves that differ, keyed by path
 * (`fees.enrolmentCents`, `roomTypes.2.pricePerNightCents`), so an entry stays small.
 */
export function changedLeaves(before: unknown, after: unknown): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  const isNode = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  const walk = (a: unknown, b: unknown, path: string) => {
    if (isNode(a) && isNode(b) && Array.isArray(a) === Array.isArray(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[key], b[key], path ? `${path}.${key}` : key);
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      if (a !== undefined) was[path] = a;
      if (b !== undefined) now[path] = b;
    }
  };
  walk(before, after, '');
  return Object.keys(was).length || Object.keys(now).length ? { before: was, after: now } : null;
}

/**
 * Retention and erasure (decision 0016): the audit trail is append-only, except here. The entries about erased people
 * keep who did what to which row and when; the values they recorded (`before`, `after`) go, and a family's address as
 * the actor becomes `family:erased`. Answers how many entries were cleaned.
 */
export async function eraseAuditPersonalData(db: DbOrTx, subjectType: string, subjectIds: (string | number)[]): Promise<number> {
  if (subjectIds.length === 0) return 0;
  const rows = await db
    .update(auditEntries)
    .set({
      before: null,
      after: null,
      actorEmail: sql`case when ${auditEntries.actorEmail} like 'family:%' then 'family:erased' else ${auditEntries.actorEmail} end`,
    })
    .where(and(eq(auditEntries.subjectType, subjectType), inArray(auditEntries.subjectId, subjectIds.map(String))))
    .returning({ id: auditEntries.id });
  return rows.length;
}
