"""Faction powers of the Frost box (RULES.md §5.7). One small class per faction; its docstring is
its rules text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claim.core.powers.factions import PHASE_TWO, FactionPower, printed_number
from claim.core.scoring import scoring_faction
from claim.core.state import DISCARD, FACEUP, NO_PLAYER, SCORE

if TYPE_CHECKING:
    from claim.core.state import State, Trick

ICE = ("ice-kings", "ice-queens")


class IcePairs(FactionPower):
    """At the end, before votes, every Ice King and Ice Queen of the same printed value in the same
    Score pile are both discarded (an Ent declared one of them too: a card of that faction of its
    printed value, H1, H35)."""

    #: R-90 §9 step 2: after fake Tricksters (2.0) and Toxics (2.1)
    end_step = 2.2

    def end_of_game(self, state: State) -> None:
        # Both Ice powers run this; once the pairs are gone a second run finds none (idempotent).
        for pile in state.score:
            by_value: dict[int, dict[str, list[int]]] = {}
            for card in pile:
                faction = scoring_faction(state, card)
                if faction in ICE:
                    number = printed_number(state, card)  # L2: printed, a hero's as configured
                    by_value.setdefault(number, {f: [] for f in ICE})[faction].append(card)
            gone: list[int] = []
            for value in sorted(by_value):
                kings, queens = (by_value[value][f] for f in ICE)
                for king, queen in zip(kings, queens, strict=False):
                    gone += [king, queen]
            if gone:
                drop = set(gone)
                pile[:] = [c for c in pile if c not in drop]
                state.discard.extend(gone)


class IceKings(IcePairs):
    """At the end of the game, before the votes, each Ice King and Ice Queen of the same printed
    value in the same Score pile are both discarded (they marry and run away)."""

    name = "ice-kings"
    key = "ice-kings"


class IceQueens(IcePairs):
    """At the end of the game, before the votes, each Ice Queen and Ice King of the same printed
    value in the same Score pile are both discarded (they marry and run away)."""

    name = "ice-queens"
    key = "ice-queens"


class Yetis(FactionPower):
    """If a trick is won by a Yeti, the other player leads the next trick (R-3: a later card's
    power, such as a Dragon's, has the last word)."""

    name = "yetis"
    key = "yetis"

    def choose_next_leader(self, state: State, trick: Trick, pos: int) -> None:
        winner = trick.winner
        if winner >= 0 and trick.plays[pos][0] == winner:
            trick.next_leader = 1 - winner


class Frostbeasts(FactionPower):
    """Phase Two: if a trick is won by a Frostbeast, the other played card is discarded instead of
    collected, except that a Dwarf played after it still goes to the loser and a Troll played after
    it goes to the Troll pool (their powers act later, R-3)."""

    name = "frostbeasts"
    key = "frostbeasts"
    phases = PHASE_TWO

    def route(self, state: State, trick: Trick, pos: int) -> None:
        if trick.winner < 0 or trick.plays[pos][0] != trick.winner:
            return
        for i in range(len(trick.plays)):
            # a card already going to the Troll pool (or discarded) stays where it goes
            if i != pos and trick.dests[i][1] in (SCORE, FACEUP):
                trick.dests[i] = (NO_PLAYER, DISCARD)


POWERS: dict[str, type[FactionPower]] = {
    cls.name: cls for cls in (IceKings, IceQueens, Yetis, Frostbeasts)
}
