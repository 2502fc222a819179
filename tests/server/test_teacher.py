"""The class folder (student records written atomically under safe names, nicknames checked) and the
teacher's table built from two students' records (stars, the rule most missed, sorting, CSV)."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from mainmerah.core import registry
from mainmerah.server.teacher import class_csv, class_tables, sort_rows, teacher_document
from mainmerah.teach import classfolder as cf


def task(stars: int, solved: bool = True, **rules: int) -> dict[str, Any]:
    return {"stars": stars, "mistakes": sum(rules.values()), "rules": rules, "hints": 0, "seconds": 30.0,
            "solved": solved}


def progress(game: str = "main-merah", **lessons: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A Tutorial.progress() shaped dict: lesson key -> {task key -> task}."""
    return {"game": game, "seconds": 600.0, "lessons": {
        key: {"title": key.replace("-", " ").title(), "tasks": tasks} for key, tasks in lessons.items()}}


ANI = progress(**{"cards": {"t1": task(3), "t2": task(2, pairs=1)},
                  "pairing": {"t1": task(1, pairs=3, sevens=1), "t2": task(0, False, sevens=2)}})
BUDI = progress(**{"cards": {"t1": task(3), "t2": task(3)}, "pairing": {"t1": task(3), "t2": task(3)}})


def write(folder: Path, name: str, prog: dict[str, Any], session: str | None = None, now: float = 1000.0,
          puzzles: dict[str, int] | None = None) -> cf.Record:
    record = cf.make_record(session or cf.new_session(), name, prog, puzzles, now=now)
    cf.write_record(folder, record)
    return record


# ----- the class folder --------------------------------------------------------------------

def test_a_record_is_written_whole_under_the_session_name_and_read_back(tmp_path: Path) -> None:
    rec = write(tmp_path, "Ani", ANI, session="0123456789abcdef", puzzles={"1": 2})
    files = sorted(p.name for p in (tmp_path / "students").iterdir())
    assert files == ["0123456789abcdef.json"]  # the session id, nothing the student typed; no temporary left
    records, refused = cf.read_records(tmp_path)
    assert refused == [] and records == [rec]
    assert records[0].puzzles == {"1": 2} and records[0].lessons["pairing"]["tasks"]["t1"]["rules"]["pairs"] == 3


