"""The table for every fishing game: the controller knows no game, the presenter draws each one.

Chinese Ten on the table plays to the end with computers for 2, 3 and 4 players, its board
showing every seat; the page's ``?game=`` picks the game and checks players and variants per game.
"""

from __future__ import annotations

import pytest

import mainmerah as mm
from mainmerah.families.fishing.ui.frame import frame_at
from mainmerah.pages.play import options_from_query
from mainmerah.table import TableWidget
from mainmerah.table.presenter import Presenter, presenter_class


@pytest.fixture
def chinese_ten() -> None:
    pytest.importorskip("mainmerah.families.fishing", reason="the Chinese Ten engine is not registered yet")


def drive(t: TableWidget) -> int:
    """Finish the game: the human plays its last option, Next shows everything else."""
    n = 0
    while not (t.game.is_over and t.caught_up):
        d = t.human_decision
        if d is None:
            assert t.next(), t.error
        elif d.kind == "play":
            assert t.play(d.options[-1]), t.error
        else:
            assert t.choose(d.options[0]), t.error
        n += 1
        assert n < 800
    return n


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_chinese_ten_table_plays_to_the_end_with_bots(players: int, chinese_ten: None) -> None:
    t = TableWidget(game="chinese-ten", players=players, seed=11, bots=["greedy", "random", "expert"][: players - 1],
                    auto=False)
    assert t.presenter.game_name == "chinese-ten" and t.game.game_name == "chinese-ten"
    assert t.header["title"] == "Chinese Ten" and "Chinese Ten" == t.view.header["title"]
    assert len(t.view.opps) == players - 1 and len(t.opp_panels) == players - 1
    assert [len(h) for h in t.frame.hands] == [24 // players] * players
    assert t.controls is not None and [v for _l, v in t.controls.players.options] == [2, 3, 4]
    assert t.controls.variant_row.layout.display == "none"  # Chinese Ten has no variants to choose
    drive(t)
    g = t.game
    assert g.is_over and t.frame.over and not g.table  # Chinese Ten's table always ends empty
    assert sum(g.scores) == {2: 210, 3: 240, 4: 280}[players]
    assert tuple(t.frame.scores) == g.scores
    assert t.panel.lines[-1] == "Game over." and len(t.panel.lines) == len(g.events)
    for seat in range(players):
        assert f'data-seat="{seat}" data-score="{g.scores[seat]}"' in t.gameover.body.value
    assert t.sheet.rows[-1].scores == g.scores
    t.next_game_button.click()  # the next game of the match: still Chinese Ten, the deal passes on
    assert t.game.game_name == "chinese-ten" and t.game.players == players and not t.game.is_over


def test_chinese_ten_frames_match_the_engine_at_every_decision(chinese_ten: None) -> None:
    for players in (2, 3, 4):
        for seed in range(8):
            g = mm.new_game("chinese-ten", seed=seed, players=players)
            bots = [mm.make_bot("random", seed=seed * 5 + s) for s in range(players)]
            while True:
                f = frame_at(g, len(g.events))
                assert sorted(f.table, key=lambda c: c.index) == sorted(g.table, key=lambda c: c.index)
                assert f.piles == [list(p) for p in g.piles] and tuple(f.scores) == g.scores
                assert f.stock == g.stock_size and f.over == g.is_over
                if g.decision is None:
                    break
                g.decide(bots[g.decision.seat].choose(g.view(g.decision.seat)))


def test_a_save_file_of_another_game_switches_the_table(chinese_ten: None) -> None:
    t = TableWidget(players=2, seed=4, auto=False)
    saved = mm.new_game("chinese-ten", seed=5, players=4).to_json()
    assert t.load(saved), t.error
    assert t.game.game_name == "chinese-ten" and t.header["title"] == "Chinese Ten" and len(t.view.opps) == 3
    drive(t)
    assert t.game.is_over


def test_the_presenter_interface_is_the_only_game_specific_part() -> None:
    cls = presenter_class("chinese-ten")
    assert issubclass(cls, Presenter) and presenter_class("main-merah") is cls
    with pytest.raises(ValueError, match="no table for the game"):
        presenter_class("poker")


def test_query_string_picks_the_game_and_checks_players_and_variants_per_game() -> None:
    kw, problems = options_from_query("game=chinese-ten&players=4&seed=3")
    assert kw == {"game": "chinese-ten", "players": 4, "seed": 3} and problems == []
    kw, problems = options_from_query("game=Chinese-Ten&players=5&variant=jb")
    assert kw == {"game": "chinese-ten"} and len(problems) == 2
    assert "Ignored players=5: Chinese Ten is for 2, 3 or 4 players." in problems
    assert "Ignored variant=jb: Chinese Ten has no variants." in problems
    kw, problems = options_from_query("game=red-ten&players=3")
    assert kw == {"game": "red-ten"} and problems == ["Ignored players=3: Red Ten is for 4 players."]
    kw, problems = options_from_query("game=poker&players=4")
    assert kw == {} and problems[0].startswith("Ignored game=poker") and "Main Merah is for 2 or 3" in problems[1]
