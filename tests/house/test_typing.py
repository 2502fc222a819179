"""mypy --strict covers core/ and every game's engine (outside ui/); the version is one number."""

from __future__ import annotations

import fnmatch
import re
import tomllib

from paths import ROOT

import mainmerah

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _strict_patterns() -> list[str]:
    for section in PYPROJECT["tool"]["mypy"]["overrides"]:
        if section.get("disallow_untyped_defs") and section.get("disallow_any_generics"):
            mods = section["module"]
            return [mods] if isinstance(mods, str) else list(mods)
    raise AssertionError("pyproject.toml has no strict mypy override")


def _engine_modules() -> list[str]:
    pkg = ROOT / "mainmerah"
    found = []
    for path in [*pkg.glob("core/**/*.py"), *pkg.glob("families/**/*.py")]:
        rel = path.relative_to(ROOT).with_suffix("")
        if "ui" in rel.parts:
            continue
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        found.append(".".join(parts))
    return found


def test_strict_modules_cover_core_and_every_engine() -> None:
    patterns = _strict_patterns()
    modules = _engine_modules()
    assert any(m.startswith("mainmerah.families.red_ten.") for m in modules)
    missing = [m for m in modules if not any(fnmatch.fnmatchcase(m, p) for p in patterns)]
    assert not missing, f"not under mypy --strict in pyproject.toml: {missing}"


def test_the_version_is_one_number() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project, "pyproject.toml names a version of its own"
    assert "version" in project["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "mainmerah.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", mainmerah.__version__)


def test_make_bot_is_every_games() -> None:
    from mainmerah.families.red_ten.bots import ExpertBot as RedTenExpert

    assert isinstance(mainmerah.make_bot("expert", seed=1, game="red-ten"), RedTenExpert)
    assert mainmerah.make_bot("greedy", seed=1).name
