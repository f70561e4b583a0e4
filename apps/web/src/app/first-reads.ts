import { FIRST_PAGES, firstPageOf } from '@bjk/domain/first-reads';
import type { Language } from '@bjk/domain/languages';
import { preloadNews, preloadPage, preloadSchedule } from '../features/content/api';
import { preloadHomePage } from '../features/content/HomePage';
import { loadPublicParticipants, publicParticipantsKey } from '../features/enrolment/public-participants-resource';
import { preloadPublicFiles } from '../features/files/api';
import { preloadGames } from '../features/results/games/live';
import { categoryOfSlug } from '../features/results/api';
import { preloadResults } from '../features/results/resources';
import { preloadResource } from '../shared/data/resource';

type Preload = (params: Record<string, string>, language: Language, path: string) => void;

const games: Preload = (_, __, path) => preloadGames(path);

/**
 * How the web starts a page's first reads (`@bjk/domain/first-reads`, declared once) into its data cache at
 * start-up, beside the page's code: the same addresses the server puts into the page (`first-reads.test.ts` proves
 * each preload asks for exactly the declared reads). A page without one here reads them when it renders (the HTTP
 * client takes them from the page then).
 */
export const FIRST_READ_PRELOADS: Partial<Record<(typeof FIRST_PAGES)[number]['pattern'], Preload>> = {
  '/': (_, language) => preloadHomePage(language),
  '/stay': (_, language) => preloadPage('stay', language),
  '/catering': (_, language) => preloadPage('catering', language),
  '/reservation': (_, language) => preloadPage('reservation', language),
  '/rules': (_, language) => preloadPage('rules', language),
  // A slug the API could never know is not asked for (the page says it is missing).
  '/page/:slug': ({ slug = '' }, language) => void (/^[a-z][a-z0-9-]{1,40}$/.test(slug) && preloadPage(slug, language)),
  '/schedule': (_, language) => preloadSchedule(language),
  '/news': (_, language) => preloadNews(null, language),
  '/news/:id': ({ id = '' }, language) => void (/^\d{1,9}$/.test(id) && preloadNews(Number(id), language)),
  '/files': () => preloadPublicFiles(),
  '/participants_bjk': () => preloadResource(publicParticipantsKey('bjk'), loadPublicParticipants('bjk')),
  '/games': games,
  '/games/game/:id': games,
  '/games/:category': games,
  '/games/:category/:round': games,
  '/results': () => preloadResults(null),
  ...Object.fromEntries(
    ['trn_u8', 'trn_u10', 'trn_u12', 'trn_u14', 'trn_u16', 'trn_u18', 'trn_u20'].map((slug): [string, Preload] => [
      `/${slug}`,
      () => preloadResults(categoryOfSlug(slug)),
    ]),
  ),
};

/** Starts the first reads of the page at `path` and answers the text namespaces its first render shows. */
export function startFirstReads(path: string, language: Language): string[] {
  const first = firstPageOf(path);
  if (!first) return [];
  FIRST_READ_PRELOADS[first.page.pattern]?.(first.params, language, path);
  return first.page.namespaces ?? [];
}
