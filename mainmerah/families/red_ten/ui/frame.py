"""What a Red Ten table shows after some events of the log, and how it says it.

A :class:`TableFrame` is the log folded up to event ``n`` (the table steps through frames:
each shown step is one decision and what followed from it). The words here say what a
selection of cards is, whether it beats the top play, and the teams as one seat knows them,
always through :func:`~.rules.classify` and :func:`~.rules.beats`. No drawing: the
presenter (``presenter.py``) puts these on the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mainmerah.core.cards import Card, parse_cards
from mainmerah.core.i18n import _
from mainmerah.core.words import capitalized, listed, mark, seat_name
from mainmerah.families.red_ten.explain import describe, does_not_beat, not_a_play, place_name, why_beats
from mainmerah.families.red_ten.rules import RED_TENS, SURRENDER, Combo, beats, classify, sort_cards
from mainmerah.families.red_ten.view import OTHER, RED, infer_teams

CHOICE_KINDS = ("answer", "play", "pass")


@dataclass
class TableFrame:
    """The table after ``n`` events: hands, the top play, passes, places, the answers shown."""

    n: int
    hands: list[list[Card]]
    seat: int = 0  # who made the last choice
    lead: int = 0  # who leads when no play is on the table: the holder of ♥3, then each round's leader
    step: list[Any] = field(default_factory=list)  # the events of the step ending at n
    top: tuple[int, Combo] | None = None
    passed: list[int] = field(default_factory=list)
    last: dict[int, str] = field(default_factory=dict)  # each seat's action in this round ("pass" or cards)
    out: list[int] = field(default_factory=list)
    answered: int = 0
    shown: tuple[str, ...] | None = None
    open: bool = False
    played: list[tuple[int, Combo]] = field(default_factory=list)
    end: Any = None
    over: bool = False
    scores: tuple[int, ...] = (0, 0, 0, 0)


def boundaries(events: Sequence[Any]) -> list[int]:
    """Event counts at which a step ends: the deal, then after each decision and its results."""
    out = [1]
    for i in range(2, len(events)):
        if events[i].kind in CHOICE_KINDS:
            out.append(i)
    if len(events) > 1:
        out.append(len(events))
    return out


def frame_at(events: Sequence[Any], n: int) -> TableFrame:
    """Fold the first ``n`` events into what the table shows."""
    deal = events[0]
    f = TableFrame(n, [sort_cards(h) for h in deal.hands], seat=deal.leader, lead=deal.leader)
    start = max((b for b in boundaries(events[:n]) if b < n), default=0)
    f.step = list(events[start:n])
    for e in events[:n]:
        k = e.kind
        if k == "answer":
            f.answered += 1
            f.seat = e.seat
        elif k == "shown":
            f.shown, f.open = e.answers, e.open
        elif k == "play":
            gone = set(e.combo.cards)
            f.hands[e.seat] = [c for c in f.hands[e.seat] if c not in gone]
            f.top, f.passed, f.seat = (e.seat, e.combo), [], e.seat
            f.last[e.seat] = e.combo.text
            f.played.append((e.seat, e.combo))
        elif k == "pass":
            f.passed.append(e.seat)
            f.last[e.seat] = "pass"
            f.seat = e.seat
        elif k == "round":
            f.top, f.passed, f.last, f.lead = None, [], {}, e.leader
        elif k == "out":
            f.out.append(e.seat)
        elif k == "end":
            f.end, f.over, f.scores = e, True, e.result.scores
    return f


def known_holders(f: TableFrame, seat: int, dealt: Sequence[Card]) -> dict[str, int]:
    """The red tens' holders as ``seat`` knows them at ``f``: its own, shown, played; all at the end."""
    known: dict[str, int] = {}
    for t in RED_TENS:
        if t in dealt:
            known[str(t)] = seat
    if f.shown is not None:
        for s, a in enumerate(f.shown):
            words = a.split()
            for t in RED_TENS:
                if a == SURRENDER or (words[0] == "reveal" and str(t) in words[1:]):
                    known[str(t)] = s
    for s, combo in f.played:
        for t in RED_TENS:
            if t in combo.cards:
                known[str(t)] = s
    return known


def teams_known(f: TableFrame, seat: int, dealt: Sequence[Card], holders: Sequence[int]) -> tuple[str, ...]:
    """Each seat's team ("red", "other" or "?") as ``seat`` can tell at ``f``."""
    if f.over:
        return infer_teams(seat, {str(t): s for t, s in zip(RED_TENS, holders, strict=True)})
    return infer_teams(seat, known_holders(f, seat, dealt))


