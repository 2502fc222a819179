"""What the fishing games show and teach (their GameUI), named lazily: nothing here imports a widget."""

from __future__ import annotations

from dataclasses import replace

from mainmerah.core.i18n import N_
from mainmerah.core.registry import GameUI

_UI = "mainmerah.families.fishing.ui"
LEVELS = {
    "random": N_("random plays any card it may"),
    "greedy": N_("greedy takes the most it can right now"),
    "expert": N_("expert plays each choice out many times and picks the best"),
}

MAIN_MERAH = GameUI(
    presenter=f"{_UI}.presenter:FishingPresenter",
    art="7♥ 3♦ A♦ 9♣",
    levels=LEVELS,
    lessons=f"{_UI}.lessons.main_merah:tutorial_lessons",
    sheet=f"{_UI}.sheet:rules_page",
    points="mainmerah.families.fishing.rules:main_merah_card_points",
    puzzles="mainmerah.families.fishing.puzzles:puzzles",
    classroom=f"{_UI}.classroom:Classroom",
    lab=f"{_UI}.lab:LAB",
)

# The same table, sheet, puzzles and classroom tools; its own picture, lessons and points (no lab yet).
CHINESE_TEN = replace(
    MAIN_MERAH,
    art="Q♥ Q♣ Q♠ Q♦",
    lessons=f"{_UI}.lessons.chinese_ten:tutorial_lessons",
    points="mainmerah.families.fishing.rules:chinese_ten_card_points",
    lab=None,
)
