import { randomBytes } from 'node:crypto';
import type { Role } from '@bjk/domain';
import { createAccount } from '../src/modules/accounts/accounts.service.js';
import { createTestApp, type TestContext } from './test-app.js';
import { systemContext } from '../src/platform/service-context.js';

export const TEST_PASSWORD = 'correct-horse-battery-staple';

/** A fresh enabled manager with these roles, created through the accounts service; answers its e-mail. */
export async function createManager(ctx: TestContext, roles: Role[] = ['admin']): Promise<{ email: string; id: string }> {
  const email = `manager-${randomBytes(4).toString('hex')}@test.example`;
  const account = await createAccount(systemContext(ctx), { email, displayName: `Manager ${roles.join('+')}`, password: TEST_PASSWORD, roles });
  return { email, id: account.id };
}

/** Logs in through the real login call and answers the headers a manager's requests carry. */
export async function loginHeaders(ctx: TestContext, email: string, password = TEST_PASSWORD): Promise<{ authorization: string }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/accounts/anon/login',
    payload: { logintype: 'email', username: email, password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return { authorization: `Bearer ${response.json().token}` };
}

/** Headers of a freshly logged-in manager with these roles (default admin). */
export async function managerHeaders(ctx: TestContext, roles: Role[] = ['admin']): Promise<{ authorization: string }> {
  const { email } = await createManager(ctx, roles);
  return loginHeaders(ctx, email);
}

/** A test file's usual set-up: the app on a database of its own, and a logged-in manager with these roles (default admin). */
export async function appWithManager(
  roles: Role[] = ['admin'],
  options?: Parameters<typeof createTestApp>[0],
): Promise<{ ctx: TestContext; headers: { authorization: string } }> {
  const ctx = await createTestApp(options);
  return { ctx, headers: await managerHeaders(ctx, roles) };
}
