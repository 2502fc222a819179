"""The static site on a device: its service worker (offline after one visit) and its web app manifest.

Run by ``build.py`` once every other file of the site is in place (the worker lists them all):

- ``service-worker.js``: ``sitebuild/sw.js`` after one line naming the build (a hash of every file's
  path and bytes) and every file with its sha256. JupyterLite registers a worker at that same URL
  for its own needs (the kernel's file and stdin requests); its file is kept as
  ``jupyterlite-service-worker.js`` and loaded by ours, so one worker serves the scope.
  ``code-cache-worker.js`` (``sitebuild/codecache.js``) beside it: once a first visit has kept every
  file, it has the browser keep the scripts' compiled code too.
- ``manifest.webmanifest`` (JupyterLite's, replaced) and ``icons/``: the app's name, colours and
  icons, drawn from the app's own cards (``mainmerah.draw.svg``; the PNGs through the sheets'
  matplotlib drawing of the same faces, ``mainmerah.sheets.faces``).

The pages link both through :func:`head_tags`.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
from pathlib import Path

from mainmerah.core.cards import Card
from mainmerah.draw.svg import BACK, card_body

NAME = "Red card games · mainmerah"
SHORT_NAME = "mainmerah"
THEME = BACK  # the card backs' red: the window's title bar when installed
BACKGROUND = "#faf6f2"  # the home page's (mainmerah.pages.home): the splash screen while a page opens
WORKER = "service-worker.js"  # the URL JupyterLite registers (relative to the site's root)
JUPYTERLITE_WORKER = "jupyterlite-service-worker.js"
COMPILER = "code-cache-worker.js"  # sitebuild/codecache.js: the scripts' compiled code kept after a first visit
COMPILED = "code-cache/compiled"  # its mark in the build's cache (sitebuild/sw.js reads it)
# Never requested by a page: not worth a visitor's bytes (still on the site, for those who look).
NOT_CACHED = {WORKER, JUPYTERLITE_WORKER, COMPILER, ".nojekyll", "voici/build/third-party-licenses.json",
              "jupyterlite.schema.v0.json"}
# Two red cards fanned on the backs' red, in a 100 x 100 box: the ten of diamonds and the ace of hearts.
# Each card: its centre (x, y) and its turn in degrees (clockwise); the 100 x 140 card at CARD_SCALE.
ICON_CARDS = ((Card.parse("10D"), 40.0, 50.0, -14.0), (Card.parse("AH"), 60.0, 52.0, 10.0))
CARD_SCALE = 0.42
PNG_SIZES = (192, 512)


def icon_svg() -> str:
    """The app's icon as SVG."""
    cards = "".join(f'<g transform="translate({x} {y}) rotate({turn}) scale({CARD_SCALE}) translate(-50 -70)">'
                    f'{card_body(card)}</g>' for card, x, y, turn in ICON_CARDS)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
            f'<rect width="100" height="100" fill="{THEME}"/>{cards}</svg>')


def icon_png(size: int) -> bytes:
    """The same icon as a PNG of ``size`` pixels (phones and iOS want PNG), drawn with matplotlib."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.collections import PathCollection
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle
    from matplotlib.transforms import Affine2D

    from mainmerah.sheets.faces import face_shapes

    fig = Figure(figsize=(1, 1), dpi=size)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, 100)
    ax.set_ylim(100, 0)  # y down, as in SVG
    ax.axis("off")
    ax.add_patch(Rectangle((0, 0), 100, 100, facecolor=THEME, edgecolor="none"))
    for card, x, y, turn in ICON_CARDS:
        place = Affine2D().translate(-50, -70).scale(CARD_SCALE).rotate_deg(turn).translate(x, y)
        shapes = face_shapes(card)
        ax.add_collection(PathCollection(
            [path.transformed(place) for path, _f, _s, _w in shapes],
            facecolors=[fill or "none" for _p, fill, _s, _w in shapes],
            edgecolors=[stroke or "none" for _p, _f, stroke, _w in shapes],  # widths in points: 100 units, 72
            linewidths=[w * CARD_SCALE * 0.72 if stroke else 0.0 for _p, _f, stroke, w in shapes],
        ), autolim=False)
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=size, metadata={"Software": None})
    return out.getvalue()


def manifest() -> dict[str, object]:
    icons: list[dict[str, str]] = [{"src": "icons/icon.svg", "type": "image/svg+xml", "sizes": "any",
                                    "purpose": "any"}]
    icons += [{"src": f"icons/icon-{n}.png", "type": "image/png", "sizes": f"{n}x{n}", "purpose": "any"}
              for n in PNG_SIZES]
    return {"name": NAME, "short_name": SHORT_NAME, "lang": "en", "start_url": "./index.html", "scope": "./",
            "display": "standalone", "theme_color": THEME, "background_color": BACKGROUND,
            "description": "Learn, teach and play a family of red card games, in the browser, offline too.",
            "icons": icons}


def head_tags(up: str) -> str:
    """What every page's <head> gets; ``up``: the way from the page's folder to the site's root."""
    return (f'<link rel="manifest" href="{up}manifest.webmanifest">'
            f'<meta name="theme-color" content="{THEME}">'
            f'<link rel="icon" type="image/svg+xml" href="{up}icons/icon.svg">'
            f'<link rel="apple-touch-icon" href="{up}icons/icon-192.png">'
            f'<script src="{up}mainmerah-site.js"></script>')


def write_app_files(out: Path) -> None:
    """The manifest and the icons (JupyterLite's manifest and icons replaced)."""
    for old in ("icon-120x120.png", "icon-512x512.png"):
        (out / old).unlink(missing_ok=True)
    icons = out / "icons"
    icons.mkdir(exist_ok=True)
    (icons / "icon.svg").write_text(icon_svg())
    for n in PNG_SIZES:
        (icons / f"icon-{n}.png").write_bytes(icon_png(n))
    (out / "manifest.webmanifest").write_text(json.dumps(manifest(), indent=1, ensure_ascii=False))


def unpacked_wheel(rel: str) -> bool:
    """A wheel of Pyodide's lockfile: the kernel gets its files from the pack (sitebuild/boot.js), so it is
    fetched only if the pack fails, online."""
    return rel.startswith("static/pyodide/") and rel.endswith(".whl")


def build_files(out: Path) -> list[tuple[str, str]]:
    """Every file the worker keeps: its path from the root and its sha256 (base64, as `integrity` wants)."""
    files = []
    for p in sorted(out.rglob("*")):
        rel = p.relative_to(out).as_posix()
        if p.is_file() and rel not in NOT_CACHED and not unpacked_wheel(rel):
            files.append((rel, base64.b64encode(hashlib.sha256(p.read_bytes()).digest()).decode()))
    return files


def write_worker(out: Path, worker_source: Path) -> str:
    """``service-worker.js`` for this build; returns the build's id (it names the worker's cache)."""
    if not (out / JUPYTERLITE_WORKER).exists():  # the first time: JupyterLite's worker is at its URL
        (out / WORKER).rename(out / JUPYTERLITE_WORKER)
    files = build_files(out)
    build = hashlib.sha256("".join(f"{rel}\0{sha}\n" for rel, sha in files).encode()).hexdigest()[:16]
    head = "const BUILD = " + json.dumps({"id": build, "files": files}, separators=(",", ":")) + ";\n"
    (out / WORKER).write_text(head + worker_source.read_text())
    (out / COMPILER).write_text(worker_source.with_name("codecache.js").read_text())
    return build
