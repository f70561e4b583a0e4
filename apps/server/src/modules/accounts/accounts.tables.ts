import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '@bjk/domain';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

/**
 * Login attempts per client address and per account name, in fixed windows. In PostgreSQL rather than in
 * the process (as @fastify/rate-limit keeps them) so the limit holds across every instance behind a load
 * balancer and across restarts: an attacker cannot multiply the budget by spreading over instances.
 */
export const loginThrottle = pgTable('login_throttle', {
  /** `address:<ip>`, `account:<lower-case e-mail>`, or `idtoken:<sha-256>` (an id token's uses: one allowed). */
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull(),
});
