import { describe, expect, it } from 'vitest';
import { identifyGames, playersKey, sharedBoards, type KnownGame } from './games-identity.js';

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
