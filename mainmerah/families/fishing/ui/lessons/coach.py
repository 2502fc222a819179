"""A coached game: the learner does every step of a turn by hand.

The engine plays each decision at once (a play settles its capture and the
flip in one go); the coach then replays the new events to the learner one
step at a time: you click the table card your card pairs with, you click the
stock to flip. The computer's moves are shown one event per press of its "Show the computer's move" button.
Every step is checked against the engine's own events and explained.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as W

from mainmerah.core.cards import Card, cards_text, rank_plural
from mainmerah.core.i18n import _
from mainmerah.core.words import sentences
from mainmerah.draw.svg import backs_html, card_svg, cards_html
from mainmerah.families.fishing.bots import make_bot
from mainmerah.families.fishing.events import Capture, Deal, End, Event, Flip, Play, Redeal, Stay, TakeFour
from mainmerah.families.fishing.explain import auto_reason, needs, no_pair_reason, pair_reason
from mainmerah.families.fishing.rules import PARTNER
from mainmerah.families.fishing.state import Game, RuleError
from mainmerah.teach.cards import CardButton, CardRow
from mainmerah.teach.lesson import Feedback, para


class Coach(W.VBox):
    """Step-by-step play of ``game`` for seat ``human`` against bots (``mm-coach``)."""

    def __init__(self, game: Game, human: int = 0, bots: Sequence[str] = ("greedy",), seed: int = 1,
                 must_capture_first: bool = False, names: Sequence[str] | None = None) -> None:
        self.game = game
        self.human = human
        others = [s for s in range(game.players) if s != human]
        self.bots = {s: make_bot(bots[i % len(bots)], seed + i) for i, s in enumerate(others)}
        self.names = list(names) if names else [
            _("you") if s == human else (_("the computer") if game.players == 2 else _("computer {n}").format(n=k))
            for k, s in enumerate(range(game.players))
        ]
        self.must_capture_first = must_capture_first
        self._turns_played = 0
        self.tick = 0  # counts settled steps; shown in the prompt so a browser can wait for a step to finish
        self.inputs: list[tuple[str, tuple]] = []  # the learner's clicks, replayed by a copy after a language switch
        self.mistakes: list[str] = []  # each wrong click's topic ("turn", "pairing", "red-first"): the stars
        self._on_over: list[Callable[[Coach], None]] = []
        self._on_input: list[Callable[[Coach], None]] = []
        # What the learner sees, updated one event at a time (the engine is ahead of it).
        s = game.setup
        self.table: list[Card] = list(s.table)
        self.hand_sizes = [len(h) for h in s.hands]
        self.hand: list[Card] = list(s.hands[human])
        self.piles: list[list[Card]] = [list(p) for p in s.piles] or [[] for _ in range(game.players)]
        self.stock_left = len(s.stock)
        self.in_play: Card | None = None
        self.queue: list[Event] = []
        self._seen = 0
        self.waiting = ""
        self.expected: Capture | Flip | None = None
        # Widgets.
        self.others_html = W.HTML()
        self.table_row = CardRow(self.table, self._table_click, classes=("mm-coach-table",))
        self.in_play_html = W.HTML()
        # The stock is a face-down button; which card it hides is never sent to the page.
        self.stock = CardButton(Card.parse("AS"), self._stock_click, face_down=True)
        self.stock.set_label(_("stock: flip the top card"))
        stock_box = W.Box([self.stock])
        stock_box.add_class("mm-root")
        stock_box.add_class("mm-coach-stock")
        self.hand_row = CardRow(self.hand, self._hand_click, classes=("mm-coach-hand",))
        self.pile_html = W.HTML()
        self.prompt = W.HTML()
        self.prompt.add_class("mm-coach-prompt")
        self.feedback = Feedback()
        # Not "Next": the tutorial's own button goes to the next lesson; this one shows the computer's move.
        self.next_button = W.Button(description=_("Show the computer's move ▶"), button_style="primary",
                                    layout=W.Layout(width="auto"))
        self.next_button.add_class("mm-coach-next")
        self.next_button.on_click(lambda _b: self.next())
        self.log_html = W.HTML()
        self.log_html.add_class("mm-story")
        self.log_html.tabbable = True  # it scrolls: keyboard users must be able to reach it
        self._log_lines: list[str] = []

        def label(text: str) -> W.HTML:
            w = W.HTML(escape(text))
            w.add_class("mm-label")
            return w

        # The stock and the card in play keep their width and come first, the table (which shrinks
        # and grows) last: nothing the learner may click next moves under the pointer.
        in_play = W.VBox([label(_("In play")), self.in_play_html])
        in_play.add_class("mm-coach-in-play")
        middle = W.Box([
            W.VBox([label(_("Stock")), stock_box]),
            in_play,
            W.VBox([label(_("Table")), self.table_row]),
        ])
        middle.add_class("mm-zone")
        # The prompt and its button above the cards, in view with them; what a click said below the hand.
        ask = W.Box([self.prompt, self.next_button])
        ask.add_class("mm-coach-ask")
        super().__init__([
            self.others_html, ask, middle, label(_("Your hand")), self.hand_row,
            self.feedback, self.pile_html,
            label(_("What happened (latest first)")), self.log_html,
        ])
        self.add_class("mm-coach")
        for e in game.events:
            if isinstance(e, (Deal, Redeal)):
                self._log(e.explain(self.names, human))
            elif isinstance(e, TakeFour):
                self._apply(e)  # Chinese Ten: the dealer took four of a kind before play
        self._seen = len(game.events)
        self._settle()

    # ----- public API (also what the clicks call) ------------------------
    def on_over(self, callback: Callable[[Coach], None]) -> None:
        self._on_over.append(callback)

    def on_input(self, callback: Callable[[Coach], None]) -> None:
        """``callback(coach)`` after each click (its task keeps the log then)."""
        self._on_input.append(callback)

    def _done_input(self) -> None:
        for cb in list(self._on_input):
            cb(self)

    def _wrong(self, text: str, topic: str) -> None:
        self.mistakes.append(topic)
        self.feedback.say(text, "bad")

    @property
    def over(self) -> bool:
        return self.waiting == "over"

    def play(self, card: Card | str) -> None:
        self._hand_click(Card.parse(card))

    def take(self, card: Card | str) -> None:
        self._table_click(Card.parse(card))

    def flip(self) -> None:
        self._stock_click(None)

    REPLAYABLE = frozenset({"play", "take", "flip", "next"})

    def replay(self, log: Sequence[tuple[str, tuple]]) -> None:
        """Click again what the learner clicked in another coach of the same game (the bots are seeded).

        Only clicks replay, each checked as a click is; a log naming anything else raises ValueError.
        """
        for name, args in log:
            if name not in self.REPLAYABLE or len(args) != (0 if name in ("flip", "next") else 1) or not all(
                    isinstance(a, str) for a in args):
                raise ValueError(_("a coached game cannot replay “{name}”").format(name=str(name)[:40]))
            try:
                getattr(self, name)(*args)
            except ValueError as e:  # not a card
                raise ValueError(_("a coached game cannot replay “{name}”: {error}").format(
                    name=name, error=e)) from None

    def next(self) -> None:
        """Show the next computer step (or go on after a stay)."""
        self.inputs.append(("next", ()))
        if self.waiting != "next":
            self.feedback.say(self._hint(), "info")
        else:
            self._show_one()
            self._settle()
        self._done_input()

    # ----- clicks -------------------------------------------------------------
    def _hand_click(self, card: Card) -> None:
        self._do_hand_click(card)
        self._done_input()

    def _do_hand_click(self, card: Card) -> None:
        self.inputs.append(("play", (str(card),)))
        if card not in self.hand:  # only from Python or a forged log: the page shows only the hand
            self.feedback.say(_("{card} is not in your hand.").format(card=card), "bad")
            return
        if self.waiting != "play":
            self._wrong(_("Not now: {what}").format(what=self._hint()), "turn")
            return
        if self.must_capture_first and self._turns_played == 0:
            capturing = [c for c in self.hand if any(t.rank == PARTNER[c.rank] for t in self.table)]
            if capturing and card not in capturing:
                self._wrong(_(
                    "{card} needs {need}, and there is none on the table: it would just stay there. "
                    "For this first turn, find a hand card that pairs with a table card."
                ).format(card=card, need=needs(card)), "pairing")
                self.hand_row[card].mark("wrong")
                return
        try:
            self.game.play(card)
        except RuleError as e:  # cannot happen from the shown hand, but a forged value must change nothing
            self.feedback.say(str(e), "bad")
            return
        for b in self.hand_row.buttons.values():
            b.mark(None)
        self._turns_played += 1
        self._pull()
        self._settle()

    def _table_click(self, card: Card) -> None:
        self._do_table_click(card)
        self._done_input()

    def _do_table_click(self, card: Card) -> None:
        self.inputs.append(("take", (str(card),)))
        if card not in self.table:
            self.feedback.say(_("{card} is not on the table.").format(card=card), "bad")
            return
        if self.waiting == "take" and isinstance(self.expected, Capture):
            e = self.expected
            more = e.more
            if more and card in (e.taken, *more):
                # A capture of three (Chinese Ten): any of the three is a click on all of them.
                self._apply(self.queue.pop(0))
                self.feedback.say(e.explain(self.names, self.human), "good")
                self._settle()
                return
            if card == e.taken:
                self._apply(self.queue.pop(0))
                self.feedback.say(pair_reason(e.card, e.taken) + ". " + self._points(e), "good")
                self._settle()
            elif card.rank == PARTNER[e.card.rank]:
                self.feedback.say(auto_reason(e.taken, e.options), "info")
            else:
                self.table_row[card].mark("wrong")
                self._wrong(no_pair_reason(e.card, card) + ".", "pairing")
            return
        if self.waiting == "choose":
            d = self.game.decision
            assert d is not None and d.card is not None
            if card not in d.options:
                self.table_row[card].mark("wrong")
                self._wrong(no_pair_reason(d.card, card) + ".", "pairing")
                return
            self.game.capture(card)
            self.waiting = "busy"
            self._pull()
            got = self.queue[0]
            if isinstance(got, Capture):
                self._apply(self.queue.pop(0))
                others = [c for c in got.options if c != got.taken]
                better = [c for c in others if self.game.points(c) > self.game.points(got.taken)]
                text = pair_reason(got.card, got.taken) + ". " + self._points(got)
                if better:
                    text = sentences(text, _("({other} was worth more: red cards score, black ones do not.)").format(
                        other=better[0]))
                if better:
                    self._wrong(text, "red-first")
                else:
                    self.feedback.say(text, "good")
            self._settle()
            return
        self._wrong(_("Not now: {what}").format(what=self._hint()), "turn")

    def _stock_click(self, _card: Card | None) -> None:
        self.inputs.append(("flip", ()))
        if self.waiting == "flip" and isinstance(self.expected, Flip):
            e = self.expected
            self._apply(self.queue.pop(0))
            self.feedback.say(_("You turned up {card}.").format(card=e.card), "info")
            self._settle()
        else:
            self._wrong(_("Not now: {what}").format(what=self._hint()), "turn")
        self._done_input()

    # ----- the event stream ---------------------------------------------------
    def _pull(self) -> None:
        new = self.game.events[self._seen:]
        self._seen = len(self.game.events)
        self.queue.extend(new)

    def _settle(self) -> None:
        """Show events that need nothing from the learner; stop at the next thing to do."""
        self.expected = None
        while True:
            if not self.queue:
                d = self.game.decision
                if d is None:
                    self.waiting = "over"
                    break
                if d.seat == self.human:
                    self.waiting = "play" if d.kind == "play" else "choose"
                    break
                self.game.decide(self.bots[d.seat].choose(self.game.view(d.seat)))
                self._pull()
            e = self.queue[0]
            mine = getattr(e, "seat", None) == self.human
            if mine and isinstance(e, Capture) and e.how != "chosen":
                self.waiting, self.expected = "take", e
                break
            if mine and isinstance(e, Flip):
                self.waiting, self.expected = "flip", e
                break
            if mine or isinstance(e, End):
                self._apply(self.queue.pop(0))
                if isinstance(e, Stay):
                    self.feedback.say(e.explain(self.names, self.human), "info")
                continue
            self.waiting = "next"
            break
        self.tick += 1
        self._draw()
        if self.waiting == "over":
            for cb in list(self._on_over):
                cb(self)

    def _show_one(self) -> None:
        e = self.queue.pop(0)
        self._apply(e)
        self.feedback.say(e.explain(self.names, self.human), "info")

    def _apply(self, e: Event) -> None:
        """Move the shown cards as ``e`` says, and narrate it."""
        if isinstance(e, Play):
            if e.seat == self.human:
                self.hand.remove(e.card)
            self.hand_sizes[e.seat] -= 1
            self.in_play = e.card
        elif isinstance(e, Flip):
            self.stock_left -= 1
            self.in_play = e.card
        elif isinstance(e, Capture):
            taken = [e.taken, *e.more]
            for c in taken:
                self.table.remove(c)
            self.piles[e.seat] += [e.card, *taken]
            self.in_play = None
        elif isinstance(e, TakeFour):
            for c in e.cards:
                self.table.remove(c)
            self.piles[e.seat] += list(e.cards)
        elif isinstance(e, Stay):
            self.table.append(e.card)
            self.in_play = None
        self._log(e.explain(self.names, self.human))
        self._draw()

    # ----- drawing ------------------------------------------------------------
    def _points(self, e: Capture) -> str:
        return _("You take both: {points} points.").format(points=e.points)

    def _hint(self) -> str:
        w = self.waiting
        if w == "play":
            return _("it is your turn: choose a card in your hand to play it.")
        if w == "take" and isinstance(self.expected, Capture):
            if self.expected.more:
                return _("{card} takes all three {ranks} on the table: choose one of them.").format(
                    card=self.expected.card, ranks=rank_plural(self.expected.card.rank))
            return _("choose the table card that {card} pairs with.").format(card=self.expected.card)
        if w == "flip":
            return _("choose the stock to flip its top card.")
        if w == "choose":
            d = self.game.decision
            assert d is not None
            return _("{card} pairs with {options}: choose the one you take.").format(
                card=d.card, options=cards_text(d.options))
        if w == "next":
            return _("press “Show the computer's move” to see what it does.")
        return _("the game is over.")

    def _log(self, text: str) -> None:
        self._log_lines.append(text)
        self.log_html.value = "".join(para(t) for t in self._log_lines[::-1])

    def _draw(self) -> None:
        g = self.game
        self.table_row.set_cards(self.table)
        self.hand_row.set_cards(sorted(self.hand, key=lambda c: (c.rank, c.index)))  # by rank: partners are easy to see
        for b in self.table_row.buttons.values():
            b.mark(None)
            b.set_highlight(None)
        if self.waiting == "choose" and g.decision is not None:
            for c in g.decision.options:
                self.table_row[c].set_highlight("match")
        shown = self.in_play
        self.in_play_html.value = (card_svg(shown, 64, highlight="select", points=self.game.points(shown)) if shown
                                   else f'<span class="mm-empty">{escape(_("(nothing)"))}</span>')
        self.stock.set_badge(_("{n} left").format(n=self.stock_left) if self.stock_left else _("empty"))
        # No face-down card once the stock is empty (its place is kept: nothing moves).
        # (a class, not the button's layout: card buttons share one layout object)
        (self.stock.remove_class if self.stock_left else self.stock.add_class)("mm-stock-empty")
        self.stock.set_disabled(self.waiting != "flip")
        self.stock.set_highlight("select" if self.waiting == "flip" else None)
        opp = []
        for s in range(g.players):
            if s == self.human:
                continue
            name = self.names[s][:1].upper() + self.names[s][1:]
            score = sum(self.game.points(c) for c in self.piles[s])
            opp.append(f"<div class='mm-label'>{escape(name)}: {backs_html(self.hand_sizes[s], 24)} "
                       f"&nbsp; {escape(_('pile: {n} points').format(n=score))}</div>"
                       f"{cards_html(self.piles[s], width=30, empty=_('(no cards yet)'), price=self.game.points)}")
        self.others_html.value = "".join(opp)
        mine = sum(self.game.points(c) for c in self.piles[self.human])
        self.pile_html.value = (f"<div class='mm-label'>{escape(_('Your pile: {n} points').format(n=mine))}</div>"
                                + cards_html(self.piles[self.human], width=30, empty=_("(no cards yet)"),
                                             price=self.game.points))
        # Always in place (disabled when there is nothing to show), so the cards never jump.
        self.next_button.disabled = self.waiting != "next"
        if self.waiting == "over":
            scores = [sum(self.game.points(c) for c in p) for p in self.piles]
            text = _("Game over: you {mine} points, {other}.").format(
                mine=scores[self.human],
                other=", ".join(f"{self.names[s]} {scores[s]}" for s in range(g.players) if s != self.human))
            text = escape(text)
        else:
            text = "<b>" + escape(_("Now: {what}").format(what=self._hint())) + "</b>"
        # Drawn last, so once a browser sees the new tick every other part is up to date.
        self.prompt.value = f'<p data-tick="{self.tick}">{text}</p>'
