"""Stone Golem (§6, R-61 value 5, both phases): played second on a card whose final effective
value is 1 to 4 inclusive (H16), that card is discarded and the Golem wins. The crushed card goes
to the discard pile whatever power would collect it (hero tier, H17: Undead, Dwarves, Phase Two
collection); the Golem is collected as usual, and in Phase One the Golem's player takes the
prize. A Golem played second is still an off-faction hero for the following rule (H2)."""

from __future__ import annotations

import pytest

from claim.core import engine
from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

CLAIM = ["goblins", "knights", "undead", "dwarves", "doppelgangers"]
HEROES = ["stone-golem", "life-stealer", "bug-lord", "witch", "minotaur"]
PRIZE = "doppelgangers:9"
DECK_TOP = ["doppelgangers:8", "doppelgangers:7"]

CRUSH = "the Stone Golem crushes a value of 1 to 4"


def _trick(
    hand0: list[str],
    hand1: list[str],
    moves: list[str],
    phase: int = 2,
    scores: tuple[list[str], list[str]] = ([], []),
) -> State:
    """Play ``moves`` from a trick of ``phase`` with player 0 leading; the discard pile starts
    empty. In Phase One the prize is ``PRIZE`` and the deck holds ``DECK_TOP``."""
    record = position_record(
        CLAIM,
        phase=phase,
        prize=PRIZE if phase == 1 else None,
        deck_top=DECK_TOP if phase == 1 else [],
        hands=[hand0, hand1],
        scores=scores,
        heroes=HEROES,
        discard=[],
        moves=moves,
    )
    return replay(record)


