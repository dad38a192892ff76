"""The Pyramid (Building, §7, §9 step 3; RULINGS L13, L2, H1, H13, V10): at the end of the game
every collected card of both players with an end value of 3 or less is discarded, heroes included (a
hero's R-61 value is its printed value), in step 3 after the Tavern and the Pit (and so after the
Troll pool and the surviving Gnomes have joined the Score piles in step 1); then the game is
scored as normal. Under Underworld a printed 0 is a 10 and stays. A Vampire stack is part of the
collected cards: each of its cards is tested by its own value, and a discarded face-up Vampire
takes its tucked cards with it (V10)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core.state import State
from scenario import CLAIM, CLAIM2, codes, last_trick, position_record, replay, same_cards, zone

VAMP = ["goblins", "knights", "vampires", "dwarves", "undead"]


def _last_trick(
    factions: Sequence[str],
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    *,
    setting: str | None = None,
    building: str | None = "pyramid",
    vampire: Sequence[str | None] = (None, None),
    tucked: Sequence[Sequence[str]] = ((), ()),
    **kwargs: Any,
) -> State:
    """The last trick of the game (Phase Two, number 13, player 0 leading, an empty discard pile
    to start with) with the given locations and Vampire stacks, then ``moves``."""
    record = position_record(
        factions, phase=2, number=13, hands=hands, moves=moves, discard=[], **kwargs
    )
    position = record["position"]
    position["setup"]["setting"] = setting
    position["setup"]["building"] = building
    for p in (0, 1):
        stack = [vampire[p]] if vampire[p] else []
        position["players"][p]["vampire"] = stack
        position["players"][p]["tucked"] = list(tucked[p])
        for code in [*stack, *tucked[p]]:
            position["out"].remove(code)
    state = replay(record)
    assert state.config.setting == setting
    assert state.config.building == building
    return state


def _pyramid_moves(state: State) -> list[tuple[str, str, str]]:
    assert state.result is not None
    return [
        (m["card"], m["from"], m["to"]) for m in state.result["end_moves"] if m["by"] == "pyramid"
    ]


HEROES = ["skeleton", "mummy", "bug-lord"]
SCORES = [
    ["goblins:0", "goblins:3", "knights:4", "hero:skeleton", "hero:mummy"],
    ["undead:2", "undead:7", "hero:bug-lord", "dwarves:1", "dwarves:5"],
]


def test_every_card_of_value_3_or_less_is_discarded_heroes_included() -> None:
    """L13, H1, H13: after the last trick (goblins:9 over goblins:8, both to player 0) every
    card of end value 3 or less leaves both Score piles: goblins:0, goblins:3 and the Skeleton (3)
    of player 0; undead:2, the Bug Lord (0) and dwarves:1 of player 1. Values 4 and more stay
    (knights:4, the Mummy 4). Then the votes: Goblins and Knights to player 0, Undead and Dwarves
    to player 1; 2–2, player 0 wins on cards (3 against 2)."""
    state = _last_trick(
        CLAIM,
        [["goblins:9"], ["goblins:8"]],
        ["play goblins:9", "play goblins:8"],
        scores=SCORES,
        heroes=HEROES,
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["knights:4", "hero:mummy", "goblins:9", "goblins:8"]
    assert zone(state, "score", 1) == ["undead:7", "dwarves:5"]
    assert same_cards(
        zone(state, "discard"),
        ["goblins:0", "goblins:3", "hero:skeleton", "undead:2", "hero:bug-lord", "dwarves:1"],
    )
    assert same_cards(
        _pyramid_moves(state),
        [
            ("goblins:0", "score0", "discard"),
            ("goblins:3", "score0", "discard"),
            ("hero:skeleton", "score0", "discard"),
            ("undead:2", "score1", "discard"),
            ("hero:bug-lord", "score1", "discard"),
            ("dwarves:1", "score1", "discard"),
        ],
    )
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 0,
        "knights": 0,
        "undead": 1,
        "dwarves": 1,
        "doppelgangers": None,
    }
    assert result["votes_won"] == [2, 2]
    assert result["cards_in_won_factions"] == [3, 2]
    assert result["winner"] == 0
    assert result["reason"] == "cards"


def test_without_the_pyramid_nothing_is_discarded() -> None:
    """§7 (control for L13): the same game without a Building keeps every card: Dwarves go to
    player 1 (2 against 0) and Undead too; 2–2, player 0 wins on cards (5 against 4)."""
    state = _last_trick(
        CLAIM,
        [["goblins:9"], ["goblins:8"]],
        ["play goblins:9", "play goblins:8"],
        building=None,
        scores=SCORES,
        heroes=HEROES,
    )
    assert zone(state, "score", 0) == [*SCORES[0], "goblins:9", "goblins:8"]
    assert zone(state, "score", 1) == SCORES[1]
    assert zone(state, "discard") == []
    result = state.result
    assert result is not None
    assert result["cards_in_won_factions"] == [5, 4]
    assert result["winner"] == 0


def test_under_underworld_a_zero_is_a_ten_and_stays() -> None:
    """L13, L2, H1: with Underworld, goblins:0 counts 10 and the Bug Lord (printed 0) 10: both
    stay; goblins:3 still goes. In the Goblin vote player 0's goblins:0 (10) then beats player
    1's goblins:9 on the tie-break (one card each)."""
    state = _last_trick(
        CLAIM,
        [["knights:9"], ["knights:8"]],
        ["play knights:9", "play knights:8"],
        setting="underworld",
        scores=[["goblins:0", "goblins:3", "hero:bug-lord"], ["goblins:9", "goblins:2"]],
        heroes=["bug-lord"],
    )
    assert zone(state, "score", 0) == ["goblins:0", "hero:bug-lord", "knights:9", "knights:8"]
    assert zone(state, "score", 1) == ["goblins:9"]
    assert same_cards(zone(state, "discard"), ["goblins:3", "goblins:2"])
    result = state.result
    assert result is not None
    assert result["votes"]["goblins"] == 0
    assert result["votes"]["knights"] == 0
    assert result["winner"] == 0


