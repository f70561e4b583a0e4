import {
  CONTENT_ERRORS,
  FIXED_ENTRY_PAGES,
  MENU_GROUPS,
  type Language,
  type MenuEntry,
  type NewsEntry,
  type NewsListQuery,
  type NewsPage,
  type NewsInput,
  type PageDetail,
  type PageSettings,
  type PageSummary,
  type PageVersion,
  type PageWorkingCopy,
  type PublicNewsDetail,
  type PublicNewsItem,
  type PublicPage,
} from '@bjk/domain';
import type { Principal } from '../../platform/access.js';
import type { ManagerContext } from '../../platform/service-context.js';
import type { DbOrTx } from '../../platform/db.js';
import { pageOfViews } from '../../platform/people-views.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { recordAudit, type AuditEntryInput } from '../../platform/audit.js';
import { isPublicImage } from '../files/files.service.js';
import {
  deleteNewsRow,
  findNewsNeighbours,
  findNewsRow,
  findPageRow,
  findPageVersion,
  insertNews,
  insertPage,
  insertPageVersion,
  listNewsRows,
  pageNewsRows,
  listPageRows,
  listPageVersions,
  nextPageVersion,
  publishAndRelease,
  releasePageLock,
  saveWorkingCopy,
  setPageVersionUnlessLockedByOther,
  takePageLock,
  updateNewsRow,
  updatePageSettingsRow,
  type NewsRow,
  type PageRow,
  type PageVersionRow,
} from './content.repository.js';
import { pickTranslation, summarise, writtenLanguages } from './page-language.js';
import { renderMarkdownHtml } from './markdown-html.js';

const pageNotFound = (slug: string) => notFound(CONTENT_ERRORS.pageNotFound, `No page ${slug}`, { slug });

/** The page, locked until the transaction ends. */
async function lockPage(tx: DbOrTx, slug: string): Promise<PageRow> {
  const page = await findPageRow(tx, slug, true);
  if (!page) throw pageNotFound(slug);
  return page;
}

function lockOf(page: PageRow): PageSummary['lock'] {
  if (!page.lockedBy || !page.lockedAt) return null;
  return { accountId: page.lockedBy, displayName: page.lockedByName ?? '', since: page.lockedAt.toISOString() };
}

/** The refusal another manager gets while a page is checked out: who holds it and since when. */
function lockedError(page: PageRow): AppError {
  const lock = lockOf(page);
  return conflict(CONTENT_ERRORS.pageLocked, `Page ${page.slug} is checked out by ${lock?.displayName ?? 'another manager'}`, { lock });
}

/** Every change of a page is audited against its slug, with a small picture of what changed. */
async function auditPage(tx: DbOrTx, actor: Principal, action: string, slug: string, change: Pick<AuditEntryInput, 'before' | 'after'>): Promise<void> {
  await recordAudit(tx, { actor, action, subjectType: 'page', subjectId: slug, ...change });
}

function toSummary(page: PageRow, current: PageVersionRow): PageSummary {
  return {
    slug: page.slug,
    title: current.translations.nl.title,
    languages: writtenLanguages(current.translations),
    published: page.published,
    menuGroup: page.menuGroup as PageSummary['menuGroup'],
    menuOrder: page.menuOrder,
    version: page.version,
    lock: lockOf(page),
    updatedAt: page.updatedAt.toISOString(),
  };
}

// Public reading

export async function getPublicPage(db: DbOrTx, slug: string, language: Language): Promise<PublicPage> {
  return readPage(db, slug, language, { includeDrafts: false });
}

/** A manager's preview of a page as visitors would read it, drafts (unpublished pages) included. */
export async function getPagePreview(db: DbOrTx, slug: string, language: Language): Promise<PublicPage> {
  return readPage(db, slug, language, { includeDrafts: true });
}

async function readPage(db: DbOrTx, slug: string, language: Language, options: { includeDrafts: boolean }): Promise<PublicPage> {
  const page = await findPageRow(db, slug);
  if (!page || (!page.published && !options.includeDrafts)) throw pageNotFound(slug);
  const current = await findPageVersion(db, slug, page.version);
  if (!current) throw pageNotFound(slug);
  const picked = pickTranslation(current.translations, language);
  return {
    slug,
    language: picked.language,
    requestedLanguage: language,
    fallback: picked.fallback,
    title: picked.text.title,
    body: picked.text.body,
    bodyHtml: renderMarkdownHtml(picked.text.body),
    heroImage: current.heroImage ?? null,
    version: page.version,
    updatedAt: page.updatedAt.toISOString(),
  };
}

