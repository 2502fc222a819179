"""In The Red in plain words, English or Bahasa Indonesia: every event, why a card fits, who is in the red.

Texts are built only when asked for. ``names`` names the seats; ``you`` is the seat reading
(its private cards are shown to it alone: its draws, the hand it had to discard from).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from mainmerah.core.cards import RANKS, SUIT_SYMBOLS, Card
from mainmerah.core.i18n import N_, _, ngettext
from mainmerah.core.words import aside, capitalized, listed, mark, seat_name
from mainmerah.families.in_the_red.rules import TARGET, high, how_it_fits, losers, value

if TYPE_CHECKING:  # events import this module to explain themselves; dispatch is by kind, not by class
    from mainmerah.families.in_the_red.events import (
        DealEnd,
        DealerDraw,
        DealStart,
        Discarded,
        GameEnd,
        Placed,
        Reshuffled,
        RoundEnd,
        Scored,
    )

Names = Sequence[str] | None


def and_list(items: Sequence[str]) -> str:
    """"Ayu", "Ayu and Budi", "Ayu, Budi and Citra"."""
    if len(items) <= 1:
        return "".join(items)
    return _("{rest} and {last}").format(rest=listed(items[:-1]), last=items[-1])


def or_list(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return _("{rest} or {last}").format(rest=listed(items[:-1]), last=items[-1])


def stack_of(seat: int, names: Names = None, you: int | None = None, by: int | None = None) -> str:
    """"Ayu's stack", "your stack", "Ayu's own stack" (when Ayu is the one placing)."""
    if you is not None and seat == you:
        return _("your own stack") if by == seat else _("your stack")
    name = seat_name(seat, names, you)
    return _("{name}'s own stack").format(name=name) if by == seat else _("{name}'s stack").format(name=name)


# Why a card may go on a stack's top, by how it fits (rules.how_it_fits): a sentence, and a few words for a list.
FIT_REASONS = {"both": N_("it is the same card as the {top} on top (two packs)"),
               "rank": N_("it matches the {top} on top by rank"), "suit": N_("it matches the {top} on top by suit")}
FIT_NOTES = {"both": N_("{top}: the same card (two packs)"), "rank": N_("{top}: same rank"),
             "suit": N_("{top}: same suit")}


def fit_reason(card: Card, top: Card) -> str:
    """Why ``card`` may go on a stack showing ``top`` (assumes it may)."""
    return _(FIT_REASONS[how_it_fits(card, top) or "suit"]).format(top=top)


def fit_note(card: Card, top: Card) -> str:
    """``fit_reason`` in a few words, for a list of stacks: "10♠: same suit" (assumes ``card`` may go on ``top``)."""
    return _(FIT_NOTES[how_it_fits(card, top) or "suit"]).format(top=top)


def no_fit_reason(hand: Sequence[Card]) -> str:
    """What a hand that fits nowhere lacks: "no ♠ or ♥, no 9 or K on any stack"."""
    suits = [SUIT_SYMBOLS[s] for s in "HDCS" if any(c.suit == s for c in hand)]
    ranks = [RANKS[r - 1] for r in sorted({c.rank for c in hand}, key=lambda r: 14 if r == 1 else r)]
    return _("no {suits}, no {ranks} on any stack").format(suits=or_list(suits), ranks=or_list(ranks))


def points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _dealer_draw(e: DealerDraw, names: Names, you: int | None) -> str:
    drawn = mark(", ").join(f"{c}{aside(seat_name(s, names, you))}" for s, c in zip(e.seats, e.cards, strict=True))
    head = (_("Drawing for the first dealer: {drawn}.") if e.number == 0 else _("Drawing again: {drawn}.")).format(
        drawn=drawn)
    if e.dealer is not None:
        card = e.cards[e.seats.index(e.dealer)]
        if e.dealer == you:
            tail = _("{card} is the highest black card: you deal.").format(card=card)
        else:
            tail = _("{card} is the highest black card: {name} deals.").format(
                card=card, name=seat_name(e.dealer, names, you))
    elif all(c.red for c in e.cards):
        tail = _("No black card was drawn: they all draw again.")
    else:
        cards = [e.cards[e.seats.index(s)] for s in e.again]
        tail = _("{names} tie with the highest black cards ({cards}): they draw again.").format(
            names=capitalized(and_list([seat_name(s, names, you) for s in e.again])), cards=and_list(
                [str(c) for c in cards]))
    return head + mark(" ") + tail


def _deal_start(e: DealStart, names: Names, you: int | None) -> str:
    tops = mark(", ").join(f"{c}{aside(seat_name(s, names, you))}" for s, c in enumerate(e.stacks))
    packs = _("one pack") if e.packs == 1 else _("two packs")
    if len(set(e.hand_sizes)) == 1:
        each = _("{size} cards each").format(size=e.hand_sizes[0])
    else:  # an explicit layout may start elsewhere than a fresh deal
        each = _("hands of {sizes} cards").format(sizes=and_list([str(n) for n in e.hand_sizes]))
    text = ngettext("Deal {n}, dealt by {dealer} from {packs}: {each}; the stacks start with {tops}; "
                    "{pack} card is left in the pack.",
                    "Deal {n}, dealt by {dealer} from {packs}: {each}; the stacks start with {tops}; "
                    "{pack} cards are left in the pack.", e.pack_size).format(
        n=e.number, dealer=seat_name(e.dealer, names, you), packs=packs, each=each, tops=tops, pack=e.pack_size)
    starts = _("You start.") if e.starter == you else _("{name} starts.").format(
        name=capitalized(seat_name(e.starter, names, you)))
    return text + mark(" ") + starts


def _placed(e: Placed, names: Names, you: int | None) -> str:
    who = _("You play {card}.") if e.seat == you else _("{name} plays {card}.")
    first = who.format(card=e.card, name=capitalized(seat_name(e.seat, names, you)))
    goes = _("{card} goes on {stack}: {reason}.").format(
        card=e.card, stack=stack_of(e.stack, names, you, by=e.seat), reason=fit_reason(e.card, e.top))
    return first + mark(" ") + goes


def _discarded(e: Discarded, names: Names, you: int | None) -> str:
    if e.seat == you:
        return capitalized(_("you cannot place anything ({why}): you discard {card}.").format(
            why=no_fit_reason(e.hand), card=e.card))
    name = capitalized(seat_name(e.seat, names, you))
    return _("{name} cannot place anything on any stack: {name} discards {card}.").format(name=name, card=e.card)


def _reshuffled(e: Reshuffled, names: Names, you: int | None) -> str:
    return ngettext("The pack is empty: the {n} card under the stacks' top cards is shuffled into a new pack.",
                    "The pack is empty: the {n} cards under the stacks' top cards are shuffled into a new pack.",
                    e.cards).format(n=e.cards)


def _why_lost(e: RoundEnd, names: Names, you: int | None) -> str:
    """Whose top card loses, and why (the highest red, or with no red the lowest black)."""
    cards = and_list([str(e.tops[s]) for s in e.losers])
    who = and_list([seat_name(s, names, you) for s in e.losers])
    if len(e.losers) == 1:
        s = e.losers[0]
        stack = stack_of(s, names, you)
        if e.red:
            t = _("{stack} shows {card}, the highest red card: you are in the red") if s == you else _(
                "{stack} shows {card}, the highest red card: {name} is in the red")
            return t.format(stack=stack, card=cards, name=who)
        t = _("no stack shows a red card, and {stack} shows {card}, the lowest black card: you lose the round") \
            if s == you else _("no stack shows a red card, and {stack} shows {card}, the lowest black card: "
                               "{name} loses the round")
        return t.format(stack=stack, card=cards, name=who)
    stacks = and_list([stack_of(s, names, you) for s in e.losers])
    if e.red:
        return _("{stacks} show {cards}, the highest red cards (a tie): {names} are in the red").format(
            stacks=stacks, cards=cards, names=who)
    return _("no stack shows a red card, and {stacks} show {cards}, the lowest black cards (a tie): "
             "{names} lose the round").format(stacks=stacks, cards=cards, names=who)


def _pickup(seat: int, card: Card | None, names: Names, you: int | None) -> str:
    """One of several losers' draws; a drawn card is shown only to the seat that drew it."""
    if seat == you:
        if card is None:
            return _("you find nothing to pick up (the pack and the cards under the tops are used up)")
        return _("you pick up {card}").format(card=card)
    name = seat_name(seat, names, you)
    if card is None:
        return _("{name} finds nothing to pick up (the pack and the cards under the tops are used up)").format(
            name=name)
    return _("{name} picks up a card").format(name=name)


