"""Every event of a Red Ten hand in plain words, with the Chinese names players use; and Red Ten in
plain words: what a play is, why a set of cards is not a play, why one play beats another (or does
not), used by the engine's errors too.

``you`` is the seat reading: its own answer is shown to it, the others' answers are not
(until all four are in). Texts are built only when asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mainmerah.core.cards import BIG_JOKER, SMALL_JOKER, Card, parse_cards
from mainmerah.core.errors import RuleError
from mainmerah.core.i18n import N_, _
from mainmerah.core.words import aside, listed, mark, seat_name
from mainmerah.core.words import capitalized as cap
from mainmerah.families.red_ten.rules import (
    FOUR,
    JOKERS,
    PAIR,
    PASS,
    RED_TENS,
    REVEAL,
    SINGLE,
    STRAIGHT,
    SURRENDER,
    TENS,
    TRIPLE,
    Combo,
    classify,
    is_red_ten,
    plays,
    sort_cards,
)

if TYPE_CHECKING:  # the events call explain_event(); this module reads them by their kind, never imports them
    from mainmerah.families.red_ten.events import Deal, End, Play, Shown
    from mainmerah.families.red_ten.rules import Settlement

# The plural of each rank by its card rank (1 = A .. 13 = K), as in "a pair of 7s".
_PLURALS = (
    N_("aces"), N_("2s"), N_("3s"), N_("4s"), N_("5s"), N_("6s"), N_("7s"), N_("8s"), N_("9s"),
    N_("10s"), N_("jacks"), N_("queens"), N_("kings"),
)
_PLACES = (N_("first (上游)"), N_("second (二游)"), N_("third (三游)"), N_("last (下游)"))


def plural(rank: int) -> str:
    return _(_PLURALS[rank - 1])


def answer_text(answer: str) -> str:
    """An answer before play as the log says it, in the reader's language: "keep", "reveal 10♥", "surrender"."""
    word, _sep, cards = answer.partition(" ")
    if word == REVEAL:
        return _("reveal {cards}").format(cards=cards)
    return _("surrender") if word == SURRENDER else _("keep")


def place_name(place: int) -> str:
    return _(_PLACES[place - 1])


def straight_ranks(combo: Combo) -> str:
    """A straight's ranks as players say them: "6-7-8", "Q-K-A"."""
    return "-".join(c.rank_text for c in combo.cards)


def describe(combo: Combo) -> str:
    """What a play is: "a single 7♥", "a pair of 7s", "a straight 6-7-8", "a bomb of three 9s"."""
    cards = combo.text
    if combo.kind == SINGLE:
        if is_red_ten(combo.cards[0]):
            return _("a single red ten {card}").format(card=cards)
        if combo.cards[0].rank == BIG_JOKER:
            return _("a single big joker (大王)")
        if combo.cards[0].rank == SMALL_JOKER:
            return _("a single small joker (小王)")
        return _("a single {card}").format(card=cards)
    if combo.kind == PAIR:
        if any(is_red_ten(c) for c in combo.cards):
            return _("a pair of 10s ({cards}, a \"sick\" red ten, 带病红十)").format(cards=cards)
        return _("a pair of {ranks} ({cards})").format(ranks=plural(combo.cards[0].rank), cards=cards)
    if combo.kind == STRAIGHT:
        return _("a straight (顺子) {ranks} ({cards})").format(ranks=straight_ranks(combo), cards=cards)
    return bomb_name(combo) + aside(cards)


def rank_word(card: Card) -> str:
    """A single card's rank as the rule book names it: "the big joker", "a red ten", "K"."""
    if card.rank == BIG_JOKER:
        return _("the big joker")
    if card.rank == SMALL_JOKER:
        return _("the small joker")
    return _("a red ten") if is_red_ten(card) else card.rank_text


