"""Chinese Ten's claims (issue 23, finding 14): every sentence its lesson and rules sheet state is either played
out against the engine here or listed as not a rule claim; a new or changed sentence fails until it is."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from claims import claims_of, english, stated

from mainmerah.core import registry
from mainmerah.core.cards import PACK, Card
from mainmerah.core.match import Match
from mainmerah.families.fishing.events import Flip, Play
from mainmerah.families.fishing.rules import get_ruleset, pairs_with
from mainmerah.families.fishing.state import Game

GAME = "chinese-ten"
RULES = get_ruleset(GAME)


def played(seed: int, players: int, dealer: int = 0) -> Game:
    g = registry.new_game(GAME, seed=seed, players=players, dealer=dealer)
    assert isinstance(g, Game)
    rng = random.Random(seed)
    while not g.is_over:
        assert any(g.hands) or g.stock_size  # the game goes on while a hand or the stock holds a card
        g.act(rng.choice(g.legal_actions()))
    return g


def layout(hands: list[str], table: str, stock: str, first: int = 0, dealer: int | None = None) -> Game:
    g = registry.game_from_layout(GAME, hands=hands, table=table, stock=stock, first=first,
                                  dealer=first if dealer is None else dealer)
    assert isinstance(g, Game)
    return g


def names(cards: tuple[Card, ...]) -> list[str]:
    return sorted(map(str, cards))


def pairing() -> None:
    want = {(1, 9), (2, 8), (3, 7), (4, 6), (5, 5), (10, 10), (11, 11), (12, 12), (13, 13)}
    for a in range(1, 14):
        for b in range(1, 14):
            together = (min(a, b), max(a, b)) in want
            for sa, sb in (("H", "S"), ("C", "D"), ("H", "H"), ("H", "D"), ("C", "S")):  # colours and suits
                if a == b and sa == sb:
                    continue
                assert pairs_with(Card.of(a, sa), Card.of(b, sb)) == together, (a, b)


def players() -> None:
    assert registry.get(GAME).players == (2, 3, 4) and RULES.players == (2, 3, 4)
    assert len(PACK) == 52
    for n in (2, 3, 4):
        s = played(n, n).setup
        assert s.players == n and len({*s.table, *s.stock, *(c for h in s.hands for c in h)}) == 52


def deal() -> None:
    """4 cards face up on the table, 24 face down as the stock, the other 24 shared equally (12, 8 or 6 each)."""
    for n in (2, 3, 4):
        for seed in range(5):
            g = played(seed, n)
            s = g.setup
            assert len(s.table) == 4 and len(s.stock) == 24 and [len(h) for h in s.hands] == [24 // n] * n
            fresh = registry.new_game(GAME, seed=seed, players=n)
            assert isinstance(fresh, Game)
            seen = fresh.view(0)
            assert seen.table == s.table or any(e.kind == "takefour" for e in fresh.events)  # face up
            assert seen.stock_size == 24 and not set(s.stock) & {*seen.table, *seen.hand}  # face down


def red_points() -> None:
    """A red Ace 20; a red 9, 10, J, Q, K 10; a red 2 to 8 its number; 210 in all, whatever the players."""
    for n in (2, 3, 4):
        for c in PACK:
            if c.red:
                assert RULES.card_points(c, n) == (20 if c.rank == 1 else 10 if c.rank >= 9 else c.rank), (c, n)
        assert sum(RULES.card_points(c, n) for c in PACK if c.red) == 210


def black_aces() -> None:
    """Black cards score nothing, but A♠ 30 with three players; A♠ 30 and A♣ 40 with four."""
    want: dict[int, dict[str, int]] = {2: {}, 3: {"A♠": 30}, 4: {"A♠": 30, "A♣": 40}}
    for n, aces in want.items():
        assert {str(c): RULES.card_points(c, n) for c in PACK if not c.red and RULES.card_points(c, n)} == aces
        g = registry.new_game(GAME, seed=n, players=n)
        assert isinstance(g, Game)
        assert {str(c): g.points(c) for c in PACK if not c.red and g.points(c)} == aces


def totals() -> None:
    """210, 240, 280; every game ends with the hands and stock empty and every card in someone's pile."""
    assert [RULES.total(n) for n in (2, 3, 4)] == [210, 240, 280]
    for seed in range(6):
        for n in (2, 3, 4):
            g = played(seed, n)
            assert sum(g.scores) == RULES.total(n) and not g.table
            assert not any(g.hands) and not g.stock_size and sum(map(len, g.piles)) == 52


