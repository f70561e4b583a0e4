/**
 * The one normalised tournament every importer produces (Swar JSON of any version, FIDE TRF of any dialect), and
 * the coded error they throw. Pure data: the server stores it, the tie-break computation and the pages read it.
 */

/**
 * What happened to a player in a round. Byes and absences are kept apart because FIDE C.07 (2023) treats them
 * apart: a pairing-allocated bye is not the player's choice, a requested half/zero bye or an absence is.
 */
export const ROUND_OUTCOMES = [
  'win',
  'draw',
  'loss',
  'forfeit_win',
  'forfeit_loss',
  /** Pairing-allocated bye (Swar "BYE", TRF `U`/`F`). */
  'bye',
  /** Requested half-point bye (TRF `H`). */
  'half_bye',
  /** Zero-point bye (TRF `Z`). */
  'zero_bye',
  /** Not paired this round (Swar "Absent", TRF `0000 - -`). */
  'absent',
  /** Paired, the game has no result yet. */
  'pending',
] as const;
export type RoundOutcome = (typeof ROUND_OUTCOMES)[number];

export type Colour = 'white' | 'black';

export interface PlayerRound {
  round: number;
  /** Board number; null for byes and absences (and in TRF files, which carry none). */
  board: number | null;
  colour: Colour | null;
  /** The opponent's pairing number; null when there was no opponent. */
  opponent: number | null;
  outcome: RoundOutcome;
  /** Points this round gave the player, as the program counted them (0 while pending). */
  points: number;
}

/** Tie-breaks our computation knows; the program's names map onto these (`unknown` when it does not). */
export const TIE_BREAK_KINDS = [
  'buchholz',
  'buchholz_cut1',
  'sonneborn_berger',
  'progressive',
  'direct_encounter',
  'games_won',
  'games_with_black',
  'performance',
  'unknown',
] as const;
export type TieBreakKind = (typeof TIE_BREAK_KINDS)[number];

/**
 * The rule sets our tie-break computation knows (`tie-breaks.ts` says what each does with unplayed rounds): the two
 * FIDE texts by date, and the ones older Swar releases followed.
 */
export const TIE_BREAK_RULES = ['fide2026', 'fide2023', 'swar6', 'fide2009'] as const;
export type TieBreakRules = (typeof TIE_BREAK_RULES)[number];

export interface TieBreakColumn {
  /** The program's own name ("Bucholtz Cut 1", "Progressif"), shown as the column heading. */
  name: string;
  kind: TieBreakKind;
}

export interface TournamentPlayer {
  /** The id rounds refer to (Swar `Ni`, TRF starting rank). */
  pairingNumber: number;
  /** The program's place in the standings; null when it exported none. */
  rank: number | null;
  /** "Last, First" where the program writes it so. */
  name: string;
  title: string | null;
  sex: 'm' | 'f' | null;
  federation: string | null;
  fideId: number | null;
  nationalId: number | null;
  /** The rating the program paired with. */
  rating: number | null;
  fideRating: number | null;
  nationalRating: number | null;
  club: string | null;
  clubNumber: number | null;
  /** Birth year only: full birth dates of minors are never kept. */
  birthYear: number | null;
  /** The program's total. */
  points: number;
  /** The program's tie-break values, aligned with `Tournament.tieBreaks`; null where it printed "-". */
  tieBreakValues: (number | null)[];
  /** The program's performance rating, when it exported one. */
  performance: number | null;
  rounds: PlayerRound[];
}

export interface Tournament {
  format: 'swar' | 'trf';
  /** "v6.75", "TRF16", "TRF-2025", "TRF16 FRBE", "TRF lichess". */
  formatVersion: string;
  name: string;
  place: string | null;
  /** `YYYY-MM-DD` when the file's date could be read. */
  startDate: string | null;
  endDate: string | null;
  plannedRounds: number;
  /** Rounds with pairings in the file (0 before round 1). */
  pairedRounds: number;
  tieBreaks: TieBreakColumn[];
  /**
   * The rules our tie-breaks are computed with, fixed at import (by the start date, or the manager's choice); absent
   * in files stored before it existed, which take `tieBreakRulesOf`'s choice.
   */
  tieBreakRules?: TieBreakRules;
  /** Category code proposed from the file ("U8" … "U20"), to be confirmed by the manager. */
  categoryHint: string | null;
  /** Points of a pairing-allocated bye and of an absence, as configured in the program. */
  byePoints: number;
  absencePoints: number;
  players: TournamentPlayer[];
}

