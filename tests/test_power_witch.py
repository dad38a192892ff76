"""Witch (§6, R-61 value 5, both phases): led, only a follow card with an even effective value
above 5 (6, 8, 10, …, heroes included) beats it; any other card loses to it (H28). Played
second it is an off-faction hero of value 5 (H2). Later-played hero powers override it (H5), and
it decides against a matching Basilisk follow without a capture (H6)."""

from __future__ import annotations

import pytest

from claim.core import engine
from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

# Ice Kings give the even 10 (H28: "6, 8, 10, ..."); Basilisks give the H6 case
WITCH_DECK = ["ice-kings", "ice-queens", "undead", "dwarves", "basilisks"]
HEROES = ["witch", "warlock", "centaur-archer", "lich-king", "invincible-warrior"]
PRIZE = "ice-queens:9"
DECK_TOP = ["ice-queens:8", "ice-queens:7"]

WITCH_WINS = "the Witch beats anything but an even value above 5"
WITCH_LOSES = "only an even value above 5 beats the Witch"


def _trick(
    hand0: list[str],
    hand1: list[str],
    moves: list[str],
    phase: int = 2,
) -> State:
    """Play ``moves`` from a trick of ``phase`` with player 0 leading; the discard pile starts
    empty. In Phase One the prize is ``PRIZE`` and the deck holds ``DECK_TOP``."""
    record = position_record(
        WITCH_DECK,
        phase=phase,
        prize=PRIZE if phase == 1 else None,
        deck_top=DECK_TOP if phase == 1 else [],
        hands=[hand0, hand1],
        heroes=HEROES,
        discard=[],
        moves=moves,
    )
    return replay(record)


