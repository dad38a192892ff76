"""The end of the game once its card moves are done: a power that decides it at once, else the
votes and the winner (RULES.md §9 steps 4 to 6) — :func:`end_result`, the one scorer the engine
and the heuristic bot both count the end with."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from claim.core import cards
from claim.core.view_types import GameResult

if TYPE_CHECKING:
    from claim.core.state import State

FACTION = cards.FACTION
VALUE = cards.VALUE
#: printed "factions" of cards that are not faction cards (heroes, H13; Toxics never collected)
NOT_FACTION = ("hero", "toxic")


def faction_values(state: State, player: int, faction: str) -> list[int]:
    """Printed values of ``player``'s cards of ``faction`` in their Score pile, highest first (a
    dual card counts for its declared faction, R-40; a declared Ent for its faction, H35; a
    counted Gargoyle as two cards of its faction, H32)."""
    value = state.book.value
    twice = state.book.scores_twice
    values = [value[c] for c in state.score[player] if scoring_faction(state, c) == faction]
    if twice:
        values += [
            value[c] for c in state.score[player] if c in twice and state.declared.get(c) == faction
        ]
    return sorted(values, reverse=True)


def _values_by_faction(state: State, player: int) -> dict[str, list[int]]:
    """:func:`faction_values` for every faction at once, in one pass over the Score pile (the
    end of every playout counts all the factions)."""
    value = state.book.value
    twice = state.book.scores_twice
    declared = state.declared
    by: dict[str, list[int]] = {}
    for c in state.score[player]:
        faction = (declared.get(c) or FACTION[c]) if declared else FACTION[c]
        found = by.get(faction)
        if found is None:
            by[faction] = [value[c]]
        else:
            found.append(value[c])
        if twice and c in twice:
            counted = declared.get(c)
            if counted is not None:  # a counted Gargoyle: a second card of its faction (H32)
                by.setdefault(counted, []).append(value[c])
    for values in by.values():
        # sort() then reverse(): compiled, sort(reverse=True) is a generic call with a keyword
        values.sort()
        values.reverse()
    return by


def scoring_faction(state: State, card: int) -> str:
    """The faction a collected card counts for: a dual card (R-40), a declared Ent (H35) or a
    counted Gargoyle (H32) its declaration."""
    return state.declared.get(card) or FACTION[card]


def is_faction_card(state: State, card: int) -> bool:
    """Whether a collected card is a faction card at the end (§9): a hero is not (H13) unless
    its declaration makes it one of a faction — a declared Ent, one card of its faction from the
    moment it is played (H35; so §9 steps 2–3 reach it), a counted Gargoyle once counted after
    step 3 (H32). The one place the end reads "faction card" from, as :func:`scoring_faction`
    is for which faction."""
    return scoring_faction(state, card) not in NOT_FACTION


def vote(state: State, faction: str) -> int | None:
    """Who wins a faction's vote (§9 step 5): more cards; equal counts: the highest card, then the
    second highest, and so on; still equal (or both zero): nobody."""
    return compare(faction_values(state, 0, faction), faction_values(state, 1, faction))


def compare(mine: list[int], theirs: list[int]) -> int | None:
    """More cards wins; equal counts: the higher card, then the next, ... (§9 step 5). The
    lists are highest first; None: still equal."""
    if len(mine) != len(theirs):
        return 0 if len(mine) > len(theirs) else 1
    for i in range(len(mine)):
        a = mine[i]
        b = theirs[i]
        if a != b:
            return 0 if a > b else 1
    return None


def end_result(state: State) -> GameResult:
    """The game's result from the collected cards as they lie after §9 steps 1–3: a power that
    decides the game at once (:func:`instant_result`), else the votes (:func:`final_result`)."""
    decided = instant_result(state)
    if decided is not None:
        return decided_result(state, *decided)
    return final_result(state)


def instant_result(state: State) -> tuple[int | None, str] | None:
    """§9 step 4: the winner (None: a draw) and the reason when a power decides the game before
    the votes (Monastery L14, Bridge L15, Castle and Forest L19); None: the votes decide."""
    for power in state.book.global_powers("instant_result", 2):
        decided = power.instant_result(state)
        if decided is not None:
            return decided
    return None


def final_result(state: State) -> GameResult:
    """Votes per faction, the winner (None: a draw) and what decided it (§9 step 6)."""
    factions = state.config.factions
    mine, theirs = _values_by_faction(state, 0), _values_by_faction(state, 1)
    # one loop per step, not a comprehension per figure: the end of every playout counts them
    votes: dict[str, int | None] = {}
    counts: dict[str, list[int]] = {}
    none: list[int] = []
    for f in factions:
        a = mine.get(f, none)
        b = theirs.get(f, none)
        votes[f] = compare(a, b)
        counts[f] = [len(a), len(b)]
    for power in state.book.global_powers("score_votes", 2):
        power.score_votes(state, votes, counts)
    won = [0, 0]
    cards_in_won = [0, 0]
    for f in factions:
        vote = votes[f]
        if vote is not None:
            won[vote] += 1
            cards_in_won[vote] += counts[f][vote]
    notes: dict[str, object] = {}
    for power in state.book.global_powers("extra_votes", 2):
        extra = power.extra_votes(state)  # §9 step 6: extra votes (Dungeon, L11)
        won = [won[0] + extra[0], won[1] + extra[1]]
        note = power.result_note(state)
        if note is not None:
            notes[power.name] = note
    winner: int | None
    if won[0] != won[1]:
        winner, reason = (0 if won[0] > won[1] else 1), "votes"
    elif cards_in_won[0] != cards_in_won[1]:
        winner, reason = (0 if cards_in_won[0] > cards_in_won[1] else 1), "cards"
    else:
        winner, reason = None, "draw"
    # cast: each note is a field under its power's name, declared in GameResult (the Dungeon's)
    return cast(
        GameResult,
        {
            "votes": votes,
            "winner": winner,
            "reason": reason,
            "votes_won": won,
            "cards_in_won_factions": cards_in_won,
            **notes,
        },
    )


def decided_result(state: State, winner: int | None, reason: str) -> GameResult:
    """The result of a game decided before the votes (a Building at §9 step 4, Lava Fields):
    no vote is counted (L23)."""
    return {
        "votes": dict.fromkeys(state.config.factions),
        "winner": winner,
        "reason": reason,
        "votes_won": [0, 0],
        "cards_in_won_factions": [0, 0],
    }
