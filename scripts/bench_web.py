"""Load benchmark of ``claim serve``: many concurrent bot-vs-bot games over WebSockets on loopback.

    .venv/bin/python scripts/bench_web.py [--games 50] [--expansions] [--server-bot] [--json]

A real server (uvicorn, one process, a fresh SQLite file) runs in a subprocess. The benchmark
creates ``--games`` games over HTTP, opens a WebSocket per human seat, and plays every game at
once: each seat is a client-side bot that answers its ``state`` message with a random legal move.
With ``--server-bot`` seat 1 is the server's random bot instead (one socket per game).

It prints the moves per second the server sustained (every move applied, saved in its own
transaction and broadcast, bots' moves included, over the wall time of the whole run) and the
latency of a client's move: from sending it to receiving the ``state`` message it caused, p50,
p90 and p99. Client and server share the machine's cores.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

EXPANSIONS = {
    "factions": "random",
    "heroes": "5",
    "setting": "random",
    "building": "random",
    "artifacts": "all",
}

# no limit on new games: the benchmark creates hundreds at once
SERVE = (
    "import sys; from claim.apps.web.serve import run_serve; "
    "run_serve('127.0.0.1', 0, sys.argv[1], max_games_per_minute=0)"
)


def start_server(db: Path, log: Path) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, "-c", SERVE, f"sqlite:///{db}"],
        stdout=subprocess.PIPE,
        stderr=log.open("w"),
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not found:
        process.kill()
        raise SystemExit(f"the server did not start: {line!r}; see {log}")
    stdout = process.stdout
    threading.Thread(target=lambda: stdout.read(), daemon=True).start()  # drain the access log
    return process, found.group(1)


async def play_seat(
    url: str, rng: random.Random, latencies: list[float], ready: asyncio.Event
) -> int:
    """One seat: answer every state message that asks it to move; the final version."""
    async with connect(url, max_size=2**24) as ws:
        await ready.wait()
        sent_at: float | None = None
        sent_version = -1
        while True:
            message = json.loads(await ws.recv())
            if message["type"] != "state":
                raise RuntimeError(f"server error: {message}")
            if sent_at is not None and message["version"] == sent_version + 1:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["status"] == "finished":
                return int(message["version"])
            if message["legal"]:
                move = rng.choice(message["legal"])
                sent_version = message["version"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "move": move, "version": sent_version}))


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user + system) a process has used so far (Linux), or None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(args: argparse.Namespace, port: str, pid: int) -> dict[str, Any]:
    http = f"http://127.0.0.1:{port}"
    seats = ["human", "bot:random"] if args.server_bot else ["human", "human"]
    options = EXPANSIONS if args.expansions else {}
    async with httpx.AsyncClient(base_url=http, timeout=60) as client:
        created = []
        for i in range(args.games):
            body = {"options": options, "seed": args.seed + i, "seats": seats}
            answer = await client.post("/api/games", json=body)
            answer.raise_for_status()
            created.append(answer.json())
    latencies: list[float] = []
    ready = asyncio.Event()
    tasks = []
    for i, game in enumerate(created):
        for entry in game["seats"]:
            if entry["kind"] == "human":
                url = f"ws://127.0.0.1:{port}/ws/games/{game['id']}?seat={entry['seat']}"
                url += f"&token={entry['token']}"
                rng = random.Random(f"{args.seed}/{i}/{entry['seat']}")
                tasks.append(asyncio.create_task(play_seat(url, rng, latencies, ready)))
    await asyncio.sleep(0.5)  # every socket connected and sent its first state
    cpu_before = cpu_seconds(pid)
    start = time.perf_counter()
    ready.set()
    finals = await asyncio.gather(*tasks)
    wall = time.perf_counter() - start
    cpu_after = cpu_seconds(pid)
    per_game: dict[int, int] = {}
    index = 0
    for i, game in enumerate(created):
        for entry in game["seats"]:
            if entry["kind"] == "human":
                per_game[i] = max(per_game.get(i, 0), finals[index])
                index += 1
    moves = sum(per_game.values())
    ms = sorted(x * 1000 for x in latencies)

    def pct(p: float) -> float:
        return ms[min(len(ms) - 1, int(p / 100 * len(ms)))]

    return {
        "games": args.games,
        "sockets": len(tasks),
        "seats": seats,
        "options": options or "base game (claim)",
        "moves": moves,
        "client_moves": len(ms),
        "wall_s": round(wall, 2),
        "moves_per_s": round(moves / wall, 1),
        "latency_ms": {
            "p50": round(pct(50), 2),
            "p90": round(pct(90), 2),
            "p99": round(pct(99), 2),
            "mean": round(statistics.fmean(ms), 2),
        },
        "server_cpu_ms_per_move": (
            round((cpu_after - cpu_before) * 1000 / moves, 2)
            if cpu_before is not None and cpu_after is not None
            else None
        ),
        "machine": machine(),
    }


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{os.cpu_count()} cores ({cpu}), {platform.system()}, CPython {platform.python_version()}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument(
        "--expansions",
        action="store_true",
        help="random factions, 5 heroes, a random Setting and Building, artifacts",
    )
    parser.add_argument(
        "--server-bot", action="store_true", help="seat 1 is the server's random bot"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, port = start_server(Path(folder) / "bench.db", Path(folder) / "server.log")
        try:
            figures = asyncio.run(run(args, port, process.pid))
        finally:
            process.terminate()
            process.wait(timeout=20)
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    lat = figures["latency_ms"]
    print(
        f"{figures['games']} concurrent games ({figures['sockets']} WebSockets, seats "
        f"{' vs '.join(figures['seats'])}; {figures['options']})"
    )
    print(f"{figures['moves']} moves in {figures['wall_s']} s: {figures['moves_per_s']} moves/s")
    print(
        f"move latency over {figures['client_moves']} client moves: p50 {lat['p50']} ms, "
        f"p90 {lat['p90']} ms, p99 {lat['p99']} ms (mean {lat['mean']} ms)"
    )
    if figures["server_cpu_ms_per_move"] is not None:
        print(f"server CPU: {figures['server_cpu_ms_per_move']} ms per move")
    print(f"machine: {figures['machine']}")


if __name__ == "__main__":
    main()
