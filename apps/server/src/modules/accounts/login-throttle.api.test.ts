import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../platform/audit.tables.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createManager, TEST_PASSWORD } from '../../../test/managers.js';
import { takeLoginAttempt } from './accounts.repository.js';
import { KNOWN_BROWSER_COOKIE, LOGIN_THROTTLE } from './accounts.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(async () => ctx?.close());

const { pair, address: addressRule, lock, forgetAfterMs } = LOGIN_THROTTLE;
let addressCounter = 0;
/** A fresh address per test (the throttle keys on it): 10.<test>.<n>.<m>. */
const freshAddresses = () => {
  const block = ++addressCounter;
  let n = 0;
  return () => `10.${block}.${Math.floor(n / 250)}.${(n++ % 250) + 1}`;
};

const login = (username: string, password: string, remoteAddress: string, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/accounts/anon/login',
    payload: { logintype: 'email', username, password },
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });

/** Logs in with the right password and answers the browser's cookie (`name=value`) the server set. */
async function knownBrowserCookie(email: string, remoteAddress: string): Promise<string> {
  const response = await login(email, TEST_PASSWORD, remoteAddress);
  expect(response.statusCode).toBe(200);
  const header = String(response.headers['set-cookie']);
  expect(header).toMatch(new RegExp(`^${KNOWN_BROWSER_COOKIE}=[A-Za-z0-9_-]{43}; Path=/api/v1/accounts/anon/login; Max-Age=\\d+; HttpOnly; SameSite=Strict$`));
  return header.split(';')[0]!;
}

/** Moves the injected clock forward for the rest of the test file (each test uses its own accounts and addresses). */
const advance = (ms: number) => ctx.clock.set(new Date(ctx.clock.now().getTime() + ms));

const auditOf = (accountId: string, action: string) =>
  ctx.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.subjectId, accountId), eq(auditEntries.action, action)));

