"""The package's shape: no import cycles (imports inside functions count), an engine layer that
never reaches drawing, widgets, lessons or ipywidgets, and games that play without them loaded."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "mainmerah"
UI = ("mainmerah.widgets", "mainmerah.lessons", "mainmerah.svg", "mainmerah.glyphs", "ipywidgets", "anywidget",
      "matplotlib", "traitlets", "IPython")
# The engine layer: the core and every game family's rules, engine, bots and fast paths.
ENGINE_PACKAGES = ("mainmerah.core", "mainmerah.fishing", "mainmerah.red_ten", "mainmerah.in_the_red")
NOT_ENGINE = ("presenter", "lessons", "lesson")  # a family's table presenter and lessons sit above


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path) -> set[str]:
    """Modules of mainmerah (and outside) that ``path`` imports anywhere, except under
    ``if TYPE_CHECKING`` and inside ``_repr_*_`` display hooks, which may load drawing lazily."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
        if isinstance(node, ast.FunctionDef) and node.name.startswith("_repr_") and node.name.endswith("_"):
            skip.update(id(n) for n in ast.walk(node))
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            out.add(mod)
            for a in node.names:  # "from . import fast" imports a module
                out.add(f"{mod}.{a.name}")
    return out


def graph() -> dict[str, set[str]]:
    mods = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {m: {i for i in imports(p) if i in mods and i != m} for m, p in mods.items()}


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in g[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycles() -> None:
    g = graph()
    assert len(g) > 40
    assert cycles(g) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [["a", "b", "c"]]


def test_the_engine_layer_never_imports_drawing_widgets_or_lessons() -> None:
    bad = []
    for path in PACKAGE.rglob("*.py"):
        name = module_name(path)
        if not name.startswith(ENGINE_PACKAGES) or name.rsplit(".", 1)[-1] in NOT_ENGINE:
            continue
        for imp in imports(path):
            if imp.startswith(UI):
                bad.append(f"{name} imports {imp}")
    assert bad == []


def test_playing_every_game_loads_neither_ipywidgets_nor_matplotlib() -> None:
    code = (
        "import random, sys\n"
        "import mainmerah as mm\n"
        "for name in mm.games():\n"
        "    info = mm.game_info(name)\n"
        "    g = mm.new_game(name, seed=1)\n"
        "    bots = [info.make_bot('greedy', seed=s) for s in range(g.players)]\n"
        "    while g.decision is not None:\n"
        "        g.act(bots[g.decision.seat].choose(g.view(g.decision.seat)))\n"
        "    g.explain(); mm.load_game(g.to_json())\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'matplotlib', 'anywidget'))\n"
        "bad += sorted(m for m in sys.modules if m.startswith(('mainmerah.widgets', 'mainmerah.lessons', "
        "'mainmerah.svg')))\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
