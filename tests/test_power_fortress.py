"""The Fortress (Building, §7, §9 step 3; RULINGS L16, L2, H13, H32, V10): at the end, a player
holding more than 5 (6 or more) cards of a faction discards the 4 lowest of that faction: lowest
end value first, equal values the alphabetically smaller code first; every faction, both
players at once; exactly 5 cards: nothing. Heroes are not faction cards; the Gargoyle is counted
only after step 3, so the Fortress ignores it (H32); a face-up Vampire is one of its player's
Vampires and may be among the 4 lowest, taking its tucked cards with it (V10)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import engine
from claim.core.state import State
from scenario import CLAIM, codes, last_trick, position_record, replay, same_cards, zone

VAMP = ["goblins", "knights", "vampires", "dwarves", "undead"]
MERC = ["elves", "orcs", "cyclops", "undead", "dwarves"]


def _last_trick(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    *,
    factions: Sequence[str] = CLAIM,
    setting: str | None = None,
    building: str | None = "fortress",
    vampire: Sequence[str | None] = (None, None),
    tucked: Sequence[Sequence[str]] = ((), ()),
    declared: Sequence[tuple[str, str]] = (),
    **kwargs: Any,
) -> State:
    """The last trick of the game (Phase Two, number 13, player 0 leading, an empty discard pile
    to start with) with the locations, Vampire stacks and declared dual cards (``(place,
    faction)``) placed, then ``moves``."""
    record = position_record(
        factions, phase=2, number=13, hands=hands, moves=moves, discard=[], **kwargs
    )
    position = record["position"]
    position["setup"]["setting"] = setting
    position["setup"]["building"] = building
    position["declared"] = [list(d) for d in declared]
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


def _fortress_moves(state: State) -> list[tuple[str, str, str]]:
    assert state.result is not None
    return [
        (m["card"], m["from"], m["to"]) for m in state.result["end_moves"] if m["by"] == "fortress"
    ]


DOPPEL_TRICK = {
    "hands": [["doppelgangers:5"], ["doppelgangers:3"]],
    "moves": ["play doppelgangers:5", "play doppelgangers:3"],
}
SCORES = [
    [
        "goblins:0",
        "goblins:7",
        "goblins:1",
        "goblins:5",
        "goblins:0",
        "goblins:2",
        "dwarves:9",
        "dwarves:4",
        "dwarves:8",
        "dwarves:5",
        "dwarves:7",
        "dwarves:6",
    ],
    [
        "knights:9",
        "knights:8",
        "knights:7",
        "knights:6",
        "knights:5",
        "undead:6",
        "undead:0",
        "undead:5",
        "undead:1",
        "undead:4",
        "undead:2",
        "undead:3",
    ],
]


def test_six_or_more_lose_their_four_lowest_five_keep_all() -> None:
    """L16: player 0 has 6 Goblins (0, 7, 1, 5, 0, 2) and 6 Dwarves (9, 4, 8, 5, 7, 6); player 1
    has 5 Knights and 7 Undead (6, 0, 5, 1, 4, 2, 3). Each faction of 6 or more loses its 4
    lowest: goblins:0 ×2, goblins:1, goblins:2; dwarves:4 to 7; undead:0 to 3. The 5 Knights and
    the 2 Doppelgangers of the last trick stay."""
    state = _last_trick(**DOPPEL_TRICK, scores=SCORES)
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == [
        "goblins:7",
        "goblins:5",
        "dwarves:9",
        "dwarves:8",
        "doppelgangers:5",
        "doppelgangers:3",
    ]
    assert zone(state, "score", 1) == [
        "knights:9",
        "knights:8",
        "knights:7",
        "knights:6",
        "knights:5",
        "undead:6",
        "undead:5",
        "undead:4",
    ]
    doomed = [
        ("goblins:0", "score0"),
        ("goblins:0", "score0"),
        ("goblins:1", "score0"),
        ("goblins:2", "score0"),
        ("dwarves:4", "score0"),
        ("dwarves:5", "score0"),
        ("dwarves:6", "score0"),
        ("dwarves:7", "score0"),
        ("undead:0", "score1"),
        ("undead:1", "score1"),
        ("undead:2", "score1"),
        ("undead:3", "score1"),
    ]
    assert same_cards(zone(state, "discard"), [card for card, _ in doomed])
    assert same_cards(_fortress_moves(state), [(c, z, "discard") for c, z in doomed])
    result = state.result
    assert result is not None
    # Goblins 2–0, Dwarves 2–0, Doppelgangers 2–0 for player 0; Knights 5–0, Undead 3–0 for 1
    assert result["votes"] == {
        "goblins": 0,
        "knights": 1,
        "undead": 1,
        "dwarves": 0,
        "doppelgangers": 0,
    }
    assert result["winner"] == 0
    assert result["reason"] == "votes"


def test_without_the_fortress_nothing_is_discarded() -> None:
    """§7 (control for L16): the same game without a Building keeps all 26 collected cards."""
    state = _last_trick(**DOPPEL_TRICK, scores=SCORES, building=None)
    assert zone(state, "score", 0) == [*SCORES[0], "doppelgangers:5", "doppelgangers:3"]
    assert zone(state, "score", 1) == SCORES[1]
    assert zone(state, "discard") == []


def test_equal_values_go_by_code_a_declared_dual_card_first() -> None:
    """L16, R-40: player 0's Elves are elves:1, elf-orc:1 (declared Elves), elves:2, elves:3,
    elf-orc:3 (declared Elves), elves:4, elves:5: 7 cards. The 4 lowest: elf-orc:1 before elves:1
    (both 1), elves:2, then of the two 3s ``elf-orc:3`` before ``elves:3``. Kept: elves:3, 4, 5
    (and player 0's Orcs: the elf-orc cards declared Elves are not Orcs)."""
    state = _last_trick(
        [["undead:9"], ["undead:8"]],
        ["play undead:9", "play undead:8"],
        factions=MERC,
        scores=[
            ["elves:1", "elf-orc:1", "elves:2", "elves:3", "elf-orc:3", "elves:4", "elves:5"],
            ["elves:6"],
        ],
        declared=[("score0/1", "elves"), ("score0/4", "elves")],
    )
    assert zone(state, "score", 0) == ["elves:3", "elves:4", "elves:5", "undead:9", "undead:8"]
    assert same_cards(zone(state, "discard"), ["elf-orc:1", "elves:1", "elves:2", "elf-orc:3"])
    result = state.result
    assert result is not None
    assert result["votes"]["elves"] == 0
    assert result["votes"]["orcs"] is None


def test_under_underworld_a_zero_is_a_ten() -> None:
    """L16, L2: with Underworld the two goblins:0 count 10: the 4 lowest of player 0's 6 Goblins
    (0, 7, 1, 5, 0, 2) are goblins:1, 2, 5 and 7; the two goblins:0 stay."""
    state = _last_trick(
        **DOPPEL_TRICK,
        setting="underworld",
        scores=[["goblins:0", "goblins:7", "goblins:1", "goblins:5", "goblins:0", "goblins:2"], []],
    )
    assert zone(state, "score", 0) == [
        "goblins:0",
        "goblins:0",
        "doppelgangers:5",
        "doppelgangers:3",
    ]
    assert same_cards(zone(state, "discard"), ["goblins:1", "goblins:2", "goblins:5", "goblins:7"])


def test_heroes_do_not_count_and_the_gargoyle_is_counted_after_the_fortress() -> None:
    """L16, H13, H32 (the Gargoyle's count comes after step 3, so the location ignores it): player
    0 has 5 Goblins and wins the led Gargoyle over knights:2; at the Fortress step they hold 5
    Goblins (the Gargoyle is a hero then): nothing is discarded. Counted as Goblins afterwards,
    the Gargoyle makes 7 Goblin cards for the vote."""
    scores = [["goblins:1", "goblins:2", "goblins:3", "goblins:4", "goblins:5"], ["goblins:9"]]
    state = _last_trick(
        [["hero:gargoyle"], ["knights:2"]],
        ["play hero:gargoyle", "play knights:2"],
        scores=scores,
        heroes=["gargoyle"],
    )
    assert last_trick(state)["winner"] == 0
    assert state.result is None
    engine.apply(state, "count gargoyle as goblins")
    assert zone(state, "score", 0) == [*scores[0], "hero:gargoyle", "knights:2"]
    assert zone(state, "discard") == []
    result = state.result
    assert result is not None
    assert result["end_moves"] == []
    assert result["votes"]["goblins"] == 0
    assert result["cards_in_won_factions"] == [8, 0]


def test_the_face_up_vampire_is_one_of_the_vampires() -> None:
    """L16, V10: player 0 has vampires:4 to 8 in the pile and a face-up vampires:1 with goblins:9
    tucked: 6 Vampires. The 4 lowest are vampires:1 (the face-up one, which takes its tucked
    goblins:9 with it), 4, 5 and 6; vampires:7 and 8 stay in the pile."""
    state = _last_trick(
        [["undead:9"], ["undead:8"]],
        ["play undead:9", "play undead:8", "pass"],
        factions=VAMP,
        scores=[["vampires:4", "vampires:5", "vampires:6", "vampires:7", "vampires:8"], []],
        vampire=["vampires:1", None],
        tucked=[["goblins:9"], []],
    )
    assert state.result is not None
    assert zone(state, "score", 0) == ["vampires:7", "vampires:8", "undead:9", "undead:8"]
    assert codes(state.vampire[0]) == []
    assert codes(state.tucked[0]) == []
    assert same_cards(
        zone(state, "discard"),
        ["vampires:1", "goblins:9", "vampires:4", "vampires:5", "vampires:6"],
    )
