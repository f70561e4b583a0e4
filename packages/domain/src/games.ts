import { z } from 'zod';
import { idParamSchema } from './input-rules.js';
import { isoDateTimeSchema } from './date-schemas.js';
import { languageSchema } from './text.js';

/**
 * Live games (part of the results area): games of a category's rounds, taken from the venue's relay software (push),
 * a `games.pgn` address the server polls, or a manager's upload. Every move carries the moment the server received
 * it; visitors only ever see moves older than the category's broadcast delay.
 */

export const GAME_RESULTS = ['1-0', '0-1', '1/2-1/2', '*'] as const;
export const gameResultSchema = z.enum(GAME_RESULTS);
export type GameResult = z.infer<typeof gameResultSchema>;

export const GAMES_ERRORS = {
  /** Per game of a PGN file: the rest of the file is still taken. */
  illegalMove: 'results.game_illegal_move',
  truncated: 'results.game_truncated',
  brokenTag: 'results.game_broken_tag',
  noRound: 'results.game_no_round',
  /** A round or board number no championship has (details: maxRound, maxBoard). */
  outOfRange: 'results.game_out_of_range',
  /** A game a manager deleted, sent again by the relay: not taken. */
  deletedGame: 'results.game_deleted',
  /** Requests. */
  emptyPgn: 'results.games_empty_pgn',
  /** More games in one request than a whole event has (413; details: games, maxGames). */
  tooManyGames: 'results.games_too_many',
  badToken: 'results.games_bad_token',
  noSource: 'results.games_no_source',
  unknownCategory: 'results.games_unknown_category',
  gameNotFound: 'results.game_not_found',
  noFile: 'results.games_no_file',
  pairingNotFound: 'results.games_pairing_not_found',
  pollUrlNotPublic: 'results.games_poll_url_not_public',
  /** A deleted game cannot be restored: deleted before games were kept for a restore, or the round has it again. */
  notRestorable: 'results.game_not_restorable',
  /** No upload job with this id (404). */
  uploadNotFound: 'results.games_upload_not_found',
} as const;

export const categoryCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,20}$/, 'Invalid value');
export const roundNumberSchema = z.coerce.number().int().min(1).max(30);

/** One move as a visitor sees it: SAN and the clocks the relay wrote (`[%clk]`, `[%emt]`), in seconds. */
export const gameMoveSchema = z.object({
  san: z.string(),
  clock: z.number().optional(),
  elapsed: z.number().optional(),
});
export type GameMove = z.infer<typeof gameMoveSchema>;

/** A player of a game: as the pairing program has them once the game is matched to its pairing, else as the relay wrote. */
export const gamePlayerSchema = z.object({
  name: z.string(),
  fideId: z.number().int().nullable(),
  rating: z.number().int().nullable(),
  federation: z.string().nullable(),
});

/** A game as the public sees it: only what its delay lets through (moves, and the result once it is due). */
export const publicGameSchema = z.object({
  id: z.number().int(),
  category: categoryCodeSchema,
  round: z.number().int(),
  /** The board shown: the pairing's board once matched, else the relay's. */
  board: z.number().int().nullable(),
  /** The board of the round's pairings this game is matched or linked to (null: not matched). */
  pairingBoard: z.number().int().nullable(),
  white: gamePlayerSchema,
  black: gamePlayerSchema,
  result: gameResultSchema,
  /** Starting position when the game did not start from the initial one (`FEN` tag). */
  fen: z.string().nullable(),
  moves: z.array(gameMoveSchema),
});
export type PublicGame = z.infer<typeof publicGameSchema>;

export const publicRoundGamesSchema = z.object({
  category: categoryCodeSchema,
  round: z.number().int(),
  delaySeconds: z.number().int(),
  games: z.array(publicGameSchema),
});
export type PublicRoundGames = z.infer<typeof publicRoundGamesSchema>;

/** What the live stream sends: the games of the round whose visible part changed, whole (a game is small). */
export const gamesStreamEventSchema = z.object({ games: z.array(publicGameSchema) });
export type GamesStreamEvent = z.infer<typeof gamesStreamEventSchema>;

