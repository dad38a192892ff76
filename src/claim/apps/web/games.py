"""The web server's games, by the names the tests and scripts have long imported them from.

The code lives in the modules below, one responsibility each (issue 37: no module over 1,200
lines): :mod:`~claim.apps.web.requests` (a new game's body, a socket's messages, the one-line
errors), :mod:`~claim.apps.web.tokens` (seat tokens), :mod:`~claim.apps.web.session` (one game
in memory: its state, narrators, views and messages), :mod:`~claim.apps.web.replays` (a finished
game's replay) and :mod:`~claim.apps.web.manager` (the :class:`GameManager`: the store, the
broker, the sockets, the leases and the bots). This module only re-exports them; a test that
patches a name patches it where the code that uses it lives.
"""

from __future__ import annotations

from claim.apps.web.manager import GameManager
from claim.apps.web.replays import _replay_logs
from claim.apps.web.requests import ApiError, Refused, error_message, read_json, shorten
from claim.apps.web.session import (
    CHOSEN_SEED,
    COMPACT,
    POSITION_EVERY,
    Client,
    Game,
    _bots,
    _load_state,
    game_from_stored,
)
from claim.apps.web.tokens import hash_token

__all__ = [
    "CHOSEN_SEED",
    "COMPACT",
    "POSITION_EVERY",
    "ApiError",
    "Client",
    "Game",
    "GameManager",
    "Refused",
    "_bots",
    "_load_state",
    "_replay_logs",
    "error_message",
    "game_from_stored",
    "hash_token",
    "read_json",
    "shorten",
]
