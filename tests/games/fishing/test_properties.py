"""Property tests: any sequence of decisions, legal or not, keeps the deck whole and the state honest."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mainmerah as mm
from mainmerah.families.fishing.rules import main_merah_points, pairs_with

PROFILE = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# A step: which method, and which card -- one of the current options (legal when the kind fits),
# any of the 52 cards, or a token that is not a card at all.
steps = st.lists(
    st.tuples(
        st.sampled_from(["play", "capture", "decide", "decide", "decide", "undo", "redo"]),
        st.one_of(
            # Listed twice so that about half the steps pick a current option.
            st.integers(min_value=0, max_value=60).map(lambda i: ("option", i)),
            st.integers(min_value=0, max_value=60).map(lambda i: ("option", i)),
            st.sampled_from(mm.DECK).map(lambda c: ("card", c)),
            st.sampled_from(["", "1H", "11C", "Z♠", "10", "AHX", "q", "♥"]).map(lambda t: ("token", t)),
        ),
    ),
    max_size=150,
)


def state(g: mm.Game) -> tuple:
    return (g.table, g.hands, g.piles, g.stock, g.scores, g.seat, g.pending, g.is_over, g.decision,
            tuple(g.events), tuple(g.choices), g.can_redo)


def whole_deck(g: mm.Game) -> None:
    cards = g.all_cards()
    assert len(cards) == 52 and set(cards) == set(mm.DECK)
    assert len(set(cards)) == 52
    # The places agree with each other, too.
    assert g.stock_size == len(g.stock)
    assert sum(len(p) for p in g.piles) % 2 == 0
    assert g.scores == tuple(sum(main_merah_points(c) for c in p) for p in g.piles)


def apply(g: mm.Game, kind: str, pick) -> bool:
    """Try one step; True when the game accepted it."""
    what, value = pick
    if kind in ("undo", "redo"):
        try:
            getattr(g, kind)()
        except mm.RuleError:
            return False
        return True
    if what == "option":
        d = g.decision
        card = d.options[value % len(d.options)] if d is not None else mm.DECK[value % 52]
    else:
        card = value
    try:
        getattr(g, kind)(card)
    except (mm.RuleError, mm.CardError):
        return False
    return True


@PROFILE
@given(
    seed=st.integers(min_value=0, max_value=2**31 - 1),
    players=st.sampled_from([2, 3]),
    variant=st.sampled_from(["classic", "cardgames", "jb"]),
    script=steps,
)
def test_any_sequence_keeps_every_card_once_and_refusals_change_nothing(seed, players, variant, script):
    g = mm.Game.new(players, variant, seed=seed)
    whole_deck(g)
    for kind, pick in script:
        before = state(g)
        accepted = apply(g, kind, pick)
        if not accepted:
            assert state(g) == before
        whole_deck(g)
    # Save -> load gives the same state (the redo list is not part of a save file).
    loaded = mm.Game.from_json(g.to_json())
    assert state(loaded)[:-1] == state(g)[:-1]
    whole_deck(loaded)


@PROFILE
@given(
    seed=st.integers(min_value=0, max_value=2**31 - 1),
    players=st.sampled_from([2, 3]),
    variant=st.sampled_from(["classic", "cardgames", "jb"]),
    moves=st.integers(min_value=0, max_value=60),
    back=st.integers(min_value=0, max_value=60),
)
def test_goto_anywhere_then_back_is_exact(seed, players, variant, moves, back):
    g = mm.Game.new(players, variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.decision is None:
            break
        g.decide(rng.choice(g.decision.options))
    here = state(g)
    n = len(g.choices)
    k = back % (n + 1)
    g.goto(k)
    whole_deck(g)
    fresh = mm.Game(g.setup)
    for ch in g.choices:
        fresh.decide(ch.card)
    assert state(fresh)[:-1] == state(g)[:-1]
    g.goto(n)
    assert state(g) == here


@PROFILE
@given(
    order=st.permutations(mm.DECK),
    players=st.sampled_from([2, 3]),
    table_n=st.integers(min_value=0, max_value=20),
    first=st.integers(min_value=0, max_value=2),
    variant=st.sampled_from(["classic", "cardgames", "jb"]),
    seed=st.integers(min_value=0, max_value=1000),
)
def test_any_full_deck_layout_plays_to_a_consistent_end(order, players, table_n, first, variant, seed):
    hand = (52 - table_n) // (2 * players)
    hands = [order[i * hand:(i + 1) * hand] for i in range(players)]
    rest = order[players * hand:]
    stock = rest[: players * hand]
    table = rest[players * hand:]
    g = mm.Game.from_layout(hands=hands, table=table, stock=stock, first=first % players, variant=variant)
    rng = random.Random(seed)
    start_table = list(g.table)
    while g.decision is not None:
        whole_deck(g)
        g.decide(rng.choice(g.decision.options))
    whole_deck(g)
    assert sum(g.scores) + sum(main_merah_points(c) for c in g.table) == 210
    # Cards still on the table never pair with one another unless both lay there from the start.
    for i, a in enumerate(g.table):
        for b in g.table[i + 1:]:
            if pairs_with(a, b):
                assert a in start_table and b in start_table
    assert state(mm.Game.from_json(g.to_json())) == state(g)
