"""What a study plays: its components, its matched deals and the games of each deal.

A study (:class:`Study`) has one or more parts, each a kind of component (:data:`KINDS`) and the
components of that kind it measures. For every component it plays ``deals`` matched deals (a
*unit*: component, deal); deal ``i`` is dealt from the game seed ``seed + i`` with the base setup
options (:class:`~claim.core.options.SetupOptions`), the same seeds for every component, so the
components are compared on the same cards wherever the component leaves them unchanged.

The games of a unit (:func:`unit_games`) depend on the kind:

``factions``, ``heroes``, ``locations`` — **with and without**. The unit plays a *treatment* deal
  (the component in the game) and its *baseline* (the same deal without it), each twice with the
  first leader swapped. Locations change nothing in the deal, so both are the very same cards.
  A hero replaces one uniformly drawn faction card of the baseline's deal at its place (§2 step 3
  removes a random card unseen and shuffles the hero in: the same distribution), so the two
  deals differ by that one card. A faction's deals come from a random deck (``--factions
  random``) with the faction put in (replacing a drawn single faction, or the deck's pair for a
  pair) and taken out (replaced by a single faction not in the deck, or another pair): the
  two decks differ by that faction, and are shuffled from the same seed.
``artifacts`` — **the holder swapped**. The unit deals the artifact and five others drawn from
  the pool, the artifact with two of them to one hand of three (A41) and the other three to the
  other, and plays the deal twice with the two hands swapped between the seats: the matched
  baseline of the holder is the other player holding it on the same cards.
``first-leader`` — **the leader swapped**. A component is a whole setup (:data:`SETUPS`); the unit
  plays its deal twice, player 0 leading first, then player 1.

With two different bots every game is also played with the bots' seats swapped, so each bot is
the subject as often as the other. The bots of a deal are seeded from the study's seed, the deal
and the bot (:func:`bot_seed`), whatever the component, so the same bots play the same deal.
"""

from __future__ import annotations

import dataclasses
import math
import random
from dataclasses import dataclass
from typing import Any, Final

from claim.core import cards
from claim.core.engine import start_game
from claim.core.errors import ConfigError
from claim.core.game import new_game
from claim.core.options import SetupOptions
from claim.core.setup import GameConfig, SetupDraws, hero_cards, offset_seed, random_factions
from claim.core.state import State, chance_seed_for

#: the kinds of component a study measures, in the order ``all`` runs them
KINDS: Final[tuple[str, ...]] = ("factions", "heroes", "locations", "artifacts", "first-leader")
#: the study names ``claim lab`` takes: a kind, or ``all`` of them
STUDIES: Final[tuple[str, ...]] = (*KINDS, "all")

#: the first-leader study's setups, by name (a study file may name others)
SETUPS: Final[dict[str, SetupOptions]] = {
    "claim": SetupOptions(),
    "claim2": SetupOptions(factions="claim2"),
    "random-factions": SetupOptions(factions="random"),
    "heroes-5": SetupOptions(heroes="5"),
    "locations": SetupOptions(setting="random", building="random"),
    "artifacts": SetupOptions(artifacts="all"),
    "every-expansion": SetupOptions(
        factions="random", heroes="5", setting="random", building="random", artifacts="all"
    ),
}

#: the pairs of factions (a deck has exactly one, §2 step 1)
PAIRS: Final[tuple[str, ...]] = tuple(
    sorted({info.pair for info in cards.FACTIONS.values() if info.pair})
)
#: the single factions (a deck has three)
SINGLES: Final[tuple[str, ...]] = tuple(
    sorted(name for name, info in cards.FACTIONS.items() if not info.pair)
)


def default_components(kind: str) -> tuple[str, ...]:
    """Every component of ``kind``: the factions (singles, then the pairs, a pair one
    component), the 24 heroes, the Settings then the Buildings, the 16 artifacts, or the
    first-leader setups."""
    if kind == "factions":
        return SINGLES + PAIRS
    if kind == "heroes":
        return cards.HEROES
    if kind == "locations":
        return cards.SETTINGS + cards.BUILDINGS
    if kind == "artifacts":
        return cards.ARTIFACTS
    if kind == "first-leader":
        return tuple(SETUPS)
    raise ConfigError(f"unknown study {kind!r}; studies are: {', '.join(STUDIES)}")


def swaps_the_subject(kind: str) -> bool:
    """Whether a unit swaps the subject between seats on one deal (artifacts, first leader),
    so the matched baseline is the other seat (a score of 1/2 by symmetry), rather than playing
    a baseline deal (factions, heroes, locations)."""
    return kind in ("artifacts", "first-leader")


