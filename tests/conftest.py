"""What every test module shares.

The language and its listeners are put back after each test. A page's widgets listen for language
switches (they relabel, and a lesson rebuilds itself). Widgets made by one test stay alive in
ipywidgets' registry, so without this every later ``set_language`` (the conformance suite switches
hundreds of times) would rebuild all of them: the run grew by gigabytes and slowed ten-fold. A real
kernel holds one page, so this is a test matter.

Every process a test starts goes through tests/processes.py; here its clean-up is tied to the run: at
the session's end, at exit, and on SIGTERM and SIGINT, in every worker and in pytest-xdist's controller
(which also ends what a worker killed outright had started).

The longest files start first. ``make test`` runs ``--dist loadfile --no-loadscope-reorder``: a worker
takes one whole file at a time, in the order collected here, so the workers finish together only
if the long files (a site build, a classroom of browsers) do not come last. A file keeps its own order.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from processes import pytest_configure, pytest_sessionfinish  # noqa: F401 (the hooks, see there)

from mainmerah.core import i18n

# Seconds a file took (a whole run on a fresh clone, 2 cores, 2026-12-06 morning; test_shared_table's as it is
# since). Only the order matters: a file not named here is estimated from its tests (:func:`estimate`);
# a renamed file just loses its place.
FILE_SECONDS = {
    "test_static_site.py": 293, "test_prompts_fit_browser.py": 110, "test_classroom_scale.py": 96,
    "test_tutorial_progress.py": 93,
    "test_review_languages_browser.py": 81, "test_table_layout.py": 79, "test_class_server_browser.py": 77,
    "test_sheets.py": 68, "test_kept_pages_browser.py": 50, "test_kept.py": 48, "test_page_kernels.py": 47,
    "test_presenter_conformance.py": 46, "test_lab_browser.py": 46, "test_shared_table_browser.py": 45,
    "test_pass_and_play_browser.py": 39, "test_tutorial.py": 38, "test_table.py": 35,
    "test_shared_tables_more_browser.py": 33, "test_chinese_browser.py": 29, "test_puzzles_browser.py": 26,
    "test_a11y.py": 24, "test_faults.py": 24, "test_teacher_browser.py": 22, "test_language.py": 22,
    "test_red_ten_browser.py": 22, "test_tables.py": 21, "test_in_the_red_browser.py": 20, "test_security.py": 20,
    "test_table_games.py": 19, "test_solver.py": 18,
}


def estimate(path: Path, tests: int) -> float:
    if path.name in FILE_SECONDS:
        return FILE_SECONDS[path.name]
    if "browser" in path.parts:
        return 10.0 * tests
    return 8.0 if path.suffix == ".ipynb" else 0.2 * tests


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    files: dict[Path, list[pytest.Item]] = {}
    for item in items:
        files.setdefault(item.path, []).append(item)
    longest_first = sorted(files, key=lambda path: -estimate(path, len(files[path])))  # stable: ties keep their order
    items[:] = [item for path in longest_first for item in files[path]]


@pytest.fixture(scope="session")
def long_sweeps() -> bool:
    """For the tests marked ``long``: their full size with MAINMERAH_LONG=1, else the size CI runs
    (each says what both sizes prove)."""
    return os.environ.get("MAINMERAH_LONG") == "1"


@pytest.fixture(autouse=True)
def _language_listeners_per_test() -> Iterator[None]:
    before = list(i18n._listeners)
    yield
    i18n._listeners[:] = before
    i18n.set_language("en")
