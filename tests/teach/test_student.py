"""The student's side on ``make serve-class``: the optional name box and the reporter writing the
tutorial's progress to the class folder; without a class, nothing shown and nothing written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as W
import pytest

from mainmerah.teach import classfolder as cf
from mainmerah.teach.student import Reporter, StudentName, attach_student


class FakeTutorial(W.VBox):
    """The tutorial's contract: progress() and listeners called after every change."""

    def __init__(self) -> None:
        super().__init__()
        self.game = "main-merah"
        self.listeners: list[Any] = []
        self.stars = 0

    def progress(self) -> dict[str, Any]:
        return {"game": self.game, "seconds": 12.5, "lessons": {"cards": {"title": "Cards", "tasks": {
            "t1": {"stars": self.stars, "mistakes": 1, "rules": {"pairs": 1}, "hints": 0, "seconds": 3.0,
                   "solved": self.stars > 0}}}}}

    def on_progress(self, callback: Any) -> None:
        self.listeners.append(callback)

    def solve(self) -> None:
        self.stars = 2
        for f in self.listeners:
            f()


def records(folder: Path) -> list[cf.Record]:
    got, refused = cf.read_records(folder)
    assert refused == []
    return got


def test_without_a_class_the_page_is_unchanged_and_nothing_is_written(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path) -> None:
    monkeypatch.delenv(cf.CLASS_ENV, raising=False)
    tutorial = FakeTutorial()
    page = W.VBox([W.HTML("links"), tutorial])
    assert attach_student(page, tutorial) is None
    assert page.children == (page.children[0], tutorial) and tutorial.listeners == []


def test_with_a_class_the_name_box_comes_before_the_lessons_and_progress_follows(monkeypatch: pytest.MonkeyPatch,
                                                                                tmp_path: Path) -> None:
    monkeypatch.setenv(cf.CLASS_ENV, str(tmp_path))
    tutorial = FakeTutorial()
    links = W.HTML("links")
    page = W.VBox([links, tutorial])
    reporter = attach_student(page, tutorial)
    assert reporter is not None
    assert page.children[0] is links and isinstance(page.children[1], StudentName) and page.children[2] is tutorial
    (arrived,) = records(tmp_path)  # the teacher sees the student arrive, without a name
    assert arrived.name == "" and arrived.lessons["cards"]["tasks"]["t1"]["stars"] == 0
    tutorial.solve()
    (now,) = records(tmp_path)
    assert now.session == arrived.session and now.lessons["cards"]["tasks"]["t1"]["stars"] == 2
    box = page.children[1]
    box.submit("  Siti   Nur ")
    (named,) = records(tmp_path)
    assert named.name == "Siti Nur" and "Siti Nur" in box.status.value


def test_a_bad_name_is_named_and_changes_nothing(tmp_path: Path) -> None:
    reporter = Reporter(tmp_path, FakeTutorial())
    box = StudentName(reporter)
    box.submit("Ani")
    box.submit("<script>alert(1)</script>")
    assert "<script>" not in box.status.value and "mm-student-bad" in box.status.value
    assert reporter.name == "Ani" and records(tmp_path)[0].name == "Ani"
    box.submit("")  # an empty box takes the name away (the student stays, nameless)
    assert reporter.name == "" and records(tmp_path)[0].name == ""


def test_a_forged_progress_is_not_written_and_never_breaks_the_tutorial(tmp_path: Path) -> None:
    tutorial = FakeTutorial()
    reporter = Reporter(tmp_path, tutorial)
    reporter.write()
    tutorial.stars = 7  # out of range: refused, the last good record stays
    reporter.write()
    assert reporter.error and "stars" in reporter.error
    assert records(tmp_path)[0].lessons["cards"]["tasks"]["t1"]["stars"] == 0


def test_puzzles_solved_have_their_slot(tmp_path: Path) -> None:
    reporter = Reporter(tmp_path, FakeTutorial())
    reporter.set_puzzles({"1": 3, "2": 1})
    assert records(tmp_path)[0].puzzles == {"1": 3, "2": 1}


def test_a_real_tutorial_is_reported_answer_by_answer(tmp_path: Path) -> None:
    """The package's Tutorial, with whatever progress API it has: the first task's answers reach the folder."""
    from mainmerah.pages.tutorial import Tutorial

    tutorial = Tutorial()
    reporter = Reporter(tmp_path, tutorial)
    reporter.listen()
    reporter.write()
    (first,) = records(tmp_path)  # the student's arrival
    lesson = tutorial.lesson
    assert set(first.lessons) <= {lesson.key}
    task = lesson.tasks[0]
    for card in task.targets:  # lesson 1's first task: click every card to see its worth
        task.pick(card)
    assert task.solved and reporter.error is None, reporter.error
    (after,) = records(tmp_path)
    solved = [k for k, t in after.lessons[lesson.key]["tasks"].items() if t["solved"]]
    assert solved == [task.key] and after.lessons[lesson.key]["tasks"][task.key]["stars"] == 3


