"""The table's seats: who sits where, the computers' levels and their bots (any game).

A computer seat's level is chosen in the page's dropdown (a wish the table checks) or
from Python; its bot is made by the game's presenter, seeded from the game's seed and
the seat, so a seed replays the same game.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from mainmerah.core.i18n import _, language
from mainmerah.table.board import Part
from mainmerah.table.controls import level_label

BOT_NAMES = ("Sari", "Budi", "Ayu", "Dewi", "Eko", "Fajar", "Gita", "Hadi", "Intan")  # up to ten seats
# The computers' names as each language's players are called: names, not words, so they are listed here
# rather than translated (a name kept in a save file or typed by a person is never changed). Every language
# in i18n.LANGUAGES has its list, as long as the first.
LANGUAGE_BOT_NAMES: dict[str, tuple[str, ...]] = {
    "en": BOT_NAMES,
    "id": BOT_NAMES,
    "zh": ("小明", "阿华", "丽丽", "小红", "建国", "秀英", "志强", "美玲", "海燕"),
}


def bot_names(code: str | None = None) -> tuple[str, ...]:
    """The computers' names in language ``code`` (default: the current one)."""
    return LANGUAGE_BOT_NAMES.get(code or language(), BOT_NAMES)

Wanted = Sequence[Any] | Mapping[int, Any] | str | None


class LevelChoice:
    """A computer seat's level, chosen in the page's dropdown (the table checks the value)."""

    def __init__(self, levels: Mapping[str, str], on_change: Callable[[str], object]) -> None:
        self.options = [(level_label(v, levels), v) for v in levels]
        self.description = ""
        self.hidden = False
        self._value = next(iter(levels), "")
        self._on_change = on_change

    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, level: str) -> None:
        if level != self._value:
            self._on_change(level)

    def show(self, level: str) -> None:
        self._value = level


class OpponentPanel(Part):
    """A computer seat: name, level, and what its game shows of it (a fan of its hand, a pile or score)."""

    def __init__(self, seat: int, levels: Mapping[str, str], on_level: Callable[[int, str], object]) -> None:
        super().__init__("mm-opp", f"mm-seat-{seat}")
        self.seat = seat
        self.name = Part("mm-name")
        self.level = LevelChoice(levels, lambda level: on_level(seat, level))
        self.hand: dict[str, Any] = {}  # see cards.hand_state
        self.pile: dict[str, str] = {}  # see cards.pile_state

    def state(self) -> dict[str, Any]:
        level = self.level
        return {"seat": self.seat, "cls": self.cls, "name": self.name.value, "hand": self.hand, "pile": self.pile,
                "level": level.value, "label": level.description,
                "levels": [] if level.hidden else [[label, v] for label, v in level.options]}


def seat_names(n: int, human: int | None, given: Sequence[str] | None,
               people: Mapping[int, str] | None = None) -> list[str]:
    """Each seat's name: the given ones, "You" for the human, the computers' names in turn.

    ``people``: at a pass-and-play table, the people's seats and their names (one blank is "Player 2"); the
    computers' names then skip the people's. The computers are named in the current language (bot_names);
    the given names and the people's are kept as they are."""
    computers = bot_names()
    if people is not None:
        named = {s: name.strip() or _("Player {n}").format(n=s + 1) for s, name in people.items()}
        free = iter([b for b in computers if b not in named.values()] + list(computers))
        return [named[s] if s in named else next(free) for s in range(n)]
    bots_iter = iter(computers)
    return [given[s] if given and s < len(given) else (_("You") if s == human else next(bots_iter))
            for s in range(n)]


def choose_levels(seats: Sequence[int], wanted: Wanted, kept: Mapping[int, Any]) -> dict[int, Any]:
    """Each computer seat's level (or bot object): as wanted, else as kept from the last game, else greedy."""
    if isinstance(wanted, str):
        wanted = [wanted]
    if isinstance(wanted, Mapping):
        return {s: wanted.get(s, kept.get(s, "greedy")) for s in seats}
    seq = list(wanted or [])
    return {s: seq[i] if i < len(seq) else kept.get(s, seq[-1] if seq else "greedy") for i, s in enumerate(seats)}


class Seats:
    """The computer seats' levels, bots and panels; the bots themselves come from ``make_bot``."""

    def __init__(self, wanted: Wanted, on_level: Callable[[int, str], object]) -> None:
        self.levels: dict[int, Any] = {}
        self.bots: dict[int, Any] = {}
        self.panels: dict[int, OpponentPanel] = {}
        self._wanted = wanted
        self._on_level = on_level
        self._players = 0
        self._people: frozenset[int] = frozenset()
        self._offered: Mapping[str, str] = {}

    def setup(self, players: int, people: Collection[int], levels: Mapping[str, str],
              bottom: int | None = None) -> None:
        """Levels and panels for a new game; later games keep the levels chosen in the dropdowns.

        ``people``: the seats people play (one at a solo table, none when computers play alone); every other
        seat is a computer's. ``bottom``: the seat drawn as yours, under the others' panels (the person's).
        ``levels``: the levels offered, each with its line in the game's words (controls.level_words)."""
        computers = [s for s in range(players) if s not in people]
        self.levels = choose_levels(computers, self._wanted, {s: v for s, v in self.levels.items() if s < players})
        self._wanted = None
        self.bots = {}
        self._players, self._people, self._offered = players, frozenset(people), levels
        self.place(bottom)

    @property
    def offered(self) -> Mapping[str, str]:
        """The levels a computer seat may take here, each with its line in the game's words."""
        return self._offered

    def place(self, bottom: int | None) -> None:
        """A panel for every seat but ``bottom`` (the seat drawn as yours): a computer's with its level."""
        levels = self._offered
        seats = [s for s in range(self._players) if s != bottom]
        if sorted(self.panels) != seats or any(p.level.options != [(level_label(v, levels), v) for v in levels]
                                               for p in self.panels.values()):
            self.panels = {s: OpponentPanel(s, levels, self._on_level) for s in seats}
        for s, p in self.panels.items():
            level = self.levels.get(s)
            scripted = not (isinstance(level, str) and level in [v for _l, v in p.level.options])
            p.level.hidden = scripted  # a person's seat, or a scripted bot object: no level to choose
            if not scripted:
                p.level.show(str(level))

    def bot(self, seat: int, make_bot: Callable[[str, int], Any], seed: int | None) -> Any:
        bot = self.bots.get(seat)
        if bot is None:
            level = self.levels[seat]
            # Seeded from the game's seed and the seat, so a seed replays the same game.
            bot = make_bot(level, (seed or 0) * 10 + seat) if isinstance(level, str) else level
            self.bots[seat] = bot
        return bot

    def set_level(self, seat: int, level: str) -> None:
        self.levels[seat] = level
        self.bots.pop(seat, None)

    def relabel(self, levels: Mapping[str, str]) -> None:
        for p in self.panels.values():
            value = p.level.value
            p.level.options = [(level_label(v, levels), v) for v in levels]
            p.level.show(value)
