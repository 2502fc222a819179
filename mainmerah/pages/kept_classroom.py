"""The classroom page kept in the browser, for any game's classroom tools.

One record per classroom game (:func:`classroom_key`), stored after every change the room
reports (``room.on_change``) once the page's Keeper has answered. What a record holds and how
it is checked is the room's own (``room.record()``, ``room.restore(text)``: a game's classroom,
reached through the registry): a refused record changes nothing and is named on the page;
"Start over" forgets it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

import ipywidgets as W

from mainmerah.core.i18n import _
from mainmerah.table.keeper import Keeper, KeptError, key


class KeptRoom(Protocol):
    """What the page's keeping asks of a game's classroom (its ``GameUI.classroom``)."""

    game: str
    page_message: Any  # a teach.lesson.Feedback: the page's messages (welcome back, started over)
    kept_area: Any  # a box for the Start over button and the keeper
    keeping: Any

    def on_change(self, callback: Callable[[], None]) -> None: ...

    def record(self) -> str: ...

    def restore(self, text: object) -> bool: ...  # KeptError when refused; True: more than a first visit

    def reset(self) -> None: ...


def classroom_key(game: str) -> str:
    return key("classroom", game)


class ClassroomKeeping:
    """Keeps ``room``'s state in the browser through ``keeper``; restores it when the page answers."""

    def __init__(self, room: KeptRoom, keeper: Keeper) -> None:
        self.room = room
        self.keeper = keeper
        self.key = classroom_key(room.game)
        self.restored = False
        self.start_over_button = W.Button(layout=W.Layout(width="auto"))
        self.start_over_button.add_class("mm-class-start-over")
        self.start_over_button.on_click(lambda _b: self.start_over())
        self.box = W.Box([self.start_over_button])
        self.box.add_class("mm-nav")
        self.relabel()
        room.on_change(self.save)
        keeper.when_restored(self._restored)

    def relabel(self) -> None:
        self.start_over_button.description = "⟲ " + _("Start over")
        self.start_over_button.tooltip = _("Forget what this browser kept of the classroom and begin afresh")

    def _restored(self, records: Mapping[str, str | None]) -> None:
        text = records.get(self.key)
        if text is not None:
            try:
                returning = self.room.restore(text)
            except KeptError as e:
                self.room.page_message.say(_("What this browser kept of the classroom could not be restored ({why}): "
                                             "the page starts afresh.").format(why=e), "bad", verdict=False)
            else:
                if returning:  # not a first visit's page
                    self.room.page_message.say(_("Welcome back: the classroom is as you left it."), "info",
                                               verdict=False)
        self.restored = True
        self.save()

    def save(self) -> None:
        if self.restored:
            self.keeper.store(self.key, self.room.record())

    def start_over(self) -> None:
        """Forget the kept state and show the classroom as a first visit does (the language stays)."""
        self.keeper.forget(self.key)
        self.restored = False  # nothing stored while the page is set back
        self.room.reset()
        self.room.page_message.say(_("Started over: nothing of the classroom is kept any more."), "info",
                                   verdict=False)
        self.restored = True
        self.save()
