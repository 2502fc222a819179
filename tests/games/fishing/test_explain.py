"""Explanations: every event's text states the facts behind it."""

from __future__ import annotations

import random
import re

import pytest

import mainmerah as mm
from mainmerah.families.fishing import explain as ex
from mainmerah.families.fishing.rules import main_merah_points

C = mm.Card.parse


def capture_text(hand: str, table: str, **kw) -> str:
    g = mm.Game.from_layout(hands=[hand, "2c"], table=table, stock="4c 5c", first=0)
    g.play(hand)
    return next(e for e in g.events if e.kind == "capture").explain(**kw)


def test_sum_to_ten_reason_and_points():
    text = capture_text("7h", "3c")
    assert "7♥ pairs with 3♣ because 7 + 3 = 10" in text
    assert "Seat 0 takes both" in text
    assert "7♥ 7 + 3♣ 0 = 7 points" in text
    assert "you take both" in capture_text("7h", "3c", you=0)
    assert "Ana takes both" in capture_text("7h", "3c", names=["Ana", "Budi"])


def test_ace_counts_as_one():
    text = capture_text("ad", "9s")
    assert "A♦ pairs with 9♠: an Ace counts as 1 and 1 + 9 = 10" in text
    assert "A♦ 20 + 9♠ 0 = 20 points" in text
    text = capture_text("9h", "ac")
    assert "9♥ pairs with A♣" in text and "an Ace counts as 1" in text and "9 + 1 = 10" in text


@pytest.mark.parametrize("rank,word", [(10, "ten"), (11, "jack"), (12, "queen"), (13, "king")])
def test_same_rank_only(rank, word):
    a, b = mm.Card.of(rank, "H"), mm.Card.of(rank, "S")
    text = capture_text(str(a), str(b))
    assert f"{a} pairs with {b}" in text and f"pairs only with another {word}" in text
    assert ex.pair_reason(a, b).endswith(f"a {word} pairs only with another {word}")


def test_fives_pair_by_sum():
    assert ex.pair_reason(C("5h"), C("5s")) == "5♥ pairs with 5♠ because 5 + 5 = 10"


def test_both_black_is_said_to_score_nothing():
    assert "both black: 0 points" in capture_text("7s", "3c")


def test_stay_says_what_card_it_needs():
    g = mm.Game.from_layout(hands=["5c", "2c"], table="4h", stock="jd 6c", first=0)
    g.play("5c")
    stays = [e for e in g.events if e.kind == "stay"]
    assert stays[0].explain() == "5♣ stays on the table: nothing there pairs with it (it needs another five)."
    assert stays[1].explain().endswith("(it needs another jack).")
    expected = {1: "a nine", 2: "an eight", 3: "a seven", 4: "a six", 5: "another five", 6: "a four",
                7: "a three", 8: "a two", 9: "an ace", 10: "another ten", 11: "another jack",
                12: "another queen", 13: "another king"}
    for rank, need in expected.items():
        assert ex.needs(mm.Card.of(rank, "C")) == need


def test_play_and_flip_texts_name_the_seat():
    g = mm.Game.from_layout(hands=["5c", "2c"], table="4h", stock="jd 6c", first=0)
    g.play("5c")
    play, flip = (e for e in g.events if e.kind in ("play", "flip"))
    assert play.explain() == "Seat 0 plays 5♣."
    assert play.explain(you=0) == "You play 5♣."
    assert play.explain(names=["Ana", "Budi"]) == "Ana plays 5♣."
    assert flip.explain() == "Seat 0 flips J♦ from the stock."
    assert flip.explain(you=0) == "You flip J♦ from the stock."


def test_chosen_capture_names_the_alternatives():
    g = mm.Game.from_layout(hands=["7h", "2c"], table="3s 3h 3c", stock="4c 5c", first=0)
    g.play("7h")
    g.capture("3h")
    text = next(e for e in g.events if e.kind == "capture").explain()
    assert "3♥ was chosen over 3♠ 3♣" in text


