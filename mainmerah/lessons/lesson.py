"""The lesson component: a title, a few words, then tasks to do, each with feedback.

A :class:`Lesson` is fed with data: a list of tasks. Each task is a small
widget (pick cards, type a number, choose an answer, press to see...) that
explains every answer, right or wrong, in words. Tasks unlock one after the
other; the lesson is done when every task is solved. Tasks never raise on
a learner's input: anything odd is answered with a sentence.

Every task keeps the ``inputs`` of what the learner did (picks, numbers, answers,
presses). A language switch builds the lesson again in the new language and
replays them into it (:meth:`Lesson.take_over`): every word is redrawn,
every answer and its explanation come back, and nothing is lost.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Sequence
from html import escape

import ipywidgets as W

from ..card import Card
from ..i18n import _
from ..svg import card_data_uri
from ..widgets.style import card_class
from .cards import CardRow


def para(text: str) -> str:
    """Plain text as HTML paragraphs (blank lines split paragraphs; ``**x**`` is bold)."""
    out = []
    for block in text.strip().split("\n\n"):
        html = escape(block.strip()).replace("\n", "<br>")
        parts = html.split("**")
        html = "".join(f"<b>{p}</b>" if i % 2 else p for i, p in enumerate(parts))
        out.append(f"<p>{html}</p>")
    return "".join(out)


class Feedback(W.HTML):
    """The box where a task answers the learner (``mm-feedback``, plus ``mm-fb-good``/``mm-fb-bad``/``mm-fb-info``)."""

    KINDS = ("good", "bad", "info", "quiet")

    def __init__(self) -> None:
        super().__init__("")
        self.add_class("mm-feedback")
        self.kind = "quiet"
        self.text = ""
        self.add_class("mm-fb-quiet")

    def say(self, text: str, kind: str = "info", verdict: bool = True) -> None:
        """Show ``text``; answers to a question (``verdict``) start with "Right." or "Not quite."."""
        mark = {"good": "✓ ", "bad": "✗ "}.get(kind, "")
        word = {"good": _("Right."), "bad": _("Not quite.")}.get(kind, "") if verdict else ""
        self.text = text
        head = f"<b>{escape(mark + word)}</b> " if mark else ""
        self.value = para(text).replace("<p>", "<p>" + head, 1) if text else ""
        for k in self.KINDS:
            self.remove_class(f"mm-fb-{k}")
        self.add_class(f"mm-fb-{kind}")
        self.kind = kind

    def clear(self) -> None:
        self.say("", "quiet")


class Task(W.VBox):
    """One thing to do. Subclasses build ``body`` and call :meth:`solve` when done."""

    def __init__(self, prompt: str, body: Sequence[W.Widget] = (), key: str = "") -> None:
        self.prompt = prompt
        self.key = key
        self.solved = False
        self.attempts = 0
        self.feedback = Feedback()
        self.head = W.HTML(para(prompt))
        self.head.add_class("mm-task-head")
        self._on_solved: list[Callable[[Task], None]] = []
        self.inputs: list[tuple[str, tuple]] = []  # the learner's inputs, in order (replayed after a language switch)
        self._actions: dict[str, Callable[[], object]] = {}
        super().__init__([self.head, *body, self.feedback])
        self.add_class("mm-task")
        if key:
            self.add_class(f"mm-task-{key}")

    def on_solved(self, callback: Callable[[Task], None]) -> None:
        self._on_solved.append(callback)

    def action(self, name: str, fn: Callable[[], object]) -> Callable[[], None]:
        """``fn`` as one of this task's logged inputs (e.g. a button in its body): call the result instead."""
        self._actions[name] = fn

        def run() -> None:
            self.inputs.append(("run", (name,)))
            fn()

        return run

    def run(self, name: str) -> None:
        self.inputs.append(("run", (name,)))
        self._actions[name]()

    def replay(self, log: Sequence[tuple[str, tuple]]) -> None:
        """Do again what the learner did in another copy of this task (each call logs itself again)."""
        for name, args in log:
            getattr(self, name)(*args)

    def say(self, text: str, kind: str = "info") -> None:
        self.feedback.say(text, kind)

    def solve(self) -> None:
        if self.solved:
            return
        self.solved = True
        self.add_class("mm-solved")
        for cb in list(self._on_solved):
            cb(self)


