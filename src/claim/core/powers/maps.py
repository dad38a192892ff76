"""Faction powers of the Maps box (RULES.md §5.6). One small class per faction; its docstring is
its rules text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claim.core import cards
from claim.core.powers.base import Ask
from claim.core.powers.factions import PHASE_TWO, FactionPower
from claim.core.state import SCORE

if TYPE_CHECKING:
    from claim.core.state import State, Trick

CODE = cards.CODE
FACTION = cards.FACTION

#: the code prefix of a Fire Phoenix (``fire-phoenix:N``), which draws nothing (R-50)
FIRE_PHOENIX = "fire-phoenix:"


class Phoenixes(FactionPower):
    """Phase Two: when you lose a trick in which you played a Phoenix (not a Fire Phoenix, R-50),
    draw the top Fire Phoenix into your hand (R-5: to its end), while the pile has cards. Fire
    Phoenix cards are Phoenixes in every other way (following, votes). The phase ends when a hand
    runs out (R-1)."""

    name = "phoenixes"
    key = "phoenixes"
    phases = PHASE_TWO

    def after_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        player, card = trick.plays[pos]
        if (
            trick.winner >= 0
            and player != trick.winner
            and not CODE[card].startswith(FIRE_PHOENIX)  # a Life Stealer as a Phoenix draws
            and state.fire_phoenix
        ):
            state.hands[player].append(state.fire_phoenix.pop())  # the top card is last
        return []


class Unicorns(FactionPower):
    """Phase Two: each Unicorn in your Score pile (however it got there) gives +1 to every
    non-Unicorn card you play, a Doppelganger following a Unicorn lead included. It does not change
    values at final scoring."""

    name = "unicorns"
    key = None  # the bonus comes from the Score pile, not from a played card: a global power
    phases = PHASE_TWO

    def set_value(self, state: State, trick: Trick, pos: int) -> None:
        for i, (player, _) in enumerate(trick.plays):
            if trick.keys[i] == "unicorns" or trick.declared[i] == "unicorns":
                # a Unicorn card: a real one, a Life Stealer or Ent as one (H31, H35), a
                # Lycanthrope declared one (H34: this power sees it as a Unicorn); a Doppelganger
                # following a Unicorn lead is not one and gets the bonus
                continue
            bonus = sum(1 for c in state.score[player] if FACTION[c] == "unicorns")
            if bonus:
                trick.values[i] += bonus


class Basilisks(FactionPower):
    """If a Basilisk is played as the follow card on a lead card of exactly the same effective value
    (any faction, whether or not the Basilisk follows), its player immediately puts the lead card
    into their Score pile (in either phase, R-10; it skips every other collection power: a captured
    Gnome is not placed face-up, a captured Troll skips the pool, a captured Dwarf stays) and wins
    the trick. A card played after a led Basilisk, another Basilisk included, has no such effect."""

    name = "basilisks"
    key = "basilisks"

    def decide_winner(self, state: State, trick: Trick, pos: int) -> None:
        if pos != 1 or trick.factions[0] == "basilisks":
            # a Basilisk lead has no such power, nor a card played after it: a card that counts
            # as a led Basilisk too (a Lycanthrope declared one, H34: other cards' powers see it
            # as a Basilisk; an Ent, H35)
            return
        if trick.values[0] == trick.values[1]:
            trick.winner = trick.plays[1][0]
            trick.reason = "the Basilisk matched the lead's value and captured it"
            if 0 not in trick.captured:
                trick.captured.append(0)

    def route(self, state: State, trick: Trick, pos: int) -> None:
        follower = trick.plays[pos][0]
        # H6: the capture is part of the Basilisk's win; a higher power that overrides the winner
        # leaves the lead card to be collected normally.
        if pos == 1 and 0 in trick.captured and trick.winner == follower:
            trick.dests[0] = (follower, SCORE)


POWERS: dict[str, type[FactionPower]] = {cls.name: cls for cls in (Phoenixes, Unicorns, Basilisks)}