describe('login throttle', () => {
  it('slows down guessing one account from one address with a growing delay, and lets the right password in after it', async () => {
    const { email, id } = await createManager(ctx);
    const address = freshAddresses()();
    for (let i = 0; i < pair.free; i++) expect((await login(email, `guess-${i}`, address)).statusCode).toBe(401);
    expect(await auditOf(id, 'accounts.login_slowed')).toHaveLength(1);
    const slowed = await login(email, TEST_PASSWORD, address);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({ code: 'accounts.too_many_attempts', details: { retryAfterSeconds: 1 } });
    expect(slowed.headers['retry-after']).toBe('1');
    advance(1000);
    expect((await login(email, 'guess-again', address)).statusCode).toBe(401);
    const longer = await login(email, TEST_PASSWORD, address);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('2');
    advance(2000);
    expect((await login(email, TEST_PASSWORD, address)).statusCode).toBe(200);
    // The pair knows the password now: its failures are forgotten.
    for (let i = 0; i < pair.free; i++) expect((await login(email, `typo-${i}`, address)).statusCode).toBe(401);
  });

  it('lets parallel guesses from one address through only up to the free failures', async () => {
    const { email } = await createManager(ctx);
    const address = freshAddresses()();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(email, `parallel-${i}`, address)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(pair.free);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - pair.free);
  });

  it('does not hold up the organiser at another address while a stranger guesses the account from many', async () => {
    const { email } = await createManager(ctx);
    const next = freshAddresses();
    for (let i = 0; i < 12; i++) expect((await login(email, `guess-${i}`, next())).statusCode).toBe(401);
    expect((await login(email, TEST_PASSWORD, next())).statusCode).toBe(200);
  });

  it('lets a known browser log in at the address a stranger is guessing from', async () => {
    const { email } = await createManager(ctx);
    const venue = freshAddresses()();
    const cookie = await knownBrowserCookie(email, venue);
    for (let i = 0; i < pair.free; i++) expect((await login(email, `guess-${i}`, venue)).statusCode).toBe(401);
    expect((await login(email, TEST_PASSWORD, venue)).statusCode).toBe(429);
    const known = await login(email, TEST_PASSWORD, venue, `other=1; ${cookie}`);
    expect(known.statusCode).toBe(200);
    // Already known: no new cookie.
    expect(known.headers['set-cookie']).toBeUndefined();
  });

  it('slows down one address guessing across many accounts only mildly, and never a known browser there', async () => {
    const { email } = await createManager(ctx);
    const venue = freshAddresses()();
    const cookie = await knownBrowserCookie(email, venue);
    for (let i = 0; i < addressRule.free - 1; i++) await takeLoginAttempt(ctx.db, `address:${venue}`, ctx.clock.now(), addressRule, forgetAfterMs);
    expect((await login('nobody@test.example', 'spray', venue)).statusCode).toBe(401);
    const slowed = await login(email, TEST_PASSWORD, venue);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(addressRule.capMs / 1000);
    expect((await login(email, TEST_PASSWORD, venue, cookie)).statusCode).toBe(200);
    advance(1000);
    expect((await login(email, TEST_PASSWORD, venue)).statusCode).toBe(200);
  });

  it('locks an account for unknown browsers only on proof of a distributed attack, and known browsers still log in', async () => {
    const { email, id } = await createManager(ctx);
    const home = freshAddresses()();
    const cookie = await knownBrowserCookie(email, home);
    const next = freshAddresses();
    const attackers = Array.from({ length: lock.addresses }, next);
    const name = email.toLowerCase();
    // Earlier failures of the attack (counted as the login call counts them, without paying for each hash)…
    for (let i = 0; i < lock.failures - 1; i++) {
      const key = `pair:${name}|${attackers[i % attackers.length]}`;
      await takeLoginAttempt(ctx.db, key, ctx.clock.now(), { free: lock.failures, capMs: 0 }, forgetAfterMs);
    }
    // …short of the proof: the organiser from a new browser still gets in.
    expect((await login(email, TEST_PASSWORD, next())).statusCode).toBe(200);
    expect(await auditOf(id, 'accounts.login_locked')).toHaveLength(0);
    // The failure that completes the proof.
    expect((await login(email, 'one-more-guess', next())).statusCode).toBe(401);
    expect(await auditOf(id, 'accounts.login_locked')).toHaveLength(1);
    const locked = await login(email, TEST_PASSWORD, next());
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'accounts.login_locked', details: { retryAfterMinutes: forgetAfterMs / 60_000 } });
    expect(Number(locked.headers['retry-after'])).toBe(forgetAfterMs / 1000);
    expect((await login(email, TEST_PASSWORD, next(), cookie)).statusCode).toBe(200);
    advance(forgetAfterMs + 1000);
    expect((await login(email, TEST_PASSWORD, next())).statusCode).toBe(200);
  });

  it('forgets the known browsers of an account whose password is reset', async () => {
    const { email, id } = await createManager(ctx);
    const venue = freshAddresses()();
    const cookie = await knownBrowserCookie(email, venue);
    const admin = await createManager(ctx);
    const adminLogin = await login(admin.email, TEST_PASSWORD, freshAddresses()());
    const reset = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/accounts/${id}/password`,
      headers: { authorization: `Bearer ${adminLogin.json().token}` },
      payload: { password: 'another-long-password' },
    });
    expect(reset.statusCode).toBe(204);
    for (let i = 0; i < pair.free; i++) expect((await login(email, `guess-${i}`, venue, cookie)).statusCode).toBe(401);
    expect((await login(email, 'another-long-password', venue, cookie)).statusCode).toBe(429);
  });

  it('keeps a known browser’s own guesses within its budget', async () => {
    const { email } = await createManager(ctx);
    const venue = freshAddresses()();
    const cookie = await knownBrowserCookie(email, venue);
    const free = LOGIN_THROTTLE.knownBrowser.free;
    for (let i = 0; i < free; i++) expect((await login(email, `guess-${i}`, venue, cookie)).statusCode).toBe(401);
    expect((await login(email, TEST_PASSWORD, venue, cookie)).statusCode).toBe(429);
  });
});
