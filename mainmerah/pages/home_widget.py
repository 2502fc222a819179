"""The home page as a notebook's widget (``notebooks/home.ipynb``, where no server draws it).

The same HTML as the server's page (``mainmerah.pages.home.home_fragment``), drawn again
in the visitor's kept language once the page's Keeper answers, and after any switch.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

import ipywidgets as w

from mainmerah.core.i18n import on_language_change
from mainmerah.table.keeper import language_keeper


class HomePage(w.VBox):
    """The home page's HTML (``data``, as an IPython ``HTML`` object has it) and the language keeper."""

    def __init__(self, query: str, fragment: Callable[[], str]) -> None:
        self._fragment = fragment
        self.body = w.HTML(fragment())
        self.body.add_class("mm-home")
        super().__init__([self.body, language_keeper(query)])
        ref = weakref.WeakMethod(self.redraw)
        on_language_change(lambda _code: None if (m := ref()) is None else m())

    @property
    def data(self) -> str:
        return str(self.body.value)

    def redraw(self) -> None:
        self.body.value = self._fragment()
