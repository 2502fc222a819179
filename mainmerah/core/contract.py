"""The public contract every registered game meets (OpenSpiel's state, in this project's words).

A game object is its set-up plus its decisions (:class:`~.history.History`); the rest is
derived. Actions are strings in the game's rule-book notation; ``act`` checks each one
and raises :class:`~.errors.RuleError` (or :class:`~.cards.CardError`) leaving the game
unchanged. The conformance suite (``tests/core/test_conformance.py``) holds every game to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

from mainmerah.core.cards import Card, CardError
from mainmerah.core.errors import RuleError
from mainmerah.core.history import History

D = TypeVar("D")


@runtime_checkable
class Decision(Protocol):
    """What a game waits for: which seat, and what kind of decision ("play", "capture"...)."""

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> str: ...


class Event(Protocol):
    """One frozen record of a game's log; it explains itself in the current language."""

    @property
    def kind(self) -> str: ...

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str: ...


class Bot(Protocol):
    """A computer player: one choice from what its seat can see (every game's bots meet it)."""

    name: str

    def choose(self, view: Any) -> Any: ...


class GameState(History[D]):
    """Base of every game's state class. Subclasses fill in the rules."""

    game_name: str  # the registry's name, e.g. "main-merah"
    players: int
    events: list[Any]

    # ----- reading ----------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """What the game waits for, or None when it is over."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        raise NotImplementedError

    @property
    def scores(self) -> tuple[int, ...]:
        raise NotImplementedError

    def legal_actions(self) -> list[str]:
        """Every legal action now, in the rule book's notation (empty when the game is over)."""
        raise NotImplementedError

    def act(self, action: str | Card) -> Self:
        """Take one action given in notation (any card spelling); illegal ones raise, with the reason
        :meth:`check` gives, and change nothing."""
        raise NotImplementedError

    def verify(self, action: str | Card) -> Any:
        """Raise :class:`~.errors.RuleError` (or :class:`~.cards.CardError`) saying why ``action`` is not
        legal now; return quietly when it is (what it returns is the game's own reading of the action).
        ``act`` checks with it, so the reason is the same; nothing changes either way."""
        raise NotImplementedError

    def check(self, action: str | Card) -> str | None:
        """None when ``action`` is legal now, else the reason in words (in the current language).

        What a table or a lesson asks before offering a move: it never re-implements a rule."""
        try:
            self.verify(action)
        except (RuleError, CardError) as e:
            return str(e)
        return None

    def can(self, action: str | Card) -> bool:
        """Whether ``action`` is legal now (the same check as :meth:`check` and ``act``)."""
        return self.check(action) is None

    def view(self, seat: int) -> Any:
        """What ``seat`` may see, and nothing more."""
        raise NotImplementedError

    def explain(self, names: list[str] | None = None, you: int | None = None) -> list[str]:
        """Every event of the log in plain words."""
        return [e.explain(names, you) for e in self.events]

    # ----- integrity -----------------------------------------------------------
    def pack(self) -> Sequence[Card]:
        """The cards this game is played with (one or two packs, jokers or not)."""
        raise NotImplementedError

    def all_cards(self) -> list[Card]:
        """Every card of the game, wherever it is now (for the accounting checks)."""
        raise NotImplementedError

    # ----- save files -----------------------------------------------------------
    def save_body(self) -> dict[str, Any]:
        """The set-up and the decisions, as plain JSON data (the save file's body)."""
        raise NotImplementedError

    def to_json(self) -> str:
        from mainmerah.core.save import dumps

        return dumps(self.game_name, self.save_body())
