"""Warlock (RULES.md §6, R-61 value 2): played second on a card with an odd effective value, it
wins. RULINGS H16: the value tested is the other card's final effective value (all tiers); 0 is
even. H2: played second it is off-faction, so it may be played only when its player cannot
follow. H5: a hero power that wins makes its card the winning card, so powers about the trick
being "won by" the other card (Werewolves, Zombies) do not act; §4.4: heroes outrank factions.
H4: no phase label, it acts in both phases."""

from __future__ import annotations

from typing import Any

import pytest

from claim.core import engine
from claim.core.state import State
from scenario import CLAIM, CLAIM2, last_trick, position_record, replay, trick_state, zone

FEAR_DECK = ["goblins", "knights", "werewolves", "zombies", "undead"]
UNICORN_DECK = ["goblins", "knights", "unicorns", "undead", "dwarves"]
WINS = "the Warlock beats an odd value"


def _trick(hand0: list[str], hand1: list[str], moves: list[str], **options: Any) -> State:
    """:func:`scenario.trick_state` with the Warlock in the game."""
    options.setdefault("heroes", ("warlock",))
    return trick_state(hand0, hand1, moves, **options)


@pytest.mark.parametrize("lead", ["undead:1", "undead:5", "undead:9"])
def test_second_on_an_odd_value_it_wins(lead: str) -> None:
    """§6: the Warlock, played second (off-faction: its player holds no Undead), beats an odd
    lead; its player collects both cards (§3.2) and leads next."""
    state = _trick(
        [lead, "goblins:1"],
        ["hero:warlock", "goblins:2"],
        [f"play {lead}", "play hero:warlock"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [int(lead[-1]), 2]
    assert trick["winner"] == 1
    assert trick["reason"] == WINS
    assert zone(state, "score", 1) == [lead, "hero:warlock"]
    assert zone(state, "score", 0) == []
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2"]


@pytest.mark.parametrize("lead", ["undead:0", "undead:4", "undead:8"])
def test_second_on_an_even_value_it_loses_off_faction(lead: str) -> None:
    """§6, H16: on an even lead, 0 included, the Warlock has no power: off-faction, it loses."""
    state = _trick(
        [lead, "goblins:1"],
        ["hero:warlock", "goblins:2"],
        [f"play {lead}", "play hero:warlock"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == [lead, "hero:warlock"]
    assert engine.current_player(state) == 0


def test_it_may_not_be_played_by_a_player_who_can_follow() -> None:
    """H2: a player holding the led faction must follow it; the Warlock is not offered."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["undead:5", "goblins:1"], ["hero:warlock", "undead:2", "goblins:2"]],
        heroes=["warlock"],
        moves=["play undead:5"],
    )
    state = replay(record)
    assert engine.legal_actions(state) == ["play undead:2"]


def test_a_led_warlock_has_no_power() -> None:
    """§6: a led hero sets no led faction and the higher value wins: a led Warlock (2) beats
    goblins:1 (odd) and loses to goblins:3."""
    state = _trick(
        ["hero:warlock", "goblins:5"],
        ["goblins:1", "goblins:2"],
        ["play hero:warlock", "play goblins:1"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    state = _trick(
        ["hero:warlock", "goblins:5"],
        ["goblins:3", "goblins:2"],
        ["play hero:warlock", "play goblins:3"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"


def test_it_acts_in_phase_one() -> None:
    """H4: in Phase One the Warlock on undead:3 wins and takes the prize; the leader draws the
    deck's top card; the played cards are discarded (Undead go to the winner's Score pile,
    §5.1: the undead:3 is played in the trick, so it goes to the Warlock's player)."""
    state = _trick(
        ["undead:3", "goblins:1"],
        ["hero:warlock", "goblins:2"],
        ["play undead:3", "play hero:warlock"],
        phase=1,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == WINS
    assert zone(state, "followers", 1) == ["goblins:9"]
    assert zone(state, "followers", 0) == ["goblins:8"]
    assert zone(state, "score", 1) == ["undead:3"]
    assert zone(state, "discard")[-1] == "hero:warlock"
    assert engine.current_player(state) == 1


def test_the_tested_value_is_the_final_effective_value() -> None:
    """H16: the lead's final effective value is tested: with a Unicorn in the leader's Score
    pile (§5.6, Phase Two: +1) goblins:4 counts 5 (odd), so the Warlock wins; goblins:5
    counts 6 (even), so it does not."""
    state = _trick(
        ["goblins:4", "goblins:1"],
        ["hero:warlock", "undead:2"],
        ["play goblins:4", "play hero:warlock"],
        factions=UNICORN_DECK,
        scores=(("unicorns:3",), ()),
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [5, 2]
    assert trick["winner"] == 1
    assert trick["reason"] == WINS
    state = _trick(
        ["goblins:5", "goblins:1"],
        ["hero:warlock", "undead:2"],
        ["play goblins:5", "play hero:warlock"],
        factions=UNICORN_DECK,
        scores=(("unicorns:3",), ()),
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [6, 2]
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"


def test_a_warlock_win_on_a_werewolf_lead_does_not_flip_the_moon() -> None:
    """H5, §4.4: the Warlock on werewolves:3 wins over the Werewolf lead (no moon); the trick
    was not won by a Werewolf card, so the moon stays no moon."""
    record = position_record(
        FEAR_DECK,
        phase=2,
        hands=[["werewolves:3", "goblins:1"], ["hero:warlock", "goblins:2"]],
        heroes=["warlock"],
        moves=["play werewolves:3", "play hero:warlock"],
    )
    state = replay(record)
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == WINS
    assert state.moon == "no-moon"


def test_a_warlock_win_on_a_zombie_lead_stops_the_zombie_capture() -> None:
    """H5, §5.3: Phase One, the Warlock beats zombies:7; the Zombie did not win, so nothing is
    captured: both played cards are discarded, the Warlock's player takes the prize."""
    state = _trick(
        ["zombies:7", "goblins:1"],
        ["hero:warlock", "goblins:2"],
        ["play zombies:7", "play hero:warlock"],
        phase=1,
        factions=FEAR_DECK,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == WINS
    assert zone(state, "score", 0) == []
    assert zone(state, "score", 1) == []
    assert zone(state, "discard")[-2:] == ["zombies:7", "hero:warlock"]
    assert zone(state, "followers", 1) == ["goblins:9"]
    assert zone(state, "followers", 0) == ["goblins:8"]


def test_a_warlock_win_on_a_dragon_lead_leaves_the_dragon_lead_power() -> None:
    """§5.2, H5: the Warlock beats dragons:5 and its player collects the trick, but the Warlock
    says nothing about the next leader, so the Dragon's player (the loser) leads next."""
    state = _trick(
        ["dragons:5", "gnomes:1"],
        ["hero:warlock", "gnomes:3"],
        ["play dragons:5", "play hero:warlock"],
        factions=CLAIM2,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == WINS
    assert zone(state, "score", 1) == ["dragons:5", "hero:warlock"]
    assert engine.current_player(state) == 0
