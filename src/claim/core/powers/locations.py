"""Location powers (RULES.md §7, §9, R-62, R-70–R-72, R-90; RULINGS.md L1–L24). One small class
per location; its docstring is its rules text.

Locations are the lowest tier of §4.4: their layers come first and every faction, hero or
artifact power may override them. They are global powers (``key = None``): a location is in play
for the whole game, not brought by a played card. A Setting changes how cards interact; a
Building changes the end of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from claim.core import cards
from claim.core.keys import (
    DUNGEON_FIRST,
    FACE_UP,
    ICE_FIELDS,
    LAVA_COUNT,
    LAVA_PLAYER,
    LIGHTHOUSE,
    PLATEAU_COUNT,
    PLATEAU_PLAYER,
    faction_key,
)
from claim.core.powers.base import Ask, Power, RuleBook, Tier, card_name, first_named, named
from claim.core.powers.fire import _collected, _discard_from_collected
from claim.core.scoring import decided_result, faction_values, is_faction_card, scoring_faction
from claim.core.state import FROM_DECK, FROM_DECK_OR_OTHER, FROM_PRIZE, FROM_SECOND_PRIZE, NO_PLAYER

if TYPE_CHECKING:
    from claim.core.state import State, Trick
    from claim.core.view_types import EndMove

CODE = cards.CODE
FACTION = cards.FACTION
VALUE = cards.VALUE

PHASE_ONE = frozenset({1})
PHASE_TWO = frozenset({2})
NOT_FACTION = ("hero", "toxic")


class LocationPower(Power):
    """Base for location powers: global, at the lowest tier."""

    tier = Tier.LOCATION
    key = None
    #: "setting" or "building"
    kind: ClassVar[str] = ""


def held(state: State, player: int, faction: str) -> int:
    """A player's cards of ``faction`` at the end: the Score pile as the votes count them (a
    Gargoyle two, a declared Ent one, L14, L15, L19) plus the face-up Vampire, one Vampire card
    (tucked cards count for no faction, V11)."""
    vampire = sum(1 for c in state.vampire[player] if FACTION[c] == faction)
    return len(faction_values(state, player, faction)) + vampire


def faction_cards(state: State, player: int) -> int:
    """A player's faction cards at the end (L14, L19, V11)."""
    return sum(held(state, player, f) for f in state.config.factions)


def complete_sets(state: State, player: int) -> int:
    """A player's complete sets for the Bridge: the smallest count over the five factions (L15,
    V11)."""
    return min(held(state, player, f) for f in state.config.factions)


def collected_cards(state: State, player: int) -> int:
    """Every physical card a player collected, the Vampire stack included (Forest, V11)."""
    return len(state.score[player]) + len(state.vampire[player]) + len(state.tucked[player])


def count(state: State, key: str) -> int:
    return state.counters.get(key, NO_PLAYER)


# -------------------------------------------------------------------------------------------------
# Settings
# -------------------------------------------------------------------------------------------------


class Underworld(LocationPower):
    """Every printed 0 counts as 10, at all times, the end of the game included: in effective
    values, Troll ranking, vote tie-breaks, Cyclops' lowest card, Tower sums, Pyramid, Ruins and
    Fortress (a hero of value 0 too). Matches of printed numbers (Toxics, Ice pairs, Giants and
    Gnomes) keep the printed 0 (L2)."""

    name = "underworld"
    kind = "setting"

    def configure(self, book: RuleBook) -> None:
        for card, value in enumerate(book.value):
            if value == 0 and FACTION[card] not in ("toxic",):
                book.value[card] = 10


class Farmlands(LocationPower):
    """Within a faction a card with printed value 2 outranks every card that is not a 2,
    whatever modifiers apply to the others; two 2s compare by effective value (R-71). It changes
    rank, not value: it acts wherever cards of one faction are compared during play (a trick, the
    Troll choice), not at the end; under a Werewolf no-moon the lower rank wins (L3)."""

    name = "farmlands"
    kind = "setting"

    def configure(self, book: RuleBook) -> None:
        for card in range(cards.NUM_CARDS):
            if VALUE[card] == 2 and FACTION[card] not in NOT_FACTION:
                book.rank[card] = 1


