"""The tutorial's Puzzles tab: the game's puzzles beside its lessons, kept in the browser, told to the teacher."""

from __future__ import annotations

import json
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from mainmerah.core.i18n import set_language
from mainmerah.families.fishing.puzzles import puzzles
from mainmerah.pages.puzzles import KIND as PUZZLES_KIND
from mainmerah.pages.puzzles import VERSION as PUZZLES_VERSION
from mainmerah.pages.puzzles import PuzzlesPage
from mainmerah.pages.puzzles import kept_key as puzzles_key
from mainmerah.pages.tutorial import TAB_KIND, VERSION, Tutorial, kept_key, tab_key, tutorial_page
from mainmerah.table.keeper import LANG_KEY, Keeper, pack
from mainmerah.teach import classfolder as cf
from mainmerah.teach.student import StudentName


def the_tutorial(page: Any) -> Tutorial:
    return next(c for c in page.children if isinstance(c, Tutorial))


def browser(game: str, records: dict[str, str | None]) -> tuple[Tutorial, list[dict[str, Any]]]:
    """A tutorial with its Puzzles tab whose page answered with ``records``; the messages sent to the page."""
    keeper = Keeper([kept_key(game), LANG_KEY, tab_key(game), puzzles_key(game)])
    sent: list[dict[str, Any]] = []
    keeper.send = sent.append  # type: ignore[method-assign]
    tut = Tutorial(game=game, keeper=keeper, puzzles=True)
    keeper._page_message({"k": "kept", "available": True, "records": records})
    return tut, sent


