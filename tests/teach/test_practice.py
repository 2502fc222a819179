"""Practice (mainmerah/teach/practice.py, practice_panel.py): reviewed mistakes kept as exercises, checked on return,
served on a Leitner schedule (days: due again 1, 3, 7 days after an answer) in the tutorial's Practice tab."""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

import pytest

import mainmerah as mm
from mainmerah.core.review import review
from mainmerah.pages.play import keep_table
from mainmerah.table.keeper import Keeper, KeptError, pack
from mainmerah.table.table import TableWidget
from mainmerah.teach.practice import (
    KIND,
    VERSION,
    Exercise,
    Practice,
    check_record,
    exercises_of,
    practice_key,
    right_answer,
)
from mainmerah.teach.practice_panel import PracticePanel

DAY = dt.date(2026, 12, 3)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def reviewed(name: str, seed: int = 0, worlds: int = 8) -> tuple[Any, Any]:
    """A game of ``name`` where seat 0 played at random against greedy computers, with some real mistakes, and
    its review."""
    info = mm.game_info(name)
    players = 2 if 2 in info.players else info.default_players
    for s in range(seed, seed + 20):
        g = mm.new_game(name, seed=s, players=players)
        bots = [info.make_bot("random", seed=s)] + [info.make_bot("greedy", seed=s + k) for k in range(1, players)]
        while (d := g.decision) is not None:
            g.act(bots[d.seat].choose(g.view(d.seat)))
        r = review(g, seat=0, worlds=worlds)
        if r.moments:
            return g, r
    raise AssertionError(f"no game of {name} with a mistake")


def one(box: int = 1, due: dt.date = DAY, theme: str = "costs-later") -> Exercise:
    return Exercise("0" * 16, "main-merah", "", 0, "A♥", "2♠", theme, box, due)


# ----- the schedule --------------------------------------------------------------------------------

def test_a_right_answer_moves_up_a_box_and_a_wrong_one_back_to_the_first() -> None:
    e = one()
    e2 = e.answered(True, DAY)
    assert (e2.box, e2.due) == (2, DAY + dt.timedelta(days=3))
    e3 = e2.answered(True, DAY + dt.timedelta(days=3))
    assert (e3.box, e3.due) == (3, DAY + dt.timedelta(days=10))
    e4 = e3.answered(True, e3.due)
    assert (e4.box, e4.due) == (3, e3.due + dt.timedelta(days=7)), "box 3 is the last: it stays there"
    back = e4.answered(False, e4.due)
    assert (back.box, back.due) == (1, e4.due + dt.timedelta(days=1))
    assert e.answered(False, DAY).due == DAY + dt.timedelta(days=1)


def test_only_due_exercises_are_served_grouped_by_theme() -> None:
    ids = iter(f"{i:016x}" for i in range(10))
    ex = [Exercise(next(ids), "main-merah", "", 0, "A♥", "2♠", t, b, d) for t, b, d in [
        ("wasted-high", 1, DAY), ("missed-capture", 2, DAY - dt.timedelta(days=2)),
        ("missed-capture", 1, DAY + dt.timedelta(days=1)), ("wasted-high", 3, DAY), ("missed-capture", 1, DAY)]]
    p = Practice("main-merah", tuple(ex))
    due = p.due(DAY)
    assert [e.theme for e in due] == ["missed-capture", "missed-capture", "wasted-high", "wasted-high"]
    assert [e.box for e in due] == [1, 2, 1, 3], "within a theme, the lowest box first"
    assert ex[2] not in due and p.due(DAY + dt.timedelta(days=1))[0].theme == "missed-capture"
    assert p.themes() == {"missed-capture": 3, "wasted-high": 2}
    answered = p.answer(ex[0].id, True, DAY)
    assert [e.box for e in answered.exercises] == [2, 2, 1, 3, 1] and ex[0].id not in {e.id for e in answered.due(DAY)}


# ----- the record, checked on return ---------------------------------------------------------------

@pytest.mark.parametrize("name", mm.games())
def test_each_reviewed_mistake_becomes_an_exercise_that_comes_back_exactly(name: str) -> None:
    g, r = reviewed(name)
    new = exercises_of(r, g, DAY)
    assert len(new) == len(r.moments)
    for e, m in zip(new, r.moments, strict=True):
        before = e.position()
        assert len(before.choices) == m.step and before.decision.seat == m.seat == e.seat
        assert list(before.choices) == list(g.choices[:m.step]), "the position as it was, rebuilt by the engine"
        assert (e.played, e.better, e.theme, e.box, e.due) == (m.action, m.better, m.theme, 1, DAY)
    p = Practice(name).add(new)
    assert check_record(p.record(), name, DAY) == p
    judged = new[0].judged(worlds=8)  # judged again, the review's way, from the seat's view
    assert judged.action == new[0].played and judged.answer(judged.better) is not None
    assert right_answer(judged, judged.better)


