import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../platform/platform.tables.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { systemContext } from '../../platform/service-context.js';
import { createManager, loginHeaders, TEST_PASSWORD } from '../../../test/managers.js';
import { updateAccount } from './accounts.repository.js';
import { ensureBootstrapAdmin, SESSION_MAX_AGE_MS, SESSION_TTL_MS } from './accounts.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(async () => ctx?.close());

const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/anon/login', payload: { logintype: 'email', username, password }, remoteAddress });

describe('manager login', () => {
  it('gives a bearer token that identifies the manager', async () => {
    const { email } = await createManager(ctx, ['treasurer']);
    const response = await login(email.toUpperCase(), TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    // A bearer token is never kept by a browser's or a proxy's cache.
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.account).toMatchObject({ email, roles: ['treasurer'], enabled: true });
    expect(body.account.permissions).toContain('payments:write');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
    expect(me.json().lastLoginAt).not.toBeNull();
  });

  it('answers a wrong password and an unknown account identically', async () => {
    const { email } = await createManager(ctx);
    const wrong = await login(email, 'not-the-password');
    const unknown = await login('nobody@test.example', 'not-the-password');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'accounts.wrong_credentials',
        message: 'Wrong combination of username and password',
        details: { detail: 'WrongUsernamePasswordCombination' },
      });
    }
  });

  it('refuses a disabled account and revokes its open sessions at once', async () => {
    const { email, id } = await createManager(ctx);
    const headers = await loginHeaders(ctx, email);
    await updateAccount(ctx.db, id, { enabled: false });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me', headers })).statusCode).toBe(401);
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('revokes the token at logout', async () => {
    const { email } = await createManager(ctx);
    const headers = await loginHeaders(ctx, email);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/logout', headers })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me', headers })).statusCode).toBe(401);
  });

  it('expires a session left unused for twelve hours, and slides it while used', async () => {
    const { email } = await createManager(ctx);
    const start = ctx.clock.now();
    const headers = await loginHeaders(ctx, email);
    ctx.clock.set(new Date(start.getTime() + SESSION_TTL_MS - 60_000));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me', headers })).statusCode).toBe(200);
    ctx.clock.set(new Date(start.getTime() + SESSION_TTL_MS + 3_600_000));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me', headers })).statusCode).toBe(200);
    ctx.clock.set(new Date(start.getTime() + 3 * SESSION_TTL_MS));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me', headers })).statusCode).toBe(401);
    ctx.clock.set(start);
  });

  it('ends a session seven days after the login even while it is used every few hours', async () => {
    const { email } = await createManager(ctx);
    const start = ctx.clock.now();
    const headers = await loginHeaders(ctx, email);
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me', headers });
    try {
      for (let at = 0; at < SESSION_MAX_AGE_MS; at += SESSION_TTL_MS - 3_600_000) {
        ctx.clock.set(new Date(start.getTime() + at));
        expect((await me()).statusCode, `after ${at / 3_600_000} h`).toBe(200);
      }
      ctx.clock.set(new Date(start.getTime() + SESSION_MAX_AGE_MS + 60_000));
      expect((await me()).statusCode).toBe(401);
    } finally {
      ctx.clock.set(start);
    }
  });

  it('validates the login body with field paths', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/anon/login', payload: { logintype: 'email', username: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('platform.validation');
  });

  it('never keeps a login answer (a bearer token) for replays, whatever Idempotency-Key the caller sends', async () => {
    const { email } = await createManager(ctx);
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/accounts/anon/login',
        headers: { 'idempotency-key': 'login-key-0001' },
        payload: { logintype: 'email', username: email, password: TEST_PASSWORD },
      });
    const [first, second] = [await send(), await send()];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().token).not.toBe(first.json().token);
    const kept = await ctx.db.select().from(idempotencyKeys);
    expect(kept.filter((row) => row.scope.includes('/accounts/anon/login'))).toEqual([]);
  });

  it('creates the bootstrap admin only while no account exists', async () => {
    expect(await ensureBootstrapAdmin(systemContext(ctx), 'first@test.example', 'a-long-enough-password')).toBe(false);
  });
});
