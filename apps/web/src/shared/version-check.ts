/**
 * New builds: the app polls `builds/latest.json` every hour; when a newer build is out, or a lazily
 * loaded chunk failed to load (an old chunk removed by a deploy), the next navigation reloads the page
 * fully, at most once per 10 seconds so a broken deploy cannot loop.
 */
export const VERSION_CHECK_INTERVAL_MS = 3_600_000;
export const RELOAD_GUARD_MS = 10_000;
const LAST_RELOAD_KEY = 'bjk.lastReload';

let reloadPending = false;

export function markReloadPending(): void {
  reloadPending = true;
}

export function isReloadPending(): boolean {
  return reloadPending;
}

function lastReload(): number {
  try {
    return Number(window.sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
  } catch {
    return 0;
  }
}

/** Called on every navigation: does the full reload when one is due and the guard allows it. Returns whether it reloaded. */
export function reloadIfPending(url: string, now = Date.now()): boolean {
  if (!reloadPending || now - lastReload() < RELOAD_GUARD_MS) return false;
  try {
    window.sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    // Without session storage the guard is per page load, still preventing a tight loop.
  }
  reloadPending = false;
  window.location.assign(url);
  return true;
}

export async function checkLatestBuild(currentBuildId: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher('/builds/latest.json', { cache: 'no-store' });
    if (!response.ok) return false;
    const latest = (await response.json()) as { buildId?: unknown };
    if (typeof latest.buildId === 'string' && latest.buildId !== currentBuildId) {
      markReloadPending();
      return true;
    }
  } catch {
    // Offline or server restarting: try again at the next interval.
  }
  return false;
}

export function startVersionCheck(currentBuildId: string): () => void {
  const timer = window.setInterval(() => void checkLatestBuild(currentBuildId), VERSION_CHECK_INTERVAL_MS);
  const onPreloadError = (event: Event) => {
    // Vite's signal that a chunk could not be fetched: reload on the next navigation instead of breaking.
    event.preventDefault();
    markReloadPending();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('vite:preloadError', onPreloadError);
  };
}

/** Wraps a lazy route import: a failed chunk load marks the reload and reloads at once (guarded). */
export function lazyWithReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      markReloadPending();
      if (reloadIfPending(window.location.href)) return new Promise<T>(() => {});
      throw error;
    });
}
