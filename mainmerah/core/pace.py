"""A table's pace: the seconds between two steps the computers take (or a page shows), wherever it is chosen.

A page's link (``?pace=``), a kept table's record and a shared table's frame all hold one, each from someone who
may not be trusted: every one is a number of seconds from 0 to :data:`PACE_MAX` (:func:`is_pace`).
"""

from __future__ import annotations

import math
from typing import TypeGuard

PACE_MAX = 10.0
SHARED_PACE = 1.0  # a shared table's pace when its creator chose none


def is_pace(value: object) -> TypeGuard[float]:
    """Whether ``value`` is a pace: an int or a float (not a bool), finite, from 0 to PACE_MAX seconds."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    return math.isfinite(value) and 0 <= value <= PACE_MAX
