import { Chess } from 'chess.js';
import { GAME_RESULTS, GAMES_ERRORS, INT32_MAX, type GameMove, type GameResult, type PgnGameError } from '@bjk/domain';

/**
 * Reading PGN as relay software (DGT LiveChess, LiveChessCloud, broadcast tools) and people write it: games one
 * after another, tags then movetext, clocks in comments. Every game is checked move by move with chess.js; a game
 * that is broken (illegal move, cut off, malformed tag) gives an error of its own and the others are still taken.
 * The moves shown are the main line; comments, variations and NAGs are kept as written (`annotatedMovetext`) for the
 * game's PGN download only, without the engine evaluations (`[%eval]`) they may carry, which are never shown.
 */

export type ParsedGame = {
  /** 1-based position in the file and the line its tags start on (for error messages). */
  index: number;
  line: number;
  tags: Record<string, string>;
  round: number;
  board: number | null;
  /** Which game of the two players in the round the file says it is (`[Game "2"]`, `Round "5.1.2"`), or null. */
  gameNumber: number | null;
  white: string;
  black: string;
  whiteFideId: number | null;
  blackFideId: number | null;
  whiteRating: number | null;
  blackRating: number | null;
  result: GameResult;
  fen: string | null;
  moves: GameMove[];
  /** The illegal move the game was cut at (kept up to the move before it), or null. */
  cut: GameProblem | null;
  /** The movetext as written when it has comments, variations or NAGs (for the download), else null: `annotatedMovetextOf`. */
  annotated: string | null;
};

export type PgnParseResult = { games: ParsedGame[]; errors: PgnGameError[] };

type RawGame = { index: number; line: number; tagLines: { text: string; line: number }[]; movetext: string; movetextLine: number };

/** The tags every game has once (PGN standard 8.1.1). */
const SEVEN_TAG_ROSTER = new Set(['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result']);

/** Splits a file into games: a tag line after movetext starts the next game (blank lines are not relied upon). */
function splitGames(text: string): RawGame[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const games: RawGame[] = [];
  let current: RawGame | null = null;
  let inComment = false;
  lines.forEach((rawLine, i) => {
    const line = rawLine.trim();
    const startsTag = !inComment && line.startsWith('[') && !line.startsWith('[%');
    // A new game starts at a tag after movetext, or at a tag of the Seven Tag Roster the current game already has
    // (games of tags only). Other tags may come twice in one game (relays write `[WhiteTitle "GM"]` twice).
    const tagName = startsTag ? /^\[([A-Za-z0-9_]+)/.exec(line)?.[1] : undefined;
    const repeatsTag = (game: RawGame) =>
      tagName !== undefined &&
      SEVEN_TAG_ROSTER.has(tagName) &&
      game.tagLines.some((t) => t.text.startsWith(`[${tagName} `) || t.text.startsWith(`[${tagName}"`));
    if (startsTag && (!current || current.movetext.trim() !== '' || repeatsTag(current))) {
      current = { index: games.length + 1, line: i + 1, tagLines: [], movetext: '', movetextLine: i + 1 };
      games.push(current);
    }
    if (!current) {
      if (line === '' || line.startsWith('%')) return;
      // Movetext before any tags: a game without tags.
      current = { index: games.length + 1, line: i + 1, tagLines: [], movetext: '', movetextLine: i + 1 };
      games.push(current);
    }
    if (startsTag && current.movetext.trim() === '') {
      current.tagLines.push({ text: line, line: i + 1 });
      return;
    }
    if (line.startsWith('%') && !inComment) return; // escape lines (PGN standard 6)
    if (current.movetext === '') current.movetextLine = i + 1;
    current.movetext += rawLine + '\n';
    // Track whether a brace comment stays open across the line, so a `[` inside a comment is not taken for a tag.
    for (const ch of rawLine) {
      if (ch === '{') inComment = true;
      else if (ch === '}') inComment = false;
    }
  });
  return games.filter((g) => g.tagLines.length > 0 || g.movetext.trim() !== '');
}

const TAG_LINE = /^\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]$/;

