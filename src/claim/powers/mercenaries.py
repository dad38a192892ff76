"""Faction powers of the Mercenaries box (RULES.md §5). One small class per faction; its
docstring is its rules text."""

from __future__ import annotations

from claim.powers.factions import FactionPower

POWERS: dict[str, type[FactionPower]] = {}
