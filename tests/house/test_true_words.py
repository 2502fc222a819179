"""Issue 23's findings: each sentence that was false, checked against the engine that it is now true."""

from __future__ import annotations

import re
from typing import Any

import pytest

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


# ----- Red Ten's lessons ----------------------------------------------------------------------------------------
def _rt_intro(key: str) -> str:
    from mainmerah.families.red_ten.ui import lessons as RT

    return next(intro() for k, _t, intro, _tasks in RT.LESSONS if k == key)


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


def _rt_combo(text: str):  # type: ignore[no-untyped-def]
    from mainmerah.core.cards import parse_cards
    from mainmerah.families.red_ten.rules import classify

    c = classify(parse_cards(text))
    assert c is not None, text
    return c


def test_red_ten_first_lesson_says_a_red_ten_is_highest_only_as_a_single() -> None:  # finding 3
    from mainmerah.families.red_ten.rules import beats

    intro = _rt_intro("red-ten-ranks")
    # What the engine does: the red ten tops every single, and is a plain 10 in a pair.
    assert beats(_rt_combo("10♥"), _rt_combo("BJ"))
    assert not beats(_rt_combo("10♥ 10♣"), _rt_combo("J♠ J♦"))
    sick, black = _rt_combo("10♥ 10♣"), _rt_combo("10♠ 10♦")
    assert not beats(sick, black) and not beats(black, sick)
    assert beats(_rt_combo("4♠ 4♥ 4♣"), _rt_combo("3♠ 3♥ 3♣"))
    assert beats(_rt_combo("3♠ 3♥ 3♣ 3♦"), _rt_combo("2♠ 2♥ 2♣"))
    for s in _sentences(intro):
        if "Suits never matter" in s:
            assert "except" in s, s  # the red tens are the exception
        if "bombs" in s.lower() and "by rank" in s:
            raise AssertionError(f"bombs go by kind first, then rank: {s}")
    assert re.search(r"only as a single", intro)
    assert re.search(r"in a pair[^.]*plain 10", intro)
    # The third task asks exactly this: its right answer is what the intro taught.
    from mainmerah.families.red_ten.ui import lessons as RT

    sick = RT.rank_tasks()[2]
    assert isinstance(sick, ChoiceTask)
    right = [label for label, ok, _why in sick.options if ok]
    assert right == ["No"]


def test_red_ten_beating_lesson_says_the_leader_may_not_pass() -> None:  # finding 4
    from mainmerah.families.red_ten.state import RedTen

    g = registry.new_game("red-ten", seed=5)
    assert isinstance(g, RedTen)
    while g.decision is not None and g.decision.kind == "answer":
        g.act("keep" if "keep" in g.legal_actions() else g.legal_actions()[0])
    assert g.top is None and "pass" not in g.legal_actions()  # the leader: no pass offered
    reason = g.check("pass")
    assert reason is not None and "may not pass" in reason, reason  # the engine refuses the leader's pass
    g.act(g.legal_actions()[0])
    assert "pass" in g.legal_actions()  # the next seat may pass even though it could play
    said = [s for s in _sentences(_rt_intro("red-ten-beating")) if re.search(r"\bpass\b", s)]  # who may pass
    assert said, "the lesson on beating says when a seat may pass"
    for s in said:
        assert "always pass" not in s, s
        assert re.search(r"leader[^.]*must play|leader[^.]*may not pass", s), s