/** `h:mm:ss`, `hh:mm:ss` or `h:mm:ss.d` → seconds. */
export function parseClock(value: string): number | undefined {
  const match = /^(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(value.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  return Math.round(seconds * 10) / 10;
}

const RESULT_TOKENS = new Set<string>(GAME_RESULTS);

/** The round and board of a game: `Round "3.12"` (round.board, as relays write it), or `Round "3"` with `Board "12"`. */
export function roundAndBoard(tags: Record<string, string>): { round: number | null; board: number | null; gameNumber: number | null } {
  const roundTag = (tags.Round ?? '').trim();
  const boardTag = Number.parseInt(tags.Board ?? '', 10);
  // A game number: `Round "5.1.2"` (the second game on board 1 of round 5, as broadcasts number play-off games) or a `Game` tag.
  const gameTag = Number.parseInt(tags.Game ?? '', 10);
  const tagged = Number.isFinite(gameTag) && gameTag > 0 && gameTag <= MAX_GAME_NUMBER ? gameTag : null;
  const numbered = /^(\d+)\.(\d+)\.(\d+)$/.exec(roundTag);
  if (numbered && Number(numbered[3]) >= 1 && Number(numbered[3]) <= MAX_GAME_NUMBER)
    return { round: Number(numbered[1]), board: Number(numbered[2]), gameNumber: Number(numbered[3]) };
  const dotted = /^(\d+)\.(\d+)$/.exec(roundTag);
  if (dotted) return { round: Number(dotted[1]), board: Number(dotted[2]), gameNumber: tagged };
  const plain = /^(\d+)$/.exec(roundTag);
  return { round: plain ? Number(plain[1]) : null, board: Number.isFinite(boardTag) && boardTag > 0 ? boardTag : null, gameNumber: tagged };
}

/** No play-off of two players in one round has more games than this. */
const MAX_GAME_NUMBER = 20;

/** A positive number tag (ratings, FIDE ids); one beyond PostgreSQL's integer cannot be true and is left out. */
function intTag(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n > 0 && n <= INT32_MAX ? n : null;
}

/** No championship has more rounds or boards than these: a game beyond them is refused (`results.game_out_of_range`). */
export const MAX_GAME_ROUND = 30;
export const MAX_GAME_BOARD = 1000;
/** Games in one PGN request: above a whole event's file (about 3 000), far below what would hold the server up. */
export const MAX_PGN_GAMES = 5000;

/** A PGN with more games than {@link MAX_PGN_GAMES}: refused whole before any game is read. */
export class TooManyGamesError extends Error {
  constructor(
    readonly games: number,
    readonly maxGames: number,
  ) {
    super(`The PGN has ${games} games; at most ${maxGames} are taken in one request`);
  }
}

type GameProblem = { code: string; message: string; ply?: number; san?: string };

class ProblemError extends Error {
  constructor(readonly problem: GameProblem) {
    super(problem.message);
  }
}

/** Walks the movetext: moves (checked on the board), clock comments, and the termination marker. */
function readMovetext(movetext: string, startFen: string | null): { moves: GameMove[]; result: GameResult | null; cut: GameProblem | null } {
  let board: Chess;
  try {
    board = startFen ? new Chess(startFen) : new Chess();
  } catch {
    throw new ProblemError({ code: GAMES_ERRORS.brokenTag, message: `The FEN tag is not a valid position: ${startFen}` });
  }
  const moves: GameMove[] = [];
  let result: GameResult | null = null;
  // The first illegal move: the game is kept up to the move before it (a DGT board in a children's hall makes them),
  // and the rest of its movetext is read only for its result marker.
  let cut: GameProblem | null = null;
  let i = 0;
  const n = movetext.length;
  while (i < n) {
    const ch = movetext[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (result !== null) {
      // Anything after the termination marker belongs to no game: refuse rather than guess.
      throw new ProblemError({ code: GAMES_ERRORS.truncated, message: `Text after the result ${result}` });
    }
    if (ch === '{') {
      const end = movetext.indexOf('}', i + 1);
      if (end < 0) throw new ProblemError({ code: GAMES_ERRORS.truncated, message: 'A comment is not closed: the game is cut off', ply: moves.length });
      const comment = movetext.slice(i + 1, end);
      const last = moves[moves.length - 1];
      if (last && !cut) {
        const clk = /\[%clk\s+([^\]\s]+)\s*\]/.exec(comment);
        const emt = /\[%emt\s+([^\]\s]+)\s*\]/.exec(comment);
        const clock = clk ? parseClock(clk[1]!) : undefined;
        const elapsed = emt ? parseClock(emt[1]!) : undefined;
        if (clock !== undefined) last.clock = clock;
        if (elapsed !== undefined) last.elapsed = elapsed;
      }
      i = end + 1;
      continue;
    }
    if (ch === ';') {
      const end = movetext.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
      continue;
    }
    if (ch === '(') {
      // Variations are skipped whole (nested ones too); a comment inside may contain parentheses.
      let depth = 0;
      let j = i;
      for (; j < n; j++) {
        const c = movetext[j];
        if (c === '{') {
          const end = movetext.indexOf('}', j + 1);
          if (end < 0) break;
          j = end;
        } else if (c === '(') depth++;
        else if (c === ')') {
          depth--;
          if (depth === 0) break;
        }
      }
      if (j >= n || depth !== 0)
        throw new ProblemError({ code: GAMES_ERRORS.truncated, message: 'A variation is not closed: the game is cut off', ply: moves.length });
      i = j + 1;
      continue;
    }
    let j = i;
    while (j < n && !/[\s{};()]/.test(movetext[j]!)) j++;
    if (j === i) {
      // A stray closing bracket (`)` or `}` without its opening one): skipped, so the reading always moves on.
      i++;
      continue;
    }
    const token = movetext.slice(i, j);
    i = j;
    if (RESULT_TOKENS.has(token)) {
      result = token as GameResult;
      continue;
    }
    if (/^\$\d+$/.test(token)) continue; // NAG
    // Move numbers, possibly glued to the move (`12.Nf3`, `12...Nf3`).
    const san = token.replace(/^\d+\.+/, '').replace(/[!?]+$/, '');
    if (san === '') continue;
    if (/^\d+$/.test(san)) continue;
    if (cut) continue;
    const normalised = san.replace(/^0-0-0/, 'O-O-O').replace(/^0-0/, 'O-O');
    try {
      const move = board.move(normalised, { strict: false });
      moves.push({ san: move.san });
    } catch {
      cut = {
        code: GAMES_ERRORS.illegalMove,
        message: `Move ${Math.floor(moves.length / 2) + 1}${moves.length % 2 === 0 ? '.' : '...'} ${san} is not legal in this position: the game is kept up to the move before it`,
        ply: moves.length + 1,
        san,
      };
    }
  }
  return { moves, result, cut };
}

function readGame(raw: RawGame): ParsedGame {
  const tags: Record<string, string> = {};
  for (const tagLine of raw.tagLines) {
    // One physical line may carry several tags (`[White "A"] [Black "B"]`).
    const parts = tagLine.text.match(/\[[^\]]*\]?/g) ?? [tagLine.text];
    for (const part of parts) {
      const match = TAG_LINE.exec(part.trim());
      if (!match) throw new ProblemError({ code: GAMES_ERRORS.brokenTag, message: `Line ${tagLine.line}: not a tag: ${part.trim().slice(0, 80)}` });
      tags[match[1]!] = match[2]!.replace(/\\(["\\])/g, '$1');
    }
  }
  const { round, board, gameNumber } = roundAndBoard(tags);
  if ((round !== null && round > MAX_GAME_ROUND) || (board !== null && board > MAX_GAME_BOARD)) {
    throw new ProblemError({
      code: GAMES_ERRORS.outOfRange,
      message: `Round ${round ?? '?'}, board ${board ?? '?'}: a round is 1 to ${MAX_GAME_ROUND}, a board 1 to ${MAX_GAME_BOARD}`,
    });
  }
  const fen = tags.SetUp === '1' || tags.FEN ? (tags.FEN ?? null) : null;
  const body = readMovetext(raw.movetext, fen);
  if (body.result === null && raw.movetext.trim() !== '') {
    throw new ProblemError({
      code: GAMES_ERRORS.truncated,
      message: 'The game has no result marker (1-0, 0-1, 1/2-1/2 or *): it is cut off',
      ply: body.moves.length,
    });
  }
  const tagResult = GAME_RESULTS.find((r) => r === tags.Result?.trim());
  return {
    index: raw.index,
    line: raw.line,
    tags,
    round: round ?? 0,
    board,
    gameNumber,
    white: (tags.White ?? '').trim(),
    black: (tags.Black ?? '').trim(),
    whiteFideId: intTag(tags.WhiteFideId),
    blackFideId: intTag(tags.BlackFideId),
    whiteRating: intTag(tags.WhiteElo),
    blackRating: intTag(tags.BlackElo),
    // The marker ends the movetext; a file of tags only (no movetext) has just the tag.
    result: body.result ?? tagResult ?? '*',
    fen,
    moves: body.moves,
    cut: body.cut,
    // A game cut at an illegal move keeps no annotations: its movetext goes on past the moves it has.
    annotated: body.cut ? null : annotatedMovetextOf(raw.movetext),
  };
}

/** Engine evaluations and the like in a comment: never shown, never downloaded. Clocks (`%clk`, `%emt`) stay. */
const HIDDEN_COMMANDS = /\[%(?!clk\b|emt\b)[a-z]+[^\]]*\]/gi;

/**
 * The movetext as written, for the download, when it has more than moves and clocks: comments, variations, NAGs.
 * Without the result marker (the download writes the game's result), without engine evaluations, `;` comments
 * written as `{…}` (a rest-of-line comment would swallow the next moves once the download wraps its lines), and
 * whitespace made single spaces. Null when it has nothing but moves and clocks (the download writes those itself).
 */
export function annotatedMovetextOf(movetext: string): string | null {
  const text = movetext
    .replace(/;([^\n]*)/g, (_, comment: string) => `{${comment.replace(/[{}]/g, '').trim()}}`)
    .replace(HIDDEN_COMMANDS, '')
    .replace(/\{\s*\}/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s*(1-0|0-1|1\/2-1\/2|\*)$/, '');
  const withoutClocks = text.replace(/\{\s*(\[%(clk|emt)[^\]]*\]\s*)*\}/g, '');
  return /[({$!?]/.test(withoutClocks) ? text : null;
}

/**
 * Every game of a PGN text. `defaultRound` is the round the games belong to when their tags do not say (an
 * upload for one round); a game whose round is known neither way is refused.
 */
export function parsePgn(text: string, options: { defaultRound?: number; maxGames?: number } = {}): PgnParseResult {
  const { games, errors } = parsePgnSlice(text, options);
  return { games, errors };
}

/**
 * The games `from` to `from + count` of a PGN text (all by default), with how many the text has (`total`): a large
 * file is checked in slices, each a bounded task of a worker thread whose answer is small enough to take over
 * without holding the event loop (`games-pgn-workers.ts`). Indexes and lines stay those of the whole file.
 */
export function parsePgnSlice(
  text: string,
  options: { defaultRound?: number; maxGames?: number; from?: number; count?: number } = {},
): PgnParseResult & { total: number } {
  const games: ParsedGame[] = [];
  const errors: PgnGameError[] = [];
  const all = splitGames(text);
  const maxGames = options.maxGames ?? MAX_PGN_GAMES;
  if (all.length > maxGames) throw new TooManyGamesError(all.length, maxGames);
  const from = options.from ?? 0;
  const raws = all.slice(from, options.count === undefined ? undefined : from + options.count);
  for (const raw of raws) {
    const who = () => {
      const white = /\[White\s+"([^"]*)"/.exec(raw.tagLines.map((t) => t.text).join(' '))?.[1];
      const black = /\[Black\s+"([^"]*)"/.exec(raw.tagLines.map((t) => t.text).join(' '))?.[1];
      const round = /\[Round\s+"([^"]*)"/.exec(raw.tagLines.map((t) => t.text).join(' '))?.[1];
      return { ...(white ? { white } : {}), ...(black ? { black } : {}), ...(round ? { round } : {}) };
    };
    try {
      const game = readGame(raw);
      if (game.round === 0) {
        if (!options.defaultRound)
          throw new ProblemError({ code: GAMES_ERRORS.noRound, message: `The Round tag "${game.tags.Round ?? ''}" does not name a round` });
        game.round = options.defaultRound;
      }
      games.push(game);
      // Taken, and flagged: the manager sees which move was refused and that the game stops before it.
      if (game.cut) errors.push({ ...game.cut, game: raw.index, line: raw.line, ...who(), kept: true });
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      errors.push({ ...error.problem, game: raw.index, line: raw.line, ...who() });
    }
  }
  return { games, errors, total: all.length };
}

