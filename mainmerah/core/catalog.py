"""Maintain the gettext catalogs (developer tool; needs Babel).

    python -m mainmerah.core.catalog          # extract, update locale/*.po, compile .mo
    python -m mainmerah.core.catalog --check  # exit 1 if a string lacks a translation
                                         # or a .mo is out of date

Source strings are the English texts wrapped in ``_()`` / ``ngettext()``. They are
found by walking each module's syntax tree (not Babel's token scanner), so calls inside
f-strings, e.g. ``f"<b>{escape(_('Table'))}</b>"``, are extracted too.
"""

from __future__ import annotations

import argparse
import ast
import io
import sys
from collections.abc import Collection, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from mainmerah.core.i18n import DOMAIN, GAME_DOMAINS, LANGUAGES, LOCALE_DIR

PACKAGE = Path(__file__).parent.parent
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
TRANSLATOR_TAG = "TRANSLATORS:"


def _keyword_calls(tree: ast.AST, keywords: Collection[str]) -> Iterator[ast.Call]:
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
             and n.func.id in keywords]
    return iter(sorted(calls, key=lambda n: (n.lineno, n.col_offset)))


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def extract_python_ast(fileobj: Any, keywords: Collection[str], comment_tags: Collection[str],
                       options: Mapping[str, object]) -> Iterator[tuple[int, str, tuple[str | None, ...], list[str]]]:
    """Babel extraction method: ``_()``/``ngettext()`` calls anywhere, f-strings included.

    Comments ``# TRANSLATORS: ...`` on the lines just above a call reach the .po file.
    """
    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    for call in _keyword_calls(ast.parse(source), keywords):
        messages = tuple(_literal(a) for a in call.args)
        comments: list[str] = []
        i = call.lineno - 2
        while i >= 0 and lines[i].strip().startswith("#"):
            text = lines[i].strip().lstrip("#").strip()
            if text.startswith(TRANSLATOR_TAG):
                comments.insert(0, text[len(TRANSLATOR_TAG):].strip())
            i -= 1
        yield call.lineno, call.func.id, messages, comments  # type: ignore[attr-defined]


def dynamic_calls() -> list[str]:
    """``_(x)`` calls whose text is not a string literal: extraction cannot see them."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call in _keyword_calls(tree, KEYWORDS):
            need = 2 if call.func.id in ("ngettext", "pgettext") else 1  # type: ignore[attr-defined]
            if len(call.args) < need or any(_literal(a) is None for a in call.args[:need]):
                out.append(f"{path.relative_to(PACKAGE)}:{call.lineno}: {call.func.id}() of a non-literal")  # type: ignore[attr-defined]
    return out


def domains() -> list[str]:
    """The catalogs: the main one, and one per game package that keeps its own."""
    return [DOMAIN] + [d for d in GAME_DOMAINS if (PACKAGE / "families" / d).is_dir()]


def extract(domain: str = DOMAIN) -> Catalog:
    """Every translatable string of one catalog: a game package's own, or the rest of the package."""
    cat = Catalog(project="mainmerah", domain=domain)
    root = PACKAGE / "families" / domain if domain != DOMAIN else PACKAGE
    own = tuple(f"families/{d}/" for d in GAME_DOMAINS)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(root), method_map=[("**.py", "mainmerah.core.catalog:extract_python_ast")], keywords=KEYWORDS
    ):
        if domain == DOMAIN and filename.replace("\\", "/").startswith(own):
            continue  # that game's catalog holds it
        cat.add(message, locations=[(filename, lineno)], auto_comments=comments, context=context)
    return cat


def po_path(lang: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def load_po(lang: str, domain: str = DOMAIN) -> Catalog:
    path = po_path(lang, domain)
    if not path.exists():
        return Catalog(locale=lang, domain=domain, project="mainmerah", copyright_holder="the mainmerah developers")
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def mo_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat)
    return buf.getvalue()


def translated(msg: Message | None) -> bool:
    """A non-fuzzy message with every form translated."""
    if msg is None or msg.fuzzy:
        return False
    text = msg.string
    return all(text) if isinstance(text, tuple | list) else bool(text)


def missing(template: Catalog, cat: Catalog) -> list[str]:
    """Source strings with no (or an empty, or a fuzzy) translation in ``cat``."""
    return [msg.id if isinstance(msg.id, str) else msg.id[0]
            for msg in template if msg.id and not translated(cat.get(msg.id, msg.context))]


def write(lang: str, cat: Catalog, domain: str = DOMAIN) -> Catalog:
    """Write ``cat`` as the .po and compile the .mo from what was written."""
    path = po_path(lang, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        # File names without line numbers: editing code elsewhere in a file leaves the catalog alone.
        write_po(f, cat, width=100, omit_header=False, sort_output=False, include_previous=False,
                 include_lineno=False)
    cat = load_po(lang, domain)  # compile what is on disk, so --check compares like with like
    with path.with_suffix(".mo").open("wb") as f:
        f.write(mo_bytes(cat))
    return cat


def update(lang: str, template: Catalog, domain: str = DOMAIN, pool: Sequence[Catalog] = ()) -> Catalog:
    """Bring one catalog up to its template; ``pool``: other catalogs of ``lang`` to take the
    translation of a string from when it moved here from there (code moved between folders)."""
    cat = load_po(lang, domain)
    before = {m.id for m in cat if m.id}
    created = cat.creation_date
    for msg in template:
        if msg.id and not translated(cat.get(msg.id, msg.context)):
            found = next((m for other in pool if translated(m := other.get(msg.id, msg.context))), None)
            if found is not None:
                cat.add(msg.id, found.string, auto_comments=msg.auto_comments, context=msg.context)
    # Babel's update forgets earlier obsolete entries; keep the translated ones, and revive
    # them when their string comes back (source texts are often reworded and reverted).
    kept = {mid: m for mid, m in cat.obsolete.items() if translated(m)}
    for mid, m in kept.items():
        if mid in template and mid not in cat:
            cat[mid] = m
    cat.update(template, no_fuzzy_matching=True)
    for mid, m in kept.items():
        if mid not in template and mid not in cat.obsolete:
            cat.obsolete[mid] = m
    for mid in [mid for mid, m in cat.obsolete.items() if not translated(m)]:
        del cat.obsolete[mid]
    if {m.id for m in cat if m.id} == before:
        cat.creation_date = created  # same strings: keep the files byte-identical
    cat.fuzzy = False  # the header is maintained here, not a draft
    return write(lang, cat, domain)


def check() -> list[str]:
    problems = []
    for domain in domains():
        template = extract(domain)
        for lang in LANGUAGES:
            if lang == "en":
                continue
            cat = load_po(lang, domain)
            for mid in missing(template, cat):
                problems.append(f"{lang}/{domain}: no translation for {mid!r}")
            mo = po_path(lang, domain).with_suffix(".mo")
            if not mo.exists() or mo.read_bytes() != mo_bytes(cat):
                problems.append(f"{lang}/{domain}: {mo.name} is out of date: run python -m mainmerah.core.catalog")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args()
    if a.check:
        problems = check()
        print("\n".join(problems) or "catalogs complete")
        return 1 if problems else 0
    pools = {lang: [load_po(lang, d) for d in domains()] for lang in LANGUAGES if lang != "en"}
    for domain in domains():
        template = extract(domain)
        for lang in LANGUAGES:
            if lang != "en":
                cat = update(lang, template, domain, pools[lang])
                print(f"{lang}/{domain}: {len(template)} strings, {len(missing(template, cat))} untranslated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