def test_a_failing_progress_or_folder_never_reaches_the_student(tmp_path: Path) -> None:
    tutorial = FakeTutorial()
    tutorial.progress = lambda: 1 / 0  # type: ignore[method-assign]
    reporter = Reporter(tmp_path, tutorial)
    reporter.write()
    assert reporter.error and cf.read_records(tmp_path) == ([], [])
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    reporter = Reporter(blocked, FakeTutorial())
    reporter.write()
    assert reporter.error


class RecordedProgress:
    """The lessons' own progress object (``Progress.record()``): current attempts and best ones, each
    mistake named by its topic."""

    def record(self) -> dict[str, Any]:
        def result(solved: bool, stars: int, mistakes: list[str]) -> dict[str, Any]:
            return {"solved": solved, "stars": stars, "mistakes": mistakes, "hints": 0, "log": [], "seconds": 4.0}

        return {"game": "main-merah", "lesson": "pairing",
                "tasks": {"pairing": {"pair1": result(False, 0, ["pairs", "pairs", "", "sevens"])},
                          "cards": {"reveal": result(True, 3, [])}},
                "best": {"pairing": {"pair1": result(True, 2, ["pairs"])}, "cards": {"reveal": result(True, 3, [])}}}


class Spec:
    def __init__(self, key: str, title: str) -> None:
        self.key, self.title = key, title


def test_the_lessons_progress_object_is_read_in_the_tutorials_order(tmp_path: Path) -> None:
    tutorial = FakeTutorial()
    tutorial.progress = RecordedProgress  # type: ignore[method-assign, assignment]
    tutorial.specs = [Spec("cards", "Cards and points"), Spec("pairing", "Pairing")]  # type: ignore[attr-defined]
    reporter = Reporter(tmp_path, tutorial)
    reporter.write()
    assert reporter.error is None, reporter.error
    (rec,) = records(tmp_path)
    assert list(rec.lessons) == ["cards", "pairing"] and rec.lessons["pairing"]["title"] == "Pairing"
    pair = rec.lessons["pairing"]["tasks"]["pair1"]
    # The best attempt's stars (solved before, trying again now); the current attempt's mistakes by topic.
    assert pair["stars"] == 2 and pair["solved"] and pair["mistakes"] == 4
    assert pair["rules"] == {"pairs": 2, "sevens": 1}
    assert rec.seconds == 8.0


def test_the_puzzles_page_reports_puzzles_solved_per_level(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from mainmerah.pages.puzzles import PuzzlesPage
    from mainmerah.teach.student import attach_puzzles

    monkeypatch.setenv(cf.CLASS_ENV, str(tmp_path))
    puzzles = PuzzlesPage("main-merah")
    page = W.VBox([W.HTML("links"), puzzles])
    reporter = attach_puzzles(page, puzzles)
    assert reporter is not None and isinstance(page.children[1], StudentName)
    (arrived,) = records(tmp_path)
    assert arrived.game == "main-merah" and arrived.puzzles == {} and arrived.lessons == {}
    page.children[1].submit("Ani")
    p = puzzles.shown[puzzles.index]
    assert puzzles.pick(p.best)
    (rec,) = records(tmp_path)
    assert rec.name == "Ani" and rec.puzzles == {str(p.level): 1} and rec.session == arrived.session


def test_without_a_class_the_puzzles_page_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    from mainmerah.pages.puzzles import PuzzlesPage
    from mainmerah.teach.student import attach_puzzles

    monkeypatch.delenv(cf.CLASS_ENV, raising=False)
    puzzles = PuzzlesPage("main-merah")
    page = W.VBox([puzzles])
    assert attach_puzzles(page, puzzles) is None and page.children == (puzzles,)


def kept_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kept: dict[str, str | None]) -> tuple[Any, Any]:
    """A real tutorial page on a class server whose browser answered with ``kept``; (page, messages sent)."""
    from mainmerah.pages.tutorial import Tutorial, tutorial_page

    monkeypatch.setenv(cf.CLASS_ENV, str(tmp_path))
    page = tutorial_page("")
    tut = next(c for c in page.children if isinstance(c, Tutorial))
    sent: list[Any] = []
    tut.keeper.send = sent.append
    tut.keeper._page_message({"k": "kept", "available": True, "records": kept})
    return page, sent


