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
import struct
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ARTIFACTS, VoilaServer, open_notebook, reload, require_browser
from test_table import card_class, full_shot, hand, table

import mainmerah as mm
from mainmerah.core import registry
from mainmerah.families.fishing.rules import PARTNER
from mainmerah.table.board import board_js

pytestmark = pytest.mark.browser
WAIT = 90_000
READY = ".mm-hand .mm-card"
# A card as the board's model names it (10H, AS) or as words say it (10♥).
CODE = re.compile(r"(?<![\w])(?:10|[2-9AJQK])[SHDC](?![\w])")
SAID = re.compile(r"(?<![\w])(?:10|[2-9AJQK])[♠♥♦♣]")
NOT_CARDS = ("names", "zones")  # every card's spoken name (sent once), the layout


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    require_browser()
    folder = tmp_path_factory.mktemp("shared") / "class"
    with pytest.MonkeyPatch.context() as env:
        env.setenv("MAINMERAH_CLASS", str(folder))
        env.delenv("MAINMERAH_TABLES", raising=False)
        s = VoilaServer(launcher=[sys.executable, "-m", "mainmerah.server.voila"], ready_path="/voila/tree")
    s.folder = folder  # type: ignore[attr-defined]
    try:
        yield s
    finally:
        s.stop()


class Frames:
    """Every websocket frame a page receives (the kernel's messages: JSON text, or Jupyter's binary v1 protocol)."""

    def __init__(self, page: Any | None) -> None:
        self.payloads: list[bytes | str] = []
        self.start = 0  # the first frame of the shared table's (before it: the page's own deal, another game)
        if page is not None:
            page.on("websocket", lambda ws: ws.on("framereceived", self.add))

    def add(self, payload: bytes | str) -> None:
        self.payloads.append(payload)


def message_parts(payload: bytes | str) -> list[Any]:
    """A frame's JSON parts: a text frame is one message; a binary one (v1: a count of offsets, the offsets, then
    the channel, header, parent header, metadata, content and buffers) is read part by part."""
    if isinstance(payload, str):
        try:
            return [json.loads(payload)]
        except ValueError:
            return []
    data = bytes(payload)
    n = struct.unpack_from("<Q", data, 0)[0]
    offsets = list(struct.unpack_from(f"<{n}Q", data, 8))
    parts = [data[a:b] for a, b in zip(offsets, [*offsets[1:], len(data)], strict=True)]
    out = []
    for part in parts[1:5]:  # the header, the parent header, the metadata, the content (buffers are binary)
        try:
            out.append(json.loads(part.decode("utf-8")))
        except ValueError:
            continue
    return out


def contents(payload: bytes | str) -> list[Any]:
    """The content of each kernel message a frame carries (its headers set aside), less every card's spoken name
    (the board's ``names``, sent once), the layout (``zones``), the stylesheets (every card's face, by code) and
    the board's own script (its ``_esm``, the package's board_parts.js and board.js, whose comments name "10H"),
    wherever they are in it. The script is set aside only when it is exactly the package's: any other text in
    that trait is checked like the rest."""

    def strip(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: strip(v) for k, v in x.items() if k not in NOT_CARDS and not (k == "_esm" and v == board_js())}
        if isinstance(x, list):
            return [strip(v) for v in x]
        if isinstance(x, str) and x.startswith("<style"):
            return ""
        return x

    parts = message_parts(payload)
    if isinstance(payload, str):
        return [strip(m.get("content")) for m in parts if isinstance(m, dict)]
    return [strip(parts[-1])] if len(parts) == 4 else []


def moment(content: Any) -> int | None:
    """How many decisions the game drawn had, as the board's header in this message says (None: no header)."""
    if isinstance(content, dict):
        header = content.get("header")
        if isinstance(header, dict) and isinstance(header.get("decisions"), int):
            return int(header["decisions"])
        for v in content.values():
            if (k := moment(v)) is not None:
                return k
    elif isinstance(content, list):
        for v in content:
            if (k := moment(v)) is not None:
                return k
    return None


