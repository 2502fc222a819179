"""Review this game, at the table (mainmerah/table/review.py), in every registered game: offered once the
game is over, the moments listed (or no real mistake and the best decision named), each tried again from
the position the player had, the new choice judged the same way and nothing played."""

from __future__ import annotations

import random
import re

import pytest

from mainmerah.core import registry
from mainmerah.core.i18n import set_language
from mainmerah.table.intents import Act
from mainmerah.table.table import TableWidget


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def finished_table(name: str, seed: int = 3) -> TableWidget:
    """A table of ``name`` whose person (seat 0) played at random to the end, by the table's own wishes."""
    info = registry.get(name)
    players = 2 if 2 in info.players else info.default_players
    t = TableWidget(game=name, players=players, seed=seed, bots="greedy", auto=False)
    t.review.background = False
    t.review.worlds = 8
    chooser = info.make_bot("random", seed=seed)
    for _turn in range(3000):
        d = t.game.decision
        if d is None:
            break
        if d.seat == t.human and t.caught_up:
            assert t.review.layout.display == "none", "no review while the game goes on"
            assert t.enter(str(chooser.choose(t.game.view(d.seat)))), t.error
        else:
            t.next()
    assert t.game.decision is None
    t.next()  # (a deal's result may wait for the player)
    return t


@pytest.mark.parametrize("name", registry.games())
def test_review_at_the_table_and_try_again(name: str) -> None:
    t = finished_table(name)
    panel = t.review
    assert panel.layout.display == "" and panel.start_button.layout.display == ""
    played = list(t.game.choices)
    panel.start_button.click()
    shown = text(panel.status.value)
    assert "compared over 8 deals of the cards you could not see" in shown
    r = panel.result
    assert r is not None and r.seat == t.human and list(t.game.choices) == played
    if not r.moments:
        assert "No real mistake" in shown and r.best is not None and r.best.action in shown
        return
    assert len(panel.retry_buttons) == len(panel.moments.children) == min(len(r.moments), 5)
    first = text(panel.moments.children[0].children[0].value)
    m = r.moments[0]
    assert m.action in first and m.better in first and f"What happened after {m.action}" in first
    panel.retry_buttons[0].click()
    assert t.retrying is m and len(t.game.choices) == m.step and t.game.decision.seat == t.human
    assert panel.back_button.layout.display == ""
    assert "Try this position again" in (t.note or "")
    assert t.enter(m.action)
    assert len(t.game.choices) == m.step, "a try is judged, not played"
    assert "worse on average" in (t.note or "") or "as good as" in (t.note or ""), t.note
    assert t.enter(m.better) and "the best choice found" in (t.note or "")
    panel.back_button.click()
    assert t.retrying is None and t.game.decision is None and t.game.choices == played
    assert panel.result is r, "the review is kept while its game is shown"


def test_a_new_game_forgets_the_review_and_the_language_is_switched_live() -> None:
    t = finished_table("main-merah", seed=5)
    t.review.start_button.click()
    assert t.review.result is not None
    set_language("id")
    try:
        assert t.review.start_button.description == "Tinjau permainan ini"
        assert "kartu yang tidak bisa kamu lihat" in text(t.review.status.value)
        set_language("zh")
        assert t.review.start_button.description == "回顾这局"
        assert "你看不到的牌" in text(t.review.status.value)
        assert all(b.description == "再试一次这个局面" for b in t.review.retry_buttons)
    finally:
        set_language("en")
    t.new_game(seed=9)
    assert t.review.layout.display == "none" and t.review.result is None


def test_a_game_undone_and_played_on_is_reviewed_afresh() -> None:
    t = finished_table("in-the-red", seed=4)
    t.review.start_button.click()
    assert t.review.result is not None
    assert t.undo() and t.review.layout.display == "none"
    while t.game.decision is not None:  # played on (by the computers' wishes) to another end
        d = t.game.decision
        if d.seat == t.human and t.caught_up:
            assert t.enter(t.game.legal_actions()[-1]), t.error
        else:
            t.next()
    t.next()
    assert t.review.layout.display == "" and t.review.result is None
    assert t.review.start_button.layout.display == ""


# ----- every seat a person played: pass and play, each person's own seat from that seat's view ------------------
def finished_pass_and_play(name: str, players: int, people: dict[int, str], seed: int) -> TableWidget:
    """A pass-and-play table of ``name`` played to the end by its people (at random) and computers (greedy)."""
    rng = random.Random(seed)
    t = TableWidget(game=name, players=players, seed=seed, people=people, bots="greedy", auto=False, controls=False)
    t.review.background = False
    t.review.worlds = 8
    for _turn in range(3000):
        while not t.caught_up or (t.game.decision is not None and t.game.decision.seat not in people):
            t._page_message({"k": "button", "name": "next-deal" if t.resting else "next"})
        d = t.game.decision
        if d is None:
            break
        if t.human != d.seat:
            assert t.review.layout.display == "none", "no review while the game goes on"
            t._page_message({"k": "button", "name": "reveal"})
        action = rng.choice(sorted(t.game.legal_actions()))
        assert t.ask(lambda _d, a=action: Act(a)), t.error  # type: ignore[misc]
    assert t.game.decision is None and t.human is None
    return t


def test_pass_and_play_each_person_reviews_their_own_seat_from_their_view_only() -> None:
    t = finished_pass_and_play("red-ten", 4, {0: "Sari", 2: "Budi"}, seed=5)
    real = t.game
    panel = t.review
    assert panel.layout.display == "" and panel.start_button.layout.display == "none"
    assert [b.description for b in panel.people_buttons.values()] == ["Review Sari's decisions",
                                                                      "Review Budi's decisions"]
    panel.people_buttons[2].click()
    r = panel.result
    assert r is not None and r.seat == 2 and panel.seat == 2
    assert "Budi: your decisions, judged and played out from what you could see." in text(panel.status.value)
    panel.people_buttons[0].click()  # Sari's own review replaces Budi's
    r = panel.result
    assert r is not None and r.seat == 0 and "Sari: your decisions" in text(panel.status.value)
    assert r.moments, "this seeded hand has mistakes"
    m = r.moments[0]
    # Its lines and its position are dealt from Sari's view: the same to her, not where Budi's cards really were.
    shown = panel.at(m.step)
    truth = real.replay().goto(m.step)
    assert shown.view(0) == truth.view(0) and shown.hands[2] != truth.hands[2]
    panel.retry_buttons[0].click()
    assert t.retrying is m and t.human is None and t.passing == 0  # the pass screen first: Sari's position
    t._page_message({"k": "button", "name": "reveal"})
    assert t.human == 0 and t.game.hands[2] == shown.hands[2]
    assert t.enter(m.better) and "the best choice found" in (t.note or "")
    panel.back_button.click()
    assert t.retrying is None and t.game is real and t.game.decision is None and t.human is None
