"""The computer players of the fishing games by level name (the expert needs the hints above the bots)."""

from __future__ import annotations

from mainmerah.core.contract import Bot
from mainmerah.families.fishing.bots import BOTS

LEVELS = ("random", "greedy", "expert")
"""The levels offered in the table, weakest first (``jb`` is a capture policy, also available by name)."""


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name: ``random``, ``greedy``, ``jb`` or ``expert``."""
    key = name.strip().lower()
    if key == "expert":
        from mainmerah.families.fishing.hint import ExpertBot  # the hints load numpy: only when an expert is asked for

        return ExpertBot(seed=seed)
    cls = BOTS.get(key)
    if cls is None:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join([*BOTS, 'expert'])}")
    return cls(seed=seed)  # type: ignore[no-any-return]
