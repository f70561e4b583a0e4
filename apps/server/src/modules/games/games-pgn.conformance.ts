import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePgn, writePgnGame } from './games-pgn.js';

/**
 * Real PGN written by others, read from ../shared/data (never copied into the repository: AGPL-3.0, real names).
 */
const dataDir = process.env.SHARED_DATA_DIR ?? path.resolve(import.meta.dirname, '../../../../../../shared/data');
const read = (file: string) => readFileSync(path.join(dataDir, file), 'utf8');

describe('a real round written by DGT LiveChess', () => {
  const text = read('pgn/dgt_livechess_sample_invitational_round1.pgn');
  const { games, errors } = parsePgn(text);

  it('takes all twelve boards of round 1 without an error', () => {
    expect(errors).toEqual([]);
    expect(games.map((g) => [g.round, g.board])).toEqual(Array.from({ length: 12 }, (_, i) => [1, i + 1]));
    expect(games.every((g) => g.white !== '' && g.black !== '' && g.moves.length > 0)).toBe(true);
  });

  it('reads every clock and elapsed-time comment of the file', () => {
    const clocks = games.reduce((sum, g) => sum + g.moves.filter((m) => m.clock !== undefined).length, 0);
    const elapsed = games.reduce((sum, g) => sum + g.moves.filter((m) => m.elapsed !== undefined).length, 0);
    expect([clocks, elapsed]).toEqual([836, 806]);
    expect(clocks).toBe((text.match(/\[%clk\s/g) ?? []).length);
    expect(elapsed).toBe((text.match(/\[%emt\s/g) ?? []).length);
  });

  it('reads the results of the tags', () => {
    const tagged = [...text.matchAll(/\[Result "([^"]+)"\]/g)].map((m) => m[1]);
    expect(games.map((g) => g.result)).toEqual(tagged);
  });

  it('writes every game back to PGN that reads the same', () => {
    for (const game of games) {
      const again = parsePgn(writePgnGame({ event: 'E', ...game })).games[0]!;
      expect(again.moves.map((m) => [m.san, m.clock])).toEqual(game.moves.map((m) => [m.san, m.clock]));
    }
  });
});

describe('a real broadcast export of tags only', () => {
  it('takes every game as a game without moves', () => {
    const text = read('pgn/lichess_broadcast_uzchess_cup_2025_tags_only.pgn');
    const { games, errors } = parsePgn(text);
    expect(errors).toEqual([]);
    expect(games).toHaveLength(45);
    expect(games.filter((g) => g.whiteFideId !== null && g.blackFideId !== null)).toHaveLength(45);
  });
});
