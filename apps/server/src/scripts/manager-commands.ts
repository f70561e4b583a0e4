import { parseArgs } from 'node:util';
import { accountCreateSchema, passwordSchema, ROLES, type Role } from '@bjk/domain';
import { createAccount, listAccounts, resetAccountPassword, updateManagerAccount } from '../modules/accounts/accounts.service.js';
import { findAccountByEmail } from '../modules/accounts/accounts.repository.js';
import type { ServiceContext } from '../platform/service-context.js';
import { AppError } from '../platform/errors.js';

export const MANAGER_USAGE = `Manage back office accounts from a shell (DATABASE_URL, else the embedded PostgreSQL of DATA_DIR,
the running site's own when it runs).

  npm run manager -- create --email <e-mail> --name <display name> [--roles admin,registrar,...]
  npm run manager -- reset-password --email <e-mail>
  npm run manager -- disable --email <e-mail>
  npm run manager -- enable --email <e-mail>
  npm run manager -- list

The password (create, reset-password) is read from MANAGER_PASSWORD, else asked for on the terminal
(or read from the first line of standard input). At least 12 characters.
Roles: ${ROLES.join(', ')}.`;

export class UsageError extends Error {}

export type ManagerCommandIo = {
  /** Asks for a password (not echoed); called only by the commands that set one. */
  readPassword: () => Promise<string>;
  print: (line: string) => void;
};

function parseRoles(value: string | undefined): Role[] {
  if (!value) return ['admin'];
  const roles = value
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const unknown = roles.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (unknown.length) throw new UsageError(`Unknown role(s): ${unknown.join(', ')}. Roles: ${ROLES.join(', ')}`);
  return roles as Role[];
}

async function askPassword(io: ManagerCommandIo): Promise<string> {
  const password = await io.readPassword();
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) throw new UsageError('The password must have at least 12 characters');
  return parsed.data;
}

/** Runs one `npm run manager` command on an open database; the same services as the back office, audited as the system. */
export async function runManagerCommand(ctx: ServiceContext, argv: string[], io: ManagerCommandIo): Promise<void> {
  const { db } = ctx;
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, roles: { type: 'string' } },
  });
  const [command, ...rest] = positionals;
  if (!command || rest.length) throw new UsageError(MANAGER_USAGE);
  if (command === 'list') {
    for (const a of await listAccounts(db)) {
      io.print(`${a.email}\t${a.displayName}\t${a.roles.join(',') || '-'}\t${a.enabled ? 'enabled' : 'disabled'}`);
    }
    return;
  }
  if (!values.email) throw new UsageError(`--email is required\n\n${MANAGER_USAGE}`);
  const email = values.email.trim();

  if (command === 'create') {
    const input = accountCreateSchema.safeParse({ email, displayName: values.name ?? email.split('@')[0], roles: parseRoles(values.roles) });
    if (!input.success) throw new UsageError(input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
    const password = await askPassword(io);
    const account = await db.transaction((tx) => createAccount({ ...ctx, db: tx }, { ...input.data, password }));
    io.print(`created ${account.email} with roles ${account.roles.join(', ') || '(none)'}`);
    return;
  }

  const account = await findAccountByEmail(db, email);
  if (!account) throw new UsageError(`No account with e-mail ${email}`);
  if (command === 'reset-password') {
    await resetAccountPassword(ctx, account.id, await askPassword(io));
    io.print(`new password set for ${account.email}; its sessions are ended`);
  } else if (command === 'disable' || command === 'enable') {
    const enabled = command === 'enable';
    await updateManagerAccount(ctx, account.id, { displayName: account.displayName, roles: account.roles, enabled });
    io.print(`${account.email} is ${enabled ? 'enabled' : 'disabled; its sessions are ended'}`);
  } else {
    throw new UsageError(`Unknown command ${command}\n\n${MANAGER_USAGE}`);
  }
}

/** A failure the operator can act on (bad input, a rule of the back office) rather than a crash. */
export function describeCommandFailure(error: unknown): string | null {
  if (error instanceof UsageError) return error.message;
  if (error instanceof AppError) return error.message;
  return null;
}
