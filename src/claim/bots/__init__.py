"""Bots: given a player's view and the legal moves, return a move.

``make_bot("search:hard", seed)`` builds any bot by name; names are ``random``, ``heuristic`` and
``search`` (strengths ``easy``, ``medium``, ``hard``; ``search`` alone is ``medium``), and the
difficulty levels a person picks, :data:`LEVELS` (``beginner`` to ``expert``).

``search:N`` (a number) is the search at exactly ``N`` simulations on every decision of two or
more legal moves: no early stop, no smaller share for a decision that plays no card, no lowering
where the expansions make simulations dearer (issue 39). It is the spec for comparisons at equal
simulations, against ``openspiel-ismcts:N`` which spends its ``N`` the same way; the strengths,
made to play well within a time, spend less where they can.
"""

from __future__ import annotations

from collections.abc import Callable

from claim.bots.base import Bot, Sampler, decide, play_out
from claim.bots.random_bot import RandomBot
from claim.core.errors import ConfigError

STRENGTHS = ("easy", "medium", "hard")
#: the most simulations ``search:N`` takes (the arena's ``openspiel-ismcts:N`` takes as many)
MAX_SIMULATIONS = 1_000_000


def _heuristic(seed: int | None, strength: str) -> Bot:
    from claim.bots.heuristic import HeuristicBot

    return HeuristicBot(seed)


def _search(seed: int | None, strength: str, options: tuple[str, ...] = ()) -> Bot:
    from claim.bots.search import SearchBot

    # SearchBot's keywords; the options it is not given keep its defaults (share and stops
    # mean nothing to search:N, whose adaptive=False turns both off)
    flags = {SEARCH_OPTIONS[option][0]: SEARCH_OPTIONS[option][1] for option in options}
    if is_simulations(strength):  # search:N, checked by make_bot
        # the strength is only a name here: the budget is the simulations given
        return SearchBot(seed, "medium", iterations=int(strength), adaptive=False, **flags)
    return SearchBot(seed, strength, **flags)


#: the search's variants for experiments (issue 39's levers), ``search:200+flat``: option ->
#: (SearchBot keyword, value). Each is measured in docs/bots.md; none is a level's. Their
#: descriptions are words: claim.text.bots.
SEARCH_OPTIONS: dict[str, tuple[str, bool]] = {
    "flat": ("tree", False),  # flat PIMC at the root instead of the information-set tree
    "aware": ("aware", True),  # power-aware playouts: the follower knows who wins the trick
    "lead": ("lead", True),  # playouts whose Phase One leader plays for the prize
    "patient": ("patient", True),  # playouts that keep their artifacts for later
    "noshare": ("share", False),  # a decision that plays no card gets the whole budget
    "nostop": ("stops", False),  # no early stops
    "infer": ("infer", True),  # worlds weighted by the other player's past follows
    "prior": ("prior", True),  # the heuristic's move favoured at the root
}


def is_simulations(strength: str) -> bool:
    """Whether a spec's strength is a number of simulations, as in ``search:200`` (ASCII
    digits: ``int`` reads other digits, such as "²", that are no number here)."""
    return strength.isascii() and strength.isdigit()


#: the difficulty levels a person picks (issue 39), weakest first: each is the search at a
#: budget (its strength, and the simulations a move where not the strength's own); docs/bots.md
#: ("Levels") has the ladder that measures each a step above the one before. A level between
#: intermediate and expert (1,000 simulations) was tried and dropped: over 20 base-game deals it
#: scored 55% against intermediate and 47.5% against expert, not a step from either. Their
#: names and descriptions are words: claim.text.bots.
LEVELS: dict[str, tuple[str, int | None]] = {
    "beginner": ("easy", 5),
    "casual": ("easy", None),  # 50 simulations
    "intermediate": ("medium", None),  # 200
    "expert": ("hard", None),  # 5,000, lowered where simulations cost more
}


