"""Play with classmates in real pages (real Voilà with a class folder, real Chromium, two browser contexts).

Ani opens **Play with others** on the table page (1280 px), seats a second person and gets the code and the
join link; Budi (a phone, 390 px) opens the link and takes the next free seat at once, then gives a name. They
play a whole Main Merah game against each other by clicking, through three faults that each lose nothing:
Budi's page reloaded, Budi's kernel killed, the whole server restarted (every page comes back into its seat: the
Keeper kept the token, the address the code, the class folder the table). **Every websocket frame each page receives is
recorded** and none holds a card of the other seat's hand at that moment (the hands known by replaying the
table's save file, which the server keeps in the class folder, through the engine). The home page's **Join a
table** form leads to the same link. Screenshots: tests/artifacts/shared-*.png.
"""

from __future__ import annotations

import json
import os
import re
import signal
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import VoilaServer, open_notebook, reload, screenshot
from shared_frames import WAIT, Frames, check_frames, class_server, saved_game, whose_turn
from test_table import card_class, full_shot, hand, table

import mainmerah as mm
from mainmerah.families.fishing.rules import PARTNER
from mainmerah.table.board import board_js

pytestmark = pytest.mark.browser
READY = ".mm-hand .mm-card"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    yield from class_server(tmp_path_factory)


def wait_turn_or_end(page: Any, other: Any) -> Any:
    """Whichever page is to play (or None once the game is over on both)."""
    return whose_turn([page, other])


def play_turn(page: Any) -> None:
    before = page.get_attribute(".mm-header", "data-decisions")
    if page.locator(".mm-tablecards .mm-card.mm-choice").count():  # a capture to choose
        options = page.eval_on_selector_all(".mm-tablecards .mm-card.mm-choice", "els => els.map(e => e.textContent)")
        page.click(f".mm-tablecards .mm-choice.{card_class(mm.Card.parse(options[0]))}")
    else:
        h, t = hand(page), table(page)
        card = next((c for c in h if any(x.rank == PARTNER[c.rank] for x in t)), h[0])
        page.click(f".mm-hand .{card_class(card)}")
        page.wait_for_selector(f".mm-hand .mm-selected.{card_class(card)}", timeout=WAIT)
        page.click(".mm-play")
    page.wait_for_function("d => document.querySelector('.mm-header').dataset.decisions !== d", arg=before,
                           timeout=WAIT)


def back_in_the_seat(page: Any, code: str, fault: str) -> None:
    """After ``fault``, a reload of ``page`` comes back into its seat at table ``code`` with the hand it had."""
    hand_before = len(hand(page))  # as drawn before the fault (no move can happen at a table without this seat)
    reload(page, ".mm-hand .mm-card:not(.mm-empty)")
    page.wait_for_selector(".mm-sh-leave", state="visible", timeout=WAIT)
    assert page.text_content(".mm-sh-the-code").strip() == code, fault
    page.wait_for_function("n => document.querySelectorAll('.mm-hand .mm-card:not(.mm-empty)').length === n",
                           arg=hand_before, timeout=WAIT)


def test_the_frame_check_sets_aside_the_boards_script_and_nothing_else() -> None:
    """The check itself, on frames made here (no browser): the board's script names "10H" in a comment, which is
    no card of anyone's, while a card of the other hand anywhere else (or in a script that is not the board's)
    fails it, as a frame sent before any header is held to the next frame's moment."""
    game = next(g for s in range(200) if mm.Card.parse("10H") in (g := mm.Game.new(2, "classic", s)).hands[0])
    mine = [str(c) for c in game.hands[1]]

    def message(state: dict[str, Any]) -> str:
        return json.dumps({"content": {"data": {"state": state}}}, ensure_ascii=False)

    def check(*states: dict[str, Any]) -> int:
        frames = Frames(None)
        frames.payloads = [message(s) for s in states]
        return check_frames(frames, game, 1)

    drawn = {"header": {"decisions": 0}, "hand": mine}
    assert "10H" in board_js()
    assert check({"_anywidget_id": "BoardView", "_esm": board_js()}, drawn) == 1
    for leak in ({"_esm": board_js() + "// 10H"}, {"log": ["Ani holds 10♥"]}, {"hand": [*mine, "10H"]}):
        with pytest.raises(AssertionError, match="10♥"):
            check(leak, drawn)


