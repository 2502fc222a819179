"""Main Merah's claims (issue 23, finding 14): every sentence its lessons and rules sheet state is either played
out against the engine here or listed as not a rule claim; a new or changed sentence fails until it is."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from functools import cache, partial

import ipywidgets as W
import pytest
from claims import claims_of, english, failures, stated, task_texts, tasks_in
from test_claims_chinese_ten import pairing

from mainmerah.core import registry
from mainmerah.core.cards import PACK, Card, parse_cards, rank_name
from mainmerah.families.fishing.events import Capture, Redeal
from mainmerah.families.fishing.rules import PARTNER, SELF_PAIRING, VARIANTS, card_name, get_ruleset, pairs_with
from mainmerah.families.fishing.state import Game
from mainmerah.teach.cards import CardRow
from mainmerah.teach.lesson import NumberTask, PickTask, Task

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


# ----- the lessons' tasks (questions, hints, choices, clicked cards' reasons, number answers) -----------------------
# Each task sentence is checked here against the engine: by its exact text (TASK_CHECKS) or, where it is about one
# card, pair or position of a task, by a pattern whose checker parses that instance and asks the engine about it.

with english():
    TASKS = [s for s in claims_of(task_texts(GAME)) if s not in STATED]
    RANK_OF = {rank_name(r): r for r in range(1, 14)}  # the engine's own rank words: "seven" -> 7
    CARD_OF = {card_name(c).split(",")[0]: c for c in PACK}  # "ace of hearts" -> A♥, as a card face's label says
NUMBER = {"two": 2, "three": 3, "four": 4}


@cache
def course() -> dict[str, tuple[Task, ...]]:
    """Each lesson's tasks, built in English, in the learner's order (for the positions tasks show)."""
    from mainmerah.families.fishing.ui.lessons.main_merah import tutorial_lessons

    with english():
        return {spec.key: tuple(tasks_in(spec.build())) for spec in tutorial_lessons()}


def lesson_tasks() -> list[Task]:
    return [t for tasks in course().values() for t in tasks]


def task(lesson: str, key: str) -> Task:
    (found,) = [t for t in course()[lesson] if t.key == key]
    return found


def shown(widget: object) -> list[Card]:
    """The cards drawn in a task's pictures (its table, pile or played card), read from the card faces' labels."""
    found: list[Card] = []
    if isinstance(widget, W.HTML) and not isinstance(widget, CardRow):
        found += [CARD_OF[m] for m in re.findall(r'aria-label="([a-z]+ of [a-z]+),', widget.value)]
    for child in getattr(widget, "children", ()) or ():
        if not isinstance(child, CardRow):
            found += shown(child)
    return found


def picks(t: Task) -> PickTask:
    assert isinstance(t, PickTask)
    return t


def filler(*used: Card) -> list[Card]:
    """Black low cards for the other hand and the stock that pair with none of ``used`` nor each other."""
    partners = {PARTNER[c.rank] for c in used} | {c.rank for c in used}
    found = [c for c in parse_cards("2C 3C 4C 6C 7C 8C JC 2S 3S 4S 6S 7S 8S JS") if c not in used
             and c.rank not in partners][:3]
    assert len(found) == 3, used
    return found


def after_play(card: Card, table: list[Card], variant: str = "classic") -> Game:
    """``card`` played onto ``table`` (in laid order), the flip then staying: the position a task shows."""
    other, *stock = filler(card, *table)
    g = Game.from_layout(hands=[[card], [other]], table=table, stock=stock, first=0, variant=variant)
    g.act(card)
    return g


def gain(card: Card, taken: Card) -> int:
    """What ``card`` capturing ``taken`` adds to the player's score, played out."""
    g = after_play(card, [taken])
    assert [str(c) for c in g.piles[0]] == [str(card), str(taken)], g.piles
    return g.scores[0]


def points_table() -> None:
    """Red Ace 20; red 9, 10, J, Q, K 10; red 2-8 their number; every black card (clubs, spades) 0."""
    for c in PACK:
        assert c.red == (c.suit in "HD"), c
        want = (20 if c.rank == 1 else 10 if c.rank >= 9 else c.rank) if c.red else 0
        assert RULES.card_points(c) == want, c
    only_red()


def points_in_corner() -> None:
    """The lessons draw a red card with its points: the face differs from the plain one and names them."""
    from mainmerah.draw.svg import card_svg
    from mainmerah.families.fishing.rules import main_merah_points

    for c in PACK:
        if c.red:
            face = card_svg(c, 64, points=main_merah_points(c))
            assert face != card_svg(c, 64) and f"{RULES.card_points(c)} points" in face, c


def deck_groups() -> None:
    """26 red cards: 2 red Aces (40), ten red 9-K (100), a red 2-8 in each red suit (35 each): 210."""
    red = [c for c in PACK if c.red]
    aces, high, low = ([c for c in red if c.rank == 1], [c for c in red if c.rank >= 9],
                       [c for c in red if 2 <= c.rank <= 8])
    assert (len(red), len(aces), len(high), len(low)) == (26, 2, 10, 14)
    assert [sum(map(RULES.card_points, g)) for g in (aces, high, low)] == [40, 100, 70]
    for suit in "HD":
        assert sorted(c.rank for c in low if c.suit == suit) == list(range(2, 9))
        assert sum(RULES.card_points(c) for c in low if c.suit == suit) == 35
    assert RULES.total(2) == 210 == sum(map(RULES.card_points, PACK))


def at_most_210() -> None:
    """Only the 26 red cards score, so one game's scores add up to 210 at most; 106 of 210 beats any other score."""
    only_red()
    for seed in range(8):
        g = played(seed)
        assert sum(g.scores) <= RULES.total(2)
        if max(g.scores) >= 106:
            assert len(g.winners) == 1
    assert RULES.total(2) - 106 < 106 and not RULES.total(2) - 105 < 105  # 105 each is a shared win


def best_capture() -> None:
    """A capture puts both cards in the pile: the score grows by the two cards' points."""
    for a, b in (("9C", "AH"), ("3S", "7D"), ("4S", "6H"), ("QD", "QH"), ("5C", "5S")):
        ca, cb = Card.parse(a), Card.parse(b)
        assert gain(ca, cb) == RULES.card_points(ca) + RULES.card_points(cb)


def start_never_captures() -> None:
    """Pairs on the starting table stay: nothing is taken before the first card is played."""
    for variant in VARIANTS:
        g = Game.from_layout(hands=[["2C"], ["3C"]], table="AH 9S 4D 6C 5H 5D", stock="JC QC", variant=variant)
        assert [str(c) for c in g.table] == ["A♥", "9♠", "4♦", "6♣", "5♥", "5♦"] and not any(g.piles)
        assert [e.kind for e in g.events] == ["deal"]


def must_capture() -> None:
    """A card that pairs must capture: with one partner it is taken at once; with several, the only choice is
    which table card (never leaving the card on the table)."""
    g = after_play(Card.parse("AC"), parse_cards("9H 5D"))
    assert "9♥" not in map(str, g.table) and "A♣" in map(str, g.piles[0])
    g = Game.from_layout(hands=[["AC"], ["2C"]], table="9H 9S 5D", stock="3C 4C", first=0)
    g.act("AC")
    assert g.decision is not None and g.decision.kind == "capture" and sorted(g.legal_actions()) == ["9♠", "9♥"]