def _level(level: str) -> Callable[[int | None, str], Bot]:
    """The factory of a level (it takes no strength: the level is one)."""
    strength, iterations = LEVELS[level]

    def build(seed: int | None, _: str) -> Bot:
        from claim.bots.search import SearchBot

        return SearchBot(seed, strength, iterations=iterations)

    return build


#: bot name -> factory(seed, strength)
FACTORIES: dict[str, Callable[[int | None, str], Bot]] = {
    "random": lambda seed, strength: RandomBot(seed),
    "heuristic": _heuristic,
    "search": _search,
    **{level: _level(level) for level in LEVELS},
}


def bot_names() -> list[str]:
    """Every bot name ``make_bot`` accepts (with ``:STRENGTH`` where it has strengths)."""
    return sorted(FACTORIES)


def split_options(spec: str) -> tuple[str, tuple[str, ...]]:
    """A spec without its ``+OPTION`` suffixes, and the options (lower case, as given).

    >>> split_options("search:200+flat+aware")
    ('search:200', ('flat', 'aware'))
    """
    base, *options = spec.strip().lower().split("+")
    return base, tuple(options)


def normalize(spec: str) -> str:
    """A bot spec as the tables store it: lower case, ``search`` with its strength
    (``search:medium``), the options sorted; an unknown bot, strength or option raises
    ConfigError (one line).

    >>> normalize(" Search+Flat "), normalize("search:200+nostop+aware")
    ('search:medium+flat', 'search:200+aware+nostop')
    """
    make_bot(spec, 0)
    base, options = split_options(spec)
    name, _, strength = base.partition(":")
    if name == "search" and not strength:
        base = "search:medium"
    return "+".join((base, *sorted(set(options))))


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from ``NAME``, ``NAME:STRENGTH`` (``search:hard``) or ``search:N`` (``search:200``:
    exactly 200 simulations a decision, module doc), with any :data:`SEARCH_OPTIONS` after a
    ``+`` for the search (``search:200+flat``).

    >>> make_bot("search:200", 1).iterations, make_bot("search:200", 1).adaptive
    (200, False)
    >>> make_bot("search:0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    claim.core.errors.ConfigError: search:N needs N simulations, a number from 1 to ..., not '0'
    """
    base, options = split_options(spec)
    name, sep, strength = base.partition(":")
    strength = strength or "medium"
    if name not in FACTORIES:
        raise ConfigError(f"unknown bot {name!r}; bots are: {', '.join(bot_names())}")
    if options and name != "search":
        raise ConfigError(f"only the search takes options (+...), not {name!r}")
    for option in options:
        if option not in SEARCH_OPTIONS:
            raise ConfigError(
                f"unknown search option {option!r}; options are: {', '.join(SEARCH_OPTIONS)}"
            )
    if name == "search" and is_simulations(strength):
        if len(strength) > 7 or not 1 <= int(strength) <= MAX_SIMULATIONS:
            raise ConfigError(
                f"search:N needs N simulations, a number from 1 to {MAX_SIMULATIONS:,}, "
                f"not {strength!r}"
            )
        return _search(seed, strength, options)
    if name in LEVELS:
        if sep:
            raise ConfigError(f"{name!r} is a level: it takes no strength (not {spec.strip()!r})")
        return FACTORIES[name](seed, strength)
    if strength not in STRENGTHS:
        raise ConfigError(f"unknown strength {strength!r}; strengths are: {', '.join(STRENGTHS)}")
    if name == "search":
        return _search(seed, strength, options)
    return FACTORIES[name](seed, strength)


__all__ = [
    "FACTORIES",
    "LEVELS",
    "SEARCH_OPTIONS",
    "STRENGTHS",
    "Bot",
    "RandomBot",
    "Sampler",
    "bot_names",
    "decide",
    "is_simulations",
    "make_bot",
    "normalize",
    "play_out",
    "split_options",
]
