"""Invincible Warrior (§6, RULINGS H2, H3, H13, H39; value 9, R-61): no power, a high value. Led it
sets no led faction and competes by value (ties to the leader); played second on a faction lead it
is off-faction, and it may be played there only by a player unable to follow (H2)."""

from __future__ import annotations

from collections.abc import Sequence

from claim.core import engine, scoring
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, zone

IW = "hero:invincible-warrior"


def _trick(
    hand0: list[str],
    hand1: list[str],
    moves: Sequence[str] = (),
    phase: int = 2,
    number: int = 1,
    scores: Sequence[Sequence[str]] = ((), ()),
    heroes: Sequence[str] = (),
) -> State:
    """Play ``moves`` from a trick of ``phase`` (Claim deck, the Invincible Warrior and ``heroes``
    in the game), player 0 leading, with an empty discard pile."""
    return replay(
        position_record(
            CLAIM,
            phase=phase,
            number=number,
            prize="goblins:8" if phase == 1 else None,
            deck_top=["goblins:6", "goblins:7"] if phase == 1 else [],
            hands=[hand0, hand1],
            scores=scores,
            heroes=["invincible-warrior", *heroes],
            discard=[],
            moves=moves,
        )
    )


def test_led_it_has_value_9_and_frees_the_follower() -> None:
    """§6, H3, H39: led, it sets no led faction (every card of the follower's hand is legal); it
    beats goblins:8 with its 9, the leader collects both and leads next."""
    state = _trick([IW, "goblins:1"], ["goblins:8", "knights:3"], ["play " + IW])
    assert engine.legal_actions(state) == ["play goblins:8", "play knights:3"]
    engine.apply(state, "play goblins:8")
    trick = last_trick(state)
    assert trick["plays"] == [
        {"player": 0, "card": IW, "value": 9},
        {"player": 1, "card": "goblins:8", "value": 8},
    ]
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 0) == [IW, "goblins:8"]
    assert engine.current_player(state) == 0


def test_a_9_following_it_ties_and_the_leader_wins() -> None:
    """§4.3, H3, H39: knights:9 on the led Warrior ties 9 = 9: the tie goes to the leader."""
    state = _trick([IW, "goblins:1"], ["knights:9", "goblins:2"], ["play " + IW, "play knights:9"])
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"


def test_it_may_not_be_played_second_by_a_player_able_to_follow() -> None:
    """H2: holding a Goblin on a Goblin lead, its player must follow: the Warrior is not legal."""
    state = _trick(["goblins:0", "goblins:1"], [IW, "goblins:2"], ["play goblins:0"])
    assert engine.legal_actions(state) == ["play goblins:2"]


def test_played_second_on_a_faction_lead_it_is_off_faction_and_loses() -> None:
    """§6, §4.3, H39: goblins:0 led, the Warrior second (its player holds no Goblin) is
    off-faction and loses despite 9 > 0; the leader collects both and leads next."""
    state = _trick(["goblins:0", "goblins:1"], [IW, "knights:2"], ["play goblins:0"])
    assert engine.legal_actions(state) == ["play " + IW, "play knights:2"]
    engine.apply(state, "play " + IW)
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["goblins:0", IW]
    assert zone(state, "score", 1) == []
    assert engine.current_player(state) == 0


def test_played_second_on_a_led_hero_it_wins_by_value() -> None:
    """§6, H3: on a led Vampire Queen (6) the Warrior's 9 wins for player 1 (the Queen takes no
    value away, H38)."""
    state = _trick(
        ["hero:vampire-queen", "goblins:1"],
        [IW, "goblins:2"],
        ["play hero:vampire-queen", "play " + IW],
        heroes=["vampire-queen"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert trick["plays"][1]["value"] == 9
    assert zone(state, "score", 1) == ["hero:vampire-queen", IW]
    assert engine.current_player(state) == 1


def test_no_power_in_phase_one() -> None:
    """H39: in Phase One the led Warrior wins and takes the prize; both played cards are
    discarded, the loser draws."""
    state = _trick(
        [IW, "goblins:1"],
        ["goblins:5", "goblins:2"],
        ["play " + IW, "play goblins:5"],
        phase=1,
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "discard") == [IW, "goblins:5"]
    assert zone(state, "followers", 0) == ["goblins:8"]
    assert zone(state, "followers", 1) == ["goblins:6"]


def test_collected_it_counts_for_no_faction() -> None:
    """§6, H13, H39: won in the last trick it is in no vote: player 0's Goblins stay one card
    (goblins:1) against player 1's goblins:3, so player 1 wins the Goblin vote and the game."""
    state = _trick(
        [IW],
        ["knights:2"],
        ["play " + IW, "play knights:2"],
        number=13,
        scores=[["goblins:1"], ["goblins:3", "undead:1"]],
    )
    assert zone(state, "score", 0) == ["goblins:1", IW, "knights:2"]
    assert scoring.faction_values(state, 0, "goblins") == [1]
    assert state.result is not None
    assert state.result["votes"] == {
        "goblins": 1,
        "knights": 0,
        "undead": 1,
        "dwarves": None,
        "doppelgangers": None,
    }
    assert state.result["winner"] == 1
    assert state.result["reason"] == "votes"
