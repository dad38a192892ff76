"""Faction powers (RULES.md §5). One small class per faction; its docstring is its rules text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claim.core import cards
from claim.core.keys import FACE_UP, PRIVATE_LOOK
from claim.core.powers.base import Ask, Power, Tier, card_name, named
from claim.core.state import (
    DISCARD,
    FACEUP,
    FROM_DECK,
    FROM_PRIZE,
    FROM_SECOND_PRIZE,
    NO_PLAYER,
    POOL,
    SCORE,
    TABLE,
)

if TYPE_CHECKING:
    from claim.core.state import State, Trick

VALUE = cards.VALUE
FACTION = cards.FACTION
#: per card id: is it a Doppelganger (a list read by index: the cheapest test in compiled code)
_IS_DOPPELGANGER = [FACTION[c] == "doppelgangers" for c in range(cards.NUM_CARDS)]
CODE = cards.CODE

PHASE_ONE = frozenset({1})
PHASE_TWO = frozenset({2})


class FactionPower(Power):
    """Base for faction powers: tied to the cards of the faction named by ``key``."""

    tier = Tier.FACTION


class Goblins(FactionPower):
    """No power. (A Knight played on a Goblin lead beats it: see Knights.)"""

    name = "goblins"
    key = "goblins"


class Knights(FactionPower):
    """A Knight played on a Goblin lead wins, whatever the values. A player holding a Goblin must
    still play one on a Goblin lead; a Goblin on a Knight lead is simply off-faction."""

    name = "knights"
    key = "knights"

    def decide_winner(self, state: State, trick: Trick, pos: int) -> None:
        # The lead must be a Goblin: a Doppelganger lead is a Doppelganger lead (§5.1); a hero
        # declared a Goblin counts (H34, H35).
        if pos == 1 and trick.factions[0] == "goblins":
            trick.winner = trick.plays[pos][0]
            trick.reason = "a Knight played on a Goblin lead wins"


class Undead(FactionPower):
    """Phase One: every Undead played in the trick goes to the trick winner's Score pile instead of
    the discard. A revealed Undead prize goes to the Follower deck as usual."""

    name = "undead"
    key = "undead"
    phases = PHASE_ONE

    def route(self, state: State, trick: Trick, pos: int) -> None:
        if trick.winner >= 0 and trick.dests[pos][1] == DISCARD:
            trick.dests[pos] = (trick.winner, SCORE)  # it counts at the end


class Dwarves(FactionPower):
    """Phase Two: the trick loser takes every Dwarf played in the trick into their Score pile; the
    winner takes the other cards."""

    name = "dwarves"
    key = "dwarves"
    phases = PHASE_TWO

    def route(self, state: State, trick: Trick, pos: int) -> None:
        # Unconditionally: a Dwarf played after a winning Frostbeast still goes to the loser
        # (§5.7, R-3); a Dwarf captured by a Basilisk stays with the Basilisk's player (§5.6).
        if trick.winner >= 0 and pos not in trick.captured:
            trick.dests[pos] = (1 - trick.winner, SCORE)


class Doppelgangers(FactionPower):
    """A Doppelganger may be played as the follow card even when its player could follow faction; it
    then counts as the led faction and competes by value, without that faction's power. A
    Doppelganger lead makes Doppelgangers the led faction."""

    name = "doppelgangers"
    key = "doppelgangers"

    def follow_options(
        self, state: State, trick: Trick, hand: list[int], allowed: list[int]
    ) -> list[int]:
        # asked at every follow of a game with Doppelgangers: most hands hold none, or may play
        # them all, and the answer is then ``allowed`` itself, found by one pass over the hand
        if allowed is hand:
            return allowed
        is_doppelganger = _IS_DOPPELGANGER
        # ``allowed`` is drawn from the hand in hand order: one pass over both finds whether a
        # Doppelganger is left out (compiled, an int comparison per card, where ``card in
        # allowed`` compares boxed ints one by one)
        n = len(allowed)
        j = 0
        for card in hand:
            if j < n and allowed[j] == card:
                j += 1
            elif is_doppelganger[card]:
                break
        else:
            if j == n:
                return allowed  # every Doppelganger in hand may already be played
        out: list[int] = []
        j = 0
        for card in hand:
            if j < n and allowed[j] == card:
                out.append(card)
                j += 1
            elif is_doppelganger[card]:
                out.append(card)
        if j < n:  # not drawn from the hand in its order after all: the general way
            return [c for c in hand if c in allowed or is_doppelganger[c]]  # keep hand order
        return out

    def set_faction(self, state: State, trick: Trick, pos: int) -> None:
        if pos == 1 and trick.factions[0]:
            trick.factions[1] = trick.factions[0]


class Gnomes(FactionPower):
    """Phase Two: a Gnome you collect is placed face-up in front of you, not in the Score pile. At
    the end of the game the surviving Gnomes join your Score pile."""

    name = "gnomes"
    key = "gnomes"
    phases = PHASE_TWO
    end_step = 1.1

    def route(self, state: State, trick: Trick, pos: int) -> None:
        if pos in trick.captured:
            return  # a Gnome captured by a Basilisk is not placed face-up (§5.6)
        player, zone = trick.dests[pos]
        if zone == SCORE:
            trick.dests[pos] = (player, FACEUP)

    def end_of_game(self, state: State) -> None:
        for p in (0, 1):
            for card in state.faceup[p]:
                state.tags[card] = FACE_UP  # the Tavern cannot give it (L20)
            state.score[p].extend(state.faceup[p])
            state.faceup[p].clear()


class BuriedGnomes(FactionPower):
    """Gnomes' companion: a Gnome buried under a Gelatinous Cube and collected with it in Phase
    Two is placed face-up too (H22)."""

    name = "gnomes"
    key = None
    phases = PHASE_TWO
    needs_table = True

    def route(self, state: State, trick: Trick, pos: int) -> None:
        trick.extra = [
            (card, source, player, FACEUP)
            if source == TABLE and zone == SCORE and FACTION[card] == "gnomes"
            else (card, source, player, zone)
            for card, source, player, zone in trick.extra
        ]


Gnomes.companions = (BuriedGnomes,)


def printed_number(state: State, card: int) -> int:
    """A card's printed number for an equality match (L2: Underworld leaves it): a hero's is its
    R-61 value or the one the setup gives it (H1, H9), so a Life Stealer or Ent counting as a
    Giant smashes the Gnomes of that value (H31, H35)."""
    if FACTION[card] == "hero":
        return state.config.hero_value(CODE[card][len("hero:") :])
    return VALUE[card]


class Giants(FactionPower):
    """Phase Two: the trick winner may, for each Giant played in the trick, discard one of the
    opponent's face-up Gnomes whose printed value equals that Giant's printed value."""

    name = "giants"
    key = "giants"
    phases = PHASE_TWO
    asks = ("smash",)

    def after_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        if trick.winner < 0:
            return []
        return [("smash", trick.winner, pos)]

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        assert state.trick is not None
        value = printed_number(state, state.trick.plays[data][1])
        gnomes = state.faceup[1 - player]
        if any(FACTION[g] == "gnomes" and VALUE[g] == value for g in gnomes):
            return [f"smash gnomes:{value}", "pass"]
        return []  # asked only when such a Gnome exists

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        if move == "pass":
            return
        assert state.trick is not None
        value = printed_number(state, state.trick.plays[data][1])
        gnomes = state.faceup[1 - player]
        for i, g in enumerate(gnomes):
            if FACTION[g] == "gnomes" and VALUE[g] == value:
                state.discard.append(gnomes.pop(i))
                return


class Dragons(FactionPower):
    """The player who played the last Dragon in the trick leads the next trick, even if they
    lost."""

    name = "dragons"
    key = "dragons"

    def choose_next_leader(self, state: State, trick: Trick, pos: int) -> None:
        # Later Dragons override earlier ones, so the last Dragon decides.
        trick.next_leader = trick.plays[pos][0]


class Trolls(FactionPower):
    """Phase Two: a player collects at most one Troll per trick. Whenever a trick's winner would
    collect Trolls, they take the single highest Troll among those played and the troll pool; the
    rest go to (or stay in) the face-up pool. The winner of the last trick of the game takes every
    Troll left in the pool."""

    name = "trolls"
    key = "trolls"
    phases = PHASE_TWO

    def route(self, state: State, trick: Trick, pos: int) -> None:
        # Act once, at the last Troll played, after every earlier card's power. A card
        # counts as a Troll by its power key (a Life Stealer or Ent as a Troll, H31, H35).
        keys = trick.keys
        if "trolls" in keys[pos + 1 :]:
            return
        # A Troll captured by a Basilisk skips the pool (§5.6); one that is not collected (a
        # Frostbeast played before it discarded it, §5.7) goes to the pool.
        trolls = [i for i, key in enumerate(keys) if key == "trolls" and i not in trick.captured]
        for i in trolls:
            if trick.dests[i][1] == DISCARD:
                trick.dests[i] = (NO_PLAYER, POOL)
        one_troll_each(state, trick, trolls)

    def end_of_game(self, state: State) -> None:
        if state.troll_pool and state.last_winner >= 0:
            state.score[state.last_winner].extend(state.troll_pool)
            state.troll_pool.clear()


def one_troll_each(state: State, trick: Trick, trolls: list[int]) -> None:
    """§5.2 for each player: of the Trolls they would collect this trick (the played ones at
    positions ``trolls``, and a Troll buried under a Cube they collect, H22), they keep the single
    highest, or the pool's highest when it is higher; the rest go to the pool."""
    plays = trick.plays
    # printed values, a hero's as configured (H1, H9: an Ent declared a Troll; Underworld's 10s,
    # L2); Farmlands' rank first (L3)
    value = state.book.value
    rank = state.book.rank

    def strength(card: int) -> tuple[int, int]:
        return (rank[card], value[card])

    for player in (0, 1):
        mine = [i for i in trolls if trick.dests[i] == (player, SCORE)]
        buried = [
            k
            for k, (card, source, p, zone) in enumerate(trick.extra)
            if source == TABLE and p == player and zone == SCORE and FACTION[card] == "trolls"
        ]
        if not mine and not buried:
            continue
        # a Life Stealer left in the pool is a hero again (H31): only Trolls are taken
        pool_trolls = [
            c for c in state.troll_pool if (state.declared.get(c) or FACTION[c]) == "trolls"
        ]
        best_pool = max(pool_trolls, key=strength, default=None)
        candidates = [(plays[i][1], "played", i) for i in mine]
        candidates += [(trick.extra[k][0], "buried", k) for k in buried]
        best_card, where, at = max(candidates, key=lambda x: strength(x[0]))
        for i in mine:
            trick.dests[i] = (player, POOL)
        for k in buried:
            card, source, _, _ = trick.extra[k]
            trick.extra[k] = (card, source, NO_PLAYER, POOL)
        if best_pool is not None and strength(best_pool) > strength(best_card):
            trick.extra.append((best_pool, POOL, player, SCORE))
        elif where == "played":
            trick.dests[at] = (player, SCORE)
        else:
            trick.extra[at] = (best_card, TABLE, player, SCORE)


