"""The one small interface every bot implements."""

from __future__ import annotations

from typing import Any, Protocol


class Bot(Protocol):
    """A player: sees only ``observe`` output and the legal moves, returns one of the moves."""

    name: str

    def choose(self, view: dict[str, Any], legal: list[str]) -> str:
        """Pick one of ``legal`` (never empty) given the player's view."""
        ...