def test_red_ten_score_hints_name_the_other_sides_score_only_when_it_is() -> None:  # finding 5
    from mainmerah.families.red_ten.rules import settle
    from mainmerah.families.red_ten.ui import lessons as RT
    from mainmerah.teach.lesson import NumberTask

    # The tasks' set-ups, as the lesson states them: (places in order out, red seats, open, the seat asked).
    setups = [([0, 2, 1, 3], [0, 2], False, 0), ([0, 1, 2, 3], [0, 2], True, 0), ([0, 1, 2, 3], [0], False, 1)]
    tasks = [t for t in RT.scoring_tasks() if isinstance(t, NumberTask)]  # the last one (alone, opened) is a choice
    assert len(tasks) == len(setups)
    for task, (out, red, open_hand, seat) in zip(tasks, setups, strict=True):
        assert isinstance(task, NumberTask)
        result = settle(out, red, open_hand)
        assert task.answer == result.scores[seat]
        side = set(red) if seat in red else set(range(4)) - set(red)
        other = {result.scores[s] for s in range(4) if s not in side}
        for got in range(-40, 41):
            if got == task.answer:
                continue
            said = task._hint(got, 1)
            if "other side's score" in said:
                assert got in other, (task.prompt, got, said)
            if "before the multiplier" in said:
                assert got == result.base[seat], (task.prompt, got, said)
    lone = tasks[2]
    assert isinstance(lone, NumberTask)
    assert "other side's score" not in lone._hint(3, 1)  # the lone player scored +9, not 3
    assert "other side's score" in lone._hint(9, 1)


def test_red_ten_table_names_who_leads_as_the_engine_asks() -> None:  # finding 6
    from mainmerah.core.i18n import set_language
    from mainmerah.families.red_ten.ui.frame import frame_at
    from mainmerah.table import TableWidget

    seed = next(s for s in range(100) if registry.new_game("red-ten", seed=s).leader == 0)  # type: ignore[attr-defined]
    t = TableWidget(game="red-ten", seed=seed, bots=["greedy", "greedy", "greedy"], auto=False)
    g = t.game
    assert g.leader == 0 == t.human
    named: list[str] = []
    while not g.is_over and len(named) < 6:
        d = g.decision
        f = frame_at(g.events, len(g.events))
        if d.kind == "play" and f.top is None:
            rows = {r[0]: r[4] for r in t.presenter.draw(f, d)["action"]}
            said = rows["lead"]
            named.append(said)
            if d.seat == t.human:
                assert said == "No play on the table: you lead a new round.", said
                set_language("id")
                try:
                    rows_id = {r[0]: r[4] for r in t.presenter.draw(f, d)["action"]}
                    assert t.names[3] not in rows_id["lead"] and t.names[1] not in rows_id["lead"]
                finally:
                    set_language("en")
            else:
                assert said.endswith(f"{t.names[d.seat]} leads a new round."), (said, d.seat)
        g.act(g.legal_actions()[0])
    assert named and "you lead" in named[0]


def _sheet_text(game: str) -> str:
    """The rules sheet's words, as drawn (wrapped lines joined again)."""
    from mainmerah.sheets.document import rules_pages

    page = rules_pages(game)[0]
    return re.sub(r"\s+", " ", " ".join(t.get_text() for t in page.ax.texts))


def test_red_ten_sheet_says_who_leads_after_a_seat_went_out() -> None:  # finding 7
    from mainmerah.families.red_ten.state import RedTen

    text = _sheet_text("red-ten")
    assert "If that player has gone out, the next player in play order who still has cards leads." in text
    seen = 0
    for seed in range(40):
        g = registry.new_game("red-ten", seed=seed)
        assert isinstance(g, RedTen)
        rng = __import__("random").Random(seed)
        while not g.is_over:
            acts = g.legal_actions()
            plays = [a for a in acts if a != "pass"]
            g.act(plays[-1] if plays and rng.random() < 0.5 or "pass" not in acts else "pass")
            e = g.events[-1]
            if e.kind == "round":
                hands = g.hands
                if not hands[e.winner]:
                    nxt = next(s for i in range(1, 5) for s in [(e.winner + i) % 4] if hands[s])
                    assert e.leader == nxt
                    seen += 1
                else:
                    assert e.leader == e.winner
    assert seen  # the case happened and was played out


# The rule books' matches (shared/rules): Chinese Ten plays to 1000 by default; Red Ten 4 hands, no target by default.
RULE_BOOK_MATCHES = {"chinese-ten": "t1000", "red-ten": "g4", "main-merah": "open", "in-the-red": "open"}


