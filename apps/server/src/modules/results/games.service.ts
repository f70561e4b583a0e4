import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  GAMES_ERRORS,
  type GameSource,
  type GameSourceUpdate,
  type ManagedGame,
  type PgnIngestReport,
  type PublicGame,
  type PublicRoundGames,
} from '@bjk/domain';
import type { Principal } from '../../platform/access.js';
import type { Clock } from '../../platform/clock.js';
import type { Db, DbOrTx } from '../../platform/db.js';
import { AppError, badRequest, notFound, unauthenticated } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { matchGamesToPairings, sameName, type UnmatchedReason } from './games-matching.js';
import { listRoundPairings } from './results.service.js';
import { mergeGame, nextReveal, visiblePart, type StoredGameState } from './games-merge.js';
import { gameKey, parsePgn, writePgnGame, type ParsedGame } from './games-pgn.js';
import { gameSources, games } from './games.tables.js';

type GameRow = typeof games.$inferSelect;
type SourceRow = typeof gameSources.$inferSelect;
export type GameSourceKind = GameRow['source'];

/**
 * Told after games changed: the category, the round and the instant the change becomes visible to visitors (its
 * arrival plus the broadcast delay). The live stream listens (through the change bus) and wakes at that instant.
 */
export type GamesChanged = (change: { category: string; round: number; revealAt: Date }) => void | Promise<void>;

export type GamesDeps = { db: Db; clock: Clock; onGamesChanged?: GamesChanged };

// Categories and sources

/** The current edition's code and the category, which must be one of its player categories. */
export async function gamesCategory(db: DbOrTx, category: string): Promise<{ edition: string; category: string }> {
  const edition = await getCurrentEdition(db);
  const found = edition.settings.categories.find((c) => c.kind === 'player' && c.code === category);
  if (!found) throw notFound(GAMES_ERRORS.unknownCategory, `No player category ${category}`, { category });
  return { edition: edition.code, category: found.code };
}

async function findSourceRow(db: DbOrTx, edition: string, category: string): Promise<SourceRow | undefined> {
  const [row] = await db
    .select()
    .from(gameSources)
    .where(and(eq(gameSources.edition, edition), eq(gameSources.category, category)));
  return row;
}

/** The row of a category's sources, created with the defaults when it does not exist yet. */
async function ensureSourceRow(db: DbOrTx, edition: string, category: string): Promise<SourceRow> {
  await db.insert(gameSources).values({ edition, category }).onConflictDoNothing();
  return (await findSourceRow(db, edition, category))!;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toGameSource(row: SourceRow, gameCount: number): GameSource {
  return {
    category: row.category,
    delaySeconds: row.delaySeconds,
    pollUrl: row.pollUrl,
    pollSeconds: row.pollSeconds,
    pollRound: row.pollRound,
    hasPushToken: row.pushTokenHash !== null,
    lastPollAt: iso(row.lastPollAt),
    lastPollSuccessAt: iso(row.lastPollSuccessAt),
    lastPollError: row.lastPollError,
    lastPollErrorAt: iso(row.lastPollErrorAt),
    pollFailures: row.pollFailures,
    nextPollAt: iso(row.nextPollAt),
    lastPushAt: iso(row.lastPushAt),
    gameCount,
  };
}

/** Every player category of the edition with its sources (defaults where none were set) and its number of games. */
export async function listGameSources(db: DbOrTx): Promise<GameSource[]> {
  const edition = await getCurrentEdition(db);
  const rows = await db.select().from(gameSources).where(eq(gameSources.edition, edition.code));
  const counts = await db
    .select({ category: games.category, n: count() })
    .from(games)
    .where(eq(games.edition, edition.code))
    .groupBy(games.category);
  return edition.settings.categories
    .filter((c) => c.kind === 'player')
    .map((c) => {
      const row = rows.find((r) => r.category === c.code);
      const n = counts.find((r) => r.category === c.code)?.n ?? 0;
      return toGameSource(row ?? { ...defaultSource(edition.code, c.code) }, n);
    });
}

function defaultSource(edition: string, category: string): SourceRow {
  return {
    edition,
    category,
    pushTokenHash: null,
    delaySeconds: 0,
    pollUrl: null,
    pollSeconds: 30,
    pollRound: null,
    pollEtag: null,
    pollLastModified: null,
    pollFailures: 0,
    nextPollAt: null,
    lastPollAt: null,
    lastPollSuccessAt: null,
    lastPollError: null,
    lastPollErrorAt: null,
    lastPushAt: null,
    updatedAt: new Date(0),
  };
}

export async function getGameSource(db: DbOrTx, category: string): Promise<GameSource> {
  const { edition } = await gamesCategory(db, category);
  const row = (await findSourceRow(db, edition, category)) ?? defaultSource(edition, category);
  const [counted] = await db
    .select({ n: count() })
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.category, category)));
  return toGameSource(row, counted?.n ?? 0);
}

