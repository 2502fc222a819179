"""The fishing engine (Main Merah, Chinese Ten) as a passive state machine with one event log.

A ``Game`` holds its set-up (the deal, after any redeals) and the list of
decisions taken. Everything else -- table, hands, piles, events -- is derived
by applying those decisions, so undo, redo, jumping through history and save
files all rebuild from the same two things (the core's :class:`History`). The
ruleset (:mod:`.rules`) says the sizes, the points, the capture rule and the
treatment of a bad starting table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from mainmerah.core.cards import Card
from mainmerah.core.contract import GameState
from mainmerah.core.errors import RuleError
from mainmerah.core.i18n import _
from mainmerah.families.fishing.deal import DECK, Setup, _cards, check_layout, deal
from mainmerah.families.fishing.events import Capture, Deal, End, Event, Flip, Play, Stay, TakeFour
from mainmerah.families.fishing.rules import Ruleset, get_ruleset
from mainmerah.families.fishing.rules import score_card as _score_card
from mainmerah.families.fishing.view import SeatView

PLAY = "play"
CAPTURE = "capture"


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


class Game(GameState[Choice]):
    """One fishing game (Main Merah or Chinese Ten). Build with :meth:`new` or :meth:`from_layout`."""

    def __init__(self, setup: Setup, *, check: bool = True) -> None:
        if check:  # set-ups dealt by deal() are correct by construction
            check_layout(setup)
        self.setup = setup
        self.variant: Ruleset = get_ruleset(setup.variant)
        self.rules = self.variant
        self.game_name = self.variant.game
        self.players = setup.players
        self._points = self.variant.points(setup.players)
        self._matching = self.variant.matching
        self._sweeps = self.variant.sweep_three
        self._start_history()

    # ----- construction -------------------------------------------------
    @classmethod
    def new(
        cls, players: int = 2, variant: str | Ruleset = "classic", seed: int | None = None,
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
        variant: str | Ruleset = "classic",
        piles: Sequence[Iterable[str | Card] | str] | None = None,
        dealer: int | None = None,
    ) -> Game:
        """An explicit set-up: table in laid order, ``stock[0]`` the top card."""
        setup = Setup(
            players=len(hands),
            variant=get_ruleset(variant).name,
            hands=tuple(_cards(h, f"seat {i}'s hand") for i, h in enumerate(hands)),
            table=_cards(table, "table"),
            stock=_cards(stock, "stock"),
            first=first,
            dealer=first if dealer is None else dealer,
            piles=tuple(_cards(p, f"seat {i}'s pile") for i, p in enumerate(piles or ())),
        )
        return cls(setup)

    def _fresh(self) -> Game:
        return Game(self.setup, check=False)

    def _reset(self) -> None:
        s = self.setup
        pts = self._points
        self._hands: list[list[Card]] = [list(h) for h in s.hands]
        self._table: list[Card] = list(s.table)
        self._stock = s.stock
        self._top = 0
        self._piles: list[list[Card]] = [list(p) for p in s.piles] or [[] for _ in range(s.players)]
        self._scores = [sum(pts[c.index] for c in p) for p in self._piles]
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
        four = self.variant.four_of_a_kind(self._table)
        if four:
            self._table.clear()
            self._piles[s.dealer] += four
            self._scores[s.dealer] += sum(pts[c.index] for c in four)
            self.events.append(TakeFour(s.dealer, four, tuple(pts[c.index] for c in four)))
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

    @property
    def total_points(self) -> int:
        """All the points in this game's pack (210, or 240 / 280 in Chinese Ten with 3 / 4 players)."""
        return sum(self._points)

    def points(self, card: Card) -> int:
        """What ``card`` scores in this game."""
        return self._points[card.index]

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see: never other hands or the stock's cards."""
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r} in a {self.players}-player game")
        return SeatView.of(self, seat)

    # ----- decisions ----------------------------------------------------
    def legal_actions(self) -> list[str]:
        """Every legal card now: a hand card to play, or the table card to capture."""
        d = self._decision
        return [] if d is None else [str(c) for c in d.options]

    def act(self, action: str | Card) -> Game:
        """The contract's one entry point: an action is one card (see :meth:`decide`)."""
        return self.decide(action)

    def play(self, card: str | Card, seat: int | None = None) -> Game:
        """The seat to move lays ``card`` from its hand (``seat``, if given, must be that seat)."""
        d = self._decision
        if seat is None and d is not None and d.kind == PLAY and type(card) is Card and card in d.options:
            self._record(Choice(d.seat, PLAY, card))  # a legal card: bots and rollouts pass exactly this
            return self
        c = self._check(PLAY, card, seat)
        self._record(Choice(self._seat, PLAY, c))
        return self

    def capture(self, card: str | Card, seat: int | None = None) -> Game:
        """Choose which matching table card the played or flipped card takes."""
        d = self._decision
        if seat is None and d is not None and d.kind == CAPTURE and type(card) is Card and card in d.options:
            self._record(Choice(d.seat, CAPTURE, card))
            return self
        c = self._check(CAPTURE, card, seat)
        self._record(Choice(self._seat, CAPTURE, c))
        return self

    def verify(self, action: str | Card) -> Card:
        """The card ``action`` names if it answers the decision now; else a RuleError (or CardError) saying why."""
        d = self._decision
        return self._check(d.kind if d is not None else PLAY, action)

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
        c = card if type(card) is Card else Card.parse(card)  # (a Card is common: skip the call)
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

    def _apply(self, ch: Choice) -> None:
        seat = self._seat
        if ch.kind == PLAY:
            self._hands[seat].remove(ch.card)
            self.events.append(Play(seat, ch.card))
            if self._resolve(ch.card, "play"):
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

    def _resolve(self, card: Card, source: str) -> bool:
        """Settle ``card`` against the table by the capture rule; False when a choice is needed."""
        found = self._matching(card, self._table)
        seat = self._seat
        if not found:
            self._table.append(card)
            self.events.append(Stay(seat, card, source))
            return True
        if len(found) == 1:
            self._take(seat, card, found[0], source, "only", (found[0],))
            return True
        options = tuple(found)
        if self._sweeps and self.variant.takes_all(card, found):
            self._take_all(seat, card, options, source)
            return True
        if self.variant.auto_capture:
            self._take(seat, card, self.variant.auto_choice(options), source, "auto", options)
            return True
        self._pending = card
        self._source = source
        self._options = options
        self._decision = Decision(seat, CAPTURE, options, card, source)
        return False

    def _take(self, seat: int, card: Card, taken: Card, source: str, how: str, options: tuple[Card, ...]) -> None:
        pts = self._points
        self._table.remove(taken)
        pile = self._piles[seat]
        pile.append(card)
        pile.append(taken)
        self._scores[seat] += pts[card.index] + pts[taken.index]
        self.events.append(Capture(seat, card, taken, source, how, options, (), pts))

    def _take_all(self, seat: int, card: Card, taken: tuple[Card, ...], source: str) -> None:
        """Chinese Ten's capture of three: the fourth card of a rank takes every one on the table."""
        pts = self._points
        for t in taken:
            self._table.remove(t)
        self._piles[seat] += (card, *taken)
        self._scores[seat] += sum(pts[c.index] for c in (card, *taken))
        self.events.append(Capture(seat, card, taken[0], source, "only", taken, taken[1:], pts))

    def _flip(self) -> None:
        card = self._stock[self._top]
        self._top += 1
        self.events.append(Flip(self._seat, card))
        if self._resolve(card, "flip"):
            self._end_turn()

    def _end_turn(self) -> None:
        if self._top >= len(self._stock):
            self._finish()
            return
        seat = self._seat = (self._seat + 1) % self.players
        self._decision = Decision(seat, PLAY, tuple(self._hands[seat]))  # (_ask_play, inlined: once a turn)

    def _ask_play(self) -> None:
        self._decision = Decision(self._seat, PLAY, tuple(self._hands[self._seat]))

    def _finish(self) -> None:
        self._over = True
        self._decision = None
        self.events.append(
            End(tuple(self._scores), self.piles, tuple(self._table), self.setup.table, self.variant.name)
        )

    # ----- saving ---------------------------------------------------------
    def save_body(self) -> dict[str, Any]:
        s = self.setup
        return {
            "players": s.players,
            "variant": s.variant,
            "seed": s.seed,
            "dealer": s.dealer,
            "first": s.first,
            "redeals": len(s.redeals),
            "hands": [[str(c) for c in h] for h in s.hands],
            "table": [str(c) for c in s.table],
            "stock": [str(c) for c in s.stock],
            "piles": [[str(c) for c in p] for p in s.piles],
            "out": [str(c) for c in s.out],
            "decisions": [{"seat": ch.seat, "kind": ch.kind, "card": str(ch.card)} for ch in self.choices],
            "scores": list(self.scores),
        }

    def save(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_json())

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A fishing game's save file (any version), checked and replayed."""
        from mainmerah.core.registry import load_game  # the registry finds the loader by the file's game name

        game = load_game(text)
        if not isinstance(game, Game):
            raise RuleError(_("this save file holds a game of {game}, not a fishing game").format(
                game=game.game_name))
        return game

    @classmethod
    def load(cls, path: str) -> Game:
        with open(path, encoding="utf-8") as f:
            return cls.from_json(f.read())

    # ----- explanations ---------------------------------------------------
    def score_card(self, seat: int) -> str:
        return _score_card(self._piles[seat], self._points)

    def summary(self, names: list[str] | None = None, you: int | None = None) -> str:
        """The whole game in words, one event a line."""
        return "\n".join(e.explain(names, you) for e in self.events)

    def pack(self) -> tuple[Card, ...]:
        return DECK

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
        from mainmerah.families.fishing.ui.art import game_html  # display hook: drawing loads only when shown

        return game_html(self)
