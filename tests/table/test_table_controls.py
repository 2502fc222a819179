"""The table's controls in the kernel: deal codes (box and URL), Redo, the match's length and its
sheet per player count, the buttons that keep their places, the levels explained."""

from __future__ import annotations

import mainmerah as mm
from mainmerah.families.fishing.dealcode import decode, encode, example
from mainmerah.pages.play import options_from_query
from mainmerah.table import TableWidget


def finish(t: TableWidget) -> None:
    """Play the human's seat with the first legal choice until the game ends."""
    while (d := t.game.decision) is not None:
        assert d.seat == 0
        t.game.decide(d.options[0])
        t.decided()


# ----- deal codes --------------------------------------------------------------------------------
def test_a_deal_code_in_the_seed_box_deals_that_game() -> None:
    t = TableWidget(seed=1, auto=False)
    code = encode(3, "jb", 9006)
    t.controls.seed.value = code.lower()  # case does not matter
    t.controls.deal_button.click()
    want = decode(code).game()
    assert (t.game.game_name, t.game.players, t.game.variant.name, t.game.seed) == ("main-merah", 3, "jb", 9006)
    assert t.game.events[0] == want.events[0]  # the same deal (the computers may have moved since)
    assert code in t.prompt.value and t.controls.seed.value == code
    assert len(t.opp_panels) == 2


def test_a_chinese_ten_code_turns_the_table_to_chinese_ten() -> None:
    t = TableWidget(seed=1, auto=False)
    t.controls.seed.value = encode(4, "chinese-ten", 8412)
    t.controls.deal_button.click()
    assert (t.game.game_name, t.game.players, t.game.seed) == ("chinese-ten", 4, 8412)
    assert t.presenter.game_name == "chinese-ten" and len(t.opp_panels) == 3


def test_a_bad_code_is_named_and_changes_nothing() -> None:
    t = TableWidget(seed=7, auto=False)
    before = t.game.to_json()
    good = encode(2, "classic", 9006)
    t.controls.seed.value = good[:-1] + ("A" if good[-1] != "A" else "B")  # a wrong check letter
    t.controls.deal_button.click()
    assert "check letter" in t.prompt.value and "mm-error" in t.prompt.cls
    assert t.game.to_json() == before
    t.controls.seed.value = "-3"
    t.controls.deal_button.click()
    assert "0 or more" in t.prompt.value and t.game.to_json() == before


def test_the_url_takes_a_code_and_names_a_bad_one() -> None:
    kw, problems = options_from_query("code=2P-CLASSIC-9006-U")
    assert kw == {"players": 2, "seed": 9006, "variant": "classic"} and problems == []
    code = encode(4, "chinese-ten", 8412)
    kw, problems = options_from_query(f"code={code}&seed=5&players=2")
    assert kw == {"game": "chinese-ten", "players": 4, "seed": 8412}
    assert len(problems) == 1 and "seed" in problems[0] and "players" in problems[0]
    kw, problems = options_from_query("code=2P-CLASSIC-9006-X&pace=fast")
    assert "seed" not in kw and kw["delay"] == 0.45
    assert len(problems) == 1 and "code=2P-CLASSIC-9006-X" in problems[0] and "check letter" in problems[0]


def test_a_code_typed_wrong_is_named_with_the_tables_own_games_example() -> None:
    """A Chinese Ten table (its seed box, its link) names a code it cannot read with a Chinese Ten code, a Main Merah
    table with a Main Merah one: a table never shows another game's example for its own."""
    examples = {"main-merah": example(), "chinese-ten": example("chinese-ten")}
    for game, own in examples.items():
        other = next(e for g, e in examples.items() if g != game)
        t = TableWidget(game=game, seed=4, auto=False)
        before = t.game.to_json()
        t.deal_code("4P-8412")
        assert own in t.prompt.value and other not in t.prompt.value and t.game.to_json() == before, t.prompt.value
        _kw, problems = options_from_query(f"game={game}&code=4P-8412")
        assert len(problems) == 1 and own in problems[0] and other not in problems[0], problems


