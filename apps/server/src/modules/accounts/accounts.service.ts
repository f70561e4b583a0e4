import { createHash, randomBytes } from 'node:crypto';
import {
  permissionsOfRoles,
  WRONG_CREDENTIALS_DETAIL,
  type Account,
  type AccountListItem,
  type AccountUpdate,
  type DashboardFigure,
  type LoginResponse,
  type Role,
  ACCOUNTS_ERRORS,
} from '@bjk/domain';
import type { Principal, SessionResolver } from '../../platform/access.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { changedFields, recordAudit } from '../../platform/audit.js';
import {
  countAccounts,
  countAccountsWithLiveSessions,
  countEnabledAccounts,
  countLoginAttempt,
  deleteStaleLoginAttempts,
  forgetLoginAttempts,
  uncountLoginAttempt,
  findAccountByEmail,
  findAccountById,
  listAccountRows,
  lockEnabledAdmins,
  revokeSessionsOfAccount,
  findLiveSession,
  insertAccount,
  insertSession,
  revokeSession,
  touchSession,
  updateAccount,
  type AccountRow,
} from './accounts.repository.js';
import { ID_TOKEN_REPLAY_WINDOW_MS, IdTokenRejected, isAllowedDomain, OidcUnavailable, type OidcProvider } from './oidc.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.js';

/** Sessions live 12 hours after the last request (sliding). */
export const SESSION_TTL_MS = 12 * 3_600_000;
/**
 * …and never longer than 7 days after the login, however much they are used: a stolen token stops working
 * within a week, and a manager signs in again at most once a week (one championship week).
 */
export const SESSION_MAX_AGE_MS = 7 * 24 * 3_600_000;
const SLIDE_EVERY_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    roles: row.roles,
    permissions: [...permissionsOfRoles(row.roles)],
    enabled: row.enabled,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

function toPrincipal(row: AccountRow): Principal {
  return { accountId: row.id, email: row.email, displayName: row.displayName, permissions: permissionsOfRoles(row.roles) };
}

export const wrongCredentials = () =>
  new AppError(401, ACCOUNTS_ERRORS.wrongCredentials, 'Wrong combination of username and password', {
    detail: WRONG_CREDENTIALS_DETAIL,
  });

/** Opens a session for an account and answers the login call. */
export async function openSession(db: DbOrTx, clock: Clock, account: AccountRow): Promise<LoginResponse> {
  const now = clock.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession(db, { tokenHash: hashToken(token), accountId: account.id, expiresAt, now });
  const updated = (await updateAccount(db, account.id, { lastLoginAt: now })) ?? account;
  return { token, expiresAt: expiresAt.toISOString(), account: toAccount(updated) };
}

/**
 * Login attempts allowed per window: per client address (generous: a club or school shares one address)
 * and per account name (tight: guessing one manager's password). Successful logins do not count.
 */
export const LOGIN_LIMITS = { windowMs: 15 * 60_000, perAddress: 50, perAccount: 10 };

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(429, ACCOUNTS_ERRORS.tooManyAttempts, 'Too many login attempts; retry later', { retryAfterSeconds });

/**
 * Counts a login attempt before the password is checked (so a burst of parallel guesses cannot pass the
 * limit while hashes are computed) and answers how to settle it once the outcome is known.
 */
export async function throttleLoginAttempt(db: Db, now: Date, address: string, accountName: string | null) {
  const checks = [{ key: `address:${address}`, limit: LOGIN_LIMITS.perAddress }];
  if (accountName) checks.push({ key: `account:${accountName.trim().toLowerCase()}`, limit: LOGIN_LIMITS.perAccount });
  let blockedUntil = 0;
  for (const check of checks) {
    const { attempts, windowStartedAt } = await countLoginAttempt(db, check.key, now, LOGIN_LIMITS.windowMs);
    if (attempts > check.limit) blockedUntil = Math.max(blockedUntil, windowStartedAt.getTime() + LOGIN_LIMITS.windowMs);
  }
  if (blockedUntil) throw tooManyAttempts(Math.max(1, Math.ceil((blockedUntil - now.getTime()) / 1000)));
  return {
    succeeded: async () => {
      await uncountLoginAttempt(db, checks[0]!.key);
      if (checks[1]) await forgetLoginAttempts(db, checks[1].key);
      await deleteStaleLoginAttempts(db, new Date(now.getTime() - 24 * 3_600_000));
    },
  };
}

