// A helper the page registers once its build is kept (written into the site as code-cache-worker.js by
// sitebuild/offline.py): it has the browser keep every script's compiled code beside the script.
//
// Chromium keeps a script's compiled code (all of its functions) in the Cache Storage only when a service worker
// puts the script there while it installs. The site's own worker takes the first page at once and keeps each
// file as it passes (sitebuild/sw.js): not while installing, so a return visit compiled Voici's scripts again
// (Chromium's trace: 1 of the play page's scripts read compiled code from the cache, 72 with this helper).
// This worker's install puts every script of each build's cache back as it is, which has Chromium compile
// and keep them, and marks the cache; its scope (code-cache/) holds no page, and it unregisters once active.
"use strict";

(() => {
const ROOT = new URL("./", self.location.href);
const MARK = new URL("code-cache/compiled", ROOT).href; // sitebuild/sw.js reads it: the page asks no more
// Pyodide's scripts run in the kernel's worker, which compiles them from their text (Chromium's trace: no cache
// read): their compiled code would only take room.
const PYODIDE = new URL("static/pyodide/", ROOT).pathname;

async function compile(name) {
  const cache = await caches.open(name);
  if (await cache.match(MARK)) { return; }
  let scripts = 0;
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (!path.endsWith(".js") || path.startsWith(PYODIDE)) { continue; }
    const response = await cache.match(request);
    if (response) {
      await cache.put(request, response);
      scripts += 1;
    }
  }
  await cache.put(MARK, new Response(String(scripts)));
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith("mainmerah-") && n !== "mainmerah-snapshot");
    await Promise.all(names.map(compile));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.registration.unregister());
});
})();
