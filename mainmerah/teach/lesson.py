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

import time
import warnings
from collections.abc import Callable, Iterable, Sequence
from html import escape
from typing import Any

import ipywidgets as W

from mainmerah.core.cards import Card
from mainmerah.core.i18n import _, ngettext
from mainmerah.core.words import sentences
from mainmerah.draw.svg import card_data_uri
from mainmerah.table.style import card_class
from mainmerah.teach.cards import CardRow
from mainmerah.teach.progress import RUNGS, TaskResult, stars


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
        if word and text.startswith((word.rstrip("."), _("Yes"))):
            word = ""  # the text says it already ("Yes: ..."): one verdict, not "Right. Yes"
        self.text = text
        head = f"<b>{escape(mark + word)}</b> " if mark else ""
        self.value = para(text).replace("<p>", "<p>" + head, 1) if text else ""
        for k in self.KINDS:
            self.remove_class(f"mm-fb-{k}")
        self.add_class(f"mm-fb-{kind}")
        self.kind = kind

    def clear(self) -> None:
        self.say("", "quiet")


def star_text(n: int, of: int = 3) -> str:
    """``n`` stars of ``of`` as symbols (★★☆)."""
    return "★" * n + "☆" * (of - n)


class Task(W.VBox):
    """One thing to do. Subclasses build ``body`` and call :meth:`solve` when done.

    A task counts what the stars are made of: each ``mistake`` (with the rule it was about, its
    ``topic``, when the task can tell), the hint rungs used, the time from being shown to solved.
    Its hint ladder (shown once :meth:`offer_hints` is called: the tutorial does, a classroom
    sheet does not) gives ``nudge``, then ``rule``, then the answer marked; each rung costs a star.
    Once solved a task no longer reacts: what it said stays.
    """

    # The learner's inputs a stored log may replay (a record from the browser names nothing else).
    REPLAYABLE: frozenset[str] = frozenset({"hint"})

    def __init__(self, prompt: str, body: Sequence[W.Widget] = (), key: str = "", *, topic: str = "",
                 nudge: str = "", rule: str = "") -> None:
        self.prompt = prompt
        self.key = key
        self.topic = topic
        self.nudge, self.rule = nudge, rule
        self.solved = False
        self.attempts = 0
        self.mistakes: list[str] = []
        self.hints = 0
        self.seconds = 0.0
        self._shown_at: float | None = time.monotonic()
        self.feedback = Feedback()
        self.head = W.HTML(para(prompt))
        self.head.add_class("mm-task-head")
        self._on_solved: list[Callable[[Task], None]] = []
        self._on_change: list[Callable[[Task], None]] = []
        self.inputs: list[tuple[str, tuple]] = []  # the learner's inputs, in order (replayed after a language switch)
        self._actions: dict[str, Callable[[], object]] = {}
        # The ladder: the stars this task is worth now, the next rung's button, what the rungs said.
        self.worth = W.HTML()
        self.worth.add_class("mm-task-stars")
        self.hint_button = W.Button(layout=W.Layout(width="auto"))
        self.hint_button.add_class("mm-hint-button")
        self.hint_button.on_click(lambda _b: self.hint())
        self.hint_text = W.HTML()
        self.hint_text.add_class("mm-hint-text")
        self.ladder = W.Box([self.worth, self.hint_button])
        self.ladder.add_class("mm-ladder")
        self.ladder.layout.display = "none"
        self.hint_text.layout.display = "none"
        self._said: list[str] = []
        # The answer's feedback comes last: when it appears (or grows), the Hint button and what the hints
        # said stay where they were, under the learner's pointer.
        super().__init__([self.head, *body, self.ladder, self.hint_text, self.feedback])
        self.add_class("mm-task")
        if key:
            self.add_class(f"mm-task-{key}")
        self._draw_ladder()

    def on_solved(self, callback: Callable[[Task], None]) -> None:
        self._on_solved.append(callback)

    def on_change(self, callback: Callable[[Task], None]) -> None:
        """``callback(task)`` after each input (the tutorial keeps its progress then)."""
        self._on_change.append(callback)

    def changed(self) -> None:
        self._draw_ladder()
        for cb in list(self._on_change):
            cb(self)

    def action(self, name: str, fn: Callable[[], object]) -> Callable[[], None]:
        """``fn`` as one of this task's logged inputs (e.g. a button in its body): call the result instead."""
        self._actions[name] = fn

        def run() -> None:
            self.run(name)

        return run

    def run(self, name: str) -> None:
        if name not in self._actions:
            self.say(_("This task has no button called “{name}”.").format(name=str(name)[:40]), "bad")
            return
        self.inputs.append(("run", (name,)))
        self._actions[name]()
        self.changed()

    def replay(self, log: Sequence[tuple[str, tuple]]) -> None:
        """Do again what the learner did in another copy of this task (each call logs itself again).

        Only the inputs a learner can make are replayed, each checked as a click would be; a log
        naming anything else raises ValueError (a forged record).
        """
        for name, args in log:
            if name not in self.REPLAYABLE or not all(type(a) in (str, int) for a in args):
                raise ValueError(_("the task {key} cannot replay “{name}”").format(key=self.key, name=str(name)[:40]))
            try:
                getattr(self, name)(*args)
            except TypeError:
                raise ValueError(_("the task {key} cannot replay “{name}” with {args}").format(
                    key=self.key, name=name, args=repr(args)[:60])) from None

    def result(self) -> TaskResult:
        return TaskResult(self.solved, list(self.mistakes), self.costly_hints, list(self.inputs), self.seconds)

    def say(self, text: str, kind: str = "info") -> None:
        self.feedback.say(text, kind)

    def mistake(self, topic: str | None = None) -> None:
        """A wrong answer (about ``topic``, else the task's own): one star less, two at most."""
        self.mistakes.append(self.topic if topic is None else topic)

    @property
    def free_hints(self) -> bool:
        """True for a task where no answer can be wrong (choose each card to see it): its hints cost no star."""
        return False

    @property
    def costly_hints(self) -> int:
        """The hint rungs used that cost a star (none where no answer can be wrong)."""
        return 0 if self.free_hints else self.hints

    @property
    def stars(self) -> int:
        """The stars earned (0 until solved)."""
        return stars(len(self.mistakes), self.costly_hints) if self.solved else 0

    @property
    def worth_now(self) -> int:
        """The stars solving it now would earn."""
        return stars(len(self.mistakes), self.costly_hints)

    def shown(self) -> None:
        """The task appears on the page: its time starts (if it has not yet)."""
        if self._shown_at is None and not self.solved:
            self._shown_at = time.monotonic()

    def solve(self) -> None:
        if self.solved:
            return
        self.solved = True
        if self._shown_at is not None:
            self.seconds += time.monotonic() - self._shown_at
            self._shown_at = None
        self.add_class("mm-solved")
        self.close_inputs()
        self._draw_ladder()
        for cb in list(self._on_solved):
            cb(self)

    def close_inputs(self) -> None:
        """Once solved, stop reacting to clicks (subclasses disable their controls)."""

    # ----- the hint ladder ---------------------------------------------------------------
    def offer_hints(self, on: bool = True) -> None:
        self.ladder.layout.display = "" if on else "none"
        self._draw_ladder()

    def hint(self, rung: int | None = None) -> None:
        """The next rung of the ladder (``rung``, if given, must be that one: a replayed log says which)."""
        if self.solved or self.hints >= RUNGS or self.ladder.layout.display == "none" and rung is None:
            return
        if rung is not None and rung != self.hints + 1:
            raise ValueError(_("the task {key} cannot show hint {rung} after {done}").format(
                key=self.key, rung=rung, done=self.hints))
        self.hints += 1
        self.inputs.append(("hint", (self.hints,)))
        text = [self.nudge or self.default_nudge(), self.rule or self.default_rule(), ""][self.hints - 1]
        if self.hints == RUNGS:
            text = self.show_answer()
        self._said.append(text)
        self.changed()

    def default_nudge(self) -> str:
        return _("Read the question again, slowly: what does it ask you to look for?")

    def default_rule(self) -> str:
        return _("Think of the rule this lesson just explained, and apply it to each choice in turn.")

    def show_answer(self) -> str:
        """Rung 3: mark the answer (subclasses mark cards or a button) and say so."""
        return _("The answer is marked.")

    def _draw_ladder(self) -> None:
        names = [_("Nudge"), _("The rule"), _("The answer")]
        if self.solved:
            self.worth.value = (f'<span class="mm-stars" title="{escape(_("stars earned"))}">'
                                f'{star_text(self.stars)}</span>')
        else:
            self.worth.value = (f'<span class="mm-stars mm-stars-worth">{star_text(self.worth_now)}</span> '
                                f'<span class="mm-stars-note">{escape(_("if solved now"))}</span>')
        left = self.hints < RUNGS and not self.solved
        self.hint_button.layout.visibility = "visible" if left else "hidden"  # hidden, not gone: nothing moves
        if left:
            cost = 0 if self.free_hints else self.worth_now - stars(len(self.mistakes), self.hints + 1)
            label = _("Hint {n} of {of}: {what}").format(n=self.hints + 1, of=RUNGS, what=names[self.hints])
            self.hint_button.description = label + (" (−1 ★)" if cost else "")
        self.hint_text.value = "".join(
            f'<p class="mm-hint-{i + 1}"><b>{escape(names[i])}:</b> {escape(t)}</p>' for i, t in enumerate(self._said))
        self.hint_text.layout.display = "" if self._said else "none"


