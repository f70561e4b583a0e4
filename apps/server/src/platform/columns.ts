import { GENDERS } from '@bjk/domain';
import { customType, integer, text } from 'drizzle-orm/pg-core';

/** Binary column (photos, files): Buffer in, Buffer out. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

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