/** Changes a category's delay and polling; a new address is polled at once, from a clean slate. */
export async function updateGameSource(db: Db, category: string, input: GameSourceUpdate, actor: Principal, clock: Clock): Promise<GameSource> {
  const { edition } = await gamesCategory(db, category);
  await db.transaction(async (tx) => {
    const before = await ensureSourceRow(tx, edition, category);
    const urlChanged = before.pollUrl !== input.pollUrl;
    await tx
      .update(gameSources)
      .set({
        delaySeconds: input.delaySeconds,
        pollUrl: input.pollUrl,
        pollSeconds: input.pollSeconds,
        pollRound: input.pollRound,
        ...(urlChanged
          ? { pollEtag: null, pollLastModified: null, pollFailures: 0, lastPollError: null, lastPollErrorAt: null, nextPollAt: input.pollUrl ? clock.now() : null }
          : {}),
        updatedAt: clock.now(),
      })
      .where(and(eq(gameSources.edition, edition), eq(gameSources.category, category)));
    await recordAudit(tx, {
      actor,
      action: 'results.game_source_updated',
      subjectType: 'game_source',
      subjectId: `${edition}/${category}`,
      before: { delaySeconds: before.delaySeconds, pollUrl: before.pollUrl, pollSeconds: before.pollSeconds, pollRound: before.pollRound },
      after: input,
    });
  });
  return getGameSource(db, category);
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new push token for the category's relay; the previous one stops working. Shown once: only its hash is kept. */
export async function rotatePushToken(db: Db, category: string, actor: Principal, clock: Clock): Promise<{ token: string }> {
  const { edition } = await gamesCategory(db, category);
  const token = `${category.toLowerCase()}_${randomBytes(24).toString('base64url')}`;
  await db.transaction(async (tx) => {
    await ensureSourceRow(tx, edition, category);
    await tx
      .update(gameSources)
      .set({ pushTokenHash: hashToken(token), updatedAt: clock.now() })
      .where(and(eq(gameSources.edition, edition), eq(gameSources.category, category)));
    await recordAudit(tx, { actor, action: 'results.game_push_token_rotated', subjectType: 'game_source', subjectId: `${edition}/${category}` });
  });
  return { token };
}

// Taking PGN

/**
 * Takes every good game of a PGN text into the category: new games are added, known ones grow or are replaced
 * (`mergeGame`), the same PGN again changes nothing. Each game is written with a conditional update on its version,
 * retried on a concurrent write, so a push and a poll of one round at once never lose moves.
 */
export async function ingestPgn(
  deps: GamesDeps,
  target: { edition: string; category: string },
  text: string,
  options: { source: GameSourceKind; defaultRound?: number },
): Promise<PgnIngestReport> {
  const { db, clock } = deps;
  if (text.trim() === '') throw badRequest(GAMES_ERRORS.emptyPgn, 'The PGN is empty');
  const parsed = parsePgn(text, { defaultRound: options.defaultRound });
  const report: PgnIngestReport = { added: 0, grown: 0, replaced: 0, unchanged: 0, stale: 0, errors: parsed.errors };
  // The last copy of a game in the file wins (a file may repeat a game as it grows).
  const byKey = new Map<string, ParsedGame>();
  for (const game of parsed.games) byKey.set(gameKey(game), game);
  const changedRounds = new Set<number>();
  for (const [key, game] of byKey) {
    const outcome = await storeGame(db, clock, target, key, game, options.source);
    report[outcome] += 1;
    if (outcome !== 'unchanged' && outcome !== 'stale') changedRounds.add(game.round);
  }
  for (const round of changedRounds) await matchRound(db, target.edition, target.category, round);
  if (changedRounds.size > 0 && deps.onGamesChanged) {
    const source = await findSourceRow(db, target.edition, target.category);
    const revealAt = new Date(clock.now().getTime() + (source?.delaySeconds ?? 0) * 1000);
    for (const round of changedRounds) await deps.onGamesChanged({ category: target.category, round, revealAt });
  }
  return report;
}

function stateOf(row: GameRow): StoredGameState {
  return { moves: row.moves, result: row.result, resultAt: row.resultAt ? row.resultAt.getTime() : null };
}

async function storeGame(db: Db, clock: Clock, target: { edition: string; category: string }, key: string, game: ParsedGame, source: GameSourceKind) {
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
      if (inserted.length > 0) return merged.outcome;
      continue; // another writer inserted it first: merge into theirs
    }
    const merged = mergeGame(stateOf(row), game, now.getTime());
    const playersChanged = (Object.keys(players) as (keyof typeof players)[]).some((k) => row[k] !== players[k]);
    if ((merged.outcome === 'unchanged' || merged.outcome === 'stale') && !playersChanged) return merged.outcome;
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
    if (updated.length > 0) return merged.outcome === 'stale' || merged.outcome === 'unchanged' ? 'replaced' : merged.outcome;
  }
  throw new AppError(409, 'platform.conflict', 'The game kept changing while it was being stored');
}

