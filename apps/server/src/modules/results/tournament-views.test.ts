import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTournamentFile } from '@bjk/domain';
import { publicPlayer } from './tournament-views.js';

const swar = (name: string) => parseTournamentFile(readFileSync(path.resolve(import.meta.dirname, '../../../../../packages/domain/fixtures/swar', name)));

/** The performance a player's card shows, from the real Swar files (docs/results-tie-breaks.md). */
function shown(name: string) {
  const t = swar(name);
  const byNumber = new Map(t.players.map((p) => [p.pairingNumber, p]));
  return new Map(t.players.map((p) => [p.pairingNumber, { program: p.performance, card: publicPlayer(p, byNumber).performance }]));
}

describe('the performance on a player card', () => {
  it('is FIDE’s (unrated opponents left out), not Swar’s, which counts them at rating 0 (BJK 2026 U8)', () => {
    const u8 = shown('bycco_bjk2026_u08.json');
    // Unrated, met rated and unrated opponents: Swar's average takes the unrated ones as 0.
    expect(u8.get(8)).toEqual({ program: 1401, card: 1681 });
    // Rated 1679: Swar counts an unrated opponent at 1279 (0, raised to 400 points below the player).
    expect(u8.get(12)).toEqual({ program: 2155, card: 2215 });
  });

  it('is none for a player without a rated opponent, where Swar prints a figure (BJK 2017 U8, nobody rated)', () => {
    const u8 = shown('bycco_bjk2017_u08_swar_v3.json');
    expect(u8.get(5)).toEqual({ program: 336, card: null });
    expect([...u8.values()].every((p) => p.card === null)).toBe(true);
  });

  it('is the program’s own figure where every opponent is rated (BJK 2025 U20)', () => {
    const u20 = [...shown('bycco_bjk2025_u20.json').values()];
    expect(u20).toHaveLength(17);
    expect(u20.every((p) => p.card !== null && p.card === p.program)).toBe(true);
  });
});
