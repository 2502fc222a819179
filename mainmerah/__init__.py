"""Main Merah ("play red"): an Indonesian fishing card game, as a Python engine."""

from .bots import GreedyBot, JBCaptureBot, RandomBot, jb_capture, make_bot, play_out
from .card import DECK, Card, CardError, cards_text, parse_cards
from .events import Capture, Deal, End, Flip, Play, Redeal, Stay
from .game import Choice, Decision, Game, LayoutError, RuleError, Setup, deal
from .match import Match, next_first
from .save import SaveFileError
from .score import TOTAL_POINTS, score_card
from .variant import JB, VARIANTS, CardGames, Classic, Variant, get_variant
from .view import SeatView

__version__ = "0.1.0"

__all__ = [
    "DECK", "JB", "TOTAL_POINTS", "VARIANTS", "Capture", "Card", "CardError", "CardGames", "Choice",
    "Classic", "Deal", "Decision", "End", "Flip", "Game", "GreedyBot", "JBCaptureBot", "LayoutError",
    "Match", "Play", "RandomBot", "Redeal", "RuleError", "SaveFileError", "SeatView", "Setup", "Stay",
    "Variant", "cards_text", "deal", "get_variant", "jb_capture", "make_bot", "next_first",
    "parse_cards", "play_out", "score_card",
]
