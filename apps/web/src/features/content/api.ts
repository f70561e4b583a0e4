import type {
  NewsEntry,
  NewsInput,
  NewsPage,
  PageDetail,
  PageSettings,
  PageSummary,
  PageWorkingCopy,
  Programme,
  PublicNewsDetail,
  PublicNewsItem,
  PublicPage,
} from '@bjk/domain/content';
import type { FileGroupWithCount, StoredFile } from '@bjk/domain/files';
import type { Language } from '@bjk/domain/languages';
import { invalidateResources, preloadResource } from '../../shared/data/resource';
import { HttpError, http } from '../../shared/http';
import type { ListQuery } from '../../shared/ui/useListParams';

export const loadPage = (slug: string, language: Language) => http.get<PublicPage>(`/api/v1/page/anon/page/${slug}`, { query: { lang: language } });

export const loadNewsList = (language: Language) => http.get<PublicNewsItem[]>('/api/v1/news/anon', { query: { lang: language } });

/** The resource key of an information page's published text (HomePage reads `home` under the same scheme). */
export const pageKey = (slug: string, language: Language) => `content:page:${slug}:${language}`;
export const previewKey = (slug: string, language: Language) => `content:preview:${slug}:${language}`;

/** After a manager's change (check-in, publication): public readers in this tab load the pages again. */
export function forgetLoadedPages(): void {
  invalidateResources('content:page:');
  invalidateResources('content:preview:');
}

const nullWhenMissing = (error: unknown) => {
  if (error instanceof HttpError && error.status === 404) return null;
  throw error;
};

/** An information page's published text, or null when there is none (unknown slug, draft). */
export const loadPublishedPage = (slug: string, language: Language): Promise<PublicPage | null> => loadPage(slug, language).catch(nullWhenMissing);

/** A manager's preview of a draft page, or null when the page does not exist. */
export const loadPagePreview = (slug: string, language: Language): Promise<PublicPage | null> =>
  http.get<PublicPage>(`/api/v1/page/preview/${slug}`, { query: { lang: language } }).catch(nullWhenMissing);

/**
 * Starts loading an information page at start-up, beside the app's scripts and texts, instead of after
 * the page's own code arrived: one round trip less before the text shows on a phone.
 */
export function preloadPage(slug: string, language: Language): void {
  preloadResource(pageKey(slug, language), () => loadPublishedPage(slug, language));
}

/** The resource key of the published news list; the home page and /news share it (`invalidateResources('content:news')`). */
export const newsListKey = (language: Language) => `content:news:${language}`;
export const newsEntryKey = (id: number, language: Language) => `content:news:entry:${id}:${language}`;

/** One published news entry, or null when there is none (unknown id, unpublished). */
export const loadNewsEntry = (id: number, language: Language): Promise<PublicNewsDetail | null> =>
  http.get<PublicNewsDetail>(`/api/v1/news/anon/${id}`, { query: { lang: language } }).catch(nullWhenMissing);

export function fileUrl(ref: { group: string; name: string }): string {
  return `/api/v1/filestore/anon/file?${new URLSearchParams({ group: ref.group, name: ref.name })}`;
}

/** Query keys of the content area's back office (the public pages read through the resource cache). */
export const contentKeys = {
  mgmtNews: ['content', 'mgmt', 'news'] as const,
  mgmtNewsPage: (query: ListQuery) => ['content', 'mgmt', 'news', query] as const,
  mgmtPages: ['content', 'mgmt', 'pages'] as const,
  mgmtPage: (slug: string) => ['content', 'mgmt', 'page', slug] as const,
  publicImages: ['content', 'mgmt', 'images'] as const,
};

/** The managers' news list: newest first, drafts included, one page. */
export const mgmtNewsQuery = (query: ListQuery) => ({
  queryKey: contentKeys.mgmtNewsPage(query),
  queryFn: () => http.get<NewsPage>('/api/v1/news', { query }),
  placeholderData: (previous: NewsPage | undefined) => previous,
});