def test_match_lengths_are_the_rule_books(  # finding 9
) -> None:
    from mainmerah.core.match import Match
    from mainmerah.table import TableWidget

    for game, want in RULE_BOOK_MATCHES.items():
        t = TableWidget(game=game, seed=1, bots=None, auto=False)
        values = [v for _l, v in t.sheet.length.options]
        assert want in values and t.sheet.length.value == want, (game, t.sheet.length.options, t.sheet.length.value)
        labels = dict((v, label) for label, v in t.sheet.length.options)
        if game == "red-ten":
            assert labels["g4"] == "4 hands" and not any(v.startswith("t") for v in values)
        if game == "chinese-ten":
            assert labels["t1000"] == "to 1000 points" and not any(v.startswith("g") for v in values)
    red = Match("red-ten", 4, seed=3)
    assert (red.games_limit, red.target) == (4, None)
    chinese = Match("chinese-ten", 4, seed=3)
    assert (chinese.games_limit, chinese.target) == (None, 1000)
    # Switching games at one table offers the new game's lengths and its default.
    t = TableWidget(game="main-merah", seed=1, bots=None, auto=False)
    t._set_game(registry.new_game("red-ten", seed=2))
    assert t.sheet.length.value == "g4"
    t._set_game(registry.new_game("chinese-ten", seed=2))
    assert t.sheet.length.value == "t1000"


def test_fishing_sheets_say_who_plays_first_and_how_a_match_goes_on() -> None:  # finding 11 (fishing)
    from mainmerah.core.match import Match

    chinese = _sheet_text("chinese-ten")
    assert "The player after the dealer plays first." in chinese
    assert "played to a target total (1000 by default); the deal passes to the next seat each game." in chinese
    for players in (2, 3, 4):
        for dealer in range(players):
            g = registry.new_game("chinese-ten", seed=dealer, players=players, dealer=dealer)
            assert g.seat == (dealer + 1) % players  # type: ignore[attr-defined]
    m = Match("chinese-ten", 3, seed=4, dealer=1)
    assert m.target == 1000
    for _game in range(3):
        g = m.game
        while not g.is_over:
            g.act(g.legal_actions()[0])  # type: ignore[attr-defined]
        before = g.setup.dealer
        nxt = m.next_game()
        assert nxt.setup.dealer == (before + 1) % 3 and nxt.seat == (before + 2) % 3
    merah = _sheet_text("main-merah")
    assert ("In every later game the player with the lowest score in the previous game plays first (on a tie, the "
            "first tied player met going clockwise from the previous game's first player, that player included).") \
        in merah
    # The tie rule as a match plays it: the previous first player among the tied starts again, else the next tied.
    from mainmerah.families.fishing.match import next_first

    assert next_first([20, 0, 0], previous_first=1) == 1 and next_first([0, 20, 0], previous_first=1) == 2
    assert next_first([0, 20, 0], previous_first=2) == 2 and next_first([0, 0, 20], previous_first=2) == 0
    for seed in range(12):
        m = Match("main-merah", 3, variant="classic", games=2, seed=seed)
        g = m.game
        while not g.is_over:
            g.act(g.legal_actions()[0])  # type: ignore[attr-defined]
        scores, first = g.scores, g.setup.first
        low = min(scores)
        want = next((first + k) % 3 for k in range(3) if scores[(first + k) % 3] == low)
        assert m.next_game().seat == want


