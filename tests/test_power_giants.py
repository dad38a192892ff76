"""Giants (§5.2, Phase Two): the trick winner may, for each Giant played in the trick, discard
one of the opponent's face-up Gnomes whose printed value equals that Giant's printed value. One
decision per Giant, in play order (R-4), asked only when such a Gnome exists: ``smash gnomes:V``
or ``pass``. Giants themselves are collected as usual."""

from __future__ import annotations

from claim.core import engine
from claim.core.state import State
from scenario import CLAIM2, last_trick, position_record, replay, zone


def _phase_two(
    hand0: list[str],
    hand1: list[str],
    moves: list[str],
    gnomes: tuple[list[str], list[str]],
) -> State:
    """Play ``moves`` from the first Phase Two trick, player 0 leading, with face-up Gnomes."""
    record = position_record(CLAIM2, phase=2, hands=[hand0, hand1], gnomes=gnomes, moves=moves)
    return replay(record)


def test_smash_offered_for_an_opposing_gnome_of_the_giants_value() -> None:
    """§5.2 Giants: giants:5 wins; its player may smash the opponent's face-up gnomes:5."""
    state = _phase_two(
        ["giants:5", "seers:1"],
        ["giants:1", "seers:2"],
        ["play giants:5", "play giants:1"],
        gnomes=([], ["gnomes:5", "gnomes:3"]),
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["smash gnomes:5", "pass"]
    engine.apply(state, "smash gnomes:5")
    assert last_trick(state)["winner"] == 0
    assert zone(state, "gnomes", 1) == ["gnomes:3"]
    assert zone(state, "discard")[-1] == "gnomes:5"
    assert zone(state, "score", 0) == ["giants:5", "giants:1"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play seers:1"]


def test_pass_keeps_the_gnome() -> None:
    """§5.2 Giants: ``pass`` declines the smash; the Gnome stays face-up."""
    hands = (["giants:5", "seers:1"], ["giants:1", "seers:2"])
    start = _phase_two(*hands, [], gnomes=([], ["gnomes:5"]))
    state = _phase_two(
        *hands, ["play giants:5", "play giants:1", "pass"], gnomes=([], ["gnomes:5"])
    )
    assert zone(state, "gnomes", 1) == ["gnomes:5"]
    assert zone(state, "discard") == zone(start, "discard")  # nothing discarded
    assert zone(state, "score", 0) == ["giants:5", "giants:1"]
    assert engine.legal_actions(state) == ["play seers:1"]


def test_no_decision_without_a_gnome_of_that_printed_value() -> None:
    """§5.2 Giants: asked only when an opposing Gnome has the Giant's printed value (5 ≠ 3, 1)."""
    state = _phase_two(
        ["giants:5", "seers:1"],
        ["seers:9", "seers:2"],
        ["play giants:5", "play seers:9"],
        gnomes=([], ["gnomes:3", "gnomes:1"]),
    )
    assert last_trick(state)["winner"] == 0
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play seers:1"]
    assert zone(state, "gnomes", 1) == ["gnomes:3", "gnomes:1"]


def test_own_gnomes_are_never_offered() -> None:
    """§5.2 Giants: only the opponent's Gnomes can be smashed, never the winner's own."""
    state = _phase_two(
        ["giants:7", "seers:1"],
        ["giants:3", "seers:2"],
        ["play giants:7", "play giants:3"],
        gnomes=(["gnomes:7", "gnomes:3"], []),
    )
    assert engine.legal_actions(state) == ["play seers:1"]
    assert zone(state, "gnomes", 0) == ["gnomes:7", "gnomes:3"]


def test_one_decision_per_giant_in_play_order_including_the_losers_giant() -> None:
    """§5.2 Giants, R-4: the winner decides for every Giant played, the loser's too, in play
    order: first giants:3 (led), then giants:7."""
    state = _phase_two(
        ["giants:3", "seers:1"],
        ["giants:7", "seers:2"],
        ["play giants:3", "play giants:7"],
        gnomes=(["gnomes:7", "gnomes:3", "gnomes:1"], []),
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["smash gnomes:3", "pass"]
    engine.apply(state, "pass")
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["smash gnomes:7", "pass"]
    engine.apply(state, "smash gnomes:7")
    assert zone(state, "gnomes", 0) == ["gnomes:3", "gnomes:1"]
    assert zone(state, "score", 1) == ["giants:3", "giants:7"]
    assert last_trick(state)["winner"] == 1
    assert engine.legal_actions(state) == ["play seers:2"]


def test_one_giant_smashes_only_one_of_two_equal_gnomes() -> None:
    """§5.2 Giants: one decision per Giant, one Gnome per decision."""
    state = _phase_two(
        ["giants:9", "seers:1"],
        ["seers:8", "seers:2"],
        ["play giants:9", "play seers:8"],
        gnomes=([], ["gnomes:1", "gnomes:1", "gnomes:9"]),
    )
    assert engine.legal_actions(state) == ["smash gnomes:9", "pass"]
    engine.apply(state, "smash gnomes:9")
    assert zone(state, "gnomes", 1) == ["gnomes:1", "gnomes:1"]
    assert engine.legal_actions(state) == ["play seers:1"]


def test_second_giant_decision_skipped_when_its_gnome_is_gone() -> None:
    """§5.2 Giants: a decision is asked only while a matching Gnome exists; two giants:1 and a
    single opposing gnomes:1 give one decision."""
    state = _phase_two(
        ["giants:1", "seers:1"],
        ["giants:1", "seers:2"],
        ["play giants:1", "play giants:1"],
        gnomes=([], ["gnomes:1"]),
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["smash gnomes:1", "pass"]
    engine.apply(state, "smash gnomes:1")
    assert zone(state, "gnomes", 1) == []
    assert engine.legal_actions(state) == ["play seers:1"]


def test_giants_have_no_power_in_phase_one() -> None:
    """§5.2 Giants act in Phase Two only (a built position with a face-up Gnome in Phase One):
    no decision, the Giants are discarded."""
    record = position_record(
        CLAIM2,
        phase=1,
        prize="seers:9",
        deck_top=["seers:8", "seers:7"],
        hands=[["giants:5", "seers:1"], ["giants:3", "seers:2"]],
        gnomes=([], ["gnomes:5"]),
        moves=["play giants:5", "play giants:3"],
    )
    state = replay(record)
    assert engine.legal_actions(state) == ["play seers:1"]
    assert zone(state, "gnomes", 1) == ["gnomes:5"]
    assert zone(state, "discard")[-2:] == ["giants:5", "giants:3"]
