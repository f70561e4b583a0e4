import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { GameResult, GameUploadStatus, PgnIngestReport } from '@bjk/domain';
import type { TimedMove } from './games-merge.js';
import { categoryScopeColumns, changeStampColumns, gamePlayerColumns } from '../../platform/columns.js';

/**
 * Where a category's games come from, per edition: the relay's push token (its SHA-256 only), the address the
 * server polls and how that went, and the broadcast delay every visitor's view of the games waits out.
 */
export const gameSources = pgTable(
  'game_sources',
  {
    ...categoryScopeColumns(),
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

/** The players of the pairing a game is matched to, as the pairing program has them: what visitors and downloads show. */
export type PairedSide = { name: string; fideId: number | null; rating: number | null; federation: string | null };
export type PairedPlayers = { white: PairedSide; black: PairedSide | null };

/**
 * One game of a round, as last received. Moves carry the instant the server first had them (`TimedMove.at`), the
 * result its own: the broadcast delay counts from there. `version` makes every write a conditional update, so a
 * push and a poll of the same round at once never lose a move.
 */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    ...categoryScopeColumns(),
    round: integer('round').notNull(),
    board: integer('board'),
    /**
     * Where the game was received (category and round of the feed or upload that brought it): a game a manager moved
     * to another category or round is still found there when the relay sends it again.
     */
    receivedCategory: text('received_category').notNull(),
    receivedRound: integer('received_round').notNull(),
    /** The game's players (`gameKey`): what finds the stored game when it comes again, from any feed. */
    gameKey: text('game_key').notNull(),
    /** The relay feed that last sent it (`push`, `poll:<address hash>`, `upload`): within a feed a board is one game. */
    feed: text('feed').notNull().default('upload'),
    ...gamePlayerColumns(),
    whiteRating: integer('white_rating'),
    blackRating: integer('black_rating'),
    fen: text('fen'),
    moves: jsonb('moves').$type<TimedMove[]>().notNull(),
    /**
     * The movetext as received when it has comments, variations or NAGs (engine evaluations taken out): the game's
     * PGN download carries it once the whole game is visible; the viewer shows the main line (`moves`).
     */
    annotatedMovetext: text('annotated_movetext'),
    result: text('result').$type<GameResult>().notNull(),
    resultAt: timestamp('result_at', { withTimezone: true }),
    source: text('source').$type<'push' | 'poll' | 'upload'>().notNull(),
    /** The pairing (board of the round) the game belongs to: matched by players, or linked by a manager. */
    pairingBoard: integer('pairing_board'),
    pairingLinkedBy: text('pairing_linked_by'),
    /** The pairing's players once matched (names, ratings, federations of the pairing program), else null. */
    paired: jsonb('paired').$type<PairedPlayers>(),
    /** The manager who moved the game to another category, round or board: the relay's board no longer moves it. */
    movedBy: text('moved_by'),
    version: integer('version').notNull().default(1),
    ...changeStampColumns(),
  },
  (t) => [
    uniqueIndex('games_identity_idx').on(t.edition, t.receivedCategory, t.receivedRound, t.gameKey),
    index('games_round_idx').on(t.edition, t.category, t.round),
  ],
);

/**
 * A game a manager deleted, by where it was received and its players: the relay sends the whole round again every few
 * seconds, and a deleted game must not come back with it (the ingest report names it as not taken).
 */
export const deletedGames = pgTable(
  'deleted_games',
  {
    id: serial('id').primaryKey(),
    edition: text('edition').notNull(),
    receivedCategory: text('received_category').notNull(),
    receivedRound: integer('received_round').notNull(),
    ...gamePlayerColumns(),
    /** Which game of its players in the round (`gameKey`); null in rows deleted before it was kept. */
    gameKey: text('game_key'),
    /**
     * The game as it was, for a manager's restore (the relay no longer skips it then); null in rows deleted before
     * games were kept for a restore. Dates as ISO strings.
     */
    game: jsonb('game').$type<Record<string, unknown>>(),
    deletedBy: text('deleted_by').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deleted_games_round_idx').on(t.edition, t.receivedCategory, t.receivedRound)],
);

/** The outcome counts of the first `stored` games a job took (in the file's order): what a resumed job starts from. */
export type UploadCounts = { stored: number } & Pick<PgnIngestReport, 'added' | 'grown' | 'replaced' | 'unchanged' | 'stale'>;

/**
 * A manager's PGN upload, run as a job after its request answered (`games-upload-jobs.service.ts`): the file's text
 * (dropped once the job ends), its progress written every batch (`updated_at` is the heartbeat of the bulk-job rule,
 * decision 0011), its report or its coded error. An interrupted job is resumed by taking the stored text again.
 */
export const gameUploadJobs = pgTable(
  'game_upload_jobs',
  {
    id: uuid('id').primaryKey(),
    ...categoryScopeColumns(),
    round: integer('round'),
    status: text('status').$type<GameUploadStatus>().notNull(),
    pgn: text('pgn'),
    total: integer('total'),
    parsed: integer('parsed').notNull().default(0),
    storable: integer('storable'),
    stored: integer('stored').notNull().default(0),
    /** The outcomes of the games taken so far (a resumed job keeps them: those games are unchanged when taken again). */
    counts: jsonb('counts').$type<UploadCounts>(),
    report: jsonb('report').$type<PgnIngestReport>(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    errorDetails: jsonb('error_details').$type<Record<string, unknown>>(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('game_upload_jobs_category_idx').on(t.edition, t.category, t.createdAt), index('game_upload_jobs_status_idx').on(t.status)],
);
