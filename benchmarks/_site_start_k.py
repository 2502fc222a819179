"""Cold start of the static site (``make site``) next to Voila on this machine, and what a visit costs.

Run: .venv/bin/python benchmarks/site_start.py [--site _site] [--loads 3]

Both serve the same table (``play.ipynb?seed=2&players=2&pace=manual``) to a headless Chromium, each
load in a fresh browser context (empty cache and storage: a real cold visit); the site is then
opened again in that same context once its service worker has kept every file (a return visit):

- cold start and return visit: page open -> the hand drawn, and -> playable (a click on a hand card answered by
  the kernel: the card lifted). Voila as ``make app`` runs it (a preheated kernel per page,
  voila.json), the site from a local static server on 127.0.0.1.
- a return visit as a visitor's own browser makes it: a browser with a profile on disk (where Chromium keeps
  compiled code between runs) visits once, is closed and opened again, twice (``reopened``).
- a click once running (hand card -> lifted) and a hint (Hint -> a card marked), both in Python:
  in the browser (Pyodide, pure Python: no numpy there) and in Voila's kernel (numpy).
- the site's size on disk, and the bytes one cold visit transfers (the page's requests and the worker
  keeping the whole site): as sent by a plain static server, and gzipped (what a server that
  compresses, e.g. GitHub Pages, sends; gzip -6 per file).

First (unless ``--no-breakdown``), where the time goes: the same cold and return visits of a copy of the
site whose kernel, Pyodide and play page log a mark at each step (``PATCHES``), when each was done (median).

Figures are printed and written to benchmarks/results/site_start.json, with the load average before and
after; nothing is asserted.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the browser tests' helpers import theirs (processes.py)
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import conftest as browser  # noqa: E402 (the browser tests' Chromium, its switches, their servers)

QUERY = "seed=2&players=2&pace=manual"
COLD = 180_000
CARD = ".mm-hand .mm-card:not(.mm-empty)"


# How many files the worker's cache holds (sitebuild/sw.js).
KEPT = """async (id) => (await caches.has('mainmerah-' + id))
    ? (await (await caches.open('mainmerah-' + id)).keys()).length : 0"""
# The scripts' compiled code kept too (sitebuild/codecache.js marks the cache): a visitor's return comes later.
# (Asked from the site's front page: its URL is the site's root.)
COMPILED = """async (id) => !!(await (await caches.open('mainmerah-' + id))
    .match(new URL('code-cache/compiled', location.href).href))"""


def build_of(site: Path) -> tuple[str, int]:
    """The build's id and how many files its worker keeps (the worker's first line, sitebuild/offline.py)."""
    first = (site / "service-worker.js").read_text().split("\n", 1)[0]
    build = json.loads(first.removeprefix("const BUILD = ").removesuffix(";"))
    return build["id"], len(build["files"])


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    """A static server that remembers which files it sent (one list per visit, reset by the caller)."""

    sent: list[Path] = []

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base class's name)
        pass

    def send_head(self):  # type: ignore[no-untyped-def]  # noqa: ANN201 (the base class's signature)
        path = Path(self.translate_path(self.path))
        f = super().send_head()
        if f is not None and path.is_file():
            CountingHandler.sent.append(path)
        return f


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(CountingHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def visit(context: Any, url: str) -> dict[str, float]:
    """One visit in ``context``: s to the hand drawn, to a click answered, then ms for a click and a hint."""
    page = context.new_page()
    t0 = time.monotonic()
    page.goto(url, timeout=COLD)
    page.wait_for_selector(CARD, timeout=COLD)
    drawn = time.monotonic() - t0
    page.click(CARD)
    page.wait_for_selector(".mm-hand .mm-card.mm-selected", timeout=COLD)
    playable = time.monotonic() - t0
    cards = page.locator(CARD)
    t1 = time.monotonic()
    cards.nth(1).click()
    page.wait_for_function(f"() => document.querySelectorAll('{CARD}')[1].classList.contains('mm-selected')",
                           timeout=COLD)
    click = time.monotonic() - t1
    t2 = time.monotonic()
    page.click(".mm-hint")
    page.wait_for_selector(".mm-hand .mm-card.mm-hint", timeout=COLD)
    hint = time.monotonic() - t2
    page.wait_for_load_state("networkidle", timeout=COLD)  # a page left mid-load cancels Voici's last chunks
    page.close()
    return {"drawn_s": drawn, "playable_s": playable, "click_ms": click * 1000, "hint_ms": hint * 1000}


# Where a visit's time goes: a copy of the site with marks logged to the console (`mm-mark <name> <ms>`, the
# epoch time) at each step of the kernel's start and of the notebook's one cell. Each patch names the file
# (a glob in the site), the text it expects (once) and what it puts before and after it.
def _mark(name: str) -> str:
    return f'console.log("mm-mark {name} "+Date.now())'


def _py_mark(name: str) -> str:
    js = '__import__(\\"js\\").console.log'
    return f'{js}(\\"mm-mark {name} \\" + str(round(__import__(\\"time\\").time() * 1000)))\\n'


KERNEL = "extensions/@jupyterlite/pyodide-kernel-extension/static/*.js"
BOOT = "static/pyodide/mainmerah-boot.js"
STEPS = [  # (name, what happened by then): the marks in the order a visit passes them, in two threads at once
    # The early start (branch early-start-2, not on main's site, whose marks then leave it out): a page with a
    # kernel makes the kernel's worker as its first script runs; Python starts in it while the page's scripts load.
    ("early", "the page's worker starts Python (a first visit: once the site's service worker has the page)"),
    ("snapshot", "a return visit: the snapshot of Python's memory found in Cache Storage"),
    ("wasm-start", "Pyodide's script loaded, its wasm being compiled"),
    ("python", "Python started (a return visit: its memory restored)"),
    ("files", "a first visit: the wheels' pack written (fetched and unzipped while Python started)"),
    ("imports", "a first visit: the modules of every page and of the kernel imported (then the snapshot made)"),
    ("memory", "a first visit: makeMemorySnapshot done"),
    ("kept", "a first visit: the snapshot's files packed"),
    # Meanwhile the page's scripts load JupyterLite, whose kernel then takes that worker:
    ("asked", "the kernel's worker runs its initialize (the page's scripts loaded)"),
    ("runtime", "loadPyodide returned: Python handed over to the kernel"),
    ("kernel-start", "the kernel's file system and piplite"),
    ("kernel", "import pyodide_kernel: the IPython shell made"),
    ("globals", "the kernel's globals"),
    ("cell", "-> the notebook's cell runs (Voici's execution request)"),
    ("cell-python", "the cell's code starts (the kernel's set-up of a request)"),
    ("imported", "from mainmerah.pages.play import ... (the app's modules)"),
    ("table", "table_from_request(): the table made, its widget shown"),
    ("drawn", "-> the hand drawn in the page (the widget's messages, its first render)"),
    ("playable", "-> a click answered by the kernel"),
]
_LIFE = ("await this.initRuntime(e),await this.initFilesystem(e),await this.initPackageManager(e),"
         "await this.initKernel(e),await this.initGlobals(e)")
_CELL = "from mainmerah.pages.play import table_from_request\\n\\ntable_from_request()"
PATCHES = [  # (files, the text expected once, what replaces it)
    (KERNEL, _LIFE, f"{_mark('asked')},await this.initRuntime(e),{_mark('runtime')},await this.initFilesystem(e),"
                    f"await this.initPackageManager(e),{_mark('kernel-start')},await this.initKernel(e),"
                    f"{_mark('kernel')},await this.initGlobals(e),{_mark('globals')}"),
    (KERNEL, "async execute(e,t){await this.setup(t);", f"async execute(e,t){{{_mark('cell')};await this.setup(t);"),
    ("static/pyodide/pyodide.js", "try{let s;n?s=await WebAssembly.instantiateStreaming(n,a)",
     f"try{{let s;{_mark('wasm-start')};n?s=await WebAssembly.instantiateStreaming(n,a)"),
    (BOOT, "if (!memory || !files) { return null; }",
     f"if (!memory || !files) {{ return null; }}{_mark('snapshot')};"),
    (BOOT, "Object.assign(py.loadedPackages, MAINMERAH_BOOT.loaded);",
     f"Object.assign(py.loadedPackages, MAINMERAH_BOOT.loaded);{_mark('files')};"),
    (BOOT, "    restored = py;\n", f"    restored = py;{_mark('python')};\n"),
    (BOOT, "...(snap ? { _makeSnapshot: true } : {}) });\n",
     f"...(snap ? {{ _makeSnapshot: true }} : {{}}) }});{_mark('python')};\n"),
    (BOOT, '"import gc", "gc.collect()"].join("\\n"));',
     f'"import gc", "gc.collect()"].join("\\n"));{_mark("imports")};'),
    (BOOT, "    const files = packFiles(py.FS, SITE, imported(py));\n", f"    {_mark('memory')};const files = packFiles(py.FS, SITE, imported(py));{_mark('kept')};\n"),
    (BOOT, "    early.python = start(options);", f"    {_mark('early')};early.python = start(options);"),
    ("voici/render/play.html", _CELL, f"{_py_mark('cell-python')}from mainmerah.pages.play import table_from_request"
                                      f"\\n{_py_mark('imported')}_mm_table = table_from_request()\\n"
                                      f"{_py_mark('table')}_mm_table"),
]


def marked_copy(site: Path, dest: Path) -> None:
    """A copy of ``site`` whose kernel, Pyodide and play page log the marks (its worker's list made anew)."""
    shutil.copytree(site, dest)
    for pattern, old, new in PATCHES:
        hits = [f for f in dest.glob(pattern) if old in f.read_text(errors="replace")]
        if not hits and pattern == BOOT:
            continue  # a site built before the snapshot (sitebuild/boot.js)
        if not hits:
            raise SystemExit(f"breakdown: no {pattern} holds {old[:60]!r} (a new version? update PATCHES)")
        for f in hits:
            f.write_text(f.read_text().replace(old, new, 1))
    sys.path.insert(0, str(ROOT / "sitebuild"))
    import offline  # the worker's list of files and their hashes (sitebuild/offline.py)

    offline.write_worker(dest, ROOT / "sitebuild" / "sw.js")


def marked_visit(context: Any, url: str) -> dict[str, float]:
    """One visit of the marked copy: each mark in s from the page's start (the earliest of each name)."""
    page = context.new_page()
    marks: dict[str, float] = {}

    def on_console(message: Any) -> None:
        words = message.text.split()
        if len(words) == 3 and words[0] == "mm-mark" and words[1] not in marks:
            marks[words[1]] = float(words[2])

    page.on("console", on_console)
    page.goto(url, timeout=COLD)
    origin = page.evaluate("performance.timeOrigin")
    marks["drawn"] = page.wait_for_function(f"() => document.querySelector('{CARD}') && Date.now()",
                                            timeout=COLD).json_value()
    page.click(CARD)
    marks["playable"] = page.wait_for_function(
        "() => document.querySelector('.mm-hand .mm-card.mm-selected') && Date.now()", timeout=COLD).json_value()
    page.close()
    return {name: (t - origin) / 1000 for name, t in marks.items()}


def breakdown(chromium: Any, site: Path, loads: int) -> dict[str, dict[str, float]]:
    """When each step was done (median s from the page's start), cold and return visits of a marked copy of ``site``;
    a step some visit did not pass is left out (a return visit writes no pack)."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "site"
        marked_copy(site, copy)
        server, base = serve(copy)
        url = f"{base}/voici/render/play.html?{QUERY}"
        rows: dict[str, list[dict[str, float]]] = {"cold": [], "return": []}
        try:
            for _ in range(loads):
                context = chromium.new_context(viewport={"width": 1280, "height": 800})
                rows["cold"].append(marked_visit(context, url))
                wait_until_kept(context, base, copy)
                rows["return"].append(marked_visit(context, url))
                context.close()
        finally:
            server.shutdown()
    return {kind: {name: statistics.median(v[name] for v in visits) for name, _w in STEPS
                   if all(name in v for v in visits)} for kind, visits in rows.items()}


def print_breakdown(marks: dict[str, dict[str, float]], loads: int) -> None:
    print(f"when each step was done, in s from the page's start (a copy of the site with marks; median of {loads}): "
          "cold, return visit")
    for name, what in STEPS:
        at = [f"{marks[kind][name]:5.2f}" if name in marks[kind] else "    -" for kind in ("cold", "return")]
        print(f"  {at[0]} {at[1]}  {name:14} {what}")


def wait_until_kept(context: Any, base: str, site: Path) -> None:
    """Opens the site's home page in ``context`` until its worker has kept every file of the build (and the browser
    their compiled code)."""
    keeper = context.new_page()
    keeper.goto(f"{base}/", timeout=COLD)
    build = build_of(site)
    while keeper.evaluate(KEPT, build[0]) < build[1]:  # (wait_for_function does not await)
        keeper.wait_for_timeout(250)
    if (site / "code-cache-worker.js").exists():  # (sitebuild/offline.py's COMPILER; a build before it: no wait)
        while not keeper.evaluate(COMPILED, build[0]):
            keeper.wait_for_timeout(250)
    keeper.close()


def reopened(p: Any, base: str, site: Path) -> tuple[dict[str, float], dict[str, float]]:
    """Return visits as a visitor's own browser makes them: a profile on disk, where Chromium also keeps compiled
    code (a fresh context keeps it in memory only), the site visited once and kept, then the browser closed and
    opened again, twice. Chromium caches a script's compiled code once it has run it more than once, so the
    second reopening is what every later visit gets."""
    url = f"{base}/voici/render/play.html?{QUERY}"
    with tempfile.TemporaryDirectory() as profile:
        def opened() -> Any:
            return p.chromium.launch_persistent_context(profile, executable_path=browser.CHROMIUM, headless=True,
                                                        args=browser.chromium_args(p),
                                                        viewport={"width": 1280, "height": 800})
        context = opened()
        visit(context, url)
        wait_until_kept(context, base, site)
        context.close()
        rows = []
        for _again in range(2):
            context = opened()
            rows.append(visit(context, url))
            context.close()
    return rows[0], rows[1]


def summary(rows: list[dict[str, float]]) -> dict[str, dict[str, float]]:
    return {k: {"median": statistics.median(r[k] for r in rows), "min": min(r[k] for r in rows),
                "max": max(r[k] for r in rows)} for k in rows[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_site")
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--no-breakdown", action="store_true", help="skip the visits of a marked copy")
    parser.add_argument("--only-breakdown", action="store_true", help="only the visits of a marked copy")
    args = parser.parse_args()
    site = args.site.resolve()
    if not (site / "index.html").exists():
        raise SystemExit(f"no site at {site}: run make site first")
    from playwright.sync_api import sync_playwright

    files = [p for p in site.rglob("*") if p.is_file()]
    result: dict[str, Any] = {
        "site_bytes": sum(p.stat().st_size for p in files), "site_files": len(files),
        "largest": max((p.stat().st_size, str(p.relative_to(site))) for p in files),
    }
    result["load_before"] = os.getloadavg()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in result['load_before'])}")
    server, base = serve(site)
    voila = browser.VoilaServer(launcher=[browser.sys.executable, "-m", "mainmerah.server.voila"],
                                ready_path="/voila/tree")
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=browser.CHROMIUM, args=browser.chromium_args(p), headless=True)
            if not args.no_breakdown:
                result["breakdown"] = breakdown(chromium, site, args.loads)
                print_breakdown(result["breakdown"], args.loads)
                if args.only_breakdown:
                    return
            site_rows, return_rows, voila_rows = [], [], []
            reopened_rows, again_rows = [], []
            for i in range(args.loads):
                CountingHandler.sent = []
                context = chromium.new_context(viewport={"width": 1280, "height": 800})
                site_rows.append(visit(context, f"{base}/voici/render/play.html?{QUERY}"))
                # The return visit: the same browser once the site's worker has kept every file.
                wait_until_kept(context, base, site)
                if i == 0:
                    sent = CountingHandler.sent
                    result["visit_requests"] = len(sent)
                    result["visit_bytes"] = sum(p.stat().st_size for p in sent)
                    result["visit_bytes_gzip"] = sum(len(gzip.compress(p.read_bytes(), 6)) for p in sent)
                    result["visit_twice"] = sorted({str(p.relative_to(site)) for p in sent if sent.count(p) > 1})
                CountingHandler.sent = []
                return_rows.append(visit(context, f"{base}/voici/render/play.html?{QUERY}"))
                if i == 0:
                    result["return_requests"] = len(CountingHandler.sent)
                context.close()
                once, again = reopened(p, base, site)
                reopened_rows.append(once)
                again_rows.append(again)
                time.sleep(3)  # Voila's pool refills its preheated kernel meanwhile
                context = chromium.new_context(viewport={"width": 1280, "height": 800})
                voila_rows.append(visit(context, voila.render_url(f"play.ipynb?{QUERY}")))
                context.close()
            chromium.close()
    finally:
        voila.stop()
        server.shutdown()
    result["load_after"] = os.getloadavg()
    result["site"], result["site_return"] = summary(site_rows), summary(return_rows)
    result["voila"] = summary(voila_rows)
    result["site_reopened"], result["site_reopened_again"] = summary(reopened_rows), summary(again_rows)
    result["loads"] = args.loads
    mb = 1e6
    cold, back, voila_s = (result[k]["playable_s"]["median"] for k in ("site", "site_return", "voila"))
    result["return_over_cold"], result["cold_over_voila"] = back / cold, cold / voila_s
    for name in ("site_reopened", "site_reopened_again"):
        result[f"{name}_over_cold"] = result[name]["playable_s"]["median"] / cold
    out = ROOT / "benchmarks" / "results" / "site_start.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1))  # the ratios too
    print(f"site: {result['site_bytes'] / mb:.1f} MB in {result['site_files']} files "
          f"(largest {result['largest'][0] / mb:.1f} MB, {result['largest'][1]})")
    print(f"one cold visit (the page and the worker keeping the whole site): {result['visit_requests']} requests, "
          f"{result['visit_bytes'] / mb:.1f} MB ({result['visit_bytes_gzip'] / mb:.1f} MB gzipped); "
          f"a return visit: {result['return_requests']} requests")
    print(f"files sent twice in the cold visit: {len(result['visit_twice'])} {result['visit_twice']}")
    for name in ("site", "site_return", "site_reopened", "site_reopened_again", "voila"):
        s = result[name]
        print(f"{name:19} hand drawn {s['drawn_s']['median']:.1f} s, playable {s['playable_s']['median']:.1f} s "
              f"(range {s['playable_s']['min']:.1f}-{s['playable_s']['max']:.1f}), click "
              f"{s['click_ms']['median']:.0f} ms, hint {s['hint_ms']['median']:.0f} ms  (median of {args.loads})")

    print(f"browser reopened / cold visit: {result['site_reopened_over_cold']:.2f}, again: "
          f"{result['site_reopened_again_over_cold']:.2f}")
    print(f"return visit / cold visit: {result['return_over_cold']:.2f}; cold visit / Voila: "
          f"{result['cold_over_voila']:.2f}; load average after: "
          f"{' '.join(f'{x:.2f}' for x in result['load_after'])}")


if __name__ == "__main__":
    main()
