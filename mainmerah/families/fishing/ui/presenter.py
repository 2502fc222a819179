"""The fishing games on the table (Main Merah, Chinese Ten): what the board shows and what a click means.

The board's zones for a fishing game: the other seats (a fan of backs, the capture pile
and its points), the stock, the table as a row of slots, the last move, your pile and
your hand (one card selected at a time). A hand card clicked lights its partners on the
table; clicked again (or Play) it is played; a table card clicked is the one to take when
there is a choice. Every such wish ends in the engine's ``play``/``capture``/``decide``,
which checks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mainmerah.core import registry
from mainmerah.core.cards import Card, points_text
from mainmerah.core.i18n import _
from mainmerah.draw.text import esc
from mainmerah.families.fishing.explain import needs
from mainmerah.families.fishing.match import next_first
from mainmerah.families.fishing.ui.frame import Frame, boundaries, frame_at
from mainmerah.families.fishing.ui.gameover import game_over_html
from mainmerah.families.fishing.ui.text import action_rows, selection_text, table_card_text
from mainmerah.table.board import Action, CardRow, Part
from mainmerah.table.cards import hand_state, pile_state, stock_state
from mainmerah.table.presenter import Presenter, TableContext, Zone, table_zones

HINT_ROLLOUTS = 600  # about 20 ms a hint with numpy; the choice it names is stable at this size


class FishingPresenter(Presenter):
    """Main Merah and Chinese Ten: one table of slots, a stock, capture piles, a single-select hand."""

    wishes = frozenset({"select", "confirm", "cancel", "choose"})
    match_targets = (300, 500)  # a match "to a target total" (RULES.md): a few games' worth of points
    clickable = frozenset({"hand", "table"})

    def __init__(self, ctx: TableContext, game_name: str) -> None:
        super().__init__(ctx, game_name)
        self.info_ = registry.get(game_name)  # players, variants, how to deal: the registry's
        self.selected: Card | None = None
        # Room for cards that stay; each card's spoken name says its points in the game shown.
        self.table_cards = CardRow(lambda slot: ctx.wish(self.slot, "table", slot), size=20, price=self._points)
        self.table_label = Part("mm-row-label")
        self.play_button = Action("play", lambda: ctx.wish(self.confirm), reserve=True)
        self.cancel_button = Action("cancel", lambda: ctx.wish(self.cancel), reserve=True)

    def _points(self, card: Card) -> int:
        return int(self.ctx.game.points(card))

    # ----- the game -------------------------------------------------------------------------
    @property
    def title(self) -> str:
        return _(self.info_.title)

    @property
    def players_allowed(self) -> tuple[int, ...]:
        return tuple(self.info_.players)

    @property
    def variants(self) -> tuple[str, ...]:
        variants = tuple(self.info_.variants)
        return variants if len(variants) > 1 else ()  # one way to play: nothing to choose

    def variant_of(self, game: Any) -> str:
        return str(game.variant.name) if self.variants else ""

    @staticmethod
    def read_deal_code(text: str) -> tuple[str, int, str | None, int] | None:
        from mainmerah.families.fishing.dealcode import PREFIXES, decode

        code = decode(text)
        if code.variant in PREFIXES.values():  # a game of its own (Chinese Ten), played one way
            return code.variant, code.players, None, code.seed
        return "main-merah", code.players, code.variant, code.seed

    def new_game(self, players: int, variant: str | None, seed: int | None, first: int | None = None) -> Any:
        info = self.info_
        kw: dict[str, Any] = {} if first is None else {"first": first}
        return info.new(seed=seed, players=players, variant=variant or info.variants[0], **kw)

    def load(self, text: str) -> Any:
        return registry.load_game(text)

    def next_game(self, game: Any) -> Any:
        if game.game_name == "chinese-ten":  # chinese-ten.md: in a match the deal passes to the next seat
            dealer = (game.setup.dealer + 1) % game.players
            return self.info_.new(seed=None, players=game.players, variant=self.info_.variants[0], dealer=dealer)
        # Main Merah: the lowest scorer of this game plays first (RULES.md)
        first = next_first(game.scores, game.setup.first) if game.is_over else None
        return self.new_game(game.players, self.variant_of(game), None, first)

    def info(self, game: Any) -> str:
        seed = _("seed {seed}").format(seed=game.seed) if game.seed is not None else _("set-up position")
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
        best = max(d.options, key=self._points)
        if self._points(best):
            text += " " + _("{best} is worth the most ({points}).").format(
                best=best, points=points_text(self._points(best)))
        return text

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

    def clear_selection(self) -> None:
        self.selected = None

    # ----- wishes ---------------------------------------------------------------------------------
    def _not_playing(self, d: Any) -> bool:
        """Refuse a play when the human may not play a hand card now (True: refused)."""
        if d is not None and d.kind == "play":
            return False
        self.ctx.refuse(self.ctx.why_not_now() if d is None else
                        _("First choose which table card {card} takes.").format(card=d.card))
        return True

    def slot(self, zone: str, slot: int) -> None:
        ctx = self.ctx
        if zone == "hand":
            d = ctx.my_decision()
            if self._not_playing(d) or ctx.human is None:
                return
            card = ctx.hand.card_at(slot)  # what the kernel drew there, never what the page says
            if card is None or card not in ctx.frame.hands[ctx.human]:
                ctx.refuse(_("That card is no longer in your hand."))
            elif card == self.selected:
                self.confirm()  # a second click on the selected card plays it
            else:
                self.select(card)
        elif zone == "table":
            card = self.table_cards.card_at(slot)
            if card is None or card not in ctx.frame.table:
                ctx.refuse(_("That card is no longer on the table."))
            else:
                self.choose(card)

    def select(self, card: Card | str) -> bool:
        """Pick a hand card: its partners on the table light up; nothing is played yet."""
        d = self.ctx.my_decision()
        if self._not_playing(d):
            return False
        c = Card.parse(card)
        if c not in d.options:
            return self.ctx.refuse(_("{card} is not in your hand.").format(card=c))
        self.ctx.ok()
        self.selected = c
        self.ctx.redraw()
        return True

    def confirm(self) -> bool:
        """Play the selected hand card (the engine checks it)."""
        if self._not_playing(self.ctx.my_decision()):
            return False
        if self.selected is None:
            return self.ctx.refuse(_("Select a card from your hand first."))
        card, self.selected = self.selected, None
        self.ctx.game.play(card)
        self.ctx.ok()
        self.ctx.decided()
        return True

    def choose(self, card: Card | str) -> bool:
        """Click a table card: the one to take, when there is a choice (or with a selected hand card)."""
        ctx, c = self.ctx, Card.parse(card)
        d = ctx.my_decision()
        if d is not None and d.kind == "capture":
            ctx.game.capture(c)
        elif d is not None and d.kind == "play":
            sel = self.selected
            if sel is None:
                ctx.error, ctx.note = None, table_card_text(c)
                ctx.redraw()
                return True
            if c not in ctx.game.rules.matching(sel, [c]):
                return ctx.refuse(_("{card} cannot take {other}: it needs {need}.").format(
                    card=sel, other=c, need=needs(sel)))
            if c not in ctx.game.table:
                return ctx.refuse(_("{card} is not on the table.").format(card=c))
            self.selected = None
            ctx.game.play(sel)
            d2 = ctx.game.decision
            if d2 is not None and d2.seat == ctx.human and d2.kind == "capture" and d2.source == "play":
                ctx.game.capture(c)
        else:
            return ctx.refuse(ctx.why_not_now())
        ctx.ok()
        ctx.decided()
        return True

    def enter(self, text: str) -> bool:
        """A typed card ("7h", "10♦"): played, or taken when a capture is to be chosen."""
        text = (text or "").strip()
        if not text:
            return False
        card = Card.parse(text)
        d = self.ctx.my_decision()
        if d is None:
            return self.ctx.refuse(self.ctx.why_not_now())
        # Said to you, not of a seat number (the engine, which checks it again, speaks of seats).
        if d.kind == "play" and card not in d.options:
            return self.ctx.refuse(_("{card} is not in your hand.").format(card=card))
        self.selected = None
        self.ctx.game.decide(card)  # the engine refuses a card not in the hand / not a match
        self.ctx.ok()
        self.ctx.decided()
        return True

    def hint(self, game: Any, seat: int, seed: int) -> tuple[list[Any], str]:
        from mainmerah.families.fishing.hint import hints  # rollouts: loaded on the first hint, not with the table

        best = hints(game, seat, rollouts=HINT_ROLLOUTS, seed=seed)[0]
        return [best.card], str(best.reason)
