"""Every code example in the README runs (issue 23, finding 10): each ```python block, and each inline call of
the public API (`mm.…(…)`) in the text, as written."""

from __future__ import annotations

import re
from typing import Any

import pytest
from paths import ROOT

README = ROOT / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
# Inline calls of the public API in the prose, e.g. `mm.make_bot("expert", seed=1, game="red-ten")`.
INLINE = re.findall(r"(?<!`)`(mm\.[\w.]+\([^`]*\))`", README.read_text(encoding="utf-8"))


def test_the_readme_has_examples() -> None:
    assert len(BLOCKS) >= 4 and len(INLINE) >= 2, (len(BLOCKS), INLINE)


@pytest.mark.parametrize("n", range(len(BLOCKS)))
def test_each_python_block_runs(n: int, capsys: pytest.CaptureFixture[str]) -> None:
    space: dict[str, Any] = {"__name__": f"readme_block_{n}"}
    exec(compile(BLOCKS[n], f"README.md python block {n + 1}", "exec"), space)  # noqa: S102 - the README's own code
    # What a block's comments promise about the first call it prints, where they quote it.
    out = capsys.readouterr().out
    for line in BLOCKS[n].splitlines():
        m = re.match(r"print\((\w+)\.decision\)\s+# (Decision\(seat=\d+, kind='\w+')", line.strip())
        if m:
            assert out.startswith(m.group(2)), (out[:80], m.group(2))


@pytest.mark.parametrize("call", INLINE)
def test_each_inline_call_runs(call: str) -> None:
    import mainmerah as mm

    result = eval(call, {"mm": mm})  # noqa: S307 - the README's own text
    assert result is not None
    if "make_bot" in call and "game=" in call:
        game = re.search(r'game="([\w-]+)"', call).group(1)  # type: ignore[union-attr]
        g = mm.new_game(game, seed=1)
        assert g.decision is not None
        g.act(result.choose(g.view(g.decision.seat)))  # the bot plays that game


def test_the_readme_counts_the_fishing_lessons_right() -> None:
    """The README says how many lessons Main Merah and Chinese Ten have; the registry's lessons say the same."""
    from mainmerah.core import registry

    text = re.sub(r"\s+", " ", README.read_text(encoding="utf-8"))
    words = {5: "five", 6: "six"}
    for game, said in (("main-merah", r"Main Merah comes first \((\w+) lessons\)"),
                       ("chinese-ten", r"Chinese Ten, whose (\w+) lessons")):
        target = registry.ui(game).lessons
        assert target is not None
        m = re.search(said, text)
        assert m, said
        assert m.group(1) == words[len(registry.load(target)())], (game, m.group(1))


def test_the_readme_games_table_is_true() -> None:
    """The README's first table says what each game is: each row's words are played out against the engine by the
    game's own claim checks, and its players are the registry's (a new or changed row fails until it is)."""
    from test_claims_chinese_ten import black_aces, deal, sweep_three
    from test_claims_in_the_red import deal_end_and_scores, picks_up
    from test_claims_main_merah import pairing_and_red
    from test_claims_red_ten import scoring_one, teams

    from mainmerah.core import registry

    checks = {
        "main-merah": ("the Indonesian fishing game: pair cards that make ten (a ten or a court card with its own "
                       "rank); only red cards score, 210 points", (pairing_and_red,)),
        "chinese-ten": ("Main Merah's cousin: four table cards, captures of three, black Aces that score when more "
                        "play (A♠ with 3 players, A♠ and A♣ with 4)", (deal, sweep_three, black_aces)),
        "red-ten": ("a climbing game with hidden teams: the holders of the two red tens play together (one player with "
                    "both plays alone)", (teams, scoring_one)),
        "in-the-red": ("an Eights-style stacking game: whoever shows the highest red card (with no red, the lowest "
                       "black) picks up; lowest total wins", (picks_up, deal_end_and_scores)),
    }
    rows = re.findall(r"^\| \*\*(.+?)\*\*[^|]*\| (.+?) \| ([\d–]+) \|$", README.read_text(encoding="utf-8"), flags=re.M)
    by_title = {title: (words, players) for title, words, players in rows}
    assert sorted(by_title) == sorted(registry.get(g).title for g in registry.games())
    for game, (words, played_by) in checks.items():
        said, players = by_title[registry.get(game).title]
        assert said == words, (game, said)
        for check in played_by:
            check()
        low, high = min(registry.get(game).players), max(registry.get(game).players)
        assert players == (f"{low}–{high}" if low != high else str(low)), (game, players)