class Shore(LocationPower):
    """Phase One: the trick loser takes the prize, then the winner draws the top card of the deck
    (if it has one). A Seer's choice replaces the whole collection (L4)."""

    name = "shore"
    kind = "setting"
    phases = PHASE_ONE

    def before_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        winner = trick.winner
        if winner >= 0:
            trick.prize_plan = [(1 - winner, FROM_PRIZE), (winner, FROM_DECK)]
        return []


class _HandChoice(LocationPower):
    """Simultaneous choices from hand at the start of a phase (R-62, L5): the next leader makes
    all of theirs first, neither sees the other's until both have chosen."""

    kind = "setting"
    verb: ClassVar[str] = "give"  # "give" (to the opponent) or "discard"
    cards_each: ClassVar[int] = 0
    at_phase: ClassVar[int] = 1

    def phase_start(self, state: State, phase: int) -> list[Ask]:
        if phase != self.at_phase:
            return []
        first = state.leader
        n = self.cards_each
        # the same data for all three: R-4 sorting by data keeps them in this order
        return [(self.name, first, n), (self.name, 1 - first, n), ("!" + self.name, NO_PLAYER, n)]

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        if data <= 0:
            return []
        return named(state, state.hands[player], self.verb, hand=True)  # R-30, W14

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        hand = state.hands[player]
        card = first_named(state, hand, move[len(self.verb) + 1 :], hand=True)
        hand.remove(card)
        state.chosen[player].append(card)
        if data > 1 and hand:
            state.tasks.insert(0, (kind, player, data - 1))  # the next card of this player

    def act(self, state: State, kind: str, player: int, data: int) -> None:
        first = state.leader
        for p in (first, 1 - first):
            chosen = state.chosen[p]
            if self.verb == "give":
                state.hands[1 - p].extend(chosen)  # to the end of the hand, in the order given
                state.revealed.update(chosen)  # the giver knows where they went
            else:
                state.discard.extend(chosen)
        state.chosen = [[], []]


class WindyPeaks(_HandChoice):
    """At the start of Phase Two each player passes 3 cards of their choice to the opponent, at
    the same time (``give CODE``, three moves each, the next leader first; R-62, L5)."""

    name = "windy-peaks"
    asks = ("windy-peaks", "!windy-peaks")
    cards_each = 3
    at_phase = 2


class EndlessSands(_HandChoice):
    """At the start of Phase One, after the deal, each player passes 5 cards of their choice to
    the opponent, at the same time (``give CODE``, five moves each, the first leader first; R-62,
    L5)."""

    name = "endless-sands"
    asks = ("endless-sands", "!endless-sands")
    cards_each = 5
    at_phase = 1


class Swamp(_HandChoice):
    """At the start of Phase Two each player discards 2 cards of their choice from hand, at the
    same time (``discard CODE``, two moves each, the next leader first; R-62, L5)."""

    name = "swamp"
    asks = ("swamp", "!swamp")
    verb = "discard"
    discards_choices = True  # W8
    cards_each = 2
    at_phase = 2


class Islands(LocationPower):
    """Phase One: two prizes lie face-up. The winner takes one of them (``take CODE``, asked when
    they differ) and it is replaced from the deck; the loser draws from the deck as usual, or, when
    the deck is empty (the last trick), takes the other prize. With a Seer the winner may take the
    top card or either prize, and the loser draws (L6, L7)."""

    name = "islands"
    kind = "setting"
    phases = PHASE_ONE
    asks = ("islands",)

    def configure(self, book: RuleBook) -> None:
        book.prizes = 2

    def before_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        winner = trick.winner
        if winner < 0:
            return []
        trick.prize_plan = self._plan(winner, FROM_PRIZE)
        return [("islands", winner, 98)]  # after the played cards' decisions (a Seer's)

    @staticmethod
    def _plan(winner: int, source: int) -> list[tuple[int, int]]:
        return [(winner, source), (1 - winner, FROM_DECK_OR_OTHER)]

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        trick = state.trick
        if trick is None or trick.prize_plan != self._plan(player, FROM_PRIZE):
            return []  # a Seer's choice replaced the collection (L7)
        moves = named(state, trick.prizes, "take")
        return moves if len(moves) == 2 else []  # asked only when the two prizes differ

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        trick = state.trick
        assert trick is not None
        if card_name(state, trick.prizes[0]) != move[len("take ") :]:
            trick.prize_plan = self._plan(player, FROM_SECOND_PRIZE)