export const gameRoundParamsSchema = z.object({ category: categoryCodeSchema, round: roundNumberSchema });
export const gameIdParamsSchema = z.object({ id: idParamSchema });
export const categoryParamsSchema = z.object({ category: categoryCodeSchema });
/** A PGN download: its Event tag names the championship in the reader's language. */
export const pgnQuerySchema = z.object({ lang: languageSchema.default('nl') });
export const playerGamesQuerySchema = pgnQuerySchema.extend({ name: z.string().trim().min(1).max(120) });

/** An error about one game of a PGN file: where it starts, who played, what is wrong. */
export const pgnGameErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** 1-based number of the game in the file, and the line its tags start on. */
  game: z.number().int(),
  line: z.number().int(),
  white: z.string().optional(),
  black: z.string().optional(),
  round: z.string().optional(),
  ply: z.number().int().optional(),
  san: z.string().optional(),
  /** The game was taken all the same, up to the move before `ply` (an illegal move); absent: the game was not taken. */
  kept: z.boolean().optional(),
});
export type PgnGameError = z.infer<typeof pgnGameErrorSchema>;

/** What taking a PGN did: counts per outcome and the refused games with their reason. */
export const pgnIngestReportSchema = z.object({
  added: z.number().int(),
  grown: z.number().int(),
  replaced: z.number().int(),
  unchanged: z.number().int(),
  stale: z.number().int(),
  errors: z.array(pgnGameErrorSchema),
});
export type PgnIngestReport = z.infer<typeof pgnIngestReportSchema>;

/** Limits of a category's sources, shared so the back office refuses early what the server would refuse. */
export const MAX_DELAY_SECONDS = 3 * 60 * 60;
export const MIN_POLL_SECONDS = 5;
export const MAX_POLL_SECONDS = 3600;

export const gameSourceUpdateSchema = z.object({
  /** Broadcast delay: no visitor receives a move before this many seconds after the server got it. */
  delaySeconds: z.number().int().min(0).max(MAX_DELAY_SECONDS),
  pollUrl: z
    .url()
    .max(1000)
    .refine((u) => /^https?:\/\//.test(u), 'Invalid value')
    .nullable(),
  pollSeconds: z.number().int().min(MIN_POLL_SECONDS).max(MAX_POLL_SECONDS),
  /** The round the polled file belongs to when its `Round` tags do not say. */
  pollRound: z.number().int().min(1).max(30).nullable(),
});
export type GameSourceUpdate = z.infer<typeof gameSourceUpdateSchema>;

export const gameSourceSchema = gameSourceUpdateSchema.extend({
  category: categoryCodeSchema,
  hasPushToken: z.boolean(),
  lastPollAt: isoDateTimeSchema.nullable(),
  lastPollSuccessAt: isoDateTimeSchema.nullable(),
  lastPollError: z.string().nullable(),
  lastPollErrorAt: isoDateTimeSchema.nullable(),
  pollFailures: z.number().int(),
  nextPollAt: isoDateTimeSchema.nullable(),
  lastPushAt: isoDateTimeSchema.nullable(),
  gameCount: z.number().int(),
});
export type GameSource = z.infer<typeof gameSourceSchema>;

/** A fresh push token, shown once: only its hash is stored. */
export const pushTokenSchema = z.object({ token: z.string() });

export const uploadGamesQuerySchema = z.object({ round: roundNumberSchema.optional() });
export const pushGamesQuerySchema = z.object({ round: roundNumberSchema.optional() });

/**
 * A manager's PGN upload runs as a job after its request answered (202): the page follows it until it is done or
 * failed. `interrupted`: the server stopped while it ran (resumed from the back office's overview).
 */
export const GAME_UPLOAD_STATUSES = ['queued', 'running', 'done', 'failed', 'interrupted'] as const;
export type GameUploadStatus = (typeof GAME_UPLOAD_STATUSES)[number];
export const gameUploadJobSchema = z.object({
  id: z.uuid(),
  category: z.string(),
  /** The round the upload named for games whose tags do not say (null: every game names its round). */
  round: z.number().int().nullable(),
  status: z.enum(GAME_UPLOAD_STATUSES),
  /** Games in the file (null until the first slice is read), games whose moves were checked, games to store, games stored. */
  total: z.number().int().nullable(),
  parsed: z.number().int(),
  storable: z.number().int().nullable(),
  stored: z.number().int(),
  /** The final report, once done. */
  report: pgnIngestReportSchema.nullable(),
  /** The failure's coded error (`results.games_too_many` …) and its details, once failed. */
  error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() }).nullable(),
  createdAt: isoDateTimeSchema,
  startedAt: isoDateTimeSchema.nullable(),
  finishedAt: isoDateTimeSchema.nullable(),
});
export type GameUploadJob = z.infer<typeof gameUploadJobSchema>;
export const gameUploadJobParamsSchema = z.object({ id: z.uuid() });
/** `wait`: seconds to wait for the job to end before answering (0 answers at once). */
export const gameUploadJobQuerySchema = z.object({ wait: z.coerce.number().int().min(0).max(30).default(0) });
/** The recent uploads (newest first), of one category or of all. */
export const gameUploadListQuerySchema = z.object({ category: categoryCodeSchema.optional() });
export const gameUploadJobListSchema = z.array(gameUploadJobSchema);