def first_players() -> None:
    """classic: the dealer plays first; cardgames: the seat after the dealer; jb: drawn at random."""
    for dealer in (0, 1):
        for seed in range(3):
            assert Game.new(2, "classic", seed, dealer=dealer).seat == dealer
            assert Game.new(3, "cardgames", seed, dealer=dealer).seat == dealer + 1
    for players in (2, 3):  # jb: drawn at random, whoever deals (every seat starts some deal)
        for dealer in range(players):
            assert {Game.new(players, "jb", seed, dealer=dealer).seat for seed in range(24)} == set(range(players))


def redeals_for(variant: str, ranks: set[int]) -> None:
    """``variant`` redeals three (or four) of a rank exactly for ``ranks``; two of a rank never."""
    rules = get_ruleset(variant)
    for r in range(1, 14):
        three = [Card.of(r, s) for s in "HDC"]
        assert (rules.redeal_reason(three + parse_cards("2S")) is not None) == (r in ranks), (variant, r)
        assert rules.redeal_reason(three[:2]) is None


def variants_differ() -> None:
    assert set(VARIANTS) == {"classic", "cardgames", "jb"}
    for v in ("classic", "cardgames"):
        redeals_for(v, set(SELF_PAIRING))
    redeals_for("jb", set(range(1, 14)))
    first_players()
    jb_chooses()
    match()  # "a first game": a match's later games start with the previous game's lowest scorer


def jb_chooses() -> None:
    """Under jb no capture is asked: the game takes a red card before a black one, then the longest-lying one."""
    jb_automatic()
    for played_card, table, taken in (("AS", "9C 4H 9H", "9♥"), ("4D", "6S 2H 6C", "6♠"), ("4D", "6C 6H 6S", "6♥")):
        g = after_play(Card.parse(played_card), parse_cards(table), "jb")
        assert g.decision is None or g.decision.kind == "play"
        (cap,) = [e for e in g.events if isinstance(e, Capture) and str(e.card) == str(Card.parse(played_card))]
        assert str(cap.taken) == taken and cap.how == "auto"


def jb_tasks() -> list[PickTask]:
    return [picks(t) for t in lesson_tasks() if t.topic == "jb"]


def jb_game(t: PickTask) -> tuple[Game, Capture]:
    """The jb task's position played by the engine: its played card onto its table, in the order shown."""
    (card,) = shown(t)
    g = after_play(card, list(t.row.cards), "jb")
    (cap,) = [e for e in g.events if isinstance(e, Capture) and e.card == card]
    return g, cap


def jb_left_first() -> None:
    """The jb tasks' tables are shown in laid order, left first, and the longest-lying card is the leftmost."""
    for t in jb_tasks():
        card = shown(t)[0]
        g = Game.from_layout(hands=[[card], filler(card, *t.row.cards)[:1]], table=list(t.row.cards),
                             stock=filler(card, *t.row.cards)[1:], first=0, variant="jb")
        assert list(g.table) == list(t.row.cards)
        _g, cap = jb_game(t)
        same = [c for c in cap.options if c.red == cap.taken.red]
        assert cap.taken == same[0] == min(same, key=list(t.row.cards).index)
    jb_chooses()


def jb_red_first_here() -> None:
    jb_automatic()
    assert any(jb_game(t)[1].taken.red and not all(c.red for c in jb_game(t)[1].options) for t in jb_tasks())


def jb_alone() -> None:
    """jb is one of the variants, and with several partners the game chooses: no capture decision is asked."""
    assert "jb" in VARIANTS
    for t in jb_tasks():
        g, cap = jb_game(t)
        assert len(cap.options) >= 2 and cap.how == "auto" and (g.decision is None or g.decision.kind == "play")


def choice_position(key: str) -> tuple[Card, Game]:
    t = picks(task("choices", key.removeprefix("choices-")))
    (card,) = shown(t)
    return card, after_play(card, list(t.row.cards))


def both_red_same() -> None:
    """The Queen task: the two Queens Q♣ may take are red, of one rank, worth the same."""
    _card, g = choice_position("same")
    d = g.decision
    assert d is not None and d.kind == "capture" and len(d.options) == 2
    assert all(c.red for c in d.options) and len({c.rank for c in d.options}) == 1
    assert len({RULES.card_points(c) for c in d.options}) == 1


def red_over_black() -> None:
    """Same rank, only the colour differs; in the task the red option is worth more than the black one."""
    same_rank_same_worth()
    _card, g = choice_position("choices-red")
    d = g.decision
    assert d is not None and {c.red for c in d.options} == {True, False}
    assert max(d.options, key=RULES.card_points).red


def best_task_table() -> tuple[list[Card], list[Card]]:
    t = picks(task("choices", "best"))
    return list(t.row.cards), shown(t)


def best_value(card: Card, table: list[Card]) -> int:
    """The most ``card`` takes from ``table``, by the engine: each capture it may make, played out."""
    return max((gain(card, c) for c in RULES.matching(card, table)), default=0)


def none_better() -> None:
    """The best task's right card takes the most: no card of the hand takes more on its table."""
    t = picks(task("choices", "best"))
    hand, table = best_task_table()
    best = max(best_value(c, table) for c in hand)
    assert t.targets and all(best_value(c, table) == best for c in t.targets)


def found_four() -> None:
    t = picks(task("cards", "red"))
    assert sum(RULES.card_points(c) > 0 for c in t.row.cards) == 4


def redeal_tasks_redeal() -> None:
    """The redeal tasks' tables: the engine redeals each; the playable task's table it plays."""
    from mainmerah.families.fishing.ui.lessons.main_merah import FIVES_SEED, JACKS_SEED

    for key, seed in (("jacks", JACKS_SEED), ("fives", FIVES_SEED)):
        table = shown(task("deal", key))
        assert RULES.redeal_reason(table) is not None, key
        assert any(e.kind == "redeal" and list(e.table) == table for e in Game.new(2, "classic", seed).events)


def ok_table_plays() -> None:
    from mainmerah.families.fishing.ui.lessons.main_merah import JACKS_SEED

    table = shown(task("deal", "ok"))
    assert table == list(Game.new(2, "classic", JACKS_SEED).setup.table) and RULES.redeal_reason(table) is None
    assert not [r for r, n in Counter(c.rank for c in table).items() if n >= 3 and r in SELF_PAIRING]


def strand_of(table: list[Card], seed: int) -> Counter[int]:
    """Ranks left on the table at the end when ``table`` starts (redeal or not), the rest dealt and played randomly."""
    rng = random.Random(seed)
    rest = [c for c in PACK if c not in table]
    rng.shuffle(rest)
    g = Game.from_layout(hands=[rest[:10], rest[10:20]], table=table, stock=rest[20:], first=0)
    while not g.is_over:
        g.act(rng.choice(g.legal_actions()))
    assert sum(g.scores) == 210 - sum(map(RULES.card_points, g.table))  # the table's cards score for nobody
    return Counter(c.rank for c in g.table)


