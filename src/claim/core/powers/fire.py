"""Faction powers of the Fire box (RULES.md §5). One small class per faction; its docstring is
its rules text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claim.core import cards
from claim.core.powers.base import Ask
from claim.core.powers.factions import FactionPower, printed_number
from claim.core.scoring import is_faction_card

if TYPE_CHECKING:
    from claim.core.state import State, Trick

CODE = cards.CODE
FACTION = cards.FACTION
VALUE = cards.VALUE


class Demons(FactionPower):
    """A Demon's value is hidden, even from its holder, who sees only whether it is odd or even.
    It is revealed to both players once both cards of its trick are played (R-30, W2): a player
    plays "an odd Demon" or "an even Demon", and the first such card in hand order is played. A
    Demon won as a prize stays value-hidden until played or scored (W4)."""

    name = "demons"
    key = "demons"
    hides_values = True


class FireElementals(FactionPower):
    """As Demons, but the holder sees only whether the value is high (5–9) or low (0–4): a Fire
    Elemental's value is hidden until both cards of its trick are played (R-30, W2), and the first
    high (or low) one in hand order is played."""

    name = "fire-elementals"
    key = "fire-elementals"
    hides_values = True


def _discard_from_collected(state: State, doomed: set[int]) -> None:
    """Discard the ``doomed`` cards from both players' collected cards: Score pile, face-up Gnome
    row and Vampire stack (V10: a removed face-up Vampire takes its tucked cards with it)."""
    for p in (0, 1):
        for pile in (state.score[p], state.faceup[p], state.tucked[p]):
            gone = [c for c in pile if c in doomed]
            if gone:
                pile[:] = [c for c in pile if c not in doomed]
                state.discard.extend(gone)
        vampire = state.vampire[p]
        if vampire and vampire[0] in doomed:
            state.discard.extend(vampire)
            state.discard.extend(state.tucked[p])
            vampire.clear()
            state.tucked[p].clear()


def _collected(state: State) -> list[int]:
    """Every collected card of both players (Score piles, Gnome rows, Vampire stacks; V10)."""
    return [
        c
        for p in (0, 1)
        for pile in (state.score[p], state.faceup[p], state.vampire[p], state.tucked[p])
        for c in pile
    ]


class Tricksters(FactionPower):
    """Values 1, 3, 5, 7, 9, two of each: one real and one fake (marked x). Whether a Trickster is
    fake is hidden from everyone until final scoring; during play it uses its printed value and is
    named by it (`play tricksters:5` plays the first Trickster of that value in hand order, R-30;
    W1). At final scoring every fake Trickster is removed from the Score piles (and from Gnome rows
    and Vampire stacks, V10) to the discard pile, before the Toxics (R-90 step 2)."""

    name = "tricksters"
    key = "tricksters"
    end_step = 2.0

    def end_of_game(self, state: State) -> None:
        fakes = {c for c in _collected(state) if FACTION[c] == "tricksters" and CODE[c][-1] == "x"}
        if fakes:
            _discard_from_collected(state, fakes)


class Poisoners(FactionPower):
    """Three Toxics lie face-up with hidden values. When you win a trick with a Poisoner (either
    phase) you may peek at one Toxic you have not seen yet (`peek N`, N its position 1–3, or
    `pass`; not asked when you have seen all three); only you learn its value. At the end the
    Toxics are revealed and every faction card, of any faction, in either Score pile (and Gnome
    row or Vampire stack, V10) whose printed value equals a revealed Toxic is discarded, after the
    fake Tricksters (R-90 step 2); a declared Ent is a faction card of its printed value (H1, H35).
    `toxic:x` is a decoy and removes nothing."""

    name = "poisoners"
    key = "poisoners"
    asks = ("peek",)
    end_step = 2.1

    def after_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        winner = trick.winner
        if winner < 0 or trick.plays[pos][0] != winner:
            return []  # only the winning card's Poisoner peeks (H5)
        return [("peek", winner, pos)]

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        seen = state.peeked[player]
        moves = [f"peek {i + 1}" for i, t in enumerate(state.toxics) if t not in seen]
        return [*moves, "pass"] if moves else []

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        if move == "pass":
            return
        state.peeked[player].add(state.toxics[int(move.split()[1]) - 1])

    def end_of_game(self, state: State) -> None:
        values = {VALUE[t] for t in state.toxics if VALUE[t] >= 0}  # toxic:x is -1: a decoy
        if not values:
            return
        # L2: printed numbers (a hero's as configured, H1, H9); a declared Ent is a faction card
        doomed = {
            c
            for c in _collected(state)
            if is_faction_card(state, c) and printed_number(state, c) in values
        }
        if doomed:
            _discard_from_collected(state, doomed)


POWERS: dict[str, type[FactionPower]] = {
    cls.name: cls for cls in (Demons, FireElementals, Tricksters, Poisoners)
}
