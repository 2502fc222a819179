"""Every lesson states a rule before a task asks it (issue 23, finding 14): each task's answer-bearing words (a
right choice's words, a number to type) appear in that lesson's intro or an earlier lesson's. Names of players and
numbers the learner works out from what the task shows are listed, each with its reason."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from claims import english

from mainmerah.core import registry
from mainmerah.teach.lesson import ChoiceTask, NumberTask, Task

COMMON = {"with", "your", "that", "this", "from", "they", "them", "than", "only", "when", "what", "which", "none",
          "not", "the", "and", "both", "into", "have", "does", "yes"}
# (lesson key, task key): why its answer need not be stated before.
WORKED_OUT = {
    ("red-ten-teams", "partner"): "a player's name: the task says Sari played ♥10",
    ("red-ten-teams", "unknown"): "'not known yet': the intro says the red tens alone make the teams",
    ("red-ten-scoring", "risk"): "−9 × 4: the intro says the lone player last scores −9 and an open hand lost "
                                 "counts ×4",
    ("itr-place", "discard"): "'of your choice': the discard is any card (the intro: 'discard one')",
    ("itr-tactics", "redden"): "a player's name",
    ("cards", "tally"): "a sum of the card values the task shows",
    ("cards", "deck"): "the sum of the red cards' values the earlier tasks taught",
    ("deal", "predict"): "the intro's words 'whatever anyone plays' are the task's own point",
    ("scoring", "theirs"): "a sum of the pile the task shows",
    ("scoring", "winner"): "a player: the computer",
    ("chinese-ten", "deal"): "24 ÷ 4: the intro says the other 24 cards are shared equally among the players",
    ("ct-points", "total"): "210 + 30: the intro says the red cards make 210 and A♠ scores 30 with three players",
}
GUIDED = {"red-ten-game", "itr-game", "game"}  # whole tables: nothing to state first


def tasks_after_intros(game: str) -> Iterator[tuple[str, str, Task]]:
    """Each task of ``game``'s lessons (guided games left out), with every intro read before it (lower case)."""
    target = registry.ui(game).lessons
    assert target is not None
    seen = ""
    with english():
        for spec in registry.load(target)():
            if spec.key in GUIDED:
                continue
            lesson = spec.build()
            seen += " " + next(c for c in lesson.children if "mm-intro" in c._dom_classes).value.lower()
            for t in lesson.tasks:
                yield spec.key, seen, t


def unstated(game: str) -> list[tuple[str, str, str]]:
    out = []
    for key, seen, t in tasks_after_intros(game):
        if (key, t.key) in WORKED_OUT:
            continue
        if isinstance(t, NumberTask):
            if not re.search(rf"(?<!\d){abs(t.answer)}(?!\d)", seen):
                out.append((key, t.key, str(t.answer)))
        elif isinstance(t, ChoiceTask):
            for label, ok, _why in t.options:
                words = [w for w in re.findall(r"[a-z]{4,}", label.lower()) if w not in COMMON]
                if ok and any(w.rstrip("s") not in seen for w in words):
                    out.append((key, t.key, label))
                numbers = re.findall(r"\d+", label)  # a score to choose: stated first, like a typed one
                if ok and not words and any(not re.search(rf"(?<!\d){n}(?!\d)", seen) for n in numbers):
                    out.append((key, t.key, label))
    return out


@pytest.mark.parametrize("game", ["main-merah", "red-ten", "in-the-red", "chinese-ten"])
def test_each_task_is_stated_first(game: str) -> None:
    assert unstated(game) == []


def test_the_jb_rule_is_stated_before_its_tasks() -> None:
    """The jb tasks (pick tasks, which the word check above does not read) ask which card the game takes: red
    before black, then the one longest on the table. Both halves are in an intro before the first jb task."""
    asked = [(key, t.key) for key, seen, t in tasks_after_intros("main-merah") if t.topic == "jb"
             and not ("red card before a black one" in seen and "lain on the table longest" in seen)]
    assert not asked
    assert sum(t.topic == "jb" for _k, _s, t in tasks_after_intros("main-merah")) >= 2