@dataclass(frozen=True, slots=True)
class Part:
    """One kind of component and those of it a study measures."""

    kind: str
    components: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Study:
    """Everything that fixes a study's games (small and picklable: every worker gets it)."""

    #: the study's name: a kind, ``all``, or a study file's ``name``
    name: str
    parts: tuple[Part, ...]
    #: bots A and B (normalized specs); the same bot twice plays each game once
    bots: tuple[str, str]
    #: games asked for each component (rounded up to whole deals, :meth:`deals`)
    games: int
    seed: int
    #: the setup every deal starts from (the first-leader study's setups are their own)
    base: SetupOptions = dataclasses.field(default_factory=SetupOptions)
    #: the first-leader setups by name (:data:`SETUPS` and a study file's own)
    setups: tuple[tuple[str, SetupOptions], ...] = tuple(SETUPS.items())

    def __post_init__(self) -> None:
        check_study(self)

    @property
    def bots_swapped(self) -> bool:
        """Whether each game is also played with the bots' seats swapped (two different bots)."""
        return self.bots[0] != self.bots[1]

    def games_per_deal(self, kind: str) -> int:
        """The games of one unit of ``kind``."""
        return (2 if swaps_the_subject(kind) else 4) * (2 if self.bots_swapped else 1)

    def deals(self, kind: str) -> int:
        """The deals played for each component of ``kind``: at least :attr:`games` games, and
        at least two deals (an interval needs two)."""
        return max(2, math.ceil(self.games / self.games_per_deal(kind)))

    @property
    def components(self) -> int:
        """How many components the study compares (the multiple-comparison correction's m)."""
        return sum(len(part.components) for part in self.parts)

    def units(self) -> list[tuple[str, str, int]]:
        """Every (kind, component, deal) the study plays, in a fixed order."""
        return [
            (part.kind, component, deal)
            for part in self.parts
            for component in part.components
            for deal in range(self.deals(part.kind))
        ]

    @property
    def total_games(self) -> int:
        return sum(
            len(part.components) * self.deals(part.kind) * self.games_per_deal(part.kind)
            for part in self.parts
        )

    def setup_options(self, name: str) -> SetupOptions:
        """The first-leader setup called ``name``."""
        return dict(self.setups)[name]

    def to_dict(self) -> dict[str, Any]:
        """The study as JSON (the kept games' header, the report's method section)."""
        return {
            "name": self.name,
            "parts": [{"kind": p.kind, "components": list(p.components)} for p in self.parts],
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "base": dataclasses.asdict(self.base),
            "setups": {
                name: dataclasses.asdict(options)
                for name, options in self.setups
                if any(p.kind == "first-leader" and name in p.components for p in self.parts)
            },
        }


def check_study(study: Study) -> None:
    """Refuse (ConfigError, one line) a study whose parts cannot be played as designed."""
    if study.games < 1:
        raise ConfigError(f"games must be at least 1, not {study.games}")
    base = study.base
    setups = dict(study.setups)
    for part in study.parts:
        known = default_components(part.kind)
        if part.kind == "first-leader":
            known = tuple(setups)
        if not part.components:
            raise ConfigError(f"the {part.kind} study has no components")
        for name in part.components:
            if name not in known:
                raise ConfigError(
                    f"{part.kind}: unknown component {name!r}; they are: {', '.join(known)}"
                )
        if len(set(part.components)) != len(part.components):
            raise ConfigError(f"{part.kind}: a component is listed twice")
        # the base must leave the component's place empty
        clash = {
            "factions": base.factions != "claim" and "factions (the study draws random decks)",
            "heroes": base.heroes.strip().lower() not in ("", "0", "none", "off", "no")
            and "heroes",
            "locations": (base.has_locations and "a Setting or a Building"),
            "artifacts": base.artifacts.strip().lower() not in ("", "0", "none", "off", "no")
            and "artifacts",
        }.get(part.kind)
        if clash:
            raise ConfigError(f"the {part.kind} study needs a base setup without {clash}")
    base.resolve(study.seed)  # bad base options: one line naming the option


# -------------------------------------------------------------------------------------------------
# the games of a unit
# -------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameSetup:
    """One game of a unit: how to deal it and who sits where."""

    #: ``treatment`` (the component in the game) or ``baseline`` (the matched game without it)
    variant: str
    #: the treatment and baseline games with the same twin are matched (same deal, leader, seats)
    twin: int
    seed: int
    config: GameConfig
    #: bot A's seat (B has the other)
    a_seat: int
    #: heroes: where in the baseline deal (hands, then the deck, as a fraction of its cards) the
    #: hero takes a faction card's place
    hero_at: float | None = None


