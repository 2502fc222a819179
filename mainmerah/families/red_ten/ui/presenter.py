"""Red Ten on the table: four seats, a multi-select hand, the top play, Play and Pass.

Your hand is sorted by rank; clicking cards toggles them in a selection, and the prompt says
what the selection is ("a pair of 7s", "… is not a play: …") and whether it beats the top
play, through the engine's ``classify`` and ``beats``, before you commit. Play sends the
selection to the engine, Pass passes; before play the answers (keep, reveal, surrender)
are buttons. Every wish is answered with an intent (act, select, refuse) that the table
carries out; the state checks every action. What the board shows of the
others is what your seat may see: hand sizes, every play, passes, places, the teams as far
as you can tell.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from html import escape
from types import SimpleNamespace
from typing import Any

from mainmerah.core.cards import Card, parse_cards
from mainmerah.core.i18n import _, ngettext
from mainmerah.core.words import capitalized, listed, mark, seat_name
from mainmerah.families.red_ten.explain import describe, place_name, why_beats
from mainmerah.families.red_ten.rules import PASS, RED_TENS, classify, sort_cards
from mainmerah.families.red_ten.ui.frame import (
    TableFrame,
    answer_label,
    answer_prompt,
    answer_reason,
    boundaries,
    frame_at,
    known_holders,
    place_text,
    selection_text,
    team_word,
    teams_known,
    teams_line,
)
from mainmerah.families.red_ten.view import OTHER, RED, UNKNOWN
from mainmerah.table.board import Action, Part
from mainmerah.table.cards import card_code
from mainmerah.table.intents import Act, Intent, Refuse, Select, unselect
from mainmerah.table.presenter import Presenter, TableContext, Zone

ANSWERS = ("keep", "reveal 10♥", "reveal 10♦", "reveal 10♥ 10♦", "surrender")
ANSWER_BUTTONS = ("rt-keep", "rt-reveal-h", "rt-reveal-d", "rt-reveal-both", "rt-surrender")


def codes(cards: Sequence[Card]) -> str:
    return " ".join(card_code(c) for c in cards)


class RedTenPresenter(Presenter):
    """Red Ten: the other three seats, the top play, your multi-select hand, Play/Pass and the answers."""

    wishes = frozenset({"select", "toggle", "confirm", "pass_", "answer"})
    clickable = frozenset({"hand"})
    match_games = (3, 4, 5, 10)  # the rule book: a fixed number of hands, 4 by default; no target by default
    match_unit = "hands"

    def __init__(self, ctx: TableContext, game_name: str) -> None:
        super().__init__(ctx, game_name)
        self.play_button = Action("rt-play", partial(ctx.ask, self.confirm), reserve=True)
        self.pass_button = Action("rt-pass", partial(ctx.ask, self.pass_), reserve=True)
        self.cancel_button = Action("rt-clear", partial(ctx.ask, unselect), reserve=True)
        self.answer_buttons = [Action(name, partial(ctx.ask, self.answer, a))
                               for name, a in zip(ANSWER_BUTTONS, ANSWERS, strict=True)]
        self.label = Part("mm-row-label")

    @property
    def selected(self) -> list[Card]:
        """The hand cards selected, in the order chosen, not yet played."""
        return list(self.ctx.selection)

    # ----- the game ----------------------------------------------------------------------
    @property
    def title(self) -> str:
        return _("Red Ten (红十)")

    def next_game(self, game: Any) -> Any:
        # The deal passes to the next seat each hand (red-ten.md).
        return self.info_.new(seed=None, players=4, dealer=(game.setup.dealer + 1) % 4)

    def seed_of(self, game: Any) -> int | None:
        return game.setup.seed  # type: ignore[no-any-return]

    def info(self, game: Any) -> str:
        seed = game.setup.seed
        text = self.seed_hidden() or (_("seed {seed}").format(seed=seed) if seed is not None else _("set-up position"))
        dealer = seat_name(game.setup.dealer, self.ctx.names, self.ctx.human)
        return _("4 players · {seed} · dealer: {dealer}").format(seed=text, dealer=dealer)

    def sheet_label(self, game: Any) -> str:
        return _("Red Ten (红十)")

    # ----- the log, as steps -----------------------------------------------------------------
    def boundaries(self, events: Sequence[Any]) -> list[int]:
        return boundaries(events)

    def frame_at(self, game: Any, n: int, after: Any = None) -> TableFrame:
        return frame_at(game.events, n)

    def turn_seat(self, frame: Any) -> int:
        events = self.ctx.game.events
        nxt = events[frame.n] if frame.n < len(events) else None
        if nxt is not None and nxt.kind in ("answer", "play", "pass"):
            return int(nxt.seat)
        return int(frame.seat)

    def _turn(self, f: TableFrame) -> int:
        """Whose turn it is at ``f``: the game's decision once the table shows the last event."""
        g = self.ctx.game
        return int(g.decision.seat) if f.n >= len(g.events) and g.decision is not None else self.turn_seat(f)

    def end_of(self, frame: Any) -> Any:
        e = frame.end
        r = e.result
        return SimpleNamespace(scores=r.scores, winners=r.winners, event=e)

    # ----- drawing ---------------------------------------------------------------------------
    def zones(self) -> list[Zone]:
        return [
            {"kind": "seats", "id": "opps", "cls": "mm-opps mm-rt-opps"},
            {"kind": "trick", "id": "action", "cls": "mm-action mm-lines mm-rt-top"},
            {"kind": "gameover"},
            {"kind": "you", "multi": True},
            {"kind": "prompt"},
            {"kind": "actions"},
        ]

    def _teams(self, f: TableFrame, seat: int | None) -> tuple[str, ...]:
        """The teams as ``seat`` can tell at ``f``; None: as every seat can (the red tens shown or played, all at
        the end), for a table that shows no seat's hand (watching, or the pass-and-play screen)."""
        g = self.ctx.game
        if seat is not None:
            return teams_known(f, seat, g.setup.hands[seat], g.holders)
        known = ({str(t): s for t, s in zip(RED_TENS, g.holders, strict=True)} if f.over
                 else known_holders(f, 0, ()))
        teams = [RED if s in known.values() else UNKNOWN for s in range(4)]
        return tuple(OTHER if len(known) == 2 and t != RED else t for t in teams)

    def _viewer(self) -> int | None:
        return self.ctx.human

    def draw(self, frame: Any, decision: Any) -> dict[str, Any]:
        f: TableFrame = frame
        names, you = self.ctx.names, self.ctx.human
        rows: list[list[str]] = []
        if f.top is not None and not f.over:
            s, combo = f.top
            who = capitalized(seat_name(s, names, you))
            rows.append(["top", codes(combo.cards), "", "",
                         _("To beat: {who} played {what}.").format(who=who, what=describe(combo))])
        elif f.shown is None:
            rows.append(["lead", "", "", "", _("Before play: every seat answers about its red tens "
                                               "({n} of 4 answers in).").format(n=f.answered)])
        elif not f.over:
            if f.lead == you:
                rows.append(["lead", "", "", "", _("No play on the table: you lead a new round.")])
            else:
                leader = capitalized(seat_name(f.lead, names, you))
                rows.append(["lead", "", "", "", _("No play on the table: {who} leads a new round.").format(
                    who=leader)])
        if f.passed:
            rows.append(["passed", "", "", "", _("Passed this round: {who}.").format(
                who=listed(seat_name(s, names, you) for s in f.passed))])
        if f.out:
            rows.append(["out", "", "", "", _("Places: {places}.").format(places=listed(
                _("{who} {place}").format(who=seat_name(s, names, you), place=place_name(f.out.index(s) + 1))
                for s in f.out))])
        if f.shown is not None and not f.over:
            rows.append(["mode", "", "", "", _("An open hand (明打): scores ×2 if the red team wins, ×4 if it "
                                               "loses.") if f.open else _("A hidden hand (暗打).")])
        rows.append(["teams", "", "", "", teams_line(self._teams(f, self._viewer()), names, you)])
        return {"action": rows}

    def _seat_pile(self, f: TableFrame, seat: int) -> dict[str, str]:
        team = self._teams(f, self._viewer())[seat]
        place = place_text(f, seat)
        last = f.last.get(seat)
        if last == PASS and not f.over and self._turn(f) == seat:
            last = None  # its turn again: a pass is not final, so "passed" would read as if it could not play
        empty = _("passed") if last == PASS else ""
        cards = "" if last in (None, PASS) else codes(parse_cards(last))
        return {"score": team_word(team), "count": place, "cards": cards, "empty": empty}

    def seat_state(self, frame: Any, seat: int) -> dict[str, Any]:
        f: TableFrame = frame
        hand = f.hands[seat]
        n = len(hand)
        if self.ctx.open_hands or (f.over and not self.ctx.stand_in):  # a stand-in's hands are made up
            state = {"cards": codes(hand), "backs": 0, "label": "", "empty": _("no cards left")}
        else:
            state = {"cards": "", "backs": n, "label": ngettext("{n} card", "{n} cards", n).format(n=n), "empty": ""}
        return {"hand": state, "pile": self._seat_pile(f, seat)}

    def you_state(self, frame: Any, seat: int) -> dict[str, Any]:
        f: TableFrame = frame
        marks: dict[Card, list[str]] = {c: ["selected"] for c in self.selected}
        for c in self.ctx.hinted:
            marks.setdefault(c, []).append("hint")
        self.ctx.hand.price = None
        self.ctx.hand.show(sort_cards(f.hands[seat]), marks)
        n = len(f.hands[seat])
        label = "" if f.over else ngettext("Your hand: {n} card", "Your hand: {n} cards, low to high", n).format(n=n)
        return {"pile": self._seat_pile(f, seat), "hand_label": label}

    def waiting(self, decision: Any) -> bool:
        return decision is None or decision.kind != "play"

    def status(self, decision: Any) -> str:
        if decision.kind == "answer":
            return _("Your turn: answer before play")
        return _("Your turn: play or pass") if self.ctx.game.top is not None else _("Your turn: lead a play")

    def prompt(self, frame: Any, decision: Any) -> str:
        if decision.kind == "answer":
            return answer_prompt(self.ctx.game.legal_actions())
        text, _combo = selection_text(self.selected, self.ctx.game.top, self.ctx.names, self._viewer())
        return text

    def game_over_html(self, end: Any, names: Sequence[str], you: int | None) -> str:
        lines = [x for x in end.event.explain(list(names), you).split("\n") if x.strip()]
        scores = end.scores
        if not end.winners:
            head = _("A draw: 0 for everyone.")
        elif you is not None:
            head = (_("You win: {n}.") if scores[you] > 0 else _("You lose: {n}.")).format(n=f"{scores[you]:+d}")
        else:
            head = _("{who} win.").format(who=listed(seat_name(s, names, you) for s in end.winners))
        story = "".join(f"<li>{escape(line)}</li>" for line in lines)
        rows = "".join(
            f'<div class="mm-seatscore" data-seat="{s}" data-score="{scores[s]}">'
            f"<b>{escape(capitalized(seat_name(s, names, you)))}</b>{mark(': ')}{scores[s]:+d}</div>"
            for s in range(4))
        return (f'<div class="mm-h">{escape(_("Hand over"))}</div><div class="mm-winner">{escape(head)}</div>'
                f'<ul class="mm-rt-story">{story}</ul>{rows}')

    def buttons(self) -> list[Action]:
        return [self.play_button, self.pass_button, self.cancel_button, *self.answer_buttons]

    def update_buttons(self, decision: Any) -> None:
        d = decision

        def show(b: Part, on: bool) -> None:
            (b.remove_class if on else b.add_class)("mm-hidden")

        playing = d is not None and d.kind == "play"
        text, combo = selection_text(self.selected, self.ctx.game.top, self.ctx.names, self._viewer())
        self.play_button.description = (_("Play {cards}").format(cards=combo.text) if playing and combo is not None
                                        else _("Play"))
        self.play_button.disabled = not playing or combo is None
        self.play_button.tooltip = text if playing else ""
        show(self.play_button, playing)
        self.pass_button.description = _("Pass")
        self.pass_button.tooltip = _("Let this play stand; you may still play when your turn comes again")
        show(self.pass_button, playing and self.ctx.game.top is not None)
        self.cancel_button.description = _("Clear selection")
        show(self.cancel_button, playing and bool(self.selected))
        options = self.ctx.game.legal_actions() if d is not None and d.kind == "answer" else []
        for b, a in zip(self.answer_buttons, ANSWERS, strict=True):
            b.description = answer_label(a)
            show(b, a in options)

    def entry_words(self) -> tuple[str, str]:
        return _("Type a play"), _("or type: 7h 7s, pass")

    # ----- wishes: each answered with an intent --------------------------------------------------
    def _not_playing(self, d: Any) -> Refuse | None:
        """Why cards may not be chosen now (the answers before play come first), or None."""
        return None if d.kind == "play" else Refuse(_("First give your answer about the red tens."))

    def slot(self, decision: Any, zone: str, slot: int) -> Intent:
        card = self.ctx.hand.card_at(slot)  # what the kernel drew there, never what the page says
        if (no := self._not_playing(decision)) is not None:
            return no
        if card is None or card not in self.ctx.game.hands[decision.seat]:
            return Refuse(_("That card is no longer in your hand."))
        return self.toggle(decision, card)

    def toggle(self, decision: Any, card: Card | str) -> Intent:
        """Add a hand card to the selection, or take it out again; nothing is played yet."""
        if (no := self._not_playing(decision)) is not None:
            return no
        c = Card.parse(card)
        if c not in self.ctx.game.hands[decision.seat]:
            return Refuse(_("{card} is not in your hand.").format(card=c))
        chosen = self.ctx.selection
        return Select(tuple(x for x in chosen if x != c) if c in chosen else (*chosen, c))

    def select(self, decision: Any, cards: str | Card | Sequence[Card | str]) -> Intent:
        """Select exactly these cards ("7h 7s"), replacing the selection."""
        if (no := self._not_playing(decision)) is not None:
            return no
        wanted = parse_cards(cards) if isinstance(cards, str) else [Card.parse(c) for c in (
            [cards] if isinstance(cards, Card) else cards)]
        hand = self.ctx.game.hands[decision.seat]
        missing = [c for c in wanted if c not in hand]
        if missing:
            return Refuse(_("Not in your hand: {cards}.").format(cards=" ".join(map(str, missing))))
        return Select(tuple(dict.fromkeys(wanted)))

    def confirm(self, decision: Any) -> Intent:
        """Play the selection (the state checks it and says why not)."""
        if (no := self._not_playing(decision)) is not None:
            return no
        if not self.selected:
            if PASS not in self.ctx.game.legal_actions():  # (the leader: the state's own rule says so)
                return Refuse(_("Select the cards of your play first (choose them): you lead this round, so you "
                                "may not pass."))
            return Refuse(_("Select the cards of your play first (choose them), or Pass."))
        return Act(" ".join(str(c) for c in self.selected))

    def pass_(self, decision: Any) -> Intent:
        return self._not_playing(decision) or Act(PASS)  # the state refuses a pass when you lead

    def answer(self, decision: Any, text: str) -> Intent:
        """An answer before play: keep, reveal 10♥ / 10♦ / both, surrender (checked by the state)."""
        return Act(text)

    def enter(self, decision: Any, text: str) -> Intent:
        """A typed action in the rule book's notation: "7h 7s", "pass", "keep", "reveal 10h"."""
        return Act(text)

    def hint(self, game: Any, seat: int, seed: int) -> tuple[list[Any], str]:
        view = game.view(seat)
        action = self.info_.make_bot("expert", seed=seed).choose(view)
        if view.phase == "answer":
            return [], _("answer {answer}: {why}").format(answer=answer_label(action), why=answer_reason(
                action, view.hand))
        if action == PASS:
            assert view.top is not None
            who = view.top[0]
            why = (_("your partner's play is on top: let it stand") if view.partner_of(who) is True
                   else _("keep your cards for a better moment; passing now is not final"))
            return [], _("pass. {why}.").format(why=capitalized(why))
        cards = parse_cards(action)
        combo = classify(cards)
        assert combo is not None
        if view.top is None:
            why = _("you lead: the expert player (who plays out many possible deals) sheds {what}").format(
                what=describe(combo))
        else:
            why = _("{what} beats the top play: {reason}").format(what=describe(combo),
                                                                  reason=why_beats(combo, view.top[1]))
        return list(cards), capitalized(why) + mark(".")


__all__ = ["RedTenPresenter"]
