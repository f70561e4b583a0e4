import { and, eq } from 'drizzle-orm';
import { GAMES_ERRORS, unsafeTextReason, type PgnIngestReport } from '@bjk/domain';
import type { Clock } from '../../platform/clock.js';
import type { DbOrTx } from '../../platform/db.js';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import { AppError, badRequest, unauthenticated, validationError } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { mergeGame, type MergeOutcome } from './games-merge.js';
import { matchRound } from './games-pairing.service.js';
import { gameKey, parsePgn, TooManyGamesError, type ParsedGame } from './games-pgn.js';
import { stateOf, type GameRow } from './games-read.service.js';
import { findSourceRow, gamesCategory, isPushToken } from './games-sources.service.js';
import { gameSources, games } from './games.tables.js';

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
type Stored = { outcome: MergeOutcome; id: number; rematch: Rematch };

const UNMATCHED_REMATCH_MS = 30_000;
const lastUnmatchedRematch = new Map<string, number>();

function rematchDue(target: { edition: string; category: string }, round: number, now: number): boolean {
  const key = `${target.edition}/${target.category}/${round}`;
  if (now - (lastUnmatchedRematch.get(key) ?? -Infinity) < UNMATCHED_REMATCH_MS) return false;
  lastUnmatchedRematch.set(key, now);
  return true;
}

/**
 * Takes every good game of a PGN text into the category: new games are added, known ones grow or are replaced
 * (`mergeGame`), the same PGN again changes nothing. Each game is written with a conditional update on its version,
 * retried on a concurrent write, so a push and a poll of one round at once never lose moves. Only a round that gained
 * a game (or a game whose players changed, or one still without its pairing) is matched to its pairings again; the
 * live viewers are told which games changed, so they read just those.
 */
export async function ingestPgn(
  ctx: GamesContext,
  target: { edition: string; category: string },
  text: string,
  options: { source: GameSourceKind; defaultRound?: number },
): Promise<PgnIngestReport> {
  const { db, clock } = ctx;
  if (text.trim() === '') throw badRequest(GAMES_ERRORS.emptyPgn, 'The PGN is empty');
  // The text rule of every request, for a file's content too: PostgreSQL cannot store a NUL character.
  if (unsafeTextReason(text)) throw validationError([{ path: 'file', code: 'unsafe_text', message: 'The PGN contains a character that is not allowed' }]);
  let parsed: ReturnType<typeof parsePgn>;
  try {
    parsed = parsePgn(text, { defaultRound: options.defaultRound });
  } catch (error) {
    if (!(error instanceof TooManyGamesError)) throw error;
    throw new AppError(413, GAMES_ERRORS.tooManyGames, error.message, { games: error.games, maxGames: error.maxGames });
  }
  const report: PgnIngestReport = { added: 0, grown: 0, replaced: 0, unchanged: 0, stale: 0, errors: parsed.errors };
  // The last copy of a game in the file wins (a file may repeat a game as it grows).
  const byKey = new Map<string, ParsedGame>();
  for (const game of parsed.games) byKey.set(gameKey(game), game);
  const changed = new Map<number, { ids: number[]; rematch: Rematch }>();
  for (const [key, game] of byKey) {
    const stored = await storeGame(db, clock, target, key, game, options.source);
    report[stored.outcome] += 1;
    if (stored.outcome === 'unchanged' || stored.outcome === 'stale') continue;
    const round = changed.get(game.round) ?? { ids: [], rematch: false };
    round.ids.push(stored.id);
    round.rematch = round.rematch === 'now' || stored.rematch === 'now' ? 'now' : round.rematch || stored.rematch;
    changed.set(game.round, round);
  }
  for (const [round, change] of changed) {
    if (change.rematch === 'now' || (change.rematch === 'soon' && rematchDue(target, round, clock.now().getTime()))) {
      await matchRound(db, target.edition, target.category, round);
    } else change.rematch = false;
  }
  // Followers hear "the game is live" once the broadcast delay is over (the planner's rule); told of the change now.
  if (changed.size > 0) ctx.afterCommit?.({ type: 'games.changed', edition: target.edition, category: target.category });
  if (changed.size > 0 && ctx.onGamesChanged) {
    const source = await findSourceRow(db, target.edition, target.category);
    const revealAt = new Date(clock.now().getTime() + (source?.delaySeconds ?? 0) * 1000);
    for (const [round, change] of changed) {
      // A new match may move other games to other boards: then the whole round is read again.
      await ctx.onGamesChanged({ category: target.category, round, revealAt, ids: change.rematch ? undefined : change.ids });
    }
  }
  return report;
}

