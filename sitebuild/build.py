"""Build the static site (``make site``): the app's notebooks as a Voici site that runs in the browser.

Everything comes from the package registries: Voici, JupyterLite and the kernel from PyPI (the
build environment, ``.site-build/venv``, see ``sitebuild/requirements.txt``), Pyodide from npm,
the pure-Python wheels the kernel needs from PyPI, the project's own wheel from this checkout.
Nothing is fetched at run time: every wheel is listed in Pyodide's lockfile and preloaded in one
batch, and no page names another origin. Run with the build environment's Python::

    .site-build/venv/bin/python sitebuild/build.py [--out _site]
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the icons are drawn by the app's own code (sitebuild/offline.py)

import offline  # noqa: E402 (sitebuild/offline.py, beside this file)

BUILD = ROOT / ".site-build"
CACHE = BUILD / "cache"  # downloads, kept between builds (pinned, so never stale)
LITE = BUILD / "lite"  # the lite_dir handed to voici, made anew each build
SHIM = Path(__file__).resolve().parent / "shim"
PYODIDE = "0.29.3"  # what jupyterlite-pyodide-kernel 0.7.2 expects
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
NOTEBOOKS = ["home.ipynb", "tutorial.ipynb", "play.ipynb", "classroom.ipynb", "puzzles.ipynb"]

# Pure-Python packages of Pyodide's lockfile that the kernel's boot imports (IPython and its
# closure, micropip for piplite). Pyodide rebuilt them for its CDN; PyPI has the same versions,
# so they come from there and the lockfile's hashes are rewritten.
FROM_LOCK = ["micropip", "packaging", "ipython", "asttokens", "decorator", "executing", "matplotlib-inline",
             "prompt-toolkit", "pure-eval", "pygments", "six", "stack-data", "traitlets", "wcwidth",
             "typing-extensions"]
# Metadata-only stand-ins: sqlite3 is compiled into Pyodide's CDN only (IPython's history falls
# back without it); jedi (1.6 MB with parso) serves completion only, which an app never asks for.
STUBS = ["sqlite3", "jedi"]
# The kernel loads ipywidgets as it starts: Voici's widget manager asks the kernel for its widgets the
# moment it connects, on a comm target ("jupyter.widget.control") only ipywidgets registers; unanswered,
# the page waited 4 s for it (once Python starts fast, on a return visit, that wait was a third of the
# time). An IPython profile of the site's own says so (IPYTHONDIR, set for the kernel's Pyodide below).
PROFILE = "mainmerah-site-ipython"
PROFILE_CONFIG = {"InteractiveShellApp": {"extensions": ["ipywidgets"]}}
NO_CODE = [*STUBS, PROFILE]  # wheels with no module to compile
# The widget stack: the same versions as the build environment, whose labextensions the page loads
# (a mismatch fails with "Module anywidget, version ... is not registered").
WIDGETS = ["ipywidgets", "jupyterlab_widgets", "anywidget", "comm", "psygnal"]
# What the kernel's Pyodide imports before a return visit's snapshot of its memory is made (sitebuild/boot.js):
# IPython (the kernel's shell), the widgets, and the pages the notebooks show (snapshot_imports() adds what
# they import as they first draw).
SNAPSHOT_IMPORTS = ["IPython", "ipywidgets", *(f"mainmerah.pages.{nb.removesuffix('.ipynb')}" for nb in NOTEBOOKS)]
# What the kernel imports next as it starts: piplite (micropip only at an install: LAZY_PIPLITE) and
# pyodide_kernel, whose import makes the kernel's IPython shell (0.4 s of a return visit, measured, when they were
# left out). They hold objects of Pyodide's own (its API and some of its functions): sitebuild/boot.js keeps those
# by name.
KERNEL_IMPORTS = ["piplite.piplite", "pyodide_kernel"]
# What Python 3.13 imports the first time a page reads a file of the package (importlib.resources.files: the
# board's script, the styles): after a restore, the first module imported from the standard library's zip reads
# its whole directory again (0.05 s, measured in a profile of the table's making), so none is left for then.
RESOURCE_READERS = ["importlib.readers", "importlib.resources.readers", "importlib.resources._adapters"]
BOOT = "mainmerah-boot.js"  # in static/pyodide: the kernel's pyodideUrl
# Lines changed in a wheel (its RECORD too), each found exactly once or the build fails. IPython 9.0 imports
# its terminal (prompt_toolkit and the terminal shell) as it is imported, only to offer `IPython.embed`:
# measured in node, four fifths of the kernel's own import. Here `embed` is imported when asked for (as
# later IPython 9 releases do), so a kernel never loads the terminal.
LAZY_EMBED = '''def __getattr__(name):
    if name == "embed":  # (mainmerah's static site: the terminal is imported only when asked for)
        from .terminal.embed import embed
        return embed
    raise AttributeError(f"module 'IPython' has no attribute {name!r}")'''
# piplite (the kernel's `%pip`) imported micropip and unittest.mock as the kernel started, for an install no page
# asks for: 0.19 s of the kernel's import in node (micropip 0.16 s). Here each is imported at the first install;
# the annotations naming micropip's types are left unevaluated.
PIPLITE = "piplite/piplite.py"
LAZY_PIPLITE = [
    (PIPLITE, '"""\n\nfrom typing import Any\n',
     '"""\n\nfrom __future__ import annotations\n\nfrom typing import Any\n'),
    (PIPLITE, "from unittest.mock import patch\n\nimport micropip\nfrom micropip.package_index import ProjectInfo, "
              "CompatibilityLayer\nfrom micropip.package_index import query_package as _MP_QUERY_PACKAGE\n",
     "# (mainmerah's static site: micropip and unittest.mock are imported at the first install)\n"),
    (PIPLITE, "    info = ProjectInfo._compatible_only(",
     "    from micropip.package_index import ProjectInfo\n\n    info = ProjectInfo._compatible_only("),
    (PIPLITE, "    return await _MP_QUERY_PACKAGE(",
     "    from micropip.package_index import query_package as _MP_QUERY_PACKAGE\n\n"
     "    return await _MP_QUERY_PACKAGE("),
    (PIPLITE, '    with patch("micropip.package_index.query_package", _query_package):',
     '    from unittest.mock import patch\n\n    import micropip\n\n'
     '    with patch("micropip.package_index.query_package", _query_package):'),
]
# ipywidgets imports every widget class it has as it is imported (each class a traitlets class to make); the app
# makes a few (their modules stay as they are: a return visit finds them in the snapshot). The others are imported
# when first named (ipywidgets.X or ipywidgets.widgets.X). (A widget the page itself would create by name needs its
# class imported: no page of the app's does.)
WIDGETS_INIT = "ipywidgets/widgets/__init__.py"
LAZY_WIDGET_MODULES = {
    "widget_float": "FloatText, BoundedFloatText, FloatSlider, FloatProgress, FloatRangeSlider, FloatLogSlider",
    "widget_color": "ColorPicker", "widget_date": "DatePicker",
    "widget_datetime": "DatetimePicker, NaiveDatetimePicker", "widget_time": "TimePicker",
    "widget_output": "Output", "widget_controller": "Controller",
    "interaction": "interact, interactive, fixed, interact_manual, interactive_output",
    "widget_link": "jslink, jsdlink", "widget_media": "Image, Video, Audio",
    "widget_tagsinput": "TagsInput, ColorsInput, FloatsInput, IntsInput",
    "widget_templates": "TwoByTwoLayout, AppLayout, GridspecLayout",
}
LAZY_WIDGETS_GETATTR = f'''

# (mainmerah's static site: these are imported when first named)
_LAZY = {{name: module for module, names in {LAZY_WIDGET_MODULES!r}.items() for name in names.split(", ")}}


def __getattr__(name):
    if name not in _LAZY:
        raise AttributeError(f"module {{__name__!r}} has no attribute {{name!r}}")
    from importlib import import_module
    value = getattr(import_module("." + _LAZY[name], __name__), name)
    globals()[name] = value
    return value
'''
LAZY_WIDGETS = [
    *((WIDGETS_INIT, f"from .{module} import {names}\n", "") for module, names in LAZY_WIDGET_MODULES.items()),
    (WIDGETS_INIT, "from .widget_layout import Layout\n", "from .widget_layout import Layout\n" + LAZY_WIDGETS_GETATTR),
    ("ipywidgets/__init__.py", "from .widgets import *\n",
     "from .widgets import *\nfrom .widgets import __getattr__  # (mainmerah's static site: lazy widgets)\n")]
