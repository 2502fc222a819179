"""The table widgets in the kernel, without a browser: driven through their Python API
and simulated button clicks, checked against the engine."""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections import Counter

import ipywidgets as w
import pytest
from ipywidgets.widgets.widget import _instances

import mainmerah as mm
from mainmerah.draw.svg import CardRow, card_data_uri, card_svg
from mainmerah.draw.text import esc
from mainmerah.families.fishing.rules import card_name
from mainmerah.families.fishing.ui.art import game_html, view_html
from mainmerah.families.fishing.ui.frame import _boundaries, boundaries, frame_at
from mainmerah.pages.play import options_from_query
from mainmerah.table import TableWidget
from mainmerah.table.controls import bot_levels
from mainmerah.table.style import card_class

C = mm.Card.parse


def classes(button: w.Button) -> set[str]:
    return set(button._dom_classes)


def from_page(t: TableWidget, **msg: object) -> None:
    """A message from the page, delivered the way the widget's comm delivers it."""
    t.view._handle_custom_msg(msg, [])


def marked(slots, mark: str) -> list[mm.Card]:
    return [b.card for b in slots.buttons if b.card is not None and f"mm-{mark}" in classes(b)]


def drive(t: TableWidget, pick=lambda d, f: d.options[-1]) -> int:
    """Finish the game: ``pick`` chooses for the human, Next shows everything else."""
    n = 0
    while not (t.game.is_over and t.caught_up):
        d = t._my_decision()
        if d is None:
            assert t.next(), t.error
        elif d.kind == "play":
            assert t.play(pick(d, t.frame)), t.error
        else:
            assert t.choose(pick(d, t.frame)), t.error
        n += 1
        assert n < 500
    return n


# ----- frames: the display folded from the event log -------------------------------------
@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("variant", ["classic", "cardgames", "jb"])
def test_frames_match_the_engine_at_every_decision(players: int, variant: str) -> None:
    for seed in range(6):
        g = mm.Game.new(players, variant, seed=seed)
        bots = [mm.make_bot("random", seed=seed * 3 + s) for s in range(players)]
        while True:
            f = frame_at(g, len(g.events))
            assert f.table == list(g.table)
            assert [sorted(h, key=lambda c: c.index) for h in f.hands] == \
                [sorted(h, key=lambda c: c.index) for h in g.hands]
            assert f.piles == [list(p) for p in g.piles]
            assert f.stock == g.stock_size and tuple(f.scores) == g.scores
            assert f.over == g.is_over
            assert f.air == g.pending
            if g.decision is None:
                break
            g.decide(bots[g.decision.seat].choose(g.view(g.decision.seat)))


@pytest.mark.parametrize("seed", range(6))
def test_the_table_folds_on_from_its_last_frame_to_the_same_frame(seed: int) -> None:
    """The table keeps its last frame and folds only the new events: always the frame a full fold gives."""
    import random

    rng = random.Random(seed)
    t = TableWidget(players=2 + seed % 2, seed=seed, auto=False)
    for _ in range(400):
        d = t.human_decision
        action = rng.choice(["next", "next", "next", "undo", "replay", "back", "exit", "load", "move", "move"])
        if action == "move" and d is not None:
            (t.play if d.kind == "play" else t.choose)(rng.choice(d.options))
        elif action == "load" and rng.random() < 0.2:
            t.load(t.game.to_json())
        elif action == "exit":
            t.exit_replay()
        elif action in ("next", "undo", "replay", "back"):
            getattr(t, action)()
        fresh = frame_at(t.game, t.shown)
        assert t.frame == fresh, action
        assert boundaries(t.game.events) == _boundaries(list(t.game.events))  # the kept answer is still right
        if t.game.is_over and t.caught_up:
            t.new_game(seed=rng.randrange(1000))


