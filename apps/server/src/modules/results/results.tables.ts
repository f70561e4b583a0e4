import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Tournament } from '@bjk/domain';
import { categoryScopeColumns } from '../../platform/columns.js';

/** An uploaded file read into the tournament model, waiting for a manager to confirm its category and publish it. */
export const tournamentImports = pgTable('tournament_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  edition: text('edition').notNull(),
  fileName: text('file_name').notNull(),
  tournament: jsonb('tournament').$type<Tournament>().notNull(),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every published version of a category's tournament, kept so a previous one can be restored. */
export const tournamentVersions = pgTable(
  'tournament_versions',
  {
    id: serial('id').primaryKey(),
    ...categoryScopeColumns(),
    version: integer('version').notNull(),
    fileName: text('file_name').notNull(),
    tournament: jsonb('tournament').$type<Tournament>().notNull(),
    publishedBy: text('published_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when this version re-publishes an older one. */
    restoredFrom: integer('restored_from'),
  },
  // Two publishes at once cannot both take the next number: one fails and is answered 409.
  (t) => [uniqueIndex('tournament_versions_number_idx').on(t.edition, t.category, t.version)],
);

/** Which version of a category the public sees. */
export const tournamentCurrent = pgTable(
  'tournament_current',
  {
    ...categoryScopeColumns(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.edition, t.category] })],
);

/**
 * An arbiter's result of one game, one row per pairing: keyed on the round and its two players (FIDE id, else the
 * name), not on the board number, which a new version of the round may give to other players. Two arbiters entering
 * different games never touch the same row; the same game is written with one upsert under a lock. A row whose
 * players no longer play each other in the published version is shown to the arbiters as such and not counted. The
 * next official import deletes the rows it supersedes.
 */
export const unofficialResults = pgTable(
  'unofficial_results',
  {
    ...categoryScopeColumns(),
    round: integer('round').notNull(),
    /** The board the game had when the result was entered (display only). */
    board: integer('board').notNull(),
    /** The players' keys (`pairingPlayerKey`): "fide:<id>" or "name:<name in lower case>". */
    // Rows written before the key existed get one that matches no pairing: shown as no longer matching, not counted.
    white: text('white')
      .notNull()
      .default(sql`'legacy:' || gen_random_uuid()`),
    black: text('black')
      .notNull()
      .default(sql`'legacy:' || gen_random_uuid()`),
    /** Their names as published then, to show a result that no longer matches the pairings. */
    whiteName: text('white_name').notNull().default(''),
    blackName: text('black_name').notNull().default(''),
    result: text('result').notNull(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.edition, t.category, t.round, t.white, t.black] }), index('unofficial_results_category_idx').on(t.edition, t.category)],
);
