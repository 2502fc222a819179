"""Chinese Ten (chinese-ten.md): its facts and choices, through the shared fishing engine."""

from __future__ import annotations

import random

import pytest

import mainmerah as mm
from mainmerah.core.i18n import set_language
from mainmerah.families.fishing import dealcode
from mainmerah.families.fishing.bots import ExpertBot
from mainmerah.families.fishing.hint import hints


def random_game(players: int, seed: int) -> mm.Game:
    g = mm.new_game("chinese-ten", seed=seed, players=players)
    rng = random.Random(seed)
    while g.decision is not None:
        g.act(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize(("players", "hand"), [(2, 12), (3, 8), (4, 6)])
def test_deal_sizes_first_player_and_no_redeal(players: int, hand: int) -> None:
    for seed in range(40):
        g = mm.new_game("chinese-ten", seed=seed, players=players)
        assert [len(h) for h in g.setup.hands] == [hand] * players
        assert len(g.setup.table) == 4 and len(g.setup.stock) == 24
        assert g.setup.first == (g.setup.dealer + 1) % players
        assert not g.setup.redeals and not any(e.kind == "redeal" for e in g.events)


@pytest.mark.parametrize(("players", "total"), [(2, 210), (3, 240), (4, 280)])
def test_table_always_ends_empty_and_points_add_up(players: int, total: int) -> None:
    for seed in range(150):
        g = random_game(players, seed)
        assert g.table == (), f"seed {seed}: {g.table} left on the table"
        assert sum(g.scores) == total == g.total_points


def test_black_aces_score_with_three_and_four_players() -> None:
    ace_s, ace_c = mm.Card.parse("AS"), mm.Card.parse("AC")
    ct = mm.get_ruleset("chinese-ten")
    assert (ct.card_points(ace_s, 2), ct.card_points(ace_c, 2)) == (0, 0)
    assert (ct.card_points(ace_s, 3), ct.card_points(ace_c, 3)) == (30, 0)
    assert (ct.card_points(ace_s, 4), ct.card_points(ace_c, 4)) == (30, 40)


def test_the_fourth_card_takes_all_three_of_its_rank() -> None:
    g = mm.game_from_layout("chinese-ten", hands=["2C", "QD"], table="QH QS QC 5D", stock="3C 4C", dealer=0)
    assert g.decision.seat == 1 and g.legal_actions() == ["Q♦"]
    g.act("qd")
    cap = next(e for e in g.events if e.kind == "capture")
    assert (cap.card, cap.taken, *cap.more) == tuple(mm.parse_cards("QD QH QS QC"))
    assert g.piles[1] == tuple(mm.parse_cards("QD QH QS QC")) and g.scores[1] == 20
    assert list(g.table[:1]) == mm.parse_cards("5D")
    text = cap.explain(["Ayu", "Budi"])
    assert "The fourth queen, Q♦, takes all three queens on the table (Q♥ Q♠ Q♣)" in text
    assert "Budi takes all four" in text
    set_language("id")
    try:
        assert "keempat" in cap.explain(["Ayu", "Budi"])
    finally:
        set_language("en")


def test_two_of_a_rank_on_the_table_is_an_ordinary_choice() -> None:
    g = mm.game_from_layout("chinese-ten", hands=["2C", "QD"], table="QH QS 5D 6C", stock="3C 4C", dealer=0)
    g.act("QD")
    assert g.decision.kind == "capture" and g.legal_actions() == ["Q♥", "Q♠"]
    with pytest.raises(mm.RuleError):
        g.act("5D")
    g.act("QS")
    assert g.piles[1] == tuple(mm.parse_cards("QD QS"))


def test_four_of_a_kind_on_the_starting_table_go_to_the_dealer() -> None:
    g = mm.game_from_layout("chinese-ten", hands=["2C 3C", "4C 6C", "7C 8C"], table="KH KD KS KC",
                            stock="9C 2D 3D 4D 6D 7D", dealer=2)
    take = next(e for e in g.events if e.kind == "takefour")
    assert take.seat == 2 and g.piles[2] == tuple(mm.parse_cards("KH KD KS KC")) and g.table == ()
    assert g.scores == (0, 0, 20) and g.decision.seat == 0
    assert "the dealer, Seat 2, takes them before play (20 points)" in take.explain()
    # Four of a rank that pairs with another rank are an ordinary table (no self-pairing).
    g = mm.game_from_layout("chinese-ten", hands=["2C 3C", "4C 6C", "7C 8C"], table="9H 9D 9S 9C",
                            stock="KC 2D 3D 4D 6D 7D", dealer=2)
    assert not any(e.kind == "takefour" for e in g.events) and len(g.table) == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_dealt_start_with_four_tens_goes_to_the_dealer(players: int) -> None:
    seed = 13235  # the first seed whose starting table is four of a kind (found by search: about 1 deal in 20,000)
    g = mm.new_game("chinese-ten", seed=seed, players=players)
    assert {c.rank for c in g.setup.table} == {10}
    assert g.table == () and len(g.piles[g.setup.dealer]) == 4 and g.scores[g.setup.dealer] == 20
    while g.decision is not None:
        g.act(g.legal_actions()[-1])
    assert g.table == () and sum(g.scores) == g.total_points


def test_deal_codes_name_the_game() -> None:
    code = dealcode.encode(4, "chinese-ten", 8412)
    assert code.startswith("CT-4P-8412-")
    back = dealcode.decode(code.lower())
    assert back == (4, "chinese-ten", 8412) and back.game().setup == mm.new_game("chinese-ten", seed=8412).setup
    with pytest.raises(dealcode.DealCodeError, match="check letter"):
        dealcode.decode(code[:-1] + ("A" if code[-1] != "A" else "B"))
    with pytest.raises(dealcode.DealCodeError, match="number of players"):
        dealcode.decode("CT-5P-8412-A")
    # Main Merah's codes keep working, with or without the game's prefix.
    mm_code = dealcode.encode(2, "classic", 8412)
    assert dealcode.decode(mm_code) == dealcode.decode("MM-" + mm_code) == (2, "classic", 8412)


def test_hints_and_the_expert_use_the_chinese_ten_points() -> None:
    g = mm.game_from_layout("chinese-ten", hands=["2C 3C 5H", "9S 6D 4S", "7C 8C 10S", "JC JD QC"],
                            table="AC 4H KS 8D", stock="2D 3D 4D 5D 6H 7D 8H 9H 10H JH QH KH", dealer=3)
    assert g.decision.seat == 0 and g.players == 4
    g.act("2C")  # seat 0 plays; seat 1 holds 9♠, which takes A♣ (40 with four players)
    while g.decision.seat != 1:
        g.act(g.legal_actions()[0])
    hs = hints(g, rollouts=50)
    assert hs[0].card == mm.Card.parse("9S") and hs[0].points_now == 40 and "+40 points" in hs[0].reason
    assert ExpertBot(seed=1, rollouts=50).choose(g.view(1)) == mm.Card.parse("9S")
