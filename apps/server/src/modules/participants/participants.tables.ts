import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, consentColumns, playerIdentityColumns } from '../../platform/columns.js';

/** The curated start list (DOMAIN.md §4), imported from confirmed registrations or added late by managers. */
export const participants = pgTable(
  'participants',
  {
    id: serial('id').primaryKey(),
    editionCode: text('edition_code').notNull(),
    kind: text('kind', { enum: ['bjk', 'vk'] }).notNull(),
    playerKey: text('player_key').notNull(),
    ...playerIdentityColumns(),
    category: text('category').notNull(),
    email: text('email').notNull().default(''),
    /** The parent's full name from the registration: who is greeted in mails about a minor's enrolment. */
    parentName: text('parent_name').notNull().default(''),
    parentEmail: text('parent_email').notNull().default(''),
    attendantEmail: text('attendant_email').notNull().default(''),
    language: text('language', { enum: ['nl', 'fr', 'de', 'en'] })
      .notNull()
      .default('nl'),
    mealsCode: text('meals_code', { enum: ['HB', 'BO'] }),
    enabled: boolean('enabled').notNull().default(true),
    late: boolean('late').notNull().default(false),
    feeCents: integer('fee_cents'),
    remarks: text('remarks').notNull().default(''),
    registrationId: uuid('registration_id'),
    ...consentColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('participants_one_per_player_idx').on(t.editionCode, t.kind, t.playerKey)],
);

export const participantPhotos = pgTable('participant_photos', {
  participantId: integer('participant_id')
    .primaryKey()
    .references(() => participants.id, { onDelete: 'cascade' }),
  jpeg: bytea('jpeg').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/** People with a badge who do not play: arbiters, organisers, guests/parents, meals-only. */
export const attendees = pgTable('attendees', {
  id: serial('id').primaryKey(),
  editionCode: text('edition_code').notNull(),
  kind: text('kind', { enum: ['bjk', 'vk'] }).notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  category: text('category').notNull(),
  email: text('email').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  mealsCode: text('meals_code', { enum: ['HB', 'BO'] }),
  enabled: boolean('enabled').notNull().default(true),
  remarks: text('remarks').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