def test_jb_automatic_capture_explains_its_rule():
    g = mm.Game.from_layout(hands=["7c", "2c"], table="3s 3h", stock="4c 5c", first=0, variant="jb")
    g.play("7c")
    assert "red card before a black one" in next(e for e in g.events if e.kind == "capture").explain()
    g = mm.Game.from_layout(hands=["7c", "2c"], table="3s 3c", stock="4c 5c", first=0, variant="jb")
    g.play("7c")
    text = next(e for e in g.events if e.kind == "capture").explain()
    assert "lain on the table longest (3♠)" in text
    # Two red cards and a black one: red first, then the red card that has lain longest (the rule's two steps).
    g = mm.Game.from_layout(hands=["7c", "2c"], table="3s 3d 3h", stock="4c 5c", first=0, variant="jb")
    g.play("7c")
    text = next(e for e in g.events if e.kind == "capture").explain()
    assert "red card before a black one, and of the red cards the one that has lain on the table longest (3♦)" in text


def test_end_gives_score_cards_card_by_card():
    g = mm.Game.from_layout(hands=["ah 7c", "2c"], table="9d 3h", stock="kc 4s 6c", first=0)
    g.play("ah")  # takes 9♦; K♣ stays
    g.play("2c")  # stays; 4♠ stays
    g.play("7c")  # takes 3♥; 6♣ takes 4♠
    assert g.is_over
    text = g.events[-1].explain()
    lines = text.splitlines()
    assert lines[0] == "Game over."
    assert lines[1] == "Seat 0: A♥ 20 + 9♦ 10 + 7♣ 0 + 3♥ 3 + 6♣ 0 + 4♠ 0 = 33"
    assert lines[2] == "Seat 1: no cards captured = 0"
    assert lines[3] == "Seat 0 wins."
    assert g.score_card(0) == "A♥ 20 + 9♦ 10 + 7♣ 0 + 3♥ 3 + 6♣ 0 + 4♠ 0 = 33"
    assert mm.score_card([]) == "no cards captured = 0"
    assert "K♣ 2♣ stayed on the table and score for nobody (0 points)" in text
    assert "You win!" in g.events[-1].explain(you=0)
    assert "Ana wins." in g.events[-1].explain(names=["Ana", "Budi"])


def test_end_score_cards_add_up_in_real_games():
    rng = random.Random(4)
    for seed in range(30):
        g = mm.Game.new(3, "classic", seed=seed)
        while g.decision is not None:
            g.decide(rng.choice(g.decision.options))
        lines = g.events[-1].explain().splitlines()
        for seat in range(3):
            line = lines[1 + seat]
            assert line.startswith(f"Seat {seat}: ")
            terms = re.findall(r"(\S+) (\d+)(?: \+|$| =)", line.split(": ", 1)[1])
            assert [C(t) for t, _ in terms] == list(g.piles[seat])
            assert all(main_merah_points(C(t)) == int(p) for t, p in terms)
            assert line.endswith(f"= {g.scores[seat]}")


def test_end_explains_stranded_two_rank_class():
    # Three Aces and two 9s on a full-deck starting table: one Ace and one 9 must stay.
    deck = [c for c in mm.DECK if str(c) not in ("A♥", "A♦", "A♣", "9♠", "9♥")]
    rng = random.Random(1)
    rng.shuffle(deck)
    filler = [c for c in deck if c.rank not in (1, 9)][:7]
    rest = [c for c in deck if c not in filler]
    g = mm.Game.from_layout(hands=[rest[:10], rest[10:20]], table=mm.parse_cards("ah ad ac 9s 9h") + filler,
                            stock=rest[20:], first=0)
    while g.decision is not None:
        g.decide(rng.choice(g.decision.options))
    text = g.events[-1].explain()
    assert "stayed on the table and score for nobody" in text
    assert "The starting table held 5 cards of the ace/nine class" in text
    assert "so 1 of each was bound to stay whatever anyone played" in text
    total = sum(g.scores)
    assert f"Points in the piles: {total} of 210." in text


def test_end_explains_three_of_a_self_pairing_rank():
    text = ex.stranded_text(mm.parse_cards("qh qs"), mm.parse_cards("qh qs qd 2c"))
    assert "Q♥ Q♠ stayed on the table and score for nobody (10 points)" in text
    assert "starting cards never capture each other" in text and "later queens" in text


def test_classic_stranded_games_always_get_the_theorem_text():
    rng = random.Random(6)
    seen = 0
    for seed in range(400):
        g = mm.Game.new(2, "classic", seed=seed)
        while g.decision is not None:
            g.decide(rng.choice(g.decision.options))
        if g.table:
            seen += 1
            text = g.events[-1].explain()
            assert "bound to stay whatever anyone played" in text
            assert "used up elsewhere" not in text
    assert seen


