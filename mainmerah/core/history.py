"""The decision log, written once for every game: undo, redo, goto, copy, replay.

A game is its set-up plus the decisions taken; everything else is derived by applying
them. A subclass says how to start from the set-up (``_reset``) and how to apply one
recorded decision (``_apply``); this class keeps the log and the redo list and rebuilds
any point of the history from them.
"""

from __future__ import annotations

from typing import Generic, Self, TypeVar

from mainmerah.core.errors import RuleError
from mainmerah.core.i18n import _

D = TypeVar("D")  # one recorded decision (a frozen record)


class History(Generic[D]):
    """Decisions taken (``choices``) and those undone (kept, newest last, for redo)."""

    choices: list[D]
    _redo: list[D]

    def _start_history(self) -> None:
        self.choices = []
        self._redo = []
        self._reset()

    # ----- what a game supplies ----------------------------------------------
    def _reset(self) -> None:
        """Derived state back to the set-up, before any decision."""
        raise NotImplementedError

    def _apply(self, decision: D) -> None:
        """Apply one decision that was checked (or is replayed from the log)."""
        raise NotImplementedError

    def _fresh(self) -> Self:
        """A new game with the same set-up and no decisions."""
        raise NotImplementedError

    # ----- the log ----------------------------------------------------------
    def _record(self, decision: D) -> None:
        self.choices.append(decision)
        redo = self._redo
        if redo:  # (usually empty: games in simulations never undo)
            if redo[-1] == decision:
                redo.pop()  # redoing by hand keeps the rest of the redo list
            else:
                redo.clear()
        self._apply(decision)

    def goto(self, n: int) -> Self:
        """Rebuild the game after its first ``n`` decisions (0 = the start)."""
        allc = self.choices + self._redo[::-1]
        if not 0 <= n <= len(allc):
            raise ValueError(f"no point {n} in this game's history (0..{len(allc)})")
        self._reset()
        self.choices = []
        for ch in allc[:n]:
            self.choices.append(ch)
            self._apply(ch)
        self._redo = allc[n:][::-1]
        return self

    def undo(self, steps: int = 1) -> Self:
        """Take back the last ``steps`` decisions (redo brings them back)."""
        if steps < 1:
            raise ValueError(f"undo takes a number of steps of at least 1, not {steps!r}")
        if steps > len(self.choices):
            raise RuleError(_("nothing to undo") if not self.choices else
                            _("only {n} decisions can be undone").format(n=len(self.choices)))
        return self.goto(len(self.choices) - steps)

    def redo(self, steps: int = 1) -> Self:
        if steps < 1:
            raise ValueError(f"redo takes a number of steps of at least 1, not {steps!r}")
        if steps > len(self._redo):
            raise RuleError(_("nothing to redo"))
        return self.goto(len(self.choices) + steps)

    @property
    def can_undo(self) -> bool:
        return bool(self.choices)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def history(self) -> list[D]:
        """Every decision, taken and undone, in order (what ``goto`` moves through)."""
        return self.choices + self._redo[::-1]

    def replay(self) -> Self:
        """A fresh copy of this game at its start, with the same history to redo."""
        g = self._fresh()
        g._redo = self.history[::-1]
        return g

    def copy(self) -> Self:
        """An independent copy at the same point (no redo list)."""
        g = self._fresh()
        for ch in self.choices:
            g.choices.append(ch)
            g._apply(ch)
        return g
