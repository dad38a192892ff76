"""Goblins (§5.1): no power of their own. Plain Goblin tricks follow the core rules (§3, §4.3)."""

from __future__ import annotations

from claim.core import engine
from scenario import CLAIM, last_trick, position_record, replay, stacked_record, zone

# Hands used below: 13 of the 14 Goblins; Dwarves and Undead (no Goblin, no Doppelganger).
GOBLINS_13 = ["goblins:0"] * 5 + [f"goblins:{v}" for v in range(1, 9)]
DWARVES_13 = [f"dwarves:{v}" for v in range(10)] + ["undead:5", "undead:6", "undead:7"]


def test_goblin_follow_is_forced_and_higher_goblin_wins() -> None:
    """§3.1 step 3, §4.3: on a Goblin lead a Goblin holder may play only Goblins; higher wins."""
    hand1 = ["goblins:9", *DWARVES_13[:12]]
    record = stacked_record(CLAIM, GOBLINS_13, hand1, ["undead:9", "undead:8"])
    state = replay({**record, "moves": ["play goblins:4"]})
    assert engine.legal_actions(state) == ["play goblins:9"]
    engine.apply(state, "play goblins:9")
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert [p["value"] for p in trick["plays"]] == [4, 9]
    assert zone(state, "discard") == ["goblins:4", "goblins:9"]
    assert zone(state, "followers", 1) == ["undead:9"]
    assert zone(state, "followers", 0) == ["undead:8"]
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert state.leader == 1


def test_equal_goblins_go_to_the_leader() -> None:
    """§4.3: equal values go to the leader, also among the five goblins:0."""
    hand1 = ["goblins:0", *DWARVES_13[:12]]
    record = stacked_record(
        CLAIM, [*GOBLINS_13[1:], "goblins:9"], hand1, moves=["play goblins:0", "play goblins:0"]
    )
    state = replay(record)
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"
    assert zone(state, "discard") == ["goblins:0", "goblins:0"]
    assert engine.current_player(state) == 0


def test_goblin_lead_off_faction_follow_loses() -> None:
    """§4.3: a follower without Goblins (or Doppelgangers) may play anything, and then loses."""
    record = stacked_record(CLAIM, GOBLINS_13, DWARVES_13, moves=["play goblins:0"])
    state = replay(record)
    assert engine.legal_actions(state) == [f"play {c}" for c in DWARVES_13]
    engine.apply(state, "play dwarves:9")
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "discard") == ["goblins:0", "dwarves:9"]


def test_goblins_in_phase_two_go_to_the_winners_score_pile() -> None:
    """§3.2: both played Goblins go face-up to the winner's Score pile."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["goblins:3", "goblins:1"], ["goblins:7", "knights:5"]],
        leader=0,
        moves=["play goblins:3"],
    )
    state = replay(record)
    assert engine.legal_actions(state) == ["play goblins:7"]  # must follow Goblins
    engine.apply(state, "play goblins:7")
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["goblins:3", "goblins:7"]
    assert zone(state, "score", 0) == []
    assert engine.current_player(state) == 1
