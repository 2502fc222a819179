"""Golden transcripts: seeded games replayed from tests/golden/ must explain themselves word for word.

Each case has ``<name>.json`` (how the game was set up, the decisions taken, the final state)
and ``<name>.txt`` (the full explanation text). The test replays the recorded decisions, so bot
changes never move these files; only engine or wording changes do. After an intended change,
regenerate and review the diff:

    .venv/bin/python tests/games/fishing/test_golden.py --update-golden
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

import mainmerah as mm

GOLDEN = Path(__file__).resolve().parents[2] / "golden"  # tests/golden (run as a script too)

# name -> how to build the game, which seed picks the decisions, how many decisions (None = to the end),
# and how to name the seats in the transcript.
CASES: dict[str, dict] = {
    "classic-2p-redeal": dict(new=dict(players=2, variant="classic", seed=17), pick=1),
    "cardgames-3p": dict(new=dict(players=3, variant="cardgames", seed=5, dealer=2), pick=2,
                         names=["Ana", "Budi", "Citra"], you=1),
    "jb-2p": dict(new=dict(players=2, variant="jb", seed=9), pick=3, you=0),
    "jb-3p": dict(new=dict(players=3, variant="jb", seed=2024), pick=4),
    "classic-2p-stranded": dict(
        layout=dict(
            hands=["AH 7C 3D 2S KC 4H 6S 8D QH 10S", "9C 2H 5S JD 6H 4C 8S 3H 10C QS"],
            table="AD AC 9S 9D 9H 5H JS KD 7H 2D 6C 10H",
            stock="4D 3C 8C 5C 7D 3S 6D 4S 2C 8H 5D JH QD KH KS 7S JC 10D QC AS",
            first=0, variant="classic",
        ),
        pick=5, names=["Ana", "Budi"],
    ),
    "classic-2p-midgame": dict(new=dict(players=2, variant="classic", seed=31), pick=6, stop=17),
}


def build(case: dict) -> mm.Game:
    if "new" in case:
        return mm.Game.new(**case["new"])
    return mm.Game.from_layout(**case["layout"])


def transcript(g: mm.Game, case: dict) -> str:
    return "\n".join(g.explain(case.get("names"), case.get("you"))) + "\n"


def final_state(g: mm.Game) -> dict:
    cards = lambda cs: [str(c) for c in cs]  # noqa: E731
    d = g.decision
    return {
        "table": cards(g.table),
        "hands": [cards(h) for h in g.hands],
        "piles": [cards(p) for p in g.piles],
        "stock": cards(g.stock),
        "scores": list(g.scores),
        "winners": list(g.winners) if g.is_over else None,
        "is_over": g.is_over,
        "decision": None if d is None else {
            "seat": d.seat, "kind": d.kind, "options": cards(d.options),
            "card": None if d.card is None else str(d.card), "source": d.source,
        },
        "events": [e.kind for e in g.events],
    }


def generate(name: str) -> tuple[dict, str]:
    case = CASES[name]
    g = build(case)
    rng = random.Random(case["pick"])
    stop = case.get("stop")
    while g.decision is not None and (stop is None or len(g.choices) < stop):
        g.decide(rng.choice(g.decision.options))
    record = {
        "case": name,
        "decisions": [{"seat": ch.seat, "kind": ch.kind, "card": str(ch.card)} for ch in g.choices],
        "final": final_state(g),
    }
    return record, transcript(g, case)


def update() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name in CASES:
        record, text = generate(name)
        (GOLDEN / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n",
                                             encoding="utf-8")
        (GOLDEN / f"{name}.txt").write_text(text, encoding="utf-8")
        print(f"wrote {name}: {len(record['decisions'])} decisions, {text.count(chr(10))} lines")


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name):
    case = CASES[name]
    json_path, txt_path = GOLDEN / f"{name}.json", GOLDEN / f"{name}.txt"
    assert json_path.exists() and txt_path.exists(), (
        "missing golden files: run tests/games/fishing/test_golden.py --update-golden")
    record = json.loads(json_path.read_text(encoding="utf-8"))
    g = build(case)
    for d in record["decisions"]:
        assert g.decision is not None and g.decision.seat == d["seat"] and g.decision.kind == d["kind"]
        g.decide(d["card"])
    assert final_state(g) == record["final"]
    assert transcript(g, case) == txt_path.read_text(encoding="utf-8")
    # The replayed game survives a save file unchanged.
    assert transcript(mm.Game.from_json(g.to_json()), case) == transcript(g, case)


def test_golden_cases_cover_what_they_claim():
    redeal = json.loads((GOLDEN / "classic-2p-redeal.json").read_text(encoding="utf-8"))
    assert redeal["final"]["events"][0] == "redeal"
    stranded = json.loads((GOLDEN / "classic-2p-stranded.json").read_text(encoding="utf-8"))
    assert stranded["final"]["is_over"] and stranded["final"]["table"]
    mid = json.loads((GOLDEN / "classic-2p-midgame.json").read_text(encoding="utf-8"))
    assert not mid["final"]["is_over"]
    for name in ("jb-2p", "jb-3p"):
        jb = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
        assert jb["final"]["table"] == [] and sum(jb["final"]["scores"]) == 210


if __name__ == "__main__":
    if "--update-golden" not in sys.argv[1:]:
        sys.exit("usage: python tests/games/fishing/test_golden.py --update-golden")
    update()