def test_steps_end_at_each_settled_card_and_at_a_pending_choice() -> None:
    g = mm.Game.from_layout(hands=["7h 2s", "4c 6c"], table="3c 3d 9s", stock="8s Jd Kd Qd", first=0)
    assert boundaries(g.events) == [1]
    g.play("7h")  # two threes match: a choice is pending
    assert g.decision.kind == "capture"
    assert boundaries(g.events) == [1, 2]
    g.capture("3d")
    kinds = [e.kind for e in g.events]
    bounds = boundaries(g.events)
    assert all(kinds[b - 1] in ("capture", "stay", "deal", "end") for b in bounds)
    # once chosen, the play and its capture are one step, the flip and its result the next
    assert [kinds[a:b] for a, b in zip(bounds, bounds[1:], strict=False)][:2] == [["play", "capture"], ["flip", "stay"]]


# ----- select, then confirm ----------------------------------------------------------------
def two_choice_game() -> mm.Game:
    # Seat 0 holds 7♥; the table has two threes: a capture choice.
    return mm.Game.from_layout(hands=["7h 2s Kc", "4c 6c Jc"], table="3c 3d 9s Qh",
                               stock="8s Jd Kd 5c 5d 5h", first=0)


def test_selecting_highlights_the_partners_before_anything_is_played() -> None:
    g = mm.Game.from_layout(hands=["7h 2s", "4c 6c"], table="3c 9s Qh", stock="8s Jd Kd Qd", first=0)
    t = TableWidget(game=g, bots=["greedy"], auto=False)
    button = t.hand.button_for("7h")
    button.click()  # a simulated click
    assert t.selected == C("7h")
    assert g.choices == []  # nothing played yet
    assert marked(t.table_cards, "match") == [C("3c")]
    assert marked(t.hand, "selected") == [C("7h")]
    assert "7♥ would take 3♣ (7 + 3 = 10)" in t.prompt.value
    assert "mm-hidden" not in classes(t.play_button) and not t.play_button.disabled
    button.click()  # the second click plays it
    assert g.choices == [mm.Choice(0, "play", C("7h"))]
    assert C("3c") in t.frame.piles[0] and C("7h") in t.frame.piles[0]


def test_the_flip_is_its_own_step() -> None:
    g = mm.Game.from_layout(hands=["7h 2s", "4c 6c"], table="3c 9s Qh", stock="8s Jd Kd Qd", first=0)
    t = TableWidget(game=g, bots=["greedy"], auto=False)
    t.play("7h")
    assert any(e.kind == "flip" for e in g.events)  # the engine flipped already...
    assert t.frame.stock == 4 and not any(e.kind == "flip" for e in t.frame.step)  # ...not shown yet
    assert "mm-hidden" not in classes(t.next_button)
    t.next()
    assert t.frame.stock == 3 and [e.kind for e in t.frame.step] == ["flip", "stay"]
    assert C("8s") in t.frame.table and marked(t.table_cards, "new") == [C("8s")]


def test_several_matches_you_click_the_one_to_take() -> None:
    g = two_choice_game()
    t = TableWidget(game=g, bots=["greedy"], auto=False)
    t.select("7h")
    assert marked(t.table_cards, "match") == [C("3c"), C("3d")]
    assert "choose the one you want to take" in t.prompt.value
    t.confirm()
    assert g.decision.kind == "capture" and t.caught_up
    assert marked(t.table_cards, "choice") == [C("3c"), C("3d")]
    assert "Your turn: choose the card to take" == t.header["status"] == t.status
    t.table_cards.button_for("3d").click()
    assert g.choices[-1] == mm.Choice(0, "capture", C("3d"))
    assert C("3d") in t.frame.piles[0] and C("3c") in t.frame.table
    assert any("3♦ was chosen over 3♣" in text for _cls, text in t.panel.latest)


def test_a_selected_card_can_take_a_table_card_directly() -> None:
    g = two_choice_game()
    t = TableWidget(game=g, bots=["greedy"], auto=False)
    t.select("7h")
    assert t.choose("3c")
    assert g.choices == [mm.Choice(0, "play", C("7h")), mm.Choice(0, "capture", C("3c"))]
    assert t.choose("Qh") is False  # the flip is still to be shown: refused, never raised
    assert "Wait" in t.prompt.value


def test_jb_tells_which_card_its_rule_takes() -> None:
    g = mm.Game.from_layout(hands=["7h 2s Kc", "4c 6c Jc"], table="3c 3d 9s Qh",
                            stock="8s Jd Kd 5c 5d 5h", first=0, variant="jb")
    t = TableWidget(game=g, bots=["greedy"], auto=False)
    t.select("7h")
    assert "the jb rule would take 3♦" in t.prompt.value
    t.confirm()
    assert g.piles[0] == (C("7h"), C("3d"))


