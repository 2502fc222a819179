"""The seam between the table and a game, held to one contract on every game with a table x player count.

Seeded games, driven only through the entry points the board's messages use (``_page_message``: slot
clicks, button names), never through a presenter's methods:

(a) every legal action at the human's decision can be made by clicks alone: whole games (or, for long
    games, many decisions) are played choosing a random legal action and finding clicks that make it,
    and the action applied is the one intended;
(b) every click the page can send (every slot of every clickable zone, one past the end, every button)
    is answered: an action, a selection, a note, or a refusal with a reason; never an exception;
(c) nothing drawn for the human's seat during the game shows a card its view (``game.view(seat)``) does not
    hold.

The clicks are found by a small search that knows no game: the hand cards the action names, the other
zones' slots and the game's own buttons, a wrong action undone by going back in the game's history.
"""

from __future__ import annotations

import json
import logging
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from played import drawn_slots, go_back

from mainmerah.core import registry
from mainmerah.core.cards import Card, CardError
from mainmerah.core.i18n import set_language
from mainmerah.table.presenter import table_games
from mainmerah.table.table import TableWidget

CASES = [(name, n) for name in table_games() for n in registry.get(name).players]
IDS = [f"{name}-{n}p" for name, n in CASES]
DECISIONS = 40  # the human's decisions played by clicks per case (whole games of the short ones)
PROBED = 3  # decisions at which every click the page can send is tried
# A card as the board draws it (``10H``, ``SJ``, ``mm-c-10H``: see table.cards.card_code); prose naming a card
# by its words (``10♥``, a rule's "A♠ score too") is not a drawn card.
CARD = re.compile(r"(?<![\w])(?:(?:10|[2-9AJQK])[SHDC]|[SB]J)(?![\w])")
PROSE = ("names", "log", "log_tail", "panel", "prompt", "header", "level_note", "zones")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def table(name: str, players: int, seed: int) -> TableWidget:
    return TableWidget(game=name, players=players, seed=seed, human=0, auto=False, bots="random",
                       controls=False)


def slot_counts(t: TableWidget) -> dict[str, int]:
    return {zone: len(row) for zone, row in drawn_slots(t).items()}


def game_buttons(t: TableWidget) -> list[str]:
    """The game's own buttons the board offers now (shown and enabled)."""
    return [b.name for b in t.presenter.buttons() if not b.hidden and not b.disabled]


def named_cards(action: str) -> list[Card]:
    out = []
    for word in re.split(r"[\s@]+", action):
        try:
            out.append(Card.parse(word))
        except (CardError, ValueError):
            continue
    return out


def candidates(t: TableWidget, want: Any) -> list[tuple[Any, dict[str, Any]]]:
    """The clicks worth trying now, each with a key that names what it clicks (a card keeps its key when
    the row is laid out afresh): the hand cards the action names, the other zones' places, the buttons."""
    named = named_cards(str(want.action))
    out: list[tuple[Any, dict[str, Any]]] = [
        (("hand", b.card), {"k": "hand", "slot": s}) for s, b in enumerate(t.hand.buttons) if b.card in named]
    for zone, row in drawn_slots(t).items():
        if zone != "hand":
            out += [((zone, entry[1] if isinstance(entry, list) else s), {"k": zone, "slot": s})
                    for s, entry in enumerate(row)]
    return out + [(("button", b), {"k": "button", "name": b}) for b in game_buttons(t)]


def clicks(t: TableWidget, want: Any, depth: int, seen: set[tuple[Card, ...]]) -> list[dict[str, Any]] | None:
    """Clicks (page messages) that make the human's choice ``want`` from here, or None."""
    n, selection = len(t.game.choices), t.selection
    seen.add(selection)
    tried: set[Any] = set()
    while (todo := [(key, msg) for key, msg in candidates(t, want) if key not in tried]):
        key, msg = todo[0]
        tried.add(key)
        t._page_message(msg)
        if len(t.game.choices) > n:
            if t.game.choices[n] == want.choice:
                return [msg]
            go_back(t, n, selection)  # another action than the one wanted: back, and try the next click
        elif t.selection != selection and t.selection not in seen and depth > 1:
            rest = clicks(t, want, depth - 1, seen)
            if rest is not None:
                return [msg, *rest]
            go_back(t, n, selection)
        elif t.selection != selection:
            go_back(t, n, selection)
    return None


