import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Contact } from '@bjk/domain';
import { changeStampColumns, consentColumns, deletedWith, photoColumns, playerIdentityColumns } from '../../platform/columns.js';

/**
 * Public enrolments (DOMAIN.md §3): draft → confirmed. `player_key` is the player's identity (idbel, or
 * the FIDE id for players without one); a player has at most one confirmed registration per kind and
 * edition, enforced by the partial unique index so two concurrent confirms cannot both succeed.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    editionCode: text('edition_code').notNull(),
    kind: text('kind', { enum: ['bjk', 'vk'] }).notNull(),
    status: text('status', { enum: ['draft', 'confirmed'] })
      .notNull()
      .default('draft'),
    enabled: boolean('enabled').notNull().default(true),
    playerKey: text('player_key').notNull(),
    ...playerIdentityColumns(),
    category: text('category').notNull(),
    email: text('email').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    parent: jsonb('parent').$type<Contact>().notNull(),
    attendant: jsonb('attendant').$type<Contact>().notNull(),
    language: text('language', { enum: ['nl', 'fr', 'de', 'en'] }).notNull(),
    consent: boolean('consent').notNull().default(false),
    ...consentColumns(),
    late: boolean('late').notNull().default(false),
    feeCents: integer('fee_cents'),
    remarks: text('remarks').notNull().default(''),
    ...changeStampColumns(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('registrations_one_confirmed_per_player_idx')
      .on(t.editionCode, t.kind, t.playerKey)
      .where(sql`${t.status} = 'confirmed'`),
    index('registrations_edition_kind_idx').on(t.editionCode, t.kind, t.createdAt),
  ],
);

/** Photos live apart from their rows so lists never read image bytes. Normalised JPEG (see photo.ts). */
export const registrationPhotos = pgTable('registration_photos', {
  registrationId: deletedWith(uuid('registration_id').primaryKey(), () => registrations.id),
  ...photoColumns(),
});
