"""Fixtures for the browser tests: a real Voila server and a real Chromium.

Chromium is Debian's (/usr/bin/chromium), driven through Python playwright;
we never download a browser. Without Chromium the tests skip loudly, unless
MAINMERAH_REQUIRE_BROWSER=1 (set by .ci/run), where a skip becomes a failure.
"""

from __future__ import annotations

import collections
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import processes
import psutil
import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = os.environ.get("MAINMERAH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]


def require_browser() -> None:
    """Skip (loudly) without Chromium; in CI a missing browser is a failure."""
    if Path(CHROMIUM).exists():
        return
    msg = f"Chromium not found at {CHROMIUM}: browser tests need `apt-get install chromium`"
    if os.environ.get("MAINMERAH_REQUIRE_BROWSER") == "1":
        pytest.fail(msg + " (MAINMERAH_REQUIRE_BROWSER=1: skipping is not allowed here)")
    pytest.skip(msg)


class VoilaServer:
    """A Voila server on a free port serving ``notebooks/`` (started by a fixture)."""

    def __init__(self, root: Path = ROOT / "notebooks", extra: list[str] | None = None,
                 launcher: list[str] | None = None, ready_path: str = "/") -> None:
        self.ready_path = ready_path
        self.port = processes.free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        voila = shutil.which("voila", path=str(Path(sys.executable).parent)) or "voila"
        self.log = ARTIFACTS / f"voila-{self.port}.log"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        cmd = [
            *(launcher or [voila]), str(root), f"--port={self.port}", "--no-browser", "--Voila.ip=127.0.0.1",
            # On its own port or not at all (a server that moved on would leave the test asking another).
            "--Voila.port_retries=0",
            f"--Voila.config_file_paths={ROOT}", "--VoilaConfiguration.template=mainmerah-app",
            # Times in the log: a page that never showed is told apart from one that showed late.
            "--Voila.log_format=%(asctime)s.%(msecs)03d %(name)s %(levelname)s | %(message)s",
            "--Voila.log_datefmt=%H:%M:%S",
            # A new kernel's start may take over the default minute on a busy 2-core CI machine (it did once:
            # the page stayed at "Running ..." with no kernel); the tests' pages wait two minutes for it.
            "--VoilaExecutor.startup_timeout=150", *(extra or []),
        ]
        self._logf = open(self.log, "w")  # noqa: SIM115 (closed in stop())
        # The app's page template (Voila's own less its CDN links) lives in config/app, as for `make app`.
        env = {**os.environ, "JUPYTER_PATH": os.pathsep.join(
            p for p in (str(ROOT / "config" / "app"), os.environ.get("JUPYTER_PATH", "")) if p)}
        self._cmd, self._env = cmd, env
        self.proc = processes.spawn(cmd, stdout=self._logf, stderr=subprocess.STDOUT, cwd=ROOT, env=env)
        self._wait()

    def restart(self) -> None:
        """Stop the server (every kernel with it) and start it again on the same port, as a machine's restart does."""
        processes.stop(self.proc)
        self.proc = processes.spawn(self._cmd, stdout=self._logf, stderr=subprocess.STDOUT, cwd=ROOT, env=self._env)
        self._wait()

    def kernel_pid(self, kernel: str) -> int:
        """The process of this server's kernel ``kernel`` (by id)."""
        for p in psutil.Process(self.proc.pid).children(recursive=True):
            try:
                if kernel in " ".join(p.cmdline()):
                    return int(p.pid)
            except psutil.Error:
                continue
        raise LookupError(f"no kernel {kernel} under the server")

    def _wait(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited early; log: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(self.url + self.ready_path, timeout=2) as r:
                    if r.status < 500:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"voila did not answer within {timeout}s; log: {self.log}")

    def render_url(self, notebook: str) -> str:
        return f"{self.url}/voila/render/{notebook}"

    def kernels(self) -> set[str]:
        """The ids of the kernels this server runs now (from their connection files' names)."""
        return kernel_ids(psutil.Process(self.proc.pid).children(recursive=True))

    def stop(self) -> None:
        processes.stop(self.proc)
        self._logf.close()


def kernel_ids(candidates: list[psutil.Process]) -> set[str]:
    """The Jupyter kernels among ``candidates``, by id (each kernel's command line names its connection file)."""
    found = set()
    for p in candidates:
        try:
            m = re.search(r"kernel-([0-9a-f-]{36})\.json", " ".join(p.cmdline()))
        except psutil.Error:
            continue
        if m:
            found.add(m.group(1))
    return found


@pytest.fixture(scope="session")
def voila(voila_app: VoilaServer) -> VoilaServer:
    """The one Voila server of this worker's browser tests: ``make app``'s (see ``voila_app``)."""
    return voila_app


# Chromium's headless mode draws, in every window a test opens, the address bar's suggestions as a web page of
# their own (chrome://omnibox-popup.top-chrome): no test looks at it, and it cost about 0.3 s of CPU a page load
# (1.9 -> 1.6 s of Chromium's CPU a Voila page, measured in turns), on a CI machine whose two cores are the limit.
# Chromium 156 draws it again under two more features (its "AI mode" popup, omnibox_popup_aim.html): 0.4 s of
# the machine's CPU a window (six fresh contexts, 4.7 -> 2.4 s).
QUIET = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]


