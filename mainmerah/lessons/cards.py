"""Clickable cards for the lessons: the package's SVG card under a transparent button.

The button covers the whole card, so a click anywhere on the picture counts,
and its text (the card, e.g. "7♥") is what keyboards and screen readers meet.
Each button carries ``mm-pick-<rank><suit>`` (e.g. ``mm-pick-10h``) so browser
tests can click a card by name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from html import escape

import ipywidgets as W

from ..card import Card
from ..i18n import _
from ..svg import card_svg

CARD_WIDTH = 64


def pick_class(card: Card) -> str:
    """``mm-pick-10h`` for 10♥, ``mm-pick-as`` for A♠."""
    return f"mm-pick-{card.rank_text.lower()}{card.suit.lower()}"


class CardButton(W.Box):
    """One card that can be clicked; ``badge`` is a short line under it (e.g. "7 points")."""

    def __init__(self, card: Card, on_click: Callable[[Card], None] | None = None, *, width: int = CARD_WIDTH,
                 face_down: bool = False, badge: str = "", classes: Iterable[str] = ()) -> None:
        self.card = card
        self._width = width
        self._face_down = face_down
        self._highlight: str | None = None
        self._state: str | None = None
        self._badge = ""
        self._handlers: list[Callable[[Card], None]] = [on_click] if on_click else []
        self.picture = W.HTML(layout=W.Layout(margin="0"))
        self.picture.add_class("mm-card-picture")
        self.button = W.Button(description=str(card) if not face_down else _("face-down card"),
                               tooltip=card.name() if not face_down else _("face-down card"),
                               layout=W.Layout(width="auto", height="auto", margin="0"))
        self.button.add_class("mm-card-hit")
        self.button.add_class(pick_class(card))
        self.button.on_click(self._clicked)
        self.badge = W.HTML(layout=W.Layout(margin="0"))
        self.badge.add_class("mm-badge")
        super().__init__([W.Box([self.picture, self.button], layout=W.Layout(margin="0")), self.badge])
        self.children[0].add_class("mm-cardbtn")
        self.add_class("mm-card-slot")
        for c in classes:
            self.add_class(c)
        self.set_badge(badge)
        self._draw()

    def _draw(self) -> None:
        self.picture.value = card_svg(self.card, self._width, face_down=self._face_down, highlight=self._highlight)

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
            self.button.description = _("face-down card") if face_down else str(self.card)
            self.button.tooltip = _("face-down card") if face_down else self.card.name()
            self._draw()

    def set_badge(self, text: str) -> None:
        self._badge = text
        self._show_badge()

    def _show_badge(self) -> None:
        # A result is also written as a symbol, so it never depends on seeing the ring's colour.
        mark = {"right": "✓", "wrong": "✗"}.get(self._state or "", "")
        sign = f'<span class="mm-mark mm-mark-{self._state}">{mark}</span> ' if mark else ""
        text = escape(self._badge)
        self.badge.value = f'<span class="mm-badge-text">{sign}{text}</span>' if (mark or text) else ""
        self.badge.layout.display = "" if (mark or text) else "none"

    def set_disabled(self, disabled: bool) -> None:
        self.button.disabled = disabled

    def mark(self, state: str | None) -> None:
        """Show a result on the card: "right", "wrong" or None."""
        if state == self._state:
            return
        self._state = state
        # The ring is drawn inside the card's SVG, so no container can clip it.
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
                 width: int = CARD_WIDTH, badges: Callable[[Card], str] | None = None,
                 classes: Iterable[str] = ()) -> None:
        self.on_card: Callable[[Card], None] | None = on_click
        self.buttons: dict[Card, CardButton] = {}
        self._width = width
        self._badges = badges
        super().__init__([])
        self.add_class("mm-card-row")
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
                b = CardButton(c, self._dispatch, width=self._width,
                               badge=self._badges(c) if self._badges else "")
            self.buttons[c] = b
        self.children = [self.buttons[c] for c in cards]
        if not cards:
            self.children = [W.HTML(f'<span class="mm-empty">{escape(_("(no cards)"))}</span>')]

    def __getitem__(self, card: Card | str) -> CardButton:
        return self.buttons[Card.parse(card)]

    @property
    def cards(self) -> list[Card]:
        return list(self.buttons)


def static_cards(cards: Iterable[Card], width: int = 48, empty: str = "") -> W.HTML:
    """Cards that are only looked at (no click)."""
    from ..svg import cards_html

    return W.HTML(cards_html(cards, width=width, empty=empty or _("(none)")))
