"""The one small interface every bot implements."""

from __future__ import annotations

from typing import Any, Protocol


class Bot(Protocol):
    """A player: sees only ``observe`` output and the legal moves, returns one of the moves."""

    name: str
    #: False when the bot ignores its view: runners then pass an empty view instead of
    #: computing ``observe`` (it never receives more than the view, so fairness is unchanged)
    uses_view: bool

    def choose(self, view: dict[str, Any], legal: list[str]) -> str:
        """Pick one of ``legal`` (never empty) given the player's view."""
        ...