def hidden_points_style(cards: Sequence[Card]) -> W.HTML:
    """Faces without the points badge for the red ``cards`` of a ``mm-hide-points`` row, until answered."""
    rules = []
    for c in cards:
        if c.red:
            for four, scope in ((False, ""), (True, ".mm-four ")):
                face = card_data_uri(c, four_colour=four)
                rules.append(f'{scope}.mm-hide-points .mm-card-slot:not(.mm-right):not(.mm-wrong) .mm-card.'
                             f'{card_class(c)}{{background-image:url("{face}")}}')
    sheet = W.HTML(f"<style>{chr(10).join(rules)}</style>", layout=W.Layout(display="none"))
    sheet.add_class("mm-style")
    return sheet


class PickTask(Task):
    """Click cards: every card in ``targets`` (or ``need`` of them) is right; the others are explained.

    ``right(card)`` and ``wrong(card)`` say why. ``reveal(card)`` (optional) is written under a
    card once clicked, e.g. its points. ``done`` is said when the task is solved. ``row_label``
    names the row of cards to click ("The table:", "Your hand:").
    """

    REPLAYABLE = Task.REPLAYABLE | {"pick"}

    def __init__(self, prompt: str, cards: Sequence[Card], targets: Iterable[Card], *,
                 right: Callable[[Card], str], wrong: Callable[[Card], str], done: str | Callable[[], str] = "",
                 need: int | None = None, reveal: Callable[[Card], str] | None = None, key: str = "",
                 before: Sequence[W.Widget] = (), small: bool = False, placeholder: str = "?",
                 row_label: str = "", topic: str = "", nudge: str = "", rule: str = "") -> None:
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
            # The card played and the row to click side by side, as they lie in a game.
            label = W.HTML(escape(row_label))
            label.add_class("mm-label")
            zone = W.Box([*before, W.VBox([label, self.row])])
            zone.add_class("mm-zone")
            body = [zone]
        super().__init__(prompt, body, key, topic=topic, nudge=nudge, rule=rule)

    def pick(self, card: Card | str) -> None:
        """A learner's click on ``card`` (also callable from Python)."""
        if self.solved:
            return  # finished: what it said stays
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
        if c in self.picked:
            self.say(_("You already picked {card}. {why}").format(card=c, why=self._right(c)), "info")
        elif c in self.targets:
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
                self.say(sentences(text, more), "good")
        else:
            if c not in self.wrong_picks:
                self.wrong_picks.append(c)
            button.mark("wrong")
            self.mistake()
            self.say(self._wrong(c), "bad")
        self.changed()

    def close_inputs(self) -> None:
        for b in self.row.buttons.values():
            b.set_disabled(True)
            if b.card not in self.picked:
                b.set_highlight(None)

    def _left(self) -> list[Card]:
        return [t for t in self.targets if t not in self.picked]

    @property
    def free_hints(self) -> bool:
        # Every card shown is to be chosen: nothing can be wrong, so a hint only helps.
        return self.need >= len(self.row.cards) and set(self.row.cards) <= set(self.targets)

    def default_nudge(self) -> str:
        left = self._left()
        if self.free_hints:
            return ngettext("Nothing here can be wrong: choose the card not chosen yet and read what it says.",
                            "Nothing here can be wrong: choose each of the {n} cards not chosen yet, one by one, "
                            "and read what each says.", len(left)).format(n=len(left))
        ranks = {t.rank for t in left}
        others = [c for c in self.row.cards if c not in self.targets]
        if len(ranks) == 1:
            return _("Look at the {rank}s.").format(rank=rank_word(left[0].rank))
        if all(t.red for t in self.targets) and others and not any(c.red for c in others):
            return _("Look at the colours: hearts and diamonds are red, clubs and spades black.")
        n = self.need - len(self.picked)
        return ngettext("One card here is right.", "{n} cards here are right.", n).format(n=n)

    def default_rule(self) -> str:
        done = self._done if isinstance(self._done, str) else ""
        return done or self._right(self._left()[0]) if self._left() else done

    def show_answer(self) -> str:
        left = self._left()[: max(1, self.need - len(self.picked))]
        for t in left:
            self.row[t].set_highlight("hint")
        if self.free_hints:
            return ngettext("The marked card is the one left to choose.", "The marked cards are the ones left to "
                            "choose.", len(left))
        return ngettext("The marked card is right: choose it.", "The marked cards are right: choose them.",
                        len(left))


