import { use, useEffect, useSyncExternalStore } from 'react';

/**
 * A small suspense cache for the public, read-mostly data the first page needs (the edition settings,
 * published content). It keeps TanStack Query out of the home page's JavaScript (budget 120 kB gzip);
 * everything else (wizards, back office) uses TanStack Query, loaded with those pages.
 */
const entries = new Map<string, Promise<unknown>>();
/**
 * How long a loaded value is fresh. An older one is loaded again in the background when a page that reads it opens
 * or the tab comes back to the front (news, the programme, the documents change during the championship week), and
 * swapped in once it arrives: the page keeps showing the old value meanwhile, never a spinner.
 */
export const RESOURCE_FRESH_MS = 60_000;
const loadedAt = new Map<string, number>();
const loaders = new Map<string, () => Promise<unknown>>();
/** The refresh under way per key, and the one that follows it (`refreshResources` during a refresh). */
const refreshing = new Map<string, Promise<void>>();
const refreshAgain = new Map<string, Promise<void>>();
/**
 * When each failed load failed. The failure is kept a moment, so the page that asked reads it and shows the error
 * page (React re-renders a suspended page once its load settles: had the failure been forgotten at once, that render
 * would start a new load and suspend again, for ever, a request each time). Asked again later (the visitor opens
 * the page anew, the error page's retry), it loads again.
 */
const failedAt = new Map<string, number>();
const RETRY_AFTER_MS = 1_000;
/** Each key's last loaded value, kept through an invalidation until the new one arrives (`usePeekResource`). */
const latest = new Map<string, unknown>();
const listeners = new Set<() => void>();
let version = 0;
/** How many loads have settled: re-renders the readers that do not suspend (`usePeekResources`). */
let arrivals = 0;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function entryFor<T>(key: string, load: () => Promise<T>): Promise<T> {
  const existing = entries.get(key);
  const failed = failedAt.get(key);
  if (existing && (failed === undefined || performance.now() - failed < RETRY_AFTER_MS)) return existing as Promise<T>;
  failedAt.delete(key);
  const promise = load();
  entries.set(key, promise);
  loaders.set(key, load);
  promise.then(
    (value) => {
      // A load overtaken by an invalidation is outdated: its successor brings the value.
      if (entries.get(key) !== promise) return;
      latest.set(key, value);
      loadedAt.set(key, performance.now());
      arrivals += 1;
      for (const listener of listeners) listener();
    },
    // A failed load is kept a moment (`failedAt`), then loaded again when asked for.
    () => {
      if (entries.get(key) !== promise) return;
      failedAt.set(key, performance.now());
      arrivals += 1;
      for (const listener of listeners) listener();
    },
  );
  return promise;
}

/**
 * Loads `key` again in the background when its value is older than `RESOURCE_FRESH_MS`, and swaps the new value in
 * when it arrives, as a promise React reads without suspending (`status`/`value`, as `use` records them). A failed
 * refresh keeps the old value; the next opening tries again.
 */
function refreshIfStale(key: string, now = performance.now(), force = false): Promise<void> {
  const at = loadedAt.get(key);
  const load = loaders.get(key);
  if (at === undefined || !load || (!force && now - at < RESOURCE_FRESH_MS)) return Promise.resolve();
  const running = refreshing.get(key);
  if (running) {
    if (!force) return running;
    // A change told while a refresh is under way (which may predate it): one more refresh follows it.
    let again = refreshAgain.get(key);
    if (!again) {
      again = running.then(() => {
        refreshAgain.delete(key);
        return refreshIfStale(key, performance.now(), true);
      });
      refreshAgain.set(key, again);
    }
    return again;
  }
  const current = entries.get(key);
  const refresh = load()
    .then(
      (value) => {
        // Invalidated meanwhile: the invalidation's own load brings the value.
        if (entries.get(key) !== current) return;
        entries.set(key, Object.assign(Promise.resolve(value), { status: 'fulfilled', value }));
        latest.set(key, value);
        loadedAt.set(key, performance.now());
        version += 1;
        for (const listener of listeners) listener();
      },
      () => undefined,
    )
    .finally(() => refreshing.delete(key));
  refreshing.set(key, refresh);
  return refresh;
}