def short(combo: Combo) -> str:
    """A play named briefly, after "your" or "Budi's": "3♥", "pair of 5s", "4-5-6", "bomb of three 9s"."""
    if combo.kind == SINGLE:
        return combo.text
    if combo.kind == PAIR:
        return _("pair of {ranks}").format(ranks=plural(combo.cards[0].rank))
    if combo.kind == STRAIGHT:
        return straight_ranks(combo)
    if combo.tier == TRIPLE:
        return _("bomb of three {ranks}").format(ranks=plural(combo.cards[0].rank))
    if combo.tier == FOUR:
        return _("bomb of four {ranks}").format(ranks=plural(combo.cards[0].rank))
    return _("flagpole bomb") if combo.tier == JOKERS else _("invincible bomb")


def bomb_name(combo: Combo) -> str:
    if combo.tier == TRIPLE:
        return _("a bomb (炸弹) of three {ranks}").format(ranks=plural(combo.cards[0].rank))
    if combo.tier == FOUR:
        return _("a bomb (炸弹) of four {ranks}").format(ranks=plural(combo.cards[0].rank))
    if combo.tier == JOKERS:
        return _("the flagpole bomb (旗杆炸弹), both jokers")
    return _("the invincible bomb (无敌炸弹), both red tens")


def a_bomb(combo: Combo) -> str:
    """A bomb named in a sentence: "a bomb of three 9s", "the flagpole bomb"."""
    if combo.tier == TRIPLE:
        return _("a bomb of three {ranks}").format(ranks=plural(combo.cards[0].rank))
    if combo.tier == FOUR:
        return _("a bomb of four {ranks}").format(ranks=plural(combo.cards[0].rank))
    return _("the flagpole bomb") if combo.tier == JOKERS else _("the invincible bomb")


def tier_name(tier: int) -> str:
    return {
        TRIPLE: _("three of a kind"), FOUR: _("four of a kind"),
        JOKERS: _("the two jokers"), TENS: _("the two red tens"),
    }[tier]


def why_beats(play: Combo, top: Combo) -> str:
    """Why ``play`` beats ``top`` (assumes it does)."""
    if play.bomb and not top.bomb:
        return _("{bomb} beats any single, pair or straight").format(bomb=a_bomb(play))
    if play.bomb:
        if play.tier > top.tier:
            return _("{a} is a higher kind of bomb (three of a kind < four of a kind < the two jokers "
                     "< the two red tens)").format(a=a_bomb(play))
        return _("among bombs of {tier} the higher rank wins").format(tier=tier_name(play.tier))
    if play.kind == STRAIGHT:
        return _("it starts further up the line A 2 3 … K A")
    if play.kind == PAIR:
        return _("{a} ranks above {b}").format(a=play.cards[0].rank_text, b=top.cards[0].rank_text)
    return _("{a} ranks above {b}").format(a=rank_word(play.cards[0]), b=rank_word(top.cards[0]))


def does_not_beat(play: Combo, top: Combo) -> str:
    """Why ``play`` may not go on ``top`` (assumes it does not beat it)."""
    what, on = describe(play), describe(top)
    if top.tier == TENS:
        reason = _("nothing beats the two red tens")
    elif top.bomb and not play.bomb:
        reason = _("only a higher bomb beats a bomb")
    elif top.bomb:
        reason = _("it is not a higher bomb")
    elif play.kind != top.kind or play.size != top.size:
        if top.kind == STRAIGHT:
            reason = straight_size_reason(top.size)
        else:
            reason = _("only the same kind of play with the same number of cards, or a bomb, can beat it")
    elif play.kind == STRAIGHT:
        reason = _("a straight beats a straight of the same length only if it starts further up the line "
                   "A 2 3 … K A")
    elif play.key == top.key:
        reason = _("equal ranks do not beat each other")
    else:
        reason = _("it is lower")
    return _("{play} does not beat {top}: {reason}").format(play=what, top=on, reason=reason)


