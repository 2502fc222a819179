"""Review this game's work done while the game is played (mainmerah/table/review.py, judging ahead): with
threads, each of your decisions is judged by one worker thread between turns; the review at the end equals
the one made all at once, judges only what was left, and a new game, an undo or the page closed drops the
work with no thread left behind."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import mainmerah.core.review as core_review
import mainmerah.table.review as table_review
from mainmerah.core import registry
from mainmerah.core.review import review
from mainmerah.table.table import TableWidget

WORLDS = 6


@pytest.fixture(autouse=True)
def _worker_at_normal_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    # These tests ask what the worker judges, not how the machine shares its time: in CI the other test workers'
    # browsers kept a worker of niceness 19 (about 1.5% of a core against them) from one decision for two minutes.
    monkeypatch.setattr(table_review, "NICENESS", 0)


def workers() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "mm-review-ahead"]


def gone() -> bool:
    """Whether every worker has ended, given a moment: a worker says it has ended (the table's ``_worker`` is None
    at once) before its thread is over."""
    for worker in workers():
        worker.join(10)
    return not workers()


def settle(t: TableWidget) -> None:
    """Until the worker has judged everything handed to it (it ends when nothing is left)."""
    worker = t.review._worker
    if worker is not None:
        worker.join(120)
    assert gone(), "the worker ends once nothing is left to judge"


def play(t: TableWidget, seed: int, until: int | None = None, wait: bool = True) -> None:
    """Seat 0 plays at random (seeded) by the table's own wishes; the worker settles after each decision."""
    chooser = registry.get(t.game.game_name).make_bot("random", seed=seed)
    for _turn in range(3000):
        d = t.game.decision
        if d is None or (until is not None and len(t.game.choices) >= until):
            break
        if d.seat == t.human and t.caught_up:
            assert t.enter(str(chooser.choose(t.game.view(d.seat)))), t.error
            if wait:
                settle(t)
        else:
            t.next()
    t.next()


def table(name: str, seed: int) -> TableWidget:
    players = 2 if 2 in registry.get(name).players else registry.get(name).default_players
    # Made in a thread of its own: a worker that ran a browser test before holds playwright's event loop running in
    # its main thread, which the table would take for a kernel's.
    with ThreadPoolExecutor(1) as pool:
        t = pool.submit(TableWidget, game=name, players=players, seed=seed, bots="greedy", auto=False).result()
    t.review.worlds = WORLDS
    assert t.review.ahead is None, "no judging ahead in plain Python unless asked"
    t.review.judge_early = True  # (as under Voilà, where a kernel's event loop runs the table)
    return t


