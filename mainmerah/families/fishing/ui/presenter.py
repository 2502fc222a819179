"""The fishing games on the table (Main Merah, Chinese Ten): what the board shows and what a click means.

The board's zones for a fishing game: the other seats (a fan of backs, the capture pile
and its points), the stock, the table as a row of slots, the last move, your pile and
your hand (one card selected at a time). A hand card clicked lights its partners on the
table; clicked again (or Play) it is played; a table card clicked is the one to take when
there is a choice. Every such wish is answered with an intent (act, select, refuse) that the
table carries out; the state checks every action.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from mainmerah.core.cards import Card
from mainmerah.core.i18n import _
from mainmerah.draw.text import esc
from mainmerah.families.fishing.explain import needs
from mainmerah.families.fishing.match import next_first
from mainmerah.families.fishing.ui.frame import Frame, boundaries, frame_at
from mainmerah.families.fishing.ui.gameover import game_over_html
from mainmerah.families.fishing.ui.text import action_rows, selection_text, table_card_text, worth_note
from mainmerah.table.board import Action, CardRow, Part
from mainmerah.table.cards import hand_state, pile_state, stock_state
from mainmerah.table.intents import Act, Intent, Refuse, Select, unselect
from mainmerah.table.presenter import Presenter, TableContext, Zone, table_zones

HINT_ROLLOUTS = 600  # about 20 ms a hint with numpy; the choice it names is stable at this size


class FishingPresenter(Presenter):
    """Main Merah and Chinese Ten: one table of slots, a stock, capture piles, a single-select hand."""

    wishes = frozenset({"select", "confirm", "choose"})
    clickable = frozenset({"hand", "table"})

    def __init__(self, ctx: TableContext, game_name: str) -> None:
        super().__init__(ctx, game_name)
        # The match lengths of the rule books: Main Merah's a number of games or a target total (a few games'
        # worth of points); Chinese Ten's a target (its default, 1000, is the registry's).
        chinese = game_name == "chinese-ten"
        self.match_targets, self.match_games = ((500, 1000), ()) if chinese else ((300, 500), (3, 5, 10))
        # Room for cards that stay; each card's spoken name says its points in the game shown.
        self.table_cards = CardRow(partial(ctx.ask, self.slot, "table"), size=20, price=self._points)
        self.table_label = Part("mm-row-label")
        self.play_button = Action("play", partial(ctx.ask, self.confirm), reserve=True)
        self.cancel_button = Action("cancel", partial(ctx.ask, unselect), reserve=True)

    @property
    def selected(self) -> Card | None:
        """The hand card selected (one at a time), not yet played."""
        return self.ctx.selection[0] if self.ctx.selection else None

    def _points(self, card: Card) -> int:
        return int(self.ctx.game.points(card))

    # ----- the game -------------------------------------------------------------------------
    def variant_of(self, game: Any) -> str:
        return str(game.variant.name) if self.variants else ""

    @staticmethod
    def read_deal_code(text: str, game: str | None = None) -> tuple[str, int, str | None, int] | None:
        from mainmerah.families.fishing.dealcode import PREFIXES, decode

        code = decode(text, game if game is not None and game in PREFIXES.values() else "main-merah")
        if code.variant in PREFIXES.values():  # a game of its own (Chinese Ten), played one way
            return code.variant, code.players, None, code.seed
        return "main-merah", code.players, code.variant, code.seed

    def next_game(self, game: Any) -> Any:
        if game.game_name == "chinese-ten":  # chinese-ten.md: in a match the deal passes to the next seat
            dealer = (game.setup.dealer + 1) % game.players
            return self.info_.new(seed=None, players=game.players, variant=self.info_.variants[0], dealer=dealer)
        if not game.is_over:
            return self.new_game(game.players, self.variant_of(game), None)
        # Main Merah: the lowest scorer of this game plays first (main-merah.md), and its log says why
        return self.info_.new(seed=None, players=game.players, variant=self.variant_of(game),
                              first=next_first(game.scores, game.setup.first), opener="lowest")

    def info(self, game: Any) -> str:
        seed = self.seed_hidden() or (
            _("seed {seed}").format(seed=game.seed) if game.seed is not None else _("set-up position"))
        if not self.variants:
            return _("{n} players · {seed}").format(n=game.players, seed=seed)
        return _("{n} players · {variant} · {seed}").format(n=game.players, variant=game.variant.name, seed=seed)

    # ----- the log, as steps -------------------------------------------------------------------
    def boundaries(self, events: Sequence[Any]) -> list[int]:
        return boundaries(events)

    def frame_at(self, game: Any, n: int, after: Any = None) -> Frame:
        return frame_at(game, n, after=after)

    def turn_seat(self, frame: Any) -> int:
        events = self.ctx.game.events
        nxt = events[frame.n] if frame.n < len(events) else None
        if nxt is not None and nxt.kind in ("play", "flip", "capture", "stay"):
            return int(nxt.seat)
        return int(frame.seat)

    def end_of(self, frame: Any) -> Any:
        end = self.ctx.game.events[frame.n - 1]
        assert end.kind == "end"
        return end

    def is_own_turn_start(self, choice: Any) -> bool:
        return bool(choice.kind == "play")

    # ----- drawing -------------------------------------------------------------------------------
    def zones(self) -> list[Zone]:
        return table_zones({"kind": "slots", "id": "table", "cls": "mm-tablecards", "label": "table_label"})

    def draw(self, frame: Any, decision: Any) -> dict[str, Any]:
        f, d = frame, decision
        marks: dict[Card, list[str]] = {}
        if d is not None and d.kind == "play" and self.selected is not None:
            for c in self.ctx.game.rules.matching(self.selected, f.table):  # the capture rule, written once
                marks.setdefault(c, []).append("match")
        if d is not None and d.kind == "capture":
            for c in d.options:
                marks.setdefault(c, []).append("choice")
        for e in f.step:
            if e.kind == "stay" and e.card in f.table:
                marks.setdefault(e.card, []).append("new")
        for c in self.ctx.hinted:
            marks.setdefault(c, []).append("hint")
        self.table_cards.show(f.table, marks)
        self.table_label.set(esc(_("Table")))  # no count (one message less a step); cards lie in table order
        events = self.ctx.game.events
        first = f.n == boundaries(events)[0]
        redeal = first and any(e.kind == "redeal" for e in events[: f.n])
        return {"stock": stock_state(f.stock), "table_label": self.table_label.value,
                "table": self.table_cards.state(),
                "action": action_rows(f, d.options if d is not None else None, self.ctx.names, self.ctx.human,
                                      redeal)}

    def seat_state(self, frame: Any, seat: int) -> dict[str, Any]:
        return {"hand": hand_state(frame.hands[seat], self.ctx.open_hands),
                "pile": pile_state(frame.piles[seat], frame.scores[seat])}

    def you_state(self, frame: Any, seat: int) -> dict[str, Any]:
        marks: dict[Card, list[str]] = {}
        if self.selected is not None:
            marks[self.selected] = ["selected"]
        for c in self.ctx.hinted:
            marks.setdefault(c, []).append("hint")
        self.ctx.hand.price = self._points
        self.ctx.hand.show(frame.hands[seat], marks)
        return {"pile": pile_state(frame.piles[seat], frame.scores[seat]),
                "hand_label": "" if frame.over else _("Your hand")}

    def waiting(self, decision: Any) -> bool:
        return decision is None or decision.kind != "play"

    def status(self, decision: Any) -> str:
        return (_("Your turn: choose a card to play") if decision.kind == "play"
                else _("Your turn: choose the card to take"))

    def prompt(self, frame: Any, decision: Any) -> str:
        d = decision
        if d.kind == "play":
            if self.selected is not None:
                rules = self.ctx.game.rules
                return selection_text(self.selected, frame.table, rules.auto_capture, self._points, rules.sweep_three)
            return _("Choose a card in your hand: the table cards it pairs with light up before you play it.")
        text = _("{card} pairs with {options}: choose the table card you want to take.").format(
            card=d.card, options=" ".join(map(str, d.options)))
        note = worth_note(d.options, self._points)
        return text + (" " + note if note else "")

    def game_over_html(self, end: Any, names: Sequence[str], you: int | None) -> str:
        g = self.ctx.game
        return game_over_html(end, names, you, g.rules.points(g.players))

    def buttons(self) -> list[Action]:
        return [self.play_button, self.cancel_button]

    def update_buttons(self, decision: Any) -> None:
        d = decision

        def show(b: Part, on: bool) -> None:
            (b.remove_class if on else b.add_class)("mm-hidden")

        play = self.play_button
        play.description = _("Play {card}").format(card=self.selected) if self.selected is not None else _("Play")
        play.disabled = self.selected is None
        show(play, d is not None and d.kind == "play")
        show(self.cancel_button, self.selected is not None)
        self.cancel_button.description = _("Cancel")

    def entry_words(self) -> tuple[str, str]:
        return _("Type a card"), _("or type a card: 7h")

    # ----- wishes: each answered with an intent ---------------------------------------------------
    def _not_playing(self, d: Any) -> Refuse | None:
        """Why a hand card may not be played now (a capture is to be chosen first), or None."""
        if d.kind == "play":
            return None
        return Refuse(_("First choose which table card {card} takes.").format(card=d.card))

    def slot(self, decision: Any, zone: str, slot: int) -> Intent:
        ctx = self.ctx
        if zone == "hand":
            card = ctx.hand.card_at(slot)  # what the kernel drew there, never what the page says
            if (no := self._not_playing(decision)) is not None:
                return no
            if card is None or card not in ctx.frame.hands[decision.seat]:
                return Refuse(_("That card is no longer in your hand."))
            if card == self.selected:
                return self.confirm(decision)  # a second click on the selected card plays it
            return self.select(decision, card)
        card = self.table_cards.card_at(slot)
        if card is None or card not in ctx.frame.table:
            return Refuse(_("That card is no longer on the table."))
        return self.choose(decision, card)

    def select(self, decision: Any, card: Card | str) -> Intent:
        """Pick a hand card: its partners on the table light up; nothing is played yet."""
        if (no := self._not_playing(decision)) is not None:
            return no
        c = Card.parse(card)
        if not self.ctx.game.can(c):  # said to you, not of a seat number (the state speaks of seats)
            return Refuse(_("{card} is not in your hand.").format(card=c))
        return Select((c,))

    def confirm(self, decision: Any) -> Intent:
        """Play the selected hand card."""
        if (no := self._not_playing(decision)) is not None:
            return no
        if self.selected is None:
            return Refuse(_("Select a card from your hand first."))
        return Act(str(self.selected))

    def choose(self, decision: Any, card: Card | str) -> Intent:
        """Click a table card: the one to take, when there is a choice (or with a selected hand card)."""
        c = Card.parse(card)
        if decision.kind == "capture":
            return Act(str(c))
        sel = self.selected
        if sel is None:
            return Select((), note=table_card_text(c))
        if c not in self.ctx.game.table:
            return Refuse(_("{card} is not on the table.").format(card=c))
        if c not in self.ctx.game.rules.matching(sel, [c]):  # the capture rule, asked of the game's rules
            return Refuse(_("{card} cannot take {other}: it needs {need}.").format(card=sel, other=c, need=needs(sel)))
        # Play it, then take this card if the game asks which (several matched); else the rules took it.
        return Act(str(sel), then=(str(c),))

    def enter(self, decision: Any, text: str) -> Intent:
        """A typed card ("7h", "10♦"): played, or taken when a capture is to be chosen."""
        card = Card.parse(text)
        reason = self.ctx.game.check(card)
        if reason is not None and decision.kind == "play":  # said to you, not of a seat number
            return Refuse(_("{card} is not in your hand.").format(card=card))
        return Act(str(card))

    def hint(self, game: Any, seat: int, seed: int) -> tuple[list[Any], str]:
        from mainmerah.families.fishing.hint import hints  # rollouts: loaded on the first hint, not with the table

        best = hints(game, seat, rollouts=HINT_ROLLOUTS, seed=seed)[0]
        return [best.card], str(best.reason)