export const saveNews = (id: number | null, input: NewsInput, idempotencyKey: string) =>
  id === null ? http.post<NewsEntry>('/api/v1/news', input, { idempotencyKey }) : http.put<NewsEntry>(`/api/v1/news/${id}`, input);

export const deleteNews = (id: number) => http.delete<unknown>(`/api/v1/news/${id}`);

/** The managers' list of information pages, with lock and publication state. */
export const mgmtPagesQuery = () => ({
  queryKey: contentKeys.mgmtPages,
  queryFn: () => http.get<PageSummary[]>('/api/v1/page'),
});

/** One page for its editor: texts, working copy, lock and versions. */
export const mgmtPageQuery = (slug: string) => ({
  queryKey: contentKeys.mgmtPage(slug),
  queryFn: () => http.get<PageDetail>(`/api/v1/page/${slug}`),
});

/** Images visitors can load (public groups): the choices for a page's hero image. */
async function loadPublicImages(): Promise<StoredFile[]> {
  const [groups, files] = await Promise.all([http.get<FileGroupWithCount[]>('/api/v1/filestore/groups'), http.get<StoredFile[]>('/api/v1/filestore/files')]);
  const open = new Set(groups.filter((g) => g.public).map((g) => g.code));
  return files.filter((f) => open.has(f.group) && f.contentType.startsWith('image/'));
}

export const publicImagesQuery = () => ({ queryKey: contentKeys.publicImages, queryFn: loadPublicImages, staleTime: 60_000 });

/** Publication and menu placement, saved on their own whoever holds the texts' lock. */
export const savePageSettings = (slug: string, settings: PageSettings) => http.put<PageDetail>(`/api/v1/page/settings/${slug}`, settings);

/** The lock holder's working copy, saved without checking it in. */
export const savePageDraft = (slug: string, copy: PageWorkingCopy) => http.put<PageDetail>(`/api/v1/page/draft/${slug}`, copy);

/** What a manager does with a page's lock and versions: take it, check the working copy in, give it up (or break another's), restore a version. */
export type PageAction = { kind: 'checkout' } | { kind: 'checkin'; workingCopy: PageWorkingCopy } | { kind: 'unlock' } | { kind: 'restore'; version: number };

export function runPageAction(slug: string, action: PageAction): Promise<PageDetail> {
  switch (action.kind) {
    case 'checkout':
      return http.post<PageDetail>(`/api/v1/page/checkout/${slug}`);
    case 'checkin':
      return http.post<PageDetail>(`/api/v1/page/checkin/${slug}`, { workingCopy: action.workingCopy });
    case 'unlock':
      return http.post<PageDetail>(`/api/v1/page/unlock/${slug}`);
    case 'restore':
      return http.post<PageDetail>(`/api/v1/page/restore/${slug}/${action.version}`);
  }
}

/**
 * The resource key of the edition's programme (every event: `null`, or one category's). Under `edition:`: the
 * programme is part of the edition settings, so a manager's save (`invalidateEdition`) loads it again.
 */
export const programmeKey = (category: string | null) => `edition:programme:${category ?? ''}`;

/** The edition's programme (every event, or one category's), in the edition's time zone. */
export const loadProgramme = (category: string | null) => http.get<Programme>('/api/v1/calendar/anon/events', { query: category === null ? {} : { category } });

/** Starts loading /schedule's text and whole programme at start-up, with the page's code (`preloadPage`). */
export function preloadSchedule(language: Language): void {
  preloadPage('schedule', language);
  preloadResource(programmeKey(null), () => loadProgramme(null));
}

/** Starts loading /news (the list) or /news/:id (the entry) at start-up, with the page's code. */
export function preloadNews(id: number | null, language: Language): void {
  if (id === null) preloadResource(newsListKey(language), () => loadNewsList(language));
  else preloadResource(newsEntryKey(id, language), () => loadNewsEntry(id, language));
}
