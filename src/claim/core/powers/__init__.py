"""Every power the engine knows, in one explicit registry, and the rule book of a game."""

from __future__ import annotations

from functools import lru_cache

from claim.core import cards
from claim.core.powers import fear, fire, frost, maps, mercenaries
from claim.core.powers.artifacts import ARTIFACT_POWERS, artifact_powers
from claim.core.powers.base import POWER_KEY, Power, RuleBook, Tier
from claim.core.powers.factions import FACTION_POWERS as BASE_POWERS
from claim.core.powers.factions import FactionPower
from claim.core.powers.heroes import HERO_POWERS
from claim.core.powers.locations import LOCATION_POWERS, LavaFields
from claim.core.setup import GameConfig

#: every faction power, by faction: the base boxes and the five Reinforcements boxes
FACTION_POWERS: dict[str, type[FactionPower]] = {
    **BASE_POWERS,
    **fear.POWERS,
    **fire.POWERS,
    **mercenaries.POWERS,
    **maps.POWERS,
    **frost.POWERS,
}

#: every registered power class by name (factions, heroes, locations, artifacts)
REGISTRY: dict[str, type[Power]] = {
    **FACTION_POWERS,
    **HERO_POWERS,
    **LOCATION_POWERS,
    **ARTIFACT_POWERS,
}

#: the result reasons of a game decided before the votes (L23), each the name of the power that
#: decided it: a Building at §9 step 4 (the powers with an instant result) and Lava Fields, which
#: ends the game during Phase Two (L10) from its own hook
DECIDED_BEFORE_THE_VOTES: frozenset[str] = frozenset(
    {
        *(name for name, power in REGISTRY.items() if power.overrides("instant_result")),
        LavaFields.name,
    }
)


def rule_book(config: GameConfig) -> RuleBook:
    """The powers in play for ``config``: one instance per power, shared by every clone.

    The heroes' powers come from the public hero pool, not from the heroes actually dealt: which
    heroes are in the deck is secret, and a determinized game may hold other heroes of the pool
    (``claim.core.worlds.determinize``) with the same rule book.
    """
    return _book(
        config.factions,
        config.hero_pool,
        config.hero_values,
        config.locations,
        config.artifact_pool,
    )


#: one instance of each power class, shared by every rule book: a power keeps nothing of its own
#: (what it remembers lives in the State; the one exception, the artifacts' timing, holds its
#: game's artifact pool and is shared by pool, ``artifact_powers``). A game with every expansion
#: has a config of its own, so its book is new: it is assembled from these, not built anew, and
#: books of different configs share the trick layers of their common powers (``RuleBook``).
_SHARED: dict[type[Power], Power] = {}


def _shared(cls: type[Power]) -> Power:
    power = _SHARED.get(cls)
    if power is None:
        power = _SHARED[cls] = cls()
    return power


@lru_cache(maxsize=256)
def _book(
    factions: tuple[str, ...],
    pool: tuple[str, ...],
    values: tuple[tuple[str, int], ...],
    locations: tuple[str, ...],
    artifacts: tuple[str, ...] = (),
) -> RuleBook:
    powers: list[Power] = [_shared(FACTION_POWERS[name]) for name in factions]
    powers += [_shared(HERO_POWERS[name]) for name in pool]
    powers += [_shared(LOCATION_POWERS[name]) for name in locations]
    powers += [_shared(companion) for power in list(powers) for companion in power.companions]
    # the artifacts' powers come from the public pool: who holds which is secret (§8)
    powers += artifact_powers(artifacts)
    value = list(cards.VALUE)
    for name, v in values:
        value[cards.IDS_BY_CODE[f"hero:{name}"][0]] = v
    return RuleBook(powers, value)


__all__ = [
    "DECIDED_BEFORE_THE_VOTES",
    "POWER_KEY",
    "REGISTRY",
    "Power",
    "RuleBook",
    "Tier",
    "rule_book",
]
