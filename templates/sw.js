// Kasino Referee's service worker (referee/pwa.py). It keeps the static files, the icons
// and the offline page, and nothing else: never a match page, an API answer or a POST.
// Its cache is named after a hash of what it keeps, so a deploy brings a new worker that
// fetches them afresh and deletes the old cache once it takes over.
"use strict";
const CACHE = {{ cache|tojson }};
const PREFIX = {{ prefix|tojson }};
const PRECACHE = {{ precache|tojson }};
const OFFLINE = {{ offline|tojson }};

self.addEventListener("install", (event) => {
  // "reload": from the server, never a copy in the browser's own cache
  const requests = PRECACHE.map((url) => new Request(url, {cache: "reload"}));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names
      .filter((name) => name.startsWith(PREFIX) && name !== CACHE)
      .map((name) => caches.delete(name)))));
  // the open pages are taken over at once, but activation does not wait for it: a page
  // navigating meanwhile waits for activation, and a claim awaited within it could keep
  // that navigation waiting (seen in Chromium: a page stuck until a timeout)
  self.clients.claim();
});

// a page (GET, or a form sent without htmx) always comes from the server; without a
// connection the offline page says so, and the back button returns to the form
function page(request) {
  return fetch(request).catch(() => caches.open(CACHE)
    .then((cache) => cache.match(OFFLINE, {ignoreVary: true}))
    .then((kept) => kept || Response.error()));
}

// a static file, an icon: the copy kept for this version, else the server's
function kept(request) {
  return caches.open(CACHE).then((cache) => cache.match(request, {ignoreVary: true}))
    .then((copy) => copy || fetch(request));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (request.method === "GET" && !url.search && PRECACHE.includes(url.pathname)) {
    event.respondWith(kept(request));
  }
  // anything else (htmx's requests, the API) goes to the server untouched
});
