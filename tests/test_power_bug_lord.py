"""Bug Lord (§6, R-61 value 0, Phase Two only, H4): +1 for each faction card in its player's
Score pile, counted when the trick resolves (§4.2: at the hero layer). Heroes never count, nor
face-up Gnomes (not in the Score pile); in Phase One its value is 0 (H24)."""

from __future__ import annotations

from claim.core import engine
from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

CLAIM = ["goblins", "knights", "undead", "dwarves", "doppelgangers"]
CLAIM2 = ["gnomes", "giants", "dragons", "trolls", "seers"]
HEROES = ["bug-lord", "witch", "jester", "siren"]
PRIZE = "doppelgangers:9"
DECK_TOP = ["doppelgangers:8", "doppelgangers:7"]
#: three faction cards and a hero: the Bug Lord is worth 3 in Phase Two
PILE = ["knights:2", "hero:witch", "undead:3", "dwarves:4"]


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


def _values(state: State) -> list[int]:
    return [p["value"] for p in last_trick(state)["plays"]]


def test_in_phase_one_the_bug_lord_is_worth_zero() -> None:
    """H4, H24: in Phase One the Bug Lord is a plain value-0 hero, however full its player's
    Score pile: led, it ties goblins:0 (the leader wins) and loses to goblins:1."""
    state = _trick(
        ["hero:bug-lord", "goblins:5"],
        ["goblins:0", "goblins:6"],
        ["play hero:bug-lord", "play goblins:0"],
        phase=1,
        scores=(PILE, []),
    )
    trick = last_trick(state)
    assert _values(state) == [0, 0]
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"
    assert zone(state, "discard") == ["hero:bug-lord", "goblins:0"]

    state = _trick(
        ["hero:bug-lord", "goblins:5"],
        ["goblins:1", "goblins:6"],
        ["play hero:bug-lord", "play goblins:1"],
        phase=1,
        scores=(PILE, []),
    )
    trick = last_trick(state)
    assert _values(state) == [0, 1]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "followers", 1) == [PRIZE]


def test_in_phase_two_it_gets_one_per_faction_card_in_its_players_score_pile() -> None:
    """§6, H24: three faction cards and a hero in the Score pile: the Bug Lord is worth 3; it
    ties goblins:3 (the leader wins) and loses to goblins:4."""
    state = _trick(
        ["hero:bug-lord", "goblins:5"],
        ["goblins:3", "goblins:6"],
        ["play hero:bug-lord", "play goblins:3"],
        scores=(PILE, []),
    )
    trick = last_trick(state)
    assert _values(state) == [3, 3]
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"
    assert zone(state, "score", 0) == [*PILE, "hero:bug-lord", "goblins:3"]

    state = _trick(
        ["hero:bug-lord", "goblins:5"],
        ["goblins:4", "goblins:6"],
        ["play hero:bug-lord", "play goblins:4"],
        scores=(PILE, []),
    )
    trick = last_trick(state)
    assert _values(state) == [3, 4]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["hero:bug-lord", "goblins:4"]


def test_heroes_do_not_count() -> None:
    """H24 ("heroes never count"): a Score pile of heroes only leaves the Bug Lord at 0."""
    state = _trick(
        ["hero:bug-lord", "goblins:5"],
        ["goblins:1", "goblins:6"],
        ["play hero:bug-lord", "play goblins:1"],
        scores=(["hero:witch", "hero:siren"], []),
    )
    assert _values(state) == [0, 1]
    assert last_trick(state)["winner"] == 1


def test_only_its_own_players_score_pile_counts() -> None:
    """§6 ("its player's Score pile"): the opponent's full pile gives nothing."""
    state = _trick(
        ["hero:bug-lord", "goblins:5"],
        ["goblins:1", "goblins:6"],
        ["play hero:bug-lord", "play goblins:1"],
        scores=([], ["knights:2", "undead:3", "dwarves:4"]),
    )
    assert _values(state) == [0, 1]
    assert last_trick(state)["winner"] == 1


def test_the_count_is_taken_when_the_trick_resolves() -> None:
    """H24 ("at resolution"): the Bug Lord's value follows the pile as it grows: player 1 starts
    with one faction card, wins goblins:1 and goblins:6, and then leads the Bug Lord worth 3,
    which beats goblins:2 (worth 1 it would have lost)."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["goblins:1", "goblins:2"], ["goblins:6", "hero:bug-lord"]],
        scores=([], ["knights:2"]),
        heroes=HEROES,
        discard=[],
        moves=["play goblins:1", "play goblins:6", "play hero:bug-lord", "play goblins:2"],
    )
    state = replay(record)
    trick = last_trick(state)
    assert trick["plays"][0] == {"player": 1, "card": "hero:bug-lord", "value": 3}
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == [
        "knights:2",
        "goblins:1",
        "goblins:6",
        "hero:bug-lord",
        "goblins:2",
    ]


def test_face_up_gnomes_do_not_count() -> None:
    """H24 (face-up Gnomes are not in the Score pile, §5.2): with gnomes:1 and gnomes:3 face-up
    and giants:1 in the Score pile, the Bug Lord is worth 1."""
    record = position_record(
        CLAIM2,
        phase=2,
        hands=[["hero:bug-lord", "trolls:1"], ["dragons:1", "trolls:2"]],
        scores=(["giants:1"], []),
        gnomes=(["gnomes:1", "gnomes:3"], []),
        heroes=HEROES,
        discard=[],
        moves=["play hero:bug-lord", "play dragons:1"],
    )
    state = replay(record)
    trick = last_trick(state)
    assert _values(state) == [1, 1]
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"


def test_played_second_on_a_led_witch_its_value_decides() -> None:
    """H28 (heroes included), H16-style effective value: the Bug Lord played second is worth
    the count of its own player's pile: 6 (even, above 5) beats the led Witch, 7 (odd) loses."""
    six = ["goblins:0", "goblins:2", "goblins:3", "knights:2", "knights:3", "undead:1"]
    state = _trick(
        ["hero:witch", "goblins:5"],
        ["hero:bug-lord", "goblins:6"],
        ["play hero:witch", "play hero:bug-lord"],
        scores=([], six),
    )
    trick = last_trick(state)
    assert _values(state) == [5, 6]
    assert trick["winner"] == 1
    assert trick["reason"] == "only an even value above 5 beats the Witch"
    assert zone(state, "score", 1) == [*six, "hero:witch", "hero:bug-lord"]

    state = _trick(
        ["hero:witch", "goblins:5"],
        ["hero:bug-lord", "goblins:6"],
        ["play hero:witch", "play hero:bug-lord"],
        scores=([], [*six, "undead:2"]),
    )
    trick = last_trick(state)
    assert _values(state) == [5, 7]
    assert trick["winner"] == 0
    assert trick["reason"] == "the Witch beats anything but an even value above 5"


def test_a_high_bug_lord_played_second_is_still_off_faction() -> None:
    """H2, §6: on a Goblin lead a Bug Lord worth 9 is an off-faction card (its player holds no
    Goblin) and loses to goblins:2."""
    nine = [
        "goblins:0",
        "goblins:3",
        "goblins:4",
        "knights:2",
        "knights:3",
        "knights:4",
        "undead:1",
        "undead:2",
        "undead:3",
    ]
    state = _trick(
        ["goblins:2", "goblins:5"],
        ["hero:bug-lord", "knights:6"],
        ["play goblins:2", "play hero:bug-lord"],
        scores=([], nine),
    )
    trick = last_trick(state)
    assert _values(state) == [2, 9]
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["goblins:2", "hero:bug-lord"]
    assert engine.current_player(state) == 0
