import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { PLATFORM_ERRORS } from '@bjk/domain';
import type { Config } from '../config.js';
import { recordAudit } from './audit.js';
import type { Db, DbOrTx } from './db.js';
import { AppError } from './errors.js';
import type { ServiceContext } from './service-context.js';
import { platformSecrets, signedLinks } from './signed-links.tables.js';

/**
 * Signed links: how the site lets someone act without an account, by a link it mailed them (a family's sign-in, a
 * payer's payment page, a late-entry invitation). One primitive for all of them:
 *
 * - `issueSignedLink(ctx, { purpose, subject, uses, lifetimeMs | expiresAt, payload? })` stores the link and answers
 *   `{ id, token, expiresAt }`; the caller puts the token into its own address (`/family/welcome#<token>`). Audited
 *   (`signed_link.issue`, with the manager who had it sent).
 * - `readSignedLink(ctx, purpose, token)` checks a token without spending it (a page showing what the link opens).
 * - `useSignedLink(ctx, purpose, token)` spends it: a single-use link (`uses: 'once'`) exactly once, whatever the
 *   concurrency (a conditional update), audited (`signed_link.use`); a link valid `until_expiry` counts its uses.
 *   Call it inside the transaction of what the link does, so a failure there leaves the link unspent.
 * - `signedLinkToken(ctx, purpose, id)` renders the token of a stored link again (a payment mail sent twice).
 * - `revokeSignedLinks(ctx, purpose, subject)` withdraws every live link of a subject; `purgeSignedLinks` deletes
 *   links expired before an instant (they are personal data: an e-mail address).
 *
 * A token is `<id>.<HMAC-SHA256(key, purpose:id)>`: an id alone opens nothing, a link of one purpose opens nothing of
 * another, and a database read without the key (`LINK_SECRET`, or the key the site made and keeps in
 * `platform_secrets`) cannot forge one. Unknown, forged, cut-off and withdrawn tokens answer the same
 * `platform.link_invalid` (404); expired and spent ones `platform.link_expired` / `platform.link_used` (410), which
 * only a real link can learn. Mail scanners open links before people do: a link's page must spend it on a POST (a
 * button), never on the GET that shows the page.
 */

/** What links are for: `<area>.<use>`. A new purpose is added here (its module decides lifetime and uses). */
export const SIGNED_LINK_PURPOSES = ['family.sign_in', 'payments.page', 'enrolment.late_entry'] as const;
export type SignedLinkPurpose = (typeof SIGNED_LINK_PURPOSES)[number];

export type SignedLinkUses = 'once' | 'until_expiry';

export type SignedLink = {
  id: string;
  purpose: SignedLinkPurpose;
  subject: string;
  payload: Record<string, unknown> | null;
  uses: SignedLinkUses;
  expiresAt: Date;
  usedAt: Date | null;
  useCount: number;
};

export type IssueSignedLink = {
  purpose: SignedLinkPurpose;
  subject: string;
  uses: SignedLinkUses;
  payload?: Record<string, unknown>;
} & ({ lifetimeMs: number } | { expiresAt: Date });

export type IssuedSignedLink = { id: string; token: string; expiresAt: Date };

type LinkContext = Pick<ServiceContext, 'db' | 'clock' | 'config' | 'actor'>;

/** 16 random bytes, base64url: the link's id. */
const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** The whole token: the id, a dot and the 43 characters of a base64url SHA-256 HMAC. */
const TOKEN_PATTERN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const SECRET_NAME = 'signed_links';

const invalid = () => new AppError(404, PLATFORM_ERRORS.linkInvalid, 'This link is not valid');
const expired = () => new AppError(410, PLATFORM_ERRORS.linkExpired, 'This link has expired');
const spent = () => new AppError(410, PLATFORM_ERRORS.linkUsed, 'This link has already been used');

// The key made by the site, per database (one per test database; every instance on one database shares it).
const keptSecrets = new WeakMap<object, Promise<string>>();

/** The key: `LINK_SECRET`, else the one in `platform_secrets`, made on first use (the first of two instances wins). */
async function signingKey(db: DbOrTx, config: Pick<Config, 'linkSecret'>): Promise<string> {
  if (config.linkSecret) return config.linkSecret;
  // Read outside any caller's transaction would be nicer, but the row is written once and then only read.
  const cacheKey = (db as { $client?: object }).$client ?? db;
  const cached = keptSecrets.get(cacheKey);
  if (cached) return cached;
  const loading = (async () => {
    await db
      .insert(platformSecrets)
      .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select({ value: platformSecrets.value }).from(platformSecrets).where(eq(platformSecrets.name, SECRET_NAME));
    if (!row) throw new Error('the signed links key could not be stored');
    return row.value;
  })();
  keptSecrets.set(cacheKey, loading);
  loading.catch(() => keptSecrets.delete(cacheKey));
  return loading;
}

function signature(key: string, purpose: SignedLinkPurpose, id: string): string {
  return createHmac('sha256', key).update(`${purpose}:${id}`).digest('base64url');
}

/** The token of a stored link, rendered again (the same every time: a link mailed twice is one link). */
export async function signedLinkToken(ctx: Pick<ServiceContext, 'db' | 'config'>, purpose: SignedLinkPurpose, id: string): Promise<string> {
  if (!ID_PATTERN.test(id)) throw new Error('not a signed link id');
  return `${id}.${signature(await signingKey(ctx.db, ctx.config), purpose, id)}`;
}

