"""A review of one seat's decisions in a game of any registered game: where its choices cost the most.

Game-neutral, through the contract only (OpenSpiel's way): each decision of the seat is replayed from what
the seat could see. The cards it could not see are dealt otherwise (``GameInfo.other_world``) ``worlds`` times;
in each world every legal action is played and the game finished by the computer at ``level`` for every seat;
an action's worth is the seat's final score in that world (the lower the better where the lowest total wins).
Every legal action is first played in a quarter of the worlds; the played one and the three best go on to all.
The same worlds and the same computer seeds serve every action, so two actions are compared on equal terms,
and a decision is called a mistake only when what it lost is larger than twice the estimate's standard error
(and at least ``least`` points): chance alone is not a mistake. A position with nothing hidden is one world.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mainmerah.core.contract import GameState
from mainmerah.core.i18n import _, ngettext
from mainmerah.core.registry import GameInfo, get
from mainmerah.core.words import level_name

Progress = Callable[[int, int], object]  # (decisions judged, decisions to judge)
FINALISTS = 3  # the actions (with the one played) judged on every world after a first look on a quarter of them


@dataclass(frozen=True)
class Option:
    """One legal action at a judged decision: what it lost against the best found, on the worlds it was
    played in (every world for the played one and the finalists, a quarter of them for the rest)."""

    action: str
    loss: float
    spread: float  # the paired standard error of ``loss``
    worlds: int

    def mistake(self, least: float = 0.5) -> bool:
        """Whether choosing it is a real mistake: a loss beyond twice its uncertainty (and ``least`` points)."""
        return self.loss > 2 * self.spread and self.loss >= least


@dataclass(frozen=True)
class Moment:
    """One decision of the seat, judged: what was played, the best action found, and what the choice cost."""

    step: int  # the decision's index in the game's history (``game.goto(step)`` is the position before it)
    seat: int
    action: str  # what was played, in the game's notation
    better: str  # the action that did best in the sampled worlds (``action`` itself when nothing beat it)
    loss: float  # the seat's points lost on average by ``action`` against ``better`` (0: the best found)
    spread: float  # the standard error of ``loss`` (paired over the same worlds)
    gain: float  # what ``action`` won on average against the mean of the other legal actions
    worlds: int  # how many deals of the unseen cards it was judged over (1: nothing was hidden)
    options: int  # how many legal actions there were
    answers: tuple[Option, ...] = ()  # every legal action judged against ``better`` (a retry is judged by it)
    themes: tuple[str, ...] = ()  # what the choice got wrong, ids of the game's themes (GameInfo.themes), main first

    @property
    def theme(self) -> str | None:
        """The main theme's id (None: the best action was played, or the game names no themes)."""
        return self.themes[0] if self.themes else None

    @property
    def is_mistake(self) -> bool:
        return self.better != self.action and self.loss > 2 * self.spread

    def answer(self, action: str) -> Option | None:
        """How ``action`` was judged at this decision (None: not one of its legal actions)."""
        return next((o for o in self.answers if o.action == action), None)

    def verdict(self, action: str, least: float = 0.5) -> str:
        """Another try at this decision, judged the same way, in words (the current language)."""
        o = self.answer(action)
        if o is None:
            return _("{action} was not a legal action here.").format(action=action)
        if action == self.better:
            return _("{action}: the best choice found. Well done!").format(action=action)
        if not o.mistake(least):
            return _("{action}: as good as the best choice found, within what the deals can tell apart "
                     "({better} was about {loss} points better on average, ± {spread}).").format(
                action=action, better=self.better, loss=_points(o.loss), spread=_points(o.spread))
        return _("{action}: still about {loss} points worse on average (± {spread}) than {better}. "
                 "Try again?").format(action=action, loss=_points(o.loss), spread=_points(o.spread),
                                       better=self.better)

    def explain(self) -> str:
        """The judgement in words, in the current language."""
        if self.better == self.action:
            return _("{action} was the best choice here.").format(action=self.action)
        return _("{better} was better than {action}: about {loss} points better on average (± {spread}).").format(
            better=self.better, action=self.action, loss=_points(self.loss), spread=_points(self.spread))


@dataclass(frozen=True)
class Review:
    """Every judged decision of one seat; ``moments``: the real mistakes, the costliest first."""

    game: str
    seat: int
    level: str
    worlds: int
    decisions: tuple[Moment, ...]  # in the order they were taken
    least: float

    @property
    def moments(self) -> tuple[Moment, ...]:
        found = [m for m in self.decisions if m.is_mistake and m.loss >= self.least]
        return tuple(sorted(found, key=lambda m: (-m.loss, m.step)))

    @property
    def best(self) -> Moment | None:
        """The seat's best decision: of those where it chose the best action found, the one whose choice beat
        the other actions by the most (None: the seat had no decision with a choice to make)."""
        good = [m for m in self.decisions if m.better == m.action]
        if good:
            return max(good, key=lambda m: (m.gain, -m.step))
        return min(self.decisions, key=lambda m: (m.loss, m.step), default=None)

    def method(self) -> str:
        """One line on how the decisions were judged, for the page."""
        return ngettext(
            "Each decision was compared over {n} deal of the cards you could not see, the computer ({level}) "
            "playing every seat after it.",
            "Each decision was compared over {n} deals of the cards you could not see, the computer ({level}) "
            "playing every seat after it.", self.worlds).format(n=self.worlds, level=level_name(self.level))