function escapeTag(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

function formatClock(seconds: number): string {
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const tenths = Math.round((seconds - whole) * 10);
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}${tenths > 0 ? `.${tenths}` : ''}`;
}

export type PgnWritable = {
  event: string;
  /** Where it was played ("?" when unknown). */
  site?: string;
  /** `YYYY-MM-DD` of the game; "????.??.??" when unknown. */
  date?: string;
  /** `YYYY-MM-DD` the event started (the supplemental `EventDate` tag). */
  eventDate?: string;
  round: number;
  board: number | null;
  white: string;
  black: string;
  whiteRating: number | null;
  blackRating: number | null;
  whiteFideId: number | null;
  blackFideId: number | null;
  result: GameResult;
  fen: string | null;
  moves: GameMove[];
  /** The movetext as uploaded, with its comments and variations (`annotatedMovetextOf`): written instead of the moves. */
  annotatedMovetext?: string | null;
};

/** One game as PGN (the seven-tag roster, then clocks as `[%clk]` comments), lines kept under 80 characters. */
export function writePgnGame(game: PgnWritable): string {
  const tags: [string, string][] = [
    ['Event', game.event],
    ['Site', game.site || '?'],
    ['Date', game.date ? game.date.replaceAll('-', '.') : '????.??.??'],
    ['Round', game.board ? `${game.round}.${game.board}` : String(game.round)],
    ['White', game.white],
    ['Black', game.black],
    ['Result', game.result],
  ];
  if (game.eventDate) tags.push(['EventDate', game.eventDate.replaceAll('-', '.')]);
  if (game.whiteRating) tags.push(['WhiteElo', String(game.whiteRating)]);
  if (game.blackRating) tags.push(['BlackElo', String(game.blackRating)]);
  if (game.whiteFideId) tags.push(['WhiteFideId', String(game.whiteFideId)]);
  if (game.blackFideId) tags.push(['BlackFideId', String(game.blackFideId)]);
  if (game.fen) tags.push(['SetUp', '1'], ['FEN', game.fen]);
  const blackToStart = game.fen ? game.fen.split(' ')[1] === 'b' : false;
  const firstMoveNumber = game.fen ? Number(game.fen.split(' ')[5] ?? '1') || 1 : 1;
  const tokens: string[] = game.annotatedMovetext ? game.annotatedMovetext.split(' ') : [];
  if (!game.annotatedMovetext)
    game.moves.forEach((move, ply) => {
      const offset = ply + (blackToStart ? 1 : 0);
      const number = firstMoveNumber + Math.floor(offset / 2);
      if (offset % 2 === 0) tokens.push(`${number}.`);
      else if (ply === 0) tokens.push(`${number}...`);
      tokens.push(move.san);
      if (move.clock !== undefined) tokens.push(`{[%clk ${formatClock(move.clock)}]}`);
    });
  tokens.push(game.result);
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    if (line !== '' && line.length + 1 + token.length > 79) {
      lines.push(line);
      line = token;
    } else line = line === '' ? token : `${line} ${token}`;
  }
  lines.push(line);
  return `${tags.map(([k, v]) => `[${k} "${escapeTag(v)}"]`).join('\n')}\n\n${lines.join('\n')}\n`;
}
