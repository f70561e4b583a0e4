import type { PublicNewsDetail, PublicNewsItem, PublicPage } from '@bjk/domain/content';
import type { Language } from '@bjk/domain/languages';
import { http } from '../../shared/http';

export const loadPage = (slug: string, language: Language) =>
  http.get<PublicPage>(`/api/v1/page/anon/page/${slug}`, { query: { lang: language } });

export const loadNewsList = (language: Language) => http.get<PublicNewsItem[]>('/api/v1/news/anon', { query: { lang: language } });

export const pageQuery = (slug: string, language: Language) => ({
  queryKey: ['content', 'page', slug, language] as const,
  queryFn: () => loadPage(slug, language),
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
