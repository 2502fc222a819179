"""The game as a state machine: bad input, layouts, history (undo/redo/goto), copies, the seat view."""

from __future__ import annotations

import dataclasses
import random

import pytest

import mainmerah as mm

C = mm.Card.parse


def cards(text: str) -> tuple[mm.Card, ...]:
    return tuple(mm.parse_cards(text))


def state(g: mm.Game) -> tuple:
    """Everything observable about a game (for "nothing changed" and "same as replaying")."""
    return (
        g.table, g.hands, g.piles, g.stock, g.stock_size, g.scores, g.seat, g.pending, g.is_over,
        g.decision, tuple(g.events), tuple(g.choices), g.can_undo, g.can_redo,
    )


def random_playout(g: mm.Game, rng: random.Random, limit: int | None = None) -> mm.Game:
    n = 0
    while (d := g.decision) is not None and (limit is None or n < limit):
        g.decide(rng.choice(d.options))
        n += 1
    return g


def game_at_capture(variant: str = "classic") -> mm.Game:
    g = mm.Game.from_layout(hands=["7h 2d", "2c"], table="3s kd 3h", stock="4d 8s 5c", first=0, variant=variant)
    g.play("7h")
    return g


# ----- bad input: a clear error, nothing changed ---------------------------------

def assert_refused(g: mm.Game, action, error=mm.RuleError, *words: str) -> None:
    before = state(g)
    with pytest.raises(error) as info:
        action()
    assert isinstance(info.value, ValueError)
    for w in words:
        assert w in str(info.value), (w, str(info.value))
    assert state(g) == before


def test_card_not_in_hand():
    g = mm.Game.new(2, "classic", seed=3)
    outside = next(c for c in mm.DECK if c not in g.hands[g.seat])
    assert_refused(g, lambda: g.play(outside), mm.RuleError, str(outside), "hand")
    assert_refused(g, lambda: g.decide(outside), mm.RuleError, str(outside))
    on_table = g.table[0]
    assert_refused(g, lambda: g.play(on_table), mm.RuleError, str(on_table))


def test_bad_token_is_refused_with_its_name():
    g = mm.Game.new(2, "classic", seed=3)
    assert_refused(g, lambda: g.play("1Z"), mm.CardError, "'1Z'")
    assert_refused(g, lambda: g.decide(None), mm.CardError)
    g2 = game_at_capture()
    assert_refused(g2, lambda: g2.capture("3x"), mm.CardError, "'3x'")


def test_out_of_turn():
    g = mm.Game.new(3, "classic", seed=8)
    other = (g.seat + 1) % 3
    theirs = g.hands[other][0]
    assert_refused(g, lambda: g.play(theirs), mm.RuleError, str(theirs), f"seat {g.seat}")
    mine = g.hands[g.seat][0]
    # A caller that says who is acting is refused when that seat is not to move.
    assert_refused(g, lambda: g.play(mine, seat=other), mm.RuleError, f"seat {g.seat}'s turn", f"seat {other}")
    assert_refused(g, lambda: g.decide(mine, seat=other), mm.RuleError, f"seat {g.seat}'s turn")
    g.play(mine, seat=g.seat)
    assert g.choices[-1].card == mine


def test_wrong_decision_kind():
    g = mm.Game.new(2, "classic", seed=3)
    assert_refused(g, lambda: g.capture(g.hands[g.seat][0]), mm.RuleError, "play a hand card")
    g = game_at_capture()
    assert g.decision.kind == "capture"
    assert_refused(g, lambda: g.play("2d"), mm.RuleError, "7♥", "3♠", "3♥")
    assert_refused(g, lambda: g.play("3s"), mm.RuleError, "captures")


def test_capture_not_among_options():
    g = game_at_capture()
    assert_refused(g, lambda: g.capture("kd"), mm.RuleError, "K♦", "3♠, 3♥")
    assert_refused(g, lambda: g.capture("3c"), mm.RuleError, "3♣")
    assert_refused(g, lambda: g.capture("2d"), mm.RuleError)
    g.capture("3h")
    assert g.piles[0] == cards("7h 3h")


def test_any_decision_after_the_game_is_over():
    g = random_playout(mm.Game.new(2, "cardgames", seed=5), random.Random(1))
    assert g.is_over and g.decision is None
    for card in (mm.DECK[0], mm.DECK[30], "AH", "zz"):
        assert_refused(g, lambda c=card: g.play(c), mm.RuleError, "over")
        assert_refused(g, lambda c=card: g.capture(c), mm.RuleError, "over")
        assert_refused(g, lambda c=card: g.decide(c), mm.RuleError, "over")


def test_decide_answers_either_kind():
    g = mm.Game.from_layout(hands=["7h 2d", "2c"], table="3s kd 3h", stock="4d 8s 5c", first=0)
    g.decide("7h")
    assert g.decision.kind == "capture"
    g.decide("3s")
    assert g.piles[0] == cards("7h 3s")


def test_methods_chain_and_accept_card_objects():
    g = mm.Game.from_layout(hands=["7h 2d", "2c"], table="3s kd 3h", stock="4d 8s 5c", first=0)
    assert g.play(C("7h")).capture(C("3h")) is g


