import { pick } from '@bjk/domain/objects';
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
import type { ServiceContext } from '../../platform/service-context.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db.js';
import { AppError, conflict, notFound, unauthenticated } from '../../platform/errors.js';
import { changedFields, recordAudit, type AuditEntryInput } from '../../platform/audit.js';
import {
  countAccounts,
  countAccountsWithLiveSessions,
  countEnabledAccounts,
  countLoginAttempt,
  deleteStaleLoginAttempts,
  findKnownBrowser,
  findLoginThrottle,
  forgetKnownBrowsersOfAccount,
  forgetLoginAttempts,
  insertKnownBrowser,
  sumPairFailures,
  takeLoginAttempt,
  touchKnownBrowser,
  uncountLoginAttempt,
  findAccountByEmail,
  findAccountById,
  listAccountRows,
  lockEnabledAdmins,
  revokeSessionsOfAccount,
  findLiveSession,
  insertAccount,
  insertSession,
  extendSession,
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
export async function openSession(ctx: ServiceContext, account: AccountRow): Promise<LoginResponse> {
  const { db } = ctx;
  const { clock } = ctx;
  const now = clock.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession(db, { tokenHash: hashToken(token), accountId: account.id, expiresAt, now });
  const updated = (await updateAccount(db, account.id, { lastLoginAt: now })) ?? account;
  return { token, expiresAt: expiresAt.toISOString(), account: toAccount(updated) };
}

/**
 * The login throttle (decision 0010). Guessing is slowed down per account name and address pair, and mildly
 * per address; a browser the manager logged in from before ("known browser", the login cookie) has its own
 * budget and is never slowed down by strangers; an account name is locked for strangers' browsers only on
 * proof of a distributed attack (very many failures from many addresses). Successful logins do not count.
 */
export const LOGIN_THROTTLE = {
  /** A key's failures are forgotten this long after its last attempt. */
  forgetAfterMs: 60 * 60_000,
  /** One name from one address: a few typos free, then 1 s, 2 s, 4 s … up to 15 minutes between guesses. */
  pair: { free: 5, capMs: 15 * 60_000 },
  /** One address across names (a club, a school, the venue's Wi-Fi share one): generous, and a delay of 1 minute at most. */
  address: { free: 50, capMs: 60_000 },
  /** A known browser's own guesses (a forgotten laptop): slowed down like a pair, never locked. */
  knownBrowser: { free: 10, capMs: 15 * 60_000 },
  /** Proof of attack: at least this many failures from at least this many addresses within `forgetAfterMs`. */
  lock: { failures: 100, addresses: 10 },
  /** A browser stays known this long after the login that made it known. */
  knownBrowserMaxAgeMs: 180 * 24 * 3_600_000,
} as const;

export const KNOWN_BROWSER_COOKIE = 'bjk_known_browser';
/** Tokens kept in one browser's cookie (several managers may share a desk's laptop). */
const KNOWN_BROWSER_TOKENS_KEPT = 5;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const retryDetails = (ms: number) => ({ retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)), retryAfterMinutes: Math.max(1, Math.ceil(ms / 60_000)) });

export const tooManyAttempts = (blockedForMs: number) =>
  new AppError(429, ACCOUNTS_ERRORS.tooManyAttempts, 'Too many login attempts; retry later', retryDetails(blockedForMs));

export const loginLocked = (blockedForMs: number) =>
  new AppError(
    429,
    ACCOUNTS_ERRORS.loginLocked,
    'This account is locked for unknown browsers after an attack; log in from a browser used before or retry later',
    retryDetails(blockedForMs),
  );

/** The known-browser tokens a login request's cookie carries (malformed ones ignored). */
export function knownBrowserTokens(cookieHeader: string | undefined): string[] {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === KNOWN_BROWSER_COOKIE && value)
      return value
        .split('.')
        .filter((token) => TOKEN_PATTERN.test(token))
        .slice(-KNOWN_BROWSER_TOKENS_KEPT);
  }
  return [];
}

