"""Card buttons (the lessons' cards), the place of each card in a row, small card pictures.

A card button never tells the kernel which card it shows: a click reports the
button (or, on the table's board, its slot), and the kernel looks the card up in
its own state. :func:`placement` keeps a card in its place while it stays, so a
redraw changes one or two places instead of shifting a whole row: no flicker.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from functools import lru_cache
from html import escape
from typing import Any

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from mainmerah.core.cards import PACK_WITH_JOKERS as DECK
from mainmerah.core.cards import Card, card_label
from mainmerah.core.i18n import _, language
from mainmerah.table.style import card_class

HIGHLIGHTS = ("selected", "match", "choice", "hint", "new")


_NAMES: dict[tuple[int, str, int | None], str] = {}


def card_name(card: Card, points: int | None = None) -> str:
    """The card's spoken name in the current language, remembered: game-neutral, with ``points`` only
    when the game shown gives its cards points (``GameUI.points``)."""
    key = (card.index, language(), points)
    name = _NAMES.get(key)
    if name is None:
        name = _NAMES[key] = card_label(card, points)
    return name


def placement(old: dict[Card, int], cards: Sequence[Card], pool: int) -> list[int]:
    """The slot of each card in a row of ``pool`` places: kept where possible, else a fresh layout.

    A card that leaves frees its place (the row closes up around it) and a new card
    takes the first free place after the last one in use, so a redraw changes one or
    two places instead of shifting a whole row.
    """
    kept = [old[c] for c in cards if c in old]
    first_new = next((i for i, c in enumerate(cards) if c not in old), len(cards))
    in_order = kept == sorted(kept) and all(c not in old for c in cards[first_new:])
    start = max(kept, default=-1) + 1
    if in_order and start + len(cards) - len(kept) <= max(pool, len(cards)):
        out, nxt = [], start
        for c in cards:
            if c in old:
                out.append(old[c])
            else:
                out.append(nxt)
                nxt += 1
        return out
    return list(range(len(cards)))


def card_look(card: Card | None, face_down: bool = False, marks: Iterable[str] = (),
              points: int | None = None) -> tuple[tuple[str, ...], str, str]:
    """A card button's classes, text and tooltip: None is an empty place, ``marks`` are highlights.

    ``points``: what the card is worth in the game shown (its spoken name says it); None: nothing said.
    """
    return _look(card, face_down, frozenset(marks), language(), points)


@lru_cache(maxsize=4096)  # a redraw asks for every place of every row: the same few looks again and again
def _look(card: Card | None, face_down: bool, wanted: frozenset[str],
          _language: str, points: int | None = None) -> tuple[tuple[str, ...], str, str]:
    marks = tuple(m for m in HIGHLIGHTS if m in wanted)
    if card is None:
        return ("mm-card", "mm-empty"), "", ""
    if face_down:
        return ("mm-card", "mm-back", *(f"mm-{m}" for m in marks)), "?", _("face-down card")
    return ("mm-card", card_class(card), *(f"mm-{m}" for m in marks)), str(card), card_name(card, points)


class CardButton(w.Button):
    """One card as a button: its face is CSS, its text the card's short name.

    Its layout and style models are shared by all card buttons (see :func:`shared`):
    change a card's look through its classes (``show``), never through ``layout``.
    """

    def __init__(self, slot: int, **kw: object) -> None:
        kw.setdefault("layout", shared("layout"))
        kw.setdefault("style", shared("button"))
        super().__init__(description="", tooltip="", **kw)
        self.slot = slot
        self.card: Card | None = None
        self.face_down = False
        self._classes: tuple[str, ...] = ()
        self.description: str
        self.tooltip: str
        self.show(None)

    def show(self, card: Card | None, *, face_down: bool = False, marks: Iterable[str] = ()) -> None:
        """Draw ``card`` (None hides the button) with highlight ``marks``."""
        classes, text, tip = card_look(card, face_down, marks)
        self.card = card
        self.face_down = face_down
        if classes == self._classes and text == self.description and tip == self.tooltip:  # type: ignore[has-type]
            return  # unchanged: send nothing
        self._classes = classes
        with self.hold_sync():
            self._dom_classes = classes
            self.description = text
            self.tooltip = tip


class LazyHTML(w.HTML):
    """An HTML widget that sends its value only when it changed (and shares its layout and style models)."""

    def __init__(self, value: str = "", **kw: object) -> None:
        kw.setdefault("layout", shared("layout"))
        kw.setdefault("style", shared("html"))
        super().__init__(value=value, **kw)

    value: str

    def set(self, html: str) -> None:
        if html != self.value:  # type: ignore[has-type]
            self.value = html


_SHARED: dict[str, w.Widget] = {}


def shared(kind: str) -> w.Widget:
    """One Layout / ButtonStyle / HTMLStyle model for the many widgets that never change theirs.

    Every ipywidget otherwise brings its own layout and style models; sharing them
    divides the models a page must create by about three, so the table loads faster.
    """
    model = _SHARED.get(kind)
    if model is None or getattr(model, "comm", 1) is None:  # closed: make a new one
        model = {"layout": w.Layout, "button": w.ButtonStyle, "html": HTMLStyle}[kind]()
        _SHARED[kind] = model
    return model


@contextmanager
def held_updates(*made: w.Widget) -> Iterator[None]:
    """While a page builds its widgets: each widget made meanwhile (and each of ``made``) sends what changed after it
    was made once, when the block ends, instead of one message per change (a class added, a label set, children
    given). The play page's table sent 156 such messages as it was built (73 now), besides one opening message
    each; in the static site each costs the kernel's worker 0.7 ms."""
    previous = w.Widget._widget_construction_callback
    with ExitStack() as held:
        for widget in made:
            held.enter_context(widget.hold_sync())

        def hold(widget: w.Widget) -> None:
            if callable(previous):
                previous(widget)  # an enclosing block's hold first: that block's end sends it
            held.enter_context(widget.hold_sync())  # entered before its comm opens: its first state is whole

        w.Widget.on_widget_constructed(hold)
        try:
            yield
        finally:
            w.Widget._widget_construction_callback = previous


