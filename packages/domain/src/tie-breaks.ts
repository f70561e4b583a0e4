import type { PlayerRound, TieBreakColumn, TieBreakKind, TieBreakRules, Tournament, TournamentPlayer } from './tournament-model.js';

/**
 * Our own FIDE tie-break computation (Handbook C.07), so provisional standings can be ranked while a round is
 * played, a TRF (which carries no values) gets its columns, and an imported file can be checked against the
 * program's own values.
 *
 * Unplayed rounds (byes, forfeits, absences) are where the texts differ, so the rule set is a parameter:
 * - `fide2023`: C.07 as approved in 2023, applied from 2024-08-01. Each of the player's own unplayed rounds counts as
 *   a dummy opponent holding the player's own score (16.4); in an opponent's score, the rounds after that
 *   opponent's last round that was not a voluntary unplayed round, and in which they had no opponent, count as draws
 *   (16.3.2).
 * - `fide2026`: the amendment approved by FIDE Council on 2026-02-02, in force from 2026-03-01. As 2023, but the
 *   dummy opponent of 16.4 holds at most the real opponent's score (a forfeit), resp. a draw in every round (no
 *   opponent).
 * - `fide2009` (C.02 13.15, 2009–2022, Swar v3/v4): an opponent's unplayed rounds count as draws; each own
 *   unplayed round counts as a virtual opponent with the player's score before that round, plus what the player did
 *   not score, plus a draw for every later round.
 * - `swar6` (Swar v6.0–v6.49, observed, not a FIDE text): own unplayed rounds as in 2009, but in an opponent's score
 *   a pairing-allocated bye counts nothing (not a draw); the opponent's other unplayed rounds count as draws. Solved
 *   exactly from the v6.47 file (docs/results-tie-breaks.md).
 *
 * The two FIDE sets reproduce FIDE's own checker (TieBreakServer, `tiebreak.py`) cell for cell; `npm run conformance`
 * runs it on every real file, and `fixtures/checker/` keeps its answers for the regular tests.
 */
/** The FIDE texts a manager may choose between at import. */
export const FIDE_TIE_BREAK_RULES = ['fide2026', 'fide2023'] as const;
export type FideTieBreakRules = (typeof FIDE_TIE_BREAK_RULES)[number];

/** First day the 2026 amendment of C.07 applies (the 2023 text before it, as FIDE's checker does for older dates). */
export const FIDE_2026_RULES_FROM = '2026-03-01';

export interface TieBreakOptions {
  rules: TieBreakRules;
  /** Rounds to count (default: the last round with a game result). */
  rounds?: number;
}

const PLAYED = new Set(['win', 'draw', 'loss']);

/** A round decided over the board, as opposed to forfeits, byes and absences. */
export function isPlayedGame(round: PlayerRound | undefined): boolean {
  return round !== undefined && PLAYED.has(round.outcome);
}

/** The FIDE text in force on a tournament's start date (`YYYY-MM-DD`). */
export function fideTieBreakRulesOn(date: string): FideTieBreakRules {
  return date >= FIDE_2026_RULES_FROM ? 'fide2026' : 'fide2023';
}

/**
 * The rules a tournament's tie-breaks are computed with, when nobody chose: Swar before v6.5 keeps the rules of its
 * release (`fide2009`, `swar6`); every other file follows the FIDE text in force on its start date, or on
 * `fallbackDate` (the edition's start) when the file names none.
 */
export function tieBreakRulesOf(
  tournament: Pick<Tournament, 'format' | 'formatVersion' | 'startDate' | 'tieBreakRules'>,
  fallbackDate: string | null = null,
): TieBreakRules {
  if (tournament.tieBreakRules) return tournament.tieBreakRules;
  const legacy = legacySwarRules(tournament);
  if (legacy) return legacy;
  const date = tournament.startDate ?? fallbackDate;
  return date ? fideTieBreakRulesOn(date) : 'fide2026';
}

