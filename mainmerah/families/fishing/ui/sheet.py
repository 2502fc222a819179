"""The rules sheet of a fishing game (Main Merah, Chinese Ten), read from its ruleset.

Every number comes from ``fishing.rules`` (points by card and player count, deal sizes,
redeal ranks, who starts, automatic captures), the pairing sentences from the explanations'
``rule_of``, and the worked example is a tiny position the engine plays and explains itself.
"""

from __future__ import annotations

import random

from mainmerah.core import registry
from mainmerah.core.cards import PACK, RANKS, SUIT_SYMBOLS, Card
from mainmerah.core.i18n import _
from mainmerah.core.words import listed, mark
from mainmerah.families.fishing.explain import rule_of
from mainmerah.families.fishing.rules import PARTNER, SELF_PAIRING, VARIANTS, Ruleset, get_ruleset, score_card
from mainmerah.families.fishing.state import Game
from mainmerah.sheets.page import Page

# One card of each pairing class and a partner of another suit: A-9, 2-8, 3-7, 4-6, 5-5, 10, J, Q, K.
PAIR_RANKS = (1, 2, 3, 4, 5, 10, 11, 12, 13)
# The worked example: two cards in each hand, four on the table, the stock in order (top first).
EXAMPLE = {"hands": ["9D 5C", "AH 3S"], "table": "AC 5H 7D KS", "stock": "3H 9S 2C 8D"}


def ruleset_of(game: str) -> Ruleset:
    info = registry.get(game)
    return get_ruleset("chinese-ten" if game == "chinese-ten" else info.variants[0])


def points_rows(rules: Ruleset) -> list[list[str]]:
    """Rank by rank, what a card scores: one row per colour, more where a player count changes it."""
    rows: dict[tuple[int, ...], list[tuple[str, int]]] = {}
    for suit in ("H", "D", "C", "S"):
        for n in rules.players:
            values = tuple(rules.card_points(Card.of(rank, suit), n) for rank in range(1, 14))
            rows.setdefault(values, []).append((suit, n))
    out = [[_("Rank"), *RANKS]]
    for values, where in rows.items():
        by_suit: dict[str, list[int]] = {}
        for suit, n in where:
            by_suit.setdefault(SUIT_SYMBOLS[suit], []).append(n)
        same: dict[tuple[int, ...], str] = {}
        for symbol, counts in by_suit.items():
            same[tuple(counts)] = same.get(tuple(counts), "") + symbol
        label = mark("; ").join(
            suits if list(counts) == list(rules.players) else _("{suits}, {n} players").format(
                suits=suits, n=mark(" & ").join(map(str, counts)))
            for counts, suits in same.items())
        out.append([label, *map(str, values)])
    return out


def totals_text(rules: Ruleset) -> str:
    totals = {n: rules.total(n) for n in rules.players}
    if len(set(totals.values())) == 1:
        return _("{total} points in the whole pack.").format(total=next(iter(totals.values())))
    parts = [_("{total} with {n} players").format(total=t, n=n) for n, t in totals.items()]
    return _("Points in the whole pack: {parts}.").format(parts=mark("; ").join(parts))


def first_player_text(rules: Ruleset) -> str:
    """Who plays first, found by asking the ruleset (a dealer at seat 0, two players, several draws)."""
    seats = {rules.first_player(0, 2, random.Random(seed)) for seed in range(16)}
    if seats == {0}:
        return _("the dealer")
    if seats == {1}:
        return _("the player after the dealer")
    return _("drawn at random")


def redeal_text(rules: Ruleset) -> str:
    if not rules.redeal_ranks:
        return _("never")
    if rules.redeal_ranks == frozenset(range(1, 14)):
        return _("3 or more of any rank on the table")
    ranks = listed(RANKS[r - 1] for r in sorted(rules.redeal_ranks, key=lambda r: (r == 5, -r)))
    return _("3 or more of one of {ranks} on the table").format(ranks=ranks)


def capture_text(rules: Ruleset) -> str:
    if rules.auto_capture:
        return _("automatic: a red card before a black one, then the one longest on the table")
    return _("the player chooses")


def example_game(rules: Ruleset) -> Game:
    hands = EXAMPLE["hands"]
    return Game.from_layout(hands, EXAMPLE["table"], EXAMPLE["stock"], first=0, variant=rules)


def _pairs(page: Page, rules: Ruleset) -> None:
    page.heading(_("Pairing: make ten"))
    page.lines(_("Suit never matters for pairing."), size=8.5, after=2)
    for rank in PAIR_RANKS:
        cards = [Card.of(rank, "H"), Card.of(PARTNER[rank], "C" if rank != PARTNER[rank] else "S")]
        page.card_line(cards, rule_of(rank), width=15, points=[rules.card_points(c) for c in cards])


def _turn(page: Page, rules: Ruleset) -> None:
    page.heading(_("A turn"))
    steps = [
        _("Play: lay one card from your hand face up. If a table card pairs with it, take both into your "
          "pile; if several pair with it, take one of them ({how}). If none pairs, the card stays on the "
          "table.").format(how=capture_text(rules)),
        _("Flip: turn up the top card of the stock. The same rule: it takes a table card it pairs with, "
          "or stays on the table."),
    ]
    if rules.sweep_three:
        steps.append(_("With three cards of one rank among {ranks} on the table, the fourth card of that rank "
                       "takes all three at once.").format(ranks=listed(RANKS[r - 1] for r in sorted(SELF_PAIRING))))
    page.bullets(steps, size=8.5, mark="#")