def rank_word(rank: int) -> str:
    """A rank as the hints say it ("7", "Jack")."""
    return {1: _("Ace"), 11: _("Jack"), 12: _("Queen"), 13: _("King")}.get(rank, str(rank))


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

    REPLAYABLE = Task.REPLAYABLE | {"submit"}

    def __init__(self, prompt: str, answer: int, *, right: str, hint: Callable[[int, int], str],
                 before: Sequence[W.Widget] = (), key: str = "", placeholder: str = "", topic: str = "",
                 nudge: str = "", rule: str = "") -> None:
        self.answer = answer
        self._right, self._hint = right, hint
        self._last: int | None = None  # the last number checked: checked again unchanged, it is no new mistake
        self.text = W.Text(placeholder=placeholder or _("your answer"), layout=W.Layout(width="160px"))
        self.text.add_class("mm-answer")
        self.text.add_class("mm-numeric")  # the page asks phones for a number keyboard (static/a11y.js)
        self.check = W.Button(description=_("Check"), button_style="primary", layout=W.Layout(width="auto"))
        self.check.add_class("mm-check")
        self.check.on_click(lambda _b: self.submit())
        with warnings.catch_warnings():
            # Enter to check is worth keeping for keyboard users; ipywidgets only deprecates the name.
            warnings.simplefilter("ignore", DeprecationWarning)
            self.text.on_submit(lambda _t: self.submit())
        row = W.HBox([self.text, self.check])
        row.add_class("mm-answer-row")
        super().__init__(prompt, [*before, row], key, topic=topic, nudge=nudge, rule=rule)

    def submit(self, value: str | None = None) -> None:
        if self.solved:
            return
        if value is not None:
            self.text.value = value
        self.inputs.append(("submit", (self.text.value,)))
        got = parse_whole_number(self.text.value)
        if isinstance(got, str):
            self.say(got, "bad")
        else:
            again = got == self._last  # Enter, then Check, on the same number: one answer, one mistake
            self._last = got
            if not again:
                self.attempts += 1
            if got == self.answer:
                self.say(self._right, "good")
                self.solve()
            else:
                if not again:
                    self.mistake()
                self.say(self._hint(got, self.attempts), "bad")
        self.changed()

    def close_inputs(self) -> None:
        self.text.disabled = True
        self.check.disabled = True

    def default_nudge(self) -> str:
        return _("Work it out one step at a time, then type the number.")

    def default_rule(self) -> str:
        return _("Think of the rule this lesson just explained, and use it to work out the number.")

    def show_answer(self) -> str:
        return _("The answer is {n}: type it and press Check.").format(n=self.answer)


