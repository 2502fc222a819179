"""Run inside Pyodide (CPython 3.13 compiled to WebAssembly) by ``pycompile.mjs``: zips with their Python
modules compiled ahead of time, so a visitor's browser does not compile them at every page open.

``compiled(src, dst)`` writes ``dst``: ``src`` with each ``x.py`` replaced by ``x.pyc`` (sourceless, as
Pyodide's own packages are; an "unchecked hash" pyc is never checked against a source), every entry
dated 1980 (the same input gives the same bytes), a wheel's RECORD written anew. A module that does not
compile (a syntax this Python refuses) is kept as source. Only this Python can write its bytecode: the
magic number is the interpreter's, which is why this runs in Pyodide and not in the build's Python.
"""

from __future__ import annotations

import base64
import hashlib
import py_compile
import tempfile
import warnings
import zipfile
from pathlib import Path

EPOCH = (1980, 1, 1, 0, 0, 0)


def pyc(source: bytes, name: str, work: Path) -> bytes | None:
    """``source``'s bytecode (the name shown in tracebacks: ``name``), or None when it does not compile."""
    src, out = work / "m.py", work / "m.pyc"
    src.write_bytes(source)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # e.g. invalid escapes in some packages' tests
            py_compile.compile(str(src), str(out), dfile=name, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    except py_compile.PyCompileError:
        return None
    return out.read_bytes()


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compiled(src: str, dst: str) -> None:
    entries: list[tuple[str, bytes, int]] = []
    record = None
    with zipfile.ZipFile(src) as zin, tempfile.TemporaryDirectory() as tmp:
        for info in sorted(zin.infolist(), key=lambda i: i.filename):
            name, data = info.filename, zin.read(info)
            if name.endswith(".dist-info/RECORD"):
                record = name
                continue
            if name.endswith(".py"):
                code = pyc(data, name, Path(tmp))
                if code is not None:
                    name, data = name + "c", code
            entries.append((name, data, info.external_attr))
    if record is not None:
        lines = [record_line(name, data) for name, data, _attr in entries if not name.endswith("/")]
        entries.append((record, ("\n".join([*lines, f"{record},,"]) + "\n").encode(), 0o644 << 16))
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data, attr in entries:
            info = zipfile.ZipInfo(name, EPOCH)
            info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            info.external_attr = attr
            zout.writestr(info, data)