def test_in_the_red_sheet_says_who_draws_starts_and_deals() -> None:  # finding 11 (In The Red)
    from mainmerah.families.in_the_red.rules import clockwise_from, high
    from mainmerah.families.in_the_red.state import InTheRed

    text = _sheet_text("in-the-red")
    for said in (
        "Each loser draws one card from the pack, the losers in turn clockwise from the dealer's left.",
        "the round's discards, in the order they were discarded, go into the losers' hands one at a time, in that "
        "same order, round the losers as often as needed.",
        "The last loser in that order starts the next round.",
        "If the pack is empty when a loser must draw, the stack cards under each stack's top card are shuffled "
        "into a new pack; if there are none, the loser draws nothing.",
        "The first dealer: everyone draws a card and the highest black card deals (Ace high); with no black card, "
        "or a tie for the highest, those players draw again. Then the deal passes to the left.",
        "The player left of the dealer starts the first round.",
    ):
        assert said in text, said
    cases = {"several losers": 0, "handouts": 0, "reshuffle": 0, "redraw": 0}
    for seed in range(30):
        g = InTheRed.new(seed=seed, players=3 + seed % 4)
        while not g.is_over:
            g.act(g.legal_actions()[0])
        n, dealer, discards = g.players, -1, []
        for e in g.events:
            if e.kind == "dealer-draw":
                if e.dealer is None:
                    cases["redraw"] += 1
                    continue
                black = sorted((high(c), s) for s, c in zip(e.seats, e.cards, strict=True) if not c.red)
                assert black[-1][1] == e.dealer  # the highest black card deals
                assert len(black) == 1 or black[-2][0] < black[-1][0]  # and it is not tied
            elif e.kind == "deal":
                dealer, discards = e.dealer, []
                assert e.starter == (dealer + 1) % n  # the player left of the dealer starts
            elif e.kind == "reshuffle":
                cases["reshuffle"] += 1
            elif e.kind == "discard":
                discards.append(e.card)
            elif e.kind == "round":
                assert e.losers == clockwise_from((dealer + 1) % n, e.losers, n)
                assert [s for s, _c in e.draws] == list(e.losers)
                assert list(e.handouts) == [(e.losers[i % len(e.losers)], c) for i, c in enumerate(discards)]
                if e.starter is not None:
                    assert e.starter == e.losers[-1]
                cases["several losers"] += len(e.losers) > 1
                cases["handouts"] += len(e.handouts) > 1
                discards = []
    # An empty pack: the cards under the tops become the new pack (the random deals above never ran out).
    from mainmerah.core.cards import PACK

    hands = ["2H 3H", "4C 5C"]
    held = {Card.parse(c) for h in hands for c in h.split()}
    rest = [c for c in PACK if c not in held]
    g = InTheRed.from_layout(hands, [rest[:24], rest[24:]], [], dealer=0)
    under = sum(len(st) - 1 for st in g.stacks)
    g.act(g.legal_actions()[0])
    g.act(g.legal_actions()[0])
    shuffled = next(e for e in g.events if e.kind == "reshuffle")
    cases["reshuffle"] += shuffled.cards == under
    assert all(cases.values()), cases


def test_in_the_red_hint_says_who_loses_only_as_far_as_it_is_known() -> None:  # finding 8
    from mainmerah.families.in_the_red.rules import losers
    from mainmerah.families.in_the_red.ui.presenter import hint_reason
    from mainmerah.table import TableWidget

    names = ["You", "Budi", "Sari"]
    # No red card on top: the loser is the lowest black card, which is not "in the red".
    black = hint_reason(Card.parse("4S"), 1, [Card.parse(c) for c in ("9C", "KS", "8C")], [Card.parse("4S")], 0,
                        names, later=0)
    assert losers([Card.parse(c) for c in ("9C", "4S", "8C")]) == ((1,), False)
    assert "in the red" not in black and "lowest black card" in black, black
    seen = {"later": 0, "last": 0}
    for seed in range(12):
        t = TableWidget(game="in-the-red", seed=seed, players=3, bots=None, auto=False)
        g = t.game
        for _turn in range(20):
            if g.is_over:
                break
            if g.seat != 0:
                g.act(g.legal_actions()[0])
                continue
            start = len(g.events)
            tops = tuple(g.tops)
            cards, said = t.presenter.hint(g, 0, seed)
            if "in the red" not in said and "loses the round" not in said:
                g.act(g.legal_actions()[0])
                continue
            action = g.legal_actions()  # the hinted move: its card, on the stack the hint names
            move = next(a for a in action if a.startswith(str(cards[0])) and (
                t.presenter.hint_stack is None or a.endswith(f"@{t.presenter.hint_stack}")))
            g.act(move)
            while not any(e.kind == "round" for e in g.events[start:]):
                g.act(g.legal_actions()[0])
            end = next(e for e in g.events[start:] if e.kind == "round")
            after_me = sum(e.kind in ("place", "discard") for e in g.events[start:]) - 1
            if after_me:
                seen["later"] += 1
                assert "afterwards" not in said and f"{after_me} more player" in said, said
            else:
                seen["last"] += 1
                assert "You play last" in said, said
                assert ("in the red" in said) == end.red, (said, end)
                assert 0 not in end.losers, (said, end)
            assert "in the red" not in said or any(c.red for c in tops) or cards[0].red, said
    assert seen["later"] and seen["last"], seen


