import { createHash } from 'node:crypto';
import { GAMES_ERRORS, unsafeTextReason, type PgnIngestReport } from '@bjk/domain';
import type { Clock } from '../../platform/clock.js';
import type { DbOrTx } from '../../platform/db.js';
import type { ServiceContext } from '../../platform/service-context.js';
import { AppError, badRequest, unauthenticated, validationError } from '../../platform/errors.js';
import { mergeGame, type MergeOutcome } from './games-merge.js';
import { matchRound } from './games-pairing.service.js';
import { gameKeyOf, gameNumberOfKey, gameNumbersOf, identifyGames, samePlayers } from './games-identity.js';
import { TooManyGamesError, type ParsedGame, type PgnParseResult } from './games-pgn.js';
import { parsePgnOffThread } from './games-pgn-workers.js';
import { stateOf } from './games-read.service.js';
import { gamesCategory, isPushToken } from './games-sources.service.js';
import {
  findGameRowById,
  findReceivedGameRow,
  findSourceRow,
  insertGame,
  listDeletedGameRows,
  listReceivedGameKeys,
  updateGameAtVersion,
  updateSourceRow,
  type GameRow,
} from './games.repository.js';

/** Taking PGN from the relay's push, a polled address or a manager's upload. */

export type GameSourceKind = GameRow['source'];

/**
 * Told after games changed: the category, the round (null: every round of the category), the games that changed (none
 * named: read the whole round) and the instant the change becomes visible to visitors (its arrival plus the broadcast
 * delay). The live stream listens (through the change bus) and wakes at that instant.
 */
export type GamesChanged = (change: { category: string; round: number | null; revealAt: Date; ids?: number[] }) => void | Promise<void>;

/** The context of a write of games: the service context, and whom to tell once games changed. */
export type GamesContext = ServiceContext & { onGamesChanged?: GamesChanged };

/**
 * Whether the round is matched to its pairings again after this write: `now` (a new game, or changed players), `soon`
 * (a game still without a pairing grew: the pairings may have been published since; at most every
 * `UNMATCHED_REMATCH_MS` per round, as reading the published tournament is not free) or not at all.
 */
type Rematch = 'now' | 'soon' | false;
type Stored = { outcome: MergeOutcome; id: number; rematch: Rematch; category: string; round: number };

const UNMATCHED_REMATCH_MS = 30_000;
const lastUnmatchedRematch = new Map<string, number>();

function rematchDue(target: { edition: string; category: string }, round: number, now: number): boolean {
  const key = `${target.edition}/${target.category}/${round}`;
  if (now - (lastUnmatchedRematch.get(key) ?? -Infinity) < UNMATCHED_REMATCH_MS) return false;
  lastUnmatchedRematch.set(key, now);
  return true;
}

/** A relay feed's name (`GameRow['feed']`): the push token, one polled address (by its hash), or an upload. */
export function feedOf(source: GameSourceKind, pollUrl?: string): string {
  if (source === 'poll')
    return `poll:${createHash('sha256')
      .update(pollUrl ?? '')
      .digest('hex')
      .slice(0, 16)}`;
  return source;
}

/**
 * How far an ingest is, told as it goes (a manager's upload job writes it to its row every batch): games in the file,
 * games checked, games to store (once checked) and games stored so far with their outcomes.
 */
export type IngestProgress = {
  total: number;
  parsed: number;
  storable: number | null;
  stored: number;
  counts: Pick<PgnIngestReport, 'added' | 'grown' | 'replaced' | 'unchanged' | 'stale'>;
};

/** A game of the file with which game of its players in the round it is, and its stored key. */
type NumberedGame = ParsedGame & { gameNumber: number; key: string };

type ChangedRound = { edition: string; category: string; round: number; ids: number[]; rematch: Rematch };

/**
 * Takes every good game of a PGN text into the category: each game is found again by its round and players (or, in
 * the same relay feed, its board: `identifyGames`), so uploading or polling a file again never duplicates a game; new
 * games are added, known ones grow or are replaced (`mergeGame`), the same PGN again changes nothing. A game a manager
 * deleted is not taken again and is named in the report. Each game is written with a conditional update on its
 * version, retried on a concurrent write, so a push and a poll of one round at once never lose moves. Only a round
 * that gained a game (or a game whose players changed, or one still without its pairing) is matched to its pairings
 * again; the live viewers are told which games changed, so they read just those.
 */
