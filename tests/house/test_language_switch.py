"""The live language switch in the kernel: every word on the table and in the tutorial changes,
nothing else does (the game, the selection, the lessons' answers), and switching back gives
exactly the English page again."""

from __future__ import annotations

import gc
import random
import re
from collections.abc import Iterator

import ipywidgets as w
import pytest
from played import play_to_the_end

import mainmerah as mm
from mainmerah.core import i18n
from mainmerah.core.i18n import language, set_language
from mainmerah.draw.svg import card_svg
from mainmerah.families.fishing.ui.classroom import Classroom
from mainmerah.pages.tutorial import Tutorial
from mainmerah.table import TableWidget
from mainmerah.table.board import BoardView
from mainmerah.table.presenter import table_games

# Words that are the same in both languages: names, the game's and the variants' names, card notation.
NEUTRAL = {"main", "merah", "sari", "budi", "ayu", "english", "bahasa", "indonesia", "中文", "classic", "cardgames",
           "jb", "seed", "a", "j", "q", "k", "ok"}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")  # other tests share the process


def texts(widget: w.Widget, path: str = "") -> dict[str, str]:
    """Every word a widget tree shows or says (values, labels, tooltips, options), by position."""
    out: dict[str, str] = {}
    if getattr(widget, "layout", None) is not None and widget.layout.display == "none":
        return out  # not shown
    if "mm-style" in getattr(widget, "_dom_classes", ()):
        return out  # a stylesheet
    for name in ("value", "description", "placeholder", "tooltip"):
        v = getattr(widget, name, None)
        if isinstance(v, str) and v and (name != "value" or isinstance(widget, w.HTML | w.Label)):
            out[f"{path}.{name}"] = v
    for name in ("_options_labels", "tooltips"):
        v = getattr(widget, name, None)
        if v:
            out[f"{path}.{name}"] = " | ".join(v)
    if isinstance(widget, BoardView):
        out.update(board_texts(widget, path))
    for i, child in enumerate(getattr(widget, "children", ()) or ()):
        out.update(texts(child, f"{path}/{i}"))
    return out


def board_texts(board: BoardView, path: str) -> dict[str, str]:
    """The words of the board model's parts (its class names and level values are not words)."""
    out: dict[str, str] = {}

    def add(key: str, v: object) -> None:
        if isinstance(v, str) and v:
            out[f"{path}.{key}"] = v

    def add_dict(key: str, d: dict, skip: tuple[str, ...] = ()) -> None:
        for k, v in d.items():
            if isinstance(v, dict):
                add_dict(f"{key}.{k}", v)
            elif k not in ("cards", *skip):  # card codes are not words
                add(f"{key}.{k}", v)

    add("table_label", board.table_label)
    add_dict("header", board.header, skip=("cls",))
    for i, link in enumerate(board.header["links"]):
        add(f"header.links[{i}]", link[1])
    for i, (_kind, _card, _arrow, _taken, text) in enumerate(board.action):
        add(f"action[{i}]", text)
    add_dict("stock", board.stock)
    for code, spoken in board.names.items():
        add(f"names[{code}]", spoken)
    for name in ("table", "hand"):
        for i, (_cls, _text, spoken) in enumerate(getattr(board, name)):
            add(f"{name}[{i}]", spoken)
    for i, (_name, text, _disabled, hidden, tip, _reserve) in enumerate(board.buttons):
        if not hidden:
            add(f"buttons[{i}]", text)
            add(f"buttons[{i}].tip", tip)
    for i, o in enumerate(board.opps):
        add(f"opps[{i}].name", o["name"])
        add_dict(f"opps[{i}].hand", o["hand"])
        add_dict(f"opps[{i}].pile", o["pile"])
        add(f"opps[{i}].label", o["label"])
        add(f"opps[{i}].levels", " | ".join(label for label, _v in o["levels"]))
    add("level_note", board.level_note)
    add("gameover", board.gameover["html"])
    add_dict("you", board.you, skip=("cls", "hand_cls"))
    add("prompt", board.prompt["html"])
    if not board.entry["hidden"]:
        add("entry.label", board.entry["label"])
        add("entry.placeholder", board.entry["placeholder"])
    for key in ("heading", "log_heading"):
        add(f"panel.{key}", board.panel[key])
    for i, (_cls, text) in enumerate(board.panel["latest"]):
        add(f"panel.latest[{i}]", text)
    for i, (_cls, text) in enumerate(board.log + board.log_tail):
        add(f"log[{i}]", text)
    return out


