"""A whole game at a table, for tests that need one finished: you by the first legal action, the computers as set."""

from __future__ import annotations

from typing import Any

from mainmerah.table import TableWidget
from mainmerah.table.intents import Act


def play_to_the_end(t: TableWidget, most: int = 20_000) -> None:
    """Play ``t`` until its game is over and shown, by the table's own buttons and intents."""
    for _ in range(most):
        d = t.game.decision
        if d is None and t.caught_up:
            return
        if t.caught_up and d is not None and d.seat == t.human and not t.resting:
            action = sorted(map(str, t.game.legal_actions()))[0]
            assert t.ask(lambda _d, a=action: Act(a)), t.error  # type: ignore[misc]
        else:
            t._page_message({"k": "button", "name": "next-deal" if t.resting else "next"})
        assert t.error is None, t.error


def go_back(t: TableWidget, n: int, selection: tuple[Any, ...]) -> None:
    """Undo a click tried: the game back to its first ``n`` decisions, the selection as it was, drawn again."""
    if len(t.game.choices) != n:
        t.game.goto(n)
    t.selection = selection
    t.shown = len(t.game.events)
    t.ok()
    t._render()


def drawn_slots(t: TableWidget) -> dict[str, list[Any]]:
    """Each clickable zone's drawn places (the hand, the fishing table's row, a row such as the stacks)."""
    drawn = t._draw()
    out = {}
    for zone in t.presenter.clickable:
        row = drawn[zone] if isinstance(drawn.get(zone), list) else drawn.get("rows", {}).get(zone, [])
        out[zone] = list(row)
    return out
