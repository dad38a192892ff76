"""Basilisks (§5.6, both phases): a Basilisk played as the follow card on a lead card of exactly
the same effective value (any faction, following or not) puts the lead card straight into its
player's Score pile (R-10 in Phase One) and wins the trick. The captured card skips every other
collection power: a captured Gnome is not placed face-up, a captured Troll skips the pool, a
captured Dwarf stays with the Basilisk's player. A Basilisk lead has no such power, and a card
played after a led Basilisk, another Basilisk included, has none either."""

from __future__ import annotations

from collections.abc import Sequence

from claim.core import engine
from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

MAPS = ["goblins", "knights", "phoenixes", "unicorns", "basilisks"]
CLAIM2_BASILISKS = ["gnomes", "giants", "trolls", "basilisks", "dwarves"]
CAPTURE = "the Basilisk matched the lead's value and captured it"


def _phase_two(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    factions: Sequence[str] = MAPS,
    scores: Sequence[Sequence[str]] = ((), ()),
    troll_pool: Sequence[str] = (),
) -> State:
    """Play ``moves`` from the first Phase Two trick, player 0 leading."""
    record = position_record(
        factions,
        phase=2,
        hands=hands,
        scores=scores,
        troll_pool=troll_pool,
        moves=moves,
    )
    return replay(record)


def test_off_faction_basilisk_of_equal_value_captures_the_lead() -> None:
    """§5.6: basilisks:5 on goblins:5 (off-faction, which would lose) captures the Goblin into
    its player's Score pile and wins; its player leads next."""
    state = _phase_two(
        [["goblins:5", "goblins:1"], ["basilisks:5", "phoenixes:2"]],
        ["play goblins:5", "play basilisks:5"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == CAPTURE
    assert zone(state, "score", 1) == ["goblins:5", "basilisks:5"]
    assert zone(state, "score", 0) == []
    assert engine.current_player(state) == 1


def test_a_basilisk_of_another_value_does_nothing() -> None:
    """§5.6: basilisks:6 on goblins:5 is just an off-faction card: the leader wins both."""
    state = _phase_two(
        [["goblins:5", "goblins:1"], ["basilisks:6", "phoenixes:2"]],
        ["play goblins:5", "play basilisks:6"],
    )
    assert last_trick(state)["winner"] == 0
    assert last_trick(state)["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["goblins:5", "basilisks:6"]


def test_capture_in_phase_one_goes_straight_to_the_score_pile() -> None:
    """§5.6, R-10: in Phase One the captured goblins:7 goes to the Basilisk player's Score pile;
    that player wins the prize, the loser draws, and the Basilisk itself is discarded."""
    record = position_record(
        MAPS,
        phase=1,
        prize="knights:9",
        deck_top=["knights:8", "knights:7"],
        hands=[["goblins:7", "goblins:1"], ["basilisks:7", "phoenixes:2"]],
        moves=["play goblins:7", "play basilisks:7"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 1
    assert last_trick(state)["reason"] == CAPTURE
    assert zone(state, "score", 1) == ["goblins:7"]
    assert zone(state, "followers", 1) == ["knights:9"]
    assert zone(state, "followers", 0) == ["knights:8"]
    assert zone(state, "discard")[-1] == "basilisks:7"
    assert "goblins:7" not in zone(state, "discard")


def test_effective_values_with_unicorns() -> None:
    """§5.6, §4.2: the match compares effective values. goblins:4 with one Unicorn in its
    player's pile is a 5, and basilisks:3 with two Unicorns in its player's pile is a 5: it
    captures."""
    state = _phase_two(
        [["goblins:4", "goblins:1"], ["basilisks:3", "phoenixes:2"]],
        ["play goblins:4", "play basilisks:3"],
        scores=[["unicorns:1"], ["unicorns:2", "unicorns:3"]],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [5, 5]
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["unicorns:2", "unicorns:3", "goblins:4", "basilisks:3"]


def test_equal_printed_values_changed_by_unicorns_do_not_match() -> None:
    """§5.6: goblins:5 is a 6 with one Unicorn in its player's pile: basilisks:5 does not
    match, the leader wins."""
    state = _phase_two(
        [["goblins:5", "goblins:1"], ["basilisks:5", "phoenixes:2"]],
        ["play goblins:5", "play basilisks:5"],
        scores=[["unicorns:1"], []],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["unicorns:1", "goblins:5", "basilisks:5"]


def test_a_basilisk_lead_has_no_power() -> None:
    """§5.6: on a led basilisks:6 a following basilisks:5, a 6 with a Unicorn in its player's
    pile, does not capture: equal values go to the leader, who collects both."""
    state = _phase_two(
        [["basilisks:6", "goblins:1"], ["basilisks:5", "goblins:2"]],
        ["play basilisks:6", "play basilisks:5"],
        scores=[[], ["unicorns:1"]],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [6, 6]
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"
    assert zone(state, "score", 0) == ["basilisks:6", "basilisks:5"]
    assert zone(state, "score", 1) == ["unicorns:1"]


def test_a_basilisk_lead_matched_by_another_faction_does_nothing() -> None:
    """§5.6: a led basilisks:2 matched by an off-faction goblins:2: the leader wins as usual."""
    state = _phase_two(
        [["basilisks:2", "goblins:1"], ["goblins:2", "goblins:3"]],
        ["play basilisks:2", "play goblins:2"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["basilisks:2", "goblins:2"]


def test_a_captured_gnome_is_not_placed_face_up() -> None:
    """§5.6, §5.2: the captured gnomes:5 goes into the Score pile, not face-up, so no Giant can
    smash it."""
    state = _phase_two(
        [["gnomes:5", "gnomes:1"], ["basilisks:5", "dwarves:2"]],
        ["play gnomes:5", "play basilisks:5"],
        factions=CLAIM2_BASILISKS,
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["gnomes:5", "basilisks:5"]
    assert zone(state, "gnomes", 1) == []


def test_a_captured_troll_skips_the_pool() -> None:
    """§5.6, §5.2: the captured trolls:4 goes into the Score pile; the higher trolls:9 stays in
    the pool (no swap), so the Basilisk's player ends the trick with trolls:4."""
    state = _phase_two(
        [["trolls:4", "trolls:1"], ["basilisks:4", "dwarves:2"]],
        ["play trolls:4", "play basilisks:4"],
        factions=CLAIM2_BASILISKS,
        troll_pool=["trolls:9"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["trolls:4", "basilisks:4"]
    assert zone(state, "troll_pool") == ["trolls:9"]


def test_a_captured_dwarf_stays_with_the_basilisk_player() -> None:
    """§5.6, §5.1: the captured dwarves:2 is not given to the loser."""
    state = _phase_two(
        [["dwarves:2", "dwarves:1"], ["basilisks:2", "gnomes:3"]],
        ["play dwarves:2", "play basilisks:2"],
        factions=CLAIM2_BASILISKS,
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["dwarves:2", "basilisks:2"]
    assert zone(state, "score", 0) == []


def test_a_basilisk_must_still_follow_faction() -> None:
    """§3.1 step 3: a player holding a Goblin must play it on a Goblin lead; the Basilisk of the
    same value is not playable."""
    state = _phase_two(
        [["goblins:5", "goblins:1"], ["basilisks:5", "goblins:2"]],
        ["play goblins:5"],
    )
    assert engine.legal_actions(state) == ["play goblins:2"]
