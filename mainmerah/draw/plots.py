"""Game-neutral plotting for the pages: matplotlib figures without pyplot, PNG bytes, titles and legends
that fit a narrow figure, numbers as the shown language writes them.

A game's own plots (the fishing lab's) live in its ``ui/`` and build on these.
"""

from __future__ import annotations

import textwrap
from typing import Any

from mainmerah.core.i18n import language

# ----- plots (matplotlib imported only when drawn) -------------------------------------------
# Legends sit outside the axes (below them), so they never hide a bar; labels are translated.

def axes(ax: Any = None, size: tuple[float, float] = (7, 3.5)) -> Any:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=size)[1]


def figure(size: tuple[float, float] = (4.8, 3.4)) -> Any:
    """A matplotlib figure drawn without pyplot (no global state, no GUI backend): for a page's images."""
    from matplotlib.figure import Figure

    return Figure(figsize=size, layout="constrained")


def png(fig: Any, dpi: int = 100) -> bytes:
    """The figure as PNG bytes."""
    import io

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def legend_below(ax: Any, ncol: int) -> None:
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=ncol, frameon=False, fontsize=9)


def title(ax: Any, text: str, width: int = 46) -> None:
    """A title broken into lines that fit a narrow figure (in any language)."""
    ax.set_title(textwrap.fill(text, width))


# ----- numbers as the shown language writes them ------------------------------------------

def num(x: float, digits: int = 0) -> str:
    """``12,345.6`` in English, ``12.345,6`` in Bahasa Indonesia."""
    text = f"{x:,.{digits}f}"
    return text.translate(str.maketrans(",.", ".,")) if language() == "id" else text


def signed(x: float, digits: int = 1) -> str:
    """``+1.5``, ``−2.0`` (a true minus sign), ``0.0``."""
    return ("+" if x > 0 else "") + num(x, digits).replace("-", "−")


def pct(p: float, digits: int = 1) -> str:
    """A share as a percentage: ``5.8%``."""
    return num(100 * p, digits) + "%"


def small_ticks(ax: Any) -> None:
    """Six two-line labels under a narrow figure: small enough not to run into each other."""
    ax.tick_params(axis="x", labelsize=8)
