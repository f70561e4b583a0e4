import type { NewsEntry, NewsInput, NewsPage, PublicNewsDetail, PublicNewsItem, PublicPage } from '@bjk/domain/content';
import type { Language } from '@bjk/domain/languages';
import { invalidateResources, preloadResource } from '../../shared/data/resource';
import { HttpError, http } from '../../shared/http';
import type { ListQuery } from '../../shared/ui/useListParams';

export const loadPage = (slug: string, language: Language) =>
  http.get<PublicPage>(`/api/v1/page/anon/page/${slug}`, { query: { lang: language } });

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
export const loadPublishedPage = (slug: string, language: Language): Promise<PublicPage | null> =>
  loadPage(slug, language).catch(nullWhenMissing);

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

export const newsListQuery = (language: Language) => ({
  queryKey: ['content', 'news', language] as const,
  queryFn: () => loadNewsList(language),
  staleTime: 60_000,
});

export const newsQuery = (id: number, language: Language) => ({
  queryKey: ['content', 'news', id, language] as const,
  queryFn: () => http.get<PublicNewsDetail>(`/api/v1/news/anon/${id}`, { query: { lang: language } }),
  staleTime: 60_000,
});

export function fileUrl(ref: { group: string; name: string }): string {
  return `/api/v1/filestore/anon/file?${new URLSearchParams({ group: ref.group, name: ref.name })}`;
}

/** Query keys of the content area: `contentKeys.news` covers the public lists and the managers' list. */
export const contentKeys = {
  news: ['content', 'news'] as const,
  mgmtNews: ['content', 'mgmt', 'news'] as const,
  mgmtNewsPage: (query: ListQuery) => ['content', 'mgmt', 'news', query] as const,
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