def test_no_pair_reasons():
    assert ex.no_pair_reason(C("7h"), C("4c")) == "7♥ does not pair with 4♣: 7 + 4 = 11, not 10 (7♥ needs a three)"
    assert "1 + 2 = 3, not 10" in ex.no_pair_reason(C("ah"), C("2c"))
    assert "a jack pairs only with another jack" in ex.no_pair_reason(C("jh"), C("qc"))
    assert "a jack pairs only with another jack" in ex.no_pair_reason(C("5h"), C("jc"))


def test_rule_of_every_rank():
    assert ex.rule_of(1) == "An Ace counts as 1, so it pairs with a 9 (1 + 9 = 10)."
    assert ex.rule_of(9) == "A 9 pairs with an Ace (9 + 1 = 10)."
    assert ex.rule_of(2) == "A 2 pairs with an 8 (2 + 8 = 10)."
    assert ex.rule_of(8) == "An 8 pairs with a 2 (8 + 2 = 10)."
    assert ex.rule_of(3) == "A 3 pairs with a 7 (3 + 7 = 10)."
    assert ex.rule_of(5) == "A 5 pairs with another 5 (5 + 5 = 10)."
    assert ex.rule_of(12) == "A queen pairs only with another queen."


def test_seat_names():
    assert ex.seat_name(1) == "Seat 1"
    assert ex.seat_name(1, ["Ana", "Budi"]) == "Budi"
    assert ex.seat_name(1, ["Ana", "Budi"], you=1) == "you"
    assert ex.seat_name(2, ["Ana", "Budi"]) == "Seat 2"


def test_every_event_of_many_games_explains_itself():
    rng = random.Random(2)
    for variant in ("classic", "cardgames", "jb"):
        for seed in range(30):
            g = mm.Game.new(2 + seed % 2, variant, seed=seed)
            while g.decision is not None:
                g.decide(rng.choice(g.decision.options))
            texts = g.explain(names=["Ana", "Budi", "Citra"], you=0)
            assert len(texts) == len(g.events) and all(t.strip() for t in texts)
            assert g.summary() == "\n".join(e.explain() for e in g.events)
            for e, t in zip(g.events, g.explain(), strict=True):
                for card in getattr(e, "card", None), getattr(e, "taken", None):
                    if card is not None:
                        assert str(card) in t


def test_stranded_two_rank_class_counts_singular_and_plural():
    one = ex.stranded_text(mm.parse_cards("ah 9s"), mm.parse_cards("ah ad ac 9s 9d"))
    assert "held 5 cards of the ace/nine class" in one and "so 1 of each was bound to stay" in one
    two = ex.stranded_text(mm.parse_cards("2h 2d 8s 8c"), mm.parse_cards("2h 2d 2c 8s 8c 8d"))
    assert "held 6 cards of the two/eight class" in two and "so 2 of each were bound to stay" in two
    assert "(4 points)" in two


@pytest.mark.parametrize(("table", "said"), [
    ("QH QD 3S", "They are worth the same: 10 points each."),  # two red Queens: neither is worth more
    ("6C 6S 3S", ""),  # both black: nothing to prefer
    ("6C 6H 3S", "6♥ is worth the most (6 points)."),
    ("6C 6H 6D", "6♥ 6♦ are worth the most (6 points each)."),
])
def test_the_table_names_the_most_valuable_capture_only_when_it_is_one(table: str, said: str) -> None:
    from claims import english

    from mainmerah.core.cards import Card, parse_cards
    from mainmerah.families.fishing.ui.text import selection_text, worth_note

    played = "QC" if table.startswith("Q") else "4C"
    g = mm.Game.from_layout(hands=[[played], ["2S"]], table=table, stock="8S 7S", first=0)
    g.play(played)
    assert g.decision is not None and g.decision.kind == "capture"  # the engine offers the choice
    values = {main_merah_points(c) for c in g.decision.options}
    with english():
        assert worth_note(g.decision.options, main_merah_points) == said
        assert (said == "") == (values == {0}) and said.startswith("They") == (len(values) == 1 and values != {0})
        assert selection_text(Card.parse(played), parse_cards(table)).endswith(said or "take.")