def forged(record: str, change: Any) -> str:
    data = json.loads(record)
    change(data["body"]["exercises"][0])
    return json.dumps(data, ensure_ascii=False)


def test_a_forged_or_changed_record_is_refused_by_name() -> None:
    g, r = reviewed("main-merah")
    p = Practice("main-merah").add(exercises_of(r, g, DAY))
    good = p.record()
    e = p.exercises[0]
    other_theme = next(t for t in mm.game_info("main-merah").theme_names
                       if t not in mm.game_info("main-merah").themes(e.position(), e.played, e.better))  # type: ignore[misc]
    cases = {
        "theme": (lambda x: x.update(theme=other_theme), "does not give that mistake the theme"),
        "played": (lambda x: x.update(played="Z♥"), "not a legal action there"),
        "same": (lambda x: x.update(better=x["played"]), "not a legal action there"),
        "id": (lambda x: x.update(id="f" * 16), "id is not its position's"),
        "box": (lambda x: x.update(box=4), "no box 4"),
        "due": (lambda x: x.update(due="2030-01-01"), "due later than its box allows"),
        "date": (lambda x: x.update(due="soon"), "not a date"),
        "seat": (lambda x: x.update(seat="0"), "wrong type"),
        "missing": (lambda x: x.pop("save"), "missing"),
    }
    for what, (change, words) in cases.items():
        with pytest.raises(KeptError, match=words):
            check_record(forged(good, change), "main-merah", DAY)
        assert what
    # a decision of the position changed: the save file's checksum (or the rules) refuse it, its id first
    data = json.loads(good)
    x = data["body"]["exercises"][0]
    x["save"] = x["save"].replace('"seed": ', '"seed": 1', 1) if '"seed": ' in x["save"] else x["save"] + " "
    with pytest.raises(KeptError, match="id is not its position's"):
        check_record(json.dumps(data, ensure_ascii=False), "main-merah", DAY)
    with pytest.raises(KeptError, match="another game"):
        check_record(good, "chinese-ten", DAY)
    with pytest.raises(KeptError, match="not valid JSON"):
        check_record(good[:-5], "main-merah", DAY)
    with pytest.raises(KeptError, match="not a table-sheet|not a practice"):
        check_record(pack("table-sheet", 1, {}), "main-merah", DAY)


def test_a_save_that_does_not_replay_is_refused_even_with_a_matching_id() -> None:
    from mainmerah.teach.practice import exercise_id

    g, r = reviewed("main-merah")
    p = Practice("main-merah").add(exercises_of(r, g, DAY))
    data = json.loads(p.record())
    x = data["body"]["exercises"][0]
    x["save"] = x["save"][:-10]
    x["id"] = exercise_id(x["save"], x["seat"])  # a forger can compute the id: the engine still refuses
    with pytest.raises(KeptError, match="does not replay"):
        check_record(json.dumps(data, ensure_ascii=False), "main-merah", DAY)


# ----- at the table: a review keeps its mistakes ------------------------------------------------------

def page_keeper(keeper: Keeper, records: dict[str, str | None]) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []
    keeper.send = sent.append  # type: ignore[method-assign]
    keeper._page_message({"k": "kept", "available": True, "records": records})
    return sent


def stored(sent: list[dict[str, Any]], key: str) -> str:
    return [m for m in sent if m.get("key") == key and m["k"] == "store"][-1]["text"]  # type: ignore[no-any-return]


def played_at_random(t: TableWidget) -> None:
    """``t``'s person (a Main Merah table) plays at random to the end, by the table's own wishes; reviewed fast."""
    t.review.background = False
    t.review.worlds = 8
    chooser = mm.game_info("main-merah").make_bot("random", seed=3)
    while (d := t.game.decision) is not None:
        if d.seat == t.human and t.caught_up:
            assert t.enter(str(chooser.choose(t.game.view(d.seat)))), t.error
        else:
            t.next()
    t.next()


def finished_table(records: dict[str, str | None]) -> tuple[TableWidget, list[dict[str, Any]]]:
    t = TableWidget(game="main-merah", players=2, seed=3, bots="greedy", auto=False)
    keeping = keep_table(t, {}, False)
    sent = page_keeper(keeping.keeper, records)
    played_at_random(t)
    return t, sent