class ChoiceTask(Task):
    """Press one of a few answers; each answer has its own explanation."""

    REPLAYABLE = Task.REPLAYABLE | {"choose"}

    def __init__(self, prompt: str, options: Sequence[tuple[str, bool, str]], *, before: Sequence[W.Widget] = (),
                 key: str = "", after: Sequence[W.Widget] = (), topic: str = "", nudge: str = "",
                 rule: str = "") -> None:
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
        super().__init__(prompt, [*before, box, *after], key, topic=topic, nudge=nudge, rule=rule)

    def choose(self, index: int | str) -> None:
        if self.solved:
            return
        self.inputs.append(("choose", (index,)))
        if isinstance(index, str):
            labels = [o[0] for o in self.options]
            if index not in labels:
                self.say(_("“{answer}” is not one of the answers offered.").format(answer=index), "bad")
                self.changed()
                return
            index = labels.index(index)
        if not 0 <= index < len(self.options):
            self.say(_("Choose one of the answers offered."), "bad")
            self.changed()
            return
        self.attempts += 1
        _label, ok, why = self.options[index]
        self.buttons[index].button_style = "success" if ok else "warning"
        self.say(why, "good" if ok else "bad")
        if ok:
            self.solve()
        else:
            self.mistake()
        self.changed()

    def close_inputs(self) -> None:
        for b in self.buttons:
            b.disabled = True

    def default_rule(self) -> str:
        # Why one wrong answer is wrong: the rule at work, one answer fewer to choose from.
        tried = {i for name, args in self.inputs if name == "choose" for i in args if isinstance(i, int)}
        wrong = [i for i, (_l, ok, _w) in enumerate(self.options) if not ok and i not in tried]
        if not wrong:
            return super().default_rule()
        label, _ok, why = self.options[wrong[0]]
        return _("Not “{answer}”: {why}").format(answer=label, why=why)

    def show_answer(self) -> str:
        right = [i for i, (_l, ok, _w) in enumerate(self.options) if ok]
        for i in right:
            self.buttons[i].add_class("mm-hinted")
            self.buttons[i].button_style = "info"
        return _("The marked answer is right: press it.")


