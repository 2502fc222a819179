"""Stars, the hint ladder, and the tutorial's progress kept in the browser (simulated) and checked on return."""

from __future__ import annotations

import json
from typing import Any

import pytest

import mainmerah as mm
from mainmerah.families.fishing.ui.lessons import main_merah as C
from mainmerah.pages.tutorial import Tutorial, kept_key
from mainmerah.table.keeper import LANG_KEY, Keeper, pack
from mainmerah.teach.lesson import NumberTask, PickTask
from mainmerah.teach.progress import Progress, ProgressError, TaskResult, stars

KEY = kept_key("main-merah")


def browser(kept: str | None = None) -> tuple[Tutorial, list[Any]]:
    """A tutorial whose page has answered with ``kept`` (what localStorage held); the sent messages."""
    keeper = Keeper([KEY, LANG_KEY])
    sent: list[Any] = []
    keeper.send = sent.append  # type: ignore[method-assign]
    tut = Tutorial(keeper=keeper)
    keeper._page_message({"k": "kept", "available": True, "records": {KEY: kept}})
    return tut, sent


def kept(sent: list[Any]) -> str:
    return str([m for m in sent if m.get("key") == KEY and m["k"] == "store"][-1]["text"])


def body(text: str) -> dict[str, Any]:
    return json.loads(text)["body"]  # type: ignore[no-any-return]


def pick_all(task: PickTask) -> None:
    for c in task.targets:
        task.pick(c)


# ----- stars ------------------------------------------------------------------------------------
def test_stars_rule() -> None:
    assert [stars(m, 0) for m in range(5)] == [3, 2, 1, 1, 1]
    assert [stars(0, h) for h in range(4)] == [3, 2, 1, 1]
    assert stars(1, 1) == 1


def test_stars_for_first_try_one_mistake_more_and_a_hint() -> None:
    lesson = C.lesson_cards()
    lesson.offer_hints()
    reveal, red, tally, deck = lesson.tasks
    pick_all(reveal)  # type: ignore[arg-type]
    assert reveal.stars == 3
    red.pick("10♣")  # type: ignore[attr-defined]  # black: a mistake about the points rule
    pick_all(red)  # type: ignore[arg-type]
    assert red.stars == 2 and red.mistakes == ["points"]
    tally.submit("56")  # type: ignore[attr-defined]
    tally.submit("44")  # type: ignore[attr-defined]
    tally.submit("43")  # type: ignore[attr-defined]
    assert tally.solved and tally.stars == 1 and len(tally.mistakes) == 2
    deck.hint()
    deck.submit("210")  # type: ignore[attr-defined]
    assert deck.stars == 2 and deck.hints == 1
    assert lesson.stars == 8 and "8 of 12 stars" in lesson.end.value


def test_the_ladder_nudges_states_the_rule_then_marks_the_answer() -> None:
    task = C.pair_task("3♥", "7♣ 6♠ 3♣ 7♦ K♦ 2♠ 4♥ 8♥", "p")
    task.offer_hints()
    worth = []
    for _ in range(3):
        worth.append(task.worth_now)
        task.hint()
    worth.append(task.worth_now)
    assert worth == [3, 2, 1, 1]  # each rung costs a star, down to the one every solved task earns
    said = task.hint_text.value
    assert "Look at the 7s." in said  # the nudge comes from the targets
    assert "add up to 10" in said  # the rule
    marked = [c for c, b in task.row.buttons.items() if b._highlight == "hint"]
    assert marked == mm.parse_cards("7♣ 7♦")
    assert task.hint_button.layout.visibility == "hidden"  # no fourth rung; its place is kept
    task.hint()
    assert task.hints == 3
    pick_all(task)
    assert task.stars == 1


def test_a_classroom_task_offers_no_ladder() -> None:
    task = C.pair_task("3♥", "7♣ 6♠ 3♣", "p")
    task.hint()  # the ladder was never offered: nothing happens
    assert task.hints == 0 and task.ladder.layout.display == "none"


