"""ipywidgets components for Main Merah: cards, the playable table, the story panel, controls.

The engine never imports this package; it needs ``ipywidgets`` and ``anywidget``
(the ``mainmerah[widgets]`` extra; the table's board is one anywidget model) and
works in JupyterLab and Voila alike.
Names are imported on first use, so a server-side module of this package
(``status``, ``server``) does not pull in ipywidgets.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "TableWidget": "table", "CardButton": "cards", "BoardView": "board", "CardRow": "board",
    "ExplanationPanel": "panel",
    "GameOverView": "panel", "HistoryControls": "controls", "NewGameControls": "controls",
    "ScoreSheet": "controls", "bot_levels": "controls", "card_class": "style", "style_html": "style",
    "style_widget": "style",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{module}", __name__), name)
