import { z } from 'zod';
import { languageSchema } from './text.js';
import { idParamSchema } from './input-rules.js';
import { FIDE_TIE_BREAK_RULES } from './tie-breaks.js';
import { ROUND_OUTCOMES, TIE_BREAK_KINDS, TIE_BREAK_RULES } from './tournament-model.js';

/** Codes of the results area besides the file readers' (`TOURNAMENT_FILE_ERRORS`); keys apart from `GAMES_ERRORS`' (one catalogue area). */
export const RESULTS_ERRORS = {
  categoryUnknown: 'results.unknown_category',
  notPublished: 'results.not_published',
  importNotFound: 'results.import_not_found',
  versionNotFound: 'results.version_not_found',
  invalidDataUrl: 'results.invalid_data_url',
  fileMissing: 'results.no_file',
  boardNotPaired: 'results.board_not_paired',
  /** An arbiter's result on a board whose official result is published (409; details: round, board, official). */
  boardHasOfficialResult: 'results.board_has_official_result',
  /** A choice of tie-break rules for a file that keeps its program's own (Swar before v6.5; details: rules). */
  tieBreakRulesFixed: 'results.tie_break_rules_fixed',
  /** An arbiter's result for players who no longer play on that board: a new version re-paired the round (409; details: round, board). */
  pairingChanged: 'results.pairing_changed',
  /**
   * Publishing takes players, rounds or results away, or restores an older version: the manager saw what changes and
   * must confirm (409; details: playersRemoved, roundsRemoved, resultsRemoved).
   */
  confirmationRequired: 'results.confirmation_required',
} as const;

/** Unofficial results an arbiter enters per board (the specification's values), or null to clear. */
export const UNOFFICIAL_RESULTS = ['1-0', '½-½', '0-1', '1-0 FF', '0-1 FF', '½-0', '0-½', '0-0 FF'] as const;
export type UnofficialResult = (typeof UNOFFICIAL_RESULTS)[number];
export const unofficialResultSchema = z.enum(UNOFFICIAL_RESULTS);

/** "U8", or as the specification names tournaments: "u8", "trn_u8", "bjk_u8". */
export const resultsCategoryParamsSchema = z.object({ category: z.string().trim().min(1).max(20) });
/** The language of a download meant for a spreadsheet (headers, separator, decimal mark); Dutch when not given. */
export const downloadLanguageQuerySchema = z.object({ lang: languageSchema.default('nl') });
export const resultsRoundParamsSchema = resultsCategoryParamsSchema.extend({ round: z.coerce.number().int().min(1).max(30) });

export const publicRoundSchema = z.object({
  round: z.number().int(),
  board: z.number().int().nullable(),
  colour: z.enum(['white', 'black']).nullable(),
  opponent: z.number().int().nullable(),
  outcome: z.enum(ROUND_OUTCOMES),
  points: z.number(),
});

/** What the public sees of a player: no birth date, sex, national id, contact or photo. */
export const publicTournamentPlayerSchema = z.object({
  pairingNumber: z.number().int(),
  rank: z.number().int().nullable(),
  name: z.string(),
  title: z.string().nullable(),
  federation: z.string().nullable(),
  fideId: z.number().int().nullable(),
  rating: z.number().int().nullable(),
  club: z.string().nullable(),
  points: z.number(),
  tieBreakValues: z.array(z.number().nullable()),
  performance: z.number().int().nullable(),
  /** Why `performance` is null: no game against a rated opponent, or an unrated player with fewer than five. */
  noPerformance: z.enum(['no_rated_opponent', 'unrated_few_rated_games']).nullable(),
  rounds: z.array(publicRoundSchema),
});
export type PublicTournamentPlayer = z.infer<typeof publicTournamentPlayerSchema>;

export const tieBreakColumnSchema = z.object({ name: z.string(), kind: z.enum(TIE_BREAK_KINDS) });

/** What names a published version of a category's tournament, in every view of one. */
const publishedVersionSchema = z.object({
  category: z.string(),
  version: z.number().int(),
  name: z.string(),
  pairedRounds: z.number().int(),
  publishedAt: z.string(),
});

export const publicTournamentSchema = publishedVersionSchema.extend({
  place: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  plannedRounds: z.number().int(),
  tieBreaks: z.array(tieBreakColumnSchema),
  players: z.array(publicTournamentPlayerSchema),
});
export type PublicTournament = z.infer<typeof publicTournamentSchema>;

