"""The table's board as one widget model, drawn in the page by ``static/board.js``.

A board built from many ipywidgets sends one message per changed widget, so a
click's answer came in four to fifteen messages. Here the kernel keeps the
board's parts as plain Python objects (:class:`Part`, :class:`Action`,
:class:`CardRow`), and after each redraw :class:`BoardView` sends the parts
that changed as traits of one model: one message per click, as small as the
change. Which zones the board has (seats, a stock, rows of slots, a trick area, your
hand) and where they go is data too (``zones``), from the game's presenter.
The page only draws; what it sends back are wishes (a slot, a button name, typed
text) that the table checks, and any state the page tries to set on the model is
refused and drawn again from the kernel's own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from importlib.resources import files
from typing import Any

import anywidget
import traitlets

from mainmerah.core.cards import Card
from mainmerah.table.cards import card_look, placement


class Part:
    """A piece of the board: its HTML and its classes, drawn by the page."""

    def __init__(self, *classes: str) -> None:
        self.value = ""
        self._dom_classes: tuple[str, ...] = tuple(classes)

    def set(self, html: str) -> None:
        self.value = html

    def add_class(self, cls: str) -> None:
        if cls not in self._dom_classes:
            self._dom_classes = (*self._dom_classes, cls)

    def remove_class(self, cls: str) -> None:
        self._dom_classes = tuple(c for c in self._dom_classes if c != cls)

    @property
    def cls(self) -> str:
        return " ".join(self._dom_classes)


class Action(Part):
    """A button of the board (Play, Next, Undo...): its text, state and what a click does."""

    def __init__(self, name: str, on_click: Callable[[], object], *, reserve: bool = False) -> None:
        super().__init__(f"mm-{name}")
        self.name = name
        self.description = ""
        self.tooltip = ""
        self.disabled = False
        # A button that comes and goes during your turn keeps its place while hidden (drawn invisible),
        # so the buttons after it never move under the pointer.
        self.reserve = reserve
        self._on_click = on_click

    @property
    def hidden(self) -> bool:
        return "mm-hidden" in self._dom_classes

    def click(self) -> None:
        """What a click in the page does (the table still checks whether it may happen now)."""
        if not self.disabled and not self.hidden:
            self._on_click()

    def state(self) -> list:
        return [self.name, self.description, self.disabled, self.hidden, self.tooltip, self.reserve]


class Entry(Part):
    """The typed-card box ("7h"): what is typed goes to the table, which parses and checks it."""

    def __init__(self) -> None:
        super().__init__("mm-entry")
        self.description = ""
        self.placeholder = ""

    def state(self) -> dict[str, Any]:
        return {"hidden": "mm-hidden" in self._dom_classes, "label": self.description,
                "placeholder": self.placeholder}


class Slot:
    """One card place in a row; a click reports the slot, and the kernel knows its card."""

    def __init__(self, row: CardRow, slot: int) -> None:
        self.row = row
        self.slot = slot
        self.card: Card | None = None
        self.face_down = False
        self._dom_classes: tuple[str, ...] = ("mm-card", "mm-empty")
        self.description = ""
        self.tooltip = ""

    def show(self, card: Card | None, *, face_down: bool = False, marks: Iterable[str] = ()) -> None:
        price = self.row.price
        points = price(card) if price is not None and card is not None else None
        self._dom_classes, self.description, self.tooltip = card_look(card, face_down, marks, points)
        self.card = card
        self.face_down = face_down

    def click(self) -> None:
        self.row.on_click(self.slot)

    def state(self) -> list[str]:
        return [" ".join(self._dom_classes), self.description, self.tooltip]


class CardRow:
    """A row of card places in which a card keeps its place while it stays (see ``cards.placement``)."""

    def __init__(self, on_click: Callable[[int], object], size: int = 0,
                 price: Callable[[Card], int] | None = None) -> None:
        self.on_click = on_click
        self.price = price  # a card's points in the game shown, for its spoken name (Main Merah's if None)
        self.buttons: list[Slot] = []
        self._slot_of: dict[Card, int] = {}
        self._grow(size)

    def _grow(self, n: int) -> None:
        while len(self.buttons) < n:
            self.buttons.append(Slot(self, len(self.buttons)))

    def show(self, cards: Sequence[Card], marks: Mapping[Card, Iterable[str]] | None = None,
             face_down: bool = False) -> None:
        marks = marks or {}
        place = placement(self._slot_of, cards, len(self.buttons))
        self._grow(max(place, default=-1) + 1)
        by_slot = dict(zip(place, cards, strict=True))
        for i, b in enumerate(self.buttons):
            c = by_slot.get(i)
            b.show(c, face_down=face_down, marks=marks.get(c, ()) if c is not None else ())
        self._slot_of = {c: i for i, c in by_slot.items()}

    def card_at(self, slot: int) -> Card | None:
        """The card the kernel shows in ``slot`` (None for an empty or unknown slot)."""
        return self.buttons[slot].card if 0 <= slot < len(self.buttons) else None

    def button_for(self, card: Card | str) -> Slot:
        return self.buttons[self._slot_of[Card.parse(card)]]

    @property
    def cards(self) -> list[Card]:
        return [b.card for b in self.buttons if b.card is not None]

    def state(self) -> list[list[str]]:
        return [b.state() for b in self.buttons]


@lru_cache(maxsize=1)
def board_js() -> str:
    # One module for the page: the drawing helpers, then the board (anywidget takes one ES module).
    static = files("mainmerah").joinpath("static")
    return "\n".join(static.joinpath(name).read_text(encoding="utf-8") for name in ("board_parts.js", "board.js"))


class BoardView(anywidget.AnyWidget):
    """The board's parts as traits of one model: a redraw sends the changed ones in one message."""

    header = traitlets.Dict().tag(sync=True)
    # The layout, from the game's presenter (see widgets.presenter).
    zones: traitlets.List[Any] = traitlets.List().tag(sync=True)
    board_cls = traitlets.Unicode("mm-board").tag(sync=True)
    opps: traitlets.List[Any] = traitlets.List().tag(sync=True)
    level_note = traitlets.Unicode("").tag(sync=True)  # what the levels in the seats' dropdowns mean
    names = traitlets.Dict().tag(sync=True)  # card code -> spoken name, for the small cards the page draws
    stock = traitlets.Dict().tag(sync=True)
    table_label = traitlets.Unicode("").tag(sync=True)
    table: traitlets.List[Any] = traitlets.List().tag(sync=True)  # the slots of the zone "table"...
    rows = traitlets.Dict().tag(sync=True)  # ...and of any other row of slots, by zone id
    action: traitlets.List[Any] = traitlets.List().tag(sync=True)
    gameover = traitlets.Dict({"html": "", "buttons": []}).tag(sync=True)
    you = traitlets.Dict({"cls": "mm-you", "hand_cls": "mm-hand"}).tag(sync=True)
    hand: traitlets.List[Any] = traitlets.List().tag(sync=True)
    prompt = traitlets.Dict({"cls": "mm-prompt", "html": ""}).tag(sync=True)
    buttons: traitlets.List[Any] = traitlets.List().tag(sync=True)
    entry = traitlets.Dict({"hidden": True, "label": "", "placeholder": ""}).tag(sync=True)
    panel = traitlets.Dict({"heading": "", "log_heading": "", "latest": [], "fresh": 0}).tag(sync=True)
    log: traitlets.List[Any] = traitlets.List().tag(sync=True)  # the story's settled lines...
    # ...and the recent ones, the only ones most steps change
    log_tail: traitlets.List[Any] = traitlets.List().tag(sync=True)
    # The pass screen of a pass-and-play table ({} when none): whose turn, its words, its one button.
    passing = traitlets.Dict().tag(sync=True)
    # Every how many seconds the page says it is open and shown ({"k": "alive"}); 0: not asked (a shared table
    # asks it, so that a closed laptop lets its seat go: mainmerah.table.shared).
    alive_every = traitlets.Float(0.0).tag(sync=True)

    def __init__(self, on_message: Callable[[Any], None], on_forged: Callable[[str], None]) -> None:
        self._esm = board_js()
        super().__init__()
        self.add_class("mm-view")
        self._on_message = on_message
        self._on_forged = on_forged
        self.on_msg(lambda _w, content, _buffers: self._on_message(content))

    def update(self, state: dict[str, Any]) -> None:
        """Set every part at once: the ones that changed leave in a single message."""
        with self.hold_sync():
            for name, value in state.items():
                setattr(self, name, value)

    def send_state(self, key: str | Iterable[str] | None = None) -> None:
        # The board's parts are plain JSON (text, numbers, lists, dicts), never binary: unlike
        # ipywidgets' own send_state, this does not walk every list looking for buffers to split out.
        state = self.get_state(key=key)
        if not state:
            return
        if self._property_lock:  # kept up to date with the page, as ipywidgets does
            for name, value in state.items():
                if name in self._property_lock:
                    self._property_lock[name] = value
        self._send({"method": "update", "state": state, "buffer_paths": []}, buffers=[])

    def set_state(self, sync_data: dict[str, Any]) -> None:
        # The page may only send wishes (custom messages); a model value it sets is never taken.
        # Everything the board shows is drawn from the kernel again instead.
        forged = sorted(k for k in sync_data if k in self.keys and not k.startswith("_"))
        if forged:
            self.send_state(forged)
            self._on_forged(", ".join(forged))
