"""Werewolves (§5.3, both phases): the moon starts ``no-moon`` and carries over into Phase Two.
Whenever a trick is won by a Werewolf card, the moon flips. In a Werewolf-led trick with no moon
the lower value among following cards wins (equal values still go to the leader); with a full
moon the higher wins as usual. A Doppelganger following a Werewolf lead competes under the same
rule, but its win does not flip the moon."""

from __future__ import annotations

from claim.core import engine, records, view
from claim.core.positions import load_position
from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

WEREWOLF_DECK = ["goblins", "knights", "werewolves", "doppelgangers", "undead"]


def _trick(
    hand0: list[str],
    hand1: list[str],
    moves: list[str],
    moon: str = "no-moon",
    phase: int = 2,
) -> State:
    """Play ``moves`` from a trick of ``phase`` under ``moon``, player 0 leading."""
    record = position_record(
        WEREWOLF_DECK,
        phase=phase,
        prize="goblins:5" if phase == 1 else None,
        deck_top=["goblins:6", "goblins:7"] if phase == 1 else [],
        hands=[hand0, hand1],
        moves=moves,
    )
    record["position"]["moon"] = moon
    return replay(record)


def test_the_moon_starts_with_no_moon() -> None:
    """§2 step 2: a new game with Werewolves starts with ``no-moon``, shown to both players."""
    state = records.initial_state({"setup": {"factions": WEREWOLF_DECK}, "seed": 3})
    assert state.moon == "no-moon"
    assert view.report(state)["moon"] == "no-moon"
    assert view.observe(state, 0)["moon"] == view.observe(state, 1)["moon"] == "no-moon"