def hidden_points_style(cards: Sequence[Card]) -> W.HTML:
    """Faces without the points badge for the red ``cards`` of a ``mm-hide-points`` row, until answered."""
    rules = []
    for c in cards:
        if c.red:
            for four, scope in ((False, ""), (True, ".mm-four ")):
                face = card_data_uri(c, four_colour=four, points=False)
                rules.append(f'{scope}.mm-hide-points .mm-card-slot:not(.mm-right):not(.mm-wrong) .mm-card.'
                             f'{card_class(c)}{{background-image:url("{face}")}}')
    sheet = W.HTML(f"<style>{chr(10).join(rules)}</style>", layout=W.Layout(display="none"))
    sheet.add_class("mm-style")
    return sheet


class PickTask(Task):
    """Click cards: every card in ``targets`` (or ``need`` of them) is right; the others are explained.

    ``right(card)`` and ``wrong(card)`` say why. ``reveal(card)`` (optional) is written under a
    card once clicked, e.g. its points. ``done`` is said when the task is solved.
    """

    def __init__(self, prompt: str, cards: Sequence[Card], targets: Iterable[Card], *,
                 right: Callable[[Card], str], wrong: Callable[[Card], str], done: str | Callable[[], str] = "",
                 need: int | None = None, reveal: Callable[[Card], str] | None = None, key: str = "",
                 before: Sequence[W.Widget] = (), small: bool = False, placeholder: str = "?",
                 row_label: str = "") -> None:
        self.targets = [Card.parse(c) for c in targets]
        self.need = len(self.targets) if need is None else need
        self.picked: list[Card] = []
        self.wrong_picks: list[Card] = []
        self._right, self._wrong, self._done, self._reveal = right, wrong, done, reveal
        # A card's worth is what a reveal task asks: its face keeps the points badge hidden until clicked.
        self.row = CardRow(list(cards), self.pick, small=small, badges=(lambda c: placeholder) if reveal else None,
                           classes=["mm-hide-points"] if reveal else [])
        body: list[W.Widget] = [*before, self.row]
        if reveal:
            body.append(hidden_points_style(cards))
        if row_label:
            # The card played and the table side by side, as they lie in a game.
            label = W.HTML(escape(row_label))
            label.add_class("mm-label")
            zone = W.Box([*before, W.VBox([label, self.row])])
            zone.add_class("mm-zone")
            body = [zone]
        super().__init__(prompt, body, key)

    def pick(self, card: Card | str) -> None:
        """A learner's click on ``card`` (also callable from Python)."""
        self.inputs.append(("pick", (str(card),)))
        try:
            c = Card.parse(card)
        except ValueError as e:
            self.say(str(e), "bad")
            return
        if c not in self.row.buttons:
            self.say(_("{card} is not one of the cards shown here.").format(card=c), "bad")
            return
        self.attempts += 1
        button = self.row[c]
        if self._reveal:
            button.set_badge(self._reveal(c))
        if self.solved and c not in self.targets:
            self.say(self._wrong(c), "bad")
            return
        if c in self.picked:
            self.say(_("You already picked {card}. {why}").format(card=c, why=self._right(c)), "info")
            return
        if c in self.targets:
            self.picked.append(c)
            button.mark("right")
            text = self._right(c)
            left = self.need - len(self.picked)
            if left <= 0:
                done = self._done() if callable(self._done) else self._done
                self.say(text + ("\n\n" + done if done else ""), "good")
                self.solve()
            else:
                more = _("One more to find.") if left == 1 else _("{n} more to find.").format(n=left)
                self.say(text + " " + more, "good")
        else:
            if c not in self.wrong_picks:
                self.wrong_picks.append(c)
            button.mark("wrong")
            self.say(self._wrong(c), "bad")


def parse_whole_number(text: str) -> int | str:
    """The number typed, or a sentence saying what is wrong with it."""
    t = (text or "").strip()
    if not t:
        return _("Type a number first, then press Check.")
    if t.lstrip("+-").isdigit() and t.isascii():
        return int(t)
    return _("“{text}” is not a whole number: type digits only, such as 35.").format(text=t)