/** The cookie's new value after this browser became known for one more account: the newest tokens kept. */
export function knownBrowserCookieValue(tokens: string[], added: string): string {
  return [...tokens.filter((token) => token !== added), added].slice(-KNOWN_BROWSER_TOKENS_KEPT).join('.');
}

type LoginAttempt = { address: string; knownBrowserTokens: string[] };
export type PasswordLogin = { session: LoginResponse; knownBrowserToken: string | null };

const giveBack = (db: Db, key: string) => uncountLoginAttempt(db, key);

/**
 * E-mail + password login. Unknown e-mail, wrong password and disabled account give the same answer (and
 * the same throttle: the rules key on the name as typed), and an unknown e-mail still pays for a hash
 * comparison so timing does not tell them apart. Answers the session and, when this browser was not known
 * for the account yet, the token its cookie gets.
 */
export async function loginWithPassword(ctx: ServiceContext, email: string, password: string, attempt: LoginAttempt): Promise<PasswordLogin> {
  const { db } = ctx;
  const { clock } = ctx;
  const now = clock.now();
  const rules = LOGIN_THROTTLE;
  const name = email.trim().toLowerCase();
  const account = await findAccountByEmail(db, email);
  const known = account
    ? await findKnownBrowser(db, account.id, attempt.knownBrowserTokens.map(hashToken), new Date(now.getTime() - rules.knownBrowserMaxAgeMs))
    : undefined;
  const taken: string[] = [];
  if (known) {
    const browserKey = `browser:${known.tokenHash}`;
    const result = await takeLoginAttempt(db, browserKey, now, rules.knownBrowser, rules.forgetAfterMs);
    if ('blockedForMs' in result) throw tooManyAttempts(result.blockedForMs);
    taken.push(browserKey);
  } else {
    const evidence = await sumPairFailures(db, name, now, rules.forgetAfterMs);
    if (evidence.failures >= rules.lock.failures && evidence.addresses >= rules.lock.addresses) {
      throw loginLocked(evidence.lastAt!.getTime() + rules.forgetAfterMs - now.getTime());
    }
    for (const [key, rule] of [
      [`pair:${name}|${attempt.address}`, rules.pair],
      [`address:${attempt.address}`, rules.address],
    ] as const) {
      const result = await takeLoginAttempt(db, key, now, rule, rules.forgetAfterMs);
      if ('blockedForMs' in result) {
        for (const earlier of taken) await giveBack(db, earlier);
        throw tooManyAttempts(result.blockedForMs);
      }
      taken.push(key);
    }
  }
  const valid = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH);
  if (!account || !account.passwordHash || !valid || !account.enabled) {
    if (account && !known) await auditLoginFailure(db, account.id, name, attempt.address, now);
    throw wrongCredentials();
  }
  // The pair (or the known browser) knows the password: its failures are forgotten; the address's budget is given back.
  await forgetLoginAttempts(db, taken[0]!);
  if (taken[1]) await giveBack(db, taken[1]);
  await deleteStaleLoginAttempts(db, new Date(now.getTime() - 24 * 3_600_000));
  let knownBrowserToken: string | null = null;
  if (known) await touchKnownBrowser(db, known.tokenHash, now);
  else {
    knownBrowserToken = randomBytes(32).toString('base64url');
    await insertKnownBrowser(db, { tokenHash: hashToken(knownBrowserToken), accountId: account.id, now });
  }
  return { session: await openSession(ctx, account), knownBrowserToken };
}

/** Every change of an account is audited against its id, with a small picture of what changed (no addresses, no passwords). */
async function auditAccount(db: DbOrTx, actor: Principal | null, action: string, accountId: string, change: Pick<AuditEntryInput, 'before' | 'after'> = {}) {
  await recordAudit(db, { actor, action, subjectType: 'account', subjectId: accountId, ...change });
}

/**
 * Audit entries for the throttle's turning points on an existing account: a pair starting to be slowed
 * down, and the account name becoming locked for unknown browsers (the failure that completed the proof).
 * Addresses are not written (personal data); counts are.
 */
