"""Kraken (§6, RULINGS H4, H11, H12, H33, H37; value 7, R-61): Phase Two: after a trick won with it,
a random card of the opponent's hand (the record's ``chance`` entry, H11) goes to the end of the
Kraken player's hand (automatic, no ``use``), then that player must ``give CODE`` a card of their
hand other than that physical card to the end of the opponent's hand. Nothing when the opponent's
hand is empty; no give when nothing else is held."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from claim.core import engine
from claim.core.errors import RecordError
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, zone

KRAKEN = "hero:kraken"


def _trick(
    hand0: list[str],
    hand1: list[str],
    moves: Sequence[str] = (),
    chance: Sequence[str] = (),
    phase: int = 2,
    heroes: Sequence[str] = (),
) -> State:
    """Play ``moves`` from a trick of ``phase`` (Claim deck, the Kraken and ``heroes`` in the
    game, random outcomes ``chance``), player 0 leading, with an empty discard pile."""
    return replay(
        position_record(
            CLAIM,
            phase=phase,
            prize="goblins:8" if phase == 1 else None,
            deck_top=["goblins:6", "goblins:7"] if phase == 1 else [],
            hands=[hand0, hand1],
            heroes=["kraken", *heroes],
            discard=[],
            chance=chance,
            moves=moves,
        )
    )


def test_winning_with_it_takes_the_chance_card_then_asks_for_a_give() -> None:
    """H37, H11: the led Kraken (7) beats goblins:2; goblins:5, the ``chance`` card, moves from
    player 1's hand to the end of player 0's; player 0 must then give a card other than it."""
    state = _trick(
        [KRAKEN, "undead:1", "dwarves:2"],
        ["goblins:2", "goblins:5", "knights:3"],
        ["play hero:kraken", "play goblins:2"],
        chance=["goblins:5"],
    )
    assert zone(state, "score", 0) == [KRAKEN, "goblins:2"]
    assert zone(state, "hand", 0) == ["undead:1", "dwarves:2", "goblins:5"]
    assert zone(state, "hand", 1) == ["knights:3"]
    assert state.chance == ["goblins:5"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["give undead:1", "give dwarves:2"]


def test_the_given_card_goes_to_the_end_of_the_opponents_hand() -> None:
    """H37, R-5: after ``give dwarves:2`` player 1 holds knights:3 then dwarves:2; the Kraken's
    player (the winner) leads the next trick."""
    state = _trick(
        [KRAKEN, "undead:1", "dwarves:2"],
        ["goblins:2", "goblins:5", "knights:3"],
        ["play hero:kraken", "play goblins:2", "give dwarves:2"],
        chance=["goblins:5"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert zone(state, "hand", 0) == ["undead:1", "goblins:5"]
    assert zone(state, "hand", 1) == ["knights:3", "dwarves:2"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play undead:1", "play goblins:5"]


def test_another_copy_of_the_taken_code_may_be_given() -> None:
    """H37 ("another copy of the same code may be given"): player 0 already holds a goblins:0 and
    takes player 1's goblins:0: ``give goblins:0`` is legal and gives the copy held before, not
    the physical card just taken."""
    state = _trick(
        [KRAKEN, "goblins:0"],
        ["goblins:2", "goblins:0"],
        ["play hero:kraken", "play goblins:2"],
        chance=["goblins:0"],
    )
    assert zone(state, "hand", 0) == ["goblins:0", "goblins:0"]
    held_before, taken = state.hands[0]
    assert engine.legal_actions(state) == ["give goblins:0"]
    engine.apply(state, "give goblins:0")
    assert state.hands[0] == [taken]
    assert state.hands[1] == [held_before]


def test_no_give_when_nothing_else_is_held() -> None:
    """H37: the Kraken was player 0's only card: after the take player 0 holds just the taken
    knights:3, so no give is asked and player 0 leads it."""
    state = _trick(
        [KRAKEN],
        ["goblins:2", "knights:3", "undead:4"],
        ["play hero:kraken", "play goblins:2"],
        chance=["knights:3"],
    )
    assert zone(state, "hand", 0) == ["knights:3"]
    assert zone(state, "hand", 1) == ["undead:4"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play knights:3"]


def test_nothing_happens_when_the_opponents_hand_is_empty() -> None:
    """H37: player 1's last card loses to the Kraken; their hand is empty, so nothing is taken
    (no ``chance`` drawn) or given; the phase ends (R-1) and player 0's last card is discarded."""
    state = _trick([KRAKEN, "undead:1"], ["goblins:2"], ["play hero:kraken", "play goblins:2"])
    assert state.chance == []
    assert zone(state, "score", 0) == [KRAKEN, "goblins:2"]
    assert zone(state, "discard") == ["undead:1"]
    assert state.result is not None


