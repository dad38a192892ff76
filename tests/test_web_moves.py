"""The game manager's shortcuts for the work of each move (issue 16) write exactly what the plain
way writes: the record's JSON kept in parts is ``json.dumps(to_record(state))``; the views' JSON
with the parts kept from move to move is ``COMPACT.encode(view)``; a row whose position is a few
moves old loads, with the record's later moves, as the game in memory (after every move of
random games, base and every expansion, with a spectator)."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from claim.apps.web.games import COMPACT, POSITION_EVERY, GameManager, _load_state
from claim.apps.web.store import Store
from claim.core.engine import current_player, legal_actions
from claim.core.records import to_record
from claim.core.view import SPECTATOR

EXPANSIONS = {
    "factions": "random",
    "heroes": "5",
    "setting": "random",
    "building": "random",
    "artifacts": "all",
}


async def _play(folder: Path, options: dict[str, Any], seed: int) -> int:
    store = Store(f"sqlite:///{folder / 'games.db'}")
    manager = GameManager(store, chosen_deals=True)
    await manager.start()
    try:
        created = await manager.create(
            {"options": options, "seed": seed, "seats": ["human", "human"]}
        )
        game_id = created["id"]
        clients = {}

        async def ignore(text: str) -> None:
            pass

        for entry in created["seats"]:
            _, client = await manager.connect(game_id, str(entry["seat"]), entry["token"], ignore)
            clients[entry["seat"]] = client
        game, _ = await manager.connect(game_id, None, None, ignore)
        rng = random.Random(seed)
        positions = 0
        while not game.over:
            legal = legal_actions(game.state)
            move = legal[rng.randrange(len(legal))]
            seat = current_player(game.state)
            assert seat is not None
            # a move names its seat's version, which counts only the moves it may know of
            # (issue 35: not the other's pass at an artifact window)
            message = {"type": "move", "move": move, "version": game.known_version(seat)}
            await manager.receive(game, clients[seat], json.dumps(message))
            for viewer in (0, 1, SPECTATOR):
                assert game.view(viewer) == COMPACT.encode(game.shown(viewer))
            stored = store.load(game_id)
            assert stored is not None and stored.moves == game.version
            with store.engine.connect() as connection:  # the column's text as written
                raw = connection.execute(
                    text("SELECT record FROM claim_games WHERE id = :id"), {"id": game_id}
                ).scalar_one()
            assert raw == json.dumps(to_record(game.state))
            loaded = _load_state(stored)
            assert loaded.to_dict() == game.state.to_dict()
            saved_at = len(stored.position["moves"])
            assert game.version - saved_at < POSITION_EVERY or game.over
            positions += saved_at == game.version
        assert len(store.load(game_id).position["moves"]) == game.version  # type: ignore[union-attr]
        return positions
    finally:
        await manager.stop()


@pytest.mark.parametrize("options", [{}, EXPANSIONS], ids=["base", "expansions"])
@pytest.mark.parametrize("seed", [3, 11])
def test_each_move_saved_and_sent_as_the_plain_way_writes_it(
    tmp_path: Path, options: dict[str, Any], seed: int
) -> None:
    positions = asyncio.run(_play(tmp_path, options, seed))
    assert positions >= 2  # every POSITION_EVERY moves and the last