# ----- undo and redo -----------------------------------------------------------------------------
def test_redo_brings_back_what_undo_took_back() -> None:
    t = TableWidget(seed=3, auto=False, bots=["greedy"])
    assert t.redo_button.disabled and not t.redo()
    for _ in range(2):  # two plays of yours, each followed by the computer's moves
        d = t.game.decision
        t.play(sorted(d.options)[0]) if d.kind == "play" else t.choose(d.options[0])
        t.skip()
    played = t.game.to_json()
    shown = len(t.game.events)
    assert t.undo() and not t.redo_button.disabled and t.redo_button.state()[5] is True
    assert len(t.game.events) < shown
    assert t.redo()
    assert t.game.to_json() == played and len(t.game.events) == shown
    assert "Redone" in t.prompt.value and t.redo_button.disabled
    # a new play after an undo drops what could be redone
    t.undo()
    d = t.game.decision
    other = [c for c in d.options if c != mm.Game.from_json(played).choices[-2].card] if d.kind == "play" else []
    if other:
        t.play(other[0])
        t.skip()
        assert t.redo_button.disabled and not t.redo()


# ----- the match ---------------------------------------------------------------------------------
def test_a_match_of_three_games_ends_and_the_next_starts_afresh() -> None:
    t = TableWidget(seed=11, auto=True, delay=0)
    values = [v for _l, v in t.sheet.length.options]
    assert values[:4] == ["open", "g3", "g5", "g10"] and "t300" in values  # RULES.md: games or a target
    t.sheet.length.value = "g3"
    for k in (1, 2):
        finish(t)
        assert f"Game {k} of 3" in t.sheet.body.value and not t.sheet.over
        t.next_game()
    finish(t)
    assert t.sheet.over and "Match over" in t.sheet.body.value and len(t.sheet.rows) == 3
    best = max(t.sheet.totals)
    assert f"with {best}" in t.sheet.body.value
    t.next_game()
    finish(t)
    assert len(t.sheet.rows) == 1 and not t.sheet.over  # a new match


def test_changing_players_keeps_each_counts_match() -> None:
    t = TableWidget(seed=5, auto=True, delay=0)
    finish(t)
    two = list(t.sheet.rows)
    assert len(two) == 1
    t.new_game(players=3, seed=6)
    assert t.sheet.rows == [] and "match of 3 players" in t.sheet.body.value
    finish(t)
    assert len(t.sheet.rows) == 1 and t.sheet.players == 3
    t.new_game(players=2, seed=8)
    assert t.sheet.rows == two  # the two-player match is where it was


# ----- the buttons and words ----------------------------------------------------------------------
def test_buttons_that_come_and_go_keep_their_places() -> None:
    t = TableWidget(seed=1, auto=False)
    states = {b[0]: b for b in t.view.buttons}
    assert list(states)[:5] == ["play", "cancel", "hint", "undo", "redo"]  # Next and Skip come last
    assert states["cancel"][3] and states["cancel"][5]  # hidden (nothing selected), its place kept
    assert states["next"][5] is False  # Next comes and goes at the end, where it moves nothing
    no_hints = TableWidget(seed=1, auto=False, hints=False)
    assert {b[0]: b for b in no_hints.view.buttons}["hint"][5] is False


def test_the_levels_are_explained_where_they_are_chosen() -> None:
    t = TableWidget(seed=1, auto=False)
    note = t.view.level_note
    assert all(word in note for word in ("random", "greedy", "expert"))
    watch = TableWidget(seed=1, auto=False, bots=[mm.make_bot("greedy", seed=1)])  # a scripted bot: no level
    assert watch.view.level_note == ""


def test_a_typed_card_not_in_hand_is_said_to_you() -> None:
    t = TableWidget(seed=1, auto=False)
    hand = set(t.game.hands[0])
    text = next(s for s in ("AS", "KH", "2C", "9D", "5H") if mm.Card.parse(s) not in hand)
    t.enter(text)
    assert "your hand" in t.prompt.value and "seat" not in t.prompt.value
