import { createServer } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createManager } from '../../../test/managers.js';
import { startTestOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider.js';
import { createTestApp, testConfig, type TestContext } from '../../../test/test-app.js';
import { systemContext } from '../../platform/service-context.js';
import { takeLoginAttempt, updateAccount } from './accounts.repository.js';
import { createAccount, LOGIN_THROTTLE } from './accounts.service.js';

let provider: TestOidcProvider;
let ctx: TestContext;
beforeAll(async () => {
  provider = await startTestOidcProvider({ now: () => ctx.clock.now() });
  ctx = await createTestApp({
    env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_ALLOWED_DOMAINS: 'test.example', OIDC_NAME: 'Schaakbond' },
  });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await provider?.close();
});

const NONCE = 'nonce-0123456789abcdef';
let addressCounter = 0;
/** Each call from its own address unless told otherwise, so the per-address throttle of one test does not leak into the next. */
const login = (token: string, nonce = NONCE, remoteAddress = `10.9.0.${++addressCounter}`, app = ctx.app) =>
  app.inject({ method: 'POST', url: '/api/v1/accounts/anon/login', payload: { logintype: 'oidc', token, nonce }, remoteAddress });

const invalidToken = { code: 'accounts.oidc_invalid_token', message: 'The identity provider’s sign-in could not be verified' };
const noAccount = { code: 'accounts.oidc_no_account', message: 'No enabled manager account has this e-mail address' };

/** Another app on the same database with other settings (its own routes, same accounts). */
async function appWith(env: Record<string, string>) {
  const app = await buildApp({ config: testConfig(env), database: ctx.database, db: ctx.db, clock: ctx.clock, bus: ctx.bus });
  await app.ready();
  return app;
}

describe('sign-in through the identity provider', () => {
  it('publishes the provider the login page offers, discovered once from the issuer', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/anon/providers' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        oidc: { name: 'Schaakbond', issuer: provider.issuer, clientId: provider.clientId, authorizationEndpoint: `${provider.issuer}/authorize` },
      });
    }
    expect(provider.served.filter((path) => path === '/.well-known/openid-configuration')).toHaveLength(1);
  });

  it('logs in the enabled manager whose e-mail the verified id token carries, in any letter case', async () => {
    const { email } = await createManager(ctx, ['registrar']);
    const response = await login(await provider.sign({ email: email.toUpperCase(), nonce: NONCE }));
    expect(response.statusCode).toBe(200);
    expect(response.json().account).toMatchObject({ email, roles: ['registrar'] });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me', headers: { authorization: `Bearer ${response.json().token}` } });
    expect(me.json()).toMatchObject({ email, lastLoginAt: ctx.clock.now().toISOString() });
  });

  it('signs in an account created without a password, which has no other way in', async () => {
    const email = `provider-only-${Date.now()}@test.example`;
    await createAccount(systemContext(ctx), { email, displayName: 'Provider only', password: null, roles: ['editor'] });
    const response = await login(await provider.sign({ email, nonce: NONCE }));
    expect(response.statusCode).toBe(200);
    expect(response.json().account).toMatchObject({ email, roles: ['editor'] });
  });

  it('opens one session per id token: the same token sent again is refused', async () => {
    const { email } = await createManager(ctx);
    const token = await provider.sign({ email, nonce: NONCE });
    expect((await login(token)).statusCode).toBe(200);
    const again = await login(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(invalidToken);
  });

  it.each([
    ['for another site (audience)', { aud: 'another-client' }, {}],
    ['from another issuer', { iss: 'https://evil.example' }, {}],
    ['expired', {}, { issuedAt: new Date(Date.parse('2026-11-21T08:00:00Z')), expiresInSeconds: 600 }],
    ['issued too long ago to be a fresh sign-in', {}, { issuedAt: new Date(Date.parse('2026-11-21T08:30:00Z')), expiresInSeconds: 7200 }],
    ['signed with a key the issuer does not publish', {}, { key: 'foreign' as const }],
    ['made for another sign-in request (nonce)', { nonce: 'another-nonce-0123456789' }, {}],
    ['with an e-mail the provider has not verified', { email_verified: false }, {}],
  ])('refuses an id token %s', async (_, claims, options) => {
    const { email } = await createManager(ctx);
    const response = await login(await provider.sign({ email, nonce: NONCE, ...claims }, options));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalidToken);
  });

  it('refuses a token signed with a shared secret instead of the issuer’s key (algorithm confusion)', async () => {
    const { email } = await createManager(ctx);
    const now = Math.floor(ctx.clock.now().getTime() / 1000);
    const token = await new SignJWT({ email, nonce: NONCE, sub: 'x' })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key-1' })
      .setIssuer(provider.issuer)
      .setAudience(provider.clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(new TextEncoder().encode(provider.clientId.padEnd(32, '-')));
    expect((await login(token)).json()).toEqual(invalidToken);
  });

  it('answers “no account” alike for an unknown, a disabled and a not allowed e-mail domain', async () => {
    const { email, id } = await createManager(ctx);
    await updateAccount(ctx.db, id, { enabled: false });
    const outside = `desk-${Date.now()}@elsewhere.example`;
    await createAccount(systemContext(ctx), { email: outside, displayName: 'Outside', password: null, roles: ['admin'] });
    for (const who of ['nobody@test.example', email, outside]) {
      const response = await login(await provider.sign({ email: who, nonce: NONCE }));
      expect(response.statusCode, who).toBe(401);
      expect(response.json()).toEqual(noAccount);
    }
  });

  it('validates the body: a token that is no JWT, or no nonce, is a field error', async () => {
    for (const payload of [
      { logintype: 'oidc', token: 'not-a-jwt-at-all-but-long', nonce: NONCE },
      { logintype: 'oidc', token: await provider.sign({ nonce: NONCE }) },
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/anon/login', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('platform.validation');
    }
  });

  it('slows down sign-in attempts per address like password logins', async () => {
    const { email } = await createManager(ctx);
    const address = '10.9.1.1';
    const { address: rule, forgetAfterMs } = LOGIN_THROTTLE;
    for (let i = 1; i < rule.free; i++) await takeLoginAttempt(ctx.db, `address:${address}`, ctx.clock.now(), rule, forgetAfterMs);
    expect((await login(await provider.sign({ email, nonce: 'x' }), NONCE, address)).statusCode).toBe(401);
    const blocked = await login(await provider.sign({ email, nonce: NONCE }), NONCE, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('accounts.too_many_attempts');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers that sign-in through a provider is not configured when it is not', async () => {
    const app = await appWith({});
    try {
      expect((await app.inject({ method: 'GET', url: '/api/v1/accounts/anon/providers' })).json()).toEqual({ oidc: null });
      const response = await login(await provider.sign({ email: 'x@test.example', nonce: NONCE }), NONCE, '10.9.2.1', app);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('accounts.oidc_not_configured');
    } finally {
      await app.close();
    }
  });

  it('answers 503 while the provider cannot be reached, so the page can offer the password instead', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const app = await appWith({ OIDC_ISSUER: `http://127.0.0.1:${closedPort}`, OIDC_CLIENT_ID: provider.clientId });
    try {
      const providers = await app.inject({ method: 'GET', url: '/api/v1/accounts/anon/providers' });
      expect(providers.statusCode).toBe(503);
      expect(providers.json().code).toBe('accounts.oidc_unavailable');
      const response = await login(await provider.sign({ email: 'x@test.example', nonce: NONCE }), NONCE, '10.9.3.1', app);
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('accounts.oidc_unavailable');
    } finally {
      await app.close();
    }
  });
});
