"""The fishing games: Main Merah and Chinese Ten, one engine with a ruleset each, registered here (GAMES).

The file roles of every game folder: rules (pairing, points, sizes, bad starts: the capture rule
once; scoring a pile), deal (the set-up, the shuffle, the redeals and the checks), state (the state
machine), events and explain (the log in words), view (one seat's information), save, bots (the
computer players and the levels offered), sim (the greedy policy, the fast path of Main Merah's
rulesets, full-engine playouts for the rest, other worlds). The family's extras: hint (hints with
reasons, the expert's choice), dealcode, match, solver, puzzles, puzzle_maker and lab.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from mainmerah.core.cards import Card
from mainmerah.core.i18n import N_
from mainmerah.core.registry import GameInfo
from mainmerah.families.fishing.bots import LEVELS, make_bot
from mainmerah.families.fishing.explain import THEMES, themes
from mainmerah.families.fishing.match import main_merah_next_deal
from mainmerah.families.fishing.rules import VARIANTS
from mainmerah.families.fishing.save import load_body
from mainmerah.families.fishing.sim import other_world, playout
from mainmerah.families.fishing.state import Game

# ----- Main Merah: the fishing engine with one of Main Merah's rulesets ----------------

def new_main_merah(seed: int | None = None, players: int = 2, variant: str = "classic", dealer: int | None = None,
        first: int | None = None, opener: str = "") -> Game:
    if variant not in VARIANTS:
        raise ValueError(f"unknown Main Merah variant {variant!r}: choose one of {', '.join(VARIANTS)}")
    return Game.new(players, variant, seed, dealer or 0, first, opener)


def main_merah_layout(**fields: Any) -> Game:
    """Fields as :meth:`Game.from_layout`: hands, table, stock, first, variant, piles. Without piles it is a
    starting table, so one the variant redeals is refused (``Game.from_layout`` builds any position)."""
    from mainmerah.families.fishing.state import check_start

    return check_start(Game.from_layout(**fields))


MAIN_MERAH = GameInfo(
    name="main-merah",
    title=N_("Main Merah"),
    blurb=N_("The Indonesian fishing game: pair cards that make ten (a ten or a court card pairs with its own "
             "rank); only red cards score, 210 points in all."),
    players=(2, 3),
    variants=tuple(VARIANTS),
    default_players=2,
    new=new_main_merah,
    from_layout=main_merah_layout,
    load_body=lambda body: load_body(body, "main-merah"),
    make_bot=make_bot,
    bots=LEVELS,
    other_world=other_world,  # type: ignore[arg-type]
    playout=playout,  # type: ignore[arg-type]
    next_deal=main_merah_next_deal,  # type: ignore[arg-type]
    themes=themes,
    theme_names=THEMES,
    ui="mainmerah.families.fishing.ui:MAIN_MERAH",
)


# ----- Chinese Ten (拣红点): the fishing engine with the ``chinese-ten`` ruleset ---------

RULESET = "chinese-ten"


def new_chinese_ten(seed: int | None = None, players: int = 4, variant: str = "standard", dealer: int | None = None,
        first: int | None = None) -> Game:
    if variant not in ("standard", RULESET):
        raise ValueError(f"Chinese Ten has no variant {variant!r}: it is played one way, 'standard'")
    return Game.new(players, RULESET, seed, dealer or 0, first)


def chinese_ten_layout(hands: Sequence[Iterable[str | Card] | str], table: Iterable[str | Card] | str,
                       stock: Iterable[str | Card] | str, first: int | None = None, dealer: int = 0,
                       piles: Sequence[Iterable[str | Card] | str] | None = None, **extra: Any) -> Game:
    """hands (2-4 seats), table (4 cards, laid order), stock (top first), dealer; first: the seat after the dealer."""
    if extra:
        raise TypeError(f"Chinese Ten's layout has no field {', '.join(map(repr, extra))}")
    from mainmerah.families.fishing.state import check_start

    n = len(hands)
    return check_start(Game.from_layout(hands, table, stock, (dealer + 1) % max(n, 1) if first is None else first,
                                        RULESET, piles, dealer))


CHINESE_TEN = GameInfo(
    name="chinese-ten",
    title=N_("Chinese Ten"),
    blurb=N_("Main Merah's cousin for 2 to 4 players: four cards on the table, captures of three, "
             "and black Aces that score when more play (A♠ with 3, A♠ and A♣ with 4)."),
    players=(2, 3, 4),
    variants=("standard",),
    default_players=4,
    new=new_chinese_ten,
    from_layout=chinese_ten_layout,
    load_body=lambda body: load_body(body, "chinese-ten"),
    make_bot=make_bot,
    bots=LEVELS,
    other_world=other_world,  # type: ignore[arg-type]
    playout=playout,  # type: ignore[arg-type]
    themes=themes,
    theme_names=THEMES,
    match_target=1000,  # the rule book: a match plays to a target, 1000 by default (Games4All)
    ui="mainmerah.families.fishing.ui:CHINESE_TEN",
)


GAMES = {info.name: info for info in (MAIN_MERAH, CHINESE_TEN)}
"""The family's games by name, in the registry's order."""
