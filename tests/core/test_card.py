"""Cards: the notation of RULES.md in and out, pairing classes and points."""

from __future__ import annotations

import itertools

import pytest

import mainmerah as mm
from mainmerah.families.fishing.rules import PAIR_CLASS, PARTNER, SELF_PAIRING, card_name, main_merah_points, pairs_with

RANK_TOKENS = {1: ["A"], 2: ["2"], 3: ["3"], 4: ["4"], 5: ["5"], 6: ["6"], 7: ["7"], 8: ["8"], 9: ["9"],
               10: ["10", "T"], 11: ["J"], 12: ["Q"], 13: ["K"]}
SUIT_TOKENS = {"H": ["H", "♥", "♥\ufe0f"], "D": ["D", "♦", "♦\ufe0f"],
               "C": ["C", "♣", "♣\ufe0f"], "S": ["S", "♠", "♠\ufe0f"]}
PRINTED_RANK = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}
SYMBOL = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}

# RULES.md, written out independently of the engine's tables.
CLASSES = [{1, 9}, {2, 8}, {3, 7}, {4, 6}, {5}, {10}, {11}, {12}, {13}]


def _rules_pair(a: int, b: int) -> bool:
    if a == 1 or b == 1:
        return {a, b} == {1, 9}
    if a >= 10 or b >= 10:
        return a == b
    return a + b == 10


def _rules_points(rank: int, suit: str) -> int:
    if suit in "CS":
        return 0
    if rank == 1:
        return 20
    if rank >= 9:
        return 10
    return rank


def test_deck_is_52_distinct_cards():
    assert len(mm.DECK) == 52
    assert len(set(mm.DECK)) == 52
    assert {(c.rank, c.suit) for c in mm.DECK} == {(r, s) for r in range(1, 14) for s in "HDCS"}


@pytest.mark.parametrize("rank", range(1, 14))
@pytest.mark.parametrize("suit", "HDCS")
def test_every_accepted_form_parses_to_the_same_card(rank, suit):
    expected = mm.Card.of(rank, suit)
    assert (expected.rank, expected.suit) == (rank, suit)
    for rt, st in itertools.product(RANK_TOKENS[rank], SUIT_TOKENS[suit]):
        for token in (rt + st, (rt + st).lower(), (rt + st).upper(), f"  {rt}{st} "):
            assert mm.Card.parse(token) is expected, token
    # Mixed case too, e.g. "tD", "Jh".
    assert mm.Card.parse(RANK_TOKENS[rank][-1].lower() + suit.upper()) is expected
    assert mm.Card.parse(RANK_TOKENS[rank][-1].upper() + suit.lower()) is expected


@pytest.mark.parametrize("rank", range(1, 14))
@pytest.mark.parametrize("suit", "HDCS")
def test_printed_form_and_round_trip(rank, suit):
    card = mm.Card.of(rank, suit)
    text = str(card)
    assert text == PRINTED_RANK.get(rank, str(rank)) + SYMBOL[suit]
    assert mm.Card.parse(text) is card
    assert repr(card) == f"Card('{text}')"


def test_printed_examples():
    assert str(mm.Card.parse("10h")) == "10♥"
    assert str(mm.Card.parse("th")) == "10♥"
    assert str(mm.Card.parse("as")) == "A♠"
    assert str(mm.Card.parse("A♥️")) == "A♥"


def test_parse_cards_list():
    cards = mm.parse_cards("AH 9d 10♣")
    assert [str(c) for c in cards] == ["A♥", "9♦", "10♣"]
    assert mm.parse_cards("kS,  qh ,2♦️") == [mm.Card.of(13, "S"), mm.Card.of(12, "H"), mm.Card.of(2, "D")]
    assert mm.parse_cards(["7h", mm.Card.of(3, "C")]) == [mm.Card.of(7, "H"), mm.Card.of(3, "C")]
    assert mm.parse_cards("") == []
    assert mm.cards_text(cards) == "A♥ 9♦ 10♣"


@pytest.mark.parametrize(
    "token",
    ["1H", "11H", "AX", "A", "H", "", "   ", "10", "AHH", "ZZ", "0S", "1♥", "A♡", "A♤", "J♥♥", "🂡", "14s", "T0h"],
)
def test_bad_tokens_raise_card_error_naming_the_token(token):
    with pytest.raises(mm.CardError) as info:
        mm.Card.parse(token)
    assert isinstance(info.value, ValueError)
    assert repr(token) in str(info.value)


