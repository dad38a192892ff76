"""Yetis (§5.7, both phases): if a trick is won by a Yeti, the other player leads the next trick.
A Yeti that loses does nothing, and a Doppelganger winning on a Yeti lead is not a Yeti."""

from __future__ import annotations

from collections.abc import Sequence

from claim.core import engine
from claim.core.state import State
from scenario import last_trick, position_record, replay, tricks, zone

FROST = ["ice-kings", "ice-queens", "yetis", "frostbeasts", "dwarves"]
WITH_DRAGONS = ["ice-kings", "ice-queens", "yetis", "dragons", "doppelgangers"]


def _phase_two(
    hands: Sequence[Sequence[str]], moves: Sequence[str], factions: Sequence[str] = FROST
) -> State:
    """Play ``moves`` from the first Phase Two trick, player 0 leading."""
    return replay(position_record(factions, phase=2, hands=hands, moves=moves))


def test_a_yeti_winner_does_not_lead_in_phase_one() -> None:
    """§5.7: yetis:8 beats yetis:3 and takes the prize, but player 0 leads the next trick."""
    record = position_record(
        FROST,
        phase=1,
        prize="dwarves:9",
        deck_top=["dwarves:8", "dwarves:7"],
        hands=[["yetis:3", "dwarves:1"], ["yetis:8", "dwarves:2"]],
        moves=["play yetis:3", "play yetis:8"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 1
    assert zone(state, "followers", 1) == ["dwarves:9"]
    assert engine.current_player(state) == 0
    engine.apply(state, "play dwarves:1")
    engine.apply(state, "play dwarves:2")
    assert tricks(state)[-1]["leader"] == 0


def test_a_led_yeti_that_wins_passes_the_lead_in_phase_two() -> None:
    """§5.7: a led yetis:5 wins against an off-faction dwarves:9 and collects; player 1 leads."""
    state = _phase_two(
        [["yetis:5", "dwarves:1"], ["dwarves:9", "dwarves:2"]],
        ["play yetis:5", "play dwarves:9"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 1) == ["dwarves:9"]  # the Dwarf goes to the loser (§5.1)
    assert zone(state, "score", 0) == ["yetis:5"]
    assert engine.current_player(state) == 1


def test_a_losing_yeti_does_nothing() -> None:
    """§5.7: an off-faction yetis:9 loses to dwarves:4; the winner leads as usual."""
    state = _phase_two(
        [["dwarves:4", "dwarves:1"], ["yetis:9", "yetis:2"]],
        ["play dwarves:4", "play yetis:9"],
    )
    assert last_trick(state)["winner"] == 0
    assert engine.current_player(state) == 0


def test_a_doppelganger_winning_on_a_yeti_lead_keeps_the_lead() -> None:
    """§5.1: doppelgangers:8 follows yetis:4 as a Yeti and wins, but it has no Yeti power: its
    player leads next."""
    state = _phase_two(
        [["yetis:4", "ice-kings:1"], ["doppelgangers:8", "yetis:1"]],
        ["play yetis:4", "play doppelgangers:8"],
        factions=WITH_DRAGONS,
    )
    assert last_trick(state)["winner"] == 1
    assert engine.current_player(state) == 1


def test_a_yeti_and_a_dragon_agree() -> None:
    """§5.7, §5.2, R-3: a led yetis:6 wins over an off-faction dragons:9; the Yeti sends the lead
    to player 1, whose Dragon also claims it."""
    state = _phase_two(
        [["yetis:6", "ice-kings:1"], ["dragons:9", "dragons:2"]],
        ["play yetis:6", "play dragons:9"],
        factions=WITH_DRAGONS,
    )
    assert last_trick(state)["winner"] == 0
    assert engine.current_player(state) == 1
