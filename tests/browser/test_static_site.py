"""The static site (``make site``) in a real Chromium, served on 127.0.0.1, with no other origin reachable.

The site is built once per run into ``.site-build/test-site`` (about 15-60 s: its build environment
``.site-build/venv`` is made on the first run, then reused), unless ``MAINMERAH_SITE`` names a built
site to test instead. Every request to anything but the loopback server is blocked and counted: the
count must be 0. Python starts in the browser, so the first wait is long (a cold start here: 4-6 s on a
quiet machine; the limit is generous for a loaded CI machine).

A reload keeps the game here too: the page's browser storage is read by the kernel that runs in the
page itself, and checked by it like any input.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import gzip
import hashlib
import http.server
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import mainmerah as mm
from mainmerah.core.registry import games_with
from mainmerah.families.fishing.dealcode import encode
from mainmerah.table.style import card_class

# The browser tests' helpers (Chromium's path and flags, the loud skip), loaded by path under a name
# of their own: "conftest" in sys.modules may be another folder's.
_spec = importlib.util.spec_from_file_location("browser_conftest", Path(__file__).parents[1] / "browser/conftest.py")
assert _spec and _spec.loader
browser_conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(browser_conftest)
CHROMIUM, CHROMIUM_ARGS, ROOT = (browser_conftest.CHROMIUM, browser_conftest.CHROMIUM_ARGS, browser_conftest.ROOT)
require_browser = browser_conftest.require_browser
# What the Voila side's Chinese test calls English on a page (tests/browser/test_chinese_browser.py).
from test_chinese_browser import VISIBLE_TEXT, english_words  # noqa: E402 (after the helpers it imports)

pytestmark = [pytest.mark.slow, pytest.mark.browser]
COLD = 180_000  # page open -> Python running in the page
WAIT = 30_000  # a click's answer, Python already running
BUILD = ROOT / ".site-build"
SITE_VENV = BUILD / "venv"


def build_site() -> Path:
    """The site built from this checkout, once per run; the build environment is made when missing.

    Under pytest-xdist every worker asks: a lock lets one build while the others wait, and the run's
    id (shared by the workers) written beside the site tells them it was built in this run.
    """
    given = os.environ.get("MAINMERAH_SITE")
    if given:
        return Path(given)
    # Under .site-build/ (git-ignored, and a dot folder pytest never collects: the site holds copies
    # of the notebooks, which --nbval-lax would otherwise run as tests).
    out = BUILD / "test-site"
    run_id = os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"pid-{os.getpid()}"
    stamp = BUILD / "test-site.run"
    BUILD.mkdir(parents=True, exist_ok=True)
    with open(BUILD / "test-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if stamp.exists() and stamp.read_text() == run_id and (out / "index.html").exists():
            return out
        if not (SITE_VENV / ".installed").exists():
            make_site_venv()
        subprocess.run([str(SITE_VENV / "bin" / "python"), str(ROOT / "sitebuild" / "build.py"), "--out", str(out)],
                       check=True, cwd=ROOT)
        stamp.write_text(run_id)
    return out


def make_site_venv() -> None:
    """``make``'s site build environment (``sitebuild/requirements.txt``), made with uv when the test extras
    have it: the same pins from the same registry, in seconds rather than pip's half minute of CPU."""
    uv = shutil.which("uv", path=str(Path(sys.executable).parent))
    if uv is None:
        subprocess.run(["make", "-C", str(ROOT), f"{SITE_VENV.relative_to(ROOT)}/.installed"], check=True)
        return
    # --seed: the build itself runs pip (pip download, pip wheel).
    subprocess.run([uv, "venv", "--quiet", "--seed", "--python", sys.executable, str(SITE_VENV)], check=True)
    subprocess.run([uv, "pip", "install", "--quiet", "--python", str(SITE_VENV / "bin" / "python"),
                    "-r", str(ROOT / "sitebuild" / "requirements.txt")], check=True)
    (SITE_VENV / ".installed").touch()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base class's name)
        pass


