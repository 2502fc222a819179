"""The frozen records of a Red Ten hand's log; each explains itself via :mod:`.explain`.

The log knows everything (it is the game's record); what a seat may see is the view's
business. An ``Answer`` records the answer but explains it only to its own seat: the
others learn the answers together, from ``Shown``.
"""

from __future__ import annotations

from typing import NamedTuple

from mainmerah.core.cards import Card
from mainmerah.families.red_ten.explain import explain_event
from mainmerah.families.red_ten.rules import Combo, Settlement


class Deal(NamedTuple):
    dealer: int
    leader: int  # the holder of ♥3
    hands: tuple[tuple[Card, ...], ...]
    seed: int | None
    kind: str = "deal"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return explain_event(self, names, you)


class Answer(NamedTuple):
    seat: int
    answer: str  # "keep", "reveal 10♥", "reveal 10♥ 10♦", "surrender"
    kind: str = "answer"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return explain_event(self, names, you)


class Shown(NamedTuple):
    """All four answers, shown together; whether the hand is open (明打) or hidden (暗打)."""

    answers: tuple[str, ...]  # by seat
    open: bool
    surrender: int | None
    kind: str = "shown"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return explain_event(self, names, you)


class Play(NamedTuple):
    seat: int
    combo: Combo
    beaten: tuple[int, Combo] | None  # the play it went over (None: it led the round)
    left: int  # cards left in the seat's hand
    kind: str = "play"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return explain_event(self, names, you)


class Pass(NamedTuple):
    seat: int
    top: tuple[int, Combo]
    kind: str = "pass"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return explain_event(self, names, you)


class RoundWon(NamedTuple):
    """Everyone else passed: ``winner``'s play stayed on top; ``leader`` leads the next round."""

    winner: int
    leader: int
    kind: str = "round"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return explain_event(self, names, you)


class Out(NamedTuple):
    seat: int
    place: int  # 1 上游, 2 二游, 3 三游
    kind: str = "out"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return explain_event(self, names, you)


class End(NamedTuple):
    result: Settlement
    out: tuple[int, ...]
    kind: str = "end"

    def explain(self, names: list[str] | None = None, you: int | None = None) -> str:
        return explain_event(self, names, you)


Event = Deal | Answer | Shown | Play | Pass | RoundWon | Out | End
