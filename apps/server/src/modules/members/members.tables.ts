import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { playerIdentityColumns } from '../../platform/columns.js';

/**
 * The member registry: federation members (idbel) and FIDE-listed players (idfide), the lookup source of
 * the enrolment wizards. Either id may be missing (a FIDE-only player, a Belgian member without FIDE id),
 * each is unique when present; imports upsert on them.
 */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    ...playerIdentityColumns(),
    birthDate: text('birth_date'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_idbel_idx').on(t.idbel),
    uniqueIndex('members_idfide_idx').on(t.idfide),
    index('members_name_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`),
  ],
);
