import { describe, expect, it } from 'vitest';
import { matchesPlayer } from './player-search';

describe('finding a player by name', () => {
  it('takes the name in any order, in part, without accents or case', () => {
    for (const query of ['Theo Ivanov', 'Ivanov Theo', 'ivanov', 'IVANOV, theo', 'théo', 'vano', 'Iv Th']) {
      expect(matchesPlayer('Ivanov, Theo', query), query).toBe(true);
    }
    expect(matchesPlayer('Sodbayar, Nomingoo', 'Sodbayar N')).toBe(true);
    expect(matchesPlayer('Müller, Jonas', 'muller jo')).toBe(true);
    expect(matchesPlayer('Van Der Lugt, Floris', 'floris van der lugt')).toBe(true);
    expect(matchesPlayer('Huynh, Steven Minh Triet', 'minh huynh')).toBe(true);
  });

  it('does not take another player for the one typed', () => {
    expect(matchesPlayer('Ivanov, Theo', 'Theo Peeters')).toBe(false);
    expect(matchesPlayer('Ivanov, Theo', 'n')).toBe(false);
    expect(matchesPlayer('Sodbayar, Nomingoo', 'Sodbayar T')).toBe(false);
    expect(matchesPlayer('Ivanov, Theo', '  ')).toBe(false);
  });
});
