"""Dwarves (§5.1, Phase Two): the trick loser takes every Dwarf played in the trick into their
Score pile; the winner takes the other cards. A Doppelganger on a Dwarf lead is not a Dwarf."""

from __future__ import annotations

from claim.core import engine
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, zone


def _phase_two(hand0: list[str], hand1: list[str], moves: list[str], leader: int = 0) -> State:
    """Play ``moves`` from the first trick of Phase Two with these hands."""
    return replay(position_record(CLAIM, phase=2, hands=[hand0, hand1], leader=leader, moves=moves))


def test_both_dwarves_go_to_the_loser() -> None:
    """§5.1 Dwarves: dwarves:8 beats dwarves:3; the loser (player 0) scores both Dwarves, the
    winner nothing; the winner still leads next (§3.1 step 6)."""
    state = _phase_two(
        ["dwarves:3", "goblins:1"], ["dwarves:8", "goblins:2"], ["play dwarves:3", "play dwarves:8"]
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert zone(state, "score", 0) == ["dwarves:3", "dwarves:8"]
    assert zone(state, "score", 1) == []
    assert engine.current_player(state) == 1


def test_dwarf_lead_wins_against_off_faction_and_goes_to_the_loser() -> None:
    """§5.1 Dwarves: the Dwarf leader wins against an off-faction Goblin; the loser takes the
    Dwarf, the winner the Goblin."""
    state = _phase_two(
        ["dwarves:2", "goblins:1"], ["goblins:9", "undead:2"], ["play dwarves:2", "play goblins:9"]
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["goblins:9"]
    assert zone(state, "score", 1) == ["dwarves:2"]


def test_losing_off_faction_dwarf_goes_back_to_its_player() -> None:
    """§5.1 Dwarves: an off-faction dwarves:9 loses to a Goblin lead and its player, the loser,
    scores it."""
    state = _phase_two(
        ["goblins:4", "goblins:1"], ["dwarves:9", "undead:2"], ["play goblins:4", "play dwarves:9"]
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["goblins:4"]
    assert zone(state, "score", 1) == ["dwarves:9"]


def test_doppelganger_on_dwarf_lead_is_not_given_to_the_loser() -> None:
    """§5.1 Doppelgangers: the Doppelganger wins on a Dwarf lead by value; only the Dwarf goes
    to the loser, the Doppelganger stays with its winner."""
    state = _phase_two(
        ["dwarves:3", "goblins:1"],
        ["dwarves:1", "doppelgangers:8"],
        ["play dwarves:3", "play doppelgangers:8"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["doppelgangers:8"]
    assert zone(state, "score", 0) == ["dwarves:3"]


def test_losing_doppelganger_on_dwarf_lead_goes_to_the_winner() -> None:
    """§5.1 Doppelgangers: a losing Doppelganger on a Dwarf lead is not a Dwarf, so the winner
    collects it; the Dwarf goes to the loser."""
    state = _phase_two(
        ["dwarves:8", "goblins:1"],
        ["doppelgangers:2", "goblins:2"],
        ["play dwarves:8", "play doppelgangers:2"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["doppelgangers:2"]
    assert zone(state, "score", 1) == ["dwarves:8"]


def test_dwarves_have_no_power_in_phase_one() -> None:
    """§5.1 Dwarves act in Phase Two only: in Phase One both Dwarves are discarded and the
    prize goes to the winner as usual (§3.1 step 5)."""
    record = position_record(
        CLAIM,
        phase=1,
        prize="goblins:7",
        deck_top=["goblins:8", "goblins:9"],
        hands=[["dwarves:3", "goblins:1"], ["dwarves:8", "goblins:2"]],
        moves=["play dwarves:3", "play dwarves:8"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 1
    assert zone(state, "discard")[-2:] == ["dwarves:3", "dwarves:8"]
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert zone(state, "followers", 1) == ["goblins:7"]
    assert zone(state, "followers", 0) == ["goblins:8"]
