import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAMES_ERRORS } from '@bjk/domain';
import { annotatedMovetextOf, MAX_PGN_GAMES, parseClock, parsePgn, roundAndBoard, TooManyGamesError, writePgnGame } from './games-pgn.js';

const fixture = (name: string) => readFileSync(new URL(`./games-fixtures/${name}`, import.meta.url), 'utf8');

describe('reading a round of games from PGN', () => {
  const { games, errors } = parsePgn(fixture('round3-live.pgn'));

  it('takes every game of the file with its round, board and players', () => {
    expect(errors).toEqual([]);
    expect(games.map((g) => [g.round, g.board, g.white, g.black, g.result])).toEqual([
      [3, 1, 'Peeters, Anna', 'Dubois, Lucas', '1-0'],
      [3, 2, 'Janssens, Emma', 'Müller, Jonas', '*'],
      [3, 3, 'Van den Berg, Lotte', 'Claes, Noah', '1/2-1/2'],
    ]);
    expect(games[0]).toMatchObject({ whiteFideId: 2000001, blackFideId: 2000002, whiteRating: 1620, blackRating: null });
  });

  it('reads the clocks of each move, split over lines, with tenths, and the elapsed times', () => {
    expect(games[0]!.moves).toEqual([
      { san: 'e4', clock: 5455 },
      { san: 'e5', clock: 5450, elapsed: 40 },
      { san: 'Bc4', clock: 5480 },
      { san: 'Nc6', clock: 5470 },
      { san: 'Qh5', clock: 5490, elapsed: 20 },
      { san: 'Nf6', clock: 5402.5 },
      { san: 'Qxf7#', clock: 5518 },
    ]);
  });

  it('drops variations, NAGs, annotations and engine evaluations, keeping the main line', () => {
    expect(games[1]!.moves.map((m) => m.san)).toEqual(['d4', 'd5', 'c4', 'e6', 'Nc3']);
    expect(JSON.stringify(games)).not.toContain('eval');
  });

  it('accepts castling written with zeros and moves glued to their numbers', () => {
    expect(games[2]!.moves.map((m) => m.san)).toEqual(['Nf3', 'd5', 'g3', 'Nf6', 'Bg2', 'c6', 'O-O', 'Bg4', 'd3', 'Nbd7', 'Nbd2', 'e5']);
  });
});

describe('broken games in a file', () => {
  const { games, errors } = parsePgn(fixture('round3-broken.pgn'));

  it('still takes the good games, and the game with an illegal move up to the move before it', () => {
    expect(games.map((g) => [g.board, g.moves.length, g.result])).toEqual([
      [4, 5, '*'],
      [5, 4, '0-1'],
    ]);
  });

  it('names the illegal move, its number and the game, and says the game was kept', () => {
    expect(errors[0]).toMatchObject({ code: GAMES_ERRORS.illegalMove, game: 1, line: 1, ply: 6, san: 'Ke5', white: 'Maes, Louise', round: '3.4', kept: true });
    expect(errors[0]!.message).toContain('3... Ke5');
    expect(errors.slice(1).every((e) => e.kept === undefined)).toBe(true);
  });

  it('names the broken tag by its line', () => {
    expect(errors[1]).toMatchObject({ code: GAMES_ERRORS.brokenTag, game: 3, line: 17 });
    expect(errors[1]!.message).toContain('Line 18');
  });

  it('says a game cut off in the middle of a comment is truncated', () => {
    expect(errors[2]).toMatchObject({ code: GAMES_ERRORS.truncated, game: 4, white: 'Lambert, Elise' });
    expect(errors).toHaveLength(3);
  });

  it('says a game without a result marker is truncated', () => {
    const cut = parsePgn('[Round "1.1"]\n[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3');
    expect(cut.games).toEqual([]);
    expect(cut.errors[0]).toMatchObject({ code: GAMES_ERRORS.truncated, ply: 3 });
  });

  it('refuses text after the result rather than guessing where the next game starts', () => {
    expect(parsePgn('[Round "1.1"]\n\n1. e4 e5 1-0 2. Nf3 *').errors[0]).toMatchObject({ code: GAMES_ERRORS.truncated });
  });

  it('refuses a game whose round is unknown, unless the upload names the round', () => {
    const text = '[White "A"]\n[Black "B"]\n[Round "?"]\n\n1. e4 *';
    expect(parsePgn(text).errors[0]).toMatchObject({ code: GAMES_ERRORS.noRound });
    expect(parsePgn(text, { defaultRound: 4 }).games[0]).toMatchObject({ round: 4, board: null, moves: [{ san: 'e4' }] });
  });

  it('refuses a position tag that is not a position', () => {
    expect(parsePgn('[Round "1.1"]\n[SetUp "1"]\n[FEN "not a position"]\n\n*').errors[0]).toMatchObject({ code: GAMES_ERRORS.brokenTag });
  });
});

