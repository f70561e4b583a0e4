/* global self */
/*
 * The site's service worker (issue #27): it shows the notifications of followed players and opens the right page on
 * a tap. It has no fetch handler on purpose: nothing is cached, so no page and no API answer (pairings, results) can
 * ever come from here stale; the site works exactly as without it. The venue desk reuses it.
 */

self.addEventListener('install', () => {
  // A new version takes over at once: it holds no cache that could be out of step with the pages.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only addresses of this site are opened (a payload names a path). */
function sameOriginUrl(path) {
  try {
    const url = new URL(path || '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('push', (event) => {
  let notice;
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = { body: event.data ? event.data.text() : '' };
  }
  const title = notice.title || 'BJK';
  const unfollowUrl = notice.unfollowUrl ? sameOriginUrl(notice.unfollowUrl) : null;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: notice.body || '',
      // One notification per game: a result replaces the pairing of the same game on the screen.
      tag: notice.tag || undefined,
      renotify: Boolean(notice.tag),
      lang: notice.lang || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      // Unfollow in one tap, from the notification itself (where the system shows actions).
      actions: unfollowUrl && notice.unfollowLabel ? [{ action: 'unfollow', title: notice.unfollowLabel }] : [],
      data: { url: sameOriginUrl(notice.url), unfollowUrl },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const target = event.action === 'unfollow' && data.unfollowUrl ? data.unfollowUrl : data.url || sameOriginUrl('/');
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === target && 'focus' in client) return client.focus();
      }
      for (const client of windows) {
        if ('navigate' in client && new URL(client.url).origin === self.location.origin) return client.navigate(target).then((c) => c && c.focus());
      }
      return self.clients.openWindow(target);
    }),
  );
});
