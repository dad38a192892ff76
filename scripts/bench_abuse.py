"""Does a human table stay fast while another client abuses the server? (issue 35)

    .venv/bin/python scripts/bench_abuse.py [--moves 2000] [--bot-processes N] [--json]

A real server (``claim serve``'s :func:`~claim.apps.web.serve.run_serve`: uvicorn, one process, a
fresh SQLite file, the default quotas and worker processes) runs in a subprocess. A human table
(a client-side player against the server's random bot, the player answering each ``state``
message at once with a random legal move) plays ``--moves`` moves alone, and the latency of
each of its moves is measured: from sending it to receiving the ``state`` message it caused.

Then another client (the server trusts the benchmark as its proxy, which names the two clients
in ``X-Forwarded-For``) takes its whole quota of the server's
work and keeps it: as many ``search:hard`` against ``search:hard`` games as it may
(``--max-bot-only-games``), games against ``search:hard`` up to ``--max-bot-games`` that it plays
as fast as the bot answers, and as many analyses as it may (``--max-analyses``, of finished games
it made first); one more of each is refused with 429. Once its work is under way (each analysis
started, each game's bot has moved), the human table plays ``--moves`` moves again, measured the
same way.

It prints the p50, p90 and p99 latencies of the two runs side by side (``p99_ms_alone``,
``p99_ms_abused``...), the abuser's quotas, what it was refused and how much of its work got done
meanwhile, and whether the bound of issue 35 holds: the abused p99 within three times the alone
p99, or under 150 ms. Client and server share the machine's cores.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import platform
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

# the server of claim serve, with no limit on new games a minute (the benchmark's own tables
# make many); the quotas and worker processes are the defaults unless --bot-processes
SERVE = (
    "import json, sys; from claim.apps.web.serve import run_serve; "
    "run_serve('127.0.0.1', 0, sys.argv[1], **json.loads(sys.argv[2]))"
)
#: the two clients, as the benchmark (the server's trusted proxy) names them
HUMAN = {"x-forwarded-for": "192.0.2.1"}
ABUSER = {"x-forwarded-for": "192.0.2.2"}
#: the hard bot the abuser keeps busy
HARD = "bot:search:hard"
#: the bound of issue 35: the abused p99 within this many times the alone p99, or under
#: :data:`BOUND_MS`
BOUND_TIMES = 3
BOUND_MS = 150


def start_server(db: str, log: Path, options: dict[str, Any]) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, "-c", SERVE, db, json.dumps(options)],
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


async def create(http: httpx.AsyncClient, seats: list[str], **extra: Any) -> httpx.Response:
    return await http.post("/api/games", json={"seats": seats, **extra})


def seat_url(base: str, game: dict[str, Any], seat: int) -> str:
    entry = game["seats"][seat]
    return f"{base}/ws/games/{game['id']}?seat={seat}&token={entry['token']}"


async def play(url: str, rng: random.Random, latencies: list[float] | None, limit: int) -> int:
    """Play one seat to the end of its game (or until ``latencies`` holds ``limit``), each move
    at once; the moves it made."""
    made = 0
    async with connect(url, max_size=2**24) as ws:
        sent_at: float | None = None
        sent_version = -1
        while True:
            message = json.loads(await ws.recv())
            if message["type"] != "state":
                raise RuntimeError(f"server error: {message}")
            if sent_at is not None and message["version"] == sent_version + 1:
                if latencies is not None:
                    latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["status"] == "finished":
                return made
            if latencies is not None and len(latencies) >= limit:
                return made
            if message["legal"] and sent_at is None:
                move = rng.choice(message["legal"])
                sent_version = message["version"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "move": move, "version": sent_version}))
                made += 1


async def human_table(base: str, http: httpx.AsyncClient, moves: int, seed: int) -> list[float]:
    """``moves`` latencies of a human's moves against the server's random bot (game after game,
    as long as it takes)."""
    latencies: list[float] = []
    rng = random.Random(seed)
    while len(latencies) < moves:
        game = (await create(http, ["human", "bot:random"])).json()
        await play(seat_url(base, game, 0), rng, latencies, moves)
    return latencies


async def wait_finished(http: httpx.AsyncClient, game_id: str) -> None:
    while (await http.get(f"/api/games/{game_id}")).json()["status"] != "finished":
        await asyncio.sleep(0.05)


class Abuser:
    """One client taking its whole quota of bot games and analyses, and keeping it."""

    def __init__(self, base: str, http: httpx.AsyncClient, quotas: dict[str, int]) -> None:
        self.base = base
        self.http = http
        self.quotas = quotas
        self.refused: dict[str, str] = {}
        self.bot_only: list[str] = []
        self.analysed: list[str] = []
        self.tasks: list[asyncio.Task[int]] = []
        self.versions: dict[str, int] = {}

    async def start(self) -> None:
        http = self.http
        # finished games to analyse (random bots: over at once)
        for n in range(self.quotas["max_analyses"] + 1):
            game = (await create(http, ["bot:random", "bot:random"], seed=900 + n)).json()
            await wait_finished(http, game["id"])
            self.analysed.append(game["id"])
        for _ in range(self.quotas["max_bot_only_games"]):
            answer = await create(http, [HARD, HARD])
            answer.raise_for_status()
            self.bot_only.append(answer.json()["id"])
        extra = await create(http, [HARD, HARD])
        self.refused["bot_only_game"] = f"{extra.status_code} {extra.json().get('error')}"
        rng = random.Random(7)
        for _ in range(self.quotas["max_bot_games"] - self.quotas["max_bot_only_games"]):
            answer = await create(http, ["human", HARD], options={"first_leader": "1"})
            answer.raise_for_status()
            game = answer.json()
            url = seat_url(self.base, game, 0)
            self.tasks.append(asyncio.create_task(play(url, rng, None, 0)))
            self.bot_only.append(game["id"])
        extra = await create(http, ["human", HARD])
        self.refused["bot_game"] = f"{extra.status_code} {extra.json().get('error')}"
        for game_id in self.analysed[:-1]:
            answer = await http.post(f"/api/games/{game_id}/analysis", json={})
            answer.raise_for_status()
        extra = await http.post(f"/api/games/{self.analysed[-1]}/analysis", json={})
        self.refused["analysis"] = f"{extra.status_code} {extra.json().get('error')}"

    async def under_way(self) -> None:
        """Wait until every game's bot has moved and every analysis has started."""
        for game_id in self.bot_only:
            while (await self.http.get(f"/api/games/{game_id}")).json()["moves"] < 2:
                await asyncio.sleep(0.1)
        self.versions = await self.moves()

    async def moves(self) -> dict[str, int]:
        found = {}
        for game_id in self.bot_only:
            found[game_id] = (await self.http.get(f"/api/games/{game_id}")).json()["moves"]
        return found

    async def analyses(self) -> list[dict[str, Any]]:
        found = []
        for game_id in self.analysed[:-1]:
            status = (await self.http.get(f"/api/games/{game_id}/analysis")).json()
            found.append({k: v for k, v in status.items() if k != "analysis"})
        return found

    def stop(self) -> None:
        for task in self.tasks:
            task.cancel()


