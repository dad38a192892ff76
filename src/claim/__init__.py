"""claim — a complete, correct, fast engine for the card game Claim.

The rules core is a pure library: :func:`new_game` starts a game, :func:`legal_actions` lists the
move strings the player to act may choose, :func:`apply` plays one, and :func:`observe` gives what a
player may know. Records (``claim.records``, the notation layer of :mod:`claim.core`) save and
replay games; ``state.to_dict()`` writes a position and :func:`load_position` reads it back (the
state cannot import its loader, which sits above it in the core, so there is no
``State.from_dict``).
"""

# first: it decides whether the core loads compiled or from its sources (claim.native)
from claim import native  # noqa: F401
from claim.core import records
from claim.core.engine import apply, current_player, is_over, legal_actions
from claim.core.errors import ClaimError, ConfigError, DeckError, IllegalMove, RecordError
from claim.core.game import new_game
from claim.core.positions import load_position
from claim.core.setup import GameConfig
from claim.core.state import State
from claim.core.view import observe, report
from claim.core.worlds import determinize

__all__ = [
    "ClaimError",
    "ConfigError",
    "DeckError",
    "GameConfig",
    "IllegalMove",
    "RecordError",
    "State",
    "apply",
    "current_player",
    "determinize",
    "is_over",
    "legal_actions",
    "load_position",
    "new_game",
    "observe",
    "records",
    "report",
]

__version__ = "0.1.0"
