"""Chinese Ten's claims (issue 23, finding 14): every sentence its lesson and rules sheet state is either played
out against the engine here or listed as not a rule claim; a new or changed sentence fails until it is."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from claims import claims_of, english, lesson_texts, sheet_texts

from mainmerah.core import registry
from mainmerah.core.cards import PACK, Card
from mainmerah.core.match import Match
from mainmerah.families.fishing.rules import get_ruleset, pairs_with
from mainmerah.families.fishing.state import Game

GAME = "chinese-ten"
RULES = get_ruleset(GAME)


def played(seed: int, players: int) -> Game:
    g = registry.new_game(GAME, seed=seed, players=players)
    assert isinstance(g, Game)
    rng = random.Random(seed)
    while not g.is_over:
        g.act(rng.choice(g.legal_actions()))
    return g


def pairing() -> None:
    want = {(1, 9), (2, 8), (3, 7), (4, 6), (5, 5), (10, 10), (11, 11), (12, 12), (13, 13)}
    for a in range(1, 14):
        for b in range(1, 14):
            together = (min(a, b), max(a, b)) in want
            for sa, sb in (("H", "S"), ("C", "D"), ("H", "H")):
                if a == b and sa == sb:
                    continue
                assert pairs_with(Card.of(a, sa), Card.of(b, sb)) == together, (a, b)


def players() -> None:
    assert registry.get(GAME).players == (2, 3, 4) and RULES.players == (2, 3, 4)
    assert len(PACK) == 52


def red_scores() -> None:
    for n in (2, 3, 4):
        for c in PACK:
            if c.red:
                assert RULES.card_points(c, n) > 0


def totals() -> None:
    assert [RULES.total(n) for n in (2, 3, 4)] == [210, 240, 280]
    for seed in range(6):
        for n in (2, 3, 4):
            g = played(seed, n)
            assert sum(g.scores) == RULES.total(n) and not g.table


def run_out_together() -> None:
    for n, (hand, table, stock) in RULES.sizes.items():
        assert stock == n * hand and table == 4


def turn() -> None:
    g = registry.game_from_layout(GAME, hands=["9D 5C", "AH 3S"], table="AC 5H 7D KS", stock="3H 9S 2C 8D",
                                  first=0)
    g.act("9D")  # takes A♣, then the flip 3♥ takes 7♦
    assert sorted(map(str, g.piles[0])) == sorted(["9♦", "A♣", "3♥", "7♦"])  # type: ignore[attr-defined]
    g2 = registry.game_from_layout(GAME, hands=["4D 5C", "AH 3S"], table="AC 5H 7D KS", stock="2S 9S 2C 8D",
                                   first=0)
    g2.act("4D")  # pairs with nothing: stays; the flip 2♠ pairs with nothing: stays
    assert {"4♦", "2♠"} <= set(map(str, g2.table))  # type: ignore[attr-defined]


def choose_one() -> None:
    g = registry.game_from_layout(GAME, hands=["9D 5C", "AH 3S"], table="AC AS 7D KS", stock="3H 9S 2C 8D",
                                  first=0)
    g.act("9D")
    assert g.decision.kind == "capture" and len(g.decision.options) == 2  # type: ignore[attr-defined]


def sweep_three() -> None:
    for rank in ("5", "10", "J", "Q", "K"):
        cards = [f"{rank}{s}" for s in "HSC"]
        g = registry.game_from_layout(GAME, hands=[f"{rank}D", "3C"], table=" ".join(cards) + " 2D", stock="4C 6C",
                                      first=0)
        g.act(f"{rank}D")
        assert len(g.piles[0]) == 4  # type: ignore[attr-defined]


def four_to_dealer() -> None:
    g = registry.game_from_layout(GAME, hands=["2C", "3C"], table="QH QS QC QD", stock="4C 6C", dealer=1)
    assert len(g.piles[1]) == 4 and not g.table  # type: ignore[attr-defined]


def no_redeal() -> None:
    for seed in range(40):
        g = registry.new_game(GAME, seed=seed, players=4)
        assert not any(e.kind == "redeal" for e in g.events)


def scoring() -> None:
    for seed in range(6):
        g = played(seed, 3)
        pts = RULES.points(3)
        assert tuple(g.scores) == tuple(sum(pts[c.index] for c in p) for p in g.piles)
        best = max(g.scores)
        assert set(g.winners) == {s for s, v in enumerate(g.scores) if v == best}


def first_player() -> None:
    for n in (2, 3, 4):
        for d in range(n):
            assert registry.new_game(GAME, seed=d, players=n, dealer=d).seat == (d + 1) % n


def match() -> None:
    from test_true_words import test_fishing_sheets_say_who_plays_first_and_how_a_match_goes_on as play

    play()
    assert Match(GAME, 4, seed=1).target == 1000


def the_example() -> list[str]:
    """The sheet's worked turn and the example played out, told by the engine."""
    from mainmerah.families.fishing.rules import score_card
    from mainmerah.families.fishing.ui.sheet import example_game

    g = example_game(RULES)
    start = len(g.events)
    g.act(g.legal_actions()[0])
    out = [e.explain() for e in g.events[start:]]
    four = Game.from_layout([["2C"], ["3C"]], "QH QS QC QD", "4C 6C", first=1, variant=RULES, dealer=0)
    three = Game.from_layout([["QD"], ["3C"]], "QH QS QC 5D", "4C 6C", first=0, variant=RULES)
    three.act("QD")
    out += [e.explain() for e in four.events + three.events if e.kind in ("takefour", "capture")]
    whole = example_game(RULES)
    while whole.decision is not None:
        whole.act(whole.legal_actions()[0])
    pts = RULES.points(whole.players)
    lines = [f"Seat {s}: {score_card(p, pts)}" for s, p in enumerate(whole.piles)]
    return out + ["The example played to its end: " + "; ".join(lines) + "."]