def test_no_moon_the_lower_following_werewolf_wins_and_the_moon_flips() -> None:
    """§5.3: with no moon werewolves:2 beats the lead werewolves:7; a Werewolf card won, so the
    moon flips to full moon; the winner collects both cards and leads next."""
    state = _trick(
        ["werewolves:7", "goblins:1"],
        ["werewolves:2", "goblins:2"],
        ["play werewolves:7", "play werewolves:2"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "no moon: the lower Werewolf wins"
    assert state.moon == "full-moon"
    assert view.report(state)["moon"] == "full-moon"
    assert view.observe(state, 0)["moon"] == "full-moon"
    assert zone(state, "score", 1) == ["werewolves:7", "werewolves:2"]
    assert engine.current_player(state) == 1


def test_no_moon_a_lower_lead_werewolf_wins() -> None:
    """§5.3: with no moon the lead werewolves:2 beats werewolves:7; the moon flips."""
    state = _trick(
        ["werewolves:2", "goblins:1"],
        ["werewolves:7", "goblins:2"],
        ["play werewolves:2", "play werewolves:7"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "no moon: the lower Werewolf wins"
    assert state.moon == "full-moon"


def test_full_moon_the_higher_werewolf_wins_and_the_moon_flips_back() -> None:
    """§5.3: with a full moon werewolves:7 beats the lead werewolves:2 as usual; a Werewolf
    won, so the moon flips back to no moon."""
    state = _trick(
        ["werewolves:2", "goblins:1"],
        ["werewolves:7", "goblins:2"],
        ["play werewolves:2", "play werewolves:7"],
        moon="full-moon",
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert state.moon == "no-moon"


def test_full_moon_a_lower_follower_loses() -> None:
    """§5.3: with a full moon the lead werewolves:7 beats werewolves:2."""
    state = _trick(
        ["werewolves:7", "goblins:1"],
        ["werewolves:2", "goblins:2"],
        ["play werewolves:7", "play werewolves:2"],
        moon="full-moon",
    )
    assert last_trick(state)["winner"] == 0
    assert state.moon == "no-moon"


def test_off_faction_card_on_a_werewolf_lead_loses_and_the_moon_flips() -> None:
    """§5.3, §4.3: the low rule is about following cards only: an off-faction goblins:0 loses
    to the lead werewolves:9 even with no moon; the Werewolf won, the moon flips."""
    state = _trick(
        ["werewolves:9", "goblins:1"],
        ["goblins:0", "knights:2"],
        ["play werewolves:9", "play goblins:0"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert state.moon == "full-moon"


def test_a_trick_not_won_by_a_werewolf_keeps_the_moon() -> None:
    """§5.3: an off-faction werewolves:0 loses to goblins:4: no Werewolf won, the moon stays.
    A Goblin lead is not under the low rule: goblins:3 following goblins:4 loses."""
    state = _trick(
        ["goblins:4", "goblins:1"],
        ["werewolves:0", "knights:2"],
        ["play goblins:4", "play werewolves:0"],
    )
    assert last_trick(state)["winner"] == 0
    assert state.moon == "no-moon"
    state = _trick(
        ["goblins:4", "goblins:1"],
        ["goblins:3", "knights:2"],
        ["play goblins:4", "play goblins:3"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert state.moon == "no-moon"


def test_lower_doppelganger_wins_on_a_werewolf_lead_without_flipping_the_moon() -> None:
    """§5.3: doppelgangers:2 following werewolves:6 competes under the no-moon rule and wins;
    the trick was not won by a Werewolf card, so the moon stays no moon."""
    state = _trick(
        ["werewolves:6", "goblins:1"],
        ["werewolves:1", "doppelgangers:2"],
        ["play werewolves:6", "play doppelgangers:2"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "no moon: the lower Werewolf wins"
    assert state.moon == "no-moon"
    assert zone(state, "score", 1) == ["werewolves:6", "doppelgangers:2"]


def test_higher_doppelganger_loses_on_a_werewolf_lead_with_no_moon() -> None:
    """§5.3: doppelgangers:8 following werewolves:6 loses with no moon; the Werewolf won and
    the moon flips."""
    state = _trick(
        ["werewolves:6", "goblins:1"],
        ["werewolves:1", "doppelgangers:8"],
        ["play werewolves:6", "play doppelgangers:8"],
    )
    assert last_trick(state)["winner"] == 0
    assert state.moon == "full-moon"


def test_higher_doppelganger_wins_on_a_werewolf_lead_with_full_moon() -> None:
    """§5.3: with a full moon doppelgangers:8 beats werewolves:6 as usual; no Werewolf won, so
    the moon stays full."""
    state = _trick(
        ["werewolves:6", "goblins:1"],
        ["werewolves:1", "doppelgangers:8"],
        ["play werewolves:6", "play doppelgangers:8"],
        moon="full-moon",
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert state.moon == "full-moon"


def test_equal_values_go_to_the_leader_with_no_moon() -> None:
    """§5.3: equal values still go to the leader: doppelgangers:4 on werewolves:4 loses; the
    Werewolf won, the moon flips."""
    state = _trick(
        ["werewolves:4", "goblins:1"],
        ["werewolves:1", "doppelgangers:4"],
        ["play werewolves:4", "play doppelgangers:4"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"
    assert state.moon == "full-moon"


def test_a_werewolf_on_a_doppelganger_lead_is_off_faction() -> None:
    """§5.1, §5.3: a Doppelganger lead makes Doppelgangers the led faction; the werewolves:1
    held by the follower cannot follow and loses off-faction; no Werewolf won."""
    state = _trick(
        ["doppelgangers:5", "goblins:1"],
        ["werewolves:1", "goblins:2"],
        ["play doppelgangers:5", "play werewolves:1"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert state.moon == "no-moon"


def test_werewolves_act_in_phase_one_too() -> None:
    """§5.3 (both phases): in Phase One werewolves:1 beats werewolves:8 with no moon, takes the
    prize and flips the moon; the played cards are discarded."""
    state = _trick(
        ["werewolves:8", "goblins:1"],
        ["werewolves:1", "goblins:2"],
        ["play werewolves:8", "play werewolves:1"],
        phase=1,
    )
    assert last_trick(state)["winner"] == 1
    assert state.moon == "full-moon"
    assert zone(state, "followers", 1) == ["goblins:5"]
    assert zone(state, "followers", 0) == ["goblins:6"]
    assert zone(state, "discard")[-2:] == ["werewolves:8", "werewolves:1"]


def test_the_moon_carries_over_into_phase_two() -> None:
    """§5.3: the last Phase One trick is won by werewolves:2 (no moon): the moon is full when
    Phase Two starts, so there the higher werewolves:8 beats werewolves:3, flipping it back."""
    record = position_record(
        WEREWOLF_DECK,
        phase=1,
        number=13,
        prize="werewolves:3",
        deck_top=["werewolves:8"],
        hands=[["werewolves:6"], ["werewolves:2"]],
        moves=["play werewolves:6", "play werewolves:2", "play werewolves:3", "play werewolves:8"],
    )
    state = records.replay(record, upto=2)
    assert last_trick(state)["winner"] == 1
    assert state.phase == 2
    assert state.moon == "full-moon"
    assert view.report(state)["moon"] == "full-moon"
    assert zone(state, "hand", 1) == ["werewolves:3"]
    assert zone(state, "hand", 0) == ["werewolves:8"]
    assert engine.current_player(state) == 1
    state = records.replay(record)
    trick = last_trick(state)
    assert trick["phase"] == 2
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert state.moon == "no-moon"
    assert state.result is not None
    assert zone(state, "score", 0) == ["werewolves:3", "werewolves:8"]
    assert state.result["votes"]["werewolves"] == 0


def test_the_moon_survives_a_position_round_trip() -> None:
    """The moon is part of the position (records.md): a full moon saved and restored stays full
    and decides the next Werewolf trick."""
    state = _trick(
        ["werewolves:7", "werewolves:5"],
        ["werewolves:2", "werewolves:4"],
        ["play werewolves:7", "play werewolves:2"],
    )
    restored = load_position(state.to_dict())
    assert restored.moon == "full-moon"
    engine.apply(restored, "play werewolves:4")
    engine.apply(restored, "play werewolves:5")
    trick = last_trick(restored)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert restored.moon == "no-moon"