def straight_size_reason(size: int) -> str:
    return _("only a higher straight of {n} cards, or a bomb, can beat it").format(n=size)


def not_a_play(cards: Sequence[Card]) -> str:
    """Why these cards are not one play (assumes classify() said None)."""
    text = " ".join(map(str, cards))
    ranks = [c.rank for c in cards]
    if any(c.joker for c in cards):
        reason = _("a joker is played alone, or with the other joker as the flagpole bomb")
    elif len(cards) == 2:
        reason = _("a pair is two cards of one rank")
    elif all(ranks.count(r) == 2 for r in ranks):
        reason = _("pairs are played one at a time, and two or more pairs together (a run of pairs too) "
                   "are not one play")
    elif len(set(ranks)) < len(ranks):
        reason = _("three or four of one rank make a bomb, and a straight has each rank once; "
                   "nothing else is a play")
    elif {13, 1, 2} <= set(ranks):  # K-A-2: round the corner
        reason = _("a straight does not wrap round, and a 2 stands in one only low (A-2-3, 2-3-4), never after "
                   "a high Ace (K-A-2)")
    else:
        reason = _("the ranks are not consecutive on the line A 2 3 4 5 6 7 8 9 10 J Q K A")
    return _("{cards} is not a play: {reason}").format(cards=text, reason=reason)


def check_held(cards: Sequence[Card], hand: Sequence[Card]) -> None:
    """Refuse cards given twice or not in ``hand``, naming them."""
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise RuleError(_("{card} is given twice").format(card=c))
        seen.add(c)
    missing = [c for c in cards if c not in hand]
    if missing:
        raise RuleError(_("not in this hand: {cards}").format(cards=" ".join(map(str, missing))))


# ----- the events in words ------------------------------------------------------------

Names = Sequence[str] | None


def explain_event(e: Any, names: Names = None, you: int | None = None) -> str:
    if e.kind == "deal":
        return _deal(e, names, you)
    if e.kind == "answer":
        if e.seat == you:
            return _("You answer: {answer} (the others see it only when all four answers are in).").format(
                answer=answer_text(e.answer))
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
    sizes = listed(_("{who} {n}").format(who=seat_name(s, names, you), n=len(h)) for s, h in enumerate(e.hands))
    if e.dealer == you:
        text = _("You deal all 54 cards, one at a time from the next seat ({sizes}).").format(sizes=sizes)
    else:
        text = _("{dealer} deals all 54 cards, one at a time from the next seat ({sizes}).").format(
            dealer=cap(seat_name(e.dealer, names, you)), sizes=sizes)
    if e.leader == you:
        text += mark(" ") + _("You hold 3♥ and lead.")
    else:
        text += mark(" ") + _("{leader} holds 3♥ and leads.").format(leader=cap(seat_name(e.leader, names, you)))
    text += mark(" ") + _("Before play each seat answers in turn: keep, reveal one red ten or both, "
                          "or (holding both) surrender.")
    if you is not None:
        hand = " ".join(str(c) for c in sort_cards(e.hands[you]))
        text += mark(" ") + _("Your hand: {cards}.").format(cards=hand)
        tens = [t for t in RED_TENS if t in e.hands[you]]
        if len(tens) == 2:
            text += mark(" ") + _("You hold both red tens: you play alone against the other three (1 against 3).")
        elif tens:
            text += mark(" ") + _("You hold {card}, a red ten: you are on the red team, with the holder of the "
                            "other red ten.").format(card=tens[0])
        else:
            text += mark(" ") + _("You hold no red ten: you are on the other team, with whoever else has none.")
    return text


def _holds(seat: int, names: Names, you: int | None) -> str:
    if seat == you:
        return _("you hold a red ten, so you are on the red team (alone, if you hold both)")
    who = seat_name(seat, names, you)
    return _("{who} holds a red ten, so {who} is on the red team").format(who=who)


