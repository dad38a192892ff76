"""Gnomes (§5.2, Phase Two): a Gnome you collect is placed face-up in front of you, not in the
Score pile. At the end of the game the surviving Gnomes join your Score pile (§9 step 1)."""

from __future__ import annotations

from claim.core import engine, view
from claim.core.state import State
from scenario import CLAIM2, last_trick, position_record, replay, same_cards, zone


def _phase_two(
    hand0: list[str],
    hand1: list[str],
    moves: list[str],
    gnomes: tuple[list[str], list[str]] = ([], []),
    number: int = 1,
) -> State:
    """Play ``moves`` from Phase Two trick ``number`` with these hands, player 0 leading."""
    record = position_record(
        CLAIM2, phase=2, number=number, hands=[hand0, hand1], gnomes=gnomes, moves=moves
    )
    return replay(record)


def test_collected_gnomes_are_placed_face_up() -> None:
    """§5.2 Gnomes: both Gnomes of the trick go face-up in front of the winner, not to Score."""
    state = _phase_two(
        ["gnomes:3", "seers:1"], ["gnomes:7", "seers:2"], ["play gnomes:3", "play gnomes:7"]
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "gnomes", 1) == ["gnomes:3", "gnomes:7"]
    assert zone(state, "score", 1) == []
    assert zone(state, "gnomes", 0) == zone(state, "score", 0) == []
    players = view.report(state)["players"]
    assert players[1]["gnomes"] == ["gnomes:3", "gnomes:7"]
    assert players[1]["score"] == []


def test_losing_gnome_goes_face_up_to_the_winner() -> None:
    """§5.2 Gnomes: an off-faction gnomes:9 loses to seers:4; the winner scores the Seer and
    places the Gnome face-up."""
    state = _phase_two(
        ["seers:4", "seers:1"], ["gnomes:9", "trolls:2"], ["play seers:4", "play gnomes:9"]
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["seers:4"]
    assert zone(state, "gnomes", 0) == ["gnomes:9"]
    assert zone(state, "gnomes", 1) == zone(state, "score", 1) == []


def test_gnomes_have_no_power_in_phase_one() -> None:
    """§5.2 Gnomes act in Phase Two only: in Phase One played Gnomes are discarded and a Gnome
    prize goes to the Follower deck (§3.1 step 5)."""
    record = position_record(
        CLAIM2,
        phase=1,
        prize="gnomes:9",
        deck_top=["gnomes:7", "seers:0"],
        hands=[["gnomes:1", "seers:1"], ["gnomes:5", "seers:2"]],
        moves=["play gnomes:1", "play gnomes:5"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 1
    assert zone(state, "discard")[-2:] == ["gnomes:1", "gnomes:5"]
    assert zone(state, "followers", 1) == ["gnomes:9"]
    assert zone(state, "followers", 0) == ["gnomes:7"]
    assert zone(state, "gnomes", 0) == zone(state, "gnomes", 1) == []


def test_surviving_gnomes_join_the_score_pile_at_the_end() -> None:
    """§5.2 Gnomes, §9 step 1: after the last trick, every face-up Gnome joins its owner's
    Score pile and counts for the vote (player 1: three Gnomes against two)."""
    state = _phase_two(
        ["gnomes:7"],
        ["gnomes:9"],
        ["play gnomes:7", "play gnomes:9"],
        gnomes=(["gnomes:1", "gnomes:3"], ["gnomes:5"]),
        number=13,
    )
    assert state.result is not None
    assert zone(state, "gnomes", 0) == zone(state, "gnomes", 1) == []
    assert same_cards(zone(state, "score", 0), ["gnomes:1", "gnomes:3"])
    assert same_cards(zone(state, "score", 1), ["gnomes:5", "gnomes:7", "gnomes:9"])
    assert state.result["votes"] == {
        "gnomes": 1,
        "giants": None,
        "dragons": None,
        "trolls": None,
        "seers": None,
    }
    assert state.result["winner"] == 1
    assert state.result["reason"] == "votes"
    report = view.report(state)
    assert report["status"] == "finished"
    assert report["players"][0]["gnomes"] == report["players"][1]["gnomes"] == []
    assert engine.legal_actions(state) == []
