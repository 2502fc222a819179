"""The shipped puzzles: re-proved by the solver on every run, legal, explained in both languages."""

from __future__ import annotations

import tomllib
from collections import Counter
from fnmatch import fnmatch

import pytest
from paths import ROOT

import mainmerah as mm
from mainmerah.core.i18n import set_language
from mainmerah.families.fishing import puzzle_maker
from mainmerah.families.fishing.puzzles import DATA, THEMES, puzzle, record
from mainmerah.families.fishing.solver import Solver

ALL = mm.puzzles("main-merah") + mm.puzzles("chinese-ten")


@pytest.fixture
def indonesian():  # type: ignore[no-untyped-def]
    set_language("id")
    yield
    set_language("en")


def test_at_least_60_puzzles_in_three_levels_for_both_games() -> None:
    assert len(ALL) >= 60
    levels = Counter((p.game, p.level) for p in ALL)
    assert all(levels[(g, lv)] >= 8 for g in ("main-merah", "chinese-ten") for lv in (1, 2, 3)), levels
    assert len({p.id for p in ALL}) == len(ALL)
    assert mm.puzzles(level=2) == [p for p in mm.puzzles() if p.level == 2]
    # Harder levels hold more cards or a longer line.
    by_level = {lv: [p for p in ALL if p.level == lv] for lv in (1, 2, 3)}
    cards = {lv: max(len(p.layout["hands"][p.seat]) for p in ps) for lv, ps in by_level.items()}
    assert cards[1] < cards[3] and max(p.depth for p in by_level[1]) < max(p.depth for p in by_level[3])


@pytest.mark.parametrize("game", ["main-merah", "chinese-ten"])
def test_every_shipped_puzzle_is_proved_again_by_the_solver(game: str) -> None:
    for p in mm.puzzles(game):
        start = p.start()
        values = Solver(start.rules).values(start)
        assert values == p.values, f"{p.id}: the solver's values changed"
        ranked = sorted(values.values(), reverse=True)
        assert values[p.best] == ranked[0] and ranked[0] - ranked[1] >= 2, p.id
        assert p.tempting != p.best and p.tempting in values


def test_each_layout_is_the_position_with_its_piles_and_plays_the_best_legally() -> None:
    for p in ALL:
        g = mm.game_from_layout(p.game, **p.layout)
        assert isinstance(g, mm.Game) and g.decision is not None and g.decision.kind == "play"
        assert g.seat == p.seat and sorted(g.legal_actions()) == sorted(p.values)
        assert sum(map(len, g.piles)) > 0 and sorted(g.all_cards(), key=lambda c: c.index) == list(mm.PACK)
        assert g.scores == tuple(sum(g.points(c) for c in pile) for pile in g.piles)
        assert p.best in g.legal_actions()
        g.act(p.best)


def test_every_line_is_legal_and_ends_with_its_value() -> None:
    for p in ALL:
        for action, line in p.lines.items():
            g = p.start()
            before = g.scores[p.seat] - g.scores[1 - p.seat]
            assert line[0] == action
            for a in line:
                assert a in g.legal_actions(), f"{p.id}: {a} is not legal in the line of {action}"
                g.act(a)
            assert g.is_over and g.scores[p.seat] - g.scores[1 - p.seat] - before == p.values[action], p.id
            # The words say that gain, from here on (not the final margin: the piles' points so far are left out).
            v, words = p.values[action], p.margin_text(action)
            assert words.startswith("from here on") and (f" {abs(v)} point" in words if v else "as many" in words)
            assert ("more" in words) == (v > 0) and ("fewer" in words) == (v < 0), (p.id, words)


def test_themes_and_reasons_in_english_and_indonesian(indonesian: None) -> None:
    assert Counter(t for p in ALL for t in p.theme_ids).keys() <= THEMES.keys()
    assert len({t for p in ALL for t in p.theme_ids}) >= 6
    for p in ALL:
        assert p.themes and len(p.themes) == len(p.theme_ids)
        indo, indo_themes = p.reason, p.themes
        set_language("en")
        english, english_themes = p.reason, p.themes
        set_language("id")
        assert english.startswith(f"If you play {p.tempting}:") and f"Play {p.best} instead" in english
        assert p.best in indo and p.tempting in indo and indo != english
        for word in ("If you play", "instead", "stays on the table", "With best play", "points better"):
            assert word not in indo, f"{p.id}: untranslated {word!r}"
        assert all(a != b for a, b in zip(english_themes, indo_themes, strict=True))


def test_a_wrong_answer_is_explained_by_the_line_that_punishes_it() -> None:
    p = next(p for p in ALL if len(p.values) >= 3)
    for action in p.values:
        text = p.explain(action)
        assert text.startswith(f"You play {action}.") and p.margin_text(action) in text
    with pytest.raises(ValueError, match="not a legal action"):
        p.explain("2X")


def test_the_api_refuses_unknown_games_and_levels() -> None:
    with pytest.raises(ValueError, match="red-ten"):
        mm.puzzles("red-ten")
    with pytest.raises(ValueError, match="levels"):
        mm.puzzles(level=4)
    with pytest.raises(ValueError, match="no puzzle"):
        puzzle("mm-nope")
    assert puzzle(ALL[5].id) is ALL[5] and mm.puzzles(" Chinese-Ten ") == mm.puzzles("chinese-ten")


def test_the_shipped_puzzles_are_what_the_maker_makes() -> None:
    solver = {g: Solver(puzzle_maker.RULESET[g]) for g in puzzle_maker.QUOTAS}
    for p in ALL[::9]:
        left = len(p.layout["hands"][p.seat])
        made = puzzle_maker.make(p.game, p.seed, left, solver[p.game])
        assert made is not None and record(made) == record(p), p.id


def test_the_puzzle_data_is_package_data() -> None:
    root = ROOT
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["mainmerah"]
    relative = DATA.relative_to(root / "mainmerah").as_posix()
    assert any(fnmatch(relative, pattern) for pattern in patterns)
