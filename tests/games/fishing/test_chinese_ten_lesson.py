"""Chinese Ten's lesson, and the tutorial and classroom pages taking a game (``?game=``), through their Python API."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from test_lessons import drive_coach

import mainmerah as mm
from mainmerah.core import registry
from mainmerah.core.i18n import language, set_language
from mainmerah.families.fishing.dealcode import encode
from mainmerah.families.fishing.ui.classroom import Classroom
from mainmerah.families.fishing.ui.lessons import chinese_ten as CT
from mainmerah.pages.classroom import classroom_page
from mainmerah.pages.parts import PageLinks
from mainmerah.pages.tutorial import Tutorial, tutorial_page
from mainmerah.teach import ChoiceTask, Lesson, NumberTask, PickTask


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


class Course:
    """Chinese Ten's lessons as one: a task by its key, whichever lesson holds it."""

    def __init__(self) -> None:
        self.lessons = [spec.build() for spec in CT.tutorial_lessons()]

    def task(self, key: str):  # noqa: ANN201
        return next(t for lesson in self.lessons for t in lesson.tasks if t.key == key)

    def holding(self, key: str) -> Lesson:
        return next(lesson for lesson in self.lessons if any(t.key == key for t in lesson.tasks))


@pytest.fixture
def lesson() -> Course:
    return Course()


def number(lesson, key: str) -> NumberTask:  # noqa: ANN001
    t = lesson.task(key)
    assert isinstance(t, NumberTask)
    return t


def says(task, text: str, kind: str) -> None:  # noqa: ANN001
    assert text in task.feedback.text, task.feedback.text
    assert task.feedback.kind == kind


# ----- the tasks: every wrong answer explained, then the right one ----------------------------------------------
def test_deal_sizes(lesson) -> None:  # noqa: ANN001
    t = number(lesson, "deal")
    for wrong, words in [("24", "every hand together"), ("12", "two-player hand"), ("8", "three-player hand"),
                         ("10", "Main Merah's two-player hand"), ("7", "Main Merah's three-player hand"),
                         ("5", "shared equally among the players"), ("six", "not a whole number"), ("", "Type")]:
        t.submit(wrong)
        says(t, words, "bad")
        assert not t.solved
    t.submit("6")
    says(t, "24 ÷ 4 = 6", "good")
    assert "8 each" in t.feedback.text and "12 each" in t.feedback.text and t.solved


def test_black_aces_score_with_four_players(lesson) -> None:  # noqa: ANN001
    t = lesson.task("aces")
    assert isinstance(t, PickTask)
    assert set(t.targets) == set(mm.parse_cards("A♠ 7♦ A♣ 9♥ A♥ Q♦"))
    t.pick("K♠")
    says(t, "Of the black cards only the Aces can score", "bad")
    t.pick("5♣")
    says(t, "5♣ is black: 0", "bad")
    t.pick("A♠")
    says(t, "A♠ scores 30 points with three or four players", "good")
    assert "30 points" in t.row["A♠"].badge.value
    t.pick("A♣")
    says(t, "A♣ scores 40 points, but only with four players", "good")
    for c in ("7♦", "9♥", "A♥", "Q♦"):
        t.pick(c)
    assert t.solved and "210 + 70 = 280" in t.feedback.text


def test_totals_by_players(lesson) -> None:  # noqa: ANN001
    t = number(lesson, "total")
    for wrong, words in [("210", "the red cards alone"), ("280", "four-player total"),
                         ("250", "A♠ is worth 30"), ("300", "with three players A♠ scores 30")]:
        t.submit(wrong)
        says(t, words, "bad")
    t.submit("240")
    says(t, "210 + 30 = 240", "good")
    assert "two: 210" not in t.feedback.text and "Two players: 210; three: 240; four: 280" in t.feedback.text
    for n, points in ((2, 210), (3, 240), (4, 280)):  # the engine's fact: a whole game's scores add up so
        g = registry.new_game("chinese-ten", seed=n, players=n)
        while g.decision is not None:
            g.act(g.legal_actions()[0])
        assert sum(g.scores) == points == CT.total(n)