def test_two_people_play_a_whole_game_at_a_shared_table(server: VoilaServer, browser: Any) -> None:
    ani_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    budi_ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        ani, budi = ani_ctx.new_page(), budi_ctx.new_page()
        ani_frames, budi_frames = Frames(ani), Frames(budi)
        open_notebook(ani, server, "play.ipynb?game=main-merah&pace=fast", READY)
        panel = ".mm-shared"
        ani.wait_for_selector(f"{panel} .mm-sh-open", timeout=WAIT)
        ani.select_option(f"{panel} .mm-share-row-1 select", label="Person")
        ani.fill(f"{panel} .mm-sh-name input", "Ani")
        ani.press(f"{panel} .mm-sh-name input", "Enter")
        full_shot(ani, "shared-create-1280")
        ani_frames.from_now_on(ani, "main-merah")
        ani.click(f"{panel} .mm-sh-open")
        ani.wait_for_selector(".mm-sh-the-code", timeout=WAIT)
        code = ani.text_content(".mm-sh-the-code").strip()
        assert re.fullmatch(r"[A-Z0-9]{6}", code)
        assert f"table={code}" in ani.url  # a reload comes back to the table
        link = ani.get_attribute(".mm-sh-link", "href")
        assert link is not None and link.endswith(f"table={code}")

        # Budi, on a phone and in Chinese: the home page's Join a table (no kernel), the code as typed on a phone.
        budi.goto(server.url + "/?lang=zh")
        budi.fill("#mmh-join-code", code.lower())
        screenshot(budi, "shared-home-join-390-zh")
        budi.click(".mmh-join-go")
        budi.wait_for_selector(READY, timeout=120_000)  # the join link: a seat at once
        assert code in budi.url.upper() and "lang=zh" in budi.url
        budi.wait_for_selector(".mm-sh-leave", state="visible", timeout=WAIT)
        assert "离开牌桌" in budi.text_content(".mm-sh-leave")
        assert budi.text_content(".mm-sh-the-code").strip() == code
        budi.fill(".mm-sh-name input", "Budi")
        budi.press(".mm-sh-name input", "Enter")
        ani.wait_for_function("() => document.querySelector('.mm-opps').textContent.includes('Budi')", timeout=WAIT)
        full_shot(ani, "shared-table-1280")
        full_shot(budi, "shared-table-390-zh")
        moves = 0
        faults = {6: "reload", 10: "kernel killed", 14: "server restarted"}  # each loses nothing
        while (page := wait_turn_or_end(ani, budi)) is not None:
            play_turn(page)
            moves += 1
            fault = faults.pop(moves, None)
            if fault == "kernel killed":
                kernel = budi.evaluate("window.jupyterapp.widgetManager.kernel.id")
                os.kill(server.kernel_pid(kernel), signal.SIGKILL)
            if fault == "server restarted":
                server.restart()  # every kernel gone; the tables come back from the class folder
            if fault is not None:
                for p in (budi, ani) if fault == "server restarted" else (budi,):
                    back_in_the_seat(p, code, fault)
            assert moves < 200
        assert not faults, f"the game ended before {sorted(faults.values())}"
        game = saved_game(server, code)
        assert game.is_over and len(game.choices) == moves
        for p in (ani, budi):
            p.wait_for_selector(".mm-gameover:not(.mm-hidden)", timeout=WAIT)
        full_shot(ani, "shared-over-1280")
        assert check_frames(ani_frames, game, 0) > 20
        assert check_frames(budi_frames, game, 1) > 20
    finally:
        ani_ctx.close()
        budi_ctx.close()
