import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Links this site mails to people so that they can act without an account (platform/signed-links.ts): a family's
 * sign-in, a payer's payment page, a late-entry invitation. The token in the link is this row's id and an HMAC of it;
 * the row says what the link opens (`purpose`, `subject`), until when, and whether it was used.
 */
export const signedLinks = pgTable(
  'signed_links',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull(),
    /** What the link opens, in its purpose's terms: an e-mail address, a payment request's id, an invitation. */
    subject: text('subject').notNull(),
    /** Facts the purpose needs when the link is used (a player's id, a fee), never a secret. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    uses: text('uses', { enum: ['once', 'until_expiry'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The manager who had it sent; null when the site sent it (a family asked, a confirmation mail). */
    createdBy: text('created_by'),
    /** The first use; a single-use link is spent from then on. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    useCount: integer('use_count').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('signed_links_subject_idx').on(t.purpose, t.subject), index('signed_links_expires_idx').on(t.expiresAt)],
);

/** Secrets the site makes for itself on first use (the signed links' key when `LINK_SECRET` is not set). */
export const platformSecrets = pgTable('platform_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
