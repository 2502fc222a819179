"""What a click means: a presenter's answer to a wish, which the table alone carries out (any game).

The page sends a wish (a slot, a button, typed text); the table asks the game's presenter what it
means at the human's decision, and the presenter answers with one of these. Only the table then
applies an action to the game (:meth:`~.steps.Stepper._act`), and only it changes the selection
or the message shown, so a presenter reads the game and describes it but never changes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from mainmerah.core.cards import Card


@dataclass(frozen=True)
class Act:
    """Apply ``action`` (the rule book's notation; the state checks it) to the game.

    ``then``: what the same click also chose, applied in turn while the human still decides and the
    state says each is legal (a hand card and the table card it takes, in one click)."""

    action: str
    then: tuple[str, ...] = ()


@dataclass(frozen=True)
class Select:
    """The human's selection becomes ``cards`` (nothing is played); ``note``: a word on what was clicked."""

    cards: tuple[Card, ...] = ()
    note: str | None = None


@dataclass(frozen=True)
class Refuse:
    """Nothing happens; ``reason`` (translated words about the click) is shown."""

    reason: str


Intent = Act | Select | Refuse


def unselect(decision: object) -> Select:
    """A Cancel button's answer at any decision: nothing selected any more."""
    return Select()
