"""``python -m mainmerah.sheets [--out DIR] [--lang en id]``: write every printable sheet (``make sheets``)."""

from __future__ import annotations

import argparse
import sys

from mainmerah.core.i18n import LANGUAGES
from mainmerah.sheets.document import write_all


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mainmerah.sheets", description=__doc__)
    parser.add_argument("--out", default="sheets", help="the folder to write into (default: sheets/)")
    parser.add_argument("--lang", nargs="+", choices=LANGUAGES, default=list(LANGUAGES))
    args = parser.parse_args(argv)
    written = write_all(args.out, args.lang)
    for path in written:
        print(path)
    puzzles = sum("puzzles-" in p.name for p in written)
    if not puzzles:
        print("no puzzle worksheets: this version ships no puzzles (mm.puzzles)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
