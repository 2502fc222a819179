"""Issue 23's findings: each sentence that was false, checked against the engine that it is now true."""

from __future__ import annotations

import re

from mainmerah.core import registry
from mainmerah.core.cards import Card
from mainmerah.families.fishing.hint import hints
from mainmerah.families.fishing.ui.lessons import chinese_ten as CT
from mainmerah.teach.lesson import ChoiceTask


def _play_order(game: str, players: int, dealer: int) -> list[int]:
    """The seats in the order the engine asks them to play, one round."""
    g = registry.new_game(game, seed=3, players=players, dealer=dealer)
    seats: list[int] = []
    while len(seats) < players:
        d = g.decision  # type: ignore[attr-defined]
        assert d is not None
        if d.kind == "play":
            seats.append(d.seat)
        g.act(g.legal_actions()[0])  # type: ignore[attr-defined]
    return seats


def test_chinese_ten_first_task_says_who_plays_last_as_the_engine_plays() -> None:  # finding 1
    task = CT.first_task()
    assert isinstance(task, ChoiceTask)
    order = _play_order("chinese-ten", 4, 3)
    for label, _right, why in task.options:
        seat = int(re.search(r"\d", label).group()) - 1  # type: ignore[union-attr]
        for said in re.findall(r"Seat (\d) sits just before the dealer", why):
            assert order.index(int(said) - 1) == order.index(3) - 1
        if "plays last of all" in why:
            assert order[-1] == seat, why
        if "the dealer plays last" in why or "the dealer, who plays last" in why:
            assert order[-1] == 3, why
    assert order[-1] == 3  # the dealer plays last


def test_a_black_ace_that_scores_is_not_called_pointless() -> None:  # finding 2
    g = registry.game_from_layout(
        "chinese-ten", hands=["A♠ 4♣ 2♣ 3♣", "6♠ 2♠ 3♠ 7♠", "8♠ 10♣ J♣ Q♣"], table="5♣ 6♣ 7♣ K♣",
        stock="3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥", first=0, dealer=2)
    worth = g.rules.card_points(Card.parse("A♠"), 3)  # type: ignore[attr-defined]
    assert worth > 0
    ace = next(h for h in hints(g, rollouts=40, seed=1) if str(h.card) == "A♠")
    assert "black, so it gives away no points" not in ace.reason
    assert f"its {worth} points" in ace.reason
