"""The setup options as Click options: ``@setup_options`` adds ``--seed``, ``--first-leader``,
``--factions``, ``--heroes``, ``--hero-count``, ``--hero-values``, ``--setting``, ``--building``
and ``--artifacts`` to a command that starts a game (deal, simulate, play, arena).

The command receives ``seed`` and one :class:`~claim.core.options.SetupOptions` (the values as
typed); :meth:`~claim.core.options.SetupOptions.resolve` checks them and turns them into a seed
and a config. The option values, their defaults and their checks live in the core
(:mod:`claim.core.options`); only the command line's spelling and help live here.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

import click

from claim.core import cards
from claim.core.options import SetupOptions
from claim.core.setup import SEED_LIMIT

F = TypeVar("F", bound=Callable[..., Any])

FACTIONS_HELP = (
    "The five factions: a preset ("
    + "; ".join(f"{name}: {', '.join(deck)}" for name, deck in cards.PRESETS.items())
    + "), random (a legal deck drawn from the seed), "
    "or five names separated by commas (one pair and three singles)."
)

HEROES_HELP = (
    "Heroes in the deck, each replacing a faction card unseen (the deck stays at 52): N draws N "
    f"of the {len(cards.HEROES)} heroes from the seed (0 or none: no heroes); NAME,... names the "
    "pool, all of which go in unless --hero-count asks for fewer. Which heroes are in is secret; "
    f"the pool and the count are public. Heroes: {', '.join(cards.HEROES)}."
)

HERO_COUNT_HELP = (
    "With --heroes NAME,...: put only N of the named heroes in the deck, drawn from the seed."
)

HERO_VALUES_HELP = (
    "Hero values that replace the printed ones (R-61), e.g. jester=7,witch=4; they are saved "
    "in the record."
)

SETTING_HELP = (
    "The Setting in play (RULES.md §7; it changes how cards interact): a name, random (drawn "
    "from the seed) or none. Settings: " + ", ".join(cards.SETTINGS) + "."
)

BUILDING_HELP = (
    "The Building in play (RULES.md §7; it changes the end of the game): a name, random (drawn "
    "from the seed) or none. Buildings: " + ", ".join(cards.BUILDINGS) + "."
)

ARTIFACTS_HELP = (
    "Artifacts (RULES.md §8): three dealt face-down to each player, secret until used. Give "
    f"the option alone (or all) to deal from all {len(cards.ARTIFACTS)}, or NAME,... to name the "
    "pool (at least six) to deal from; none: no artifacts. Artifacts: "
    + ", ".join(cards.ARTIFACTS)
    + "."
)

_DEFAULTS = SetupOptions()

#: the Click options behind the fields of :class:`SetupOptions`, in --help order (the defaults
#: are SetupOptions' own)
SETUP_OPTIONS: dict[str, Callable[[Any], Any]] = {
    "first_leader": click.option(
        "--first-leader",
        default=_DEFAULTS.first_leader,
        show_default=True,
        metavar="0|1|random",
        help="Who leads the first trick: player 0, player 1, or random (drawn from the seed).",
    ),
    "factions": click.option(
        "--factions",
        default=_DEFAULTS.factions,
        show_default=True,
        metavar="claim|claim2|random|F1,F2,F3,F4,F5",
        help=FACTIONS_HELP,
    ),
    "heroes": click.option(
        "--heroes",
        default=_DEFAULTS.heroes,
        show_default=True,
        metavar="N|NAME,...",
        help=HEROES_HELP,
    ),
    "hero_count": click.option(
        "--hero-count",
        type=click.IntRange(min=0),
        default=_DEFAULTS.hero_count,
        metavar="N",
        help=HERO_COUNT_HELP,
    ),
    "hero_values": click.option(
        "--hero-values",
        default=_DEFAULTS.hero_values,
        metavar="NAME=V,...",
        help=HERO_VALUES_HELP,
    ),
    "setting": click.option(
        "--setting",
        default=_DEFAULTS.setting,
        show_default=True,
        metavar="NAME|random|none",
        help=SETTING_HELP,
    ),
    "building": click.option(
        "--building",
        default=_DEFAULTS.building,
        show_default=True,
        metavar="NAME|random|none",
        help=BUILDING_HELP,
    ),
    "artifacts": click.option(
        "--artifacts",
        default=_DEFAULTS.artifacts,
        show_default=True,
        is_flag=False,
        flag_value="all",
        metavar="[all|NAME,...|none]",
        help=ARTIFACTS_HELP,
    ),
}

# every field of SetupOptions is one Click option
assert set(SETUP_OPTIONS) == {f.name for f in dataclasses.fields(SetupOptions)}

#: the parameter names of the setup options (given on the command line: no new-game screen)
SETUP_OPTION_NAMES = tuple(SETUP_OPTIONS)


#: ``--jobs K`` of the commands that play many games (simulate, arena, ladder)
jobs_option = click.option(
    "--jobs",
    type=int,
    default=1,
    show_default=True,
    metavar="K",
    help="Play the games in K worker processes (the results do not depend on K).",
)

#: ``--ray [ADDRESS]`` of the same commands (``claim.sim.executors.RayExecutor``)
ray_option = click.option(
    "--ray",
    "ray_address",
    is_flag=False,
    flag_value="local",
    default=None,
    metavar="[ADDRESS]",
    help="Play the games as Ray tasks, with the results of --jobs: on a Ray started for this run "
    "on this machine, or on the cluster at ADDRESS (HOST:PORT, ray://HOST:PORT, or auto for "
    "RAY_ADDRESS or the local `ray start`). Needs pip install 'claim[ray]'; not with --jobs.",
)


def setup_options(command: F) -> F:
    """Add ``--seed`` and the setup options (:data:`SETUP_OPTIONS`) to a Click command.

    The command receives ``seed`` (int or None) and ``options``, a :class:`SetupOptions` holding
    the values as typed (checked by :meth:`SetupOptions.resolve`, so that a bad value is reported
    as one line naming its option).
    """
    names = [f.name for f in dataclasses.fields(SetupOptions)]

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        options = SetupOptions(**{name: kwargs.pop(name) for name in names})
        return command(*args, options=options, **kwargs)

    # the command's own Click options (applied below this decorator) stay with it
    wrapper.__dict__["__click_params__"] = list(getattr(command, "__click_params__", []))
    decorators: list[Callable[[Any], Any]] = [
        click.option(
            "--seed",
            type=click.IntRange(-SEED_LIMIT, SEED_LIMIT),
            default=None,
            metavar="N",
            help="Seed of every random draw (deal, random factions and leader, heroes, "
            "locations, artifacts). "
            "Default: a fresh 64-bit seed from the OS, told where it gives nothing away "
            "(a game you play tells it once it is over).",
        ),
        *SETUP_OPTIONS.values(),
    ]
    decorated: Any = wrapper
    for decorator in reversed(decorators):
        decorated = decorator(decorated)
    return cast(F, decorated)