# anywidget imports psygnal for the signal of a watched file's contents, made only when a widget's script is a file's
# path (the app's are strings), and for its experimental dataclass widgets (the app has none). The signals are made and
# psygnal imported when first used.
LAZY_SIGNAL = '''class Signal:  # (mainmerah's static site: psygnal's, made when first used)
    def __init__(self, *types):
        self._types = types

    def __set_name__(self, owner, name):
        self._name = name

    def __get__(self, instance, owner=None):
        from psygnal import Signal as Made

        made = Made(*self._types)
        made.__set_name__(owner, self._name)
        setattr(owner, self._name, made)
        return made.__get__(instance, owner)
'''
# IPython's tracebacks (ultratb, tbtools, doctb) import stack_data (with pure_eval, executing, decimal, fractions...)
# and pydoc (with urllib.parse, ipaddress...) as the kernel's shell is made, to format an error no page may ever
# show: each is imported at the first traceback (its annotations left unevaluated, as later Pythons do).
LATER = '''

class _Later:  # (mainmerah's static site: imported at the first traceback)
    def __init__(self, name):
        self._name = name

    def __getattr__(self, attr):
        import importlib

        return getattr(importlib.import_module(self._name), attr)


'''
FUTURE = "from __future__ import annotations  # (mainmerah's static site: see _Later)\n\n"
LAZY_TRACEBACKS = [
    ("IPython/core/tbtools.py", "import functools\nimport inspect\nimport pydoc\n",
     FUTURE + "import functools\nimport inspect\n"),
    ("IPython/core/tbtools.py", "import stack_data\n",
     LATER + 'stack_data = _Later("stack_data")\npydoc = _Later("pydoc")\n'),
    ("IPython/core/doctb.py", "import inspect\nimport linecache\nimport sys\n",
     FUTURE + "import inspect\nimport linecache\nimport sys\n"),
    ("IPython/core/doctb.py", "import stack_data\n", LATER + 'stack_data = _Later("stack_data")\n'),
    ("IPython/core/ultratb.py", "\nimport functools\nimport inspect\nimport linecache\n",
     "\n" + FUTURE + "import functools\nimport inspect\nimport linecache\n"),
    ("IPython/core/ultratb.py", "import stack_data\n", LATER + 'stack_data = _Later("stack_data")\n'),
]
WHEEL_PATCHES = {"ipython": [("IPython/__init__.py", "from .terminal.embed import embed", LAZY_EMBED),
                             *LAZY_TRACEBACKS],
                 "piplite": LAZY_PIPLITE, "ipywidgets": LAZY_WIDGETS,
                 "anywidget": [("anywidget/_file_contents.py", "from psygnal import Signal\n", LAZY_SIGNAL),
                               ("anywidget/experimental.py", "import psygnal\n", ""),
                               ("anywidget/experimental.py", "        cls = psygnal.evented(cls)",
                                "        import psygnal\n\n        cls = psygnal.evented(cls)")]}