/** Stores a new link and answers its token. Audited with the manager who had it sent (null: the site itself). */
export async function issueSignedLink(ctx: LinkContext, input: IssueSignedLink): Promise<IssuedSignedLink> {
  const now = ctx.clock.now();
  const expiresAt = 'expiresAt' in input ? input.expiresAt : new Date(now.getTime() + input.lifetimeMs);
  if (!(expiresAt.getTime() > now.getTime())) throw new Error('a signed link must expire after it is made');
  const id = randomBytes(16).toString('base64url');
  await ctx.db.insert(signedLinks).values({
    id,
    purpose: input.purpose,
    subject: input.subject,
    payload: input.payload ?? null,
    uses: input.uses,
    expiresAt,
    createdAt: now,
    createdBy: ctx.actor?.email ?? null,
  });
  await recordAudit(ctx.db, {
    actor: ctx.actor,
    action: 'signed_link.issue',
    subjectType: 'signed_link',
    subjectId: id,
    after: { purpose: input.purpose, subject: input.subject, uses: input.uses, expiresAt: expiresAt.toISOString() },
  });
  return { id, token: await signedLinkToken(ctx, input.purpose, id), expiresAt };
}

type SignedLinkRow = typeof signedLinks.$inferSelect;

function toSignedLink(row: SignedLinkRow): SignedLink {
  return {
    id: row.id,
    purpose: row.purpose as SignedLinkPurpose,
    subject: row.subject,
    payload: row.payload,
    uses: row.uses,
    expiresAt: row.expiresAt,
    usedAt: row.usedAt,
    useCount: row.useCount,
  };
}

/** The id of a token whose signature holds for this purpose, or null (compared in constant time). */
async function verifiedId(ctx: Pick<ServiceContext, 'db' | 'config'>, purpose: SignedLinkPurpose, token: string): Promise<string | null> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, id, given] = match as unknown as [string, string, string];
  const expected = Buffer.from(signature(await signingKey(ctx.db, ctx.config), purpose, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
}

function assertLive(row: SignedLinkRow | undefined, now: Date): asserts row is SignedLinkRow {
  if (!row || row.revokedAt) throw invalid();
  if (row.expiresAt.getTime() <= now.getTime()) throw expired();
  if (row.uses === 'once' && row.usedAt) throw spent();
}

/** The link of a token, checked (signature, purpose, not withdrawn, not expired, not spent) but not spent. */
export async function readSignedLink(ctx: Pick<ServiceContext, 'db' | 'clock' | 'config'>, purpose: SignedLinkPurpose, token: string): Promise<SignedLink> {
  const id = await verifiedId(ctx, purpose, token);
  if (!id) throw invalid();
  const [row] = await ctx.db
    .select()
    .from(signedLinks)
    .where(and(eq(signedLinks.id, id), eq(signedLinks.purpose, purpose)));
  assertLive(row, ctx.clock.now());
  return toSignedLink(row);
}

/**
 * Spends a link: a single-use one exactly once (of two concurrent uses one wins, the other gets `link_used`), one
 * valid until its expiry counts the use. A single use is audited; call this in the transaction of what the link does.
 */
export async function useSignedLink(ctx: LinkContext, purpose: SignedLinkPurpose, token: string): Promise<SignedLink> {
  const id = await verifiedId(ctx, purpose, token);
  if (!id) throw invalid();
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .update(signedLinks)
    .set({ usedAt: sql`coalesce(${signedLinks.usedAt}, ${now.toISOString()}::timestamptz)`, useCount: sql`${signedLinks.useCount} + 1` })
    .where(
      and(
        eq(signedLinks.id, id),
        eq(signedLinks.purpose, purpose),
        isNull(signedLinks.revokedAt),
        sql`${signedLinks.expiresAt} > ${now.toISOString()}::timestamptz`,
        sql`(${signedLinks.uses} = 'until_expiry' or ${signedLinks.usedAt} is null)`,
      ),
    )
    .returning();
  if (!row) {
    // Not spendable: say why, from the row as it is now.
    const [current] = await ctx.db
      .select()
      .from(signedLinks)
      .where(and(eq(signedLinks.id, id), eq(signedLinks.purpose, purpose)));
    assertLive(current, now);
    throw spent();
  }
  if (row.uses === 'once') {
    await recordAudit(ctx.db, {
      actor: ctx.actor,
      action: 'signed_link.use',
      subjectType: 'signed_link',
      subjectId: id,
      after: { purpose, subject: row.subject },
    });
  }
  return toSignedLink(row);
}

/** Withdraws every live link of a subject (a family's links after an erasure, a cancelled payment request). */
export async function revokeSignedLinks(ctx: LinkContext, purpose: SignedLinkPurpose, subject: string): Promise<number> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .update(signedLinks)
    .set({ revokedAt: now })
    .where(and(eq(signedLinks.purpose, purpose), eq(signedLinks.subject, subject), isNull(signedLinks.revokedAt)))
    .returning({ id: signedLinks.id });
  if (rows.length > 0) {
    await recordAudit(ctx.db, {
      actor: ctx.actor,
      action: 'signed_link.revoke',
      subjectType: 'signed_link',
      subjectId: rows.map((r) => r.id).join(','),
      after: { purpose, subject, count: rows.length },
    });
  }
  return rows.length;
}

/** Deletes links that expired before `before` (their subject may be personal data); answers how many. */
export async function purgeSignedLinks(db: Db | DbOrTx, before: Date): Promise<number> {
  const rows = await db.delete(signedLinks).where(lt(signedLinks.expiresAt, before)).returning({ id: signedLinks.id });
  return rows.length;
}
