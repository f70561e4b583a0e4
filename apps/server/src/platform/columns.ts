import { CONSENT_SOURCES, GENDERS, type ConsentChoices, type Consents, type ConsentSource } from '@bjk/domain';
import { boolean, customType, integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Binary column (photos, files): Buffer in, Buffer out. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An outbox row's delivery (the mail and the push outbox alike): `queued` until a worker claims it when
 * `nextAttemptAt` has come (`sending`, leased until then), `sent`, or `failed` after the last attempt with its error.
 */
export function outboxDeliveryColumns() {
  return {
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
  };
}

/**
 * The player identity's columns (`PlayerIdentity` of `@bjk/domain`), defined once and spread into every table that
 * carries a player (members, registrations, participants); `playerIdentityOf` copies them from one row to another.
 */
export function playerIdentityColumns() {
  return {
    idbel: integer('idbel'),
    idfide: integer('idfide'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthYear: integer('birth_year'),
    gender: text('gender', { enum: GENDERS }),
    clubId: integer('club_id'),
    clubName: text('club_name'),
    fideFederation: text('fide_federation'),
    ratingNational: integer('rating_national'),
    ratingFide: integer('rating_fide'),
    fideTitle: text('fide_title'),
  };
}

/**
 * A player's consent per purpose (decision 0020), on registrations and on participants alike: the choices, when and
 * by whom they were last set (`enrolment`, `family`, `manager`; `default` for rows from before consents existed). The
 * person who acted is in the audit trail, not here.
 */
export function consentColumns() {
  return {
    consentBadgePhoto: boolean('consent_badge_photo').notNull().default(false),
    consentWebPhoto: boolean('consent_web_photo').notNull().default(false),
    consentPublicName: boolean('consent_public_name').notNull().default(false),
    consentsChangedAt: timestamp('consents_changed_at', { withTimezone: true }),
    consentsChangedBy: text('consents_changed_by', { enum: CONSENT_SOURCES }).notNull().default('default'),
  };
}

type ConsentRow = {
  consentBadgePhoto: boolean;
  consentWebPhoto: boolean;
  consentPublicName: boolean;
  consentsChangedAt: Date | null;
  consentsChangedBy: ConsentSource;
};

/** The wire shape of a row's consents. */
export function consentsOf(row: ConsentRow): Consents {
  return {
    badgePhoto: row.consentBadgePhoto,
    webPhoto: row.consentWebPhoto,
    publicName: row.consentPublicName,
    changedAt: row.consentsChangedAt?.toISOString() ?? null,
    changedBy: row.consentsChangedBy,
  };
}

/** The columns to write for a choice made now by `by`. */
export function consentValues(choices: ConsentChoices, at: Date, by: ConsentSource): ConsentRow {
  return {
    consentBadgePhoto: choices.badgePhoto,
    consentWebPhoto: choices.webPhoto,
    consentPublicName: choices.publicName,
    consentsChangedAt: at,
    consentsChangedBy: by,
  };
}

/** When a row was made and last changed: both now by default (the service sets `updatedAt` on every change). */
export function changeStampColumns() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** A request a manager answers (family reservation and privacy requests): made, then answered by whom and when. */
export function answerColumns() {
  return {
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: text('answered_by'),
  };
}

/** A stored photo (a registration's, a participant's): the JPEG as cropped and scaled, its size, when it came. */
export function photoColumns() {
  return {
    jpeg: bytea('jpeg').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/** A column pointing at the row it belongs to, deleted with it. */
export function deletedWith<C extends { references(ref: () => AnyPgColumn, actions: { onDelete: 'cascade' }): C }>(column: C, owner: () => AnyPgColumn): C {
  return column.references(owner, { onDelete: 'cascade' });
}

/** The edition and age category a row belongs to (results, games, follows): the scope of every public results page. */
export function categoryScopeColumns() {
  return {
    edition: text('edition').notNull(),
    category: text('category').notNull(),
  };
}

/** A game's players as the relay or the PGN names them, with their FIDE ids when given: what finds a game again. */
export function gamePlayerColumns() {
  return {
    white: text('white').notNull(),
    black: text('black').notNull(),
    whiteFideId: integer('white_fide_id'),
    blackFideId: integer('black_fide_id'),
  };
}
