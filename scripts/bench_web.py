"""Load benchmark of ``claim serve``: many concurrent bot-vs-bot games over WebSockets on loopback.

    .venv/bin/python scripts/bench_web.py [--games 50] [--expansions] [--server-bot]
                                          [--processes N] [--json]

A real server (uvicorn, one process, a fresh SQLite file) runs in a subprocess. The benchmark
creates ``--games`` games over HTTP, opens a WebSocket per human seat, and plays every game at
once: each seat is a client-side bot that answers its ``state`` message with a random legal move.
With ``--server-bot`` seat 1 is the server's random bot instead (one socket per game).

With ``--processes N``, N server processes share a throwaway PostgreSQL database and a Redis
broker (started here as the scale-out tests start them, :mod:`claim.apps.web.services`; they
need Debian's postgresql and redis-server, which ``make test`` installs): each game is created on
one process and each socket opens on a process drawn at random, as a load balancer without
sticky routing would spread them, so most games are played across processes.

It prints the moves per second the servers sustained (every move applied, saved in its own
transaction and broadcast, bots' moves included, over the wall time of the whole run), the
latency of a client's move (from sending it to receiving the ``state`` message it caused, p50,
p90 and p99) and the CPU time per move of the server processes (with ``--processes``, of the
database and the broker too). Client and servers share the machine's cores.
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
    "run_serve('127.0.0.1', 0, sys.argv[1], broker_url=sys.argv[2] or None, "
    "max_games_per_minute=0)"
)


def start_server(db: str, log: Path, broker: str = "") -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, "-c", SERVE, db, broker],
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


def cpu_of(pids: list[int]) -> dict[int, float]:
    """Each process's CPU time so far (those that ended are left out)."""
    found = {pid: cpu_seconds(pid) for pid in pids}
    return {pid: cpu for pid, cpu in found.items() if cpu is not None}


def cpu_used(before: dict[int, float], after: dict[int, float]) -> float:
    """The CPU time the processes used between two readings (a process started since counts
    from 0)."""
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())


async def run(
    args: argparse.Namespace, ports: list[str], pids: list[int], others: dict[str, Any]
) -> dict[str, Any]:
    """Play the games on the servers at ``ports`` (processes ``pids``); ``others``: the
    database's and the broker's :class:`~claim.apps.web.services.Service`, if any."""
    seats = ["human", "bot:random"] if args.server_bot else ["human", "human"]
    options = EXPANSIONS if args.expansions else {}
    spread = random.Random(f"{args.seed}/processes")
    created = []
    for i in range(args.games):
        port = ports[i % len(ports)]
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as client:
            body = {"options": options, "seed": args.seed + i, "seats": seats}
            answer = await client.post("/api/games", json=body)
            answer.raise_for_status()
            created.append(answer.json())
    latencies: list[float] = []
    ready = asyncio.Event()
    tasks = []
    across = 0
    for i, game in enumerate(created):
        used = set()
        for entry in game["seats"]:
            if entry["kind"] == "human":
                port = spread.choice(ports)  # no sticky routing: any process, any socket
                used.add(port)
                url = f"ws://127.0.0.1:{port}/ws/games/{game['id']}?seat={entry['seat']}"
                url += f"&token={entry['token']}"
                rng = random.Random(f"{args.seed}/{i}/{entry['seat']}")
                tasks.append(asyncio.create_task(play_seat(url, rng, latencies, ready)))
        across += len(used) > 1
    await asyncio.sleep(0.5 + 0.02 * len(tasks))  # every socket connected, its first state sent
    watched = {name: service.pids for name, service in others.items()}
    cpu_before = cpu_of(pids)
    others_before = {name: cpu_of(found) for name, found in watched.items()}
    start = time.perf_counter()
    ready.set()
    finals = await asyncio.gather(*tasks)
    wall = time.perf_counter() - start
    cpu_after = cpu_of(pids)
    others_after = {name: cpu_of(found) for name, found in watched.items()}
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

    figures: dict[str, Any] = {
        "processes": len(ports),
        "database": "PostgreSQL, Redis broker" if others else "SQLite (one process)",
        "games": args.games,
        "games_across_processes": across,
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
            round(cpu_used(cpu_before, cpu_after) * 1000 / moves, 2) if cpu_after else None
        ),
        "machine": machine(),
    }
    for name in watched:
        spent = cpu_used(others_before[name], others_after[name])
        figures[f"{name}_cpu_ms_per_move"] = round(spent * 1000 / moves, 2)
    return figures


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


def bench(
    args: argparse.Namespace,
    dbs: list[str],
    folder: Path,
    others: dict[str, Any],
    broker: str = "",
) -> dict[str, Any]:
    """Start a server for each of ``dbs``, play, stop them: the figures."""
    started: list[subprocess.Popen[str]] = []
    ports = []
    try:
        for i, db in enumerate(dbs):
            process, port = start_server(db, folder / f"server{i}.log", broker)
            started.append(process)
            ports.append(port)
        return asyncio.run(run(args, ports, [p.pid for p in started], others))
    finally:
        for process in started:
            process.terminate()
        for process in started:
            process.wait(timeout=20)


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
    parser.add_argument(
        "--processes",
        type=int,
        default=None,
        metavar="N",
        help="N server processes on a throwaway PostgreSQL database and Redis broker "
        "(default: one process on a SQLite file)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.games < 1 or (args.processes is not None and args.processes < 1):
        parser.error("--games and --processes must be 1 or more")
    with tempfile.TemporaryDirectory() as folder:
        if args.processes is None:
            figures = bench(args, [f"sqlite:///{folder}/bench.db"], Path(folder), {})
        else:
            from claim.apps.web.services import ServiceError, services

            try:
                with services(durable=True) as (postgres, redis):
                    db = postgres.database("bench")
                    urls = [db] * args.processes
                    others = {"database": postgres, "broker": redis}
                    figures = bench(args, urls, Path(folder), others, redis.url)
            except ServiceError as exc:
                raise SystemExit(f"error: {exc}") from None
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    lat = figures["latency_ms"]
    print(
        f"{figures['games']} concurrent games ({figures['sockets']} WebSockets, seats "
        f"{' vs '.join(figures['seats'])}; {figures['options']})"
    )
    if figures["processes"] > 1 or figures["database"] != "SQLite (one process)":
        print(
            f"{figures['processes']} server process(es) on {figures['database']}; "
            f"{figures['games_across_processes']} of the games played across processes"
        )
    print(f"{figures['moves']} moves in {figures['wall_s']} s: {figures['moves_per_s']} moves/s")
    print(
        f"move latency over {figures['client_moves']} client moves: p50 {lat['p50']} ms, "
        f"p90 {lat['p90']} ms, p99 {lat['p99']} ms (mean {lat['mean']} ms)"
    )
    if figures["server_cpu_ms_per_move"] is not None:
        line = f"server CPU: {figures['server_cpu_ms_per_move']} ms per move"
        if "database_cpu_ms_per_move" in figures:
            line += (
                f" (all processes), database {figures['database_cpu_ms_per_move']} ms, "
                f"broker {figures['broker_cpu_ms_per_move']} ms"
            )
        print(line)
    print(f"machine: {figures['machine']}")


if __name__ == "__main__":
    main()
