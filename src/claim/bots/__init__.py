"""Bots: given a player's view and the legal moves, return a move.

``make_bot("search:hard", seed)`` builds any bot by name; names are ``random``, ``heuristic`` and
``search`` (strengths ``easy``, ``medium``, ``hard``; ``search`` alone is ``medium``).
"""

from __future__ import annotations

from collections.abc import Callable

from claim.bots.base import Bot, Sampler, decide, play_out
from claim.bots.random_bot import RandomBot
from claim.core.errors import ConfigError

STRENGTHS = ("easy", "medium", "hard")


def _heuristic(seed: int | None, strength: str) -> Bot:
    from claim.bots.heuristic import HeuristicBot

    return HeuristicBot(seed)


def _search(seed: int | None, strength: str) -> Bot:
    from claim.bots.search import SearchBot

    return SearchBot(seed, strength)


#: bot name -> factory(seed, strength)
FACTORIES: dict[str, Callable[[int | None, str], Bot]] = {
    "random": lambda seed, strength: RandomBot(seed),
    "heuristic": _heuristic,
    "search": _search,
}


def bot_names() -> list[str]:
    """Every bot name ``make_bot`` accepts (with ``:STRENGTH`` where it has strengths)."""
    return sorted(FACTORIES)


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from ``NAME`` or ``NAME:STRENGTH`` (``search:hard``)."""
    name, _, strength = spec.strip().lower().partition(":")
    strength = strength or "medium"
    if name not in FACTORIES:
        raise ConfigError(f"unknown bot {name!r}; bots are: {', '.join(bot_names())}")
    if strength not in STRENGTHS:
        raise ConfigError(f"unknown strength {strength!r}; strengths are: {', '.join(STRENGTHS)}")
    return FACTORIES[name](seed, strength)


__all__ = [
    "FACTORIES",
    "STRENGTHS",
    "Bot",
    "RandomBot",
    "Sampler",
    "bot_names",
    "decide",
    "make_bot",
    "play_out",
]
