/**
 * The desk page opens without a network (the hall's Wi-Fi is down when the phone is reloaded): a service worker of
 * its own, scoped to `/mgmt/desk` (`public/desk-sw.js`), keeps the page's HTML and the hashed files it loaded. It
 * never touches `/api/`: the roster and the scans live in IndexedDB (desk-store.ts), and another page's worker
 * (other scopes) is left alone. Service workers need a secure context: on a plain http address the page works
 * offline only while it stays open.
 */
export const DESK_WORKER = { script: '/desk-sw.js', scope: '/mgmt/desk' } as const;

export function keepDeskPageOffline(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  void navigator.serviceWorker
    .register(DESK_WORKER.script, { scope: DESK_WORKER.scope })
    .then(async (registration) => {
      const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
      // What this page loaded before the worker ran (the first visit): the worker keeps it for the next offline one.
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
        .map((url) => url.pathname);
      worker?.postMessage({ type: 'keep', page: DESK_WORKER.scope, urls });
    })
    .catch(() => {
      // No worker (private browsing, storage refused): the desk still works while the page stays open.
    });
}
