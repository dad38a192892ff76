"""The coach's hint on the web table (issue 39): ``{"type": "hint"}`` from the seat to move.

The search runs in the server's worker processes (:mod:`.workers`), queued fairly with the bot
moves and analyses under the game's owner (:meth:`claim.apps.web.quotas.Quotas.owner`), so the
server stays quick; one hint at a time per socket, and only for the seat whose decision it is.
The answer goes to that socket alone: ``{"type": "hint", "version": V, "best": MOVE, ...,
"text": WORDS}`` (docs/web.md); the move's index joins the game's ``hinted``, written in its
record once the move is made.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from claim.analysis.hint import HINT_BUDGET, hint
from claim.apps.web.session import Client, Game
from claim.apps.web.workers import WorkPool
from claim.core.engine import current_player
from claim.core.errors import ClaimError
from claim.core.positions import load_position
from claim.core.state import State
from claim.text.hints import hint_busy_line, hint_refused_line, hint_spectator_line


def hint_in_worker(position: dict[str, Any], seat: int, budget: int) -> dict[str, Any]:
    """In a worker: the hint for ``seat`` in the position (``State.to_dict``), as JSON."""
    return hint(load_position(position), seat, budget).to_json()


def hint_here(state: State, seat: int, budget: int) -> dict[str, Any]:
    """The hint in a thread of the server (no worker pool: tests, a server run with none)."""
    return hint(state, seat, budget).to_json()


def check_hint(game: Game, client: Client, busy: bool) -> None:
    """Refuse in one line (a ClaimError, sent back as an error): a spectator, a finished game,
    the other seat's turn, a hint already being weighed for this socket (``busy``)."""
    if client.seat is None:
        raise ClaimError(hint_spectator_line())
    if game.over or current_player(game.state) != client.seat:
        raise ClaimError(hint_refused_line())
    if busy:
        raise ClaimError(hint_busy_line())


async def weigh_hint(
    work: WorkPool | None,
    owner: str,
    game: Game,
    seat: int,
    snapshot: State,
    version: int,
    budget: int = HINT_BUDGET,
) -> str:
    """The hint message for ``seat`` in ``snapshot`` (a copy of the game's state at the seat's
    ``version``, taken with the lock held): weighed in a worker (or a thread without a pool).
    The move's index joins the game's ``hinted`` if the seat has not moved meanwhile (the move
    it then makes is made after the hint); the page drops an answer for an older version."""
    if work is None:
        found = await asyncio.to_thread(hint_here, snapshot, seat, budget)
    else:
        job = ("hint", game.id, len(snapshot.moves), seat)
        found = await work.run(owner, job, hint_in_worker, snapshot.to_dict(), seat, budget)
    # the record's index counts the other's passes hidden from the seat: kept here, not sent
    ply = found.pop("ply")
    if game.version == ply:
        game.hinted.add(ply)
    return json.dumps({"type": "hint", "version": version, **found})
