"""Main Merah in the registry: the fishing engine with one of Main Merah's rulesets."""

from __future__ import annotations

from typing import Any

from mainmerah.core.i18n import N_
from mainmerah.core.registry import GameInfo
from mainmerah.families.fishing.levels import LEVELS, make_bot
from mainmerah.families.fishing.match import main_merah_next_deal
from mainmerah.families.fishing.rules import VARIANTS
from mainmerah.families.fishing.save import load_body
from mainmerah.families.fishing.state import Game
from mainmerah.families.fishing.worlds import other_world


def new(seed: int | None = None, players: int = 2, variant: str = "classic", dealer: int | None = None,
        first: int | None = None) -> Game:
    if variant not in VARIANTS:
        raise ValueError(f"unknown Main Merah variant {variant!r}: choose one of {', '.join(VARIANTS)}")
    return Game.new(players, variant, seed, dealer or 0, first)


def from_layout(**fields: Any) -> Game:
    """Fields as :meth:`Game.from_layout`: hands, table, stock, first, variant, piles. Without piles it is a
    starting table, so one the variant redeals is refused (``Game.from_layout`` builds any position)."""
    from mainmerah.families.fishing.state import check_start

    return check_start(Game.from_layout(**fields))


GAME = GameInfo(
    name="main-merah",
    title=N_("Main Merah"),
    blurb=N_("The Indonesian fishing game: pair a card to make ten; only red cards score, 210 points in all."),
    players=(2, 3),
    variants=tuple(VARIANTS),
    default_players=2,
    new=new,
    from_layout=from_layout,
    load_body=lambda body: load_body(body, "main-merah"),
    make_bot=make_bot,
    bots=LEVELS,
    other_world=other_world,  # type: ignore[arg-type]
    next_deal=main_merah_next_deal,  # type: ignore[arg-type]
    ui="mainmerah.families.fishing.ui:MAIN_MERAH",
)