def _shown(e: Shown, names: Names, you: int | None) -> str:
    answers = mark("; ").join(_("{who}: {answer}").format(who=seat_name(s, names, you), answer=answer_text(a))
                        for s, a in enumerate(e.answers))
    lines = [_("All four answers are in and shown together: {answers}.").format(answers=answers)]
    if e.surrender is not None:
        who = seat_name(e.surrender, names, you)
        lines.append(_("{who} surrenders with both red tens: the hand ends before any card is played.").format(
            who=cap(who)))
        return mark(" ").join(lines)
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
    return mark(" ").join(lines)


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
        text += mark(" ") + (_("You held both red tens: you play alone against the other three (1 against 3).")
                       if e.seat == you else
                       _("{who} held both red tens: {who} plays alone against the other three (1 against 3).")
                       .format(who=cap(who)))
    elif tens:
        text += mark(" ") + cap(_holds(e.seat, names, you)) + mark(".")
    if 0 < e.left <= 3:
        text += mark(" ") + (_("You have {n} left.") if e.seat == you else _("{who} has {n} left.")).format(
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
    scores = listed(f"{name(s)} {signed(v)}" for s, v in enumerate(r.scores))
    lines.append(_("Scores: {scores}.").format(scores=scores))
    return "\n".join(lines)


def signed(n: int) -> str:
    """A score as the rule book writes it: +2, −2 (a minus sign), 0."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


# ----- the review's themes: what a mistake got wrong, from the engine's facts ----------------------------------

THEMES: dict[str, str] = {
    "answer": N_("your answer about the red tens (keep, reveal or surrender)"),
    "passed-could-win": N_("passing when you could beat the play on top"),
    "wasted-bomb": N_("a wasted bomb"),
    "broke-combo": N_("breaking up a pair, a straight or a bomb for nothing"),
    "too-high": N_("a high card spent too early"),
    "costs-later": N_("a play that costs you later"),
}
"""Red Ten's review themes by id (English source, shown through ``_()``); the last is the catch-all."""


def _combo(action: str) -> Combo | None:
    return None if action.strip().lower() == PASS else classify(parse_cards(action))


def breaks(hand: Sequence[Card], combo: Combo | None) -> bool:
    """Whether ``combo`` (not a bomb) splits a pair, three or four of the hand, or takes a card out of a straight
    the hand holds without playing that straight."""
    if combo is None or combo.bomb:
        return False
    held = [c.rank for c in hand if not c.joker]
    used = [c.rank for c in combo.cards if not c.joker]
    if any(held.count(r) > used.count(r) for r in set(used)):
        return True
    if combo.kind == STRAIGHT:
        return False
    gone = set(combo.cards)
    return any(p.kind == STRAIGHT and gone & set(p.cards) for p in plays(hand))


def themes(game: Any, played: str, better: str) -> tuple[str, ...]:
    """What ``played`` (at ``game``'s decision) got wrong against ``better``, the main theme first: an answer
    before play; a pass where a play beat the top; a bomb where no bomb was needed; a pair, three or straight
    broken where the better play broke none, passed, or played a pair or straight itself; a higher play of the
    same kind than the better one; else a cost that shows later."""
    d = game.decision
    if d is not None and d.kind == "answer":
        return ("answer",)
    hand = game.hands[d.seat] if d is not None else []
    mine, best = _combo(played), _combo(better)
    found: list[str] = []
    if mine is None and best is not None:
        found.append("passed-could-win")
    if mine is not None and mine.bomb and (best is None or not best.bomb):
        found.append("wasted-bomb")
    if breaks(hand, mine) and (best is None or (best.size > 1 and not best.bomb) or not breaks(hand, best)):
        found.append("broke-combo")
    if (mine is not None and best is not None and not mine.bomb and (mine.kind, mine.size) == (best.kind, best.size)
            and mine.key > best.key):
        found.append("too-high")
    return (*found, "costs-later")