class BuriedTrolls(FactionPower):
    """Trolls' companion for a trick with no Troll played (or only one a Vampire Queen took the
    power of, H38): a Troll buried under a Gelatinous Cube and collected with it still joins the
    one-Troll rule (H22)."""

    name = "trolls"
    key = None
    phases = PHASE_TWO
    needs_table = True

    def route(self, state: State, trick: Trick, pos: int) -> None:
        # otherwise the played Troll's power does it; not a Troll whose power a Vampire Queen
        # took away (H38: collected plainly), while the bundle keeps its rule (H22)
        stripped = state.book.stripped(trick)
        if not any(key == "trolls" and i != stripped for i, key in enumerate(trick.keys)):
            one_troll_each(state, trick, [])


Trolls.companions = (BuriedTrolls,)


class Seers(FactionPower):
    """Phase One: the winner who played a Seer looks at the top card of the deck and takes either it
    or the prize; the loser gets the other one. No decision when the deck is empty after the
    reveal."""

    name = "seers"
    key = "seers"
    phases = PHASE_ONE
    asks = ("seer",)

    def before_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        player = trick.plays[pos][0]
        if player != trick.winner or not state.deck or trick.prize < 0:
            return []
        return [("seer", player, pos)]

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        # a Cthulhu in the trick may have emptied the deck since the trick resolved (H18)
        trick = state.trick
        if not state.deck or trick is None:
            return []
        if len(trick.prizes) > 1:  # Islands (L7): the top card or either prize
            return ["take top", *named(state, trick.prizes, "take")]
        return ["take top", "take prize"]

    def shown(self, state: State, kind: str, player: int, data: int) -> list[int]:
        return state.deck[-1:]  # W7: the look at the top card

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        trick = state.trick
        assert trick is not None
        top = state.deck[-1]
        two = len(trick.prizes) > 1
        if move == "take top":
            # L7: with two prizes the loser draws; both prizes stay face-up
            loser_gets = FROM_DECK if two else FROM_PRIZE
            trick.prize_plan = [(player, FROM_DECK), (1 - player, loser_gets)]
        else:
            source = FROM_PRIZE
            if two and move != f"take {card_name(state, trick.prizes[0])}":
                source = FROM_SECOND_PRIZE
            trick.prize_plan = [(player, source), (1 - player, FROM_DECK)]
        if trick.prize_plan[1][1] == FROM_DECK and move != "take top":
            # W7: the Seer winner keeps knowing the card the loser receives (a private look:
            # the two players know it, a spectator does not)
            state.revealed.add(top)
            state.tags[top] = PRIVATE_LOOK


FACTION_POWERS: dict[str, type[FactionPower]] = {
    cls.key: cls
    for cls in (
        Goblins,
        Knights,
        Undead,
        Dwarves,
        Doppelgangers,
        Gnomes,
        Giants,
        Dragons,
        Trolls,
        Seers,
    )
    if cls.key is not None
}
