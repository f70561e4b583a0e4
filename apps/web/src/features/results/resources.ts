import type { PublicTournament, ResultsCategorySummary, RoundPairings, Standings } from '@bjk/domain/results';
import { preloadResource, settled, useResource, type Read } from '../../shared/data/resource';
import { http } from '../../shared/http';

/**
 * The public results pages' reads, for the resource cache (`shared/data/resource.ts`, the public site's one data
 * cache, issue #25): loaded once, refreshed in the background when the category's live stream says its results
 * changed (`refreshResources(resultsPrefix(category))`), or once a minute while the stream is down. A file of its own:
 * start-up preloads the first reads of `/results` and `/trn_*` (`app/first-reads.ts`) without the pages' code. The back
 * office's results pages keep TanStack Query (`api.ts`).
 */
const anon = '/api/v1/results/anon';
const segment = encodeURIComponent;

/** Every key of a category's reads starts so: the live stream refreshes them together. */
export const resultsPrefix = (category: string) => `results:${category}:`;

/** The categories with published results. */
export const categoriesKey = 'results:categories';
export const loadCategories = () => http.get<ResultsCategorySummary[]>(`${anon}/categories`);

/** A category's tournament, settled: "not published yet" is an answer the page shows in words, not an error. */
export const tournamentKey = (category: string) => `${resultsPrefix(category)}tournament`;
export const loadTournament = (category: string) => (): Promise<Read<PublicTournament>> => settled(http.get<PublicTournament>(`${anon}/${segment(category)}`));

/** The tournament of a page part shown only once it is published (the tabs, the player card): suspends until read. */
export function usePublishedTournament(category: string): PublicTournament {
  const read = useResource(tournamentKey(category), loadTournament(category));
  if (!read.ok) throw read.error;
  return read.value;
}

export const standingsKey = (category: string) => `${resultsPrefix(category)}standings`;
export const loadStandings = (category: string) => () => http.get<Standings>(`${anon}/${segment(category)}/standings`);

export const pairingsKey = (category: string, round: number) => `${resultsPrefix(category)}pairings:${round}`;
export const loadPairings = (category: string, round: number) => () => http.get<RoundPairings>(`${anon}/${segment(category)}/pairings/${round}`);

/** At start-up on `/results` or a category's page: the reads its first render shows start beside its code. */
export function preloadResults(category: string | null): void {
  preloadResource(categoriesKey, loadCategories);
  if (category) preloadResource(tournamentKey(category), loadTournament(category));
}
