"""Table server load: simulated students (protocol-level clients, no browser) playing whole games at shared tables.

Run: .venv/bin/python benchmarks/table_server.py [--students 60] [--think 0.5] [--pace 0.5] [--seed 1]
     .venv/bin/python benchmarks/table_server.py --students 60,120,240   # each size in turn: where p95 passes 250 ms

One standalone table server (``python -m mainmerah.server.tables``, the same routes the app mounts), started here.
Two students sit at each table, the tables' games mixed in turn (Main Merah 2 people; Chinese Ten 2 people and a
computer; Red Ten 2 people and 2 computers; In The Red 2 people and a computer, played to 100 points); each
student holds one websocket, as the client does, waits ``--think`` seconds (0.5-1.5 times it, seeded) on its turn
and sends a random legal action over it. Computers play at ``--pace``. Measured: from the moment a student sends an
action to the moment every person at that table has the frame it caused (p50 / p95 / max), the server's CPU (its
process's seconds of CPU over the wall time, 100% = one core) and its memory (RSS at its peak); the clients' own CPU
and the machine's load average at the end (other jobs on the machine show there). No assertions: figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import processes  # noqa: E402 (free_port: a port no kernel's ZeroMQ socket can take meanwhile)

from mainmerah import tables  # noqa: E402

MB = 1024 * 1024
LAYOUTS = (
    ("main-merah", ["person", "person"]),
    ("chinese-ten", ["person", "person", "greedy"]),
    ("red-ten", ["person", "greedy", "person", "greedy"]),
    ("in-the-red", ["person", "person", "greedy"]),
)


@dataclass
class Table:
    """One table's people, and the actions still on their way to every one of them."""

    code: str
    game: str
    people: int
    pending: dict[int, tuple[float, set[int]]] = field(default_factory=dict)  # moves -> (sent at, seats yet to get it)
    latencies: list[float] = field(default_factory=list)
    over: int = 0

    def sent(self, moves: int, at: float) -> None:
        self.pending[moves] = (at, set(range(self.people)))

    def arrived(self, who: int, moves: int, at: float) -> None:
        for s in [s for s in self.pending if s <= moves]:
            sent_at, waiting = self.pending[s]
            waiting.discard(who)
            if not waiting:
                self.latencies.append(at - sent_at)
                del self.pending[s]


async def student(url: str, table: Table, who: int, code: str, token: str, seat: int, rng: random.Random,
                  think: float) -> int:
    """One student: a websocket, a frame at each change, a random legal action on its turn. Its moves made."""
    conn = await websocket_connect(url.replace("http://", "ws://") + "/mainmerah/tables/socket")
    conn.write_message(json.dumps({"code": code, "token": token, "since": 0}))
    moves, acted = 0, -1
    while (message := await conn.read_message()) is not None:
        data = json.loads(message)
        if data["kind"] == "reply" and "error" in data:
            raise RuntimeError(f"table {code}: refused: {data['error']}")
        if data["kind"] != "frame":
            continue
        # By the game's move count, not the frame's number: frames also come when nothing was played (someone
        # connects, a name changes), and a student must not answer one decision twice.
        table.arrived(who, data["moves"], time.perf_counter())
        if data["over"]:
            table.over += 1
            break
        d = data["decision"]
        if d and d["seat"] == seat and data["moves"] > acted and data["legal"]:
            await asyncio.sleep(think * (0.5 + rng.random()))
            acted = data["moves"]
            table.sent(acted + 1, time.perf_counter())
            conn.write_message(json.dumps({"action": rng.choice(data["legal"]), "id": moves}))
            moves += 1
    conn.close()
    return moves


async def play(url: str, students: int, think: float, pace: float, seed: int) -> tuple[list[Table], int]:
    srv = tables.connect(url)
    rng = random.Random(seed)
    made, runs = [], []
    for i in range(students // 2):
        game, seats = LAYOUTS[i % len(LAYOUTS)]
        t = srv.create(game, seats=seats, seed=rng.randrange(10**9), pace=pace, live=False)
        assert t.seat is not None
        other = srv.join(t.code, live=False)
        table = Table(t.code, game, 2)
        made.append(table)
        for who, s in enumerate((t.seat, other)):
            assert s.index is not None
            runs.append(student(url, table, who, t.code, s.token, s.index, random.Random(rng.random()), think))
    moves = await asyncio.gather(*runs)
    return made, sum(moves)


def run(students: int, think: float, pace: float, seed: int) -> dict[str, float]:
    port = processes.free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "mainmerah.server.tables", "--port", str(port),
                               "--tables-per-address", "1000", "--rate", "1000"], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert server.stdout is not None
        while "teacher's key" not in server.stdout.readline():
            assert server.poll() is None, "the table server did not start"
        proc = psutil.Process(server.pid)
        peak = proc.memory_info().rss
        me = psutil.Process()
        cpu0, mine0, wall0 = sum(proc.cpu_times()[:2]), sum(me.cpu_times()[:2]), time.perf_counter()

        async def sampled() -> tuple[list[Table], int]:
            nonlocal peak
            task = asyncio.ensure_future(play(url, students, think, pace, seed))
            while not task.done():
                peak = max(peak, proc.memory_info().rss)
                await asyncio.sleep(0.25)
            return await task

        made, moves = asyncio.run(sampled())
        wall = time.perf_counter() - wall0
        cpu = sum(proc.cpu_times()[:2]) - cpu0
        clients = sum(me.cpu_times()[:2]) - mine0
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:  # too busy to stop: not left behind
            server.kill()
            server.wait()
    lat = sorted(x * 1000 for t in made for x in t.latencies)
    q = statistics.quantiles(lat, n=100) if len(lat) > 1 else lat * 99
    return {"students": students, "tables": len(made), "finished": sum(t.over == t.people for t in made),
            "moves": moves, "wall": wall, "p50": q[49], "p95": q[94], "max": lat[-1], "cpu": 100 * cpu / wall,
            "rss": peak / MB, "clients": 100 * clients / wall, "load": psutil.getloadavg()[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", default="60", help="how many (even), or several: 60,120,240")
    parser.add_argument("--think", type=float, default=0.5, help="seconds a student thinks on its turn (mean)")
    parser.add_argument("--pace", type=float, default=0.5, help="seconds a computer waits before its move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"think {args.think} s, computers' pace {args.pace} s, {psutil.cpu_count()} CPUs")
    print("students tables finished  people's moves  wall s  p50 ms  p95 ms  max ms  server CPU  server RSS"
          "  clients' CPU  load avg")
    for n in (int(x) for x in args.students.split(",")):
        r = run(n, args.think, args.pace, args.seed)
        print(f"{r['students']:8.0f} {r['tables']:6.0f} {r['finished']:8.0f} {r['moves']:15.0f} {r['wall']:7.1f} "
              f"{r['p50']:7.1f} {r['p95']:7.1f} {r['max']:7.1f} {r['cpu']:9.0f}% {r['rss']:8.0f} MB"
              f" {r['clients']:12.0f}% {r['load']:9.1f}", flush=True)


if __name__ == "__main__":
    main()