/** Swar v6.0–v6.49 counted unplayed rounds its own way, older releases by the 2009 text; null for everything else. */
export function legacySwarRules(tournament: Pick<Tournament, 'format' | 'formatVersion'>): 'swar6' | 'fide2009' | null {
  if (tournament.format !== 'swar') return null;
  const match = /^v?(\d+)\.(\d+)/.exec(tournament.formatVersion);
  if (!match) return null;
  const version = Number(match[1]) + Number(match[2]) / 100;
  if (version >= 6.5) return null;
  return version >= 6 ? 'swar6' : 'fide2009';
}

const DECIDED_GAME = new Set(['win', 'draw', 'loss', 'forfeit_win', 'forfeit_loss']);

/**
 * Last round in which a game has a result, over the board or by forfeit. A bye or an absence announced for a round
 * not played yet (JaVaFo and Swiss-Manager TRFs carry them; Swar writes the pairing-allocated bye at pairing time)
 * does not make that round count.
 */
export function lastRoundWithResults(players: readonly TournamentPlayer[]): number {
  let last = 0;
  for (const player of players) {
    for (const round of player.rounds) if (DECIDED_GAME.has(round.outcome) && round.round > last) last = round.round;
  }
  return last;
}

/** Points after `rounds` rounds. */
export function scoreAfter(player: TournamentPlayer, rounds: number): number {
  let total = 0;
  for (const round of player.rounds) if (round.round <= rounds) total += round.points;
  return total;
}

/** One counted round of one player, as the unplayed-round rules see it. */
interface RoundView {
  points: number;
  outcome: PlayerRound['outcome'] | 'missing';
  colour: PlayerRound['colour'];
  opponent: number | null;
  /** A game at a board: over the board, or paired and still being played (counted as a game in progress, 0 so far). */
  atBoard: boolean;
  /**
   * A voluntary unplayed round (C.07 16.2.5, FIDE's checker `is_vur`): not at a board and not worth a win — a
   * forfeit loss, a half- or zero-point bye, an absence. A pairing-allocated bye, a forfeit win and a full-point bye
   * are not.
   */
  voluntary: boolean;
}

interface Context {
  byNumber: Map<number, TournamentPlayer>;
  rounds: number;
  rules: TieBreakRules;
  views: Map<number, RoundView[]>;
  score: Map<number, number>;
  /** Each player's score as their opponents count it (16.3.2 under the FIDE texts, draws for unplayed rounds in 2009). */
  opponentScore: Map<number, number>;
}

function viewsOf(player: TournamentPlayer, rounds: number): RoundView[] {
  const views: RoundView[] = [];
  for (let r = 1; r <= rounds; r++) {
    const round = player.rounds.find((x) => x.round === r);
    if (!round) {
      // No entry for a counted round: not paired, nothing scored (FIDE's checker reads it the same way).
      views.push({ points: 0, outcome: 'missing', colour: null, opponent: null, atBoard: false, voluntary: true });
      continue;
    }
    const atBoard = round.opponent !== null && (PLAYED.has(round.outcome) || round.outcome === 'pending');
    const voluntary = !atBoard && round.outcome !== 'bye' && round.points < 1;
    views.push({ points: round.points, outcome: round.outcome, colour: round.colour, opponent: round.opponent, atBoard, voluntary });
  }
  return views;
}

/** C.07 16.3.2: after the player's last round that was not voluntarily unplayed, rounds without an opponent count as draws. */
function fideOpponentScore(views: readonly RoundView[]): number {
  let lastNotVoluntary = 0;
  views.forEach((v, index) => {
    if (!v.voluntary) lastNotVoluntary = index + 1;
  });
  return views.reduce((sum, v, index) => sum + (index + 1 <= lastNotVoluntary || v.opponent !== null ? v.points : 0.5), 0);
}