def quiet_features(p: Any) -> str:
    """``--disable-features`` with :data:`QUIET` besides the features Playwright turns off itself. Chromium reads only
    the last such switch, so Playwright's own (it can change with its version) is read from a browser it launches."""
    before = {c.pid for c in psutil.Process().children(recursive=True)}
    first = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        browsers = launched_chromiums(but=before)
    finally:
        first.close()
    if len(browsers) != 1:
        raise RuntimeError(f"expected the one Chromium Playwright launched, found {len(browsers)}")
    switches = [a.removeprefix("--disable-features=") for a in browsers[0] if a.startswith("--disable-features=")]
    playwrights = switches[-1].split(",") if switches else []
    return "--disable-features=" + ",".join(dict.fromkeys([*playwrights, *QUIET]))


def chromium_args(p: Any) -> list[str]:
    """Every switch the tests' Chromium is launched with (the benchmarks' too: they measure pages, not its popup)."""
    return [*CHROMIUM_ARGS, quiet_features(p)]


def launched_chromiums(but: set[int] | frozenset[int] = frozenset()) -> list[list[str]]:
    """The command lines of the Chromium browsers Playwright launched under this process (pids in ``but`` aside),
    each once. A process Chromium forks (a renderer, say) shows the browser's command line until it writes its
    own over it, and for a moment both at once (seen in CI: "--type=renderer" among the browser's switches): a
    process with a ``--type`` is not a browser, and one still showing the browser's line is that browser again."""
    lines = (cmdline(c) for c in psutil.Process().children(recursive=True) if c.pid not in but)
    browsers = (tuple(args) for args in lines
                if "--remote-debugging-pipe" in args and not any(a.startswith("--type=") for a in args))
    return [list(args) for args in dict.fromkeys(browsers)]


def cmdline(proc: psutil.Process) -> list[str]:
    try:
        return list(proc.cmdline())
    except psutil.Error:  # gone meanwhile
        return []


def this_machine() -> frozenset[str]:
    """Where a page may send a request: a server of this machine (the tests' servers listen on 127.0.0.1, one on
    the machine's network address: test_security.py), or no network at all (data: and blob: URLs)."""
    addresses = {a.address.split("%")[0] for nic in psutil.net_if_addrs().values() for a in nic
                 if a.family in (socket.AF_INET, socket.AF_INET6)}
    return frozenset({"127.0.0.1", "localhost", "data", "blob", *addresses})


HERE = this_machine()
# Every request of a browser test's pages that went elsewhere: (the test, the URL). Each test fails on its own
# (:func:`nothing_leaves_the_server`).
AWAY: list[tuple[str, str]] = []


def host(url: str) -> str:
    """The host a request goes to ("data" and "blob" for those URLs)."""
    return urlsplit(url).hostname or url.split(":")[0]