def team_word(team: str) -> str:
    if team == RED:
        return _("red team (红十)")
    if team == OTHER:
        return _("other team")
    return _("team unknown")


def teams_line(teams: Sequence[str], names: Sequence[str], you: int | None) -> str:
    """The teams as ``you`` knows them (None: as every seat knows them), in one line."""
    red = [s for s in range(4) if teams[s] == RED]
    other = [s for s in range(4) if teams[s] == OTHER]

    def who(seats: Iterable[int]) -> str:
        return listed(seat_name(s, names, you) for s in seats)

    if len(red) + len(other) == 4:
        if len(red) == 1:
            return _("Teams: {lone} alone holds both red tens, against {others}.").format(
                lone=capitalized(who(red)), others=who(other))
        return _("Teams: {red} (red tens, 红十) against {other}.").format(red=capitalized(who(red)), other=who(other))
    parts = []
    if red:
        parts.append(_("on the red team (红十): {who}").format(who=who(red)))
    if other:
        parts.append(_("not on the red team: {who}").format(who=who(other)))
    known = mark("; ").join(parts) if parts else _("nothing is known yet")
    return _("Teams as you know them: {known}. The rest is hidden until a red ten is shown or played.").format(
        known=known)


def place_text(f: TableFrame, seat: int) -> str:
    if seat in f.out:
        return capitalized(place_name(f.out.index(seat) + 1))
    return ""


def selection_text(cards: Sequence[Card], top: tuple[int, Combo] | None, names: Sequence[str],
                   you: int | None) -> tuple[str, Combo | None]:
    """What the selected cards are, and whether they may be played now (the play, or None)."""
    if not cards:
        if top is None:
            return _("You lead this round: choose cards to build any play (a single, a pair, a straight or "
                     "a bomb), then Play."), None
        return _("Choose cards to build a play that beats {top}, or Pass.").format(top=describe(top[1])), None
    combo = classify(cards)
    if combo is None:
        return capitalized(not_a_play(sort_cards(cards))) + mark("."), None
    what = capitalized(describe(combo))
    if top is None:
        return _("{what}: you lead, so any play goes. Press Play.").format(what=what), combo
    if beats(combo, top[1]):
        return _("{what}: it beats {top}: {why}. Press Play.").format(
            what=what, top=describe(top[1]), why=why_beats(combo, top[1])), combo
    return capitalized(does_not_beat(combo, top[1])) + mark("."), None


def answer_label(answer: str) -> str:
    """A button's words for an answer before play."""
    if answer == "keep":
        # (not "暗打": a hand is hidden unless both red tens are shown, and a seat without one keeps quiet too)
        return _("Keep quiet")
    if answer == SURRENDER:
        return _("Surrender (−3)")
    cards = parse_cards(answer.split(None, 1)[1])
    if len(cards) == 2:
        return _("Reveal both red tens (明打)")
    return _("Reveal {card}").format(card=cards[0])


def answer_prompt(options: Sequence[str]) -> str:
    if options == ["keep"]:
        return _("Before play every seat answers. You hold no red ten (♥10, ♦10), so you can only keep quiet; "
                 "the answers are shown together when all four are in.")
    if len(options) == 2:
        return _("You hold a red ten: you are on the red team (红十). Keep it hidden or reveal it; if both "
                 "red tens are shown, the hand is open (明打): scores ×2 if the red team wins, ×4 if it loses.")
    return _("You hold both red tens: you play alone against the other three. Keep quiet, reveal one (a bluff), "
             "reveal both (an open hand, 明打: ×2 if you win, ×4 if you lose), or surrender now "
             "(−3 for you, +1 each for the others).")


def answer_reason(action: str, hand: Sequence[Card]) -> str:
    held = [t for t in RED_TENS if t in hand]
    if not held:
        return _("you hold no red ten")
    if action == SURRENDER:
        return _("this hand looks too weak to win alone")
    if action.startswith("reveal") and len(action.split()) == 3:
        return _("a strong hand: opening it doubles a win (a loss counts ×4)")
    if len(held) == 2:
        return _("opening the hand makes a loss count ×4, and one shown ten tells the others whom to fear")
    return _("a shown ten tells the others whom to fear; with your partner's, the hand opens and a loss counts ×4")