def words(text: str) -> set[str]:
    plain = re.sub(r"<[^>]+>", " ", text)
    plain = re.sub(r"\b(10|[2-9AJQK])[♥♦♣♠]", " ", plain)  # card notation
    return {t for t in re.findall(r"[^\W\d_]+", plain.lower())} - NEUTRAL


def untranslated(english: dict[str, str], other: dict[str, str]) -> list[str]:
    """Texts still the same after the switch although they hold words (so they are English)."""
    return [f"{k}: {v[:80]!r}" for k, v in other.items() if english.get(k) == v and words(v)]


def mid_game_table() -> TableWidget:
    t = TableWidget(players=3, seed=21, bots=["greedy", "random"], auto=False)
    for _ in range(3):
        d = t.human_decision
        while d is None:
            t.next()
            d = t.human_decision
        assert t.play(d.options[0]) if d.kind == "play" else t.choose(d.options[0]), t.error
    while t.human_decision is None:
        t.next()
    assert t.human_decision.kind == "play"
    assert t.select(t.human_decision.options[-1])
    return t


def test_table_switches_every_word_and_keeps_the_game() -> None:
    t = mid_game_table()
    t.set_four_colour(True)
    before = (t.game.to_json(), t.shown, t.selected, t.game.scores, t.four_colour, t.controls.pace.value)
    english = texts(t)
    lines = list(t.panel.lines)
    set_language("id")
    assert t.options.language.value == "id" and language() == "id"
    indonesian = texts(t)
    assert untranslated(english, indonesian) == []
    assert (t.game.to_json(), t.shown, t.selected, t.game.scores, t.four_colour, t.controls.pace.value) == before
    # The story is told again from the event log, in Indonesian, line for line.
    names = ["Kamu", "Sari", "Budi"]
    assert t.names == names
    assert t.panel.lines == [e.explain(names, 0) for e in t.game.events[: t.shown]]
    assert len(t.panel.lines) == len(lines) and set(t.panel.lines).isdisjoint(lines)
    assert str(t.selected) in t.play_button.description and "Mainkan" in t.play_button.description
    # The game goes on in Indonesian; back in English the page is word for word what it was.
    set_language("en")
    assert texts(t) == english
    assert t.confirm() and t.game.choices[-1].card == before[2]


@pytest.mark.parametrize("page", ["table", "tutorial", "classroom"])
def test_every_word_switches_to_chinese_too(page: str) -> None:
    if page == "table":
        widget: w.Widget = mid_game_table()
    elif page == "tutorial":
        widget = tutorial_with_work_done()
        playout_table(widget)  # type: ignore[arg-type]
    else:
        widget = Classroom(seed=3)
        widget.codes.submit("2P-CLASSIC-8412-N")  # type: ignore[attr-defined]
    english = texts(widget)
    set_language("zh")
    assert untranslated(english, texts(widget)) == []
    set_language("en")
    assert texts(widget) == english


def test_the_toggle_switches_the_language() -> None:
    t = TableWidget(seed=4, auto=False)
    english = t.status
    t.options.language.value = "id"  # what a click on "Bahasa Indonesia" does
    assert language() == "id" and t.status != english
    other = TableWidget(seed=4, auto=False)
    assert other.options.language.value == "id"  # a new widget starts in the language shown
    other.options.language.value = "en"
    assert language() == "en" and t.options.language.value == "en" and t.status == english


