"""The Monastery (Building, §7, §9 step 4; RULINGS L14, L23, H13, H32, V11): at the end, a player
with more than twice as many faction cards as the other (a > 2b, also b = 0 with a > 0) loses:
the other player wins, reason ``monastery``, and no vote is counted (every vote null, L23).
Otherwise the game is scored as normal. Heroes are not faction cards, a counted Gargoyle is two
(its text beats the location's count, §4.4, H32), a face-up Vampire is one Vampire card and
tucked cards count for no faction (V11)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import engine
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, zone

VAMP = ["goblins", "knights", "vampires", "dwarves", "undead"]
NO_VOTES = dict.fromkeys(CLAIM)


def _last_trick(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    *,
    factions: Sequence[str] = CLAIM,
    building: str | None = "monastery",
    vampire: Sequence[str | None] = (None, None),
    tucked: Sequence[Sequence[str]] = ((), ()),
    **kwargs: Any,
) -> State:
    """The last trick of the game (Phase Two, number 13, player 0 leading) with ``building`` and
    the Vampire stacks placed, then ``moves``."""
    record = position_record(factions, phase=2, number=13, hands=hands, moves=moves, **kwargs)
    position = record["position"]
    position["setup"]["building"] = building
    for p in (0, 1):
        stack = [vampire[p]] if vampire[p] else []
        position["players"][p]["vampire"] = stack
        position["players"][p]["tucked"] = list(tucked[p])
        for code in [*stack, *tucked[p]]:
            position["discard"].remove(code)
    state = replay(record)
    assert state.config.building == building
    return state


GOBLIN_TRICK = {
    "hands": [["goblins:9"], ["goblins:8"]],
    "moves": ["play goblins:9", "play goblins:8"],
}


def test_more_than_twice_as_many_loses() -> None:
    """L14, L23: player 0 ends with 7 faction cards (5 + the 2 of the last trick), player 1 with 3:
    7 > 2 × 3, player 0 loses; player 1 wins, reason ``monastery``, every vote null."""
    scores = [
        ["goblins:1", "knights:2", "knights:3", "undead:4", "dwarves:5"],
        ["undead:9", "dwarves:9", "doppelgangers:9"],
    ]
    state = _last_trick(**GOBLIN_TRICK, scores=scores)
    assert last_trick(state)["winner"] == 0
    assert len(zone(state, "score", 0)) == 7
    result = state.result
    assert result is not None
    assert result["winner"] == 1
    assert result["reason"] == "monastery"
    assert result["votes"] == NO_VOTES
    assert result["votes_won"] == [0, 0]


def test_exactly_twice_as_many_is_scored_as_normal() -> None:
    """L14 (a > 2b is strict): 6 faction cards against 3: the votes decide. Goblins and Knights to
    player 0, Undead, Dwarves and Doppelgangers to player 1 (higher cards): player 1 wins 3–2."""
    scores = [
        ["goblins:1", "knights:2", "knights:3", "undead:4"],
        ["undead:9", "dwarves:9", "doppelgangers:9"],
    ]
    state = _last_trick(**GOBLIN_TRICK, scores=scores)
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 0,
        "knights": 0,
        "undead": 1,
        "dwarves": 1,
        "doppelgangers": 1,
    }
    assert result["winner"] == 1
    assert result["reason"] == "votes"


def test_some_cards_against_none_loses() -> None:
    """L14 (b = 0, a > 0): player 0 collects the only 2 faction cards of the game: 2 > 0, player 0
    loses and player 1 wins with an empty Score pile."""
    state = _last_trick(**GOBLIN_TRICK)
    assert zone(state, "score", 0) == ["goblins:9", "goblins:8"]
    assert zone(state, "score", 1) == []
    result = state.result
    assert result is not None
    assert result["winner"] == 1
    assert result["reason"] == "monastery"
    assert result["votes"] == NO_VOTES


def test_without_the_monastery_the_votes_decide() -> None:
    """§7 (control for L14): the 7-against-3 game without a Building: Goblins and Knights to
    player 0, Undead (equal count, higher card), Dwarves, Doppelgangers to player 1: 3–2 for
    player 1 by votes — not by ``monastery``."""
    scores = [
        ["goblins:1", "knights:2", "knights:3", "undead:4", "dwarves:5"],
        ["undead:9", "dwarves:9", "doppelgangers:9"],
    ]
    state = _last_trick(**GOBLIN_TRICK, scores=scores, building=None)
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 0,
        "knights": 0,
        "undead": 1,
        "dwarves": 1,
        "doppelgangers": 1,
    }
    assert result["reason"] == "votes"


def test_heroes_are_not_faction_cards() -> None:
    """L14, H13: the last trick is the Skeleton (3) led against the Mummy (4): player 1 wins both
    heroes. Nobody has a faction card (0 against 0; the 2 heroes do not count), so the game is
    scored as normal: no vote, a draw."""
    state = _last_trick(
        [["hero:skeleton"], ["hero:mummy"]],
        ["play hero:skeleton", "play hero:mummy"],
        heroes=["skeleton", "mummy"],
        discard=[],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["hero:skeleton", "hero:mummy"]
    result = state.result
    assert result is not None
    assert result["votes"] == NO_VOTES
    assert result["winner"] is None
    assert result["reason"] == "draw"


def test_a_counted_gargoyle_is_two_cards_and_tips_the_balance() -> None:
    """L14, H32 (the Gargoyle's own count, a hero text, applies to the location's test): player 0
    leads the Gargoyle (6) over goblins:2 in the last trick and ends with 5 faction cards and
    the Gargoyle; counted as Knights it is two: 7 > 2 × 3, player 0 loses."""
    state = _last_trick(
        [["hero:gargoyle"], ["goblins:2"]],
        ["play hero:gargoyle", "play goblins:2"],
        scores=[
            ["goblins:1", "knights:2", "knights:3", "undead:4"],
            ["undead:9", "dwarves:9", "doppelgangers:9"],
        ],
        heroes=["gargoyle"],
    )
    assert last_trick(state)["winner"] == 0
    assert state.result is None
    assert engine.current_player(state) == 0
    engine.apply(state, "count gargoyle as knights")
    result = state.result
    assert result is not None
    assert result["winner"] == 1
    assert result["reason"] == "monastery"
    assert result["votes"] == NO_VOTES


def test_the_face_up_vampire_is_one_card_and_tucked_cards_none() -> None:
    """L14, V11: player 1 has 2 faction cards in the pile and a face-up vampires:4 with
    goblins:1 and dwarves:1 tucked: 3 faction cards (the face-up Vampire counts one, the tucked
    cards none). Player 0's 6 are not more than twice 3: the votes decide (Goblins, Knights,
    Dwarves to player 0; Vampires to player 1's stack, R-21; Undead to player 1)."""
    state = _last_trick(
        [["goblins:9"], ["goblins:8"]],
        ["play goblins:9", "play goblins:8"],
        factions=VAMP,
        scores=[["knights:5", "knights:6", "dwarves:5", "dwarves:6"], ["undead:5", "undead:6"]],
        vampire=[None, "vampires:4"],
        tucked=[[], ["goblins:1", "dwarves:1"]],
    )
    result = state.result
    assert result is not None
    assert result["reason"] == "votes"
    assert result["votes"] == {
        "goblins": 0,
        "knights": 0,
        "vampires": 1,
        "dwarves": 0,
        "undead": 1,
    }
    assert result["winner"] == 0


def test_tucked_cards_do_not_save_the_player_with_fewer() -> None:
    """L14, V11: as before but player 0 has 7 faction cards: 7 > 2 × 3 (the tucked cards do not
    raise player 1's count to 5): player 0 loses by ``monastery``."""
    state = _last_trick(
        [["goblins:9"], ["goblins:8"]],
        ["play goblins:9", "play goblins:8"],
        factions=VAMP,
        scores=[
            ["knights:5", "knights:6", "dwarves:5", "dwarves:6", "dwarves:7"],
            ["undead:5", "undead:6"],
        ],
        vampire=[None, "vampires:4"],
        tucked=[[], ["goblins:1", "dwarves:1"]],
    )
    result = state.result
    assert result is not None
    assert result["winner"] == 1
    assert result["reason"] == "monastery"
    assert result["votes"] == dict.fromkeys(VAMP)