# Shipped inside the kernel's labextension (static/pypi/): the kernel itself and mock packages.
KERNEL_WHEELS = ["piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension"]
KERNEL_SPELLING = {"pyodide-kernel": "pyodide_kernel"}


def log(msg: str) -> None:
    print(f"[site] {msg}", flush=True)


def norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def source_date_epoch() -> str:
    """The checkout's last commit time: file times in the wheel and the notebooks' listing come from it
    (the same commit builds the same bytes), unless SOURCE_DATE_EPOCH is set already."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return os.environ["SOURCE_DATE_EPOCH"]
    try:
        return subprocess.run(["git", "log", "-1", "--format=%ct"], check=True, capture_output=True, text=True,
                              cwd=ROOT).stdout.strip() or "315532800"
    except (OSError, subprocess.CalledProcessError):
        return "315532800"  # 1980-01-01, the earliest time a zip file can hold


EPOCH = source_date_epoch()


def run(*cmd: str | Path, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    subprocess.run([str(c) for c in cmd], check=True, cwd=cwd, env={**os.environ, **(env or {})})


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pyodide_runtime() -> Path:
    """npm's pyodide package (runtime and stdlib, no package wheels), unpacked once into the cache."""
    dest = CACHE / f"pyodide-{PYODIDE}"
    if not (dest / "pyodide.asm.wasm").exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", f"pyodide@{PYODIDE}", "--silent", cwd=CACHE)
        with tarfile.open(CACHE / f"pyodide-{PYODIDE}.tgz") as tar:
            tar.extractall(CACHE / "npm", filter="data")
        shutil.rmtree(dest, ignore_errors=True)
        (CACHE / "npm" / "package").rename(dest)
    return dest


