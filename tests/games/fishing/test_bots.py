"""Bots decide from a SeatView only: random, greedy (most points now), and the jb capture policy."""

from __future__ import annotations

import dataclasses
import random

import pytest

import mainmerah as mm
from mainmerah.families.fishing.rules import main_merah_points

BOT_NAMES = ("random", "greedy", "jb")


def immediate_points(card: mm.Card, table) -> int:
    """Points ``card`` takes if played now (its best capture), written from RULES.md."""
    def pairs(a, b):
        if 1 in (a.rank, b.rank):
            return {a.rank, b.rank} == {1, 9}
        if a.rank >= 10 or b.rank >= 10:
            return a.rank == b.rank
        return a.rank + b.rank == 10

    matches = [c for c in table if pairs(card, c)]
    return main_merah_points(card) + max(main_merah_points(c) for c in matches) if matches else 0


def test_make_bot_by_name():
    for name in BOT_NAMES:
        bot = mm.make_bot(name, seed=1)
        assert bot.name == name
        assert mm.make_bot(f" {name.upper()} ", seed=1).name == name
    with pytest.raises(ValueError, match="'clever'"):
        mm.make_bot("clever")


@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_choose_legal_options_and_finish_games(name):
    for variant in ("classic", "cardgames", "jb"):
        for players in (2, 3):
            g = mm.Game.new(players, variant, seed=players)
            mm.play_out(g, [mm.make_bot(name, seed=i) for i in range(players)])
            assert g.is_over and sum(len(p) for p in g.piles) + len(g.table) == 52


@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_refuse_when_it_is_not_their_turn(name):
    g = mm.Game.new(2, "classic", seed=1)
    with pytest.raises(ValueError, match="not seat"):
        mm.make_bot(name, 0).choose(g.view(1 - g.seat))


@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_work_from_a_bare_view(name):
    # A view built by hand, with no game behind it: everything a bot needs is in the view.
    hand = tuple(mm.parse_cards("7h 2c kd"))
    table = tuple(mm.parse_cards("3s 3h 8d"))
    decision = mm.Decision(0, "play", hand)
    view = mm.SeatView(seat=0, players=2, variant="classic", hand=hand, table=table, piles=((), ()),
                       scores=(0, 0), hand_sizes=(3, 3), stock_size=6, to_move=0, decision=decision,
                       pending=None, out=())
    assert mm.make_bot(name, 3).choose(view) in hand
    capture = dataclasses.replace(view, decision=mm.Decision(0, "capture", table[:2], hand[0], "play"),
                                  pending=hand[0], hand=hand[1:])
    assert mm.make_bot(name, 3).choose(capture) in table[:2]


@pytest.mark.parametrize("name", BOT_NAMES)
def test_bots_ignore_what_the_seat_cannot_see(name):
    """Shuffle the other hands and the stock: the same bot (same seed) makes the same choice."""
    rng = random.Random(0)
    for seed in range(30):
        g = mm.Game.new(3, "classic", seed=seed)
        seat = g.seat
        hidden = [c for s, h in enumerate(g.hands) if s != seat for c in h] + list(g.stock)
        rng.shuffle(hidden)
        sizes = [len(h) for h in g.hands]
        hands, k = [], 0
        for s in range(3):
            if s == seat:
                hands.append(g.hands[s])
            else:
                hands.append(hidden[k:k + sizes[s]])
                k += sizes[s]
        other = mm.Game.from_layout(hands=hands, table=g.table, stock=hidden[k:], first=seat)
        assert other.view(seat).unseen() == g.view(seat).unseen()
        a = mm.make_bot(name, seed).choose(g.view(seat))
        b = mm.make_bot(name, seed).choose(other.view(seat))
        assert a == b


def test_greedy_takes_the_most_points_available_now():
    rng = random.Random(1)
    checked = 0
    for seed in range(60):
        g = mm.Game.new(2 + seed % 2, "classic", seed=seed)
        bot = mm.make_bot("greedy", seed)
        while (d := g.decision) is not None:
            if rng.random() < 0.5:
                choice = bot.choose(g.view(d.seat))
                if d.kind == "play":
                    best = max(immediate_points(c, g.table) for c in d.options)
                    assert immediate_points(choice, g.table) == best
                else:
                    assert main_merah_points(choice) == max(main_merah_points(c) for c in d.options)
                checked += 1
            else:
                choice = rng.choice(d.options)
            g.decide(choice)
    assert checked > 500


def test_greedy_prefers_a_bigger_capture():
    g = mm.Game.from_layout(hands=["7c 9s 2c", "4c 5c 6c"], table="3s ah 8c", stock="jc qc kc 10c js qs",
                            first=0)
    assert mm.make_bot("greedy").choose(g.view(0)) == mm.Card.parse("9s")  # 9♠ takes A♥: 20 points
    g = mm.Game.from_layout(hands=["7c", "2c"], table="3s 3h 3c", stock="jc qc", first=0)
    g.play("7c")
    assert mm.make_bot("greedy").choose(g.view(0)) == mm.Card.parse("3h")


def test_jb_capture_policy():
    p = mm.parse_cards
    assert mm.jb_capture(p("3s 3c 3h 3d")) == mm.Card.parse("3h")
    assert mm.jb_capture(p("3s 3c")) == mm.Card.parse("3s")
    assert mm.jb_capture(p("9d 9h")) == mm.Card.parse("9d")
    assert mm.jb_capture(p("kc")) == mm.Card.parse("kc")


def test_jb_bot_captures_as_the_jb_variant_would():
    """In classic, the jb bot's capture choices equal what the jb variant does by itself."""
    rng = random.Random(2)
    seen = 0
    for seed in range(80):
        g = mm.Game.new(2, "classic", seed=seed)
        bot = mm.make_bot("jb", seed)
        while (d := g.decision) is not None:
            if d.kind == "capture":
                reds = [c for c in d.options if c.red]
                assert bot.choose(g.view(d.seat)) == (reds[0] if reds else d.options[0])
                seen += 1
            g.decide(rng.choice(d.options))
    assert seen > 50


def test_bots_are_seeded():
    for name in BOT_NAMES:
        a = mm.Game.new(2, "classic", seed=3)
        b = mm.Game.new(2, "classic", seed=3)
        mm.play_out(a, [mm.make_bot(name, 1), mm.make_bot(name, 2)])
        mm.play_out(b, [mm.make_bot(name, 1), mm.make_bot(name, 2)])
        assert a.choices == b.choices


def test_greedy_outscores_random_on_average():
    greedy_total = random_total = 0
    for seed in range(200):
        g = mm.Game.new(2, "classic", seed=seed)
        seat_greedy = seed % 2
        bots = [mm.make_bot("random", seed), mm.make_bot("random", seed)]
        bots[seat_greedy] = mm.make_bot("greedy", seed)
        mm.play_out(g, bots)
        greedy_total += g.scores[seat_greedy]
        random_total += g.scores[1 - seat_greedy]
    assert greedy_total > random_total