def theme_name(game: str, theme: str) -> str:
    """A theme's name in the current language, as the game ``game`` names it (``GameInfo.theme_names``)."""
    names = get(game).theme_names
    return _(names[theme]) if theme in names else theme


def themes_of(info: GameInfo, before: GameState[Any], played: str, better: str) -> tuple[str, ...]:
    """What ``played`` got wrong against ``better`` at ``before``, asked of the game (no themes: ())."""
    if info.themes is None or played == better:
        return ()
    return tuple(info.themes(before, played, better))


def _points(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".") if abs(x) < 10 else f"{x:.0f}"


def worth(info: GameInfo, game: GameState[Any], seat: int) -> float:
    """The seat's final result, higher is better (In The Red's lowest total wins: its total negated)."""
    return _better(info, float(game.scores[seat]))


def _better(info: GameInfo, score: float) -> float:
    return -score if info.low_wins else score


def outcome(info: GameInfo, world: GameState[Any], action: str, seat: int, level: str, seed: int) -> float:
    """``seat``'s result (higher is better) when it takes ``action`` in ``world`` and the computer at ``level``
    plays on: on the game's fast path where it has one (``GameInfo.playout``), else through the engine."""
    if info.playout is not None:
        score = info.playout(world, action, level, seed)
        if score is not None:
            return _better(info, float(score))
    g = world.copy()
    g.act(action)
    return worth(info, finish(info, g, level, seed), seat)


def finish(info: GameInfo, game: GameState[Any], level: str, seed: int) -> GameState[Any]:
    """``game`` played to its end by the computer at ``level`` in every seat (seeded, so repeatable)."""
    bots = [info.make_bot(level, seed=seed * 16 + s) for s in range(game.players)]
    for _move in range(10_000):
        d = game.decision
        if d is None:
            return game
        game.act(bots[d.seat].choose(game.view(d.seat)))
    raise RuntimeError(f"{info.name}: a game did not end in 10,000 decisions")


def played_action(before: GameState[Any], decision: object) -> str:
    """The legal action (in notation) whose record is ``decision``, the one the game took next."""
    step = len(before.choices)
    for action in before.legal_actions():
        after = before.copy()
        after.act(action)
        if after.choices[step] == decision:
            return action
    raise ValueError(f"decision {step} of this game is none of its legal actions")


def judge(info: GameInfo, before: GameState[Any], seat: int, played: str, worlds: int, level: str,
          rng: random.Random, wait: Callable[[], object] | None = None,
          ) -> tuple[str, float, float, float, int, tuple[Option, ...]]:
    """(best action, loss, spread, gain, worlds used, every action judged) for ``played`` at ``before``
    (the seat to move). ``wait`` is called before each play-out (it may block, to pause, or raise, to stop)."""
    actions = before.legal_actions()
    dealt: list[GameState[Any]] = []
    for _i in range(worlds):
        other = info.other_world(before, seat, rng)
        if other is None:  # nothing hidden: one world says it all
            dealt = [before]
            break
        dealt.append(other)
    seeds = [rng.randrange(1 << 30) for _w in dealt]

    def outcomes(action: str, worlds: range) -> list[float]:
        got = []
        for i in worlds:
            if wait is not None:
                wait()
            got.append(outcome(info, dealt[i], action, seat, level, seeds[i]))
        return got

    # Every action on the first quarter of the worlds; the played one and the FINALISTS best of them on all.
    first = len(dealt) // 4 if len(dealt) >= 8 else len(dealt)
    values = {a: outcomes(a, range(first)) for a in actions}
    early = {a: sum(v) / len(v) for a, v in values.items()}
    others = [early[a] for a in actions if a != played]
    gain = early[played] - sum(others) / len(others) if others else 0.0
    finalists = sorted(actions, key=lambda a: -early[a])[:FINALISTS]
    for a in {*finalists, played}:
        values[a] = values[a] + outcomes(a, range(first, len(dealt)))
    mean = {a: sum(values[a]) / len(values[a]) for a in {*finalists, played}}
    best = max(mean, key=lambda a: (mean[a], a == played, a))
    judged = []
    for a in actions:
        diffs = [b - p for b, p in zip(values[best], values[a], strict=False)]  # the worlds ``a`` was played in
        judged.append(Option(a, sum(diffs) / len(diffs), _stderr(diffs), len(diffs)))
    mine = next(o for o in judged if o.action == played)
    return best, mine.loss, mine.spread, gain, len(dealt), tuple(judged)


def _stderr(xs: Sequence[float]) -> float:
    n = len(xs)
    if n < 2:
        return 0.0
    m = sum(xs) / n
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