export async function ingestPgn(
  ctx: GamesContext,
  target: { edition: string; category: string },
  text: string,
  options: { source: GameSourceKind; defaultRound?: number; pollUrl?: string; onProgress?: (progress: IngestProgress) => void | Promise<void> },
): Promise<PgnIngestReport> {
  const { db, clock } = ctx;
  const report: PgnIngestReport = { added: 0, grown: 0, replaced: 0, unchanged: 0, stale: 0, errors: [] };
  if (text.trim() === '') throw badRequest(GAMES_ERRORS.emptyPgn, 'The PGN is empty');
  // The text rule of every request, for a file's content too: PostgreSQL cannot store a NUL character.
  if (unsafeTextReason(text)) throw validationError([{ path: 'file', code: 'unsafe_text', message: 'The PGN contains a character that is not allowed' }]);
  let parsed: PgnParseResult;
  try {
    // Move validation is CPU-heavy: in worker threads, so the site keeps answering during a large upload.
    parsed = await parsePgnOffThread(text, {
      defaultRound: options.defaultRound,
      onSlice: (done, total) => options.onProgress?.({ total, parsed: done, storable: null, stored: 0, counts: countsOf(report) }),
    });
  } catch (error) {
    if (!(error instanceof TooManyGamesError)) throw error;
    throw new AppError(413, GAMES_ERRORS.tooManyGames, error.message, { games: error.games, maxGames: error.maxGames });
  }
  const feed = feedOf(options.source, options.pollUrl);
  report.errors = parsed.errors;
  // The last copy of a game in the file wins (a file may repeat a game as it grows); two games of the same players
  // in one round (a play-off) are two games (`gameNumbersOf`).
  const gamesOfRound = new Map<number, ParsedGame[]>();
  for (const game of parsed.games) gamesOfRound.set(game.round, [...(gamesOfRound.get(game.round) ?? []), game]);
  const byRound = new Map<number, Map<string, NumberedGame>>();
  for (const [round, list] of gamesOfRound) {
    const numbers = gameNumbersOf(list);
    const byKey = new Map<string, NumberedGame>();
    list.forEach((game, i) => {
      const key = gameKeyOf(game, numbers[i]);
      byKey.delete(key);
      byKey.set(key, { ...game, gameNumber: numbers[i]!, key });
    });
    byRound.set(round, byKey);
  }
  const changed = new Map<string, ChangedRound>();
  const total = parsed.games.length + parsed.errors.filter((e) => !e.kept).length;
  const storable = [...byRound.values()].reduce((sum, round) => sum + round.size, 0);
  let handled = 0;
  // After every game (the caller decides how often it writes): the counts are always those of the first `stored` games.
  const progress = () => options.onProgress?.({ total, parsed: total, storable, stored: handled, counts: countsOf(report) });
  await progress();
  for (const [round, byPlayers] of [...byRound].sort((a, b) => a[0] - b[0])) {
    const incoming = [...byPlayers.values()].sort((a, b) => a.index - b.index);
    const known = await listReceivedGameKeys(db, target.edition, target.category, round);
    const deleted = await listDeletedGameRows(db, target.edition, target.category, round);
    const ids = identifyGames(incoming, known, feed);
    for (const [i, game] of incoming.entries()) {
      if (i > 0) await progress();
      handled += 1;
      if (ids[i] === null && deleted.some((d) => samePlayers(d, game) && gameNumberOfKey(d.gameKey ?? '') === game.gameNumber)) {
        report.errors.push({
          code: GAMES_ERRORS.deletedGame,
          message: `A manager deleted this game of round ${round}: it is not taken again`,
          game: game.index,
          line: game.line,
          white: game.white,
          black: game.black,
          round: String(round),
        });
        continue;
      }
      const stored = await storeGame(db, clock, target, ids[i]!, game, { source: options.source, feed });
      report[stored.outcome] += 1;
      if (stored.outcome === 'unchanged' || stored.outcome === 'stale') continue;
      // A game a manager moved is told to the category and round it is shown in now.
      const key = `${stored.category}/${stored.round}`;
      const entry = changed.get(key) ?? { edition: target.edition, category: stored.category, round: stored.round, ids: [], rematch: false };
      entry.ids.push(stored.id);
      entry.rematch = entry.rematch === 'now' || stored.rematch === 'now' ? 'now' : entry.rematch || stored.rematch;
      changed.set(key, entry);
    }
    await progress();
  }
  for (const change of changed.values()) {
    if (change.rematch === 'now' || (change.rematch === 'soon' && rematchDue(change, change.round, clock.now().getTime()))) {
      await matchRound(db, change.edition, change.category, change.round);
    } else change.rematch = false;
  }
  // Followers hear "the game is live" once the broadcast delay is over (the planner's rule); told of the change now.
  for (const category of new Set([...changed.values()].map((c) => c.category))) {
    await ctx.afterCommit?.({ type: 'games.changed', edition: target.edition, category });
  }
  if (changed.size > 0 && ctx.onGamesChanged) {
    for (const change of changed.values()) {
      const source = await findSourceRow(db, target.edition, change.category);
      const revealAt = new Date(clock.now().getTime() + (source?.delaySeconds ?? 0) * 1000);
      // A new match may move other games to other boards: then the whole round is read again.
      await ctx.onGamesChanged({ category: change.category, round: change.round, revealAt, ids: change.rematch ? undefined : change.ids });
    }
  }
  return report;
}

