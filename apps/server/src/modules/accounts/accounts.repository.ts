import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Role } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { accounts, loginThrottle, sessions } from './accounts.tables.js';

export type AccountRow = typeof accounts.$inferSelect;

export async function findAccountByEmail(db: DbOrTx, email: string): Promise<AccountRow | undefined> {
  const rows = await db.select().from(accounts).where(sql`lower(${accounts.email}) = lower(${email})`).limit(1);
  return rows[0];
}

export async function findAccountById(db: DbOrTx, id: string): Promise<AccountRow | undefined> {
  const rows = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return rows[0];
}

export async function countAccounts(db: DbOrTx): Promise<number> {
  return db.$count(accounts);
}

/** Inserts an account; answers nothing when the e-mail is taken (the unique index decides, even under a race). */
export async function insertAccount(
  db: DbOrTx,
  values: { email: string; displayName: string; passwordHash: string | null; roles: Role[]; enabled?: boolean },
): Promise<AccountRow | undefined> {
  const rows = await db.insert(accounts).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function listAccountRows(db: DbOrTx): Promise<AccountRow[]> {
  return db.select().from(accounts).orderBy(sql`lower(${accounts.email})`);
}

/**
 * The enabled admins, locked until the transaction ends: two admins demoting each other at the same
 * moment cannot leave the back office without one.
 */
export async function lockEnabledAdmins(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.enabled, true), sql`${accounts.roles} @> '["admin"]'::jsonb`))
    .for('update');
  return rows.map((r) => r.id);
}

export async function updateAccount(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<AccountRow, 'displayName' | 'passwordHash' | 'roles' | 'enabled' | 'lastLoginAt'>>,
): Promise<AccountRow | undefined> {
  const rows = await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accounts.id, id))
    .returning();
  return rows[0];
}

export async function insertSession(db: DbOrTx, values: { tokenHash: string; accountId: string; expiresAt: Date; now: Date }) {
  await db.insert(sessions).values({
    tokenHash: values.tokenHash,
    accountId: values.accountId,
    expiresAt: values.expiresAt,
    createdAt: values.now,
    lastSeenAt: values.now,
  });
}

/** The live session of a token with its enabled account, or nothing (unknown, expired, revoked, disabled). */
export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date) {
  const rows = await db
    .select({ session: sessions, account: accounts })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), eq(accounts.enabled, true)),
    )
    .limit(1);
  return rows[0];
}

/** Slides the expiry forward; only written when the last slide is older than `minInterval` to spare the database. */
export async function touchSession(db: DbOrTx, tokenHash: string, now: Date, expiresAt: Date, minIntervalMs: number) {
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastSeenAt, new Date(now.getTime() - minIntervalMs))));
}

export async function revokeSession(db: DbOrTx, tokenHash: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Revokes every open session of an account, except optionally the one making the change. */
export async function revokeSessionsOfAccount(db: DbOrTx, accountId: string, now: Date, exceptTokenHash?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.accountId, accountId),
        isNull(sessions.revokedAt),
        exceptTokenHash ? ne(sessions.tokenHash, exceptTokenHash) : undefined,
      ),
    );
}

export async function countEnabledAccounts(db: DbOrTx): Promise<number> {
  return db.$count(accounts, eq(accounts.enabled, true));
}

/** Managers with at least one live session: who is (or recently was) working in the back office. */
export async function countAccountsWithLiveSessions(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(distinct ${sessions.accountId})::int` })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now), eq(accounts.enabled, true)));
  return rows[0]?.n ?? 0;
}

/**
 * Counts one attempt under `key` in its current window (a new window starts when the last one is older
 * than `windowMs`), atomically, so concurrent attempts cannot slip past the limit. Answers the attempts
 * in the window, this one included, and when the window started.
 */
export async function countLoginAttempt(db: DbOrTx, key: string, now: Date, windowMs: number) {
  const windowEnd = new Date(now.getTime() - windowMs);
  const expired = sql`${loginThrottle.windowStartedAt} <= ${windowEnd.toISOString()}::timestamptz`;
  const rows = await db
    .insert(loginThrottle)
    .values({ key, windowStartedAt: now, attempts: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        attempts: sql`case when ${expired} then 1 else ${loginThrottle.attempts} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning({ attempts: loginThrottle.attempts, windowStartedAt: loginThrottle.windowStartedAt });
  return rows[0]!;
}

/** Takes back one counted attempt (a successful login does not use up the budget). */
export async function uncountLoginAttempt(db: DbOrTx, key: string) {
  await db
    .update(loginThrottle)
    .set({ attempts: sql`greatest(${loginThrottle.attempts} - 1, 0)` })
    .where(eq(loginThrottle.key, key));
}

export async function forgetLoginAttempts(db: DbOrTx, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** Windows long past tell nothing any more. */
export async function deleteStaleLoginAttempts(db: DbOrTx, before: Date) {
  await db.delete(loginThrottle).where(lt(loginThrottle.windowStartedAt, before));
}
