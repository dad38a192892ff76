"""Errors a player or a tool can cause. Each carries a one-line message meant for people."""

from __future__ import annotations


class ClaimError(ValueError):
    """Base class: bad input of any kind. The message is one line a player understands."""


class DeckError(ClaimError):
    """An illegal choice of factions (RULES.md §2 step 1)."""


class ConfigError(ClaimError):
    """An invalid game option other than the deck (first leader, seed, ...)."""


class IllegalMove(ClaimError):
    """A move that is not legal at this point; the message lists the legal ones."""


class RecordError(ClaimError):
    """A malformed game record or position; the message names the field."""


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` for a one-line message, cut to ``limit`` characters: bad input may be a
    megabyte long (a huge number or a big list is described, not written out)."""
    if isinstance(value, (dict, list, tuple)) and len(value) > 8:
        return f"a {type(value).__name__} of {len(value)} items"
    if isinstance(value, int) and abs(value) >= 10**30:
        digits = len(str(abs(value))) if abs(value) < 10**4000 else "thousands of"
        return f"a number of {digits} digits"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