def test_bad_token_in_a_list_is_named():
    with pytest.raises(mm.CardError, match="'Xq'"):
        mm.parse_cards("AH Xq 10♣")


@pytest.mark.parametrize("value", [None, 7, 1.5, ["AH"]])
def test_non_text_is_rejected(value):
    with pytest.raises(mm.CardError):
        mm.Card.parse(value)


def test_card_of_rejects_bad_rank_or_suit():
    with pytest.raises(mm.CardError):
        mm.Card.of(0, "H")
    with pytest.raises(mm.CardError):
        mm.Card.of(14, "H")
    with pytest.raises(mm.CardError):
        mm.Card.of(3, "X")


def test_pairing_all_13x13_rank_pairs():
    for a in range(1, 14):
        for b in range(1, 14):
            ca, cb = mm.Card.of(a, "H"), mm.Card.of(b, "S")
            expected = _rules_pair(a, b)
            assert pairs_with(ca, cb) is expected, (a, b)
            assert pairs_with(cb, ca) is expected, (b, a)
            klass = next(k for k in CLASSES if a in k)
            # Cards pair exactly within one of the 9 classes: with the other rank of a
            # two-rank class, or with the same rank in a one-rank class.
            assert expected is (b in klass and (len(klass) == 1 or a != b)), (a, b)


def test_nine_pairing_classes():
    engine_classes: dict[int, set[int]] = {}
    for rank in range(1, 14):
        engine_classes.setdefault(PAIR_CLASS[rank], set()).add(rank)
    assert sorted(map(sorted, engine_classes.values())) == sorted(map(sorted, CLASSES))
    assert {PAIR_CLASS[c.rank] for c in mm.DECK} == set(range(9))
    assert SELF_PAIRING == {5, 10, 11, 12, 13}
    for card in mm.DECK:
        assert PARTNER[card.rank] in next(k for k in CLASSES if card.rank in k)


def test_suit_never_matters_for_pairing():
    for a, b in itertools.product(mm.DECK, repeat=2):
        assert pairs_with(a, b) is _rules_pair(a.rank, b.rank)


def test_points_of_all_52_cards():
    for card in mm.DECK:
        assert main_merah_points(card) == _rules_points(card.rank, card.suit), card
        assert card.red is (card.suit in "HD")
        assert card.color == ("red" if card.red else "black")
    assert sum(main_merah_points(c) for c in mm.DECK) == 210 == mm.TOTAL_POINTS
    assert sum(main_merah_points(c) for c in mm.DECK if c.red) == 210
    assert all(main_merah_points(c) == 0 for c in mm.DECK if not c.red)
    assert main_merah_points(mm.Card.parse("AH")) == 20 and main_merah_points(mm.Card.parse("AD")) == 20
    assert [main_merah_points(mm.Card.of(r, "D")) for r in range(2, 9)] == list(range(2, 9))


def test_cards_are_shared_instances_and_not_equal_to_strings():
    assert mm.Card.parse("10h") == mm.Card.parse("T♥")
    assert mm.Card.parse("10h") != "10♥"  # a card is not its notation string
    assert mm.Card.parse("10h") != "10d"
    assert mm.Card.parse("10h") != "garbage"
    assert mm.Card.parse("10h") is mm.Card.parse("10♥️")
    import copy
    import pickle

    c = mm.Card.parse("qd")
    assert copy.copy(c) is c and copy.deepcopy(c) is c and pickle.loads(pickle.dumps(c)) is c


def test_accessible_name():
    # A card's own name carries no game's points; the fishing games' name adds them.
    assert mm.Card.parse("7h").name() == "seven of hearts, red"
    assert card_name(mm.Card.parse("7h")) == "seven of hearts, red, 7 points"
    assert card_name(mm.Card.parse("AS")) == "ace of spades, black, 0 points"
    assert card_name(mm.Card.parse("AS"), 30) == "ace of spades, black, 30 points"
    assert mm.Card.parse("sj").name() == "small joker" and str(mm.Card.parse("bj")) == "BJ"
