import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@bjk/domain';
import { changeStampColumns, deletedWith } from '../../platform/columns.js';

/** Managers of the back office. Passwords are scrypt hashes; OIDC-only accounts have none. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash'),
    roles: jsonb('roles').$type<Role[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...changeStampColumns(),
  },
  (t) => [uniqueIndex('accounts_email_idx').on(sql`lower(${t.email})`)],
);

/**
 * Bearer sessions, stored by the SHA-256 of the token (a stolen database reveals no usable token).
 * In the database, not in memory, so logout and disabling revoke at once on every instance.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: deletedWith(uuid('account_id').notNull(), () => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

/**
 * Login failures per throttle key (decision 0010): `pair:<lower-case name>|<address>` (slowed down with a
 * growing delay), `address:<ip>` (mild slow-down across names), `browser:<sha-256>` (a known browser's own
 * budget) and `idtoken:<sha-256>` (an id token's uses: one allowed). In PostgreSQL rather than in the
 * process so the rule holds across every instance behind a load balancer and across restarts.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull(),
  /** The last counted attempt: the slow-down's delay runs from it, and a key is forgotten an hour after it. */
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Browsers a manager logged in from with the right password: the login cookie's random token, stored only
 * hashed. A known browser is not slowed down by strangers' guessing nor by an account lock (decision 0010).
 */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: deletedWith(uuid('account_id').notNull(), () => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('known_browsers_account_idx').on(t.accountId)],
);
