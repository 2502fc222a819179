"""Pass and play: several people share one device, each seeing only what their own seat may see.

A table has a set of seats played by people (``people``; one at a solo table) and shows one of
them at a time: ``human`` is the seat whose hand and hints the board shows now. At a pass-and-play
table, when the turn comes to another person the table shows no hand at all, only what every seat
may see, behind a "Pass to Sari" screen (``passing``), until that person says "I am Sari: show my
hand" (:meth:`PassAndPlay.reveal`). At the end of a game nobody's view is needed: the tally is said
to everyone. Any game: the seats, the names and the view come from the game's own decision and view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mainmerah.core.i18n import _
from mainmerah.table.board import Action

if TYPE_CHECKING:
    from mainmerah.table.presenter import Presenter
    from mainmerah.table.seats import Seats

NAME_LIMIT = 24  # a person's name, in characters


def clean_name(name: object) -> str:
    """A person's name as typed: stripped, at most :data:`NAME_LIMIT` characters; not text: refused."""
    if not isinstance(name, str):
        raise ValueError(_("A name must be text."))
    return " ".join(name.split())[:NAME_LIMIT]


def read_people(people: Mapping[int, str] | Sequence[int] | None, players: int) -> dict[int, str] | None:
    """The people's seats and names (``{seat: name}``; a list of seats: names to be given), checked against
    ``players``; None: not a pass-and-play table."""
    if people is None:
        return None
    named = dict(people) if isinstance(people, Mapping) else {s: "" for s in people}
    bad = [s for s in named if type(s) is not int or not 0 <= s < players]
    if bad or not named:
        raise ValueError(_("People sit at seats 0 to {last}, at least one of them, not {seats}.").format(
            last=players - 1, seats=", ".join(map(str, bad)) or _("none")))
    return {s: clean_name(named[s]) for s in sorted(named)}


class PassAndPlay:
    """Mixin of :class:`~.table.TableWidget`: who of the people at this device is shown, and the pass screen."""

    game: Any
    presenter: Presenter
    seats: Seats
    human: int | None
    names: list[str]
    replaying: bool
    selection: tuple[Any, ...]
    _hint: dict[Any, str]
    people_names: dict[int, str] | None  # the people's seats and names at a pass-and-play table, else None
    passing: int | None  # the person the pass screen waits for
    bottom: int | None  # the seat drawn as yours (the person shown or to be shown)
    reveal_button: Action

    if TYPE_CHECKING:
        def _render(self) -> None: ...

        def refuse(self, message: str) -> bool: ...

        def ok(self) -> None: ...

        @property
        def caught_up(self) -> bool: ...

        def wish(self, fn: Any, *args: Any, **kw: Any) -> Any: ...

        def new_game(self, players: int | None = None, variant: str | None = None, seed: int | None = None,
                     first: int | None = None, from_controls: bool = False) -> bool: ...

    @property
    def pass_play(self) -> bool:
        """Whether people share this device (the pass screen comes between their turns)."""
        return self.people_names is not None

    @property
    def deal_hidden(self) -> bool:
        """Whether what would tell every hand (the seed, the save file) is kept from the page: while a game
        shared by several people at this device is on (anyone could deal the seed again and see the others')."""
        return self.people_names is not None and len(self.people_names) > 1 and self.game.decision is not None

    @property
    def people(self) -> frozenset[int]:
        """The seats people play: a pass-and-play table's, else the one human seat (none when computers play)."""
        if self.people_names is not None:
            return frozenset(self.people_names)
        return frozenset() if self.human is None else frozenset({self.human})

    def _first_bottom(self) -> None:
        """A new game at a pass-and-play table: nobody's hand shown; the pass screen for the seat to move (or,
        while computers move first, the first person's)."""
        if self.people_names is None:
            self.passing, self.bottom = None, self.human
            return
        d = self.game.decision
        seat = d.seat if d is not None and d.seat in self.people_names else min(self.people_names)
        self.human, self.passing, self.bottom = None, seat, seat
        self.selection, self._hint = (), {}

    def _pass_to(self, seat: int) -> None:
        """The turn came to the person at ``seat``, not the one shown: hide every hand until they say it is them."""
        if self.human == seat or self.passing == seat:
            return
        self.human, self.passing, self.bottom = None, seat, seat
        self.selection, self._hint = (), {}
        self.seats.place(seat)

    def _all_see(self) -> None:
        """The game is over: nobody's view is shown, the tally is said to everyone."""
        if self.people_names is not None:
            self.human, self.passing = None, None

    def seat_people(self, people: Mapping[int, str] | Sequence[int] | None,
                    levels: Mapping[int, str] | None = None, players: int | None = None) -> bool:
        """Who plays: ``people`` at this device (pass and play; None: you at seat 1 against the computers), the
        computers' ``levels`` by seat; then the deal on the table is dealt again with these seats (the same seed,
        so a link naming it still names it; the new-game controls' players and variant)."""
        return bool(self.wish(self._seat_people, people, levels, players))

    def _seat_people(self, people: Mapping[int, str] | Sequence[int] | None, levels: Mapping[int, str] | None,
                     players: int | None) -> bool:
        n = players or self._players_wanted()
        chosen = read_people(people, n)
        computers = [s for s in range(n) if (s != 0 if chosen is None else s not in chosen)]
        offered = self.seats.offered
        for seat, level in (levels or {}).items():
            if seat in computers and level not in offered:
                raise ValueError(_("Unknown level {level}.").format(level=str(level)[:20]))
        for seat, level in (levels or {}).items():
            if seat in computers:
                self.seats.set_level(seat, str(level))
        self.people_names = chosen
        self.human = None if chosen is not None else 0
        return self.new_game(players=n, seed=self.presenter.seed_of(self.game), from_controls=players is None)

    def _players_wanted(self) -> int:
        controls = getattr(self, "controls", None)
        return int(controls.players.value) if controls is not None else int(self.game.players)

    def reveal(self) -> bool:
        """"I am Sari: show my hand": the person the pass screen waits for is shown their seat."""
        if self.passing is None:
            return self.refuse(_("Nobody is waiting to be shown a hand."))
        self.ok()
        self.human, self.passing = self.passing, None
        self._render()
        return True

    def pass_state(self) -> dict[str, Any]:
        """The pass screen as the page draws it ({} when none is shown): only names, never a card."""
        seat = self.passing
        if seat is None:
            return {}
        name = self.names[seat]
        return {"seat": seat, "title": _("Pass to {name}").format(name=name),
                "text": _("It is {name}'s turn. Give the device to {name}; everyone else, look away. "
                          "The hand is shown only after the button below is pressed.").format(name=name),
                "button": self.reveal_button.state()}
