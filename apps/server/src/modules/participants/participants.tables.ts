import { boolean, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { changeStampColumns, consentColumns, deletedWith, photoColumns, playerIdentityColumns } from '../../platform/columns.js';

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
    ...changeStampColumns(),
  },
  (t) => [uniqueIndex('participants_one_per_player_idx').on(t.editionCode, t.kind, t.playerKey)],
);

export const participantPhotos = pgTable('participant_photos', {
  participantId: deletedWith(integer('participant_id').primaryKey(), () => participants.id),
  ...photoColumns(),
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
  ...changeStampColumns(),
});
