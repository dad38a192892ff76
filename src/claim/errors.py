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