def redealt_tables() -> list[tuple[int, int, list[Card]]]:
    """The redeal tasks' tables: (rank, how many, table)."""
    out = []
    for key in ("jacks", "fives"):
        table = shown(task("deal", key))
        rank = RULES.redeal_rank(table)
        assert rank is not None
        out.append((rank, sum(c.rank == rank for c in table), table))
    return out


def three_stuck() -> None:
    """Three of a self-pairing rank on the starting table: the fourth takes one, two stay all game."""
    for rank, n, table in redealt_tables():
        assert rank in SELF_PAIRING and n == 3
        for seed in range(4):
            assert strand_of(table, seed)[rank] == n - (4 - n) == 2


@cache
def stranded_playouts() -> tuple[Game, ...]:
    """The stranded-pair deal (three Aces, two 9s) played out with random and greedy choices."""
    from mainmerah.families.fishing.bots import make_bot, play_out
    from mainmerah.families.fishing.ui.lessons.main_merah import STRANDED_SEED

    games = []
    for i in range(12):
        g = Game.new(2, "classic", STRANDED_SEED)
        kind = "greedy" if i % 3 == 0 else "random"
        play_out(g, [make_bot(kind, 300 + 2 * i), make_bot("random", 301 + 2 * i)])
        games.append(g)
    return tuple(games)


def stranded_deal() -> Game:
    from mainmerah.families.fishing.ui.lessons.main_merah import STRANDED_SEED

    return Game.new(2, "classic", STRANDED_SEED)


def one_ace_one_nine() -> None:
    """Whatever is played, exactly one Ace and one 9 of the deal stay on the table."""
    start = stranded_deal().setup.table
    assert sum(c.rank in (1, 9) for c in start) == 5 and sum(c.rank in (1, 9) for c in PACK) == 8
    for g in stranded_playouts():
        left = Counter(c.rank for c in g.table)
        assert left[1] == 1 and left[9] == 1 and len(g.table) == 2, g.table
    start_never_captures()


def later_ones_capture() -> None:
    """Every Ace or 9 played or flipped later takes one card of the group: five start, three come, two stay."""
    one_ace_one_nine()
    for g in stranded_playouts():
        for e in g.events:
            if e.kind in ("capture", "stay") and e.card.rank in (1, 9):
                assert isinstance(e, Capture) and e.taken.rank == PARTNER[e.card.rank], e


def not_every_card() -> None:
    """The wrong answer "every card gets captured" is wrong: something stays in every play-out."""
    assert all(g.table for g in stranded_playouts())
    one_ace_one_nine()


def count_fixed() -> None:
    """Good or bad play (greedy or random) leaves the same count; a pairing card must capture."""
    must_capture()
    assert len({len(g.table) for g in stranded_playouts()}) == 1
    one_ace_one_nine()


def which_ace_varies() -> None:
    assert len({next(c for c in g.table if c.rank == 1) for g in stranded_playouts()}) >= 2
    one_ace_one_nine()


def playouts_differ() -> None:
    """Each press plays another game of the same deal: the play-outs do not all go alike."""
    from mainmerah.families.fishing.ui.lessons.main_merah import played_out

    games = [played_out(n) for n in (1, 2, 3)]
    assert len({tuple(map(str, g.events)) for g in games}) > 1
    assert len({g.setup for g in games}) == 1  # the same deal


def classic_plays_stranded() -> None:
    g = stranded_deal()
    assert RULES.redeal_reason(g.setup.table) is None and not any(e.kind == "redeal" and list(e.table) == list(
        g.setup.table) for e in g.events)
    assert get_ruleset("cardgames").redeal_reason(g.setup.table) is None


def jb_refuses_stranded() -> None:
    """jb redeals that very table (three Aces); in jb every game ends with all 210 points in the piles."""
    from mainmerah.families.fishing.ui.lessons.main_merah import STRANDED_SEED

    r = next(e for e in Game.new(2, "jb", STRANDED_SEED).events if isinstance(e, Redeal))
    assert list(r.table) == list(stranded_deal().setup.table) and r.rank == 1 and r.count == 3
    jb_all_210()


def scoring_pile_is_mine() -> None:
    from mainmerah.families.fishing.ui.lessons.main_merah import scoring_game

    g = scoring_game()
    assert g.is_over and list(picks(task("scoring", "mine")).row.cards) == list(g.piles[0])


def computer_wins() -> None:
    from mainmerah.families.fishing.ui.lessons.main_merah import scoring_game

    g = scoring_game()
    assert g.winners == (1,) and g.scores[1] > g.scores[0]


def nothing_left_210() -> None:
    from mainmerah.families.fishing.ui.lessons.main_merah import scoring_game

    g = scoring_game()
    assert not g.table and sum(g.scores) == 210


def all_explained() -> None:
    """The guided game's every event (play, capture, stay, flip) has the engine's explanation."""
    from mainmerah.families.fishing.ui.lessons.main_merah import guided_game_widget

    shown_game = task("scoring", "game").widget.game  # type: ignore[attr-defined]
    assert isinstance(shown_game, Game) and shown_game.setup == guided_game_widget().game.setup
    g = Game(shown_game.setup, check=False)  # the same deal, played here to its end
    rng = random.Random(1)
    while not g.is_over:
        g.act(rng.choice(g.legal_actions()))
    kinds = {e.kind for e in g.events}
    assert {"play", "capture", "flip"} <= kinds
    assert all(e.explain().strip() for e in g.events)


def turn_and_choice() -> None:
    turn()
    choose_one()


def pairing_and_points() -> None:
    pairing()
    points_table()


