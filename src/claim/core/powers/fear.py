"""Faction powers of the Fear box (RULES.md §5). One small class per faction; its docstring is
its rules text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claim.core import cards
from claim.core.powers.base import Ask, compare_values, first_named, named
from claim.core.powers.factions import PHASE_ONE, PHASE_TWO, FactionPower
from claim.core.state import DISCARD, SCORE

if TYPE_CHECKING:
    from claim.core.state import State, Trick

VALUE = cards.VALUE
FACTION = cards.FACTION
CODE = cards.CODE

NO_MOON = "no-moon"
FULL_MOON = "full-moon"
#: printed "factions" of cards that are not faction cards (heroes cannot be tucked, R-21)
NOT_FACTION_CARDS = frozenset({"hero", "toxic"})


class Vampires(FactionPower):
    """Phase Two: when you collect a Vampire you may make it your face-up Vampire. While you have
    one, each non-Vampire faction card you collect may be tucked under it instead of going to its
    faction. If you make a new Vampire your face-up Vampire, the old one and everything under it
    leave the game. Vampire vote: each player's strength is the printed value of their face-up
    Vampire plus the printed values of the cards tucked under it; a face-up Vampire with nothing
    tucked counts as no stack; a stack beats no stack; higher strength wins, then the higher
    face-up Vampire, else nobody. Other Vampires in the Score pile do not count."""

    name = "vampires"
    key = None  # global: the crown and tuck decisions follow any Phase Two collection
    phases = PHASE_TWO
    asks = ("crown", "tuck")
    ask_last = True  # after every other decision of the trick
    needs_gains = True  # crown and tuck choose among the cards collected this trick (V1, V3)

    def after_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        winner = trick.winner
        if winner < 0:
            return []  # V14: nobody collects, nothing to crown or tuck
        loser = 1 - winner
        # V4: winner crown, winner tucks, loser crown, loser tucks (data is only the sort key)
        return [("crown", winner, 0), ("tuck", winner, 1), ("crown", loser, 2), ("tuck", loser, 3)]

    # -- which cards a decision may name ------------------------------------------------------

    @staticmethod
    def _crownable(state: State, player: int) -> list[int]:
        """V1: real Vampires ``player`` collected in this trick, still in their Score pile, but
        not one whose power a Vampire Queen took away in this trick (H38: collected plainly)."""
        trick = state.trick
        if trick is None:
            return []
        score = state.score[player]
        stripped = state.book.stripped(trick)
        plain = trick.plays[stripped][1] if 0 <= stripped < len(trick.plays) else -1
        return [
            c
            for p, c in trick.gained
            if p == player and FACTION[c] == "vampires" and c in score and c != plain
        ]

    @staticmethod
    def _tuckable(state: State, player: int) -> list[int]:
        """V3: non-Vampire faction cards ``player`` collected in this trick, still in their Score
        pile or Gnome row (captures are not in ``gained``)."""
        trick = state.trick
        if trick is None or not state.vampire[player]:
            return []
        score, faceup = state.score[player], state.faceup[player]
        return [
            c
            for p, c in trick.gained
            if p == player
            and FACTION[c] != "vampires"
            and FACTION[c] not in NOT_FACTION_CARDS
            and (c in score or c in faceup)
        ]

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        if kind == "crown":
            found = self._crownable(state, player)
            if not found:
                return []
            # V2, W14: crowned cards are real Vampires, never value-hidden: always by code
            return [*dict.fromkeys(f"crown {CODE[c]}" for c in found), "pass"]
        found = self._tuckable(state, player)
        if not found:
            return []
        # V4, W14: a collected card is named by its code once its value is public (two even
        # Demons just collected are two moves), by parity / band while it is not (W12)
        return [*named(state, found, "tuck"), "pass"]

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        if move == "pass":
            return
        if kind == "crown":
            code = move[len("crown ") :]
            card = next(c for c in self._crownable(state, player) if CODE[c] == code)
            old = state.vampire[player] + state.tucked[player]
            if old:  # R-20, V7: the old stack leaves the game face-up
                state.out.extend(old)
                state.public_out.update(old)
            state.score[player].remove(card)
            state.vampire[player] = [card]
            state.tucked[player] = []
            return
        name = move[len("tuck ") :]
        card = first_named(state, self._tuckable(state, player), name)
        zone = state.score[player] if card in state.score[player] else state.faceup[player]
        zone.remove(card)
        state.tucked[player].append(card)
        # V4: asked again while a tuckable card is left (the options are recomputed)
        state.tasks.insert(0, ("tuck", player, data))

    # -- the Vampire vote (R-21, V8) ----------------------------------------------------------

    def score_votes(
        self, state: State, votes: dict[str, int | None], counts: dict[str, list[int]]
    ) -> None:
        if "vampires" not in votes:
            return
        stacks: list[tuple[int, int] | None] = []
        for p in (0, 1):
            vampire, tucked = state.vampire[p], state.tucked[p]
            if vampire and tucked:
                value = state.book.value  # printed values, Underworld's 10s (L2)
                strength = value[vampire[0]] + sum(value[c] for c in tucked)
                stacks.append((strength, value[vampire[0]]))
            else:
                stacks.append(None)  # V8: nothing tucked counts as no stack
        a, b = stacks
        winner: int | None
        if a is None and b is None:
            winner = None
        elif a is None or b is None:
            winner = 0 if b is None else 1
        elif a != b:
            winner = 0 if a > b else 1  # strength, then the face-up Vampire
        else:
            winner = None
        votes["vampires"] = winner
        # R-21, V11: a won Vampire vote counts the Vampire and its tucked cards
        counts["vampires"] = [
            1 + len(state.tucked[p]) if stacks[p] is not None else 0 for p in (0, 1)
        ]


class Zombies(FactionPower):
    """Phase One: if you win a trick with a Zombie, the opponent's played card goes into your
    Score pile instead of the discard."""

    name = "zombies"
    key = "zombies"
    phases = PHASE_ONE

    def route(self, state: State, trick: Trick, pos: int) -> None:
        winner = trick.winner
        if winner < 0 or trick.plays[pos][0] != winner:
            return  # the Zombie must be the winning card
        for other, (player, _) in enumerate(trick.plays):
            if player != winner and trick.dests[other][1] == DISCARD:
                trick.dests[other] = (winner, SCORE)  # it counts at the end


class Werewolves(FactionPower):
    """The moon starts no-moon and carries over into Phase Two. Whenever a trick is won by a
    Werewolf card, the moon flips. In a Werewolf-led trick with no moon, the lower value among
    following cards wins (equal values still go to the leader); with a full moon, the higher wins
    as usual. A Doppelganger following a Werewolf lead competes under the same rule, but its win
    does not flip the moon."""

    name = "werewolves"
    key = "werewolves"

    def decide_winner(self, state: State, trick: Trick, pos: int) -> None:
        # The rule of a Werewolf-led trick, brought by the Werewolf led or by one following a
        # card that counts as a led Werewolf (a Lycanthrope declared one has not the power
        # itself, but the follower's Werewolf sees a Werewolf lead, H34)
        if state.moon != NO_MOON:
            return
        led, followed = trick.factions
        if led != "werewolves" or followed != led:
            return  # an off-faction follow loses to the lead as usual
        compare_values(trick, lower_wins=True, reason="no moon: the lower Werewolf wins")

    def before_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        # The winner is final here; the layer exists only for a printed Werewolf card.
        if trick.winner >= 0 and trick.plays[pos][0] == trick.winner:
            state.moon = FULL_MOON if state.moon == NO_MOON else NO_MOON
        return []


class Shadows(FactionPower):
    """No power besides the wider values (0-19) and the unknown make-up of the deck: only 10 of
    the 20 Shadows are shuffled into the deck, unseen; the other 10 leave the game."""

    name = "shadows"
    key = "shadows"


POWERS: dict[str, type[FactionPower]] = {
    cls.name: cls for cls in (Vampires, Zombies, Werewolves, Shadows)
}