# ----- from_layout -------------------------------------------------------------

@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(hands=["7h", "2c"], table="7h", stock="4d 8s"), ["7♥", "twice", "seat 0's hand", "table"]),
        (dict(hands=["7h", "2c"], table="3c", stock="4d 3c"), ["3♣", "twice", "stock"]),
        (dict(hands=["7h", "2c"], table="", stock="4d", piles=["2c 8c", ""]), ["2♣", "twice", "pile"]),
        (dict(hands=["7h", "2c"], table="", stock="4d"), ["stock", "2", "not 1"]),
        (dict(hands=["7h", "2c"], table="", stock="4d 5d 6d"), ["stock", "not 3"]),
        (dict(hands=["7h 8h 9h", "2c"], table="", stock="4d 5d 6d 7d"), ["hand sizes", "[3, 1]"]),
        (dict(hands=["7h", "2c 3c"], table="", stock="4d 5d 6d", first=0), ["hand sizes"]),
        (dict(hands=["7h"], table="", stock="4d"), ["2 or 3 players", "not 1"]),
        (dict(hands=["7h", "2c", "3c", "4c"], table="", stock="4d 5d 6d 7d"), ["not 4"]),
        (dict(hands=["7h", "2c"], table="", stock="4d 8s", first=2), ["first player", "not 2"]),
        (dict(hands=["7h", "2c"], table="", stock="4d 8s", piles=["2c"]), ["2 piles"]),
        (dict(hands=["7h", "2s"], table="", stock="4d 8s", piles=["2c", ""]), ["even"]),
    ],
)
def test_from_layout_refuses_impossible_setups(kwargs, words):
    with pytest.raises(mm.LayoutError) as info:
        mm.Game.from_layout(**kwargs)
    assert isinstance(info.value, ValueError)
    for w in words:
        assert w in str(info.value), (w, str(info.value))


def test_from_layout_bad_token_names_token_and_place():
    with pytest.raises(mm.CardError, match="table.*'Qx'"):
        mm.Game.from_layout(hands=["7h", "2c"], table="3c Qx", stock="4d 8s")


def test_from_layout_accepts_a_seat_one_card_ahead():
    # The first player has one card more than the others (a turn in progress elsewhere).
    g = mm.Game.from_layout(hands=["7h", "2c 3c", "4c 5c"], table="", stock="6d 7d 8d 9d 10d", first=1)
    assert g.decision.seat == 1
    g = mm.Game.from_layout(hands=["", ""], table="ah", stock="")
    assert g.is_over and g.events[-1].kind == "end" and g.table == cards("ah")


def test_from_layout_full_deck_and_partial():
    deck = list(mm.DECK)
    g = mm.Game.from_layout(hands=[deck[:10], deck[10:20]], table=deck[20:32], stock=deck[32:], first=1)
    assert g.setup.out == () and g.seat == 1 and g.stock[0] == deck[32]
    g = mm.Game.from_layout(hands=["7h", "2c"], table="3c", stock="4d 8s")
    assert len(g.setup.out) == 52 - 5
    assert sorted(g.all_cards(), key=lambda c: c.index) == list(mm.DECK)


# ----- history -------------------------------------------------------------------

def replayed(setup: mm.Setup, choices, n: int) -> mm.Game:
    """A fresh game with the first ``n`` decisions applied through the public API."""
    fresh = mm.Game(setup)
    for ch in choices[:n]:
        (fresh.play if ch.kind == "play" else fresh.capture)(ch.card)
    return fresh


def core(g: mm.Game) -> tuple:
    return (g.table, g.hands, g.piles, g.stock, g.scores, g.seat, g.pending, g.is_over, g.decision,
            tuple(g.events), tuple(g.choices))


@pytest.mark.parametrize("variant", ["classic", "cardgames", "jb"])
def test_goto_undo_redo_restore_exactly_the_replayed_state(variant):
    rng = random.Random(2)
    for seed in range(6):
        g = random_playout(mm.Game.new(3, variant, seed=seed), rng)
        full = list(g.choices)
        end_state = core(g)
        n = len(full)
        for k in rng.sample(range(n + 1), 8) + [0, n]:
            g.goto(k)
            assert core(g) == core(replayed(g.setup, full, k))
            assert len(g.choices) == k and g.can_undo == (k > 0) and g.can_redo == (k < n)
        g.goto(n)
        assert core(g) == end_state
        g.undo(3)
        assert core(g) == core(replayed(g.setup, full, n - 3))
        g.undo()
        g.redo(2)
        assert core(g) == core(replayed(g.setup, full, n - 2))
        g.redo(2)
        assert core(g) == end_state


def test_undo_then_a_different_decision_clears_redo():
    rng = random.Random(0)
    for seed in range(20):
        g = random_playout(mm.Game.new(2, "classic", seed=seed), rng, limit=6)
        full = list(g.choices)
        g.undo(2)
        assert g.can_redo
        other = next((c for c in g.decision.options if c != full[4].card), None)
        if other is None:
            continue  # only one option here; try another game
        g.decide(other)
        assert not g.can_redo
        with pytest.raises(mm.RuleError, match="nothing to redo"):
            g.redo()
        with pytest.raises(ValueError):
            g.goto(6)
        return
    raise AssertionError("no game with a choice at that point")  # pragma: no cover