class ActionTask(Task):
    """Press a button to make something happen; ``act()`` returns the text to show."""

    REPLAYABLE = Task.REPLAYABLE | {"press", "run"}

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
        self.children = (self.head, row, self.feedback, *body, self.ladder)

    def press(self) -> None:
        if self.solved and not self.repeat:
            return
        self.inputs.append(("press", ()))
        self.attempts += 1
        self.feedback.say(self._act(), "info")
        self.solve()
        if not self.repeat:
            self.button.disabled = True
        self.changed()

    def offer_hints(self, on: bool = True) -> None:
        # Nothing to hint (press the button), but its stars show like any task's.
        super().offer_hints(on)
        self.hint_button.layout.display = "none"


class WidgetTask(Task):
    """Any widget to use (e.g. a whole table); solved when the widget says so via :meth:`solve`.

    The widget's own log is the task's: a coached game's clicks (``inputs``, replayed by its
    ``replay``), a table's decisions (replayed by the engine on the same deal).
    """

    def __init__(self, prompt: str, widget: W.Widget, key: str = "") -> None:
        self.widget = widget
        super().__init__(prompt, [widget], key)
        # Each click in a coached game, each step of a table: the task's log grows.
        for name in ("on_input", "on_step"):
            listen = getattr(widget, name, None)
            if callable(listen):
                listen(lambda _w: self.changed())
                break

    @property
    def mistakes(self) -> list[str]:  # type: ignore[override]
        return list(getattr(self.widget, "mistakes", []))

    @mistakes.setter
    def mistakes(self, value: list[str]) -> None:
        pass  # the widget counts them

    def widget_log(self) -> list[tuple[str, tuple[Any, ...]]]:
        log = getattr(self.widget, "inputs", None)
        if log is not None:
            return list(log)
        game = getattr(self.widget, "game", None)
        try:
            return [("decide", (action_text(ch),)) for ch in getattr(game, "choices", ())]
        except AttributeError:  # a widget whose game logs no decisions: nothing to replay
            return []

    def result(self) -> TaskResult:
        return TaskResult(self.solved, self.mistakes, self.hints, self.widget_log(), self.seconds)

    def replay(self, log: Sequence[tuple[str, tuple]]) -> None:
        if getattr(self.widget, "inputs", None) is not None:
            replay = getattr(self.widget, "replay", None)
            if callable(replay):
                replay(log)  # the widget checks each step (a coach replays only clicks)
            return
        replay_decisions(self.widget, log)

    def offer_hints(self, on: bool = True) -> None:
        super().offer_hints(on)
        self.hint_button.layout.display = "none"  # the widget has its own help (the coach's prompt, Hint)


def action_text(choice: Any) -> str:
    """A recorded decision as the game's ``act`` takes it ("7♥", "Q♠ Q♥", "5♦@2")."""
    action = getattr(choice, "action", None)
    return str(action) if isinstance(action, str) else str(choice.card)