function contextOf(players: readonly TournamentPlayer[], options: TieBreakOptions): Context {
  const rounds = options.rounds ?? lastRoundWithResults(players);
  const views = new Map(players.map((p) => [p.pairingNumber, viewsOf(p, rounds)]));
  const score = new Map(players.map((p) => [p.pairingNumber, views.get(p.pairingNumber)!.reduce((sum, v) => sum + v.points, 0)]));
  const opponentScore = new Map(
    players.map((p) => {
      const own = views.get(p.pairingNumber)!;
      if (options.rules === 'fide2023' || options.rules === 'fide2026') return [p.pairingNumber, fideOpponentScore(own)];
      // 2009: the opponent's own unplayed rounds count as draws; Swar v6.0–v6.49 counts a pairing-allocated bye as nothing.
      const adjusted = own.reduce((sum, v) => sum + (PLAYED.has(v.outcome) ? v.points : options.rules === 'swar6' && v.outcome === 'bye' ? 0 : 0.5), 0);
      return [p.pairingNumber, adjusted];
    }),
  );
  return { byNumber: new Map(players.map((p) => [p.pairingNumber, p])), rounds, rules: options.rules, views, score, opponentScore };
}

/** The dummy (FIDE) or virtual (2009) opponent of one of the player's own unplayed rounds. */
function unplayedRoundValue(player: TournamentPlayer, ctx: Context, roundIndex: number, before: number): number {
  const v = ctx.views.get(player.pairingNumber)![roundIndex]!;
  const own = ctx.score.get(player.pairingNumber)!;
  switch (ctx.rules) {
    case 'fide2023':
      return own;
    case 'fide2026':
      // 16.4 as amended: at most the forfeiting opponent's score, resp. a draw in every round.
      return v.opponent !== null ? Math.min(own, ctx.opponentScore.get(v.opponent) ?? own) : Math.min(own, 0.5 * ctx.rounds);
    case 'fide2009':
    case 'swar6':
      return before + (1 - v.points) + 0.5 * (ctx.rounds - (roundIndex + 1));
  }
}

/** What each round adds to the player's Buchholz: the opponent's score, or the dummy/virtual opponent's. */
function buchholzContributions(player: TournamentPlayer, ctx: Context): { value: number; points: number; voluntary: boolean }[] {
  const legacy = ctx.rules === 'fide2009' || ctx.rules === 'swar6';
  let before = 0;
  return ctx.views.get(player.pairingNumber)!.map((v, index) => {
    // The 2009 texts count only games over the board as games; a game still being played is one under every set.
    const game = legacy ? PLAYED.has(v.outcome) || (v.atBoard && v.outcome === 'pending') : v.atBoard;
    const value = game ? (ctx.opponentScore.get(v.opponent!) ?? 0) : unplayedRoundValue(player, ctx, index, before);
    before += v.points;
    return { value, points: v.points, voluntary: !game && v.voluntary };
  });
}

function buchholz(player: TournamentPlayer, ctx: Context): number {
  return buchholzContributions(player, ctx).reduce((sum, c) => sum + c.value, 0);
}

/**
 * Buchholz without its lowest contribution; a voluntarily unplayed round's dummy is cut first (C.07 16.5). Under the
 * FIDE texts one contribution is cut as soon as one round counts (FIDE's checker: Cut 1 after round 1 is 0); Swar
 * before v6.5 cuts nothing after a single round.
 */
function buchholzCut1(player: TournamentPlayer, ctx: Context): number {
  const contributions = buchholzContributions(player, ctx);
  const total = contributions.reduce((sum, c) => sum + c.value, 0);
  const legacy = ctx.rules === 'fide2009' || ctx.rules === 'swar6';
  if (contributions.length === 0 || (legacy && contributions.length === 1)) return total;
  const voluntary = contributions.filter((c) => c.voluntary);
  const pool = !legacy && voluntary.length > 0 ? voluntary : contributions;
  return total - Math.min(...pool.map((c) => c.value));
}

function sonnebornBerger(player: TournamentPlayer, ctx: Context): number {
  return buchholzContributions(player, ctx).reduce((sum, c) => sum + c.points * c.value, 0);
}

function progressive(player: TournamentPlayer, ctx: Context): number {
  let running = 0;
  let total = 0;
  for (const v of ctx.views.get(player.pairingNumber)!) {
    running += v.points;
    total += running;
  }
  return total;
}

function gamesWon(player: TournamentPlayer, ctx: Context): number {
  return ctx.views.get(player.pairingNumber)!.filter((v) => v.outcome === 'win').length;
}