@pytest.mark.parametrize("card", ["ice-kings:6", "ice-kings:8", "ice-kings:10"])
def test_an_even_value_above_five_beats_a_led_witch(card: str) -> None:
    """H28: a follow card of effective value 6, 8 or 10 beats the led Witch; the winner collects
    both cards and leads next."""
    state = _trick(
        ["hero:witch", "ice-queens:1"],
        [card, "ice-queens:2"],
        ["play hero:witch", f"play {card}"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == WITCH_LOSES
    assert [p["value"] for p in trick["plays"]] == [5, int(card.split(":")[1])]
    assert zone(state, "score", 1) == ["hero:witch", card]
    assert zone(state, "score", 0) == []
    assert engine.current_player(state) == 1


@pytest.mark.parametrize(
    "card", ["ice-kings:0", "ice-kings:4", "ice-kings:5", "ice-kings:7", "ice-kings:9"]
)
def test_any_other_value_loses_to_a_led_witch(card: str) -> None:
    """H28: odd values (7 and 9 although higher, 5 though equal) and even values of 5 or less
    (0, 4) lose to the led Witch; the Witch's player collects both and leads next."""
    state = _trick(
        ["hero:witch", "ice-queens:1"],
        [card, "ice-queens:2"],
        ["play hero:witch", f"play {card}"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == WITCH_WINS
    assert zone(state, "score", 0) == ["hero:witch", card]
    assert zone(state, "score", 1) == []
    assert engine.current_player(state) == 0


def test_a_led_witch_frees_the_follower() -> None:
    """§6, H3: a led hero sets no led faction: the follower may play any card of their hand."""
    state = _trick(
        ["hero:witch", "ice-queens:1"],
        ["undead:2", "ice-kings:7", "dwarves:4"],
        ["play hero:witch"],
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play undead:2", "play ice-kings:7", "play dwarves:4"]


def test_heroes_of_even_value_above_five_beat_the_witch_and_others_do_not() -> None:
    """H28 ("heroes included"): the Lich King (6) played second beats the led Witch (a Lich King
    played second does nothing, H14); the Invincible Warrior (9, odd) loses to it."""
    state = _trick(
        ["hero:witch", "ice-queens:1"],
        ["hero:lich-king", "ice-queens:2"],
        ["play hero:witch", "play hero:lich-king"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == WITCH_LOSES
    assert [p["value"] for p in trick["plays"]] == [5, 6]
    assert zone(state, "score", 1) == ["hero:witch", "hero:lich-king"]

    state = _trick(
        ["hero:witch", "ice-queens:1"],
        ["hero:invincible-warrior", "ice-queens:2"],
        ["play hero:witch", "play hero:invincible-warrior"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == WITCH_WINS
    assert zone(state, "score", 0) == ["hero:witch", "hero:invincible-warrior"]


def test_a_witch_played_second_is_an_off_faction_card() -> None:
    """H2: a follower holding the led faction may not play the Witch; one who cannot follow may,
    and then loses as off-faction (the Witch acts only when led), though 5 > 3."""
    state = _trick(
        ["ice-kings:3", "ice-queens:1"],
        ["hero:witch", "ice-kings:1", "undead:2"],
        ["play ice-kings:3"],
    )
    assert engine.legal_actions(state) == ["play ice-kings:1"]

    state = _trick(
        ["ice-kings:3", "ice-queens:1"],
        ["hero:witch", "undead:2"],
        ["play ice-kings:3", "play hero:witch"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["ice-kings:3", "hero:witch"]


def test_a_witch_played_second_on_a_led_hero_competes_by_value() -> None:
    """§6, H28: a Witch that is not led has no power: on a led Invincible Warrior (9) it loses
    by value although 9 is odd; on a led Warlock (2, whose power needs it played second) the
    Witch's 5 wins by value."""
    state = _trick(
        ["hero:invincible-warrior", "ice-queens:1"],
        ["hero:witch", "ice-queens:2"],
        ["play hero:invincible-warrior", "play hero:witch"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"

    state = _trick(
        ["hero:warlock", "ice-queens:1"],
        ["hero:witch", "ice-queens:2"],
        ["play hero:warlock", "play hero:witch"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["hero:warlock", "hero:witch"]


@pytest.mark.parametrize(
    ("hero", "reason"),
    [
        ("warlock", "the Warlock beats an odd value"),
        ("centaur-archer", "the Centaur Archer beats a 5 or 6"),
    ],
)
def test_a_later_hero_power_overrides_the_witch(hero: str, reason: str) -> None:
    """H5, H28, R-3: within the hero tier the later-played card has the last word: a Warlock (2)
    second on the led Witch's odd 5 wins, and so does a Centaur Archer (3) on its 5."""
    state = _trick(
        ["hero:witch", "ice-queens:1"],
        [f"hero:{hero}", "ice-queens:2"],
        ["play hero:witch", f"play hero:{hero}"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == reason
    assert zone(state, "score", 1) == ["hero:witch", f"hero:{hero}"]
    assert engine.current_player(state) == 1


def test_a_led_witch_beats_a_matching_basilisk_without_a_capture() -> None:
    """H6, §4.4 (heroes > factions): basilisks:5 on the led Witch (5) would capture it and win;
    the Witch's power overrides the winner, so there is no capture: the Witch's player wins and
    collects both cards normally."""
    state = _trick(
        ["hero:witch", "ice-queens:1"],
        ["basilisks:5", "ice-queens:2"],
        ["play hero:witch", "play basilisks:5"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == WITCH_WINS
    assert zone(state, "score", 0) == ["hero:witch", "basilisks:5"]
    assert zone(state, "score", 1) == []
    assert engine.current_player(state) == 0


def test_a_led_witch_against_a_basilisk_in_phase_one() -> None:
    """H6 in Phase One: no capture into the Basilisk player's Score pile; the Witch's player
    takes the prize, the loser draws, both played cards are discarded."""
    state = _trick(
        ["hero:witch", "ice-queens:1"],
        ["basilisks:5", "ice-queens:2"],
        ["play hero:witch", "play basilisks:5"],
        phase=1,
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert zone(state, "discard") == ["hero:witch", "basilisks:5"]
    assert zone(state, "followers", 0) == [PRIZE]
    assert zone(state, "followers", 1) == [DECK_TOP[0]]


def test_the_witch_acts_in_phase_one() -> None:
    """H28, H4 (unlabelled: both phases): in Phase One the led Witch beats ice-kings:9 and takes
    the prize; undead:8 (even, above 5) beats it and, as an Undead, goes to the winner's Score
    pile while the Witch is discarded."""
    state = _trick(
        ["hero:witch", "ice-queens:1"],
        ["ice-kings:9", "ice-queens:2"],
        ["play hero:witch", "play ice-kings:9"],
        phase=1,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == WITCH_WINS
    assert zone(state, "followers", 0) == [PRIZE]
    assert zone(state, "followers", 1) == [DECK_TOP[0]]
    assert zone(state, "discard") == ["hero:witch", "ice-kings:9"]

    state = _trick(
        ["hero:witch", "ice-queens:1"],
        ["undead:8", "ice-queens:2"],
        ["play hero:witch", "play undead:8"],
        phase=1,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == WITCH_LOSES
    assert zone(state, "score", 1) == ["undead:8"]
    assert zone(state, "discard") == ["hero:witch"]
    assert zone(state, "followers", 1) == [PRIZE]
    assert zone(state, "followers", 0) == [DECK_TOP[0]]
    assert engine.current_player(state) == 1
