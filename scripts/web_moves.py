"""The web server's game manager alone, in-process: the work of each move without the network.

    .venv/bin/python scripts/web_moves.py [--games 10] [--expansions] [--server-bot]
        [--spectator] [--dump FILE] [--time]

Plays ``--games`` games one after the other through :class:`claim.apps.web.manager.GameManager`
over a fresh SQLite file (the real store: each move saved in its own transaction): each human
seat is a socket (a coroutine that keeps the text it is sent) whose moves are drawn at random
from the legal moves (a fixed seed per game), sent as the browser sends them; with
``--server-bot`` seat 1 is the server's random bot; with ``--spectator`` a third socket watches.

- ``--dump FILE``: every message each socket received and every row saved (record, position,
  status, moves, result, read back from the database after each game) as JSON lines, to compare
  two versions byte for byte (the game ids and tokens are drawn with a fixed seed here).
- ``--time``: the process CPU time per move.
- ``--check``: after each move, the row saved loads (``_load_state``) as the game in memory.
- Under valgrind: ``scripts/web_moves.py --games 0`` counts the setup alone, so
  ``(I(N) - I(0)) / moves`` is the instructions per move (the moves are printed).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench_web import EXPANSIONS  # the same every-expansion options as the load benchmark

from claim.apps.web import manager as web_manager
from claim.apps.web.manager import GameManager
from claim.apps.web.session import _load_state
from claim.apps.web.store import Store
from claim.core.engine import current_player, legal_actions
from claim.core.records import to_record


def fix_secrets(seed: int) -> None:
    """Game ids, tokens and bot seeds drawn from ``seed`` (the dumps of two runs compare)."""
    rng = random.Random(seed)
    web_manager.secrets.token_urlsafe = (  # type: ignore[attr-defined]
        lambda n=None: rng.randbytes(n or 32).hex()
    )
    web_manager.secrets.randbits = rng.getrandbits  # type: ignore[attr-defined]


def _sink(inbox: dict[str, list[str]], name: str) -> Any:
    """A socket that keeps what it is sent in ``inbox[name]``."""
    box = inbox.setdefault(name, [])

    async def send(text: str) -> None:
        box.append(text)

    return send


async def play(args: argparse.Namespace, folder: Path) -> tuple[int, list[Any]]:
    store = Store(f"sqlite:///{folder / 'moves.db'}")
    # a test tool: its two-human games are dealt from the seed it chooses (issue 35)
    manager = GameManager(store, chosen_deals=True)
    await manager.start()
    dump: list[Any] = []
    moves = 0
    seats = ["human", "bot:random"] if args.server_bot else ["human", "human"]
    options = EXPANSIONS if args.expansions else {}
    try:
        for i in range(args.games):
            created = await manager.create(
                {"options": options, "seed": args.seed + i, "seats": seats}
            )
            game_id = created["id"]
            rng = random.Random(f"{args.seed}/{i}")
            inbox: dict[str, list[str]] = {}
            clients = []

            for entry in created["seats"]:
                if entry["kind"] == "human":
                    name = f"seat{entry['seat']}"
                    game, client = await manager.connect(
                        game_id, str(entry["seat"]), entry["token"], _sink(inbox, name)
                    )
                    clients.append(client)
            if args.spectator:
                game, client = await manager.connect(game_id, None, None, _sink(inbox, "spectator"))
                clients.append(client)
            game = manager.games[game_id]
            while True:
                if game.over:
                    break
                seat = game.bot_to_act()
                if seat is not None or game.bot_task is not None:
                    await asyncio.sleep(0.001)  # the server's bot is thinking
                    continue
                legal = legal_actions(game.state)
                to_act = current_player(game.state)
                assert to_act is not None  # the game is not over
                player = next(c for c in clients if c.seat == to_act)
                move = legal[rng.randrange(len(legal))]
                # the seat's version: only the moves it may know of (issue 35)
                version = game.known_version(to_act)
                text = json.dumps({"type": "move", "move": move, "version": version})
                await manager.receive(game, player, text)
                if args.check:  # the saved row loads as the game in memory
                    async with game.lock:
                        row = await manager._db(store.load, game_id)
                        assert row is not None and row.moves == game.version
                        assert row.record == to_record(game.state)
                        loaded = _load_state(row)
                        assert loaded.to_dict() == game.state.to_dict(), (i, game.version)
            while game.bot_task is not None:
                await asyncio.sleep(0.001)
            moves += game.version
            if args.dump:
                row = await manager._db(store.load, game_id)
                assert row is not None
                dump.append(
                    {
                        "game": i,
                        "messages": inbox,
                        "row": {
                            "record": row.record,
                            "position": row.position,
                            "status": row.status,
                            "moves": row.moves,
                            "result": row.result,
                            "options": row.options,
                            "seats": row.seats,
                            "token_hashes": row.token_hashes,
                            "bot_seeds": row.bot_seeds,
                        },
                    }
                )
            for client in clients:
                await manager.disconnect(game, client)
    finally:
        await manager.stop()
    return moves, dump


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--expansions", action="store_true")
    parser.add_argument("--server-bot", action="store_true")
    parser.add_argument("--spectator", action="store_true")
    parser.add_argument("--dump", type=Path)
    parser.add_argument("--time", action="store_true")
    parser.add_argument(
        "--check", action="store_true", help="after each move: the saved row loads as the game"
    )
    args = parser.parse_args()
    fix_secrets(args.seed)
    with tempfile.TemporaryDirectory() as folder:
        start = time.process_time()
        moves, dump = asyncio.run(play(args, Path(folder)))
        cpu = time.process_time() - start
    if args.dump:
        with args.dump.open("w") as out:
            for entry in dump:
                out.write(json.dumps(entry, sort_keys=True) + "\n")
    print(f"moves {moves}")
    if args.time and moves:
        print(f"cpu {cpu * 1000 / moves:.3f} ms per move")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
