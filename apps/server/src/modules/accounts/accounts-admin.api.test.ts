import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { TestContext } from '../../../test/test-app.js';
import { appWithManager, createManager, loginHeaders, TEST_PASSWORD } from '../../../test/managers.js';
import { listAccountRows, updateAccount } from './accounts.repository.js';

let ctx: TestContext;
let admin: { authorization: string };
beforeAll(async () => ({ ctx, headers: admin } = await appWithManager(['admin'])), 60_000);
afterAll(async () => ctx?.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: unknown, headers = admin) => ctx.app.inject({ method, url, payload: payload as never, headers });
const me = (headers: { authorization: string }) => call('GET', '/api/v1/accounts/me', undefined, headers);
const history = async (id: string) =>
  (await call('GET', `/api/v1/audit?subjectType=account&subjectId=${id}`)).json().items.map((e: { action: string }) => e.action);

describe('managing manager accounts', () => {
  it('lets an admin create a manager who can then log in with the roles given', async () => {
    const email = `new-${Date.now()}@test.example`;
    const created = await call('POST', '/api/v1/accounts', { email, displayName: 'Nora Desk', roles: ['lodging_desk'], password: 'a-very-long-password' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email, displayName: 'Nora Desk', roles: ['lodging_desk'], enabled: true, hasPassword: true });
    expect(created.json().permissions).toContain('lodging:write');
    const headers = await loginHeaders(ctx, email, 'a-very-long-password');
    expect((await me(headers)).json().displayName).toBe('Nora Desk');
    expect(await history(created.json().id)).toEqual(['accounts.create']);
    const list = await call('GET', '/api/v1/accounts');
    expect(list.json().map((a: { email: string }) => a.email)).toContain(email);
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const { email } = await createManager(ctx, ['editor']);
    const again = await call('POST', '/api/v1/accounts', { email: email.toUpperCase(), displayName: 'Again', roles: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('accounts.email_taken');
  });

  it('checks the new account: valid e-mail, known roles, a long enough password', async () => {
    const response = await call('POST', '/api/v1/accounts', { email: 'not-an-email', displayName: '', roles: ['king'], password: 'short' });
    expect(response.statusCode).toBe(400);
    const paths = response.json().details.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['body.email', 'body.displayName', 'body.roles.0', 'body.password']));
  });

  it('applies a change of roles to the manager’s very next request', async () => {
    const { email, id } = await createManager(ctx, ['treasurer']);
    const headers = await loginHeaders(ctx, email);
    expect((await call('GET', '/api/v1/audit', undefined, headers)).statusCode).toBe(200);
    const updated = await call('PUT', `/api/v1/accounts/${id}`, { displayName: 'Tess', roles: ['editor'], enabled: true });
    expect(updated.statusCode).toBe(200);
    expect((await call('GET', '/api/v1/audit', undefined, headers)).statusCode).toBe(403);
    const entry = (await call('GET', `/api/v1/audit?subjectType=account&subjectId=${id}`)).json().items[0];
    expect(entry).toMatchObject({ action: 'accounts.update', before: { roles: ['treasurer'] }, after: { roles: ['editor'], displayName: 'Tess' } });
  });

  it('ends every session of a disabled manager at once, and re-enabling does not revive them', async () => {
    const { email, id } = await createManager(ctx, ['registrar']);
    const headers = await loginHeaders(ctx, email);
    expect((await me(headers)).statusCode).toBe(200);
    expect((await call('PUT', `/api/v1/accounts/${id}`, { displayName: 'Reg', roles: ['registrar'], enabled: false })).statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await call('PUT', `/api/v1/accounts/${id}`, { displayName: 'Reg', roles: ['registrar'], enabled: true })).statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await loginHeaders(ctx, email)).authorization).toMatch(/^Bearer /);
  });

  it('resets a password: the old one stops working and other sessions end', async () => {
    const { email, id } = await createManager(ctx, ['arbiter']);
    const headers = await loginHeaders(ctx, email);
    const reset = await call('PUT', `/api/v1/accounts/${id}/password`, { password: 'the-new-long-password' });
    expect(reset.statusCode).toBe(204);
    expect((await me(headers)).statusCode).toBe(401);
    await expect(loginHeaders(ctx, email, TEST_PASSWORD)).rejects.toThrow(/401/);
    await loginHeaders(ctx, email, 'the-new-long-password');
    expect(await history(id)).toContain('accounts.reset_password');
    expect((await call('PUT', `/api/v1/accounts/${id}/password`, { password: 'short' })).json().details.issues[0].message).toBe('Too short');
  });

  it('keeps the caller logged in when admins reset their own password', async () => {
    const { email, id } = await createManager(ctx, ['admin']);
    const own = await loginHeaders(ctx, email);
    expect((await call('PUT', `/api/v1/accounts/${id}/password`, { password: 'my-own-new-password' }, own)).statusCode).toBe(204);
    expect((await me(own)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown account', async () => {
    const response = await call('PUT', '/api/v1/accounts/00000000-0000-4000-8000-000000000000', { displayName: 'X', roles: [], enabled: true });
    expect(response.statusCode).toBe(404);
  });

  it('never leaves the back office without an enabled admin', async () => {
    const { id: lastId, email } = await createManager(ctx, ['admin']);
    const others = (await listAccountRows(ctx.db)).filter((row) => row.id !== lastId && row.roles.includes('admin') && row.enabled);
    for (const row of others) await updateAccount(ctx.db, row.id, { enabled: false });
    // The other admins come back afterwards: the file's admin serves the other tests.
    onTestFinished(async () => {
      for (const row of others) await updateAccount(ctx.db, row.id, { enabled: true });
    });
    const last = await loginHeaders(ctx, email);
    const disable = await call('PUT', `/api/v1/accounts/${lastId}`, { displayName: 'Last', roles: ['admin'], enabled: false }, last);
    expect(disable.statusCode).toBe(409);
    expect(disable.json().code).toBe('accounts.last_admin');
    const demote = await call('PUT', `/api/v1/accounts/${lastId}`, { displayName: 'Last', roles: ['readonly'], enabled: true }, last);
    expect(demote.statusCode).toBe(409);
    expect((await call('PUT', `/api/v1/accounts/${lastId}`, { displayName: 'Last one', roles: ['admin'], enabled: true }, last)).statusCode).toBe(200);
  });
});
