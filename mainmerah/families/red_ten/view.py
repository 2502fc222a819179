"""What one seat may see of a Red Ten hand, and what it can infer about the teams.

Never another hand and never an answer still pending: the answers appear only when all
four are in. The repr depends on nothing else, so two deals the seat cannot tell apart
give the same view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mainmerah.core.cards import PACK_WITH_JOKERS, Card
from mainmerah.families.red_ten.rules import PASS, RED_TENS, Combo, answers_for, plays

if TYPE_CHECKING:
    from mainmerah.families.red_ten.state import RedTen

RED, OTHER, UNKNOWN = "red", "other", "?"


@dataclass(frozen=True)
class SeatView:
    seat: int
    phase: str  # "answer", "play" or "over"
    turn: int | None  # whose decision it is (None when over)
    dealer: int
    leader: int  # the holder of 3♥, who answers first and leads first
    hand: tuple[Card, ...]  # own cards, low to high
    hand_sizes: tuple[int, ...]
    my_answer: str | None
    answered: int  # how many answers are in (not what they are)
    shown: tuple[str, ...] | None  # every answer, once all four are in
    open: bool  # both red tens shown (明打)
    played: tuple[tuple[int, str], ...]  # the play phase so far: (seat, cards or "pass")
    top: tuple[int, Combo] | None  # the play to beat and who made it (None: a lead)
    passed: tuple[int, ...]  # seats that passed since the last play
    out: tuple[int, ...]  # finishing order so far
    known: tuple[tuple[str, int], ...]  # (red ten, holder) as far as this seat knows
    teams: tuple[str, ...]  # per seat: "red", "other" or "?" as this seat can infer
    scores: tuple[int, ...] | None  # once the hand is over

    @classmethod
    def of(cls, game: RedTen, seat: int) -> SeatView:
        over = game.is_over
        hand = tuple(game.hands[seat])
        known: dict[Card, int] = {}
        for t in RED_TENS:
            if t in game.setup.hands[seat] or over:  # at the end the score tells the teams
                known[t] = game.holders[RED_TENS.index(t)]
        if game.shown is not None:
            for s, a in enumerate(game.shown):
                for t in RED_TENS:
                    if a.startswith("reveal") and str(t) in a.split()[1:] or a == "surrender":
                        known[t] = s
        for s, action in game.played:
            for t in RED_TENS:
                if str(t) in action.split():
                    known[t] = s
        return cls(
            seat=seat,
            phase=game.phase,
            turn=None if over else game.turn,
            dealer=game.setup.dealer,
            leader=game.leader,
            hand=hand,
            hand_sizes=tuple(len(h) for h in game.hands),
            my_answer=game.answers[seat],
            answered=sum(a is not None for a in game.answers),
            shown=game.shown,
            open=game.open,
            played=tuple(game.played),
            top=game.top,
            passed=tuple(game.passed),
            out=tuple(game.out),
            known=tuple((str(t), known[t]) for t in RED_TENS if t in known),
            teams=infer_teams(seat, {str(t): s for t, s in known.items()}),
            scores=game.scores if over else None,
        )

    # ----- helpers for bots and tables ---------------------------------------------
    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat

    def legal_actions(self) -> list[str]:
        """The seat's legal actions when it is its turn (the same list the game gives)."""
        if not self.my_turn:
            return []
        if self.phase == "answer":
            return answers_for(self.hand)
        options = [p.text for p in plays(self.hand, self.top[1] if self.top else None)]
        return options + [PASS] if self.top is not None else options

    def unseen(self) -> list[Card]:
        """Cards this seat has not seen: in the other hands."""
        seen = set(self.hand)
        for _, action in self.played:
            if action != "pass":
                seen.update(Card.parse(t) for t in action.split())
        return [c for c in PACK_WITH_JOKERS if c not in seen]

    def partner_of(self, seat: int) -> bool | None:
        """Whether ``seat`` is known to be on this seat's team (None: not known)."""
        mine, theirs = self.teams[self.seat], self.teams[seat]
        if seat == self.seat:
            return True
        if UNKNOWN in (mine, theirs):
            return None
        return mine == theirs


def infer_teams(seat: int, known: dict[str, int]) -> tuple[str, ...]:
    """Each seat's team as far as ``seat`` knows from the red-ten holders it knows."""
    teams = [UNKNOWN] * 4
    for s in known.values():
        teams[s] = RED
    if len(known) == 2:
        return tuple(RED if t == RED else OTHER for t in teams)
    if teams[seat] != RED:
        teams[seat] = OTHER  # a seat knows its own hand: no red ten it does not know of
    return tuple(teams)
