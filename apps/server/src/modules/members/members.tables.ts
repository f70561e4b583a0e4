import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The member registry: federation members (idbel) and FIDE-listed players (idfide), the lookup source of
 * the enrolment wizards. Either id may be missing (a FIDE-only player, a Belgian member without FIDE id),
 * each is unique when present; imports upsert on them.
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    idbel: integer('idbel'),
    idfide: integer('idfide'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthYear: integer('birth_year'),
    birthDate: text('birth_date'),
    gender: text('gender', { enum: ['M', 'F'] }),
    clubId: integer('club_id'),
    clubName: text('club_name'),
    fideFederation: text('fide_federation'),
    ratingNational: integer('rating_national'),
    ratingFide: integer('rating_fide'),
    fideTitle: text('fide_title'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_idbel_idx').on(t.idbel),
    uniqueIndex('members_idfide_idx').on(t.idfide),
    index('members_name_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
  ],
);