/** The relay's push: the token must be the category's current one. */
export async function pushGames(deps: GamesDeps, category: string, token: string | null, text: string, round?: number): Promise<PgnIngestReport> {
  const target = await gamesCategory(deps.db, category);
  const source = await findSourceRow(deps.db, target.edition, category);
  const expected = source?.pushTokenHash ? Buffer.from(source.pushTokenHash) : null;
  const given = token ? Buffer.from(hashToken(token)) : null;
  if (!expected || !given || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw unauthenticated(GAMES_ERRORS.badToken, 'The push token is not this category’s');
  }
  const report = await ingestPgn(deps, target, text, { source: 'push', defaultRound: round });
  await deps.db
    .update(gameSources)
    .set({ lastPushAt: deps.clock.now() })
    .where(and(eq(gameSources.edition, target.edition), eq(gameSources.category, category)));
  return report;
}

/** A manager's upload of a round's PGN (games entered after the round, or a relay's file). */
export async function uploadGames(deps: GamesDeps, category: string, text: string, round: number | undefined, actor: Principal): Promise<PgnIngestReport> {
  const target = await gamesCategory(deps.db, category);
  const report = await ingestPgn(deps, target, text, { source: 'upload', defaultRound: round });
  await recordAudit(deps.db, {
    actor,
    action: 'results.games_uploaded',
    subjectType: 'game_source',
    subjectId: `${target.edition}/${category}`,
    after: { round: round ?? null, added: report.added, grown: report.grown, replaced: report.replaced, errors: report.errors.length },
  });
  return report;
}

// Reading games

async function delayMsOf(db: DbOrTx, edition: string, category: string): Promise<number> {
  return ((await findSourceRow(db, edition, category))?.delaySeconds ?? 0) * 1000;
}