CHECKS: dict[str, Callable[[], None]] = {
    "Chinese Ten is Main Merah's closest cousin: the same pairs (A–9, 2–8, 3–7, 4–6, 5–5, 10–10, J–J, Q–Q, K–K), "
    "the same turn (play a card and take the table card it pairs with, then flip the top card of the stock, same "
    "rule), and again the red cards score.": lambda: (pairing(), turn(), red_scores()) and None,
    "It is played by 2, 3 or 4 players.": players,
    "Play Chinese Ten in the table app with 2, 3 or 4 players.": players,
    "2 / 3 / 4 players, one 52-card pack.": players,
    "At the end only the cards you captured count, each as this table says:": scoring,
    "Points in the whole pack: 210 with 2 players; 240 with 3 players; 280 with 4 players.": totals,
    "Every turn plays one hand card and flips one stock card, so the hands and the stock run out together.":
        run_out_together,
    "Play: lay one card from your hand face up.": turn,
    "If a table card pairs with it, take both into your pile; if several pair with it, take one of them (the player "
    "chooses).": choose_one,
    "If none pairs, the card stays on the table.": turn,
    "Flip: turn up the top card of the stock.": turn,
    "The same rule: it takes a table card it pairs with, or stays on the table.": turn,
    "With three cards of one rank among 5, 10, J, Q, K on the table, the fourth card of that rank takes all three "
    "at once.": sweep_three,
    "Suit never matters for pairing.": pairing,
    "An Ace counts as 1, so it pairs with a 9 (1 + 9 = 10).": pairing,
    "A 2 pairs with an 8 (2 + 8 = 10).": pairing,
    "A 3 pairs with a 7 (3 + 7 = 10).": pairing,
    "A 4 pairs with a 6 (4 + 6 = 10).": pairing,
    "A 5 pairs with another 5 (5 + 5 = 10).": pairing,
    "A ten pairs only with another ten.": pairing,
    "A jack pairs only with another jack.": pairing,
    "A queen pairs only with another queen.": pairing,
    "A king pairs only with another king.": pairing,
    "No redeal.": no_redeal,
    "The game ends when the hands and the stock are empty.": totals,
    "Each player scores the cards in their pile; cards left on the table score for nobody.": scoring,
    "The highest score wins; equal scores share the win.": scoring,
    "The player after the dealer plays first.": first_player,
    "A match is a series of games with running totals, played to a target total (1000 by default); the deal passes "
    "to the next seat each game.": match,
}
NOT_CLAIMS = {
    "Here is what differs.", "That is everything that differs.", "Chinese Ten: the rules",
    "Main Merah's cousin for 2 to 4 players: four cards on the table, captures of three, and black Aces that score.",
    "Cards and points", "Set-up", "A turn", "Pairing: make ten", "For example", "The table:",
    "Three or four of a kind", "Scoring",
}


def stated() -> list[str]:
    with english():
        return claims_of(lesson_texts(GAME) + sheet_texts(GAME))


STATED = stated()
with english():
    EXAMPLE = claims_of(the_example())


def test_every_sentence_is_checked_or_listed() -> None:
    unlisted = [s for s in STATED if s not in CHECKS and s not in NOT_CLAIMS and s not in EXAMPLE]
    assert not unlisted, "\n".join(unlisted)
    assert len(STATED) > 30 and sum(s in EXAMPLE for s in STATED) >= 5


@pytest.mark.parametrize("sentence", [s for s in STATED if s in CHECKS])
def test_claim(sentence: str) -> None:
    result = CHECKS[sentence]()
    assert result is None or result is True, sentence


def test_four_of_a_kind_goes_to_the_dealer() -> None:  # the sheet's example sentence says so; played out here
    four_to_dealer()
