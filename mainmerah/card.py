"""Cards as older code imports them: the core's cards and the fishing games' pairing tables.

Cards themselves carry no game rule (:mod:`mainmerah.core.cards`); pairing and points are
Main Merah's (:mod:`mainmerah.fishing.rules`).
"""

from .core.cards import (
    PACK,
    RANKS,
    RED_SUITS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    CardError,
    cards_text,
    parse_cards,
    points_text,
    rank_name,
    suit_name,
)
from .fishing.rules import PAIR_CLASS, PARTNER, SELF_PAIRING, main_merah_points, pairs_with, rank_points

DECK = PACK  # Main Merah's deck: the 52-card pack

__all__ = [
    "DECK", "PACK", "PAIR_CLASS", "PARTNER", "RANKS", "RED_SUITS", "SELF_PAIRING", "SUITS", "SUIT_SYMBOLS",
    "Card", "CardError", "cards_text", "main_merah_points", "pairs_with", "parse_cards", "points_text",
    "rank_name", "rank_points", "suit_name",
]