async function auditLoginFailure(db: Db, accountId: string, name: string, address: string, now: Date) {
  const rules = LOGIN_THROTTLE;
  const pair = await findLoginThrottle(db, `pair:${name}|${address}`);
  if (pair?.attempts === rules.pair.free) {
    await auditAccount(db, null, 'accounts.login_slowed', accountId, { after: { failures: pair.attempts } });
  }
  const evidence = await sumPairFailures(db, name, now, rules.forgetAfterMs);
  const locked = (failures: number, addresses: number) => failures >= rules.lock.failures && addresses >= rules.lock.addresses;
  const newAddress = pair?.attempts === 1 ? 1 : 0;
  if (locked(evidence.failures, evidence.addresses) && !locked(evidence.failures - 1, evidence.addresses - newAddress)) {
    await auditAccount(db, null, 'accounts.login_locked', accountId, { after: { failures: evidence.failures, addresses: evidence.addresses } });
  }
}

export const oidcNotConfigured = () => new AppError(404, ACCOUNTS_ERRORS.oidcNotConfigured, 'Sign-in through an identity provider is not configured');

/** The provider's answer could not be verified (forged, expired, for another site, replayed, unverified e-mail). */
export const invalidIdToken = () => new AppError(401, ACCOUNTS_ERRORS.oidcInvalidToken, 'The identity provider’s sign-in could not be verified');

/**
 * A valid id token whose e-mail has no enabled manager account (unknown, disabled, or outside the allowed
 * domains, not told apart). Saying so tells the caller nothing new: only the owner of that address obtains
 * such a token, and it tells them to ask an admin rather than to retry.
 */
export const noAccountForIdToken = () => new AppError(401, ACCOUNTS_ERRORS.oidcNoAccount, 'No enabled manager account has this e-mail address');

export const oidcUnavailable = () =>
  new AppError(503, ACCOUNTS_ERRORS.oidcUnavailable, 'The identity provider cannot be reached; retry later or log in with a password');

/** Why a sign-in was refused, for the server's log (never in the answer). */
export type LoginLog = { info(details: Record<string, unknown>, message: string): void };

/**
 * Sign-in with the identity provider's id token: verified against the issuer's published keys, then mapped
 * to an existing enabled account by e-mail (case-insensitive). Slowed down per address like a password login
 * (the per-pair rule protects guessable passwords; a signed token cannot be guessed).
 */
export async function loginWithIdToken(
  ctx: ServiceContext,
  provider: OidcProvider | null,
  input: { token: string; nonce: string },
  address: string,
  log: LoginLog,
): Promise<LoginResponse> {
  const { db } = ctx;
  const { clock } = ctx;
  if (!provider) throw oidcNotConfigured();
  const addressKey = `address:${address}`;
  const taken = await takeLoginAttempt(db, addressKey, clock.now(), LOGIN_THROTTLE.address, LOGIN_THROTTLE.forgetAfterMs);
  if ('blockedForMs' in taken) throw tooManyAttempts(taken.blockedForMs);
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
  await uncountLoginAttempt(db, addressKey);
  return openSession(ctx, account);
}

export async function logout(ctx: ServiceContext, token: string): Promise<void> {
  const { db } = ctx;
  const { clock } = ctx;
  await revokeSession(db, hashToken(token), clock.now());
}

/**
 * Makes the caller's session last until `until` (the end of a venue desk's day: the phone may be offline for hours,
 * so nothing slides it), never beyond the session's maximal age and never shorter than it was. Answers the expiry.
 */
export async function keepSessionUntil(ctx: ServiceContext, token: string, until: Date): Promise<Date> {
  const expiresAt = await extendSession(ctx.db, hashToken(token), ctx.clock.now(), until);
  if (!expiresAt) throw unauthenticated();
  return expiresAt;
}

