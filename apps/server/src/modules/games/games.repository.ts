import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { deletedGames, gameSources, games } from './games.tables.js';

export type GameRow = typeof games.$inferSelect;
export type NewGameRow = typeof games.$inferInsert;
export type SourceRow = typeof gameSources.$inferSelect;
export type DeletedGameRow = typeof deletedGames.$inferSelect;

// Sources: where a category's games come from

export async function findSourceRow(db: DbOrTx, edition: string, category: string): Promise<SourceRow | undefined> {
  const [row] = await db
    .select()
    .from(gameSources)
    .where(and(eq(gameSources.edition, edition), eq(gameSources.category, category)));
  return row;
}

/** The row of a category's sources, created with the defaults when it does not exist yet. */
export async function ensureSourceRow(db: DbOrTx, edition: string, category: string): Promise<SourceRow> {
  await db.insert(gameSources).values({ edition, category }).onConflictDoNothing();
  return (await findSourceRow(db, edition, category))!;
}

export async function listSourceRows(db: DbOrTx, edition: string): Promise<SourceRow[]> {
  return db.select().from(gameSources).where(eq(gameSources.edition, edition));
}

export async function updateSourceRow(db: DbOrTx, edition: string, category: string, values: Partial<typeof gameSources.$inferInsert>): Promise<void> {
  await db
    .update(gameSources)
    .set(values)
    .where(and(eq(gameSources.edition, edition), eq(gameSources.category, category)));
}

/** The sources with an address whose next poll is due at `now`. */
export async function listDuePollSources(db: DbOrTx, now: Date): Promise<SourceRow[]> {
  return db
    .select()
    .from(gameSources)
    .where(and(sql`${gameSources.pollUrl} is not null`, sql`${gameSources.nextPollAt} <= ${now.toISOString()}`));
}

/**
 * Claims a due source with a conditional update (its next poll still the one read), so that of several instances
 * exactly one takes it; answers whether this one did.
 */
export async function claimPollSource(db: DbOrTx, row: SourceRow, values: { nextPollAt: Date; lastPollAt: Date }): Promise<boolean> {
  const taken = await db
    .update(gameSources)
    .set(values)
    .where(and(eq(gameSources.edition, row.edition), eq(gameSources.category, row.category), eq(gameSources.nextPollAt, row.nextPollAt!)))
    .returning({ edition: gameSources.edition });
  return taken.length > 0;
}

/** Writes a poll's outcome on the source, unless its address changed meanwhile. */
export async function updatePolledSource(
  db: DbOrTx,
  source: { edition: string; category: string; pollUrl: string },
  values: Partial<typeof gameSources.$inferInsert>,
): Promise<void> {
  await db
    .update(gameSources)
    .set(values)
    .where(and(eq(gameSources.edition, source.edition), eq(gameSources.category, source.category), eq(gameSources.pollUrl, source.pollUrl)));
}

// Games

/** The games of a round, by the board they are shown on (the pairing's, else the relay's), then as received. */
export async function listRoundGameRows(db: DbOrTx, edition: string, category: string, round: number): Promise<GameRow[]> {
  return db
    .select()
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.category, category), eq(games.round, round)))
    .orderBy(sql`coalesce(${games.pairingBoard}, ${games.board}) nulls last`, asc(games.id));
}

/** Some games of a round, by id (unordered). */
export async function listRoundGameRowsByIds(db: DbOrTx, edition: string, category: string, round: number, ids: number[]): Promise<GameRow[]> {
  return db
    .select()
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.category, category), eq(games.round, round), inArray(games.id, ids)));
}

/** Some games of a category, by id, by round. */
export async function listCategoryGameRowsByIds(db: DbOrTx, edition: string, category: string, ids: number[]): Promise<GameRow[]> {
  return db
    .select()
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.category, category), inArray(games.id, ids)))
    .orderBy(asc(games.round), asc(games.id));
}

/** The players' names of every game of a category (the relay's, and the pairing's once matched). */
export async function listGamePlayers(db: DbOrTx, edition: string, category: string) {
  return db
    .select({ id: games.id, white: games.white, black: games.black, paired: games.paired })
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.category, category)));
}

export async function findGameRowById(db: DbOrTx, id: number): Promise<GameRow | undefined> {
  const [row] = await db.select().from(games).where(eq(games.id, id));
  return row;
}

/** The game with this id, when it belongs to the edition. */
export async function findGameRow(db: DbOrTx, edition: string, id: number): Promise<GameRow | undefined> {
  const row = await findGameRowById(db, id);
  return row?.edition === edition ? row : undefined;
}

/** The game received in a category's round under this key (`gameKeyOf`). */
export async function findReceivedGameRow(db: DbOrTx, edition: string, category: string, round: number, key: string): Promise<GameRow | undefined> {
  const [row] = await db
    .select()
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.receivedCategory, category), eq(games.receivedRound, round), eq(games.gameKey, key)));
  return row;
}

/** What identifies the games received in a category's round (`identifyGames`). */
export async function listReceivedGameKeys(db: DbOrTx, edition: string, category: string, round: number) {
  return db
    .select({
      id: games.id,
      board: games.board,
      white: games.white,
      black: games.black,
      whiteFideId: games.whiteFideId,
      blackFideId: games.blackFideId,
      feed: games.feed,
      gameKey: games.gameKey,
    })
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.receivedCategory, category), eq(games.receivedRound, round)));
}

