"""Card buttons and rows of them, reused from step to step.

A ``CardSlots`` row keeps a pool of buttons. Showing new cards only changes
the buttons whose card or highlight changed (their CSS classes and label), so
a redraw sends a few small messages and re-creates no element: no flicker.
A button never tells the kernel which card it shows: a click reports its
slot, and the kernel looks the card up in its own state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape

import ipywidgets as w

from ..card import Card
from ..i18n import _
from ..svg import backs_html, card_svg, fan_html
from .style import card_class

HIGHLIGHTS = ("selected", "match", "choice", "hint", "new")


class CardButton(w.Button):
    """One card as a button: its face is CSS, its text the card's short name."""

    def __init__(self, slot: int, **kw: object) -> None:
        super().__init__(description="", tooltip="", **kw)
        self.slot = slot
        self.card: Card | None = None
        self.face_down = False
        self._classes: tuple[str, ...] = ()
        self.show(None)

    def show(self, card: Card | None, *, face_down: bool = False, marks: Iterable[str] = ()) -> None:
        """Draw ``card`` (None hides the button) with highlight ``marks``."""
        marks = tuple(m for m in HIGHLIGHTS if m in set(marks))
        if card is None:
            classes: tuple[str, ...] = ("mm-card", "mm-empty")
            text = tip = ""
        elif face_down:
            classes = ("mm-card", "mm-back", *(f"mm-{m}" for m in marks))
            text, tip = "?", _("face-down card")
        else:
            classes = ("mm-card", card_class(card), *(f"mm-{m}" for m in marks))
            text, tip = str(card), card.name()
        self.card = card
        self.face_down = face_down
        if classes == self._classes and text == self.description and tip == self.tooltip:
            return  # unchanged: send nothing
        self._classes = classes
        with self.hold_sync():
            self._dom_classes = classes
            self.description = text
            self.tooltip = tip


class CardSlots(w.Box):
    """A wrapping row of :class:`CardButton`; grows its pool when needed, never shrinks."""

    def __init__(self, on_click: Callable[[int], None], css: str, size: int = 0) -> None:
        super().__init__()
        self.add_class(css)
        self._on_click = on_click
        self.buttons: list[CardButton] = []
        self._grow(size)

    def _grow(self, n: int) -> None:
        if n <= len(self.buttons):
            return
        for slot in range(len(self.buttons), n):
            b = CardButton(slot)
            b.on_click(lambda btn: self._on_click(btn.slot))
            self.buttons.append(b)
        self.children = tuple(self.buttons)

    def show(self, cards: Sequence[Card], marks: dict[Card, Iterable[str]] | None = None,
             face_down: bool = False) -> None:
        self._grow(len(cards))
        marks = marks or {}
        for i, b in enumerate(self.buttons):
            if i < len(cards):
                b.show(cards[i], face_down=face_down, marks=marks.get(cards[i], ()))
            else:
                b.show(None)

    @property
    def cards(self) -> list[Card]:
        return [b.card for b in self.buttons if b.card is not None]


class LazyHTML(w.HTML):
    """An HTML widget that sends its value only when it changed."""

    def set(self, html: str) -> None:
        if html != self.value:
            self.value = html


def pile_html(pile: Sequence[Card], score: int, width: int = 26, four_colour: bool = False) -> str:
    """A capture pile: its score, then the cards fanned (red ones carry their points)."""
    pts = _("{n} points").format(n=score) if score != 1 else _("1 point")
    pairs = len(pile) // 2
    count = _("{n} pairs").format(n=pairs) if pairs != 1 else _("1 pair")
    fan = fan_html(pile, width=width, overlap=0.5, empty=_("nothing captured yet"), four_colour=four_colour)
    return (f'<div class="mm-pilebox"><span class="mm-score">{escape(pts)}</span>'
            f'<span class="mm-sub">{escape(count)}</span>{fan}</div>')


def hand_backs_html(n: int, width: int = 22) -> str:
    label = _("{n} cards in hand").format(n=n) if n != 1 else _("1 card in hand")
    if n == 0:
        return f'<span class="mm-sub">{escape(_("no cards left"))}</span>'
    backs = "".join(
        f'<span style="display:inline-block;line-height:0;margin-left:{0 if i == 0 else -round(width * .6)}px">'
        f"{card_svg(None, width, label=label)}</span>" for i in range(n)
    )
    return (f'<span class="mm-handbacks" role="img" aria-label="{escape(label)}" '
            f'style="display:inline-flex;align-items:center;gap:6px"><span>{backs}</span>'
            f'<span class="mm-sub">{escape(label)}</span></span>')


def stock_html(n: int, width: int = 44) -> str:
    return (f'<div class="mm-stock"><div class="mm-row-label">{escape(_("Stock"))}</div>'
            f"{backs_html(n, width) if n else escape(_('empty'))}</div>")
