"""Every event of a Red Ten hand in plain words, with the Chinese names players use.

``you`` is the seat reading: its own answer is shown to it, the others' answers are not
(until all four are in). Texts are built only when asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mainmerah.core.i18n import _
from mainmerah.core.words import capitalized as cap
from mainmerah.core.words import seat_name
from mainmerah.families.red_ten.rules import RED_TENS, is_red_ten, sort_cards
from mainmerah.families.red_ten.words import describe, place_name, short, why_beats

if TYPE_CHECKING:  # the events call explain_event(); this module reads them by their kind, never imports them
    from mainmerah.families.red_ten.events import Deal, End, Play, Settlement, Shown

Names = Sequence[str] | None


def explain_event(e: Any, names: Names = None, you: int | None = None) -> str:
    if e.kind == "deal":
        return _deal(e, names, you)
    if e.kind == "answer":
        if e.seat == you:
            return _("You answer: {answer} (the others see it only when all four answers are in).").format(
                answer=e.answer)
        return _("{who} answers; answers stay hidden until all four are in.").format(
            who=cap(seat_name(e.seat, names, you)))
    if e.kind == "shown":
        return _shown(e, names, you)
    if e.kind == "play":
        return _play(e, names, you)
    if e.kind == "pass":
        if e.seat == you:
            return _("You pass.")
        return _("{who} passes.").format(who=cap(seat_name(e.seat, names, you)))
    if e.kind == "round":
        who = seat_name(e.winner, names, you)
        if e.leader == e.winner:
            if e.winner == you:
                return _("Everyone else passed: you win the round and lead the next one.")
            return _("Everyone else passed: {who} wins the round and leads the next one.").format(who=who)
        return _("Everyone else passed on the last cards of {who}, who is out: {leader}, the next seat "
                 "with cards, leads.").format(who=who, leader=seat_name(e.leader, names, you))
    if e.kind == "out":
        if e.seat == you:
            return _("You have played your last card and go out: {place}.").format(place=place_name(e.place))
        return _("{who} has played the last card and goes out: {place}.").format(
            who=cap(seat_name(e.seat, names, you)), place=place_name(e.place))
    return _end(e, names, you)


def _deal(e: Deal, names: Names, you: int | None) -> str:
    sizes = ", ".join(_("{who} {n}").format(who=seat_name(s, names, you), n=len(h)) for s, h in enumerate(e.hands))
    if e.dealer == you:
        text = _("You deal all 54 cards, one at a time from the next seat ({sizes}).").format(sizes=sizes)
    else:
        text = _("{dealer} deals all 54 cards, one at a time from the next seat ({sizes}).").format(
            dealer=cap(seat_name(e.dealer, names, you)), sizes=sizes)
    if e.leader == you:
        text += " " + _("You hold 3♥ and lead.")
    else:
        text += " " + _("{leader} holds 3♥ and leads.").format(leader=cap(seat_name(e.leader, names, you)))
    text += " " + _("Before play each seat answers in turn: keep, reveal a red ten, or (holding both) surrender.")
    if you is not None:
        hand = " ".join(str(c) for c in sort_cards(e.hands[you]))
        text += " " + _("Your hand: {cards}.").format(cards=hand)
        tens = [t for t in RED_TENS if t in e.hands[you]]
        if len(tens) == 2:
            text += " " + _("You hold both red tens: you play alone against the other three (1 against 3).")
        elif tens:
            text += " " + _("You hold {card}, a red ten: you are on the red team, with the holder of the "
                            "other red ten.").format(card=tens[0])
        else:
            text += " " + _("You hold no red ten: you are on the other team, with whoever else has none.")
    return text


def _holds(seat: int, names: Names, you: int | None) -> str:
    if seat == you:
        return _("you hold a red ten, so you are on the red team")
    who = seat_name(seat, names, you)
    return _("{who} holds a red ten, so {who} is on the red team").format(who=who)


def _shown(e: Shown, names: Names, you: int | None) -> str:
    answers = "; ".join(_("{who}: {answer}").format(who=seat_name(s, names, you), answer=a)
                        for s, a in enumerate(e.answers))
    lines = [_("All four answers are in and shown together: {answers}.").format(answers=answers)]
    if e.surrender is not None:
        who = seat_name(e.surrender, names, you)
        lines.append(_("{who} surrenders with both red tens: the hand ends before any card is played.").format(
            who=cap(who)))
        return " ".join(lines)
    for s, a in enumerate(e.answers):
        if a.startswith("reveal"):
            shown = a.split(None, 1)[1]
            if len(shown.split()) == 2:
                holds = (_("you hold both red tens, so you play alone against the other three (1 against 3)")
                         if s == you else
                         _("{who} holds both red tens, so {who} plays alone against the other three (1 against 3)")
                         .format(who=seat_name(s, names, you)))
            else:
                holds = _holds(s, names, you)
            lines.append((_("You show {cards}: {holds}.") if s == you else _("{who} shows {cards}: {holds}.")).format(
                who=cap(seat_name(s, names, you)), cards=shown, holds=holds))
    if e.open:
        lines.append(_("Both red tens were shown: an open hand (明打), scores count double if the red team wins, "
                       "four times if it loses."))
    else:
        lines.append(_("The two red tens were not both shown: a hidden hand (暗打), scored by the table as it is."))
    return " ".join(lines)


def _play(e: Play, names: Names, you: int | None) -> str:
    who = seat_name(e.seat, names, you)
    what = describe(e.combo)
    if e.beaten is None:
        text = (_("You lead {what}.") if e.seat == you else _("{who} leads {what}.")).format(who=cap(who), what=what)
    else:
        owner, top = e.beaten
        if owner == you:
            on = _("your {what}").format(what=short(top))
        else:
            on = _("{who}'s {what}").format(what=short(top), who=seat_name(owner, names, you))
        text = (_("You play {what}; it beats {on} because {why}.") if e.seat == you else
                _("{who} plays {what}; it beats {on} because {why}.")).format(
            who=cap(who), what=what, on=on, why=why_beats(e.combo, top))
    tens = [c for c in e.combo.cards if is_red_ten(c)]
    if len(tens) == 2:
        text += " " + (_("You held both red tens: you play alone against the other three (1 against 3).")
                       if e.seat == you else
                       _("{who} held both red tens: {who} plays alone against the other three (1 against 3).")
                       .format(who=cap(who)))
    elif tens:
        text += " " + cap(_holds(e.seat, names, you)) + "."
    if 0 < e.left <= 3:
        text += " " + (_("You have {n} left.") if e.seat == you else _("{who} has {n} left.")).format(
            who=cap(who), n=e.left)
    return text


def _end(e: End, names: Names, you: int | None) -> str:
    r: Settlement = e.result
    def name(s: int) -> str:
        return seat_name(s, names, you)

    lines = [_("The hand is over.")]
    if r.case == "surrender":
        lone = r.red[0]
        lines.append(_("{who} surrendered: −3 for the one who surrenders, +1 for each other player; "
                       "no multiplier.").format(who=cap(name(lone))))
    elif r.case == "1v3":
        lone = r.red[0]
        lines.append(_("{who} held both red tens and played alone against the other three (1 against 3).")
                     .format(who=cap(name(lone))))
        place = r.places[lone]
        lines.append(_("{who} finished {place}.").format(who=cap(name(lone)), place=place_name(place)))
        if place == 1:
            lines.append(_("Table, 1 against 3: the lone player first (冲出) scores +9, each other −3."))
        elif place == 4:
            lines.append(_("Table, 1 against 3: the lone player last (斟酒) scores −9, each other +3."))
        else:
            lines.append(_("Table, 1 against 3: the lone player second or third: 0 for everyone."))
    else:
        a, b = r.red
        others = [s for s in range(4) if s not in r.red]
        lines.append(_("Teams, 2 against 2: {a} and {b} (the red tens) against {c} and {d}.").format(
            a=name(a), b=name(b), c=name(others[0]), d=name(others[1])))
        first = e.out[0]
        team = r.red if first in r.red else tuple(others)
        partner = next(s for s in team if s != first)
        place = r.places[partner]
        lines.append(_("{first} went out first (上游); the partner, {partner}, finished {place}.").format(
            first=cap(name(first)), partner=name(partner), place=place_name(place)))
        if place == 2:
            lines.append(_("Table, 2 against 2: first and second, +2 to each player of that team, −2 to each "
                           "of the others."))
        elif place == 3:
            lines.append(_("Table, 2 against 2: first and third, +1 to each player of that team, −1 to each "
                           "of the others."))
        else:
            lines.append(_("Table, 2 against 2: first and last, a draw, 0 for everyone."))
    if r.case != "surrender":
        if not r.open:
            lines.append(_("A hidden hand (暗打): no multiplier."))
        elif r.multiplier == 1:
            lines.append(_("An open hand (明打), but a draw stays 0."))
        elif r.multiplier == 2:
            lines.append(_("An open hand (明打) won by the red team: every score doubled (×2)."))
        else:
            lines.append(_("An open hand (明打) lost by the red team: every score four times (×4)."))
    scores = ", ".join(f"{name(s)} {signed(v)}" for s, v in enumerate(r.scores))
    lines.append(_("Scores: {scores}.").format(scores=scores))
    return "\n".join(lines)


def signed(n: int) -> str:
    """A score as the rule book writes it: +2, −2 (a minus sign), 0."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"
