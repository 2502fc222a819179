"""The app's card faces (``mainmerah.draw.svg.card_body``) drawn on a matplotlib page.

The faces are SVG made of a few element kinds only: rounded ``rect``, ``g`` carrying a fill,
``path`` (glyph outlines with ``translate(x y) scale(s)``, commands M L Q C Z) and ``polygon``
(the joker's star). Reading that SVG here, instead of drawing cards a second way, keeps the
printed card the same as the one on screen. An element of another kind is refused by name.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import lru_cache
from typing import Any

from matplotlib.axes import Axes
from matplotlib.collections import PathCollection
from matplotlib.path import Path
from matplotlib.transforms import Affine2D

from mainmerah.core.cards import Card
from mainmerah.draw.svg import card_body

_TOKEN = re.compile(r"[MLQCZ]|-?\d+(?:\.\d+)?")
_TRANSFORM = re.compile(r"translate\(([-\d.]+) ([-\d.]+)\) scale\(([-\d.]+)\)")
_KAPPA = 0.5523  # a quarter circle as one cubic Bézier


def svg_path(d: str) -> Path:
    """An SVG path's data (absolute M L Q C Z only) as a matplotlib path."""
    verts: list[tuple[float, float]] = []
    codes: list[Any] = []  # matplotlib path codes (numpy integers)
    tokens = _TOKEN.findall(d)
    i, start = 0, (0.0, 0.0)
    steps = {"M": (1, Path.MOVETO), "L": (1, Path.LINETO), "Q": (2, Path.CURVE3), "C": (3, Path.CURVE4)}
    while i < len(tokens):
        cmd = tokens[i]
        i += 1
        if cmd == "Z":
            verts.append(start)
            codes.append(Path.CLOSEPOLY)
            continue
        if cmd not in steps:
            raise ValueError(f"unsupported path command {cmd!r} in a card face")
        n, code = steps[cmd]
        for _k in range(n):
            point = (float(tokens[i]), float(tokens[i + 1]))
            i += 2
            verts.append(point)
            codes.append(code)
        if cmd == "M":
            start = verts[-1]
    return Path(verts, codes)


def rounded_rect(x: float, y: float, w: float, h: float, r: float) -> Path:
    r = min(r, w / 2, h / 2)
    k = r * _KAPPA
    pts = [
        ((x + r, y), Path.MOVETO), ((x + w - r, y), Path.LINETO),
        ((x + w - r + k, y), Path.CURVE4), ((x + w, y + r - k), Path.CURVE4), ((x + w, y + r), Path.CURVE4),
        ((x + w, y + h - r), Path.LINETO),
        ((x + w, y + h - r + k), Path.CURVE4), ((x + w - r + k, y + h), Path.CURVE4), ((x + w - r, y + h), Path.CURVE4),
        ((x + r, y + h), Path.LINETO),
        ((x + r - k, y + h), Path.CURVE4), ((x, y + h - r + k), Path.CURVE4), ((x, y + h - r), Path.CURVE4),
        ((x, y + r), Path.LINETO),
        ((x, y + r - k), Path.CURVE4), ((x + r - k, y), Path.CURVE4), ((x + r, y), Path.CURVE4),
        ((x + r, y), Path.CLOSEPOLY),
    ]
    return Path([p for p, _c in pts], [c for _p, c in pts])


# (path in the 100 x 140 card box, fill, stroke, stroke width in card units)
Shape = tuple[Path, str | None, str | None, float]


def _shapes(node: ET.Element, fill: str | None, out: list[Shape]) -> None:
    tag = node.tag
    own = node.get("fill", fill)
    if own == "none":
        own = None
    stroke = node.get("stroke")
    width = float(node.get("stroke-width", "1"))
    if tag == "g":
        for child in node:
            _shapes(child, own, out)
    elif tag == "rect":
        x, y, w, h = (float(node.get(k, "0")) for k in ("x", "y", "width", "height"))
        out.append((rounded_rect(x, y, w, h, float(node.get("rx", "0"))), own, stroke, width))
    elif tag == "path":
        path = svg_path(node.get("d", ""))
        move = _TRANSFORM.fullmatch(node.get("transform", "translate(0 0) scale(1)"))
        if move is None:
            raise ValueError(f"unsupported transform {node.get('transform')!r} in a card face")
        tx, ty, s = (float(v) for v in move.groups())
        out.append((path.transformed(Affine2D().scale(s).translate(tx, ty)), own, stroke, width))
    elif tag == "polygon":
        pts = [tuple(float(v) for v in p.split(",")) for p in node.get("points", "").split()]
        out.append((Path([*pts, pts[0]], closed=True), own, stroke, width))
    else:
        raise ValueError(f"a card face has an element the sheets cannot draw: <{tag}>")


@lru_cache(maxsize=512)
def face_shapes(card: Card, points: int = 0, highlight: str | None = None) -> tuple[Shape, ...]:
    """The shapes of ``card``'s face as the app draws it; ``points`` > 0 puts that number in its badge."""
    body = card_body(card, points=points, highlight=highlight)
    out: list[Shape] = []
    _shapes(ET.fromstring(f"<g>{body}</g>"), "#000000", out)  # SVG paints black by default
    return tuple(out)


def draw_card(ax: Axes, card: Card, x: float, y: float, width: float, points: int = 0,
              highlight: str | None = None) -> None:
    """``card`` with its top-left corner at (x, y) and ``width`` points wide (y pointing down).

    One collection a card, its shapes in the SVG's order: a page of sixty cards draws in a
    fraction of the time that one patch per shape takes.
    """
    scale = width / 100.0
    place = Affine2D().scale(scale).translate(x, y)
    shapes = face_shapes(card, points, highlight)
    ax.add_collection(PathCollection(
        [path.transformed(place) for path, _f, _s, _w in shapes],
        facecolors=[fill or "none" for _p, fill, _s, _w in shapes],
        edgecolors=[stroke or "none" for _p, _f, stroke, _w in shapes],
        linewidths=[w * scale if stroke else 0.0 for _p, _f, stroke, w in shapes],
    ), autolim=False)
