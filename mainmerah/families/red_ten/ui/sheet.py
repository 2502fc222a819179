"""Red Ten's rules sheet, read from ``red_ten.rules`` (order, plays, what beats what, the scoring tables).

The names and reasons are the engine's own (``red_ten.explain``); the scoring tables are the
rule book's tables as the code holds them, and the open-hand and surrender lines are
scores the code computes.
"""

from __future__ import annotations

from collections.abc import Sequence

from mainmerah.core import registry
from mainmerah.core.cards import PACK_WITH_JOKERS, Card, parse_cards
from mainmerah.core.i18n import _
from mainmerah.core.words import listed, mark
from mainmerah.families.red_ten.deal import deal_sizes
from mainmerah.families.red_ten.explain import answer_text, describe, does_not_beat, place_name, signed, why_beats
from mainmerah.families.red_ten.rules import (
    HEART_THREE,
    ONE_V_THREE,
    RED_TENS,
    TWO_V_TWO,
    answers_for,
    classify,
    settle,
    sort_cards,
    surrender,
    value,
)
from mainmerah.families.red_ten.state import SEATS
from mainmerah.sheets.page import Page

# Example plays, low kinds first, each a set of cards that classify() names.
PLAYS = ("7S", "7H 7C", "10H 10C", "3D 4C 5S", "9S 10D JC QH", "QD KS AH", "9H 9D 9S", "9H 9D 9C 9S", "SJ BJ",
         "10H 10D")
# (play, on top of): one that beats and one that does not, for each rule of beating.
BEATS = (("8H 8S", "7H 7C"), ("4S 5H 6D", "3D 4C 5S"), ("2C 2D 2S", "AH AS"), ("SJ BJ", "9H 9D 9C 9S"))
STRAIGHT_TRIES = ("AH 2S 3D", "2C 3D 4S", "QD KS AH", "10D JS QC KH", "KS AH 2C", "QC KD AS 2H", "SJ 3H 4H")
NOT_BEATS = (("4S 5H 6D 7C", "3D 4C 5S"), ("AH AS", "9H 9D 9S"))


def combo(text: str) -> object:
    found = classify(parse_cards(text))
    if found is None:
        raise ValueError(f"{text!r} is not a Red Ten play")  # a wrong example here is a bug of the sheet
    return found


def rank_order() -> list[Card]:
    """One card for each single value, low to high (spades where there is a choice; the red tens last)."""
    best: dict[int, Card] = {}
    for card in sort_cards(PACK_WITH_JOKERS):
        best.setdefault(value(card), card)
    spades = {value(c): c for c in PACK_WITH_JOKERS if c.suit == "S"}
    return [spades.get(v, c) for v, c in sorted(best.items())]


def straights_text() -> str:
    """Which runs are straights, as the rules decide (an Ace low or high, a 2 only low, no wrapping)."""
    yes = [t for t in STRAIGHT_TRIES if classify(parse_cards(t)) is not None]
    no = [t for t in STRAIGHT_TRIES if classify(parse_cards(t)) is None]
    return _("Straights (three or more cards in a row on A 2 3 … K A, each rank once, so at most 13): {yes} "
             "are; {no} are not.").format(
        yes=listed(" ".join(str(c) for c in parse_cards(t)) for t in yes),
        no=listed(" ".join(str(c) for c in parse_cards(t)) for t in no))


def _plays(page: Page) -> None:
    page.heading(_("Plays"))
    page.lines(_("A play is exactly one of these (nothing else):"), size=8.5, after=2)
    with page.columns(2) as cols:
        half = (len(PLAYS) + 1) // 2
        for col, texts in zip(cols, (PLAYS[:half], PLAYS[half:]), strict=True):
            page.use(col)
            for text in texts:
                cards = parse_cards(text)
                page.card_line(cards, describe(combo(text)), width=12, size=8)  # type: ignore[arg-type]


def _beating(page: Page) -> None:
    page.heading(_("Beating a play"))
    lines = []
    for play, top in BEATS:
        p, t = combo(play), combo(top)
        lines.append(_("{play} beats {top}: {why}.").format(play=describe(p), top=describe(t),  # type: ignore[arg-type]
                                                           why=why_beats(p, t)))  # type: ignore[arg-type]
    lines += [does_not_beat(combo(play), combo(top)) + mark(".") for play, top in NOT_BEATS]  # type: ignore[arg-type]
    page.bullets(lines, size=8)