def test_undo_then_the_same_decision_keeps_the_rest_of_redo():
    g = mm.Game.new(2, "classic", seed=12)
    random_playout(g, random.Random(0), limit=6)
    full = list(g.choices)
    g.undo(3)
    g.decide(full[3].card)
    assert g.can_redo
    g.redo(2)
    assert g.choices == full


def test_undo_redo_limits():
    g = mm.Game.new(2, "classic", seed=1)
    before = state(g)
    with pytest.raises(mm.RuleError, match="nothing to undo"):
        g.undo()
    with pytest.raises(mm.RuleError, match="nothing to redo"):
        g.redo()
    with pytest.raises(ValueError, match="no point 5"):
        g.goto(5)
    with pytest.raises(ValueError):
        g.goto(-1)
    assert state(g) == before
    g.decide(g.decision.options[0])
    with pytest.raises(mm.RuleError, match="only 1"):
        g.undo(2)
    g.undo()
    assert core(g) == core(mm.Game.new(2, "classic", seed=1))


def test_undo_across_a_capture_choice():
    g = game_at_capture()
    g.capture("3s")
    after = core(g)
    g.undo()
    assert g.decision.kind == "capture" and g.pending == C("7h") and g.table == cards("3s kd 3h")
    g.undo()
    assert g.decision.kind == "play" and g.pending is None and g.hands[0] == cards("7h 2d")
    g.redo(2)
    assert core(g) == after


def test_copy_is_independent_and_replay_starts_over():
    g = mm.Game.new(2, "jb", seed=4)
    random_playout(g, random.Random(0), limit=5)
    c = g.copy()
    assert core(c) == core(g)
    c.decide(c.decision.options[0])
    assert len(c.choices) == len(g.choices) + 1
    r = g.replay()
    assert r.choices == [] and r.can_redo
    r.redo(len(g.choices))
    assert core(r) == core(g)


# ----- the seat view -------------------------------------------------------------

def test_view_hides_other_hands_and_the_stock():
    field_names = {f.name for f in dataclasses.fields(mm.SeatView)}
    assert not field_names & {"hands", "stock", "setup", "game", "choices", "events"}
    rng = random.Random(5)
    for variant in ("classic", "jb"):
        for players in (2, 3):
            g = mm.Game.new(players, variant, seed=21)
            for _ in range(9):
                for seat in range(players):
                    v = g.view(seat)
                    assert v.hand == g.hands[seat]
                    assert v.table == g.table and v.piles == g.piles and v.scores == g.scores
                    assert v.hand_sizes == tuple(len(h) for h in g.hands)
                    assert v.stock_size == g.stock_size
                    hidden = [c for s, h in enumerate(g.hands) if s != seat for c in h] + list(g.stock)
                    assert sorted(v.unseen(), key=lambda c: c.index) == sorted(hidden, key=lambda c: c.index)
                    assert len(v.unseen()) == len(hidden)
                    values = [getattr(v, f) for f in field_names]
                    flat = set()
                    for val in values:
                        if isinstance(val, mm.Card):
                            flat.add(val)
                        elif isinstance(val, tuple):
                            for x in val:
                                flat.update(x if isinstance(x, tuple) else [x])
                    # No card the seat may not see is anywhere in the view's fields.
                    assert not flat & set(hidden)
                    if seat == g.seat:
                        assert v.decision == g.decision and v.my_turn
                    else:
                        assert v.decision is None and not v.my_turn
                random_playout(g, rng, limit=1)


def test_view_during_a_capture_choice():
    g = game_at_capture()
    v = g.view(0)
    assert v.decision.kind == "capture" and v.pending == C("7h")
    assert v.matches(C("7c")) == cards("3s 3h")
    assert C("7h") not in v.unseen()
    with pytest.raises(ValueError, match="no seat 2"):
        g.view(2)


def test_all_cards_accounted_for_through_a_game():
    rng = random.Random(8)
    for seed in range(10):
        g = mm.Game.new(3, "classic", seed=seed)
        while g.decision is not None:
            cards_now = g.all_cards()
            assert len(cards_now) == 52 and set(cards_now) == set(mm.DECK)
            g.decide(rng.choice(g.decision.options))
        assert len(g.all_cards()) == 52 and set(g.all_cards()) == set(mm.DECK)


def test_repr_mentions_state():
    g = mm.Game.new(2, "jb", seed=3)
    assert "jb" in repr(g) and "seed=3" in repr(g)


def test_undo_and_redo_need_a_positive_number_of_steps():
    g = random_playout(mm.Game.new(2, "classic", seed=2), random.Random(0), limit=4)
    g.undo(2)
    before = state(g)
    for bad in (0, -1):
        with pytest.raises(ValueError, match="at least 1"):
            g.undo(bad)
        with pytest.raises(ValueError, match="at least 1"):
            g.redo(bad)
    assert state(g) == before
