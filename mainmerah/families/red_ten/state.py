"""The state of one hand of Red Ten: the deal, the answers before play, the rounds, the score.

A hand is its set-up (the four dealt hands and the dealer) plus its decisions, each a
seat and an action in the rule book's notation. Everything else is derived by applying
them, so undo, goto, copies and save files come from :class:`~..core.history.History`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple, Self

from mainmerah.core.cards import PACK_WITH_JOKERS, Card, CardError, parse_cards
from mainmerah.core.contract import GameState
from mainmerah.core.errors import LayoutError, RuleError
from mainmerah.core.i18n import _
from mainmerah.core.words import capitalized, seat_name
from mainmerah.families.red_ten.deal import Setup, checked_hands, deal
from mainmerah.families.red_ten.events import Answer, Deal, End, Event, Out, Pass, Play, RoundWon, Shown
from mainmerah.families.red_ten.explain import check_held, does_not_beat, not_a_play
from mainmerah.families.red_ten.rules import (
    HEART_THREE,
    KEEP,
    PASS,
    RED_TENS,
    REVEAL,
    SURRENDER,
    Combo,
    Settlement,
    answers_for,
    beats,
    classify,
    plays,
    red_team,
    settle,
    settled,
    sort_cards,
    surrender,
)
from mainmerah.families.red_ten.view import SeatView

SEATS = 4
VARIANTS = ("standard",)


def joker_cards(text: str) -> list[Card]:
    """The cards of an action; a token that is no card is refused with the card notation and this game's jokers."""
    try:
        return parse_cards(text)
    except CardError as e:
        raise CardError(_("{error}; the jokers are SJ (small) and BJ (big)").format(error=e)) from None

class Choice(NamedTuple):
    """One decision of the log: who, and the action in printed notation."""

    seat: int
    action: str


class Decision(NamedTuple):
    """What the hand waits for: ``kind`` is "answer" (before play) or "play"."""

    seat: int
    kind: str