class Reviewer:
    """The judging of one seat's decisions in one game, a decision at a time and in order, so that it can be
    done while the game is still played (:meth:`advance` again as the game goes on) and finished at its end:
    the same worlds and seeds, whenever each decision is judged, so the review is the same as :func:`review`'s.
    Not thread-safe: one thread at a time advances it."""

    def __init__(self, game: GameState[Any], seat: int = 0, worlds: int = 40, level: str = "greedy",
                 seed: int = 0, least: float = 0.5) -> None:
        info = get(game.game_name)
        if not 0 <= seat < game.players:
            raise ValueError(_("no seat {seat} in a game of {n} players").format(seat=seat, n=game.players))
        if level not in info.bots:
            raise ValueError(_("unknown computer level {level!r}: choose one of {levels}").format(
                level=level, levels=", ".join(info.bots)))
        if worlds < 1:
            raise ValueError(f"worlds must be at least 1, not {worlds!r}")
        self.info, self.seat, self.worlds, self.level, self.least = info, seat, worlds, level, least
        self.rng = random.Random(seed)
        self.judged: list[Moment] = []  # the seat's decisions judged so far, in order
        self.choices: list[Any] = []  # the game's decisions gone through so far (each of the seat's judged)

    def follows(self, game: GameState[Any]) -> bool:
        """Whether ``game`` (of the same deal) goes on from the decisions gone through (none was undone)."""
        return game.game_name == self.info.name and list(game.choices[:len(self.choices)]) == self.choices

    def todo(self, game: GameState[Any]) -> list[int]:
        """The steps of ``game``'s history (from where it stands) at which the seat had a choice to make."""
        steps: list[int] = []
        position = game.replay().goto(len(self.choices))
        for step in range(len(self.choices), len(game.choices)):
            d = position.decision
            if d is not None and d.seat == self.seat and len(position.legal_actions()) > 1:
                steps.append(step)
            position.redo()
        return steps

    def advance(self, game: GameState[Any], progress: Progress | None = None,
                wait: Callable[[], object] | None = None) -> None:
        """Judge the seat's decisions in ``game`` (which :meth:`follows` this) not judged yet, in order.
        ``progress(judged, to judge)`` counts every decision, those judged before included; ``wait`` (see
        :func:`judge`) may raise to stop: the decision under way is then left as if never begun."""
        if not self.follows(game):
            raise ValueError("this game does not go on from the decisions already judged")
        todo = set(self.todo(game))
        total = len(self.judged) + len(todo)
        history = list(game.choices)
        position = game.replay().goto(len(self.choices))
        for step in range(len(self.choices), len(history)):
            if step in todo:
                before = position.copy()
                played = played_action(before, history[step])
                state = self.rng.getstate()
                try:
                    best, loss, spread, gain, used, answers = judge(self.info, before, self.seat, played,
                                                                    self.worlds, self.level, self.rng, wait)
                except BaseException:
                    self.rng.setstate(state)  # as if never begun: the next try draws the same worlds
                    raise
                themes = themes_of(self.info, before, played, best) if loss > 2 * spread else ()
                self.judged.append(Moment(step, self.seat, played, best, loss, spread, gain, used, len(answers),
                                          answers, themes))
                if progress is not None:
                    progress(len(self.judged), total)
            self.choices.append(history[step])
            position.redo()

    def review(self) -> Review:
        """The review of the decisions judged so far."""
        return Review(self.info.name, self.seat, self.level, self.worlds, tuple(self.judged), self.least)


def review(game: GameState[Any], seat: int = 0, worlds: int = 40, level: str = "greedy", seed: int = 0,
           least: float = 0.5, progress: Progress | None = None) -> Review:
    """Judge every decision ``seat`` took in ``game`` (finished or not) with more than one legal action."""
    r = Reviewer(game, seat, worlds, level, seed, least)
    r.advance(game, progress)
    return r.review()


def position(game: GameState[Any], step: int) -> GameState[Any]:
    """``game`` as it stood before its decision ``step`` (a new game: ``game`` is unchanged)."""
    return game.replay().goto(step).copy()


def line(game: GameState[Any], step: int, action: str, level: str = "greedy", seed: int = 0,
         names: list[str] | None = None, you: int | None = None, limit: int = 8) -> list[str]:
    """What ``action`` at decision ``step`` of ``game`` leads to in this very deal, in the engine's own words:
    the action and the others' answers until the same seat decides again (at most ``limit`` sentences),
    the computer at ``level`` playing every seat. Only for a finished game (nothing is hidden any more)."""
    g = position(game, step)
    d = g.decision
    if d is None:
        raise ValueError(f"no decision at step {step} of this game")
    seat, seen = d.seat, len(g.events)
    g.act(action)
    info = get(g.game_name)
    bots = [info.make_bot(level, seed=seed * 16 + s) for s in range(g.players)]
    while (d := g.decision) is not None and d.seat != seat and len(g.events) - seen < limit:
        g.act(bots[d.seat].choose(g.view(d.seat)))
    return [e.explain(names, you) for e in g.events[seen:seen + limit]]