# ----- never trust a value from the page -----------------------------------------------------
def test_refused_moves_are_explained_and_change_nothing() -> None:
    g = two_choice_game()
    t = TableWidget(game=g, bots=["greedy"], auto=False)
    before = g.to_json()
    assert t.select("AS") is False and "A♠ is not in your hand" in t.prompt.value
    assert "mm-error" in classes(t.prompt)
    from_page(t, k="enter", text="AS")  # a typed (or forged) card goes to the engine, which refuses it
    assert "A♠ is not in your hand" in t.prompt.value
    from_page(t, k="enter", text="zz")
    assert "not a card: 'zz'" in t.prompt.value
    assert t.confirm() is False and "Select a card" in t.prompt.value
    assert g.to_json() == before and t.frame.hands[0] == sorted(g.hands[0], key=lambda c: (c.rank, c.index))
    t.play("7h")
    from_page(t, k="enter", text="9s")  # a capture choice that is not a match
    assert "7♥ cannot capture 9♠" in t.prompt.value
    assert len(g.choices) == 1
    from_page(t, k="enter", text="3c")  # typing a right one works
    assert g.choices[-1] == mm.Choice(0, "capture", C("3c"))


def test_clicks_out_of_turn_are_refused() -> None:
    g = mm.Game.new(3, "cardgames", seed=3)  # cardgames: the seat after the dealer starts
    t = TableWidget(game=g, bots=["greedy", "greedy"], auto=False)
    assert g.choices[0].seat == 1 and not t.caught_up  # the computer already chose, not yet shown
    t.hand.buttons[0].click()
    assert "Wait: a move is being shown" in t.prompt.value and t.selected is None
    t.skip()
    t.play(t.frame.hands[0][0])
    while t.human_decision is not None and t.human_decision.kind == "capture":
        t.choose(t.human_decision.options[0])
    t.skip()
    hidden = next(b for b in t.hand.buttons if b.card is None)  # the slot of the card just played
    n = len(g.choices)
    hidden.click()  # a hidden, empty slot (a forged click)
    assert len(g.choices) == n and "no longer in your hand" in t.prompt.value


# ----- computer opponents, narration, the end ----------------------------------------------------
@pytest.mark.parametrize("players,variant,seed", [(2, "classic", 11), (3, "cardgames", 4), (3, "jb", 8)])
def test_a_whole_game_narrated_and_scored(players: int, variant: str, seed: int) -> None:
    t = TableWidget(players=players, variant=variant, seed=seed, bots=["greedy", "random"], auto=False)
    steps = []
    t.on_step(lambda tw: steps.append(tw.step))
    drive(t)
    g = t.game
    assert g.is_over and t.frame.over
    names, you = t.names, 0
    expected = [e.explain(names, you) for e in g.events if e.kind != "end"]
    assert t.panel.lines[:-1] == expected and t.panel.lines[-1] == "Game over."
    captures = [e for e in g.events if e.kind == "capture"]
    assert captures and all(esc(e.explain(names, you)) in t.panel.log_box.value for e in captures)
    assert "mm-hidden" not in classes(t.gameover)
    for seat in range(players):
        assert f'data-seat="{seat}" data-score="{g.scores[seat]}"' in t.gameover.body.value
        assert g.score_card(seat) in t.gameover.body.value
    assert t.sheet.rows[-1].scores == g.scores and t.sheet.totals == list(g.scores)
    assert steps == sorted(steps) and len(steps) > 2 * players


def test_stranded_cards_are_explained_at_the_end() -> None:
    # Three aces and two nines on the starting table: an ace and a nine must stay.
    g = mm.Game.from_layout(hands=["2c 3c", "4c 6s"], table="Ah Ad Ac 9h 9d",
                            stock="Kc Qc Jc 10c", first=0)
    t = TableWidget(game=g, bots=["greedy"], auto=False)
    drive(t)
    assert g.table and "mm-stranded" in t.gameover.body.value
    assert "stayed on the table and score for nobody" in t.gameover.body.value