/** The access guard's resolver: a token is valid while its session is live and its account enabled. */
export function createSessionResolver(db: Db, clock: Clock): SessionResolver {
  return async (token) => {
    const now = clock.now();
    const tokenHash = hashToken(token);
    const found = await findLiveSession(db, tokenHash, now);
    if (!found) return null;
    // Slid at most once a minute: most requests (a desk's scans, a page's reads) need no write, nor its round trip.
    if (now.getTime() - found.session.lastSeenAt.getTime() > SLIDE_EVERY_MS) {
      const capped = Math.min(now.getTime() + SESSION_TTL_MS, found.session.createdAt.getTime() + SESSION_MAX_AGE_MS);
      await touchSession(db, tokenHash, now, new Date(capped), SLIDE_EVERY_MS);
    }
    return toPrincipal(found.account);
  };
}

export async function createAccount(
  ctx: ServiceContext,
  input: { email: string; displayName: string; password: string | null; roles: Role[] },
): Promise<Account> {
  const { db, actor } = ctx;
  const row = await insertAccount(db, {
    email: input.email.trim(),
    displayName: input.displayName.trim(),
    passwordHash: input.password ? await hashPassword(input.password) : null,
    roles: [...new Set(input.roles)],
  });
  if (!row) throw conflict(ACCOUNTS_ERRORS.emailTaken, 'An account with this e-mail exists already');
  await auditAccount(db, actor, 'accounts.create', row.id, { after: pick(row, ['email', 'displayName', 'roles']) });
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
export async function updateManagerAccount(ctx: ServiceContext, id: string, input: AccountUpdate): Promise<AccountListItem> {
  const { db, clock, actor } = ctx;
  return db.transaction(async (tx) => {
    const admins = await lockEnabledAdmins(tx);
    const before = await getAccount(tx, id);
    const roles = [...new Set(input.roles)];
    const staysAdmin = input.enabled && roles.includes('admin');
    if (admins.includes(id) && !staysAdmin && admins.length <= 1) throw lastAdmin();
    const after = (await updateAccount(tx, id, { displayName: input.displayName.trim(), roles, enabled: input.enabled }))!;
    if (before.enabled && !after.enabled) {
      await revokeSessionsOfAccount(tx, id, clock.now());
      await forgetKnownBrowsersOfAccount(tx, id);
    }
    const changes = changedFields(
      { displayName: before.displayName, roles: before.roles, enabled: before.enabled },
      { displayName: after.displayName, roles: after.roles, enabled: after.enabled },
    );
    if (changes) await auditAccount(tx, actor, 'accounts.update', id, changes);
    return toAccountListItem(after);
  });
}

/** Sets a new password and ends every other session of the account (a leaked password stops working at once). */
export async function resetAccountPassword(ctx: ServiceContext, id: string, password: string, keepToken?: string): Promise<void> {
  const { db, clock, actor } = ctx;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await getAccount(tx, id);
    await updateAccount(tx, id, { passwordHash });
    await revokeSessionsOfAccount(tx, id, clock.now(), keepToken ? hashToken(keepToken) : undefined);
    await forgetKnownBrowsersOfAccount(tx, id);
    await auditAccount(tx, actor, 'accounts.reset_password', id);
  });
}

/** At first start, `BOOTSTRAP_ADMIN_EMAIL` and `BOOTSTRAP_ADMIN_PASSWORD` create the first admin (only when no account exists). */
export async function ensureBootstrapAdmin(ctx: ServiceContext, email: string | undefined, password: string | undefined): Promise<boolean> {
  if (!email || !password) return false;
  return ctx.db.transaction(async (tx) => {
    if ((await countAccounts(tx)) > 0) return false;
    await createAccount({ ...ctx, db: tx }, { email, displayName: email.split('@')[0] ?? email, password, roles: ['admin'] });
    return true;
  });
}

/** Dashboard: enabled managers, and how many of them have a live session. */
export async function accountFigures(ctx: ServiceContext): Promise<DashboardFigure[]> {
  const [enabled, online] = await Promise.all([countEnabledAccounts(ctx.db), countAccountsWithLiveSessions(ctx.db, ctx.clock.now())]);
  return [
    { key: 'enabledManagers', value: enabled, unit: 'count', link: '/mgmt/accounts' },
    { key: 'managersWithSession', value: online, unit: 'count' },
  ];
}
