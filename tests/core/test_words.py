"""Sentences the code runs on one after another are joined as the language writes them: a space after
an English or Indonesian full stop, none after a Chinese 。！？ (the example: Main Merah's deal, "牌库里 20。"
then who plays first)."""

from __future__ import annotations

import re

import mainmerah as mm
from mainmerah.core.i18n import set_language
from mainmerah.core.words import sentences
from mainmerah.families.fishing.hint import hints

# A Chinese sentence's end followed by a space: what the joins must never write.
SPACE_AFTER_STOP = re.compile(r"[。！？] ")


def test_sentences_are_joined_in_the_language() -> None:
    assert sentences("Taken.", "", "Next.") == "Taken. Next."
    set_language("id")
    assert sentences("Diambil.", "Berikutnya.") == "Diambil. Berikutnya."
    set_language("zh")
    assert sentences("吃进。", "", "下一个。") == "吃进。下一个。"
    assert sentences() == ""


def test_a_whole_game_explained_in_chinese_has_no_space_after_a_full_stop() -> None:
    g = mm.Game.new(2, "classic", seed=4)
    while (d := g.decision) is not None:
        g.decide(sorted(d.options)[0] if d.kind == "capture" else d.options[0])
    set_language("zh")
    lines = [e.explain(["你", "小明"], 0) for e in g.events]
    deal = lines[0]
    assert "牌库里" in deal and "。" in deal.rstrip("。")  # two sentences: the table, then who plays first
    assert [line for line in lines if SPACE_AFTER_STOP.search(line)] == []
    # The expert's reasons: each card's reason, then how the game looks after it.
    reasons = [h.reason for h in hints(mm.Game.new(2, "classic", seed=4), rollouts=20)]
    assert reasons and all("。" in r.rstrip("。") for r in reasons)
    assert [r for r in reasons if SPACE_AFTER_STOP.search(r)] == []
    set_language("en")
    assert ". " in g.events[0].explain(["You", "Sari"], 0)