def test_a_finished_task_no_longer_reacts() -> None:
    task = C.pair_task("3♥", "7♣ 6♠ 3♣ 7♦", "p")
    pick_all(task)
    said, log = task.feedback.value, list(task.inputs)
    task.pick("6♠")  # a wrong click on a finished task
    assert task.feedback.value == said and task.inputs == log and task.mistakes == []
    assert all(b.button.disabled for b in task.row.buttons.values())
    number = NumberTask("?", 4, right="yes", hint=lambda v, n: "no")
    number.submit("4")
    number.submit("5")
    assert number.feedback.text == "yes" and number.text.disabled and number.check.disabled


# ----- the progress record ---------------------------------------------------------------------------
def test_progress_keeps_the_best_result() -> None:
    p = Progress("main-merah")
    good = TaskResult(True, [], 0, [("pick", ("7♣",))], 5.0)
    worse = TaskResult(True, ["pairing", "pairing"], 0, [], 9.0)
    p.update("pairing", "pair1", good)
    p.update("pairing", "pair1", worse)
    assert p.tasks["pairing"]["pair1"] is worse and p.best["pairing"]["pair1"] is good
    assert p.earned("pairing") == 3


def test_progress_record_round_trip() -> None:
    p = Progress("main-merah", "pairing")
    p.update("pairing", "pair1", TaskResult(True, ["pairing"], 1, [("pick", ("6♠",)), ("hint", (1,))], 12.5))
    again = Progress.restore(json.loads(json.dumps(p.record())), "main-merah", {"pairing": ["pair1"], "cards": []})
    assert again == p


@pytest.mark.parametrize("change, words", [
    (lambda r: r.update(game="red-ten"), "for red-ten"),
    (lambda r: r.update(lesson="nope"), "lesson that does not exist"),
    (lambda r: r["tasks"]["pairing"].update(ghost=r["tasks"]["pairing"]["pair1"]), "task that does not exist"),
    (lambda r: r["tasks"]["pairing"]["pair1"].update(hints="1"), "bad hints"),
    (lambda r: r["tasks"]["pairing"]["pair1"].update(log=[["pick", ["7♣"]]]), "bad log"),
    (lambda r: r["tasks"]["pairing"]["pair1"].update(stars=3), "bad stars"),
    (lambda r: r["tasks"]["pairing"]["pair1"].update(seconds=-1), "bad seconds"),
])
def test_progress_restore_refuses_a_bad_record(change, words: str) -> None:  # noqa: ANN001
    p = Progress("main-merah", "pairing")
    p.update("pairing", "pair1", TaskResult(True, ["pairing"], 0, [("pick", ("6♠",))], 1.0))
    record = json.loads(json.dumps(p.record()))
    change(record)
    with pytest.raises(ProgressError, match=words):
        Progress.restore(record, "main-merah", {"pairing": ["pair1"]})


# ----- kept in the browser ---------------------------------------------------------------------------
def work(tut: Tutorial) -> None:
    """Lesson 1 with a mistake, then halfway through lesson 3's coached game."""
    lesson = tut.lesson
    pick_all(lesson.tasks[0])  # type: ignore[arg-type]
    lesson.tasks[1].pick("10♣")  # type: ignore[attr-defined]
    pick_all(lesson.tasks[1])  # type: ignore[arg-type]
    lesson.tasks[2].hint()
    tut.go(2)
    coach = tut.lesson.tasks[0].widget  # type: ignore[attr-defined]
    coach.play("K♠")  # a mistake: it pairs with nothing
    coach.play("7♥")
    coach.take("3♦")


def test_reload_in_the_middle_of_lesson_3_brings_everything_back() -> None:
    tut, sent = browser()
    work(tut)
    text = kept(sent)
    assert body(text)["lesson"] == "turn"
    again, _sent = browser(text)
    assert again.index == 2 and "Welcome back" in again.note.value
    old, new = tut.lesson.tasks[0].widget, again.lesson.tasks[0].widget  # type: ignore[attr-defined]
    assert (new.hand, new.table, new.piles, new.waiting) == (old.hand, old.table, old.piles, old.waiting)
    assert new.mistakes == ["pairing"]
    assert [t.stars for t in again.lessons[0].tasks] == [3, 2, 0, 0]
    assert again.lessons[0].tasks[2].hints == 1 and "Nudge" in again.lessons[0].tasks[2].hint_text.value
    assert again.progress().record() == tut.progress().record()
    assert "★ 5 of 12" in again.steps[0].description