def test_next_game_of_the_match_lets_the_lowest_scorer_start() -> None:
    t = TableWidget(players=2, seed=21, bots=["greedy"], auto=False)
    drive(t)
    first = mm.next_first(t.game.scores, t.game.setup.first)
    t.next_game_button.click()
    assert t.game.setup.first == first and not t.game.is_over
    # The log says why, whichever seat the variant's first-game rule would have picked (readers found it said
    # "the dealer starts" or "drawn at random" when that seat happened to be the lowest scorer).
    deal = next(e for e in t.game.events if e.kind == "deal")
    assert t.game.setup.opener == "lowest" and "the lowest scorer of the game before" in deal.explain()
    drive(t)
    assert len(t.sheet.rows) == 2
    assert t.sheet.totals == [a + b for a, b in zip(t.sheet.rows[0].scores, t.sheet.rows[1].scores, strict=True)]


@pytest.mark.parametrize("variant", ["classic", "cardgames", "jb"])
def test_every_later_game_of_a_match_says_the_lowest_scorer_starts(variant: str) -> None:
    for seed in range(4):
        t = TableWidget(players=2, seed=seed, variant=variant, bots=["greedy"], auto=False)
        drive(t)
        t.next_game_button.click()
        said = next(e for e in t.game.events if e.kind == "deal").explain()
        assert "the lowest scorer of the game before" in said and "random" not in said, said
        assert "the dealer starts" not in said and "after the dealer starts" not in said, said


def test_undo_goes_back_across_the_computer_moves() -> None:
    t = TableWidget(players=3, seed=9, bots=["greedy", "greedy"], auto=False)
    g = t.game
    while g.decision.seat != 0 or not t.caught_up:
        t.next()
    hand = t.frame.hands[0]
    t.play(hand[0])
    t.skip()  # both computers move
    assert g.decision.seat == 0 and [ch.seat for ch in g.choices][-2:] == [1, 2]
    t.undo_button.click()
    assert g.decision.kind == "play" and g.decision.seat == 0
    assert t.frame.hands[0] == hand and t.caught_up
    assert "Undone: you are back before you played" in t.prompt.value
    t2 = TableWidget(players=2, seed=9, auto=False)
    assert t2.undo() is False and "Nothing to undo" in t2.prompt.value


def test_replay_steps_from_the_deal_and_back() -> None:
    t = TableWidget(players=2, seed=13, bots=["random"], auto=False)
    for _ in range(3):
        d = t._my_decision()
        t.play(d.options[0]) if d else None
        t.skip()
    end = len(t.game.events)
    t.replay()
    bounds = boundaries(t.game.events)
    assert t.replaying and t.shown == bounds[0] and t.frame.piles == [[], []]
    t.next()
    assert t.shown == bounds[1]
    t.back()
    assert t.shown == bounds[0]
    assert t.select(t.frame.hands[0][0]) is False  # no playing during a replay
    while t.replaying:
        t.next()
    assert t.shown == end and "Replay finished" in t.prompt.value


def test_built_from_an_existing_game_and_embeddable() -> None:
    g = mm.Game.new(2, seed=2)
    g.play(g.decision.options[0])
    t = TableWidget(game=g, human=g.decision.seat, bots=["greedy"], controls=False)
    assert t.caught_up and t.controls is None
    assert t.frame.table == list(g.table)
    box = w.VBox([w.HTML("A lesson"), t])  # another layout can hold it
    assert box.children[1] is t
    watch = TableWidget(game=mm.Game.new(2, seed=2), human=None, bots=["greedy", "random"], auto=False)
    while not watch.game.is_over:
        watch.next()
    assert watch.game.is_over and "mm-hidden" in watch.you._dom_classes


def test_redraws_reuse_the_widgets() -> None:
    t = TableWidget(players=2, seed=17, bots=["greedy"], auto=False)
    buttons = list(t.hand.buttons) + list(t.table_cards.buttons)
    before = len(_instances)
    for _ in range(6):
        d = t._my_decision()
        if d is None:
            t.next()
        elif d.kind == "play":
            t.select(d.options[0])
            t.confirm()
        else:
            t.choose(d.options[0])
    assert len(_instances) <= before + 2  # at most a couple more table slots
    assert t.hand.buttons[: len(buttons)] == buttons[: len(t.hand.buttons)]