@pytest.mark.parametrize("name", ["main-merah", "red-ten"])
def test_judged_ahead_equals_the_review_and_is_not_judged_again(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    judge = core_review.judge

    def counted(*a: object, **kw: object) -> object:
        calls.append(threading.current_thread().name)
        return judge(*a, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(core_review, "judge", counted)
    t = table(name, seed=5)
    play(t, seed=5)
    assert t.game.decision is None
    settle(t)
    ahead = t.review.ahead
    assert ahead is not None and ahead.judged, "your decisions were judged while the game was played"
    assert set(calls) == {"mm-review-ahead"}
    before = len(calls)
    t.review.start_button.click()
    t.review.wait(120)
    r = t.review.result
    assert r is not None
    assert len(calls) == before, "the review judged nothing again: everything was judged ahead"
    whole = review(t.game, seat=t.human or 0, worlds=WORLDS)  # the same game, judged all at once
    assert len(calls) == before + len(whole.decisions)
    assert r.decisions == whole.decisions  # the same moments, the same losses, every option alike
    assert r.moments == whole.moments
    t.close()


def test_the_review_judges_only_what_was_left() -> None:
    t = table("main-merah", seed=7)
    play(t, seed=7, wait=False)  # the worker may still be at it: the review takes over where it stands
    t.review.start_button.click()
    t.review.wait(120)
    assert gone()
    r = t.review.result
    assert r is not None
    assert r.decisions == review(t.game, seat=0, worlds=WORLDS).decisions
    t.close()


def test_a_new_game_or_an_undo_drops_the_work_and_close_leaves_no_thread() -> None:
    t = table("main-merah", seed=9)
    play(t, seed=9, until=8)
    first = t.review.ahead
    assert first is not None and first.judged
    t.undo()
    settle(t)
    assert t.review.ahead is not first, "an undone decision: judged anew"
    assert t.review.ahead is None or t.review.ahead.follows(t.game)
    t.new_game(seed=10)
    assert t.review.ahead is None or not t.review.ahead.choices, "a new game: nothing of the last one kept"
    play(t, seed=10, until=6, wait=False)
    t.close()  # the page closed: the worker stops within a play-out
    assert gone()


def test_the_worker_waits_while_the_table_computes() -> None:
    t = table("main-merah", seed=11)
    with t.review.busy():
        play(t, seed=11, until=6, wait=False)  # (the table's own work runs meanwhile, the worker waits)
        ahead = t.review.ahead
        assert ahead is not None
        judged = len(ahead.judged)
        worker = t.review._worker
        assert worker is not None and worker.is_alive()
        worker.join(0.3)
        assert len(ahead.judged) == judged and worker.is_alive(), "nothing judged while the table computes"
    settle(t)
    assert len(ahead.judged) > judged
    t.close()



def test_an_undo_while_the_worker_judges_what_it_undid_is_judged_anew_quietly(
        caplog: pytest.LogCaptureFixture) -> None:
    # In CI the worker, judging a decision, was handed the game with that decision undone and another made: it
    # raised "this game does not go on from the decisions already judged" into the log.
    t = table("main-merah", seed=11)
    t.next()
    with t.review.busy():  # the worker is handed the game, and waits in the middle of judging it
        first = sorted(map(str, t.game.legal_actions()))
        assert t.enter(first[0]), t.error
        worker = t.review._worker
        assert worker is not None and worker.is_alive()
        t.undo()
        while t.game.decision is None or t.game.decision.seat != t.human or not t.caught_up:
            t.next()
        assert t.enter(first[1]), t.error  # another decision, handed over while the first is judged
    settle(t)
    assert not [r for r in caplog.records if r.levelname == "ERROR"], caplog.text
    assert t.review.ahead is None or t.review.ahead.follows(t.game)
    t.close()

class _SlowToLetGo:
    """A lock whose worker, having let go, sleeps: it widens the moment between the worker's last look at what
    was handed over and its end."""

    def __init__(self) -> None:
        self.lock = threading.Lock()

    def __enter__(self) -> None:
        self.lock.acquire()

    def __exit__(self, *_exc: object) -> None:
        self.lock.release()
        if threading.current_thread().name == "mm-review-ahead":
            time.sleep(0.4)


def test_a_game_handed_over_as_the_worker_ends_is_judged_by_a_new_worker() -> None:
    # In CI an undo left the judged decisions as they were: the worker, finding nothing left, had let go of the
    # lock but not said it ended, so the last decision handed over found it still running and was never judged.
    t = table("main-merah", seed=9)
    t.review._lock = _SlowToLetGo()  # type: ignore[assignment]
    chooser = registry.get("main-merah").make_bot("random", seed=9)
    handed = 0
    while handed < 3 and t.game.decision is not None:
        d = t.game.decision
        if d.seat == t.human and t.caught_up:
            assert t.enter(str(chooser.choose(t.game.view(d.seat)))), t.error
            ahead = t.review.ahead
            assert ahead is not None
            for _wait in range(12000):  # until judged (a minute at most): the worker is about to end
                if len(ahead.choices) >= len(t.game.choices):
                    break
                time.sleep(0.005)
            assert ahead.choices == list(t.game.choices), "every decision handed over is judged"
            time.sleep(0.1)
            handed += 1
        t.next()  # a computer's move, handed over as the worker ends
    settle(t)
    ahead = t.review.ahead
    assert ahead is not None and ahead.choices == list(t.game.choices), "every decision handed over was judged"
    t.close()


def test_no_judging_ahead_without_threads() -> None:
    t = table("main-merah", seed=3)
    t.review.background = False  # (as in the browser's Python)
    play(t, seed=3, until=6)
    assert t.review.ahead is None and not workers()
