"""Cyclops (§5.5, §9 step 5): at the end the player with fewer Cyclops wins the Cyclops vote, but
a player needs at least one. Equal counts: the lower lowest Cyclops wins, then the next lowest,
and so on; neither has any: nobody. For the game tie-break a won vote counts its Cyclops cards."""

from __future__ import annotations

from typing import Any

from claim.core import engine
from claim.core.powers.mercenaries import cyclops_vote
from scenario import position_record, replay, zone

FACTIONS = ["elves", "orcs", "cyclops", "undead", "dwarves"]


def _final(
    cyclops0: list[str], cyclops1: list[str], others: tuple[list[str], list[str]] = ([], [])
) -> dict[str, Any]:
    """Play the last trick of the game (undead:2 led by player 0 beats undead:1: player 0 wins
    both) with these Cyclops (and ``others``) in the Score piles; the result."""
    record = position_record(
        FACTIONS,
        phase=2,
        number=13,
        hands=[["undead:2"], ["undead:1"]],
        scores=(cyclops0 + others[0], cyclops1 + others[1]),
        moves=["play undead:2", "play undead:1"],
    )
    state = replay(record)
    assert state.result is not None
    assert zone(state, "score", 0)[-2:] == ["undead:2", "undead:1"]
    return state.result


def test_fewer_cyclops_win_the_vote() -> None:
    """§5.5: two Cyclops beat three, whatever their values (more cards would win any other vote)."""
    result = _final(["cyclops:8", "cyclops:9"], ["cyclops:0", "cyclops:1", "cyclops:2"])
    assert result["votes"]["cyclops"] == 0
    result = _final(["cyclops:0", "cyclops:1", "cyclops:2"], ["cyclops:9"])
    assert result["votes"]["cyclops"] == 1


def test_a_player_needs_at_least_one_cyclops() -> None:
    """§5.5: zero Cyclops never wins: four against none go to the player with four."""
    assert _final([], ["cyclops:1", "cyclops:2", "cyclops:3", "cyclops:4"])["votes"]["cyclops"] == 1
    assert _final(["cyclops:9"], [])["votes"]["cyclops"] == 0


def test_nobody_wins_when_neither_has_a_cyclops() -> None:
    assert _final([], [])["votes"]["cyclops"] is None


def test_equal_counts_the_lower_lowest_cyclops_wins() -> None:
    """§5.5: two each: player 1's lowest (3) is lower than player 0's (4); the high cards do not
    matter (the normal tie-break would give it to player 0's 9)."""
    result = _final(["cyclops:4", "cyclops:9"], ["cyclops:5", "cyclops:3"])
    assert result["votes"]["cyclops"] == 1


def test_equal_counts_then_the_next_lowest() -> None:
    """§5.5: the lowest Cyclops cannot tie (one of each value), so the next-lowest rule is pinned
    on the comparison itself: [1, 5] beats [1, 8]; then the third: [1, 2, 6] beats [1, 2, 7]."""
    assert cyclops_vote([8, 1], [5, 1]) == 1
    assert cyclops_vote([1, 5], [1, 8]) == 0
    assert cyclops_vote([7, 2, 1], [6, 2, 1]) == 1
    assert cyclops_vote([3, 4], [4, 3]) is None  # all equal: nobody
    assert cyclops_vote([], []) is None
    assert cyclops_vote([], [0]) == 1


def test_the_won_cyclops_vote_counts_its_cards_in_the_tie_break() -> None:
    """§9 step 6: the Cyclops counts stay the card counts. Votes 2–2 (player 0: Undead with two
    cards, Dwarves with one; player 1: Cyclops with one card, Elves with three; Orcs nobody):
    player 1 wins on cards, 4 to 3, only because the won Cyclops vote counts its one card."""
    result = _final(
        ["cyclops:4", "cyclops:5"],
        ["cyclops:6"],
        (["dwarves:3"], ["elves:1", "elves:2", "elves:3"]),
    )
    assert result["votes"] == {"elves": 1, "orcs": None, "cyclops": 1, "undead": 0, "dwarves": 0}
    assert result["cards_in_won_factions"] == [3, 4]
    assert result["winner"] == 1
    assert result["reason"] == "cards"


def test_cyclops_have_no_power_during_play() -> None:
    """§5.5: in a trick Cyclops are plain cards: the higher one wins."""
    record = position_record(
        FACTIONS,
        phase=2,
        hands=[["cyclops:2", "undead:1"], ["cyclops:7", "undead:2"]],
        moves=["play cyclops:2", "play cyclops:7"],
    )
    state = replay(record)
    assert zone(state, "score", 1) == ["cyclops:2", "cyclops:7"]
    assert engine.current_player(state) == 1