def test_the_fourth_queen_takes_all_three(lesson) -> None:  # noqa: ANN001
    t = lesson.task("three")
    assert isinstance(t, PickTask)
    assert set(t.targets) == set(mm.parse_cards("Q♥ Q♣ Q♠")) and t.need == 3
    t.pick("7♦")
    says(t, "Q♦ does not pair with 7♦", "bad")
    t.pick("Q♠")
    says(t, "Q♦ takes Q♠", "good")
    assert "2 more to find" in t.feedback.text
    t.pick("Q♥")
    t.pick("Q♣")
    assert t.solved
    says(t, "takes all three queens on the table", "good")
    assert "Chinese Ten never deals again" in t.feedback.text and "Main Merah" not in t.feedback.text


def test_four_of_a_kind_goes_to_the_dealer(lesson) -> None:  # noqa: ANN001
    t = lesson.task("four")
    assert isinstance(t, ChoiceTask)
    t.choose(0)
    says(t, "Chinese Ten never deals again", "bad")
    t.choose(2)
    says(t, "There is no fifth 5", "bad")
    t.choose(1)
    says(t, "as the dealer, you take them before play (10 points)", "good")
    assert t.solved
    g = CT.four_game()
    assert list(g.table) == [] and sorted(g.piles[1]) == sorted(mm.parse_cards("5♠ 5♥ 5♣ 5♦"))  # type: ignore[attr-defined]


def test_the_seat_after_the_dealer_starts(lesson) -> None:  # noqa: ANN001
    t = lesson.task("first")
    assert isinstance(t, ChoiceTask)
    assert [o[0] for o in t.options] == ["Seat 4", "Seat 1", "Seat 3"]
    t.choose(0)
    says(t, "the dealer plays last", "bad")
    t.choose(2)
    says(t, "after Seat 4 comes Seat 1", "bad")
    t.choose(1)
    says(t, "Seat 1, Seat 2, Seat 3, Seat 4", "good")
    g = registry.new_game("chinese-ten", seed=3, players=4, dealer=3)
    assert g.decision.seat == 0  # type: ignore[union-attr]


def test_guided_game_with_a_capture_of_three(lesson) -> None:  # noqa: ANN001
    task = lesson.task("game")
    coach = task.widget  # type: ignore[attr-defined]
    coach.play("6♥")  # any card may start; this one takes 4♦
    coach.take("4♦")
    coach.flip()
    while coach.waiting != "play":
        drive_coach_once(coach)
    coach.play("J♦")
    assert coach.waiting == "take" and "takes all three jacks" in coach._hint()
    coach.take("J♠")  # any of the three takes all three
    assert "J♥" not in str(coach.table) and len([c for c in coach.piles[0] if c.rank == 11]) == 4
    assert "takes all three jacks on the table" in coach.feedback.text
    drive_coach(coach)
    assert task.solved and coach.table == [] and list(coach.game.table) == []
    g = coach.game
    red = sum(g.points(c) for c in g.setup.hands[0] + g.setup.hands[1] + g.setup.table + g.setup.stock)
    assert sum(g.scores) == red  # every card captured: the table ends empty


def drive_coach_once(coach) -> None:  # noqa: ANN001
    w = coach.waiting
    if w == "take":
        coach.take(coach.expected.taken)
    elif w == "flip":
        coach.flip()
    elif w == "choose":
        coach.take(coach.game.decision.options[0])
    else:
        coach.next()


def test_lesson_switches_language_and_keeps_answers(lesson) -> None:  # noqa: ANN001
    from test_language_switch import texts, untranslated

    tut = Tutorial(game="chinese-ten")
    lesson = tut.lesson
    lesson.task("deal").submit("24")
    lesson.task("deal").submit("6")
    lesson.task("first").choose(0)
    english = texts(tut)
    set_language("id")
    assert untranslated(english, texts(tut)) == []
    now = tut.lesson
    assert now is not lesson and now.task("deal").solved and now.task("first").inputs == [("choose", (0,))]
    assert "Belajar Chinese Ten" in tut.heading.value or "Chinese Ten" in tut.heading.value


# ----- the tutorial page takes a game -------------------------------------------------------------------------------
def tutorial_of(page) -> Tutorial:  # noqa: ANN001
    return next(c for c in page.children if isinstance(c, Tutorial))


