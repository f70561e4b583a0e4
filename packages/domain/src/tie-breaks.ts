import type { PlayerRound, TieBreakColumn, TieBreakKind, Tournament, TournamentPlayer } from './tournament-model.js';

/**
 * Our own FIDE tie-break computation (Handbook C.07), so provisional standings can be ranked while a round is
 * played and an imported file can be checked against the program's own values.
 *
 * Unplayed rounds (byes, forfeits, absences) have been treated two ways by FIDE, and Swar follows the version of
 * its release, so both are here:
 * - `fide2023` (C.07 from 2023, Swar v6.75): an opponent counts with their real score; each of the player's
 *   own unplayed rounds counts as a dummy opponent holding the player's own final score.
 * - `fide2009` (C.02 13.15, 2009–2022, Swar v3/v4): an opponent's unplayed rounds count as draws; each own
 *   unplayed round counts as a virtual opponent with the player's score before that round, plus what the player did
 *   not score, plus a draw for every later round.
 * - `swar6` (Swar v6.0–v6.49, observed, not a FIDE text): own unplayed rounds as in 2009, but in an opponent's score
 *   a pairing-allocated bye counts nothing (not a draw); the opponent's other unplayed rounds count as draws. Solved
 *   exactly from the v6.47 file (docs/results-tie-breaks.md): every value agrees except where one opponent — absent
 *   two rounds, then given a bye — is counted half a point higher than any rule explains.
 */
export type UnplayedRoundRules = 'fide2023' | 'fide2009' | 'swar6';

export interface TieBreakOptions {
  rules: UnplayedRoundRules;
  /** Rounds to count (default: the last round with a result). */
  rounds?: number;
}

const PLAYED = new Set(['win', 'draw', 'loss']);
/** Voluntary unplayed rounds (C.07 2023): the player's own doing, unlike a pairing-allocated bye or a forfeit win. */
const VOLUNTARILY_UNPLAYED = new Set(['forfeit_loss', 'absent', 'half_bye', 'zero_bye']);

/** A round decided over the board, as opposed to forfeits, byes and absences. */
export function isPlayedGame(round: PlayerRound | undefined): boolean {
  return round !== undefined && PLAYED.has(round.outcome);
}

/**
 * Rules the program behind a file used: Swar from v6.5 on follows C.07 2023, v6.0–v6.49 its own variant of the 2009
 * rules (`swar6`), older releases the 2009 rules.
 */
export function unplayedRoundRulesOf(tournament: Pick<Tournament, 'format' | 'formatVersion'>): UnplayedRoundRules {
  if (tournament.format !== 'swar') return 'fide2023';
  const match = /^v?(\d+)\.(\d+)/.exec(tournament.formatVersion);
  if (!match) return 'fide2023';
  const version = Number(match[1]) + Number(match[2]) / 100;
  if (version >= 6.5) return 'fide2023';
  return version >= 6 ? 'swar6' : 'fide2009';
}

/** Last round in which any player has a result (pairings without results do not count yet). */
export function lastRoundWithResults(players: readonly TournamentPlayer[]): number {
  let last = 0;
  for (const player of players) {
    for (const round of player.rounds) if (round.outcome !== 'pending' && round.round > last) last = round.round;
  }
  return last;
}

interface Context {
  byNumber: Map<number, TournamentPlayer>;
  rounds: number;
  rules: UnplayedRoundRules;
  score: Map<number, number>;
  opponentScore: Map<number, number>;
}

function roundOf(player: TournamentPlayer, round: number): PlayerRound | undefined {
  return player.rounds.find((r) => r.round === round);
}

/** Points after `rounds` rounds. */
export function scoreAfter(player: TournamentPlayer, rounds: number): number {
  let total = 0;
  for (const round of player.rounds) if (round.round <= rounds) total += round.points;
  return total;
}

function contextOf(players: readonly TournamentPlayer[], options: TieBreakOptions): Context {
  const rounds = options.rounds ?? lastRoundWithResults(players);
  const score = new Map(players.map((p) => [p.pairingNumber, scoreAfter(p, rounds)]));
  const opponentScore = new Map(
    players.map((p) => {
      if (options.rules === 'fide2023') return [p.pairingNumber, score.get(p.pairingNumber)!];
      // 2009: the opponent's own unplayed rounds count as draws; Swar v6.0–v6.49 counts a pairing-allocated bye as nothing.
      let adjusted = 0;
      for (let r = 1; r <= rounds; r++) {
        const round = roundOf(p, r);
        adjusted += isPlayedGame(round) ? round!.points : options.rules === 'swar6' && round?.outcome === 'bye' ? 0 : 0.5;
      }
      return [p.pairingNumber, adjusted];
    }),
  );
  return { byNumber: new Map(players.map((p) => [p.pairingNumber, p])), rounds, rules: options.rules, score, opponentScore };
}