def cached(name: str, ver: str) -> Path | None:
    """The pure-Python wheel of ``name==ver`` in the download cache, if it is there."""
    wheels = CACHE / "wheels"
    found = [p for p in wheels.glob("*.whl") if norm(p.name.split("-")[0]) == norm(name) and
             p.name.split("-")[1] == ver] if wheels.exists() else []
    return found[0] if found else None


def download(pins: list[tuple[str, str]]) -> list[Path]:
    """The pure-Python wheels of ``name==ver`` from PyPI, the missing ones in one pip call (pip's start-up
    costs more CPU than a small download: one call per wheel was half a minute on a fresh machine)."""
    missing = [f"{name}=={ver}" for name, ver in pins if cached(name, ver) is None]
    if missing:
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
            "--platform", "any", "--python-version", "3.13", "--implementation", "py", "--abi", "none",
            "-d", CACHE / "wheels", *missing)
    found = [cached(name, ver) for name, ver in pins]
    lost = [f"{name}=={ver}" for (name, ver), wheel in zip(pins, found, strict=True) if wheel is None]
    if lost:
        raise SystemExit(f"pip download gave no wheel for {', '.join(lost)}")
    return [w for w in found if w is not None]


def data_wheel(name: str, ver: str, dest: Path, data: dict[str, str] | None = None) -> Path:
    """A wheel of ``data`` (path in site-packages -> text) and its metadata. With no data, a stand-in:
    installers see ``name`` installed, ``import name`` still fails."""
    path = dest / f"{name}-{ver}-py3-none-any.whl"
    info = f"{name}-{ver}.dist-info"
    files = {
        **(data or {}),
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {ver}\n"
                            "Summary: stand-in for the static site (no code)\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: mainmerah-site\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    with zipfile.ZipFile(path, "w") as z:
        for arc, text in files.items():
            data_bytes = text.encode()
            z.writestr(zipfile.ZipInfo(arc, (1980, 1, 1, 0, 0, 0)), data_bytes)
            record.append(record_line(arc, data_bytes))
        record.append(f"{info}/RECORD,,")
        z.writestr(zipfile.ZipInfo(f"{info}/RECORD", (1980, 1, 1, 0, 0, 0)), "\n".join(record) + "\n")
    return path


def record_line(arc: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arc},sha256={digest},{len(data)}"


def patched(wheel: Path, edits: list[tuple[str, str, str]]) -> None:
    """``wheel`` rewritten in place with each (file, old, new) edit made, its RECORD saying so."""
    with zipfile.ZipFile(wheel) as z:
        members = [(info, z.read(info)) for info in z.infolist()]
    files = {info.filename: data for info, data in members}
    for arc, old, new in edits:
        text = files[arc].decode()
        if text.count(old) != 1:
            raise SystemExit(f"[site] {wheel.name}: {arc} holds {old!r} {text.count(old)} times, not once")
        files[arc] = text.replace(old, new).encode()
    record = next(name for name in files if name.endswith(".dist-info/RECORD"))
    changed = {arc for arc, _old, _new in edits}
    lines = []
    for line in files[record].decode().splitlines():
        arc = line.split(",")[0]
        lines.append(record_line(arc, files[arc]) if arc in changed else line)
    files[record] = "".join(line + "\n" for line in lines).encode()
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for info, _data in members:
            z.writestr(info, files[info.filename])


def profile_dir(python: str) -> str:
    """Where the kernel finds the site's IPython profile (IPYTHONDIR): in the site-packages of Pyodide's
    Python ``python`` ("3.13"), where the profile's wheel puts it."""
    return f"/lib/python{python}/site-packages/{PROFILE.replace('-', '_')}"


def own_wheel(dest: Path) -> Path:
    """The project's wheel, built from this checkout (package data included)."""
    out = BUILD / "own-wheel"
    shutil.rmtree(out, ignore_errors=True)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", out, ROOT,
        env={"SOURCE_DATE_EPOCH": EPOCH})
    wheel = next(out.glob("mainmerah-*.whl"))
    shutil.copy2(wheel, dest / wheel.name)
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools' leftovers in the checkout
    return dest / wheel.name


