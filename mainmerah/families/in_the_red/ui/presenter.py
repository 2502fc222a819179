"""In The Red on the shared table: every stack as a pile, your hand, where a card may go, who is in the red.

The board's zones: the other seats (a fan of backs, their running total to 100), the pack,
the stacks (one per seat: its top card large and clickable, the cards under it small, the
stacks in the red marked live as cards land), the last move and the round's discards, your
seat and hand. Click a hand card: the stacks it fits light up (none: the Discard button
offers it); then click a lit stack. Every wish is answered with an intent (act, select, refuse)
that the table carries out; the state checks every action.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from html import escape
from types import SimpleNamespace
from typing import Any

from mainmerah.core.cards import Card
from mainmerah.core.i18n import _, ngettext
from mainmerah.core.words import aside, capitalized, listed, mark, seat_name, sentences
from mainmerah.draw.text import esc
from mainmerah.families.in_the_red.explain import and_list, fit_note, no_fit_reason, score_text, stack_of
from mainmerah.families.in_the_red.rules import TARGET, hand_value, legal_moves, losers, value
from mainmerah.families.in_the_red.state import parse_action
from mainmerah.families.in_the_red.ui.frame import Frame, boundaries, frame_at
from mainmerah.table.board import Action, Part
from mainmerah.table.cards import card_code, card_look, hand_state
from mainmerah.table.intents import Act, Intent, Refuse, Select, unselect
from mainmerah.table.presenter import Presenter, TableContext, Zone, table_zones

LISTED = 3  # the lit stacks a prompt names one by one, each with how the card fits (more are counted)
UNDER_SHOWN = 8  # the cards under a top drawn small; the rest are counted (all are in the tooltip)


class InTheRedPresenter(Presenter):
    """In The Red: a stack per seat, a pack, the round's discards, a single-select hand."""

    wishes = frozenset({"select", "put", "discard"})
    clickable = frozenset({"hand", "stacks"})

    def __init__(self, ctx: TableContext, game_name: str) -> None:
        super().__init__(ctx, game_name)
        self.hint_stack: int | None = None  # the stack of the last hint (lit while the hint is shown)
        self.stacks_label = Part("mm-row-label")
        self.discard_button = Action("discard", partial(ctx.ask, self.discard), reserve=True)
        self.cancel_button = Action("cancel", partial(ctx.ask, unselect), reserve=True)

    @property
    def selected(self) -> Card | None:
        """The hand card selected, not yet played."""
        return self.ctx.selection[0] if self.ctx.selection else None

    # ----- the game -------------------------------------------------------------------------
    def next_game(self, game: Any) -> Any:
        # the deal keeps passing left from one game of the match to the next
        return self.info_.new(seed=None, players=game.players, dealer=(game.dealer + 1) % game.players)

    def seed_of(self, game: Any) -> int | None:
        # A game from an explicit first layout is a set-up position (its seed only shuffles the later deals).
        return None if game.setup.layouts else int(game.seed)

    def info(self, game: Any) -> str:
        dealt = self.seed_of(game)
        seed = self.seed_hidden() or (
            _("seed {seed}").format(seed=dealt) if dealt is not None else _("set-up position"))
        return _("{n} players · deal {deal} · {seed}").format(n=game.players, deal=game.deal_number, seed=seed)

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

    # ----- drawing -------------------------------------------------------------------------------
    def zones(self) -> list[Zone]:
        zones = table_zones({"kind": "stacks", "id": "stacks", "cls": "mm-stacks", "label": "table_label"})
        zones[1]["zones"][1]["zones"][1]["cls"] = "mm-action mm-band"  # a round's end tells several rows
        return zones

    def targets(self, frame: Frame, card: Card) -> list[int]:
        """The stacks ``card`` may go on now, as the state says (lit on the board)."""
        return [s for s in range(len(frame.tops)) if self.ctx.game.can(f"{card}@{s}")]

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
            cls, text, name = card_look(st[-1], marks=marks)
            under = st[:-1]
            count = _("{n} under").format(n=len(under)) if under else _("none under")
            box = "mm-stack" + (" mm-inred" if s in red and not f.over else "") + (" mm-lit" if s in lit else "")
            tag = (_("in the red") if on_red else _("lowest black")) if s in red and not f.over else ""
            small = " ".join(card_code(c) for c in under[-UNDER_SHOWN:])
            said = _("{stack}: {card} on top, {count}").format(
                stack=capitalized(stack_of(s, ctx.names, ctx.human)), card=name, count=count)
            stacks.append({"cls": box, "name": capitalized(seat_name(s, ctx.names, ctx.human)), "tag": tag,
                           "label": f"{text}, {said}" + (f", {tag}" if tag else ""),
                           "top": [" ".join(cls), text, name], "under": small, "count": count,
                           "all": " ".join(map(str, st))})
        self.stacks_label.set(esc(_("Stacks: the highest red top card loses the round; with no red on top, the lowest "
                                    "black card does")))
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
        self.ctx.hand.price = None  # a card's value counts in hand, not on its face: no points said
        self.ctx.hand.show(hand, marks)
        label = ngettext("Your hand: {n} card, {points} if the deal ended now",
                         "Your hand: {n} cards, {points} if the deal ended now", len(hand)).format(
            n=len(hand), points=score_text(hand) if hand else "0")
        return {"pile": self._total(f, seat), "hand_label": "" if f.over else label}

    def waiting(self, decision: Any) -> bool:
        return decision is None

    def _must_discard(self) -> bool:
        """Whether nothing in your hand fits any stack (the state then allows only discards)."""
        return all(a.startswith("discard") for a in self.ctx.game.legal_actions())

    def status(self, decision: Any) -> str:
        return _("Your turn: nothing fits, discard a card") if self._must_discard() else _("Your turn: place a card")

    def prompt(self, frame: Any, decision: Any) -> str:
        f: Frame = frame
        names, you = self.ctx.names, self.ctx.human
        if self._must_discard():
            # What to do first: on a phone the prompt shows four lines, and the reason can run longer.
            return _("Choose a card to discard: nothing in your hand fits any stack ({why}). It goes to one of "
                     "the round's losers, who may be you.").format(why=no_fit_reason(f.hands[you or 0]))
        card = self.selected
        if card is None:
            return _("Choose a card in your hand: the stacks it fits (same suit or same rank) light up, then choose "
                     "one of them.")
        places = self.targets(f, card)
        if not places:
            return _("{card} fits on no stack, but another card of yours does: a card may be discarded only when "
                     "nothing fits anywhere.").format(card=card)
        # What to do first, then where and why, in a phone's four lines: more than three stacks (at four players or
        # more) may run past them, so they are counted (the board lights each).
        if len(places) > LISTED:
            return _("Choose one of the {n} lit stacks for {card}: each has a card of its suit or rank on top.").format(
                n=len(places), card=card)
        where = mark(", ").join(stack_of(s, names, you) + aside(fit_note(card, f.tops[s])) for s in places)
        return _("Choose a lit stack for {card}: {where}.").format(card=card, where=where)

    def game_over_html(self, end: Any, names: Sequence[str], you: int | None) -> str:
        f = self.ctx.frame
        head = "".join(f"<th>{escape(capitalized(seat_name(s, names, you)))}</th>" for s in range(len(names)))
        rows = "".join(f"<tr><td>{escape(_('Deal {n}').format(n=k + 1))}</td>" +
                       "".join(f"<td>{p}</td>" for p in pts) + "</tr>" for k, pts in enumerate(f.deals))
        tot = "".join(f"<td>{'★ ' if s in end.winners else ''}{t}</td>" for s, t in enumerate(end.scores))
        table = (f"<table class='mm-sheet mm-deals'><thead><tr><th></th>{head}</tr></thead><tbody>{rows}</tbody>"
                 f"<tfoot><tr><td>{escape(_('Total'))}</td>{tot}</tr></tfoot></table>")
        return f"<p>{escape(end.event.explain(list(names), you))}</p>{table}"

    def result_html(self, frame: Any) -> str | None:
        """A deal's end before the game's: who has no cards left, each seat's cards left card by card, the totals."""
        f: Frame = frame
        scores = [e for e in f.step if e.kind == "score"]
        if f.over or not scores:
            return None
        names, you = list(self.ctx.names), self.ctx.human
        end = next((e for e in reversed(self.ctx.game.events[: f.n]) if e.kind == "deal-end"), None)
        head = end.explain(names, you) if end is not None else ""
        rows = "".join(
            f'<tr data-seat="{e.seat}" data-points="{e.points}">'
            f"<td>{escape(capitalized(seat_name(e.seat, names, you)))}</td><td>{escape(score_text(e.cards))}</td>"
            f"<td>{escape(_('{total} of {target}').format(total=e.total, target=TARGET))}</td></tr>" for e in scores)
        low = min(f.totals)
        leaders = and_list([seat_name(s, names, you) for s, t in enumerate(f.totals) if t == low])
        said = _("Lowest total so far: {who}. The game ends when a total reaches {target}; the lowest total "
                 "then wins.").format(who=leaders, target=TARGET)
        return (f'<div class="mm-h">{escape(_("Deal {n} over").format(n=f.deal))}</div>'
                f"<p>{escape(head)}</p><table class='mm-sheet mm-deal-result'><thead><tr><th></th>"
                f"<th>{escape(_('Cards left'))}</th><th>{escape(_('Total'))}</th></tr></thead><tbody>{rows}</tbody>"
                f"</table><p>{escape(said)}</p>")

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

    # ----- wishes: each answered with an intent ---------------------------------------------------
    def slot(self, decision: Any, zone: str, slot: int) -> Intent:
        ctx = self.ctx
        if zone == "stacks":
            return self.put(decision, slot) if 0 <= slot < ctx.game.players else Refuse(_("There is no such stack."))
        card = ctx.hand.card_at(slot)  # what the kernel drew there, never what the page says
        if card is None or card not in ctx.game.hands[decision.seat]:
            return Refuse(_("That card is no longer in your hand."))
        if card != self.selected:
            return self.select(decision, card)
        # A second click on the selected card: discarded when nothing fits (the only move); otherwise the stack
        # stays the player's explicit choice (never "the first" that fits).
        if self._must_discard():
            return self.discard(decision)
        if not self.targets(ctx.frame, card):
            return Refuse(_("{card} fits on no stack: choose another card.").format(card=card))
        return Select((card,), note=_("{card} is still selected: now choose the stack it goes on (a lit one).")
                      .format(card=card))

    def select(self, decision: Any, card: Card | str) -> Intent:
        """Pick a hand card: the stacks it fits light up; nothing is played yet (nothing fits: it is discarded)."""
        c = Card.parse(card)
        if c not in self.ctx.game.hands[decision.seat]:
            return Refuse(_("{card} is not in your hand.").format(card=c))
        return Select((c,))

    def put(self, decision: Any, stack: int) -> Intent:
        """Place the selected card on ``stack`` (the state checks it, and says why not)."""
        if self.selected is None:
            tops = self.ctx.frame.tops
            top = tops[stack] if 0 <= stack < len(tops) else None
            return Refuse(_("Select a card from your hand first, then choose the stack ({top} on top).").format(
                top=top))
        return Act(f"{self.selected}@{stack}")

    def discard(self, decision: Any, card: Card | str | None = None) -> Intent:
        """Discard ``card`` (or the selected one): the state allows it only when nothing fits anywhere."""
        c = Card.parse(card) if card is not None else self.selected
        if c is None:
            return Refuse(_("Select the card to discard first."))
        return Act(f"discard {c}")

    def enter(self, decision: Any, text: str) -> Intent:
        """Typed text: an action in the rule book's notation ("7h@2", "discard 7h")."""
        card, _stack = parse_action(text)  # bad text is named as such
        if card not in self.ctx.game.hands[decision.seat]:  # said to you, not of "seat 0" (as the state says)
            return Refuse(_("{card} is not in your hand.").format(card=card))
        return Act(text)

    def hint(self, game: Any, seat: int, seed: int) -> tuple[list[Any], str]:
        from mainmerah.families.in_the_red.bots import ExpertBot

        view = game.view(seat)
        card, stack = parse_action(ExpertBot(seed).choose(view))
        self.hint_stack = stack
        later = view.players - 1 - (seat - view.starter) % view.players  # who still plays this round after you
        return [card], hint_reason(card, stack, view.tops, view.hand, seat, self.ctx.names, later)


