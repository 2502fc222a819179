"""In The Red's rules sheet, read from ``in_the_red.rules`` (rank order, values, fits, losers, packs, sizes).

The worked round is a real seeded deal that the engine plays and tells in its own words.
"""

from __future__ import annotations

from mainmerah.core import registry
from mainmerah.core.cards import PACK, RANKS, Card, parse_cards
from mainmerah.core.i18n import _
from mainmerah.core.words import mark
from mainmerah.families.in_the_red.explain import fit_reason, no_fit_reason
from mainmerah.families.in_the_red.rules import (
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TARGET,
    high,
    losers,
    pack_count,
    value,
)
from mainmerah.families.in_the_red.state import InTheRed
from mainmerah.sheets.page import Page

EXAMPLE_SEED, EXAMPLE_PLAYERS = 3, 3  # a deal whose first round shows a rank fit, a suit fit and a red loser
FITS = (("7H", "7C"), ("2H", "KH"))  # (card, top it goes on)
TOPS = (("KH 5D 9S", 0), ("4C 9S AS", 0))  # stacks' tops, and which seat loses (checked by the rules)


STUCK = tuple(parse_cards("4D 9S"))  # the discard example's hand


def packs_text() -> str:
    groups: dict[int, list[int]] = {}
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        groups.setdefault(pack_count(n), []).append(n)
    parts = [_("{packs} × {cards} cards for {low}–{high} players").format(
        packs=k, cards=len(PACK), low=ns[0], high=ns[-1]) for k, ns in groups.items()]
    return mark("; ").join(parts)


def order() -> list[Card]:
    return sorted((c for c in PACK if c.suit == "S"), key=high)


def values_rows() -> list[list[str]]:
    cards = order()
    return [[_("Card"), *(RANKS[c.rank - 1] for c in cards)], [_("Counts"), *(str(value(c)) for c in cards)]]


def _round(page: Page) -> None:
    page.heading(_("A round"))
    pairs = [(Card.parse(c), Card.parse(t)) for c, t in FITS]
    fits = [_("{card} on {top}: {why}.").format(card=c, top=t, why=fit_reason(c, t)) for c, t in pairs]
    page.bullets([
        _("In turn, each player places one hand card on any stack, their own or another's, whose top card has "
          "the same suit or the same rank. For example: {fits}").format(fits=" ".join(fits)),
        _("Only a player with no card that fits anywhere discards one, face up beside the stacks (for "
          "example, holding {a} and {b}: {why}).").format(a=STUCK[0], b=STUCK[1], why=no_fit_reason(STUCK)),
        _("When everyone has played, look at the top of every stack: whoever shows the highest red card is in "
          "the red (♥ and ♦ equal, all tied ones lose). With no red on top, the lowest black card loses."),
        _("Each loser draws one card from the pack, the losers in turn clockwise from the dealer's left. Then "
          "the round's discards, in the order they were discarded, go into the losers' hands one at a time, in "
          "that same order, round the losers as often as needed. The last loser in that order starts the next "
          "round."),
        _("If the pack is empty when a loser must draw, the stack cards under each stack's top card are "
          "shuffled into a new pack; if there are none, the loser draws nothing."),
    ], size=8.5, mark="#")
    for tops, loser in TOPS:
        cards = parse_cards(tops)
        lost, red = losers(cards)
        if lost != (loser,):  # the sheet's example must say what the rules say
            raise ValueError(f"the rules say {lost} lose with tops {tops}, not seat {loser}")
        text = _("Tops {cards}: {card} loses, the highest red card.") if red else _(
            "Tops {cards}: {card} loses, no red card and the lowest black.")
        page.card_line(cards, text.format(cards=" ".join(map(str, cards)), card=cards[loser]), width=14, size=8.5)


def _example(page: Page) -> None:
    game = InTheRed.new(seed=EXAMPLE_SEED, players=EXAMPLE_PLAYERS)
    page.heading(_("For example"))
    deal = next(e for e in game.events if e.kind == "deal")
    page.lines(deal.explain(), size=8.5, after=2)
    start = len(game.events)
    while not any(e.kind == "round" for e in game.events[start:]):
        game.act(game.legal_actions()[0])
    page.bullets([e.explain() for e in game.events[start:]], size=8.5, mark="–")


def rules_page(game: str = "in-the-red", scale: float = 1.0) -> Page:
    info = registry.get(game)
    page = Page(scale=scale)
    page.title(_("{game}: the rules").format(game=_(info.title)), _(info.blurb))
    page.heading(_("Cards and points"))
    page.lines(_("{low} to {high} players: {packs}. Rank order, low to high (Ace high):").format(
        low=MIN_PLAYERS, high=MAX_PLAYERS, packs=packs_text()), size=8.5, after=3)
    page.cards(order(), 26, 3.5)
    page.lines(_("What a card left in your hand counts at the end of a deal:"), size=8.5, after=2)
    page.table(values_rows(), widths=(0.16,) + (0.84 / 13,) * 13, size=8, header=True,
               align=("left",) + ("center",) * 13)
    page.heading(_("The deal"))
    page.lines(_("The first dealer: everyone draws a card and the highest black card deals (Ace high); with no "
                 "black card, or a tie for the highest, those players draw again. Then the deal passes to the "
                 "left. Each player gets {n} cards, face down. Then one card is turned face up for each player: "
                 "the start of their stack. Only a stack's top card matters. The rest is the pack. The player "
                 "left of the dealer starts the first round.").format(n=HAND_SIZE), size=8.5)
    _round(page)
    _example(page)
    page.heading(_("Scoring"))
    page.lines(_("After a round's pick-ups, a deal ends if a player has no cards left. Each player adds up the cards "
                 "left in hand. The game ends after a deal in which someone's total reaches {target}: the lowest "
                 "total wins, tied lowest totals share the win.").format(target=TARGET), size=8.5)
    return page