def lock_entry(name: str, ver: str, wheel: Path, imports: list[str], depends: list[str]) -> dict[str, object]:
    return {"name": name, "version": ver, "file_name": wheel.name, "install_dir": "site", "sha256": sha256(wheel),
            "package_type": "package", "imports": imports, "depends": depends, "unvendored_tests": False}


def lay_pyodide(dest: Path) -> list[str]:
    """Pyodide and every wheel into ``dest``; its lockfile lists those wheels only. Returns the preload list."""
    runtime = pyodide_runtime()
    dest.mkdir(parents=True)
    for name in ["pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "package.json"]:
        shutil.copy2(runtime / name, dest / name)
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    old = lock["packages"]
    packages: dict[str, dict[str, object]] = {}
    widgets = [(name, version(name)) for name in WIDGETS]
    wheels = download([(name, str(old[name]["version"])) for name in FROM_LOCK] + widgets)
    for name, wheel in zip(FROM_LOCK, wheels, strict=False):
        e = old[name]
        shutil.copy2(wheel, dest / wheel.name)
        if name in WHEEL_PATCHES:
            patched(dest / wheel.name, WHEEL_PATCHES[name])
        depends = [norm(d) for d in e["depends"] if norm(d) in FROM_LOCK + STUBS]
        packages[name] = lock_entry(name, str(e["version"]), dest / wheel.name, list(e["imports"]), depends)
    for name in STUBS:
        ver = str(old[name]["version"])
        packages[name] = lock_entry(name, ver, data_wheel(name, ver, dest), [], [])
    for (name, ver), wheel in zip(widgets, wheels[len(FROM_LOCK):], strict=True):
        shutil.copy2(wheel, dest / wheel.name)
        if name in WHEEL_PATCHES:
            patched(dest / wheel.name, WHEEL_PATCHES[name])
        packages[norm(name)] = lock_entry(norm(name), ver, dest / wheel.name, [], [])
    pypi = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    for name in KERNEL_WHEELS:
        # widgetsnbextension: the 4.x mock (ipywidgets 8); 3.6.999 is for ipywidgets 7.
        wheel = sorted(pypi.glob(f"{name}-*.whl"))[-1]
        shutil.copy2(wheel, dest / wheel.name)
        if name in WHEEL_PATCHES:
            patched(dest / wheel.name, WHEEL_PATCHES[name])
        packages[norm(name)] = lock_entry(norm(name), wheel.name.split("-")[1], dest / wheel.name, [], [])
    folder = PROFILE.replace("-", "_")
    profile = data_wheel(folder, "1.0", dest, {
        f"{folder}/profile_default/ipython_config.json": json.dumps(PROFILE_CONFIG, indent=1) + "\n"})
    packages[PROFILE] = lock_entry(PROFILE, "1.0", profile, [], [])
    own = own_wheel(dest)
    packages["mainmerah"] = lock_entry("mainmerah", own.name.split("-")[1], own, ["mainmerah"], [])
    precompile(dest, runtime, packages, "cp" + "".join(str(lock["info"]["python"]).split(".")[:2]))
    lock["packages"] = packages
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    # The kernel's own boot list. Its initKernel installs through piplite each of its own packages it does not
    # find here by the name it spells (pyodide_kernel, not the lockfile's pyodide-kernel): micropip then ran
    # at every start, only to find the package loaded already. Pyodide's loadPackage takes either.
    return sorted(KERNEL_SPELLING.get(name, name) for name in packages)


def precompile(dest: Path, runtime: Path, packages: dict[str, dict[str, object]], tag: str) -> None:
    """Every wheel (but the stubs) and the standard library with their modules compiled ahead of time
    (sitebuild/pycompile.py, run by Pyodide's own Python in node): a visit then imports bytecode instead
    of compiling every module at every page open (what Pyodide's own CDN packages do). A wheel is renamed
    for the Python its bytecode is for (``-cp313-none-any``); results are cached by their input's hash."""
    script = Path(__file__).with_name("pycompile.py")
    todo: list[tuple[Path, Path, Path]] = []  # (input, output, cached copy)
    jobs: list[tuple[Path, Path]] = []
    for name, e in packages.items():
        if name in NO_CODE:
            continue
        wheel = dest / str(e["file_name"])
        dist, ver = wheel.name.split("-")[:2]
        jobs.append((wheel, dest / f"{dist}-{ver}-{tag}-none-any.whl"))
    jobs.append((dest / "python_stdlib.zip", dest / "python_stdlib.pyc.zip"))
    for src, out in jobs:
        key = hashlib.sha256(src.read_bytes() + script.read_bytes()).hexdigest()[:16]
        todo.append((src, out, CACHE / "pyc" / f"{key}-{out.name}"))
    missing = [(src, out) for src, out, kept in todo if not kept.exists()]
    if missing:
        log(f"compiling Python modules of {len(missing)} zips with Pyodide's Python")
        run("node", Path(__file__).with_name("pycompile.mjs"), runtime, dest,
            *[name for src, out in missing for name in (src.name, out.name)])
        for _src, out, kept in todo:
            if out.exists():
                kept.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(out, kept)
    for src, out, kept in todo:
        shutil.copy2(kept, out)
        src.unlink()
    (dest / "python_stdlib.pyc.zip").rename(dest / "python_stdlib.zip")
    for name, e in packages.items():
        if name not in NO_CODE:
            dist, ver = str(e["file_name"]).split("-")[:2]
            wheel = dest / f"{dist}-{ver}-{tag}-none-any.whl"
            e["file_name"], e["sha256"] = wheel.name, sha256(wheel)


def lite_dir() -> None:
    shutil.rmtree(LITE, ignore_errors=True)
    LITE.mkdir(parents=True)
    preload = lay_pyodide(LITE / "static" / "pyodide")
    python = json.loads((LITE / "static" / "pyodide" / "pyodide-lock.json").read_text())["info"]["python"]
    settings = {KERNEL_PLUGIN: {
        "disablePyPIFallback": True,
        # One batch, before the kernel starts: the notebooks need no %pip cell (they run unchanged under Voila).
        # The site's IPython profile: ipywidgets loaded as the kernel starts (PROFILE above).
        "loadPyodideOptions": {"packages": preload,
                               "env": {"IPYTHONDIR": profile_dir(".".join(str(python).split(".")[:2]))}},
    }}
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {"litePluginSettings": settings}}
    (LITE / "jupyter-lite.json").write_text(json.dumps(config, indent=1))
    content = LITE / "content"
    content.mkdir()
    for nb in NOTEBOOKS:
        shutil.copy2(ROOT / "notebooks" / nb, content / nb)
        # Their times go into the site's file listing: the commit's, not the checkout's.
        # (Not SOURCE_DATE_EPOCH for voici: jupyterlite then re-times files beyond its output folder.)
        os.utime(content / nb, (int(EPOCH), int(EPOCH)))