def test_a_review_at_the_table_keeps_its_mistakes_for_practice() -> None:
    t, sent = finished_table({})
    t.review.start_button.click()
    r = t.review.result
    assert r is not None and r.moments, "this seeded game has mistakes"
    kept = check_record(stored(sent, practice_key("main-merah")), "main-merah", dt.datetime.now(dt.UTC).date())
    assert [e.played for e in kept.exercises] == [m.action for m in r.moments]
    assert "kept for the tutorial's Practice tab" in text(t.review.status.value)


def test_a_refused_practice_record_at_the_table_is_named_and_replaced() -> None:
    t, sent = finished_table({practice_key("main-merah"): pack(KIND, VERSION, {"game": "main-merah",
                                                                               "exercises": "lots"})})
    t.review.start_button.click()
    assert "could not be used, so it starts afresh" in text(t.review.status.value)
    assert check_record(stored(sent, practice_key("main-merah")), "main-merah",
                        dt.datetime.now(dt.UTC).date()).exercises


# ----- the Practice tab ----------------------------------------------------------------------------

def panel(records: dict[str, str | None], on: dt.date = DAY) -> tuple[PracticePanel, list[dict[str, Any]]]:
    keeper = Keeper([practice_key("main-merah")])
    p = PracticePanel("main-merah", keeper, on=lambda: on, worlds=8)
    return p, page_keeper(keeper, records)


def test_the_practice_tab_serves_the_due_exercises_and_keeps_the_answers() -> None:
    g, r = reviewed("main-merah")
    kept = Practice("main-merah").add(exercises_of(r, g, DAY))
    p, sent = panel({practice_key("main-merah"): kept.record()})
    assert p.current is not None and p.table is not None and p.table.retrying is p.moment
    first = p.current
    assert f"{len(kept.exercises)} exercise" in text(p.summary.value) and "Theme:" in text(p.heading.value)
    assert p.table.human == first.seat and len(p.table.game.choices) == len(first.position().choices)
    assert p.table.undo_button.hidden, "a position tried again has nothing to take back"
    m = p.moment
    assert m is not None
    assert p.table.enter(m.better)  # the best found: right, up a box
    assert "Right!" in text(p.verdict.value) and p.next_button.layout.display == ""
    after = check_record(stored(sent, practice_key("main-merah")), "main-merah", DAY)
    moved = next(e for e in after.exercises if e.id == first.id)
    assert (moved.box, moved.due) == (2, DAY + dt.timedelta(days=3))
    wrong = next((o.action for o in m.answers if o.mistake()), None)
    if wrong is not None:  # another try at the same position is judged, not counted again
        assert p.table.enter(wrong) and "worse on average" in (p.table.note or "")
        assert "Right!" in text(p.verdict.value), "the answer that counted is still the one said"
        again = check_record(stored(sent, practice_key("main-merah")), "main-merah", DAY)
        assert next(e for e in again.exercises if e.id == first.id).box == 2
    p.next_button.click()
    assert p.current is None or p.current.id != first.id


def test_a_wrong_answer_sends_the_exercise_back_to_box_one() -> None:
    g, r = reviewed("main-merah")
    kept = Practice("main-merah").add(e.answered(True, DAY - dt.timedelta(days=3)) for e in exercises_of(r, g, DAY))
    p, sent = panel({practice_key("main-merah"): kept.record()})
    assert p.current is not None and p.current.box == 2 and p.moment is not None
    wrong = next((o.action for o in p.moment.answers if not right_answer(p.moment, o.action)), None)
    if wrong is None:
        pytest.skip("every action at this position is as good as the best")
    assert p.table is not None and p.table.enter(wrong)
    assert "comes back tomorrow" in text(p.verdict.value)
    after = check_record(stored(sent, practice_key("main-merah")), "main-merah", DAY)
    back = next(e for e in after.exercises if e.id == p.current.id)
    assert (back.box, back.due) == (1, DAY + dt.timedelta(days=1))


def test_the_empty_states_are_honest() -> None:
    p, sent = panel({})
    assert p.current is None and "Nothing to practise yet" in text(p.summary.value)
    assert not [m for m in sent if m["k"] == "store"], "nothing to keep: nothing stored"
    g, r = reviewed("main-merah")
    later = Practice("main-merah").add(e.answered(True, DAY) for e in exercises_of(r, g, DAY))
    p, _sent = panel({practice_key("main-merah"): later.record()})
    assert p.current is None and "Nothing is due today" in text(p.summary.value)
    assert "due in 3 days" in text(p.summary.value)


