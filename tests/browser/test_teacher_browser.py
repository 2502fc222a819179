"""The teacher's view on a real server with a class folder (as `make serve-class` starts it).

Without the key, or with a wrong one, the teacher's page, its CSV and its "clear" refuse
(403) and show no name; with the key they show every student. In the browser two students
(two browser contexts) open the tutorial, one gives a name, each solves a task, and the
teacher's page shows both rows; then the class is cleared through its confirmation.

The students' page here is the tutorial page with ``attach_student`` applied, the line the
tutorial page gets when this branch is merged (the notebook skips it once the page has it).
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import VoilaServer, require_browser, screenshot

from mainmerah.teach import classfolder as cf

pytestmark = pytest.mark.browser
WAIT = 30_000
NAMES = ("Ani Lestari", "Budi")

STUDENT_PAGE = """\
from mainmerah.teach.student import StudentName, attach_student
from mainmerah.pages.tutorial import Tutorial, tutorial_page

page = tutorial_page()
if not any(isinstance(c, StudentName) for c in page.children):  # until tutorial_page attaches it itself
    attach_student(page, next(c for c in page.children if isinstance(c, Tutorial)))
page
"""


PUZZLES_PAGE = """\
from mainmerah.pages.puzzles import PuzzlesPage, puzzles_page
from mainmerah.teach.student import StudentName, attach_puzzles

page = puzzles_page()
if not any(isinstance(c, StudentName) for c in page.children):  # until puzzles_page attaches it itself
    attach_puzzles(page, next(c for c in page.children if isinstance(c, PuzzlesPage)))
page
"""


def notebook(source: str) -> dict:
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": "page", "metadata": {}, "outputs": [],
                       "source": source}],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[VoilaServer, Path]]:
    require_browser()
    tmp = tmp_path_factory.mktemp("class")
    root, folder = tmp / "notebooks", tmp / "class"
    root.mkdir()
    (root / "tutorial.ipynb").write_text(json.dumps(notebook(STUDENT_PAGE)))
    (root / "puzzles.ipynb").write_text(json.dumps(notebook(PUZZLES_PAGE)))
    before = os.environ.get(cf.CLASS_ENV)
    os.environ[cf.CLASS_ENV] = str(folder)  # the server and every kernel it starts inherit it
    try:
        server = VoilaServer(root=root, launcher=[sys.executable, "-m", "mainmerah.server.voila"],
                             ready_path="/voila/tree")
    finally:
        if before is None:
            os.environ.pop(cf.CLASS_ENV)
        else:
            os.environ[cf.CLASS_ENV] = before
    yield server, folder
    server.stop()


def fetch(url: str, data: bytes | None = None, headers: dict[str, str] | None = None) -> tuple[int, str]:
    req = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.read().decode("utf-8-sig")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8-sig")


def key_of(folder: Path) -> str:
    return (folder / cf.KEY_FILE).read_text().strip()


def test_the_teacher_page_refuses_without_the_key_and_shows_every_student_with_it(classroom) -> None:  # noqa: ANN001
    server, folder = classroom
    key = key_of(folder)
    assert f"teacher?key={key}" in server.log.read_text(), "the server prints the teacher's link at start"
    cf.clear_class(folder)
    task = {"stars": 3, "mistakes": 0, "rules": {}, "hints": 0, "seconds": 20, "solved": True}
    progress = {"game": "main-merah", "seconds": 60,
                "lessons": {"cards": {"title": "Cards and points", "tasks": {"reveal": task}}}}
    for name in NAMES:
        cf.write_record(folder, cf.make_record(cf.new_session(), name, progress))
    wrong = "x" + key[1:]
    for path in ("teacher", "teacher.csv", "teacher?part=live&x=1"):
        for query in ("", f"?key={wrong}", f"?key={urllib.parse.quote(wrong + 'ü')}", "?key="):
            url = f"{server.url}/{path}" + (query if "?" not in path else query.replace("?", "&"))
            status, body = fetch(url)
            assert status == 403, (url, status)
            assert not any(n in body for n in NAMES) and "Cards and points" not in body, body
    status, body = fetch(f"{server.url}/teacher/clear", urllib.parse.urlencode({"key": key}).encode())
    assert status == 403  # no _xsrf token: refused even with the key
    assert len(cf.read_records(folder)[0]) == 2

    status, body = fetch(f"{server.url}/teacher?key={key}")
    assert status == 200 and all(n in body for n in NAMES), body[-2000:]
    assert not re.search(r'(src|href|action)="(https?:)?//', body), "nothing from another server (no CDN)"
    status, text = fetch(f"{server.url}/teacher.csv?key={key}")
    assert status == 200 and {line[0] for line in list(csv.reader(io.StringIO(text)))[1:]} == set(NAMES)


def test_no_class_no_teacher_page() -> None:
    """A server started without a class folder (`make app`, Binder) has no teacher's page at all."""
    require_browser()
    env_before = os.environ.pop(cf.CLASS_ENV, None)
    try:
        server = VoilaServer(launcher=[sys.executable, "-m", "mainmerah.server.voila"], ready_path="/voila/tree")
    finally:
        if env_before is not None:
            os.environ[cf.CLASS_ENV] = env_before
    try:
        status, body = fetch(f"{server.url}/teacher?key=anything")
        assert status == 404 and "make serve-class" in body
    finally:
        server.stop()


def expect():  # noqa: ANN201
    from playwright.sync_api import expect as e

    return e


def solve_reveal(page) -> None:  # noqa: ANN001
    """Lesson 1's first task: click every card to see its worth."""
    cards = page.locator(".mm-task-reveal .mm-card")
    for i in range(cards.count()):
        cards.nth(i).click()
    expect()(page.locator(".mm-task-reveal").first).to_have_class(re.compile("mm-solved"), timeout=WAIT)


