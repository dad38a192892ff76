"""The Bridge (Building, §7, §9 step 4; RULINGS L15, L23, H13, H32, V11, V13): at the end, each
player's complete sets are the smallest count over the five factions (Elves and Orcs apart, a
declared dual card for its faction, Cyclops included, a counted Gargoyle two cards of its faction,
a face-up Vampire one Vampire card, tucked cards none, heroes none). More sets wins at once:
reason ``bridge``, every vote null (L23). Equal sets: the game is scored as normal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import engine
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, zone

VAMP = ["goblins", "knights", "vampires", "dwarves", "undead"]
MERC = ["elves", "orcs", "cyclops", "undead", "dwarves"]


def _last_trick(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    *,
    factions: Sequence[str] = CLAIM,
    building: str | None = "bridge",
    vampire: Sequence[str | None] = (None, None),
    declared: Sequence[tuple[str, str]] = (),
    **kwargs: Any,
) -> State:
    """The last trick of the game (Phase Two, number 13, player 0 leading) with ``building``,
    face-up Vampires and dual cards already declared in a Score pile (``(place, faction)``),
    then ``moves``."""
    record = position_record(factions, phase=2, number=13, hands=hands, moves=moves, **kwargs)
    position = record["position"]
    position["setup"]["building"] = building
    position["declared"] = [list(d) for d in declared]
    for p in (0, 1):
        if vampire[p]:
            position["players"][p]["vampire"] = [vampire[p]]
            position["discard"].remove(vampire[p])
    state = replay(record)
    assert state.config.building == building
    return state


ONE_OF_EACH = ["goblins:1", "knights:2", "undead:1", "dwarves:1", "doppelgangers:1"]
TWO_SETS = [
    "goblins:2",
    "goblins:3",
    "knights:3",
    "knights:4",
    "undead:2",
    "undead:3",
    "dwarves:2",
    "dwarves:3",
    "doppelgangers:2",
    "doppelgangers:3",
]
ONE_SET_MANY = [
    "goblins:9",
    "knights:9",
    "knights:8",
    "knights:7",
    "undead:9",
    "undead:8",
    "undead:7",
    "dwarves:9",
    "dwarves:8",
    "dwarves:7",
    "doppelgangers:9",
    "doppelgangers:8",
    "doppelgangers:7",
]
KNIGHT_TRICK = {
    "hands": [["knights:6"], ["knights:5"]],
    "moves": ["play knights:6", "play knights:5"],
}


def test_more_complete_sets_wins() -> None:
    """L15, L23: player 0 has two of each faction (2 sets) and wins the last trick; player 1 has
    13 cards but only one Goblin (1 set). Player 0 wins at once, reason ``bridge``, every vote
    null — though player 1 would win three votes to two."""
    state = _last_trick(**KNIGHT_TRICK, scores=[TWO_SETS, ONE_SET_MANY])
    assert last_trick(state)["winner"] == 0
    result = state.result
    assert result is not None
    assert result["winner"] == 0
    assert result["reason"] == "bridge"
    assert result["votes"] == dict.fromkeys(CLAIM)
    assert result["votes_won"] == [0, 0]


def test_without_the_bridge_the_votes_decide() -> None:
    """§7 (control for L15): the same game without a Building: player 0 wins Goblins (2 against
    1) and Knights (4 against 3), player 1 Undead, Dwarves and Doppelgangers: 3–2 for player
    1."""
    state = _last_trick(**KNIGHT_TRICK, scores=[TWO_SETS, ONE_SET_MANY], building=None)
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


def test_equal_sets_score_as_normal() -> None:
    """L15: one set each (player 0 one of each faction plus the last trick's two Knights, player
    1 the 13 cards): the votes decide; player 1 has the higher cards everywhere and wins
    5–0."""
    state = _last_trick(**KNIGHT_TRICK, scores=[ONE_OF_EACH, ONE_SET_MANY])
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 1,
        "knights": 1,
        "undead": 1,
        "dwarves": 1,
        "doppelgangers": 1,
    }
    assert result["winner"] == 1
    assert result["reason"] == "votes"


def test_no_set_on_either_side_scores_as_normal() -> None:
    """L15: nobody has a Doppelganger: 0 sets each, the votes decide (player 0: Goblins, Knights;
    player 1: Undead, Dwarves; player 1's 2 cards against player 0's 4 cards in won factions)."""
    state = _last_trick(
        **KNIGHT_TRICK,
        scores=[["goblins:5", "goblins:6"], ["undead:5", "dwarves:5"]],
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
    assert result["cards_in_won_factions"] == [4, 2]
    assert result["winner"] == 0
    assert result["reason"] == "cards"


def test_elves_and_orcs_apart_dual_cards_as_declared_and_cyclops_needed() -> None:
    """L15, R-40: player 0 holds elves:1, cyclops:1, undead:1, dwarves:1 and no Orc; in the last
    trick they lead elf-orc:3 declared as Orcs and win over orcs:1: Orcs 2, so 1 set. Player 1
    has two of every faction but no Cyclops: 0 sets. Player 0 wins by ``bridge``."""
    state = _last_trick(
        [["elf-orc:3"], ["orcs:1"]],
        ["play elf-orc:3 as orcs", "play orcs:1"],
        factions=MERC,
        scores=[
            ["elves:1", "cyclops:1", "undead:1", "dwarves:1"],
            ["elves:6", "elves:7", "orcs:6", "orcs:7", "undead:6", "undead:7", "dwarves:6"],
        ],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0)[-2:] == ["elf-orc:3", "orcs:1"]
    result = state.result
    assert result is not None
    assert result["winner"] == 0
    assert result["reason"] == "bridge"
    assert result["votes"] == dict.fromkeys(MERC)


def test_a_dual_card_declared_as_elves_does_not_fill_the_orc_gap() -> None:
    """L15, R-40: player 0's elf-orc:4 in the Score pile was declared Elves: player 0 has two
    Elves and no Orc (0 sets); player 1 has no Cyclops (0 sets): scored as normal."""
    state = _last_trick(
        [["undead:9"], ["undead:8"]],
        ["play undead:9", "play undead:8"],
        factions=MERC,
        scores=[["elves:1", "elf-orc:4", "cyclops:1", "dwarves:1"], ["orcs:6", "elves:6"]],
        declared=[("score0/1", "elves")],
    )
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "elves": 0,
        "orcs": 1,
        "cyclops": 0,
        "undead": 0,
        "dwarves": 0,
    }
    assert result["winner"] == 0
    assert result["reason"] == "votes"


def _gargoyle_game(count_as: str) -> State:
    """Player 0 has two cards of every faction but Knights and wins the led Gargoyle (6) over
    goblins:2 in the last trick; player 1 has one of each faction (1 set); then player 0
    counts the Gargoyle as ``count_as``."""
    state = _last_trick(
        [["hero:gargoyle"], ["goblins:2"]],
        ["play hero:gargoyle", "play goblins:2"],
        scores=[
            [
                "goblins:5",
                "goblins:6",
                "undead:5",
                "undead:6",
                "dwarves:5",
                "dwarves:6",
                "doppelgangers:5",
                "doppelgangers:6",
            ],
            ["goblins:9", "knights:9", "undead:9", "dwarves:9", "doppelgangers:9"],
        ],
        heroes=["gargoyle"],
    )
    assert last_trick(state)["winner"] == 0
    assert engine.current_player(state) == 0
    engine.apply(state, f"count gargoyle as {count_as}")
    return state


def test_a_gargoyle_counted_as_the_missing_faction_completes_two_sets() -> None:
    """L15, H32 (the hero's own count applies to the location's test): counted as Knights the
    Gargoyle is two Knights: player 0 has 2 sets against 1 and wins by ``bridge``."""
    state = _gargoyle_game("knights")
    result = state.result
    assert result is not None
    assert result["winner"] == 0
    assert result["reason"] == "bridge"
    assert result["votes"] == dict.fromkeys(CLAIM)


def test_a_gargoyle_counted_elsewhere_leaves_no_set() -> None:
    """L15, H32: counted as Goblins, player 0 has no Knight: 0 sets against 1, player 1 wins by
    ``bridge``."""
    state = _gargoyle_game("goblins")
    result = state.result
    assert result is not None
    assert result["winner"] == 1
    assert result["reason"] == "bridge"


def test_the_face_up_vampire_is_one_vampire_card() -> None:
    """L15, V11, V13: player 0 has one Goblin, Knight, Dwarf and Undead card and a face-up
    vampires:6 (no Vampire in the pile; the two Undead won are not tucked): one of each, 1 set.
    Player 1 has no Vampire or Undead: 0 sets.
    Player 0 wins by ``bridge``."""
    state = _last_trick(
        [["undead:9"], ["undead:8"]],
        ["play undead:9", "play undead:8", "pass"],
        factions=VAMP,
        scores=[["goblins:1", "knights:2", "dwarves:1"], ["goblins:9", "knights:9", "dwarves:9"]],
        vampire=["vampires:6", None],
    )
    result = state.result
    assert result is not None
    assert result["winner"] == 0
    assert result["reason"] == "bridge"
    assert result["votes"] == dict.fromkeys(VAMP)
