import {
  GAMES_ERRORS,
  dateInTimeZone,
  roundStartOf,
  type GameCategories,
  type Language,
  type GameLinks,
  type PublicGame,
  type PublicRoundGames,
} from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { ServiceContext } from '../../platform/service-context.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { sameName } from './games-matching.js';
import { nextReveal, visiblePart, type StoredGameState } from './games-merge.js';
import { writePgnGame } from './games-pgn.js';
import { delayMsOf, gamesCategory } from './games-sources.service.js';
import type { PairedSide } from './games.tables.js';
import {
  countGamesByCategory,
  findGameRow,
  listCategoryGameRowsByIds,
  listGamePlayers,
  listGameRoundNumbers,
  listLinkedGames,
  listPairedGameMoves,
  listRoundGameRows,
  listRoundGameRowsByIds,
  type GameRow,
} from './games.repository.js';

/** What a visitor's read of games needs from the context: the database and "now" (the broadcast delay). */
export type ReadContext = Pick<ServiceContext, 'db' | 'clock'>;

/** Reading games as visitors may see them: nothing younger than the category's broadcast delay. PGN downloads. */

export function stateOf(row: GameRow): StoredGameState {
  return { moves: row.moves, result: row.result, resultAt: row.resultAt ? row.resultAt.getTime() : null };
}

function shownPlayer(paired: PairedSide | null | undefined, name: string, fideId: number | null, rating: number | null): PublicGame['white'] {
  if (!paired) return { name, fideId, rating, federation: null };
  return { name: paired.name, fideId: paired.fideId ?? fideId, rating: paired.rating ?? rating, federation: paired.federation };
}

export function toPublicGame(row: GameRow, delayMs: number, now: Date): PublicGame {
  const visible = visiblePart(stateOf(row), delayMs, now.getTime());
  return {
    id: row.id,
    category: row.category,
    round: row.round,
    board: row.pairingBoard ?? row.board,
    pairingBoard: row.pairingBoard,
    // Once matched, the pairing program's players (not the relay's "Anciaux, A"); what it lacks, the relay's tags give.
    white: shownPlayer(row.paired?.white, row.white, row.whiteFideId, row.whiteRating),
    black: shownPlayer(row.paired?.black, row.black, row.blackFideId, row.blackRating),
    result: visible.result,
    fen: row.fen,
    moves: visible.moves,
  };
}

/** The games of a round as a visitor may see them now: nothing younger than the category's delay. */
export async function listRoundGames(ctx: ReadContext, category: string, round: number): Promise<PublicRoundGames> {
  const { db, clock } = ctx;
  const { edition } = await gamesCategory(db, category);
  const delayMs = await delayMsOf(db, edition, category);
  const now = clock.now();
  const rows = await listRoundGameRows(db, edition, category, round);
  return { category, round, delaySeconds: delayMs / 1000, games: rows.map((row) => toPublicGame(row, delayMs, now)) };
}

/** The round's games as visible now, and the next instant at which more of them becomes visible (or null). */

/**
 * The round's games as visible now (only `ids` when given: the games a change named), and for each game with more to
 * show later the instant it does (`[id, epoch ms]`).
 */
export async function visibleRoundState(
  ctx: ReadContext,
  category: string,
  round: number,
  ids?: number[],
): Promise<{ games: PublicGame[]; reveals: [number, number][] }> {
  const { db, clock } = ctx;
  const { edition } = await gamesCategory(db, category);
  const delayMs = await delayMsOf(db, edition, category);
  const now = clock.now();
  const rows = ids
    ? ids.length === 0
      ? []
      : await listRoundGameRowsByIds(db, edition, category, round, ids)
    : await listRoundGameRows(db, edition, category, round);
  const reveals: [number, number][] = [];
  for (const row of rows) {
    const at = nextReveal(stateOf(row), delayMs, now.getTime());
    if (at !== null) reveals.push([row.id, at]);
  }
  return { games: rows.map((row) => toPublicGame(row, delayMs, now)), reveals };
}

export async function getGameRow(db: DbOrTx, id: number): Promise<GameRow> {
  const edition = await getCurrentEdition(db);
  const row = await findGameRow(db, edition.code, id);
  if (!row) throw notFound(GAMES_ERRORS.gameNotFound, `No game ${id}`, { id });
  return row;
}

export async function getPublicGame(ctx: ReadContext, id: number): Promise<PublicGame> {
  const { db, clock } = ctx;
  const row = await getGameRow(db, id);
  return toPublicGame(row, await delayMsOf(db, row.edition, row.category), clock.now());
}

/** What a PGN download says of the championship: its name in the reader's language, the venue, the days. */
type PgnHeader = { event: string; site: string; eventDate: string; roundDate: (round: number) => string | undefined };

async function pgnHeader(db: DbOrTx, category: string, language: Language): Promise<PgnHeader> {
  const { settings } = await getCurrentEdition(db);
  return {
    event: `${settings.name[language]} ${category}`,
    site: [settings.venue.name, settings.venue.address].filter((part) => part.trim() !== '').join(', '),
    eventDate: settings.startDate,
    // The day of the round by the programme; a round the programme does not have keeps the date unknown.
    roundDate: (round) => {
      const start = roundStartOf(settings.events ?? [], category, round);
      return start ? dateInTimeZone(new Date(start), settings.timeZone) : undefined;
    },
  };
}

