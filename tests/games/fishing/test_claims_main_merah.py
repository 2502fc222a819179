"""Main Merah's claims (issue 23, finding 14): every sentence its lessons and rules sheet state is either played
out against the engine here or listed as not a rule claim; a new or changed sentence fails until it is."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from claims import claims_of, english, stated
from test_claims_chinese_ten import pairing

from mainmerah.core import registry
from mainmerah.core.cards import PACK, Card, parse_cards
from mainmerah.families.fishing.rules import SELF_PAIRING, VARIANTS, get_ruleset
from mainmerah.families.fishing.state import Game

GAME = "main-merah"
RULES = get_ruleset("classic")


def played(seed: int, players: int = 2, variant: str = "classic") -> Game:
    g = registry.new_game(GAME, seed=seed, players=players, variant=variant)
    assert isinstance(g, Game)
    rng = random.Random(seed)
    while not g.is_over:
        g.act(rng.choice(g.legal_actions()))
    return g


def deck() -> None:
    assert len(played(1).all_cards()) == 52 == len(PACK)


def only_red() -> None:
    for c in PACK:
        assert (RULES.card_points(c) > 0) == c.red
    assert RULES.total(2) == RULES.total(3) == 210
    for seed in range(6):
        g = played(seed)
        assert tuple(g.scores) == tuple(sum(RULES.card_points(c) for c in p if c.red) for p in g.piles)


def turn() -> None:
    g = registry.game_from_layout(GAME, hands=["9D 5C", "AH 3S"], table="AC 5H 7D KS", stock="3H 9S 2C 8D", first=0)
    g.act("9D")  # the play takes A♣, then the flip 3♥ takes 7♦: two halves, the same rule
    assert sorted(map(str, g.piles[0])) == sorted(["9♦", "A♣", "3♥", "7♦"])  # type: ignore[attr-defined]
    g2 = registry.game_from_layout(GAME, hands=["4D 5C", "AH 3S"], table="AC 5H 7D KS", stock="2S 9S 2C 8D",
                                   first=0)
    g2.act("4D")
    assert {"4♦", "2♠"} <= set(map(str, g2.table))  # type: ignore[attr-defined]


def game_end_and_scores() -> None:
    for seed in range(6):
        g = played(seed, 3)
        assert not any(g.hands) and g.is_over
        best = max(g.scores)
        assert set(g.winners) == {s for s, v in enumerate(g.scores) if v == best}
        left = sum(RULES.card_points(c) for c in g.table)
        assert sum(g.scores) == 210 - left  # the table's cards score for nobody


def choose_one() -> None:
    g = registry.game_from_layout(GAME, hands=["9D 5C", "AH 3S"], table="AC AS 7D KS", stock="3H 9S 2C 8D", first=0)
    g.act("9D")
    assert g.decision.kind == "capture" and len(g.decision.options) == 2  # type: ignore[attr-defined]


def same_rank_same_worth() -> None:
    for c in PACK:
        found = RULES.matching(c, PACK)
        assert len({m.rank for m in found}) == 1
        assert len({RULES.card_points(m) for m in found if m.red}) == 1
        assert len({RULES.card_points(m) for m in found if not m.red}) == 1


def jb_automatic() -> None:
    jb = get_ruleset("jb")
    assert jb.auto_capture
    assert jb.auto_choice(parse_cards("AC AS AH AD")) == Card.parse("AH")
    assert jb.auto_choice(parse_cards("AC AS")) == Card.parse("AC")  # the one longest on the table


def sizes() -> None:
    assert RULES.sizes == {2: (10, 12, 20), 3: (7, 10, 21)}
    for n in (2, 3):
        g = registry.new_game(GAME, seed=n, players=n)
        assert [len(h) for h in g.setup.hands] == [RULES.sizes[n][0]] * n  # type: ignore[attr-defined]


def redeals_happen() -> None:
    assert any(any(e.kind == "redeal" for e in registry.new_game(GAME, seed=s).events) for s in range(80))


def classic_redeal() -> None:
    assert RULES.redeal_ranks == frozenset(SELF_PAIRING) == frozenset({5, 10, 11, 12, 13})
    for seed in range(60):
        g = registry.new_game(GAME, seed=seed)
        assert RULES.redeal_reason(g.setup.table) is None  # type: ignore[attr-defined]


def every_variant_redeals_self_pairing() -> None:
    for v in VARIANTS:
        assert frozenset(SELF_PAIRING) <= get_ruleset(v).redeal_ranks


def stranded_ace_and_nine() -> None:
    rng = random.Random(5)
    start = parse_cards("AH AD AC 9S 9C")
    for variant in ("classic", "cardgames"):
        assert get_ruleset(variant).redeal_reason(start + parse_cards("2H 3H 4H 6D 7D 8D 2S")) is None
        for _trial in range(6):
            rest = [c for c in PACK if c not in start]
            rng.shuffle(rest)
            filler = [c for c in rest if c.rank not in (1, 9)][:7]
            while get_ruleset(variant).redeal_reason(start + filler) is not None:
                rng.shuffle(rest)
                filler = [c for c in rest if c.rank not in (1, 9)][:7]
            others = [c for c in rest if c not in filler]
            g = Game.from_layout([others[:10], others[10:20]], start + filler, others[20:], first=0, variant=variant)
            while not g.is_over:
                g.act(rng.choice(g.legal_actions()))
            left = Counter(c.rank for c in g.table)
            assert left[1] == 1 and left[9] == 1, g.table
            assert sum(g.scores) < 210 or not any(c.red for c in g.table)


def jb_all_210() -> None:
    assert get_ruleset("jb").redeal_ranks == frozenset(range(1, 14))
    for seed in range(10):
        g = played(seed, 2 + seed % 2, "jb")
        assert not g.table and sum(g.scores) == 210


def variants_table() -> None:
    from mainmerah.families.fishing.ui.sheet import first_player_text

    assert {v: first_player_text(get_ruleset(v)) for v in VARIANTS} == {
        "classic": "the dealer", "cardgames": "the player after the dealer", "jb": "drawn at random"}


def match() -> None:
    from test_true_words import test_fishing_sheets_say_who_plays_first_and_how_a_match_goes_on as play

    play()


def pairing_and_red() -> None:
    pairing()
    only_red()


def the_example() -> list[str]:
    from mainmerah.families.fishing.rules import score_card
    from mainmerah.families.fishing.ui.sheet import example_game

    g = example_game(RULES)
    start = len(g.events)
    g.act(g.legal_actions()[0])
    out = [e.explain() for e in g.events[start:]]
    whole = example_game(RULES)
    while whole.decision is not None:
        whole.act(whole.legal_actions()[0])
    pts = RULES.points(whole.players)
    lines = [f"Seat {s}: {score_card(p, pts)}" for s, p in enumerate(whole.piles)]
    return out + ["The example played to its end: " + "; ".join(lines) + ".", "Why redeal: " + RULES.redeal_text(11, 3)
                  + "."]


PAIRS = [
    "An Ace counts as 1, so it pairs with a 9 (1 + 9 = 10).", "A 2 pairs with an 8 (2 + 8 = 10).",
    "A 3 pairs with a 7 (3 + 7 = 10).", "A 4 pairs with a 6 (4 + 6 = 10).", "A 5 pairs with another 5 (5 + 5 = 10).",
    "A ten pairs only with another ten.", "A jack pairs only with another jack.",
    "A queen pairs only with another queen.", "A king pairs only with another king.",
    "Suit never matters for pairing.", "Suit and colour never matter for pairing.",
    "Two cards pair when their ranks add up to 10, counting an Ace as 1: A–9, 2–8, 3–7, 4–6 and 5–5.",
    "A 10, Jack, Queen or King pairs only with another card of the same rank.",
    "All the pairs: A–9 2–8 3–7 4–6 5–5 10–10 J–J Q–Q K–K.",
]
CHECKS: dict[str, Callable[[], None]] = {
    **{s: pairing for s in PAIRS},
    "Main Merah (\"play red\") is played with one 52-card deck.": deck,
    "2 / 3 players, one 52-card pack.": deck,
    "You collect cards in pairs, and at the end only the red cards you collected count.": only_red,
    "Remember: only red scores, 210 points in all.": only_red,
    "210 points in the whole pack.": only_red,
    "At the end only the cards you captured count, each as this table says:": only_red,
    "A turn has two halves.": turn,
    "Play: lay a card from your hand; if a table card pairs with it, you take both into your pile; if not, your card "
    "stays on the table.": turn,
    "Flip: turn up the top card of the stock (the face-down pile); same rule.": turn,
    "Play: lay one card from your hand face up.": turn,
    "If a table card pairs with it, take both into your pile; if several pair with it, take one of them (the player "
    "chooses).": choose_one,
    "If none pairs, the card stays on the table.": turn,
    "Flip: turn up the top card of the stock.": turn,
    "The same rule: it takes a table card it pairs with, or stays on the table.": turn,
    "That is the whole game: turns until the hands and the stock run out, then count the red cards in each pile.":
        game_end_and_scores,
    "Every turn plays one hand card and flips one stock card, so the hands and the stock run out together.": sizes,
    "When your card pairs with two or more table cards you take exactly one, and you choose which.": choose_one,
    "The cards that pair with one card all have the same rank, so they are worth the same unless their colours "
    "differ: take a red one before a black one.": same_rank_same_worth,
    "The jb house rule makes that advice automatic: the game takes a red card before a black one, then the card "
    "that has lain on the table longest.": jb_automatic,
    "Two players get 10 cards each, 12 go face up on the table and 20 face down form the stock (three players: 7 "
    "each, 10 on the table, 21 in the stock).": sizes,
    "Before anyone plays, the table is checked: some tables are thrown back and dealt again.": redeals_happen,
    "The redeal rule (classic): if three or four cards of one self-pairing rank (5, 10, Jack, Queen, King) lie on "
    "the starting table, the cards are dealt again.": classic_redeal,
    "Every variant redeals three of one self-pairing rank (5, 10, J, Q, K).": every_variant_redeals_self_pairing,
    "Classic and cardgames still play three Aces with two 9s, and then one Ace and one 9 stay on the table: the "
    "piles may hold less than 210 points.": stranded_ace_and_nine,
    "Only jb, which redeals any rank lying three times, makes every game end with all 210 points in the piles.":
        jb_all_210,
    "When the hands and the stock are empty the game ends.": game_end_and_scores,
    "The game ends when the hands and the stock are empty.": game_end_and_scores,
    "Cards still on the table score for nobody.": game_end_and_scores,
    "Each player adds up the red cards in their pile; the highest score wins, and equal scores share the win.":
        game_end_and_scores,
    "Each player scores the cards in their pile; cards left on the table score for nobody.": game_end_and_scores,
    "The highest score wins; equal scores share the win.": game_end_and_scores,
    "A match is a series of games with running totals, for a number of games or to a target total.": match,
    "In every later game the player with the lowest score in the previous game plays first (on a tie, the first "
    "tied player met going clockwise from the previous game's first player, that player included).": match,
    "Variants": variants_table,
    "The Indonesian fishing game: pair cards that make ten (a ten or a court card pairs with its own rank); only red "
    "cards score, 210 points in all.": pairing_and_red,
}
NOT_CLAIMS = {
    "Let us see what each card is worth.", "Here each player has only three cards, so the game is short.",
    "You can play a whole game now.", "Play as many games as you like at the table: the link below opens it, in this "
    "language.", "Main Merah: the rules", "Cards and points", "Set-up", "A turn", "Pairing: make ten",
    "For example", "The table:", "Scoring",
}


STATED = stated(GAME)
with english():
    EXAMPLE = claims_of(the_example())


def test_every_sentence_is_checked_or_listed() -> None:
    unlisted = [s for s in STATED if s not in CHECKS and s not in NOT_CLAIMS and s not in EXAMPLE
                and not s.startswith("Next: ")]
    assert not unlisted, "\n".join(unlisted)
    assert len(STATED) > 50


@pytest.mark.parametrize("sentence", [s for s in STATED if s in CHECKS])
def test_claim(sentence: str) -> None:
    result = CHECKS[sentence]()
    assert result is None or result is True, sentence


def test_a_playable_table_is_said_to_escape_the_redeal_rule_only() -> None:
    """The deal lesson's playable table: the feedback says the redeal rule does not apply (true: the engine played
    it), not that "every card can still be captured", which a table of three Aces and two 9s shows is no
    consequence of the rule."""
    from mainmerah.families.fishing.ui.lessons.main_merah import JACKS_SEED, ok_table_task

    with english():
        task = ok_table_task(JACKS_SEED, "ok")
    (why,) = [w for _label, ok, w in task.options if ok]
    assert why.startswith("Play it: no 5, 10, Jack, Queen or King lies there three times, so the redeal rule does "
                          "not apply.") and "every card" not in why
    g = Game.new(2, "classic", JACKS_SEED)
    assert RULES.redeal_reason(g.table) is None and not any(n >= 3 for r, n in Counter(
        c.rank for c in g.table).items() if r in SELF_PAIRING)