/** A game of the back office: the public part plus how it came in and what it is matched to. */
export const managedGameSchema = publicGameSchema.extend({
  source: z.enum(['push', 'poll', 'upload']),
  updatedAt: isoDateTimeSchema,
  linkedByHand: z.boolean(),
  /** The players as the relay wrote them (the public part shows the pairing's once matched). */
  relayWhite: z.string(),
  relayBlack: z.string(),
  /** Another game of the round claims the same relay board (both are kept): the manager decides. */
  boardShared: z.boolean(),
  /** The manager who moved it to another category, round or board (null: where the relay put it). */
  movedBy: z.string().nullable(),
  /** Why the game matched no pairing: `no_pairings` (none published for the round), `players_differ`, `no_pairing_on_board`, `pairing_taken`. */
  unmatchedReason: z.enum(['no_pairings', 'players_differ', 'no_pairing_on_board', 'pairing_taken']).nullable(),
});
export type ManagedGame = z.infer<typeof managedGameSchema>;

export const gameRoundsSchema = z.object({ category: categoryCodeSchema, rounds: z.array(z.number().int()) });

/** `/games`: every player category of the edition with how many games it has received (0: none yet). */
export const gameCategoriesSchema = z.object({ categories: z.array(z.object({ category: categoryCodeSchema, games: z.number().int().min(0) })) });
export type GameCategories = z.infer<typeof gameCategoriesSchema>;

export const linkGameSchema = z.object({ pairingBoard: z.number().int().min(1).max(500).nullable() });

/** A manager moves a game to another category, round or board (null: no board; the matching finds its pairing). */
export const moveGameSchema = z.object({
  category: categoryCodeSchema,
  round: z.number().int().min(1).max(30),
  board: z.number().int().min(1).max(1000).nullable(),
});
export type MoveGame = z.infer<typeof moveGameSchema>;

/** A game a manager deleted, for the back office: who and when, and whether it can be restored. */
export const deletedGameSchema = z.object({
  id: z.number().int(),
  white: z.string(),
  black: z.string(),
  deletedBy: z.string(),
  deletedAt: isoDateTimeSchema,
  moves: z.number().int().nullable(),
  result: z.enum(GAME_RESULTS).nullable(),
  restorable: z.boolean(),
});
export type DeletedGame = z.infer<typeof deletedGameSchema>;

/** Which game was played on which board of which round: the pairings and the player card link to the games. */
export const gameLinksSchema = z.object({
  category: categoryCodeSchema,
  games: z.array(z.object({ id: z.number().int(), round: z.number().int(), pairingBoard: z.number().int() })),
});
export type GameLinks = z.infer<typeof gameLinksSchema>;
