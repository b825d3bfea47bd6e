// VFM's service worker (issue 25 §2, docs/web.md "Installable app"). It keeps the app's shell —
// the page, its hashed scripts and styles, fonts, icons, /app-info.json — so that the app opens
// without a network and says it is offline; it never keeps the data calls (/api/, feeds, the
// live stream): they go to the network, and fail offline as they should.
// A new version installs beside the running one and waits until the page asks it to take over
// (the page's "new version" prompt posts SKIP_WAITING).
// A second concern (web push) may join this file: add its listeners below, keep the fetch
// rules as they are.
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
