"""The claim tests' shared part (issue 23, finding 14): every sentence a game's lessons and rules sheet state,
extracted from their text, so that a new sentence shows up and must be checked against the engine or listed as
not a rule claim."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html import unescape

from mainmerah.core import registry
from mainmerah.core.i18n import language, set_language


@contextmanager
def english() -> Iterator[None]:
    was = language()
    set_language("en")
    try:
        yield
    finally:
        set_language(was)


def sentences(text: str) -> list[str]:
    """Plain sentences: HTML tags and bold marks dropped, split after . ! ? (not inside brackets)."""
    text = re.sub(r"</p>|<br\s*/?>", " ", text)
    text = unescape(re.sub(r"<[^>]+>", "", text)).replace("**", "")
    text = re.sub(r"\s+", " ", text).strip()
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch in "(“" and 1 or 0
        depth -= ch in ")”" and 1 or 0
        if ch in ".!?" and depth <= 0 and (i + 1 == len(text) or text[i + 1] == " "):
            out.append(text[start:i + 1].strip())
            start = i + 1
    if text[start:].strip():
        out.append(text[start:].strip())
    return [s for s in out if s and not re.fullmatch(r"[\d.–\-# ]+", s)]


def lesson_texts(game: str, skip: Callable[[str], bool] = lambda key: False) -> list[str]:
    """Each lesson's intro and closing words, as the learner reads them (``skip``: lessons not built here)."""
    target = registry.ui(game).lessons
    assert target is not None
    specs = registry.load(target)()
    out = []
    for spec in specs:
        if skip(spec.key):
            continue
        lesson = spec.build()
        intro = next(c for c in lesson.children if "mm-intro" in c._dom_classes)
        out += [intro.value, lesson.outro.value]
    return out


def sheet_texts(game: str) -> list[str]:
    from mainmerah.sheets.document import rules_pages

    return list(rules_pages(game)[0].said)


def claims_of(texts: list[str]) -> list[str]:
    seen: list[str] = []
    for t in texts:
        for s in sentences(t):
            if s not in seen:
                seen.append(s)
    return seen


def stated(game: str) -> list[str]:
    """Every sentence ``game``'s lessons and rules sheet state, in English, each once."""
    with english():
        return claims_of(lesson_texts(game) + sheet_texts(game))