/** The rounds of a category that have games, in order. */
export async function listGameRoundNumbers(db: DbOrTx, edition: string, category: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ round: games.round })
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.category, category)))
    .orderBy(asc(games.round));
  return rows.map((r) => r.round);
}

/** The rounds of a category with games the matching places (none linked by hand), unordered. */
export async function listAutomaticRounds(db: DbOrTx, edition: string, category: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ round: games.round })
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.category, category), isNull(games.pairingLinkedBy)));
  return rows.map((r) => r.round);
}

/** Each game of a round with its pairing board, by id. */
export async function listRoundPairingBoards(db: DbOrTx, edition: string, category: string, round: number) {
  return db
    .select({ id: games.id, board: games.pairingBoard })
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.category, category), eq(games.round, round)))
    .orderBy(games.id);
}

/** The games matched to a board of their round's pairings, by round and board. */
export async function listLinkedGames(db: DbOrTx, edition: string, category: string) {
  return db
    .select({ id: games.id, round: games.round, pairingBoard: games.pairingBoard })
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.category, category), isNotNull(games.pairingBoard)))
    .orderBy(asc(games.round), asc(games.pairingBoard));
}

/** The moves of the games of a round matched to a pairing board. */
export async function listPairedGameMoves(db: DbOrTx, edition: string, category: string, round: number) {
  return db
    .select({ id: games.id, pairingBoard: games.pairingBoard, moves: games.moves })
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.category, category), eq(games.round, round), isNotNull(games.pairingBoard)));
}

/** How many games each category of an edition has (categories without games are absent). */
export async function countGamesByCategory(db: DbOrTx, edition: string): Promise<{ category: string; n: number }[]> {
  return db.select({ category: games.category, n: count() }).from(games).where(eq(games.edition, edition)).groupBy(games.category);
}

export async function countCategoryGames(db: DbOrTx, edition: string, category: string): Promise<number> {
  const [counted] = await db
    .select({ n: count() })
    .from(games)
    .where(and(eq(games.edition, edition), eq(games.category, category)));
  return counted?.n ?? 0;
}

/** Inserts a game unless its identity is taken (another writer was first): its id, or undefined. */
export async function insertGame(db: DbOrTx, values: NewGameRow): Promise<number | undefined> {
  const inserted = await db.insert(games).values(values).onConflictDoNothing().returning({ id: games.id });
  return inserted[0]?.id;
}

/** Puts a deleted game back as it was, unless its identity is taken again: the row, or undefined. */
export async function reinsertGame(db: DbOrTx, values: NewGameRow): Promise<GameRow | undefined> {
  const inserted = await db.insert(games).values(values).onConflictDoNothing().returning();
  return inserted[0];
}

export async function updateGame(db: DbOrTx, id: number, values: Partial<NewGameRow>): Promise<void> {
  await db.update(games).set(values).where(eq(games.id, id));
}

/** Updates a game only if it is still at `version` (no concurrent write since it was read); answers whether it was. */
export async function updateGameAtVersion(db: DbOrTx, id: number, version: number, values: Partial<NewGameRow>): Promise<boolean> {
  const updated = await db
    .update(games)
    .set(values)
    .where(and(eq(games.id, id), eq(games.version, version)))
    .returning({ id: games.id });
  return updated.length > 0;
}

/** Gives the game on a pairing board of a round (other than `exceptId`) back to the matching. */
export async function unlinkPairingBoard(db: DbOrTx, round: { edition: string; category: string; round: number }, pairingBoard: number, exceptId: number) {
  await db
    .update(games)
    .set({ pairingBoard: null, pairingLinkedBy: null })
    .where(
      and(
        eq(games.edition, round.edition),
        eq(games.category, round.category),
        eq(games.round, round.round),
        eq(games.pairingBoard, pairingBoard),
        sql`${games.id} <> ${exceptId}`,
      ),
    );
}

/** Deletes a game; answers whether it was there. */
export async function deleteGameRow(db: DbOrTx, id: number): Promise<boolean> {
  const removed = await db.delete(games).where(eq(games.id, id)).returning({ id: games.id });
  return removed.length > 0;
}

// Deleted games

export async function insertDeletedGame(db: DbOrTx, values: typeof deletedGames.$inferInsert): Promise<void> {
  await db.insert(deletedGames).values(values);
}

/** The games deleted from a round (by where they were received), newest first. */
export async function listDeletedGameRows(db: DbOrTx, edition: string, category: string, round: number): Promise<DeletedGameRow[]> {
  return db
    .select()
    .from(deletedGames)
    .where(and(eq(deletedGames.edition, edition), eq(deletedGames.receivedCategory, category), eq(deletedGames.receivedRound, round)))
    .orderBy(desc(deletedGames.deletedAt), desc(deletedGames.id));
}

/** Removes a deleted game's row of the edition and answers it (undefined when there is none). */
export async function takeDeletedGame(db: DbOrTx, edition: string, id: number): Promise<DeletedGameRow | undefined> {
  const [row] = await db
    .delete(deletedGames)
    .where(and(eq(deletedGames.id, id), eq(deletedGames.edition, edition)))
    .returning();
  return row;
}