def _round_end(e: RoundEnd, names: Names, you: int | None) -> str:
    why = _why_lost(e, names, you)
    if len(e.losers) == 1:
        s = e.losers[0]
        card = e.draws[0][1]
        if s == you:
            pick = _("and pick up {card}").format(card=card) if card is not None else _(
                "and find nothing to pick up (the pack and the cards under the tops are used up)")
        else:
            pick = _("and picks up a card") if card is not None else _(
                "and finds nothing to pick up (the pack and the cards under the tops are used up)")
        text = why + mark(" ") + pick
        if e.handouts:
            given = and_list([str(c) for _s, c in e.handouts])
            take = _("and take the discarded {cards}") if s == you else _("and takes the discarded {cards}")
            text += mark(", ") + take.format(cards=given)
        text = capitalized(text) + mark(".")
    else:
        picks = [_pickup(s, c, names, you) for s, c in e.draws]
        text = capitalized(why) + mark(". ") + capitalized(and_list(picks)) + mark(".")
        if e.handouts:
            text += mark(" ") + _("The discards are handed out: {list}.").format(list=mark(", ").join(
                _("{card} to {name}").format(card=c, name=seat_name(s, names, you)) for s, c in e.handouts))
    if e.starter is not None:
        nxt = _("You start the next round.") if e.starter == you else _("{name} starts the next round.")
        text += mark(" ") + nxt.format(name=capitalized(seat_name(e.starter, names, you)))
    return text


