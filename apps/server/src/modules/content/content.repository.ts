import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { type FileRef, type NewsInput, type NewsListQuery, type PageSettings, type PageTranslations } from '@bjk/domain';
import { jsonContainsText } from '../../platform/like.js';
import type { DbOrTx } from '../../platform/db.js';
import { insertOne, updateFirst, updateStamped } from '../../platform/people-rows.js';
import { contentNews, contentPages, contentPageVersions } from './content.tables.js';
import { pageWithTotal } from '../../platform/paging.js';

export type PageRow = typeof contentPages.$inferSelect;
export type PageVersionRow = typeof contentPageVersions.$inferSelect;
export type NewsRow = typeof contentNews.$inferSelect;
export type WorkingCopy = { translations: PageTranslations; heroImage: FileRef | null };

export async function findPageRow(db: DbOrTx, slug: string, forUpdate = false): Promise<PageRow | undefined> {
  const query = db.select().from(contentPages).where(eq(contentPages.slug, slug));
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0];
}

export async function listPageRows(db: DbOrTx): Promise<{ page: PageRow; current: PageVersionRow }[]> {
  return db
    .select({ page: contentPages, current: contentPageVersions })
    .from(contentPages)
    .innerJoin(contentPageVersions, and(eq(contentPageVersions.slug, contentPages.slug), eq(contentPageVersions.version, contentPages.version)))
    .orderBy(asc(contentPages.menuGroup), asc(contentPages.menuOrder), asc(contentPages.slug));
}

export async function findPageVersion(db: DbOrTx, slug: string, version: number): Promise<PageVersionRow | undefined> {
  const rows = await db
    .select()
    .from(contentPageVersions)
    .where(and(eq(contentPageVersions.slug, slug), eq(contentPageVersions.version, version)));
  return rows[0];
}

export async function listPageVersions(db: DbOrTx, slug: string): Promise<PageVersionRow[]> {
  return db.select().from(contentPageVersions).where(eq(contentPageVersions.slug, slug)).orderBy(desc(contentPageVersions.version));
}

export async function countPages(db: DbOrTx): Promise<number> {
  return db.$count(contentPages);
}

/** Inserts a page with its first version; nothing when the slug exists (seeding twice, double click). */
export async function insertPage(
  db: DbOrTx,
  page: { slug: string; published: boolean; menuGroup: string; menuOrder: number },
  first: { translations: PageTranslations; heroImage: FileRef | null; createdBy: string },
): Promise<boolean> {
  const inserted = await db
    .insert(contentPages)
    .values({ ...page, version: 1 })
    .onConflictDoNothing()
    .returning({ slug: contentPages.slug });
  if (inserted.length === 0) return false;
  await db.insert(contentPageVersions).values({ slug: page.slug, version: 1, ...first });
  return true;
}

/** The page while `accountId` holds its edit lock. */
const heldBy = (slug: string, accountId: string) => and(eq(contentPages.slug, slug), eq(contentPages.lockedBy, accountId));

/** A page nobody holds: no lock, no working copy. */
const UNLOCKED = { lockedBy: null, lockedByName: null, lockedAt: null, workingCopy: null };

/** Takes the edit lock when nobody holds it: the one conditional update that makes the lock exclusive. */
export async function takePageLock(
  db: DbOrTx,
  slug: string,
  holder: { accountId: string; displayName: string },
  workingCopy: WorkingCopy,
  now: Date,
): Promise<PageRow | undefined> {
  return updateFirst(db, contentPages, and(eq(contentPages.slug, slug), isNull(contentPages.lockedBy)), {
    lockedBy: holder.accountId,
    lockedByName: holder.displayName,
    lockedAt: now,
    workingCopy,
  });
}

export async function saveWorkingCopy(db: DbOrTx, slug: string, accountId: string, workingCopy: WorkingCopy): Promise<PageRow | undefined> {
  return updateFirst(db, contentPages, heldBy(slug, accountId), { workingCopy });
}

/** Publishes a new version and releases the lock, only for the holder. */
export async function publishAndRelease(db: DbOrTx, slug: string, accountId: string, version: number, now: Date): Promise<PageRow | undefined> {
  return updateStamped(db, contentPages, heldBy(slug, accountId), { version, ...UNLOCKED }, now);
}

