"""In The Red on the shared table: every stack as a pile, your hand, where a card may go, who is in the red.

The board's zones: the other seats (a fan of backs, their running total to 100), the pack,
the stacks (one per seat: its top card large and clickable, the cards under it small, the
stacks in the red marked live as cards land), the last move and the round's discards, your
seat and hand. Click a hand card: the stacks it fits light up (none: the Discard button
offers it); then click a lit stack. Every wish ends in the engine's ``act``, which checks it.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from types import SimpleNamespace
from typing import Any

from mainmerah.core import registry
from mainmerah.core.cards import Card
from mainmerah.core.i18n import _
from mainmerah.core.words import capitalized, seat_name
from mainmerah.draw.text import esc
from mainmerah.families.in_the_red.explain import fit_reason, no_fit_reason, score_text, stack_of
from mainmerah.families.in_the_red.rules import TARGET, fits, hand_value, legal_moves, losers, value
from mainmerah.families.in_the_red.state import parse_action
from mainmerah.families.in_the_red.ui.frame import Frame, boundaries, frame_at
from mainmerah.table.board import Action, Part
from mainmerah.table.cards import card_code, card_look, hand_state
from mainmerah.table.presenter import Presenter, TableContext, Zone, table_zones

UNDER_SHOWN = 8  # the cards under a top drawn small; the rest are counted (all are in the tooltip)


class InTheRedPresenter(Presenter):
    """In The Red: a stack per seat, a pack, the round's discards, a single-select hand."""

    wishes = frozenset({"select", "put", "discard", "cancel"})
    clickable = frozenset({"hand", "stacks"})

    def css(self) -> str:
        from mainmerah.table.style import plain_faces_css

        return plain_faces_css("mm-game-in-the-red")  # a card counts its value in hand here: no badges

    def __init__(self, ctx: TableContext, game_name: str) -> None:
        super().__init__(ctx, game_name)
        self.info_ = registry.get(game_name)
        self.selected: Card | None = None
        self.hint_stack: int | None = None
        self.stacks_label = Part("mm-row-label")
        self.discard_button = Action("discard", lambda: ctx.wish(self.discard), reserve=True)
        self.cancel_button = Action("cancel", lambda: ctx.wish(self.cancel), reserve=True)

    # ----- the game -------------------------------------------------------------------------
    @property
    def title(self) -> str:
        return _(self.info_.title)

    @property
    def players_allowed(self) -> tuple[int, ...]:
        return tuple(self.info_.players)

    def new_game(self, players: int, variant: str | None, seed: int | None, first: int | None = None) -> Any:
        return self.info_.new(seed=seed, players=players)

    def load(self, text: str) -> Any:
        return registry.load_game(text)

    def next_game(self, game: Any) -> Any:
        # the deal keeps passing left from one game of the match to the next
        return self.info_.new(seed=None, players=game.players, dealer=(game.dealer + 1) % game.players)

    def seed_of(self, game: Any) -> int | None:
        # A game from an explicit first layout is a set-up position (its seed only shuffles the later deals).
        return None if game.setup.layouts else int(game.seed)

    def info(self, game: Any) -> str:
        dealt = self.seed_of(game)
        seed = _("seed {seed}").format(seed=dealt) if dealt is not None else _("set-up position")
        return _("{n} players · deal {deal} · {seed}").format(n=game.players, deal=game.deal_number, seed=seed)

    def card_names(self) -> dict[str, str]:
        from mainmerah.table.cards import card_names

        return card_names([value(c) for c in _deck()])

    # ----- bots --------------------------------------------------------------------------------
    # ----- the log, as steps -------------------------------------------------------------------
    def boundaries(self, events: Sequence[Any]) -> list[int]:
        return boundaries(events)

    def frame_at(self, game: Any, n: int, after: Any = None) -> Frame:
        return frame_at(game, n, after=after)

    def turn_seat(self, frame: Any) -> int:
        return int(frame.seat)

    def end_of(self, frame: Any) -> Any:
        end = next(e for e in reversed(self.ctx.game.events[: frame.n]) if e.kind == "game-end")
        return SimpleNamespace(scores=end.totals, winners=end.winners, event=end)

    def is_own_turn_start(self, choice: Any) -> bool:
        return True  # every decision is one card

    # ----- drawing -------------------------------------------------------------------------------
    def zones(self) -> list[Zone]:
        return table_zones({"kind": "stacks", "id": "stacks", "cls": "mm-stacks", "label": "table_label"})

    def targets(self, frame: Frame, card: Card) -> list[int]:
        return [s for s, top in enumerate(frame.tops) if fits(card, top)]

    def draw(self, frame: Any, decision: Any) -> dict[str, Any]:
        f: Frame = frame
        ctx = self.ctx
        lit = set(self.targets(f, self.selected)) if decision is not None and self.selected is not None else set()
        red, on_red = losers(f.tops)
        landed = {e.stack for e in f.step if e.kind == "place"}
        stacks = []
        for s, st in enumerate(f.stacks):
            marks = ["match"] if s in lit else []
            if ctx.hinted and s == self.hint_stack:
                marks.append("hint")
            if s in landed:
                marks.append("new")
            cls, text, name = card_look(st[-1], marks=marks, points=value(st[-1]))
            under = st[:-1]
            count = _("{n} under").format(n=len(under)) if under else _("none under")
            box = "mm-stack" + (" mm-inred" if s in red and not f.over else "") + (" mm-lit" if s in lit else "")
            tag = (_("in the red") if on_red else _("lowest black")) if s in red and not f.over else ""
            small = " ".join(card_code(c) for c in under[-UNDER_SHOWN:])
            stacks.append({"cls": box, "name": capitalized(seat_name(s, ctx.names, ctx.human)), "tag": tag,
                           "top": [" ".join(cls), text, name], "under": small, "count": count,
                           "all": " ".join(map(str, st))})
        self.stacks_label.set(esc(_("Stacks: the highest red top card loses the round")))
        return {"stock": {"n": f.pack, "title": _("Pack"), "label": _("{n} face-down cards").format(n=f.pack),
                          "empty": _("empty")},
                "table_label": self.stacks_label.value, "rows": {"stacks": stacks}, "action": self._story_rows(f)}

    def _story_rows(self, f: Frame) -> list[list[str]]:
        names, you = self.ctx.names, self.ctx.human
        rows: list[list[str]] = []
        for e in f.step:
            who = capitalized(seat_name(e.seat, names, you)) if hasattr(e, "seat") else ""
            if e.kind == "place":
                rows.append(["play", card_code(e.card), "→", card_code(e.top), _("{who}: {card} on {stack}").format(
                    who=who, card=e.card, stack=stack_of(e.stack, names, you, by=e.seat))])
            elif e.kind == "discard":
                said = _("You discard {card}") if e.seat == you else _("{who} discards {card}")
                rows.append(["play", card_code(e.card), "", "", said.format(who=who, card=e.card)])
            elif e.kind == "round":
                rows.append(["capture", "", "", "", e.explain(list(names), you)])
            elif e.kind == "score":
                rows.append(["stay", " ".join(card_code(c) for c in e.cards), "", "", _(
                    "{who}: {points} (total {total} of {target})").format(
                    who=who, points=score_text(e.cards) if e.cards else "0", total=e.total, target=TARGET)])
        if not f.over and f.step and f.step[-1].kind not in ("score", "game-end"):
            cards = " ".join(card_code(c) for _s, c in f.discards)
            rows.append(["stay", cards, "", "", _("Discards this round (they go to the losers)") if cards
                         else _("No discards this round")])
        return rows

    def seat_state(self, frame: Any, seat: int) -> dict[str, Any]:
        return {"hand": hand_state(frame.hands[seat], self.ctx.open_hands), "pile": self._total(frame, seat)}

    def _total(self, f: Frame, seat: int) -> dict[str, str]:
        return {"score": _("{total} of {target}").format(total=f.totals[seat], target=TARGET),
                "count": _("points so far (lower is better)"), "cards": "", "empty": ""}

    def you_state(self, frame: Any, seat: int) -> dict[str, Any]:
        f: Frame = frame
        hand = f.hands[seat]
        marks: dict[Card, list[str]] = {}
        if self.selected is not None:
            marks[self.selected] = ["selected"]
        for c in self.ctx.hinted:
            marks.setdefault(c, []).append("hint")
        if len(set(hand)) < len(hand):  # two packs: a card twice; lay the row out afresh
            self.ctx.hand._slot_of = {}
        self.ctx.hand.price = value
        self.ctx.hand.show(hand, marks)
        label = _("Your hand: {n} cards, {points} if the deal ended now").format(
            n=len(hand), points=score_text(hand) if hand else "0")
        return {"pile": self._total(f, seat), "hand_label": "" if f.over else label}

    def waiting(self, decision: Any) -> bool:
        return decision is None

    def _must_discard(self) -> bool:
        d = self.ctx.my_decision()
        return d is not None and self.ctx.game.moves()[0][1] is None

    def status(self, decision: Any) -> str:
        return _("Your turn: nothing fits, discard a card") if self._must_discard() else _("Your turn: place a card")

    def prompt(self, frame: Any, decision: Any) -> str:
        f: Frame = frame
        names, you = self.ctx.names, self.ctx.human
        if self._must_discard():
            return _("Nothing in your hand fits any stack ({why}): choose the card to discard. It goes to the "
                     "round's loser.").format(why=no_fit_reason(f.hands[you or 0]))
        card = self.selected
        if card is None:
            return _("Choose a card in your hand: the stacks it fits (same suit or same rank) light up, then choose "
                     "one of them.")
        places = self.targets(f, card)
        if not places:
            return _("{card} fits on no stack, but another card of yours does: a card may be discarded only when "
                     "nothing fits anywhere.").format(card=card)
        where = ", ".join(f"{stack_of(s, names, you)} ({fit_reason(card, f.tops[s])})" for s in places)
        return _("{card} fits on {where}. Choose a lit stack (or {card} again for the first).").format(
            card=card, where=where)

    def game_over_html(self, end: Any, names: Sequence[str], you: int | None) -> str:
        f = self.ctx.frame
        head = "".join(f"<th>{escape(capitalized(seat_name(s, names, you)))}</th>" for s in range(len(names)))
        rows = "".join(f"<tr><td>{escape(_('Deal {n}').format(n=k + 1))}</td>" +
                       "".join(f"<td>{p}</td>" for p in pts) + "</tr>" for k, pts in enumerate(f.deals))
        tot = "".join(f"<td>{'★ ' if s in end.winners else ''}{t}</td>" for s, t in enumerate(end.scores))
        table = (f"<table class='mm-sheet mm-deals'><thead><tr><th></th>{head}</tr></thead><tbody>{rows}</tbody>"
                 f"<tfoot><tr><td>{escape(_('Total'))}</td>{tot}</tr></tfoot></table>")
        return f"<p>{escape(end.event.explain(list(names), you))}</p>{table}"

    def buttons(self) -> list[Action]:
        return [self.discard_button, self.cancel_button]

    def update_buttons(self, decision: Any) -> None:
        must = decision is not None and self._must_discard()
        b = self.discard_button
        b.description = _("Discard {card}").format(card=self.selected) if self.selected else _("Discard")
        b.disabled = self.selected is None
        (b.remove_class if must else b.add_class)("mm-hidden")
        (self.cancel_button.remove_class if self.selected is not None else self.cancel_button.add_class)("mm-hidden")
        self.cancel_button.description = _("Cancel")

    def entry_words(self) -> tuple[str, str]:
        return _("Type an action"), _("or type: 7h@1, discard 7h")

    def clear_selection(self) -> None:
        self.selected = None
        self.hint_stack = None

    # ----- wishes ---------------------------------------------------------------------------------
    def _turn(self) -> bool:
        """Whether the human may act now (else refused, with why)."""
        if self.ctx.my_decision() is None or self.ctx.human is None:
            self.ctx.refuse(self.ctx.why_not_now())
            return False
        return True

    def slot(self, zone: str, slot: int) -> None:
        ctx = self.ctx
        if zone == "hand":
            if not self._turn():
                return
            card = ctx.hand.card_at(slot)  # what the kernel drew there, never what the page says
            if card is None or card not in ctx.game.hands[ctx.human]:
                ctx.refuse(_("That card is no longer in your hand."))
            elif card == self.selected:
                self._again(card)
            else:
                self.select(card)
        elif zone == "stacks":
            if not 0 <= slot < ctx.game.players:
                ctx.refuse(_("There is no such stack."))
            else:
                self.put(slot)

    def _again(self, card: Card) -> None:
        """A second click on the selected card: discard it when nothing fits, else the first stack it fits."""
        if self._must_discard():
            self.discard()
            return
        places = self.targets(self.ctx.frame, card)
        if places:
            self.put(places[0])
        else:
            self.ctx.refuse(_("{card} fits on no stack: choose another card.").format(card=card))

    def select(self, card: Card | str) -> bool:
        """Pick a hand card: the stacks it fits light up; nothing is played yet (nothing fits: it is discarded)."""
        if not self._turn():
            return False
        c = Card.parse(card)
        if c not in self.ctx.game.hands[self.ctx.human]:
            return self.ctx.refuse(_("{card} is not in your hand.").format(card=c))
        self.ctx.ok()
        self.selected = c
        self.ctx.redraw()
        return True

    def put(self, stack: int) -> bool:
        """Place the selected card on ``stack`` (the engine checks it)."""
        ctx = self.ctx
        if not self._turn():
            return False
        if self.selected is None:
            top = ctx.frame.tops[stack] if 0 <= stack < len(ctx.frame.tops) else None
            return ctx.refuse(_("Select a card from your hand first, then choose the stack ({top} on top).").format(
                top=top))
        card = self.selected
        ctx.game.act(f"{card}@{stack}")  # a card that does not fit is refused here, with the reason
        self.selected = None
        ctx.ok()
        ctx.decided()
        return True

    def discard(self, card: Card | str | None = None) -> bool:
        """Discard ``card`` (or the selected one): allowed only when nothing fits anywhere."""
        if not self._turn():
            return False
        c = Card.parse(card) if card is not None else self.selected
        if c is None:
            return self.ctx.refuse(_("Select the card to discard first."))
        self.ctx.game.act(f"discard {c}")
        self.selected = None
        self.ctx.ok()
        self.ctx.decided()
        return True

    def cancel(self) -> bool:
        # Not the base class's: clear_selection would also drop the hint's stack, which stays lit.
        self.ctx.ok()
        self.selected = None
        self.ctx.redraw()
        return True

    def enter(self, text: str) -> bool:
        """Typed text: an action in the rule book's notation ("7h@2", "discard 7h")."""
        text = (text or "").strip()
        if not text:
            return False
        if not self._turn():
            return False
        card, stack = parse_action(text)  # bad text is named as such
        # Said to you, not of "seat 0" (the engine, which checks it all again, speaks of seats).
        you = self.ctx.human or 0
        if card not in self.ctx.frame.hands[you]:
            return self.ctx.refuse(_("{card} is not in your hand.").format(card=card))
        if stack is None and not self._must_discard():
            return self.ctx.refuse(_("You may discard only when nothing in your hand fits a stack, and a card "
                                     "of yours fits one now."))
        self.ctx.game.act(text)
        self.selected = None
        self.ctx.ok()
        self.ctx.decided()
        return True

    def hint(self, game: Any, seat: int, seed: int) -> tuple[list[Any], str]:
        from mainmerah.families.in_the_red.expert import ExpertBot

        view = game.view(seat)
        card, stack = parse_action(ExpertBot(seed).choose(view))
        self.hint_stack = stack
        return [card], hint_reason(card, stack, view.tops, view.hand, seat, self.ctx.names)


def hint_reason(card: Card, stack: int | None, tops: Sequence[Card], hand: Sequence[Card], me: int,
                names: Sequence[str]) -> str:
    """Why the expert's choice is good, in words: who is in the red after it."""
    if stack is None:
        return _("nothing fits: discard {card}; it would count {n} in your hand at the end of the deal, and it goes "
                 "to the round's loser.").format(card=card, n=value(card))
    after = list(tops)
    after[stack] = card
    lost = losers(after)[0]
    where = stack_of(stack, names, me)
    if me not in lost and stack != me and stack in lost:
        return _("{card} on {where} puts that stack in the red, not yours.").format(card=card, where=where)
    if me not in lost:
        return _("{card} on {where}: afterwards you are not in the red ({who} is).").format(
            card=card, where=where, who=", ".join(seat_name(s, names, me) for s in lost))
    if len(legal_moves(hand, tops)) == 1:
        return _("{card} on {where} is your only move.").format(card=card, where=where)
    return _("{card} on {where}: the expert played the deal out many times, and this leaves you the fewest "
             "points ({points} in hand now).").format(card=card, where=where, points=hand_value(hand))


def _deck() -> tuple[Card, ...]:
    from mainmerah.core.cards import PACK

    return PACK
