"""Trolls (§5.2, Phase Two): a player collects at most one Troll per trick. Whenever a trick's
winner would collect Trolls, they take the single highest Troll (printed value) among those
played and the troll pool; the rest go to (or stay in) the pool. A trick with no Troll takes
nothing from the pool. The winner of the last trick of the game takes every Troll left in the
pool (§9 step 1)."""

from __future__ import annotations

from collections.abc import Sequence

from claim.core import view
from claim.core.state import State
from scenario import CLAIM2, last_trick, position_record, replay, same_cards, zone


def _phase_two(
    hand0: list[str],
    hand1: list[str],
    moves: list[str],
    pool: Sequence[str] = (),
    number: int = 1,
) -> State:
    """Play ``moves`` from Phase Two trick ``number``, player 0 leading, with a troll pool."""
    record = position_record(
        CLAIM2,
        phase=2,
        number=number,
        hands=[hand0, hand1],
        troll_pool=pool,
        moves=moves,
    )
    return replay(record)


def test_winner_takes_one_troll_the_other_goes_to_the_pool() -> None:
    """§5.2 Trolls: trolls:8 beats trolls:3; the winner keeps trolls:8, trolls:3 goes to the
    pool."""
    state = _phase_two(
        ["trolls:3", "seers:1"], ["trolls:8", "seers:2"], ["play trolls:3", "play trolls:8"]
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["trolls:8"]
    assert zone(state, "score", 0) == []
    assert zone(state, "troll_pool") == ["trolls:3"]
    assert view.report(state)["troll_pool"] == ["trolls:3"]


def test_a_higher_troll_in_the_pool_is_taken_instead() -> None:
    """§5.2 Trolls: the highest among played and pool is trolls:9 from the pool; both played
    Trolls go to the pool."""
    state = _phase_two(
        ["trolls:2", "seers:1"],
        ["trolls:5", "seers:2"],
        ["play trolls:2", "play trolls:5"],
        pool=["trolls:9", "trolls:4"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["trolls:9"]
    assert same_cards(zone(state, "troll_pool"), ["trolls:4", "trolls:2", "trolls:5"])
    assert zone(state, "score", 0) == []


def test_single_troll_with_another_card() -> None:
    """§5.2 Trolls: the winner takes the played trolls:6 (above the pool's trolls:1) and the
    other card as usual; the pool keeps trolls:1."""
    state = _phase_two(
        ["trolls:6", "seers:1"],
        ["seers:9", "seers:2"],
        ["play trolls:6", "play seers:9"],
        pool=["trolls:1"],
    )
    assert last_trick(state)["winner"] == 0
    assert same_cards(zone(state, "score", 0), ["trolls:6", "seers:9"])
    assert zone(state, "troll_pool") == ["trolls:1"]


def test_single_troll_swapped_for_a_higher_pool_troll() -> None:
    """§5.2 Trolls: with trolls:7 in the pool, the winner of a trolls:2 trick takes trolls:7 and
    trolls:2 goes to the pool."""
    state = _phase_two(
        ["trolls:2", "seers:1"],
        ["seers:9", "seers:2"],
        ["play trolls:2", "play seers:9"],
        pool=["trolls:7"],
    )
    assert last_trick(state)["winner"] == 0
    assert same_cards(zone(state, "score", 0), ["seers:9", "trolls:7"])
    assert zone(state, "troll_pool") == ["trolls:2"]


def test_a_trick_without_a_troll_takes_nothing_from_the_pool() -> None:
    """§5.2 Trolls: no Troll played, the pool stays as it is."""
    state = _phase_two(
        ["seers:3", "seers:1"],
        ["seers:5", "seers:2"],
        ["play seers:3", "play seers:5"],
        pool=["trolls:9", "trolls:4"],
    )
    assert zone(state, "score", 1) == ["seers:3", "seers:5"]
    assert zone(state, "troll_pool") == ["trolls:9", "trolls:4"]


def test_last_trick_winner_takes_the_pool() -> None:
    """§5.2 Trolls, §9 step 1: the winner of the last trick (no Troll in it) takes every Troll
    left in the pool, and they count for the Trolls vote."""
    state = _phase_two(
        ["seers:2"],
        ["seers:6"],
        ["play seers:2", "play seers:6"],
        pool=["trolls:1", "trolls:6"],
        number=13,
    )
    assert state.result is not None
    assert zone(state, "troll_pool") == []
    assert same_cards(zone(state, "score", 1), ["seers:2", "seers:6", "trolls:1", "trolls:6"])
    assert zone(state, "score", 0) == []
    assert state.result["votes"] == {
        "gnomes": None,
        "giants": None,
        "dragons": None,
        "trolls": 1,
        "seers": 1,
    }
    assert state.result["winner"] == 1


def test_last_trick_with_trolls_the_winner_ends_with_all_of_them() -> None:
    """§5.2 Trolls, §9 step 1: in the last trick the winner takes trolls:8 from the pool, the
    played trolls:0 and trolls:3 go to the pool, and then the pool goes to the winner too."""
    state = _phase_two(
        ["trolls:0"],
        ["trolls:3"],
        ["play trolls:0", "play trolls:3"],
        pool=["trolls:8"],
        number=13,
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "troll_pool") == []
    assert same_cards(zone(state, "score", 1), ["trolls:0", "trolls:3", "trolls:8"])


def test_loser_of_the_last_trick_gets_no_pool() -> None:
    """§9 step 1: the pool goes to the last trick's winner even if the loser played a Troll."""
    state = _phase_two(
        ["seers:7"],
        ["trolls:9"],
        ["play seers:7", "play trolls:9"],
        pool=["trolls:2"],
        number=13,
    )
    assert last_trick(state)["winner"] == 0
    assert same_cards(zone(state, "score", 0), ["seers:7", "trolls:9", "trolls:2"])
    assert zone(state, "score", 1) == []


def test_trolls_have_no_power_in_phase_one() -> None:
    """§5.2 Trolls act in Phase Two only: in Phase One both Trolls are discarded, no pool."""
    record = position_record(
        CLAIM2,
        phase=1,
        prize="seers:9",
        deck_top=["seers:8", "seers:7"],
        hands=[["trolls:3", "seers:1"], ["trolls:8", "seers:2"]],
        moves=["play trolls:3", "play trolls:8"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 1
    assert zone(state, "discard")[-2:] == ["trolls:3", "trolls:8"]
    assert zone(state, "troll_pool") == []
    assert zone(state, "followers", 1) == ["seers:9"]