/**
 * E-mail + password login. Unknown e-mail, wrong password and disabled account give the same answer,
 * and an unknown e-mail still pays for a hash comparison so timing does not tell them apart.
 */
export async function loginWithPassword(db: Db, clock: Clock, email: string, password: string, address: string): Promise<LoginResponse> {
  const attempt = await throttleLoginAttempt(db, clock.now(), address, email);
  const account = await findAccountByEmail(db, email);
  const valid = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH);
  if (!account || !account.passwordHash || !valid || !account.enabled) throw wrongCredentials();
  await attempt.succeeded();
  return openSession(db, clock, account);
}

export const oidcNotConfigured = () =>
  new AppError(404, ACCOUNTS_ERRORS.oidcNotConfigured, 'Sign-in through an identity provider is not configured');

/** The provider's answer could not be verified (forged, expired, for another site, replayed, unverified e-mail). */
export const invalidIdToken = () =>
  new AppError(401, ACCOUNTS_ERRORS.oidcInvalidToken, 'The identity provider’s sign-in could not be verified');

/**
 * A valid id token whose e-mail has no enabled manager account (unknown, disabled, or outside the allowed
 * domains, not told apart). Saying so tells the caller nothing new: only the owner of that address obtains
 * such a token, and it tells them to ask an admin rather than to retry.
 */
export const noAccountForIdToken = () =>
  new AppError(401, ACCOUNTS_ERRORS.oidcNoAccount, 'No enabled manager account has this e-mail address');

export const oidcUnavailable = () =>
  new AppError(503, ACCOUNTS_ERRORS.oidcUnavailable, 'The identity provider cannot be reached; retry later or log in with a password');

/** Why a sign-in was refused, for the server's log (never in the answer). */
export type LoginLog = { info(details: Record<string, unknown>, message: string): void };

/**
 * Sign-in with the identity provider's id token: verified against the issuer's published keys, then mapped
 * to an existing enabled account by e-mail (case-insensitive). Throttled per address like a password login
 * (a per-account limit protects guessable passwords; a signed token cannot be guessed).
 */
export async function loginWithIdToken(
  db: Db,
  clock: Clock,
  provider: OidcProvider | null,
  input: { token: string; nonce: string },
  address: string,
  log: LoginLog,
): Promise<LoginResponse> {
  if (!provider) throw oidcNotConfigured();
  const attempt = await throttleLoginAttempt(db, clock.now(), address, null);
  let email: string;
  try {
    ({ email } = await provider.verifyIdToken(input.token, input.nonce, clock.now()));
  } catch (error) {
    if (error instanceof IdTokenRejected) {
      log.info({ reason: error.message }, 'id token refused');
      throw invalidIdToken();
    }
    if (error instanceof OidcUnavailable) {
      log.info({ reason: error.message }, 'identity provider unreachable');
      throw oidcUnavailable();
    }
    throw error;
  }
  // One id token, one session: a copy of it (and of the nonce sent along) taken from a request cannot open another.
  const uses = await countLoginAttempt(db, `idtoken:${hashToken(input.token)}`, clock.now(), ID_TOKEN_REPLAY_WINDOW_MS);
  if (uses.attempts > 1) {
    log.info({}, 'id token used again');
    throw invalidIdToken();
  }
  const account = isAllowedDomain(email, provider.config.allowedDomains) ? await findAccountByEmail(db, email) : undefined;
  if (!account || !account.enabled) {
    log.info({}, 'id token of no enabled account');
    throw noAccountForIdToken();
  }
  await attempt.succeeded();
  return openSession(db, clock, account);
}

export async function logout(db: DbOrTx, clock: Clock, token: string): Promise<void> {
  await revokeSession(db, hashToken(token), clock.now());
}

/** The access guard's resolver: a token is valid while its session is live and its account enabled. */
export function createSessionResolver(db: Db, clock: Clock): SessionResolver {
  return async (token) => {
    const now = clock.now();
    const tokenHash = hashToken(token);
    const found = await findLiveSession(db, tokenHash, now);
    if (!found) return null;
    const capped = Math.min(now.getTime() + SESSION_TTL_MS, found.session.createdAt.getTime() + SESSION_MAX_AGE_MS);
    await touchSession(db, tokenHash, now, new Date(capped), SLIDE_EVERY_MS);
    return toPrincipal(found.account);
  };
}

