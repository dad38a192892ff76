"""The setup options shared by every command that starts a game (deal, simulate, play, arena).

``@setup_options`` adds ``--seed``, ``--first-leader``, ``--factions``, ``--heroes``,
``--hero-count``, ``--hero-values``, ``--setting``, ``--building`` and ``--artifacts`` to a Click
command. The command receives ``seed`` and one :class:`SetupOptions` (the setup option values as
typed), and :meth:`SetupOptions.resolve` turns them into a seed and a
:class:`~claim.core.setup.GameConfig`. A new setup option is one field of :class:`SetupOptions`, one
entry of :data:`SETUP_OPTIONS` and one step of ``resolve``.

Every random choice is drawn from the seed, so the same options always give the same game:
``--factions random``, ``--first-leader random``, the hero draw, ``--setting random`` and
``--building random`` and the artifact deal use a generator seeded from the game seed (separate
from the one that shuffles, so asking for a random leader never changes the deal), in that order,
so that adding heroes, locations or artifacts never changes a seed's factions, leader or heroes.
Without ``--seed`` a fresh seed is drawn and reported, so any game can be reproduced.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import click

from claim.core import cards
from claim.core.errors import ClaimError, ConfigError
from claim.core.setup import (
    SEED_LIMIT,
    GameConfig,
    parse_artifacts,
    parse_factions,
    parse_hero_values,
    parse_heroes,
    parse_location,
    resolve_first_leader,
)

F = TypeVar("F", bound=Callable[..., Any])

FACTIONS_HELP = (
    "The five factions: a preset (claim: goblins, knights, undead, dwarves, doppelgangers; "
    "claim2: gnomes, giants, dragons, trolls, seers), random (a legal deck drawn from the seed), "
    "or five names separated by commas (one pair and three singles)."
)

HEROES_HELP = (
    "Heroes in the deck, each replacing a faction card unseen (the deck stays at 52): N draws N "
    "of the 24 heroes from the seed (0 or none: no heroes); NAME,... names the pool, all of which "
    "go in unless --hero-count asks for fewer. Which heroes are in is secret; the pool and the "
    f"count are public. Heroes: {', '.join(cards.HEROES)}."
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
    "the option alone (or all) to deal from all 16, or NAME,... to name the pool (at least six) "
    "to deal from; none: no artifacts. Artifacts: " + ", ".join(cards.ARTIFACTS) + "."
)


@dataclass(frozen=True, slots=True)
class Setup:
    """A resolved setup: the game seed and the configuration it is played with."""

    seed: int
    config: GameConfig


class SetupOptionError(ConfigError):
    """A bad setup option value; the message starts with the option, e.g. ``--heroes: ...``."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(f"{option}: {message}")
        self.option = option


@contextmanager
def _blame(option: str) -> Iterator[None]:
    """Report a ClaimError raised inside as a bad value of ``option``."""
    try:
        yield
    except SetupOptionError:
        raise
    except ClaimError as exc:
        raise SetupOptionError(option, str(exc)) from None


def _heroes_off(text: str) -> bool:
    return text.strip().lower() in ("", "0", "none", "off", "no")


def _location_off(text: str) -> bool:
    return text.strip().lower() in ("", "none", "off", "no")


