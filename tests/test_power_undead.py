"""Undead (§5.1, Phase One): every Undead played in the trick goes to the trick winner's Score
pile instead of the discard (R-10: it counts at the end). A revealed Undead prize goes to the
Follower deck as usual. A Doppelganger on an Undead lead is discarded."""

from __future__ import annotations

from claim.core import engine
from scenario import CLAIM, last_trick, position_record, replay, stacked_record, zone

UNDEAD_LOW = [f"undead:{v}" for v in range(5)] + [f"dwarves:{v}" for v in range(8)]
UNDEAD_HIGH = [
    *(f"undead:{v}" for v in range(5, 9)),
    *(f"knights:{v}" for v in range(2, 10)),
    "goblins:9",
]


def test_both_undead_go_to_the_winners_score_pile_and_undead_prize_to_followers() -> None:
    """§5.1 Undead: undead:2 and undead:7 both go to the winner's Score pile, nothing to the
    discard; the Undead prize goes to the winner's Follower deck, not the Score pile."""
    record = stacked_record(
        CLAIM, UNDEAD_LOW, UNDEAD_HIGH, ["undead:9", "dwarves:9"], moves=["play undead:2"]
    )
    state = replay(record)
    assert engine.legal_actions(state) == [f"play undead:{v}" for v in range(5, 9)]
    engine.apply(state, "play undead:7")
    trick = last_trick(state)
    assert trick["prize"] == "undead:9"
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["undead:2", "undead:7"]
    assert zone(state, "score", 0) == []
    assert zone(state, "discard") == []
    assert zone(state, "followers", 1) == ["undead:9"]
    assert zone(state, "followers", 0) == ["dwarves:9"]
    assert engine.current_player(state) == 1


def test_undead_of_the_loser_goes_to_the_winners_score_pile() -> None:
    """§5.1 Undead: an off-faction undead:9 on a goblins:5 lead loses, and goes to the winner's
    (the leader's) Score pile; the Goblin is discarded."""
    record = position_record(
        CLAIM,
        phase=1,
        prize="dwarves:5",
        deck_top=["dwarves:6", "dwarves:7", "dwarves:8"],
        hands=[["goblins:5", "goblins:6"], ["undead:9", "knights:4"]],
        moves=["play goblins:5"],
    )
    state = replay(record)
    assert engine.legal_actions(state) == ["play undead:9", "play knights:4"]
    engine.apply(state, "play undead:9")
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["undead:9"]
    assert zone(state, "score", 1) == []
    assert zone(state, "discard")[-1] == "goblins:5"
    assert "undead:9" not in zone(state, "discard")
    assert zone(state, "followers", 0) == ["dwarves:5"]
    assert zone(state, "followers", 1) == ["dwarves:6"]


def test_doppelganger_on_undead_lead_is_discarded() -> None:
    """§5.1 Doppelgangers: doppelgangers:5 beats undead:3 by value but is not Undead: the
    Undead goes to the winner's Score pile, the Doppelganger to the discard."""
    record = position_record(
        CLAIM,
        phase=1,
        prize="goblins:1",
        deck_top=["goblins:2", "goblins:3"],
        hands=[["undead:3", "dwarves:0"], ["undead:1", "doppelgangers:5"]],
        moves=["play undead:3"],
    )
    state = replay(record)
    assert engine.legal_actions(state) == ["play undead:1", "play doppelgangers:5"]
    engine.apply(state, "play doppelgangers:5")
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["undead:3"]
    assert zone(state, "score", 0) == []
    assert zone(state, "discard")[-1] == "doppelgangers:5"
    assert "undead:3" not in zone(state, "discard")


def test_undead_in_phase_two_are_collected_as_usual() -> None:
    """§5.1 Undead acts in Phase One only; in Phase Two the winner scores both cards (§3.2)
    and a Dwarf still goes to the loser (§5.1 Dwarves)."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["undead:4", "goblins:1"], ["dwarves:9", "goblins:2"]],
        moves=["play undead:4", "play dwarves:9"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["undead:4"]
    assert zone(state, "score", 1) == ["dwarves:9"]


def test_undead_scored_in_phase_one_count_at_the_end() -> None:
    """R-10: Undead taken into the Score pile in Phase One stay there and win the Undead vote.
    A two-trick game from the last Phase One trick: player 0 scores undead:8 and undead:1,
    player 1 wins the only Phase Two trick with the Goblins; votes 1-1, cards 2-2: a draw."""
    record = position_record(
        CLAIM,
        phase=1,
        number=13,
        prize="goblins:1",
        deck_top=["goblins:2"],
        hands=[["undead:8"], ["undead:1"]],
        moves=["play undead:8", "play undead:1", "play goblins:1", "play goblins:2"],
    )
    state = replay(record)
    assert state.result is not None
    assert zone(state, "score", 0) == ["undead:8", "undead:1"]
    assert zone(state, "score", 1) == ["goblins:1", "goblins:2"]
    assert state.result["votes"] == {
        "goblins": 1,
        "knights": None,
        "undead": 0,
        "dwarves": None,
        "doppelgangers": None,
    }
    assert state.result["winner"] is None
    assert state.result["reason"] == "draw"
