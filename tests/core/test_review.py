"""mm.review: one seat's decisions judged from what it could see (mainmerah/core/review.py), in every game."""

from __future__ import annotations

import pytest

import mainmerah as mm
from mainmerah.core.review import review
from mainmerah.families.fishing.events import Capture


def played_game(name: str, players: int, seed: int, levels: list[str]) -> mm.GameInfo:
    g = mm.new_game(name, seed=seed, players=players)
    info = mm.game_info(name)
    bots = [info.make_bot(level, seed=seed + s) for s, level in enumerate(levels)]
    while (d := g.decision) is not None:
        g.act(bots[d.seat].choose(g.view(d.seat)))
    return g


def captured(game: object, action: str, seat: int) -> int:
    """The points ``seat``'s action ``action`` takes at once (its capture, before the flip)."""
    after = game.copy()  # type: ignore[attr-defined]
    before = len(after.events)
    after.act(action)
    return sum(after.points(c) for e in after.events[before:] if isinstance(e, Capture) and e.seat == seat
               and e.source == "play" for c in (e.card, e.taken, *e.more))


def planted(name: str) -> tuple[object, int]:
    """A 2-player game where seat 0 plays greedily except once: with a capture of 20 points or more in hand, it
    plays its most valuable card that takes nothing, leaving it to the other side. Returns the game and the step
    of that blunder."""
    for seed in range(200):
        g = mm.new_game(name, seed=seed, players=2)
        info = mm.game_info(name)
        bots = [info.make_bot("greedy", seed=1), info.make_bot("greedy", seed=2)]
        step = None
        while (d := g.decision) is not None:
            actions = g.legal_actions()
            if step is None and d.seat == 0 and d.kind == "play":
                gains = {a: captured(g, a, 0) for a in actions}
                if max(gains.values()) >= 20 and min(gains.values()) == 0:
                    step = len(g.choices)
                    g.act(min(actions, key=lambda a: (gains[a], -g.points(mm.Card.parse(a)), a)))
                    continue
            g.act(bots[d.seat].choose(g.view(d.seat)))
        if step is not None:
            return g, step
    raise AssertionError(f"no deal of {name} offers the blunder")


@pytest.mark.parametrize("name", ["main-merah", "chinese-ten"])
def test_a_planted_blunder_is_found_and_named(name: str) -> None:
    game, step = planted(name)
    history = list(game.choices)  # type: ignore[attr-defined]
    r = review(game, seat=0, worlds=24)  # type: ignore[arg-type]
    assert list(game.choices) == history, "a review changes nothing"  # type: ignore[attr-defined]
    found = {m.step: m for m in r.moments}
    assert step in found, [(m.step, m.explain()) for m in r.decisions]
    m = found[step]
    assert m.loss >= 5 and m.loss > 2 * m.spread and m.better != m.action
    assert r.moments[0].loss == max(x.loss for x in r.moments)  # the costliest first
    assert m.action in m.explain() and m.better in m.explain()


def test_the_greedy_players_own_choices_are_judged_the_best_nearly_always() -> None:
    """Reviewed by the same computer that played: few decisions can be called mistakes."""
    g = played_game("main-merah", 2, seed=5, levels=["greedy", "greedy"])
    r = review(g, seat=0, worlds=16)
    assert r.decisions and len(r.moments) <= 1, [m.explain() for m in r.moments]
    assert r.best is not None and r.best.action == r.best.better


@pytest.mark.parametrize(("name", "players"), [("in-the-red", 2), ("red-ten", 4)])
def test_every_judged_decision_is_the_one_the_game_took(name: str, players: int) -> None:
    g = played_game(name, players, seed=2, levels=["random"] + ["greedy"] * (players - 1))
    r = review(g, seat=0, worlds=3)
    assert r.decisions
    for m in r.decisions:
        before = g.replay().goto(m.step).copy()
        assert before.decision is not None and before.decision.seat == 0
        assert m.action in before.legal_actions() and m.better in before.legal_actions()
        before.act(m.action)
        assert before.choices[-1] == g.choices[m.step]
        assert m.loss >= 0 and m.worlds >= 1 and m.options == len(g.replay().goto(m.step).legal_actions())
    assert "3 deals" in r.method()


def test_bad_requests_are_refused_by_name() -> None:
    g = played_game("main-merah", 2, seed=1, levels=["greedy", "greedy"])
    with pytest.raises(ValueError, match="seat 5"):
        review(g, seat=5)
    with pytest.raises(ValueError, match="wizard"):
        review(g, seat=0, level="wizard")
    with pytest.raises(ValueError, match="worlds"):
        review(g, seat=0, worlds=0)


def in_the_red_planted(seed: int) -> tuple[object, int | None]:
    """A 2-player In The Red game where seat 0 plays greedily except once, in the first deal: it places a card
    on its own stack that puts it in the red, when another placement would have kept it out."""
    from mainmerah.families.in_the_red.rules import losers
    from mainmerah.families.in_the_red.state import parse_action

    def in_red_after(g: object, action: str) -> bool:
        card, stack = parse_action(action)
        tops = list(g.tops)  # type: ignore[attr-defined]
        if stack is not None:
            tops[stack] = card
        return 0 in losers(tuple(tops))[0]

    g = mm.new_game("in-the-red", seed=seed, players=2)
    info = mm.game_info("in-the-red")
    bots = [info.make_bot("greedy", seed=s) for s in range(2)]
    step = None
    while (d := g.decision) is not None:
        if step is None and d.seat == 0 and g.deal_number == 1:  # type: ignore[attr-defined]
            placed = [a for a in g.legal_actions() if parse_action(a)[1] is not None]
            bad = [a for a in placed if parse_action(a)[1] == 0 and in_red_after(g, a)]
            if bad and any(not in_red_after(g, a) for a in placed):
                step = len(g.choices)
                g.act(bad[0])
                continue
        g.act(bots[d.seat].choose(g.view(d.seat)))
    return g, step


def test_in_the_red_planted_blunders_are_mostly_found() -> None:
    """Putting yourself in the red on your own stack when you need not: In The Red's deals vary a lot, so the
    review needs more worlds (80) to tell such a blunder from chance; most are found, none is called best."""
    found = planted = 0
    for seed in range(12):
        game, step = in_the_red_planted(seed)
        if step is None:
            continue
        planted += 1
        r = review(game, seat=0, worlds=80)  # type: ignore[arg-type]
        judged = next(m for m in r.decisions if m.step == step)
        assert judged.better != judged.action and judged.loss > 0, judged
        found += any(m.step == step for m in r.moments)
    assert planted >= 6 and found * 3 >= planted * 2 - 1, (found, planted)
