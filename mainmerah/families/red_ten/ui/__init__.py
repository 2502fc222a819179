"""What Red Ten shows and teaches (its GameUI), named lazily: nothing here imports a widget."""

from __future__ import annotations

from mainmerah.core.i18n import N_
from mainmerah.core.registry import GameUI

_UI = "mainmerah.families.red_ten.ui"

UI = GameUI(
    presenter=f"{_UI}.presenter:RedTenPresenter",
    art="10♥ 10♦ SJ BJ",  # the two red tens (the teams) and the flagpole bomb
    levels={
        "random": N_("random makes any play it may, or passes"),
        "greedy": N_("greedy sheds its lowest cards and keeps its bombs for danger"),
        "expert": N_("expert plays each choice out over many deals of the unseen cards and picks the best"),
    },
    lessons=f"{_UI}.lessons:tutorial_lessons",
    sheet=f"{_UI}.sheet:rules_page",
)