TASK_CHECKS: dict[str, Callable[[], None]] = {
    # lesson 1: cards and points
    "Only red cards (♥ ♦) score: a red Ace 20; a red 9, 10, Jack, Queen or King 10; a red 2 to 8 its number.":
        points_table,
    "Every black card (♣ ♠) is worth 0.": points_table,
    "That is the whole scoring rule: only red cards (♥ ♦) score.": points_table,
    "A red Ace 20; a red 9, 10, J, Q or K 10; a red 2 to 8 its number; any black card (♣ ♠) 0.": points_table,
    "A red card shows its points in its corner.": points_in_corner,
    "Found all four.": found_four,
    "Suit never matters for pairing, but colour decides the points.": pairing_and_points,
    "Only the red cards (♥ ♦) count: find them first, then add their points.": points_table,
    "Remember: black 0; red Ace 20; red 9, 10, J, Q, K 10 each; red 2 to 8 their number.": points_table,
    "The whole deck has 26 red cards: 2 red Aces; 10 red 9s, 10s, Jacks, Queens and Kings; and a 2, 3, 4, 5, 6, 7 "
    "and 8 in hearts and in diamonds.": deck_groups,
    "Make three groups: the two red Aces; the red cards from 9 to King; the red 2 to 8.": deck_groups,
    "2 × 20 + 10 × 10 + 2 × (2 + 3 + 4 + 5 + 6 + 7 + 8) = 40 + 100 + 70 = 210.": deck_groups,
    "Every point of a game comes from these 26 cards, so the scores of one game add up to 210 at most; in a "
    "two-player game, 106 points guarantee the win.": at_most_210,
    "Add the three groups: the Aces 2 × 20 = 40; the ten cards from 9 to King 10 × 10 = 100; and 2 + 3 + … + 8 = "
    "35 in each red suit.": deck_groups,
    # lesson 2: pairing (the hint ladder's rule)
    "Two cards pair when their ranks add up to 10, an Ace counting 1: A–9, 2–8, 3–7, 4–6, 5–5.": pairing,
    "A 10, Jack, Queen or King pairs only with the same rank.": pairing,
    "Suit never matters.": pairing,
    # lesson 3: one turn
    "Play this short game against the computer, one step at a time: play a card, take the table card it pairs "
    "with, flip the stock, take what the flipped card pairs with.": turn,
    # lesson 4: choices
    "The cards that pair with one card share its partner rank, so only colour makes them differ: take a red one "
    "before a black one.": red_over_black,
    "Same rank, so only the colour differs: take the red one.": red_over_black,
    "Both are red cards of the same rank, so both are worth the same: either is right.": both_red_same,
    "For each card in your hand, find its partner on the table and add the points of the two cards; the card with "
    "the highest total takes the most.": best_capture,
    "No card in your hand takes more on this table.": none_better,
    "House rule jb, one of the game's variants: when your card pairs with several table cards, the game chooses "
    "which one you take.": jb_alone,
    "(The table cards were laid from left to right.)": jb_left_first,
    "Under jb the game chooses for you: a red card before a black one, then the card that has lain on the table "
    "longest (the one laid first, on the left).": jb_left_first,
    "The jb rule takes a red card before a black one.": jb_red_first_here,
    # lesson 5: the deal
    "Look again: count the cards of each rank, and compare with the redeal rule above.": redeal_tasks_redeal,
    "Redeal.": redeal_tasks_redeal,
    "Play it: no 5, 10, Jack, Queen or King lies there three times, so the redeal rule does not apply.":
        ok_table_plays,
    "The redeal rule asks for three of a 5, 10, Jack, Queen or King.": classic_redeal,
    "Classic plays it.": classic_plays_stranded,
    "Cards on the starting table never capture each other: only cards played or flipped later can take them.":
        start_never_captures,
    "Nothing: every card gets captured": not_every_card,  # an answer the lesson calls wrong: shown wrong here
    "Not here.": not_every_card,
    "Each takes one table card: three of the five go, two stay, and they are one Ace and one 9.": later_ones_capture,
    "One Ace and one 9, whatever anyone plays": one_ace_one_nine,
    "Yes.": one_ace_one_nine,
    "5 of the 8 Aces and 9s start on the table, and starting cards never capture each other.": one_ace_one_nine,
    "Every later Ace takes a 9 and every later 9 takes an Ace, so exactly 5 − 4 = 1 Ace and 1 nine stay.":
        later_ones_capture,
    "It depends on how well you play": count_fixed,  # an answer the lesson calls wrong: shown wrong here
    "It does not: nobody chooses whether an Ace or a 9 captures (a card that pairs must capture), so the count is "
    "fixed.": count_fixed,
    "Which Ace stays can depend on the choices; that one does is certain.": which_ace_varies,
    "Check it: let the computer play the whole game (press again for another game, with other choices).":
        playouts_differ,
    "Main Merah is played by three sets of rules, its variants: • classic: the main rules; the dealer starts a first "
    "game; three 5s, 10s, Jacks, Queens or Kings are redealt.": variants_differ,
    "• cardgames: the same redeal rule; the player after the dealer starts a first game.": variants_differ,
    "• jb (a house rule): any rank lying three times is redealt, a first game's first player is drawn at random, "
    "and the game chooses your captures for you (a red card first, then the one on the table longest).":
        variants_differ,
    "Its rule redeals when ANY rank lies three times on the starting table, so this game could never begin, and the "
    "stranded pair never happens: in jb every game ends with the table empty and 210 points in the piles.":
        jb_refuses_stranded,
    # lesson 6: scoring and a guided game
    "This is your pile after a whole game.": scoring_pile_is_mine,
    "Only the red cards (♥ ♦) count: find them first.": points_table,
    "The computer wins.": computer_wins,
    "Nothing was left on the table, so the two scores add up to 210.": nothing_left_210,
    "Every play, capture and flip is explained as it happens.": all_explained,
}


# ----- patterns: a sentence about one card, pair or position, checked for that instance ------------------------------
def card(m: re.Match[str], name: str) -> Card:
    return Card.parse(m[name])


def rank_word_is(word: str, rank: int) -> None:
    assert RANK_OF[word.lower()] == rank, (word, rank)


def partner_rank(c: Card) -> int:
    """The one rank ``c`` pairs with, asked of the engine's pairing rule over the whole pack."""
    (rank,) = {o.rank for o in PACK if pairs_with(c, o)}
    return rank


def self_pairing(word: str) -> int:
    """The rank named pairs only with itself (by the engine), and is one of the self-pairing ranks."""
    rank = RANK_OF[word.lower()]
    assert partner_rank(Card.of(rank, "S")) == rank and rank in SELF_PAIRING, word
    return rank


def count(c: Card) -> int:  # an Ace counts as 1
    return c.rank


def red_ace(m: re.Match[str]) -> None:
    c = card(m, "c")
    assert c.red and c.rank == 1 and RULES.card_points(c) == 20 == max(map(RULES.card_points, PACK))


def red_low(m: re.Match[str]) -> None:
    c = card(m, "c")
    assert c.red and 2 <= c.rank <= 8 and RULES.card_points(c) == c.rank == int(m["n"])
    assert all(RULES.card_points(o) == o.rank for o in PACK if o.red and 2 <= o.rank <= 8)


def black_card(m: re.Match[str]) -> None:
    c = card(m, "c")
    assert not c.red and RULES.card_points(c) == 0
    assert all(RULES.card_points(o) == 0 for o in PACK if not o.red)


def red_high(m: re.Match[str]) -> None:
    c = card(m, "c")
    rank_word_is(m["rank"], c.rank)
    assert c.red and RULES.card_points(c) == 10
    assert all(RULES.card_points(o) == 10 for o in PACK if o.red and o.rank >= 9)


def worth_n(m: re.Match[str]) -> None:
    assert RULES.card_points(card(m, "c")) == int(m["n"])


def piles_shown() -> list[list[Card]]:
    """The piles the lessons show: the tally task's pile and the scoring game's two piles."""
    from mainmerah.families.fishing.ui.lessons.main_merah import scoring_game

    return [shown(task("cards", "tally")), shown(task("scoring", "theirs")), *map(list, scoring_game().piles)]


def score_sum(m: re.Match[str]) -> None:
    """"A♦ 20 + 9♣ 0 + … (+ n black cards worth 0) = 43": each card's points and the total by the engine, and the
    cards are a pile the lesson shows (all of it, or its red cards and the count of its black ones)."""
    terms = [t.rsplit(" ", 1) for t in m["terms"].split(" + ")]
    cards = [Card.parse(c) for c, _n in terms]
    for c, (_name, n) in zip(cards, terms, strict=True):
        assert RULES.card_points(c) == int(n), c
    assert sum(map(RULES.card_points, cards)) == int(m["total"])
    black = int(m["black"] or 0)
    assert any(sorted(cards) == sorted(p) or (sorted(cards) == sorted(c for c in p if c.red)
                                             and black == sum(not c.red for c in p)) for p in piles_shown()), cards