export const resultsCategorySummarySchema = publishedVersionSchema.extend({ players: z.number().int(), plannedRounds: z.number().int() });
export type ResultsCategorySummary = z.infer<typeof resultsCategorySummarySchema>;

export const standingsRowSchema = z.object({
  /** Null for a player the program did not rank (a TRF's rank 0: withdrawn), listed after the ranked ones. */
  rank: z.number().int().nullable(),
  pairingNumber: z.number().int(),
  name: z.string(),
  title: z.string().nullable(),
  federation: z.string().nullable(),
  rating: z.number().int().nullable(),
  club: z.string().nullable(),
  points: z.number(),
  tieBreaks: z.array(z.number().nullable()),
});
export const standingsSchema = z.object({
  category: z.string(),
  version: z.number().int(),
  /** Official standings come from the program; provisional ones add unofficial results, ranked by our tie-breaks. */
  provisional: z.boolean(),
  afterRound: z.number().int(),
  tieBreaks: z.array(tieBreakColumnSchema),
  /** The rules our values were computed with (`tie-breaks.ts`); null when the values are the program's own. */
  tieBreakRules: z.enum(TIE_BREAK_RULES).nullable(),
  /** The program and format the file came from ("Swar v6.75", "TRF16", "TRF-2025"), named with the program's own values. */
  program: z.string(),
  rows: z.array(standingsRowSchema),
});
export type Standings = z.infer<typeof standingsSchema>;

export const pairingSchema = z.object({
  board: z.number().int().nullable(),
  white: z.object({ pairingNumber: z.number().int(), name: z.string(), fideId: z.number().int().nullable(), points: z.number() }),
  black: z.object({ pairingNumber: z.number().int(), name: z.string(), fideId: z.number().int().nullable(), points: z.number() }).nullable(),
  /** "1-0", "½-½", "0-1", "1-0 FF", "0-1 FF", "0-0 FF", or for a player alone: "bye", "half_bye", "zero_bye", "absent"; null while pending. */
  result: z.string().nullable(),
  unofficialResult: unofficialResultSchema.nullable(),
});
export type Pairing = z.infer<typeof pairingSchema>;
export const roundPairingsSchema = z.object({ category: z.string(), round: z.number().int(), pairings: z.array(pairingSchema) });
export type RoundPairings = z.infer<typeof roundPairingsSchema>;

export const tournamentDiffSchema = z.object({
  playersAdded: z.array(z.string()),
  playersRemoved: z.array(z.string()),
  roundsAdded: z.array(z.number().int()),
  /** Rounds the published version has (paired or with results) that the new one no longer has. */
  roundsRemoved: z.array(z.number().int()),
  resultsChanged: z.array(
    z.object({
      round: z.number().int(),
      board: z.number().int().nullable(),
      white: z.string(),
      /** Null for a bye. */
      black: z.string().nullable(),
      /** Null: the result is new (added); `after` null: it was taken back (removed). */
      before: z.string().nullable(),
      after: z.string().nullable(),
    }),
  ),
  unofficialContradicted: z.array(
    z.object({ round: z.number().int(), board: z.number().int(), unofficial: unofficialResultSchema, official: z.string().nullable() }),
  ),
});
export type TournamentDiff = z.infer<typeof tournamentDiffSchema>;

export const tournamentImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  format: z.string(),
  name: z.string(),
  players: z.number().int(),
  plannedRounds: z.number().int(),
  pairedRounds: z.number().int(),
  categoryHint: z.string().nullable(),
  /** The published version the diff compares with (of the hinted category), null when none. */
  comparedWithVersion: z.number().int().nullable(),
  diff: tournamentDiffSchema,
  /**
   * The rules the category's tie-breaks will be computed with: the category's current choice, else the FIDE text in
   * force on the file's start date (the edition's when the file has none); a Swar file before v6.5 keeps its own.
   */
  tieBreakRules: z.enum(TIE_BREAK_RULES),
  /** The FIDE texts the manager may choose between; empty when the file keeps its program's own rules. */
  tieBreakRulesChoices: z.array(z.enum(FIDE_TIE_BREAK_RULES)),
  /** Players, rounds or results would be taken away: the publish call needs `confirm: true`. */
  confirmationRequired: z.boolean(),
});
export type TournamentImport = z.infer<typeof tournamentImportSchema>;