def run_out_together() -> None:
    for n, (hand, table, stock) in RULES.sizes.items():
        assert stock == n * hand and table == 4
    g = played(1, 3)
    assert [e.kind for e in g.events].count("play") == [e.kind for e in g.events].count("flip") == 24


def turn() -> None:
    g = layout(["9D 5C", "AH 3S"], "AC 5H 7D KS", "3H 9S 2C 8D")
    g.act("9D")  # takes A♣, then the flip 3♥ (the stock's top card) takes 7♦
    assert names(g.piles[0]) == sorted(["9♦", "A♣", "3♥", "7♦"])
    g2 = layout(["4D 5C", "AH 3S"], "AC 5H 7D KS", "2S 9S 2C 8D")
    g2.act("4D")  # pairs with nothing: stays; the flip 2♠ pairs with nothing: stays
    assert {"4♦", "2♠"} <= set(map(str, g2.table)) and not g2.piles[0]


def turn_steps() -> None:
    """The guided game played out: each turn plays a card, takes or stays, flips the top card, takes or stays."""
    from mainmerah.families.fishing.ui.lessons.chinese_ten import guided_game

    g = guided_game()
    assert isinstance(g, Game)
    while not g.is_over:
        start, top = len(g.events), g.stock[0]
        g.act(g.legal_actions()[0])
        while g.decision is not None and g.decision.kind == "capture":
            g.act(g.legal_actions()[0])
        kinds = [e.kind for e in g.events[start:] if e.kind != "end"]
        assert kinds[0] == "play" and kinds[2] == "flip" and len(kinds) == 4, kinds
        flip = g.events[start + 2]
        assert {kinds[1], kinds[3]} <= {"capture", "stay"} and isinstance(flip, Flip) and flip.card == top


def guided_hands() -> None:
    from mainmerah.families.fishing.ui.lessons.chinese_ten import guided_game

    g = guided_game()
    assert [len(h) for h in g.setup.hands] == [3, 3]  # type: ignore[attr-defined]


def choose_one() -> None:
    """Two Aces pair with 9♦: the player takes the one they choose, the other stays."""
    for pick, other in (("A♣", "A♠"), ("A♠", "A♣")):
        g = layout(["9D 5C", "AH 3S"], "AC AS 7D KS", "3H 9S 2C 8D")
        g.act("9D")
        d = g.decision
        assert d is not None and d.kind == "capture" and d.seat == 0 and names(d.options) == sorted([pick, other])
        g.act(pick)
        assert pick in map(str, g.piles[0]) and other in map(str, g.table) and len(g.piles[0]) == 4


def one_each() -> None:
    """A card takes one table card (a 5 beside two 5s takes one); starting cards that pair stay as laid."""
    g = layout(["2D 5C", "4C 6C"], "8H 8S 5H 5D", "9C 9H 7C 7H")
    assert names(g.table) == names(g.setup.table) and not any(g.piles)
    g.act("2D")
    g.act("8S")
    assert names(g.piles[0]) == ["2♦", "8♠"] and "8♥" in map(str, g.table)
    g.act("4C")
    g.act("5C")
    g.act("5H")
    assert names(g.piles[0]) == sorted(["2♦", "8♠", "5♣", "5♥"]) and "5♦" in map(str, g.table)
    for n in (2, 3, 4):
        for seed in range(30):
            fresh = registry.new_game(GAME, seed=seed, players=n)
            assert isinstance(fresh, Game)
            if not any(e.kind == "takefour" for e in fresh.events):
                assert fresh.table == fresh.setup.table and not any(fresh.piles)