class Plateau(LocationPower):
    """A player who wins three tricks in a row does not lead the next trick; the count then
    restarts. The streak runs over the whole game; a trick without a winner neither extends nor
    breaks it; a faction, hero or artifact power that names the next leader wins over it (L8)."""

    name = "plateau"
    kind = "setting"
    acts_on_forfeit = True  # a forfeit is a trick won (A43)

    def choose_next_leader(self, state: State, trick: Trick, pos: int) -> None:
        winner = trick.winner
        if count(state, PLATEAU_PLAYER) == winner:
            state.counters[PLATEAU_COUNT] += 1
        else:
            state.counters[PLATEAU_PLAYER] = winner
            state.counters[PLATEAU_COUNT] = 1
        if state.counters[PLATEAU_COUNT] >= 3:
            trick.next_leader = 1 - winner
            state.counters[PLATEAU_PLAYER] = NO_PLAYER
            state.counters[PLATEAU_COUNT] = 0


class IceFields(LocationPower):
    """A player who loses a trick gets +1 on the card they play in the next trick (not
    cumulative), across the phase boundary, heroes included. A trick without a winner gives no
    bonus but uses one that was waiting (L9)."""

    name = "ice-fields"
    kind = "setting"

    def set_value(self, state: State, trick: Trick, pos: int) -> None:
        player = count(state, ICE_FIELDS)
        for i, (p, _) in enumerate(trick.plays):
            if p == player:
                trick.values[i] += 1

    def trick_over(self, state: State, trick: Trick) -> None:
        # every trick, a King's Dagger forfeit included (its loser is a trick's loser, A43)
        state.counters[ICE_FIELDS] = 1 - trick.winner if trick.winner >= 0 else NO_PLAYER


class LavaFields(LocationPower):
    """A player who loses 5 tricks in a row in Phase Two wins the game at once: right after the
    fifth loss's trick is collected, before its decisions, with no end-of-game step; a trick
    without a winner neither counts nor breaks the run (L10)."""

    name = "lava-fields"
    kind = "setting"
    phases = PHASE_TWO
    acts_on_forfeit = True  # a forfeit is a trick lost (A43)

    def after_collect(self, state: State, trick: Trick, pos: int) -> list[Ask]:
        if trick.winner < 0:
            return []
        loser = 1 - trick.winner
        if count(state, LAVA_PLAYER) == loser:
            state.counters[LAVA_COUNT] += 1
        else:
            state.counters[LAVA_PLAYER] = loser
            state.counters[LAVA_COUNT] = 1
        if state.counters[LAVA_COUNT] >= 5:
            result = decided_result(state, loser, self.name)
            result["end_moves"] = []
            state.result = result
        return []


# -------------------------------------------------------------------------------------------------
# Buildings
# -------------------------------------------------------------------------------------------------


class Dungeon(LocationPower):
    """The winner of the last Phase One trick and the winner of the last Phase Two trick each
    count one extra faction won (in the vote count only; the card tie-break counts the factions
    really won, L11). The result's ``dungeon`` field names them."""

    name = "dungeon"
    kind = "building"

    def phase_over(self, state: State, phase: int) -> None:
        if phase == 1:
            state.counters[DUNGEON_FIRST] = state.last_winner

    def extra_votes(self, state: State) -> list[int]:
        extra = [0, 0]
        for p in (count(state, DUNGEON_FIRST), state.last_winner):
            if p >= 0:
                extra[p] += 1
        return extra

    def result_note(self, state: State) -> object:
        first = count(state, DUNGEON_FIRST)
        last = state.last_winner
        return {
            "phase_one": first if first >= 0 else None,
            "phase_two": last if last >= 0 else None,
        }