def percentiles(latencies: list[float]) -> dict[str, float]:
    ms = sorted(x * 1000 for x in latencies)

    def pct(p: float) -> float:
        return round(ms[min(len(ms) - 1, int(p / 100 * len(ms)))], 2)

    return {"p50": pct(50), "p90": pct(90), "p99": pct(99), "max": round(ms[-1], 2)}


async def run(port: str, args: argparse.Namespace, quotas: dict[str, int]) -> dict[str, Any]:
    base = f"ws://127.0.0.1:{port}"
    limits = httpx.Timeout(120)
    # two clients: the server trusts the benchmark as its proxy, which names each client
    http = f"http://127.0.0.1:{port}"
    async with (
        httpx.AsyncClient(base_url=http, timeout=limits, headers=HUMAN) as human_http,
        httpx.AsyncClient(base_url=http, timeout=limits, headers=ABUSER) as abuser_http,
    ):
        await human_table(base, human_http, 20, seed=1)  # warm up: imports, first pages
        alone = await human_table(base, human_http, args.moves, seed=2)
        abuser = Abuser(base, abuser_http, quotas)
        await abuser.start()
        await abuser.under_way()
        before = abuser.versions
        started = time.perf_counter()
        abused = await human_table(base, human_http, args.moves, seed=3)
        wall = time.perf_counter() - started
        after = await abuser.moves()
        analyses = await abuser.analyses()
        abuser.stop()
    a, b = percentiles(alone), percentiles(abused)
    return {
        "p99_ms_alone": a["p99"],
        "p99_ms_abused": b["p99"],
        "p50_ms_alone": a["p50"],
        "p50_ms_abused": b["p50"],
        "p90_ms_alone": a["p90"],
        "p90_ms_abused": b["p90"],
        "max_ms_alone": a["max"],
        "max_ms_abused": b["max"],
        "moves_alone": len(alone),
        "moves_abused": len(abused),
        "abused_wall_s": round(wall, 1),
        "bound_holds": b["p99"] <= BOUND_TIMES * a["p99"] or b["p99"] < BOUND_MS,
        "quotas": quotas,
        "abuser": {
            "games": len(abuser.bot_only),
            "bot_only_games": quotas["max_bot_only_games"],
            "analyses": len(abuser.analysed) - 1,
            "refused": abuser.refused,
            "moves_in_its_games_meanwhile": sum(after.values()) - sum(before.values()),
            "analyses_then": analyses,
        },
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
    parser.add_argument(
        "--moves", type=int, default=2000, help="human moves measured in each run (default 2000)"
    )
    parser.add_argument(
        "--bot-processes",
        type=int,
        default=None,
        metavar="N",
        help="the server's worker processes (default: claim serve's, one less than the cores)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.moves < 10:
        parser.error("--moves must be 10 or more")
    from claim.apps.web.quotas import Limits
    from claim.apps.web.workers import default_size

    limits = Limits()
    quotas = {
        "max_bot_games": limits.bot_games,
        "max_bot_only_games": limits.bot_only_games,
        "max_analyses": limits.analyses,
    }
    options: dict[str, Any] = {"max_games_per_minute": 0, "trust_proxy": ["127.0.0.1"]}
    if args.bot_processes is not None:
        options["bot_processes"] = args.bot_processes
    with tempfile.TemporaryDirectory() as folder:
        process, port = start_server(
            f"sqlite:///{folder}/bench.db", Path(folder) / "server.log", options
        )
        try:
            figures = asyncio.run(run(port, args, quotas))
        finally:
            process.terminate()
            process.wait(timeout=30)
    figures["bot_processes"] = args.bot_processes or default_size()
    figures["machine"] = machine()
    figures["date"] = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    figures["command"] = "scripts/bench_abuse.py " + " ".join(sys.argv[1:])
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(
        f"a human table against the random bot, {figures['moves_alone']} moves alone: p50 "
        f"{figures['p50_ms_alone']} ms, p90 {figures['p90_ms_alone']} ms, p99 "
        f"{figures['p99_ms_alone']} ms"
    )
    abuser = figures["abuser"]
    print(
        f"{figures['moves_abused']} moves while one client holds {abuser['games']} games against "
        f"{HARD} ({abuser['bot_only_games']} of them bot-only) and {abuser['analyses']} "
        f"analyses: p50 {figures['p50_ms_abused']} ms, p90 {figures['p90_ms_abused']} ms, p99 "
        f"{figures['p99_ms_abused']} ms"
    )
    print(f"refused: {abuser['refused']}")
    print(f"bound (p99 within {BOUND_TIMES}x, or under {BOUND_MS} ms): {figures['bound_holds']}")
    print(f"machine: {figures['machine']}, {figures['bot_processes']} worker process(es)")


if __name__ == "__main__":
    main()