function gamesWithBlack(player: TournamentPlayer, ctx: Context): number {
  return ctx.views.get(player.pairingNumber)!.filter((v) => PLAYED.has(v.outcome) && v.colour === 'black').length;
}

/**
 * Direct encounter among the players on the same score: the points scored against the others of the group, when
 * every two of them met; otherwise not applicable (null), as the program prints "-". Before any result the
 * program prints 0 for everyone.
 */
function directEncounter(player: TournamentPlayer, ctx: Context): number | null {
  if (ctx.rounds === 0) return 0;
  const own = ctx.score.get(player.pairingNumber)!;
  const group = [...ctx.byNumber.values()].filter((p) => ctx.score.get(p.pairingNumber) === own);
  if (group.length < 2) return null;
  const members = new Set(group.map((p) => p.pairingNumber));
  for (const a of group) {
    for (const b of group) {
      if (a === b) continue;
      const met = a.rounds.some((r) => r.round <= ctx.rounds && r.opponent === b.pairingNumber && r.outcome !== 'pending');
      if (!met) return null;
    }
  }
  let total = 0;
  for (const round of player.rounds) {
    if (round.round <= ctx.rounds && round.opponent !== null && members.has(round.opponent)) total += round.points;
  }
  return total;
}

/** How each kind of column is computed here; null for the kinds we show as the program wrote them. */
const COMPUTED_TIE_BREAKS: Record<TieBreakKind, ((player: TournamentPlayer, ctx: Context) => number | null) | null> = {
  buchholz,
  buchholz_cut1: buchholzCut1,
  sonneborn_berger: sonnebornBerger,
  progressive,
  direct_encounter: directEncounter,
  games_won: gamesWon,
  games_with_black: gamesWithBlack,
  performance: null,
  unknown: null,
};

function tieBreakValue(kind: TieBreakKind, player: TournamentPlayer, ctx: Context): number | null {
  return COMPUTED_TIE_BREAKS[kind]?.(player, ctx) ?? null;
}

/** Our values of the given tie-break columns for every player, keyed by pairing number. */
export function computeTieBreaks(
  players: readonly TournamentPlayer[],
  columns: readonly TieBreakColumn[],
  options: TieBreakOptions,
): Map<number, (number | null)[]> {
  const ctx = contextOf(players, options);
  return new Map(players.map((p) => [p.pairingNumber, columns.map((c) => tieBreakValue(c.kind, p, ctx))]));
}

export interface RankedPlayer {
  pairingNumber: number;
  rank: number;
  points: number;
  tieBreaks: (number | null)[];
}

/**
 * Standings by points, then the tie-break columns in order (a missing value ranks below any value), then rating
 * and pairing number so the order is total: every place is distinct, as in the pairing programs' lists.
 */
export function rankPlayers(players: readonly TournamentPlayer[], columns: readonly TieBreakColumn[], options: TieBreakOptions): RankedPlayer[] {
  const ctx = contextOf(players, options);
  const values = computeTieBreaks(players, columns, { ...options, rounds: ctx.rounds });
  const rows = players.map((p) => ({
    player: p,
    pairingNumber: p.pairingNumber,
    points: ctx.score.get(p.pairingNumber)!,
    tieBreaks: values.get(p.pairingNumber)!,
  }));
  const compareValues = (a: (typeof rows)[number], b: (typeof rows)[number]): number => {
    if (a.points !== b.points) return b.points - a.points;
    for (let i = 0; i < columns.length; i++) {
      const x = a.tieBreaks[i] ?? -Infinity;
      const y = b.tieBreaks[i] ?? -Infinity;
      if (x !== y) return y - x;
    }
    return 0;
  };
  // Then the rating the program ranked with, then the pairing number (the starting rank).
  rows.sort((a, b) => compareValues(a, b) || (b.player.rating ?? 0) - (a.player.rating ?? 0) || a.pairingNumber - b.pairingNumber);
  return rows.map((row, index) => ({ pairingNumber: row.pairingNumber, rank: index + 1, points: row.points, tieBreaks: row.tieBreaks }));
}