class NumberTask(Task):
    """Type a whole number. ``hint(value, attempts)`` explains a wrong number."""

    def __init__(self, prompt: str, answer: int, *, right: str, hint: Callable[[int, int], str],
                 before: Sequence[W.Widget] = (), key: str = "", placeholder: str = "") -> None:
        self.answer = answer
        self._right, self._hint = right, hint
        self.text = W.Text(placeholder=placeholder or _("your answer"), layout=W.Layout(width="140px"))
        self.text.add_class("mm-answer")
        self.check = W.Button(description=_("Check"), button_style="primary", layout=W.Layout(width="auto"))
        self.check.add_class("mm-check")
        self.check.on_click(lambda _b: self.submit())
        with warnings.catch_warnings():
            # Enter to check is worth keeping for keyboard users; ipywidgets only deprecates the name.
            warnings.simplefilter("ignore", DeprecationWarning)
            self.text.on_submit(lambda _t: self.submit())
        super().__init__(prompt, [*before, W.HBox([self.text, self.check])], key)

    def submit(self, value: str | None = None) -> None:
        if value is not None:
            self.text.value = value
        self.inputs.append(("submit", (self.text.value,)))
        got = parse_whole_number(self.text.value)
        if isinstance(got, str):
            self.say(got, "bad")
            return
        self.attempts += 1
        if got == self.answer:
            self.say(self._right, "good")
            self.solve()
        else:
            self.say(self._hint(got, self.attempts), "bad")


class ChoiceTask(Task):
    """Press one of a few answers; each answer has its own explanation."""

    def __init__(self, prompt: str, options: Sequence[tuple[str, bool, str]], *, before: Sequence[W.Widget] = (),
                 key: str = "", after: Sequence[W.Widget] = ()) -> None:
        self.options = list(options)
        self.buttons: list[W.Button] = []
        for i, (label, _ok, _why) in enumerate(self.options):
            b = W.Button(description=label, layout=W.Layout(width="auto", max_width="100%"))
            b.add_class("mm-choice")
            b.add_class(f"mm-choice-{i}")
            b.on_click(lambda _b, i=i: self.choose(i))
            self.buttons.append(b)
        box = W.Box(self.buttons)
        box.add_class("mm-nav")
        super().__init__(prompt, [*before, box, *after], key)

    def choose(self, index: int | str) -> None:
        self.inputs.append(("choose", (index,)))
        if isinstance(index, str):
            labels = [o[0] for o in self.options]
            if index not in labels:
                self.say(_("“{answer}” is not one of the answers offered.").format(answer=index), "bad")
                return
            index = labels.index(index)
        if not 0 <= index < len(self.options):
            self.say(_("Choose one of the answers offered."), "bad")
            return
        self.attempts += 1
        _label, ok, why = self.options[index]
        self.buttons[index].button_style = "success" if ok else "warning"
        self.say(why, "good" if ok else "bad")
        if ok:
            self.solve()


class ActionTask(Task):
    """Press a button to make something happen; ``act()`` returns the text to show."""

    def __init__(self, prompt: str, label: str, act: Callable[[], str], *, body: Sequence[W.Widget] = (),
                 key: str = "", repeat: bool = True, css: str = "mm-act") -> None:
        self._act = act
        self.repeat = repeat
        self.button = W.Button(description=label, button_style="primary", layout=W.Layout(width="auto"))
        self.button.add_class(css)
        self.button.on_click(lambda _b: self.press())
        row = W.Box([self.button])
        row.add_class("mm-nav")
        super().__init__(prompt, [row, *body], key)
        # What the button did is said right under it, before anything else the task shows.
        self.children = (self.head, row, self.feedback, *body)

    def press(self) -> None:
        self.inputs.append(("press", ()))
        self.attempts += 1
        self.feedback.say(self._act(), "info")
        self.solve()
        if not self.repeat:
            self.button.disabled = True


class WidgetTask(Task):
    """Any widget to use (e.g. a whole table); solved when the widget says so via :meth:`solve`."""

    def __init__(self, prompt: str, widget: W.Widget, key: str = "") -> None:
        self.widget = widget
        super().__init__(prompt, [widget], key)


