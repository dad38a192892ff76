"""The setup options shared by every command that starts a game (deal, simulate, play, arena).

:class:`SetupOptions` holds the setup option values as typed (``--factions``, ``--first-leader``,
``--heroes``, ``--hero-count``, ``--hero-values``, ``--setting``, ``--building``,
``--artifacts``), and :meth:`SetupOptions.resolve` turns them and a seed into a seed and a
:class:`~claim.core.setup.GameConfig`. The command line's options (Click) are built from it in
:mod:`claim.apps.cli.options`; the terminal game and the web lobby fill one in too. A new setup
option is one field of :class:`SetupOptions`, one step of ``resolve`` and one Click option there.

Every random choice is drawn from the seed, so the same options always give the same game:
``--factions random``, ``--first-leader random``, the hero draw, ``--setting random`` and
``--building random`` and the artifact deal use a generator seeded from the game seed (separate
from the one that shuffles, so asking for a random leader never changes the deal), in that order,
so that adding heroes, locations or artifacts never changes a seed's factions, leader or heroes.
Without ``--seed`` a fresh seed is drawn and reported, so any game can be reproduced.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from mypy_extensions import mypyc_attr

from claim.core import cards
from claim.core.errors import ClaimError, ConfigError
from claim.core.setup import (
    SEED_BITS,
    GameConfig,
    parse_artifacts,
    parse_factions,
    parse_hero_values,
    parse_heroes,
    parse_location,
    resolve_first_leader,
)


@mypyc_attr(native_class=False)  # compiled: mypyc's unpickling cannot set frozen fields
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


@mypyc_attr(native_class=False)  # compiled: mypyc's unpickling cannot set frozen fields
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


def fresh_seed() -> int:
    """A new random seed for a game started without ``--seed``: 64 bits from the OS's CSPRNG
    (``secrets``), the record's whole range of non-negative seeds. A seed rebuilds the whole
    deal, so it is a secret until the game is over (issue 35): a narrower one could be found
    from a player's own hand by trying every seed."""
    return secrets.randbits(SEED_BITS)


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


#: every expansion on, as the benchmarks (``make bench``'s expansions row), the instruction counts
#: and the broad tests play it: random factions and first leader, 5 heroes of 24, a random Setting
#: and Building, three artifacts each from all 16
EVERY_EXPANSION = SetupOptions(
    factions="random",
    first_leader="random",
    heroes="5",
    setting="random",
    building="random",
    artifacts="all",
)