def sweep_three() -> None:
    """The fourth of three 5s, 10s, Js, Qs or Ks, played or flipped, takes all three; for other ranks, one."""
    for rank in ("5", "10", "J", "Q", "K"):
        cards = [f"{rank}{s}" for s in "HSC"]
        g = layout([f"{rank}D", "3C"], " ".join(cards) + " 2D", "4C 6C")
        g.act(f"{rank}D")
        assert len(g.piles[0]) == 4 and names(g.table) == ["2♦", "4♣"]
        flipped = layout(["3D", "3C"], " ".join(cards) + " 2D", f"{rank}D 6C")
        flipped.act("3D")
        assert len(flipped.piles[0]) == 4 and names(flipped.table) == ["2♦", "3♦"]
        assert not any(e.kind == "redeal" for e in g.events + flipped.events)
    g = layout(["8D", "3C"], "2H 2S 2C 4D", "4C 6C")
    g.act("8D")
    assert g.decision is not None and g.decision.kind == "capture" and len(g.decision.options) == 3
    g.act("2H")
    assert names(g.piles[0]) == ["2♥", "8♦"]


def four_to_dealer() -> None:
    """Four 5s, 10s, Js, Qs or Ks on the starting table go to the dealer before play; four 2s stay."""
    for rank in ("5", "10", "J", "Q", "K"):
        for dealer in (0, 1):
            g = layout(["2C", "3C"], " ".join(f"{rank}{s}" for s in "HSCD"), "4C 6C", dealer=dealer)
            assert len(g.piles[dealer]) == 4 and not g.table and not g.piles[1 - dealer]
            kinds = [e.kind for e in g.events]
            assert "takefour" in kinds and "play" not in kinds and "redeal" not in kinds
    g = layout(["8C", "3C"], "2H 2S 2C 2D", "4C 6C", dealer=1)
    assert len(g.table) == 4 and not any(g.piles)


def self_pairing_ranks() -> None:
    pairing()
    sweep_three()
    four_to_dealer()


def no_redeal() -> None:
    """No deal is ever redone, even when the starting table holds three or four of a kind."""
    kinds = 0
    for seed in range(3000):
        g = registry.new_game(GAME, seed=seed, players=2 + seed % 3)
        assert isinstance(g, Game)
        assert not any(e.kind == "redeal" for e in g.events)
        ranks = [c.rank for c in g.setup.table]
        kinds += any(ranks.count(r) >= 3 for r in (5, 10, 11, 12, 13))
    assert kinds  # some of those deals had three of a kind, and were kept
    four_to_dealer()
    sweep_three()


def scoring() -> None:
    for seed in range(6):
        g = played(seed, 3)
        pts = RULES.points(3)
        assert tuple(g.scores) == tuple(sum(pts[c.index] for c in p) for p in g.piles)
        best = max(g.scores)
        assert set(g.winners) == {s for s, v in enumerate(g.scores) if v == best}


def capture_and_score() -> None:
    turn()
    scoring()


def end_and_score() -> None:
    totals()
    scoring()


def first_player() -> None:
    for n in (2, 3, 4):
        for d in range(n):
            assert registry.new_game(GAME, seed=d, players=n, dealer=d).seat == (d + 1) % n


def seat_order() -> None:
    """The seat after the dealer plays first, then the next seats in order: the dealer plays last."""
    first_player()
    for n in (2, 3, 4):
        for d in range(n):
            plays = [e.seat for e in played(d, n, dealer=d).events if isinstance(e, Play)]
            assert plays == [(d + 1 + i) % n for i in range(24)] and plays[n - 1] == d


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


def the_cousin() -> None:
    players()
    deal()
    sweep_three()
    black_aces()