async function storeGame(
  db: DbOrTx,
  clock: Clock,
  target: { edition: string; category: string },
  key: string,
  game: ParsedGame,
  source: GameSourceKind,
): Promise<Stored> {
  const players = {
    white: game.white,
    black: game.black,
    whiteFideId: game.whiteFideId,
    blackFideId: game.blackFideId,
    whiteRating: game.whiteRating,
    blackRating: game.blackRating,
    fen: game.fen,
    board: game.board,
  };
  for (let attempt = 0; attempt < 10; attempt++) {
    const now = clock.now();
    const [row] = await db
      .select()
      .from(games)
      .where(and(eq(games.edition, target.edition), eq(games.category, target.category), eq(games.round, game.round), eq(games.gameKey, key)));
    if (!row) {
      const merged = mergeGame(null, game, now.getTime());
      const inserted = await db
        .insert(games)
        .values({
          ...target,
          ...players,
          round: game.round,
          gameKey: key,
          moves: merged.state.moves,
          result: merged.state.result,
          resultAt: merged.state.resultAt === null ? null : new Date(merged.state.resultAt),
          source,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: games.id });
      if (inserted.length > 0) return { outcome: merged.outcome, id: inserted[0]!.id, rematch: 'now' };
      continue; // another writer inserted it first: merge into theirs
    }
    const merged = mergeGame(stateOf(row), game, now.getTime());
    const playersChanged = (Object.keys(players) as (keyof typeof players)[]).some((k) => row[k] !== players[k]);
    if ((merged.outcome === 'unchanged' || merged.outcome === 'stale') && !playersChanged) return { outcome: merged.outcome, id: row.id, rematch: false };
    const updated = await db
      .update(games)
      .set({
        ...players,
        moves: merged.state.moves,
        result: merged.state.result,
        resultAt: merged.state.resultAt === null ? null : new Date(merged.state.resultAt),
        source,
        version: row.version + 1,
        updatedAt: now,
      })
      .where(and(eq(games.id, row.id), eq(games.version, row.version)))
      .returning({ id: games.id });
    if (updated.length > 0) {
      // Players changed, or the game has no pairing yet (the pairings may have been published since): match again.
      const rematch: Rematch = playersChanged ? 'now' : row.pairingBoard === null && row.pairingLinkedBy === null ? 'soon' : false;
      return { outcome: merged.outcome === 'stale' || merged.outcome === 'unchanged' ? 'replaced' : merged.outcome, id: row.id, rematch };
    }
  }
  throw new AppError(409, 'platform.conflict', 'The game kept changing while it was being stored');
}

/** The relay's push: the token must be the category's current one. */
export async function pushGames(ctx: GamesContext, category: string, token: string | null, text: string, round?: number): Promise<PgnIngestReport> {
  const target = await gamesCategory(ctx.db, category);
  if (!isPushToken(await findSourceRow(ctx.db, target.edition, category), token)) {
    throw unauthenticated(GAMES_ERRORS.badToken, 'The push token is not this category’s');
  }
  const report = await ingestPgn(ctx, target, text, { source: 'push', defaultRound: round });
  await ctx.db
    .update(gameSources)
    .set({ lastPushAt: ctx.clock.now() })
    .where(and(eq(gameSources.edition, target.edition), eq(gameSources.category, category)));
  return report;
}

/** A manager's upload of a round's PGN (games entered after the round, or a relay's file). */
export async function uploadGames(
  ctx: ManagerContext & Pick<GamesContext, 'onGamesChanged'>,
  category: string,
  text: string,
  round: number | undefined,
): Promise<PgnIngestReport> {
  const target = await gamesCategory(ctx.db, category);
  const report = await ingestPgn(ctx, target, text, { source: 'upload', defaultRound: round });
  await recordAudit(ctx.db, {
    actor: ctx.actor,
    action: 'results.games_uploaded',
    subjectType: 'game_source',
    subjectId: `${target.edition}/${category}`,
    after: { round: round ?? null, added: report.added, grown: report.grown, replaced: report.replaced, errors: report.errors.length },
  });
  return report;
}
