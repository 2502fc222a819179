"""Chinese Ten (拣红点) in the registry: the fishing engine with the ``chinese-ten`` ruleset."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from mainmerah.core.cards import Card
from mainmerah.core.i18n import N_
from mainmerah.core.registry import GameInfo
from mainmerah.families.fishing.levels import LEVELS, make_bot
from mainmerah.families.fishing.save import load_body
from mainmerah.families.fishing.state import Game
from mainmerah.families.fishing.worlds import other_world

RULESET = "chinese-ten"


def new(seed: int | None = None, players: int = 4, variant: str = "standard", dealer: int | None = None,
        first: int | None = None) -> Game:
    if variant not in ("standard", RULESET):
        raise ValueError(f"Chinese Ten has no variant {variant!r}: it is played one way, 'standard'")
    return Game.new(players, RULESET, seed, dealer or 0, first)


def from_layout(hands: Sequence[Iterable[str | Card] | str], table: Iterable[str | Card] | str,
                stock: Iterable[str | Card] | str, first: int | None = None, dealer: int = 0,
                piles: Sequence[Iterable[str | Card] | str] | None = None, **extra: Any) -> Game:
    """hands (2-4 seats), table (4 cards, laid order), stock (top first), dealer; first: the seat after the dealer."""
    if extra:
        raise TypeError(f"Chinese Ten's layout has no field {', '.join(map(repr, extra))}")
    from mainmerah.families.fishing.state import check_start

    n = len(hands)
    return check_start(Game.from_layout(hands, table, stock, (dealer + 1) % max(n, 1) if first is None else first,
                                        RULESET, piles, dealer))


GAME = GameInfo(
    name="chinese-ten",
    title=N_("Chinese Ten"),
    blurb=N_("Main Merah's cousin for 2 to 4 players: four cards on the table, captures of three, "
             "and black Aces that score."),
    players=(2, 3, 4),
    variants=("standard",),
    default_players=4,
    new=new,
    from_layout=from_layout,
    load_body=lambda body: load_body(body, "chinese-ten"),
    make_bot=make_bot,
    bots=LEVELS,
    other_world=other_world,  # type: ignore[arg-type]
    match_target=1000,  # the rule book: a match plays to a target, 1000 by default (Games4All)
    ui="mainmerah.families.fishing.ui:CHINESE_TEN",
)
