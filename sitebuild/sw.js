// The static site's service worker (written into the site as service-worker.js by sitebuild/build.py,
// after a first line `const BUILD = {...}`: the build's id and every file with its sha256).
//
// One worker for the whole site, at the URL JupyterLite registers its own (service-worker.js at the
// site's root, same scope): a scope has one worker, so two of them would replace each other. This
// one keeps JupyterLite's (renamed jupyterlite-service-worker.js, loaded below with importScripts)
// for what only it does (the kernel's file and stdin requests under /api/, its heartbeat), and
// answers every other request of the site itself. Its cache is named after the build
// ("mainmerah-<id>"); every file put there is checked against its sha256 first.
//
// - A first visit (no worker of the site yet): the worker takes the page at once and holds a copy of each
//   file of the build the page fetches as it passes (the wheels, the scripts; the wasm is kept before it
//   passes, see fromBuild); once the page has drawn (its message), it keeps those copies, fetches the files
//   the page did not ask for, and tells the page when every file is kept. Each file crosses the network once. (Filling the cache from the browser's HTTP
//   cache after the page drew, as it did before, fetched 9 files twice, the 8.6 MB wasm among them:
//   an entry larger than an eighth of the HTTP cache is not kept there, and the first files the
//   page fetched were evicted by the time the worker asked; a private window's cache is small.)
// - A new build (an older build's worker serves the pages): it installs without taking them; once a
//   page has drawn it keeps every file, each from the older build's cache when its bytes are the
//   same, else from the network, then takes the open pages (the page offers a reload) and removes
//   the other builds' caches. A half-deployed site fails the install; the old cache stays.
// - Compiled code: Chromium keeps a script's compiled code beside it in the cache only when a worker
//   puts it there while installing, as a new build's worker does. A first visit's files are kept after
//   this worker installed: once they all are, the page registers code-cache-worker.js
//   (sitebuild/codecache.js), which puts the scripts back while it installs, and marks the cache.
// - fetch: a file of the build from the cache (the network when it is missing, kept as it passes: the wasm
//   kept first, then answered from the cache, so that Chromium keeps its compiled code beside it);
//   anything else of the site from the network, and offline a 404 as a static server would answer.
"use strict";

// In a scope of its own: JupyterLite's script, loaded at the end into the same global scope, declares
// top-level names of its own (CACHE among them).
(() => {
const CACHE = "mainmerah-" + BUILD.id;
const ROOT = new URL("./", self.location.href); // the site's root (a sub-path on GitHub Pages)
const FILES = new Set(BUILD.files.map(([path]) => path));

// The path of a site URL, relative to the site's root ("voici/render/play.html"); a folder's
// index.html for a folder (the static server answers "/" with index.html). Null: not the site's.
function sitePath(url) {
  if (url.origin !== ROOT.origin || !url.pathname.startsWith(ROOT.pathname)) { return null; }
  let path = decodeURIComponent(url.pathname.slice(ROOT.pathname.length));
  if (path === "" || path.endsWith("/")) { path += "index.html"; }
  return path;
}

function request(path) {
  return new Request(new URL(path, ROOT).href, { cache: "no-cache" });
}

const SHA = new Map(BUILD.files);

async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

// Keeps `response` (a file of the build) when its bytes are this build's. True when kept.
async function keep(cache, path, response) {
  if (!response.ok || response.type !== "basic" || await sha256(response.clone()) !== SHA.get(path)) {
    return false;
  }
  await cache.put(request(path), response);
  return true;
}

// The same file in another build's cache, if its bytes are this build's.
async function fromOlderBuild(cache, path) {
  for (const name of await caches.keys()) {
    if (name === CACHE || !name.startsWith("mainmerah-")) { continue; }
    const hit = await (await caches.open(name)).match(request(path));
    if (hit && await keep(cache, path, hit)) { return true; }
  }
  return false;
}

// Every file of the build not kept yet; returns how many were fetched.
async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(held); // the copies of what the page fetched, kept first (none is fetched again)
  let fetched = 0;
  await Promise.all(BUILD.files.map(async ([path, sha]) => {
    if (await cache.match(request(path)) || await fromOlderBuild(cache, path)) { return; }
    let response;
    try {
      // The browser's HTTP cache first: the page fetched some of these files before this worker
      // served it (the page itself, its first scripts).
      response = await checked(path, sha, "default");
    } catch (e) {
      response = await checked(path, sha, "no-cache"); // a stale copy there: ask the server again
    }
    await cache.put(request(path), response);
    fetched += 1;
  }));
  return fetched;
}

// integrity: the bytes of this build and no other (a stale copy or a half-deployed site is refused).
async function checked(path, sha, mode) {
  const response = await fetch(new Request(new URL(path, ROOT).href, { cache: mode, integrity: "sha256-" + sha }));
  if (!response.ok) { throw new Error(`${path}: HTTP ${response.status}`); }
  return response;
}

// Marked by code-cache-worker.js (sitebuild/codecache.js) once Chromium keeps the build's scripts compiled; a
// script put in the cache while this worker installs (a new build's) is kept compiled already.
const COMPILED = new URL("code-cache/compiled", ROOT).href;

async function compiled() {
  return !!(await (await caches.open(CACHE)).match(COMPILED));
}

async function dropOldCaches() {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith("mainmerah-") && n !== CACHE).map((n) => caches.delete(n)));
}