def test_a_forged_record_in_the_tab_is_named_and_changes_nothing() -> None:
    g, r = reviewed("main-merah")
    good = Practice("main-merah").add(exercises_of(r, g, DAY)).record()
    bad = forged(good, lambda x: x.update(box=9))
    p, sent = panel({practice_key("main-merah"): bad})
    assert "could not be used, so nothing was changed" in text(p.note.value) and "no box 9" in text(p.note.value)
    assert p.current is None and not [m for m in sent if m["k"] in ("store", "forget")]


def test_on_a_class_server_the_practice_themes_reach_the_teacher(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Any) -> None:
    from mainmerah.pages.tutorial import Tutorial, tutorial_page
    from mainmerah.teach import classfolder as cf

    monkeypatch.setenv(cf.CLASS_ENV, str(tmp_path))
    g, r = reviewed("main-merah")
    today = dt.datetime.now(dt.UTC).date()
    kept = Practice("main-merah").add(exercises_of(r, g, today))
    page = tutorial_page("")
    tut = next(c for c in page.children if isinstance(c, Tutorial))
    assert tut.keeper is not None
    tut.keeper.send = lambda _m: None  # type: ignore[method-assign]
    tut.keeper._page_message({"k": "kept", "available": True, "records": {practice_key("main-merah"): kept.record()}})
    ((arrived,), _refused) = cf.read_records(tmp_path)
    assert arrived.themes == kept.themes() and sum(arrived.themes.values()) == len(r.moments)


def test_a_review_in_the_tutorials_guided_game_feeds_practice_and_the_teacher_at_once(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """The tutorial's guided game is reviewed as a table's: its mistakes reach the Practice tab already open, and
    on a class server the teacher's counts of themes are written when the review is made (not at the next visit)."""
    from mainmerah.pages.tutorial import Tutorial, tutorial_page
    from mainmerah.teach import classfolder as cf
    from mainmerah.teach.lesson import tables_in

    monkeypatch.setenv(cf.CLASS_ENV, str(tmp_path))
    page = tutorial_page("")
    tut = next(c for c in page.children if isinstance(c, Tutorial))
    assert tut.keeper is not None and tut.game == "main-merah"
    tut.keeper.send = lambda _m: None  # type: ignore[method-assign]
    tut.keeper._page_message({"k": "kept", "available": True, "records": {}})
    tut.show_tab("practice")
    assert tut.practice is not None and tut.practice.current is None
    tut.go(len(tut.specs) - 1)  # the guided game's lesson
    (t, _box), = tables_in(tut.lesson)
    assert isinstance(t, TableWidget)
    t.set_pace(None)  # its steps at Next (the page's timer is not running here)
    played_at_random(t)
    assert t.review.layout.display == ""
    t.review.start_button.click()
    r = t.review.result
    assert r is not None and r.moments, "the guided deal played at random has mistakes"
    assert tut.practice.current is not None and tut.practice.table is not None, "served in the open tab"
    ((arrived,), _refused) = cf.read_records(tmp_path)
    assert sum(arrived.themes.values()) == len([m for m in r.moments if m.theme]) > 0


def test_on_a_class_server_a_review_at_the_play_page_reaches_the_teacher_at_once(monkeypatch: pytest.MonkeyPatch,
                                                                                  tmp_path: Any) -> None:
    """Not only when the tutorial is next opened: the play page writes the themes as soon as a review keeps them,
    under the id and name this browser keeps for the teacher (and gives a browser without one an id)."""
    from mainmerah.teach import classfolder as cf
    from mainmerah.teach import student

    monkeypatch.setenv(cf.CLASS_ENV, str(tmp_path))
    ani = pack(student.KIND, student.VERSION, {"browser": "0123456789abcdef", "name": "Ani"})
    t, sent = finished_table({student.STUDENT_KEY: ani})
    assert cf.read_records(tmp_path) == ([], []), "nothing written before a review"
    t.review.start_button.click()
    r = t.review.result
    assert r is not None and r.moments
    ((arrived,), _refused) = cf.read_records(tmp_path)
    assert arrived.name == "Ani" and arrived.browser == "0123456789abcdef"
    assert arrived.themes == check_record(stored(sent, practice_key("main-merah")), "main-merah",
                                          dt.datetime.now(dt.UTC).date()).themes()
    u, sent = finished_table({})  # a browser that never gave a name: an id of its own, kept
    u.review.start_button.click()
    browser, name = student.read_student(stored(sent, student.STUDENT_KEY))
    assert name == "" and any(rec.browser == browser for rec in cf.read_records(tmp_path)[0])