def test_auto_advance_shows_computer_moves_by_themselves() -> None:
    async def run() -> TableWidget:
        t = TableWidget(players=3, seed=5, bots=["random", "greedy"], auto=True, delay=0.01)
        for _ in range(3000):  # up to ~30 s: a loaded CI machine is slow
            if t._my_decision() is not None:
                break
            await asyncio.sleep(0.01)
        return t

    # A loop of its own in a thread of its own: a browser test earlier in this worker may hold
    # playwright's loop running in this thread, where asyncio.run() is refused.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        t = pool.submit(asyncio.run, run()).result()
    assert t._my_decision() is not None and t.caught_up


def test_pace_instant_shows_everything_at_once() -> None:
    t = TableWidget(players=3, variant="cardgames", seed=5, auto=True, delay=0)
    assert t.caught_up and t._my_decision() is not None
    assert t.set_pace(-3) is False and "0 or more" in t.prompt.value


def test_controls_check_their_values() -> None:
    t = TableWidget(players=2, seed=1, auto=False)
    t.controls.seed.value = "abc"
    t.controls.deal_button.click()
    assert "The seed must be a whole number" in t.prompt.value and t.game.seed == 1
    t.controls.seed.value = "42"
    t.controls.players.value = 3
    t.controls.variant.value = "jb"
    t.controls.deal_button.click()
    assert (t.game.seed, t.game.players, t.game.variant.name) == (42, 3, "jb")
    assert len(t.opp_panels) == 2
    t.controls.new_button.click()
    assert t.controls.seed.value == str(t.game.seed)
    assert t.load("not a save file") is False and "mm-error" in classes(t.prompt)
    t.show_save()
    saved = t.history.save_text.value
    assert mm.Game.from_json(saved).setup == t.game.setup
    t.new_game(seed=7)
    t.load(saved)
    assert t.game.setup.seed == mm.Game.from_json(saved).seed


def test_bot_levels_per_opponent() -> None:
    t = TableWidget(players=3, seed=3, bots=["random", "greedy"], auto=False)
    assert [p.level.value for p in t.opp_panels.values()] == ["random", "greedy"]
    t.opp_panels[2].level.value = "random"
    assert t._levels[2] == "random" and t._bot(2).name == "random"
    assert t.opp_panels[2].level.value == "random" and t.view.opps[1]["level"] == "random"  # drawn at once
    assert t.set_level(0, "greedy") is False
    if "expert" in bot_levels("main-merah"):
        assert ("expert", "expert") in [(v, v) for _l, v in t.opp_panels[1].level.options]


def test_hint_marks_cards_until_the_next_move() -> None:
    t = TableWidget(players=2, seed=5, auto=False)
    card = t.frame.hands[0][0]
    t.show_hint([card], "try this")
    assert marked(t.hand, "hint") == [card] and "try this" in t.prompt.value
    t.select(card)
    assert marked(t.hand, "hint") == []


def test_play_link_for_the_landing_page() -> None:
    from mainmerah.pages.play import play_link

    assert 'href="play.ipynb"' in play_link().value and "Play" in play_link().value


def test_query_string_options() -> None:
    kw, problems = options_from_query("seed=42&players=3&variant=JB&bots=greedy,random&pace=fast")
    assert kw == {"seed": 42, "players": 3, "variant": "jb", "bots": ["greedy", "random"], "auto": True,
                  "delay": 0.45}
    assert problems == []
    kw, problems = options_from_query("seed=-1&players=4&variant=poker&bots=god&pace=soon")
    assert kw == {} and len(problems) == 5
    assert "Ignored players=4" in problems[1]
    assert options_from_query("pace=manual")[0] == {"auto": False}