/** A game to download: as visible now, with its annotations once the whole game is visible (they may show later moves). */
type PgnGame = PublicGame & { annotatedMovetext: string | null };

function toPgnGame(row: GameRow, delayMs: number, now: Date): PgnGame {
  const game = toPublicGame(row, delayMs, now);
  const whole = game.moves.length === row.moves.length && game.result === row.result;
  return { ...game, annotatedMovetext: whole ? row.annotatedMovetext : null };
}

function pgnOf(games: PgnGame[], header: PgnHeader): string {
  return games
    .map((g) =>
      writePgnGame({
        annotatedMovetext: g.annotatedMovetext,
        event: header.event,
        site: header.site,
        date: header.roundDate(g.round),
        eventDate: header.eventDate,
        round: g.round,
        board: g.board,
        white: g.white.name,
        black: g.black.name,
        whiteRating: g.white.rating,
        blackRating: g.black.rating,
        whiteFideId: g.white.fideId,
        blackFideId: g.black.fideId,
        result: g.result,
        fen: g.fen,
        moves: g.moves,
      }),
    )
    .join('\n');
}

/** PGN of a round as visible now (the delay holds for downloads too). */
export async function roundPgn(ctx: ReadContext, category: string, round: number, language: Language): Promise<string> {
  const { db, clock } = ctx;
  const { edition } = await gamesCategory(db, category);
  const delayMs = await delayMsOf(db, edition, category);
  const now = clock.now();
  const rows = await listRoundGameRows(db, edition, category, round);
  return pgnOf(
    rows.map((row) => toPgnGame(row, delayMs, now)),
    await pgnHeader(db, category, language),
  );
}

export async function gamePgn(ctx: ReadContext, id: number, language: Language): Promise<{ pgn: string; game: PublicGame }> {
  const row = await getGameRow(ctx.db, id);
  const game = toPgnGame(row, await delayMsOf(ctx.db, row.edition, row.category), ctx.clock.now());
  const { annotatedMovetext: _annotated, ...shown } = game;
  return { pgn: pgnOf([game], await pgnHeader(ctx.db, game.category, language)), game: shown };
}

/** Every game of a player in the category, all rounds, as visible now. */
export async function playerPgn(ctx: ReadContext, category: string, name: string, language: Language): Promise<string> {
  const { db, clock } = ctx;
  const { edition } = await gamesCategory(db, category);
  const delayMs = await delayMsOf(db, edition, category);
  // The names alone first (a category may hold thousands of games): only the player's games are read whole.
  const names = await listGamePlayers(db, edition, category);
  // By the relay's names or, once matched, the pairing's (the player card asks with the pairing program's name).
  const plays = (row: (typeof names)[number]) =>
    [row.white, row.black, row.paired?.white.name, row.paired?.black?.name].some((n) => n !== undefined && sameName(n, name));
  const ids = names.filter(plays).map((row) => row.id);
  const header = await pgnHeader(db, category, language);
  if (ids.length === 0) return pgnOf([], header);
  const rows = await listCategoryGameRowsByIds(db, edition, category, ids);
  const now = clock.now();
  return pgnOf(
    rows.map((row) => toPgnGame(row, delayMs, now)),
    header,
  );
}

/** The rounds of a category that have games, for the viewer's round picker. */
export async function listGameRounds(db: DbOrTx, category: string): Promise<number[]> {
  const { edition } = await gamesCategory(db, category);
  return listGameRoundNumbers(db, edition, category);
}

/** Every player category of the edition, in the edition's order, with how many games it has received. */
export async function listGameCategories(db: DbOrTx): Promise<GameCategories> {
  const edition = await getCurrentEdition(db);
  const rows = await countGamesByCategory(db, edition.code);
  const counts = new Map(rows.map((r) => [r.category, r.n]));
  const players = edition.settings.categories.filter((c) => c.kind === 'player');
  return { categories: players.map((c) => ({ category: c.code, games: counts.get(c.code) ?? 0 })) };
}

/** The games matched to a board of the round's pairings, every round of the category: what the pairings link to. */
export async function listGameLinks(db: DbOrTx, category: string): Promise<GameLinks> {
  const { edition } = await gamesCategory(db, category);
  const rows = await listLinkedGames(db, edition, category);
  return { category, games: rows.map((r) => ({ id: r.id, round: r.round, pairingBoard: r.pairingBoard! })) };
}

/**
 * For followers (issue #27): the games of a round that visitors can watch now — matched to a pairing, with at least
 * one move past the broadcast delay — by pairing board. Never earlier than the games pages show them.
 */
export async function listLiveBoards(db: DbOrTx, edition: string, category: string, round: number, now: Date): Promise<Map<number, number>> {
  const delayMs = await delayMsOf(db, edition, category);
  const rows = await listPairedGameMoves(db, edition, category, round);
  const live = new Map<number, number>();
  for (const row of rows) {
    const first = row.moves[0];
    if (first && first.at + delayMs <= now.getTime()) live.set(row.pairingBoard!, row.id);
  }
  return live;
}
