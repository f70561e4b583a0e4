import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ratingInitialRank, withBoardOrder } from './board-order.js';
import { parseTournamentFile } from './tournament-file.js';

const fixture = (dir: string, name: string) => parseTournamentFile(readFileSync(path.resolve(import.meta.dirname, '../fixtures', dir, name)));

/** Every game's board, "round/white" → board. */
function boardsOf(players: ReturnType<typeof fixture>['players']): Map<string, number | null> {
  return new Map(
    players.flatMap((p) => p.rounds.filter((r) => r.colour === 'white' && r.opponent !== null).map((r) => [`${r.round}/${p.pairingNumber}`, r.board])),
  );
}

describe('board numbers in the order pairing programs list the pairs', () => {
  it.each(['bycco_bjk2026_u08.json', 'bycco_bjk2025_u20.json', 'bycco_bjk2019_u20bg_round1_paired.json', 'bycco_test_bjk_2_played.json'])(
    'gives every board Swar gave in %s, from the files with their boards taken out',
    (file) => {
      const swar = fixture('swar', file);
      const stripped = swar.players.map((p) => ({ ...p, rounds: p.rounds.map((r) => ({ ...r, board: null })) }));
      const ours = boardsOf(withBoardOrder(stripped, ratingInitialRank(swar.players)));
      const theirs = boardsOf(swar.players);
      expect(theirs.size).toBeGreaterThan(0);
      expect(ours).toEqual(theirs);
    },
  );

  it('numbers a TRF’s games 1… per round, both players of a game on one board, byes and absences without one', () => {
    const trf = fixture('trf', 'javafo_sample2_open_gros_2010.trf');
    const byNumber = new Map(trf.players.map((p) => [p.pairingNumber, p]));
    for (let round = 1; round <= trf.pairedRounds; round++) {
      const games = trf.players.flatMap((p) => p.rounds.filter((r) => r.round === round && r.opponent !== null && r.colour === 'white'));
      expect(games.map((r) => r.board).sort((a, b) => a! - b!)).toEqual(games.map((_, i) => i + 1));
      for (const p of trf.players) {
        const entry = p.rounds.find((r) => r.round === round);
        if (!entry) continue;
        if (entry.opponent === null) expect(entry.board).toBeNull();
        else expect(byNumber.get(entry.opponent)!.rounds.find((r) => r.round === round)!.board).toBe(entry.board);
      }
    }
    // Round 1: every score 0, so by the starting rank of the higher-ranked player: 1 plays on board 1.
    const first = byNumber.get(1)!.rounds.find((r) => r.round === 1)!;
    expect(first.board).toBe(1);
  });
});
