// The static site's service worker (written into the site as service-worker.js by sitebuild/build.py,
// after a first line `const BUILD = {...}`: the build's id and every file with its sha256).
//
// One worker for the whole site, at the URL JupyterLite registers its own (service-worker.js at the
// site's root, same scope): a scope has one worker, so two of them would replace each other. This
// one keeps JupyterLite's (renamed jupyterlite-service-worker.js, loaded below with importScripts)
// for what only it does (the kernel's file and stdin requests under /api/, its heartbeat), and
// answers every other request of the site itself:
//
// - install: every file of the build into a cache named after the build ("mainmerah-<id>"), each
//   checked against its sha256 (a half-deployed site fails the install; the old cache stays; the
//   next visit tries again);
// - activate: the caches of other builds are removed;
// - fetch: a file of the build from the cache (network only when it is missing); anything else of
//   the site from the network, and offline a 404 as a static server would answer.
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

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(BUILD.files.map(async ([path, sha]) => {
    if (await cache.match(request(path))) { return; } // a retried install keeps what it has
    let response;
    try {
      // The browser's HTTP cache first: the page that has just drawn fetched many of these files.
      response = await checked(path, sha, "default");
    } catch (e) {
      response = await checked(path, sha, "no-cache"); // a stale copy there: ask the server again
    }
    await cache.put(request(path), response);
  }));
}

// integrity: the bytes of this build and no other (a stale copy or a half-deployed site is refused).
async function checked(path, sha, mode) {
  const response = await fetch(new Request(new URL(path, ROOT).href, { cache: mode, integrity: "sha256-" + sha }));
  if (!response.ok) { throw new Error(`${path}: HTTP ${response.status}`); }
  return response;
}

async function dropOldCaches() {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith("mainmerah-") && n !== CACHE).map((n) => caches.delete(n)));
}

async function fromBuild(path, req) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request(path));
  return hit || fetch(req);
}

async function fromNetwork(req) {
  try {
    return await fetch(req);
  } catch (e) {
    return new Response("offline: not part of this site's build", { status: 404, statusText: "Not Found" });
  }
}

// Registered before JupyterLite's: a request answered here stops there (stopImmediatePropagation).
// The install waits for the page that registered it to have drawn (its message), a minute at most:
// the page's own requests go first, and the worker then finds most files in the browser's HTTP cache
// (the same visit does not download them twice).
const PATIENCE = 60000;
let pageDrawn;
const drawn = new Promise((resolve) => { pageDrawn = resolve; });
self.addEventListener("message", (event) => {
  if (event.data === "mainmerah:page-drawn") { pageDrawn(); }
});

self.addEventListener("install", (event) => {
  event.stopImmediatePropagation(); // JupyterLite's install only activates at once and caches nothing
  const patience = new Promise((resolve) => { setTimeout(resolve, PATIENCE); });
  event.waitUntil(Promise.race([drawn, patience]).then(precache).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
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
    event.respondWith(fromBuild(path, req));
  } else if (!url.pathname.includes("/api/")) {
    event.stopImmediatePropagation();
    event.respondWith(fromNetwork(req));
  }
  // /api/ (the kernel's drive and stdin, the heartbeat): JupyterLite's worker answers.
});
})();

importScripts("jupyterlite-service-worker.js");
