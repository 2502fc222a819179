"""What a lesson's wrong answer is about, named in words for the teacher ("Most mistakes on: pairing").

A task records the key of its topic with each mistake (``Task(topic="pairing")``); the
teacher's table shows the name. The server draws that table, so this module imports
nothing but the words.
"""

from __future__ import annotations

from mainmerah.core.i18n import N_, _

TOPICS: dict[str, str] = {
    "points": N_("points (only red cards score)"),
    "pairing": N_("pairing (cards that make ten; 10, J, Q, K with their own rank)"),
    "red-first": N_("taking a red card before a black one"),
    "best": N_("choosing the card that takes the most"),
    "jb": N_("the jb variant's choice"),
    "redeal": N_("the redeal rule"),
    "stranded": N_("cards that stay on the table"),
    "turn": N_("the steps of a turn in order (play a card, then turn up one from the stock)"),
}


def topic_name(key: str) -> str:
    """``key``'s name in the current language; a key this version does not know is shown as it is."""
    return _(TOPICS[key]) if key in TOPICS else key