def shared_models() -> list[w.Widget]:
    """The shared layout and style models (never to be closed with one of the widgets using them)."""
    return list(_SHARED.values())


def mini_html(card: Card | None, size: str = "s", label: str | None = None) -> str:
    """A small card drawn by the stylesheet (the card's class picks its face): a few bytes, not an SVG."""
    name = label or (_("face-down card") if card is None else card_name(card))
    return f'<span class="mm-mini mm-mini-{size} {card_class(card)}" role="img" aria-label="{escape(name)}"></span>'


def fan_html(cards: Sequence[Card], size: str = "s", empty: str = "", tight: bool = True) -> str:
    """Cards overlapping like a fanned pile; the rank stays readable in each corner."""
    if not cards:
        return f'<span class="mm-none">{escape(empty or _("(none)"))}</span>'
    items = "".join(mini_html(c, size) for c in cards)
    return f'<span class="mm-fan{" mm-tight" if tight else ""}">{items}</span>'


def card_code(card: Card | None) -> str:
    """The short code the board's page script draws a small card from: ``10H``, ``?`` face down."""
    return "?" if card is None else f"{card.rank_text}{card.suit}"


def card_names(points: Sequence[int] | None = None) -> dict[str, str]:
    """Every card's spoken name in the current language, by code: sent to the page once, not per card.

    ``points``: each card's points in the game shown, by card index (the 52 cards; jokers score
    none); None: a game whose cards carry no points, so none are said.
    """
    key = (language(), None if points is None else tuple(points))
    names = _CODES.get(key)
    if names is None:
        names = _CODES[key] = {card_code(c): card_name(c, None if points is None or c.joker else points[c.index])
                               for c in DECK}
    return names


_CODES: dict[tuple[str, tuple[int, ...] | None], dict[str, str]] = {}


def pile_state(pile: Sequence[Card], score: int) -> dict[str, str]:
    """A capture pile for the board's page script: its score, pairs and the cards as codes."""
    pairs = len(pile) // 2
    return {"score": _("{n} points").format(n=score) if score != 1 else _("1 point"),
            "count": _("{n} pairs").format(n=pairs) if pairs != 1 else _("1 pair"),
            "cards": " ".join(card_code(c) for c in pile), "empty": _("nothing captured yet")}


def hand_state(hand: Sequence[Card], open_hand: bool) -> dict[str, Any]:
    """A computer's hand for the page: face up (``open_hand``) or as backs with their number."""
    n = len(hand)
    return {"cards": " ".join(card_code(c) for c in hand) if open_hand else "", "backs": 0 if open_hand else n,
            "label": _("{n} cards in hand").format(n=n) if n != 1 else _("1 card in hand"),
            "empty": _("no cards left")}


def stock_state(n: int) -> dict[str, Any]:
    return {"n": n, "title": _("Stock"), "label": _("{n} face-down cards").format(n=n), "empty": _("empty")}