# ----- drawing ------------------------------------------------------------------------------------
def test_cards_are_drawn_legibly() -> None:
    from mainmerah.draw.glyphs import GLYPHS

    svg = card_svg(C("10h"), 64, points=10)  # a game that counts points passes them in
    # rank and suit drawn as outlines (no font needed), the name spoken by screen readers
    assert GLYPHS[("1", True)][1] in svg and GLYPHS[("0", True)][1] in svg and GLYPHS[("♥", False)][1] in svg
    assert "#b71c1c" in svg and "ten of hearts" in svg
    assert '<rect x="56" y="114" width="38" height="20" rx="10"/>' in svg  # points badge for red cards
    assert 'rx="10"' not in card_svg(C("10s"), 64)
    black = card_svg(C("Qs"), 64)
    assert "#111111" in black and "#b71c1c" not in black
    back = card_svg(None, 64)
    assert "face-down" in back and "♥" not in back
    assert "#2e7d32" in card_svg(C("5d"), highlight="match")
    uri = card_data_uri(C("7d"))
    assert uri.startswith("data:image/svg+xml,") and "#" not in uri and '"' not in uri
    assert card_class(C("10s")) == "mm-c-10S" and card_class(None) == "mm-back"


def test_rich_display_without_widgets() -> None:
    row = CardRow(["AH", "9d", "10c"])
    assert str(row) == "A♥ 9♦ 10♣" and row == (C("AH"), C("9d"), C("10c"))
    assert row._repr_html_().count("<svg") == 3 and row._repr_svg_().startswith("<svg")
    g = mm.Game.new(3, seed=4)
    html = g._repr_html_()
    assert html.count("<svg") >= 32 and "seed 4" in html
    v = view_html(g.view(1))
    assert g.view(1)._repr_html_() == v  # a seat's view draws itself in a notebook
    assert "What Seat 1 sees" in v and all(card_name(c) in v for c in g.hands[1])
    assert not any(card_name(c) in v for c in g.hands[0] + g.hands[2] + g.stock)  # never another hand
    assert "game over" in game_html(mm.Game.from_layout(hands=[[], []], table="", stock=""))


def test_a_language_switch_redraws_the_words_and_keeps_game_and_settings() -> None:
    from mainmerah.core.i18n import set_language

    t = TableWidget(players=3, seed=3, bots=["random", "greedy"], auto=False)
    t.set_pace(0.45)
    bots = dict(t._bot_objs)
    before = (t.game.to_json(), t.controls.pace.value, [p.level.value for p in t.opp_panels.values()])
    english = t.status
    try:
        set_language("id")
        assert t.status != english and t.controls.pace.value == 0.45
    finally:
        set_language("en")
    assert (t.game.to_json(), t.controls.pace.value, [p.level.value for p in t.opp_panels.values()]) == before
    assert t._bot_objs == bots and t.status == english  # same bots: a seed still replays the same game


