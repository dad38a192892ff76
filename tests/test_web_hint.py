"""The coach's hint on the web table (issue 39): ``{"type": "hint"}`` from the seat to move is
answered to that socket alone, in words and figures, weighed in the worker pool when there is
one; anyone else is refused in one line; the move made after it is marked in the record."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from claim.apps.web.games import Client, Game, GameManager
from claim.apps.web.store import Store
from claim.apps.web.workers import WorkPool
from claim.core import records
from claim.core.engine import current_player, legal_actions


class Socket:
    """A socket: the messages the server sent it."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.sent if m["type"] == kind]


async def _start(
    folder: Path, work: WorkPool | None = None
) -> tuple[GameManager, Game, dict[int | None, tuple[Client, Socket]]]:
    manager = GameManager(Store(f"sqlite:///{folder / 'games.db'}"), chosen_deals=True, work=work)
    await manager.start()
    created = await manager.create({"seed": 4, "seats": ["human", "human"]})
    sockets: dict[int | None, tuple[Client, Socket]] = {}
    game: Game | None = None
    for entry in created["seats"]:
        socket = Socket()
        game, client = await manager.connect(
            created["id"], str(entry["seat"]), entry["token"], socket.send
        )
        sockets[entry["seat"]] = (client, socket)
    watcher = Socket()
    game, client = await manager.connect(created["id"], None, None, watcher.send)
    sockets[None] = (client, watcher)
    assert game is not None
    return manager, game, sockets


async def _hint_answer(manager: GameManager, socket: Socket) -> dict[str, Any]:
    for _ in range(2000):
        answers = socket.of("hint") + socket.of("error")
        if answers:
            return answers[-1]
        await asyncio.sleep(0.01)
    raise AssertionError("no answer to the hint")


async def _run(folder: Path, work: WorkPool | None) -> None:
    manager, game, sockets = await _start(folder, work)
    try:
        to_move = current_player(game.state)
        assert to_move is not None
        other = 1 - to_move
        client, socket = sockets[to_move]
        before = {seat: len(s.sent) for seat, (_, s) in sockets.items()}
        await manager.receive(game, client, json.dumps({"type": "hint"}))
        answer = await _hint_answer(manager, socket)
        assert answer["type"] == "hint", answer
        assert answer["best"] in legal_actions(game.state)
        assert answer["text"].startswith("The search prefers ")
        assert "ply" not in answer  # the record's index counts passes hidden from the seat
        assert answer["version"] == socket.sent[-2]["version"]  # the state it was asked at
        # the other seat and the spectator heard nothing of it
        for seat in (other, None):
            assert len(sockets[seat][1].sent) == before[seat]
        # refused in one line: the other seat, a spectator, a malformed hint
        for seat, words in ((other, "not your turn"), (None, "Spectators cannot")):
            who, heard = sockets[seat]
            await manager.receive(game, who, json.dumps({"type": "hint"}))
            assert heard.sent[-1]["type"] == "error" and words in heard.sent[-1]["message"]
            assert "\n" not in heard.sent[-1]["message"]
        await manager.receive(game, client, json.dumps({"type": "hint", "x": 1}))
        assert socket.sent[-1]["type"] == "error"
        assert "malformed message" in socket.sent[-1]["message"]
        # the move made after the hint is marked in the record the server keeps
        ply = game.version
        await manager.receive(
            game,
            client,
            json.dumps({"type": "move", "move": answer["best"], "version": answer["version"]}),
        )
        stored = manager.store.load(game.id)
        assert stored is not None
        assert stored.record["hinted"] == [ply]
        records.replay(stored.record)  # it replays
    finally:
        await manager.stop()


def test_a_hint_answers_the_seat_to_move_alone(tmp_path: Path) -> None:
    asyncio.run(_run(tmp_path, None))


def test_a_hint_is_weighed_in_the_worker_pool(tmp_path: Path) -> None:
    pool = WorkPool(1)
    try:
        asyncio.run(_run(tmp_path, pool))
        assert pool.pids()  # the search ran in its workers
    finally:
        pool.close()