def replay_decisions(table: Any, log: Sequence[tuple[str, tuple]]) -> None:
    """Play ``log``'s decisions on a fresh deal like ``table``'s, every rule checked; show it where it stands."""
    if not log:
        return
    game, presenter = table.game, table.presenter
    seed = presenter.seed_of(game)
    if seed is None:
        raise ValueError(_("this table cannot replay decisions"))
    fresh = presenter.new_game(game.players, presenter.variant_of(game), seed)
    if getattr(fresh, "setup", None) != getattr(game, "setup", None):
        raise ValueError(_("this table cannot replay decisions"))
    for name, args in log:
        if name != "decide" or len(args) != 1 or not isinstance(args[0], str):
            raise ValueError(_("a table's log holds only decisions, not “{name}”").format(name=str(name)[:40]))
        try:
            fresh.act(args[0])
        except Exception as e:  # the engine's RuleError or a card it cannot read: the log is refused
            raise ValueError(_("a recorded decision is not legal: {error}").format(error=e)) from None
    table._set_game(fresh, from_start=False)


class Lesson(W.VBox):
    """A lesson: title, intro, tasks unlocked one by one, and closing words once all are done.

    Its header and its end show the stars earned (``mm-lesson-stars``, ``mm-lesson-end``).
    """

    def __init__(self, key: str, title: str, intro: str, tasks: Sequence[Task], outro: str = "") -> None:
        self.key = key
        self.title = title
        self.tasks = list(tasks)
        self.outro = W.HTML(para(outro) if outro else "")
        self.outro.add_class("mm-outro")
        self.outro.layout.display = "none"
        self.end = W.HTML()  # the stars at the end, and where to go next
        self.end.add_class("mm-lesson-end")
        self.end.layout.display = "none"
        self.end_link = ""  # HTML the tutorial adds under the outro (e.g. a link to the table)
        self._on_change: list[Callable[[Lesson], None]] = []
        # What the learner set here that no answer records, kept with the progress: lesson 6's pace, a number
        # typed but not checked yet.
        self.settings: dict[str, W.ValueWidget] = {}
        self.head = W.HTML(f"<h2>{escape(title)}</h2>")
        self.head.add_class("mm-lesson-title")
        self.stars_html = W.HTML()
        self.stars_html.add_class("mm-lesson-stars")
        header = W.Box([self.head, self.stars_html])
        header.add_class("mm-lesson-header")
        intro_w = W.HTML(para(intro))
        intro_w.add_class("mm-intro")
        for i, t in enumerate(self.tasks):
            t.on_solved(self._solved)
            t.on_change(lambda _t: self._changed())
            if i:
                t.layout.display = "none"
                t._shown_at = None  # its time starts when it appears
        super().__init__([header, intro_w, *self.tasks, self.outro, self.end])
        for i, t in enumerate(self.tasks):
            if isinstance(t, NumberTask):
                self.add_setting(f"typed-{t.key or i}", t.text)
        self.add_class("mm-lesson")
        self.add_class(f"mm-lesson-{key}")
        self._draw()

    @property
    def solved(self) -> bool:
        return all(t.solved for t in self.tasks)

    @property
    def done_count(self) -> int:
        return sum(t.solved for t in self.tasks)

    @property
    def stars(self) -> int:
        return sum(t.stars for t in self.tasks)

    def on_change(self, callback: Callable[[Lesson], None]) -> None:
        self._on_change.append(callback)

    def add_setting(self, name: str, widget: W.ValueWidget) -> None:
        """A choice the learner makes in this lesson (a pace, say), kept with the progress: a change is a change."""
        self.settings[name] = widget
        widget.observe(lambda _ch: self._changed(), names="value")

    def setting_values(self) -> dict[str, Any]:
        """The settings worth keeping (an empty box is as fresh: not kept)."""
        return {name: w.value for name, w in self.settings.items() if w.value != ""}

    def apply_settings(self, values: dict[str, Any]) -> None:
        """Set the named choices; ValueError naming the first that this lesson does not have or offer."""
        for name, value in values.items():
            widget = self.settings.get(name)
            if widget is None:
                raise ValueError(_("the lesson {key} has no setting {name!r}").format(key=self.key, name=name[:40]))
            try:
                widget.value = value
            except Exception:  # noqa: BLE001 - the widget refused it (not one of its options): so is the record
                raise ValueError(_("the lesson {key} does not offer {value!r} for {name}").format(
                    key=self.key, value=str(value)[:40], name=name)) from None

    def offer_hints(self) -> None:
        for t in self.tasks:
            t.offer_hints()

    def _changed(self) -> None:
        self._draw()
        for cb in list(self._on_change):
            cb(self)

    def _draw(self) -> None:
        n = len(self.tasks)
        got = star_text(self.stars, 3 * n)
        self.stars_html.value = (f"<span class='mm-stars' title='{escape(_('stars earned'))}'>{got}</span> "
                                 f"<span class='mm-stars-note'>{self.stars}/{3 * n}</span>")
        if self.solved:
            text = _("Lesson done: {stars} of {n} stars.").format(stars=self.stars, n=3 * n)
            if self.stars < 3 * n:
                text = sentences(text, _("Each task done right first time, without a hint, earns three."))
            self.end.value = f"<p><b>{escape(text)}</b> <span class='mm-stars'>{got}</span></p>{self.end_link}"
        self.end.layout.display = "" if self.solved else "none"

    def _solved(self, task: Task) -> None:
        i = self.tasks.index(task)
        if i + 1 < len(self.tasks):
            self.tasks[i + 1].layout.display = ""
            self.tasks[i + 1].shown()
        if self.solved:
            self.outro.layout.display = "" if self.outro.value else "none"
            self.add_class("mm-lesson-done")
        self._changed()

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
            if isinstance(mine, WidgetTask) and isinstance(theirs, WidgetTask):
                replay, log = getattr(mine.widget, "replay", None), getattr(theirs.widget, "inputs", None)
                if callable(replay) and log is not None:
                    replay(log)
            else:
                mine.replay(theirs.inputs)
            mine.seconds, mine._shown_at = theirs.seconds, theirs._shown_at
        _move_tables(old, self)
        for name, value in old.setting_values().items():
            if name in self.settings:
                self.settings[name].value = value  # the moved table's own pace, a number typed not yet checked
        for mine, theirs in zip(self.tasks, old.tasks, strict=False):
            theirs.on_solved(_forward(mine))  # a moved table still reports to its old task
            if theirs.solved:
                mine.solve()
            mine.seconds = theirs.seconds

    def set_end_link(self, html: str) -> None:
        self.end_link = html
        self._draw()