/** The program and format a file came from, as shown to people: "Swar v6.75", "TRF16", "TRF-2025" (a TRF's version names it already). */
export function programName(tournament: Pick<Tournament, 'format' | 'formatVersion'>): string {
  return tournament.format === 'swar' ? `Swar ${tournament.formatVersion}` : tournament.formatVersion;
}

/** Codes the importers throw, `results.<reason>`; `details` names the line (TRF) or field path (Swar). */
export const TOURNAMENT_FILE_ERRORS = {
  unknownFormat: 'results.unknown_file_format',
  invalidJson: 'results.invalid_json',
  swarField: 'results.swar_invalid_field',
  trfLine: 'results.trf_invalid_line',
  teamTournament: 'results.team_tournament',
  noPlayers: 'results.no_players',
  /** A game its opponent's entry does not confirm: another opponent, the same colour, another board, impossible results. */
  asymmetric: 'results.asymmetric_pairing',
  tooManyRounds: 'results.too_many_rounds',
  tooManyPlayers: 'results.too_many_players',
  roundOutOfRange: 'results.round_out_of_range',
  boardOutOfRange: 'results.board_out_of_range',
  pairedWithSelf: 'results.paired_with_self',
  unknownOpponent: 'results.unknown_opponent',
  duplicatePlayer: 'results.duplicate_pairing_number',
} as const;
export type TournamentFileErrorCode = (typeof TOURNAMENT_FILE_ERRORS)[keyof typeof TOURNAMENT_FILE_ERRORS];

export interface TournamentFileErrorDetails {
  /** 1-based line of a TRF file. */
  line?: number;
  /** Path of the offending Swar field, e.g. `Swar.Player[3].RoundArray[2].Result`. */
  field?: string;
  value?: string;
}

export class TournamentFileError extends Error {
  constructor(
    readonly code: TournamentFileErrorCode,
    message: string,
    readonly details: TournamentFileErrorDetails = {},
  ) {
    super(message);
    this.name = 'TournamentFileError';
  }
}

const CATEGORY_AGES = [8, 10, 12, 14, 16, 18, 20];

/**
 * The youth category a tournament name or an age label points at: "BJK CBJ 2026 U08" → U8, "BJK CBJ 2019 -20BG"
 * → U20, "-Jeugd -8" → U8, "-08" → U8. Null when nothing or something else ("+08", "Volw. Open") is named.
 */
export function categoryFromLabel(label: string): string | null {
  const match = /(?:^|[^0-9+])(?:U|-)\s?0?(8|10|12|14|16|18|20)(?![0-9])/i.exec(label);
  if (!match) return null;
  const age = Number(match[1]);
  return CATEGORY_AGES.includes(age) ? `U${age}` : null;
}

/** Last round with any pairing. */
export function pairedRoundCount(players: readonly TournamentPlayer[]): number {
  let max = 0;
  for (const player of players) for (const round of player.rounds) if (round.round > max) max = round.round;
  return max;
}

/** "dd/mm/yyyy", "yyyy/mm/dd", "yyyy-mm-dd", "dd.mm.yyyy", "28. 07. 2005", "24/09/29" (yy/mm/dd) → `YYYY-MM-DD`. */
export function parseLooseDate(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(t);
  if (m) return isoDate(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{1,2})[/.-]\s?(\d{1,2})[/.-]\s?(\d{4})$/.exec(t);
  if (m) return isoDate(+m[3]!, +m[2]!, +m[1]!);
  m = /^(\d{2})[/.](\d{2})[/.](\d{2})$/.exec(t);
  if (m) return isoDate(2000 + +m[1]!, +m[2]!, +m[3]!);
  const parsed = Date.parse(t);
  if (!Number.isNaN(parsed) && /[a-z]/i.test(t)) {
    const d = new Date(parsed);
    return isoDate(d.getFullYear(), d.getMonth() + 1, d.getDate());
  }
  return null;
}

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
