"""A pytest plugin for benchmarks/ci_cpu.py --per-test: the machine's busy CPU seconds during each test.

Loaded with ``-p ci_cpu_plugin`` (benchmarks/ on PYTHONPATH); appends one JSON line per test, [nodeid, CPU-s, wall-s],
to the file ``MAINMERAH_CI_CPU_TESTS`` names. The machine's, not the test's own: meaningful on one worker only.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from typing import Any

import pytest
from ci_cpu import machine_seconds

_rows: list[list[Any]] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    busy, start = machine_seconds()[0], time.monotonic()
    yield
    _rows.append([item.nodeid, round(machine_seconds()[0] - busy, 2), round(time.monotonic() - start, 2)])


def pytest_sessionfinish(session: pytest.Session) -> None:
    with open(os.environ["MAINMERAH_CI_CPU_TESTS"], "a") as f:
        f.writelines(json.dumps(row) + "\n" for row in _rows)