/** What each round adds to the player's Buchholz: the opponent's score, or the virtual/dummy opponent's. */
function buchholzContributions(player: TournamentPlayer, ctx: Context): { value: number; voluntary: boolean }[] {
  const contributions: { value: number; voluntary: boolean }[] = [];
  let before = 0;
  for (let r = 1; r <= ctx.rounds; r++) {
    const round = roundOf(player, r);
    const points = round?.points ?? 0;
    if (isPlayedGame(round)) {
      contributions.push({ value: ctx.opponentScore.get(round!.opponent!) ?? 0, voluntary: false });
    } else {
      const voluntary = VOLUNTARILY_UNPLAYED.has(round?.outcome ?? 'absent');
      const value = ctx.rules === 'fide2023' ? ctx.score.get(player.pairingNumber)! : before + (1 - points) + 0.5 * (ctx.rounds - r);
      contributions.push({ value, voluntary });
    }
    before += points;
  }
  return contributions;
}

function buchholz(player: TournamentPlayer, ctx: Context): number {
  return buchholzContributions(player, ctx).reduce((sum, c) => sum + c.value, 0);
}

/**
 * Buchholz without its lowest contribution (C.07 2023: a voluntarily unplayed round's dummy is cut first). After a
 * single round there is nothing to cut: Swar keeps the one opponent's score.
 */
function buchholzCut1(player: TournamentPlayer, ctx: Context): number {
  const contributions = buchholzContributions(player, ctx);
  const total = contributions.reduce((sum, c) => sum + c.value, 0);
  if (contributions.length <= 1) return total;
  const voluntary = contributions.filter((c) => c.voluntary);
  const pool = ctx.rules === 'fide2023' && voluntary.length > 0 ? voluntary : contributions;
  return total - Math.min(...pool.map((c) => c.value));
}

function sonnebornBerger(player: TournamentPlayer, ctx: Context): number {
  let total = 0;
  let before = 0;
  for (let r = 1; r <= ctx.rounds; r++) {
    const round = roundOf(player, r);
    const points = round?.points ?? 0;
    if (isPlayedGame(round)) {
      total += points * (ctx.opponentScore.get(round!.opponent!) ?? 0);
    } else if (points > 0) {
      total += points * (ctx.rules === 'fide2023' ? ctx.score.get(player.pairingNumber)! : before + (1 - points) + 0.5 * (ctx.rounds - r));
    }
    before += points;
  }
  return total;
}

function progressive(player: TournamentPlayer, ctx: Context): number {
  let running = 0;
  let total = 0;
  for (let r = 1; r <= ctx.rounds; r++) {
    running += roundOf(player, r)?.points ?? 0;
    total += running;
  }
  return total;
}

function gamesWon(player: TournamentPlayer, ctx: Context): number {
  return player.rounds.filter((r) => r.round <= ctx.rounds && r.outcome === 'win').length;
}

function gamesWithBlack(player: TournamentPlayer, ctx: Context): number {
  return player.rounds.filter((r) => r.round <= ctx.rounds && isPlayedGame(r) && r.colour === 'black').length;
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

function tieBreakValue(kind: TieBreakKind, player: TournamentPlayer, ctx: Context): number | null {
  switch (kind) {
    case 'buchholz':
      return buchholz(player, ctx);
    case 'buchholz_cut1':
      return buchholzCut1(player, ctx);
    case 'sonneborn_berger':
      return sonnebornBerger(player, ctx);
    case 'progressive':
      return progressive(player, ctx);
    case 'direct_encounter':
      return directEncounter(player, ctx);
    case 'games_won':
      return gamesWon(player, ctx);
    case 'games_with_black':
      return gamesWithBlack(player, ctx);
    case 'performance':
    case 'unknown':
      return null;
  }
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
  const values = computeTieBreaks(players, columns, options);
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