def tutorial_with_work_done() -> Tutorial:
    tut = Tutorial()
    cards = tut.lesson
    cards.tasks[0].pick("A♥")
    cards.tasks[0].pick("K♠")
    for c in ("A♥", "7♦", "K♠", "9♥", "2♦", "A♣", "Q♦", "5♣"):
        cards.tasks[0].pick(c)
    cards.tasks[1].pick("3♠")
    tut.go(2)  # the coached game
    coach = tut.lesson.tasks[0].widget
    coach.play("K♠")  # refused: the first turn must capture
    coach.play("7♥")
    coach.take("3♦")
    tut.go(4)  # the deal: the learner's own table
    deal = tut.lesson
    deal.task("jacks").choose(0)
    deal.task("jacks").choose(1)
    playout = deal.task("playout")
    playout.press()
    next(b for b in playout.children if "mm-play-yourself" in b._dom_classes).click()
    table = next(x for x in playout.children if isinstance(x, w.VBox) and x.children).children[0]
    assert isinstance(table, TableWidget)
    table.play(table.human_decision.options[0])
    return tut


def state(tut: Tutorial) -> list:
    out = []
    for i, lesson in sorted(tut.lessons.items()):
        out.append((i, [(t.key, t.solved, t.attempts, list(t.inputs)) for t in lesson.tasks]))
    coach = tut.lessons[2].tasks[0].widget
    out.append((coach.game.to_json(), coach.waiting, list(coach.hand), coach.inputs))
    return out


def playout_table(tut: Tutorial) -> TableWidget:
    box = next(x for x in tut.lessons[4].task("playout").children if isinstance(x, w.VBox) and x.children)
    return box.children[0]


def test_tutorial_switches_every_word_and_keeps_what_the_learner_did() -> None:
    tut = tutorial_with_work_done()
    table = playout_table(tut)
    game = table.game.to_json()
    before = state(tut)
    english = texts(tut)
    said = {0: lambda: tut.lessons[0].tasks[0].feedback.value, 2: lambda: tut.lessons[2].tasks[0].widget.feedback.value}
    feedback = {i: said[i]() for i in said}
    set_language("id")
    assert untranslated(english, texts(tut)) == []
    assert playout_table(tut) is table and table.game.to_json() == game  # the learner's own table, moved over
    assert state(tut) == before  # every answer, attempt and coached click is there again
    for i in (0, 2):  # the other lessons follow when opened again
        tut.go(i)
        assert said[i]() not in ("", feedback[i])
    assert state(tut) == before
    set_language("en")
    for i in (0, 2, 4):
        tut.go(i)
    assert state(tut) == before and playout_table(tut) is table
    assert texts(tut) == english
    assert {i: said[i]() for i in said} == feedback


def test_tutorial_four_colour_marks_the_page() -> None:
    tut = Tutorial()
    tut.options.four.value = True
    assert "mm-four" in tut._dom_classes and "mm-suit-D" in tut.options.sheet.value
    tut.options.four.value = False
    assert "mm-four" not in tut._dom_classes
    svg = card_svg(mm.Card.parse("7d"))
    assert 'class="mm-suit-D"' in svg  # inline cards recolour with the page's class


def test_classroom_switches_every_word_and_keeps_codes_positions_answers_and_files() -> None:
    room = Classroom(seed=3)
    room.codes.submit("2P-CLASSIC-8412-N")
    table = room.table_widget
    assert isinstance(table, TableWidget)
    table.play(table.human_decision.options[0])
    room.editor.table.value = "3♦ 8♣ J♥ 5♠ Q♠ 9♦ 9♠"  # typed, then checked
    room.editor.build()
    room.exercise_box.children[0].tasks[0].pick(room.exercise_box.children[0].tasks[0].row.cards[0])
    room.saves.export()
    room.saves.load_text(room.saves.saved.value)
    room.saves.goto(1)
    before = (table.game.to_json(), room.codes.code.value, room.editor.table.value, room.saves.step,
              room.saves.saved.value, [t.inputs for t in room.exercise_box.children[0].tasks], room.tabs.selected_index)
    english = texts(room)
    set_language("id")
    assert room.table_widget is table and room.table_area.children[0] is table  # the game in play stays
    after = (table.game.to_json(), room.codes.code.value, room.editor.table.value, room.saves.step,
             room.saves.saved.value, [t.inputs for t in room.exercise_box.children[0].tasks], room.tabs.selected_index)
    assert after == before
    assert untranslated(english, texts(room)) == []
    assert room.codes.message.text and room.editor.message.text and room.saves.load_message.text
    set_language("en")
    assert texts(room) == english