def test_tutorial_page_takes_a_game() -> None:
    t = tutorial_of(tutorial_page("game=chinese-ten"))
    assert t.game == "chinese-ten" and [s.key for s in t.specs] == [
        "chinese-ten", "ct-pairing", "ct-kinds", "ct-points", "ct-game"]
    assert "Learn Chinese Ten" in t.heading.value and t.lesson.key == "chinese-ten"
    main = tutorial_of(tutorial_page(""))
    assert main.game == "main-merah" and len(main.specs) == 6 and main.lesson.key == "cards"


def test_tutorial_page_names_a_bad_game_and_ignores_it() -> None:
    page = tutorial_page("game=poker")
    note = page.children[2]
    assert f"Ignored game=poker: choose one of {', '.join(registry.games())}." in note.value
    assert tutorial_of(page).game == "main-merah" and note.layout.display != "none"
    assert tutorial_page("").children[2].layout.display == "none"  # nothing to say


def test_tutorial_page_language_and_links() -> None:
    page = tutorial_page("game=chinese-ten&lang=id")
    assert language() == "id"
    links = next(c for c in page.children if isinstance(c, PageLinks))
    assert 'href="play.ipynb?game=chinese-ten&amp;lang=id"' in links.value
    assert 'href="home.ipynb?lang=id"' in links.value
    set_language("en")  # the page's own switch: the links follow
    assert 'href="play.ipynb?game=chinese-ten"' in links.value and "lang=" not in links.value


def test_a_game_without_lessons_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    real = registry.ui  # Chinese Ten as if its GameUI named no lessons
    monkeypatch.setattr(registry, "ui",
                        lambda n: dataclasses.replace(real(n), lessons=None) if n == "chinese-ten" else real(n))
    page = tutorial_page("game=chinese-ten")
    assert not any(isinstance(c, Tutorial) for c in page.children)
    assert "no lesson for Chinese Ten yet" in page.children[-1].value


def table_takes_chinese_ten() -> bool:
    """Whether the table widget draws a Chinese Ten game yet (it comes with the table's per-game presenter)."""
    from mainmerah.table import TableWidget

    try:
        TableWidget(game=registry.new_game("chinese-ten", seed=1, players=3), auto=False)
    except Exception:  # noqa: BLE001 - any refusal means: not yet
        return False
    return True


needs_table = pytest.mark.skipif(not table_takes_chinese_ten(), reason="the table for Chinese Ten is not merged yet")


# ----- the classroom takes a game ---------------------------------------------------------------------------------
@needs_table
def test_classroom_deals_chinese_ten() -> None:
    room = Classroom(seed=5, game="chinese-ten")
    assert "Chinese Ten classroom" in room.heading.value
    assert [v for _l, v in room.codes.players.options] == [2, 3, 4]
    assert room.codes.variant.layout.display == "none"
    room.codes.players.value = 3
    code = room.codes.fresh()
    assert code.startswith("CT-3P-")
    g = room.current_game()
    assert g is not None and g.players == 3 and g.variant.name == "chinese-ten" and len(g.setup.table) == 4
    assert "3 players." in room.codes.message.text
    exercises = room.exercise_box.children[0]
    assert [t.key for t in exercises.tasks] == ["best", "partners", "tally"]  # no redeal question: none happens
    assert "CT-2P-" in exercises.children[1].value


def test_chinese_ten_classroom_refuses_a_main_merah_code() -> None:
    room = Classroom(seed=5, game="chinese-ten")
    assert room.codes.submit(encode(2, "classic", 8412)) is None
    assert "is a deal of Main Merah; this classroom deals Chinese Ten" in room.codes.message.text
    assert room.current_game() is None


def test_chinese_ten_position_editor() -> None:
    room = Classroom(seed=5, game="chinese-ten")
    ed = room.editor
    ed.players.value = 4
    assert all(h.layout.display == "" for h in ed.hands)
    ed.hands[2].value, ed.hands[3].value = "A♣ 2♠", "9♣ 8♦"
    ed.hands[0].value, ed.hands[1].value = "7♥ K♠", "Q♥ 2♦"
    ed.table.value, ed.stock.value = "3♦ 8♣ J♥ 5♠", "2♥ A♠ J♦ 5♥ K♦ 8♥ 3♣ 7♣"
    ed.first.value = 1
    g = ed.build()
    assert g is not None and g.players == 4 and g.setup.dealer == 0 and g.decision.seat == 1  # type: ignore[union-attr]


