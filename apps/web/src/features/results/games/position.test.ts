import { describe, expect, it } from 'vitest';
import { clocksAt, formatClock, moveLabel, positionsOf, resultText } from './position';

describe('replaying a game for the viewer', () => {
  it('has a position before the first move and after each move', () => {
    const fens = positionsOf([{ san: 'e4' }, { san: 'e5' }], null);
    expect(fens).toHaveLength(3);
    expect(fens[1]).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  });

  it('stops at a move it cannot play instead of failing the page', () => {
    expect(positionsOf([{ san: 'e4' }, { san: 'Ke7' }, { san: 'd4' }], null)).toHaveLength(2);
  });

  it('shows each side’s last clock up to the chosen move', () => {
    const moves = [{ san: 'e4', clock: 5400 }, { san: 'e5', clock: 5390 }, { san: 'Nf3' }, { san: 'Nc6', clock: 5300 }];
    expect(clocksAt(moves, 0, null)).toEqual({});
    expect(clocksAt(moves, 3, null)).toEqual({ white: 5400, black: 5390 });
    expect(clocksAt(moves, 4, null)).toEqual({ white: 5400, black: 5300 });
  });

  it('numbers moves from a set-up position with Black to move', () => {
    const fen = '4k3/8/8/8/8/8/4P3/4K3 b - - 0 40';
    expect(moveLabel(1, fen)).toEqual({ number: 40, white: false });
    expect(moveLabel(2, fen)).toEqual({ number: 41, white: true });
    expect(clocksAt([{ san: 'Kd7', clock: 60 }], 1, fen)).toEqual({ black: 60 });
  });

  it('writes clocks and results as players read them', () => {
    expect(formatClock(5455)).toBe('1:30:55');
    expect(formatClock(245.5)).toBe('4:05');
    expect(formatClock(undefined)).toBe('–');
    expect(resultText('1/2-1/2')).toBe('½-½');
    expect(resultText('*')).toBeNull();
  });
});
