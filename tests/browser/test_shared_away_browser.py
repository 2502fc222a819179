"""A closed laptop lets its seat go (real Voilà with a class folder, real Chromium, two browser contexts).

A closed laptop keeps its kernel, and so its seat's connection to the table server, alive: the server alone cannot
tell that nobody is there. So the board's page says it is shown every ``MAINMERAH_ALIVE`` seconds, and a kernel that
has heard nothing from its page for ``MAINMERAH_SILENT`` seconds lets its seat's connection go (the server's
takeover clock, ``MAINMERAH_TAKEOVER``, then runs); the page's next word opens it again. Here the three are a
fraction of a second to a few seconds: Budi's page is stopped as a closed laptop's is (CDP ``Debugger.pause``: none
of its scripts runs, its kernel and sockets untouched; ``Page.setWebLifecycleState`` "frozen" does not stop a
headless page's timers), Ani's table soon says the computer plays Budi's seat meanwhile; Budi's page is resumed,
and the seat is his again on both pages.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from conftest import VoilaServer, open_notebook
from shared_frames import WAIT, class_server, open_table

from mainmerah import tables

pytestmark = pytest.mark.browser
READY = ".mm-hand .mm-card"
MEANWHILE = "the computer plays meanwhile"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    yield from class_server(tmp_path_factory, "away", env={
        "MAINMERAH_TAKEOVER": "2", "MAINMERAH_ALIVE": "0.5", "MAINMERAH_SILENT": "3"})


def opps_say(page: Any, *words: str, absent: tuple[str, ...] = ()) -> None:
    """Wait until the page's other seats' names include every one of ``words`` and none of ``absent``."""
    page.wait_for_function(
        "([words, absent]) => { const t = document.querySelector('.mm-opps').textContent;"
        " return words.every((w) => t.includes(w)) && !absent.some((w) => t.includes(w)); }",
        arg=[list(words), list(absent)], timeout=WAIT)


def test_a_stopped_page_lets_its_seat_go_and_takes_it_back_when_it_wakes(server: VoilaServer, browser: Any) -> None:
    ani_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    budi_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        ani, budi = ani_ctx.new_page(), budi_ctx.new_page()
        open_notebook(ani, server, "play.ipynb?game=main-merah&pace=instant", READY)
        code = open_table(ani, ["Person", "Person"])
        budi.goto(server.render_url(f"play.ipynb?table={code}"), timeout=WAIT)
        budi.wait_for_selector(".mm-sh-leave", state="visible", timeout=120_000)
        budi.fill(".mm-sh-name input", "Budi")
        budi.press(".mm-sh-name input", "Enter")
        watcher = tables.connect(server.url).spectate(code, live=False)  # the seats as the server has them

        def budi_is(connected: bool, covered: bool) -> None:
            for _i in range(600):
                watcher.refresh()
                budi_seat = watcher.seats[1]
                if budi_seat["connected"] is connected and budi_seat["covered"] is covered:
                    return
                ani.wait_for_timeout(200)
            raise AssertionError(f"Budi's seat at the server: {watcher.seats[1]}")

        budi_is(connected=True, covered=False)  # here, and shown: his page speaks every 0.5 s
        cdp = budi_ctx.new_cdp_session(budi)
        cdp.send("Debugger.enable")
        cdp.send("Debugger.pause")  # the laptop closed: the page's scripts stop, its kernel lives on
        budi_is(connected=False, covered=True)  # 3 s without a word, then the server's 2 s
        opps_say(ani, f"Budi ({MEANWHILE})")

        cdp.send("Debugger.resume")  # opened again
        budi_is(connected=True, covered=False)
        opps_say(ani, "Budi", absent=("(away)", MEANWHILE))
        # Budi's page caught up with whatever the computer played for him meanwhile.
        budi.wait_for_function(
            "d => document.querySelector('.mm-header').dataset.decisions === d",
            arg=ani.get_attribute(".mm-header", "data-decisions"), timeout=WAIT)
        assert budi.text_content(".mm-sh-the-code").strip() == code
    finally:
        ani_ctx.close()
        budi_ctx.close()