def test_a_rewrite_replaces_the_file_by_a_rename_never_in_place(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    first = write(tmp_path, "Ani", ANI, session="0123456789abcdef")
    target = tmp_path / "students" / "0123456789abcdef.json"
    inode = target.stat().st_ino
    renames: list[tuple[str, str]] = []
    real = os.replace
    monkeypatch.setattr(cf.os, "replace", lambda a, b: (renames.append((str(a), str(b))), real(a, b))[1])
    write(tmp_path, "Ani", BUDI, session=first.session, now=2000.0)
    assert len(renames) == 1 and renames[0][1] == str(target) and ".tmp-" in renames[0][0]
    assert target.stat().st_ino != inode  # a new file took the name: a reader saw the old one or the new one
    assert cf.read_records(tmp_path)[0][0].updated == 2000.0


def test_a_failed_write_leaves_the_old_record_and_no_temporary_file(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    first = write(tmp_path, "Ani", ANI, session="0123456789abcdef")

    def broken(*_a: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(cf.os, "replace", broken)
    with pytest.raises(OSError):
        write(tmp_path, "Ani", BUDI, session=first.session)
    assert [p.name for p in (tmp_path / "students").iterdir()] == ["0123456789abcdef.json"]
    assert cf.read_records(tmp_path)[0] == [first]


@pytest.mark.parametrize("text", ["", "   ", "x" * 25, "<b>Ani</b>", "../../etc/passwd", "Ani\nBudi", "a/b",
                                  "=cmd()", "-Ani", "Ani\u202e", "Ani; DROP"])
def test_bad_nicknames_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(cf.RecordError) as e:
        cf.check_nickname(text)
    assert str(e.value)


@pytest.mark.parametrize(("text", "shown"), [("  Ani  ", "Ani"), ("Siti  Nur", "Siti Nur"), ("Dewi_2", "Dewi_2"),
                                             ("O'Brien", "O'Brien"), ("Ñandú", "Ñandú"), ("7A", "7A")])
def test_good_nicknames_are_kept_trimmed(text: str, shown: str) -> None:
    assert cf.check_nickname(text) == shown


def test_forged_and_broken_files_are_refused_and_named_by_file_only(tmp_path: Path) -> None:
    write(tmp_path, "Ani", ANI, session="0123456789abcdef")
    d = tmp_path / "students"
    good = json.loads((d / "0123456789abcdef.json").read_text())
    (d / "aaaaaaaaaaaaaaaa.json").write_text("{not json")
    (d / "bbbbbbbbbbbbbbbb.json").write_text(json.dumps({**good, "session": "bbbbbbbbbbbbbbbb",
                                                         "name": "<script>x</script>"}))
    (d / "cccccccccccccccc.json").write_text(json.dumps({**good, "session": "cccccccccccccccc",
                                                         "lessons": {"cards": {"title": "x", "tasks": {
                                                             "t1": {**task(3), "stars": 9}}}}}))
    (d / "dddddddddddddddd.json").write_text(json.dumps(good))  # someone else's session copied in
    (d / "../evil.json").write_text(json.dumps(good))  # outside the students folder: never read
    (d / "notes.txt").write_text("ignored")
    records, refused = cf.read_records(tmp_path)
    assert [r.name for r in records] == ["Ani"]
    assert len(refused) == 4 and all(r.split(":")[0].endswith(".json") for r in refused)
    assert not any("script" in r for r in refused)
    assert any("stars" in r for r in refused)


def test_progress_that_is_not_of_the_contracted_shape_is_refused() -> None:
    for bad in ({}, {"game": "main-merah", "lessons": []}, progress(**{"cards": {"t1": {"stars": 1}}}),
                progress(**{"bad\nkey": {"t1": task(1)}}), progress("Main Merah"), {**ANI, "seconds": float("nan")},
                progress(**{"cards": {"t1": task(-1)}})):
        with pytest.raises(cf.RecordError):
            cf.make_record(cf.new_session(), "", bad)
    with pytest.raises(cf.RecordError):
        cf.make_record("../../x", "", ANI)


def test_the_teacher_key_is_random_kept_private_and_reused(tmp_path: Path) -> None:
    k1 = cf.teacher_key(tmp_path / "a")
    assert k1 == cf.teacher_key(tmp_path / "a") and k1 != cf.teacher_key(tmp_path / "b")
    assert len(k1) >= 24 and (tmp_path / "a" / "teacher.key").stat().st_mode & 0o077 == 0


def test_clearing_deletes_the_students_and_keeps_the_key(tmp_path: Path) -> None:
    key = cf.teacher_key(tmp_path)
    write(tmp_path, "Ani", ANI)
    write(tmp_path, "Budi", BUDI)
    assert cf.clear_class(tmp_path) == 2
    assert cf.read_records(tmp_path) == ([], []) and cf.teacher_key(tmp_path) == key


def test_no_class_folder_without_the_servers_variable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(cf.CLASS_ENV, raising=False)
    assert cf.class_folder() is None
    monkeypatch.setenv(cf.CLASS_ENV, str(tmp_path))
    assert cf.class_folder() == tmp_path


# ----- the teacher's table -----------------------------------------------------------------

def two_students(tmp_path: Path) -> list[cf.Record]:
    write(tmp_path, "Ani", ANI, now=1000.0, puzzles={"1": 2})
    write(tmp_path, "Budi", BUDI, now=1001.0)
    return cf.read_records(tmp_path)[0]


def test_the_table_has_a_row_per_student_with_stars_and_the_rule_most_missed(tmp_path: Path) -> None:
    (t,) = class_tables(two_students(tmp_path))
    assert [k for k, _title in t.lessons] == ["cards", "pairing"] and t.levels == ["1"]
    rows = {r.name: r for r in t.rows}
    ani, budi = rows["Ani"], rows["Budi"]
    assert (ani.stars, budi.stars) == (3 + 2 + 1 + 0, 12)
    assert (ani.cells["pairing"].stars, ani.cells["pairing"].best, ani.cells["pairing"].solved) == (1, 6, 1)
    # pairs: 1 + 3 mistakes, sevens: 1 + 2 -> pairs overall; in the pairing lesson 3 each: the first by name
    assert (ani.stuck, ani.mistakes) == ("pairs", 4)
    assert (ani.cells["pairing"].stuck, ani.cells["pairing"].mistakes) == ("pairs", 3)  # tie 3-3: by name
    assert ani.cells["cards"].stuck == "pairs" and budi.stuck is None and budi.cells["cards"].stuck is None
    assert ani.puzzles == {"1": 2} and budi.puzzles == {}


def test_sorting_by_name_stars_lesson_and_the_other_way(tmp_path: Path) -> None:
    (t,) = class_tables(two_students(tmp_path))
    names = lambda by, d=False: [r.name for r in sort_rows(t.rows, by, d)]  # noqa: E731
    assert names("name") == ["Ani", "Budi"] and names("name", True) == ["Budi", "Ani"]
    assert names("stars") == ["Ani", "Budi"] and names("stars", True) == ["Budi", "Ani"]
    assert names("lesson:pairing", True) == ["Budi", "Ani"]
    assert names("stuck", True) == ["Ani", "Budi"]
    assert names("puzzles:1", True) == ["Ani", "Budi"]
    assert names("no-such-column") == ["Ani", "Budi"]  # an unknown column sorts by name


def test_a_reloaded_student_is_one_row_their_latest_and_anonymous_ones_stay_apart(tmp_path: Path) -> None:
    write(tmp_path, "Ani", ANI, now=1000.0)
    write(tmp_path, "ani", BUDI, now=2000.0)  # the same student after a reload, in a new session
    write(tmp_path, "", ANI, now=1500.0)
    write(tmp_path, "", ANI, now=1600.0)
    (t,) = class_tables(cf.read_records(tmp_path)[0])
    assert sorted(r.name for r in t.rows) == ["", "", "ani"]
    assert next(r for r in t.rows if r.name).stars == 12 and next(r for r in t.rows if r.name).sessions == 2
    assert "2 sessions" in teacher_document(cf.read_records(tmp_path)[0], [], key="k" * 32, lang="en", xsrf_form="")
    assert [r.name for r in sort_rows(t.rows)][0] == "ani"  # named students first


def test_the_csv_has_a_line_per_student_and_no_cell_starts_a_formula(tmp_path: Path) -> None:
    records = two_students(tmp_path)
    rows = list(csv.reader(io.StringIO(class_csv(records))))
    head, lines = rows[0], {r[0]: r for r in rows[1:]}
    assert len(rows) == 3 and set(lines) == {"Ani", "Budi"}
    ani = dict(zip(head, lines["Ani"], strict=True))
    assert ani["Stars"] == "6" and ani["Most mistakes on"] == "pairs"
    assert ani["Main Merah 2. Pairing: stars"] == "1/6" and ani["Main Merah 2. Pairing: most mistakes on"] == "pairs"
    assert ani["Main Merah: puzzles, level 1"] == "2"
    forged = {**ANI, "lessons": {"cards": {"title": "=HYPERLINK(\"x\")", "tasks": {"t1": task(1)}}}}
    text = class_csv([cf.make_record(cf.new_session(), "Ani", forged)])
    assert all(not cell.startswith("=") for line in csv.reader(io.StringIO(text)) for cell in line)


def test_the_page_escapes_what_students_sent(tmp_path: Path) -> None:
    forged = {**ANI, "lessons": {"cards": {"title": "<img src=x onerror=alert(1)>", "tasks": {"t1": task(1)}}}}
    html = teacher_document([cf.make_record(cf.new_session(), "Ani", forged)], [], key="k" * 32, lang="en",
                            xsrf_form="")
    assert "<img src=x" not in html and "&lt;img src=x" in html and "Ani" in html


def test_a_student_on_two_pages_is_one_row_with_the_lessons_and_the_puzzles(tmp_path: Path) -> None:
    write(tmp_path, "Ani", ANI, now=1000.0, puzzles={"1": 1})  # the tutorial
    write(tmp_path, "Ani", {"game": "main-merah", "lessons": {}, "seconds": 60.0}, now=2000.0,
          puzzles={"1": 3, "2": 1})  # the puzzles page, later: no lessons there
    (t,) = class_tables(cf.read_records(tmp_path)[0])
    (ani,) = t.rows
    assert ani.stars == 6 and set(ani.cells) == {"cards", "pairing"}  # the tutorial's lessons kept
    assert ani.puzzles == {"1": 3, "2": 1} and ani.updated == 2000.0 and t.levels == ["1", "2"]


def test_every_topic_a_lesson_records_is_named_for_the_teacher_in_words() -> None:
    from mainmerah.core.i18n import set_language
    from mainmerah.teach import index
    from mainmerah.teach.topics import TOPICS, topic_name

    used = {t.topic for game in registry.games_with("lessons") for spec in index.tutorial_lessons(game)
            for t in spec.build().tasks if t.topic}
    # and the topics a coached game gives its wrong clicks (the coach's own, not a task's)
    import inspect
    import re

    from mainmerah.families.fishing.ui.lessons import coach

    coached = set(re.findall(r'_wrong\(.*, "([a-z-]+)"\)', inspect.getsource(coach)))
    assert "turn" in coached
    used |= coached
    assert used and used <= set(TOPICS), f"topics without a name: {sorted(used - set(TOPICS))}"
    prog = progress(**{"cards": {"t1": task(1, False, pairing=2)}})
    html = teacher_document([cf.make_record(cf.new_session(), "Ani", prog)], [], key="k" * 32, lang="en",
                            xsrf_form="")
    assert "pairing (cards that make ten; 10, J, Q, K with their own rank) (2)" in html and ">pairing (2)" not in html
    try:
        set_language("id")
        assert topic_name("pairing") != TOPICS["pairing"]  # said in the teacher's language
    finally:
        set_language("en")
    assert topic_name("from-a-newer-version") == "from-a-newer-version"


def test_a_nameless_students_sessions_in_one_browser_are_one_row(tmp_path: Path) -> None:
    def at(now: float, name: str, browser: str, prog: dict[str, Any] = ANI) -> None:
        cf.write_record(tmp_path, cf.make_record(cf.new_session(), name, prog, now=now, browser=browser))

    at(1000.0, "", "a" * 16)
    at(2000.0, "", "a" * 16)  # reloaded, still nameless
    at(1500.0, "", "b" * 16)  # another browser: another student
    at(1200.0, "", "")  # a browser that keeps nothing: its own row
    (t,) = class_tables(cf.read_records(tmp_path)[0])
    assert sorted(r.sessions for r in t.rows) == [1, 1, 2]
    assert "no name (aaaa)" in {r.label for r in t.rows}  # named after the browser: the same after a reload
    at(3000.0, "Ani", "a" * 16)  # then typed a name: all three sessions are Ani's
    (t,) = class_tables(cf.read_records(tmp_path)[0])
    assert sorted((r.name, r.sessions) for r in t.rows) == [("", 1), ("", 1), ("Ani", 3)]
    with pytest.raises(cf.RecordError, match="browser"):
        cf.make_record(cf.new_session(), "", ANI, browser="not-an-id")


def test_the_browser_decides_the_row_and_look_alike_names_are_flagged(tmp_path: Path) -> None:
    """Issue 28 finding 2b: typing "ALICE TWO" took over Alice Two's row; "Аlice Two" (Cyrillic А) showed as a twin."""
    def at(now: float, name: str, browser: str, prog: dict[str, Any]) -> None:
        cf.write_record(tmp_path, cf.make_record(cf.new_session(), name, prog, now=now, browser=browser))

    at(1000.0, "Alice Two", "a" * 16, ANI)
    at(2000.0, "ALICE TWO", "b" * 16, BUDI)  # another browser typing her name, later
    at(1500.0, "\u0410lice Two", "c" * 16, BUDI)  # a Cyrillic А
    at(1700.0, "Budi", "d" * 16, BUDI)
    (t,) = class_tables(cf.read_records(tmp_path)[0])
    rows = {r.browser: r for r in t.rows}
    assert len(rows) == 4 and all(r.sessions == 1 for r in rows.values())
    assert rows["a" * 16].name == "Alice Two" and rows["a" * 16].stars == 6  # her own lessons, not the newcomer's
    assert [b[0] for b, r in sorted(rows.items()) if r.twin] == ["a", "b", "c"]
    html = teacher_document(cf.read_records(tmp_path)[0], [], key="k" * 32, lang="en", xsrf_form="")
    assert html.count('class="mmt-twin"') == 3


def test_each_students_most_frequent_mistake_themes_are_shown_from_their_practice() -> None:
    """The themes of the mistakes a student keeps for Practice (their own games, reviewed) reach the teacher's
    table and the CSV, the most frequent first, in the page's language; a bad themes field is refused."""
    themes = {"missed-capture": 4, "red-left": 1, "wasted-high": 2, "costs-later": 1}
    ani = cf.make_record(cf.new_session(), "Ani", ANI, themes=themes, now=1000.0)
    budi = cf.make_record(cf.new_session(), "Budi", BUDI, now=1000.0)
    (table,) = class_tables([ani, budi])
    rows = {r.name: r for r in table.rows}
    assert rows["Ani"].themes == themes and rows["Budi"].themes == {}
    html = teacher_document([ani, budi], [], key="k" * 32, lang="en", xsrf_form="")
    assert ("taking fewer points than another card would (4); spending a card worth more points than needed (2); a "
            "card that costs you later (1)") in html
    assert "Their own games: most frequent mistakes" in html
    text = class_csv([ani, budi])
    assert "taking fewer points than another card would (4); spending a card worth more points than needed (2)" \
        in text
    for bad in ({"x": "many"}, {"": 1}, {f"t{i}": 1 for i in range(41)}):
        with pytest.raises(cf.RecordError):
            cf.make_record(cf.new_session(), "Ani", ANI, themes=bad)  # type: ignore[arg-type]
