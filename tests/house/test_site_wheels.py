"""The static site's build changes a wheel's lines only as it says (sitebuild/build.py, ``patched``)."""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import sys
import zipfile
from pathlib import Path

import pytest
from paths import ROOT

sys.path.insert(0, str(ROOT / "sitebuild"))  # build.py imports offline.py from beside it
_spec = importlib.util.spec_from_file_location("site_build", ROOT / "sitebuild/build.py")
assert _spec and _spec.loader
build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)


def wheel(path: Path, files: dict[str, str]) -> Path:
    record = [build.record_line(arc, text.encode()) for arc, text in files.items()]
    with zipfile.ZipFile(path, "w") as z:
        for arc, text in files.items():
            z.writestr(arc, text)
        z.writestr("pkg-1.0.dist-info/RECORD", "\n".join([*record, "pkg-1.0.dist-info/RECORD,,"]) + "\n")
    return path


def test_a_patched_wheel_holds_the_new_line_and_its_record_says_so(tmp_path: Path) -> None:
    w = wheel(tmp_path / "pkg-1.0-py3-none-any.whl",
              {"pkg/__init__.py": "import os\nfrom .terminal.embed import embed\nx = 1\n", "pkg/other.py": "y = 2\n"})
    (_arc, old, new), *_tracebacks = build.WHEEL_PATCHES["ipython"]  # the first: IPython.embed on demand
    build.patched(w, [("pkg/__init__.py", old, new)])
    z = zipfile.ZipFile(w)
    text = z.read("pkg/__init__.py").decode()
    assert "from .terminal.embed import embed\n        return embed" in text and text.endswith("x = 1\n")
    namespace: dict[str, object] = {"__name__": "pkg"}
    exec(compile(text.replace("import os\n", "").replace("x = 1\n", ""), "pkg", "exec"), namespace)
    with pytest.raises(AttributeError, match="no attribute 'other'"):
        namespace["__getattr__"]("other")  # type: ignore[operator]
    assert z.read("pkg/other.py") == b"y = 2\n"
    record = {line.split(",")[0]: line for line in z.read("pkg-1.0.dist-info/RECORD").decode().splitlines()}
    for arc in ("pkg/__init__.py", "pkg/other.py"):
        data = z.read(arc)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert record[arc] == f"{arc},sha256={digest},{len(data)}"


def test_a_line_not_found_once_stops_the_build(tmp_path: Path) -> None:
    w = wheel(tmp_path / "pkg-1.0-py3-none-any.whl", {"pkg/__init__.py": "x = 1\n"})
    before = w.read_bytes()
    with pytest.raises(SystemExit, match="0 times, not once"):
        build.patched(w, [("pkg/__init__.py", "from .terminal.embed import embed", "")])
    assert w.read_bytes() == before
