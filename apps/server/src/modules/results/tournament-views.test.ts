import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeTieBreaks, parseTournamentFile, parseTrf } from '@bjk/domain';
import { diffTournaments, publicPlayer, roundPairings, standingsOf } from './tournament-views.js';

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

  it('is none for an unrated child with fewer than five rated games, and says why (BJK 2026 U8)', () => {
    const t = swar('bycco_bjk2026_u08.json');
    const byNumber = new Map(t.players.map((p) => [p.pairingNumber, p]));
    const card = (n: number) => publicPlayer(byNumber.get(n)!, byNumber);
    // Player 26: unrated, one game against a rated opponent. Player 5: unrated, five. Player 12: rated.
    expect(card(26)).toMatchObject({ rating: null, performance: null, noPerformance: 'unrated_few_rated_games' });
    expect(card(5)).toMatchObject({ rating: null, performance: expect.any(Number), noPerformance: null });
    expect(card(12)).toMatchObject({ performance: 2215, noPerformance: null });
    const nobodyRated = swar('bycco_bjk2017_u08_swar_v3.json');
    const byNumber2017 = new Map(nobodyRated.players.map((p) => [p.pairingNumber, p]));
    expect(publicPlayer(nobodyRated.players[0]!, byNumber2017)).toMatchObject({ performance: null, noPerformance: 'no_rated_opponent' });
  });

  it('is the program’s own figure where every opponent is rated (BJK 2025 U20)', () => {
    const u20 = [...shown('bycco_bjk2025_u20.json').values()];
    expect(u20).toHaveLength(17);
    expect(u20.every((p) => p.card !== null && p.card === p.program)).toBe(true);
  });
});

const trf = (name: string) => parseTournamentFile(readFileSync(path.resolve(import.meta.dirname, '../../../../../packages/domain/fixtures/trf', name)));

/** A TRF16 `001` line with its fixed columns; `rank` in columns 86–89. */
function playerLine(number: number, name: string, rating: number, points: string, rank: number, blocks: string[]): string {
  return `001 ${String(number).padStart(4)}      ${name.padEnd(33)} ${String(rating).padStart(4)} GER ${'0'.padStart(11)} ${''.padEnd(10)} ${points.padStart(4)} ${String(rank).padStart(4)}  ${blocks.map((b) => b.padEnd(8)).join('  ')}`;
}

describe('standings', () => {
  it('of a Swar file are Swar’s own places and values, named as its', () => {
    const u8 = swar('bycco_bjk2026_u08.json');
    const standings = standingsOf('U8', 1, u8, []);
    expect(standings).toMatchObject({ provisional: false, afterRound: 9, tieBreakRules: null, program: 'Swar v6.75' });
    const first = u8.players.find((p) => p.rank === 1)!;
    expect(standings.rows[0]).toMatchObject({ rank: 1, pairingNumber: first.pairingNumber, tieBreaks: first.tieBreakValues });
  });

  it('of a TRF with a rank column keep the program’s order and show our tie-breaks, after the last round with results (JaVaFo)', () => {
    const javafo = trf('javafo_sample2_open_gros_2010.trf');
    const standings = standingsOf('U8', 1, javafo, []);
    // Round 5 holds only byes announced in advance: the standings are after round 4, by the 2023 text (2010 start).
    expect(standings).toMatchObject({ afterRound: 4, tieBreakRules: 'fide2023', program: 'TRF16' });
    expect(standings.rows.map((r) => r.rank)).toEqual(javafo.players.map((p) => p.rank).sort((a, b) => a! - b!));
    const ours = computeTieBreaks(javafo.players, javafo.tieBreaks, { rules: 'fide2023', rounds: 4 });
    for (const row of standings.rows) {
      expect(row.tieBreaks).toEqual(ours.get(row.pairingNumber));
      expect(row.tieBreaks.every((v) => typeof v === 'number')).toBe(true);
    }
  });

  it('list the players the program did not rank (rank 0) after the others without a place, and no bye placeholder', () => {
    const file = parseTrf(
      [
        '012 Open',
        '042 28. 07. 2005',
        'XXR 2',
        playerLine(1, 'Alpha, A', 2100, '2.0', 1, ['   3 w 1', '   2 b 1']),
        playerLine(2, 'Beta, B', 2000, '1.0', 2, ['   4 b 1', '   1 w 0']),
        playerLine(3, 'Gamma, C', 1900, '0.0', 0, ['   1 b 0', '']),
        playerLine(4, 'Delta, D', 1800, '1.0', 3, ['   2 w 0', '0000 - +']),
        playerLine(5, 'spielfrei', 0, '0.0', 0, ['', '0000 - -']),
      ].join('\n'),
    );
    expect(file.players.map((p) => p.name)).not.toContain('spielfrei');
    const standings = standingsOf('U8', 1, file, []);
    expect(standings.rows.map((r) => [r.name, r.rank])).toEqual([
      ['Alpha, A', 1],
      ['Beta, B', 2],
      ['Delta, D', 3],
      ['Gamma, C', null],
    ]);
  });

  it('of a file without a start date follow the FIDE text in force on the edition’s start', () => {
    const javafo = trf('javafo_sample2_open_gros_2010.trf');
    const undated = { ...javafo, startDate: null };
    expect(standingsOf('U8', 1, undated, [], '2027-02-15').tieBreakRules).toBe('fide2026');
    expect(standingsOf('U8', 1, undated, [], '2026-02-16').tieBreakRules).toBe('fide2023');
  });
});

describe('what an upload changes against the published version', () => {
  it('lists every result of the round just played, from the real upload after a round', () => {
    const paired = swar('bycco_test_bjk_1_paired.json');
    const played = swar('bycco_test_bjk_2_played.json');
    const diff = diffTournaments(paired, played, []);
    const round = played.pairedRounds;
    const expected = roundPairings(played, round).filter((p) => p.result !== null);
    expect(expected.length).toBeGreaterThan(0);
    expect(diff.resultsChanged).toEqual(
      expected.map((p) => ({ round, board: p.board, white: p.white.name, black: p.black?.name ?? null, before: null, after: p.result })),
    );
    expect(diffTournaments(played, played, []).resultsChanged).toEqual([]);
  });

  it('lists the results taken back when an older file is uploaded again', () => {
    const played = swar('bycco_test_bjk_2_played.json');
    const paired = swar('bycco_test_bjk_1_paired.json');
    const back = diffTournaments(played, paired, []).resultsChanged;
    expect(back.length).toBeGreaterThan(0);
    expect(back.every((c) => c.before !== null && c.after === null)).toBe(true);
  });
});
