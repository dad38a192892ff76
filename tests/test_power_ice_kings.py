"""Ice Kings (§5.7, with Ice Queens; §9 step 2, R-90): at the end, before the votes, every Ice King
and Ice Queen of the same printed value in the same Score pile are both discarded (they marry and
run away)."""

from __future__ import annotations

from collections import Counter

from claim.core.state import State
from scenario import position_record, replay, zone

FROST = ["ice-kings", "ice-queens", "yetis", "frostbeasts", "dwarves"]


def _last_trick(score0: list[str], score1: list[str]) -> State:
    """Play the last trick of the game (yetis:2 beats yetis:1) with these Score piles."""
    record = position_record(
        FROST,
        phase=2,
        number=13,
        hands=[["yetis:1"], ["yetis:2"]],
        scores=[score0, score1],
        moves=["play yetis:1", "play yetis:2"],
    )
    return replay(record)


def test_a_king_and_queen_of_the_same_value_are_discarded() -> None:
    """§5.7: ice-kings:3 and ice-queens:3 in player 0's pile are both discarded; ice-kings:5 and
    ice-queens:6 (different values) stay."""
    state = _last_trick(["ice-kings:3", "ice-queens:3", "ice-kings:5", "ice-queens:6"], [])
    assert state.result is not None
    assert zone(state, "score", 0) == ["ice-kings:5", "ice-queens:6"]
    discard = Counter(zone(state, "discard"))
    assert discard["ice-kings:3"] == discard["ice-queens:3"] == 1
    moved = {(m["card"], m["from"], m["to"]) for m in state.result["end_moves"]}
    assert ("ice-kings:3", "score0", "discard") in moved
    assert ("ice-queens:3", "score0", "discard") in moved


def test_pairs_are_discarded_before_the_votes() -> None:
    """§9 step 2 before step 5: without the pairs player 1 would have 2 Ice Kings to 1; after
    the ice-kings:7 / ice-queens:7 pair leaves, the count is 1 each and player 0's higher
    ice-kings:9 wins the vote."""
    state = _last_trick(
        ["ice-kings:9", "dwarves:1"],
        ["ice-kings:7", "ice-queens:7", "ice-kings:4"],
    )
    assert state.result is not None
    assert zone(state, "score", 1) == ["ice-kings:4", "yetis:1", "yetis:2"]
    votes = state.result["votes"]
    assert votes["ice-kings"] == 0
    assert votes["ice-queens"] is None
    assert votes["yetis"] == 1
    assert votes["dwarves"] == 0
    assert state.result["winner"] == 0