def test_classroom_page_takes_a_game() -> None:
    page = classroom_page("game=chinese-ten")
    room = next(c for c in page.children if isinstance(c, Classroom))
    assert room.game == "chinese-ten"
    page = classroom_page("game=nope")
    room = next(c for c in page.children if isinstance(c, Classroom))
    assert room.game == "main-merah" and "Ignored game=nope" in page.children[1].value
    assert "Main Merah classroom" in room.heading.value


# ----- issue 23 finding 13: a course of its own, each rule stated before a task asks it ---------------------------
def intro(lesson: Lesson) -> str:
    return lesson.children[1].value.replace("&#x27;", "'")


def test_the_course_has_every_part_for_a_newcomer(lesson) -> None:  # noqa: ANN001
    keys = [[t.key for t in one.tasks] for one in lesson.lessons]
    assert keys == [["deal", "first"], ["pair1", "pair2", "pair3", "pair4"], ["three", "four"], ["aces", "total"],
                    ["game"]]
    for one in lesson.lessons:  # no lesson assumes Main Merah: it is named only as the cousin to compare with
        assert "Main Merah" not in intro(one)
    link = lesson.lessons[0].children[2]
    assert 'href="tutorial.ipynb?game=main-merah"' in link.value.replace("'", '"') and "Know Main Merah" in link.value
    assert [o.outro.value != "" for o in lesson.lessons] == [True] * 5
    assert "Next:" in lesson.lessons[0].outro.value and "Next:" not in lesson.lessons[-1].outro.value


def test_the_link_to_main_merah_keeps_the_language() -> None:
    set_language("id")
    link = CT.lesson_deal_and_turn().children[2].value
    assert "game=main-merah&amp;lang=id" in link and "Know Main Merah" not in link


def test_each_rule_is_stated_before_a_task_asks_it(lesson) -> None:  # noqa: ANN001
    says_before = {
        "deal": ["cards face up on the table", "shared out equally among the players"],
        "first": ["The seat after the dealer plays first", "the dealer plays last"],
        "pair1": ["add up to 10", "an Ace counting as 1", "only with another card of the same rank"],
        "three": ["The fourth card of that rank, played or flipped, takes all three at once"],
        "four": ["the dealer takes them into their pile before play", "never dealt again"],
        "aces": ["with four players A♠ scores", "Black cards"],
        "total": ["The red cards make", "with three players A♠ scores"],
        "game": ["flip the stock's top card"],
    }
    for key, phrases in says_before.items():
        text = intro(lesson.holding(key))
        for phrase in phrases:
            assert phrase in text, (key, phrase)


def engine_facts() -> dict[str, int]:
    """The numbers the intros may state, each measured on the engine (dealt and played-out games)."""
    facts: dict[str, int] = {}
    for n in registry.get("chinese-ten").players:
        g = registry.new_game("chinese-ten", seed=10 + n, players=n)
        facts[f"table{n}"], facts[f"stock{n}"] = len(g.setup.table), len(g.setup.stock)
        facts[f"hands{n}"] = sum(len(h) for h in g.setup.hands)
        while g.decision is not None:
            g.act(g.legal_actions()[0])
        facts[f"total{n}"] = sum(g.scores)
        for c in mm.parse_cards("A♥ 10♥ 9♦ K♦ A♠ A♣"):
            facts[f"{c}@{n}"] = g.points(c)
    return facts