CHECKS: dict[str, Callable[[], None]] = {
    # the course (lessons/chinese_ten.py)
    "Chinese Ten (拣红点) is a card game for 2, 3 or 4 players with one 52-card deck.": players,
    "You capture cards from the table by pairing them; at the end the cards in your pile score.": capture_and_score,
    "The dealer lays 4 cards face up on the table and keeps 24 face down as the stock; the other 24 are shared out "
    "equally among the players.": deal,
    "The seat after the dealer plays first, and turns go on in seat order, so the dealer plays last.": seat_order,
    "Lay a card from your hand face up.": turn,
    "If a table card pairs with it, take both into your pile; if none does, your card stays on the table.": turn,
    "Then flip the top card of the stock: same rule.": turn,
    "Two cards pair when their ranks add up to 10, an Ace counting as 1: A–9, 2–8, 3–7, 4–6 and 5–5.": pairing,
    "A 10, Jack, Queen or King pairs only with another card of the same rank.": pairing,
    "Suit and colour never matter for pairing.": pairing,
    "When several table cards pair with your card you take one of them, and you choose which.": choose_one,
    "A card takes just one table card, and the cards laid on the starting table never take each other.": one_each,
    "So two rules look after a starting table with three or four cards of one rank among 5, 10, Jack, Queen, King, "
    "the ranks that pair only with themselves.": self_pairing_ranks,
    "The cards are never dealt again.": no_redeal,
    "The fourth card of that rank, played or flipped, takes all three at once.": sweep_three,
    "If all four starting cards are of one such rank, the dealer takes them into their pile before play.":
        four_to_dealer,
    "When the hands and the stock are empty, each player scores the cards in their pile; the highest score wins, "
    "and equal scores share the win.":
        end_and_score,
    "Red cards (♥ ♦) score: a red Ace 20; a red 9, 10, Jack, Queen or King 10 each; a red 2 to 8 its number.":
        red_points,
    "The red cards make 210 points in all.": red_points,
    "Black cards (♣ ♠) score nothing, except the black Aces when more play: with three players A♠ scores 30; with "
    "four players A♠ scores 30 and A♣ 40.": black_aces,
    "Every card ends in someone's pile, so the scores add up to the deck's total for that number of players.": totals,
    "Now play a short game against the computer, each step by hand: play a card, take what it pairs with, flip the "
    "stock's top card, take what that pairs with.": turn_steps,
    "Each player holds 3 cards, so the game is short.": guided_hands,
    "Play it at the table with 2, 3 or 4 players.": players,
    # the course and the rules sheet
    "Main Merah's cousin for 2 to 4 players: four cards on the table, captures of three, and black Aces that "
    "score when more play (A♠ with 3, A♠ and A♣ with 4).": the_cousin,
    "The game ends when the hands and the stock are empty.": totals,
    # the rules sheet
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
    "If all four starting cards are of one rank among 5, 10, J, Q, K, the dealer takes them into their pile before "
    "play.": four_to_dealer,
    "Each player scores the cards in their pile; cards left on the table score for nobody.": scoring,
    "The highest score wins; equal scores share the win.": scoring,
    "The player after the dealer plays first.": first_player,
    "A match is a series of games with running totals, played to a target total (1000 by default); the deal passes "
    "to the next seat each game.": match,
}
NOT_CLAIMS = {
    # the course: headings, where the next lesson goes, the closing words
    "The deal.", "Who plays first.", "A turn.", "Three of a kind.", "Four of a kind.",
    "Next: which cards pair.", "Next: what three or four cards of one rank on the starting table do.",
    "Next: which cards score, and how much.", "Next: a whole game, one step at a time.",
    "You can play a whole game of Chinese Ten now.",
    # the rules sheet: its title, lead line and headings
    "Chinese Ten: the rules",
    "Cards and points", "Set-up", "A turn", "Pairing: make ten", "For example", "The table:",
    "Three or four of a kind", "Scoring",
}


STATED = stated(GAME)
with english():
    EXAMPLE = claims_of(the_example())


def test_every_sentence_is_checked_or_listed() -> None:
    unlisted = [s for s in STATED if s not in CHECKS and s not in NOT_CLAIMS and s not in EXAMPLE]
    assert not unlisted, "\n".join(unlisted)
    stale = [s for s in [*CHECKS, *NOT_CLAIMS] if s not in STATED]  # a sentence no lesson or sheet says any more
    assert not stale, "\n".join(stale)
    assert len(STATED) > 30 and sum(s in EXAMPLE for s in STATED) >= 5


@pytest.mark.parametrize("sentence", [s for s in STATED if s in CHECKS])
def test_claim(sentence: str) -> None:
    result = CHECKS[sentence]()
    assert result is None or result is True, sentence


def test_four_of_a_kind_goes_to_the_dealer() -> None:  # the sheet's example sentence says so; played out here
    four_to_dealer()