def open_student(browser, server: VoilaServer, width: int) -> tuple:  # noqa: ANN001
    """A student's own browser (a context of their own: no cookie or storage shared) on the tutorial."""
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.render_url("tutorial.ipynb"), timeout=60_000)
    page.wait_for_selector(".mm-student .mm-student-name input", timeout=60_000)
    page.errors = errors
    return context, page


def test_two_students_and_the_teacher_page(classroom, browser) -> None:  # noqa: ANN001
    server, folder = classroom
    cf.clear_class(folder)
    key = key_of(folder)
    students = []
    for name in ("Ani Lestari", None):
        context, page = open_student(browser, server, 1280)
        students.append((context, page))
        if name:
            box = page.locator(".mm-student-name input")
            box.fill("<b>no</b>")
            page.locator(".mm-student-save").click()
            expect()(page.locator(".mm-student-status")).to_contain_text("letters, digits", timeout=WAIT)
            box.fill(name)
            page.locator(".mm-student-save").click()
            expect()(page.locator(".mm-student-status")).to_contain_text(name, timeout=WAIT)
        solve_reveal(page)
    screenshot(students[0][1], "teacher-student-1280")
    # A student's page shows their own box only: nothing of the class (no student page reads the folder).
    assert "Ani Lestari" not in students[1][1].inner_text("body")

    teacher = browser.new_context(viewport={"width": 1280, "height": 800})
    tp = teacher.new_page()
    tp.goto(f"{server.url}/teacher?key={key}")
    rows = tp.locator(".mmt-table tbody tr")
    expect()(rows).to_have_count(2, timeout=WAIT)
    expect()(tp.locator(".mmt-table tbody")).to_contain_text("Ani Lestari")
    expect()(tp.locator(".mmt-table tbody .mmt-anon")).to_have_count(1)
    for i in range(2):
        expect()(rows.nth(i).locator(".mmt-lesson").first).to_contain_text("★ 3/", timeout=WAIT)

    # Live: a third student arrives while the teacher watches; the page shows them without a reload.
    context, third = open_student(browser, server, 390)
    third.locator(".mm-student-name input").fill("Citra")
    third.locator(".mm-student-save").click()
    expect()(third.locator(".mm-student-status")).to_contain_text("Citra", timeout=WAIT)
    screenshot(third, "teacher-student-390")
    students.append((context, third))
    expect()(rows).to_have_count(3, timeout=WAIT)
    expect()(tp.locator(".mmt-table tbody")).to_contain_text("Citra", timeout=WAIT)

    # Ani opens the puzzles too (another page, another kernel) and solves one: her row gets the puzzle.
    import mainmerah as mm

    first = mm.puzzles("main-merah", level=1)[0]
    ani = students[0][0].new_page()
    ani.goto(server.render_url("puzzles.ipynb"), timeout=60_000)
    ani.wait_for_selector(".mm-student .mm-student-name input", timeout=60_000)
    ani.locator(".mm-student-name input").fill("Ani Lestari")
    ani.locator(".mm-student-save").click()
    expect()(ani.locator(".mm-student-status")).to_contain_text("Ani Lestari", timeout=WAIT)
    card = mm.Card.parse(first.best)
    ani.locator(f".mm-pz-hand .mm-c-{card.rank_text}{card.suit}").first.click()
    expect()(ani.locator(".mm-pz-counter").first).to_contain_text("1 solved", timeout=WAIT)
    screenshot(ani, "teacher-student-puzzles-1280")
    expect()(tp.locator(".mmt-table thead")).to_contain_text("Puzzles, level 1", timeout=WAIT)
    ani_row = tp.locator(".mmt-table tbody tr", has_text="Ani Lestari")
    expect()(ani_row.locator("td").nth(-3)).to_have_text("1", timeout=WAIT)  # then Time, Last seen
    expect()(ani_row.locator(".mmt-lesson").first).to_contain_text("★ 3/", timeout=WAIT)  # lessons kept
    expect()(ani_row.locator(".mmt-sessions")).to_have_text("2 sessions")
    expect()(rows).to_have_count(3)

    # Sorting by stars, most first: the two who solved a task come before Citra.
    tp.locator(".mmt-table thead a", has_text="Stars").click()
    tp.locator(".mmt-table thead a", has_text="Stars").click()
    expect()(tp.locator(".mmt-table thead th[aria-sort='descending']")).to_contain_text("Stars")
    assert "Citra" in tp.locator(".mmt-table tbody tr").last.inner_text()
    screenshot(tp, "teacher-1280")
    tp.set_viewport_size({"width": 390, "height": 800})
    screenshot(tp, "teacher-390")
    tp.goto(f"{server.url}/teacher?key={key}&lang=id")
    expect()(tp.locator("h1")).not_to_have_text("Your class")
    screenshot(tp, "teacher-390-id")
    tp.set_viewport_size({"width": 1280, "height": 800})
    screenshot(tp, "teacher-1280-id")

    # Clear the class: a confirmation first, then nothing left.
    tp.goto(f"{server.url}/teacher?key={key}")
    tp.locator(".mmt-clear").click()
    expect()(tp.locator(".mmt-confirm")).to_contain_text("4 student sessions")  # Ani's puzzles are a session
    screenshot(tp, "teacher-clear-confirm")
    assert len(cf.read_records(folder)[0]) == 4  # asking is not doing
    tp.locator(".mmt-confirm-clear").click()
    expect()(tp.locator(".mmt-cleared")).to_contain_text("4", timeout=WAIT)
    expect()(tp.locator(".mmt-table")).to_have_count(0)
    assert cf.read_records(folder) == ([], [])
    for context, page in students:
        assert not page.errors, page.errors
        context.close()
    teacher.close()