def engine_answer(t: NumberTask) -> int:
    """A number task's answer worked out by the engine: the shown pile's points, or the pack's."""
    if t.key == "deck":
        return sum(map(RULES.card_points, PACK))
    pile = shown(t)
    assert pile, t.key
    return sum(map(RULES.card_points, pile))


def not_it(m: re.Match[str]) -> None:
    """"44 is not it": every number task that says so (to a number it does not accept) has, by the engine, another
    answer."""
    n = int(m["n"])
    said = [t for t in lesson_tasks() if isinstance(t, NumberTask) and n != t.answer
            and any(t._hint(n, k).startswith(m[0]) for k in (1, 2, 3))]
    assert said and all(engine_answer(t) != n for t in said)


def number_answers() -> None:
    """Each number task's accepted answer is the engine's."""
    for t in lesson_tasks():
        if isinstance(t, NumberTask):
            assert t.answer == engine_answer(t), t.key


def pairs_sum(m: re.Match[str]) -> None:
    a, b = card(m, "a"), card(m, "b")
    assert pairs_with(a, b) and (count(a), count(b)) == (int(m["x"]), int(m["y"])) and int(m["x"]) + int(m["y"]) == 10
    if m["pts"]:
        assert gain(a, b) == int(m["pts"])


def pairs_ace(m: re.Match[str]) -> None:
    a, b = card(m, "a"), card(m, "b")
    assert pairs_with(a, b) and {count(a), count(b)} == {1, 9}


def pairs_same(m: re.Match[str]) -> None:
    a, b = card(m, "a"), card(m, "b")
    rank = self_pairing(m["r"])
    assert pairs_with(a, b) and a.rank == b.rank == rank
    if m["pts"]:
        assert gain(a, b) == int(m["pts"])


def no_pair_sum(m: re.Match[str]) -> None:
    a, b = card(m, "a"), card(m, "b")
    x, y, s = int(m["x"]), int(m["y"]), int(m["s"])
    assert not pairs_with(a, b) and (count(a), count(b)) == (x, y) and x + y == s != 10
    rank_word_is(m["r"], partner_rank(a))


def no_pair_self(m: re.Match[str]) -> None:
    a, b = card(m, "a"), card(m, "b")
    rank = self_pairing(m["r"])
    assert not pairs_with(a, b) and rank in (a.rank, b.rank)


def partners_found(m: re.Match[str]) -> None:
    """"All n partners found": each pairing task saying so shows n table cards that pair, by the engine."""
    said = [picks(t) for t in lesson_tasks() if t.topic == "pairing" and picks(t)._done == m[0]]
    assert said
    for t in said:
        (played_card,) = shown(t)
        assert len(RULES.matching(played_card, list(t.row.cards))) == int(m["n"])


def would_take(m: re.Match[str]) -> None:
    """"9♣ would take A♥: 20 points": on the best task's table A♥ is 9♣'s best capture, worth that, played out."""
    hand, table = best_task_table()
    a, b = card(m, "a"), card(m, "b")
    assert a in hand and b in table and pairs_with(a, b)
    assert gain(a, b) == int(m["n"]) == best_value(a, table)
    if m["better"]:
        assert best_value(a, table) == max(best_value(c, table) for c in hand)


def two_pair(m: re.Match[str]) -> None:
    """"You play 4♠, and two table cards pair with it": that task's table, asked of the engine."""
    c = card(m, "c")
    (t,) = [picks(t) for t in lesson_tasks() if isinstance(t, PickTask) and t.prompt.startswith(m[0])]
    assert shown(t) == [c] and len(RULES.matching(c, list(t.row.cards))) == NUMBER[m["n"]]
    g = after_play(c, list(t.row.cards))
    assert g.decision is not None and len(g.decision.options) == NUMBER[m["n"]]


def may_take_black(m: re.Match[str]) -> None:
    """"6♣ pairs with 4♠ too, and the rules let you take it, but it is black: 0 points": in that task's position."""
    t, c = card(m, "t"), card(m, "c")
    _card, g = choice_position("choices-red")
    assert _card == c and g.decision is not None and t in g.decision.options
    assert not t.red and RULES.card_points(t) == 0
    g.act(t)
    assert t in g.piles[0]


def jb_passes(m: re.Match[str]) -> None:
    """"9♣ pairs too, but the jb rule does not take it": in the jb task showing it, played by the engine."""
    t = card(m, "t")
    said = [jt for jt in jb_tasks() if t in jt.row.cards]
    assert said
    for jt in said:
        _g, cap = jb_game(jt)
        assert t in cap.options and cap.taken != t


def jb_longest(m: re.Match[str]) -> None:
    """"The jb rule takes the card that has lain on the table longest (6♠)": in the jb task showing 6♠."""
    c = card(m, "c")
    said = [jt for jt in jb_tasks() if c in jt.row.cards]
    assert said
    for jt in said:
        _g, cap = jb_game(jt)
        assert cap.taken == c == cap.options[0] and list(jt.row.cards).index(c) == min(
            list(jt.row.cards).index(o) for o in cap.options)
        assert len({o.red for o in cap.options}) == 1  # no colour to prefer: the age alone decides


def redealt_rank(m: re.Match[str]) -> None:
    """"3 jacks on the table: a jack pairs only with another jack, so they could never all be captured"."""
    rank = self_pairing(m["r"])
    assert RANK_OF[m["rs"].removesuffix("s")] == rank
    tables = [tb for r, n, tb in redealt_tables() if r == rank and n == int(m["n"])]
    assert tables
    for tb in tables:
        assert RULES.redeal_rank(tb) == rank
        assert all(strand_of(tb, seed)[rank] > 0 for seed in range(3))


def only_later(m: re.Match[str]) -> None:
    """"... a jack there can only be taken by a jack played or flipped later, and only 1 more exists"."""
    start_never_captures()
    rank = self_pairing(m["r"])
    tables = [(n, tb) for r, n, tb in redealt_tables() if r == rank]
    assert tables and all(sum(c.rank == rank for c in PACK) - n == int(m["k"]) for n, _tb in tables)


def lie_all_game(m: re.Match[str]) -> None:
    """"So 2 of them would lie on the table all game and score for nobody": played out on each redeal task's table."""
    for rank, _n, table in redealt_tables():
        for seed in range(3):
            assert strand_of(table, seed)[rank] == int(m["k"])  # (strand_of checks they score for nobody)


def really_redealt(m: re.Match[str]) -> None:
    from mainmerah.families.fishing.dealcode import decode

    g = decode(m["code"]).game()
    redeals = [e for e in g.events if isinstance(e, Redeal)]
    assert redeals and all(RULES.redeal_rank(e.table) == e.rank for e in redeals)
    assert any(list(e.table) in [tb for _r, _n, tb in redealt_tables()] for e in redeals)