export async function createAccount(
  db: DbOrTx,
  input: { email: string; displayName: string; password: string | null; roles: Role[] },
  actor: Principal | null,
): Promise<Account> {
  const row = await insertAccount(db, {
    email: input.email.trim(),
    displayName: input.displayName.trim(),
    passwordHash: input.password ? await hashPassword(input.password) : null,
    roles: [...new Set(input.roles)],
  });
  if (!row) throw conflict(ACCOUNTS_ERRORS.emailTaken, 'An account with this e-mail exists already');
  await recordAudit(db, {
    actor,
    action: 'accounts.create',
    subjectType: 'account',
    subjectId: row.id,
    after: { email: row.email, displayName: row.displayName, roles: row.roles },
  });
  return toAccount(row);
}

export function toAccountListItem(row: AccountRow): AccountListItem {
  return { ...toAccount(row), createdAt: row.createdAt.toISOString(), hasPassword: row.passwordHash !== null };
}

export async function listAccounts(db: DbOrTx): Promise<AccountListItem[]> {
  return (await listAccountRows(db)).map(toAccountListItem);
}

export async function getAccount(db: DbOrTx, id: string): Promise<AccountRow> {
  const row = await findAccountById(db, id);
  if (!row) throw notFound(ACCOUNTS_ERRORS.notFound, 'No such account');
  return row;
}

const lastAdmin = () => conflict(ACCOUNTS_ERRORS.lastAdmin, 'The last enabled admin cannot be disabled or lose the admin role');

/**
 * Changes a manager's name, roles or enabled state. Disabling revokes all its sessions at once; the last
 * enabled admin can be neither disabled nor demoted (nobody could manage accounts any more).
 */
export async function updateManagerAccount(db: Db, clock: Clock, id: string, input: AccountUpdate, actor: Principal | null): Promise<AccountListItem> {
  return db.transaction(async (tx) => {
    const admins = await lockEnabledAdmins(tx);
    const before = await getAccount(tx, id);
    const roles = [...new Set(input.roles)];
    const staysAdmin = input.enabled && roles.includes('admin');
    if (admins.includes(id) && !staysAdmin && admins.length <= 1) throw lastAdmin();
    const after = (await updateAccount(tx, id, { displayName: input.displayName.trim(), roles, enabled: input.enabled }))!;
    if (before.enabled && !after.enabled) await revokeSessionsOfAccount(tx, id, clock.now());
    const changes = changedFields(
      { displayName: before.displayName, roles: before.roles, enabled: before.enabled },
      { displayName: after.displayName, roles: after.roles, enabled: after.enabled },
    );
    if (changes) await recordAudit(tx, { actor, action: 'accounts.update', subjectType: 'account', subjectId: id, ...changes });
    return toAccountListItem(after);
  });
}

/** Sets a new password and ends every other session of the account (a leaked password stops working at once). */
export async function resetAccountPassword(
  db: Db,
  clock: Clock,
  id: string,
  password: string,
  actor: Principal | null,
  keepToken?: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await getAccount(tx, id);
    await updateAccount(tx, id, { passwordHash });
    await revokeSessionsOfAccount(tx, id, clock.now(), keepToken ? hashToken(keepToken) : undefined);
    await recordAudit(tx, { actor, action: 'accounts.reset_password', subjectType: 'account', subjectId: id });
  });
}

/** At first start, `BOOTSTRAP_ADMIN_EMAIL` and `BOOTSTRAP_ADMIN_PASSWORD` create the first admin (only when no account exists). */
export async function ensureBootstrapAdmin(db: Db, email: string | undefined, password: string | undefined): Promise<boolean> {
  if (!email || !password) return false;
  return db.transaction(async (tx) => {
    if ((await countAccounts(tx)) > 0) return false;
    await createAccount(tx, { email, displayName: email.split('@')[0] ?? email, password, roles: ['admin'] }, null);
    return true;
  });
}

/** Dashboard: enabled managers, and how many of them have a live session. */
export async function accountFigures(db: DbOrTx, now: Date): Promise<DashboardFigure[]> {
  const [enabled, online] = await Promise.all([countEnabledAccounts(db), countAccountsWithLiveSessions(db, now)]);
  return [
    { key: 'enabledManagers', value: enabled, unit: 'count', link: '/mgmt/accounts' },
    { key: 'managersWithSession', value: online, unit: 'count' },
  ];
}