function toPublicGame(row: GameRow, delayMs: number, now: Date): PublicGame {
  const visible = visiblePart(stateOf(row), delayMs, now.getTime());
  return {
    id: row.id,
    category: row.category,
    round: row.round,
    board: row.pairingBoard ?? row.board,
    pairingBoard: row.pairingBoard,
    white: { name: row.white, fideId: row.whiteFideId, rating: row.whiteRating },
    black: { name: row.black, fideId: row.blackFideId, rating: row.blackRating },
    result: visible.result,
    fen: row.fen,
    moves: visible.moves,
  };
}

async function roundRows(db: DbOrTx, edition: string, category: string, round: number): Promise<GameRow[]> {
  return db
    .select()
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.category, category), eq(games.round, round)))
    .orderBy(sql`coalesce(${games.pairingBoard}, ${games.board}) nulls last`, asc(games.id));
}

/** The games of a round as a visitor may see them now: nothing younger than the category's delay. */
export async function listRoundGames(db: DbOrTx, clock: Clock, category: string, round: number): Promise<PublicRoundGames> {
  const { edition } = await gamesCategory(db, category);
  const delayMs = await delayMsOf(db, edition, category);
  const now = clock.now();
  const rows = await roundRows(db, edition, category, round);
  return { category, round, delaySeconds: delayMs / 1000, games: rows.map((row) => toPublicGame(row, delayMs, now)) };
}

/** The round's games as visible now, and the next instant at which more of them becomes visible (or null). */
export async function visibleRoundState(db: DbOrTx, clock: Clock, category: string, round: number): Promise<{ games: PublicGame[]; nextRevealAt: number | null }> {
  const { edition } = await gamesCategory(db, category);
  const delayMs = await delayMsOf(db, edition, category);
  const now = clock.now();
  const rows = await roundRows(db, edition, category, round);
  const reveals = rows.map((row) => nextReveal(stateOf(row), delayMs, now.getTime())).filter((t): t is number => t !== null);
  return { games: rows.map((row) => toPublicGame(row, delayMs, now)), nextRevealAt: reveals.length > 0 ? Math.min(...reveals) : null };
}

async function getGameRow(db: DbOrTx, id: number): Promise<GameRow> {
  const edition = await getCurrentEdition(db);
  const [row] = await db
    .select()
    .from(games)
    .where(and(eq(games.id, id), eq(games.edition, edition.code)));
  if (!row) throw notFound(GAMES_ERRORS.gameNotFound, `No game ${id}`, { id });
  return row;
}

export async function getPublicGame(db: DbOrTx, clock: Clock, id: number): Promise<PublicGame> {
  const row = await getGameRow(db, id);
  return toPublicGame(row, await delayMsOf(db, row.edition, row.category), clock.now());
}

