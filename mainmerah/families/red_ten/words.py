"""Red Ten in plain words: seat names, what a play is, why a set of cards is not a play,
why one play beats another (or does not). Used by the engine's errors and the explanations.
"""

from __future__ import annotations

from collections.abc import Sequence

from mainmerah.core.cards import BIG_JOKER, SMALL_JOKER, Card
from mainmerah.core.errors import RuleError
from mainmerah.core.i18n import N_, _
from mainmerah.families.red_ten.rules import FOUR, JOKERS, PAIR, SINGLE, STRAIGHT, TENS, TRIPLE, Combo, is_red_ten

# The plural of each rank by its card rank (1 = A .. 13 = K), as in "a pair of 7s".
_PLURALS = (
    N_("aces"), N_("2s"), N_("3s"), N_("4s"), N_("5s"), N_("6s"), N_("7s"), N_("8s"), N_("9s"),
    N_("10s"), N_("jacks"), N_("queens"), N_("kings"),
)
_PLACES = (N_("first (上游)"), N_("second (二游)"), N_("third (三游)"), N_("last (下游)"))


def plural(rank: int) -> str:
    return _(_PLURALS[rank - 1])


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
    return bomb_name(combo) + f" ({cards})"


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
        return _("it starts higher")
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
        reason = _("a straight beats a straight of the same length only if it starts higher")
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
    elif len(set(ranks)) < len(ranks):
        reason = _("three or four of one rank make a bomb, and a straight has each rank once; "
                   "nothing else is a play")
    elif 2 in ranks and 1 in ranks and 3 not in ranks:
        reason = _("a straight does not wrap round, and a 2 stands in one only low (A-2-3, 2-3-4), never after an A")
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
