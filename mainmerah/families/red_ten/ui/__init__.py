"""What Red Ten shows and teaches (its GameUI), named lazily: nothing here imports a widget."""

from __future__ import annotations

from mainmerah.core.i18n import N_
from mainmerah.core.registry import GameUI

_UI = "mainmerah.families.red_ten.ui"

UI = GameUI(
    presenter=f"{_UI}.presenter:RedTenPresenter",
    art="10♥ 10♦ SJ BJ",  # the two red tens (the teams) and the flagpole bomb
    levels={
        # Each line says what families/red_ten/bots.py does (greedy: sim.greedy; expert: ExpertBot).
        "random": N_("random makes any move the rules allow, a pass among them"),
        "greedy": N_("greedy plays the lowest cards that beat the table, lets a known partner's play stand, "
                     "and bombs only when a hand is nearly out"),
        # (kept to one line of the table's level note at 1280 px; bots.py's _prune says which plays exactly)
        "expert": N_("expert plays out the greedy move, a pass and the lowest few plays on many deals of unseen "
                     "cards"),
    },
    lessons=f"{_UI}.lessons:tutorial_lessons",
    sheet=f"{_UI}.sheet:rules_page",
)