/** Pages with a route of their own (router.tsx); every other page is read at `/page/<slug>`. */
const OWN_ROUTE_PAGES = new Set(['stay', 'catering', 'reservation', 'rules']);

/**
 * The public menu's organiser pages: published, placed in a menu group (not `none`), in group order
 * then by their order, titled in the visitor's language. Drafts never appear.
 */
export async function getPublicMenu(db: DbOrTx, language: Language): Promise<MenuEntry[]> {
  const entries: MenuEntry[] = [];
  for (const { page, current } of await listPageRows(db)) {
    const group = page.menuGroup as MenuEntry['group'] | 'none';
    if (!page.published || group === 'none' || !MENU_GROUPS.includes(group) || FIXED_ENTRY_PAGES.includes(page.slug)) continue;
    entries.push({
      slug: page.slug,
      path: OWN_ROUTE_PAGES.has(page.slug) ? `/${page.slug}` : `/page/${page.slug}`,
      group,
      order: page.menuOrder,
      title: pickTranslation(current.translations, language).text.title,
    });
  }
  return entries.sort((a, b) => MENU_GROUPS.indexOf(a.group) - MENU_GROUPS.indexOf(b.group) || a.order - b.order || a.slug.localeCompare(b.slug));
}

function toPublicNewsItem(row: NewsRow, language: Language): PublicNewsItem {
  const picked = pickTranslation(row.translations, language);
  return { id: row.id, date: row.date, title: picked.text.title, summary: summarise(picked.text.body), language: picked.language, fallback: picked.fallback };
}

export async function listPublicNews(db: DbOrTx, language: Language): Promise<PublicNewsItem[]> {
  return (await listNewsRows(db, true)).map((row) => toPublicNewsItem(row, language));
}

export async function getPublicNews(db: DbOrTx, id: number, language: Language): Promise<PublicNewsDetail> {
  const row = await findNewsRow(db, id);
  if (!row || !row.published) throw notFound(CONTENT_ERRORS.newsNotFound, `No news entry ${id}`);
  const { previous, next } = await findNewsNeighbours(db, row);
  const neighbour = (n: NewsRow | undefined) => (n ? { id: n.id, date: n.date, title: pickTranslation(n.translations, language).text.title } : null);
  const body = pickTranslation(row.translations, language).text.body;
  return { ...toPublicNewsItem(row, language), body, bodyHtml: renderMarkdownHtml(body), previous: neighbour(previous), next: neighbour(next) };
}

// Managers: pages

export async function listPages(db: DbOrTx): Promise<PageSummary[]> {
  return (await listPageRows(db)).map(({ page, current }) => toSummary(page, current));
}

export async function getPageDetail(db: DbOrTx, slug: string): Promise<PageDetail> {
  const page = await findPageRow(db, slug);
  if (!page) throw pageNotFound(slug);
  const versions = await listPageVersions(db, slug);
  const current = versions.find((v) => v.version === page.version);
  if (!current) throw pageNotFound(slug);
  return {
    ...toSummary(page, current),
    translations: current.translations,
    heroImage: current.heroImage ?? null,
    workingCopy: page.workingCopy ?? null,
    versions: versions.map((v) => ({ version: v.version, createdBy: v.createdBy, createdAt: v.createdAt.toISOString(), title: v.translations.nl.title })),
  };
}

export async function createPage(
  ctx: ManagerContext,
  input: PageSettings & { slug: string; translations: PageWorkingCopy['translations'] },
): Promise<PageDetail> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const created = await insertPage(
      tx,
      { slug: input.slug, published: input.published, menuGroup: input.menuGroup, menuOrder: input.menuOrder },
      { translations: input.translations, heroImage: null, createdBy: actor.displayName },
    );
    if (!created) throw conflict(CONTENT_ERRORS.pageExists, `Page ${input.slug} already exists`, { slug: input.slug });
    await auditPage(tx, actor, 'content.page_create', input.slug, { after: { published: input.published, menuGroup: input.menuGroup } });
  });
  return getPageDetail(db, input.slug);
}

/**
 * Check-out: the caller gets the edit lock and a working copy of the published texts. Checking out a
 * page one already holds is harmless (a retry or a second tab) and keeps the edits made so far.
 */
