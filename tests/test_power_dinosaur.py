"""Dinosaur (§6, RULINGS H4, H12, H33, H36; value 7, R-61): Phase Two: after a trick its player lost
with it, they are asked ``use dinosaur`` or ``pass``; ``use dinosaur`` puts it at the end of their
hand instead of leaving it collected (asked in the last trick too). With Death in the same trick
R-3 decides: Death played after the Dinosaur discards it for good; a Dinosaur played after Death
is taken back from the discard pile."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from claim.core import engine
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, zone

DINO = "hero:dinosaur"


def _trick(
    hand0: list[str],
    hand1: list[str],
    moves: Sequence[str] = (),
    phase: int = 2,
    number: int = 1,
    heroes: Sequence[str] = (),
    hero_values: Mapping[str, int] | None = None,
) -> State:
    """Play ``moves`` from a trick of ``phase`` (Claim deck, the Dinosaur and ``heroes`` in the
    game, ``hero_values`` overriding R-61, H9), player 0 leading, with an empty discard pile."""
    record = position_record(
        CLAIM,
        phase=phase,
        number=number,
        prize="goblins:8" if phase == 1 else None,
        deck_top=["goblins:6", "goblins:7"] if phase == 1 else [],
        hands=[hand0, hand1],
        heroes=["dinosaur", *heroes],
        discard=[],
        moves=moves,
    )
    if hero_values:
        record["position"]["setup"]["hero_values"] = dict(hero_values)
    return replay(record)


def _pending_winner(state: State) -> int:
    """The winner of the trick whose decisions are being asked (not yet in the history)."""
    assert state.trick is not None
    return state.trick.winner


def test_its_player_is_asked_after_losing_with_it() -> None:
    """H36: the led Dinosaur (7) loses to goblins:9; before the next trick its player is asked
    ``use dinosaur`` or ``pass``."""
    state = _trick([DINO, "goblins:1"], ["goblins:9", "goblins:2"], ["play hero:dinosaur"])
    engine.apply(state, "play goblins:9")
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use dinosaur", "pass"]


def test_use_takes_it_back_to_the_end_of_the_hand() -> None:
    """H36, R-5: ``use dinosaur`` takes it out of the winner's Score pile to the end of its
    player's hand; the winner keeps goblins:9 and leads next."""
    state = _trick(
        [DINO, "goblins:1"],
        ["goblins:9", "goblins:2"],
        ["play hero:dinosaur", "play goblins:9", "use dinosaur"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert trick["plays"][0] == {"player": 0, "card": DINO, "value": 7}
    assert zone(state, "hand", 0) == ["goblins:1", DINO]
    assert zone(state, "score", 1) == ["goblins:9"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2"]


def test_pass_leaves_it_collected() -> None:
    """H36: after ``pass`` the Dinosaur stays in the winner's Score pile."""
    state = _trick(
        [DINO, "goblins:1"],
        ["goblins:9", "goblins:2"],
        ["play hero:dinosaur", "play goblins:9", "pass"],
    )
    assert zone(state, "hand", 0) == ["goblins:1"]
    assert zone(state, "score", 1) == [DINO, "goblins:9"]
    assert engine.current_player(state) == 1


def test_played_second_off_faction_it_can_be_taken_back() -> None:
    """§6, H36: played second on a Goblin lead (its player holds no Goblin) it is off-faction and
    loses despite 7 > 3; its player takes it back."""
    state = _trick(
        ["goblins:3", "goblins:1"],
        [DINO, "knights:2"],
        ["play goblins:3", "play hero:dinosaur"],
    )
    assert _pending_winner(state) == 0
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use dinosaur", "pass"]
    engine.apply(state, "use dinosaur")
    assert zone(state, "hand", 1) == ["knights:2", DINO]
    assert zone(state, "score", 0) == ["goblins:3"]
    assert engine.current_player(state) == 0


def test_not_asked_when_it_wins() -> None:
    """H36: the Dinosaur (7) beats goblins:2: no decision; it is collected and the winner leads."""
    state = _trick(
        [DINO, "goblins:1"],
        ["goblins:2", "goblins:3"],
        ["play hero:dinosaur", "play goblins:2"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == [DINO, "goblins:2"]
    assert engine.legal_actions(state) == ["play goblins:1"]


def test_no_power_in_phase_one() -> None:
    """H4, H36: in Phase One the Dinosaur losing to goblins:9 is discarded with no decision."""
    state = _trick(
        [DINO, "goblins:1"],
        ["goblins:9", "goblins:2"],
        ["play hero:dinosaur", "play goblins:9"],
        phase=1,
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "discard") == [DINO, "goblins:9"]
    assert zone(state, "followers", 1) == ["goblins:8"]
    assert zone(state, "followers", 0) == ["goblins:6"]
    assert engine.legal_actions(state) == ["play goblins:2"]


def test_asked_in_the_last_trick_and_then_discarded_with_the_hand() -> None:
    """H36 (asked in the last trick too), R-1: taken back after the last trick, the Dinosaur is
    discarded with the hand at the end of the phase; player 1 wins the Goblin vote."""
    state = _trick(
        [DINO],
        ["goblins:9"],
        ["play hero:dinosaur", "play goblins:9"],
        number=13,
    )
    assert state.result is None
    assert engine.legal_actions(state) == ["use dinosaur", "pass"]
    engine.apply(state, "use dinosaur")
    assert zone(state, "score", 1) == ["goblins:9"]
    assert zone(state, "hand", 0) == []
    assert zone(state, "discard") == [DINO]
    assert state.result is not None
    assert state.result["winner"] == 1


def test_death_played_after_it_discards_it_for_good() -> None:
    """H33 ("Dinosaur vs Death: R-3"), R-3: Death (set to 8, H9) played after the led Dinosaur
    wins; the later card's power wins: both cards are discarded and no take-back is asked; Death's
    player leads next."""
    state = _trick(
        [DINO, "goblins:1"],
        ["hero:death", "goblins:2"],
        ["play hero:dinosaur", "play hero:death"],
        heroes=["death"],
        hero_values={"death": 8},
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["plays"][1] == {"player": 1, "card": "hero:death", "value": 8}
    assert zone(state, "discard") == [DINO, "hero:death"]
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2"]


def test_played_after_death_it_is_taken_back_from_the_discard_pile() -> None:
    """H33, R-3: the Dinosaur played after a led Death (set to 8, H9) loses; Death discards both
    cards, then the later Dinosaur's power takes it back from the discard pile to the end of the
    hand. Death's player (the winner) leads next."""
    state = _trick(
        ["hero:death", "goblins:1"],
        [DINO, "goblins:2"],
        ["play hero:death", "play hero:dinosaur"],
        heroes=["death"],
        hero_values={"death": 8},
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use dinosaur", "pass"]
    engine.apply(state, "use dinosaur")
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert zone(state, "hand", 1) == ["goblins:2", DINO]
    assert zone(state, "discard") == ["hero:death"]
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert engine.current_player(state) == 0


def test_a_vampire_queen_takes_its_power_away() -> None:
    """H7, H38: the Vampire Queen (set to 8, H9) led beats the following Dinosaur, whose power is
    lost: no take-back is asked and the winner collects both cards."""
    state = _trick(
        ["hero:vampire-queen", "goblins:1"],
        [DINO, "goblins:2"],
        ["play hero:vampire-queen", "play hero:dinosaur"],
        heroes=["vampire-queen"],
        hero_values={"vampire-queen": 8},
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["hero:vampire-queen", DINO]
    assert engine.legal_actions(state) == ["play goblins:1"]
