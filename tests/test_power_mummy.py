"""Mummy (RULES.md §6, R-61 value 4): played second on a card with effective value 7 or more, it
wins. RULINGS H16: the value tested is the other card's final effective value (all tiers). H2:
played second it is off-faction, so it may be played only when its player cannot follow. H5: a
hero power that wins makes its card the winning card (a Werewolf that lost flips no moon);
§4.4: heroes outrank factions. H4: no phase label, it acts in both phases."""

from __future__ import annotations

from typing import Any

import pytest

from claim.core import engine
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, trick_state, zone

FEAR_DECK = ["goblins", "knights", "werewolves", "zombies", "undead"]
UNICORN_DECK = ["goblins", "knights", "unicorns", "undead", "dwarves"]
WINS = "the Mummy beats a value of 7 or more"


def _trick(hand0: list[str], hand1: list[str], moves: list[str], **options: Any) -> State:
    """:func:`scenario.trick_state` with the Mummy in the game."""
    options.setdefault("heroes", ("mummy",))
    return trick_state(hand0, hand1, moves, **options)


@pytest.mark.parametrize("lead", ["undead:7", "undead:8", "undead:9"])
def test_second_on_seven_or_more_it_wins(lead: str) -> None:
    """§6: the Mummy played second (its player holds no Undead) beats a lead of 7, 8 or 9; its
    player collects both cards and leads next."""
    state = _trick(
        [lead, "goblins:1"],
        ["hero:mummy", "goblins:2"],
        [f"play {lead}", "play hero:mummy"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [int(lead[-1]), 4]
    assert trick["winner"] == 1
    assert trick["reason"] == WINS
    assert zone(state, "score", 1) == [lead, "hero:mummy"]
    assert zone(state, "score", 0) == []
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2"]


@pytest.mark.parametrize("lead", ["undead:0", "undead:5", "undead:6"])
def test_second_on_less_than_seven_it_loses_off_faction(lead: str) -> None:
    """§6: on a lead below 7 the Mummy has no power: off-faction, it loses to the leader."""
    state = _trick(
        [lead, "goblins:1"],
        ["hero:mummy", "goblins:2"],
        [f"play {lead}", "play hero:mummy"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == [lead, "hero:mummy"]
    assert engine.current_player(state) == 0


def test_it_may_not_be_played_by_a_player_who_can_follow() -> None:
    """H2: holding an Undead, the follower must play it on undead:9; the Mummy is not offered."""
    state = replay(
        position_record(
            CLAIM,
            phase=2,
            hands=[["undead:9", "goblins:1"], ["hero:mummy", "undead:2", "goblins:2"]],
            heroes=["mummy"],
            moves=["play undead:9"],
        )
    )
    assert engine.legal_actions(state) == ["play undead:2"]


def test_a_led_mummy_has_no_power() -> None:
    """§6: a led Mummy (4) is a plain value: goblins:8 following it wins by value."""
    state = _trick(
        ["hero:mummy", "goblins:1"],
        ["goblins:8", "goblins:2"],
        ["play hero:mummy", "play goblins:8"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [4, 8]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"


def test_it_beats_a_led_hero_of_value_seven_or_more() -> None:
    """H16, H1: heroes have values: the Mummy second on a led Invincible Warrior (9) wins."""
    state = _trick(
        ["hero:invincible-warrior", "goblins:1"],
        ["hero:mummy", "goblins:2"],
        ["play hero:invincible-warrior", "play hero:mummy"],
        heroes=("mummy", "invincible-warrior"),
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [9, 4]
    assert trick["winner"] == 1
    assert trick["reason"] == WINS


def test_it_acts_in_phase_one() -> None:
    """H4: in Phase One the Mummy on knights:8 wins and takes the prize; the leader draws;
    both played cards are discarded."""
    state = _trick(
        ["knights:8", "goblins:1"],
        ["hero:mummy", "goblins:2"],
        ["play knights:8", "play hero:mummy"],
        phase=1,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == WINS
    assert zone(state, "followers", 1) == ["goblins:9"]
    assert zone(state, "followers", 0) == ["goblins:8"]
    assert zone(state, "discard")[-2:] == ["knights:8", "hero:mummy"]
    assert engine.current_player(state) == 1


def test_the_tested_value_is_the_final_effective_value() -> None:
    """H16: with a Unicorn in the leader's Score pile (§5.6, Phase Two: +1) goblins:6 counts 7,
    so the Mummy wins."""
    state = _trick(
        ["goblins:6", "goblins:1"],
        ["hero:mummy", "undead:2"],
        ["play goblins:6", "play hero:mummy"],
        factions=UNICORN_DECK,
        scores=(("unicorns:3",), ()),
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [7, 4]
    assert trick["winner"] == 1
    assert trick["reason"] == WINS


def test_a_mummy_beats_a_werewolf_lead_and_the_moon_stays() -> None:
    """H5, §4.4: with no moon, the Mummy second on werewolves:8 wins (hero tier over the
    Werewolf faction); the trick was not won by a Werewolf, so the moon does not flip."""
    state = _trick(
        ["werewolves:8", "goblins:1"],
        ["hero:mummy", "goblins:2"],
        ["play werewolves:8", "play hero:mummy"],
        factions=FEAR_DECK,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == WINS
    assert state.moon == "no-moon"
    assert zone(state, "score", 1) == ["werewolves:8", "hero:mummy"]


def test_a_mummy_win_on_a_zombie_lead_stops_the_zombie_capture() -> None:
    """H5: Phase One, the Mummy beats zombies:9; the Zombie did not win, so it captures
    nothing: both cards are discarded and the Mummy's player takes the prize."""
    state = _trick(
        ["zombies:9", "goblins:1"],
        ["hero:mummy", "goblins:2"],
        ["play zombies:9", "play hero:mummy"],
        phase=1,
        factions=FEAR_DECK,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert zone(state, "score", 0) == []
    assert zone(state, "score", 1) == []
    assert zone(state, "discard")[-2:] == ["zombies:9", "hero:mummy"]
    assert zone(state, "followers", 1) == ["goblins:9"]
