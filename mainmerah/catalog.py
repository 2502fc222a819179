"""Maintain the gettext catalogs (developer tool; needs Babel).

    python -m mainmerah.catalog          # extract, update locale/*.po, compile .mo
    python -m mainmerah.catalog --check  # exit 1 if a string lacks a translation
                                         # or a .mo is out of date

Source strings are the English texts wrapped in ``_()`` / ``ngettext()``.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .i18n import DOMAIN, LANGUAGES, LOCALE_DIR

PACKAGE = Path(__file__).parent
KEYWORDS = {"_": None, "ngettext": (1, 2)}


def extract() -> Catalog:
    """Every translatable string in the package (code, widgets, lessons)."""
    cat = Catalog(project="mainmerah", domain=DOMAIN)
    for filename, lineno, message, _comments, _context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        cat.add(message, locations=[(filename, lineno)])
    return cat


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def load_po(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, domain=DOMAIN, project="mainmerah", copyright_holder="the mainmerah developers")
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def mo_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat)
    return buf.getvalue()


def missing(template: Catalog, cat: Catalog) -> list[str]:
    """Source strings with no (or an empty) translation in ``cat``."""
    out = []
    for msg in template:
        if not msg.id:
            continue
        have = cat.get(msg.id)
        text = have.string if have is not None else None
        if isinstance(text, tuple | list):
            empty = not all(text)
        else:
            empty = not text
        if empty or (have is not None and have.fuzzy):
            out.append(msg.id if isinstance(msg.id, str) else msg.id[0])
    return out


def update(lang: str, template: Catalog) -> Catalog:
    cat = load_po(lang)
    cat.update(template, no_fuzzy_matching=True)
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, cat, width=100, omit_header=False, sort_output=False, include_previous=False)
    cat = load_po(lang)  # compile what is on disk, so --check compares like with like
    with path.with_suffix(".mo").open("wb") as f:
        f.write(mo_bytes(cat))
    return cat


def check() -> list[str]:
    problems = []
    template = extract()
    for lang in LANGUAGES:
        if lang == "en":
            continue
        cat = load_po(lang)
        for mid in missing(template, cat):
            problems.append(f"{lang}: no translation for {mid!r}")
        mo = po_path(lang).with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != mo_bytes(cat):
            problems.append(f"{lang}: {mo.name} is out of date: run python -m mainmerah.catalog")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    if a.check:
        problems = check()
        print("\n".join(problems) or "catalogs complete")
        return 1 if problems else 0
    template = extract()
    for lang in LANGUAGES:
        if lang != "en":
            cat = update(lang, template)
            print(f"{lang}: {len(template)} strings, {len(missing(template, cat))} untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