/** Every stale value, when the visitor comes back to the tab. */
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') for (const key of [...loadedAt.keys()]) void refreshIfStale(key);
  });
}

/**
 * A read's outcome, its failure included, for a read whose refusal is an expected answer (an unknown game, results
 * not published yet): the page shows it in words in its place, and React logs nothing (it logs every error a
 * boundary catches). Kept like any value, and read again when the page opens after a minute.
 */
export type Read<T> = { ok: true; value: T } | { ok: false; error: unknown };
export const settled = <T>(read: Promise<T>): Promise<Read<T>> =>
  read.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** Starts loading `key` now, before any component asks for it (the first page's data, at start-up). */
export function preloadResource<T>(key: string, load: () => Promise<T>): void {
  void entryFor(key, load);
}

/** Reads `key` (loaded once with `load`, kept until invalidated, refreshed when stale), suspending until it is there. */
export function useResource<T>(key: string, load: () => Promise<T>): T {
  useSyncExternalStore(subscribe, () => version);
  useEffect(() => void refreshIfStale(key), [key]);
  return use(entryFor(key, load));
}

/**
 * Reads every key of `reads` without suspending, as `usePeekResource` (a list whose length changes between renders:
 * every category's players, once a visitor searches): each value `undefined` until it arrived; `pending` while one
 * is still loading (not failed).
 */
export function usePeekResources<T>(reads: readonly { key: string; load: () => Promise<T> }[]): { values: (T | undefined)[]; pending: boolean } {
  useSyncExternalStore(subscribe, () => version);
  useSyncExternalStore(subscribe, () => arrivals);
  const keys = reads.map((r) => r.key).join('\n');
  useEffect(() => {
    for (const key of keys.split('\n')) if (key) void refreshIfStale(key);
  }, [keys]);
  for (const read of reads) void entryFor(read.key, read.load);
  const values = reads.map((r) => latest.get(r.key) as T | undefined);
  return { values, pending: reads.some((r, i) => values[i] === undefined && !failedAt.has(r.key)) };
}

/**
 * Reads `key` without suspending: `undefined` until the first load arrived or while it fails, so the
 * caller shows what it has (the public menu's fixed entries) and never waits for it nor breaks on it.
 * After an invalidation it keeps answering the previous value until the new one is there.
 */
export function usePeekResource<T>(key: string, load: () => Promise<T>): T | undefined {
  // Re-rendered by an invalidation (version) and by a load's arrival (value).
  useSyncExternalStore(subscribe, () => version);
  const value = useSyncExternalStore(subscribe, () => latest.get(key) as T | undefined);
  useEffect(() => void refreshIfStale(key), [key]);
  // Asked on every render: loads again after an invalidation or a failure.
  void entryFor(key, load);
  return value;
}

/** Forgets every entry whose key starts with `prefix` (after a manager changed it) and re-renders readers. */
export function invalidateResources(prefix: string): void {
  for (const key of [...entries.keys()]) {
    if (!key.startsWith(prefix)) continue;
    entries.delete(key);
    failedAt.delete(key);
  }
  version += 1;
  for (const listener of listeners) listener();
}

/**
 * Loads every loaded entry whose key starts with `prefix` again in the background and swaps the new values in when
 * they arrive, as a stale value's refresh does: the page keeps showing the old values meanwhile, never a spinner
 * (a live stream telling that the results changed). A failed reload keeps the old value. Settles once they are in
 * (a form that saved waits for the page to show what it saved).
 */
export function refreshResources(prefix: string): Promise<void> {
  const now = performance.now();
  const keys = [...loadedAt.keys()].filter((key) => key.startsWith(prefix));
  return Promise.all(keys.map((key) => refreshIfStale(key, now, true))).then(() => undefined);
}
