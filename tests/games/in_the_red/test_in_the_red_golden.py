"""In The Red's golden transcripts: seeded games replayed from tests/golden/ explain themselves word for word,
in English (``<name>.txt``) and in Bahasa Indonesia (``<name>.id.txt``).

``<name>.json`` holds the decisions taken and the final state. The test replays the recorded
decisions, so bot or picker changes never move these files; only engine or wording changes do.
After an intended change, regenerate and review the diff:

    .venv/bin/python tests/games/in_the_red/test_in_the_red_golden.py --update-golden
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from mainmerah.core import registry
from mainmerah.core.cards import PACK
from mainmerah.core.i18n import set_language
from mainmerah.families.in_the_red import InTheRed

GOLDEN = Path(__file__).resolve().parents[2] / "golden"  # tests/golden (run as a script too)


def _reshuffle_layout() -> dict[str, Any]:
    """Two players, a pack of two cards and long stacks: the pack runs out in the third round."""
    cards = [str(c) for c in random.Random(7).sample(PACK, 52)]
    return dict(hands=[cards[0:5], cards[5:10]], stacks=[cards[10:31], cards[31:50]], pack=cards[50:52], dealer=1,
                seed=7)


# name -> how to build the game, the seed that picks the decisions (uniformly among the legal ones),
# the deal to stop after (None: the whole game), the seat names and the reader.
CASES: dict[str, dict[str, Any]] = {
    "in-the-red-3p-game": dict(new=dict(seed=211, players=3), pick=211, names=["Ayu", "Budi", "Citra"], you=1),
    "in-the-red-2p-reshuffle": dict(layout=_reshuffle_layout(), pick=3, stop_after_deal=1, names=["Ayu", "Budi"],
                                    you=0),
    "in-the-red-6p-deal": dict(new=dict(seed=124, players=6), pick=124, stop_after_deal=1),
}


def build(case: dict[str, Any]) -> InTheRed:
    if "new" in case:
        return InTheRed.new(**case["new"])
    return InTheRed.from_layout(**case["layout"])


def transcript(g: InTheRed, case: dict[str, Any], language: str) -> str:
    set_language(language)
    try:
        return "\n".join(g.explain(case.get("names"), case.get("you"))) + "\n"
    finally:
        set_language("en")


def final_state(g: InTheRed) -> dict[str, Any]:
    cards = lambda cs: [str(c) for c in cs]  # noqa: E731
    return {
        "deal": g.deal_number, "round": g.round_number, "dealer": g.dealer,
        "hands": [cards(h) for h in g.hands], "stacks": [cards(st) for st in g.stacks],
        "pack": cards(g.pack_order()), "scores": list(g.scores), "winners": list(g.winners),
        "is_over": g.is_over, "to_move": None if g.decision is None else g.decision.seat,
        "events": [e.kind for e in g.events],
    }


def generate(name: str) -> tuple[dict[str, Any], str, str]:
    case = CASES[name]
    g = build(case)
    rng = random.Random(case["pick"])
    stop = case.get("stop_after_deal")
    while g.decision is not None and (stop is None or g.deal_number <= stop):
        g.act(rng.choice(g.legal_actions()))
    record = {"case": name, "decisions": [c.action for c in g.choices], "final": final_state(g)}
    return record, transcript(g, case, "en"), transcript(g, case, "id")


def update() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name in CASES:
        record, en, id_ = generate(name)
        (GOLDEN / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        (GOLDEN / f"{name}.txt").write_text(en, encoding="utf-8")
        (GOLDEN / f"{name}.id.txt").write_text(id_, encoding="utf-8")
        print(f"wrote {name}: {len(record['decisions'])} decisions, {en.count(chr(10))} lines")


def replayed(name: str) -> tuple[InTheRed, dict[str, Any]]:
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    g = build(CASES[name])
    for action in record["decisions"]:
        g.act(action)
    return g, record



@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name: str) -> None:
    case = CASES[name]
    for suffix in (".json", ".txt", ".id.txt"):
        assert (GOLDEN / f"{name}{suffix}").exists(), (
            "missing golden files: run tests/games/in_the_red/test_in_the_red_golden.py --update-golden")
    g, record = replayed(name)
    assert final_state(g) == record["final"]
    assert transcript(g, case, "en") == (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    assert transcript(g, case, "id") == (GOLDEN / f"{name}.id.txt").read_text(encoding="utf-8")
    back = registry.load_game(g.to_json())  # the replayed game survives a save file unchanged
    assert isinstance(back, InTheRed) and transcript(back, case, "en") == transcript(g, case, "en")


def test_golden_cases_cover_what_they_claim() -> None:
    game = json.loads((GOLDEN / "in-the-red-3p-game.json").read_text(encoding="utf-8"))["final"]
    assert game["is_over"] and max(game["scores"]) >= 100 and len(game["winners"]) == 2  # a shared win
    assert game["events"][:2] == ["dealer-draw", "dealer-draw"] and game["events"].count("deal-end") >= 3
    g, _record = replayed("in-the-red-3p-game")
    rounds = [e for e in g.events if e.kind == "round"]
    assert any(e.handouts for e in rounds) and any(len(e.losers) > 1 for e in rounds)
    assert any(not e.red for e in rounds)
    reshuffle = json.loads((GOLDEN / "in-the-red-2p-reshuffle.json").read_text(encoding="utf-8"))["final"]
    assert "reshuffle" in reshuffle["events"] and "deal-end" in reshuffle["events"]
    six = json.loads((GOLDEN / "in-the-red-6p-deal.json").read_text(encoding="utf-8"))["final"]
    assert six["events"].count("deal-end") == 1 and len(six["hands"]) == 6 and "two packs" in (
        GOLDEN / "in-the-red-6p-deal.txt").read_text(encoding="utf-8")


if __name__ == "__main__":
    if "--update-golden" not in sys.argv[1:]:
        sys.exit("usage: python tests/games/in_the_red/test_in_the_red_golden.py --update-golden")
    update()
