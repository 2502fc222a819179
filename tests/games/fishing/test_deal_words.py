"""Issue 23 finding 15: a fishing game's first line names the starting table's cards and says why the first
player starts, per each game's rule book, in English and Bahasa Indonesia."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import mainmerah as mm
from mainmerah.core import registry
from mainmerah.core.cards import cards_text
from mainmerah.core.i18n import set_language
from mainmerah.families.fishing.bots import make_bot, play_out
from mainmerah.families.fishing.match import Match


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


def deal_line(g) -> str:  # noqa: ANN001
    return next(e for e in g.events if e.kind == "deal").explain()


@pytest.mark.parametrize("game", [
    mm.Game.new(2, "classic", seed=31), mm.Game.new(3, "jb", seed=4),
    registry.new_game("chinese-ten", seed=3, players=4, dealer=3)])
def test_the_starting_table_is_named(game) -> None:  # noqa: ANN001
    line = deal_line(game)
    n = len(game.setup.table)
    assert f"The starting table: {n} cards face up ({cards_text(game.setup.table)})" in line


def test_classic_the_dealer_starts() -> None:
    g = mm.Game.new(2, "classic", seed=31, dealer=1)
    assert g.setup.first == 1
    assert "First to play: Seat 1, the dealer (under the classic rules the dealer starts)." in deal_line(g)


def test_cardgames_and_chinese_ten_the_seat_after_the_dealer_starts() -> None:
    g = mm.Game.new(3, "cardgames", seed=11, dealer=2)
    assert g.setup.first == 0
    assert "First to play: Seat 0, the seat after the dealer, Seat 2 (under the cardgames rules" in deal_line(g)
    ct = registry.new_game("chinese-ten", seed=3, players=4, dealer=3)
    assert ct.decision.seat == 0  # type: ignore[union-attr]
    assert ("First to play: Seat 0, the seat after the dealer, Seat 3 (in Chinese Ten the seat after the dealer "
            "starts, and the dealer plays last).") in deal_line(ct)


def test_jb_draws_the_first_player() -> None:
    for seed in range(6):
        g = mm.Game.new(3, "jb", seed=seed)
        assert f"First to play: Seat {g.setup.first}, drawn at random" in deal_line(g)


@pytest.mark.parametrize("variant", ["classic", "jb"])
def test_a_matchs_later_game_names_the_lowest_scorer(variant: str) -> None:
    m = Match(2, variant, games=3, seed=4)
    play_out(m.game, [make_bot("greedy", 1), make_bot("greedy", 2)])
    low = m.game.scores.index(min(m.game.scores))
    m.next_game()
    line = deal_line(m.game)
    assert f"First to play: Seat {low}, the lowest scorer of the game before" in line
    assert "drawn at random" not in line and "the dealer (" not in line
    again = mm.load_game(m.game.to_json())  # the save file keeps why
    assert deal_line(again) == line


def test_a_chinese_ten_match_passes_the_deal_and_the_seat_after_it_starts() -> None:
    m = Match(3, "chinese-ten", games=2, seed=5, dealer=0)
    play_out(m.game, [make_bot("greedy", s) for s in range(3)])
    m.next_game()
    assert m.game.setup.dealer == 1 and "First to play: Seat 2, the seat after the dealer, Seat 1" in deal_line(m.game)


def test_a_position_laid_out_by_hand_says_so() -> None:
    g = mm.Game.from_layout(hands=["7H", "2C"], table="3D 8C", stock="4C 5C", first=1, variant="cardgames")
    assert "First to play: Seat 1, as this position was set up." in deal_line(g)


def test_a_forged_opener_is_refused() -> None:
    from mainmerah.core.errors import SaveFileError
    from mainmerah.families.fishing.save import load_body

    body = mm.Game.new(2, "classic", seed=3).save_body()
    assert "opener" not in body  # a plain deal says nothing more: the deal tells why
    body["opener"] = "bribe"
    with pytest.raises(SaveFileError, match="opener"):
        load_body(body)


def test_in_bahasa_indonesia() -> None:
    set_language("id")
    g = registry.new_game("chinese-ten", seed=3, players=4, dealer=3)
    line = deal_line(g)
    assert "The starting table" not in line and "First to play" not in line
    assert cards_text(g.setup.table) in line
    m = mm.Game.new(2, "jb", seed=9)
    assert "drawn at random" not in deal_line(m)