def test_the_guided_game_comes_back_by_its_decisions() -> None:
    tut, sent = browser()
    tut.go(5)
    mine, theirs, winner, game_task = tut.lesson.tasks
    pick_all(mine)  # type: ignore[arg-type]
    theirs.submit(str(theirs.answer))  # type: ignore[attr-defined]
    winner.choose(next(i for i, o in enumerate(winner.options) if o[1]))  # type: ignore[attr-defined]
    table = game_task.widget  # type: ignore[attr-defined]
    table.set_pace(0)
    for _ in range(3):
        table.play(table.game.decision.options[0])
    again, _ = browser(kept(sent))
    assert again.index == 5
    restored = again.lesson.task("game").widget  # type: ignore[attr-defined]
    assert [str(c.card) for c in restored.game.choices] == [str(c.card) for c in table.game.choices]
    assert restored.game.table == table.game.table
    assert [t.stars for t in again.lesson.tasks[:3]] == [3, 3, 3]


def forged(text: str, change) -> str:  # noqa: ANN001
    data = json.loads(text)
    change(data["body"])
    return pack("tutorial", 1, data["body"])


@pytest.mark.parametrize("change, words", [
    # a wrong answer recorded as solved
    (lambda b: b["tasks"]["cards"].update(tally={"solved": True, "stars": 3, "mistakes": [], "hints": 0,
                                                 "log": [["submit", "56"]], "seconds": 1}), "does not replay"),
    (lambda b: b["tasks"]["cards"].update(ghost=b["tasks"]["cards"]["red"]), "does not exist"),
    (lambda b: b["tasks"]["cards"]["red"].update(mistakes=7), "bad mistakes"),
    (lambda b: b["tasks"]["cards"]["red"].update(log=[["solve"]]), "cannot replay"),
    (lambda b: b["tasks"]["turn"]["turn"].update(solved=True, stars=2), "does not replay"),
    (lambda b: b["tasks"]["turn"]["turn"].update(log=[["_settle"]]), "cannot replay"),
])
def test_a_forged_record_is_refused_and_changes_nothing(change, words: str) -> None:  # noqa: ANN001
    tut, sent = browser()
    work(tut)
    bad = forged(kept(sent), change)
    again, sent2 = browser(bad)
    assert words in again.note.value and "nothing was changed" in again.note.value
    assert again.index == 0 and not any(t.solved for t in again.lesson.tasks)
    assert set(again.lessons) == {0}


def test_not_a_record_at_all_is_refused() -> None:
    again, _ = browser("{not json")
    assert "not valid JSON" in again.note.value and again.index == 0


def test_start_over_forgets_everything() -> None:
    tut, sent = browser()
    work(tut)
    tut.over_button.click()
    assert tut.confirm_box.layout.display == ""
    tut.over_no.click()
    assert tut.index == 2  # cancelled: nothing forgotten
    tut.over_button.click()
    tut.over_yes.click()
    assert tut.index == 0 and not any(t.solved for t in tut.lesson.tasks)
    assert sent[-2:][0] == {"k": "forget", "key": KEY} or {"k": "forget", "key": KEY} in sent
    assert body(kept(sent))["tasks"].get("turn") is None
    assert "not started" in tut.steps[2].description


def test_try_again_keeps_the_best_stars() -> None:
    tut, sent = browser()
    lesson = tut.lesson
    pick_all(lesson.tasks[0])  # type: ignore[arg-type]
    assert tut.retry_button.layout.display == ""
    tut.retry()
    assert tut.lesson is not lesson and not tut.lesson.tasks[0].solved
    assert tut.progress().best["cards"]["reveal"].stars == 3
    again, _ = browser(kept(sent))  # the best attempt replays too (on a scratch copy) before it is believed
    assert again.progress().best["cards"]["reveal"].stars == 3 and not again.lesson.tasks[0].solved


