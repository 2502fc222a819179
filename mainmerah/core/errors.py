"""The errors every game raises: each is a ``ValueError`` whose text says what was wrong."""

from __future__ import annotations

from mainmerah.core.cards import CardError


class RuleError(ValueError):
    """A decision the rules do not allow now; the game is left unchanged."""


class LayoutError(ValueError):
    """An impossible set-up (duplicate cards, wrong counts...)."""


class SaveFileError(ValueError):
    """A save file that cannot be loaded; the message says what is wrong with it."""


__all__ = ["CardError", "LayoutError", "RuleError", "SaveFileError"]
