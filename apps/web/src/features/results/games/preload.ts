import { http } from '../../../shared/http';

const base = '/api/v1/games';

/**
 * Reads started at start-up for the first page (`preloadGames`), each taken once by its query: the games page's data
 * downloads beside its code instead of after it (one round trip less on a phone); later reads go to the server.
 */
const started = new Map<string, Promise<unknown>>();

/** A query's read of `url`: the one started at start-up if it is still there (taken once), or a new one. */
export function takeOrGet<T>(url: string): Promise<T> {
  const read = started.get(url);
  started.delete(url);
  return (read as Promise<T> | undefined) ?? http.get<T>(url);
}
function start(url: string): void {
  const read = http.get(url);
  // A failure is its query's to report (it reads again, TanStack's retry); the one started here stays quiet.
  read.catch(() => undefined);
  started.set(url, read);
}

/** At start-up on `/games/:category[/:round]` or `/games/game/:id`: that page's first read. */
export function preloadGames(path: string): void {
  const game = /^\/games\/game\/(\d{1,9})\/?$/.exec(path);
  if (game) return start(`${base}/public/game/${Number(game[1])}`);
  const category = /^\/games\/([A-Za-z0-9_-]{1,20})(?:\/\d{1,3})?\/?$/.exec(path);
  if (category) start(`${base}/public/${category[1]}/rounds`);
}
