"""Knights (§5.1): a Knight played on a Goblin lead wins, whatever the values. Following rules
still apply (a Goblin holder must play a Goblin on a Goblin lead); a Goblin on a Knight lead is
simply off-faction; a Doppelganger on a Goblin lead is not a Knight."""

from __future__ import annotations

from claim.core import engine
from scenario import CLAIM, last_trick, position_record, replay, stacked_record, zone

GOBLINS_13 = ["goblins:0"] * 5 + [f"goblins:{v}" for v in range(1, 9)]
KNIGHTS_8 = [f"knights:{v}" for v in range(2, 10)]
KNIGHT_PLAYS = [f"play {c}" for c in KNIGHTS_8]


def test_knight_on_goblin_lead_wins_whatever_the_values() -> None:
    """§5.1 Knights: knights:2 beats goblins:8; the Knight's player takes the prize and leads."""
    hand1 = [*KNIGHTS_8, "undead:0", "undead:1", "undead:2", "undead:3", "undead:4"]
    record = stacked_record(CLAIM, GOBLINS_13, hand1, ["dwarves:9", "dwarves:8"])
    state = replay({**record, "moves": ["play goblins:8"]})
    # no Goblin and no Doppelganger in hand: every card may be played
    assert engine.legal_actions(state) == [*KNIGHT_PLAYS, *(f"play undead:{v}" for v in range(5))]
    engine.apply(state, "play knights:2")
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "a Knight played on a Goblin lead wins"
    assert [p["value"] for p in trick["plays"]] == [8, 2]
    assert zone(state, "followers", 1) == ["dwarves:9"]
    assert zone(state, "followers", 0) == ["dwarves:8"]
    assert zone(state, "discard") == ["goblins:8", "knights:2"]
    assert engine.current_player(state) == 1
    assert state.leader == 1


def test_goblin_holder_must_follow_goblins_not_play_a_knight() -> None:
    """§5.1 Knights, §3.1 step 3: holding a Goblin, the follower must play it; no Knight."""
    hand1 = [*KNIGHTS_8, "goblins:9", "undead:0", "undead:1", "undead:2", "undead:3"]
    record = stacked_record(CLAIM, GOBLINS_13, hand1, moves=["play goblins:0"])
    state = replay(record)
    assert engine.legal_actions(state) == ["play goblins:9"]
    assert "play knights:9" not in engine.legal_actions(state)


def test_goblin_on_knight_lead_is_off_faction() -> None:
    """§5.1 Knights: goblins:9 on a knights:2 lead is off-faction, so the Knight leader wins."""
    hand0 = [*KNIGHTS_8, "undead:0", "undead:1", "undead:2", "undead:3", "undead:4"]
    record = stacked_record(CLAIM, hand0, ["goblins:9", *GOBLINS_13[:12]], moves=["play knights:2"])
    state = replay(record)
    assert engine.legal_actions(state) == ["play goblins:9", "play goblins:0"] + [
        f"play goblins:{v}" for v in range(1, 8)
    ]
    engine.apply(state, "play goblins:9")
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert engine.current_player(state) == 0


def test_knight_on_knight_lead_competes_by_value() -> None:
    """§4.3: two Knights compare values; the Knight power only concerns a Goblin lead."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["knights:3", "goblins:1"], ["knights:8", "goblins:2"]],
        moves=["play knights:3", "play knights:8"],
    )
    state = replay(record)
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["knights:3", "knights:8"]


def test_knight_on_goblin_lead_wins_in_phase_two_too() -> None:
    """§5 (unlabelled power acts in both phases): knights:2 beats goblins:9 in Phase Two and
    the winner scores both cards (§3.2)."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["goblins:9", "dwarves:1"], ["knights:2", "undead:4"]],
        moves=["play goblins:9", "play knights:2"],
    )
    state = replay(record)
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "a Knight played on a Goblin lead wins"
    assert zone(state, "score", 1) == ["goblins:9", "knights:2"]
    assert zone(state, "score", 0) == []
    assert engine.current_player(state) == 1


def test_doppelganger_on_goblin_lead_is_not_a_knight() -> None:
    """§5.1 Doppelgangers: a Doppelganger on a Goblin lead competes by value, never as a Knight:
    doppelgangers:2 loses to goblins:5."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["goblins:5", "dwarves:1"], ["doppelgangers:2", "knights:3"]],
        moves=["play goblins:5"],
    )
    state = replay(record)
    assert engine.legal_actions(state) == ["play doppelgangers:2", "play knights:3"]
    engine.apply(state, "play doppelgangers:2")
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 0) == ["goblins:5", "doppelgangers:2"]


def test_knight_follow_on_doppelganger_lead_is_off_faction() -> None:
    """§5.1: a Doppelganger lead is not a Goblin lead, so a Knight on it is off-faction."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["doppelgangers:0", "dwarves:1"], ["knights:9", "goblins:3"]],
        moves=["play doppelgangers:0", "play knights:9"],
    )
    state = replay(record)
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["doppelgangers:0", "knights:9"]
