import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tournament } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { tournamentCurrent, tournamentImports, tournamentVersions, unofficialResults } from './results.tables.js';
import type { UnofficialBoard } from './tournament-views.js';

export type TournamentImportRow = typeof tournamentImports.$inferSelect;
export type TournamentVersionRow = typeof tournamentVersions.$inferSelect;
export type CurrentVersionRow = Pick<TournamentVersionRow, 'version' | 'tournament' | 'publishedAt' | 'fileName'>;
export type UnofficialRow = UnofficialBoard & { updatedAt: Date };
/** One game of a round, as the arbiters' results key it: the round and its two players. */
export type UnofficialGame = { round: number; white: string; black: string };

/** The join of a category's current pointer with the version it points at. */
const currentVersionJoin = and(
  eq(tournamentVersions.edition, tournamentCurrent.edition),
  eq(tournamentVersions.category, tournamentCurrent.category),
  eq(tournamentVersions.version, tournamentCurrent.version),
);

/**
 * Takes a transaction-scoped lock on one key (an edition's drafts, a category's versions), so that two requests
 * doing the same thing at once — a double click, a client's retry — run one after the other and the second sees
 * what the first wrote. Released at commit or rollback.
 */
export async function lockResultsKey(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** The lock of one game's arbiter's result (`hashtextextended`, a 64-bit hash: one lock per game). */
export async function lockUnofficialGame(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** A category's current version without its content: which version it is, when and from which file it was published. */
export async function findCurrentVersionStamp(db: DbOrTx, edition: string, category: string): Promise<Omit<CurrentVersionRow, 'tournament'> | undefined> {
  const rows = await db
    .select({ version: tournamentVersions.version, publishedAt: tournamentVersions.publishedAt, fileName: tournamentVersions.fileName })
    .from(tournamentCurrent)
    .innerJoin(tournamentVersions, currentVersionJoin)
    .where(and(eq(tournamentCurrent.edition, edition), eq(tournamentCurrent.category, category)));
  return rows[0];
}

/** The content of one version of a category (versions are never changed once written). */
export async function findVersionTournament(db: DbOrTx, edition: string, category: string, version: number): Promise<Tournament | undefined> {
  const rows = await db
    .select({ tournament: tournamentVersions.tournament })
    .from(tournamentVersions)
    .where(and(eq(tournamentVersions.edition, edition), eq(tournamentVersions.category, category), eq(tournamentVersions.version, version)));
  return rows[0]?.tournament;
}

/** The current version of a category when its content is exactly `tournament`, else undefined. */
export async function findCurrentVersionWithContent(tx: DbOrTx, edition: string, category: string, tournament: Tournament): Promise<number | undefined> {
  const [same] = await tx
    .select({ version: tournamentCurrent.version })
    .from(tournamentCurrent)
    .innerJoin(tournamentVersions, currentVersionJoin)
    .where(
      and(
        eq(tournamentCurrent.edition, edition),
        eq(tournamentCurrent.category, category),
        sql`${tournamentVersions.tournament} = ${JSON.stringify(tournament)}::jsonb`,
      ),
    );
  return same?.version;
}

/** The current version of every category of an edition that has one. */
export async function listCurrentVersions(db: DbOrTx, edition: string) {
  return db
    .select({
      category: tournamentCurrent.category,
      version: tournamentCurrent.version,
      tournament: tournamentVersions.tournament,
      publishedAt: tournamentVersions.publishedAt,
    })
    .from(tournamentCurrent)
    .innerJoin(tournamentVersions, currentVersionJoin)
    .where(eq(tournamentCurrent.edition, edition));
}

export async function listVersionRows(db: DbOrTx, edition: string, category: string): Promise<TournamentVersionRow[]> {
  return db
    .select()
    .from(tournamentVersions)
    .where(and(eq(tournamentVersions.edition, edition), eq(tournamentVersions.category, category)))
    .orderBy(desc(tournamentVersions.version));
}

export async function findVersionRow(db: DbOrTx, edition: string, category: string, version: number): Promise<TournamentVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(tournamentVersions)
    .where(and(eq(tournamentVersions.edition, edition), eq(tournamentVersions.category, category), eq(tournamentVersions.version, version)));
  return row;
}

/** The number the category's next version takes (1 for the first). */
export async function nextVersionNumber(tx: DbOrTx, edition: string, category: string): Promise<number> {
  const [{ next }] = (await tx
    .select({ next: sql<number>`coalesce(max(${tournamentVersions.version}), 0) + 1` })
    .from(tournamentVersions)
    .where(and(eq(tournamentVersions.edition, edition), eq(tournamentVersions.category, category)))) as [{ next: number }];
  return Number(next);
}

export async function insertVersion(tx: DbOrTx, row: typeof tournamentVersions.$inferInsert): Promise<void> {
  await tx.insert(tournamentVersions).values(row);
}

/** Points the category at `version` (its first publish creates the pointer). */
export async function setCurrentVersion(tx: DbOrTx, edition: string, category: string, version: number): Promise<void> {
  await tx
    .insert(tournamentCurrent)
    .values({ edition, category, version })
    .onConflictDoUpdate({ target: [tournamentCurrent.edition, tournamentCurrent.category], set: { version, updatedAt: sql`now()` } });
}

/** The draft of the same file with the same content in an edition, if one was kept already. */
export async function findSameDraftId(tx: DbOrTx, edition: string, fileName: string, tournament: Tournament): Promise<string | undefined> {
  const [existing] = await tx
    .select({ id: tournamentImports.id })
    .from(tournamentImports)
    .where(
      and(
        eq(tournamentImports.edition, edition),
        eq(tournamentImports.fileName, fileName),
        sql`${tournamentImports.tournament} = ${JSON.stringify(tournament)}::jsonb`,
      ),
    )
    .limit(1);
  return existing?.id;
}

export async function insertDraft(tx: DbOrTx, row: typeof tournamentImports.$inferInsert): Promise<string> {
  const [inserted] = await tx.insert(tournamentImports).values(row).returning({ id: tournamentImports.id });
  return inserted!.id;
}

export async function findDraft(db: DbOrTx, id: string): Promise<TournamentImportRow | undefined> {
  const [row] = await db.select().from(tournamentImports).where(eq(tournamentImports.id, id));
  return row;
}

export async function deleteDraft(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(tournamentImports).where(eq(tournamentImports.id, id));
}

/** The arbiters' results of a category (of one round when given), by round and board. */
export async function listUnofficial(db: DbOrTx, edition: string, category: string, round?: number): Promise<UnofficialRow[]> {
  const rows = await db
    .select()
    .from(unofficialResults)
    .where(and(eq(unofficialResults.edition, edition), eq(unofficialResults.category, category), round ? eq(unofficialResults.round, round) : undefined))
    .orderBy(unofficialResults.round, unofficialResults.board);
  return rows.map((r) => ({
    round: r.round,
    board: r.board,
    white: r.white,
    black: r.black,
    whiteName: r.whiteName,
    blackName: r.blackName,
    result: r.result as UnofficialBoard['result'],
    updatedAt: r.updatedAt,
  }));
}

/** The row of one game's arbiter's result: the round and its two players. */
const unofficialKey = (edition: string, category: string, u: UnofficialGame) =>
  and(
    eq(unofficialResults.edition, edition),
    eq(unofficialResults.category, category),
    eq(unofficialResults.round, u.round),
    eq(unofficialResults.white, u.white),
    eq(unofficialResults.black, u.black),
  );

export async function findUnofficialResult(tx: DbOrTx, edition: string, category: string, game: UnofficialGame): Promise<string | undefined> {
  const [row] = await tx
    .select({ result: unofficialResults.result })
    .from(unofficialResults)
    .where(unofficialKey(edition, category, game));
  return row?.result;
}

/** Writes one game's arbiter's result: one row per game, the last write wins. */
export async function upsertUnofficialResult(
  tx: DbOrTx,
  row: UnofficialGame & { edition: string; category: string; board: number; whiteName: string; blackName: string; result: string; updatedBy: string },
): Promise<void> {
  const { board, whiteName, blackName, result, updatedBy } = row;
  await tx
    .insert(unofficialResults)
    .values(row)
    .onConflictDoUpdate({
      target: [unofficialResults.edition, unofficialResults.category, unofficialResults.round, unofficialResults.white, unofficialResults.black],
      set: { board, whiteName, blackName, result, updatedBy, updatedAt: sql`now()` },
    });
}

export async function deleteUnofficialResult(tx: DbOrTx, edition: string, category: string, game: UnofficialGame): Promise<void> {
  await tx.delete(unofficialResults).where(unofficialKey(edition, category, game));
}
