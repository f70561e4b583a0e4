import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { answerColumns } from '../../platform/columns.js';

/**
 * A family's signed-in sessions (decision 0013): the cookie carries a random token, the row keeps only its SHA-256,
 * so a database read opens no session. A session lives a fixed time from its sign-in and is never extended.
 */
export const familySessions = pgTable(
  'family_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The family: the e-mail address the sign-in link was mailed to (lower case). */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('family_sessions_email_idx').on(t.email), index('family_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Sign-in links asked for, per address, for the rate limit: the address is kept as a keyed digest (an unknown
 * address typed by a stranger is not stored in clear), known or not, so the limit tells nothing either.
 */
export const familySignInRequests = pgTable(
  'family_sign_in_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    emailDigest: text('email_digest').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('family_sign_in_requests_digest_idx').on(t.emailDigest, t.at)],
);

/** A family's request about a reservation (a change, a cancellation): the lodging desk answers it; nothing changes by itself. */
export const familyReservationRequests = pgTable(
  'family_reservation_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reservationId: uuid('reservation_id').notNull(),
    email: text('email').notNull(),
    kind: text('kind', { enum: ['change', 'cancel'] }).notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: ['open', 'answered'] })
      .notNull()
      .default('open'),
    answer: text('answer').notNull().default(''),
    ...answerColumns(),
  },
  (t) => [index('family_reservation_requests_reservation_idx').on(t.reservationId), index('family_reservation_requests_status_idx').on(t.status, t.createdAt)],
);

/**
 * A child's absence or half-point bye asked for a round. One live request per child and round (withdrawn ones stay
 * as history); the arbiters mark it noted once it is in the pairing program.
 */
export const familyAbsences = pgTable(
  'family_absences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    editionCode: text('edition_code').notNull(),
    registrationId: uuid('registration_id').notNull(),
    /** The category when asked (the arbiters' list is per category and round). */
    category: text('category').notNull(),
    round: integer('round').notNull(),
    kind: text('kind', { enum: ['absent', 'half_point_bye'] }).notNull(),
    remark: text('remark').notNull().default(''),
    status: text('status', { enum: ['requested', 'noted', 'withdrawn'] })
      .notNull()
      .default('requested'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    notedAt: timestamp('noted_at', { withTimezone: true }),
    notedBy: text('noted_by'),
  },
  (t) => [
    uniqueIndex('family_absences_one_per_round_idx')
      .on(t.registrationId, t.round)
      .where(sql`${t.status} <> 'withdrawn'`),
    index('family_absences_list_idx').on(t.editionCode, t.category, t.round),
  ],
);

/**
 * The shredder's runs (decision 0016): one row per edition and stage once it ran, with what it erased (counts only),
 * so a stage runs once per edition and the back office can say when an edition's personal data went.
 */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    editionCode: text('edition_code').notNull(),
    stage: text('stage', { enum: ['personal_data', 'accounting'] }).notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.editionCode, t.stage] })],
);

/**
 * A family's privacy request (issue #26): the erasure of one child or of the whole family, or a correction of a
 * child's name or birth date. The organisers approve or refuse it with a reason; an approved erasure runs the
 * shredder's own erasers on the family's rows (decision 0021). The shredder deletes the edition's requests with the rest.
 */
export const familyPrivacyRequests = pgTable(
  'family_privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    editionCode: text('edition_code').notNull(),
    /** The family: the signed-in address that asked (lower case). */
    email: text('email').notNull(),
    language: text('language', { enum: ['nl', 'fr', 'de', 'en'] }).notNull(),
    kind: text('kind', { enum: ['erasure', 'correction'] }).notNull(),
    /** The child concerned; null: the whole family (an erasure). */
    registrationId: uuid('registration_id'),
    correction: jsonb('correction').$type<{ firstName: string; lastName: string; birthDate: string }>(),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['open', 'approved', 'refused'] })
      .notNull()
      .default('open'),
    reason: text('reason').notNull().default(''),
    ...answerColumns(),
  },
  (t) => [index('family_privacy_requests_email_idx').on(t.email), index('family_privacy_requests_status_idx').on(t.status, t.createdAt)],
);
