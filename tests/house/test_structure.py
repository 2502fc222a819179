"""The package's shape, by folder: which part may import which (imports inside functions count;
only ``TYPE_CHECKING`` blocks and ``_repr_*_`` display hooks are exempt, no file is), no cycle
between modules or parts, a game named only in its own folder and the registry, and games that
play without ipywidgets or matplotlib loaded."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from paths import ROOT

PACKAGE = ROOT / "mainmerah"


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


def part_of(module: str) -> str:
    """The part a module belongs to: ``core``, ``draw``, ``table``, ``teach``, ``pages``, ``server``,
    ``sheets``, a family's engine ``families.<name>`` or its UI ``families.<name>.ui``; ``api`` for
    the package's own ``__init__`` (the public names)."""
    parts = module.split(".")
    if len(parts) == 1:
        return "api"
    if parts[1] == "families" and len(parts) >= 3:
        return f"families.{parts[2]}.ui" if len(parts) >= 4 and parts[3] == "ui" else f"families.{parts[2]}"
    return parts[1]


def allowed(src: str, dst: str) -> bool:
    """May part ``src`` import part ``dst``? The rules of the house (README, "What lives where")."""
    if src == dst or dst == "core":
        return True
    if src == "core":
        return False  # the core imports no other part
    if src == "draw":
        return False  # drawing: only the core
    if src == "api":
        return dst.startswith("families.") and not dst.endswith(".ui")  # the public API: engines
    family = src.split(".")[1] if src.startswith("families.") else None
    if family and not src.endswith(".ui"):
        return False  # a game's engine: only the core (and itself)
    if family:  # a game's UI: its own engine, and the game-neutral parts beneath the pages
        return dst in (f"families.{family}", "draw", "table", "teach", "sheets")
    if src in ("table", "teach"):
        return dst in ("draw",) or (src, dst) == ("teach", "table")  # no game, no page
    if src in ("pages", "server", "sheets"):
        # games only through the registry (core); pages may use the server's class files and the sheets
        return dst in ("draw", "table", "teach") or (src, dst) in (
            ("pages", "sheets"), ("server", "pages"), ("pages", "tables"))
    return False


def part_imports() -> list[str]:
    bad: list[str] = []
    mods = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    for name, path in sorted(mods.items()):
        src = part_of(name)
        for imp in sorted(imports(path)):
            if not imp.startswith("mainmerah") or imp not in mods and imp.rsplit(".", 1)[0] not in mods:
                continue
            target = imp if imp in mods else imp.rsplit(".", 1)[0]
            dst = part_of(target)
            line = f"{name} imports {target}"
            if not allowed(src, dst) and line not in bad:
                bad.append(line)
    return bad


# Left to move (the redesign lands in steps): each line goes when its import does; a line that no
# longer happens must go too, so this list only shrinks.
KNOWN_IMPORTS: frozenset[str] = frozenset({
})


def test_each_part_imports_only_what_the_house_allows() -> None:
    found = set(part_imports())
    assert found - KNOWN_IMPORTS == set(), "new imports across the house's rules"
    assert KNOWN_IMPORTS - found == set(), "fixed: take these lines out of KNOWN_IMPORTS"


def test_the_part_rules_refuse_what_they_should() -> None:
    assert not allowed("core", "table") and not allowed("draw", "families.fishing")
    assert not allowed("families.red_ten", "families.fishing") and not allowed("families.red_ten", "table")
    assert not allowed("families.red_ten.ui", "families.fishing") and not allowed("table", "families.fishing")
    assert not allowed("pages", "families.fishing.ui") and not allowed("teach", "pages")
    assert allowed("families.red_ten.ui", "families.red_ten") and allowed("pages", "core")


def test_no_cycle_between_parts() -> None:
    g: dict[str, set[str]] = {}
    for mod, deps in graph().items():
        g.setdefault(part_of(mod), set()).update(
            part_of(d) for d in deps if part_of(d) != part_of(mod) and f"{mod} imports {d}" not in KNOWN_IMPORTS)
    for deps in list(g.values()):
        for d in deps:
            g.setdefault(d, set())
    assert cycles(g) == []


# Every family has the same file roles, so that knowing one game is knowing where everything of
# every other lives; a family's extras sit beside them, named for what they are.
ENGINE_ROLES = ("__init__.py", "rules.py", "deal.py", "state.py", "events.py", "explain.py", "view.py", "save.py",
                "bots.py", "sim.py")
UI_ROLES = ("__init__.py", "presenter.py", "frame.py", "lessons", "sheet.py")  # lessons: lessons.py or lessons/


def missing_roles(families: Path) -> list[str]:
    """The file roles a family folder under ``families`` lacks, as "family/file"."""
    missing = []
    for family in sorted(p for p in families.iterdir() if p.is_dir() and (p / "__init__.py").exists()):
        missing += [f"{family.name}/{f}" for f in ENGINE_ROLES if not (family / f).is_file()]
        for f in UI_ROLES:
            ui = family / "ui"
            if f == "lessons":
                if not ((ui / "lessons.py").is_file() or (ui / "lessons" / "__init__.py").is_file()):
                    missing.append(f"{family.name}/ui/lessons")
            elif not (ui / f).is_file():
                missing.append(f"{family.name}/ui/{f}")
    return missing


def test_every_family_has_the_same_file_roles() -> None:
    families = PACKAGE / "families"
    assert {p.name for p in families.iterdir() if p.is_dir() and (p / "__init__.py").exists()} >= {
        "fishing", "red_ten", "in_the_red"}
    assert missing_roles(families) == []


def test_the_role_check_finds_a_missing_role(tmp_path: Path) -> None:
    game = tmp_path / "game"
    for f in ENGINE_ROLES:
        if f != "sim.py":
            (game / f).parent.mkdir(parents=True, exist_ok=True)
            (game / f).write_text("")
    (game / "ui" / "lessons").mkdir(parents=True)
    for f in ("__init__.py", "presenter.py", "frame.py", "lessons/__init__.py"):
        (game / "ui" / f).write_text("")
    assert missing_roles(tmp_path) == ["game/sim.py", "game/ui/sheet.py"]


GAME_NAMES = ("main-merah", "chinese-ten", "red-ten", "in-the-red")


KNOWN_NAMES: frozenset[str] = frozenset({  # as KNOWN_IMPORTS: only shrinks
})


def game_names() -> set[str]:
    bad = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        name = module_name(path)
        if name.startswith("mainmerah.families.") or name == "mainmerah.core.registry":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for game in GAME_NAMES:
                    if game in node.value and not node.value.startswith(("http", "#")):
                        bad.add(f"{name} names {game!r}")
    return bad


def test_a_game_is_named_only_in_its_own_folder_and_the_registry() -> None:
    """No list of games outside the registry: every page, menu and link is derived from it."""
    found = game_names()
    assert found - KNOWN_NAMES == set(), "a game named outside its folder and the registry"
    assert KNOWN_NAMES - found == set(), "fixed: take these lines out of KNOWN_NAMES"


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
        "bad += sorted(m for m in sys.modules if m.startswith(('mainmerah.table', 'mainmerah.teach', "
        "'mainmerah.draw.svg')))\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
