"""The claim tests' shared part (issue 23, finding 14): every sentence a game's lessons and rules sheet state,
extracted from their text, so that a new sentence shows up and must be checked against the engine or listed as
not a rule claim."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
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


# The wrong numbers a number task is tried with: every whole number a learner might type for its answers here (hand
# sizes, scores, totals, Red Ten's multiplied scores), so that a hint kept for one mistake is read too.
WRONG_NUMBERS = range(-60, 301)


def task_sayings(game: str, skip: Callable[[str], bool] = lambda key: False) -> list[tuple[str, str, Any]]:
    """What each lesson's task says to a learner, each task answered as a learner may, as (the task's key, a text,
    what the learner had just done): ("asked", None) for the question and, where the task offers its hint ladder,
    the ladder's nudge and rule (a task's own, else its default) and a choice's label; ("chose", label) for why that
    choice is right or wrong (the wrong ones first); ("picked", card, the cards picked before) for what a card says
    (the wrong ones, a right one twice, then the rest: what is left to find, the running words, what a solved pick
    says); ("typed", n) for what each number of :data:`WRONG_NUMBERS` and then the right one is told; ("pressed", i)
    for a button's result, three times. (A whole table to play, the last lessons', says the engine's own words.)"""
    from mainmerah.teach.lesson import ActionTask, ChoiceTask, NumberTask, PickTask

    target = registry.ui(game).lessons
    assert target is not None
    out: list[tuple[str, str, Any]] = []
    doing: list[Any] = [("asked", None)]
    for spec in registry.load(target)():
        if skip(spec.key):
            continue
        for task in tasks_in(spec.build()):
            key = task.key
            # What the task says as it is answered (the page would show it under the task).
            task.feedback.say = lambda text, *_a, key=key, **_k: out.append((key, text, doing[0]))  # type: ignore
            doing[0] = ("asked", None)
            asked = [task.prompt]
            task.offer_hints()  # as the tutorial does: a task with help of its own (a table, a button) shows no ladder
            if task.hint_button.layout.display != "none":
                asked += [task.nudge or task.default_nudge(), task.rule or task.default_rule()]
            if isinstance(task, ChoiceTask):
                asked += [label for label, _ok, _why in task.options]
            out.extend((key, text, doing[0]) for text in asked)
            if isinstance(task, ChoiceTask):
                for i in sorted(range(len(task.options)), key=lambda i: task.options[i][1]):  # the wrong ones first
                    doing[0] = ("chose", task.options[i][0])
                    task.choose(i)
            elif isinstance(task, PickTask):
                wrong = [c for c in task.row.cards if c not in task.targets]
                right = [c for c in task.row.cards if c in task.targets]
                for card in wrong + right[:1] + right:
                    doing[0] = ("picked", card, tuple(task.picked))
                    task.pick(card)
            elif isinstance(task, NumberTask):
                for n in [*(n for n in WRONG_NUMBERS if n != task.answer), task.answer]:
                    doing[0] = ("typed", n)
                    task.submit(str(n))
            elif isinstance(task, ActionTask):
                for press in range(3):
                    doing[0] = ("pressed", press)
                    task.press()
    return [(key, text, done) for key, text, done in out if text]


def task_texts(game: str, skip: Callable[[str], bool] = lambda key: False) -> list[str]:
    """The texts of :func:`task_sayings`, in order."""
    return [text for _key, text, _doing in task_sayings(game, skip)]


def failures(checks: Iterable[tuple[str, Callable[[], object]]]) -> list[str]:
    """Each check run (many sentences of one pattern, checked in one test item): "sentence (why)" for each that
    failed its assertion, so that one failure does not hide the others."""
    failed = []
    for sentence, check in checks:
        try:
            result = check()
            assert result is None or result is True
        except AssertionError as e:
            failed.append(f"{sentence} ({e})")
    return failed


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
