"""Ice Queens (§5.7, with Ice Kings; §9 step 2, R-90): at the end, before the votes, every Ice
Queen and Ice King of the same printed value in the same Score pile are both discarded. A King and
a Queen of the same value in different Score piles both stay."""

from __future__ import annotations

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


def test_a_pair_split_between_the_piles_stays() -> None:
    """§5.7: ice-queens:5 is in player 0's pile and ice-kings:5 in player 1's: no pair."""
    state = _last_trick(["ice-queens:5"], ["ice-kings:5"])
    assert state.result is not None
    assert zone(state, "score", 0) == ["ice-queens:5"]
    assert zone(state, "score", 1) == ["ice-kings:5", "yetis:1", "yetis:2"]
    assert state.result["end_moves"] == []
    assert state.result["votes"]["ice-queens"] == 0
    assert state.result["votes"]["ice-kings"] == 1


def test_every_pair_in_both_piles_goes_and_the_queen_vote_changes() -> None:
    """§5.7, R-90 (both players at once): pairs 0 and 10 leave player 0's pile, pair 7 leaves
    player 1's. With the pairs, the Ice Queens would be 3 each and player 0's ice-queens:10 would
    win; without them player 1 has 2 Queens to 1 and wins the vote."""
    state = _last_trick(
        ["ice-queens:0", "ice-kings:0", "ice-kings:10", "ice-queens:10", "ice-queens:6"],
        ["ice-queens:7", "ice-kings:7", "ice-queens:2", "ice-queens:8"],
    )
    assert state.result is not None
    assert zone(state, "score", 0) == ["ice-queens:6"]
    assert zone(state, "score", 1) == ["ice-queens:2", "ice-queens:8", "yetis:1", "yetis:2"]
    assert zone(state, "discard")[-6:] == [
        "ice-kings:0",
        "ice-queens:0",
        "ice-kings:10",
        "ice-queens:10",
        "ice-kings:7",
        "ice-queens:7",
    ]
    assert state.result["votes"]["ice-queens"] == 1
    assert state.result["votes"]["ice-kings"] is None