export const tournamentImportIdParamsSchema = z.object({ id: z.string().uuid() });
export const tournamentDiffQuerySchema = z.object({ category: z.string().trim().min(1).max(20) });
export const publishImportSchema = z.object({
  category: z.string().trim().min(1).max(20),
  /** The manager's choice between the two FIDE texts; absent: the one the preview proposed. */
  tieBreakRules: z.enum(FIDE_TIE_BREAK_RULES).optional(),
  /** The manager confirmed a publish that takes players, rounds or results away (`confirmationRequired`). */
  confirm: z.boolean().optional(),
});

/** Restoring an older version always asks first: the web shows `GET …/versions/:version/diff` and confirms. */
export const restoreVersionSchema = z.object({ confirm: z.boolean() });

/** What restoring an older version would change against the current one. */
export const versionDiffSchema = z.object({
  category: z.string(),
  version: z.number().int(),
  comparedWithVersion: z.number().int(),
  diff: tournamentDiffSchema,
});
export type VersionDiff = z.infer<typeof versionDiffSchema>;

export const tournamentVersionSchema = publishedVersionSchema.extend({
  fileName: z.string(),
  players: z.number().int(),
  publishedBy: z.string().nullable(),
  restoredFrom: z.number().int().nullable(),
  current: z.boolean(),
});
export type TournamentVersion = z.infer<typeof tournamentVersionSchema>;
export const versionParamsSchema = resultsCategoryParamsSchema.extend({ version: idParamSchema });

/** Largest tournament file accepted, uploaded or sent as a data URL: a real Swar export of 1000 players is some 4 MB. */
export const TOURNAMENT_FILE_MAX_BYTES = 15 * 1024 * 1024;

/**
 * The specification's import call: `name` is the tournament ("bjk_u8.json", "trn_u8", "U8"), `jsoncontent` a data URL
 * of the Swar export (base64, as a browser's FileReader writes it, or percent-encoded).
 */
export const tournamentJsonUploadSchema = z.object({ name: z.string().trim().min(1).max(40), jsoncontent: z.string().min(1) });

/** The specification's unofficial result call; `unofficial_result` null or "" clears the board. */
export const unofficialResultInputSchema = z.object({
  name: z.string().trim().min(1).max(40),
  round: z.coerce.number().int().min(1).max(30),
  boardnr: z.coerce.number().int().min(1).max(500),
  unofficial_result: z.union([unofficialResultSchema, z.literal(''), z.null()]),
  /**
   * The pairing numbers of the players the arbiter saw on the board (the back office sends them): when the published
   * version has other players there, the result is refused instead of landing on them.
   */
  white: z.coerce.number().int().min(1).max(100_000).optional(),
  black: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type UnofficialResultInput = z.infer<typeof unofficialResultInputSchema>;

export const unofficialBoardSchema = z.object({
  round: z.number().int(),
  /** The game's board in the published version (for a stale result: the board it had when entered). */
  board: z.number().int(),
  white: z.string(),
  black: z.string(),
  result: unofficialResultSchema,
  updatedAt: z.string(),
});
export const unofficialRoundSchema = z.object({
  category: z.string(),
  round: z.number().int(),
  boards: z.array(unofficialBoardSchema),
  /** Results entered for players who no longer play each other in this round (a new version re-paired it): not counted. */
  stale: z.array(unofficialBoardSchema),
});
export type UnofficialRound = z.infer<typeof unofficialRoundSchema>;

/**
 * "U8", "u8", "trn_u8", "bjk_u8", "U08", and the file names the organiser's back office sends ("bjk_u8.json") → "U8";
 * anything else is returned as given (upper case).
 */
export function normaliseResultsCategory(name: string): string {
  const match = /^(?:(?:trn|bjk)_)?u0?(\d{1,2})(?:\.json)?$/i.exec(name.trim());
  return match ? `U${Number(match[1])}` : name.trim().toUpperCase();
}

/** The game result of a pairing as shown ("1-0", "½-½", "0-1 FF" …) from White's round entry. */
export function gameResultOf(outcome: string, blackOutcome?: string): string | null {
  switch (outcome) {
    case 'win':
      return '1-0';
    case 'draw':
      return '½-½';
    case 'loss':
      return '0-1';
    case 'forfeit_win':
      return '1-0 FF';
    case 'forfeit_loss':
      return blackOutcome === 'forfeit_loss' ? '0-0 FF' : '0-1 FF';
    case 'pending':
      return null;
    default:
      return outcome;
  }
}