def cards_in(state: Any) -> set[str]:
    text = json.dumps(state, ensure_ascii=False)
    return {str(mm.Card.parse(m)) for m in CODE.findall(text)} | {str(mm.Card.parse(m)) for m in SAID.findall(text)}


def hidden_at(game: Any, seat: int, decisions: int) -> set[str]:
    """The cards another seat held (unseen by ``seat``) after ``decisions`` decisions of the real game."""
    at = game.copy()
    at.goto(decisions)
    return {str(c) for s in range(at.players) if s != seat for c in at.hands[s]}


def where(x: Any, card: str, path: str = "") -> list[str]:
    """Where in a message ``card`` is named (each place as a path, with the text around it)."""
    if isinstance(x, dict):
        return [w for k, v in x.items() for w in where(v, card, f"{path}.{k}")]
    if isinstance(x, list):
        return [w for i, v in enumerate(x) for w in where(v, card, f"{path}[{i}]")]
    text = json.dumps(x, ensure_ascii=False)
    found = []
    for m in [*CODE.finditer(text), *SAID.finditer(text)]:
        if str(mm.Card.parse(m.group())) == card:
            found.append(f"{path or '.'}: ...{text[max(0, m.start() - 80):m.end() + 80]}...")
    return found


def told(game: Any, decisions: int) -> list[str]:
    """The last lines of the real game's log after ``decisions`` decisions."""
    at = game.copy()
    at.goto(decisions)
    return [str(line) for line in at.explain()[-4:]]


def check_frames(frames: Frames, game: Any, seat: int) -> int:
    """No frame holds a card of the other seat's hand at the moment it was drawn (the board's header says how many
    decisions its game had; a message without one is held to the next one's moment, when no more was hidden)."""
    states = [c for payload in frames.payloads[frames.start:] for c in contents(payload)]
    moments = [moment(c) for c in states]
    later = len(game.choices)
    seen: set[str] = set()
    for i in range(len(states) - 1, -1, -1):
        k = moments[i]
        later = k if isinstance(k, int) else later
        found = cards_in(states[i])
        leaked = found & hidden_at(game, seat, later)
        assert not leaked, (f"seat {seat}'s page got {sorted(leaked)}, in the other hand after {later} decisions"
                            f" (frame {i} of {len(states)}): "
                            + " | ".join(w for c in sorted(leaked) for w in where(states[i], c))
                            + f"; the table's log then: {told(game, later)}")
        seen |= found
    # The check sees cards where they are: the seat's own hand as dealt was in its frames.
    own = {str(c) for c in game.setup.hands[seat]}
    assert own <= seen, sorted(own - seen)
    return sum(isinstance(k, int) for k in moments)


def status(page: Any) -> str:
    return str(page.text_content(".mm-status"))


def my_turn(page: Any) -> bool:
    """Whether the page says it is its turn (the status pill's class: the same in every language)."""
    return bool(page.evaluate("() => document.querySelector('.mm-status').classList.contains('mm-yourturn')"))


def over(page: Any) -> bool:
    return bool(page.evaluate("() => !!document.querySelector('.mm-gameover:not(.mm-hidden)')"))


def wait_turn_or_end(page: Any, other: Any) -> Any:
    """Whichever page is to play (or None once the game is over on both)."""
    for _i in range(600):
        for p in (page, other):
            if my_turn(p):
                return p
        if over(page) and over(other):
            return None
        page.wait_for_timeout(100)
    raise AssertionError(f"nobody's turn: {status(page)!r} / {status(other)!r}")


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


def full_shot_page(page: Any, name: str) -> None:
    """A screenshot of a page drawn without a kernel (the home page)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def saved_game(server: VoilaServer, code: str) -> Any:
    data = json.loads((Path(server.folder) / "tables" / f"{code}.json").read_text(encoding="utf-8"))  # type: ignore[attr-defined]
    return registry.load_game(data["game"])


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
        ani_frames.start = len(ani_frames.payloads)
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
        full_shot_page(budi, "shared-home-join-390-zh")
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
