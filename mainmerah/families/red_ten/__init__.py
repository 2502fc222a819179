"""Red Ten (红十): the four-player climbing game from Jiaxing whose red tens decide the teams.

The rules are ``shared/rules/red-ten.md``; the file roles are every family's:
``rules`` (rank order, ``classify``, ``beats``, every play of a hand; the scoring tables and
the early end), ``deal`` (the set-up, the shuffle, the checks of an explicit deal), ``state``
(one hand), ``view`` (one seat's sight and team inference), ``events``/``explain`` (the log and
the game in plain words), ``bots`` (computer players), ``sim`` (their fast playouts, other
deals), ``save`` (loading).

    >>> from mainmerah.families.red_ten import RedTen
    >>> g = RedTen.new(seed=1)
    >>> g.decision
    Decision(seat=0, kind='answer')
    >>> g.legal_actions()
    ['keep']
"""

from __future__ import annotations

from mainmerah.core.i18n import N_
from mainmerah.core.registry import GameInfo
from mainmerah.families.red_ten.bots import BOTS, make_bot
from mainmerah.families.red_ten.deal import Setup, deal
from mainmerah.families.red_ten.explain import THEMES, themes
from mainmerah.families.red_ten.rules import Combo, answers_for, beats, classify, plays
from mainmerah.families.red_ten.save import load_body
from mainmerah.families.red_ten.sim import other_world, playout
from mainmerah.families.red_ten.state import VARIANTS, Choice, Decision, RedTen
from mainmerah.families.red_ten.view import SeatView

GAME = GameInfo(
    name="red-ten",
    title=N_("Red Ten"),
    blurb=N_("A four-player climbing game from Jiaxing: shed your cards first; the red tens pick the teams."),
    players=(4,),
    variants=VARIANTS,
    default_players=4,
    new=RedTen.new,
    from_layout=RedTen.from_layout,
    load_body=load_body,
    make_bot=make_bot,
    bots=BOTS,
    other_world=other_world,  # type: ignore[arg-type]
    playout=playout,  # type: ignore[arg-type]
    themes=themes,
    theme_names=THEMES,
    match_games=4,  # the rule book: a fixed number of hands, 4 by default; no target by default
    ui="mainmerah.families.red_ten.ui:UI",
)

__all__ = [
    "GAME", "Choice", "Combo", "Decision", "RedTen", "SeatView", "Setup", "answers_for", "beats", "classify",
    "deal", "load_body", "make_bot", "other_world", "plays",
]