def finally_played(m: re.Match[str]) -> None:
    from mainmerah.families.fishing.dealcode import decode

    g = decode(m["code"]).game()
    assert any(e.kind == "redeal" for e in g.events) and list(g.setup.table) == shown(task("deal", "ok"))
    assert RULES.redeal_reason(g.setup.table) is None


def aces_and_nines(m: re.Match[str]) -> None:
    """"Deal … (a real shuffle) lays A♣ 9♣ 9♥ A♦ A♥ on the table: three Aces and two 9s"."""
    from mainmerah.families.fishing.dealcode import decode

    g = decode(m["code"]).game()
    cards = parse_cards(m["cards"])
    assert [c for c in g.setup.table if c.rank in (1, 9)] == list(cards)
    assert Counter(c.rank for c in cards) == {1: 3, 9: 2} and g.setup == stranded_deal().setup


def later_three(m: re.Match[str]) -> None:
    """"... only the later Aces and 9s can clear the group, and just three exist (9♦ 9♠ A♠)"."""
    g = stranded_deal()
    later = [c for c in PACK if c.rank in (1, 9) and c not in g.setup.table]
    assert sorted(later) == sorted(parse_cards(m["cards"])) and len(later) == 3
    later_ones_capture()


def redeals_only_self(m: re.Match[str]) -> None:
    redeals_for(m["v"], set(SELF_PAIRING))


def can_start(m: re.Match[str]) -> None:
    from mainmerah.families.fishing.dealcode import decode

    g = decode(m["code"]).game()
    assert sum(c.rank == 1 for c in g.setup.table) == 3 and g.setup == stranded_deal().setup
    assert not g.is_over and g.legal_actions()  # the game is there to be played
    classic_plays_stranded()


def jb_aces(m: re.Match[str]) -> None:
    """"jb: 3 aces on the table: the jb variant allows at most two cards of any rank on the starting table"."""
    redeals_for("jb", set(range(1, 14)))
    jb_refuses_stranded()
    assert sum(c.rank == 1 for c in stranded_deal().setup.table) == int(m["n"])


def running_total(m: re.Match[str]) -> None:
    """"Running total: n": the scoring task clicked red card by red card (as a learner does) says, after each
    pick, the engine's points of the cards picked so far; n must be one of the totals it says."""
    with english():
        from mainmerah.families.fishing.ui.lessons.main_merah import lesson_scoring

        (fresh,) = [x for x in tasks_in(lesson_scoring()) if x.key == "mine"]  # a fresh task: clicks change it
        t = picks(fresh)
        seen = []
        for c in t.targets:
            t.pick(c)
            totals = [int(x) for x in re.findall(r"Running total: (\d+)\.", t._right(c))]
            want = sum(RULES.card_points(x) for x in t.picked)
            assert totals == [want], (c, totals, want)
            seen.append(want)
    assert int(m["n"]) in seen, f"'{m[0]}' is never said: after a pick the total is {seen[:3]}…"


def winners_scores(m: re.Match[str]) -> None:
    from mainmerah.families.fishing.ui.lessons.main_merah import scoring_game

    g = scoring_game()
    assert g.scores == (int(m["a"]), int(m["b"]))
    assert list(g.scores) == [sum(map(RULES.card_points, p)) for p in g.piles]


# ----- what a learner meets answering every way (the default hints, repeated picks, each wrong number, a button) ---
def engine_targets(t: PickTask) -> list[Card]:
    """The cards of a pick task that are right, worked out by the engine for what the task asks: the table cards
    the played card pairs with; the best capture (played out); the hand card taking the most; jb's automatic
    capture; the cards that score (every card, where the task only shows each card's worth)."""
    row = list(t.row.cards)
    if t.topic == "pairing":
        (played_card,) = shown(t)
        return RULES.matching(played_card, row)
    if t.topic == "red-first":
        (played_card,) = shown(t)
        g = after_play(played_card, row)
        assert g.decision is not None and g.decision.kind == "capture"
        best = max(gain(played_card, o) for o in g.decision.options)
        return [o for o in g.decision.options if gain(played_card, o) == best]
    if t.topic == "best":
        hand, table = best_task_table()
        best = max(best_value(c, table) for c in hand)
        return [c for c in hand if best_value(c, table) == best]
    if t.topic == "jb":
        return [jb_game(t)[1].taken]
    assert t.topic == "points", t.key
    return row if t.key == "reveal" else [c for c in row if RULES.card_points(c) > 0]


def pick_tasks() -> list[PickTask]:
    """Every pick task, its right cards checked to be the engine's."""
    found = [t for t in lesson_tasks() if isinstance(t, PickTask)]
    for t in found:
        assert sorted(t.targets) == sorted(engine_targets(t)), t.key
    return found


def nudged(sentence: str) -> list[PickTask]:
    """The pick tasks whose hint ladder starts with ``sentence`` (their default nudge, nothing picked yet)."""
    said = [t for t in pick_tasks() if not t.nudge and not t.picked and t.default_nudge() == sentence]
    assert said, sentence
    return said


def look_at(m: re.Match[str]) -> None:
    """"Look at the 7s.": in each task nudging so, every card the engine finds right is of that rank."""
    with english():
        from mainmerah.teach.lesson import rank_word

        rank = {rank_word(r): r for r in range(1, 14)}[m["r"]]
    for t in nudged(m[0]):
        assert {c.rank for c in engine_targets(t)} == {rank}, (t.key, engine_targets(t))


def look_at_colours() -> None:
    """"Look at the colours: hearts and diamonds are red, clubs and spades black": the right cards are exactly
    the red ones, by the engine's points, and ♥ ♦ are the red suits."""
    points_table()
    for t in nudged("Look at the colours: hearts and diamonds are red, clubs and spades black."):
        assert sorted(engine_targets(t)) == sorted(c for c in t.row.cards if c.suit in "HD"), t.key
        assert any(c.suit in "CS" for c in t.row.cards)


def nothing_wrong(m: re.Match[str]) -> None:
    """"Nothing here can be wrong: choose each of the 8 cards ...": every card shown is one to choose."""
    for t in nudged(m[0]):
        assert sorted(engine_targets(t)) == sorted(t.row.cards) and len(t.row.cards) == int(m["n"]), t.key


def more_to_find(m: re.Match[str]) -> None:
    """"7 more to find.": a pick task has more right cards (by the engine) than that, so after a right pick n can
    be left."""
    n = int(m["n"])
    assert n >= 2 and any(t.need == len(engine_targets(t)) > n for t in pick_tasks())


def already_picked(m: re.Match[str]) -> None:
    """"You already picked A♥.": a card a learner can pick rightly (and so pick again), by the engine."""
    c = card(m, "c")
    assert any(c in engine_targets(t) for t in pick_tasks()), c


def pile_as_if_red(pile: list[Card]) -> int:
    """A pile's points with its black cards counted as the red cards of their rank are."""
    return sum(RULES.card_points(c if c.red else Card.of(c.rank, "H")) for c in pile)


def number_tasks() -> list[NumberTask]:
    return [t for t in lesson_tasks() if isinstance(t, NumberTask)]