export async function checkoutPage(ctx: ManagerContext, slug: string): Promise<PageDetail> {
  const { db, actor } = ctx;
  const now = ctx.clock.now();
  await db.transaction(async (tx) => {
    const page = await findPageRow(tx, slug);
    if (!page) throw pageNotFound(slug);
    if (page.lockedBy === actor.accountId) return;
    if (page.lockedBy) throw lockedError(page);
    const current = await findPageVersion(tx, slug, page.version);
    if (!current) throw pageNotFound(slug);
    const taken = await takePageLock(tx, slug, actor, { translations: current.translations, heroImage: current.heroImage ?? null }, now);
    if (!taken) {
      const holder = await findPageRow(tx, slug);
      throw holder ? lockedError(holder) : pageNotFound(slug);
    }
    await auditPage(tx, actor, 'content.page_checkout', slug, { after: { version: page.version } });
  });
  return getPageDetail(db, slug);
}

/** A hero image must be an image visitors can load, or the public page would show a broken picture. */
async function assertHeroImage(db: DbOrTx, workingCopy: PageWorkingCopy): Promise<void> {
  if (workingCopy.heroImage && !(await isPublicImage(db, workingCopy.heroImage))) {
    throw badRequest(CONTENT_ERRORS.heroNotImage, 'The hero image must be an image in a public file group', { heroImage: workingCopy.heroImage });
  }
}

async function refuseUnlessHolder(db: DbOrTx, slug: string, actor: Principal): Promise<never> {
  const page = await findPageRow(db, slug);
  if (!page) throw pageNotFound(slug);
  if (page.lockedBy) throw lockedError(page);
  throw conflict(CONTENT_ERRORS.notCheckedOut, `Check out page ${slug} before editing it`, { slug, accountId: actor.accountId });
}

/** Saves the holder's edits; anyone else is refused with who holds the lock. */
export async function saveDraft(ctx: ManagerContext, slug: string, workingCopy: PageWorkingCopy): Promise<PageDetail> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    await assertHeroImage(tx, workingCopy);
    const saved = await saveWorkingCopy(tx, slug, actor.accountId, workingCopy);
    if (!saved) await refuseUnlessHolder(tx, slug, actor);
    await auditPage(tx, actor, 'content.page_draft', slug, { after: { languages: writtenLanguages(workingCopy.translations) } });
  });
  return getPageDetail(db, slug);
}

/** Check-in: the working copy becomes the next published version and the lock is released. */
export async function checkinPage(ctx: ManagerContext, slug: string, workingCopy: PageWorkingCopy | undefined): Promise<PageDetail> {
  const { db, actor } = ctx;
  const now = ctx.clock.now();
  await db.transaction(async (tx) => {
    const page = await findPageRow(tx, slug, true);
    if (!page || page.lockedBy !== actor.accountId || !page.workingCopy) return refuseUnlessHolder(tx, slug, actor);
    const copy = workingCopy ?? page.workingCopy;
    await assertHeroImage(tx, copy);
    const version = await nextPageVersion(tx, slug);
    await insertPageVersion(tx, { slug, version, translations: copy.translations, heroImage: copy.heroImage, createdBy: actor.displayName, createdAt: now });
    const released = await publishAndRelease(tx, slug, actor.accountId, version, now);
    if (!released) await refuseUnlessHolder(tx, slug, actor);
    await auditPage(tx, actor, 'content.page_checkin', slug, {
      before: { version: page.version },
      after: { version, languages: writtenLanguages(copy.translations) },
    });
  });
  return getPageDetail(db, slug);
}

/**
 * Releases a lock without publishing: the holder discards their edits, or an admin breaks a stale
 * lock another manager forgot.
 */
export async function releaseLock(ctx: ManagerContext, slug: string): Promise<PageDetail> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const page = await lockPage(tx, slug);
    if (!page.lockedBy) return;
    if (page.lockedBy !== actor.accountId && !actor.permissions.has('accounts:admin')) {
      throw new AppError(403, CONTENT_ERRORS.adminOnly, 'Only an administrator can break another manager’s lock', { lock: lockOf(page) });
    }
    await releasePageLock(tx, slug);
    const broken = page.lockedBy !== actor.accountId;
    await auditPage(tx, actor, broken ? 'content.page_lock_break' : 'content.page_checkout_cancel', slug, { before: { lock: lockOf(page) } });
  });
  return getPageDetail(db, slug);
}

