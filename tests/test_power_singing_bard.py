"""Singing Bard (RULES.md §6, R-61 value 4): its player leads the next trick. RULINGS H23: it
beats Dragons (and Yetis, Plateau) because heroes outrank factions and locations (§4.4); across
the phase boundary it names the Phase Two leader; with Death in the same trick the later-played
card decides (R-3). H20: in a Gelatinous Cube trick (no winner) nobody changes the leader. H7: a
Vampire Queen takes its power. H4: no phase label, it acts in both phases."""

from __future__ import annotations

from collections.abc import Sequence

from claim.core import engine
from claim.core.state import State
from scenario import CLAIM, CLAIM2, last_trick, position_record, replay, zone


def _trick(
    hand0: list[str],
    hand1: list[str],
    moves: list[str],
    phase: int = 2,
    factions: Sequence[str] = CLAIM,
    heroes: Sequence[str] = ("singing-bard",),
    leader: int = 0,
) -> State:
    """Play ``moves`` from a trick of ``phase`` (Phase One: prize goblins:9, then goblins:8 on
    top of the deck)."""
    return replay(
        position_record(
            factions,
            phase=phase,
            prize="goblins:9" if phase == 1 else None,
            deck_top=["goblins:8", "goblins:7"] if phase == 1 else [],
            hands=[hand0, hand1],
            heroes=list(heroes),
            leader=leader,
            moves=moves,
        )
    )


def test_a_led_bard_that_loses_still_leads_next() -> None:
    """§6: goblins:7 beats the led Bard (4) and its player collects both cards, but the Bard's
    player leads the next trick."""
    state = _trick(
        ["hero:singing-bard", "goblins:1"],
        ["goblins:7", "goblins:2"],
        ["play hero:singing-bard", "play goblins:7"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["hero:singing-bard", "goblins:7"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:1"]


def test_a_bard_played_second_that_loses_still_leads_next() -> None:
    """§6, H2: the Bard played second (its player holds no Undead) loses off-faction to
    undead:2, yet its player leads next."""
    state = _trick(
        ["undead:2", "goblins:1"],
        ["hero:singing-bard", "goblins:2"],
        ["play undead:2", "play hero:singing-bard"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["undead:2", "hero:singing-bard"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2"]


def test_a_bard_that_wins_leads_next() -> None:
    """§6: the led Bard (4) beats goblins:3; its player wins and leads."""
    state = _trick(
        ["hero:singing-bard", "goblins:1"],
        ["goblins:3", "goblins:2"],
        ["play hero:singing-bard", "play goblins:3"],
    )
    assert last_trick(state)["winner"] == 0
    assert engine.current_player(state) == 0


def test_it_acts_in_phase_one() -> None:
    """H4: in Phase One the Bard led by player 1 loses to goblins:6; player 0 takes the prize,
    player 1 draws, and player 1 leads the next trick."""
    state = _trick(
        ["goblins:6", "goblins:1"],
        ["hero:singing-bard", "goblins:2"],
        ["play hero:singing-bard", "play goblins:6"],
        phase=1,
        leader=1,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert zone(state, "followers", 0) == ["goblins:9"]
    assert zone(state, "followers", 1) == ["goblins:8"]
    assert zone(state, "discard")[-2:] == ["hero:singing-bard", "goblins:6"]
    assert engine.current_player(state) == 1


def test_a_led_bard_beats_a_following_dragon_on_the_next_leader() -> None:
    """H23, §4.4: dragons:5 follows the led Bard and wins by value; the Dragon says its player
    leads next, the Bard (hero tier, above factions) says the Bard's player does: the Bard's
    player leads."""
    state = _trick(
        ["hero:singing-bard", "gnomes:1"],
        ["dragons:5", "gnomes:3"],
        ["play hero:singing-bard", "play dragons:5"],
        factions=CLAIM2,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["hero:singing-bard", "dragons:5"]
    assert engine.current_player(state) == 0


def test_a_bard_second_beats_a_led_dragon_on_the_next_leader() -> None:
    """H23, §4.4: the Bard second loses off-faction to dragons:3, whose player would lead next
    as winner and Dragon player; the Bard's player leads instead."""
    state = _trick(
        ["dragons:3", "gnomes:1"],
        ["hero:singing-bard", "gnomes:3"],
        ["play dragons:3", "play hero:singing-bard"],
        factions=CLAIM2,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert engine.current_player(state) == 1


def test_across_the_phase_boundary_it_names_the_phase_two_leader() -> None:
    """H23, §3.2: the Bard in the last Phase One trick loses, yet its player leads the first
    Phase Two trick."""
    record = position_record(
        CLAIM,
        phase=1,
        number=13,
        prize="goblins:9",
        deck_top=["goblins:8"],
        hands=[["goblins:6"], ["hero:singing-bard"]],
        heroes=["singing-bard"],
        moves=["play goblins:6", "play hero:singing-bard"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 0
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["goblins:9"]
    assert zone(state, "hand", 1) == ["goblins:8"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:8"]


def test_a_led_bard_under_a_cube_does_nothing() -> None:
    """H20: a Gelatinous Cube second on the led Bard leaves the trick without a winner and the
    same leader leads again (no leader change by any power)."""
    state = _trick(
        ["hero:singing-bard", "goblins:1"],
        ["hero:gelatinous-cube", "goblins:2"],
        ["play hero:singing-bard", "play hero:gelatinous-cube"],
        heroes=("singing-bard", "gelatinous-cube"),
    )
    assert last_trick(state)["winner"] is None
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:1"]


def test_a_vampire_queen_takes_the_bards_power() -> None:
    """H7, H38: the following Vampire Queen (6) beats the led Bard (4) and takes its power, so
    the Vampire Queen's player, the winner, leads next."""
    state = _trick(
        ["hero:singing-bard", "goblins:1"],
        ["hero:vampire-queen", "goblins:2"],
        ["play hero:singing-bard", "play hero:vampire-queen"],
        heroes=("singing-bard", "vampire-queen"),
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert engine.current_player(state) == 1


def test_a_bard_played_after_death_names_the_leader() -> None:
    """H23, R-3: Phase Two, Death (5) led wins by value over the Bard (4); Death says its
    would-be winner leads, the Bard, played later, says its player does: the Bard's player
    leads. Death discards both cards (H33)."""
    state = _trick(
        ["hero:death", "goblins:1"],
        ["hero:singing-bard", "goblins:2"],
        ["play hero:death", "play hero:singing-bard"],
        heroes=("singing-bard", "death"),
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert zone(state, "discard")[-2:] == ["hero:death", "hero:singing-bard"]
    assert engine.current_player(state) == 1


def test_death_played_after_a_bard_names_the_leader() -> None:
    """H23, R-3, H33: Phase Two, the led Bard (4) loses to Death (5); Death, played later,
    decides: its would-be winner (player 1) leads next, not the Bard's player."""
    state = _trick(
        ["hero:singing-bard", "goblins:1"],
        ["hero:death", "goblins:2"],
        ["play hero:singing-bard", "play hero:death"],
        heroes=("singing-bard", "death"),
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert zone(state, "discard")[-2:] == ["hero:singing-bard", "hero:death"]
    assert engine.current_player(state) == 1