class Lighthouse(LocationPower):
    """Phase Two: the first player to have 3 collected cards of a faction wins that faction
    outright; it stays won. Checked after each trick and its decisions, the winner first (R-72);
    cards count however they were collected (Score pile, face-up Gnomes, the face-up Vampire; a
    declared Ent; not heroes, not tucked cards). Cyclops are scored as normal (L12)."""

    name = "lighthouse"
    kind = "building"
    phases = PHASE_TWO
    vote_last = True  # a faction won outright can no longer be won (special votes too)

    def trick_over(self, state: State, trick: Trick) -> None:
        first = trick.winner if trick.winner >= 0 else trick.leader
        for player in (first, 1 - first):
            held: dict[str, int] = {}
            for pile in (state.score[player], state.faceup[player], state.vampire[player]):
                for card in pile:
                    faction = scoring_faction(state, card)
                    held[faction] = held.get(faction, 0) + 1
            for faction in state.config.factions:
                key = faction_key(LIGHTHOUSE, faction)
                if faction != "cyclops" and key not in state.counters and held.get(faction, 0) >= 3:
                    state.counters[key] = player

    def score_votes(
        self, state: State, votes: dict[str, int | None], counts: dict[str, list[int]]
    ) -> None:
        for faction in votes:
            owner = state.counters.get(faction_key(LIGHTHOUSE, faction))
            if owner is not None:
                votes[faction] = owner


class Pyramid(LocationPower):
    """At the end (§9 step 3, after the Tavern and the Pit), every collected card with an end
    value of 3 or less is discarded, heroes included, the Vampire stack card by card (printed
    values, Underworld's 10; H1, L13, V10). Then the game is scored as normal."""

    name = "pyramid"
    kind = "building"
    end_step = 3.2

    def end_of_game(self, state: State) -> None:
        value = state.book.value
        # V10: the Vampire stack too (a discarded face-up Vampire takes its tucked cards)
        doomed = {c for c in _collected(state) if value[c] <= 3}
        if doomed:
            _discard_from_collected(state, doomed)


class Monastery(LocationPower):
    """At the end, a player with more than twice as many faction cards as the other loses (also
    against none); otherwise the game is scored as normal (a Gargoyle counts two, a declared Ent
    one, L14)."""

    name = "monastery"
    kind = "building"

    def instant_result(self, state: State) -> tuple[int | None, str] | None:
        a, b = faction_cards(state, 0), faction_cards(state, 1)
        if a > 2 * b:
            return 1, self.name
        if b > 2 * a:
            return 0, self.name
        return None


class Bridge(LocationPower):
    """At the end, the player with more complete sets (one card of each of the five factions:
    the smallest count over them, Elves and Orcs apart, Cyclops included) wins; equal: scored as
    normal (L15)."""

    name = "bridge"
    kind = "building"

    def instant_result(self, state: State) -> tuple[int | None, str] | None:
        sets = [complete_sets(state, p) for p in (0, 1)]
        if sets[0] == sets[1]:
            return None
        return (0 if sets[0] > sets[1] else 1), self.name


class Fortress(LocationPower):
    """At the end, a player holding 6 or more cards of a faction discards the 4 lowest of that
    faction (lowest end value first, equal values by code, L16), every faction, both players at
    once."""

    name = "fortress"
    kind = "building"
    end_step = 3.4

    def end_of_game(self, state: State) -> None:
        value = state.book.value
        doomed: set[int] = set()
        for p in (0, 1):
            # V10: the face-up Vampire is one of its player's Vampires (tucked cards: none)
            pile = [*state.score[p], *state.vampire[p]]
            for faction in state.config.factions:
                cards_ = [c for c in pile if scoring_faction(state, c) == faction]
                if len(cards_) >= 6:
                    cards_.sort(key=lambda c: (value[c], CODE[c]))
                    doomed.update(cards_[:4])
        if doomed:
            _discard_from_collected(state, doomed)


class Tower(LocationPower):
    """Each faction's vote goes to the higher sum of its cards' end values; equal sums: more
    cards; then the normal tie-break. Special votes (Cyclops, Vampires) keep their own rules: a
    faction power beats a location (L17)."""

    name = "tower"
    kind = "building"

    def score_votes(
        self, state: State, votes: dict[str, int | None], counts: dict[str, list[int]]
    ) -> None:
        for faction in votes:
            mine, theirs = faction_values(state, 0, faction), faction_values(state, 1, faction)
            if sum(mine) != sum(theirs):
                votes[faction] = 0 if sum(mine) > sum(theirs) else 1
            # equal sums: the normal vote already says more cards, then the tie-break


