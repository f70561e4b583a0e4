import { GAMES_ERRORS, type DeletedGame, type GameResult, type ManagedGame, type MoveGame } from '@bjk/domain';
import type { Principal } from '../../platform/access.js';
import type { ManagerContext } from '../../platform/service-context.js';
import type { DbOrTx } from '../../platform/db.js';
import { conflict, notFound } from '../../platform/errors.js';
import { recordAudit, type AuditEntryInput } from '../../platform/audit.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { matchGamesToPairings, type UnmatchedReason } from './games-matching.js';
import { getGameRow, toPublicGame } from './games-read.service.js';
import { gamesCategory } from './games-sources.service.js';
import type { PairedPlayers } from './games.tables.js';
import {
  deleteGameRow,
  insertDeletedGame,
  listAutomaticRounds,
  listDeletedGameRows,
  listRoundGameRows,
  listRoundPairingBoards,
  reinsertGame,
  takeDeletedGame,
  unlinkPairingBoard,
  updateGame,
  type GameRow,
} from './games.repository.js';
import { sharedBoards } from './games-identity.js';
import { listRoundPairings } from '../results/results.service.js';

// Matching games to the round's pairings

/**
 * Matches the round's games to its published pairings (`matchGamesToPairings`) and stores each game's board; games a
 * manager linked by hand keep their link and their board is not offered to the others. Answers why each game that
 * stays unmatched did not match (nothing when the round has no published pairings yet).
 */
