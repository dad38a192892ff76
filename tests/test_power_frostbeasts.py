"""Frostbeasts (§5.7, Phase Two): if a trick is won by a Frostbeast, the other played card is
discarded instead of collected, except that a Dwarf played after it still goes to the loser and a
Troll played after it goes to the Troll pool (their powers act later, R-3)."""

from __future__ import annotations

from collections.abc import Sequence

from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

FROST = ["ice-kings", "ice-queens", "yetis", "frostbeasts", "dwarves"]
WITH_TROLLS = ["gnomes", "giants", "trolls", "frostbeasts", "dwarves"]


def _phase_two(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    factions: Sequence[str] = FROST,
    troll_pool: Sequence[str] = (),
) -> State:
    """Play ``moves`` from the first Phase Two trick, player 0 leading."""
    record = position_record(factions, phase=2, hands=hands, troll_pool=troll_pool, moves=moves)
    return replay(record)


def test_a_winning_frostbeast_discards_the_other_card() -> None:
    """§5.7: a led frostbeasts:1 beats an off-faction ice-kings:10; the winner collects only the
    Frostbeast, the Ice King is discarded."""
    state = _phase_two(
        [["frostbeasts:1", "yetis:1"], ["ice-kings:10", "yetis:2"]],
        ["play frostbeasts:1", "play ice-kings:10"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["frostbeasts:1"]
    assert zone(state, "score", 1) == []
    assert zone(state, "discard")[-1] == "ice-kings:10"


def test_the_losing_frostbeast_of_two_is_discarded() -> None:
    """§5.7: frostbeasts:8 beats the led frostbeasts:3; the winner keeps frostbeasts:8 only."""
    state = _phase_two(
        [["frostbeasts:3", "yetis:1"], ["frostbeasts:8", "yetis:2"]],
        ["play frostbeasts:3", "play frostbeasts:8"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["frostbeasts:8"]
    assert zone(state, "discard")[-1] == "frostbeasts:3"


def test_a_losing_frostbeast_does_nothing() -> None:
    """§5.7: an off-faction frostbeasts:9 loses to yetis:3; the winner collects both."""
    state = _phase_two(
        [["yetis:3", "yetis:1"], ["frostbeasts:9", "frostbeasts:2"]],
        ["play yetis:3", "play frostbeasts:9"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["yetis:3", "frostbeasts:9"]


def test_no_effect_in_phase_one() -> None:
    """§5.7 Frostbeasts act in Phase Two only: in Phase One the winner takes the prize and the
    loser draws as usual, and an Undead played after the Frostbeast still goes to the winner's
    Score pile (§5.1, R-10)."""
    record = position_record(
        ["ice-kings", "ice-queens", "frostbeasts", "undead", "dwarves"],
        phase=1,
        prize="dwarves:9",
        deck_top=["dwarves:8", "dwarves:7"],
        hands=[["frostbeasts:5", "dwarves:1"], ["undead:9", "dwarves:2"]],
        moves=["play frostbeasts:5", "play undead:9"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["undead:9"]
    assert zone(state, "followers", 0) == ["dwarves:9"]
    assert zone(state, "followers", 1) == ["dwarves:8"]
    assert zone(state, "discard")[-1] == "frostbeasts:5"


def test_a_dwarf_played_after_it_still_goes_to_the_loser() -> None:
    """§5.7, R-3: dwarves:8 is played after the winning frostbeasts:4; the Dwarves power acts
    later and gives the Dwarf to the loser."""
    state = _phase_two(
        [["frostbeasts:4", "yetis:1"], ["dwarves:8", "yetis:2"]],
        ["play frostbeasts:4", "play dwarves:8"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["frostbeasts:4"]
    assert zone(state, "score", 1) == ["dwarves:8"]


def test_a_troll_played_after_it_goes_to_the_pool() -> None:
    """§5.7, R-3: trolls:6 is played after the winning frostbeasts:2; it is not collected, so it
    goes to the Troll pool, and nobody takes the pool's trolls:1."""
    state = _phase_two(
        [["frostbeasts:2", "gnomes:1"], ["trolls:6", "gnomes:3"]],
        ["play frostbeasts:2", "play trolls:6"],
        factions=WITH_TROLLS,
        troll_pool=["trolls:1"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["frostbeasts:2"]
    assert zone(state, "score", 1) == []
    assert zone(state, "troll_pool") == ["trolls:1", "trolls:6"]


def test_a_gnome_played_after_it_is_discarded_not_placed_face_up() -> None:
    """§5.7, §5.2: gnomes:9 after the winning frostbeasts:0 is not collected, so it is not placed
    face-up either."""
    state = _phase_two(
        [["frostbeasts:0", "trolls:1"], ["gnomes:9", "trolls:2"]],
        ["play frostbeasts:0", "play gnomes:9"],
        factions=WITH_TROLLS,
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["frostbeasts:0"]
    assert zone(state, "gnomes", 0) == zone(state, "gnomes", 1) == []
    assert zone(state, "discard")[-1] == "gnomes:9"
