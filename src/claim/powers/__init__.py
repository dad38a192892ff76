"""Every power the engine knows, in one explicit registry, and the rule book of a game."""

from __future__ import annotations

from functools import lru_cache

from claim.powers import fear, fire, frost, maps, mercenaries
from claim.powers.base import POWER_KEY, Power, RuleBook, Tier
from claim.powers.factions import FACTION_POWERS as BASE_POWERS
from claim.powers.factions import FactionPower
from claim.setup import GameConfig

#: every faction power, by faction: the base boxes and the five Reinforcements boxes
FACTION_POWERS: dict[str, type[FactionPower]] = {
    **BASE_POWERS,
    **fear.POWERS,
    **fire.POWERS,
    **mercenaries.POWERS,
    **maps.POWERS,
    **frost.POWERS,
}

#: every registered power class by name (factions today; heroes, locations, artifacts later)
REGISTRY: dict[str, type[Power]] = {**FACTION_POWERS}


@lru_cache(maxsize=256)
def rule_book(config: GameConfig) -> RuleBook:
    """The powers in play for ``config``: one instance per power, shared by every clone."""
    powers: list[Power] = [FACTION_POWERS[name]() for name in config.factions]
    return RuleBook(powers)


__all__ = ["POWER_KEY", "REGISTRY", "Power", "RuleBook", "Tier", "rule_book"]
