"""The claim tests' shared part (issue 23, finding 14): every sentence a game's lessons and rules sheet state,
extracted from their text, so that a new sentence shows up and must be checked against the engine or listed as
not a rule claim."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from html import unescape
from typing import Any

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


def tasks_in(widget: Any) -> list[Any]:
    """The tasks inside ``widget`` (a lesson), in the order the learner meets them."""
    from mainmerah.teach.lesson import Task

    found = [widget] if isinstance(widget, Task) else []
    for child in getattr(widget, "children", ()) or ():
        found += tasks_in(child)
    return found


def task_texts(game: str, skip: Callable[[str], bool] = lambda key: False) -> list[str]:
    """What each lesson's tasks say, as fixed text or for every answer the learner may give: the question, the hint
    ladder's nudge and rule, each choice and why it is right or wrong, each card's reason when clicked (right or
    wrong) and what a solved pick says, a number's right answer and what three wrong numbers are told."""
    from mainmerah.teach.lesson import ChoiceTask, NumberTask, PickTask

    target = registry.ui(game).lessons
    assert target is not None
    out: list[str] = []
    for spec in registry.load(target)():
        if skip(spec.key):
            continue
        for task in tasks_in(spec.build()):
            out += [task.prompt, task.nudge, task.rule]
            if isinstance(task, ChoiceTask):
                out += [text for label, _ok, why in task.options for text in (label, why)]
            elif isinstance(task, PickTask):
                out += [task._right(c) if c in task.targets else task._wrong(c) for c in task.row.cards]
                out.append(task._done() if callable(task._done) else task._done)
            elif isinstance(task, NumberTask):
                out.append(task._right)
                out += [task._hint(value, tries) for tries, value in enumerate(
                    (task.answer + 1, max(task.answer - 1, 0), 0), start=1) if value != task.answer]
    return [t for t in out if t]


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