def test_every_number_an_intro_states_is_the_engines(lesson) -> None:  # noqa: ANN001
    import re

    f = engine_facts()
    deal, pairing, _kinds, points, game = (intro(x) for x in lesson.lessons)
    assert len({f["table2"], f["table3"], f["table4"]}) == 1 and len({f["stock2"], f["stock3"], f["stock4"]}) == 1
    assert len({f["hands2"], f["hands3"], f["hands4"]}) == 1
    assert (f"lays {f['table4']} cards face up on the table and keeps {f['stock4']} face down as the stock; the "
            f"other {f['hands4']} are shared") in deal
    assert f["table4"] + f["stock4"] + f["hands4"] == 52 and "52-card deck" in deal
    assert "for 2, 3 or 4 players" in deal and tuple(registry.get("chinese-ten").players) == (2, 3, 4)
    assert f"a red Ace {f['A♥@2']}; a red 9, 10, Jack, Queen or King {f['10♥@2']} each" in points
    assert f["9♦@2"] == f["K♦@2"] == f["10♥@2"]
    assert all(registry.new_game("chinese-ten", seed=1, players=2).points(mm.Card.of(r, "D")) == r
               for r in range(2, 9)) and "a red 2 to 8 its number" in points
    assert f"The red cards make {f['total2']} points" in points and f["A♠@2"] == f["A♣@2"] == 0
    assert f"with three players A♠ scores {f['A♠@3']};" in points and f["A♣@3"] == 0
    assert f"with four players A♠ scores {f['A♠@4']} and A♣ {f['A♣@4']}." in points
    assert f["total3"] == f["total2"] + f["A♠@3"] and f["total4"] == f["total2"] + f["A♠@4"] + f["A♣@4"]
    pairs = re.findall(r"\b([A2-9])–([2-9])\b", pairing)
    assert len(pairs) == 5
    for a, b in pairs:  # every pair it lists pairs in the engine
        assert CT.RULES.matching(mm.Card.parse(a + "♥"), [mm.Card.parse(b + "♠")]), (a, b)
    held = len(CT.guided_game().setup.hands[0])  # type: ignore[attr-defined]
    assert f"Each player holds {held} cards" in game
    numbers = {int(x) for x in re.findall(r"(?<![♥♦♣♠\w])\d+(?![♥♦♣♠])", deal + points + game)}
    assert numbers <= {*f.values(), 2, 3, 4, 8, 9, 10, 52}, numbers  # 2-4 players; ranks 2 to 8, 9 and 10


@pytest.mark.parametrize("key", ["pair1", "pair2", "pair3", "pair4"])
def test_pairing_tasks_right_and_wrong(lesson, key: str) -> None:  # noqa: ANN001
    t = lesson.task(key)
    assert isinstance(t, PickTask)
    played = mm.Card.parse(CT.PAIRS[int(key[-1]) - 1][0])
    wrong = next(c for c in t.row.cards if c not in t.targets)
    t.pick(wrong)
    says(t, "does not pair with", "bad")
    assert not CT.RULES.matching(played, [wrong])
    assert set(t.targets) == set(CT.RULES.matching(played, t.row.cards))  # the engine's partners, all of them
    for c in t.targets:
        t.pick(c)
    assert t.solved and t.stars == 2


def test_the_coached_game_is_reviewed_at_the_table_once_over_and_feeds_practice() -> None:
    """The guided game is a coached one: once over, it is shown at the table below, where Review this game is
    offered; the tutorial keeps its mistakes for Practice as it does a guided game's at the table."""
    from mainmerah.table.table import TableWidget
    from mainmerah.teach.lesson import tables_in
    from mainmerah.teach.practice import practice_key

    page = tutorial_page("game=chinese-ten")
    tut = next(c for c in page.children if isinstance(c, Tutorial))
    assert tut.keeper is not None
    sent: list[dict] = []
    tut.keeper.send = sent.append  # type: ignore[method-assign]
    tut.keeper._page_message({"k": "kept", "available": True, "records": {}})
    tut.go(len(tut.specs) - 1)
    task = next(t for t in tut.lesson.tasks if t.key == "game")
    assert tables_in(tut.lesson) == [], "no table while the coached game goes on"
    coach = task.widget  # type: ignore[attr-defined]
    coach.play("3♦")  # takes nothing though 6♥ would have taken 4♦: a mistake to find
    drive_coach(coach)
    assert task.solved
    (table, _box), = tables_in(tut.lesson)
    assert isinstance(table, TableWidget) and table.game.is_over and table.game is not coach.game
    assert table.review.layout.display == "" and table.practice_kept
    table.review.background = False
    table.review.worlds = 8
    table.review.start_button.click()
    r = table.review.result
    assert r is not None and r.seat == 0
    kept = [m for m in sent if m.get("k") == "store" and m.get("key") == practice_key("chinese-ten")]
    assert r.moments and kept, "3♦ for nothing is found, and kept"
