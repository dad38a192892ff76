"""Faction powers of the Mercenaries box (RULES.md §5). One small class per faction; its
docstring is its rules text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claim.core.powers.factions import FactionPower
from claim.core.scoring import faction_values

if TYPE_CHECKING:
    from claim.core.state import State


class Elves(FactionPower):
    """No power. The dual elf-orc cards (R-40): whoever plays one declares it Elves or Orcs; it is
    then that faction for following, winning and (if collected) scoring. It satisfies a
    must-follow on either faction, so a player holding one must play it (or a matching card) on an
    Elf or Orc lead, declared as the led faction. Unplayed ones stay undeclared."""

    name = "elves"
    key = "elves"


class Orcs(FactionPower):
    """No power. The dual elf-orc cards (R-40): whoever plays one declares it Elves or Orcs; it is
    then that faction for following, winning and (if collected) scoring. It satisfies a
    must-follow on either faction, so a player holding one must play it (or a matching card) on an
    Elf or Orc lead, declared as the led faction. Unplayed ones stay undeclared."""

    name = "orcs"
    key = "orcs"


def cyclops_vote(mine: list[int], theirs: list[int]) -> int | None:
    """The Cyclops vote between player 0 (``mine``) and player 1 (``theirs``), printed values:
    fewer Cyclops wins, but at least one is needed; equal counts: the lower lowest Cyclops, then
    the next lowest, ...; None: nobody."""
    if not mine and not theirs:
        return None
    if not mine or not theirs:
        return 0 if mine else 1
    if len(mine) != len(theirs):
        return 0 if len(mine) < len(theirs) else 1
    for a, b in zip(sorted(mine), sorted(theirs), strict=True):
        if a != b:
            return 0 if a < b else 1
    return None


class Cyclops(FactionPower):
    """At the end, the player with fewer Cyclops wins the Cyclops vote, but a player needs at
    least one. Equal counts: the lower lowest Cyclops wins, then the next lowest, and so on; still
    equal (or neither has one): nobody. For the game tie-break a won vote counts its Cyclops."""

    name = "cyclops"
    key = "cyclops"

    def score_votes(
        self, state: State, votes: dict[str, int | None], counts: dict[str, list[int]]
    ) -> None:
        if "cyclops" in votes:
            votes["cyclops"] = cyclops_vote(
                faction_values(state, 0, "cyclops"), faction_values(state, 1, "cyclops")
            )


POWERS: dict[str, type[FactionPower]] = {cls.name: cls for cls in (Elves, Orcs, Cyclops)}
