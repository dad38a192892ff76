"""The setup options shared by every command that starts a game (deal, simulate, play).

``@setup_options`` adds ``--seed``, ``--first-leader`` and ``--factions`` to a Click command, and
:func:`resolve_setup` turns their values into a seed and a :class:`~claim.setup.GameConfig`.

Every random choice is drawn from the seed, so the same options always give the same game:
``--factions random`` and ``--first-leader random`` use a generator seeded from the game seed
(separate from the one that shuffles, so asking for a random leader never changes the deal).
Without ``--seed`` a fresh seed is drawn and reported, so any game can be reproduced.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from claim.setup import GameConfig, parse_factions, resolve_first_leader

F = TypeVar("F", bound=Callable[..., Any])

FACTIONS_HELP = (
    "The five factions: a preset (claim: goblins, knights, undead, dwarves, doppelgangers; "
    "claim2: gnomes, giants, dragons, trolls, seers), random (a legal deck drawn from the seed), "
    "or five names separated by commas (one pair and three singles)."
)


@dataclass(frozen=True, slots=True)
class Setup:
    """A resolved setup: the game seed and the configuration it is played with."""

    seed: int
    config: GameConfig


def fresh_seed() -> int:
    """A new random seed for a game started without ``--seed`` (reported to the user)."""
    return random.SystemRandom().randrange(2**31)


def setup_rng(seed: int) -> random.Random:
    """The generator of the setup draws (random factions, random first leader) for ``seed``.

    It is seeded from a string so it is independent of the shuffle's ``random.Random(seed)``.
    """
    return random.Random(f"claim-setup:{seed}")


def resolve_setup(seed: int | None, factions: str, first_leader: str) -> Setup:
    """Turn the option values into a seed and a config; bad values raise ClaimError.

    >>> resolve_setup(7, "claim2", "1").config.factions
    ('gnomes', 'giants', 'dragons', 'trolls', 'seers')
    >>> resolve_setup(7, "random", "random") == resolve_setup(7, "random", "random")
    True
    """
    if seed is None:
        seed = fresh_seed()
    rng = setup_rng(seed)
    chosen = parse_factions(factions, rng)
    leader = resolve_first_leader(first_leader, rng)
    return Setup(seed, GameConfig(chosen, leader))


def setup_options(command: F) -> F:
    """Add ``--seed``, ``--first-leader`` and ``--factions`` to a Click command.

    The command receives them as the keyword arguments ``seed`` (int or None), ``first_leader``
    and ``factions`` (strings, checked by :func:`resolve_setup` so that a bad deck is reported as
    one line naming the problem).
    """
    decorators = [
        click.option(
            "--seed",
            type=int,
            default=None,
            metavar="N",
            help="Seed of every random draw (deal, random factions and leader). "
            "Default: a fresh seed, which is reported.",
        ),
        click.option(
            "--first-leader",
            default="0",
            show_default=True,
            metavar="0|1|random",
            help="Who leads the first trick: player 0, player 1, or random (drawn from the seed).",
        ),
        click.option(
            "--factions",
            default="claim",
            show_default=True,
            metavar="claim|claim2|random|F1,F2,F3,F4,F5",
            help=FACTIONS_HELP,
        ),
    ]
    for decorator in reversed(decorators):
        command = decorator(command)
    return command
