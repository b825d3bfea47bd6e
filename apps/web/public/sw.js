// VFM's service worker (docs/web.md "Installable app"). It keeps the app's shell —
// the page, its hashed scripts and styles, fonts, icons, /app-info.json — so that the app opens
// without a network and says it is offline; it never keeps the data calls (/api/, feeds, the
// live stream): they go to the network, and fail offline as they should.
// A new version installs beside the running one and waits until the page asks it to take over
// (the page's "new version" prompt posts SKIP_WAITING).
// Its second concern, web push (docs/notifications.md), has its listeners at the end: they show a notice
// and open its bike; they keep the fetch rules as they are.
const SHELL_CACHE = 'vfm-shell-v1';
const SHELL_PAGE = '/index.html';
const PRECACHE = [SHELL_PAGE, '/app-info.json', '/favicon.svg', '/manifest.webmanifest'];

/** Data calls and feeds: never answered from the cache. */
const isData = (url) => /^\/(api|gbfs|mds|healthz|readyz)(\/|$)/.test(url.pathname);
const isAsset = (url) => url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/');

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== SHELL_CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'SKIP_WAITING') self.skipWaiting();
});

/** Network first; the copy kept (then refreshed) when the network fails. */
async function networkFirst(request, key) {
  const cache = await caches.open(SHELL_CACHE);
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

/** Hashed files never change: the cache first, else the network (and keep it). */
async function cacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isData(url)) return;
  if (request.mode === 'navigate') {
    // every page address is the same single-page app
    event.respondWith(networkFirst(request, SHELL_PAGE));
  } else if (url.pathname === '/app-info.json') {
    event.respondWith(networkFirst(request, '/app-info.json'));
  } else if (isAsset(url)) {
    event.respondWith(cacheFirst(request));
  }
});

// ---- web push (ADR 0098) ----------------------------------------------------
// The server sends the notice already written in the user's language (the payload: title,
// body, the bike page's url, a tag per bike and kind); the worker only shows it, and a click
// opens the bike — in a window of the app already open when there is one.

self.addEventListener('push', (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      // a newer notice of the same bike and kind replaces the older one, and is heard again
      renotify: Boolean(payload.tag),
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url },
    }),
  );
});

/** Only the app's own pages: a payload cannot send the click elsewhere. */
const pageOf = (url) => {
  try {
    const target = new URL(url || '/', self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
};

async function openPage(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // the app is open: show the bike there (the page's router takes it), and bring it forward
    // focusing needs the click's activation; a page that cannot be focused still shows the bike
    await open.focus().catch(() => undefined);
    try {
      return await open.navigate(url);
    } catch {
      // a window this worker does not control cannot be navigated: a new one then
    }
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(pageOf(event.notification.data && event.notification.data.url)));
});
