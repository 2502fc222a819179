"""How big a kept table record is, and how long the kernel takes to check and restore it.

A match of ``--games`` finished games plus one under way, all Main Merah (2 players, greedy bots):
the records' sizes, then the median time of ``--runs`` restores (check every save file through the
engine, then show it), as a page's Keeper answer would trigger it.

    .venv/bin/python benchmarks/kept_restore.py --games 10 --runs 20
"""

from __future__ import annotations

import argparse
import statistics
import time

from mainmerah.pages.play import keep_table
from mainmerah.table.kept_table import sheet_key, table_key
from mainmerah.table.table import TableWidget


def answered(seed: int, records: dict) -> TableWidget:
    table = TableWidget(seed=seed, links=True)
    keeping = keep_table(table, {}, lang_chosen=False)
    keeping.keeper.send = lambda _m: None  # type: ignore[method-assign]
    keeping.keeper._page_message({"k": "kept", "available": True, "records": records})
    return table


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    table = answered(1, {})
    for _ in range(args.games):
        table.skip()
        while not table.game.is_over:
            d = table.game.decision
            (table.play if d.kind == "play" else table.choose)(d.options[0])
            table.skip()
        table.next_game()
    table.skip()
    records = table.keeping.keeper.records
    kept = {k: records[k] for k in (table_key("main-merah"), sheet_key("main-merah"))}
    text, sheet = kept[table_key("main-merah")], kept[sheet_key("main-merah")]
    times = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        again = answered(2, kept)
        times.append(time.perf_counter() - t0)
        assert len(again.sheet.rows) == args.games
    base = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        answered(2, {})
        base.append(time.perf_counter() - t0)
    print(f"records: the game {len(text)} characters (sent again at each step), the match sheet of "
          f"{args.games} finished games {len(sheet)} (sent once a game)")
    print(f"page with the record restored: median {statistics.median(times) * 1000:.1f} ms; "
          f"without a record: {statistics.median(base) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
