import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GameResult } from '@bjk/domain';
import type { TimedMove } from './games-merge.js';

/**
 * Where a category's games come from, per edition: the relay's push token (its SHA-256 only), the address the
 * server polls and how that went, and the broadcast delay every visitor's view of the games waits out.
 */
export const gameSources = pgTable(
  'game_sources',
  {
    edition: text('edition').notNull(),
    category: text('category').notNull(),
    pushTokenHash: text('push_token_hash'),
    delaySeconds: integer('delay_seconds').notNull().default(0),
    pollUrl: text('poll_url'),
    pollSeconds: integer('poll_seconds').notNull().default(30),
    pollRound: integer('poll_round'),
    /** The validators of the last answer, sent back as If-None-Match / If-Modified-Since. */
    pollEtag: text('poll_etag'),
    pollLastModified: text('poll_last_modified'),
    pollFailures: integer('poll_failures').notNull().default(0),
    /** When an instance may poll next; claimed with a conditional update so one instance polls at a time. */
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }),
    lastPollAt: timestamp('last_poll_at', { withTimezone: true }),
    lastPollSuccessAt: timestamp('last_poll_success_at', { withTimezone: true }),
    lastPollError: text('last_poll_error'),
    lastPollErrorAt: timestamp('last_poll_error_at', { withTimezone: true }),
    lastPushAt: timestamp('last_push_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.edition, t.category] }), index('game_sources_next_poll_idx').on(t.nextPollAt)],
);

/**
 * One game of a round, as last received. Moves carry the instant the server first had them (`TimedMove.at`), the
 * result its own: the broadcast delay counts from there. `version` makes every write a conditional update, so a
 * push and a poll of the same round at once never lose a move.
 */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    edition: text('edition').notNull(),
    category: text('category').notNull(),
    round: integer('round').notNull(),
    board: integer('board'),
    /** Round and board, or round and players (`gameKey`): what finds the stored game when it comes again. */
    gameKey: text('game_key').notNull(),
    white: text('white').notNull(),
    black: text('black').notNull(),
    whiteFideId: integer('white_fide_id'),
    blackFideId: integer('black_fide_id'),
    whiteRating: integer('white_rating'),
    blackRating: integer('black_rating'),
    fen: text('fen'),
    moves: jsonb('moves').$type<TimedMove[]>().notNull(),
    result: text('result').$type<GameResult>().notNull(),
    resultAt: timestamp('result_at', { withTimezone: true }),
    source: text('source').$type<'push' | 'poll' | 'upload'>().notNull(),
    /** The pairing (board of the round) the game belongs to: matched by players, or linked by a manager. */
    pairingBoard: integer('pairing_board'),
    pairingLinkedBy: text('pairing_linked_by'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('games_identity_idx').on(t.edition, t.category, t.round, t.gameKey), index('games_round_idx').on(t.edition, t.category, t.round)],
);