@dataclass(frozen=True, slots=True)
class SetupOptions:
    """The setup options of a game-starting command, as given on the command line.

    Small, hashable and picklable, so a match or a simulation carries one object to every game
    (and its worker processes). The defaults are the commands' defaults.

    >>> SetupOptions(heroes="jester,witch").resolve(7).config.heroes
    ('jester', 'witch')
    >>> SetupOptions(heroes="5").resolve(7) == SetupOptions(heroes="5").resolve(7)
    True
    """

    factions: str = "claim"
    first_leader: str = "0"
    heroes: str = "0"
    hero_count: int | None = None
    hero_values: str = ""
    setting: str = "none"
    building: str = "none"
    artifacts: str = "none"

    def resolve(self, seed: int | None = None) -> Setup:
        """The seed (a fresh one if None) and the config; a bad value raises SetupOptionError
        naming its option."""
        if seed is None:
            seed = fresh_seed()
        rng = setup_rng(seed)
        # the order of the draws is fixed: factions, first leader, heroes, setting, building,
        # artifacts (new draws go last, so that existing seeds keep their setup)
        with _blame("--factions"):
            factions = parse_factions(self.factions, rng)
        with _blame("--first-leader"):
            leader = resolve_first_leader(self.first_leader, rng)
        heroes, pool = self._draw_heroes(rng)
        with _blame("--hero-values"):
            values = parse_hero_values(self.hero_values)
        named = [name for name, _ in values]
        twice = next((name for name in named if named.count(name) > 1), None)
        if twice is not None:
            raise SetupOptionError("--hero-values", f"{twice} is given twice")
        absent = next((name for name in named if name not in pool), None)
        if absent is not None:
            raise SetupOptionError(
                "--hero-values",
                f"{absent} is not a hero in this game ("
                + (f"the hero pool: {', '.join(pool)})" if pool else "no heroes: see --heroes)"),
            )
        with _blame("--setting"):
            setting = parse_location(self.setting, "setting", rng)
        with _blame("--building"):
            building = parse_location(self.building, "building", rng)
        with _blame("--artifacts"):
            artifacts, artifact_pool = parse_artifacts(self.artifacts, rng)
        with _blame("--heroes"):
            config = GameConfig(
                factions,
                leader,
                heroes,
                pool,
                values,
                setting,
                building,
                artifacts,
                artifact_pool,
            )
        return Setup(seed, config)

    def _draw_heroes(self, rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
        text = self.heroes.strip().lower()
        named = not _heroes_off(text) and not text.lstrip("-").isdigit()
        if self.hero_count is not None and not named:
            raise SetupOptionError(
                "--hero-count",
                "needs a list of heroes (--heroes NAME,...)"
                if _heroes_off(text)
                else f"goes with --heroes NAME,...; --heroes {text} already gives the number",
            )
        if text.startswith("-") and text[1:].isdigit():
            raise SetupOptionError(
                "--heroes", f"the number of heroes must be 0 to {len(cards.HEROES)}, not {text}"
            )
        option = "--hero-count" if self.hero_count is not None else "--heroes"
        try:
            return parse_heroes(text, rng, self.hero_count)
        except ClaimError as exc:
            message = str(exc)
            raise SetupOptionError(
                option if message.startswith("cannot put") else "--heroes", message
            ) from None

    def describe(self) -> str:
        """The options for a summary line: ``factions claim, first leader 0`` and the hero and
        location options when given."""
        parts = [f"factions {self.factions}", f"first leader {self.first_leader}"]
        if not _heroes_off(self.heroes):
            parts.append(f"heroes {self.heroes}")
        if self.hero_count is not None:
            parts.append(f"hero count {self.hero_count}")
        if self.hero_values:
            parts.append(f"hero values {self.hero_values}")
        if not _location_off(self.setting):
            parts.append(f"setting {self.setting}")
        if not _location_off(self.building):
            parts.append(f"building {self.building}")
        if not _heroes_off(self.artifacts):
            parts.append(f"artifacts {self.artifacts}")
        return ", ".join(parts)

    @property
    def has_locations(self) -> bool:
        """Whether a Setting or a Building (named or random) is asked for."""
        return not (_location_off(self.setting) and _location_off(self.building))

    def to_dict(self) -> dict[str, Any]:
        """The options in a command's JSON output, as given (``hero_count`` null when unset)."""
        return dataclasses.asdict(self)


#: the Click options behind the fields of :class:`SetupOptions`, in --help order
SETUP_OPTIONS: dict[str, Callable[[Any], Any]] = {
    "first_leader": click.option(
        "--first-leader",
        default="0",
        show_default=True,
        metavar="0|1|random",
        help="Who leads the first trick: player 0, player 1, or random (drawn from the seed).",
    ),
    "factions": click.option(
        "--factions",
        default="claim",
        show_default=True,
        metavar="claim|claim2|random|F1,F2,F3,F4,F5",
        help=FACTIONS_HELP,
    ),
    "heroes": click.option(
        "--heroes",
        default="0",
        show_default=True,
        metavar="N|NAME,...",
        help=HEROES_HELP,
    ),
    "hero_count": click.option(
        "--hero-count",
        type=click.IntRange(min=0),
        default=None,
        metavar="N",
        help=HERO_COUNT_HELP,
    ),
    "hero_values": click.option(
        "--hero-values",
        default="",
        metavar="NAME=V,...",
        help=HERO_VALUES_HELP,
    ),
    "setting": click.option(
        "--setting",
        default="none",
        show_default=True,
        metavar="NAME|random|none",
        help=SETTING_HELP,
    ),
    "building": click.option(
        "--building",
        default="none",
        show_default=True,
        metavar="NAME|random|none",
        help=BUILDING_HELP,
    ),
    "artifacts": click.option(
        "--artifacts",
        default="none",
        show_default=True,
        is_flag=False,
        flag_value="all",
        metavar="[all|NAME,...|none]",
        help=ARTIFACTS_HELP,
    ),
}


# every field of SetupOptions is one Click option
assert set(SETUP_OPTIONS) == {f.name for f in dataclasses.fields(SetupOptions)}


def fresh_seed() -> int:
    """A new random seed for a game started without ``--seed`` (reported to the user)."""
    return random.SystemRandom().randrange(2**31)


def setup_rng(seed: int) -> random.Random:
    """The generator of the setup draws (random factions, random first leader, heroes, random
    locations) for ``seed``.

    It is seeded from a string so it is independent of the shuffle's ``random.Random(seed)``.
    """
    return random.Random(f"claim-setup:{seed}")


def resolve_setup(seed: int | None, factions: str = "claim", first_leader: str = "0") -> Setup:
    """Shorthand for ``SetupOptions(factions, first_leader).resolve(seed)`` (no heroes).

    >>> resolve_setup(7, "claim2", "1").config.factions
    ('gnomes', 'giants', 'dragons', 'trolls', 'seers')
    >>> resolve_setup(7, "random", "random") == resolve_setup(7, "random", "random")
    True
    """
    return SetupOptions(factions, first_leader).resolve(seed)


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
            "Default: a fresh seed, which is reported.",
        ),
        *SETUP_OPTIONS.values(),
    ]
    decorated: Any = wrapper
    for decorator in reversed(decorators):
        decorated = decorator(decorated)
    return cast(F, decorated)
