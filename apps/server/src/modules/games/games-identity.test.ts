import { describe, expect, it } from 'vitest';
import { gameKeyOf, gameNumbersOf, identifyGames, playersKey, sharedBoards, type KnownGame } from './games-identity.js';

const known = (id: number, board: number | null, white: string, black: string, feed = 'push'): KnownGame => ({
  id,
  board,
  white,
  black,
  whiteFideId: null,
  blackFideId: null,
  feed,
});
const incoming = (board: number | null, white: string, black: string, ids: [number | null, number | null] = [null, null]) => ({
  board,
  white,
  black,
  whiteFideId: ids[0],
  blackFideId: ids[1],
});

describe('a game received again is the stored game of its round and players', () => {
  it('finds it by players whatever the board, the feed, accents, case or punctuation', () => {
    const stored = [known(1, 3, 'Anciaux, Émile', 'Berg, Bo', 'upload')];
    expect(identifyGames([incoming(null, 'anciaux emile', 'BERG, BO.')], stored, 'push')).toEqual([1]);
    expect(identifyGames([incoming(9, 'Anciaux, Emile', 'Berg, Bo')], stored, 'poll:ab')).toEqual([1]);
  });

  it('finds it by FIDE ids where both sides have them, even under another spelling', () => {
    const stored = [{ ...known(1, 1, 'Moss, M', 'Lee, K'), whiteFideId: 101, blackFideId: 202 }];
    expect(identifyGames([incoming(1, 'Moss, Magnus', 'Lee, Kim', [101, 202])], stored, 'upload')).toEqual([1]);
    expect(identifyGames([incoming(1, 'Moss, M', 'Lee, K', [101, 203])], stored, 'upload')).toEqual([null]);
  });

  it('keeps a name corrected mid-round as the same game of the same feed and board, not across feeds', () => {
    const stored = [known(1, 4, 'Anciaux, A', 'Berg, B', 'push')];
    expect(identifyGames([incoming(4, 'Anciaux, Alice', 'Berg, B')], stored, 'push')).toEqual([1]);
    expect(identifyGames([incoming(4, 'Anciaux, Alice', 'Berg, B')], stored, 'poll:ab')).toEqual([null]);
    expect(identifyGames([incoming(4, 'Anciaux, Alice', 'Berg, B')], stored, 'upload')).toEqual([null]);
  });

  it('keeps two different games that claim one board as two, also when they come again', () => {
    const first = identifyGames([incoming(1, 'A, A', 'B, B'), incoming(1, 'C, C', 'D, D')], [], 'push');
    expect(first).toEqual([null, null]);
    const stored = [known(10, 1, 'A, A', 'B, B'), known(11, 1, 'C, C', 'D, D')];
    expect(identifyGames([incoming(1, 'C, C', 'D, D'), incoming(1, 'A, A', 'B, B')], stored, 'push')).toEqual([11, 10]);
    // A third game on that board is new: the board alone no longer says which game it would correct.
    expect(identifyGames([incoming(1, 'E, E', 'F, F')], stored, 'push')).toEqual([null]);
    expect(sharedBoards(stored)).toEqual(new Set([10, 11]));
  });

  it('keys the players as plain names', () => {
    expect(playersKey({ white: 'Ándre, B.', black: 'Čech  C' })).toBe('andre b|cech c');
  });
});

describe('two games of the same two players in one round (a play-off, an armageddon)', () => {
  const copy = (moves: string, result: string, gameNumber: number | null = null) => ({
    white: 'Anciaux, A',
    black: 'Berg, B',
    gameNumber,
    result,
    moves: moves
      .split(' ')
      .filter((m) => m !== '')
      .map((san) => ({ san })),
  });

  it('numbers a finished game followed by another game of the same players as game 2, a growing copy as the same game', () => {
    // The relay's file repeats the game as it grows: one game.
    expect(gameNumbersOf([copy('e4', '*'), copy('e4 e5', '*'), copy('e4 e5 Nf3', '1-0')])).toEqual([1, 1, 1]);
    // The same finished copy twice is one game.
    expect(gameNumbersOf([copy('e4 e5', '1-0'), copy('e4 e5', '1-0')])).toEqual([1, 1]);
    // A finished game, then another game of the two (other moves, or the same opening with another result): two games.
    expect(gameNumbersOf([copy('e4 e5', '1/2-1/2'), copy('d4', '*'), copy('d4 d5', '0-1')])).toEqual([1, 2, 2]);
    expect(gameNumbersOf([copy('e4 e5', '1/2-1/2'), copy('e4 e5 Nf3', '1-0')])).toEqual([1, 2]);
  });

  it('takes the number the tags give, in any order', () => {
    expect(gameNumbersOf([copy('d4', '*', 2), copy('e4 e5', '1/2-1/2', 1), copy('d4 d5', '*', 2)])).toEqual([2, 1, 2]);
    expect(gameKeyOf({ white: 'Anciaux, A', black: 'Berg, B' }, 2)).toBe('anciaux a|berg b|2');
    expect(gameKeyOf({ white: 'Anciaux, A', black: 'Berg, B' }, 1)).toBe(playersKey({ white: 'Anciaux, A', black: 'Berg, B' }));
  });

  it('finds each stored game again by its number, and the board of a relay feed never merges game 2 into game 1', () => {
    const stored = [
      { ...known(1, 4, 'Anciaux, A', 'Berg, B'), gameKey: 'anciaux a|berg b' },
      { ...known(2, 4, 'Anciaux, A', 'Berg, B'), gameKey: 'anciaux a|berg b|2' },
    ];
    expect(identifyGames([{ ...incoming(4, 'Anciaux, A', 'Berg, B'), gameNumber: 2 }], stored, 'push')).toEqual([2]);
    expect(identifyGames([{ ...incoming(4, 'Anciaux, A', 'Berg, B'), gameNumber: 1 }], stored, 'push')).toEqual([1]);
    // Only game 1 stored, game 2 arrives on the same board of the same feed: a new game, not game 1 under a corrected name.
    expect(identifyGames([{ ...incoming(4, 'Anciaux, A', 'Berg, B'), gameNumber: 2 }], stored.slice(0, 1), 'push')).toEqual([null]);
    // A corrected name on that board is still the same game.
    expect(identifyGames([incoming(4, 'Anciaux, Alice', 'Berg, B')], stored.slice(0, 1), 'push')).toEqual([1]);
  });
});