function pgnOf(games: PublicGame[], event: string): string {
  return games
    .map((g) =>
      writePgnGame({
        event,
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

const eventName = (category: string) => `Belgian Youth Chess Championship ${category}`;

/** PGN of a round as visible now (the delay holds for downloads too). */
export async function roundPgn(db: DbOrTx, clock: Clock, category: string, round: number): Promise<string> {
  return pgnOf((await listRoundGames(db, clock, category, round)).games, eventName(category));
}

export async function gamePgn(db: DbOrTx, clock: Clock, id: number): Promise<{ pgn: string; game: PublicGame }> {
  const game = await getPublicGame(db, clock, id);
  return { pgn: pgnOf([game], eventName(game.category)), game };
}

/** Every game of a player in the category, all rounds, as visible now. */
export async function playerPgn(db: DbOrTx, clock: Clock, category: string, name: string): Promise<string> {
  const { edition } = await gamesCategory(db, category);
  const delayMs = await delayMsOf(db, edition, category);
  const rows = await db
    .select()
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.category, category)))
    .orderBy(asc(games.round), asc(games.id));
  const now = clock.now();
  const mine = rows.filter((row) => sameName(row.white, name) || sameName(row.black, name)).map((row) => toPublicGame(row, delayMs, now));
  return pgnOf(mine, eventName(category));
}

// Matching games to the round's pairings

/**
 * Matches the round's games to its published pairings (`matchGamesToPairings`) and stores each game's board; games a
 * manager linked by hand keep their link and their board is not offered to the others. Answers why each game that
 * stays unmatched did not match (nothing when the round has no published pairings yet).
 */
export async function matchRound(db: DbOrTx, edition: string, category: string, round: number): Promise<Map<number, UnmatchedReason | 'no_pairings'>> {
  const pairings = await listRoundPairings(db, edition, category, round);
  const rows = await roundRows(db, edition, category, round);
  const reasons = new Map<number, UnmatchedReason | 'no_pairings'>();
  if (pairings.length === 0) {
    for (const row of rows) if (!row.pairingLinkedBy) reasons.set(row.id, 'no_pairings');
    return reasons;
  }
  const linkedBoards = new Set(rows.filter((r) => r.pairingLinkedBy && r.pairingBoard !== null).map((r) => r.pairingBoard!));
  const automatic = rows.filter((r) => !r.pairingLinkedBy);
  const result = matchGamesToPairings(
    automatic.map((r) => ({ key: String(r.id), board: r.board, white: r.white, black: r.black, whiteFideId: r.whiteFideId, blackFideId: r.blackFideId })),
    pairings.filter((p) => !linkedBoards.has(p.board)),
  );
  const boardOf = new Map(result.matched.map((m) => [Number(m.key), m.board]));
  for (const u of result.unmatched) reasons.set(Number(u.key), u.reason);
  for (const row of automatic) {
    const board = boardOf.get(row.id) ?? null;
    // Only the pairing link changes: no version bump, a concurrent push of the game keeps its moves.
    if (row.pairingBoard !== board) await db.update(games).set({ pairingBoard: board }).where(eq(games.id, row.id));
  }
  return reasons;
}

/** The round's games for managers: everything received, no delay, how each came in, its pairing or why none. */
export async function listManagedGames(db: DbOrTx, category: string, round: number): Promise<ManagedGame[]> {
  const { edition } = await gamesCategory(db, category);
  const reasons = await matchRound(db, edition, category, round);
  const rows = await roundRows(db, edition, category, round);
  const now = new Date(8.64e15);
  return rows.map((row) => ({
    ...toPublicGame(row, 0, now),
    source: row.source,
    updatedAt: row.updatedAt.toISOString(),
    linkedByHand: row.pairingLinkedBy !== null,
    unmatchedReason: reasons.get(row.id) ?? null,
  }));
}

/** A manager links a game to a board of the round's pairings by hand, or (null) gives it back to the matching. */
export async function linkGameToPairing(db: Db, id: number, pairingBoard: number | null, actor: Principal): Promise<ManagedGame> {
  const row = await getGameRow(db, id);
  if (pairingBoard !== null) {
    const pairings = await listRoundPairings(db, row.edition, row.category, row.round);
    if (!pairings.some((p) => p.board === pairingBoard)) {
      throw notFound(GAMES_ERRORS.pairingNotFound, `Round ${row.round} of ${row.category} has no pairing on board ${pairingBoard}`, { board: pairingBoard });
    }
  }
  await db.transaction(async (tx) => {
    if (pairingBoard !== null) {
      // The board's game until now goes back to the matching.
      await tx
        .update(games)
        .set({ pairingBoard: null, pairingLinkedBy: null })
        .where(and(eq(games.edition, row.edition), eq(games.category, row.category), eq(games.round, row.round), eq(games.pairingBoard, pairingBoard), sql`${games.id} <> ${id}`));
    }
    await tx
      .update(games)
      .set({ pairingBoard, pairingLinkedBy: pairingBoard === null ? null : actor.email })
      .where(eq(games.id, id));
    await recordAudit(tx, { actor, action: 'results.game_linked', subjectType: 'game', subjectId: id, before: { pairingBoard: row.pairingBoard }, after: { pairingBoard } });
  });
  const listed = await listManagedGames(db, row.category, row.round);
  return listed.find((g) => g.id === id)!;
}

/** The rounds of a category that have games, for the viewer's round picker. */
export async function listGameRounds(db: DbOrTx, category: string): Promise<number[]> {
  const { edition } = await gamesCategory(db, category);
  const rows = await db
    .selectDistinct({ round: games.round })
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.category, category)))
    .orderBy(asc(games.round));
  return rows.map((r) => r.round);
}