def test_game_from_layout_refuses_starting_tables_the_rules_forbid() -> None:  # finding 12
    from mainmerah.core.cards import PACK as DECK
    from mainmerah.core.cards import parse_cards
    from mainmerah.core.errors import LayoutError

    def whole(table: str, players: int, hand: int) -> dict[str, Any]:
        laid = parse_cards(table)
        rest = [c for c in DECK if c not in laid]
        hands = [rest[i * hand:(i + 1) * hand] for i in range(players)]
        return {"hands": hands, "table": laid, "stock": rest[players * hand:]}

    # Chinese Ten starts with 4 table cards: a start with 6 is refused.
    with pytest.raises(LayoutError, match="starts with 4 cards on the table, not 6"):
        registry.game_from_layout("chinese-ten", hands=["2C", "QD"], table="QH QS QC 5D 6D 7D", stock="3C 4C")
    assert registry.game_from_layout("chinese-ten", **whole("2♣ 3♣ 4♣ 5♣", 4, 6)).table  # type: ignore[attr-defined]
    # Classic Main Merah redeals three Kings on the starting table, as the engine's own deal does.
    kings = "K♠ K♥ K♣ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ A♦"
    from mainmerah.families.fishing.rules import get_ruleset

    assert get_ruleset("classic").redeal_reason(parse_cards(kings))  # what the engine's deal redeals
    for variant in ("classic", "cardgames", "jb"):
        with pytest.raises(LayoutError, match=f"the {variant} rules redeal this starting table"):
            registry.game_from_layout("main-merah", variant=variant, **whole(kings, 2, 10))
    with pytest.raises(LayoutError, match="redeal"):
        registry.game_from_layout("main-merah", hands=["2C", "QD"], table="KH KS KC", stock="3C 4C")
    with pytest.raises(LayoutError, match="starts with 12 cards on the table, not 8"):
        registry.game_from_layout("main-merah", **whole("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣", 2, 11))
    # What the engine's deal does with such a table: it never starts play on one.
    for seed in range(60):
        g = registry.new_game("main-merah", seed=seed, players=2, variant="classic")
        assert registry.game_from_layout("main-merah", hands=g.setup.hands, table=g.setup.table,  # type: ignore
                                         stock=g.setup.stock, first=g.setup.first)  # type: ignore[attr-defined]
    # A later position (capture piles given) may hold any table, as the puzzles do.
    later = registry.game_from_layout("main-merah", hands=["2C", "QD"], table="KH KS KC", stock="3C 4C",
                                      piles=["KD 9C", ""])
    assert len(later.table) == 3  # type: ignore[attr-defined]


def test_red_ten_lessons_lead_on_and_wrong_answers_read_as_sentences() -> None:  # finding 17
    from mainmerah.core.cards import parse_cards
    from mainmerah.families.red_ten.ui import lessons as RT
    from mainmerah.teach.lesson import PickTask

    keys = [k for k, *_rest in RT.LESSONS]
    for i, key in enumerate(keys[:-1]):  # the guided hand (last) builds a whole table: its words suffice
        lesson = RT.build(key)
        nxt = RT.LESSONS[i + 1][1]()
        assert f"“{nxt}”" in lesson.outro.value, (key, lesson.outro.value)
        assert "Play Red Ten at the table" not in lesson.outro.value
    assert "a whole hand of Red Ten" in RT.outro(len(keys) - 1)
    # Every wrong answer of the lessons: sentences that start with a capital, jokers named in words.
    pick = RT.rank_tasks()[0]
    assert isinstance(pick, PickTask)
    texts = [pick._wrong(c) for c in parse_cards("K♠ A♥ 2♣ SJ BJ 10♠")]
    for build in (RT.rank_tasks, RT.combination_tasks, RT.beating_tasks, RT.team_tasks, RT.scoring_tasks):
        for task in build():
            if isinstance(task, ChoiceTask):
                texts += [why for _label, ok, why in task.options if not ok]
    for text in texts:
        for sentence in _sentences(text):
            assert sentence[0].isupper() or sentence[0].isdigit() or sentence[0] in "+−-×“\"", (sentence, text)
            assert sentence.count(":") <= 1, (sentence, text)  # no chains of colons
        # The rule book's words, the small / big joker (the cards themselves are printed SJ and BJ, in brackets).
        assert not re.search(r"\b(SJ|BJ)\b", re.sub(r"\([^)]*\)", "", text)), text
    joker = pick._wrong(parse_cards("BJ")[0])
    assert joker.startswith("A single big joker (大王) is not the highest."), joker


