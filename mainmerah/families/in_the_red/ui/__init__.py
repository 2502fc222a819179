"""What In The Red shows and teaches (its GameUI), named lazily: nothing here imports a widget."""

from __future__ import annotations

from mainmerah.core.i18n import N_
from mainmerah.core.registry import GameUI

_UI = "mainmerah.families.in_the_red.ui"

UI = GameUI(
    presenter=f"{_UI}.presenter:InTheRedPresenter",
    art="7♣ 7♥ K♥ 2♠",  # a stack's top cards: the highest red one loses
    levels={
        # Each line says what families/in_the_red/bots.py does at that level.
        "random": N_("random lays any card that fits, or discards any card when none fits"),
        "greedy": N_("greedy keeps itself out of the red as if the round ended now, then weighs a safer top on its own "
                    "stack against shedding the card worth most"),
        "expert": N_("expert plays each choice out over many deals of the unseen cards and picks the one that "
                     "leaves it the fewest points"),
    },
    lessons=f"{_UI}.lessons:tutorial_lessons",
    sheet=f"{_UI}.sheet:rules_page",
)
