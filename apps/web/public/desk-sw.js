/* global self, caches */
/*
 * The venue desk's service worker (apps/web/src/features/desk/offline-page.ts), registered with the scope
 * /mgmt/desk only: it lets the desk page open without a network. It keeps the page's HTML (network first) and the
 * hashed build files (cache first: their names change with their content). Of /api/ it answers one request only: the
 * edition's public settings (`/api/v1/stay/common`, no personal data), network first, which the site's shell needs to
 * start at all; the desk keeps its roster and scans in IndexedDB, so everything else the page asks of the server
 * always meets the network.
 */
const CACHE = 'bjk-desk-page-v1';
const PAGE = '/mgmt/desk';
/** The edition's public settings: the shell reads them before drawing any page. */
const EDITION = '/api/v1/stay/common';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('bjk-desk-page-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The page tells which files it loaded: kept, and older builds' files dropped. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const wanted = new Set(data.urls.filter((url) => typeof url === 'string' && url.startsWith('/assets/')));
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        if (path.startsWith('/assets/') && !wanted.has(path)) await cache.delete(request);
      }
      await Promise.all([...wanted].map(async (url) => (await cache.match(url)) ?? cache.add(url).catch(() => undefined)));
      if (!(await cache.match(PAGE))) await cache.add(PAGE).catch(() => undefined);
      if (!(await cache.match(EDITION))) await cache.add(EDITION).catch(() => undefined);
    })(),
  );
});

/** The network's answer, kept under `key`; offline (the fetch fails), the last answer kept. */
async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname === EDITION) {
    event.respondWith(networkFirst(request, EDITION));
    return;
  }
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, PAGE));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        const kept = await cache.match(request, { ignoreSearch: true });
        if (kept) return kept;
        const response = await fetch(request);
        if (response.ok) await cache.put(request, response.clone());
        return response;
      })(),
    );
  }
});