export async function matchRound(db: DbOrTx, edition: string, category: string, round: number): Promise<Map<number, UnmatchedReason | 'no_pairings'>> {
  const pairings = await listRoundPairings(db, edition, category, round);
  const rows = await listRoundGameRows(db, edition, category, round);
  const reasons = new Map<number, UnmatchedReason | 'no_pairings'>();
  if (pairings.length === 0) {
    // A version without this round's pairings (an earlier one restored): no automatic link is left pointing at them.
    for (const row of rows) {
      if (row.pairingLinkedBy) continue;
      reasons.set(row.id, 'no_pairings');
      if (row.pairingBoard !== null || row.paired !== null) await updateGame(db, row.id, { pairingBoard: null, paired: null });
    }
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
  const pairingOn = new Map(pairings.map((p) => [p.board, p]));
  for (const row of rows) {
    const board = row.pairingLinkedBy ? row.pairingBoard : (boardOf.get(row.id) ?? null);
    const pairing = board === null ? undefined : pairingOn.get(board);
    const paired: PairedPlayers | null = pairing ? { white: pairing.white, black: pairing.black } : null;
    // Only the pairing link changes: no version bump, a concurrent push of the game keeps its moves.
    if (row.pairingBoard !== board || JSON.stringify(row.paired) !== JSON.stringify(paired)) {
      await updateGame(db, row.id, { pairingBoard: board, paired });
    }
  }
  return reasons;
}

/**
 * After a results version of the category is published or restored: every round with games not linked by hand is
 * matched again to the pairings now published. Games received before their round's pairings get their boards, and
 * games of a round the new version pairs differently (or not at all) follow it, instead of keeping the boards of the
 * version before. Answers the rounds whose games changed boards, for the live viewers.
 */
export async function matchRoundsAgain(db: DbOrTx, category: string): Promise<number[]> {
  const { code: edition } = await getCurrentEdition(db);
  const automatic = await listAutomaticRounds(db, edition, category);
  const changed: number[] = [];
  for (const round of automatic.sort((a, b) => a - b)) {
    const boards = async () => JSON.stringify(await listRoundPairingBoards(db, edition, category, round));
    const before = await boards();
    await matchRound(db, edition, category, round);
    if ((await boards()) !== before) changed.push(round);
  }
  return changed;
}

/** The round's games for managers: everything received, no delay, how each came in, its pairing or why none. */
export async function listManagedGames(db: DbOrTx, category: string, round: number): Promise<ManagedGame[]> {
  const { edition } = await gamesCategory(db, category);
  const reasons = await matchRound(db, edition, category, round);
  const rows = await listRoundGameRows(db, edition, category, round);
  const now = new Date(8.64e15);
  const shared = sharedBoards(rows.map((row) => ({ id: row.id, board: row.board })));
  return rows.map((row) => ({
    ...toPublicGame(row, 0, now),
    source: row.source,
    updatedAt: row.updatedAt.toISOString(),
    linkedByHand: row.pairingLinkedBy !== null,
    unmatchedReason: reasons.get(row.id) ?? null,
    relayWhite: row.white,
    relayBlack: row.black,
    boardShared: shared.has(row.id),
    movedBy: row.movedBy,
  }));
}

/** An audit entry about a game. */
function gameAudit(actor: Principal, action: string, id: number, change: Pick<AuditEntryInput, 'before' | 'after'>): AuditEntryInput {
  return { actor, action, subjectType: 'game', subjectId: id, ...change };
}

/** A game as the trail keeps it when it is deleted or restored. */
function gamePicture(game: Pick<GameRow, 'category' | 'round' | 'pairingBoard' | 'board' | 'moves' | 'result'>) {
  return { category: game.category, round: game.round, board: game.pairingBoard ?? game.board, moves: game.moves.length, result: game.result };
}

/**
 * A manager deletes a received game (audited). Its players stay known for the round it was received in, so the relay's
 * next copy of the round does not bring it back; the ingest report names it as not taken.
 */
export async function deleteGame(ctx: ManagerContext, id: number): Promise<{ category: string; round: number }> {
  const { db, actor } = ctx;
  const row = await getGameRow(db, id);
  await db.transaction(async (tx) => {
    if (!(await deleteGameRow(tx, id))) throw notFound(GAMES_ERRORS.gameNotFound, `No game ${id}`, { id });
    await insertDeletedGame(tx, {
      edition: row.edition,
      receivedCategory: row.receivedCategory,
      receivedRound: row.receivedRound,
      white: row.white,
      black: row.black,
      whiteFideId: row.whiteFideId,
      blackFideId: row.blackFideId,
      gameKey: row.gameKey,
      game: JSON.parse(JSON.stringify(row)) as Record<string, unknown>,
      deletedBy: actor.email,
      deletedAt: ctx.clock.now(),
    });
    await recordAudit(tx, gameAudit(actor, 'results.game_deleted', id, { before: gamePicture(row) }));
  });
  await matchRound(db, row.edition, row.category, row.round);
  // Told once committed and matched again (a failed write throws before): the round's viewers read it again.
  await ctx.afterCommit?.({ type: 'games.rearranged', edition: row.edition, category: row.category, round: row.round });
  return { category: row.category, round: row.round };
}

/** The games managers deleted from a round (by where they were received), newest first, with whether each can come back. */
export async function listDeletedGames(db: DbOrTx, category: string, round: number): Promise<DeletedGame[]> {
  const { edition } = await gamesCategory(db, category);
  const rows = await listDeletedGameRows(db, edition, category, round);
  return rows.map((row) => {
    const game = row.game as { moves?: unknown[]; result?: GameResult } | null;
    return {
      id: row.id,
      white: row.white,
      black: row.black,
      deletedBy: row.deletedBy,
      deletedAt: row.deletedAt.toISOString(),
      moves: game?.moves?.length ?? null,
      result: game?.result ?? null,
      restorable: game !== null,
    };
  });
}

/**
 * A manager restores a deleted game (audited): it comes back as it was (same id, moves, pairing link), and the relay's
 * next copy of the round grows it again instead of being skipped. Refused (409) for a row deleted before games were
 * kept for a restore, or when the round has this game again (a manager's upload after the deletion).
 */
export async function restoreGame(ctx: ManagerContext, deletedId: number): Promise<ManagedGame> {
  const { db, actor } = ctx;
  const { code: edition } = await getCurrentEdition(db);
  const restored = await db.transaction(async (tx) => {
    const row = await takeDeletedGame(tx, edition, deletedId);
    if (!row) throw notFound(GAMES_ERRORS.gameNotFound, `No deleted game ${deletedId}`, { id: deletedId });
    if (!row.game) throw conflict(GAMES_ERRORS.notRestorable, 'This game was deleted before deleted games were kept', { id: deletedId });
    const saved = row.game as GameRow & Record<string, unknown>;
    const dates = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);
    const inserted = await reinsertGame(tx, {
      ...saved,
      resultAt: dates(saved.resultAt),
      createdAt: dates(saved.createdAt) ?? ctx.clock.now(),
      updatedAt: ctx.clock.now(),
      version: (saved.version ?? 1) + 1,
    });
    if (!inserted) throw conflict(GAMES_ERRORS.notRestorable, 'The round has this game again', { id: deletedId });
    await recordAudit(tx, gameAudit(actor, 'results.game_restored', inserted.id, { after: gamePicture(saved) }));
    return inserted;
  });
  await matchRound(db, restored.edition, restored.category, restored.round);
  // Told once committed and matched again: the round's viewers read it again.
  await ctx.afterCommit?.({ type: 'games.rearranged', edition: restored.edition, category: restored.category, round: restored.round });
  const game = (await listManagedGames(db, restored.category, restored.round)).find((g) => g.id === restored.id);
  if (!game) throw notFound(GAMES_ERRORS.gameNotFound, `No game ${restored.id}`, { id: restored.id });
  return game;
}

