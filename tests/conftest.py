"""What every test module shares.

The language and its listeners are put back after each module. A page's widgets listen for language
switches (they relabel, and a lesson rebuilds itself). Widgets made by one test module stay alive in
ipywidgets' registry, so without this every later ``set_language`` (the conformance suite switches
hundreds of times) would rebuild all of them: the run grew by gigabytes and slowed ten-fold. A real
kernel holds one page, so this is a test matter.

Every process a test starts goes through tests/processes.py; here its clean-up is tied to the run: at
the session's end, at exit, and on SIGTERM and SIGINT, in every worker and in pytest-xdist's controller
(which also ends what a worker killed outright had started).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from processes import pytest_configure, pytest_sessionfinish  # noqa: F401 (the hooks, see there)

from mainmerah.core import i18n


@pytest.fixture(autouse=True, scope="module")
def _language_listeners_per_module() -> Iterator[None]:
    before = list(i18n._listeners)
    yield
    i18n._listeners[:] = before
    i18n.set_language("en")
