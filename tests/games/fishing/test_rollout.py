"""The fast rollout path against the full engine: same deal, same decisions, same scores."""

from __future__ import annotations

import random

import pytest

import mainmerah as mm
from mainmerah.families.fishing import sim as ro
from mainmerah.families.fishing.rules import PARTNER, main_merah_points
from mainmerah.families.fishing.sim import card_type

VARIANTS = ("classic", "cardgames", "jb")


def typed_setup(g: mm.Game) -> tuple[list[list[int]], list[int], list[int]]:
    s = g.setup
    return [ro.types_of(h) for h in s.hands], ro.table_counts(s.table), ro.types_of(s.stock)


def test_types_keep_rank_colour_and_points() -> None:
    for c in mm.DECK:
        t = card_type(c)
        assert ro.type_rank(t) == c.rank
        assert ro.POINTS[t] == main_merah_points(c)
        partner_black = ro.PARTNER_BASE[t]
        assert ro.type_rank(partner_black) == PARTNER[c.rank] and partner_black % 2 == 0
    assert sum(ro.POINTS[card_type(c)] for c in mm.DECK) == mm.TOTAL_POINTS


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("variant", VARIANTS)
def test_deal_reproduces_the_engine_deal(players: int, variant: str) -> None:
    redealt = 0
    for seed in range(150):
        g = mm.Game.new(players, variant, seed=seed)
        d = ro.deal(players, variant, seed)
        hands, table, stock = typed_setup(g)
        assert d.hands == hands
        assert d.table == table
        assert d.stock == stock
        assert d.first == g.setup.first
        assert d.redeals == len(g.setup.redeals)
        redealt += d.redeals > 0
    assert redealt > 0  # the redeal path was exercised


def engine_decisions(g: mm.Game) -> tuple[list[int], list[bool]]:
    """The plays (as types) and, for captures with both colours on offer, whether red was taken."""
    plays = [card_type(e.card) for e in g.events if e.kind == "play"]
    reds = [e.taken.red for e in g.events
            if e.kind == "capture" and len({c.red for c in e.options}) == 2]
    return plays, reds


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("variant", VARIANTS)
def test_replay_of_engine_decisions_reaches_the_same_end(players: int, variant: str) -> None:
    stranded = 0
    for seed in range(120):
        g = mm.Game.new(players, variant, seed=seed)
        mm.play_out(g, [mm.make_bot("random", seed * 10 + i) for i in range(players)])
        hands, table, stock = typed_setup(g)
        plays, reds = engine_decisions(g)
        scores, final_table = ro.replay(hands, table, stock, g.setup.first, plays, reds)
        assert tuple(scores) == g.scores, seed
        assert final_table == ro.table_counts(g.table), seed
        stranded += bool(g.table)
    if variant == "jb":
        assert stranded == 0


def test_replay_refuses_a_wrong_number_of_plays() -> None:
    d = ro.deal(2, "classic", 1)
    with pytest.raises(ValueError, match="20 turns, not 3"):
        ro.replay(d.hands, d.table, d.stock, d.first, [0, 1, 2], [])


class MirrorGreedy:
    """An engine bot that plays exactly like the fast path's greedy policy."""

    name = "mirror"

    def choose(self, view: mm.SeatView) -> mm.Card:
        d = view.decision
        assert d is not None
        if d.kind == "capture":
            return next((c for c in d.options if c.red), d.options[0])
        table = ro.table_counts(view.table)
        return max(d.options, key=lambda c: (ro.greedy_type_key(card_type(c), table), -d.options.index(c)))


class MirrorRandom:
    """An engine bot drawing the same random numbers, in the same order, as the fast path."""

    name = "mirror-random"

    def __init__(self, rng: random.Random, hands: list[list[int]]) -> None:
        self.rng = rng
        self.hands = [list(h) for h in hands]

    def choose(self, view: mm.SeatView) -> mm.Card:
        d = view.decision
        assert d is not None
        if d.kind == "play":
            h = self.hands[view.seat]
            i = int(self.rng.random() * len(h))
            t = h[i]
            h[i] = h[-1]
            h.pop()
            return next(c for c in d.options if card_type(c) == t)
        reds = [c for c in d.options if c.red]
        blacks = [c for c in d.options if not c.red]
        if reds and blacks:
            return blacks[0] if self.rng.random() * len(d.options) < len(blacks) else reds[0]
        return d.options[0]


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("variant", VARIANTS)
def test_fast_greedy_games_match_the_engine(players: int, variant: str) -> None:
    for seed in range(60):
        g = mm.Game.new(players, variant, seed=seed)
        mm.play_out(g, [MirrorGreedy()] * players)
        d = ro.deal(players, variant, seed)
        scores = ro.play(d.hands, d.table, d.stock, d.first, (True,) * players, False, random.Random(0))
        assert tuple(scores) == g.scores, seed
        assert d.table == ro.table_counts(g.table)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("variant", VARIANTS)