describe('what relays write', () => {
  it('reads a board from a separate Board tag', () => {
    expect(roundAndBoard({ Round: '5', Board: '12' })).toEqual({ round: 5, board: 12, gameNumber: null });
    expect(roundAndBoard({ Round: '5.12' })).toEqual({ round: 5, board: 12, gameNumber: null });
    expect(roundAndBoard({ Round: '?' })).toEqual({ round: null, board: null, gameNumber: null });
  });

  it('reads which game of a play-off a game is: `Round "5.12.2"` or a Game tag', () => {
    expect(roundAndBoard({ Round: '5.12.2' })).toEqual({ round: 5, board: 12, gameNumber: 2 });
    expect(roundAndBoard({ Round: '5.12', Game: '3' })).toEqual({ round: 5, board: 12, gameNumber: 3 });
    expect(roundAndBoard({ Round: '5.12', Game: 'x' })).toEqual({ round: 5, board: 12, gameNumber: null });
  });

  it('reads clocks with one or two digits of hours and tenths', () => {
    expect(parseClock('00:15:19')).toBe(919);
    expect(parseClock('1:05:03.4')).toBe(3903.4);
    expect(parseClock('later')).toBeUndefined();
  });

  it('takes games of tags only (a round announced before its moves) one by one', () => {
    const text = '[Event "E"]\n[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n[Round "1.2"]\n[White "C"]\n[Black "D"]\n[Result "1-0"]\n';
    const { games, errors } = parsePgn(text);
    expect(errors).toEqual([]);
    expect(games.map((g) => [g.board, g.white, g.moves.length, g.result])).toEqual([
      [1, 'A', 0, '*'],
      [2, 'C', 0, '1-0'],
    ]);
  });

  it('reads a file with CRLF line ends, a byte order mark and games without blank lines between them', () => {
    const text = '\uFEFF[Round "2.1"]\r\n[White "A"]\r\n[Black "B"]\r\n1. e4 e5 *\r\n[Round "2.2"]\r\n[White "C"]\r\n[Black "D"]\r\n1. d4 *\r\n';
    expect(parsePgn(text).games.map((g) => [g.board, g.moves.length])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('plays a game from a set-up position', () => {
    const fen = '4k3/8/8/8/8/8/4P3/4K3 b - - 0 40';
    const { games } = parsePgn(`[Round "1.1"]\n[SetUp "1"]\n[FEN "${fen}"]\n\n40... Kd7 41. e4 *`);
    expect(games[0]).toMatchObject({ fen, moves: [{ san: 'Kd7' }, { san: 'e4' }] });
  });
});

describe('writing games back as PGN', () => {
  it('writes what it reads: the same moves, clocks and result', () => {
    const [game] = parsePgn(fixture('round3-live.pgn')).games;
    const written = writePgnGame({ event: 'U12', ...game! });
    expect(written).toContain('[Round "3.1"]');
    expect(written).toContain('1. e4 {[%clk 1:30:55]} e5');
    const again = parsePgn(written).games[0]!;
    expect(again.moves.map((m) => [m.san, m.clock])).toEqual(game!.moves.map((m) => [m.san, m.clock]));
    expect(again.result).toBe('1-0');
    expect(written.split('\n').every((line) => line.length < 80)).toBe(true);
  });

  it('keeps the comments, variations and NAGs of a game for its download, without engine evaluations', () => {
    const [first, second, third] = parsePgn(fixture('round3-live.pgn')).games;
    expect(second!.annotated).toBe(
      '1. d4 {[%clk 1:30:51]} d5 {[%clk 1:30:48]} 2. c4 {[%clk 1:31:10]} (2. Nf3 Nf6 {a side line} (2... c5)) 2... e6 $1 {[%clk 1:31:05]} 3. Nc3',
    );
    expect(first!.annotated).toContain('Nf6??');
    expect(first!.annotated).not.toContain('eval');
    // Moves and clocks only: nothing to keep, the download writes those itself.
    expect(third!.annotated).toBeNull();
    expect(annotatedMovetextOf('1. e4 {[%clk 1:30:55]} e5 {[%clk 1:30:50]} *')).toBeNull();
    expect(annotatedMovetextOf('1. e4 ; the best\n e5 1-0')).toBe('1. e4 {the best} e5');
    const written = writePgnGame({ event: 'U12', ...second!, annotatedMovetext: second!.annotated });
    expect(written.replace(/\s+/g, ' ')).toContain('(2. Nf3 Nf6 {a side line} (2... c5)) 2... e6 $1 {[%clk 1:31:05]} 3. Nc3 *');
    expect(written.split('\n').every((line) => line.length < 80)).toBe(true);
    // Read again: the same main line.
    expect(parsePgn(written).games[0]!.moves).toEqual(second!.moves);
  });

  it('numbers a game from a set-up position with Black to move', () => {
    const fen = '4k3/8/8/8/8/8/4P3/4K3 b - - 0 40';
    const written = writePgnGame({
      event: 'U8',
      round: 1,
      board: 1,
      white: 'A',
      black: 'B',
      whiteRating: null,
      blackRating: null,
      whiteFideId: null,
      blackFideId: null,
      result: '*',
      fen,
      moves: [{ san: 'Kd7' }, { san: 'e4' }],
    });
    expect(written).toContain('40... Kd7 41. e4 *');
    expect(parsePgn(written).games[0]!.moves).toHaveLength(2);
  });
});

describe('what a PGN may not hold', () => {
  it('keeps a game whose relay wrote a tag twice, moves and all', () => {
    const text = '[Event "E"]\n[Round "3.4"]\n[White "A"]\n[Black "B"]\n[WhiteTitle "GM"]\n[WhiteTitle "GM"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 *\n';
    const { games, errors } = parsePgn(text);
    expect(errors).toEqual([]);
    expect(games.map((g) => [g.round, g.board, g.white, g.moves.length])).toEqual([[3, 4, 'A', 4]]);
  });

  it('refuses a game whose round or board no championship has, and leaves out numbers beyond integer', () => {
    const text = [
      '[Round "3.99999999999"]\n[White "A"]\n[Black "B"]\n\n1. e4 *\n',
      '[Round "31.1"]\n[White "C"]\n[Black "D"]\n\n1. e4 *\n',
      '[Round "2"]\n[Board "1001"]\n[White "E"]\n[Black "F"]\n\n1. e4 *\n',
      '[Round "2.3"]\n[White "G"]\n[Black "H"]\n[WhiteElo "99999999999"]\n[WhiteFideId "2147483648"]\n[BlackFideId "2147483647"]\n\n1. e4 *\n',
    ].join('\n');
    const { games, errors } = parsePgn(text);
    expect(errors.map((e) => [e.game, e.code])).toEqual([
      [1, 'results.game_out_of_range'],
      [2, 'results.game_out_of_range'],
      [3, 'results.game_out_of_range'],
    ]);
    expect(games.map((g) => [g.round, g.board, g.whiteRating, g.whiteFideId, g.blackFideId])).toEqual([[2, 3, null, null, 2147483647]]);
  });

  it('is refused whole when it has more games than a request may carry, before any game is read', () => {
    const text = Array.from({ length: 6 }, (_, i) => `[Round "1.${i + 1}"]\n[White "A"]\n[Black "B"]\n\n1. e4 *\n`).join('\n');
    expect(() => parsePgn(text, { maxGames: 5 })).toThrow(TooManyGamesError);
    expect(parsePgn(text, { maxGames: 6 }).games).toHaveLength(6);
    expect(MAX_PGN_GAMES).toBeGreaterThanOrEqual(3000);
  });

  it('reads on past a stray closing bracket after an illegal move, and ends', () => {
    const { games, errors } = parsePgn('[Round "1.1"]\n[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Ke3 ) } Nf6 ) *\n');
    expect(games.map((g) => g.moves.length)).toEqual([2]);
    expect(errors).toMatchObject([{ code: GAMES_ERRORS.illegalMove, kept: true, ply: 3 }]);
  });
});
