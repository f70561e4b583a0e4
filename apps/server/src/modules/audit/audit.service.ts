import type { Principal } from '../../platform/access.js';
import type { DbOrTx } from '../../platform/db.js';
import { auditEntries } from './audit.tables.js';

export type AuditEntryInput = {
  /** The manager who acted; null for the public (an enrolment) or the system (bootstrap, imports at start). */
  actor: Principal | null;
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
  await db.insert(auditEntries).values({
    actorId: entry.actor?.accountId ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: String(entry.subjectId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