def _deal_end(e: DealEnd, names: Names, you: int | None) -> str:
    if len(e.out) == 1 and e.out[0] == you:
        who = _("You have no cards left")
    elif len(e.out) == 1:
        who = _("{name} has no cards left").format(name=capitalized(seat_name(e.out[0], names, you)))
    else:
        # the sentence is capitalised, not the names: a translation may put them mid-sentence
        who = capitalized(_("{names} have no cards left").format(
            names=and_list([seat_name(s, names, you) for s in e.out])))
    return _("{who}: deal {n} ends. Each player scores the cards left in hand:").format(who=who, n=e.number)


def score_text(cards: Sequence[Card]) -> str:
    """A hand's score card by card: "7♣ 7 + K♥ 10 = 17 points"."""
    if not cards:
        return _("no cards, 0 points")
    ordered = sorted(cards, key=lambda c: ("HDCS".index(c.suit), high(c)))
    parts = " + ".join(f"{c} {value(c)}" for c in ordered)
    return f"{parts} = {points(sum(value(c) for c in cards))}"


def _scored(e: Scored, names: Names, you: int | None) -> str:
    return _("{name}: {score}; total {total}.").format(
        name=capitalized(seat_name(e.seat, names, you)), score=score_text(e.cards), total=e.total)


def _game_end(e: GameEnd, names: Names, you: int | None) -> str:
    over = [s for s, t in enumerate(e.totals) if t >= TARGET]
    at = and_list([str(e.totals[s]) for s in over])
    if len(over) == 1:
        t = _("You have {points} points, {target} or more: the game ends.") if over[0] == you else _(
            "{name} has {points} points, {target} or more: the game ends.")
    else:
        t = _("{name} have {points} points, {target} or more: the game ends.")
    head = t.format(name=capitalized(and_list([seat_name(s, names, you) for s in over])), points=at, target=TARGET)
    low = e.totals[e.winners[0]]
    if len(e.winners) == 1:
        w = e.winners[0]
        tail = (_("You win with the lowest total, {total}.") if w == you else _(
            "{name} wins with the lowest total, {total}.")).format(
            name=capitalized(seat_name(w, names, you)), total=low)
    else:
        tail = _("{names} share the win with the lowest total, {total}.").format(
            names=capitalized(and_list([seat_name(s, names, you) for s in e.winners])), total=low)
    return head + mark(" ") + tail


_BY_KIND: dict[str, Callable[[Any, Names, int | None], str]] = {
    "dealer-draw": _dealer_draw, "deal": _deal_start, "place": _placed, "discard": _discarded,
    "reshuffle": _reshuffled, "round": _round_end, "deal-end": _deal_end, "score": _scored, "game-end": _game_end,
}


def explain(e: Any, names: Names = None, you: int | None = None) -> str:
    """One event in plain words (the current language)."""
    how = _BY_KIND.get(getattr(e, "kind", None) or "")
    if how is None:
        raise TypeError(f"not an In The Red event: {e!r}")
    return how(e, names, you)


# ----- the review's themes: what a mistake got wrong, from the engine's facts ----------------------------------

THEMES: dict[str, str] = {
    "into-the-red": N_("a card that left you losing the round as the stacks then stood"),
    "let-out": N_("a card that took another player out of losing, as the stacks then stood"),
    "heavy-kept": N_("keeping a heavy card in your hand"),
    "costs-later": N_("a card that costs you later"),
}
"""In The Red's review themes by id (English source, shown through ``_()``); the last is the catch-all."""


def _after(game: Any, action: str) -> tuple[Card, tuple[int, ...]]:
    """(the card ``action`` lays, who is in the red right after it, before the round ends), read from the event
    the engine logs for it (a placement or a discard)."""
    after = game.copy()
    seen = len(after.events)
    after.act(action)
    laid = after.events[seen]
    tops = list(game.tops)
    if laid.kind == "place":
        tops[laid.stack] = laid.card
    return laid.card, losers(tops)[0]


def themes(game: Any, played: str, better: str) -> tuple[str, ...]:
    """What ``played`` (at ``game``'s decision) got wrong against ``better``, the main theme first: it leaves the
    seat in the red where the better one did not; it takes another seat out of the red that the better one left
    in; it keeps a card that counts more in the hand; else a cost that shows later."""
    seat = game.decision.seat
    before = set(losers(game.tops)[0])
    (card, mine), (other, best) = _after(game, played), _after(game, better)
    found: list[str] = []
    if seat in mine and seat not in best:
        found.append("into-the-red")
    if any(s != seat and s not in mine and s in best for s in before):
        found.append("let-out")
    if value(card) < value(other):
        found.append("heavy-kept")
    return (*found, "costs-later")