function countsOf(report: PgnIngestReport): IngestProgress['counts'] {
  return { added: report.added, grown: report.grown, replaced: report.replaced, unchanged: report.unchanged, stale: report.stale };
}

async function storeGame(
  db: DbOrTx,
  clock: Clock,
  target: { edition: string; category: string },
  knownId: number | null,
  game: NumberedGame,
  from: { source: GameSourceKind; feed: string },
): Promise<Stored> {
  const key = game.key;
  const players = {
    white: game.white,
    black: game.black,
    whiteFideId: game.whiteFideId,
    blackFideId: game.blackFideId,
    whiteRating: game.whiteRating,
    blackRating: game.blackRating,
    fen: game.fen,
  };
  let id = knownId;
  for (let attempt = 0; attempt < 10; attempt++) {
    const now = clock.now();
    const row = id === null ? await findReceivedGameRow(db, target.edition, target.category, game.round, key) : await findGameRowById(db, id);
    if (!row) {
      const merged = mergeGame(null, game, now.getTime());
      const inserted = await insertGame(db, {
        ...target,
        ...players,
        board: game.board,
        round: game.round,
        receivedCategory: target.category,
        receivedRound: game.round,
        gameKey: key,
        feed: from.feed,
        annotatedMovetext: game.annotated,
        moves: merged.state.moves,
        result: merged.state.result,
        resultAt: merged.state.resultAt === null ? null : new Date(merged.state.resultAt),
        source: from.source,
        createdAt: now,
        updatedAt: now,
      });
      if (inserted !== undefined) return { outcome: merged.outcome, id: inserted, rematch: 'now', category: target.category, round: game.round };
      id = null;
      continue; // another writer inserted it first: merge into theirs
    }
    id = row.id;
    // A game a manager moved keeps the board the manager gave it.
    const merged = mergeGame(stateOf(row), game, now.getTime());
    // The annotations go with the moves they were written for: a copy without them keeps them while the moves are
    // the same; other moves drop them.
    const annotatedMovetext = game.annotated ?? (merged.outcome === 'unchanged' ? row.annotatedMovetext : null);
    const write = { ...players, board: row.movedBy ? row.board : game.board, gameKey: key, feed: from.feed };
    const playersChanged = (Object.keys(write) as (keyof typeof write)[]).some((k) => row[k] !== write[k]);
    const annotationsChanged = row.annotatedMovetext !== annotatedMovetext;
    const shown = { category: row.category, round: row.round };
    if ((merged.outcome === 'unchanged' || merged.outcome === 'stale') && !playersChanged && !annotationsChanged)
      return { outcome: merged.outcome, id: row.id, rematch: false, ...shown };
    const updated = await updateGameAtVersion(db, row.id, row.version, {
      ...write,
      annotatedMovetext,
      moves: merged.state.moves,
      result: merged.state.result,
      resultAt: merged.state.resultAt === null ? null : new Date(merged.state.resultAt),
      source: from.source,
      version: row.version + 1,
      updatedAt: now,
    });
    if (updated) {
      // Players changed, or the game has no pairing yet (the pairings may have been published since): match again.
      const rematch: Rematch = playersChanged ? 'now' : row.pairingBoard === null && row.pairingLinkedBy === null ? 'soon' : false;
      return { outcome: merged.outcome === 'stale' || merged.outcome === 'unchanged' ? 'replaced' : merged.outcome, id: row.id, rematch, ...shown };
    }
  }
  throw new AppError(409, 'platform.conflict', 'The game kept changing while it was being stored');
}

/** The relay's push: the PGN is the request's body as text, and the token must be the category's current one. */
export async function pushGames(ctx: GamesContext, category: string, token: string | null, body: unknown, round?: number): Promise<PgnIngestReport> {
  if (typeof body !== 'string') throw badRequest(GAMES_ERRORS.emptyPgn, 'Send the PGN as the request body (text/plain or application/x-chess-pgn)');
  const target = await gamesCategory(ctx.db, category);
  if (!isPushToken(await findSourceRow(ctx.db, target.edition, category), token)) {
    throw unauthenticated(GAMES_ERRORS.badToken, 'The push token is not this category’s');
  }
  const report = await ingestPgn(ctx, target, body, { source: 'push', defaultRound: round });
  await updateSourceRow(ctx.db, target.edition, category, { lastPushAt: ctx.clock.now() });
  return report;
}
