"""mainmerah ("play red"): a family of red card games as Python engines, with tables and lessons.

The core (:mod:`.core`: cards, the decision log, save files, the registry) knows no game;
each game family is a package under :mod:`.families` (``fishing``: Main Merah and Chinese Ten; ``red_ten``;
``in_the_red``).
"""

from mainmerah.core.cards import JOKERS, PACK, PACK_WITH_JOKERS, Card, CardError, cards_text, packs, parse_cards
from mainmerah.core.errors import LayoutError, RuleError, SaveFileError
from mainmerah.core.registry import GameInfo, game_from_layout, games, load_game, make_bot, new_game
from mainmerah.core.registry import get as game_info
from mainmerah.core.review import Moment, Review, review
from mainmerah.families.fishing.bots import GreedyBot, JBCaptureBot, RandomBot, jb_capture, play_out
from mainmerah.families.fishing.deal import DECK, Setup, deal
from mainmerah.families.fishing.events import Capture, Deal, End, Flip, Play, Redeal, Stay, TakeFour
from mainmerah.families.fishing.match import Match, next_first
from mainmerah.families.fishing.puzzles import Puzzle, puzzles
from mainmerah.families.fishing.rules import (
    JB,
    RULESETS,
    TOTAL_POINTS,
    VARIANTS,
    CardGames,
    ChineseTen,
    Classic,
    Ruleset,
    Variant,
    get_ruleset,
    get_variant,
    main_merah_points,
    score_card,
)
from mainmerah.families.fishing.state import Choice, Decision, Game
from mainmerah.families.fishing.view import SeatView

__version__ = "0.2.0"

__all__ = [
    "DECK", "JB", "JOKERS", "PACK", "PACK_WITH_JOKERS", "RULESETS", "TOTAL_POINTS", "VARIANTS", "Capture",
    "Card", "CardError", "CardGames", "ChineseTen", "Choice", "Classic", "Deal", "Decision", "End", "Flip",
    "Game", "GameInfo", "GreedyBot", "JBCaptureBot", "LayoutError", "Match", "Moment", "Play", "Puzzle", "RandomBot",
    "Redeal", "Review", "RuleError", "Ruleset", "SaveFileError", "SeatView", "Setup", "Stay", "TakeFour", "Variant",
    "cards_text",
    "deal", "game_from_layout", "game_info", "games", "get_ruleset", "get_variant", "jb_capture",
    "load_game", "main_merah_points", "make_bot", "new_game", "next_first", "packs", "parse_cards", "play_out",
    "puzzles", "review", "score_card",
]
