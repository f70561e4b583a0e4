import { describe, expect, it } from 'vitest';
import { mergeGame, nextReveal, visiblePart, type StoredGameState } from './games-merge.js';

const moves = (...sans: string[]) => sans.map((san) => ({ san }));

describe('a game posted again', () => {
  const first = mergeGame(null, { moves: moves('e4', 'e5'), result: '*' }, 1000);

  it('is added the first time, every move stamped with its arrival', () => {
    expect(first.outcome).toBe('added');
    expect(first.state.moves.map((m) => m.at)).toEqual([1000, 1000]);
    expect(first.state.resultAt).toBeNull();
  });

  it('changes nothing when the same PGN comes again', () => {
    const again = mergeGame(first.state, { moves: moves('e4', 'e5'), result: '*' }, 5000);
    expect(again.outcome).toBe('unchanged');
    expect(again.state).toBe(first.state);
  });

  it('grows: the known moves keep their arrival, the new ones get theirs', () => {
    const grown = mergeGame(first.state, { moves: moves('e4', 'e5', 'Nf3'), result: '*' }, 9000);
    expect(grown.outcome).toBe('grown');
    expect(grown.state.moves.map((m) => [m.san, m.at])).toEqual([
      ['e4', 1000],
      ['e5', 1000],
      ['Nf3', 9000],
    ]);
  });

  it('never shrinks because an older copy of the file was served', () => {
    const grown = mergeGame(first.state, { moves: moves('e4', 'e5', 'Nf3'), result: '*' }, 9000).state;
    const old = mergeGame(grown, { moves: moves('e4', 'e5'), result: '*' }, 10000);
    expect(old.outcome).toBe('stale');
    expect(old.state.moves).toHaveLength(3);
  });

  it('takes a corrected move: the moves before it keep their arrival', () => {
    const grown = mergeGame(first.state, { moves: moves('e4', 'e5', 'Nf3'), result: '*' }, 9000).state;
    const corrected = mergeGame(grown, { moves: moves('e4', 'e5', 'Nc3'), result: '*' }, 12000);
    expect(corrected.outcome).toBe('replaced');
    expect(corrected.state.moves.map((m) => m.at)).toEqual([1000, 1000, 12000]);
  });

  it('takes a clock added later as a replacement that keeps the move arrival', () => {
    const withClock = mergeGame(first.state, { moves: [{ san: 'e4', clock: 5400 }, { san: 'e5' }], result: '*' }, 3000);
    expect(withClock.outcome).toBe('replaced');
    expect(withClock.state.moves[0]).toEqual({ san: 'e4', clock: 5400, at: 1000 });
  });

  it('stamps the result when it arrives, and keeps that stamp when the game is posted again', () => {
    const finished = mergeGame(first.state, { moves: moves('e4', 'e5'), result: '1-0' }, 20000).state;
    expect(finished.resultAt).toBe(20000);
    const corrected = mergeGame(finished, { moves: [{ san: 'e4', clock: 1 }, { san: 'e5' }], result: '1-0' }, 30000).state;
    expect(corrected.resultAt).toBe(20000);
  });
});

describe('what a visitor sees through the broadcast delay', () => {
  const state: StoredGameState = {
    moves: [
      { san: 'e4', at: 0 },
      { san: 'e5', at: 10_000 },
      { san: 'Qh5', at: 20_000 },
    ],
    result: '1-0',
    resultAt: 20_000,
  };
  const minute = 60_000;

  it('shows no move before it is as old as the delay', () => {
    expect(visiblePart(state, minute, minute - 1)).toEqual({ moves: [], result: '*' });
    expect(visiblePart(state, minute, minute)).toEqual({ moves: [{ san: 'e4' }], result: '*' });
    expect(visiblePart(state, minute, minute + 10_000).moves).toHaveLength(2);
  });

  it('shows the result only with the last move', () => {
    expect(visiblePart(state, minute, minute + 20_000)).toEqual({ moves: moves('e4', 'e5', 'Qh5'), result: '1-0' });
  });

  it('shows everything at once without a delay', () => {
    expect(visiblePart(state, 0, 20_000).result).toBe('1-0');
  });

  it('knows when the next move becomes visible', () => {
    expect(nextReveal(state, minute, 0)).toBe(minute);
    expect(nextReveal(state, minute, minute + 5000)).toBe(minute + 10_000);
    expect(nextReveal(state, minute, minute + 20_000)).toBeNull();
    expect(nextReveal({ ...state, resultAt: 40_000 }, minute, minute + 20_000)).toBe(minute + 40_000);
  });
});