class Ruins(LocationPower):
    """At the end, every collected faction card with an odd end value is discarded (heroes stay,
    a declared Ent is a faction card, H35); then the game is scored as normal (L18)."""

    name = "ruins"
    kind = "building"
    end_step = 3.3

    def end_of_game(self, state: State) -> None:
        value = state.book.value
        collected = [
            c
            for p in (0, 1)
            for pile in (state.score[p], state.faceup[p], state.vampire[p], state.tucked[p])
            for c in pile
        ]
        doomed = {c for c in collected if is_faction_card(state, c) and value[c] % 2 == 1}
        if doomed:
            _discard_from_collected(state, doomed)


class Castle(LocationPower):
    """At the end, the player who collected more faction cards wins, instead of the votes;
    equal: scored as normal (a Gargoyle counts two, a declared Ent one, L19)."""

    name = "castle"
    kind = "building"

    def instant_result(self, state: State) -> tuple[int | None, str] | None:
        a, b = faction_cards(state, 0), faction_cards(state, 1)
        if a == b:
            return None
        return (0 if a > b else 1), self.name


class Tavern(LocationPower):
    """At the end (§9 step 3, first), each player chooses up to 2 cards of their Score pile and
    gives them to the opponent, at the same time (``give CODE``, the next leader first, R-62).
    Cards that lay face-up at the end of Phase Two (Gnomes) and the Vampire stack cannot be
    given (L20)."""

    name = "tavern"
    kind = "building"
    asks = ("tavern", "!tavern")
    end_step = 3.0

    def end_asks(self, state: State) -> list[Ask]:
        first = state.leader
        return [("tavern", first, 2), ("tavern", 1 - first, 2), ("!tavern", NO_PLAYER, 2)]

    @staticmethod
    def _givable(state: State, player: int) -> list[int]:
        return [c for c in state.score[player] if state.tags.get(c) != FACE_UP]

    def options(self, state: State, kind: str, player: int, data: int) -> list[str]:
        if data <= 0:
            return []
        return named(state, self._givable(state, player), "give")

    def answer(self, state: State, kind: str, player: int, data: int, move: str) -> None:
        card = first_named(state, self._givable(state, player), move[len("give ") :])
        pile = state.score[player]
        state.chosen_at[card] = pile.index(card)  # W8: the other still sees it there
        pile.remove(card)
        state.chosen[player].append(card)
        if data > 1 and self._givable(state, player):
            state.tasks.insert(0, (kind, player, data - 1))

    def act(self, state: State, kind: str, player: int, data: int) -> None:
        first = state.leader
        for p in (first, 1 - first):
            for card in state.chosen[p]:
                state.score[1 - p].append(card)
                move: EndMove = {
                    "card": CODE[card],
                    "from": f"score{p}",
                    "to": f"score{1 - p}",
                    "by": self.name,
                }
                state.end_moves.append(move)
        state.chosen = [[], []]
        state.chosen_at.clear()


class Pit(LocationPower):
    """The winner of the last trick of the game discards 2 random cards from their Score pile
    (fewer if it holds fewer), at the end after the Tavern (L21; the cards drawn are recorded in
    ``chance``)."""

    name = "pit"
    kind = "building"
    end_step = 3.1

    def end_of_game(self, state: State) -> None:
        winner = state.last_winner
        if winner < 0:
            return
        pile = state.score[winner]
        for _ in range(min(2, len(pile))):
            card = state.pick_random(list(pile))
            pile.remove(card)
            state.discard.append(card)


class Forest(LocationPower):
    """At the end, a player with 5 or fewer cards in their Score pile (heroes included, the
    Vampire stack too, V11) wins; if both have, the one with fewer; equal: scored as normal
    (L19)."""

    name = "forest"
    kind = "building"

    def instant_result(self, state: State) -> tuple[int | None, str] | None:
        a, b = collected_cards(state, 0), collected_cards(state, 1)
        if a > 5 and b > 5:
            return None
        if a == b:
            return None
        return (0 if a < b else 1), self.name


LOCATION_POWERS: dict[str, type[LocationPower]] = {
    cls.name: cls
    for cls in (
        Underworld,
        Farmlands,
        Shore,
        WindyPeaks,
        EndlessSands,
        Islands,
        Plateau,
        Swamp,
        IceFields,
        LavaFields,
        Dungeon,
        Lighthouse,
        Pyramid,
        Monastery,
        Bridge,
        Fortress,
        Tower,
        Ruins,
        Castle,
        Tavern,
        Pit,
        Forest,
    )
}