def counts_black(m: re.Match[str]) -> None:
    """"56 counts the black cards too.": in each task saying so, 56 is its pile's points with the black cards
    counted as red ones are, and not the engine's answer."""
    n = int(m["n"])
    said = [t for t in number_tasks() if n != t.answer and any(t._hint(n, k).startswith(m[0]) for k in (1, 2, 3))]
    assert said
    for t in said:
        pile = shown(t)
        assert any(not c.red and RULES.card_points(Card.of(c.rank, "H")) for c in pile)
        assert pile_as_if_red(pile) == n != engine_answer(t), t.key


def add_only_red() -> None:
    """"Black cards are worth 0: add up only ♥ and ♦.": each pile task's answer is its ♥ ♦ cards' points."""
    points_table()
    for t in number_tasks():
        if t.key != "deck":
            assert engine_answer(t) == sum(RULES.card_points(c) for c in shown(t) if c.suit in "HD"), t.key


PRESSES = (1, 2, 3)  # the play-outs the button shows (task_texts presses it three times)


def played_scores(m: re.Match[str]) -> None:
    """"Played out (game 2, random choices): scores 121 and 69.": that play-out's scores, the engine's points of
    each pile."""
    from mainmerah.families.fishing.ui.lessons.main_merah import played_out

    g = played_out(int(m["n"]))
    assert g.is_over and g.setup == stranded_deal().setup
    assert list(g.scores) == [int(m["a"]), int(m["b"])] == [sum(map(RULES.card_points, p)) for p in g.piles]


def stayed(m: re.Match[str]) -> None:
    """"A♣ 9♥ stayed on the table and score for nobody (10 points).": a play-out ends with exactly those cards on
    the table, worth that, in no pile's score."""
    from mainmerah.families.fishing.ui.lessons.main_merah import played_out

    cards = sorted(parse_cards(m["cards"]))
    games = [g for g in map(played_out, PRESSES) if sorted(g.table) == cards]
    assert games and sum(map(RULES.card_points, cards)) == int(m["n"])
    for g in games:
        assert sum(g.scores) == 210 - int(m["n"])


def class_held(m: re.Match[str]) -> None:
    """"The starting table held 5 cards of the ace/nine class.": a pairing class (by the engine) of two ranks."""
    a, b = RANK_OF[m["a"]], RANK_OF[m["b"]]
    assert a != b and partner_rank(Card.of(a, "S")) == b
    assert sum(c.rank in (a, b) for c in stranded_deal().setup.table) == int(m["n"])


def bound_to_stay(m: re.Match[str]) -> None:
    """"A card captures only when it is played or flipped, and each later ace or nine took one of them, so 1 of
    each was bound to stay whatever anyone played.": in every play-out shown (and others), each later Ace or 9
    took a starting card of the group, and k of each rank stayed."""
    from mainmerah.families.fishing.ui.lessons.main_merah import played_out

    a, b = RANK_OF[m["a"]], RANK_OF[m["b"]]
    start_never_captures()
    later_ones_capture()
    start = stranded_deal().setup.table
    k = int(m["k"])
    assert k == sum(c.rank in (a, b) for c in start) - 4
    for g in [*map(played_out, PRESSES), *stranded_playouts()]:
        left = Counter(c.rank for c in g.table)
        assert left[a] == left[b] == k
        for e in g.events:
            if isinstance(e, Capture) and e.card.rank in (a, b):
                assert e.taken in start and e.taken.rank in (a, b), e


def piles_points(m: re.Match[str]) -> None:
    """"Points in the piles: 200 of 210.": a play-out's piles hold that many points, of the pack's 210."""
    from mainmerah.families.fishing.ui.lessons.main_merah import played_out

    assert int(m["of"]) == sum(map(RULES.card_points, PACK)) == RULES.total(2)
    assert int(m["n"]) in [sum(sum(map(RULES.card_points, p)) for p in g.piles) for g in map(played_out, PRESSES)]


def stranded_classic_wrong() -> None:
    classic_plays_stranded()
    jb_refuses_stranded()


TASK_CHECKS.update({  # lesson 1's default nudge and a hint for one mistake (checked with the helpers above)
    "Look at the colours: hearts and diamonds are red, clubs and spades black.": look_at_colours,
    "Black cards are worth 0: add up only ♥ and ♦.": add_only_red,
})
WRONG_ANSWER: dict[str, Callable[[], None]] = {  # an answer a task calls wrong, shown wrong by the engine
    "classic": stranded_classic_wrong, "cardgames": stranded_classic_wrong, "You": computer_wins,
    "Play it": redeal_tasks_redeal, "Nothing: every card gets captured": not_every_card,
    "It depends on how well you play": count_fixed,
}


def not_answer(m: re.Match[str]) -> None:
    """"Not “classic”: No: classic redeals only ...": the rule rung names a wrong answer and why; the answer is
    wrong by the engine, and the why is checked as itself."""
    WRONG_ANSWER[m["label"]]()
    checks = task_mapping(m["why"])
    assert checks, m["why"]
    for check in checks:
        check()


