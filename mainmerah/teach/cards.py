"""Clickable cards for the lessons: the table's own card button, with a line under it.

The button is :class:`mainmerah.table.cards.CardButton` (one ``<button>``
whose face is drawn by the table's stylesheet from the package's SVG, whose
text is the card, e.g. "7♥", for keyboards and screen readers). Each carries
the table's per-card class ``mm-c-<rank><suit>`` (e.g. ``mm-c-10H``), so browser
tests can click a card by name. The lessons add a badge under a card (its
points once revealed) and a ✓ / ✗ for a right or wrong pick.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape

import ipywidgets as W

from mainmerah.core.cards import Card
from mainmerah.core.i18n import _
from mainmerah.table.cards import CardButton as TableCardButton
from mainmerah.table.style import card_class

# The lessons' highlight names -> the table stylesheet's marks.
MARKS = {"select": "selected", "match": "match", "hint": "hint", "choice": "choice"}


def pick_class(card: Card) -> str:
    """The class a card's button carries, e.g. ``mm-c-10H`` for 10♥."""
    return card_class(card)


class CardButton(W.VBox):
    """One card that can be clicked; ``badge`` is a short line under it (e.g. "7 points")."""

    def __init__(self, card: Card, on_click: Callable[[Card], None] | None = None, *,
                 face_down: bool = False, badge: str = "", classes: Iterable[str] = ()) -> None:
        self.card = card
        self._face_down = face_down
        self._highlight: str | None = None
        self._state: str | None = None
        self._badge = ""
        self._label = ""
        self._handlers: list[Callable[[Card], None]] = [on_click] if on_click else []
        self.button = TableCardButton(0)
        self.button.on_click(self._clicked)
        self.badge = W.HTML(layout=W.Layout(margin="0"))
        self.badge.add_class("mm-badge")
        super().__init__([self.button, self.badge])
        self.add_class("mm-card-slot")
        for c in classes:
            self.add_class(c)
        self.set_badge(badge)
        self._draw()

    def _draw(self) -> None:
        marks = [MARKS[self._highlight]] if self._highlight in MARKS else []
        self.button.show(self.card, face_down=self._face_down, marks=marks)
        if self._face_down and self._label:
            self.button.tooltip = self._label

    def _clicked(self, _button: W.Button) -> None:
        for handler in list(self._handlers):
            handler(self.card)

    def on_click(self, handler: Callable[[Card], None]) -> None:
        self._handlers.append(handler)

    def click(self) -> None:
        """Click the card from Python (as a learner's click would)."""
        self.button.click()

    def set_highlight(self, highlight: str | None) -> None:
        if highlight != self._highlight:
            self._highlight = highlight
            self._draw()

    def set_face_down(self, face_down: bool) -> None:
        if face_down != self._face_down:
            self._face_down = face_down
            self._draw()

    def set_label(self, text: str) -> None:
        """What a screen reader says for a face-down card (e.g. "stock: flip the top card")."""
        self._label = text
        self._draw()

    def set_badge(self, text: str) -> None:
        self._badge = text
        self._show_badge()

    def _show_badge(self) -> None:
        # A result is also written as a symbol, so it never depends on seeing a colour.
        mark = {"right": "✓", "wrong": "✗"}.get(self._state or "", "")
        sign = f'<span class="mm-mark mm-mark-{self._state}">{mark}</span> ' if mark else ""
        text = escape(self._badge)
        self.badge.value = f'<span class="mm-badge-text">{sign}{text}</span>' if (mark or text) else ""
        # Always in place (one line high when empty): a ✓ or ✗ appearing moves nothing below the row.

    def set_disabled(self, disabled: bool) -> None:
        self.button.disabled = disabled

    def mark(self, state: str | None) -> None:
        """Show a result on the card: "right", "wrong" or None."""
        if state == self._state:
            return
        self._state = state
        self.set_highlight("match" if state == "right" else None)
        for s in ("right", "wrong"):
            if s == state:
                self.add_class(f"mm-{s}")
            else:
                self.remove_class(f"mm-{s}")
        self._show_badge()


class CardRow(W.Box):
    """A wrapping row of :class:`CardButton` s sharing one click handler."""

    def __init__(self, cards: Sequence[Card], on_click: Callable[[Card], None] | None = None, *,
                 small: bool = False, badges: Callable[[Card], str] | None = None,
                 classes: Iterable[str] = ()) -> None:
        self.on_card: Callable[[Card], None] | None = on_click
        self.buttons: dict[Card, CardButton] = {}
        self._badges = badges
        super().__init__([])
        # "mm-root" lets the table's stylesheet draw the card buttons in this row.
        self.add_class("mm-root")
        self.add_class("mm-card-row")
        if small:
            self.add_class("mm-small")
        for c in classes:
            self.add_class(c)
        self.set_cards(cards)

    def _dispatch(self, card: Card) -> None:
        if self.on_card is not None:
            self.on_card(card)

    def set_cards(self, cards: Sequence[Card]) -> None:
        """Show ``cards`` (reusing the buttons of cards already shown, so only new ones are drawn)."""
        old = self.buttons
        self.buttons = {}
        for c in cards:
            b = old.get(c)
            if b is None:
                b = CardButton(c, self._dispatch, badge=self._badges(c) if self._badges else "")
            self.buttons[c] = b
        self.children = [self.buttons[c] for c in cards]
        if not cards:
            self.children = [W.HTML(f'<span class="mm-empty">{escape(_("(no cards)"))}</span>')]

    def __getitem__(self, card: Card | str) -> CardButton:
        return self.buttons[Card.parse(card)]

    @property
    def cards(self) -> list[Card]:
        return list(self.buttons)
