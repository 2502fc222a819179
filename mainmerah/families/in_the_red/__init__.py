"""In The Red: the Elmer family's stacking game where the highest red card on top loses the round.

Registered as ``in-the-red``. Rules: ``shared/rules/in-the-red.md``; the engine in :mod:`.state`.
"""

from __future__ import annotations

from typing import Any

from mainmerah.core.contract import GameState
from mainmerah.core.i18n import N_
from mainmerah.core.registry import GameInfo
from mainmerah.families.in_the_red.bots import BOTS, make_bot
from mainmerah.families.in_the_red.explain import THEMES, themes
from mainmerah.families.in_the_red.rules import fits, legal_moves, losers, value
from mainmerah.families.in_the_red.save import load_body
from mainmerah.families.in_the_red.sim import other_world, playout
from mainmerah.families.in_the_red.state import VARIANTS, Choice, InTheRed, Setup, Turn, parse_action
from mainmerah.families.in_the_red.view import SeatView


def new(seed: int | None = None, players: int = 4, variant: str = "standard", dealer: int | None = None) -> InTheRed:
    return InTheRed.new(seed=seed, players=players, variant=variant, dealer=dealer)


def from_layout(hands: Any, stacks: Any, pack: Any, dealer: int = 0, **kw: Any) -> InTheRed:
    return InTheRed.from_layout(hands, stacks, pack, dealer=dealer, **kw)


def next_deal(previous: GameState[Any]) -> dict[str, Any]:
    """The next game of a match is dealt by the seat left of the last deal's dealer (the deal keeps passing left)."""
    return {"dealer": (getattr(previous, "dealer", 0) + 1) % previous.players}


GAME = GameInfo(
    name="in-the-red",
    title=N_("In The Red"),
    blurb=N_("Lay cards on any stack by suit or rank; whoever shows the highest red card (with no red, the lowest "
             "black) picks up."),
    players=tuple(range(2, 11)),
    variants=VARIANTS,
    default_players=4,
    new=new,
    from_layout=from_layout,
    load_body=load_body,
    make_bot=make_bot,
    bots=BOTS,
    other_world=other_world,
    playout=playout,  # type: ignore[arg-type]
    next_deal=next_deal,
    themes=themes,
    theme_names=THEMES,
    low_wins=True,
    ui="mainmerah.families.in_the_red.ui:UI",
)

__all__ = ["GAME", "Choice", "InTheRed", "SeatView", "Setup", "Turn", "fits", "legal_moves", "load_body", "losers",
           "make_bot", "new", "other_world", "parse_action", "value"]