CARD = r"(?:10|[2-9AJQK])[♥♦♣♠]"
PATTERNS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], None]]] = [(re.compile(p), f) for p, f in [
    (rf"(?P<c>{CARD}) is a red Ace: the most valuable card, 20 points\.", red_ace),
    (rf"(?P<c>{CARD}) is red: a red 2 to 8 is worth its number, (?P<n>\d+) points?\.", red_low),
    (rf"(?P<c>{CARD}) is black: black cards score nothing, whatever their rank\.", black_card),
    (rf"(?P<c>{CARD}) is a red (?P<rank>\w+): red 9s, 10s, Jacks, Queens and Kings are worth 10 points each\.",
     red_high),
    (rf"(?P<c>{CARD}) is worth (?P<n>\d+) points?\.", worth_n),
    (rf"(?:Yes: |Card by card: |Your score card: )(?P<terms>{CARD} \d+(?: \+ {CARD} \d+)*)"
     r"(?: \(\+ (?P<black>\d+) black cards? worth 0\))? = (?P<total>\d+)\.", score_sum),
    (r"(?P<n>-?\d+) is not it\.", not_it),
    (rf"(?P<a>{CARD}) pairs with (?P<b>{CARD}) because (?P<x>\d+) \+ (?P<y>\d+) = 10"
     r"(?:: (?P<pts>\d+) points? for you)?\.", pairs_sum),
    (rf"(?P<a>{CARD}) pairs with (?P<b>{CARD}): an Ace counts as 1 and 1 \+ 9 = 10\.", pairs_ace),
    (rf"(?P<a>{CARD}) pairs with (?P<b>{CARD}): an? (?P<r>\w+) pairs only with another (?P=r)"
     r"(?:: (?P<pts>\d+) points? for you)?\.", pairs_same),
    (rf"(?P<a>{CARD}) does not pair with (?P<b>{CARD}): (?P<x>\d+) \+ (?P<y>\d+) = (?P<s>\d+), not 10 "
     r"\((?P=a) needs (?:an?|another) (?P<r>\w+)\)\.", no_pair_sum),
    (rf"(?P<a>{CARD}) does not pair with (?P<b>{CARD}): an? (?P<r>\w+) pairs only with another (?P=r)\.",
     no_pair_self),
    (r"All (?P<n>\d+) partners found\.", partners_found),
    (rf"(?P<better>Another card does better: )?(?P<a>{CARD}) would take (?P<b>{CARD}): (?P<n>\d+) points?\.",
     would_take),
    (rf"You play (?P<c>{CARD}), and (?P<n>two|three|four) table cards pair with it\.", two_pair),
    (rf"(?P<t>{CARD}) pairs with (?P<c>{CARD}) too, and the rules let you take it, but it is black: 0 points\.",
     may_take_black),
    (rf"(?P<t>{CARD}) pairs too, but the jb rule does not take it\.", jb_passes),
    (rf"The jb rule takes the card that has lain on the table longest \((?P<c>{CARD})\)\.", jb_longest),
    (r"(?P<n>\d) (?P<rs>\w+) on the table: an? (?P<r>\w+) pairs only with another (?P=r), so they could never all "
     r"be captured\.", redealt_rank),
    (r"Cards on the starting table never capture each other: an? (?P<r>\w+) there can only be taken by an? (?P=r) "
     r"played or flipped later, and only (?P<k>\d+) more exists?\.", only_later),
    (r"So (?P<k>\d+) of them would lie on the table all game and score for nobody\.", lie_all_game),
    (r"\(Deal (?P<code>[\w-]+) really was redealt for this\.\)", really_redealt),
    (r"\(This is the table deal (?P<code>[\w-]+) was finally played with\.\)", finally_played),
    (rf"Deal (?P<code>[\w-]+) \(a real shuffle\) lays (?P<cards>{CARD}(?: {CARD})*) on the table: three Aces and "
     r"two 9s\.", aces_and_nines),
    (rf"Starting cards never take each other, so only the later Aces and 9s can clear the group, and just three "
     rf"exist \((?P<cards>{CARD}(?: {CARD})*)\)\.", later_three),
    (r"No: (?P<v>\w+) redeals only for three or more 5s, 10s, Jacks, Queens or Kings, and Aces are not among them\.",
     redeals_only_self),
    (r"That is why the game of deal (?P<code>[\w-]+) can start\.", can_start),
    (r"jb: (?P<n>\d) aces on the table: the jb variant allows at most two cards of any rank on the starting table\.",
     jb_aces),
    (r"Running total: (?P<n>\d+)\.", running_total),
    (r"You (?P<a>\d+), the computer (?P<b>\d+)\.", winners_scores),
    (r"Look at the (?P<r>\w+)s\.", look_at),
    (r"Nothing here can be wrong: choose each of the (?P<n>\d+) cards not chosen yet, one by one, and read what "
     r"each says\.", nothing_wrong),
    (r"(?P<n>\d+) more to find\.", more_to_find),
    (rf"You already picked (?P<c>{CARD})\.", already_picked),
    (r"(?P<n>\d+) counts the black cards too\.", counts_black),
    (r"Played out \(game (?P<n>\d+), random choices\): scores (?P<a>\d+) and (?P<b>\d+)\.", played_scores),
    (rf"(?P<cards>{CARD}(?: {CARD})*) stayed on the table and score for nobody \((?P<n>\d+) points?\)\.", stayed),
    (r"The starting table held (?P<n>\d+) cards of the (?P<a>\w+)/(?P<b>\w+) class\.", class_held),
    (r"A card captures only when it is played or flipped, and each later (?P<a>\w+) or (?P<b>\w+) took one of "
     r"them, so (?P<k>\d+) of each (?:was|were) bound to stay whatever anyone played\.", bound_to_stay),
    (r"Points in the piles: (?P<n>\d+) of (?P<of>\d+)\.", piles_points),
    (r"Not “(?P<label>[^”]+)”: (?P<why>.+)", not_answer),
]]
SWEEPS = (not_it,)  # patterns matching hundreds of sentences (each wrong number): one test item each
TASK_NOT_CLAIMS = {
    # instructions and scene-setting: what to click or type, which card is played
    "Choose each card to see what it is worth.", "Now choose every card that scores points (and none that does not).",
    "Try again.", "Type that total.", "Choose every table card it pairs with.", "Choose it.",
    "3♥ is played.", "A♣ is played.", "6♦ is played.", "5♠ is played.", "K♣ is played.",
    "You play Q♣.", "You play A♠.", "You play 4♦.", "A starting table, just laid.",
    "Count the cards of each rank on this table.", "Press the button below to check it on the real game.",
    "Choose every card in it that scores, and watch the total grow.", "Compare the two scores you just worked out.",
    "Now a whole game against the computer.",
    # answer buttons whose explanation (checked above) says what is right or wrong about them
    "Play it", "Redeal", "classic", "cardgames", "jb", "You", "The computer", "A shared win",
    # generic coaching: what is left to do, how to think (no rule, no card, no number)
    "One more to find.",
}


def task_mapping(sentence: str) -> list[Callable[[], None]]:
    """The checks a task sentence maps to: its exact entry, else each pattern matching it whole."""
    if sentence in TASK_CHECKS:
        return [TASK_CHECKS[sentence]]
    if sentence in CHECKS:
        return [CHECKS[sentence]]
    return [partial(f, m) for p, f in PATTERNS if (m := p.fullmatch(sentence))]


def test_every_task_sentence_is_checked_or_listed() -> None:
    unlisted = [s for s in TASKS if not task_mapping(s) and s not in TASK_NOT_CLAIMS and not s.endswith("?")]
    assert not unlisted, "\n".join(unlisted)
    ambiguous = [s for s in TASKS if s in TASK_NOT_CLAIMS and task_mapping(s)]
    assert not ambiguous, "\n".join(ambiguous)
    stale = [s for s in [*TASK_CHECKS, *TASK_NOT_CLAIMS] if s not in TASKS]  # a sentence no task says any more
    assert not stale, "\n".join(stale)
    assert len(TASKS) > 180  # task_texts() finding (almost) nothing must fail


def swept(sentence: str) -> bool:
    return sentence not in TASK_CHECKS and sentence not in CHECKS and any(
        f in SWEEPS and p.fullmatch(sentence) for p, f in PATTERNS)


@pytest.mark.parametrize("sentence", [s for s in TASKS if task_mapping(s) and not swept(s)])
def test_task_claim(sentence: str) -> None:
    for check in task_mapping(sentence):
        result = check()
        assert result is None or result is True, sentence


@pytest.mark.parametrize("pattern", [p.pattern for p, f in PATTERNS if f in SWEEPS])
def test_task_sweep(pattern: str) -> None:
    """A pattern saying the same thing of many numbers: every sentence it matches, checked in one item."""
    (p, f), = [(p, f) for p, f in PATTERNS if p.pattern == pattern]
    matched = [m for s in TASKS if s not in TASK_CHECKS and s not in CHECKS and (m := p.fullmatch(s))]
    assert len(matched) > 100, pattern  # the sweep of wrong numbers found its sentences
    failed = failures((m[0], lambda m=m: f(m)) for m in matched)
    assert not failed, "\n".join(failed)


def test_number_tasks_accept_the_engines_answer() -> None:
    number_answers()
