import { describe, expect, it } from 'vitest';
import { matchGamesToPairings, sameName, type GameToMatch, type RoundPairing } from './games-matching.js';

const pairings: RoundPairing[] = [
  { board: 1, white: { name: 'Peeters, Anna', fideId: 2000001 }, black: { name: 'Dubois, Lucas', fideId: 2000002 } },
  { board: 2, white: { name: 'Janssens Emma', fideId: null }, black: { name: 'Müller, Jonas', fideId: null } },
  { board: 3, white: { name: 'Van den Berg, Lotte Marie', fideId: null }, black: { name: 'Claes, Noah', fideId: null } },
  { board: 4, white: { name: 'Maes, Louise', fideId: null }, black: null },
];
const game = (key: string, board: number | null, white: string, black: string, ids: [number | null, number | null] = [null, null]): GameToMatch => ({
  key,
  board,
  white,
  black,
  whiteFideId: ids[0],
  blackFideId: ids[1],
});

describe('names typed at the venue against the pairing program', () => {
  it('takes an initial for the given name, accents and case aside', () => {
    expect(sameName('Moss, M', 'Moss, Magnus')).toBe(true);
    expect(sameName('MULLER, jonas', 'Müller, Jonas')).toBe(true);
    expect(sameName('Van den Berg, L', 'Van den Berg, Lotte Marie')).toBe(true);
  });

  it('reads old Swar names without a comma', () => {
    expect(sameName('Janssens, E', 'Janssens Emma')).toBe(true);
  });

  it('tells different players apart', () => {
    expect(sameName('Moss, M', 'Moss, Hanna')).toBe(false);
    expect(sameName('Mosser, M', 'Moss, M')).toBe(false);
    expect(sameName('', 'Moss, M')).toBe(false);
  });
});

describe('matching the games of a round to its pairings', () => {
  it('matches games on their board by names, and by FIDE ids where both sides have them', () => {
    const result = matchGamesToPairings([game('3.1', 1, 'Peeters, A', 'Dubois, L', [2000001, 2000002]), game('3.2', 2, 'Janssens, E', 'Muller, J')], pairings);
    expect(result).toEqual({
      matched: [
        { key: '3.1', board: 1 },
        { key: '3.2', board: 2 },
      ],
      unmatched: [],
    });
  });

  it('trusts FIDE ids over a misspelt name, and refuses a wrong id', () => {
    expect(matchGamesToPairings([game('a', 1, 'Peters, Ana', 'Dubois, L', [2000001, 2000002])], pairings).matched).toEqual([{ key: 'a', board: 1 }]);
    expect(matchGamesToPairings([game('a', 1, 'Peeters, Anna', 'Dubois, Lucas', [2000001, 2999999])], pairings).unmatched).toEqual([
      { key: 'a', reason: 'players_differ' },
    ]);
  });

  it('finds a game on another board when the venue numbered the boards differently', () => {
    expect(matchGamesToPairings([game('9', 9, 'Van den Berg, L', 'Claes, N')], pairings).matched).toEqual([{ key: '9', board: 3 }]);
    expect(matchGamesToPairings([game('x', null, 'Van den Berg, L', 'Claes, N')], pairings).matched).toEqual([{ key: 'x', board: 3 }]);
  });

  it('lists what does not match, with the reason', () => {
    const result = matchGamesToPairings(
      [
        game('3.1', 1, 'Dubois, L', 'Peeters, A'),
        game('3.12', 12, 'Someone, S', 'Else, E'),
        game('3.4', 4, 'Maes, Louise', 'Nobody, N'),
        game('3.1b', 1, 'Peeters, A', 'Dubois, L'),
        game('again', 5, 'Peeters, A', 'Dubois, L'),
      ],
      pairings,
    );
    expect(result.matched).toEqual([{ key: '3.1b', board: 1 }]);
    expect(result.unmatched).toEqual([
      { key: '3.1', reason: 'players_differ' },
      { key: '3.12', reason: 'no_pairing_on_board' },
      { key: '3.4', reason: 'players_differ' },
      { key: 'again', reason: 'pairing_taken' },
    ]);
  });
});