class Lesson(W.VBox):
    """A lesson: title, intro, tasks unlocked one by one, and closing words once all are done."""

    def __init__(self, key: str, title: str, intro: str, tasks: Sequence[Task], outro: str = "") -> None:
        self.key = key
        self.title = title
        self.tasks = list(tasks)
        self.outro = W.HTML(para(outro) if outro else "")
        self.outro.add_class("mm-outro")
        self.outro.layout.display = "none"
        self._on_change: list[Callable[[Lesson], None]] = []
        head = W.HTML(f"<h2>{escape(title)}</h2>")
        head.add_class("mm-lesson-title")
        intro_w = W.HTML(para(intro))
        intro_w.add_class("mm-intro")
        for i, t in enumerate(self.tasks):
            t.on_solved(self._solved)
            if i:
                t.layout.display = "none"
        super().__init__([head, intro_w, *self.tasks, self.outro])
        self.add_class("mm-lesson")
        self.add_class(f"mm-lesson-{key}")

    @property
    def solved(self) -> bool:
        return all(t.solved for t in self.tasks)

    @property
    def done_count(self) -> int:
        return sum(t.solved for t in self.tasks)

    def on_change(self, callback: Callable[[Lesson], None]) -> None:
        self._on_change.append(callback)

    def _solved(self, task: Task) -> None:
        i = self.tasks.index(task)
        if i + 1 < len(self.tasks):
            self.tasks[i + 1].layout.display = ""
        if self.solved:
            self.outro.layout.display = "" if self.outro.value else "none"
            self.add_class("mm-lesson-done")
        for cb in list(self._on_change):
            cb(self)

    def task(self, key: str) -> Task:
        for t in self.tasks:
            if t.key == key:
                return t
        raise KeyError(key)

    def take_over(self, old: Lesson) -> None:
        """Become ``old`` (the same lesson, built in another language): its answers, its feedback, its tables.

        Each task replays the learner's inputs logged by ``old``'s task; a coached game replays its clicks.
        A table (``TableWidget``) redraws its own words, so the learner's table itself moves over,
        game, pace and all, in place of the fresh one.
        """
        for mine, theirs in zip(self.tasks, old.tasks, strict=False):
            if type(mine) is not type(theirs) or mine.key != theirs.key:
                continue  # not the same lesson: nothing to carry over
            mine.replay(theirs.inputs)
            if isinstance(mine, NumberTask) and isinstance(theirs, NumberTask):
                mine.text.value = theirs.text.value  # typed, not yet checked
            if isinstance(mine, WidgetTask) and isinstance(theirs, WidgetTask):
                replay, log = getattr(mine.widget, "replay", None), getattr(theirs.widget, "inputs", None)
                if callable(replay) and log is not None:
                    replay(log)
        _move_tables(old, self)
        for mine, theirs in zip(self.tasks, old.tasks, strict=False):
            theirs.on_solved(_forward(mine))  # a moved table still reports to its old task
            if theirs.solved:
                mine.solve()


def _tables(widget: W.Widget, parent: W.Widget | None = None) -> list[tuple[W.Widget, W.Widget | None]]:
    """Every ``TableWidget`` inside ``widget`` (depth first), with the box holding it."""
    from ..widgets.table import TableWidget

    if isinstance(widget, TableWidget):
        return [(widget, parent)]
    found = []
    for child in getattr(widget, "children", ()) or ():
        found += _tables(child, widget)
    return found


def _move_tables(old: W.Widget, new: W.Widget) -> None:
    """Put each table of ``old`` where ``new`` has the matching (fresh, unplayed) one; close the fresh ones."""
    for (fresh, box), (kept, _box) in zip(_tables(new), _tables(old), strict=False):
        if box is None:
            continue
        box.children = tuple(kept if c is fresh else c for c in box.children)
        if isinstance(box, WidgetTask) and box.widget is fresh:
            box.widget = kept
        fresh._cancel_timer()
        fresh.close()


def _forward(task: Task) -> Callable[[Task], None]:
    """A callback that solves ``task`` when another task is solved."""
    return lambda _solved: task.solve()