def bot_seed(seed: int, deal: int, which: int) -> int:
    """The seed of bot A (``which`` 0) or B (1) in every game of deal ``deal``."""
    return random.Random(f"claim-lab:{seed}:{deal}:{which}").randrange(2**63)


def _unit_rng(study: Study, kind: str, component: str, deal: int) -> random.Random:
    """The draws of one unit (the deck, the artifacts, the hero's place)."""
    return random.Random(f"claim-lab:{kind}:{study.seed}:{deal}:{component}")


def _faction_decks(component: str, rng: random.Random) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A random deck with ``component`` and the same deck without it (see the module)."""
    deck = list(random_factions(rng))
    if component in PAIRS:
        other = rng.choice([p for p in PAIRS if p != component])
        singles = [f for f in deck if f in SINGLES]
        return (*component.split("+"), *singles), (*other.split("+"), *singles)
    if component in deck:
        spare = [f for f in SINGLES if f not in deck]
        without = [rng.choice(spare) if f == component else f for f in deck]
        return tuple(deck), tuple(without)
    singles = [f for f in deck if f in SINGLES]
    out = rng.choice(singles)
    return tuple(component if f == out else f for f in deck), tuple(deck)


def unit_games(study: Study, kind: str, component: str, deal: int) -> list[GameSetup]:
    """The games of one unit, in a fixed order (see the module)."""
    seed = offset_seed(study.seed, deal)
    rng = _unit_rng(study, kind, component, deal)
    if kind == "first-leader":
        config = study.setup_options(component).resolve(seed).config
    else:
        config = study.base.resolve(seed).config
    variants: list[tuple[str, int, GameConfig, float | None]] = []
    if kind == "artifacts":
        others = rng.sample([a for a in cards.ARTIFACTS if a != component], 5)
        mine, theirs = (component, *others[:2]), tuple(others[2:])
        for holder in (0, 1):
            hands = (mine, theirs) if holder == 0 else (theirs, mine)
            variants.append(
                ("treatment", holder, dataclasses.replace(config, artifacts=hands), None)
            )
    elif kind == "first-leader":
        for leader in (0, 1):
            variants.append(
                ("treatment", leader, dataclasses.replace(config, first_leader=leader), None)
            )
    else:
        treated, base = config, config
        hero_at = None
        if kind == "factions":
            with_it, without_it = _faction_decks(component, rng)
            treated = dataclasses.replace(config, factions=with_it)
            base = dataclasses.replace(config, factions=without_it)
        elif kind == "heroes":
            treated = dataclasses.replace(config, heroes=(component,))
            hero_at = rng.random()
        elif component in cards.SETTINGS:
            treated = dataclasses.replace(config, setting=component)
        else:
            treated = dataclasses.replace(config, building=component)
        for leader in (0, 1):
            variants.append(
                ("treatment", leader, dataclasses.replace(treated, first_leader=leader), hero_at)
            )
        for leader in (0, 1):
            variants.append(
                ("baseline", leader, dataclasses.replace(base, first_leader=leader), None)
            )
    orders = (0, 1) if study.bots_swapped else (0,)
    return [
        GameSetup(variant, 2 * twin + a_seat, seed, game_config, a_seat, hero_at)
        for variant, twin, game_config, hero_at in variants
        for a_seat in orders
    ]


def deal_game(setup: GameSetup) -> State:
    """The game of ``setup``, dealt and ready to play."""
    if setup.hero_at is None:
        return new_game(setup.config, setup.seed)
    # the baseline's deal, one faction card replaced by the hero at its place (§2 step 3 by
    # another road: a uniformly drawn card leaves unseen, the hero takes a uniform place)
    config = setup.config
    baseline = new_game(dataclasses.replace(config, heroes=()), setup.seed)
    hand0, hand1, deck = (list(part) for part in baseline.deal)
    dealt = hand0 + hand1 + deck
    place = int(setup.hero_at * len(dealt))
    removed = dealt[place]
    dealt[place] = hero_cards(config.heroes)[0]
    size = len(hand0)
    toxic = [c for c in baseline.out if cards.FACTION[c] == "toxic"]
    unused = [c for c in baseline.out if cards.FACTION[c] != "toxic"]
    toxics, pile = baseline.setup_draws
    draws = SetupDraws(sorted([*unused, removed]) + toxic, list(toxics), list(pile))
    state = start_game(
        config,
        [dealt[:size], dealt[size : 2 * size]],
        dealt[2 * size :],
        chance_seed_for(setup.seed),
        draws,
    )
    # a record of it gives this deal, and the seed for the chance draws (records.md)
    state.seed = setup.seed
    return state