# ----- the second reading (a reader who knows only the rule books) ---------------------------------------------
def test_in_the_red_discard_goes_to_the_rounds_losers_red_or_black() -> None:
    from mainmerah.core.cards import PACK, parse_cards
    from mainmerah.families.in_the_red.state import InTheRed
    from mainmerah.families.in_the_red.ui import lessons as ITR

    # Played out: a round lost on the lowest black card still hands the discard to its loser (not "in the red").
    hands, stacks = ["2H 3H 8H", "5S 6S 7D"], ["9S", "4S"]
    laid = set(parse_cards(" ".join(hands + stacks)))
    g = InTheRed.from_layout(hands, stacks, [c for c in PACK if c not in laid], dealer=1)
    g.act("discard 2H")
    g.act(g.legal_actions()[0])
    end = next(e for e in g.events if e.kind == "round")
    assert not end.red and end.handouts == ((end.losers[0], Card.parse("2H")),)  # the lowest black card lost
    assert Card.parse("2H") in g.hands[end.losers[0]]
    task = ITR.discard_task()
    for _label, _ok, why in task.options:
        assert "in the red" not in why, why
    said = " ".join(why for _l, _o, why in task.options)
    assert "the round's losers" in said


def test_red_ten_lessons_state_the_lead_the_end_of_a_hand_and_a_single_reveal() -> None:
    from mainmerah.families.red_ten.ui import lessons as RT

    before = {k: intro() for k, _t, intro, _tasks in RT.LESSONS}
    assert "The holder of ♥3 leads the first round of a hand" in before["red-ten-beating"]
    assert "the holder of both may reveal just one of them" in before["red-ten-teams"]
    assert "The hand ends as soon as its score is settled" in before["red-ten-scoring"]


def test_red_ten_wrong_answers_say_a_thing_once_and_fit_the_cards() -> None:
    from mainmerah.families.red_ten.ui import lessons as RT

    two = RT.rank_tasks()[1]
    assert isinstance(two, ChoiceTask)
    for _label, _ok, why in two.options:
        assert why.count("ranks above") == 1, why
    spot = RT.combination_tasks()[3]
    assert isinstance(spot, ChoiceTask)
    pairs = next(why for label, _ok, why in spot.options if label == "8♣ 8♦ 9♠ 9♥")
    assert "bomb" not in pairs and "pairs" in pairs, pairs
    risk = RT.scoring_tasks()[-1]  # asked in the scoring lesson, once the scores and multipliers are stated
    assert isinstance(risk, ChoiceTask)
    for label, _ok, why in risk.options:
        assert not re.search(r"(?<![\w])-\d", label + " " + why), (label, why)  # a minus sign, not a hyphen
    assert [label for label, ok, _w in risk.options if ok] == ["−36"]


def test_in_the_red_lessons_state_who_picks_up_who_starts_and_the_end_of_the_game() -> None:
    from mainmerah.families.in_the_red.rules import TARGET
    from mainmerah.families.in_the_red.ui import lessons as ITR

    said = ITR.game_intro()
    assert "losers pick up, clockwise from the dealer's left" in said
    assert "The last loser clockwise from the dealer's left starts the next round." in said
    assert f"reaches {TARGET} or more; then the lowest total wins" in said