def voici(out: Path) -> None:
    shutil.rmtree(out, ignore_errors=True)
    voici_bin = Path(sys.executable).parent / "voici"
    run(voici_bin, "build", "--lite-dir", LITE, "--contents", LITE / "content", "--output-dir", out,
        "--no-sourcemaps", f"--LiteBuildConfig.federated_extensions={SHIM}",
        "--VoilaConfiguration.strip_sources=True", "--VoilaConfiguration.show_tracebacks=False",
        "--LiteBuildConfig.cache_dir", BUILD / "lite-cache", cwd=LITE)


# Voila's lab template links Font Awesome on a CDN (the app uses none of its icons) and carries a
# mermaid loader that imports from a CDN when a page has a diagram (these pages have none).
FONT_AWESOME = re.compile(r'<link[^>]*font-?awesome[^>]*>\s*', re.I)
MERMAID = re.compile(r'<script type="module">(?:(?!</script>).)*?mermaid(?:(?!</script>).)*</script>', re.S)
# What Voici's pages never request: JupyterLite's lab build, the JupyterLab-only widget manager and
# Voila preview extensions (Voici bundles its own manager), JupyterLite's docs app.
UNUSED = ["build", "doc", "extensions/@jupyter-widgets", "extensions/@voila-dashboards"]
# Voici's page starts JupyterLab's MathJax plugin: the first widget with a label (a Dropdown's, a Text's)
# typesets it, which fetches and compiles MathJax (16 scripts, 0.9 MB) while the table draws. These pages show
# no mathematics (and a "$" in a label would be read as one): the plugin is left out of the page's list.
MATHJAX_PLUGIN = re.compile(r'(\d+):\(\)=>\w+\("default","@jupyterlab/mathjax-extension"')