def test_cards_keep_their_buttons_and_the_order_shown_is_the_tables() -> None:
    t = TableWidget(players=3, seed=12, bots=["greedy", "random"], auto=False)
    changes = []
    while not (t.game.is_over and t.caught_up):
        before = [b.card for b in t.table_cards.buttons]
        hand_before = [b.card for b in t.hand.buttons]
        d = t.human_decision
        if d is None:
            t.next()
        elif d.kind == "play":
            t.play(d.options[-1])
        else:
            t.choose(d.options[0])
        shown = [b.card for b in t.table_cards.buttons if b.card is not None]
        assert shown == t.frame.table  # the row reads in table order (hidden buttons close up)
        assert [b.card for b in t.hand.buttons if b.card is not None] == t.frame.hands[0]
        after = [b.card for b in t.table_cards.buttons]
        changes.append(sum(a != b for a, b in zip(before, after, strict=False)))
        assert sum(a != b for a, b in zip(hand_before, [b.card for b in t.hand.buttons], strict=True)) <= 1
    # a step moves one or two cards; only a rare fresh layout touches more
    assert sorted(changes)[len(changes) * 9 // 10] <= 2


# ----- the board: one model, one message per click, nothing taken from the page but wishes -----
def messages_sent(action) -> list[tuple[int, dict]]:  # noqa: ANN001
    """Every message a widget sent while ``action`` ran, with the id of the widget that sent it."""
    sent: list[tuple[int, dict]] = []
    original = w.Widget._send

    def spy(self, msg, buffers=None):  # noqa: ANN001
        sent.append((id(self), msg))
        return original(self, msg, buffers)

    w.Widget._send = spy
    try:
        action()
    finally:
        w.Widget._send = original
    return sent


def count_messages(t: TableWidget, action) -> int:  # noqa: ANN001
    return len(messages_sent(action))


def test_a_click_is_answered_in_one_message() -> None:
    t = TableWidget(players=2, seed=5, bots=["greedy"], auto=False)
    hand = t.frame.hands[0]
    assert count_messages(t, lambda: from_page(t, k="hand", slot=0)) == 1
    assert t.selected == hand[0]
    assert count_messages(t, lambda: from_page(t, k="hand", slot=1)) == 1
    assert count_messages(t, lambda: from_page(t, k="button", name="play")) == 1
    assert t.game.choices and t.game.choices[0].card == hand[1]
    while t._my_decision() is None and not t.game.is_over:
        assert count_messages(t, lambda: from_page(t, k="button", name="next")) == 1
    # what was sent is what the parts say
    assert t.view.hand == t.hand.state() and t.view.prompt["html"] == t.prompt.value


def test_the_page_sends_wishes_and_cannot_set_the_board() -> None:
    t = TableWidget(players=2, seed=5, bots=["greedy"], auto=False)
    before = t.game.to_json()
    shown = t.view.hand
    outsider = next(c for c in mm.DECK if c not in t.frame.hands[0])
    # a model value set by the page is refused and drawn again from the kernel's state
    t.view.set_state({"hand": [["mm-card", str(outsider), "forged"]]})
    assert t.view.hand == shown and "refused" in t.prompt.value and "mm-error" in classes(t.prompt)
    for bad in ({"k": "hand", "slot": "0"}, {"k": "hand", "slot": 99}, {"k": "button", "name": "win"},
                {"k": "enter", "text": 7}, {"k": "level", "seat": 0, "value": "greedy"},
                {"k": "level", "seat": 1, "value": "cheater"}, {"k": "nonsense"}):
        t.prompt.set("")
        from_page(t, **bad)
        assert t.prompt.value and "mm-error" in classes(t.prompt), bad
    assert t.game.to_json() == before and t.selected is None
    from_page(t, k="level", seat=1, value="random")
    assert t._levels[1] == "random" and t.view.opps[0]["level"] == "random"


def test_hint_button_names_a_legal_choice_with_its_reason() -> None:
    t = TableWidget(players=2, seed=5, bots=["greedy"], auto=False)
    assert not t.hint_button.hidden
    from_page(t, k="button", name="hint")
    hinted = marked(t.hand, "hint")
    assert len(hinted) == 1 and hinted[0] in t.game.decision.options
    assert t.prompt.value.startswith("Hint:") and "mm-error" not in classes(t.prompt)
    again = TableWidget(players=2, seed=5, bots=["greedy"], auto=False)
    again.hint()
    assert marked(again.hand, "hint") == hinted  # the same position gets the same hint
    t.play(t.game.decision.options[0])
    if t._my_decision() is None:
        assert t.hint_button.hidden and t.hint() is False  # never on a computer's turn
    quiet = TableWidget(players=2, seed=5, bots=["greedy"], auto=False, hints=False)
    assert quiet.hint_button.hidden


def test_a_table_being_built_sends_each_widgets_changes_once() -> None:
    # Each widget opens with its whole state; what changes while the table is built (classes, labels, the first
    # drawing) is sent once per widget when it is built (cards.held_updates), not once per change.
    made: list[TableWidget] = []
    sent = messages_sent(lambda: made.append(TableWidget(players=2, seed=5, bots=["greedy"], auto=False)))
    t = made[0]
    # (anywidget sends each trait it adds to a widget as it adds it: the board's script and its id)
    updates = Counter(who for who, msg in sent
                      if msg.get("method") == "update" and not set(msg["state"]) <= {"_esm", "_css", "_anywidget_id"})
    assert updates and max(updates.values()) == 1
    assert updates[id(t.view)] == 1 and t.view.hand == t.hand.state()  # the first drawing went in that one
    # after it, changes go out as they happen again
    assert count_messages(t, lambda: from_page(t, k="hand", slot=0)) == 1