def hint_reason(card: Card, stack: int | None, tops: Sequence[Card], hand: Sequence[Card], me: int,
                names: Sequence[str], later: int = 0) -> str:
    """Why the expert's choice is good, in words: who would lose the round after it (``later``: how many
    players still play this round after ``me``, who can change that)."""
    if stack is None:
        return _("nothing fits: discard {card}; it would count {n} in your hand at the end of the deal, and it goes "
                 "to one of the round's losers, who may be you.").format(card=card, n=value(card))
    after = list(tops)
    after[stack] = card
    lost, red = losers(after)
    where = stack_of(stack, names, me)
    if later:
        still = ngettext("That is how the tops stand now: {n} more player plays this round and can change them.",
                         "That is how the tops stand now: {n} more players play this round and can change them.",
                         later).format(n=later)
    else:
        still = _("You play last in this round, so it ends that way.")
    who = listed(seat_name(s, names, me) for s in lost)
    if me not in lost and stack != me and stack in lost:
        said = _("{card} on {where} puts that stack in the red, not yours.") if red else _(
            "{card} on {where} gives that stack the lowest black card, with no red card on top: it loses the "
            "round, not yours.")
        return sentences(said.format(card=card, where=where), still)
    if me not in lost:
        said = _("{card} on {where}: you are not in the red after it ({who} is).") if red else _(
            "{card} on {where}: no stack shows a red card, and the lowest black card after it is not yours "
            "({who} loses the round).")
        return sentences(said.format(card=card, where=where, who=who), still)
    if len(legal_moves(hand, tops)) == 1:
        return _("{card} on {where} is your only move.").format(card=card, where=where)
    return _("{card} on {where}: the expert played the deal out many times, and this leaves you the fewest "
             "points ({points} in hand now).").format(card=card, where=where, points=hand_value(hand))


def _deck() -> tuple[Card, ...]:
    from mainmerah.core.cards import PACK

    return PACK
