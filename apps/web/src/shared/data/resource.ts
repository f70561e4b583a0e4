import { use, useSyncExternalStore } from 'react';

/**
 * A small suspense cache for the public, read-mostly data the first page needs (the edition settings,
 * published content). It keeps TanStack Query out of the home page's JavaScript (budget 120 kB gzip);
 * everything else (wizards, back office) uses TanStack Query, loaded with those pages.
 */
const entries = new Map<string, Promise<unknown>>();
/** Each key's last loaded value, kept through an invalidation until the new one arrives (`usePeekResource`). */
const latest = new Map<string, unknown>();
const listeners = new Set<() => void>();
let version = 0;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function entryFor<T>(key: string, load: () => Promise<T>): Promise<T> {
  const existing = entries.get(key);
  if (existing) return existing as Promise<T>;
  const promise = load();
  entries.set(key, promise);
  promise.then(
    (value) => {
      // A load overtaken by an invalidation is outdated: its successor brings the value.
      if (entries.get(key) !== promise) return;
      latest.set(key, value);
      for (const listener of listeners) listener();
    },
    // A failed load is not kept: the next render (or the error page's retry) loads again.
    () => {
      if (entries.get(key) === promise) entries.delete(key);
    },
  );
  return promise;
}

/** Starts loading `key` now, before any component asks for it (the first page's data, at start-up). */
export function preloadResource<T>(key: string, load: () => Promise<T>): void {
  void entryFor(key, load);
}

/** Reads `key` (loaded once with `load`, kept until invalidated), suspending until it is there. */
export function useResource<T>(key: string, load: () => Promise<T>): T {
  useSyncExternalStore(subscribe, () => version);
  return use(entryFor(key, load));
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
  // Asked on every render: loads again after an invalidation or a failure.
  void entryFor(key, load);
  return value;
}

/** Forgets every entry whose key starts with `prefix` (after a manager changed it) and re-renders readers. */
export function invalidateResources(prefix: string): void {
  for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
  version += 1;
  for (const listener of listeners) listener();
}
