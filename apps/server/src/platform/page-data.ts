import type { FastifyInstance } from 'fastify';
import type { Language } from '@bjk/domain/languages';
import { matchesRoutePattern } from '@bjk/domain/web-routes';
import { internalReadHeaders } from './log.js';

/**
 * The API answers a public page reads for its first render, put into the page's HTML so that render needs no
 * round trip after the scripts (Largest Contentful Paint on a phone). Addresses as the web app's HTTP client
 * builds them (`apps/web/src/shared/http/client.ts` answers a GET of one of them once from the page, then asks the
 * network again): a page whose address differs just fetches as before.
 */
type PageReads = {
  pattern: string;
  reads: (params: Record<string, string>, language: Language) => string[];
  /** The page is about one thing its reads name (a news item, a page, a game): when that is not found, neither is the page. */
  about?: true;
};

const lang = (language: Language) => `lang=${language}`;
const PAGE_READS: PageReads[] = [
  { pattern: '/', reads: (_, l) => [`/api/v1/page/anon/page/home?${lang(l)}`, `/api/v1/news/anon?${lang(l)}`] },
  ...['stay', 'catering', 'reservation', 'rules'].map((slug) => ({
    pattern: `/${slug}`,
    reads: (_: Record<string, string>, l: Language) => [`/api/v1/page/anon/page/${slug}?${lang(l)}`],
  })),
  { pattern: '/page/:slug', reads: (p, l) => [`/api/v1/page/anon/page/${p.slug}?${lang(l)}`], about: true },
  { pattern: '/schedule', reads: (_, l) => [`/api/v1/page/anon/page/schedule?${lang(l)}`, '/api/v1/calendar/anon/events'] },
  { pattern: '/news', reads: (_, l) => [`/api/v1/news/anon?${lang(l)}`] },
  { pattern: '/news/:id', reads: (p, l) => [`/api/v1/news/anon/${p.id}?${lang(l)}`], about: true },
  { pattern: '/files', reads: () => ['/api/v1/filestore/anon/groups', '/api/v1/filestore/anon/files'] },
  { pattern: '/participants_bjk', reads: () => ['/api/v1/participant/public/bjk'] },
  { pattern: '/payment/:token', reads: (p) => [`/api/v1/payment/public/${p.token}`] },
  { pattern: '/games/game/:id', reads: (p) => [`/api/v1/games/public/game/${p.id}`], about: true },
  { pattern: '/results', reads: () => ['/api/v1/results/anon/categories'] },
  ...['trn_u8', 'trn_u10', 'trn_u12', 'trn_u14', 'trn_u16', 'trn_u18', 'trn_u20'].map((slug) => ({
    pattern: `/${slug}`,
    // The page's category is the slug's code (`trn_u12` → `U12`, as `categoryOfSlug` in the web reads it).
    reads: () => ['/api/v1/results/anon/categories', `/api/v1/results/anon/${slug.slice(4).toUpperCase()}`],
  })),
];

/** What every public page reads: the edition, the menu's pages, the footer's sponsors. */
const COMMON_READS = (language: Language) => ['/api/v1/stay/common', `/api/v1/page/anon/menu?${lang(language)}`, '/api/v1/filestore/anon/sponsors'];

/** A page address's parameters by the pattern's `:name` segments, each as the client puts it in an API address. */
function paramsOf(pattern: string, pathname: string): Record<string, string> {
  const names = pattern.split('/').filter(Boolean);
  const values = pathname.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    if (!name.startsWith(':')) return;
    let value = values[i] ?? '';
    try {
      value = decodeURIComponent(value);
    } catch {
      // Left as sent: the API answers it as the unknown thing it is.
    }
    params[name.slice(1)] = encodeURIComponent(value);
  });
  return params;
}

/** The API addresses the public page at `pathname` reads at first (none for the back office). */
export function pageReads(pathname: string, language: Language): string[] {
  if (pathname === '/mgmt' || pathname.startsWith('/mgmt/')) return [];
  return [...COMMON_READS(language), ...ownReads(pathname, language)];
}

const pageOf = (pathname: string) => PAGE_READS.find((p) => matchesRoutePattern(p.pattern, pathname));

/** The reads of the page itself, beyond what every page reads. */
function ownReads(pathname: string, language: Language): string[] {
  const page = pageOf(pathname);
  return page?.reads(paramsOf(page.pattern, pathname), language) ?? [];
}

/**
 * Whether the page at `pathname` is about something that does not exist: its read answered a coded 404
 * "…not_found" (`/news/999999`, `/page/nope`, `/games/game/99999`). Such a page is answered with HTTP 404, like an
 * unknown address, though the app still draws it (it says what is missing).
 */
export function showsMissing(pathname: string, language: Language, answers: Record<string, InlinedAnswer>): boolean {
  if (pathname === '/mgmt' || pathname.startsWith('/mgmt/') || !pageOf(pathname)?.about) return false;
  return ownReads(pathname, language).some((url) => {
    const answer = answers[url];
    const code = (answer?.body as { code?: unknown } | undefined)?.code;
    return answer?.status === 404 && typeof code === 'string' && code.endsWith('not_found');
  });
}

/** An answer as the page carries it: the status and the JSON body. */
export type InlinedAnswer = { status: number; body: unknown };

/**
 * Asks the API itself for each address (the same handlers, validation and kept public answers a browser's
 * request gets, so never staler than the API) and keeps what may go into a page anyone can load: answers the
 * API marks `Cache-Control: public` (data that is the same for every visitor, never a person's), and coded
 * errors, which carry no data (an unknown payment link or category: the page says so without a failed request).
 * These reads write no log line of their own (`internalReadHeaders`): the page's request has its line.
 */
export async function readPageData(app: FastifyInstance, urls: readonly string[], language: Language): Promise<Record<string, InlinedAnswer>> {
  const answers = await Promise.all(
    urls.map(async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'accept-language': language, ...internalReadHeaders } });
      if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) return null;
      const isPublic = response.statusCode === 200 && /\bpublic\b/.test(String(response.headers['cache-control'] ?? ''));
      const isCodedError = response.statusCode >= 400 && response.statusCode < 500 && response.statusCode !== 429;
      if (!isPublic && !isCodedError) return null;
      let body: unknown;
      try {
        body = response.json();
      } catch {
        return null;
      }
      if (isCodedError && typeof (body as { code?: unknown } | null)?.code !== 'string') return null;
      return [url, { status: response.statusCode, body }] as const;
    }),
  );
  return Object.fromEntries(answers.filter((a) => a !== null));
}

/**
 * The answers as an inert JSON block for the page's HTML: `type="application/json"` is data, never run, so the
 * content security policy (`script-src 'self'`) holds; `<`, `>`, `&` and the line separators are written as JSON
 * escapes, so no text in the data (a news title with `</script>`) can end the block or open a tag.
 */
export function pageDataScript(answers: Record<string, InlinedAnswer>): string {
  const json = JSON.stringify(answers).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="bjk-page-data">${json}</script>`;
}