def test_a_table_without_options_hides_only_its_bar() -> None:
    from mainmerah.table.cards import shared

    t = TableWidget(seed=2, controls=False, four_colour=True)
    assert t.options.layout.display == "none" and "mm-four" in t._dom_classes  # the deck still applies
    assert shared("layout").display is None and "mm-hidden" not in t.you._dom_classes  # nothing else hidden


def open_widgets() -> int:
    # Collected first: a page replaced a moment ago may wait in a reference cycle, still answering the language's
    # weak listeners until the collector runs, and when that is depends on what ran before in this process.
    gc.collect()
    return sum(1 for x in w.Widget.widgets.values() if x.comm is not None)  # type: ignore[attr-defined]


def test_switching_back_and_forth_leaves_no_widget_behind() -> None:
    """A lesson or a classroom panel rebuilt in the new words closes the old one (kernel and page): each switch
    used to leave some 300 models. The learner's own table, moved into the new lesson, stays open and plays."""
    import warnings

    warnings.simplefilter("ignore", DeprecationWarning)  # Widget.widgets: the registry itself is what is counted
    # Only this test's pages listen (tests/conftest.py puts the others back after it): a page another test of this
    # process still holds would answer these switches too, and its widgets would be counted here (one CI run).
    i18n._listeners.clear()
    tut = Tutorial()
    tut.go(2)  # a coached game
    tut.go(5)  # a guided table
    room = Classroom()
    set_language("id")
    set_language("en")
    before = open_widgets()
    for _ in range(3):
        set_language("id")
        set_language("en")
    assert open_widgets() == before
    table = tut.lesson.task("game").widget  # type: ignore[attr-defined]
    assert table.comm is not None and table.sheet.comm is not None
    table.set_pace(0)
    table.play(table.game.decision.options[0])  # it still plays
    assert table.game.choices
    tut.retry()
    tut.start_over()
    assert open_widgets() < before  # the lessons replaced by "Try again" and "Start over" are closed too
    assert room.exercise_box.comm is not None and room.tabs.children[2] is room.exercise_box


@pytest.mark.parametrize("name", table_games())
def test_the_end_of_every_games_tally_switches_to_chinese(name: str) -> None:
    """A whole game of each registered game played at its table (you by the first legal action, the computers
    at random), then the tally of the end read in English and in Chinese: every word switched."""
    rng = random.Random(name)
    t = TableWidget(game=name, seed=rng.randrange(1000), bots="random", auto=False)
    play_to_the_end(t)
    assert t.game.is_over
    english = texts(t)
    set_language("zh")
    chinese = texts(t)
    assert untranslated(english, chinese) == []
    assert latin_spacing(chinese) == []
    set_language("en")
    assert texts(t) == english


CHINESE = r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]"
# Between Chinese characters: no space, and lists joined with 、 not ", " (core.words.listed).
LATIN_SPACING = re.compile(f"{CHINESE} (?={CHINESE})|{CHINESE}, |, (?={CHINESE})")


def latin_spacing(shown: dict[str, str]) -> list[str]:
    """The texts that space or list Chinese the Latin way."""
    return [f"{k}: {v[:100]!r}" for k, v in shown.items() if LATIN_SPACING.search(re.sub(r"<[^>]+>", "|", v))]