// Polling a relay's address

export type PollSource = { edition: string; category: string; pollUrl: string; pollSeconds: number; pollRound: number | null; pollEtag: string | null; pollLastModified: string | null; pollFailures: number };

/**
 * The sources due for a poll, each claimed with a conditional update (its next poll moved a lease ahead), so that
 * of several instances exactly one polls a source at a time.
 */
export async function claimDuePolls(db: Db, now: Date, leaseMs: number): Promise<PollSource[]> {
  const due = await db
    .select()
    .from(gameSources)
    .where(and(sql`${gameSources.pollUrl} is not null`, sql`${gameSources.nextPollAt} <= ${now.toISOString()}`));
  const claimed: PollSource[] = [];
  for (const row of due) {
    const taken = await db
      .update(gameSources)
      .set({ nextPollAt: new Date(now.getTime() + leaseMs), lastPollAt: now })
      .where(and(eq(gameSources.edition, row.edition), eq(gameSources.category, row.category), eq(gameSources.nextPollAt, row.nextPollAt!)))
      .returning({ edition: gameSources.edition });
    if (taken.length > 0 && row.pollUrl) claimed.push({ ...row, pollUrl: row.pollUrl });
  }
  return claimed;
}

/** First retry after one interval, doubling up to ten minutes: a relay down for a while is not hammered. */
export function pollBackoffMs(pollSeconds: number, failures: number): number {
  return Math.min(pollSeconds * 1000 * 2 ** Math.max(0, failures - 1), 10 * 60_000);
}

export async function recordPollSuccess(
  db: Db,
  source: PollSource,
  now: Date,
  outcome: { etag: string | null; lastModified: string | null; report: PgnIngestReport | null },
): Promise<void> {
  const refused = outcome.report?.errors ?? [];
  await db
    .update(gameSources)
    .set({
      ...(outcome.report ? { pollEtag: outcome.etag, pollLastModified: outcome.lastModified } : {}),
      pollFailures: 0,
      lastPollSuccessAt: now,
      // Games refused by the reader are worth a manager's eye even though the poll itself worked.
      lastPollError: refused.length > 0 ? `${refused.length} game(s) refused: ${refused[0]!.message}` : null,
      lastPollErrorAt: refused.length > 0 ? now : null,
      nextPollAt: new Date(now.getTime() + source.pollSeconds * 1000),
    })
    .where(and(eq(gameSources.edition, source.edition), eq(gameSources.category, source.category), eq(gameSources.pollUrl, source.pollUrl)));
}

export async function recordPollFailure(db: Db, source: PollSource, now: Date, message: string): Promise<void> {
  const failures = source.pollFailures + 1;
  await db
    .update(gameSources)
    .set({
      pollFailures: failures,
      lastPollError: message.slice(0, 500),
      lastPollErrorAt: now,
      nextPollAt: new Date(now.getTime() + pollBackoffMs(source.pollSeconds, failures)),
    })
    .where(and(eq(gameSources.edition, source.edition), eq(gameSources.category, source.category), eq(gameSources.pollUrl, source.pollUrl)));
}
