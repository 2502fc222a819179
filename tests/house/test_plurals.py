"""Issue 23 finding 20, the English slips: counts and ranks agree in number ("1 card is left",
"3 sixes", "A♠ scores too"), one case and several generated for each sentence that says a count."""

from __future__ import annotations

import re

import pytest

from mainmerah.core.cards import RANKS, Card, rank_plural
from mainmerah.core.i18n import set_language
from mainmerah.families.fishing import explain as fishing_explain
from mainmerah.families.fishing.events import Deal
from mainmerah.families.fishing.rules import get_ruleset
from mainmerah.families.in_the_red.events import DealStart

# English plurals that a bare "+s" gets wrong, and the bare "+s" forms themselves.
BAD_PLURALS = re.compile(r"\b(sixs|1 cards|1 cards are|cards is)\b")


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def test_each_rank_has_its_english_plural() -> None:
    assert [rank_plural(r) for r in range(1, len(RANKS) + 1)] == [
        "aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks",
        "queens", "kings"]


@pytest.mark.parametrize("rank", range(1, len(RANKS) + 1))
def test_redeal_reason_names_the_rank_in_the_plural(rank: int) -> None:
    text = get_ruleset("classic").redeal_text(rank, 3)
    assert text.startswith(f"3 {rank_plural(rank)} on the table"), text
    assert "sixs" not in text


@pytest.mark.parametrize("rank", [6, 7, 13])
def test_the_fourth_card_takes_three_of_a_plural_rank(rank: int) -> None:
    from mainmerah.families.fishing.events import Capture

    card, *taken = [Card.parse(f"{RANKS[rank - 1]}{s}") for s in "HDCS"]
    e = Capture(seat=0, card=card, taken=taken[0], source="hand", how="only", options=tuple(taken),
                more=tuple(taken[1:]))
    text = e.explain(you=0)
    assert f"takes all three {rank_plural(rank)} on the table" in text, text
    assert "sixs" not in text


def _deal(players: int) -> Deal:
    table = tuple(Card.parse(c) for c in ("2H", "3D", "4C", "5S"))
    return Deal(players=players, variant="chinese-ten", dealer=0, first=1, seed=None, table=table,
                hand_sizes=(5,) * players, stock_size=52 - 4 - 5 * players)


@pytest.mark.parametrize("players", [3, 4])
def test_scoring_black_aces_agree_with_their_verb(players: int) -> None:
    rules = get_ruleset("chinese-ten")
    scoring = [c for c in (Card.parse("AS"), Card.parse("AC")) if rules.card_points(c, players)]
    assert scoring  # 3 players: A♠ alone; 4 players: both black aces
    text = _deal(players).explain()
    cards = " ".join(map(str, scoring))
    said = f"{cards} scores too" if len(scoring) == 1 else f"{cards} score too"
    assert f"With {players} players {said}" in text, text


@pytest.mark.parametrize("pack", [0, 1, 2, 30])
def test_in_the_red_says_how_many_cards_are_left_in_the_pack(pack: int) -> None:
    stacks = (Card.parse("7H"), Card.parse("2S"))
    e = DealStart(number=1, dealer=0, starter=1, stacks=stacks, hand_sizes=(5, 5), pack_size=pack, packs=1)
    text = e.explain(you=0)
    said = "1 card is left in the pack" if pack == 1 else f"{pack} cards are left in the pack"
    assert said in text, text
    assert not BAD_PLURALS.search(text), text


def test_fishing_explain_module_builds_no_bare_plural() -> None:
    """No rank name gets a bare "s" glued on in a message: the plural comes from rank_plural."""
    import inspect

    source = inspect.getsource(fishing_explain)
    assert "{rank}s" not in source


@pytest.mark.parametrize("n", [1, 2, 13])
def test_red_ten_table_counts_a_hand_of_one_card_in_the_singular(n: int) -> None:
    from dataclasses import replace

    from mainmerah.table import TableWidget

    t = TableWidget(game="red-ten", seed=5, bots=["greedy", "greedy", "greedy"], auto=False)
    full = t.presenter.frame_at(t.game, len(t.game.events))
    frame = replace(full, hands=[h[:n] for h in full.hands])
    label = t.presenter.seat_state(frame, 1)["hand"]["label"]
    mine = t.presenter.you_state(frame, 0)["hand_label"]
    if n == 1:
        assert (label, mine) == ("1 card", "Your hand: 1 card")
    else:
        assert (label, mine) == (f"{n} cards", f"Your hand: {n} cards, low to high")


@pytest.mark.parametrize(("scoring", "rest"), [(1, 1), (1, 2), (2, 1), (5, 7), (0, 3)])
def test_game_over_counts_each_pile_in_the_right_number(scoring: int, rest: int) -> None:
    from mainmerah.families.fishing.ui.gameover import pile_note

    def cards(n: int, what: str) -> str:
        return f"1 {what}card scores" if n == 1 else f"{n} {what}cards score"

    assert pile_note(scoring, rest) == f"{cards(scoring, 'red ')}, {cards(rest, 'black ')} 0"
    assert pile_note(scoring, rest, reds_only=False) == (
        f"{cards(scoring, '')}, {rest} {'scores' if rest == 1 else 'score'} 0")
