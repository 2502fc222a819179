"""The words and small pictures the table shows: prompts, the last move, HTML escaping.

Pure functions of the game's state, so a lesson or a test can use them without a table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mainmerah.core.cards import Card, cards_text, points_text
from mainmerah.core.i18n import _
from mainmerah.core.words import sentences
from mainmerah.families.fishing.bots import jb_capture
from mainmerah.families.fishing.events import Capture, Stay, TakeFour
from mainmerah.families.fishing.explain import capitalized, needs, pair_points, rule_of, seat_name
from mainmerah.families.fishing.rules import PARTNER, SELF_PAIRING, main_merah_points
from mainmerah.families.fishing.ui.frame import Frame
from mainmerah.table.cards import card_code


def sum_reason(card: Card, other: Card) -> str:
    """The short arithmetic of a pair: "7 + 3 = 10", "an Ace counts 1: 1 + 9 = 10", "Q only pairs with Q"."""
    a, b = card.rank, other.rank
    if a >= 10:
        return _("{a} only pairs with {a}").format(a=card.rank_text)
    if 1 in (a, b):
        return _("an Ace counts 1: {x} + {y} = 10").format(x=a, y=b)
    return f"{a} + {b} = 10"


def selection_text(card: Card, table: Sequence[Card], auto_capture: bool = False,
                   price: Callable[[Card], int] = main_merah_points, sweep: bool = False) -> str:
    """What a selected hand card would do, before it is played: "7♥ would take 3♣ (7 + 3 = 10): ...".

    ``price``: a card's points in the game shown (Main Merah's by default); ``sweep``: the fourth
    card of a self-pairing rank takes all three on the table (Chinese Ten).
    """
    matches = [c for c in table if c.rank == PARTNER[card.rank]]  # as Ruleset.matching finds them
    again = _("Press Play (or choose {card} again) to play it.").format(card=card)

    def points(other: Card) -> str:
        return pair_points(card, other, (price(card), price(other)))

    if not matches:
        return sentences(_("{card} pairs with nothing on the table: it would stay there (it needs {need}).").format(
            card=card, need=needs(card)), again)
    if len(matches) == 1:
        m = matches[0]
        return sentences(_("{card} would take {other} ({why}): {points}.").format(
            card=card, other=m, why=sum_reason(card, m), points=points(m)), again)
    if sweep and len(matches) == 3 and card.rank in SELF_PAIRING:  # Chinese Ten: the fourth takes all three
        total = price(card) + sum(price(c) for c in matches)
        return sentences(_("{card} would take all three: {cards} ({points}).").format(
            card=card, cards=cards_text(matches), points=points_text(total)), again)
    if auto_capture:
        m = jb_capture(matches)
        return sentences(_("{card} pairs with {options}; the jb rule would take {other} ({why}): {points}.").format(
            card=card, options=cards_text(matches), other=m, why=sum_reason(card, m),
            points=points(m)), again)
    text = _("{card} can take {options} ({why}): choose the one you want to take.").format(
        card=card, options=cards_text(matches), why=sum_reason(card, matches[0]))
    note = worth_note(matches, price)
    return text + (" " + note if note else "")


def worth_note(options: Sequence[Card], price: Callable[[Card], int]) -> str:
    """Which of several capture choices is worth the most: named only when one alone is; "" when all are 0."""
    values = sorted((price(c) for c in options), reverse=True)
    if not values[0]:
        return ""
    if len(values) > 1 and values[0] == values[1]:
        if values[0] == values[-1]:
            return _("They are worth the same: {points} each.").format(points=points_text(values[0]))
        best = [c for c in options if price(c) == values[0]]
        return _("{cards} are worth the most ({points} each).").format(cards=cards_text(best),
                                                                     points=points_text(values[0]))
    best_card = max(options, key=price)
    return _("{best} is worth the most ({points}).").format(best=best_card, points=points_text(values[0]))


def table_card_text(card: Card) -> str:
    return _("{card} on the table: {rule} Select a card from your hand to see what it takes.").format(
        card=card, rule=rule_of(card.rank))


def action_rows(f: Frame, options: Sequence[Card] | None, names: Sequence[str], you: int | None,
                redeal: bool = False) -> list[list[str]]:
    """The step just shown, in cards: what was played or flipped and what it took.

    One row per settled card: ``[kind, card, arrow, taken, text]`` (cards as codes, "" for none),
    drawn by the board's page script. ``options``: the capture choices when the human must pick
    (else the frame's own matches).
    """
    if f.air is not None:
        who = capitalized(seat_name(f.seat, names, you))
        what = _("played") if f.air_source == "play" else _("flipped")
        opts = options if options is not None else tuple(c for c in f.table if c.rank == PARTNER[f.air.rank])
        if f.seat == you:
            text = _("You {what} {card}: it pairs with {options}. Choose the table card to take.").format(
                what=what, card=f.air, options=cards_text(opts))
        else:
            text = _("{who} {what} {card} and chooses which card to take.").format(who=who, what=what, card=f.air)
        return [["pending", card_code(f.air), "➜ ?", "", text]]
    rows = []
    for e in f.step:
        if isinstance(e, Capture):
            who = capitalized(seat_name(e.seat, names, you))
            src = _("played") if e.source == "play" else _("flipped")
            taken = e.cards[1:]  # a capture of three takes ``more`` too
            text = _("{who} {src} {card} and took {taken}: {points}.").format(
                who=who, src=src, card=e.card, taken=cards_text(taken), points=points_text(e.points))
            rows.append(["capture", card_code(e.card), "➜", " ".join(card_code(c) for c in taken), text])
        elif isinstance(e, TakeFour):
            rows.append(["capture", "", "➜", " ".join(card_code(c) for c in e.cards), capitalized(e.explain(
                list(names), you))])
        elif isinstance(e, Stay):
            who = capitalized(seat_name(e.seat, names, you))
            src = _("played") if e.source == "play" else _("flipped")
            text = _("{who} {src} {card}: nothing pairs with it, so it stays on the table.").format(
                who=who, src=src, card=e.card)
            rows.append(["stay", card_code(e.card), "", "", text])
    if not rows and redeal:
        rows.append(["redeal", "", "", "", _("The first deal broke the redeal rule: see the game log.")])
    return rows
