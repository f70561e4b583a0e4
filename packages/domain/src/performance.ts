import { isPlayedGame } from './tie-breaks.js';
import type { Tournament, TournamentPlayer } from './tournament-model.js';

/**
 * FIDE performance rating (Handbook B.02 1.4.9 / Rating Regulations 8.1.1): Rp = Ra + dp, Ra the average rating of the
 * opponents met over the board, dp read from FIDE's table for the fraction p of points scored in those games.
 *
 * Computed the way the Belgian pairing program does it, which the real files confirm: p rounded to the hundredth,
 * an opponent rated more than 400 points above or below the player counted 400 points away (FIDE's 400-point
 * rule), byes, forfeits and absences left out. Opponents without a rating are left out of Ra (FIDE's rule; Swar
 * counts them at 0); a player with no rated opponent, or no game, has no performance.
 */

/** dp for p = 0.50 … 1.00 in hundredths (index 0 is p = 0.50); below 0.50, dp(p) = −dp(1 − p). */
const DP_FROM_HALF = [
  0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284,
  296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/** FIDE's dp for a fraction of points scored (0 … 1). */
export function fideDp(fraction: number): number {
  const hundredths = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return hundredths >= 50 ? DP_FROM_HALF[hundredths - 50]! : -DP_FROM_HALF[50 - hundredths]!;
}

/** The player's performance over the games played up to `rounds` (default: all), or null when it cannot be computed. */
export function performanceRating(player: TournamentPlayer, byNumber: ReadonlyMap<number, TournamentPlayer>, rounds = Infinity): number | null {
  let ratingSum = 0;
  let games = 0;
  let points = 0;
  for (const round of player.rounds) {
    if (round.round > rounds || !isPlayedGame(round)) continue;
    const opponentRating = byNumber.get(round.opponent!)?.rating ?? null;
    if (!opponentRating) continue;
    const own = player.rating;
    ratingSum += own ? Math.min(own + 400, Math.max(own - 400, opponentRating)) : opponentRating;
    points += round.points;
    games++;
  }
  if (games === 0) return null;
  return Math.round(ratingSum / games + fideDp(points / games));
}

/**
 * Games an unrated player needs against rated opponents before the card shows a performance: FIDE gives an unrated
 * player a first rating only over at least five such games (Rating Regulations 8.2.1); one rated game would read as a
 * "performance 600" that says nothing about a child.
 */
export const UNRATED_MIN_RATED_GAMES = 5;

/** Why a player's card shows no performance: no game against a rated opponent, or too few for an unrated player. */
export type NoPerformanceReason = 'no_rated_opponent' | 'unrated_few_rated_games';

/** The games a player played over the board against a rated opponent. */
export function ratedGamesOf(player: TournamentPlayer, byNumber: ReadonlyMap<number, TournamentPlayer>): number {
  return player.rounds.filter((round) => isPlayedGame(round) && !!byNumber.get(round.opponent!)?.rating).length;
}

/** The performance a player's card shows, or why there is none. */
export function cardPerformance(
  player: TournamentPlayer,
  byNumber: ReadonlyMap<number, TournamentPlayer>,
): { performance: number | null; noPerformance: NoPerformanceReason | null } {
  const rated = ratedGamesOf(player, byNumber);
  if (rated === 0) return { performance: null, noPerformance: 'no_rated_opponent' };
  if (!player.rating && rated < UNRATED_MIN_RATED_GAMES) return { performance: null, noPerformance: 'unrated_few_rated_games' };
  return { performance: performanceRating(player, byNumber), noPerformance: null };
}

/** The tournament with our performance filled in for every player the program gave none (TRF files never do). */
export function withComputedPerformance(tournament: Tournament): Tournament {
  if (tournament.players.every((p) => p.performance !== null)) return tournament;
  const byNumber = new Map(tournament.players.map((p) => [p.pairingNumber, p]));
  return {
    ...tournament,
    players: tournament.players.map((p) => (p.performance !== null ? p : { ...p, performance: performanceRating(p, byNumber) })),
  };
}

/** How many of the program's own performance values our computation reproduces (players it gave one). */
export function comparePerformanceWithProgram(tournament: Tournament): {
  players: number;
  agreeing: number;
  differences: { pairingNumber: number; program: number; ours: number | null }[];
} {
  const byNumber = new Map(tournament.players.map((p) => [p.pairingNumber, p]));
  const differences: { pairingNumber: number; program: number; ours: number | null }[] = [];
  let players = 0;
  for (const player of tournament.players) {
    if (player.performance === null) continue;
    players++;
    const ours = performanceRating(player, byNumber);
    if (ours !== player.performance) differences.push({ pairingNumber: player.pairingNumber, program: player.performance, ours });
  }
  return { players, agreeing: players - differences.length, differences };
}
