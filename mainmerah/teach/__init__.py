"""Interactive lessons (ipywidgets): the tutorial and the classroom tools, and the app's home page.

The engine never imports this package. The lesson widgets need ``ipywidgets``;
names are imported on first use, so the server-side modules (``pages``, the home
page the server draws, and ``index``, which games have lessons) do not pull it in.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "ActionTask": "lesson", "ChoiceTask": "lesson", "Feedback": "lesson", "Lesson": "lesson",
    "NumberTask": "lesson", "PickTask": "lesson", "Task": "lesson", "WidgetTask": "lesson",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{module}", __name__), name)
