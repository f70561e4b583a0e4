import type { Language } from './languages.js';
import { matchesRoutePattern } from './web-routes.js';

/**
 * What a public page reads first, declared once (issue #25). The server puts these API answers into the page's HTML
 * (`apps/server/src/platform/page-data.ts`), the web starts loading them at start-up beside the page's code and asks
 * for the page's text namespaces with its first texts (`apps/web/src/app/first-reads.ts`, `main.tsx`), and the
 * patterns are pages of the web's route table (`router.tsx`; `apps/web/src/app/first-reads.test.ts` proves all
 * three agree). Addresses as the web's HTTP client builds them: a read the client asks for differently is fetched as
 * before, not taken from the page.
 */
export type FirstPage = {
  /** The page's route pattern (React Router's: `/news/:id`). */
  pattern: string;
  /** The API addresses the page reads for its first render, from the address's parameters (decoded). */
  reads: (params: Record<string, string>, language: Language) => string[];
  /** The page is about one thing its reads name (a news item, a page, a game): when that is not found, neither is the page. */
  about?: true;
  /**
   * The text namespaces its first render shows, beyond `common` (loaded with the first texts, not after the code):
   * those the build's route manifest names for the page (`apps/web/src/app/first-reads.test.ts` proves it).
   */
  namespaces?: string[];
};

const lang = (language: Language) => `lang=${language}`;
const segment = encodeURIComponent;
const categoryCode = (slug: string) => slug.slice(4).toUpperCase();

/** The public pages with first reads, most specific pattern first (`/games/game/:id` before `/games/:category/:round`). */
export const FIRST_PAGES: readonly FirstPage[] = [
  { pattern: '/', reads: (_, l) => [`/api/v1/page/anon/page/home?${lang(l)}`, `/api/v1/news/anon?${lang(l)}`], namespaces: ['content'] },
  ...['stay', 'catering', 'reservation', 'rules'].map((slug): FirstPage => ({
    pattern: `/${slug}`,
    reads: (_, l) => [`/api/v1/page/anon/page/${slug}?${lang(l)}`],
    namespaces: ['content'],
  })),
  { pattern: '/page/:slug', reads: (p, l) => [`/api/v1/page/anon/page/${segment(p.slug!)}?${lang(l)}`], about: true, namespaces: ['content'] },
  {
    pattern: '/schedule',
    reads: (_, l) => [`/api/v1/page/anon/page/schedule?${lang(l)}`, '/api/v1/calendar/anon/events'],
    namespaces: ['calendar', 'content'],
  },
  { pattern: '/news', reads: (_, l) => [`/api/v1/news/anon?${lang(l)}`], namespaces: ['content'] },
  { pattern: '/news/:id', reads: (p, l) => [`/api/v1/news/anon/${segment(p.id!)}?${lang(l)}`], about: true, namespaces: ['content'] },
  { pattern: '/files', reads: () => ['/api/v1/filestore/anon/groups', '/api/v1/filestore/anon/files'], namespaces: ['files'] },
  { pattern: '/participants_bjk', reads: () => ['/api/v1/participant/public/bjk'], namespaces: ['enrolment'] },
  { pattern: '/payment/:token', reads: (p) => [`/api/v1/payment/public/${segment(p.token!)}`], namespaces: ['payments'] },
  { pattern: '/games', reads: () => ['/api/v1/games/public/categories'], namespaces: ['results'] },
  { pattern: '/games/game/:id', reads: (p) => [`/api/v1/games/public/game/${segment(p.id!)}`], about: true, namespaces: ['results'] },
  { pattern: '/games/:category', reads: (p) => [`/api/v1/games/public/${segment(p.category!)}/rounds`], namespaces: ['results'] },
  { pattern: '/games/:category/:round', reads: (p) => [`/api/v1/games/public/${segment(p.category!)}/rounds`], namespaces: ['results'] },
  { pattern: '/results', reads: () => ['/api/v1/results/anon/categories'], namespaces: ['results'] },
  ...['trn_u8', 'trn_u10', 'trn_u12', 'trn_u14', 'trn_u16', 'trn_u18', 'trn_u20'].map((slug): FirstPage => ({
    pattern: `/${slug}`,
    // The page's category is the slug's code (`trn_u12` → `U12`, as `categoryOfSlug` in the web reads it).
    reads: () => ['/api/v1/results/anon/categories', `/api/v1/results/anon/${categoryCode(slug)}`],
    // The player card's follow button is the `notifications` texts.
    namespaces: ['notifications', 'results'],
  })),
];

/** What every public page reads: the edition, the menu's pages, the footer's sponsors. */
export const commonFirstReads = (language: Language) => ['/api/v1/stay/common', `/api/v1/page/anon/menu?${lang(language)}`, '/api/v1/filestore/anon/sponsors'];

/** A page address's parameters by the pattern's `:name` segments, decoded (left as sent when they cannot be). */
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
    params[name.slice(1)] = value;
  });
  return params;
}

/** The public page at `pathname` (none for the back office or a page without first reads), with its parameters. */
export function firstPageOf(pathname: string): { page: FirstPage; params: Record<string, string> } | undefined {
  if (pathname === '/mgmt' || pathname.startsWith('/mgmt/')) return undefined;
  const page = FIRST_PAGES.find((p) => matchesRoutePattern(p.pattern, pathname));
  return page && { page, params: paramsOf(page.pattern, pathname) };
}

/** The page's own first reads, beyond what every page reads. */
export function ownFirstReads(pathname: string, language: Language): string[] {
  const first = firstPageOf(pathname);
  return first ? first.page.reads(first.params, language) : [];
}