export async function getPageVersion(db: DbOrTx, slug: string, version: number): Promise<PageVersion> {
  const row = await findPageVersion(db, slug, version);
  if (!row) throw notFound(CONTENT_ERRORS.versionNotFound, `Page ${slug} has no version ${version}`);
  return {
    version: row.version,
    translations: row.translations,
    heroImage: row.heroImage ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Restores an earlier version by publishing its texts as a new version (history is never rewritten). */
export async function restorePageVersion(ctx: ManagerContext, slug: string, version: number): Promise<PageDetail> {
  const { db, actor } = ctx;
  const now = ctx.clock.now();
  await db.transaction(async (tx) => {
    const page = await lockPage(tx, slug);
    if (page.lockedBy && page.lockedBy !== actor.accountId) throw lockedError(page);
    const old = await findPageVersion(tx, slug, version);
    if (!old) throw notFound(CONTENT_ERRORS.versionNotFound, `Page ${slug} has no version ${version}`);
    const next = await nextPageVersion(tx, slug);
    await insertPageVersion(tx, {
      slug,
      version: next,
      translations: old.translations,
      heroImage: old.heroImage ?? null,
      createdBy: actor.displayName,
      createdAt: now,
    });
    const updated = await setPageVersionUnlessLockedByOther(tx, slug, actor.accountId, next, now);
    if (!updated) throw lockedError(page);
    if (page.lockedBy === actor.accountId)
      await saveWorkingCopy(tx, slug, actor.accountId, { translations: old.translations, heroImage: old.heroImage ?? null });
    await auditPage(tx, actor, 'content.page_restore', slug, { before: { version: page.version }, after: { version: next, restoredFrom: version } });
  });
  return getPageDetail(db, slug);
}

export async function updatePageSettings(ctx: ManagerContext, slug: string, settings: PageSettings): Promise<PageDetail> {
  const { db, actor } = ctx;
  const now = ctx.clock.now();
  await db.transaction(async (tx) => {
    const before = await lockPage(tx, slug);
    await updatePageSettingsRow(tx, slug, settings, now);
    await auditPage(tx, actor, 'content.page_settings', slug, {
      before: { published: before.published, menuGroup: before.menuGroup, menuOrder: before.menuOrder },
      after: settings,
    });
  });
  return getPageDetail(db, slug);
}

// Managers: news

function toNewsEntry(row: NewsRow): NewsEntry {
  return { id: row.id, date: row.date, published: row.published, translations: row.translations, updatedAt: row.updatedAt.toISOString() };
}

export async function listNews(db: DbOrTx, query: NewsListQuery): Promise<NewsPage> {
  return pageOfViews(await pageNewsRows(db, query), toNewsEntry, query);
}

const newsAudit = (row: NewsRow) => ({ date: row.date, published: row.published, title: row.translations.nl.title });

export async function createNews(ctx: ManagerContext, input: NewsInput): Promise<NewsEntry> {
  const { db, actor } = ctx;
  return db.transaction(async (tx) => {
    const row = await insertNews(tx, input);
    await recordAudit(tx, { actor, action: 'content.news_create', subjectType: 'news', subjectId: row.id, after: newsAudit(row) });
    return toNewsEntry(row);
  });
}

export async function updateNews(ctx: ManagerContext, id: number, input: NewsInput): Promise<NewsEntry> {
  const { db, actor } = ctx;
  const now = ctx.clock.now();
  return db.transaction(async (tx) => {
    const before = await findNewsRow(tx, id);
    const row = await updateNewsRow(tx, id, input, now);
    if (!before || !row) throw notFound(CONTENT_ERRORS.newsNotFound, `No news entry ${id}`);
    await recordAudit(tx, { actor, action: 'content.news_update', subjectType: 'news', subjectId: id, before: newsAudit(before), after: newsAudit(row) });
    return toNewsEntry(row);
  });
}

export async function deleteNews(ctx: ManagerContext, id: number): Promise<void> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const row = await deleteNewsRow(tx, id);
    if (!row) throw notFound(CONTENT_ERRORS.newsNotFound, `No news entry ${id}`);
    await recordAudit(tx, { actor, action: 'content.news_delete', subjectType: 'news', subjectId: id, before: newsAudit(row) });
  });
}