@pytest.mark.parametrize("card", ["goblins:1", "goblins:2", "goblins:4"])
def test_the_golem_crushes_a_value_of_one_to_four(card: str) -> None:
    """§6, H16 (1-4 inclusive): the Golem second on a Goblin of value 1, 2 or 4 (its player holds
    no Goblin) wins: the lead card is discarded, the Golem goes into its player's Score pile, and
    that player leads next."""
    state = _trick(
        [card, "goblins:7"],
        ["hero:stone-golem", "knights:9"],
        [f"play {card}", "play hero:stone-golem"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == CRUSH
    assert zone(state, "discard") == [card]
    assert zone(state, "score", 1) == ["hero:stone-golem"]
    assert zone(state, "score", 0) == []
    assert engine.current_player(state) == 1


@pytest.mark.parametrize("card", ["goblins:0", "goblins:5"])
def test_the_golem_does_not_crush_zero_or_five(card: str) -> None:
    """H16: 0 and 5 are outside 1-4: the Golem is an off-faction card and the leader wins and
    collects both; nothing is discarded."""
    state = _trick(
        [card, "goblins:7"],
        ["hero:stone-golem", "knights:9"],
        [f"play {card}", "play hero:stone-golem"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == [card, "hero:stone-golem"]
    assert zone(state, "discard") == []


def test_the_golem_follows_the_following_rule() -> None:
    """H2: a follower holding a Goblin may not play the Golem on a Goblin lead."""
    state = _trick(
        ["goblins:3", "goblins:7"],
        ["hero:stone-golem", "goblins:8", "knights:9"],
        ["play goblins:3"],
    )
    assert engine.legal_actions(state) == ["play goblins:8"]


def test_a_crushed_undead_is_discarded_in_phase_one() -> None:
    """H17, §4.4 (heroes > factions): undead:3 led, the Golem second: the Undead would go to the
    winner's Score pile, but it is crushed into the discard pile; the Golem is discarded as usual
    in Phase One and its player takes the prize, the leader draws."""
    state = _trick(
        ["undead:3", "goblins:7"],
        ["hero:stone-golem", "knights:9"],
        ["play undead:3", "play hero:stone-golem"],
        phase=1,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == CRUSH
    assert zone(state, "discard") == ["undead:3", "hero:stone-golem"]
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert zone(state, "followers", 1) == [PRIZE]
    assert zone(state, "followers", 0) == [DECK_TOP[0]]
    assert engine.current_player(state) == 1


def test_a_crushed_dwarf_is_discarded_in_phase_two() -> None:
    """H17, §4.4: dwarves:2 led, the Golem second: the Dwarf would go to the loser's Score pile,
    but it is crushed into the discard pile; the Golem goes to its player's Score pile."""
    state = _trick(
        ["dwarves:2", "goblins:7"],
        ["hero:stone-golem", "knights:9"],
        ["play dwarves:2", "play hero:stone-golem"],
        scores=(["goblins:0"], []),
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == CRUSH
    assert zone(state, "discard") == ["dwarves:2"]
    assert zone(state, "score", 0) == ["goblins:0"]
    assert zone(state, "score", 1) == ["hero:stone-golem"]


def test_the_golem_crushes_a_led_hero_of_value_one_to_four() -> None:
    """§6, H16: on a led Life Stealer (4) the Golem wins and crushes it into the discard pile."""
    state = _trick(
        ["hero:life-stealer", "goblins:7"],
        ["hero:stone-golem", "knights:9"],
        ["play hero:life-stealer", "play hero:stone-golem"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == CRUSH
    assert zone(state, "discard") == ["hero:life-stealer"]
    assert zone(state, "score", 1) == ["hero:stone-golem"]


def test_the_golem_tests_the_effective_value() -> None:
    """H16 (final effective value), H24: a led Bug Lord is worth 0 in Phase One, so the Golem
    does not crush it and simply wins by value (5 > 0, a led hero sets no led faction); in Phase
    Two with three faction cards in its player's Score pile it is worth 3 and is crushed."""
    pile = ["goblins:0", "goblins:2", "hero:witch", "knights:2"]
    state = _trick(
        ["hero:bug-lord", "goblins:7"],
        ["hero:stone-golem", "knights:9"],
        ["play hero:bug-lord", "play hero:stone-golem"],
        phase=1,
        scores=(pile, []),
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [0, 5]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "discard") == ["hero:bug-lord", "hero:stone-golem"]

    state = _trick(
        ["hero:bug-lord", "goblins:7"],
        ["hero:stone-golem", "knights:9"],
        ["play hero:bug-lord", "play hero:stone-golem"],
        scores=(pile, []),
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [3, 5]
    assert trick["winner"] == 1
    assert trick["reason"] == CRUSH
    assert zone(state, "discard") == ["hero:bug-lord"]
    assert zone(state, "score", 1) == ["hero:stone-golem"]
    assert zone(state, "score", 0) == pile


def test_a_led_golem_has_no_power() -> None:
    """§6 ("played second"): a led Golem is a plain value-5 hero: it beats goblins:3 by value
    (nothing is crushed) and loses to goblins:7."""
    state = _trick(
        ["hero:stone-golem", "goblins:7"],
        ["goblins:3", "knights:9"],
        ["play hero:stone-golem", "play goblins:3"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 0) == ["hero:stone-golem", "goblins:3"]
    assert zone(state, "discard") == []

    state = _trick(
        ["hero:stone-golem", "goblins:1"],
        ["goblins:7", "knights:9"],
        ["play hero:stone-golem", "play goblins:7"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["hero:stone-golem", "goblins:7"]


def test_the_golem_beats_a_led_witch_only_outside_its_range() -> None:
    """H5, H28: on a led Witch (5, outside 1-4) the Golem has no power and the Witch's rule
    decides (5 is odd): the Witch wins."""
    state = _trick(
        ["hero:witch", "goblins:7"],
        ["hero:stone-golem", "knights:9"],
        ["play hero:witch", "play hero:stone-golem"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the Witch beats anything but an even value above 5"
    assert zone(state, "score", 0) == ["hero:witch", "hero:stone-golem"]


def test_a_crushed_troll_takes_nothing_from_the_troll_pool() -> None:
    """H17, §5.2 ("whenever a trick's winner would collect Trolls ... a trick with no Troll
    takes nothing from the pool"): the Golem crushes trolls:3 into the discard pile, so its
    player collects no Troll and trolls:8 stays in the pool; the Golem goes to the Score pile."""
    record = position_record(
        ["gnomes", "giants", "dragons", "trolls", "seers"],
        phase=2,
        hands=[["trolls:3", "dragons:1"], ["hero:stone-golem", "dragons:2"]],
        troll_pool=["trolls:8"],
        heroes=HEROES,
        discard=[],
        moves=["play trolls:3", "play hero:stone-golem"],
    )
    state = replay(record)
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == CRUSH
    assert zone(state, "discard") == ["trolls:3"]
    assert zone(state, "score", 1) == ["hero:stone-golem"]
    assert zone(state, "troll_pool") == ["trolls:8"]
