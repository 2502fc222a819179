"""Computer players of In The Red by level: random, greedy and expert. Each has ``name`` and
``choose(view) -> action``; seeded randomness only."""

from __future__ import annotations

from typing import Any

from mainmerah.core.i18n import _
from mainmerah.families.in_the_red.expert import ExpertBot
from mainmerah.families.in_the_red.greedy import GreedyBot, RandomBot, action_text, greedy_move

BOTS = ("random", "greedy", "expert")


def make_bot(name: str, seed: int | None = None) -> Any:
    key = str(name).strip().lower()
    if key == "random":
        return RandomBot(seed)
    if key == "greedy":
        return GreedyBot(seed)
    if key == "expert":
        return ExpertBot(seed)
    raise ValueError(_("unknown bot {name!r}: choose one of {names}").format(name=name, names=", ".join(BOTS)))


__all__ = ["BOTS", "ExpertBot", "GreedyBot", "RandomBot", "action_text", "greedy_move", "make_bot"]