export async function insertPageVersion(
  db: DbOrTx,
  row: { slug: string; version: number; translations: PageTranslations; heroImage: FileRef | null; createdBy: string; createdAt: Date },
): Promise<void> {
  await db.insert(contentPageVersions).values(row);
}

/** Publishes a version while nobody else holds the lock (restore), keeping the caller's own lock if any. */
export async function setPageVersionUnlessLockedByOther(db: DbOrTx, slug: string, accountId: string, version: number, now: Date): Promise<PageRow | undefined> {
  const notLockedByOther = or(isNull(contentPages.lockedBy), eq(contentPages.lockedBy, accountId));
  return updateStamped(db, contentPages, and(eq(contentPages.slug, slug), notLockedByOther), { version }, now);
}

export async function releasePageLock(db: DbOrTx, slug: string): Promise<PageRow | undefined> {
  return updateFirst(db, contentPages, eq(contentPages.slug, slug), UNLOCKED);
}

export async function updatePageSettingsRow(db: DbOrTx, slug: string, settings: PageSettings, now: Date): Promise<PageRow | undefined> {
  return updateStamped(db, contentPages, eq(contentPages.slug, slug), settings, now);
}

// News

/** News in the order readers see it: newest first (by date, then by id). */
const newestFirst = () => [desc(contentNews.date), desc(contentNews.id)];

export async function listNewsRows(db: DbOrTx, onlyPublished: boolean): Promise<NewsRow[]> {
  const where = onlyPublished ? eq(contentNews.published, true) : undefined;
  return db
    .select()
    .from(contentNews)
    .where(where)
    .orderBy(...newestFirst());
}

/** One page of news for the managers, drafts included. */
export async function pageNewsRows(db: DbOrTx, query: NewsListQuery): Promise<{ rows: NewsRow[]; total: number }> {
  const where = query.search ? jsonContainsText(contentNews.translations, query.search) : undefined;
  const rows = db
    .select()
    .from(contentNews)
    .where(where)
    .orderBy(...newestFirst())
    .$dynamic();
  return pageWithTotal(db, rows, contentNews, where, query);
}

export async function findNewsRow(db: DbOrTx, id: number): Promise<NewsRow | undefined> {
  const rows = await db.select().from(contentNews).where(eq(contentNews.id, id));
  return rows[0];
}

/** The published entries just older and just newer than `entry` (by date, then id). */
export async function findNewsNeighbours(db: DbOrTx, entry: NewsRow): Promise<{ previous?: NewsRow; next?: NewsRow }> {
  const older = or(lt(contentNews.date, entry.date), and(eq(contentNews.date, entry.date), lt(contentNews.id, entry.id)));
  const newer = or(gt(contentNews.date, entry.date), and(eq(contentNews.date, entry.date), gt(contentNews.id, entry.id)));
  const [previous] = await db
    .select()
    .from(contentNews)
    .where(and(eq(contentNews.published, true), older))
    .orderBy(...newestFirst())
    .limit(1);
  const [next] = await db
    .select()
    .from(contentNews)
    .where(and(eq(contentNews.published, true), newer))
    .orderBy(asc(contentNews.date), asc(contentNews.id))
    .limit(1);
  return { previous, next };
}

export async function countNews(db: DbOrTx): Promise<number> {
  return db.$count(contentNews);
}

export async function insertNews(db: DbOrTx, values: NewsInput): Promise<NewsRow> {
  return insertOne(db, contentNews, values);
}

export async function updateNewsRow(db: DbOrTx, id: number, values: NewsInput, now: Date): Promise<NewsRow | undefined> {
  return updateStamped(db, contentNews, eq(contentNews.id, id), values, now);
}

export async function deleteNewsRow(db: DbOrTx, id: number): Promise<NewsRow | undefined> {
  const rows = await db.delete(contentNews).where(eq(contentNews.id, id)).returning();
  return rows[0];
}

export const nextVersionSql = sql`coalesce(max(${contentPageVersions.version}), 0) + 1`;

export async function nextPageVersion(db: DbOrTx, slug: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`${nextVersionSql}`.mapWith(Number) })
    .from(contentPageVersions)
    .where(eq(contentPageVersions.slug, slug));
  return row?.next ?? 1;
}