@contextlib.contextmanager
def serving(root: Path, handler_class: type[QuietHandler] = QuietHandler) -> Iterator[str]:
    """A static server for ``root`` on 127.0.0.1 (a free port) while the block runs; its base URL."""
    handler = functools.partial(handler_class, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def site_root() -> Path:
    require_browser()  # before the build: without Chromium there is nothing to look with
    root = build_site()
    assert (root / "index.html").exists(), f"no site at {root}"
    return root


@pytest.fixture(scope="module")
def site_url(site_root: Path) -> Iterator[str]:
    with serving(site_root) as url:
        yield url


@pytest.fixture(scope="module")
def chromium(browser: object) -> object:
    """The browser tests' one Chromium (a second playwright in this process is refused)."""
    return browser


LOCAL = ("http://127.0.0.1:", "data:", "blob:")


@contextlib.contextmanager
def local_context(chromium: object) -> Iterator[tuple[object, list[str]]]:
    """A fresh context (a real cold start: empty cache and storage) that reaches 127.0.0.1 only, and the
    requests it made elsewhere (blocked; the list must stay empty).

    Two watches: the route blocks and counts what reaches the network from a page; a request the
    site's service worker answers never reaches a route, so every page request is counted as well.
    (The worker's own requests are for its own site's files: sitebuild/sw.js.)
    """
    context = chromium.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    outside: list[str] = []

    def route(r: object) -> None:
        if r.request.url.startswith(LOCAL):  # type: ignore[attr-defined]
            r.continue_()  # type: ignore[attr-defined]
        else:
            r.abort()  # type: ignore[attr-defined]

    context.route("**/*", route)
    context.on("request", lambda r: None if r.url.startswith(LOCAL) else outside.append(r.url))
    try:
        yield context, outside
    finally:
        context.close()


RETRY = "mainmerah: a part of the page did not load; loading the page again"
CHUNK_ERROR = re.compile(r"^Loading (CSS )?chunk ")


def watched_page(context: object) -> object:
    """A new page of ``context`` whose errors are kept (``pg.errors``). It is left only once its requests are done:
    a page draws before Voici has fetched its last scripts, and one cancelled by leaving is a page error
    ("Loading chunk ... failed") that no visitor sees. A script that did not load and had the page load itself
    again (sitebuild/page.js, section 5) is kept apart (``pg.retried``): the page drew, as a visitor's would."""
    pg = context.new_page()  # type: ignore[attr-defined]
    pg.errors = []
    pg.retried = []
    pg.retrying = False  # the page opened last (goto, reload) loaded itself again

    def error(e: object) -> None:
        # (page.js says it reloads, in the script's error event, before Voici's loader rejects with this error)
        (pg.retried if pg.retrying and CHUNK_ERROR.match(str(e)) else pg.errors).append(str(e))

    pg.on("pageerror", error)
    # What the site's own scripts say (sitebuild/boot.js, page.js: "mainmerah: ..."), the kernel's worker's too:
    # (kind, text); a warning is something that fell back (Python started anew, no snapshot kept, ...).
    pg.notes = []
    pg.on("console", lambda m: pg.notes.append((m.type, m.text)) if m.text.startswith("mainmerah:") else None)
    pg.on("console", lambda m: setattr(pg, "retrying", True) if m.text == RETRY else None)
    # For a page that never draws (drawn()): what it failed to fetch and said since it was opened.
    pg.seen = []
    pg.on("requestfailed", lambda r: pg.seen.append(f"failed {r.url} {r.failure}"))
    pg.on("console", lambda m: pg.seen.append(f"{m.type} {m.text[:200]}"))
    pg.on("framenavigated", lambda f: pg.seen.clear() if f == pg.main_frame else None)
    for name in ("goto", "reload"):
        setattr(pg, name, left_when_done(pg, getattr(pg, name)))
    return pg


# What a page that did not draw shows: page.js's progress line or note, whether Voici's spinner is still there.
PAGE_STATE = """() => ({progress: document.documentElement.dataset.mmSiteProgress || null,
  note: document.documentElement.dataset.mmSiteNote || null, ready: document.readyState,
  spinner: !!document.getElementById('loading'), worker: !!navigator.serviceWorker.controller})"""


def drawn(pg: Any, selector: str) -> None:
    """Waits for a page opened cold to draw ``selector``; one that does not fails with what it showed, fetched
    in vain and said (a rare page of the site that never drew, in CI, left nothing else to go on)."""
    try:
        pg.wait_for_selector(selector, timeout=COLD)
    except Exception as e:
        if type(e).__name__ != "TimeoutError":
            raise
        seen = "\n  ".join(pg.seen[-60:])
        raise AssertionError(f"{pg.url} did not draw {selector} in {COLD // 1000} s: {pg.evaluate(PAGE_STATE)}\n"
                             f"  {seen}") from None


def left_when_done(pg: Any, go: Any) -> Any:
    def leaving(*args: object, **kwargs: object) -> object:
        if pg.url != "about:blank":
            pg.wait_for_load_state("networkidle", timeout=WAIT)
        pg.retrying = False
        return go(*args, **kwargs)
    return leaving


@pytest.fixture
def offline_page(chromium: object) -> Iterator[object]:
    """A page of a fresh context that reaches 127.0.0.1 only (see :func:`local_context`)."""
    with local_context(chromium) as (context, outside):
        pg = watched_page(context)
        pg.outside = outside  # type: ignore[attr-defined]
        yield pg
    assert outside == [], f"requests left the site's origin: {outside}"
    assert fallbacks(pg) == [], fallbacks(pg)


def fallbacks(pg: object) -> list[str]:
    """What the site's scripts warned of on ``pg``: each a way round something that failed."""
    return [text for kind, text in pg.notes if kind == "warning"]  # type: ignore[attr-defined]


SNAPSHOT_KEPT = "async () => (await (await caches.open('mainmerah-snapshot')).keys()).length === 2"


def until(pg: Any, script: str) -> bool:
    """Whether ``script`` (async: wait_for_function would not await its answer) comes true within WAIT."""
    for _ in range(WAIT // 250):
        if pg.evaluate(script):
            return True
        pg.wait_for_timeout(250)
    return False


# The snapshot's files as sitebuild/boot.js packs them: [path, length] each (-1: a folder), from the pack's header.
SNAPSHOT_FILES = """async () => { const cache = await caches.open('mainmerah-snapshot');
  const key = (await cache.keys()).find((r) => r.url.endsWith('.files'));
  const packed = new Uint8Array(await (await cache.match(key)).arrayBuffer());
  const size = new DataView(packed.buffer).getUint32(0);
  return JSON.parse(new TextDecoder().decode(packed.subarray(4, 4 + size))); }"""


def wait_for_snapshot(pg: Any) -> None:
    """Until the snapshot of Python's memory and its files are both kept."""
    assert until(pg, SNAPSHOT_KEPT), "no snapshot of Python kept"


def expect():  # noqa: ANN201 (playwright's expect, imported late so collection works without it)
    from playwright.sync_api import expect as e

    return e


def test_front_page_needs_no_python(offline_page: object, site_url: str) -> None:
    pg = offline_page
    pg.goto(site_url + "/?lang=id")  # type: ignore[attr-defined]
    expect()(pg.locator('[data-site-lang="id"]')).to_be_visible()
    expect()(pg.locator('[data-site-lang="en"]')).to_be_hidden()
    href = pg.locator('[data-site-lang="en"] .mmh-play').first.get_attribute("href")  # type: ignore[attr-defined]
    assert href.startswith("voici/render/play.html"), href
    assert pg.outside == []  # type: ignore[attr-defined]


def solve_first_lesson_task(pg: object) -> None:
    """The tutorial's first task (reveal eight cards), the page open at its first lesson."""
    drawn(pg, ".mm-lesson-cards")
    for card in ("A♥", "K♠", "7♦", "9♥", "2♦", "A♣", "Q♦", "5♣"):
        c = mm.Card.parse(card)
        pg.locator(f".mm-task-reveal .mm-c-{c.rank_text}{c.suit}").first.click()  # type: ignore[attr-defined]
        expect()(pg.locator(".mm-task-reveal > .mm-feedback").first).to_contain_text(card, timeout=WAIT)
    expect()(pg.locator(".mm-task-reveal").first).to_have_class(re.compile(r"mm-solved"), timeout=WAIT)


def test_tutorial_first_task(offline_page: object, site_url: str) -> None:
    pg = offline_page
    # ?lang= reaches the kernel too (the lessons read the same QUERY_STRING as the table).
    pg.goto(site_url + "/voici/render/tutorial.html?lang=id")  # type: ignore[attr-defined]
    # The page's note while Python starts, in the page's language (it may be gone already: the page keeps its words).
    expect()(pg.locator("html")).to_have_attribute("data-mm-site-progress", re.compile("^Python sedang dimulai"),
                                                  timeout=WAIT)
    drawn(pg, ".mm-lesson-cards")
    expect()(pg.locator(".mm-progress-text")).to_contain_text("Pelajaran 1 dari 6")
    solve_first_lesson_task(pg)
    # The tutorial's link to the table points at the site's page, not at a notebook file.
    links = pg.locator("a.mm-play-link, a[href*='play']").evaluate_all(  # type: ignore[attr-defined]
        "els => els.map(e => e.getAttribute('href'))")
    assert links and all(".ipynb" not in h for h in links), links
    # The Puzzles tab opens there too, built in the browser's own Python.
    pg.locator(".mm-tutorial-tabs .lm-TabBar-tab", has_text="Teka-teki").first.click()  # type: ignore[attr-defined]
    pg.wait_for_selector(".mm-puzzles-tab .mm-pz-hand .mm-card", timeout=WAIT)  # type: ignore[attr-defined]
    expect()(pg.locator(".mm-puzzles-tab .mm-pz-counter").first).to_contain_text("Teka-teki 1 dari")
    assert pg.errors == [], pg.errors  # type: ignore[attr-defined]


def first_play_without_a_choice(players: int, variant: str) -> tuple[int, mm.Card]:
    """A seed and a first card to play that asks no capture choice of us (the engine says which)."""
    for seed in range(1, 200):
        for card in sorted(mm.Game.new(players, variant, seed=seed).decision.options, key=str):
            g = mm.Game.new(players, variant, seed=seed)
            g.play(card)
            if g.decision is None or g.decision.seat != 0:
                return seed, card
    raise AssertionError("no seed under 200 lets the first card be played without a choice")


def play_a_card_against_two(pg: object, site_url: str) -> None:
    """Open a three-player table from its query string, play a card, see both computer players answer."""
    seed, card = first_play_without_a_choice(3, "classic")
    # The query string reaches the kernel in its worker: three players, this seed, the computer quick.
    pg.goto(site_url + f"/voici/render/play.html?seed={seed}&players=3&pace=fast")  # type: ignore[attr-defined]
    drawn(pg, ".mm-hand .mm-card")
    assert pg.locator(".mm-opp").count() == 2  # type: ignore[attr-defined]
    expect()(pg.locator(".mm-info")).to_contain_text(f"seed {seed}")
    log = pg.locator(".mm-log li")  # type: ignore[attr-defined]
    before = log.count()
    pg.click(f".mm-hand .{card_class(card)}")  # type: ignore[attr-defined]
    pg.wait_for_selector(f".mm-hand .mm-selected.{card_class(card)}", timeout=WAIT)  # type: ignore[attr-defined]
    pg.click(".mm-play")  # type: ignore[attr-defined]
    # Both computer players move after us (asyncio timers run in Pyodide): the log grows by 3 turns or more.
    expect()(pg.locator(".mm-log li").nth(before + 2)).to_be_attached(timeout=WAIT)
    expect()(pg.locator(".mm-status")).to_contain_text("Your turn", timeout=WAIT)


# What only MathJax's own scripts hold (its JupyterLab plugin is left out of the page: sitebuild/build.py, no_math).
MATHJAX = "mjx-container"


def test_table_plays_and_the_computer_answers(offline_page: object, site_root: Path, site_url: str) -> None:
    pg = offline_page
    fetched: list[str] = []
    pg.on("request", lambda r: fetched.append(r.url))  # type: ignore[attr-defined]
    play_a_card_against_two(pg, site_url)
    assert pg.errors == [], pg.errors  # type: ignore[attr-defined]
    # The table's labelled widgets (the new game's choices) are drawn, and MathJax was never fetched to set them.
    assert pg.locator(".mm-side .widget-label").count() > 0  # type: ignore[attr-defined]
    pg.wait_for_load_state("networkidle", timeout=WAIT)  # type: ignore[attr-defined]
    scripts = [site_root / u.removeprefix(site_url + "/").split("?")[0] for u in fetched
               if u.startswith(site_url) and u.split("?")[0].endswith(".js")]
    assert len(scripts) > 20
    math = [s.name for s in scripts if s.is_file() and MATHJAX in s.read_text(errors="replace")]
    assert math == [], f"the table page fetched MathJax: {math}"


def hand_codes(pg: object) -> list[str]:
    return pg.eval_on_selector_all(  # type: ignore[attr-defined]
        ".mm-hand .mm-card:not(.mm-empty)", "els => els.map(e => e.getAttribute('title'))")


def test_a_deal_code_and_a_reload_that_keeps_the_game(offline_page: object, site_url: str) -> None:
    pg = offline_page
    seed, card = first_play_without_a_choice(2, "classic")
    # A teacher's deal code in the URL (?code=), read by the kernel in the page as under Voila.
    code = encode(2, "classic", seed)
    pg.goto(site_url + f"/voici/render/play.html?code={code}&pace=fast")  # type: ignore[attr-defined]
    drawn(pg, ".mm-hand .mm-card")
    expect()(pg.locator(".mm-info")).to_contain_text(f"seed {seed}")
    pg.click(f".mm-hand .{card_class(card)}")  # type: ignore[attr-defined]
    pg.wait_for_selector(f".mm-hand .mm-selected.{card_class(card)}", timeout=WAIT)  # type: ignore[attr-defined]
    pg.click(".mm-play")  # type: ignore[attr-defined]
    expect()(pg.locator(".mm-status")).to_contain_text("Your turn", timeout=WAIT)
    # Kept once the computer has answered: the record holds our card's play.
    pg.wait_for_function(  # type: ignore[attr-defined]
        "() => { try { const b = JSON.parse(localStorage.getItem('mainmerah:table:main-merah')).body;"
        " return JSON.parse(b.save).body.decisions.length > 0; } catch (e) { return false; } }", timeout=WAIT)
    before = hand_codes(pg)
    assert len(before) == 9, before
    pg.reload()  # type: ignore[attr-defined]
    drawn(pg, ".mm-hand .mm-card")
    expect()(pg.locator(".mm-prompt")).to_contain_text("Welcome back", timeout=WAIT)
    assert hand_codes(pg) == before
    expect()(pg.locator(".mm-status")).to_contain_text("Your turn")
    assert pg.errors == [], pg.errors  # type: ignore[attr-defined]


def test_a_puzzle_is_solved_in_the_browser(offline_page: object, site_url: str) -> None:
    pg = offline_page
    p = mm.puzzles("main-merah", level=1)[0]
    pg.goto(site_url + "/voici/render/puzzles.html")  # type: ignore[attr-defined]
    drawn(pg, ".mm-pz-hand .mm-card")
    best = mm.Card.parse(p.best)
    pg.locator(f".mm-pz-hand .mm-c-{best.rank_text}{best.suit}").first.click()  # type: ignore[attr-defined]
    expect()(pg.locator(".mm-pz-feedback").first).to_contain_text(f"Right: {p.best} is the best card", timeout=WAIT)
    expect()(pg.locator(".mm-pz-counter").first).to_contain_text("1 solved", timeout=WAIT)
    assert pg.errors == [], pg.errors  # type: ignore[attr-defined]


def test_every_game_table_and_first_lesson_in_chinese(offline_page: object, site_url: str) -> None:
    """Issue 26 on the static site: each game's table and first lesson opened with ?lang=zh name their language
    (zh-Hans) and show no English word but the ones the app keeps in every language (as under Voila). The
    language reaches the kernel in the page's worker through the query string, as ?game= does."""
    pg = offline_page
    for game in games_with("lessons"):
        for page, ready in ((f"play.html?game={game}&seed=5&pace=instant&lang=zh", ".mm-hand .mm-card"),
                            (f"tutorial.html?game={game}&lang=zh", ".mm-lesson")):
            pg.goto(f"{site_url}/voici/render/{page}")  # type: ignore[attr-defined]
            drawn(pg, ready)
            pg.wait_for_function("() => document.documentElement.lang === 'zh-Hans'",  # type: ignore[attr-defined]
                                 timeout=WAIT)
            text = pg.evaluate(VISIBLE_TEXT)  # type: ignore[attr-defined]
            assert english_words(text) == [], (page, english_words(text))
            assert re.search(r"[\u4e00-\u9fff]", text), page
    assert pg.errors == [], pg.errors  # type: ignore[attr-defined]


def test_a_game_reviewed_retried_and_practised_in_the_browser(offline_page: object, site_url: str) -> None:
    """Issue 25 on the static site: a Main Merah game clicked to its end, Review this game made by the page's own
    Python (in its worker: no thread of its own there), its costliest moment tried again and the better card judged
    best; then the tutorial (a new page load: only what the browser kept carries over) serves that mistake in its
    Practice tab. The review is the one Voila's kernel makes (the same seeded review of the same game)."""
    import datetime as dt

    from test_review_browser import seed_with_a_play_mistake, text_of
    from test_table import play_whole_game, simulate

    from mainmerah.core.review import review, theme_name
    from mainmerah.table.review import WORLDS
    from mainmerah.teach.practice import Practice, exercises_of

    pg = offline_page
    seed, moment = seed_with_a_play_mistake(["greedy"])
    g, _choices = simulate(2, "classic", seed, ["greedy"])
    today = dt.datetime.now(dt.UTC).date()
    first = Practice("main-merah").add(exercises_of(review(g, seat=0, worlds=WORLDS), g, today)).due(today)[0]
    pg.goto(f"{site_url}/voici/render/play.html?seed={seed}&players=2&variant=classic&bots=greedy"  # type: ignore[attr-defined]
            "&pace=manual")
    drawn(pg, ".mm-hand .mm-card")
    play_whole_game(pg)
    pg.click(".mm-review-start")  # type: ignore[attr-defined]
    pg.wait_for_selector(".mm-review-kept", timeout=WAIT)  # type: ignore[attr-defined]
    assert f"compared over {WORLDS} deals" in text_of(pg, ".mm-review-status")
    shown = text_of(pg, ".mm-review-moment")
    assert f"you chose {moment.action}; {moment.better} was better" in shown
    assert f"Theme: {theme_name('main-merah', moment.theme)}" in shown
    pg.locator(".mm-review-retry").first.click()  # type: ignore[attr-defined]
    expect()(pg.locator(".mm-prompt")).to_contain_text("Try this position again", timeout=WAIT)
    better = card_class(mm.Card.parse(moment.better))
    pg.click(f".mm-hand .{better}")  # type: ignore[attr-defined]
    pg.wait_for_selector(f".mm-hand .mm-selected.{better}", timeout=WAIT)  # type: ignore[attr-defined]
    pg.click(".mm-play")  # type: ignore[attr-defined]
    expect()(pg.locator(".mm-prompt")).to_contain_text("the best choice found", timeout=WAIT)

    pg.goto(f"{site_url}/voici/render/tutorial.html?game=main-merah")  # type: ignore[attr-defined]
    drawn(pg, ".mm-tutorial-tabs .lm-TabBar-tab")
    pg.locator(".mm-tutorial-tabs .lm-TabBar-tab", has_text="Practice").first.click()  # type: ignore[attr-defined]
    pg.wait_for_selector(".mm-practice-heading h3", timeout=WAIT)  # type: ignore[attr-defined]
    heading = text_of(pg, ".mm-practice-heading")
    assert f"Theme: {theme_name('main-merah', first.theme)}" in heading and f"You chose {first.played}" in heading
    assert pg.errors == [], pg.errors  # type: ignore[attr-defined]


# The site's service worker and manifest (sitebuild/offline.py, sitebuild/sw.js), loaded by path.
_spec = importlib.util.spec_from_file_location("site_offline", ROOT / "sitebuild" / "offline.py")
assert _spec and _spec.loader
site_offline = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(site_offline)
sys.path.insert(0, str(ROOT / "sitebuild"))  # build.py imports offline.py from beside it
_spec = importlib.util.spec_from_file_location("site_build", ROOT / "sitebuild" / "build.py")
assert _spec and _spec.loader
site_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(site_build)
CACHES = "async () => (await caches.keys()).filter(k => k.startsWith('mainmerah-'))"
COMPILED = f"async () => !!(await (await caches.open((await ({CACHES})())[0])).match('{site_offline.COMPILED}'))"
WORKERS = "async () => (await navigator.serviceWorker.getRegistrations()).map(r => r.scope)"
ONE_WORKER = f"async () => (await ({WORKERS})()).length === 1"


def page_compiles(trace: dict[str, Any], url: str) -> dict[str, bool]:
    """The site's script files V8 compiled on the page's own thread in ``trace`` (Chromium's, devtools.timeline: the
    kernel's worker, which compiles its scripts from their text, aside), by their path and query after ``url``:
    whether it read each one's compiled code from a cache (``consumedCacheSize``) instead of compiling it."""
    events = trace["traceEvents"]
    pages = {(e.get("pid"), e.get("tid")) for e in events
             if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"}
    compiles: dict[str, bool] = {}
    for event in events:
        data = event.get("args", {}).get("data") or {}
        path = data.get("url", "").removeprefix(url + "/")
        if event.get("name") == "v8.compile" and (event.get("pid"), event.get("tid")) in pages \
                and path.split("?")[0].endswith(".js") and not path.startswith("http"):
            compiles[path] = compiles.get(path, False) or bool(data.get("consumedCacheSize"))
    return compiles


def wait_for_worker(pg: object, kind: str) -> None:
    """Until the page says what the site's worker did: "offline" (every file kept) or "update" (a new build)."""
    pg.wait_for_function(  # type: ignore[attr-defined]
        f"() => document.documentElement.dataset.mmSiteNote === '{kind}'", timeout=COLD)


def test_after_one_visit_everything_opens_and_plays_offline(chromium: object, site_root: Path) -> None:
    with local_context(chromium) as (context, outside):
        # One visit, to the front page only (no Python runs there): the worker keeps the whole site.
        with serving(site_root) as url:
            pg = watched_page(context)
            pg.goto(url + "/")  # type: ignore[attr-defined]
            wait_for_worker(pg, "offline")
            expect()(pg.locator("#mm-site-note")).to_contain_text("open without a connection")
            # Chromium's own verdict: the site can be installed as an app (manifest, icons, worker), but
            # for the test's context itself (a fresh context is incognito-like: nothing installs there).
            cdp = context.new_cdp_session(pg)  # type: ignore[attr-defined]
            errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert [e["errorId"] for e in errors] == ["in-incognito"], errors
            kept = pg.evaluate(CACHES)  # type: ignore[attr-defined]
            assert len(kept) == 1, kept
            # Then the browser keeps the scripts' compiled code (a helper worker, sitebuild/codecache.js), and the
            # helper goes: the site's own worker is the one left.
            assert until(pg, COMPILED), "the scripts' compiled code was never kept"
            assert until(pg, ONE_WORKER), pg.evaluate(WORKERS)  # type: ignore[attr-defined]
        # The server is gone (its port refuses) and the browser is offline.
        context.set_offline(True)  # type: ignore[attr-defined]
        pg = watched_page(context)
        pg.goto(url + "/?lang=id")  # type: ignore[attr-defined]
        expect()(pg.locator('[data-site-lang="id"]')).to_be_visible()
        # The table's page is the first to run Voici's scripts here: they come compiled from the cache (Chromium's
        # trace of the page: V8 read each one's code cache instead of compiling it), the extensions' too.
        chromium.start_tracing(page=pg, categories=["devtools.timeline"])  # type: ignore[attr-defined]
        try:
            play_a_card_against_two(pg, url)
        finally:
            trace = json.loads(chromium.stop_tracing())  # type: ignore[attr-defined]
        compiles = page_compiles(trace, url)
        # (Chromium keeps no compiled code of a script under 1 KB: three of Voici's are.) The scripts the extensions
        # ask for with a query (`?v=<hash>`) read theirs too, kept under the URL without it.
        compiled_anew = sorted(path for path, read in compiles.items()
                               if not read and (site_root / path.split("?")[0]).stat().st_size >= 1024)
        assert "voici/build/voici.js" in compiles and any("?v=" in path for path in compiles), sorted(compiles)
        assert compiled_anew == [], compiled_anew
        # The first Python of this browser kept a snapshot of its memory (sitebuild/boot.js): the next page's starts
        # from it, offline too.
        wait_for_snapshot(pg)
        # Its files leave out the compiled modules Python had imported (their code is in its memory), not the package's
        # other files, nor a folder; modules no page has imported are there.
        kept = {path.split("/site-packages/")[1]: size for path, size in pg.evaluate(SNAPSHOT_FILES)}  # type: ignore[attr-defined]
        assert "mainmerah/pages/play.pyc" not in kept and kept.get("mainmerah/pages") == -1, sorted(kept)[:40]
        assert kept.get("mainmerah/static/board.js", -1) > 0, sorted(kept)[:40]
        assert any(path.endswith(".pyc") for path in kept), sorted(kept)[:40]
        pg.notes.clear()  # type: ignore[attr-defined]
        pg.goto(url + "/voici/render/tutorial.html")  # type: ignore[attr-defined]
        solve_first_lesson_task(pg)
        assert ("info", "mainmerah: Python restored from its snapshot") in pg.notes, pg.notes  # type: ignore[attr-defined]
        assert pg.errors == [] and fallbacks(pg) == [], (pg.errors, fallbacks(pg))  # type: ignore[attr-defined]
    assert outside == [], f"requests left the site's origin: {outside}"


def test_a_part_of_the_page_that_does_not_load_is_named_with_a_way_to_load_it_again(chromium: object,
                                                                                  site_url: str) -> None:
    """A script of Voici's that does not arrive (a dropped connection) would leave "Running ..." turning for ever:
    the page says a part did not load, in its language, and its button loads the page again."""
    chunk = re.compile(r"/voici/build/[0-9]+\.js")
    dropping = [True]
    # No worker here (it would answer the page's requests itself, past the route): the page's own requests.
    context = chromium.new_context(service_workers="block", viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]

    def route(r: Any) -> None:
        if not r.request.url.startswith(LOCAL) or (dropping[0] and chunk.search(r.request.url)):
            r.abort()
        else:
            r.continue_()

    try:
        context.route("**/*", route)  # type: ignore[attr-defined]
        pg = context.new_page()  # type: ignore[attr-defined]
        pg.goto(f"{site_url}/voici/render/play.html?lang=id&seed=3&pace=manual")
        # Said where "Running ..." turns, instead of "Starting Python" (it will not start).
        said = pg.locator("#mm-site-progress[data-kind='failed']")
        expect()(said).to_contain_text("Sebagian halaman ini tidak termuat", timeout=COLD)
        expect()(said).not_to_contain_text("Python sedang dimulai")
        expect()(said.locator("button")).to_have_text("Muat ulang")
        dropping[0] = False  # the connection is back
        said.locator("button").click()
        pg.wait_for_selector(".mm-hand .mm-card", timeout=COLD)
    finally:
        context.close()  # type: ignore[attr-defined]


# Counts the site's worker's "every file kept" messages to this page (sitebuild/sw.js): one follows each fill of its
# cache, which runs once a page has drawn.
COUNT_FILLS = """navigator.serviceWorker && navigator.serviceWorker.addEventListener('message', (event) => {
  if ((event.data || {}).kind === 'mainmerah:kept') { window.mmFills = (window.mmFills || 0) + 1; } });"""
DROP = """async (url) => { for (const name of (await caches.keys()).filter(k => k.startsWith('mainmerah-')))
  { await (await caches.open(name)).delete(url); } }"""


def test_a_part_cut_under_the_sites_worker_loads_the_page_again_once(chromium: object, site_root: Path) -> None:
    """Under the site's worker a script of the page that does not arrive has the page load itself again, once
    (sitebuild/page.js, section 5): it draws. A part that is missing twice in a row is named, with its button, as
    without the worker."""
    refusals: dict[str, int] = {}

    class Refusing(QuietHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            path = self.path.split("?")[0]
            if refusals.get(path, 0) > 0:
                refusals[path] -= 1
                self.send_error(404)
                return
            super().do_GET()

    chunk = re.compile(r"/voici/build/[0-9]+\.js$")
    with local_context(chromium) as (context, outside), serving(site_root, Refusing) as url:
        pg = watched_page(context)
        pg.add_init_script(COUNT_FILLS)  # type: ignore[attr-defined]
        pg.goto(url + "/")  # type: ignore[attr-defined]
        wait_for_worker(pg, "offline")  # every file kept
        chunks: list[str] = []
        pg.on("request", lambda r: chunks.append(r.url) if chunk.search(r.url) else None)  # type: ignore[attr-defined]
        play = url + "/voici/render/play.html?seed=3&pace=manual"
        pg.goto(play)  # type: ignore[attr-defined]
        drawn(pg, ".mm-hand .mm-card")
        first = chunks[0]  # one of Voici's first scripts, asked for before anything draws

        def cut(times: int) -> None:
            """The next ``times`` requests for ``first`` fail: gone from the worker's cache, refused by the server.
            Once the worker's fill that follows the page's drawing has ended: it would find the script missing and
            ask the server for it itself (twice: a CI run saw the refusals meant for the page spent so)."""
            pg.wait_for_function("() => window.mmFills > 0", timeout=COLD)  # type: ignore[attr-defined]
            pg.evaluate(DROP, first)  # type: ignore[attr-defined]
            refusals[first.removeprefix(url)] = times

        cut(1)
        pg.notes.clear()  # type: ignore[attr-defined]
        pg.goto(play)  # type: ignore[attr-defined]
        drawn(pg, ".mm-hand .mm-card")
        assert refusals[first.removeprefix(url)] == 0, "the script was never asked for again"
        assert ("info", RETRY) in pg.notes, pg.notes  # type: ignore[attr-defined]
        assert pg.errors == [], pg.errors  # type: ignore[attr-defined]  # (Voici's error for the script: pg.retried)
        assert pg.locator("#mm-site-progress[data-kind='failed'], #mm-site-note[data-kind='failed']").count() == 0  # type: ignore[attr-defined]

        cut(2)
        pg.goto(play + "&lang=id")  # type: ignore[attr-defined]
        said = pg.locator("#mm-site-progress[data-kind='failed']")  # type: ignore[attr-defined]
        expect()(said).to_contain_text("Sebagian halaman ini tidak termuat", timeout=COLD)
        assert refusals[first.removeprefix(url)] == 0  # loaded twice: by the visitor and once by itself
        said.locator("button").click()  # the server has it again
        drawn(pg, ".mm-hand .mm-card")
    assert outside == [], f"requests left the site's origin: {outside}"


def test_a_new_build_is_picked_up_and_the_old_one_removed(chromium: object, site_root: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(site_root, site)
    with local_context(chromium) as (context, outside), serving(site) as url:
        pg = watched_page(context)
        pg.goto(url + "/")  # type: ignore[attr-defined]
        wait_for_worker(pg, "offline")
        old = pg.evaluate(CACHES)  # type: ignore[attr-defined]
        # A new build: a file changed, and the worker written for it as the build writes it.
        script = site / "mainmerah-site.js"
        script.write_text(script.read_text() + "\n// the next build\n")
        new = site_offline.write_worker(site, ROOT / "sitebuild" / "sw.js")
        pg.reload()  # type: ignore[attr-defined]
        wait_for_worker(pg, "update")
        expect()(pg.locator("#mm-site-note")).to_contain_text("A new version of the site is ready")
        expect()(pg.locator("#mm-site-note button")).to_have_text("Reload")
        # The old build's cache is removed as the new worker takes over (the page may say so a moment sooner).
        assert old != [f"mainmerah-{new}"]
        until(pg, f"async () => JSON.stringify(await ({CACHES})()) === '[\"mainmerah-{new}\"]'")
        assert pg.evaluate(CACHES) == [f"mainmerah-{new}"]  # type: ignore[attr-defined]
        # Its scripts were put in its cache while it installed: kept compiled with them, no helper needed.
        assert pg.evaluate(COMPILED), "the new build's scripts were not marked compiled"  # type: ignore[attr-defined]
        # The next page is the new build's, from the new cache.
        pg.locator("#mm-site-note button").click()  # type: ignore[attr-defined]
        pg.wait_for_load_state()  # type: ignore[attr-defined]
        body = pg.evaluate("async () => (await fetch('mainmerah-site.js')).text()")  # type: ignore[attr-defined]
        assert body.endswith("// the next build\n")
        assert pg.errors == [], pg.errors  # type: ignore[attr-defined]
    assert outside == [], f"requests left the site's origin: {outside}"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_every_page_links_the_app_manifest(site_root: Path) -> None:
    manifest = json.loads((site_root / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone"
    assert manifest["name"] and 0 < len(manifest["short_name"]) <= 12
    assert manifest["theme_color"] and manifest["background_color"]
    sizes = set()
    for icon in manifest["icons"]:
        data = (site_root / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            w, h = png_size(data)
            assert icon["sizes"] == f"{w}x{h}"
            sizes.add(w)
        else:
            assert data.startswith(b"<svg")
    assert {192, 512} <= sizes  # what phones ask for
    pages = [site_root / "index.html", *sorted((site_root / "voici" / "render").glob("*.html"))]
    for page in pages:
        up = "../" * (len(page.relative_to(site_root).parts) - 1)
        text = page.read_text()
        assert f'<link rel="manifest" href="{up}manifest.webmanifest">' in text, page
        assert f'<script src="{up}mainmerah-site.js"></script>' in text, page


def test_the_wheels_pack_holds_each_wheels_files_as_they_are(site_root: Path) -> None:
    """The pack a first visit writes instead of unpacking each wheel (sitebuild/boot.js): every file of every
    wheel of the lockfile, byte for byte, under site-packages, and nothing else but the installer's marks; but
    what no page imports (sitebuild/build.py, ``PACK_WHEELS_LEFT_OUT``, ``PACK_FILES_LEFT_OUT``): those wheels are
    not marked loaded (Pyodide would load one a cell imports)."""
    pyodide = site_root / "static" / "pyodide"
    boot = (pyodide / "mainmerah-boot.js").read_text()
    head = json.loads(boot.split("\n", 1)[0].removeprefix("var MAINMERAH_BOOT = ").removesuffix(";"))
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    wheels = set(lock["packages"]) - site_build.PACK_WHEELS_LEFT_OUT
    assert head["loaded"] == {name: "default channel" for name in sorted(wheels)}
    assert {"prompt-toolkit", "micropip"} <= set(lock["packages"]) - wheels
    body = gzip.decompress((pyodide / head["pack"]).read_bytes())
    size = int.from_bytes(body[:4], "big")
    at, packed = 4 + size, {}
    for path, length in json.loads(body[4:at]):
        packed[path], at = body[at:at + length], at + length
    assert at == len(body)
    site = f"/lib/python{head['python']}/site-packages/"
    expected, left_out = {}, []
    for name in wheels:
        with zipfile.ZipFile(pyodide / lock["packages"][name]["file_name"]) as z:
            for info in z.infolist():
                if not info.is_dir() and not info.filename.split("/")[0].endswith(".data"):
                    if site_build.PACK_FILES_LEFT_OUT.match(info.filename):
                        left_out.append(info.filename)
                    else:
                        expected[site + info.filename] = z.read(info)
    marks = {p for p in packed if p.rsplit("/", 1)[-1] in ("INSTALLER", "PYODIDE_SOURCE") and p not in expected}
    assert {p: d for p, d in packed.items() if p not in marks} == expected
    assert len(marks) == 2 * len(wheels), "each wheel's dist-info names its installer"
    for kept in ("mainmerah/pages/play.pyc", "pygments/lexers/python.pyc",
                 "mainmerah/locale/id/LC_MESSAGES/red_ten.mo"):
        assert site + kept in packed, kept
    for gone in ("pygments/lexers/ruby.pyc", "mainmerah/server/voila.pyc",
                 "mainmerah/locale/id/LC_MESSAGES/red_ten.po", "IPython/terminal/embed.pyc"):
        assert gone in left_out, gone


def test_python_modules_come_compiled_and_the_lockfile_knows_each_wheel(site_root: Path) -> None:
    """Pyodide imports bytecode (compiled at build time by its own Python), not sources it would compile at
    every page open; each wheel's sha256 is the lockfile's (Pyodide refuses a wheel that differs)."""
    pyodide = site_root / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    stubs = {"jedi", "sqlite3", "mainmerah-site-ipython"}  # no code (sitebuild/build.py)
    for name, entry in lock["packages"].items():
        wheel = pyodide / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        if name in stubs:
            continue
        assert "-cp313-none-any." in wheel.name, wheel.name
        members = zipfile.ZipFile(wheel).namelist()
        assert [m for m in members if m.endswith(".py")] == [], name
        assert any(m.endswith(".pyc") for m in members), name
    ipython = zipfile.ZipFile(pyodide / lock["packages"]["ipython"]["file_name"])
    assert b"__getattr__" in ipython.read("IPython/__init__.pyc"), "IPython imports its terminal when asked for"
    stdlib = zipfile.ZipFile(pyodide / "python_stdlib.zip").namelist()
    assert [m for m in stdlib if m.endswith(".py")] == [] and "json/__init__.pyc" in stdlib


def site_build_module() -> Any:
    """sitebuild/build.py, loaded by path (it imports offline.py from beside it)."""
    if str(ROOT / "sitebuild") not in sys.path:
        sys.path.insert(0, str(ROOT / "sitebuild"))
    spec = importlib.util.spec_from_file_location("site_build", ROOT / "sitebuild" / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_kernels_piplite_imports_micropip_only_to_install(site_root: Path, tmp_path: Path) -> None:
    """The piplite the site ships (the labextension's wheel, patched as the build does): nothing of micropip or
    unittest.mock imported with the module, each imported inside the function that installs, the rest unchanged."""
    import ast

    site_build = site_build_module()

    pypi = SITE_VENV / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    shipped = sorted(pypi.glob("piplite-*.whl"))
    if not shipped:
        pytest.fail(f"no piplite wheel in {pypi}: the site's build environment is missing (make site)")
    w = tmp_path / shipped[-1].name
    w.write_bytes(shipped[-1].read_bytes())
    before = zipfile.ZipFile(w).read(site_build.PIPLITE).decode()
    site_build.patched(w, site_build.WHEEL_PATCHES["piplite"])
    after = zipfile.ZipFile(w).read(site_build.PIPLITE).decode()
    tree = ast.parse(after)

    def names(nodes: list[ast.stmt]) -> set[str]:
        found = set()
        for node in nodes:
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                found.add(node.module or "")
        return found

    top = names(tree.body)
    assert not {n for n in top if n.startswith(("micropip", "unittest"))}, top
    functions = {f.name: names(list(ast.walk(f))) for f in tree.body  # type: ignore[arg-type]
                 if isinstance(f, ast.AsyncFunctionDef | ast.FunctionDef)}
    assert {"micropip", "unittest.mock"} <= functions["_install"]
    assert "micropip.package_index" in functions["_query_package"]
    assert "micropip.package_index" in functions["_get_pypi_json_from_index"]
    # Every other line as it was: the patch only moves imports.
    moved = {"from unittest.mock import patch", "import micropip", "from __future__ import annotations",
             "from micropip.package_index import ProjectInfo, CompatibilityLayer",
             "from micropip.package_index import query_package as _MP_QUERY_PACKAGE",
             "from micropip.package_index import ProjectInfo",
             "# (mainmerah's static site: micropip and unittest.mock are imported at the first install)"}
    kept = [line for line in before.splitlines() if line.strip() and line.strip() not in moved]
    assert kept == [line for line in after.splitlines() if line.strip() and line.strip() not in moved]


LAZY_CHECK = """
import sys
import ipywidgets, anywidget
eager = sorted(m for m in sys.modules if m.startswith("ipywidgets.widgets.") or m == "psygnal")
print("EAGER", eager)
import ipywidgets.widgets as ws
print("SAME", ipywidgets.Tab is ws.widget_selectioncontainer.Tab, ipywidgets.widgets.Output is ws.widget_output.Output,
      ipywidgets.interact is ws.interaction.interact, ipywidgets.HTML is ws.widget_string.HTML)
try:
    ipywidgets.NoSuchWidget
except AttributeError as e:
    print("MISSING", e)
print("PSYGNAL", "psygnal" in sys.modules)
from anywidget._file_contents import VirtualFileContents
seen = []
v = VirtualFileContents("a")
v.changed.connect(seen.append)
v.contents = "b"
print("SIGNAL", seen, type(VirtualFileContents.__dict__["changed"]).__module__, "psygnal" in sys.modules)
"""


def test_the_sites_widgets_import_the_classes_the_app_makes_and_the_rest_when_named(tmp_path: Path) -> None:
    """ipywidgets and anywidget as the site ships them (their wheels' files patched as the build does, in the site's
    build environment): importing them makes none of the widget classes the app never makes and no psygnal; a class
    named later is the module's own, a name that is no widget still fails, and a file's signal still works."""
    site_build = site_build_module()
    python = SITE_VENV / "bin" / "python"
    if not python.exists():
        pytest.fail(f"no {python}: the site's build environment is missing (make site)")
    found = subprocess.run([str(python), "-c", "import ipywidgets, anywidget, sys; print(ipywidgets.__path__[0])"],
                           check=True, capture_output=True, text=True).stdout.strip()
    packages = Path(found).parent
    for name in ("ipywidgets", "anywidget"):
        shutil.copytree(packages / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    for arc, old, new in [*site_build.WHEEL_PATCHES["ipywidgets"], *site_build.WHEEL_PATCHES["anywidget"]]:
        path = tmp_path / arc
        text = path.read_text()
        assert text.count(old) == 1, (arc, old)
        path.write_text(text.replace(old, new))
    out = subprocess.run([str(python), "-c", LAZY_CHECK], check=True, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(tmp_path)}).stdout
    lines = dict(line.split(" ", 1) for line in out.splitlines())
    eager = lines["EAGER"]
    for made in ("widget_string", "widget_box", "widget_button", "widget_selection", "widget_int", "widget_bool",
                 "widget_selectioncontainer", "widget_upload"):  # (the app makes their widgets: not left out)
        assert f"ipywidgets.widgets.{made}'" in eager, eager
    for lazy in site_build.LAZY_WIDGET_MODULES:
        assert f"ipywidgets.widgets.{lazy}'" not in eager, eager
    # No widget the app names is among those left out (a table would import it as it is made, and a return visit
    # would not find it in the snapshot).
    named = {m for f in (ROOT / "mainmerah").rglob("*.py")
             for m in re.findall(r"\b(?:w|W|ipywidgets|widgets)\.([A-Z]\w+)", f.read_text())}
    left_out = {n for names in site_build.LAZY_WIDGET_MODULES.values() for n in names.split(", ")}
    assert "HTML" in named and not named & left_out, named & left_out
    assert "psygnal" not in eager
    assert lines["SAME"] == "True True True True"
    assert "has no attribute 'NoSuchWidget'" in lines["MISSING"]
    assert lines["PSYGNAL"] == "False"
    assert lines["SIGNAL"] == "['b'] psygnal._signal True", lines["SIGNAL"]


def test_the_sites_kernel_formats_a_traceback_with_what_it_imports_only_then(site_root: Path) -> None:
    """The site's own Python (its Pyodide in node, the wheels' pack written as a first visit writes it): IPython's
    shell made and the widgets imported leave stack_data, pydoc, psygnal and the widgets the app never makes
    unimported; an error's traceback is still formatted, with its source lines (stack_data imported then)."""
    script = Path(__file__).with_name("site_node") / "first_imports.mjs"
    out = subprocess.run(["node", str(script), str(site_root / "static" / "pyodide")], check=True,
                         capture_output=True, text=True, timeout=300).stdout
    plain = re.sub(r"\x1b\[[0-9;]*m", "", out)
    lines = {line.split(" ", 1)[0]: line for line in plain.splitlines() if line.split(" ", 1)[0].isupper()}
    assert lines["BEFORE"] == "BEFORE []", plain
    assert lines["ERROR"] == "ERROR ZeroDivisionError"
    assert "ZeroDivisionError: division by zero" in plain and "----> 2     return 1 / 0" in plain, plain
    assert lines["AFTER"] == "AFTER ['stack_data']", plain