def test_nothing_when_it_loses() -> None:
    """H37 ("after a trick won with it"): the led Kraken (7) loses to goblins:9; no card moves
    between hands and the winner leads next."""
    state = _trick(
        [KRAKEN, "undead:1"],
        ["goblins:9", "goblins:2"],
        ["play hero:kraken", "play goblins:9"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "hand", 0) == ["undead:1"]
    assert zone(state, "hand", 1) == ["goblins:2"]
    assert state.chance == []
    assert engine.current_player(state) == 1


def test_played_second_off_faction_it_loses() -> None:
    """§6, H37: played second on a Goblin lead (its player holds none) the Kraken is off-faction
    and loses despite 7 > 3: no take."""
    state = _trick(
        ["goblins:3", "goblins:1"],
        [KRAKEN, "knights:2"],
        ["play goblins:3", "play hero:kraken"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "hand", 0) == ["goblins:1"]
    assert zone(state, "hand", 1) == ["knights:2"]


def test_winning_second_on_a_led_hero_it_takes_from_the_leader() -> None:
    """§6, H37: on a led plain Lycanthrope (5) the Kraken (7) wins for player 1, who takes the
    leader's goblins:1 and gives back knights:2."""
    state = _trick(
        ["hero:lycanthrope", "goblins:1", "undead:5"],
        [KRAKEN, "knights:2"],
        ["play hero:lycanthrope", "play hero:kraken", "give knights:2"],
        chance=["goblins:1"],
        heroes=["lycanthrope"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["hero:lycanthrope", KRAKEN]
    assert zone(state, "hand", 1) == ["goblins:1"]
    assert zone(state, "hand", 0) == ["undead:5", "knights:2"]
    assert engine.current_player(state) == 1


def test_no_power_in_phase_one() -> None:
    """H4: in Phase One the winning Kraken takes nothing; the cards are discarded and the prize
    collected as usual."""
    state = _trick(
        [KRAKEN, "undead:1"],
        ["goblins:2", "goblins:5"],
        ["play hero:kraken", "play goblins:2"],
        phase=1,
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "hand", 1) == ["goblins:5"]
    assert zone(state, "discard") == [KRAKEN, "goblins:2"]
    assert zone(state, "followers", 0) == ["goblins:8"]
    assert state.chance == []


def test_it_still_takes_when_death_discards_the_trick() -> None:
    """H33 (the would-be winner wins "for everything ... Kraken"): the led Kraken (7) beats Death
    (5); both cards are discarded, and the Kraken's player still takes and gives."""
    state = _trick(
        [KRAKEN, "undead:1"],
        ["hero:death", "goblins:5"],
        ["play hero:kraken", "play hero:death", "give undead:1"],
        chance=["goblins:5"],
        heroes=["death"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "discard") == [KRAKEN, "hero:death"]
    assert zone(state, "score", 0) == []
    assert zone(state, "hand", 0) == ["goblins:5"]
    assert zone(state, "hand", 1) == ["undead:1"]


def test_a_vampire_queen_takes_its_power_away() -> None:
    """§4.4, H7, H38: the Kraken (7) led wins against the Vampire Queen (6) but has no power in
    her trick: no take, no give."""
    state = _trick(
        [KRAKEN, "undead:1"],
        ["hero:vampire-queen", "goblins:5"],
        ["play hero:kraken", "play hero:vampire-queen"],
        heroes=["vampire-queen"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == [KRAKEN, "hero:vampire-queen"]
    assert zone(state, "hand", 1) == ["goblins:5"]
    assert state.chance == []
    assert engine.legal_actions(state) == ["play undead:1"]


def test_a_chance_entry_naming_a_card_not_in_the_hand_is_malformed() -> None:
    """H11: a ``chance`` entry naming a card that is not in the opponent's hand is a malformed
    record naming ``chance[0]``."""
    with pytest.raises(RecordError, match=r"chance\[0\]"):
        _trick(
            [KRAKEN, "undead:1"],
            ["goblins:2", "goblins:5"],
            ["play hero:kraken", "play goblins:2"],
            chance=["knights:9"],
        )


def test_its_decisions_come_before_a_later_dinosaurs() -> None:
    """H12 (play order), H36, H37: the led Kraken ties the following Dinosaur (7 = 7) and wins;
    first the Kraken takes goblins:3 from player 1 and player 0 gives goblins:1, then player 1 is
    asked to take the Dinosaur back."""
    state = _trick(
        [KRAKEN, "goblins:1"],
        ["hero:dinosaur", "goblins:2", "goblins:3"],
        ["play hero:kraken", "play hero:dinosaur"],
        chance=["goblins:3"],
        heroes=["dinosaur"],
    )
    assert zone(state, "hand", 0) == ["goblins:1", "goblins:3"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["give goblins:1"]
    engine.apply(state, "give goblins:1")
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use dinosaur", "pass"]
    engine.apply(state, "use dinosaur")
    assert last_trick(state)["winner"] == 0
    assert last_trick(state)["reason"] == "equal values go to the leader"
    assert zone(state, "hand", 0) == ["goblins:3"]
    assert zone(state, "hand", 1) == ["goblins:2", "goblins:1", "hero:dinosaur"]
    assert zone(state, "score", 0) == [KRAKEN]
    assert engine.current_player(state) == 0
