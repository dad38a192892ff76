"""The bots as people read them: the difficulty levels' names and what each plays like, and
the one way every screen names a bot (issue 39; issue 37: one home for the words).

Bot specs (``expert``, ``heuristic``, ``search:hard``, ``search:200``) are codes: typed at
``--bot``, kept in records and the web's seats. The terminal's menus and status line, the line
game's first sentence and the web's lobby, table and analysis pages say :func:`bot_label`.
"""

from __future__ import annotations

from typing import Final

from claim.bots import LEVELS, SEARCH_OPTIONS, is_simulations, split_options

#: each level (claim.bots.LEVELS, weakest first): its name and what it plays like
LEVEL_WORDS: Final[dict[str, tuple[str, str]]] = {
    "beginner": ("Beginner", "for learning the game: looks ahead a little, often misses"),
    "casual": ("Casual", "plays sensibly, misses the longer plans"),
    "intermediate": ("Intermediate", "plans each trick"),
    "expert": ("Expert", "the strongest: thinks up to a second a move"),
}

#: the bots that are not levels, for the menus: what each is
OTHER_BOTS: Final[dict[str, str]] = {
    "heuristic": "heuristic (quick, plays the powers by rules of thumb)",
    "random": "random (a legal move at random)",
}


def level_choice(level: str) -> str:
    """A level as a menu offers it: "Expert — the strongest: thinks up to a second a move"."""
    name, words = LEVEL_WORDS[level]
    return f"{name} — {words}"


def bot_choices() -> tuple[tuple[str, str], ...]:
    """What a menu offers, as (spec, words): the levels, weakest first, then the others."""
    return (
        *((level, level_choice(level)) for level in LEVELS),
        *OTHER_BOTS.items(),
    )


def bot_label(spec: str) -> str:
    """How a sentence names the bot of ``spec``.

    >>> bot_label("expert"), bot_label("heuristic"), bot_label("search")
    ('Expert bot', 'heuristic bot', 'search bot (medium)')
    >>> bot_label("search:hard"), bot_label("search:200")
    ('search bot (hard)', 'search bot (200 simulations a move)')
    >>> bot_label("search:200+aware+flat")
    'search bot (200 simulations a move; power-aware playouts, flat search)'
    """
    base, options = split_options(spec)
    name, _, strength = base.partition(":")
    if name in LEVEL_WORDS:
        return f"{LEVEL_WORDS[name][0]} bot"
    if name != "search":
        return f"{name} bot"
    if is_simulations(strength):
        budget = f"{int(strength):,} simulations a move"
    else:
        budget = strength or "medium"
    variants = [SEARCH_OPTION_WORDS.get(option, option) for option in options]
    return f"search bot ({'; '.join([budget, ', '.join(variants)] if variants else [budget])})"


#: what each of claim.bots.SEARCH_OPTIONS (the search's variants for experiments) is called
SEARCH_OPTION_WORDS: Final[dict[str, str]] = {
    "flat": "flat search",
    "aware": "power-aware playouts",
    "lead": "playout leaders who play for the prize",
    "patient": "playouts that keep their artifacts for later",
    "noshare": "whole budget for every decision",
    "nostop": "no early stops",
    "infer": "worlds weighted by the other player's follows",
    "prior": "the heuristic's move favoured",
}


def bot_short_label(spec: str) -> str:
    """:func:`bot_label` without "bot", for a narrow status line.

    >>> bot_short_label("expert"), bot_short_label("search:hard")
    ('Expert', 'search (hard)')
    """
    return bot_label(spec).replace(" bot", "", 1)


def seat_label(kind: str) -> str:
    """Who plays a web seat (``human`` or ``bot:SPEC``), as the pages say it.

    >>> seat_label("human"), seat_label("bot:beginner")
    ('human', 'Beginner bot')
    """
    if kind.startswith("bot:"):
        return bot_label(kind[4:])
    return "human"


assert set(SEARCH_OPTION_WORDS) == set(SEARCH_OPTIONS), "every search option has its words"
