"""The game as a passive state machine with one event log.

A ``Game`` holds its set-up (the deal, after any redeals) and the list of
decisions taken. Everything else -- table, hands, piles, events -- is derived
by applying those decisions, so undo, redo, jumping through history and save
files all rebuild from the same two things instead of copying state.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .card import DECK, Card, CardError, parse_cards
from .events import Capture, Deal, End, Event, Flip, Play, Redeal, Stay
from .i18n import _
from .variant import SETUP_SIZES, Variant, get_variant

PLAY = "play"
CAPTURE = "capture"


class RuleError(ValueError):
    """A decision the rules do not allow now; the game is left unchanged."""


class LayoutError(ValueError):
    """An impossible set-up (duplicate cards, wrong counts...)."""


class Decision(NamedTuple):
    """What the game waits for: ``seat`` must ``kind`` one of ``options``.

    For "play" the options are the seat's hand; for "capture" they are the
    matching table cards in table order, and ``card`` is the card capturing.
    """

    seat: int
    kind: str
    options: tuple[Card, ...]
    card: Card | None = None
    source: str | None = None


class Choice(NamedTuple):
    """One recorded decision (the log a save file keeps)."""

    seat: int
    kind: str
    card: Card


@dataclass(frozen=True)
class Setup:
    """Everything fixed before the first decision."""

    players: int
    variant: str
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Card, ...]
    stock: tuple[Card, ...]  # stock[0] is the top card
    first: int
    dealer: int = 0
    seed: int | None = None
    piles: tuple[tuple[Card, ...], ...] = ()
    redeals: tuple[Redeal, ...] = ()

    @property
    def out(self) -> tuple[Card, ...]:
        """Cards not in this set-up at all (only for partial teaching layouts)."""
        used = set(self.table) | set(self.stock)
        for h in self.hands:
            used.update(h)
        for p in self.piles:
            used.update(p)
        return tuple(c for c in DECK if c not in used)


def check_layout(setup: Setup) -> None:
    """Refuse an impossible set-up with the reason (no card twice, counts that fit)."""
    n = setup.players
    if n not in (2, 3):
        raise LayoutError(_("Main Merah is for 2 or 3 players, not {n}").format(n=n))
    if len(setup.hands) != n:
        raise LayoutError(_("{n} players need {n} hands, got {got}").format(n=n, got=len(setup.hands)))
    if setup.piles and len(setup.piles) != n:
        raise LayoutError(_("{n} players need {n} piles, got {got}").format(n=n, got=len(setup.piles)))
    if not 0 <= setup.first < n:
        raise LayoutError(_("first player must be a seat 0..{last}, not {first}").format(last=n - 1, first=setup.first))
    if not 0 <= setup.dealer < n:
        raise LayoutError(_("the dealer must be a seat 0..{last}, not {dealer}").format(
            last=n - 1, dealer=setup.dealer))
    seen: dict[Card, str] = {}
    places = [(_("seat {i}'s hand").format(i=i), h) for i, h in enumerate(setup.hands)]
    places += [(_("the table"), setup.table), (_("the stock"), setup.stock)]
    places += [(_("seat {i}'s pile").format(i=i), p) for i, p in enumerate(setup.piles)]
    for where, cards in places:
        for c in cards:
            if not isinstance(c, Card):
                raise LayoutError(_("{where} holds {c!r}, which is not a card").format(where=where, c=c))
            if c in seen:
                raise LayoutError(_("{c} appears twice: in {first_place} and in {where}").format(
                    c=c, first_place=seen[c], where=where))
            seen[c] = where
    sizes = [len(setup.hands[(setup.first + k) % n]) for k in range(n)]
    # Seats in turn order from the first: each has as many cards as the next, or one more.
    if any(sizes[k] < sizes[k + 1] for k in range(n - 1)) or sizes[0] - sizes[-1] > 1:
        raise LayoutError(_(
            "hand sizes do not fit the turn order: starting with seat {first}, the hands hold {sizes} cards "
            "(each seat plays one card a turn)"
        ).format(first=setup.first, sizes=sizes))
    if len(setup.stock) != sum(sizes):
        raise LayoutError(_(
            "the stock must hold one card per hand card ({need}), not {got}: "
            "every turn plays one hand card and flips one stock card"
        ).format(need=sum(sizes), got=len(setup.stock)))
    for p in setup.piles:
        if len(p) % 2:
            raise LayoutError(_("a capture pile holds pairs, so an even number of cards"))


def deal(
    players: int = 2, variant: str | Variant = "classic", seed: int | None = None, dealer: int = 0,
    first: int | None = None,
) -> Setup:
    """Shuffle with ``random.Random(seed)`` and deal, redealing while the variant demands."""
    if players not in SETUP_SIZES:
        raise ValueError(f"Main Merah is for 2 or 3 players, not {players!r}")
    if not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat 0..{players - 1}, not {dealer!r}")
    v = get_variant(variant)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    rng = random.Random(seed)
    hand, table_n, _stock_n = SETUP_SIZES[players]
    redeals: list[Redeal] = []
    while True:
        cards = list(DECK)
        rng.shuffle(cards)
        start = hand * players
        table = tuple(cards[start : start + table_n])
        bad = v.redeal_rank(table)
        if bad is None:
            break
        redeals.append(Redeal(len(redeals) + 1, table, bad, sum(c.rank == bad for c in table), v.name))
    hands = tuple(tuple(cards[i * hand : (i + 1) * hand]) for i in range(players))
    if first is None:
        first = v.first_player(dealer, players, rng)
    elif not 0 <= first < players:
        raise ValueError(f"first player must be a seat 0..{players - 1}, not {first!r}")
    return Setup(
        players, v.name, hands, table, tuple(cards[start + table_n :]), first, dealer, seed,
        redeals=tuple(redeals),
    )


def _cards(value: Iterable[str | Card] | str, what: str) -> tuple[Card, ...]:
    try:
        return tuple(parse_cards(value))
    except CardError as e:
        raise CardError(_("{what}: {e}").format(what=what, e=e)) from None


class Game:
    """One game of Main Merah. Build with :meth:`new` or :meth:`from_layout`."""

    def __init__(self, setup: Setup, *, check: bool = True) -> None:
        if check:  # set-ups dealt by deal() are correct by construction
            check_layout(setup)
        self.setup = setup
        self.variant: Variant = get_variant(setup.variant)
        self.players = setup.players
        self.choices: list[Choice] = []
        self._redo: list[Choice] = []
        self._reset()

    # ----- construction -------------------------------------------------
    @classmethod
    def new(
        cls, players: int = 2, variant: str | Variant = "classic", seed: int | None = None,
        dealer: int = 0, first: int | None = None,
    ) -> Game:
        """A shuffled game (redeals applied). ``seed`` None picks one and records it."""
        return cls(deal(players, variant, seed, dealer, first), check=False)

    @classmethod
    def from_layout(
        cls,
        hands: Sequence[Iterable[str | Card] | str],
        table: Iterable[str | Card] | str,
        stock: Iterable[str | Card] | str,
        first: int = 0,
        variant: str | Variant = "classic",
        piles: Sequence[Iterable[str | Card] | str] | None = None,
    ) -> Game:
        """An explicit set-up: table in laid order, ``stock[0]`` the top card."""
        setup = Setup(
            players=len(hands),
            variant=get_variant(variant).name,
            hands=tuple(_cards(h, f"seat {i}'s hand") for i, h in enumerate(hands)),
            table=_cards(table, "table"),
            stock=_cards(stock, "stock"),
            first=first,
            dealer=first,
            piles=tuple(_cards(p, f"seat {i}'s pile") for i, p in enumerate(piles or ())),
        )
        return cls(setup)

    def _reset(self) -> None:
        s = self.setup
        self._hands: list[list[Card]] = [list(h) for h in s.hands]
        self._table: list[Card] = list(s.table)
        self._stock = s.stock
        self._top = 0
        self._piles: list[list[Card]] = [list(p) for p in s.piles] or [[] for _ in range(s.players)]
        self._scores = [sum(c.points for c in p) for p in self._piles]
        self._seat = s.first
        self._pending: Card | None = None
        self._source: str | None = None
        self._options: tuple[Card, ...] = ()
        self._over = False
        self._decision: Decision | None = None
        self.events: list[Event] = list(s.redeals)
        self.events.append(
            Deal(s.players, s.variant, s.dealer, s.first, s.seed, s.table,
                 tuple(len(h) for h in s.hands), len(s.stock))
        )
        if not any(self._hands):
            self._finish()
        else:
            self._ask_play()

    # ----- reading the state ---------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """What the game waits for, or None when it is over."""
        return self._decision

    @property
    def seat(self) -> int:
        """The seat whose turn it is (the last seat to move once the game is over)."""
        return self._seat

    @property
    def table(self) -> tuple[Card, ...]:
        """Table cards, longest-lying first."""
        return tuple(self._table)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(h) for h in self._hands)

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(p) for p in self._piles)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock's cards, top first (hidden from players: use :meth:`view`)."""
        return self._stock[self._top :]

    @property
    def stock_size(self) -> int:
        return len(self._stock) - self._top

    @property
    def pending(self) -> Card | None:
        """A played or flipped card waiting for its capture choice."""
        return self._pending

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._scores)

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winners(self) -> tuple[int, ...]:
        best = max(self._scores)
        return tuple(i for i, s in enumerate(self._scores) if s == best)

    @property
    def seed(self) -> int | None:
        return self.setup.seed

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: never other hands or the stock's cards."""
        from .view import SeatView

        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game")
        return SeatView.of(self, seat)

    # ----- decisions ----------------------------------------------------
    def play(self, card: str | Card, seat: int | None = None) -> Game:
        """The seat to move lays ``card`` from its hand (``seat``, if given, must be that seat)."""
        c = self._check(PLAY, card, seat)
        self._record(Choice(self._seat, PLAY, c))
        return self

    def capture(self, card: str | Card, seat: int | None = None) -> Game:
        """Choose which matching table card the played or flipped card takes."""
        c = self._check(CAPTURE, card, seat)
        self._record(Choice(self._seat, CAPTURE, c))
        return self

    def decide(self, card: str | Card, seat: int | None = None) -> Game:
        """Answer the current decision, whichever kind it is."""
        if self._decision is None:
            raise RuleError(_("the game is over: no more decisions"))
        return self.play(card, seat) if self._decision.kind == PLAY else self.capture(card, seat)

    def _check(self, kind: str, card: str | Card, seat: int | None = None) -> Card:
        d = self._decision
        if d is None:
            raise RuleError(_("the game is over: cannot {kind} {card}").format(
                kind=_("play") if kind == PLAY else _("capture"), card=card))
        if seat is not None and seat != d.seat:
            raise RuleError(_("it is seat {seat}'s turn, not seat {other}'s").format(seat=d.seat, other=seat))
        c = Card.parse(card)
        if d.kind != kind:
            if d.kind == PLAY:
                raise RuleError(_("seat {seat} must play a hand card now, there is no capture to choose").format(
                    seat=d.seat))
            raise RuleError(_(
                "seat {seat} must first choose which card {card} captures ({options}), not play another card"
            ).format(seat=d.seat, card=d.card, options=", ".join(map(str, d.options))))
        if c not in d.options:
            if kind == PLAY:
                raise RuleError(_("{c} is not in seat {seat}'s hand").format(c=c, seat=d.seat))
            raise RuleError(_("{card} cannot capture {c}: choose one of {options}").format(
                card=d.card, c=c, options=", ".join(map(str, d.options))))
        return c

    def _record(self, choice: Choice) -> None:
        self.choices.append(choice)
        if self._redo and self._redo[-1] == choice:
            self._redo.pop()
        else:
            self._redo.clear()
        self._apply(choice)

    def _apply(self, ch: Choice) -> None:
        seat = self._seat
        if ch.kind == PLAY:
            self._hands[seat].remove(ch.card)
            self.events.append(Play(seat, ch.card))
            if self._resolve(ch.card, "play", None):
                self._flip()
        else:
            card = self._pending
            assert card is not None and self._source is not None
            source = self._source
            self._take(seat, card, ch.card, source, "chosen", self._options)
            self._pending = None
            if source == "play":
                self._flip()
            else:
                self._end_turn()

    def _resolve(self, card: Card, source: str, _unused: None) -> bool:
        """Settle ``card`` against the table; False when a choice is needed."""
        partner = card.partner
        matches = [c for c in self._table if c.rank == partner]
        seat = self._seat
        if not matches:
            self._table.append(card)
            self.events.append(Stay(seat, card, source))
            return True
        if len(matches) == 1:
            self._take(seat, card, matches[0], source, "only", (matches[0],))
            return True
        options = tuple(matches)
        if self.variant.auto_capture:
            taken = next((c for c in matches if c.red), matches[0])
            self._take(seat, card, taken, source, "auto", options)
            return True
        self._pending = card
        self._source = source
        self._options = options
        self._decision = Decision(seat, CAPTURE, options, card, source)
        return False

    def _take(self, seat: int, card: Card, taken: Card, source: str, how: str,
              options: tuple[Card, ...]) -> None:
        self._table.remove(taken)
        pile = self._piles[seat]
        pile.append(card)
        pile.append(taken)
        self._scores[seat] += card.points + taken.points
        self.events.append(Capture(seat, card, taken, source, how, options))

    def _flip(self) -> None:
        card = self._stock[self._top]
        self._top += 1
        self.events.append(Flip(self._seat, card))
        if self._resolve(card, "flip", None):
            self._end_turn()

    def _end_turn(self) -> None:
        if self._top >= len(self._stock):
            self._finish()
            return
        self._seat = (self._seat + 1) % self.players
        self._ask_play()

    def _ask_play(self) -> None:
        self._decision = Decision(self._seat, PLAY, tuple(self._hands[self._seat]))

    def _finish(self) -> None:
        self._over = True
        self._decision = None
        self.events.append(
            End(tuple(self._scores), self.piles, tuple(self._table), self.setup.table)
        )

    # ----- history --------------------------------------------------------
    def goto(self, n: int) -> Game:
        """Rebuild the game after its first ``n`` decisions (0 = the start)."""
        allc = self.choices + self._redo[::-1]
        if not 0 <= n <= len(allc):
            raise ValueError(f"no point {n} in this game's history (0..{len(allc)})")
        self._reset()
        self.choices = []
        for ch in allc[:n]:
            self.choices.append(ch)
            self._apply(ch)
        self._redo = allc[n:][::-1]
        return self

    def undo(self, steps: int = 1) -> Game:
        """Take back the last ``steps`` decisions (redo brings them back)."""
        if steps < 1:
            raise ValueError(f"undo takes a number of steps of at least 1, not {steps!r}")
        if steps > len(self.choices):
            raise RuleError(_("nothing to undo") if not self.choices else
                            _("only {n} decisions can be undone").format(n=len(self.choices)))
        return self.goto(len(self.choices) - steps)

    def redo(self, steps: int = 1) -> Game:
        if steps < 1:
            raise ValueError(f"redo takes a number of steps of at least 1, not {steps!r}")
        if steps > len(self._redo):
            raise RuleError(_("nothing to redo"))
        return self.goto(len(self.choices) + steps)

    @property
    def can_undo(self) -> bool:
        return bool(self.choices)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def replay(self) -> Game:
        """A fresh copy of this game at its start, with the same history to redo."""
        g = Game(self.setup)
        g._redo = (self.choices + self._redo[::-1])[::-1]
        return g

    def copy(self) -> Game:
        g = Game(self.setup)
        for ch in self.choices:
            g.choices.append(ch)
            g._apply(ch)
        return g

    # ----- saving ---------------------------------------------------------
    def to_json(self) -> str:
        from .save import dumps

        return dumps(self)

    def save(self, path: str) -> None:
        from .save import save

        save(self, path)

    @classmethod
    def from_json(cls, text: str) -> Game:
        from .save import loads

        return loads(text)

    @classmethod
    def load(cls, path: str) -> Game:
        from .save import load

        return load(path)

    # ----- explanations ---------------------------------------------------
    def explain(self, names: list[str] | None = None, you: int | None = None) -> list[str]:
        """Every event of the log in plain words."""
        return [e.explain(names, you) for e in self.events]

    def score_card(self, seat: int) -> str:
        from .score import score_card

        return score_card(self._piles[seat])

    def summary(self, names: list[str] | None = None, you: int | None = None) -> str:
        from .explain import summary

        return summary(self, names, you)

    def all_cards(self) -> list[Card]:
        """Every card in the game, wherever it is (for integrity checks)."""
        out: list[Card] = []
        for h in self._hands:
            out += h
        out += self._table
        out += self._stock[self._top :]
        for p in self._piles:
            out += p
        if self._pending is not None:
            out.append(self._pending)
        out += self.setup.out
        return out

    def __repr__(self) -> str:
        state = "over" if self._over else f"seat {self._seat} to {self._decision.kind}"  # type: ignore[union-attr]
        return (f"<Game {self.players}p {self.variant.name} seed={self.setup.seed} "
                f"{state} scores={self.scores}>")

    def _repr_html_(self) -> str:
        from .svg import game_html

        return game_html(self)


from .view import SeatView  # noqa: E402  (circular: view reads Game)