def test_the_browser_keeps_its_id_and_name_so_a_reload_is_the_same_student(monkeypatch: pytest.MonkeyPatch,
                                                                           tmp_path: Path) -> None:
    from mainmerah.teach.student import STUDENT_KEY

    page, sent = kept_page(tmp_path, monkeypatch, {})
    box = next(c for c in page.children if isinstance(c, StudentName))
    (first,) = records(tmp_path)
    assert len(first.browser) == 16 and first.name == ""  # a new browser: a new id, kept at once
    box.submit("Ani")
    kept = [m["text"] for m in sent if m.get("key") == STUDENT_KEY and m["k"] == "store"][-1]
    # The page is reloaded: a new kernel, a new session, the same browser.
    again, _ = kept_page(tmp_path, monkeypatch, {STUDENT_KEY: kept})
    box2 = next(c for c in again.children if isinstance(c, StudentName))
    assert box2.text.value == "Ani" and "as Ani" in box2.status.value
    got = {r.session: r for r in records(tmp_path)}
    assert len(got) == 2 and {r.browser for r in got.values()} == {first.browser}
    assert {r.name for r in got.values()} == {"Ani"}
    from mainmerah.server.teacher import class_tables

    (table,) = class_tables(list(got.values()))
    assert len(table.rows) == 1 and table.rows[0].sessions == 2


@pytest.mark.parametrize("body, why", [
    ({"browser": "../../etc/passwd", "name": ""}, "16 hexadecimal"),
    ({"browser": "0123456789abcdef", "name": "<script>"}, ""),
    ({"browser": 5}, "16 hexadecimal"),
])
def test_a_forged_kept_student_is_named_and_not_used(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                    body: dict[str, Any], why: str) -> None:
    from mainmerah.table.keeper import pack
    from mainmerah.teach.student import KIND, STUDENT_KEY, VERSION

    page, _ = kept_page(tmp_path, monkeypatch, {STUDENT_KEY: pack(KIND, VERSION, body)})
    box = next(c for c in page.children if isinstance(c, StudentName))
    assert "could not be used" in box.status.value and why in box.status.value
    (rec,) = records(tmp_path)
    assert rec.name == "" and rec.browser not in (body.get("browser"), "") and box.text.value == ""


def test_a_record_the_server_cannot_write_is_not_announced_as_seen(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    """Issue 28 finding 8: on a full disk the student read "Your teacher sees your progress as Ani"."""
    page, _sent = kept_page(tmp_path, monkeypatch, {})
    box = next(c for c in page.children if isinstance(c, StudentName))
    blocked = tmp_path / "full"
    blocked.write_text("not a folder: every write fails, as on a full disk")
    box.reporter.folder = blocked
    box.submit("Ani")
    assert "sees your progress" not in box.status.value and "could not be saved" in box.status.value
    assert "mm-student-bad" in box.status.value


def test_a_name_of_stacked_accents_is_refused_and_real_accents_pass() -> None:
    """Issue 28 finding 8: a name of combining marks drew outside its cell on the teacher's page."""
    with pytest.raises(cf.RecordError, match="too many accents"):
        cf.check_nickname("a" + "\u0301\u0302\u0303\u0304" * 5)
    assert cf.check_nickname("Nguyễn Thị Ánh") == "Nguyễn Thị Ánh"  # Vietnamese: two marks on a letter at most
    assert cf.check_nickname("Việt") == "Việt"


def test_puzzles_the_browser_claims_are_not_the_teachers_only_those_solved_here(monkeypatch: pytest.MonkeyPatch,
                                                                               tmp_path: Path) -> None:
    """Issue 28 finding 2a: a kept record claiming every puzzle with 3 stars showed 24/24/24 to the teacher."""
    from mainmerah.core.registry import load, ui
    from mainmerah.pages.puzzles import KIND as PUZZLES
    from mainmerah.pages.puzzles import VERSION as PV
    from mainmerah.pages.puzzles import kept_key, puzzles_page
    from mainmerah.table.keeper import Keeper, pack

    monkeypatch.setenv(cf.CLASS_ENV, str(tmp_path))
    every = {p.id: 3 for p in load(ui("main-merah").puzzles)("main-merah")}  # type: ignore[arg-type]
    out = puzzles_page("")
    keeper = next(c for c in out.children if hasattr(c, "solved")).keeper
    assert isinstance(keeper, Keeper)
    keeper.send = lambda *_a, **_k: None  # type: ignore[method-assign]
    keeper._page_message({"k": "kept", "available": True,
                          "records": {kept_key("main-merah"): pack(PUZZLES, PV, {"solved": every})}})
    page = next(c for c in out.children if hasattr(c, "solved"))
    assert len(page.solved["main-merah"]) == len(every)  # the student's own page still shows them solved
    (rec,) = records(tmp_path)
    assert rec.puzzles == {}  # the teacher is told of none
    p = page.shown[page.index]
    page._open(p)
    assert page.pick(p.best)  # one solved here
    (rec,) = records(tmp_path)
    assert sum(rec.puzzles.values()) == 1
