"""The Puzzles page in Python: answers, stars, the punishing line, the kept record checked."""

from __future__ import annotations

from datetime import date

import pytest

from mainmerah.core.i18n import set_language
from mainmerah.families.fishing.puzzles import puzzles
from mainmerah.pages.puzzles import PuzzlesPage, puzzle_of_the_day, puzzles_page, read_solved, stars
from mainmerah.table.keeper import Keeper, KeptError, key, pack


def answer(keeper: Keeper, records: dict[str, str | None]) -> None:
    keeper._page_message({"k": "kept", "available": True, "records": records})


def wrong_of(page: PuzzlesPage) -> list[str]:
    return [a for a in page.puzzle.values if a != page.puzzle.best]


def test_stars_as_in_the_lessons() -> None:
    assert [stars(n) for n in range(4)] == [3, 2, 1, 1]


def test_wrong_then_right_gives_two_stars_and_is_kept() -> None:
    keeper = Keeper([key("puzzles", "main-merah"), key("puzzles", "chinese-ten")])
    sent: list[object] = []
    keeper.send = sent.append  # type: ignore[method-assign]
    page = PuzzlesPage("main-merah", keeper)
    answer(keeper, {})
    p = page.puzzle
    wrong = wrong_of(page)[0]
    assert not page.pick(wrong)
    assert "Not the best card" in page.feedback.value and p.explain(wrong)[:30] in page.feedback.value
    assert "mm-fb-bad" in page.feedback._dom_classes
    assert not page.pick(wrong) and page.mistakes == 1  # the same wrong card twice is one mistake
    assert page.pick(p.best)
    assert page.solved["main-merah"] == {p.id: 2} and "★★☆" in page.feedback.value
    assert all(b.button.disabled for b in page.hand.buttons.values())
    assert sent and read_solved(sent[-1]["text"], "main-merah") == {p.id: 2}  # type: ignore[index]
    page.go(page.index + 1)
    assert page.puzzle is not p and page.mistakes == 0 and page.pick(page.puzzle.best)
    assert page.solved["main-merah"][page.puzzle.id] == 3


def test_bad_answers_are_explained_and_change_nothing() -> None:
    page = PuzzlesPage("chinese-ten")
    assert not page.pick("ZZ") and "mm-fb-bad" in page.feedback._dom_classes
    outside = next(c for c in page.puzzle.start().table)
    assert not page.pick(outside) and "not in your hand" in page.feedback.value
    assert page.mistakes == 0 and not page.done


def test_choosing_game_level_and_the_puzzle_of_the_day() -> None:
    day = date(2026, 12, 24)
    page = PuzzlesPage("main-merah", today=day)
    page.level_choice.value = 3
    assert page.puzzle.level == 3 and page.puzzle in puzzles("main-merah", 3)
    page.game_choice.value = "chinese-ten"
    assert page.puzzle.game == "chinese-ten" and page.puzzle.level == 3
    page.open_today()
    today = puzzle_of_the_day("chinese-ten", day)
    assert page.puzzle is today and page.level_choice.value == today.level
    page.go(-1)
    page.go(10_000)
    assert page.puzzle is today


def test_the_puzzle_of_the_day_is_fixed_by_the_date() -> None:
    days = [date(2026, 12, d) for d in range(1, 29)]
    picks = [puzzle_of_the_day("main-merah", d) for d in days]
    assert picks == [puzzle_of_the_day("main-merah", d) for d in days] and len({p.id for p in picks}) > 10
    assert all(p.game == "chinese-ten" for p in (puzzle_of_the_day("chinese-ten", d) for d in days))


def test_a_kept_record_is_checked_before_it_is_used() -> None:
    ids = [p.id for p in puzzles("main-merah", 1)]
    good = pack("puzzles", 1, {"solved": {ids[0]: 3}})
    assert read_solved(good, "main-merah") == {ids[0]: 3}
    for body, word in [({"solved": {"mm-0": 3}}, "unknown puzzle"), ({"solved": {ids[0]: 4}}, "1, 2 or 3"),
                       ({"solved": {ids[0]: True}}, "1, 2 or 3"), ({"solved": []}, "no list")]:
        with pytest.raises(KeptError, match=word):
            read_solved(pack("puzzles", 1, body), "main-merah")
    keeper = Keeper([key("puzzles", "main-merah"), key("puzzles", "chinese-ten")])
    keeper.send = lambda _m: None  # type: ignore[method-assign]
    page = PuzzlesPage("main-merah", keeper)
    answer(keeper, {key("puzzles", "main-merah"): good, key("puzzles", "chinese-ten"): "{forged"})
    assert page.solved == {"main-merah": {ids[0]: 3}, "chinese-ten": {}}
    assert page.puzzle.id == ids[1]  # it opens on the first puzzle not solved yet
    assert "could not be read" in page.feedback.value and page.solved_by_level() == {"1": 1, "2": 0, "3": 0}


def test_the_page_follows_the_language_and_the_url() -> None:
    try:
        page = puzzles_page("?game=chinese-ten&lang=id", today=date(2026, 12, 1))
        inner = page.children[-1]
        assert isinstance(inner, PuzzlesPage) and inner.game == "chinese-ten"
        assert inner.labels["opponent"].value == "Tangan lawanmu"
        inner.pick(wrong_of(inner)[0])
        indo = inner.feedback.value
        set_language("en")
        assert inner.feedback.value != indo and "Not the best card" in inner.feedback.value
    finally:
        set_language("en")