def _example(page: Page, rules: Ruleset) -> None:
    """One turn of a tiny position, told by the engine."""
    game = example_game(rules)
    start = len(game.events)
    page.heading(_("For example"))
    top = page.y
    page.lines(_("The table:"), size=8.5, after=1)
    right = page.cards(game.table, 19, points=[rules.card_points(c) for c in game.table])
    below = page.y
    game.act(game.legal_actions()[0])
    page.y = top
    left, page.column.x = page.column.x, right + 14
    page.column.width -= page.column.x - left
    page.bullets([e.explain() for e in game.events[start:]], size=8.5, mark="–")
    page.column.width += page.column.x - left
    page.column.x = left
    page.y = max(page.y, below)


def _special(page: Page, rules: Ruleset) -> None:
    if rules.game == "main-merah":
        page.heading(_("Variants"))
        rows = [[_("Variant"), _("Redeal before play when"), _("First player"), _("Several matches")]]
        for name in VARIANTS:
            v = get_ruleset(name)
            rows.append([v.name, redeal_text(v), first_player_text(v), capture_text(v)])
        page.table(rows, widths=(0.13, 0.33, 0.2, 0.34), size=8)
        jacks = rules.redeal_text(11, 3)
        page.lines(_("Why redeal: {why}.").format(why=jacks), size=8.5)
        return
    page.heading(_("Three or four of a kind"))
    four = Game.from_layout([["2C"], ["3C"]], "QH QS QC QD", "4C 6C", first=1, variant=rules, dealer=0)
    three = Game.from_layout([["QD"], ["3C"]], "QH QS QC 5D", "4C 6C", first=0, variant=rules)
    start = len(three.events)
    three.act("QD")
    took = next(e.explain() for e in three.events[start:] if e.kind == "capture")
    ranks = listed(RANKS[r - 1] for r in sorted(SELF_PAIRING))
    page.bullets([_("No redeal.") + " " + _("If all four starting cards are of one rank among {ranks}, the dealer "
                                            "takes them into their pile before play.").format(ranks=ranks) + " "
                  + next(e.explain() for e in four.events if e.kind == "takefour"), took], size=8.5)


def _scoring(page: Page, rules: Ruleset) -> None:
    page.heading(_("Scoring"))
    page.lines(_("The game ends when the hands and the stock are empty. Each player scores the cards in their "
                 "pile; cards left on the table score for nobody. The highest score wins; equal scores share "
                 "the win."), size=8.5, after=2)
    game = example_game(rules)
    while game.decision is not None:
        game.act(game.legal_actions()[0])
    pts = rules.points(game.players)
    lines = [_("{who}: {card}").format(who=_("Seat {n}").format(n=s), card=score_card(p, pts))
             for s, p in enumerate(game.piles)]
    page.lines(_("The example played to its end:") + mark(" ") + mark("; ").join(lines) + mark("."), size=8.5)
    page.lines(match_text(rules), size=8.5)


def match_text(rules: Ruleset) -> str:
    """Who plays first (Chinese Ten; Main Merah's variants table says it) and how a match goes on."""
    info = registry.get(rules.game)
    if rules.game != "main-merah":
        return _("{First} plays first. A match is a series of games with running totals, played to a target "
                 "total ({target} by default); the deal passes to the next seat each game.").format(
            First=first_player_text(rules)[:1].upper() + first_player_text(rules)[1:], target=info.match_target)
    return _("A match is a series of games with running totals, for a number of games or to a target total. "
             "In every later game the player with the lowest score in the previous game plays first (on a tie, "
             "the first tied player met going clockwise from the previous game's first player, that player "
             "included).")


def _setup(page: Page, rules: Ruleset) -> None:
    page.heading(_("Set-up"))
    rows = [[_("Players"), _("Hand each"), _("Table, face up"), _("Stock, face down")]]
    rows += [[str(n), str(h), str(t), str(s)] for n, (h, t, s) in rules.sizes.items()]
    page.table(rows, size=8, align=("center",) * 4)
    if all(s == n * h for n, (h, _t, s) in rules.sizes.items()):
        page.lines(_("Every turn plays one hand card and flips one stock card, so the hands and the stock run "
                     "out together."), size=8)


def rules_page(game: str, scale: float = 1.0) -> Page:
    info = registry.get(game)
    rules = ruleset_of(game)
    page = Page(scale=scale)
    page.title(_("{game}: the rules").format(game=_(info.title)), _(info.blurb))
    page.heading(_("Cards and points"))
    page.lines(_("{n} players, one {cards}-card pack. At the end only the cards you captured count, each as "
                 "this table says:").format(n=" / ".join(map(str, rules.players)), cards=len(PACK)), size=8.5,
               after=3)
    hearts = [Card.of(rank, "H") for rank in range(1, 14)]
    page.cards(hearts, 20, 2.5, points=[rules.card_points(c) for c in hearts])
    page.table(points_rows(rules), widths=(0.16,) + (0.84 / 13,) * 13, size=8, align=("left",) + ("center",) * 13)
    page.lines(totals_text(rules), size=8.5, after=0)
    with page.columns(2) as (left, right):
        page.use(left)
        _setup(page, rules)
        _turn(page, rules)
        page.use(right)
        _pairs(page, rules)
    _example(page, rules)
    _special(page, rules)
    _scoring(page, rules)
    return page


__all__ = ["capture_text", "first_player_text", "points_rows", "redeal_text", "rules_page", "ruleset_of"]
