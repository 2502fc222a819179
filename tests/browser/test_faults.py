"""Faults under a student: the kernel dies mid-game, the server restarts mid-game.

Both times the page must say plainly that the game stopped (the classroom template's
banner, config/classroom), a reload must give a fresh working game, and the game saved
before the fault (the table's save text, the engine's save file) must load and play on.
"""

from __future__ import annotations

import os
import signal
import sys
import time

import pytest
from conftest import ROOT, require_browser, screenshot

sys.path.insert(0, str(ROOT / "benchmarks"))
from load_test import APP, READY, SETTLE, STATE, ClassroomServer  # noqa: E402

import mainmerah as mm  # noqa: E402
from mainmerah.server.status import connection_texts  # noqa: E402

pytestmark = pytest.mark.browser
WAIT = 60_000
BANNER = ".mm-connection-status:not([hidden])"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    require_browser()
    s = ClassroomServer(tmp_path_factory.mktemp("faults"), pools={APP: 1})
    yield s
    s.stop()


def decisions(page) -> int:  # noqa: ANN001
    return int(page.get_attribute(".mm-header", "data-decisions"))


def play_until(page, count: int) -> None:  # noqa: ANN001
    """Click (select, then play; take a table card when asked) until ``count`` decisions are made."""
    for _ in range(200):
        page.evaluate(SETTLE, 80)
        st = page.evaluate(STATE)
        assert not st["banner"], st["banner"]
        if int(st["decisions"]) >= count or st["over"]:
            return
        before = st["decisions"]
        if st["choice"]:
            page.locator(".mm-tablecards .mm-card.mm-choice").first.click()
        else:
            if not st["selected"]:
                page.locator(".mm-hand .mm-card:not(.mm-empty)").first.click()
                page.wait_for_selector(".mm-hand .mm-card.mm-selected", timeout=WAIT)
            page.locator(".mm-hand .mm-card.mm-selected").first.click()
        page.wait_for_function("d => document.querySelector('.mm-header').dataset.decisions !== d", arg=before,
                               timeout=WAIT)
    raise AssertionError(f"could not reach {count} decisions")


def save_text(page) -> str:  # noqa: ANN001
    page.fill(".mm-save textarea", "", force=True)  # empty (and synced), so the new text is seen arriving
    page.click(".mm-save-button")
    page.wait_for_function("() => document.querySelector('.mm-save textarea').value.length > 10", timeout=WAIT)
    return page.input_value(".mm-save textarea")


def start_game(page, server: ClassroomServer, seed: int) -> mm.Game:  # noqa: ANN001
    page.goto(server.render_url(f"{APP}?seed={seed}&players=2&pace=instant"), timeout=WAIT)
    page.wait_for_selector(READY, timeout=WAIT)
    play_until(page, 4)
    saved = save_text(page)
    game = mm.Game.from_json(saved)  # the engine's own save file
    assert len(game.choices) == decisions(page) >= 4 and not game.is_over
    return game


def says_stopped(page) -> None:  # noqa: ANN001
    """The banner says plainly that the game stopped, and how to go on."""
    page.wait_for_selector(f"{BANNER}[data-state='stopped']", timeout=WAIT)
    texts = connection_texts()
    text = page.text_content(BANNER)
    assert texts["stopped"] in text and texts["saved"] in text and texts["reload"] in text
    assert page.get_attribute(BANNER, "role") == "alert"


def reload_loads_and_plays_on(page, server: ClassroomServer, saved: mm.Game, shot: str) -> None:  # noqa: ANN001
    """Reload from the banner: the game comes back as the browser kept it; a save file still loads and plays on."""
    screenshot(page, shot)
    with page.expect_navigation(timeout=WAIT):
        page.click(f"{BANNER} .mm-connection-reload")
    page.wait_for_selector(READY, timeout=WAIT)
    assert page.query_selector(BANNER) is None
    # The browser kept the game (widgets/kept_table.py): at least the decisions saved before the stop.
    page.wait_for_function("n => Number(document.querySelector('.mm-header').dataset.decisions) >= n",
                           arg=len(saved.choices), timeout=WAIT)
    kept = mm.Game.from_json(save_text(page))
    assert kept.choices[: len(saved.choices)] == saved.choices and kept.setup == saved.setup
    page.click(".mm-load-button")  # with an empty box: the box opens, asking for the text
    page.wait_for_selector(".mm-save textarea", state="visible", timeout=WAIT)
    page.fill(".mm-save textarea", saved.to_json())
    page.click(".mm-load-button")
    page.wait_for_function("n => document.querySelector('.mm-header').dataset.decisions === String(n)",
                           arg=len(saved.choices), timeout=WAIT)
    loaded = mm.Game.from_json(save_text(page))
    assert loaded.choices == saved.choices and loaded.setup == saved.setup
    play_until(page, len(saved.choices) + 2)
    on = mm.Game.from_json(save_text(page))
    assert on.choices[: len(saved.choices)] == saved.choices and len(on.choices) >= len(saved.choices) + 2


def kernel_of(page) -> str:  # noqa: ANN001
    return page.evaluate("window.jupyterapp.widgetManager.kernel.id")


def test_kernel_dies_mid_game(server: ClassroomServer, page) -> None:  # noqa: ANN001
    saved = start_game(page, server, seed=21)
    kernel = kernel_of(page)
    pid = server.kernel_pids()[kernel]
    os.kill(pid, signal.SIGKILL)
    says_stopped(page)
    reload_loads_and_plays_on(page, server, saved, "fault-kernel-killed")
    assert kernel_of(page) != kernel
    # The dead game's kernel (restarted empty by the server) went with the old page.
    deadline = time.monotonic() + 30
    while kernel in server.kernel_pids() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert kernel not in server.kernel_pids()
    assert page.errors == []


def test_server_restarts_mid_game(server: ClassroomServer, page) -> None:  # noqa: ANN001
    saved = start_game(page, server, seed=22)
    server.restart()  # same port, every kernel gone
    says_stopped(page)
    reload_loads_and_plays_on(page, server, saved, "fault-server-restarted")
    assert page.errors == []



def test_closing_a_tab_frees_its_kernel_at_once(server: ClassroomServer, browser) -> None:  # noqa: ANN001
    """A tab closed normally shuts its kernel down (Voila's unload beacon, given an _xsrf cookie by
    the classroom template); the culler is only for tabs that vanish without a goodbye."""
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(server.render_url(f"{APP}?seed=24&pace=instant"), timeout=WAIT)
        page.wait_for_selector(READY, timeout=WAIT)
        kernel = kernel_of(page)
        assert kernel in server.kernel_pids()
        page.close(run_before_unload=True)
        deadline = time.monotonic() + 20  # the config culls after 30 minutes: this is not the culler
        while kernel in server.kernel_pids() and time.monotonic() < deadline:
            time.sleep(0.25)
        assert kernel not in server.kernel_pids(), "a closed tab left its kernel running"
    finally:
        context.close()
    assert "_xsrf' argument missing" not in server.log_text()