def test_fast_random_games_match_the_engine(players: int, variant: str) -> None:
    capture_random = variant != "jb"
    for seed in range(60):
        d = ro.deal(players, variant, seed)
        g = mm.Game.new(players, variant, seed=seed)
        mirror = MirrorRandom(random.Random(seed), d.hands)
        mm.play_out(g, [mirror] * players)
        scores = ro.play(d.hands, d.table, d.stock, d.first, (False,) * players, capture_random,
                         random.Random(seed))
        assert tuple(scores) == g.scores, seed
        assert d.table == ro.table_counts(g.table)


def test_simulate_jb_always_clears_the_table() -> None:
    for players in (2, 3):
        for pol in ("random", "greedy"):
            for r in ro.simulate(1500, players, "jb", seed=4, policies=pol):
                assert r.stranded == 0
                assert sum(r.scores) == mm.TOTAL_POINTS


def test_simulate_classic_sometimes_strands_and_accounts_for_every_point() -> None:
    res = ro.simulate(6000, 2, "classic", seed=11)
    assert any(r.stranded for r in res)
    assert any(r.redeals for r in res)
    for r in res:
        assert sum(r.scores) <= mm.TOTAL_POINTS
        assert (sum(r.scores) == mm.TOTAL_POINTS) or r.stranded > 0


def test_stranding_fact_on_a_constructed_table() -> None:
    """Three Aces and two 9s on the table: one Ace and one 9 always stay (RULES.md)."""
    g = mm.Game.from_layout(
        hands=["9C 2H 3H 4H 6H 7H 8H 2D 3D 4D", "5H 6D 7D 8D 2C 3C 4C 6C 7C 8C"],
        table="AH AD AC 9H 9D 10H JH QH KH 5D 10D JD",
        stock="QD KD 5C 10C JC QC KC 2S 3S 4S 5S 6S 7S 8S AS 9S 10S JS QS KS",
    )
    hands, table, stock = typed_setup(g)
    rng = random.Random(5)
    for _ in range(300):
        tab = list(table)
        ro.play([list(h) for h in hands], tab, stock, 0, (False, False), True, rng)
        left = {ro.type_rank(t) for t in range(ro.N_TYPES) if tab[t]}
        aces = tab[card_type(mm.Card.parse("AH"))] + tab[card_type(mm.Card.parse("AS"))]
        nines = tab[card_type(mm.Card.parse("9H"))] + tab[card_type(mm.Card.parse("9S"))]
        assert (aces, nines) == (1, 1)
        assert left == {1, 9}


def test_numpy_batch_matches_pure_python() -> None:
    np = pytest.importorskip("numpy")
    rng = random.Random(3)
    for players in (2, 3):
        for trial in range(40):
            d = ro.deal(players, "classic", rng)
            # Play a few turns first so games start mid-way, with scores on the board.
            turns = rng.randrange(len(d.stock))
            hands = [list(h) for h in d.hands]
            tab = list(d.table)
            scores = ro.play(hands, tab, d.stock[:turns], d.first, (False,) * players, True, rng)
            seat = (d.first + turns) % players
            stock = d.stock[turns:]
            py = ro.finish_greedy(list(tab), [list(h) for h in hands], stock, list(scores), seat)
            width = max(len(h) for h in hands) + 1
            arr = [np.array([h + [ro.EMPTY] * (width - len(h))], dtype=np.intp) for h in hands]
            batch = ro.finish_greedy_batch(np.array(tab, dtype=np.int16), arr,
                                           np.array([stock], dtype=np.intp).reshape(1, len(stock)),
                                           np.array([scores], dtype=np.int32), seat)
            assert batch[0].tolist() == py, (players, trial)


def test_bad_input_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'smart'"):
        ro.simulate(3, policies="smart")
    with pytest.raises(ValueError, match="2 players need 2 policies"):
        ro.simulate(3, 2, policies=["random", "greedy", "random"])
    with pytest.raises(ValueError, match="'maybe'"):
        ro.simulate(3, capture="maybe")
    with pytest.raises(ValueError, match="not 4"):
        ro.deal(4)
    with pytest.raises(ValueError, match="unknown variant"):
        ro.deal(2, "poker")
    with pytest.raises(ValueError, match="-1"):
        ro.simulate(-1)


def test_simulate_greedy_seats_capture_red_first_by_default() -> None:
    res = ro.simulate(300, 2, "classic", seed=8, policies="greedy")
    rng = random.Random(8)
    for r in res:
        d = ro.deal(2, "classic", rng)
        scores = ro.play(d.hands, d.table, d.stock, d.first, (True, True), False, rng)
        assert r.scores == tuple(scores) and r.stranded == sum(d.table)
    coin = ro.simulate(300, 2, "classic", seed=8, policies="greedy", capture="random")
    assert [r.scores for r in coin] != [r.scores for r in res]