def no_math(out: Path) -> None:
    """Voici's page without its MathJax plugin (see MATHJAX_PLUGIN): its module taken out of the one list of
    plugins the page starts. Anything but exactly one such list stops the build."""
    build = out / "voici" / "build"
    ids = {m.group(1) for m in MATHJAX_PLUGIN.finditer((build / "voici.js").read_text())}
    if len(ids) != 1:
        raise SystemExit(f"[site] voici.js names the MathJax plugin's module {len(ids)} times, not once")
    entry = re.compile(rf"\b\w\({ids.pop()}\),")
    hits = [(f, f.read_text()) for f in build.glob("*.js")]
    hits = [(f, text) for f, text in hits if "@voila-dashboards/voici:widget-manager" in text and entry.search(text)]
    if len(hits) != 1 or len(entry.findall(hits[0][1])) != 1:
        raise SystemExit(f"[site] the MathJax plugin is not in exactly one list of Voici's plugins: {hits}")
    f, text = hits[0]
    f.write_text(entry.sub("", text, count=1))


# What no page of the site imports, left out of the wheels' pack (a first visit fetches 2.6 of its 5.7 MB less;
# the wheels stay on the site): wheels only a terminal or an install uses (IPython's terminal and its
# prompt_toolkit, the kernel's %pip and its micropip: the pack's lazy IPython and piplite import neither), and files
# of wheels that are needed: Pygments' lexers but Python's (IPython colours Python only; its other lexers are a
# package the site does not have), IPython's terminal but the two modules the kernel's shell imports (its list of
# input hooks), its Sphinx extension, the app's class server (Voila's) and its translations' sources (the compiled
# catalogs are read). A page importing any of them fails, and the site's
# tests load every page: sitebuild/boot.js does not mark a wheel left out as loaded, so Pyodide would load it
# from its wheel if a cell imported it.
PACK_WHEELS_LEFT_OUT = {"prompt-toolkit", "wcwidth", "micropip", "packaging"}
PACK_FILES_LEFT_OUT = re.compile(r"pygments/lexers/(?!(__init__|_mapping|python)\.pyc$)|IPython/sphinxext/"
                                 r"|IPython/terminal/(?!(__init__|pt_inputhooks/__init__)\.pyc$)"
                                 r"|mainmerah/server/|mainmerah/locale/.*\.po$")


def pack_packages(pyodide: Path, out: Path, python: str) -> dict[str, str]:
    """Every wheel of the lockfile, unpacked as Pyodide's loadPackage would (its files under site-packages,
    its ``.data`` folder left out, the installer named in its dist-info), in one gzipped file for
    sitebuild/boot.js: a 4-byte length (big-endian), a JSON list of [path, size], then every file's bytes.
    What no page needs is left out (``PACK_WHEELS_LEFT_OUT``, ``PACK_FILES_LEFT_OUT``). Returns what Pyodide's
    ``loadedPackages`` then says (every package in the pack, from its default channel)."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    missing = PACK_WHEELS_LEFT_OUT - set(lock["packages"])
    if missing:
        raise SystemExit(f"[site] no wheel {sorted(missing)} in the lockfile to leave out of the pack (a new version?)")
    site = f"/lib/python{python}/site-packages"
    files: dict[str, bytes] = {}
    packed = sorted(name for name in lock["packages"] if name not in PACK_WHEELS_LEFT_OUT)
    for name in packed:
        with zipfile.ZipFile(pyodide / lock["packages"][name]["file_name"]) as z:
            for info in z.infolist():
                top = info.filename.split("/")[0]
                if not info.is_dir() and not top.endswith(".data") and not PACK_FILES_LEFT_OUT.match(info.filename):
                    files[f"{site}/{info.filename}"] = z.read(info)
            dist = next(n.split("/")[0] for n in z.namelist() if n.split("/")[0].endswith(".dist-info"))
        files[f"{site}/{dist}/INSTALLER"] = b"pyodide.loadPackage"
        files[f"{site}/{dist}/PYODIDE_SOURCE"] = b"pyodide"
    header = json.dumps([[path, len(data)] for path, data in files.items()]).encode()
    body = len(header).to_bytes(4, "big") + header + b"".join(files.values())
    out.write_bytes(gzip.compress(body, compresslevel=9, mtime=0))
    return {name: "default channel" for name in packed}


def snapshot_imports() -> list[str]:
    """The modules a return visit finds imported: the pages', every game of the registry with its table and its
    lessons (a page imports them as it first draws: the registry loads each game when asked), the kernel's."""
    from mainmerah.core.registry import MODULES

    families = sorted(set(MODULES.values()))
    games = [*families, *(f"{f}.ui.{part}" for f in families for part in ("frame", "presenter", "lessons"))]
    drawn = ["mainmerah.table.kept_table", "mainmerah.tables", "mainmerah.pages.shared", *RESOURCE_READERS]
    return [*SNAPSHOT_IMPORTS, *games, *drawn, *KERNEL_IMPORTS]