def test_gnomes_and_the_troll_pool_join_first_then_the_pyramid_acts() -> None:
    """§9 (R-90), L13: step 1 puts the Troll pool (trolls:2, trolls:5) into the last trick's
    winner's pile (player 0) and the surviving face-up Gnomes into their owners' piles; step 3's
    Pyramid then discards trolls:2, gnomes:1 and gnomes:3 and keeps trolls:5, gnomes:5,
    gnomes:7. Votes: Dragons and Trolls to player 0, Gnomes to player 1."""
    state = _last_trick(
        CLAIM2,
        [["dragons:9"], ["dragons:4"]],
        ["play dragons:9", "play dragons:4"],
        gnomes=[["gnomes:1", "gnomes:5"], ["gnomes:3", "gnomes:7"]],
        troll_pool=["trolls:2", "trolls:5"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["dragons:9", "dragons:4", "trolls:5", "gnomes:5"]
    assert zone(state, "score", 1) == ["gnomes:7"]
    assert zone(state, "gnomes", 0) == zone(state, "gnomes", 1) == []
    assert zone(state, "troll_pool") == []
    assert same_cards(zone(state, "discard"), ["trolls:2", "gnomes:1", "gnomes:3"])
    assert same_cards(
        _pyramid_moves(state),
        [
            ("trolls:2", "score0", "discard"),
            ("gnomes:1", "score0", "discard"),
            ("gnomes:3", "score1", "discard"),
        ],
    )
    result = state.result
    assert result is not None
    # one Gnome each: player 1's gnomes:7 beats player 0's gnomes:5 on the tie-break
    assert result["votes"] == {
        "gnomes": 1,
        "giants": None,
        "dragons": 0,
        "trolls": 0,
        "seers": None,
    }


def test_the_vampire_stack_is_tested_card_by_card() -> None:
    """L13, V10: the stack is part of the collected cards. Player 0's face-up vampires:3 is
    discarded (player 0 tucks nothing from the last trick) and takes its tucked goblins:9 and
    knights:8 with it; under player 1's face-up
    vampires:8 the tucked goblins:1 is discarded and knights:7 stays. The Vampire vote (R-21):
    player 1's stack (8 + 7 = 15) against none."""
    state = _last_trick(
        VAMP,
        [["undead:9"], ["undead:8"]],
        ["play undead:9", "play undead:8", "pass"],
        vampire=["vampires:3", "vampires:8"],
        tucked=[["goblins:9", "knights:8"], ["goblins:1", "knights:7"]],
    )
    assert zone(state, "score", 0) == ["undead:9", "undead:8"]
    assert codes(state.vampire[0]) == []
    assert codes(state.tucked[0]) == []
    assert codes(state.vampire[1]) == ["vampires:8"]
    assert codes(state.tucked[1]) == ["knights:7"]
    assert same_cards(zone(state, "discard"), ["vampires:3", "goblins:9", "knights:8", "goblins:1"])
    result = state.result
    assert result is not None
    assert result["votes"]["vampires"] == 1