def tables_in(widget: W.Widget, parent: W.Widget | None = None) -> list[tuple[W.Widget, W.Widget | None]]:
    """Every ``TableWidget`` inside ``widget`` (depth first), with the box holding it."""
    from mainmerah.table.table import TableWidget

    if isinstance(widget, TableWidget):
        return [(widget, parent)]
    found = []
    for child in getattr(widget, "children", ()) or ():
        found += tables_in(child, widget)
    return found


def close_all(widget: W.Widget, keep: Iterable[W.Widget] = ()) -> int:
    """Close ``widget`` and every widget under it (children, layouts, styles, widgets held as attributes)
    except ``keep`` and what those hold, and the layouts and styles many widgets share; returns how many
    were closed.

    A lesson replaced (a language switch, "Try again", "Start over") then leaves no model behind, in the
    kernel's registry or in the page: each switch used to leave some 300.
    """
    from mainmerah.table.cards import shared_models

    skip = {id(w) for w in (*keep, *shared_models())}
    seen: set[int] = set()
    stack, closed = [widget], 0
    while stack:
        w = stack.pop()
        if id(w) in skip or id(w) in seen:
            continue
        seen.add(id(w))
        stack.extend(c for c in (getattr(w, "children", ()) or ()) if isinstance(c, W.Widget))
        stack.extend(s for name in ("layout", "style") if isinstance(s := getattr(w, name, None), W.Widget))
        # Parts kept as attributes but not shown as children (a table's match sheet and its menu, say).
        stack.extend(v for v in vars(w).values() if isinstance(v, W.Widget))
        cancel = getattr(w, "_cancel_timer", None)
        if callable(cancel):
            cancel()  # a table's pending computer step must not fire into a closed widget
        if getattr(w, "comm", None) is not None:
            w.close()
            closed += 1
    return closed


def _move_tables(old: W.Widget, new: W.Widget) -> None:
    """Put each table of ``old`` where ``new`` has the matching (fresh, unplayed) one; close the fresh ones."""
    for (fresh, box), (kept, _box) in zip(tables_in(new), tables_in(old), strict=False):
        if box is None:
            continue
        box.children = tuple(kept if c is fresh else c for c in box.children)
        if isinstance(box, WidgetTask) and box.widget is fresh:
            box.widget = kept
        close_all(fresh)


def _forward(task: Task) -> Callable[[Task], None]:
    """A callback that solves ``task`` when another task is solved."""
    return lambda _solved: task.solve()
