"""What every shared-table browser test needs: a Voilà server with a class folder, every websocket frame a page
receives recorded, and the check that none of them names a card its seat could not see at that moment (any game:
the seat's views through the engine say what it had seen; every other card of the game was hidden from it).

Used by tests/browser/test_shared_table_browser.py (Main Merah, two people) and
tests/browser/test_shared_tables_more_browser.py (Red Ten and In The Red, three people and computers).
"""

from __future__ import annotations

import json
import re
import struct
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import VoilaServer, require_browser

import mainmerah as mm
from mainmerah.core import registry
from mainmerah.families.red_ten.ui.presenter import ANSWER_BUTTONS
from mainmerah.table.board import board_js

WAIT = 90_000
# A card as the board's model names it (10H, AS, BJ) or as words say it (10♥).
CODE = re.compile(r"(?<![\w])(?:(?:10|[2-9AJQK])[SHDC]|BJ|SJ)(?![\w])")
SAID = re.compile(r"(?<![\w])(?:10|[2-9AJQK])[♠♥♦♣]")
NOT_CARDS = ("names", "zones")  # every card's spoken name (sent once), the layout


def class_server(tmp_path_factory: pytest.TempPathFactory, name: str = "shared",
                 env: dict[str, str] | None = None) -> Iterator[VoilaServer]:
    """The app's server (``make app``) with a class folder of its own (``.folder``): the body of a module's
    fixture. ``env``: more settings for the server (e.g. short takeover times)."""
    require_browser()
    folder = tmp_path_factory.mktemp(name) / "class"
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("MAINMERAH_CLASS", str(folder))
        mp.delenv("MAINMERAH_TABLES", raising=False)
        for k, v in (env or {}).items():
            mp.setenv(k, v)
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

    def from_now_on(self, page: Any, game: str) -> None:
        """The shared table's frames start here: once the page has kept its own deal (another game, with every hand
        in its save: the browser keeps a page's own game) in the browser, a message that may come after that deal's
        hand is drawn (a CI run once counted it as the shared table's)."""
        from mainmerah.table.kept_table import table_key

        page.wait_for_function(f"() => localStorage.getItem({table_key(game)!r}) !== null", timeout=WAIT)
        self.start = len(self.payloads)


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
            return {k: strip(fixed_labels_out(v) if k == "buttons" else v) for k, v in x.items()
                    if k not in NOT_CARDS and not (k == "_esm" and v == board_js())}
        if isinstance(x, list):
            return [strip(v) for v in x]
        if isinstance(x, str) and x.startswith("<style"):
            return ""
        return x

    parts = message_parts(payload)
    if isinstance(payload, str):
        return [strip(m.get("content")) for m in parts if isinstance(m, dict)]
    return [strip(parts[-1])] if len(parts) == 4 else []


def fixed_labels_out(buttons: Any) -> Any:
    """The board's buttons (each ``[name, label, ...]``) less the labels that are the same at every seat in every
    game: Red Ten's answers ("Reveal 10♥" whether or not this seat holds it; whether it is shown is checked)."""
    if not isinstance(buttons, list):
        return buttons
    return [[b[0], "", *b[2:]] if isinstance(b, list) and b and b[0] in ANSWER_BUTTONS else b for b in buttons]


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


def hidden_from(game: Any, seat: int) -> list[set[str]]:
    """For each number of decisions k of the real game, the cards ``seat`` could not have seen after k: every card
    of the game then (``all_cards``: every hand, the pack, the table) less every card the seat's own views up
    to k showed (its hand, the cards played, flipped, handed round face up) and the engine's events told it
    (e.g. Red Ten's "Seat 3 holds 3♥ and leads"). A card seen once stays seen."""
    seen: set[str] = set()
    out = []
    told = 0
    for k in range(len(game.choices) + 1):
        at = game.copy()
        at.goto(k)
        seen |= cards_in(repr(at.view(seat)))
        seen |= cards_in([e.explain(None, seat) for e in at.events[told:]])
        told = len(at.events)
        out.append({str(c) for c in at.all_cards()} - seen)
    return out


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
    """No frame holds a card ``seat`` could not see at the moment it was drawn (the board's header says how many
    decisions its game had; a message without one is held to the next one's moment, when no more was hidden).
    How many frames had a moment."""
    states = [c for payload in frames.payloads[frames.start:] for c in contents(payload)]
    moments = [moment(c) for c in states]
    hidden = hidden_from(game, seat)
    later = len(game.choices)
    seen: set[str] = set()
    for i in range(len(states) - 1, -1, -1):
        k = moments[i]
        later = k if isinstance(k, int) else later
        found = cards_in(states[i])
        leaked = found & hidden[min(later, len(hidden) - 1)]
        assert not leaked, (f"seat {seat}'s page got {sorted(leaked)}, unseen by it after {later} decisions"
                            f" (frame {i} of {len(states)}): "
                            + " | ".join(w for c in sorted(leaked) for w in where(states[i], c))
                            + f"; the table's log then: {told(game, later)}")
        seen |= found
    # The check sees cards where they are: the seat's own hand as dealt was in its frames.
    at = game.copy()
    at.goto(0)
    own = cards_in(repr(at.view(seat).hand))
    assert own and own <= seen, sorted(own - seen)
    return sum(isinstance(k, int) for k in moments)


def status(page: Any) -> str:
    return str(page.text_content(".mm-status"))


def my_turn(page: Any) -> bool:
    """Whether the page says it is its turn (the status pill's class: the same in every language)."""
    return bool(page.evaluate("() => document.querySelector('.mm-status').classList.contains('mm-yourturn')"))


def over(page: Any) -> bool:
    return bool(page.evaluate("() => !!document.querySelector('.mm-gameover:not(.mm-hidden)')"))


def whose_turn(pages: list[Any], done: Any = None) -> Any:
    """Whichever page is to play (None once ``done(page)`` holds on every page; by default: the game is over)."""
    finished = done or over
    for _i in range(1200):
        for p in pages:
            if my_turn(p):
                return p
        if all(finished(p) for p in pages):
            return None
        pages[0].wait_for_timeout(100)
    raise AssertionError("nobody's turn: " + " / ".join(repr(status(p)) for p in pages))


def saved_game(server: VoilaServer, code: str) -> Any:
    """The table's real game, from the save file the server keeps in the class folder."""
    data = json.loads((Path(server.folder) / "tables" / f"{code}.json").read_text(encoding="utf-8"))  # type: ignore[attr-defined]
    return registry.load_game(data["game"])


def open_table(page: Any, who: list[str]) -> str:
    """On a table page, **Play with others**: each seat a person ("Person") or a computer (as listed, e.g.
    "Computer: greedy"), then open it; the table's code (this page sits at the first person's seat)."""
    panel = ".mm-shared"
    page.wait_for_selector(f"{panel} .mm-sh-open", timeout=WAIT)
    for i, label in enumerate(who):
        page.select_option(f"{panel} .mm-share-row-{i} select", label=label)
    page.click(f"{panel} .mm-sh-open")
    page.wait_for_selector(".mm-sh-the-code", timeout=WAIT)
    return str(page.text_content(".mm-sh-the-code")).strip()
