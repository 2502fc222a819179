// The kernel's Pyodide on the static site: JupyterLite's kernel loads this script as its `pyodideUrl`
// (static/pyodide/mainmerah-boot.js, written by sitebuild/build.py after a first line
// `var MAINMERAH_BOOT = {...}`: the modules the first page imports, the wheels' pack and the packages it
// holds, the lockfile's hash) and calls `self.loadPyodide`.
//
// A first visit writes every wheel's files from one gzipped pack the build made (as Pyodide would unpack
// them), fetched and unzipped while Python starts, instead of Pyodide's loading each wheel after it.
//
// A return visit starts Python from a memory snapshot instead of starting it anew: the first visit,
// once its wheels are unpacked and the modules every page needs are imported (IPython, ipywidgets,
// the app's pages, and the kernel's own: piplite and pyodide_kernel, whose import makes the shell), keeps a
// copy of Python's memory (Pyodide's makeMemorySnapshot) and of the files the wheels put in site-packages (but
// the compiled modules it has imported: their code is in the memory), in the browser's Cache Storage
// ("mainmerah-snapshot", named after the lockfile's hash: a build with other wheels makes a new one; the site's
// service worker removes it with an older build's cache). The next visit loads that memory and writes those
// files back: no wheel is unpacked and no module imported again. Anything amiss (no Cache Storage, a snapshot
// from another Pyodide, an error) falls back to the ordinary start.
"use strict";
(() => {
  let here = null; // Pyodide's folder (the kernel's indexURL: this script's folder)
  let original = null; // Pyodide's own loadPyodide, loaded with the first call
  const CACHE = "mainmerah-snapshot";
  const SITE = "/lib/python" + MAINMERAH_BOOT.python + "/site-packages";

  function urls(key) {
    return { memory: new URL(`snapshot-${key}.bin`, here).href, files: new URL(`snapshot-${key}.files`, here).href };
  }

  // Every file under `root` in Pyodide's file system but those in `left`: one buffer, [path, length]... in its
  // header, each folder too (length -1: a folder whose files are all left out is still there).
  function packFiles(FS, root, left) {
    const list = [];
    const walk = (dir) => {
      for (const name of FS.readdir(dir)) {
        if (name === "." || name === "..") { continue; }
        const path = dir + "/" + name;
        if (FS.isDir(FS.stat(path).mode)) {
          list.push([path, null]);
          walk(path);
        } else if (!left.has(path)) {
          list.push([path, FS.readFile(path)]);
        }
      }
    };
    walk(root);
    const header = new TextEncoder().encode(JSON.stringify(list.map(([p, d]) => [p, d ? d.length : -1])));
    const total = list.reduce((n, [, d]) => n + (d ? d.length : 0), 4 + header.length);
    const out = new Uint8Array(total);
    new DataView(out.buffer).setUint32(0, header.length);
    out.set(header, 4);
    let at = 4 + header.length;
    for (const [, d] of list) {
      if (d) { out.set(d, at); at += d.length; }
    }
    return out;
  }

  function unpackFiles(FS, packed) {
    const size = new DataView(packed.buffer, packed.byteOffset).getUint32(0);
    const list = JSON.parse(new TextDecoder().decode(packed.subarray(4, 4 + size)));
    let at = 4 + size;
    for (const [path, length] of list) {
      if (length < 0) {
        FS.mkdirTree(path);
        continue;
      }
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, packed.subarray(at, at + length));
      at += length;
    }
  }

  // The compiled modules under site-packages that Python has imported: their code is in its memory, and a restored
  // Python never reads them again (a module is imported once), so a snapshot's files leave them out.
  function imported(py) {
    const found = py.runPython(`[f for f in (getattr(m, "__file__", None) for m in list(__import__("sys").modules.values()))
 if isinstance(f, str) and f.endswith(".pyc") and f.startswith(${JSON.stringify(SITE + "/")})]`);
    try {
      return new Set(found.toJs());
    } finally {
      found.destroy();
    }
  }

  // Python's memory holds a few objects of Pyodide's own once the kernel's modules are imported (micropip and
  // pyodide_kernel keep the Pyodide API, its loadPackage, loadPackagesFromImports, ...): the snapshot names each
  // by where it is found (["py"], ["py", name] or ["api", name]), and a restored Python reaches the same thing in
  // the Pyodide that restored it (`restored`, set as soon as it is loaded, before any Python runs). An object
  // found nowhere: no snapshot (an error, so the kernel starts anew next time).
  let restored = null;

  function serializer(py) {
    const names = new Map([[py, ["py"]]]); // each object of the two, by the first place it is found
    for (const [where, root] of [["py", py], ["api", py._api]]) {
      for (const name of [...Object.getOwnPropertyNames(root), ...Object.getOwnPropertyNames(Object.getPrototypeOf(root) || {})]) {
        let value;
        try { value = root[name]; } catch (e) { continue; }
        if (value && !names.has(value)) { names.set(value, [where, name]); }
      }
    }
    return (obj) => {
      if (names.has(obj)) { return names.get(obj); }
      throw new Error("an object of Pyodide's that the snapshot cannot name: " + (obj && obj.name || typeof obj));
    };
  }

  function deserializer([where, name]) {
    const root = () => (where === "py" ? restored : restored._api);
    if (name === undefined) { // the API itself (the pyodide_js module)
      return new Proxy({}, { get: (_, key) => restored[key], has: (_, key) => key in restored });
    }
    return function (...args) { return root()[name](...args); };
  }

  // The pack of every wheel's files (sitebuild/build.py), unzipped.
  async function packed() {
    const response = await fetch(new URL(MAINMERAH_BOOT.pack, here).href);
    if (!response.ok) { throw new Error(MAINMERAH_BOOT.pack + ": " + response.status); }
    const unzipped = response.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(unzipped).arrayBuffer());
  }

  async function fromSnapshot(options, key) {
    const cache = await caches.open(CACHE);
    const [memory, files] = await Promise.all([cache.match(urls(key).memory), cache.match(urls(key).files)]);
    if (!memory || !files) { return null; }
    const loaded = JSON.parse(memory.headers.get("x-mainmerah-packages") || "{}");
    const written = files.arrayBuffer(); // read while Pyodide loads, as its memory is
    const py = await original({ ...options, packages: [], _loadSnapshot: memory.arrayBuffer(),
      _snapshotDeserializer: deserializer });
    restored = py;
    unpackFiles(py.FS, new Uint8Array(await written));
    Object.assign(py.loadedPackages, loaded); // what the kernel would otherwise install again
    py.runPython("import importlib; importlib.invalidate_caches()");
    console.info("mainmerah: Python restored from its snapshot"); // (the site's tests look for it)
    return py;
  }

  // Returns the promise of the copies kept.
  function keepSnapshot(py, key) {
    // Garbage collected first: an object left to collect later may hold a file of this file system open
    // (a wheel's ZipFile); in the next visit's file system its descriptor is gone ("Bad file descriptor").
    py.runPython([...MAINMERAH_BOOT.imports.map((m) => `import ${m}`), "import gc", "gc.collect()"].join("\n"));
    // A file still open would be a descriptor the next visit's file system does not have: no snapshot then
    // (but the standard library's zip, which Pyodide mounts at the same place anew: restored Pythons were
    // seen to import from it in tests/browser/test_static_site.py).
    const stdlib = "/lib/python" + MAINMERAH_BOOT.python.replace(".", "") + ".zip";
    const open = py.FS.streams.filter((stream, fd) => stream && fd > 2 && stream.path !== stdlib)
      .map((stream) => stream.path);
    if (open.length) { throw new Error("files open: " + open.join(", ")); }
    // The list of loaded packages is an object Python's memory refers to: it must be as Pyodide made it.
    const loaded = { ...py.loadedPackages };
    for (const name of Object.keys(loaded)) { delete py.loadedPackages[name]; }
    let memory;
    try {
      memory = py.makeMemorySnapshot({ serializer: serializer(py) });
    } finally {
      Object.assign(py.loadedPackages, loaded);
    }
    const files = packFiles(py.FS, SITE, imported(py));
    // Kept while the kernel starts (not waited for): the files first, so a memory kept has its files.
    return (async () => {
      const cache = await caches.open(CACHE);
      for (const old of await cache.keys()) { await cache.delete(old); }
      const headers = { "content-type": "application/octet-stream" };
      await cache.put(urls(key).files, new Response(files, { headers }));
      await cache.put(urls(key).memory, new Response(memory, {
        headers: { ...headers, "x-mainmerah-packages": JSON.stringify(loaded) },
      }));
    })();
  }

  const loadPyodide = async (options) => {
    if (original === null) {
      here = new URL(options.indexURL, self.location.href);
      importScripts(new URL("pyodide.js", here).href);
      original = self.loadPyodide;
      self.loadPyodide = loadPyodide;
    }
    const key = MAINMERAH_BOOT.lock; // the lockfile's hash (sitebuild/build.py): a snapshot holds its wheels' files
    try {
      const py = await fromSnapshot(options, key);
      if (py) { return py; }
    } catch (e) {
      console.warn("mainmerah: Python starts anew (" + e + ")");
    }
    // The wheels' files come as one pack, fetched and unzipped while Python starts, then written at once:
    // Pyodide's own loadPackage fetches each wheel and unzips it in Python after the start.
    const pack = packed().catch((e) => { console.warn("mainmerah: the wheels one by one (" + e + ")"); });
    const snap = typeof caches !== "undefined";
    const py = await original({ ...options, packages: [], ...(snap ? { _makeSnapshot: true } : {}) });
    let written = false;
    try {
      const files = await pack;
      if (files) {
        unpackFiles(py.FS, files);
        Object.assign(py.loadedPackages, MAINMERAH_BOOT.loaded);
        py.runPython("import importlib; importlib.invalidate_caches()");
        written = true;
      }
    } catch (e) {
      console.warn("mainmerah: the wheels one by one (" + e + ")");
    }
    if (!written) { await py.loadPackage(options.packages); }
    if (!snap) { return py; }
    const warn = (e) => console.warn("mainmerah: no snapshot of Python kept (" + e + ")");
    try {
      keepSnapshot(py, key).catch(warn);
    } catch (e) {
      warn(e);
    }
    return py;
  };
  self.loadPyodide = loadPyodide;
})();