def _round(page: Page) -> None:
    page.heading(_("A round of play"))
    places = listed(place_name(p) for p in range(1, SEATS + 1))
    page.bullets([
        _("The holder of {card} leads the first round; the lead may be any play.").format(card=HEART_THREE),
        _("Each next player beats the play on top or passes (a player may pass even when able to play). "
          "A pass is not final: the same player may play again when the turn comes back."),
        _("When every other player with cards has passed since the last play, the round ends; whoever made "
          "that play leads the next. If that player has gone out, the next player in play order who still has "
          "cards leads."),
        _("Play your last card and you are out; the others play on. The places: {places}.").format(places=places),
    ], size=8, mark="#")


def _teams(page: Page) -> None:
    page.heading(_("Teams and the red tens"))
    both = answers_for(RED_TENS)
    hearts, diamonds = (answers_for([ten]) for ten in RED_TENS)  # (each its own reveal)
    page.bullets([
        _("The holders of {a} and {b} are one team, the other two the other; a player holding both plays "
          "alone against three. At first only a player holding both knows the teams.").format(
            a=RED_TENS[0], b=RED_TENS[1]),
        _("Before the first card every player answers once, and the answers are shown together. Without a red "
          "ten: {none}. With {a} alone: {one_a}; with {b} alone: {one_b}. With both: {both}.").format(
            none=answer_text(answers_for(())[0]), a=RED_TENS[0], b=RED_TENS[1],
            one_a=listed(map(answer_text, hearts)), one_b=listed(map(answer_text, diamonds)),
            both=listed(map(answer_text, both))),
        _("The hand is open when both red tens are shown by these answers; otherwise it is hidden."),
    ], size=8)


def _two_v_two() -> list[list[str]]:
    rows = [[_("Partner of the first player out"), _("That team"), _("The others")]]
    for place, points in sorted(TWO_V_TWO.items()):
        rows.append([place_name(place), signed(points), signed(-points)])
    return rows


def _one_v_three() -> list[list[str]]:
    rows = [[_("Lone player's place"), _("Lone player"), _("Each other")]]
    for place, points in sorted(ONE_V_THREE.items()):
        rows.append([place_name(place), signed(points), signed(-points // 3)])
    return rows


def _scores(scores: Sequence[int]) -> str:
    return " / ".join(signed(s) for s in scores)


def _scoring(page: Page) -> None:
    page.heading(_("Scoring a hand"))
    page.lines(_("The hand ends as soon as its score is settled. A hidden hand scores by these tables; the "
                 "scores of a hand add up to zero."), size=8.5, after=3)
    with page.columns(2) as (left, right):
        page.use(left)
        page.lines(_("Two against two"), size=9, bold=True, after=1)
        page.table(_two_v_two(), widths=(0.5, 0.25, 0.25), size=8, align=("left", "center", "center"))
        page.use(right)
        page.lines(_("One against three"), size=9, bold=True, after=1)
        page.table(_one_v_three(), widths=(0.5, 0.25, 0.25), size=8, align=("left", "center", "center"))
    won = settle([0], [0], open_hand=True)
    lost = settle([1, 2, 3], [0], open_hand=True)
    team_won = settle([0, 2], [0, 2], open_hand=True)
    team_lost = settle([1, 3], [0, 2], open_hand=True)
    page.bullets([
        _("Open hand: the scores are multiplied by {won} when the red-ten side wins and by {lost} when it "
          "loses; a draw stays 0. A lone player who goes out first: {a}; last: {b} (the lone player's score "
          "first, then the other three's).").format(
            won=team_won.multiplier, lost=team_lost.multiplier, a=_scores(won.scores), b=_scores(lost.scores)),
        _("Surrender: a holder of both red tens may give up instead of playing: {scores} (the one who "
          "surrenders first), no multiplier.").format(scores=_scores(surrender(0).scores)),
    ], size=8)


def rules_page(game: str = "red-ten", scale: float = 1.0) -> Page:
    info = registry.get(game)
    page = Page(scale=scale)
    page.title(_("{game}: the rules").format(game=_(info.title)), _(info.blurb))
    page.heading(_("Cards and deal"))
    sizes = listed(map(str, sorted(deal_sizes(0), reverse=True)))
    page.lines(_("{n} players, one pack of {cards} cards with its two jokers, all dealt one at a time from the "
                 "seat after the dealer: {sizes} cards. As singles, from low to high (suits never matter, except "
                 "that {a} and {b} are the red tens, the highest single):").format(
                     n=SEATS, cards=len(PACK_WITH_JOKERS), sizes=sizes, a=RED_TENS[0], b=RED_TENS[1]),
               size=8.5, after=3)
    page.cards(rank_order(), 26, 3.5)
    page.lines(straights_text(), size=8.5)
    _plays(page)
    _beating(page)
    _teams(page)
    _round(page)
    _scoring(page)
    return page