def watching(context: Any) -> Any:
    """Record every request of ``context``'s pages (and of the service workers they start) that leaves this
    machine."""
    def seen(r: Any) -> None:
        if host(r.url) not in HERE:
            AWAY.append((os.environ.get("PYTEST_CURRENT_TEST", "?"), r.url))

    context.on("request", seen)
    return context


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """The worker's one Chromium. Its pages close as a visitor's tabs do (see :func:`closing_as_a_visitor`), and
    every request they make is watched (:func:`nothing_leaves_the_server`)."""
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=chromium_args(p), headless=True)
        new_context, new_page = b.new_context, b.new_page

        def visitor_context(*args: object, **kwargs: object) -> object:
            return watching(closing_as_a_visitor(new_context(*args, **kwargs)))

        def own_context_page(*args: object, **kwargs: object) -> object:
            pg = new_page(*args, **kwargs)  # (its own context, made by playwright: watched before it loads)
            watching(pg.context)
            return pg

        b.new_context = visitor_context  # type: ignore[method-assign]
        b.new_page = own_context_page  # type: ignore[method-assign]
        yield b
        b.close()


@pytest.fixture(autouse=True)
def nothing_leaves_the_server() -> Iterator[None]:
    """No request of any page a browser test opens leaves the server: Voila's own page template links Font Awesome
    on a CDN, which the app's template (config/app, found through JUPYTER_PATH as ``make app`` and the fixtures
    set it) drops; the static site's build drops it too. Every page of every test is watched, for as long as it
    is open (tests/browser/test_no_cdn.py checks the watch)."""
    start = len(AWAY)
    yield
    away = AWAY[start:]
    del AWAY[start:]
    assert not away, f"requests left the server: {away}"


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    """A fresh 1280x800 page; console errors are collected on ``page.errors``."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.console_lines = collections.deque(maxlen=30)  # the last errors and warnings, for a failure's message
    pg.on("console", lambda m: m.type in ("error", "warning") and pg.console_lines.append(f"{m.type}: {m.text[:300]}"))
    yield pg
    context.close()


def closing_as_a_visitor(context: Any) -> Any:
    """Make ``context.close()`` and its pages' ``close()`` close as a visitor closing a tab does.

    Voila's page shuts its kernel down from its ``beforeunload`` handler, which playwright's
    ``close()`` does not run: every test page used to keep its kernel until the culler came (one
    test server held 28). Here a page's ``close()`` runs the handler and returns once the page is
    closed and its kernel gone (waited for a bounded time); the context's closes its pages so.
    ``context.closed_kernels``: the kernels its pages had (tests/browser/test_processes_browser.py).
    """
    context.closed_kernels = set()

    def visitor_page(pg: Any) -> Any:
        if getattr(pg, "_closes_as_a_visitor", False):
            return pg
        close = pg.close

        def close_tab(**kwargs: Any) -> None:
            if pg.is_closed():
                return
            try:
                kernel = pg.evaluate("() => window.jupyterapp?.widgetManager?.kernel?.id ?? null")
            except Exception:  # noqa: BLE001 (a page that crashed has no kernel left to free)
                kernel = None
            try:
                with pg.expect_event("close", timeout=30_000):
                    close(**{**kwargs, "run_before_unload": True})
            except Exception:  # noqa: BLE001 (a page that hangs in its handler is closed without it)
                close(**kwargs)
            if kernel:
                context.closed_kernels.add(kernel)
                deadline = time.monotonic() + 20
                while kernel in running_kernels() and time.monotonic() < deadline:
                    time.sleep(0.1)

        pg.close = close_tab
        pg._closes_as_a_visitor = True
        return pg

    new_page, close_context = context.new_page, context.close
    context.on("page", visitor_page)  # pages the site opens itself
    context.new_page = lambda: visitor_page(new_page())

    def close(**kwargs: Any) -> None:
        for pg in list(context.pages):
            visitor_page(pg).close()
        close_context(**kwargs)

    context.close = close
    return context


def running_kernels() -> set[str]:
    """Every kernel this test process has started, through whichever server (tests/processes.py's tag)."""
    return kernel_ids(processes.tagged(processes.owner_tag()))


def open_notebook(page: object, server: VoilaServer, notebook: str, ready: str, timeout: float = 120_000) -> None:
    """Open a notebook as a Voila app and wait until ``ready`` (a CSS selector) shows. Two minutes at most
    each: a page that finds no preheated kernel runs its notebook from the start, and on a busy 2-core
    machine (CI with its workers and their browsers) that has taken more than one."""
    page.goto(server.render_url(notebook), timeout=timeout)  # type: ignore[attr-defined]
    try:
        page.wait_for_selector(ready, timeout=timeout)  # type: ignore[attr-defined]
    except Exception as e:
        raise AssertionError(f"{notebook} did not show {ready}: {e}\n{what_the_page_shows(page, server)}") from e


def reload(page: object, ready: str, timeout: float = 120_000) -> None:
    """Reload ``page`` and wait until ``ready`` shows: as long as a first open may take (the reload's kernel may
    be the pool's refill, still starting on a loaded machine)."""
    page.reload(timeout=timeout)  # type: ignore[attr-defined]
    try:
        page.wait_for_selector(ready, timeout=timeout)  # type: ignore[attr-defined]
    except Exception as e:
        raise AssertionError(f"after a reload {ready} did not show: {e}\n{what_the_page_said(page)}") from e


def what_the_page_said(page: Any) -> str:
    """A page's text, errors, console errors and the classes of the app's elements it has (drawn or hidden)."""
    text = page.inner_text("body")[-600:]
    shown = page.evaluate("""() => [...document.querySelectorAll('[class*="mm-"]')].slice(0, 60).map(e =>
        [...e.classList].filter(c => c.startsWith('mm-')).join('.') + (e.offsetParent === null ? '(hidden)' : ''))""")
    console = "\n".join(getattr(page, "console_lines", []))
    return (f"page text: {text!r}\npage errors: {getattr(page, 'errors', [])}\nconsole:\n{console}\n"
            f"app elements: {shown}")


def what_the_page_shows(page: object, server: VoilaServer) -> str:
    """For a page that never showed: its text and kernel, and the end of its server's log (a CI run keeps no
    artifacts, so the failure's message is all there is to go on)."""
    try:
        text = page.inner_text("body")[-600:]  # type: ignore[attr-defined]
        kernel = page.evaluate("() => window.jupyterapp?.widgetManager?.kernel?.id ?? null")  # type: ignore[attr-defined]
    except Exception as e:  # noqa: BLE001 - a crashed page: say so
        text, kernel = f"(page unreadable: {e})", None
    try:
        log = server.log.read_text(errors="replace").splitlines()
    except OSError:
        log = []
    noise = ("not trusted", "without encryption", "No such comm", "Adapting from protocol")
    tail = "\n".join(line for line in log if not any(n in line for n in noise))[-4000:]
    return f"page text: {text!r}\npage kernel: {kernel}\nlive kernels: {sorted(server.kernels())}\n" \
           f"server log (end):\n{tail}"


# Screenshots are for a person to look at (tests/artifacts/): no test compares them. CI, where nobody looks at
# them, takes none (.ci/run sets MAINMERAH_SCREENSHOTS=0): each cost Chromium 0.15-0.35 s of CPU, and a run
# took about 180 on a 2-core machine that the run keeps busy. The pages are still drawn, resized and checked.
SCREENSHOTS = os.environ.get("MAINMERAH_SCREENSHOTS", "1") != "0"


def save_shot(target: Any, name: str, **options: object) -> Path:
    """``target`` (a page or a locator) as tests/artifacts/<name>.png, unless screenshots are off (CI)."""
    path = ARTIFACTS / f"{name}.png"
    if SCREENSHOTS:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(path), **options)
    return path


def screenshot(page: object, name: str) -> Path:
    return save_shot(page, name, full_page=True)


def tall_shot(page: Any, name: str, content: str, *, margin: int = 24, element: bool = False) -> Path:
    """The element ``content`` (a selector) whole: Voila scrolls inside its page, so a full-page shot would stop at
    the fold; the viewport grows to hold it for the shot (of the page, or of the element), then goes back. Nothing
    at all when screenshots are off (CI)."""
    path = ARTIFACTS / f"{name}.png"
    if not SCREENSHOTS:
        return path
    size = page.viewport_size
    bottom = page.evaluate("s => Math.ceil(document.querySelector(s).getBoundingClientRect().bottom)", content)
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], bottom + margin)})
    save_shot(page.locator(content).first if element else page, name)
    page.set_viewport_size(size)
    return path


@pytest.fixture(scope="session")
def voila_app() -> Iterator[VoilaServer]:
    """The server of ``make app``: Voila with the games' home page at the root URL."""
    require_browser()
    # Polled at the listing (the root page is drawn without a kernel, but the listing is Voila's own).
    server = VoilaServer(launcher=[sys.executable, "-m", "mainmerah.server.voila"], ready_path="/voila/tree")
    yield server
    server.stop()
