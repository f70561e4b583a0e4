import type { PlayerRound, TournamentPlayer } from './tournament-model.js';

/**
 * Board numbers for a file that carries none (a TRF), in the order pairing programs list the pairs (FIDE C.04.2,
 * general handling rules for Swiss tournaments): by the higher score of the two players before the round, then the
 * sum of their scores, then the initial rank of the higher-ranked player (the higher score, on equal scores the
 * better initial rank). Byes, requested byes and absences have no board and come after the games.
 *
 * Checked against the Swar files, whose boards are known, with Swar's initial rank (rating, then pairing number):
 * every board of v6.47 and v6.75 (188 of 188) and of the v4.11 files, 70 of 72 of v6.40, 64 of 99 of v3.24 (an
 * older Swar that orders otherwise). A TRF's starting rank is its initial rank. These numbers are for display (the
 * hall's tables may differ): arbiters' results and games are keyed on the players, not on them.
 */
export function withBoardOrder(players: readonly TournamentPlayer[], initialRank: (player: TournamentPlayer) => number): TournamentPlayer[] {
  const copies = players.map((p) => ({ ...p, rounds: p.rounds.map((r) => ({ ...r })) }));
  const byNumber = new Map(copies.map((p) => [p.pairingNumber, p]));
  const rounds = new Set(copies.flatMap((p) => p.rounds.map((r) => r.round)));
  for (const round of rounds) {
    const entries = copies.flatMap((p) => p.rounds.filter((r) => r.round === round && r.opponent !== null).map((r) => ({ player: p, entry: r })));
    // A round the file numbered itself keeps its numbers.
    if (entries.some(({ entry }) => entry.board !== null)) continue;
    const games: { white: PlayerRound; black: PlayerRound | undefined; higher: number; sum: number; rank: number }[] = [];
    for (const { player, entry } of entries) {
      const opponent = byNumber.get(entry.opponent!);
      if (!opponent) continue;
      const isWhite = entry.colour === 'white' || (entry.colour === null && player.pairingNumber < opponent.pairingNumber);
      if (!isWhite) continue;
      const a = scoreBefore(player, round);
      const b = scoreBefore(opponent, round);
      const higher = a > b || (a === b && initialRank(player) <= initialRank(opponent)) ? player : opponent;
      games.push({
        white: entry,
        black: opponent.rounds.find((r) => r.round === round && r.opponent === player.pairingNumber),
        higher: Math.max(a, b),
        sum: a + b,
        rank: initialRank(higher),
      });
    }
    games.sort((x, y) => y.higher - x.higher || y.sum - x.sum || x.rank - y.rank);
    games.forEach((game, index) => {
      game.white.board = index + 1;
      if (game.black) game.black.board = index + 1;
    });
  }
  return copies;
}

function scoreBefore(player: TournamentPlayer, round: number): number {
  return player.rounds.reduce((sum, r) => (r.round < round ? sum + r.points : sum), 0);
}

/** Swar's initial rank: by the rating it paired with, then the pairing number. */
export function ratingInitialRank(players: readonly TournamentPlayer[]): (player: TournamentPlayer) => number {
  const order = [...players].sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0) || a.pairingNumber - b.pairingNumber);
  const rank = new Map(order.map((p, index) => [p.pairingNumber, index + 1]));
  return (player) => rank.get(player.pairingNumber) ?? Infinity;
}