// A file of the build: from the cache, else from the network and kept as it passes to the page.
function fromBuild(event, path) {
  return (async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request(path));
    if (hit) { return hit; }
    const response = await fetch(event.request);
    if (path.endsWith(".wasm")) {
      // Chromium keeps a WebAssembly module's compiled code (once its hot functions are optimized) beside
      // the response it was compiled from, if that came from the Cache Storage: so the first visit compiles
      // the kept copy, and the next visit reads its code compiled (a network response's code is not kept).
      // Not kept (a full disk, a private window's small quota): the network's response, as for any file.
      const kept = await keep(cache, path, response.clone()).catch(() => false);
      return (kept && await cache.match(request(path))) || response;
    }
    event.waitUntil(keepOnceDrawn(cache, path, response.clone()));
    return response;
  })();
}

// A copy of a file the page fetched, kept once the page has drawn (or after PATIENCE): its hash and its write
// no longer compete with the page's start for the CPU (benchmarks/site_ab.py: a cold visit 3.99 -> 3.71 s when
// nothing was kept as it passed, on a 2-core machine). The copy waits in memory meanwhile.
const held = new Set();

function keepOnceDrawn(cache, path, response) {
  const kept = drawnOrPatience().then(() => keep(cache, path, response)).catch(() => false);
  held.add(kept);
  kept.finally(() => held.delete(kept));
  return kept;
}

async function fromNetwork(req) {
  try {
    return await fetch(req);
  } catch (e) {
    return new Response("offline: not part of this site's build", { status: 404, statusText: "Not Found" });
  }
}

async function tellPages(message) {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  pages.forEach((page) => page.postMessage(message));
}

// Registered before JupyterLite's: an event answered here stops there (stopImmediatePropagation).
// A page that has drawn says so: the worker then fetches what the page did not (a new build's worker
// waits for it a minute at most before it starts anyway).
const PATIENCE = 60000;
let pageDrawn;
const drawn = new Promise((resolve) => { pageDrawn = resolve; });
// Once a page has drawn, or PATIENCE after the worker first waited for one (one wait for every file and the install).
let waited = null;
const drawnOrPatience = () => (waited = waited
  || Promise.race([drawn, new Promise((resolve) => { setTimeout(resolve, PATIENCE); })]));
let filling = null; // the active worker's fill of its cache, once a page has drawn
// Whether this worker is the registration's active one: it is, unless its install event came in this
// life of it and its activate event did not yet (a worker started again to answer an event is active).
let active = true;

self.addEventListener("message", (event) => {
  if (event.data !== "mainmerah:page-drawn") { return; }
  pageDrawn();
  // The active worker makes sure every file is kept: the first time here, the files the page did not
  // fetch (a page that draws before this worker is active says so again once it is: page.js), or
  // what a fill cut short (the page closed) left out. Nothing is fetched when all are kept.
  if (active) {
    filling = filling || precache().then(async (fetched) => tellPages({ kind: "mainmerah:kept", fetched,
      compiled: await compiled() }))
      .finally(() => { filling = null; });
    event.waitUntil(filling);
  }
});

self.addEventListener("install", (event) => {
  event.stopImmediatePropagation(); // JupyterLite's install only activates at once and caches nothing
  active = false;
  if (!self.registration.active) {
    // The site's first worker here: it takes the page now, and keeps what the page fetches.
    event.waitUntil(self.skipWaiting());
    return;
  }
  event.waitUntil(drawnOrPatience().then(precache)
    .then(async () => (await caches.open(CACHE)).put(COMPILED, new Response("installed")))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  active = true;
  // The open pages are this worker's from now on (JupyterLite's activate, which follows, claims them too).
  event.waitUntil(dropOldCaches().then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") { return; }
  const url = new URL(req.url);
  const path = sitePath(url);
  if (path === null) { return; }
  if (FILES.has(path)) {
    event.stopImmediatePropagation();
    event.respondWith(fromBuild(event, path));
  } else if (!url.pathname.includes("/api/")) {
    event.stopImmediatePropagation();
    event.respondWith(fromNetwork(req));
  }
  // /api/ (the kernel's drive and stdin, the heartbeat): JupyterLite's worker answers.
});
})();

importScripts("jupyterlite-service-worker.js");
