"""Bots: given a player's view and the legal moves, return a move."""

from claim.bots.base import Bot
from claim.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]