def test_the_map_jumps_to_any_lesson_and_shows_a_sign_of_life() -> None:
    tut, _ = browser()
    shown: list[object] = []
    tut.stage.observe(lambda ch: shown.append(ch["new"]), names="children")
    tut.steps[4].click()
    assert tut.index == 4 and shown[0] == (tut.loading,) and shown[-1] == (tut.lesson,)
    assert "Opening" in tut.loading.value


@pytest.mark.parametrize("game", ["red-ten", "in-the-red"])
def test_other_games_guided_tables_come_back_by_their_decisions(game: str) -> None:
    keeper = Keeper([kept_key(game), LANG_KEY])
    sent: list[Any] = []
    keeper.send = sent.append  # type: ignore[method-assign]
    tut = Tutorial(game=game, keeper=keeper)
    keeper._page_message({"k": "kept", "available": True, "records": {}})
    tut.go(len(tut.specs) - 1)
    task = tut.lesson.tasks[-1]
    table = task.widget  # type: ignore[attr-defined]
    table.set_pace(0)
    for _ in range(3):
        table.game.act(table.game.legal_actions()[0])
        table._pump()
        task.changed()
    text = [m for m in sent if m.get("key") == kept_key(game) and m["k"] == "store"][-1]["text"]
    again_keeper = Keeper([kept_key(game), LANG_KEY])
    again_keeper.send = lambda _m: None  # type: ignore[method-assign]
    again = Tutorial(game=game, keeper=again_keeper)
    again_keeper._page_message({"k": "kept", "available": True, "records": {kept_key(game): text}})
    assert again.index == len(again.specs) - 1, again.note.value
    restored = again.lesson.tasks[-1].widget  # type: ignore[attr-defined]
    assert restored.game.choices == table.game.choices and len(table.game.choices) >= 3


def test_lesson_6s_pace_is_kept_and_a_forged_one_is_refused() -> None:
    tut, sent = browser()
    tut.go(5)
    pick = tut.lesson.settings["pace"]
    pick.value = 2.0  # slow
    table = tut.lesson.task("game").widget  # type: ignore[attr-defined]
    assert table.delay == 2.0 and body(kept(sent))["settings"] == {"scoring": {"pace": 2.0}}
    again, _ = browser(kept(sent))
    assert again.index == 5 and again.lesson.settings["pace"].value == 2.0
    assert again.lesson.task("game").widget.delay == 2.0  # type: ignore[attr-defined]
    # A pace the lesson does not offer, a setting it does not have: the whole record is refused.
    for change, words in ((lambda b: b["settings"]["scoring"].update(pace=7.7), "does not offer"),
                          (lambda b: b["settings"].update(cards={"pace": 2.0}), "has no setting"),
                          (lambda b: b["settings"].update(nowhere={"pace": 2.0}), "does not exist")):
        bad, _ = browser(forged(kept(sent), change))
        assert words in bad.note.value and "nothing was changed" in bad.note.value and bad.index == 0


def test_a_language_switch_keeps_the_pace_shown() -> None:
    from mainmerah.core.i18n import set_language

    tut, _ = browser()
    tut.go(5)
    tut.lesson.settings["pace"].value = 2.0
    try:
        set_language("id")
        assert tut.lesson.settings["pace"].value == 2.0
        assert tut.lesson.task("game").widget.delay == 2.0  # type: ignore[attr-defined]
    finally:
        set_language("en")


def test_a_number_typed_but_not_checked_comes_back() -> None:
    tut, sent = browser()
    lesson = tut.lesson
    pick_all(lesson.tasks[0])  # type: ignore[arg-type]
    pick_all(lesson.tasks[1])  # type: ignore[arg-type]
    tally = lesson.task("tally")
    tally.text.value = "4"  # type: ignore[attr-defined]  # typed, not checked
    assert body(kept(sent))["settings"]["cards"] == {"typed-tally": "4"}
    again, _ = browser(kept(sent))
    back = again.lesson.task("tally")
    assert back.text.value == "4" and not back.solved and back.mistakes == []  # type: ignore[attr-defined]
    # Anything but short text there is refused with the rest of the record.
    bad, _ = browser(forged(kept(sent), lambda b: b["settings"]["cards"].update({"typed-tally": "9" * 41})))
    assert "not names and values" in bad.note.value and bad.lesson.task("tally").text.value == ""  # type: ignore[attr-defined]
