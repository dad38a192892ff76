"""Centaur Archer (RULES.md §6, R-61 value 3): played second on a card with effective value 5 or
6, it wins. RULINGS H16: the value tested is the other card's final effective value (all tiers).
H2: played second it is off-faction, so it may be played only when its player cannot follow.
H5: its win makes it the winning card (a Zombie that lost captures nothing); §4.4: heroes
outrank factions. H4: no phase label, it acts in both phases."""

from __future__ import annotations

from typing import Any

import pytest

from claim.core import engine
from claim.core.state import State
from scenario import CLAIM, CLAIM2, last_trick, position_record, replay, trick_state, zone

FEAR_DECK = ["goblins", "knights", "werewolves", "zombies", "undead"]
UNICORN_DECK = ["goblins", "knights", "unicorns", "undead", "dwarves"]
WINS = "the Centaur Archer beats a 5 or 6"


def _trick(hand0: list[str], hand1: list[str], moves: list[str], **options: Any) -> State:
    """:func:`scenario.trick_state` with the Centaur Archer in the game."""
    options.setdefault("heroes", ("centaur-archer",))
    return trick_state(hand0, hand1, moves, **options)


@pytest.mark.parametrize("lead", ["undead:5", "undead:6"])
def test_second_on_a_five_or_six_it_wins(lead: str) -> None:
    """§6: the Archer played second (its player holds no Undead) beats a lead of 5 or 6; its
    player collects both cards and leads next."""
    state = _trick(
        [lead, "goblins:1"],
        ["hero:centaur-archer", "goblins:2"],
        [f"play {lead}", "play hero:centaur-archer"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [int(lead[-1]), 3]
    assert trick["winner"] == 1
    assert trick["reason"] == WINS
    assert zone(state, "score", 1) == [lead, "hero:centaur-archer"]
    assert zone(state, "score", 0) == []
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2"]


@pytest.mark.parametrize("lead", ["undead:4", "undead:7"])
def test_second_on_a_four_or_a_seven_it_loses_off_faction(lead: str) -> None:
    """§6: on 4 or 7 (outside 5–6) the Archer has no power: off-faction, it loses."""
    state = _trick(
        [lead, "goblins:1"],
        ["hero:centaur-archer", "goblins:2"],
        [f"play {lead}", "play hero:centaur-archer"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == [lead, "hero:centaur-archer"]
    assert engine.current_player(state) == 0


def test_it_may_not_be_played_by_a_player_who_can_follow() -> None:
    """H2: holding an Undead, the follower must play it on undead:5; the Archer is not offered."""
    state = replay(
        position_record(
            CLAIM,
            phase=2,
            hands=[["undead:5", "goblins:1"], ["hero:centaur-archer", "undead:2", "goblins:2"]],
            heroes=["centaur-archer"],
            moves=["play undead:5"],
        )
    )
    assert engine.legal_actions(state) == ["play undead:2"]


def test_a_led_archer_has_no_power() -> None:
    """§6: a led Archer (3) is a plain value: goblins:5 following it wins by value."""
    state = _trick(
        ["hero:centaur-archer", "goblins:1"],
        ["goblins:5", "goblins:2"],
        ["play hero:centaur-archer", "play goblins:5"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [3, 5]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"


def test_it_acts_in_phase_one() -> None:
    """H4: in Phase One the Archer on knights:6 wins and takes the prize; the leader draws;
    both played cards are discarded."""
    state = _trick(
        ["knights:6", "goblins:1"],
        ["hero:centaur-archer", "goblins:2"],
        ["play knights:6", "play hero:centaur-archer"],
        phase=1,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == WINS
    assert zone(state, "followers", 1) == ["goblins:9"]
    assert zone(state, "followers", 0) == ["goblins:8"]
    assert zone(state, "discard")[-2:] == ["knights:6", "hero:centaur-archer"]
    assert engine.current_player(state) == 1


def test_on_a_led_lich_king_it_wins_with_value_zero() -> None:
    """H14, H16: after a led Lich King the Archer counts 3 − 3 = 0, but its power tests the Lich
    King's 6 and wins (hero layers in play order, H5)."""
    state = _trick(
        ["hero:lich-king", "goblins:1"],
        ["hero:centaur-archer", "goblins:2"],
        ["play hero:lich-king", "play hero:centaur-archer"],
        heroes=("centaur-archer", "lich-king"),
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [6, 0]
    assert trick["winner"] == 1
    assert trick["reason"] == WINS
    assert zone(state, "score", 1) == ["hero:lich-king", "hero:centaur-archer"]


def test_the_tested_value_is_the_final_effective_value() -> None:
    """H16: with a Unicorn in the leader's Score pile (§5.6, Phase Two: +1) goblins:4 counts 5
    and the Archer wins; goblins:6 counts 7 and it does not."""
    state = _trick(
        ["goblins:4", "goblins:1"],
        ["hero:centaur-archer", "undead:2"],
        ["play goblins:4", "play hero:centaur-archer"],
        factions=UNICORN_DECK,
        scores=(("unicorns:3",), ()),
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [5, 3]
    assert trick["winner"] == 1
    assert trick["reason"] == WINS
    state = _trick(
        ["goblins:6", "goblins:1"],
        ["hero:centaur-archer", "undead:2"],
        ["play goblins:6", "play hero:centaur-archer"],
        factions=UNICORN_DECK,
        scores=(("unicorns:3",), ()),
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [7, 3]
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"


def test_an_archer_win_on_a_zombie_lead_stops_the_zombie_capture() -> None:
    """H5: Phase One, the Archer beats zombies:5; the Zombie did not win, so nothing is
    captured: both cards are discarded and the Archer's player takes the prize."""
    state = _trick(
        ["zombies:5", "goblins:1"],
        ["hero:centaur-archer", "goblins:2"],
        ["play zombies:5", "play hero:centaur-archer"],
        phase=1,
        factions=FEAR_DECK,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == WINS
    assert zone(state, "score", 0) == []
    assert zone(state, "score", 1) == []
    assert zone(state, "discard")[-2:] == ["zombies:5", "hero:centaur-archer"]
    assert zone(state, "followers", 1) == ["goblins:9"]


def test_an_archer_win_on_a_dragon_lead_leaves_the_dragon_lead_power() -> None:
    """§5.2, H5: the Archer beats dragons:6 and collects the trick, but it names no next
    leader, so the Dragon's player leads next although they lost."""
    state = _trick(
        ["dragons:6", "gnomes:1"],
        ["hero:centaur-archer", "gnomes:3"],
        ["play dragons:6", "play hero:centaur-archer"],
        factions=CLAIM2,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == WINS
    assert zone(state, "score", 1) == ["dragons:6", "hero:centaur-archer"]
    assert engine.current_player(state) == 0


def test_a_vampire_queen_led_takes_its_power() -> None:
    """H7, H38: a led Vampire Queen (6) takes the power of the other card of its trick: the
    Archer second on it is a plain 3 and loses by value (H3: a led hero frees the follower)."""
    state = _trick(
        ["hero:vampire-queen", "goblins:1"],
        ["hero:centaur-archer", "goblins:2"],
        ["play hero:vampire-queen", "play hero:centaur-archer"],
        heroes=("centaur-archer", "vampire-queen"),
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [6, 3]
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
