import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Role } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { updateStamped } from '../../platform/people-rows.js';
import { accounts, knownBrowsers, loginThrottle, sessions } from './accounts.tables.js';

export type AccountRow = typeof accounts.$inferSelect;

export async function findAccountByEmail(db: DbOrTx, email: string): Promise<AccountRow | undefined> {
  const rows = await db
    .select()
    .from(accounts)
    .where(sql`lower(${accounts.email}) = lower(${email})`)
    .limit(1);
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
  return db
    .select()
    .from(accounts)
    .orderBy(sql`lower(${accounts.email})`);
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
  return updateStamped(db, accounts, eq(accounts.id, id), values);
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
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now), eq(accounts.enabled, true)))
    .limit(1);
  return rows[0];
}

/** Slides the expiry forward; only written when the last slide is older than `minInterval` to spare the database. */
export async function touchSession(db: DbOrTx, tokenHash: string, now: Date, expiresAt: Date, minIntervalMs: number) {
  // Never earlier than it was: a venue desk's session was made to last its day (keepSessionUntil).
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: sql`greatest(${sessions.expiresAt}, ${expiresAt.toISOString()}::timestamptz)` })
    .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastSeenAt, new Date(now.getTime() - minIntervalMs))));
}

/** Kept equal to accounts.service's SESSION_MAX_AGE_MS (the repository imports no service). */
const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;

/** Makes a live session last until `until` (at most its maximal age) (never shorter than it was); answers its expiry, or nothing when it is not live. */
export async function extendSession(db: DbOrTx, tokenHash: string, now: Date, until: Date): Promise<Date | undefined> {
  const [row] = await db
    .update(sessions)
    .set({
      expiresAt: sql`greatest(${sessions.expiresAt}, least(${until.toISOString()}::timestamptz, ${sessions.createdAt} + ${`${SESSION_MAX_AGE_SECONDS} seconds`}::interval))`,
    })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({ expiresAt: sessions.expiresAt });
  return row?.expiresAt;
}

export async function revokeSession(db: DbOrTx, tokenHash: string, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Revokes every open session of an account, except optionally the one making the change. */
export async function revokeSessionsOfAccount(db: DbOrTx, accountId: string, now: Date, exceptTokenHash?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt), exceptTokenHash ? ne(sessions.tokenHash, exceptTokenHash) : undefined));
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

/** A slow-down rule: `free` failures without delay, then 1 s, 2 s, 4 s … up to `capMs` after the last attempt. */
export type SlowDown = { free: number; capMs: number };

/**
 * The delay the rule imposes after `failures` failures, as SQL or as a number (the same formula). The
 * exponent is bounded so the power never overflows, whatever the count.
 */
const delayMsSql = (rule: SlowDown) => sql`least(1000 * power(2, least(${loginThrottle.attempts} - ${rule.free}, 30)), ${rule.capMs})`;
export const slowDownDelayMs = (rule: SlowDown, failures: number) =>
  failures < rule.free ? 0 : Math.min(1000 * 2 ** Math.min(failures - rule.free, 30), rule.capMs);

/**
 * Counts one attempt under `key` when the slow-down allows it at `now`, atomically (one statement: a burst
 * of parallel guesses cannot slip past the rule while hashes are computed). A key whose last attempt is
 * older than `forgetAfterMs` starts again at one. Answers the attempts counted, this one included, or
 * `blockedForMs` when the rule refuses the attempt now (the attempt is then not counted).
 */
export async function takeLoginAttempt(
  db: DbOrTx,
  key: string,
  now: Date,
  rule: SlowDown,
  forgetAfterMs: number,
): Promise<{ attempts: number } | { blockedForMs: number }> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const forgotten = sql`${loginThrottle.lastAttemptAt} <= ${new Date(now.getTime() - forgetAfterMs).toISOString()}::timestamptz`;
  const allowed = sql`(${forgotten} or ${loginThrottle.attempts} < ${rule.free}
    or ${loginThrottle.lastAttemptAt} + ${delayMsSql(rule)} * interval '1 millisecond' <= ${nowSql})`;
  const rows = await db
    .insert(loginThrottle)
    .values({ key, windowStartedAt: now, attempts: 1, lastAttemptAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        attempts: sql`case when ${forgotten} then 1 else ${loginThrottle.attempts} + 1 end`,
        windowStartedAt: sql`case when ${forgotten} then ${nowSql} else ${loginThrottle.windowStartedAt} end`,
        lastAttemptAt: nowSql,
      },
      setWhere: allowed,
    })
    .returning({ attempts: loginThrottle.attempts });
  if (rows[0]) return { attempts: rows[0].attempts };
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  const until = row ? row.lastAttemptAt.getTime() + slowDownDelayMs(rule, row.attempts) : now.getTime() + 1000;
  return { blockedForMs: Math.max(1000, until - now.getTime()) };
}

/**
 * The failures against one account name across every address, in the last `withinMs`: how many, from how
 * many addresses, and when the last one was: the evidence of a distributed attack.
 */
export async function sumPairFailures(db: DbOrTx, name: string, now: Date, withinMs: number) {
  const rows = await db
    .select({
      failures: sql<number>`coalesce(sum(${loginThrottle.attempts}), 0)::int`,
      addresses: sql<number>`count(*)::int`,
      lastAt: sql<string | null>`max(${loginThrottle.lastAttemptAt})`,
    })
    .from(loginThrottle)
    .where(
      and(
        sql`starts_with(${loginThrottle.key}, ${`pair:${name}|`})`,
        gt(loginThrottle.lastAttemptAt, new Date(now.getTime() - withinMs)),
        gt(loginThrottle.attempts, 0),
      ),
    );
  const row = rows[0]!;
  return { failures: row.failures, addresses: row.addresses, lastAt: row.lastAt ? new Date(row.lastAt) : null };
}

/** The known browsers among these token hashes for this account, created after `since`. */
export async function findKnownBrowser(db: DbOrTx, accountId: string, tokenHashes: string[], since: Date) {
  if (tokenHashes.length === 0) return undefined;
  const rows = await db
    .select()
    .from(knownBrowsers)
    .where(and(inArray(knownBrowsers.tokenHash, tokenHashes), eq(knownBrowsers.accountId, accountId), gt(knownBrowsers.createdAt, since)))
    .limit(1);
  return rows[0];
}

export async function insertKnownBrowser(db: DbOrTx, values: { tokenHash: string; accountId: string; now: Date }) {
  await db.insert(knownBrowsers).values({ tokenHash: values.tokenHash, accountId: values.accountId, createdAt: values.now, lastUsedAt: values.now });
}

export async function touchKnownBrowser(db: DbOrTx, tokenHash: string, now: Date) {
  await db.update(knownBrowsers).set({ lastUsedAt: now }).where(eq(knownBrowsers.tokenHash, tokenHash));
}

export async function findLoginThrottle(db: DbOrTx, key: string) {
  const rows = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key));
  return rows[0];
}

/** A new password or a disabled account: no browser stays known (a leaked password's browsers included). */
export async function forgetKnownBrowsersOfAccount(db: DbOrTx, accountId: string) {
  await db.delete(knownBrowsers).where(eq(knownBrowsers.accountId, accountId));
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