def boot(out: Path) -> None:
    """The kernel's Pyodide starts through sitebuild/boot.js (a return visit from a snapshot of its memory):
    its ``pyodideUrl``, in jupyter-lite.json and in the settings each Voici page carries."""
    pyodide = out / "static" / "pyodide"
    lock = (pyodide / "pyodide-lock.json").read_bytes()
    python = ".".join(str(json.loads(lock)["info"]["python"]).split(".")[:2])
    key = hashlib.sha256(lock).hexdigest()[:16]  # a new name for other wheels: the pack's and the snapshot's
    pack = f"packages-{key}.pack.gz"
    loaded = pack_packages(pyodide, pyodide / pack, python)
    head = {"python": python, "imports": snapshot_imports(), "pack": pack, "lock": key, "loaded": loaded}
    (pyodide / BOOT).write_text(f"var MAINMERAH_BOOT = {json.dumps(head)};\n"
                                + Path(__file__).with_name("boot.js").read_text())
    url = re.compile(r'("pyodideUrl": "[^"]*static/pyodide/)pyodide\.js"')
    pages = [p for p in [out / "jupyter-lite.json", *(out / "voici").rglob("*.html")] if "pyodideUrl" in p.read_text()]
    for page in pages:
        page.write_text(url.sub(rf'\g<1>{BOOT}"', page.read_text()))
    missed = [str(p.relative_to(out)) for p in pages if BOOT not in p.read_text()]
    if missed:
        raise SystemExit(f"[site] no pyodideUrl to point at {BOOT} in {missed}")


def finish(out: Path) -> None:
    """Make the Voici output a site: no CDN, a progress message, links between pages, a front page,
    an app a device can install and open offline (sitebuild/offline.py)."""
    config_path = out / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    data = config["jupyter-config-data"]
    # What the page script needs of JupyterLite: the worker's URL as it registers it, its version.
    cache = json.dumps(data.get("enableServiceWorkerCache", False)).strip('"')  # JupyterLite's default: false
    worker = f"{offline.WORKER}?enableCache={cache}"
    site = {"worker": worker, "compiler": offline.COMPILER, "jupyterlite": data["appVersion"]}
    (out / "mainmerah-site.js").write_text(f"var MAINMERAH_SITE = {json.dumps(site)};\n"
                                           + Path(__file__).with_name("page.js").read_text())
    for page in (out / "voici").rglob("*.html"):
        text = page.read_text()
        text = MERMAID.sub("", FONT_AWESOME.sub("", text))
        up = "../" * (len(page.relative_to(out).parts) - 1)
        text = text.replace("<head>", f"<head>{offline.head_tags(up)}", 1)
        page.write_text(text)
    for rel in UNUSED:
        shutil.rmtree(out / rel, ignore_errors=True)
    for m in out.rglob("*.map"):
        m.unlink()
    # The removed extensions must not be listed (a page would try to load them).
    extensions = data["federated_extensions"]
    data["federated_extensions"] = [e for e in extensions if (out / "extensions" / e["name"]).is_dir()]
    config_path.write_text(json.dumps(config, indent=1))
    home = subprocess.run([sys.executable, Path(__file__).with_name("home.py")], check=True, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout
    (out / "index.html").write_text(home.replace("<head>", f"<head>{offline.head_tags('')}", 1))
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve folders starting with _ as they are
    pages = out.rglob("*.html")
    leftovers = [str(p.relative_to(out)) for p in pages if re.search(r"cdn\.|font-?awesome", p.read_text())]
    if leftovers:
        raise SystemExit(f"[site] pages still name a CDN: {leftovers}")
    no_math(out)
    offline.write_app_files(out)
    boot(out)
    log(f"build {offline.write_worker(out, Path(__file__).with_name('sw.js'))}: every file kept by the service worker")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_site")
    args = parser.parse_args()
    start = time.monotonic()
    lite_dir()
    voici(args.out.resolve())
    finish(args.out.resolve())
    log(f"built {args.out} in {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