class RedTen(GameState[Choice]):
    """One hand of Red Ten for four seats."""

    game_name = "red-ten"
    players = SEATS

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.holders = tuple(next(s for s in range(SEATS) if t in setup.hands[s]) for t in RED_TENS)
        self.red = red_team(self.holders)
        self.leader = next(s for s in range(SEATS) if HEART_THREE in setup.hands[s])
        self._start_history()

    # ----- construction ----------------------------------------------------------
    @classmethod
    def new(cls, seed: int | None = None, players: int = SEATS, variant: str = "standard",
            dealer: int | None = None) -> RedTen:
        if players != SEATS:
            raise LayoutError(_("Red Ten is played by 4 players, not {n}").format(n=players))
        _check_variant(variant)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        rng = random.Random(seed)
        if dealer is None:
            dealer = rng.randrange(SEATS)
        return cls(Setup(deal(rng, dealer), dealer, seed, variant))

    @classmethod
    def from_layout(cls, hands: Sequence[Any], dealer: int = 0, seed: int | None = None,
                    variant: str = "standard") -> RedTen:
        """An explicit deal: four hands (card texts or cards) holding all 54 cards."""
        _check_variant(variant)
        return cls(Setup(checked_hands(hands, dealer), dealer, seed, variant))

    def _fresh(self) -> Self:
        return type(self)(self.setup)

    # ----- derived state -----------------------------------------------------------
    def _reset(self) -> None:
        self.hands: list[list[Card]] = [sort_cards(h) for h in self.setup.hands]
        self.answers: list[str | None] = [None] * SEATS
        self.answer_order = [(self.leader + i) % SEATS for i in range(SEATS)]
        self.shown: tuple[str, ...] | None = None
        self.open = False
        self.phase = "answer"
        self.turn = self.leader
        self.top: tuple[int, Combo] | None = None
        self.passed: list[int] = []  # seats that passed since the last play
        self.out: list[int] = []
        self.played: list[tuple[int, str]] = []  # (seat, action) of the play phase, passes too
        self.result: Settlement | None = None
        self.events: list[Event] = [Deal(self.setup.dealer, self.leader, self.setup.hands, self.setup.seed)]

    def _apply(self, choice: Choice) -> None:
        seat, action = choice
        if self.phase == "answer":
            self._answer(seat, action)
        elif action == PASS:
            self._pass(seat)
        else:
            self._play(seat, classify(parse_cards(action)))  # type: ignore[arg-type]  # checked by act

    def _answer(self, seat: int, action: str) -> None:
        self.answers[seat] = action
        self.events.append(Answer(seat, action))
        given = sum(a is not None for a in self.answers)
        if given < SEATS:
            self.turn = self.answer_order[given]
            return
        shown = tuple(a or KEEP for a in self.answers)
        revealed = {c for a in shown if a.startswith(REVEAL) for c in parse_cards(a.split(None, 1)[1])}
        self.shown = shown
        self.open = all(t in revealed for t in RED_TENS)
        quitter = next((s for s in range(SEATS) if shown[s] == SURRENDER), None)
        self.events.append(Shown(shown, self.open, quitter))
        if quitter is not None:
            self._end(surrender(quitter))
            return
        self.phase = "play"
        self.turn = self.leader

    def _play(self, seat: int, combo: Combo) -> None:
        gone = set(combo.cards)
        self.hands[seat] = [c for c in self.hands[seat] if c not in gone]
        left = len(self.hands[seat])
        self.events.append(Play(seat, combo, self.top, left))
        self.played.append((seat, combo.text))
        self.top = (seat, combo)
        self.passed = []
        if left == 0:
            self.out.append(seat)
            self.events.append(Out(seat, len(self.out)))
            if settled(self.out, self.red):
                self._end(settle(self.out, self.red, self.open))
                return
        self.turn = self._next_with_cards(seat)

    def _pass(self, seat: int) -> None:
        assert self.top is not None
        self.events.append(Pass(seat, self.top))
        self.played.append((seat, PASS))
        self.passed.append(seat)
        winner = self.top[0]
        if len(self.passed) >= sum(1 for s in range(SEATS) if s != winner and self.hands[s]):
            # Everyone else passed in turn: the round is won; a seat that went out hands the lead on.
            leader = winner if self.hands[winner] else self._next_with_cards(winner)
            self.events.append(RoundWon(winner, leader))
            self.top = None
            self.passed = []
            self.turn = leader
        else:
            self.turn = self._next_with_cards(seat)

    def _next_with_cards(self, seat: int) -> int:
        for i in range(1, SEATS + 1):
            s = (seat + i) % SEATS
            if self.hands[s]:
                return s
        raise AssertionError("no seat holds cards")  # pragma: no cover (the hand ends before)

    def _end(self, result: Settlement) -> None:
        self.result = result
        self.phase = "over"
        self.events.append(End(result, tuple(self.out)))

    # ----- the contract -------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        if self.phase == "over":
            return None
        return Decision(self.turn, "answer" if self.phase == "answer" else "play")

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def scores(self) -> tuple[int, ...]:
        return self.result.scores if self.result is not None else (0,) * SEATS

    @property
    def top_combo(self) -> Combo | None:
        return self.top[1] if self.top is not None else None

    def legal_actions(self) -> list[str]:
        if self.phase == "over":
            return []
        hand = self.hands[self.turn]
        if self.phase == "answer":
            return answers_for(hand)
        options = [p.text for p in plays(hand, self.top_combo)]
        return options + [PASS] if self.top is not None else options

    def act(self, action: str | Card) -> Self:
        self._record(Choice(self.turn, self.verify(action)))
        return self

    def verify(self, action: str | Card) -> str:
        """The action in printed notation if it is legal now; otherwise a RuleError or CardError
        saying what is wrong. Nothing changes either way."""
        if self.phase == "over":
            raise RuleError(_("the hand is over: no more actions"))
        seat, hand = self.turn, self.hands[self.turn]
        if isinstance(action, Card):
            action = str(action)
        if not isinstance(action, str):
            raise RuleError(_("an action is text such as '3H 4D 5S' or 'pass', not {a!r}").format(a=action))
        words = action.split()
        head = words[0].lower() if words else ""
        if self.phase == "answer":
            return self._check_answer(seat, hand, head, words)
        if head in (KEEP, REVEAL, SURRENDER):
            raise RuleError(_("the answers before play are over: play cards or pass"))
        if head == PASS and len(words) == 1:
            if self.top is None:
                raise RuleError(_("{seat} leads this round and may not pass: play any combination").format(
                    seat=capitalized(seat_name(seat))))
            return PASS
        if not words:
            raise RuleError(_("no cards given: write a play such as '3H 4D 5S', or 'pass'"))
        cards = joker_cards(action)
        check_held(cards, hand)
        combo = classify(cards)
        if combo is None:
            raise RuleError(not_a_play(cards))
        if self.top is not None and not beats(combo, self.top[1]):
            raise RuleError(does_not_beat(combo, self.top[1]))
        return combo.text

    def _check_answer(self, seat: int, hand: Sequence[Card], head: str, words: list[str]) -> str:
        allowed = answers_for(hand)
        if head == REVEAL and len(words) > 1:
            cards = joker_cards(" ".join(words[1:]))
            check_held(cards, hand)
            if any(c not in RED_TENS for c in cards) or len(set(cards)) != len(cards):
                raise RuleError(_("only a red ten (10♥ or 10♦) can be revealed, not {cards}").format(
                    cards=" ".join(map(str, cards))))
            text = f"{REVEAL} " + " ".join(str(t) for t in RED_TENS if t in cards)
        elif head in (KEEP, SURRENDER) and len(words) == 1:
            text = head
        else:
            raise RuleError(_("before play every seat answers first: {options}").format(
                options=", ".join(allowed)))
        if text not in allowed:
            if text == SURRENDER:
                raise RuleError(_("only the holder of both red tens may surrender"))
            raise RuleError(_("{answer} is not an answer now: {options}").format(
                answer=text, options=", ".join(allowed)))  # pragma: no cover (held cards were checked)
        return text

    # ----- seeing -------------------------------------------------------------------
    def view(self, seat: int) -> SeatView:
        return SeatView.of(self, seat)

    def pack(self) -> Sequence[Card]:
        return PACK_WITH_JOKERS

    def all_cards(self) -> list[Card]:
        played = [c for e in self.events if isinstance(e, Play) for c in e.combo.cards]
        return [c for h in self.hands for c in h] + played

    def save_body(self) -> dict[str, Any]:
        s = self.setup
        return {
            "variant": s.variant,
            "dealer": s.dealer,
            "seed": s.seed,
            "hands": [[str(c) for c in h] for h in s.hands],
            "decisions": [ch.action for ch in self.choices],
        }

    def __repr__(self) -> str:
        return f"RedTen(seed={self.setup.seed}, dealer={self.setup.dealer}, decisions={len(self.choices)})"


def _check_variant(variant: str) -> None:
    if variant not in VARIANTS:
        raise LayoutError(_("unknown variant {v!r}: choose one of {names}").format(
            v=variant, names=", ".join(VARIANTS)))
