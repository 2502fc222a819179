"""The In The Red engine: one object is one whole game to 100 (several deals, the deal passing left).

State is the set-up plus the decisions (:class:`~mainmerah.core.history.History`); the rest is
derived by applying them. Every random step (the first dealer's draw, each deal's shuffle, each
reshuffle of the stacks) is drawn from the set-up's seed and what it is for, so replaying the
decisions reproduces the game exactly. Actions use the rule book's notation: ``7♥@2`` places 7♥
on seat 2's stack, ``discard 7♥`` discards it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple, Self

from mainmerah.core.cards import Card
from mainmerah.core.contract import GameState
from mainmerah.core.errors import RuleError
from mainmerah.core.i18n import _
from mainmerah.families.in_the_red.deal import Layout, check_players, dealer_draw, rng_for, shuffled
from mainmerah.families.in_the_red.events import (
    DealEnd,
    DealStart,
    Discarded,
    Event,
    GameEnd,
    Placed,
    Reshuffled,
    RoundEnd,
    Scored,
)
from mainmerah.families.in_the_red.rules import (
    TARGET,
    clockwise_from,
    fits,
    game_cards,
    hand_value,
    legal_moves,
    losers,
    pack_count,
)

VARIANTS = ("standard",)


class Setup(NamedTuple):
    """Everything a game is started from; the decisions do the rest."""

    seed: int
    players: int
    variant: str = "standard"
    dealer: int | None = None  # the first dealer; None: the seeded draw decides
    layouts: tuple[Layout, ...] = ()  # explicit layouts of the first deals (later deals are shuffled)
    totals: tuple[int, ...] = ()  # running totals at the start (empty: all 0)


class Choice(NamedTuple):
    """One recorded decision: ``seat`` plays ``card`` on stack ``stack`` (None: discards it)."""

    seat: int
    card: Card
    stack: int | None

    @property
    def action(self) -> str:
        return f"discard {self.card}" if self.stack is None else f"{self.card}@{self.stack}"


class Turn(NamedTuple):
    """What the game waits for: ``seat`` plays a card (it places one, or discards when nothing fits)."""

    seat: int
    kind: str = "play"  # the same word either way: whether the seat can place is its private business


def parse_action(action: str | Card) -> tuple[Card, int | None]:
    """``7h@2`` / ``7H @ 2`` -> (7♥, 2); ``discard 7h`` -> (7♥, None). Bad text raises, naming it."""
    if isinstance(action, Card):
        raise RuleError(_("say where {card} goes: '{card}@2' places it on seat 2's stack, "
                          "'discard {card}' discards it").format(card=action))
    if not isinstance(action, str):
        raise RuleError(_("an action is text such as '7H@2' or 'discard 7H', not {kind}").format(
            kind=type(action).__name__))
    text = action.strip()
    low = text.lower()
    if low.startswith("discard"):
        rest = text[len("discard"):].strip()
        if not rest:
            raise RuleError(_("say which card to discard, e.g. 'discard 7H'"))
        return Card.parse(rest), None
    if "@" not in text:
        Card.parse(text)  # a bad card is named as such first
        raise RuleError(_("say which stack {card} goes on, e.g. '{card}@2' for seat 2's stack").format(
            card=Card.parse(text)))
    card_text, _at, stack_text = text.partition("@")
    card = Card.parse(card_text)
    stack_text = stack_text.strip()
    if not stack_text.isdigit():
        raise RuleError(_("no stack {stack!r}: a stack is a seat number, e.g. '{card}@2'").format(
            stack=stack_text, card=card))
    return card, int(stack_text)


class InTheRed(GameState[Choice]):
    """A game of In The Red. Build with :meth:`new` (shuffled) or :meth:`from_layout`."""

    game_name = "in-the-red"

    # derived state (rebuilt by _reset and _apply)
    hands: list[list[Card]]
    stacks: list[list[Card]]  # bottom first; the top is the last
    discards: list[tuple[int, Card]]  # the round's discards, in order: (by seat, card)
    known: list[list[Card]]  # discards handed to each seat and not played since: public knowledge
    _pack: list[Card]  # top last, so drawing is a pop
    totals: list[int]
    events: list[Event]
    layouts: list[Layout]  # the layout of every deal so far
    deal_number: int  # 1 for the first deal
    round_number: int  # 1 for a deal's first round
    dealer: int
    starter: int  # who started the round under way
    turns: int  # cards played in the round under way
    reshuffles: int
    deal_choice: int  # index in ``choices`` of the current deal's first decision
    winners: tuple[int, ...]
    _legal: dict[str, tuple[Card, int | None]] | None

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.players = check_players(setup.players)
        self._start_history()

    # ----- building ------------------------------------------------------------
    @classmethod
    def new(cls, seed: int | None = None, players: int = 4, variant: str = "standard",
            dealer: int | None = None) -> InTheRed:
        import random

        if seed is None:
            seed = random.SystemRandom().randrange(2**31)  # recorded in the set-up, so the game replays
        return cls(Setup(seed=seed, players=check_players(players), variant=_variant(variant),
                         dealer=_dealer(dealer, players)))

    @classmethod
    def from_layout(cls, hands: Sequence[Any], stacks: Sequence[Any], pack: Any, dealer: int = 0,
                    seed: int = 0, totals: Sequence[int] | None = None, variant: str = "standard") -> InTheRed:
        """An explicit first deal: each hand, each stack (bottom first), the pack (top first), the dealer.
        Later deals are shuffled from ``seed``; ``totals`` are the running totals to start from."""
        from mainmerah.families.in_the_red.deal import layout_of

        lay = layout_of(hands, stacks, pack)
        n = len(lay.hands)
        return cls(Setup(seed=seed, players=n, variant=_variant(variant), dealer=_dealer(dealer, n), layouts=(lay,),
                         totals=_totals(totals, n)))

    def _fresh(self) -> Self:
        return type(self)(self.setup)

    # ----- History ----------------------------------------------------------------
    def _reset(self) -> None:
        s, n = self.setup, self.players
        self.events = []
        self._legal = None
        self.totals = list(s.totals) if s.totals else [0] * n
        self.layouts = []
        self.winners = ()
        self._over = False
        if s.dealer is None:
            dealer, draws = dealer_draw(s.seed, n)
            self.events.extend(draws)
        else:
            dealer = s.dealer
        self.deal_number = 0
        self._start_deal(dealer)

    def _start_deal(self, dealer: int) -> None:
        s, n = self.setup, self.players
        k = self.deal_number
        lay = s.layouts[k] if k < len(s.layouts) else shuffled(s.seed, k, n, dealer)
        self.layouts.append(lay)
        self.deal_number = k + 1
        self.dealer = dealer
        self.hands = [list(h) for h in lay.hands]
        self.stacks = [list(st) for st in lay.stacks]
        self._pack = list(reversed(lay.pack))
        self.discards = []
        self.known = [[] for _ in range(n)]
        self.round_number = 1
        self.starter = (dealer + 1) % n
        self.turns = 0
        self.reshuffles = 0
        # goto() resets before it empties the log, so the first deal starts at 0 explicitly
        self.deal_choice = len(self.choices) if k else 0
        self.events.append(DealStart(self.deal_number, dealer, self.starter, tuple(st[-1] for st in self.stacks),
                                     tuple(len(h) for h in self.hands), len(self._pack), pack_count(n)))

    def _apply(self, choice: Choice) -> None:
        self._legal = None
        seat, card, stack = choice
        hand = self.hands[seat]
        hand.remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)
        if stack is None:
            self.discards.append((seat, card))
            self.events.append(Discarded(seat, card, tuple(hand) + (card,), tuple(st[-1] for st in self.stacks)))
        else:
            target = self.stacks[stack]
            self.events.append(Placed(seat, card, stack, target[-1]))
            target.append(card)
        self.turns += 1
        if self.turns == self.players:
            self._end_round()

    def _draw(self) -> Card | None:
        if not self._pack:
            # (choice) the cards under the tops are shuffled (seeded) into a new pack
            under = [c for st in self.stacks for c in st[:-1]]
            if not under:
                return None
            for st in self.stacks:
                del st[:-1]
            self.reshuffles += 1
            rng_for(self.setup.seed, "reshuffle", self.deal_number, self.reshuffles).shuffle(under)
            self._pack = under
            self.events.append(Reshuffled(len(under)))
        return self._pack.pop()

    def _end_round(self) -> None:
        n = self.players
        tops = tuple(st[-1] for st in self.stacks)
        lost, red = losers(tops)
        order = clockwise_from((self.dealer + 1) % n, lost, n)
        draws: list[tuple[int, Card | None]] = []
        for s in order:
            c = self._draw()
            if c is not None:
                self.hands[s].append(c)
            draws.append((s, c))
        handouts = []
        for i, (_by, c) in enumerate(self.discards):
            s = order[i % len(order)]
            self.hands[s].append(c)
            self.known[s].append(c)
            handouts.append((s, c))
        self.discards = []
        out = tuple(s for s in range(n) if not self.hands[s])
        starter = order[-1]
        self.events.append(RoundEnd(self.round_number, tops, order, red, tuple(draws), tuple(handouts),
                                    None if out else starter))
        if out:
            self._end_deal(out)
        else:
            self.round_number += 1
            self.starter = starter
            self.turns = 0

    def _end_deal(self, out: tuple[int, ...]) -> None:
        self.events.append(DealEnd(self.deal_number, out))
        for s, hand in enumerate(self.hands):
            points = hand_value(hand)
            self.totals[s] += points
            self.events.append(Scored(s, tuple(hand), points, self.totals[s]))
        if max(self.totals) >= TARGET:
            low = min(self.totals)
            self.winners = tuple(s for s, t in enumerate(self.totals) if t == low)
            self._over = True
            self.events.append(GameEnd(tuple(self.totals), self.winners))
        else:
            self._start_deal((self.dealer + 1) % self.players)  # the deal passes left

    # ----- reading ------------------------------------------------------------------
    @property
    def seat(self) -> int:
        """Whose turn it is (meaningless once the game is over)."""
        return (self.starter + self.turns) % self.players

    @property
    def seed(self) -> int:
        """The set-up's seed (the table shows it and seeds its computer players from it)."""
        return self.setup.seed

    @property
    def decision(self) -> Turn | None:
        return None if self._over else Turn(self.seat)

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def scores(self) -> tuple[int, ...]:
        """The running totals, one per seat: the points of the cards left at the end of each deal.
        Lower is better; the game ends after a deal in which one reaches 100."""
        return tuple(self.totals)

    @property
    def tops(self) -> tuple[Card, ...]:
        return tuple(st[-1] for st in self.stacks)

    @property
    def pack_size(self) -> int:
        return len(self._pack)

    def in_the_red(self) -> tuple[int, ...]:
        """Who would lose the round if it ended now (live, as cards land)."""
        return losers(self.tops)[0]

    def moves(self) -> list[tuple[Card, int | None]]:
        """The legal moves now as (card, stack or None for a discard), each once."""
        if self._over:
            return []
        return legal_moves(self.hands[self.seat], self.tops)

    def _legal_now(self) -> dict[str, tuple[Card, int | None]]:
        # kept until the next decision: bots and simulations pass back the exact texts listed
        if self._legal is None:
            self._legal = {f"discard {c}" if s is None else f"{c}@{s}": (c, s) for c, s in self.moves()}
        return self._legal

    def legal_actions(self) -> list[str]:
        return list(self._legal_now())

    def act(self, action: str | Card) -> Self:
        known = self._legal_now().get(action) if isinstance(action, str) and not self._over else None
        self._record(Choice(self.seat, *(known if known is not None else self.verify(action))))
        return self

    def verify(self, action: str | Card) -> tuple[Card, int | None]:
        """(card, stack or None for a discard) if ``action`` is legal now; else a RuleError (or CardError)
        saying why."""
        if self._over:
            raise RuleError(_("the game is over: no more actions"))
        card, stack = parse_action(action)
        self._check(card, stack)
        return card, stack

    def _check(self, card: Card, stack: int | None) -> None:
        seat, hand = self.seat, self.hands[self.seat]
        if card not in hand:
            raise RuleError(_("seat {seat} does not hold {card}").format(seat=seat, card=card))
        tops = self.tops
        if stack is None:
            can = [(c, s) for c, s in legal_moves(hand, tops) if s is not None]
            if can:
                c, s = can[0]
                raise RuleError(_("seat {seat} cannot discard: {card} fits on seat {stack}'s stack ({action}); "
                                  "a card may be discarded only when nothing fits anywhere").format(
                    seat=seat, card=c, stack=s, action=f"{c}@{s}"))
            return
        if not 0 <= stack < self.players:
            raise RuleError(_("no stack {stack}: the stacks are seats 0 to {last}").format(
                stack=stack, last=self.players - 1))
        top = tops[stack]
        if not fits(card, top):
            raise RuleError(_("{card} does not fit on seat {stack}'s stack: its top card is {top} "
                              "(a card goes on the same suit or the same rank)").format(
                card=card, stack=stack, top=top))

    def view(self, seat: int) -> Any:
        from mainmerah.families.in_the_red.view import SeatView

        return SeatView.of(self, seat)

    def pack(self) -> tuple[Card, ...]:
        return game_cards(self.players)

    def all_cards(self) -> list[Card]:
        out = [c for h in self.hands for c in h]
        out += [c for st in self.stacks for c in st]
        out += [c for _s, c in self.discards]
        out += self._pack
        return out

    def pack_order(self) -> tuple[Card, ...]:
        """The pack, top first (hidden from every seat; for tests and the set-up of other worlds)."""
        return tuple(reversed(self._pack))

    # ----- save files -----------------------------------------------------------------
    def save_body(self) -> dict[str, Any]:
        """The set-up and the decisions as action texts (:mod:`.saving` loads it back)."""
        s = self.setup
        def cards(cs: Iterable[Card]) -> list[str]:
            return [str(c) for c in cs]

        return {
            "seed": s.seed, "players": s.players, "variant": s.variant, "dealer": s.dealer,
            "layouts": [{"hands": [cards(h) for h in lay.hands], "stacks": [cards(st) for st in lay.stacks],
                         "pack": cards(lay.pack)} for lay in s.layouts],
            "totals": list(s.totals),
            "decisions": [c.action for c in self.choices],
        }

    def __repr__(self) -> str:
        return (f"<InTheRed {self.players} players, seed {self.setup.seed}, deal {self.deal_number}, "
                f"round {self.round_number}, totals {self.totals}{', over' if self._over else ''}>")


def _variant(variant: str) -> str:
    v = str(variant).strip().lower()
    if v not in VARIANTS:
        raise ValueError(_("unknown variant {variant!r}: In The Red has {names}").format(
            variant=variant, names=", ".join(VARIANTS)))
    return v


def _dealer(dealer: int | None, players: int) -> int | None:
    if dealer is None:
        return None
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        from mainmerah.core.errors import LayoutError

        raise LayoutError(_("no seat {dealer!r} to deal: the seats are 0 to {last}").format(
            dealer=dealer, last=players - 1))
    return dealer


def _totals(totals: Sequence[int] | None, players: int) -> tuple[int, ...]:
    if totals is None:
        return ()
    t = tuple(totals)
    if len(t) != players or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in t):
        from mainmerah.core.errors import LayoutError

        raise LayoutError(_("totals are {n} whole numbers of 0 or more, one per seat").format(n=players))
    return t
