"""A table's pace is one rule (mainmerah/core/pace.py) wherever it comes from: a page's link, a kept record, a shared
table's creation and the frames its seats receive."""

from __future__ import annotations

import math

import pytest

from mainmerah.core.pace import PACE_MAX, SHARED_PACE, is_pace
from mainmerah.pages.play import options_from_query
from mainmerah.server.tables.store import Store, TableError
from mainmerah.tables import Seat


@pytest.mark.parametrize("value", [0, 0.45, 1, PACE_MAX])
def test_a_pace_is_seconds_from_zero_to_the_most(value: float) -> None:
    assert is_pace(value)
    kw, problems = options_from_query(f"pace={value}")
    assert problems == [] and kw["delay"] == value
    assert Store().create("main-merah", ["person", "greedy"], pace=value).pace == value


@pytest.mark.parametrize("value", [-1, -2, PACE_MAX + 0.5, math.inf, math.nan, True, "1", None])
def test_anything_else_is_refused_everywhere_and_named(value: object) -> None:
    assert not is_pace(value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        _kw, problems = options_from_query(f"pace={value}")
        assert len(problems) == 1 and f"0 to {int(PACE_MAX)}" in problems[0], problems
    with pytest.raises(TableError, match=f"from 0 to {int(PACE_MAX)}"):
        Store().create("main-merah", ["person", "greedy"], pace=value)
    # A frame's pace is read as the server's default, not trusted.
    seat = Seat.__new__(Seat)
    seat.frame = {"pace": value}
    assert seat.pace == SHARED_PACE
