"""Doppelgangers (§5.1): a Doppelganger may be played as the follow card even when its player
could follow faction; it then counts as the led faction and competes by value, without that
faction's power. A Doppelganger lead makes Doppelgangers the led faction: the follower must play
a Doppelganger if they hold one."""

from __future__ import annotations

from claim.core import cards, engine
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, stacked_record, zone


def _phase_two(hand0: list[str], hand1: list[str], moves: list[str]) -> State:
    """Play ``moves`` from the first trick of Phase Two with these hands, player 0 leading."""
    return replay(position_record(CLAIM, phase=2, hands=[hand0, hand1], moves=moves))


def test_doppelganger_may_follow_even_when_holding_the_led_faction() -> None:
    """§5.1, §3.1 step 3: on a Goblin lead, a Goblin holder may play its Goblins or any
    Doppelganger, nothing else; the list keeps hand order without repeats."""
    hand0 = ["goblins:0"] * 5 + [f"goblins:{v}" for v in range(1, 9)]
    hand1 = [
        "knights:9",
        "doppelgangers:7",
        "goblins:9",
        "undead:0",
        "doppelgangers:1",
        *(f"dwarves:{v}" for v in range(8)),
    ]
    state = replay(stacked_record(CLAIM, hand0, hand1, moves=["play goblins:5"]))
    assert engine.legal_actions(state) == [
        "play doppelgangers:7",
        "play goblins:9",
        "play doppelgangers:1",
    ]
    engine.apply(state, "play doppelgangers:7")
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "discard") == ["goblins:5", "doppelgangers:7"]
    assert engine.current_player(state) == 1


def test_doppelganger_follow_equal_value_goes_to_the_leader() -> None:
    """§5.1, §4.3: a Doppelganger counts as the led faction, so equal values go to the leader."""
    state = _phase_two(
        ["knights:5", "goblins:1"],
        ["doppelgangers:5", "knights:2"],
        ["play knights:5", "play doppelgangers:5"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"
    assert zone(state, "score", 0) == ["knights:5", "doppelgangers:5"]


def test_doppelganger_follow_without_the_led_faction_competes_by_value() -> None:
    """§5.1: with no card of the led faction, a Doppelganger still counts as it: doppelgangers:1
    beats undead:0 (an off-faction card would lose)."""
    state = _phase_two(
        ["undead:0", "goblins:1"],
        ["doppelgangers:1", "goblins:2"],
        ["play undead:0", "play doppelgangers:1"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["undead:0", "doppelgangers:1"]


def test_doppelganger_lead_forces_a_doppelganger() -> None:
    """§5.1: a Doppelganger lead makes Doppelgangers the led faction; a holder must play one."""
    state = _phase_two(
        ["doppelgangers:4", "goblins:1"],
        ["goblins:9", "doppelgangers:2", "knights:9", "doppelgangers:6"],
        ["play doppelgangers:4"],
    )
    assert engine.legal_actions(state) == ["play doppelgangers:2", "play doppelgangers:6"]
    engine.apply(state, "play doppelgangers:6")
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["doppelgangers:4", "doppelgangers:6"]


def test_doppelganger_lead_without_a_doppelganger_to_follow() -> None:
    """§5.1, §4.3: with no Doppelganger the follower may play anything, and loses off-faction."""
    state = _phase_two(
        ["doppelgangers:0", "goblins:1"],
        ["goblins:9", "knights:9"],
        ["play doppelgangers:0"],
    )
    assert engine.legal_actions(state) == ["play goblins:9", "play knights:9"]
    engine.apply(state, "play goblins:9")
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["doppelgangers:0", "goblins:9"]


def test_doppelganger_on_goblin_lead_is_not_a_knight() -> None:
    """§5.1: on goblins:9 a doppelgangers:8 loses by value; it never wins as a Knight would."""
    state = _phase_two(
        ["goblins:9", "goblins:1"],
        ["doppelgangers:8", "knights:2"],
        ["play goblins:9", "play doppelgangers:8"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 0) == ["goblins:9", "doppelgangers:8"]


def test_doppelganger_on_undead_lead_is_discarded() -> None:
    """§5.1: in Phase One a Doppelganger winning on an Undead lead goes to the discard; only the
    Undead goes to the winner's Score pile (§5.1 Undead)."""
    record = position_record(
        CLAIM,
        phase=1,
        prize="goblins:1",
        deck_top=["goblins:2", "goblins:3"],
        hands=[["undead:6", "dwarves:0"], ["undead:2", "doppelgangers:9"]],
        moves=["play undead:6", "play doppelgangers:9"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["undead:6"]
    assert zone(state, "discard")[-1] == "doppelgangers:9"
    assert zone(state, "followers", 1) == ["goblins:1"]


def test_doppelganger_on_dwarf_lead_is_not_given_to_the_loser() -> None:
    """§5.1: in Phase Two the losing Dwarf leader scores the Dwarf; the winning Doppelganger goes
    to its winner, not to the loser as a Dwarf would."""
    state = _phase_two(
        ["dwarves:4", "goblins:1"],
        ["doppelgangers:5", "goblins:2"],
        ["play dwarves:4", "play doppelgangers:5"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 0) == ["dwarves:4"]
    assert zone(state, "score", 1) == ["doppelgangers:5"]


def test_follow_options_keep_hand_order_whatever_order_they_are_given_in() -> None:
    """The Doppelgangers' following rule adds the Doppelgangers in hand to the cards the follower
    may play, in hand order: computed by one pass over the hand when the allowed cards come in
    hand order (every rule does so), and the same when they do not (the general way)."""
    hand0 = ["goblins:0"] * 5 + [f"goblins:{v}" for v in range(1, 9)]
    hand1 = ["doppelgangers:7", "goblins:9", *(f"dwarves:{v}" for v in range(8)), "undead:0"]
    state = replay(stacked_record(CLAIM, hand0, [*hand1, "knights:9", "doppelgangers:1"]))
    power = next(p for p in state.book.follow_powers[1] if p.name == "doppelgangers")
    trick = state.trick
    assert trick is not None
    ids = {code: cards.IDS_BY_CODE[code][0] for code in ("goblins:9", "doppelgangers:7")}
    ids["goblins:3"] = cards.IDS_BY_CODE["goblins:3"][0]  # (any ids will do: no state read)
    ids["doppelgangers:1"] = cards.IDS_BY_CODE["doppelgangers:1"][0]
    hand = [ids["doppelgangers:7"], ids["goblins:9"], ids["doppelgangers:1"], ids["goblins:3"]]
    goblins = [ids["goblins:9"], ids["goblins:3"]]
    expected = hand
    assert power.follow_options(state, trick, hand, goblins) == expected
    assert power.follow_options(state, trick, hand, goblins[::-1]) == expected
    # nothing to add: the allowed list itself comes back
    no_doppelgangers = [ids["goblins:9"], ids["goblins:3"]]
    assert power.follow_options(state, trick, no_doppelgangers, goblins) is goblins
