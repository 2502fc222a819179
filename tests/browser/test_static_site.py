"""The static site (``make site``) in a real Chromium, served on 127.0.0.1, with no other origin reachable.

The site is built once per run into ``.site-build/test-site`` (about 15-60 s: its build environment
``.site-build/venv`` is made on the first run, then reused), unless ``MAINMERAH_SITE`` names a built
site to test instead. Every request to anything but the loopback server is blocked and counted: the
count must be 0. Python starts in the browser, so the first wait is long (a cold start here: 13-18 s;
the limit is generous for a loaded CI machine).

A reload keeps the game here too: the page's browser storage is read by the kernel that runs in the
page itself, and checked by it like any input.
"""

from __future__ import annotations

import fcntl
import functools
import http.server
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import mainmerah as mm
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


@pytest.fixture(scope="module")
def site_url() -> Iterator[str]:
    require_browser()  # before the build: without Chromium there is nothing to look with
    root = build_site()
    assert (root / "index.html").exists(), f"no site at {root}"
    handler = functools.partial(QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def chromium(browser: object) -> object:
    """The browser tests' one Chromium (a second playwright in this process is refused)."""
    return browser


@pytest.fixture
def offline_page(chromium: object) -> Iterator[object]:
    """A fresh context (a real cold start: empty cache and storage) that reaches 127.0.0.1 only."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    outside: list[str] = []

    def route(r: object) -> None:
        url = r.request.url  # type: ignore[attr-defined]
        if url.startswith(("http://127.0.0.1:", "data:", "blob:")):
            r.continue_()  # type: ignore[attr-defined]
        else:
            outside.append(url)
            r.abort()  # type: ignore[attr-defined]

    context.route("**/*", route)
    pg = context.new_page()
    pg.outside = outside
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    yield pg
    context.close()
    assert outside == [], f"requests left the site's origin: {outside}"


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


def test_tutorial_first_task(offline_page: object, site_url: str) -> None:
    pg = offline_page
    # ?lang= reaches the kernel too (the lessons read the same QUERY_STRING as the table).
    pg.goto(site_url + "/voici/render/tutorial.html?lang=id")  # type: ignore[attr-defined]
    expect()(pg.locator("#mm-site-progress")).to_contain_text("Python sedang dimulai", timeout=WAIT)
    pg.wait_for_selector(".mm-lesson-cards", timeout=COLD)  # type: ignore[attr-defined]
    expect()(pg.locator(".mm-progress-text")).to_contain_text("Pelajaran 1 dari 6")
    for card in ("A♥", "K♠", "7♦", "9♥", "2♦", "A♣", "Q♦", "5♣"):
        c = mm.Card.parse(card)
        pg.locator(f".mm-task-reveal .mm-c-{c.rank_text}{c.suit}").first.click()  # type: ignore[attr-defined]
        expect()(pg.locator(".mm-task-reveal > .mm-feedback").first).to_contain_text(card, timeout=WAIT)
    expect()(pg.locator(".mm-task-reveal").first).to_have_class(re.compile(r"mm-solved"), timeout=WAIT)
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


def test_table_plays_and_the_computer_answers(offline_page: object, site_url: str) -> None:
    pg = offline_page
    seed, card = first_play_without_a_choice(3, "classic")
    # The query string reaches the kernel in its worker: three players, this seed, the computer quick.
    pg.goto(site_url + f"/voici/render/play.html?seed={seed}&players=3&pace=fast")  # type: ignore[attr-defined]
    pg.wait_for_selector(".mm-hand .mm-card", timeout=COLD)  # type: ignore[attr-defined]
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
    assert pg.errors == [], pg.errors  # type: ignore[attr-defined]


def hand_codes(pg: object) -> list[str]:
    return pg.eval_on_selector_all(  # type: ignore[attr-defined]
        ".mm-hand .mm-card:not(.mm-empty)", "els => els.map(e => e.getAttribute('title'))")


def test_a_deal_code_and_a_reload_that_keeps_the_game(offline_page: object, site_url: str) -> None:
    pg = offline_page
    seed, card = first_play_without_a_choice(2, "classic")
    # A teacher's deal code in the URL (?code=), read by the kernel in the page as under Voila.
    code = encode(2, "classic", seed)
    pg.goto(site_url + f"/voici/render/play.html?code={code}&pace=fast")  # type: ignore[attr-defined]
    pg.wait_for_selector(".mm-hand .mm-card", timeout=COLD)  # type: ignore[attr-defined]
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
    pg.wait_for_selector(".mm-hand .mm-card", timeout=COLD)  # type: ignore[attr-defined]
    expect()(pg.locator(".mm-prompt")).to_contain_text("Welcome back", timeout=WAIT)
    assert hand_codes(pg) == before
    expect()(pg.locator(".mm-status")).to_contain_text("Your turn")
    assert pg.errors == [], pg.errors  # type: ignore[attr-defined]


def test_a_puzzle_is_solved_in_the_browser(offline_page: object, site_url: str) -> None:
    pg = offline_page
    p = mm.puzzles("main-merah", level=1)[0]
    pg.goto(site_url + "/voici/render/puzzles.html")  # type: ignore[attr-defined]
    pg.wait_for_selector(".mm-pz-hand .mm-card", timeout=COLD)  # type: ignore[attr-defined]
    best = mm.Card.parse(p.best)
    pg.locator(f".mm-pz-hand .mm-c-{best.rank_text}{best.suit}").first.click()  # type: ignore[attr-defined]
    expect()(pg.locator(".mm-pz-feedback").first).to_contain_text(f"Right: {p.best} is the best card", timeout=WAIT)
    expect()(pg.locator(".mm-pz-counter").first).to_contain_text("1 solved", timeout=WAIT)
    assert pg.errors == [], pg.errors  # type: ignore[attr-defined]