def stored(sent: list[dict[str, Any]], key: str) -> dict[str, Any]:
    text = [m for m in sent if m.get("key") == key and m["k"] == "store"][-1]["text"]
    return json.loads(text)["body"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", ["main-merah", "chinese-ten"])
def test_a_fishing_tutorial_has_lessons_and_puzzles_tabs(game: str) -> None:
    tut = the_tutorial(tutorial_page(f"game={game}"))
    assert tut.tabs is not None and tut.tabs.titles == ("Lessons", "Puzzles: find the best card",
                                                        "Practice: your mistakes")
    assert tut.tab == "lessons" and tut.puzzles is None  # built only when the tab is opened: the page loads faster
    tut.show_tab("puzzles")
    page = tut.puzzles
    assert isinstance(page, PuzzlesPage) and tut.puzzles_box.children == (page,)
    # Only this tutorial's game, under the tutorial's own heading and options.
    assert page.games == (game,) and page.game_choice.layout.display == "none" and page.options is None
    assert page.heading.value.startswith("<h2") and page.puzzle.game == game
    tut.show_tab("lessons")
    tut.show_tab("puzzles")
    assert tut.puzzles is page  # opened again: the same page, nothing lost


def test_games_without_puzzles_have_lessons_and_practice_only() -> None:
    tut = the_tutorial(tutorial_page("game=red-ten"))
    assert tut.tabs is not None and tut.tabs.titles == ("Lessons", "Practice: your mistakes")
    assert tut.tab == "lessons"
    with pytest.raises(ValueError, match="not 'cards'"):
        tut.show_tab("cards")
    tut.show_tab("puzzles")  # asked of a tutorial without them: nothing to show, nothing changes
    assert tut.puzzles is None and tut.tab == "lessons"
    tut.show_tab("practice")
    assert tut.tab == "practice" and tut.practice is not None


def test_the_tab_and_the_puzzles_solved_are_kept_and_come_back() -> None:
    game = "main-merah"
    tut, sent = browser(game, {})
    tut.show_tab("puzzles")
    assert stored(sent, tab_key(game)) == {"tab": "puzzles"}
    page = tut.puzzles
    assert page is not None
    first = page.puzzle
    wrong = next(a for a in first.values if a != first.best)
    assert not page.pick(wrong) and page.pick(first.best)
    assert stored(sent, puzzles_key(game)) == {"solved": {first.id: 2}}
    # The same browser, a new page: the Puzzles tab is open again, the solved one remembered.
    records = {m["key"]: m["text"] for m in sent if m["k"] == "store"}
    again, _ = browser(game, records)
    assert again.tab == "puzzles" and again.puzzles is not None
    assert again.puzzles.solved[game] == {first.id: 2}
    assert again.puzzles.puzzle != first  # it opens on the first one not solved yet


def test_a_forged_tab_is_named_and_changes_nothing() -> None:
    game = "chinese-ten"
    tut, _ = browser(game, {tab_key(game): pack(TAB_KIND, VERSION, {"tab": "answers"})})
    assert tut.tab == "lessons" and tut.puzzles is None
    assert "'answers' is not one of lessons, puzzles" in unescape(tut.note.value) and tut.note.layout.display == ""
    tut2, _ = browser(game, {tab_key(game): pack("tutorial", VERSION, {"tab": "puzzles"})})
    assert tut2.tab == "lessons" and "not a tutorial-tab" in tut2.note.value


def test_forged_puzzles_in_the_tab_are_named_there() -> None:
    game = "main-merah"
    forged = pack(PUZZLES_KIND, PUZZLES_VERSION, {"solved": {"mm-0-nothing": 3}})
    tut, _ = browser(game, {tab_key(game): pack(TAB_KIND, VERSION, {"tab": "puzzles"}), puzzles_key(game): forged})
    assert tut.tab == "puzzles" and tut.puzzles is not None
    assert tut.puzzles.solved[game] == {} and "unknown puzzle" in tut.puzzles.feedback.value


def test_the_tab_titles_follow_the_language() -> None:
    tut = the_tutorial(tutorial_page(""))
    assert tut.tabs is not None
    try:
        set_language("id")
        assert tut.tabs.titles[0] != "Lessons" and tut.tabs.titles[1] != "Puzzles: find the best card"
        assert tut.tabs.titles[2] != "Practice: your mistakes"
    finally:
        set_language("en")
    assert tut.tabs.titles == ("Lessons", "Puzzles: find the best card", "Practice: your mistakes")


def test_on_a_class_server_the_tabs_puzzles_reach_the_teacher(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    monkeypatch.setenv(cf.CLASS_ENV, str(tmp_path))
    page = tutorial_page("")
    tut = the_tutorial(page)
    assert any(isinstance(c, StudentName) for c in page.children)
    assert cf.read_records(tmp_path) == ([], [])  # nothing before a browser answered (issue 28, finding 2c)
    tut.keeper.send = lambda _m: None  # type: ignore[method-assign]
    tut.keeper._page_message({"k": "kept", "available": True, "records": {}})
    ((arrived,), _) = cf.read_records(tmp_path)
    assert arrived.puzzles == {}
    tut.show_tab("puzzles")
    assert tut.puzzles is not None
    p = tut.puzzles.puzzle
    assert tut.puzzles.pick(p.best)
    ((rec,), refused) = cf.read_records(tmp_path)
    assert refused == [] and rec.session == arrived.session  # one student, one record: lessons and puzzles
    assert rec.puzzles == {str(p.level): 1}


def test_puzzles_the_browser_kept_are_not_reported_to_the_teacher(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    """Issue 28 finding 2a: the kept record is the student's own (a page can claim anything); the teacher is told
    what this kernel saw solved, and the records of the sessions that solved them keep the earlier ones."""
    import ipywidgets as W

    from mainmerah.teach.student import attach_student

    monkeypatch.setenv(cf.CLASS_ENV, str(tmp_path))
    game = "main-merah"
    level3 = [q for q in puzzles(game, 3)][:2]
    keeper = Keeper([kept_key(game), LANG_KEY, tab_key(game), puzzles_key(game)])
    keeper.send = lambda _m: None  # type: ignore[method-assign]
    tut = Tutorial(game=game, keeper=keeper, puzzles=True)
    attach_student(W.VBox([tut]), tut)
    solved = pack(PUZZLES_KIND, PUZZLES_VERSION, {"solved": {q.id: 3 for q in level3}})
    keeper._page_message({"k": "kept", "available": True, "records": {puzzles_key(game): solved}})
    assert tut.puzzles is None
    ((rec,), _) = cf.read_records(tmp_path)
    assert rec.puzzles == {}
