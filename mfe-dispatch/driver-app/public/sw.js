/**
 * The driver app's service worker (issue 44): the app opens with no network, and so do the driver's loads.
 *   the app's files   kept at install (the build writes their list below), answered from the cache first; a
 *                    chunk or font loaded later (pdf-lib, the POD's fonts for names beyond WinAnsi) kept when first
 *                    fetched
 *   a page           the network first, else the app's one page (index.html) from the cache
 *   GET /api/driver  the network first, each answer kept; without signal, the last answer kept
 * Writes are never handled here: the app queues them in IndexedDB with their Idempotency-Key (src/outbox.ts).
 */
const PRECACHE = __PRECACHE__;
const VERSION = __VERSION__;
const FILES = `driver-files-${VERSION}`;
const API = 'driver-api';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(FILES).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('driver-files-') && name !== FILES).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** The app tells the worker to forget the driver's answers (an unpaired phone). */
self.addEventListener('message', (event) => {
  if (event.data === 'forget-api') event.waitUntil(caches.delete(API));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/driver/')) {
    event.respondWith(networkFirst(request, API));
    return;
  }
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/', { cacheName: FILES }).then((page) => page ?? Response.error())));
    return;
  }
  event.respondWith(caches.match(request, { cacheName: FILES }).then((cached) => cached ?? fetchAndKeep(request)));
});

/** A file not kept at install (a chunk loaded on use): fetched, and kept for use without signal. */
async function fetchAndKeep(request) {
  const answer = await fetch(request);
  if (answer.ok) await (await caches.open(FILES)).put(request, answer.clone());
  return answer;
}

/** The network's answer (kept when it is a success), else the last one kept: a 503 the app reads as 'offline' without one. */
async function networkFirst(request, cacheName) {
  try {
    const answer = await fetch(request);
    if (answer.ok) {
      const cache = await caches.open(cacheName);
      await cache.put(request, answer.clone());
    } else if (answer.status === 401) {
      await caches.delete(cacheName);
    }
    return answer;
  } catch (error) {
    const cached = await caches.match(request, { cacheName });
    if (cached) {
      const headers = new Headers(cached.headers);
      headers.set('X-Offline', '1');
      return new Response(await cached.blob(), { status: cached.status, headers });
    }
    return new Response(JSON.stringify({ message: 'No signal' }), { status: 503, headers: { 'Content-Type': 'application/json', 'X-Offline': '1' } });
  }
}
