"""Variants and the deal: sizes, seeded shuffles, redeal rules, first player."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

import mainmerah as mm
from mainmerah.core.cards import rank_name

SIZES = {2: (10, 12, 20), 3: (7, 10, 21)}
VARIANTS = ("classic", "cardgames", "jb")
STRICT_RANKS = {5, 10, 11, 12, 13}


def _breaks(variant: str, table) -> bool:
    counts = Counter(c.rank for c in table)
    ranks = set(range(1, 14)) if variant == "jb" else STRICT_RANKS
    return any(n >= 3 and r in ranks for r, n in counts.items())


def test_variants_selectable_by_name():
    for name in VARIANTS:
        v = mm.get_variant(name)
        assert v.name == name
        assert mm.get_variant(name.upper() + " ").name == name
        assert mm.get_variant(v) is v
    with pytest.raises(ValueError, match="'poker'"):
        mm.get_variant("poker")
    with pytest.raises(ValueError, match="poker"):
        mm.Game.new(2, "poker", seed=1)
    assert mm.get_variant("jb").auto_capture
    for name in ("classic", "cardgames"):
        assert not mm.get_variant(name).auto_capture
    # jb "hides the stock (its size may be shown, never its cards)": so does every variant, in every seat's view.
    def cards_in(value: object) -> set[mm.Card]:  # every card a view holds, in any of its fields
        if isinstance(value, mm.Card):
            return {value}
        if isinstance(value, tuple | list | set | frozenset):
            return {c for item in value for c in cards_in(item)}
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return {c for f in dataclasses.fields(value) for c in cards_in(getattr(value, f.name))}
        return set()

    for name in VARIANTS:
        g = mm.Game.new(2, name, seed=5)
        for seat in (0, 1):
            v = g.view(seat)
            assert v.stock_size == len(g.stock) and g.stock and not cards_in(v) & set(g.stock)
            assert set(g.hands[seat]) <= cards_in(v)  # (the walk finds cards)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("variant", VARIANTS)
def test_setup_sizes(players, variant):
    hand, table, stock = SIZES[players]
    for seed in range(20):
        g = mm.Game.new(players, variant, seed=seed)
        assert [len(h) for h in g.hands] == [hand] * players
        assert len(g.table) == table
        assert g.stock_size == stock == len(g.stock)
        assert sum(len(h) for h in g.hands) == g.stock_size  # they run out together
        assert sorted(g.all_cards(), key=lambda c: c.index) == list(mm.DECK)
        assert g.piles == ((),) * players and g.scores == (0,) * players


@pytest.mark.parametrize("players", [1, 4, 0])
def test_wrong_player_count(players):
    with pytest.raises(ValueError, match=str(players)):
        mm.Game.new(players, "classic", seed=1)


def test_bad_dealer_and_first():
    with pytest.raises(ValueError, match="dealer"):
        mm.Game.new(2, "classic", seed=1, dealer=2)
    with pytest.raises(ValueError, match="first"):
        mm.Game.new(3, "classic", seed=1, first=3)


def _deal_of(g: mm.Game):
    return g.hands, g.table, g.stock, g.seat


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3])
def test_seeded_determinism(variant, players):
    deals = {}
    for seed in range(30):
        a = mm.Game.new(players, variant, seed=seed)
        b = mm.Game.new(players, variant, seed=seed)
        assert _deal_of(a) == _deal_of(b)
        assert a.events == b.events
        deals[seed] = _deal_of(a)
    # Different seeds give different deals.
    assert len({(d[0], d[1], d[2]) for d in deals.values()}) == len(deals)


def test_global_random_is_not_used():
    import random

    random.seed(1)
    a = mm.Game.new(2, "jb", seed=5)
    random.seed(2)
    b = mm.Game.new(2, "jb", seed=5)
    assert _deal_of(a) == _deal_of(b)


def test_unseeded_game_records_its_seed():
    g = mm.Game.new(2, "classic")
    assert isinstance(g.seed, int)
    assert _deal_of(mm.Game.new(2, "classic", seed=g.seed)) == _deal_of(g)


@pytest.mark.parametrize("variant", VARIANTS)
def test_redeal_rule_holds_on_every_final_table(variant):
    redealt = 0
    for players in (2, 3):
        for seed in range(600):
            g = mm.Game.new(players, variant, seed=seed)
            assert not _breaks(variant, g.table), (players, seed, g.table)
            redeals = [e for e in g.events if e.kind == "redeal"]
            assert redeals == list(g.setup.redeals)
            assert g.events[: len(redeals)] == redeals and g.events[len(redeals)].kind == "deal"
            for i, r in enumerate(redeals, 1):
                assert r.number == i
                assert _breaks(variant, r.table)
                assert len(r.table) == SIZES[players][1]
                assert sum(c.rank == r.rank for c in r.table) == r.count >= 3
            redealt += bool(redeals)
    assert redealt > 20  # the rule did fire


def test_redeal_rule_per_variant():
    three_aces = mm.parse_cards("AH AD AC 2h 3h 4h 6h 7h 8h 2s 3s 4s")
    three_jacks = mm.parse_cards("JH JD JC 2h 3h 4h 6h 7h 8h 2s 3s 4s")
    two_each = mm.parse_cards("AH AD 9C 9S 2h 2d 5h 5d JH JD KH KS")
    for variant in VARIANTS:
        v = mm.get_variant(variant)
        assert v.redeal_reason(two_each) is None
        assert v.redeal_reason(three_jacks) is not None
        assert v.redeal_rank(three_jacks) == 11
        for rank in STRICT_RANKS:
            table = [mm.Card.of(rank, s) for s in "HDC"] + mm.parse_cards("2h 3h 4h 6h 7h 8h 2s 3s 4s")
            assert v.redeal_rank(table) == rank, (variant, rank)
    assert mm.get_variant("classic").redeal_reason(three_aces) is None
    assert mm.get_variant("cardgames").redeal_reason(three_aces) is None
    assert mm.get_variant("jb").redeal_rank(three_aces) == 1
    for rank in range(1, 14):
        table = [mm.Card.of(rank, s) for s in "HDCS"]
        assert (mm.get_variant("jb").redeal_rank(table) == rank)
        assert (mm.get_variant("classic").redeal_rank(table) is not None) is (rank in STRICT_RANKS)


def _first_redealt(variant: str, players: int = 2, want=None):
    for seed in range(5000):
        g = mm.Game.new(players, variant, seed=seed)
        if g.setup.redeals and (want is None or want(g.setup.redeals[0])):
            return g
    raise AssertionError("no redeal found")


def test_redeal_event_explains_its_reason():
    g = _first_redealt("classic", want=lambda r: r.rank == 11)
    r = g.events[0]
    assert r.kind == "redeal"
    text = r.explain()
    assert f"{r.count} jacks on the table" in text
    assert "pairs only with another jack" in text
    assert "dealt again" in text
    g = _first_redealt("jb", want=lambda r: r.rank not in STRICT_RANKS)
    text = g.events[0].explain()
    assert "on the table" in text and "at most two" in text
    assert rank_name(g.events[0].rank) + "s on the table" in text


@pytest.mark.parametrize("players", [2, 3])
def test_first_player_per_variant(players):
    for dealer in range(players):
        for seed in range(10):
            assert mm.Game.new(players, "classic", seed=seed, dealer=dealer).seat == dealer
            assert mm.Game.new(players, "cardgames", seed=seed, dealer=dealer).seat == (dealer + 1) % players
    jb_first = Counter(mm.Game.new(players, "jb", seed=seed).seat for seed in range(300))
    assert set(jb_first) == set(range(players))
    assert min(jb_first.values()) > 300 / players / 2  # roughly even, not stuck on one seat
    for seed in range(10):
        g = mm.Game.new(players, "jb", seed=seed)
        assert mm.Game.new(players, "jb", seed=seed).seat == g.seat == g.setup.first
        assert g.decision.seat == g.seat and g.decision.kind == "play"


def test_seat_zero_deals_by_default():
    g = mm.Game.new(3, "cardgames", seed=4)
    assert g.setup.dealer == 0 and g.seat == 1
    assert mm.Game.new(3, "classic", seed=4).seat == 0


def test_explicit_first_player_overrides_variant():
    for variant in VARIANTS:
        assert mm.Game.new(3, variant, seed=3, first=2).seat == 2


def test_deal_event_describes_the_game():
    g = mm.Game.new(3, "cardgames", seed=11, dealer=1)
    d = next(e for e in g.events if e.kind == "deal")
    assert (d.players, d.variant, d.dealer, d.first, d.seed) == (3, "cardgames", 1, 2, 11)
    assert d.table == g.table and d.hand_sizes == (7, 7, 7) and d.stock_size == 21
    text = d.explain()
    assert "3 players" in text and "cardgames" in text and "seed 11" in text
    assert "First to play: Seat 2, the seat after the dealer, Seat 1" in text
