"""How the environments start a game: the setup options and a seed, as every command does.

``claim deal``, ``claim arena`` and ``claim play`` turn their options into a
:class:`~claim.core.options.SetupOptions`, resolve it with the game's seed and deal with
:func:`claim.new_game`; the environments do exactly that, so ``reset(seed=7)`` deals the game
``claim deal --seed 7`` deals with the same options.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from claim.core.game import new_game
from claim.core.options import SetupOptions, fresh_seed
from claim.core.state import State

#: the keyword arguments the environments take for the setup (SetupOptions' fields)
SETUP_OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(SetupOptions))


def setup_options(given: dict[str, Any]) -> SetupOptions:
    """SetupOptions from keyword arguments (``factions="random"``, ``heroes=5``,
    ``first_leader=1``: numbers are accepted where the command line takes digits). A bad name
    or value raises at once, naming it, rather than at the first reset.

    >>> setup_options({"heroes": 5, "setting": "swamp"}).describe()
    'factions claim, first leader 0, heroes 5, setting swamp'
    """
    unknown = sorted(set(given) - set(SETUP_OPTION_NAMES))
    if unknown:
        raise TypeError(
            f"unknown setup option {unknown[0]!r}; setup options are: "
            + ", ".join(SETUP_OPTION_NAMES)
        )
    values: dict[str, Any] = {
        name: value if name == "hero_count" or isinstance(value, str) else str(value)
        for name, value in given.items()
    }
    options = SetupOptions(**values)
    options.resolve(0)  # raises SetupOptionError naming the option
    return options


class Dealer:
    """Deals the games of one environment: ``deal(seed)`` the game of that seed, ``deal(None)``
    the next game of the stream the last seed started (a fresh stream before any seed), so
    that a seeded ``reset`` followed by unseeded ones repeats exactly."""

    def __init__(self, options: SetupOptions) -> None:
        self.options = options
        self._stream: random.Random | None = None

    def next_seed(self, seed: int | None) -> int:
        """The game seed for a reset with ``seed``."""
        if seed is not None:
            # string-seeded: independent of the game's own ``random.Random(seed)``
            self._stream = random.Random(f"claim-envs:{seed}")
            return seed
        if self._stream is None:
            self._stream = random.Random(fresh_seed())
        return self._stream.randrange(2**31)

    def deal(self, seed: int | None) -> State:
        """A new game: the options resolved with the game seed, then dealt (as ``claim deal``)."""
        setup = self.options.resolve(self.next_seed(seed))
        return new_game(setup.config, setup.seed)