/**
 * A manager moves a game to another category, round or board (audited): it leaves its pairing link, is matched in its
 * new round, and the relay's later copies still find it (by where it was received) without moving it back.
 */
export async function moveGame(ctx: ManagerContext, id: number, to: MoveGame): Promise<{ game: ManagedGame; from: { category: string; round: number } }> {
  const { db, actor } = ctx;
  const row = await getGameRow(db, id);
  // The target must be a player category of the edition (`results.games_unknown_category` otherwise).
  await gamesCategory(db, to.category);
  await db.transaction(async (tx) => {
    await updateGame(tx, id, {
      category: to.category,
      round: to.round,
      board: to.board,
      pairingBoard: null,
      pairingLinkedBy: null,
      paired: null,
      movedBy: actor.email,
      version: row.version + 1,
      updatedAt: ctx.clock.now(),
    });
    await recordAudit(
      tx,
      gameAudit(actor, 'results.game_moved', id, {
        before: { category: row.category, round: row.round, board: row.board },
        after: { category: to.category, round: to.round, board: to.board },
      }),
    );
  });
  await matchRound(db, row.edition, row.category, row.round);
  // Both rounds' viewers read theirs again: the game left one and joined the other.
  await ctx.afterCommit?.({ type: 'games.rearranged', edition: row.edition, category: row.category, round: row.round });
  await ctx.afterCommit?.({ type: 'games.rearranged', edition: row.edition, category: to.category, round: to.round });
  const listed = await listManagedGames(db, to.category, to.round);
  return { game: listed.find((g) => g.id === id)!, from: { category: row.category, round: row.round } };
}

/** A manager links a game to a board of the round's pairings by hand, or (null) gives it back to the matching. */
export async function linkGameToPairing(ctx: ManagerContext, id: number, pairingBoard: number | null): Promise<ManagedGame> {
  const { db, actor } = ctx;
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
      await unlinkPairingBoard(tx, row, pairingBoard, id);
    }
    await updateGame(tx, id, { pairingBoard, pairingLinkedBy: pairingBoard === null ? null : actor.email });
    await recordAudit(tx, gameAudit(actor, 'results.game_linked', id, { before: { pairingBoard: row.pairingBoard }, after: { pairingBoard } }));
  });
  // The game (and the one it displaced) changed boards: the round's viewers read it again.
  await ctx.afterCommit?.({ type: 'games.rearranged', edition: row.edition, category: row.category, round: row.round });
  const listed = await listManagedGames(db, row.category, row.round);
  return listed.find((g) => g.id === id)!;
}
