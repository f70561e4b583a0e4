import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FamilyPrincipal, FamilySessionResolver } from '../../platform/access.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db.js';
import { familySessions, familySignInRequests } from './family.tables.js';

/**
 * The family's session (decision 0013): an HttpOnly cookie, not a token the page keeps. The public site is a
 * single-page app without any other secret to hold; a cookie that scripts cannot read survives no injected
 * script, `SameSite=Strict` keeps other sites' pages from sending it (with JSON-only bodies: no cross-site
 * form posts), and `Path=/api/v1/family` keeps it off every other request (the public cache, the results).
 */
export const FAMILY_SESSION_COOKIE = 'bjk_family';
export const FAMILY_COOKIE_PATH = '/api/v1/family';
/** How long a signed-in family stays signed in: an afternoon's use, never extended (sign in again). */
export const FAMILY_SESSION_MS = 2 * 60 * 60 * 1000;
/** How long a mailed sign-in link opens: long enough to open a mail, short enough not to linger in a mailbox. */
export const FAMILY_LINK_MINUTES = 20;
/** Sign-in links one address may ask for in FAMILY_LINK_WINDOW_MS (per address, not per client: a venue is one NAT). */
export const FAMILY_LINKS_PER_WINDOW = 3;
export const FAMILY_LINK_WINDOW_MS = 15 * 60 * 1000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

function cookieValue(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === FAMILY_SESSION_COOKIE) {
      const value = rest.join('=');
      return TOKEN.test(value) ? value : null;
    }
  }
  return null;
}

export async function openFamilySession(db: DbOrTx, clock: Clock, email: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + FAMILY_SESSION_MS);
  await db.insert(familySessions).values({ tokenHash: hashOf(token), email, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** `Secure` over HTTPS (behind a proxy: `TRUST_PROXY`), as the login's known-browser cookie (decision 0010). */
const secureOf = (request: FastifyRequest) => (request.protocol === 'https' ? '; Secure' : '');

export function setFamilyCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date, now: Date): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  reply.header('set-cookie', `${FAMILY_SESSION_COOKIE}=${token}; Path=${FAMILY_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secureOf(request)}`);
}

export function clearFamilyCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', `${FAMILY_SESSION_COOKIE}=; Path=${FAMILY_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Strict${secureOf(request)}`);
}

export async function closeFamilySession(db: DbOrTx, request: FastifyRequest): Promise<void> {
  const token = cookieValue(request);
  if (token) await db.delete(familySessions).where(eq(familySessions.tokenHash, hashOf(token)));
}

/** Ends every session of a family (after an erasure, or when a manager withdraws access). */
export async function closeFamilySessionsOf(db: DbOrTx, email: string): Promise<void> {
  await db.delete(familySessions).where(eq(familySessions.email, email));
}

export function createFamilySessionResolver(db: Db, clock: Clock): FamilySessionResolver {
  return async (request): Promise<FamilyPrincipal | null> => {
    const token = cookieValue(request);
    if (!token) return null;
    const [row] = await db
      .select({ email: familySessions.email, expiresAt: familySessions.expiresAt })
      .from(familySessions)
      .where(and(eq(familySessions.tokenHash, hashOf(token)), gt(familySessions.expiresAt, clock.now())));
    return row ?? null;
  };
}

/** The digest the rate limit counts by: an address typed by a stranger is not kept in clear. */
export function emailDigest(email: string): string {
  return createHash('sha256').update(`family.sign_in:${email}`).digest('base64url');
}

/**
 * Counts one more link asked for this address and answers whether it is within the limit. Counted whether the
 * address is known or not, so the limit's answer tells nothing about it.
 */
export async function countSignInRequest(db: DbOrTx, clock: Clock, digest: string): Promise<boolean> {
  const now = clock.now();
  const since = new Date(now.getTime() - FAMILY_LINK_WINDOW_MS);
  // Concurrent asks for one address take turns (call this in a transaction), so the limit holds under a burst.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${digest}))`);
  const [row] = await db
    .select({ n: count() })
    .from(familySignInRequests)
    .where(and(eq(familySignInRequests.emailDigest, digest), gt(familySignInRequests.at, since)));
  if ((row?.n ?? 0) >= FAMILY_LINKS_PER_WINDOW) return false;
  await db.insert(familySignInRequests).values({ emailDigest: digest, at: now });
  return true;
}

/** Deletes ended sessions and old rate-limit rows (both are personal data, kept no longer than they serve). */
export async function purgeFamilySessions(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(familySessions).where(lt(familySessions.expiresAt, now));
  await db.delete(familySignInRequests).where(lt(familySignInRequests.at, new Date(now.getTime() - FAMILY_LINK_WINDOW_MS)));
}

/** A family's approved erasure (decision 0021): every session of the address ends. Answers how many. */
export async function endFamilySessionsOf(db: DbOrTx, email: string): Promise<number> {
  return (await db.delete(familySessions).where(eq(familySessions.email, email)).returning({ token: familySessions.tokenHash })).length;
}

/** How many family sessions are open (the back office's personal-data overview). */
export async function countFamilySessions(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(familySessions);
  return row?.n ?? 0;
}
