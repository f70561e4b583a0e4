import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { systemContext } from '../platform/service-context.js';
import { loginHeaders, managerHeaders } from '../../test/managers.js';
import { findAccountByEmail } from '../modules/accounts/accounts.repository.js';
import { runManagerCommand } from './manager-commands.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // Another admin exists, so disabling the one under test never touches the last-admin rule.
  await managerHeaders(ctx, ['admin']);
}, 60_000);
afterAll(async () => ctx?.close());

function run(args: string[], password = 'a-long-cli-password') {
  const lines: string[] = [];
  return runManagerCommand(systemContext(ctx), args, { readPassword: async () => password, print: (l) => lines.push(l) }).then(() => lines);
}

describe('npm run manager', () => {
  it('creates a manager who can log in with the password given', async () => {
    const lines = await run(['create', '--email', 'cli@test.example', '--name', 'Cli Admin', '--roles', 'treasurer,readonly']);
    expect(lines[0]).toContain('created cli@test.example');
    const row = await findAccountByEmail(ctx.db, 'cli@test.example');
    expect(row).toMatchObject({ displayName: 'Cli Admin', roles: ['treasurer', 'readonly'], enabled: true });
    await loginHeaders(ctx, 'cli@test.example', 'a-long-cli-password');
  });

  it('resets a password and disables or enables an account by e-mail', async () => {
    await run(['create', '--email', 'cli2@test.example']);
    const headers = await loginHeaders(ctx, 'cli2@test.example', 'a-long-cli-password');
    await run(['reset-password', '--email', 'CLI2@test.example'], 'another-long-password');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me', headers })).statusCode).toBe(401);
    await loginHeaders(ctx, 'cli2@test.example', 'another-long-password');
    await run(['disable', '--email', 'cli2@test.example']);
    await expect(loginHeaders(ctx, 'cli2@test.example', 'another-long-password')).rejects.toThrow(/401/);
    await run(['enable', '--email', 'cli2@test.example']);
    await loginHeaders(ctx, 'cli2@test.example', 'another-long-password');
    expect((await run(['list'])).some((l) => l.startsWith('cli2@test.example\t'))).toBe(true);
  });

  it('explains wrong use instead of changing anything', async () => {
    await expect(run(['create', '--email', 'short@test.example'], 'short')).rejects.toThrow(/at least 12/);
    await expect(run(['create', '--email', 'x@test.example', '--roles', 'king'])).rejects.toThrow(/Unknown role/);
    await expect(run(['disable', '--email', 'nobody@test.example'])).rejects.toThrow(/No account/);
    await expect(run(['promote', '--email', 'cli@test.example'])).rejects.toThrow(/Unknown command/);
    await expect(run(['create', '--email', 'cli@test.example'])).rejects.toThrow(/exists already/);
    expect(await findAccountByEmail(ctx.db, 'short@test.example')).toBeUndefined();
  });
});
