"""Lich King (RULES.md §6, R-61 value 6): the card played after it gets −3. RULINGS H14: only a
card played after it in the same trick counts (played second it does nothing); there is no floor,
so a value can go negative; the −3 is applied at the hero layer, after faction values
(Unicorns). H4: its power has no phase label, so it acts in both phases."""

from __future__ import annotations

from typing import Any

from claim.core import engine, view
from claim.core.state import State
from scenario import last_trick, trick_state, zone

UNICORN_DECK = ["goblins", "knights", "unicorns", "undead", "dwarves"]


def _trick(hand0: list[str], hand1: list[str], moves: list[str], **options: Any) -> State:
    """:func:`scenario.trick_state` with the Lich King in the game."""
    options.setdefault("heroes", ("lich-king",))
    return trick_state(hand0, hand1, moves, **options)


def test_a_led_lich_king_takes_three_from_the_follow_card() -> None:
    """§6, H14: undead:8 played after a led Lich King counts 5, so the Lich King (6) wins by
    value; the winner collects both cards (§3.2) and leads next."""
    state = _trick(
        ["hero:lich-king", "goblins:1"],
        ["undead:8", "goblins:2"],
        ["play hero:lich-king", "play undead:8"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [6, 5]
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 0) == ["hero:lich-king", "undead:8"]
    assert zone(state, "score", 1) == []
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:1"]


def test_a_nine_after_the_lich_king_only_ties_and_the_leader_keeps_the_tie() -> None:
    """§6, H14, §4.3: dwarves:9 after a led Lich King counts 6 = 6; equal values go to the
    leader."""
    state = _trick(
        ["hero:lich-king", "goblins:1"],
        ["dwarves:9", "goblins:2"],
        ["play hero:lich-king", "play dwarves:9"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [6, 6]
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"


def test_the_minus_three_has_no_floor() -> None:
    """H14: no floor at 0: goblins:1 after a led Lich King counts −2, goblins:0 counts −3."""
    state = _trick(
        ["hero:lich-king", "goblins:3"],
        ["goblins:1", "goblins:2"],
        ["play hero:lich-king", "play goblins:1"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [6, -2]
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    state = _trick(
        ["hero:lich-king", "goblins:1"],
        ["goblins:0", "goblins:2"],
        ["play hero:lich-king", "play goblins:0"],
    )
    assert [p["value"] for p in last_trick(state)["plays"]] == [6, -3]


def test_a_follow_hero_gets_minus_three_too() -> None:
    """H1, H14: a hero's R-61 value is its printed value; a Mummy (4) after a led Lich King
    counts 1 and loses by value (the Mummy's own power needs a lead of 7 or more)."""
    state = _trick(
        ["hero:lich-king", "goblins:1"],
        ["hero:mummy", "goblins:2"],
        ["play hero:lich-king", "play hero:mummy"],
        heroes=("lich-king", "mummy"),
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [6, 1]
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"


def test_played_second_off_faction_it_does_nothing() -> None:
    """H14, §6: played second the Lich King changes no value; off-faction on undead:5 (its
    player holds no Undead) it loses to the leader whatever its value."""
    state = _trick(
        ["undead:5", "goblins:1"],
        ["hero:lich-king", "goblins:2"],
        ["play undead:5", "play hero:lich-king"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [5, 6]
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["undead:5", "hero:lich-king"]


def test_played_second_on_a_led_hero_it_does_not_reduce_the_lead() -> None:
    """H14: the card played *before* it is untouched: a led Skeleton keeps 3, the Lich King (6)
    following it wins by value (H3: on a led hero every card competes)."""
    state = _trick(
        ["hero:skeleton", "goblins:1"],
        ["hero:lich-king", "goblins:2"],
        ["play hero:skeleton", "play hero:lich-king"],
        heroes=("lich-king", "skeleton"),
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [3, 6]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["hero:skeleton", "hero:lich-king"]
    assert engine.current_player(state) == 1


def test_it_acts_in_phase_one() -> None:
    """H4 (no phase label), H14: in Phase One knights:9 after a led Lich King counts 6 and loses
    the tie; the leader takes the prize, the follower draws the deck's top card, both played
    cards are discarded (§3.1)."""
    state = _trick(
        ["hero:lich-king", "goblins:1"],
        ["knights:9", "goblins:2"],
        ["play hero:lich-king", "play knights:9"],
        phase=1,
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [6, 6]
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"
    assert zone(state, "followers", 0) == ["goblins:9"]
    assert zone(state, "followers", 1) == ["goblins:8"]
    assert zone(state, "discard")[-2:] == ["hero:lich-king", "knights:9"]
    # the next trick has revealed goblins:7, the last card of the deck
    assert zone(state, "deck") == []
    assert view.report(state)["current"]["prize"] == "goblins:7"
    assert engine.current_player(state) == 0


def test_the_minus_three_comes_after_the_unicorn_bonus() -> None:
    """H14, §4.2: the −3 is at the hero layer, after factions: with one Unicorn in player 1's
    Score pile, goblins:9 counts 9 + 1 − 3 = 7 and beats the led Lich King (6)."""
    state = _trick(
        ["hero:lich-king", "goblins:1"],
        ["goblins:9", "goblins:2"],
        ["play hero:lich-king", "play goblins:9"],
        factions=UNICORN_DECK,
        scores=((), ("unicorns:3",)),
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [6, 7]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["unicorns:3", "hero:lich-king", "goblins:9"]


def test_a_warlock_after_a_led_lich_king_tests_the_even_six() -> None:
    """H14, H16: a Warlock played after a led Lich King counts 2 − 3 = −1; its power tests the
    Lich King's 6, even, so it does nothing and the Lich King wins by value."""
    state = _trick(
        ["hero:lich-king", "goblins:1"],
        ["hero:warlock", "goblins:2"],
        ["play hero:lich-king", "play hero:warlock"],
        heroes=("lich-king", "warlock"),
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [6, -1]
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"


def test_a_following_vampire_queen_is_not_cut() -> None:
    """H7: a Vampire Queen takes the other card's power whichever was played first, so a led
    Lich King does not cut a following Vampire Queen: 6 against 6, the leader keeps the tie."""
    state = _trick(
        ["hero:lich-king", "goblins:1"],
        ["hero:vampire-queen", "goblins:2"],
        ["play hero:lich-king", "play hero:vampire-queen"],
        heroes=("lich-king", "vampire-queen"),
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [6, 6]
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"