class Want:
    """The human's choice a legal action makes, worked out on a copy of the game."""

    def __init__(self, game: Any, action: str) -> None:
        ref = game.copy()
        ref.act(action)
        self.action = action
        self.choice = ref.choices[len(game.choices)]


def board_cards(t: TableWidget) -> set[str]:
    """Every card the board draws (not its words: the story, the prompt, every card's spoken name)."""
    drawn = {k: v for k, v in t._draw().items() if k not in PROSE}
    return {str(Card.parse(m)) for m in CARD.findall(json.dumps(drawn, ensure_ascii=False))}


def view_cards(view: Any, seen: set[int] | None = None) -> set[str]:
    """Every card a seat's view holds, wherever in it (its hand, the table, piles, plays...)."""
    seen = seen if seen is not None else set()
    if id(view) in seen:
        return set()
    seen.add(id(view))
    if isinstance(view, Card):
        return {str(view)}
    if isinstance(view, str):  # an action in notation ("7♥ 7♠", "7♥@2")
        return {str(c) for c in named_cards(view)}
    if isinstance(view, dict):
        items: list[Any] = [*view.keys(), *view.values()]
    elif isinstance(view, list | tuple | set | frozenset):
        items = list(view)
    elif hasattr(view, "__dict__") or hasattr(view, "__slots__") or hasattr(view, "__dataclass_fields__"):
        names = set(getattr(view, "__dict__", {})) | set(getattr(view, "__dataclass_fields__", {}))
        items = [getattr(view, a, None) for a in names]
    else:
        return set()
    out: set[str] = set()
    for item in items:
        out |= view_cards(item, seen)
    return out


def check_drawn_for_seat(t: TableWidget) -> None:
    """(c) What the board draws for the human shows only cards the human's view holds (while the game is on:
    at its end a game may lay the hands left open, as Red Ten does)."""
    if t.frame.over:
        return
    view = t.game.view(0)
    known = view_cards(view)
    extra = board_cards(t) - known
    assert not extra, f"drawn for seat 0 but not in its view: {sorted(extra)}"
    assert Counter(b.card for b in t.hand.buttons if b.card is not None) == Counter(view.hand)


def probe_every_click(t: TableWidget, caplog: pytest.LogCaptureFixture) -> None:
    """(b) Every click the page can send now is answered; the game goes back after each."""
    n, selection, note = len(t.game.choices), t.selection, t.note
    counts = slot_counts(t)
    msgs = [{"k": z, "slot": s} for z, k in counts.items() for s in range(k + 1)]  # one past the end: forged
    msgs += [{"k": "button", "name": name} for name in t._by_name]
    for msg in msgs:
        caplog.clear()
        t.error = None
        t._page_message(msg)
        answered = len(t.game.choices) > n or t.selection != selection or t.note != note or bool(t.error)
        assert answered, f"{msg}: no answer"
        assert not (t.error or "").startswith("Something went wrong"), f"{msg}: {t.error}"
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR], f"{msg} raised"
        if msg.get("name") in ("replay-end", "next-game") or t.replaying:
            t.exit_replay()
        go_back(t, n, selection)
        t.note = note


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_every_legal_action_by_clicks_every_click_answered_nothing_hidden_shown(
        name: str, players: int, caplog: pytest.LogCaptureFixture) -> None:
    rng = random.Random(f"{name}-{players}")
    seed = rng.randrange(1000)
    t = table(name, players, seed)
    made = 0
    while made < DECISIONS:
        t.skip()
        check_drawn_for_seat(t)
        if t.human_decision is None:  # the game is over: another, as the next of the match
            assert t.game.is_over
            if made >= DECISIONS // 2:
                break
            t.next_game()
            continue
        if made < PROBED:
            probe_every_click(t, caplog)
        action = rng.choice(sorted(t.game.legal_actions()))
        want = Want(t.game, action)
        found = clicks(t, want, depth=len(named_cards(action)) + 2, seen=set())
        assert found is not None, f"{name} {players}p seed {seed}: no clicks make {action!r}"
        assert t.error is None, t.error
        made += 1
    assert made >= DECISIONS // 2
