"""Who plays at this device: the table's "Pass and play" choice, seat by seat (any game).

Each seat is a person (with a name, which may be changed) or a computer (with its level). The widgets
only collect the wish; the table checks it (:meth:`~.table.TableWidget.seat_people`) and deals a new
game with these seats. Unchecked, the table is the usual one: you against the computers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import ipywidgets as w

from mainmerah.core.i18n import _
from mainmerah.draw.text import esc
from mainmerah.table.cards import LazyHTML, shared
from mainmerah.table.controls import level_label
from mainmerah.table.passing import NAME_LIMIT

PERSON = "person"


class SeatRow(w.HBox):
    """One seat: a person (and the name) or a computer (and its level). ``prefix`` starts its class names (the
    pass and play panel's ``mm-pp``: ``mm-pp-row-0``, ``mm-pp-who``...); another panel with such rows (Play with
    others) gives its own, so a page holding both finds each panel's rows by its own names."""

    def __init__(self, seat: int, prefix: str = "mm-pp") -> None:
        self.seat = seat
        self.label = LazyHTML()
        self.label.add_class(f"{prefix}-seat")
        self.who = w.Dropdown(options=[("", PERSON)], value=PERSON)
        self.who.add_class(f"{prefix}-who")
        self.name = w.Text(value="", continuous_update=False)
        self.name.add_class(f"{prefix}-name")
        for control in (self.who, self.name):
            control.add_class("mm-sr-label")
        self.who.observe(lambda _c: self._named(), names="value")
        super().__init__([self.label, self.who, self.name], layout=shared("layout"))
        self.add_class("mm-ctlrow")
        self.add_class(f"{prefix}-row-{seat}")

    def _named(self) -> None:
        self.name.disabled = self.who.value != PERSON

    def relabel(self, levels: Mapping[str, str]) -> None:
        n = self.seat + 1
        self.label.set(esc(_("Seat {n}").format(n=n)))
        value = self.who.value
        options = [(_("Person"), PERSON), *[(_("Computer: {level}").format(level=level_label(v, levels)), v)
                                            for v in levels]]
        if list(self.who.options) != options:
            self.who.options = options
        self.who.value = value if value in [v for _l, v in options] else PERSON
        self.who.description = _("Who plays seat {n}").format(n=n)
        self.name.description = _("Name at seat {n}").format(n=n)
        self.name.placeholder = _("Player {n}").format(n=n)
        self._named()


class PeopleControls(w.VBox):
    """The "Pass and play" choice: a switch, a row per seat, and the button that deals with these seats."""

    def __init__(self, on_deal: Callable[[dict[int, str] | None, dict[int, str]], object]) -> None:
        self.heading = LazyHTML()
        self.heading.add_class("mm-h")
        self.on = w.Checkbox(value=False, indent=False)
        self.on.add_class("mm-pp-on")
        self.about = LazyHTML()
        self.about.add_class("mm-sub")
        self.rows: list[SeatRow] = []
        self.seat_box = w.VBox([], layout=shared("layout"))
        self.seat_box.add_class("mm-pp-seats")
        self.deal_button = w.Button(layout=shared("layout"), style=shared("button"))
        self.deal_button.add_class("mm-pp-deal")
        self.deal_button.on_click(lambda _b: on_deal(*self.wish()))
        self.on.observe(lambda _c: self._shown(), names="value")
        self._levels: Mapping[str, str] = {}
        super().__init__([self.heading, self.on, self.about, self.seat_box, self.deal_button], layout=shared("layout"))
        self.add_class("mm-controls")
        self.add_class("mm-people")
        self.relabel()

    def _shown(self) -> None:
        self.seat_box.layout = w.Layout() if self.on.value else w.Layout(display="none")
        self.deal_button.description = (_("Deal for these players") if self.on.value
                                         else _("Deal: you against the computers"))

    def show(self, players: int, people: Mapping[int, str] | None, levels: Mapping[int, object],
             offered: Mapping[str, str]) -> None:
        """Show the table's seats: ``people`` (None: you at seat 1 against the computers), the computers' levels."""
        self._levels = offered
        while len(self.rows) < players:
            self.rows.append(SeatRow(len(self.rows)))
        shown = self.rows[:players]
        if list(self.seat_box.children) != shown:
            self.seat_box.children = shown
        for row in shown:
            row.relabel(offered)
            level = levels.get(row.seat)
            if people is not None and row.seat in people:
                row.who.value = PERSON
                row.name.value = people[row.seat]
            elif people is None and row.seat == 0:
                row.who.value = PERSON
            elif isinstance(level, str) and level in offered:
                row.who.value = level
        self.on.value = people is not None
        self._shown()

    def seats(self, players: int) -> None:
        """Another number of players chosen: as many rows (new seats: computers at the first level)."""
        while len(self.rows) < players:
            row = SeatRow(len(self.rows))
            row.relabel(self._levels)
            if self._levels:
                row.who.value = "greedy" if "greedy" in self._levels else next(iter(self._levels))
            self.rows.append(row)
        self.seat_box.children = self.rows[:players]

    def wish(self) -> tuple[dict[int, str] | None, dict[int, str]]:
        """What the rows ask for: the people's seats and names (None: pass and play is off), the levels."""
        rows = list(self.seat_box.children)
        people = {r.seat: str(r.name.value)[: NAME_LIMIT * 4] for r in rows
                  if isinstance(r, SeatRow) and r.who.value == PERSON}
        levels = {r.seat: str(r.who.value) for r in rows if isinstance(r, SeatRow) and r.who.value != PERSON}
        return (people if self.on.value else None), levels

    def relabel(self) -> None:
        self.heading.set(esc(_("Pass and play")))
        self.on.description = _("Several people play on this one device")
        self.about.set(esc(_("Choose who plays each seat. When the turn passes to another person, every hand "
                             "is hidden until that person says it is them.")))
        for row in self.rows:
            row.relabel(self._levels)
        self._shown()


def row_values(controls: PeopleControls) -> Sequence[tuple[str, str]]:
    """Each shown row's choice and name (for tests)."""
    return [(str(r.who.value), str(r.name.value)) for r in controls.seat_box.children if isinstance(r, SeatRow)]
