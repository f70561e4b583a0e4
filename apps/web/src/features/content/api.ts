import type { PublicNewsDetail, PublicNewsItem, PublicPage } from '@bjk/domain/content';
import type { Language } from '@bjk/domain/languages';
import { http } from '../../shared/http';

export const loadPage = (slug: string, language: Language) =>
  http.get<PublicPage>(`/api/v1/page/anon/page/${slug}`, { query: { lang: language } });

export const loadNewsList = (language: Language) => http.get<PublicNewsItem[]>('/api/v1/news/anon', { query: { lang: language } });

/** A page request started at start-up (the address is an information page), handed to its first reader. */
const preloaded = new Map<string, Promise<PublicPage>>();

/**
 * Starts loading an information page at start-up, beside the app's scripts and texts, instead of after
 * the page's own code arrived: one round trip less before the text shows on a phone.
 */
export function preloadPage(slug: string, language: Language): void {
  const request = loadPage(slug, language);
  // A failure is seen (and retried) by the page itself; the preload only saves time.
  request.catch(() => undefined);
  preloaded.set(`${slug}:${language}`, request);
}

export const pageQuery = (slug: string, language: Language) => ({
  queryKey: ['content', 'page', slug, language] as const,
  queryFn: () => {
    const key = `${slug}:${language}`;
    const early = preloaded.get(key);
    preloaded.delete(key);
    return early ?? loadPage(slug, language);
  },
  staleTime: 60_000,
});

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
