"""A declared Ent at the end of the game (H35: "it stays F for scoring (one card of F, value 4)
whoever collects it"), through every step of §9 that reads a card's faction or number.

Declared F, the Ent is one faction card of F of its value (4, R-61; the setup's when it gives one,
H1, H9) at every step — the one exception H35 makes to H13 (heroes are not faction cards):

- step 2: a revealed Toxic of its value discards it; as an Ice King (Queen) it marries an Ice
  Queen (King) of its value (its printed number, L2: a hero's is its value, H1);
- step 3: Ruins reads it as a faction card (kept: 4 is even; discarded when the setup makes it
  odd); the Pyramid keeps it (4); Fortress counts it among F's cards and its 4 lowest;
- step 4: Castle, Monastery and Bridge count it as one card of F (L14, L15, L19);
- step 5: the vote of F counts it, its 4 in the tie-break and in the Tower's sum (L17); the
  Cyclops vote (fewer wins) counts it.

Played plainly it is a hero: none of these reads it as a faction card. Each scenario is the last
trick of the game (Phase Two, trick 13), player 0 leading the Ent; the Score piles are built.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import cards, scoring
from claim.core.powers.locations import complete_sets, faction_cards
from claim.core.state import State
from scenario import CLAIM, position_record, replay, zone

ENT = "hero:ent"
POISON = ["goblins", "knights", "poisoners", "undead", "dwarves"]
ONE_EYED = ["goblins", "knights", "undead", "dwarves", "cyclops"]
FROST = ["ice-kings", "ice-queens", "yetis", "frostbeasts", "dwarves"]
ALL_TOXICS = [cards.CODE[c] for c in cards.IDS_BY_FACTION["toxic"]]


def _last_trick(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    scores: Sequence[Sequence[str]],
    *,
    factions: Sequence[str] = CLAIM,
    building: str | None = None,
    toxics: Sequence[str] = (),
    hero_values: dict[str, int] | None = None,
) -> State:
    """Play the last trick of the game from built Score piles, the Ent in the game, under
    ``building``, with the face-up ``toxics`` (a Poisoners game) and the setup's
    ``hero_values``."""
    record = position_record(
        factions,
        phase=2,
        number=13,
        hands=hands,
        scores=scores,
        heroes=["ent"],
        discard=[],
        moves=moves,
    )
    position: dict[str, Any] = record["position"]
    if building is not None:
        position["setup"]["building"] = building
    if hero_values is not None:
        position["setup"]["hero_values"] = dict(hero_values)
    if toxics:
        rest = list(ALL_TOXICS)
        for code in toxics:
            rest.remove(code)
        position["toxics"] = list(toxics)
        position["out"] = [c for c in position["out"] if not c.startswith("toxic:")] + rest
    state = replay(record)
    assert state.result is not None
    return state


# -- §9 step 2: Toxics and Ice pairs -----------------------------------------------------------


def test_a_toxic_of_its_value_discards_a_declared_ent() -> None:
    """§5.4, §9 step 2, H35, H1: declared a Goblin, the Ent is a faction card of printed value
    4, so the revealed toxic:4 discards it from player 1's pile (who won it), as it discards
    knights:4. Player 0's Goblins 2, 1 then outnumber player 1's goblins:7 (with the Ent still
    there player 1 would win the Goblins on the higher card)."""
    state = _last_trick(
        [[ENT], ["goblins:7"]],
        [f"play {ENT} as goblins", "play goblins:7"],
        [["goblins:1", "goblins:2"], ["knights:4", "knights:6"]],
        factions=POISON,
        toxics=["toxic:4", "toxic:x", "toxic:x"],
    )
    assert zone(state, "score", 1) == ["knights:6", "goblins:7"]
    assert {ENT, "knights:4"} <= set(zone(state, "discard"))
    assert state.result is not None
    assert state.result["votes"]["goblins"] == 0


def test_a_toxic_leaves_a_plain_ent() -> None:
    """§5.4 ("every *faction* card"), H13: played plainly the Ent is a hero and no Toxic matches
    it; knights:4 goes."""
    state = _last_trick(
        [[ENT], ["goblins:7"]],
        [f"play {ENT}", "play goblins:7"],
        [["goblins:1", "goblins:2"], ["knights:4", "knights:6"]],
        factions=POISON,
        toxics=["toxic:4", "toxic:x", "toxic:x"],
    )
    assert zone(state, "score", 1) == ["knights:6", ENT, "goblins:7"]


def test_a_declared_ent_marries_an_ice_queen_of_its_value() -> None:
    """§5.7, §9 step 2, H35, H1: led as an Ice King (player 0 holds two), the Ent wins against
    an off-faction Yeti and joins ice-queens:4 in player 0's pile: an Ice King and an Ice Queen
    of value 4 in one Score pile, both discarded."""
    state = _last_trick(
        [[ENT], ["yetis:1"]],
        [f"play {ENT} as ice-kings", "play yetis:1"],
        [["ice-kings:1", "ice-kings:2", "ice-queens:4"], []],
        factions=FROST,
    )
    assert zone(state, "score", 0) == ["ice-kings:1", "ice-kings:2", "yetis:1"]
    assert {ENT, "ice-queens:4"} <= set(zone(state, "discard"))


# -- §9 step 3: Ruins, Fortress ------------------------------------------------------------------


def test_ruins_keeps_a_declared_ent_of_value_4() -> None:
    """L18, H35: the Ent declared a Goblin is a faction card of even value 4 and stays, counting
    for the Goblins; the odd goblins:1 and goblins:7 go. Player 1's Ent is then the only Goblin
    left against player 0's goblins:2: one each, player 1's 4 is higher."""
    state = _last_trick(
        [[ENT], ["goblins:7"]],
        [f"play {ENT} as goblins", "play goblins:7"],
        [["goblins:1", "goblins:2"], []],
        building="ruins",
    )
    assert zone(state, "score", 0) == ["goblins:2"]
    assert zone(state, "score", 1) == [ENT]
    assert state.result is not None
    assert state.result["votes"]["goblins"] == 1


def test_ruins_discards_a_declared_ent_of_an_odd_configured_value() -> None:
    """L18, H35, H1, H9: with the setup's Ent of value 5 the declared Ent is a faction card of
    odd value and is discarded (a plain Ent of value 5 is a hero and stays: next test)."""
    state = _last_trick(
        [[ENT], ["goblins:7"]],
        [f"play {ENT} as goblins", "play goblins:7"],
        [["goblins:1", "goblins:2"], []],
        building="ruins",
        hero_values={"ent": 5},
    )
    assert zone(state, "score", 1) == []
    assert ENT in zone(state, "discard")


def test_ruins_keeps_a_plain_ent_of_an_odd_configured_value() -> None:
    """L18, H13: played plainly the Ent of value 5 is a hero: it stays."""
    state = _last_trick(
        [[ENT], ["goblins:7"]],
        [f"play {ENT}", "play goblins:7"],
        [["goblins:1", "goblins:2"], []],
        building="ruins",
        hero_values={"ent": 5},
    )
    assert zone(state, "score", 1) == [ENT]


def test_pyramid_keeps_a_declared_ent_of_value_4() -> None:
    """L13, H1, H35: the Pyramid discards every collected card of value 3 or less (goblins 1, 2
    and player 1's goblins:3); the Ent declared a Goblin (4) stays and wins the Goblins alone."""
    state = _last_trick(
        [[ENT], ["undead:9"]],
        [f"play {ENT} as goblins", "play undead:9"],
        [["goblins:1", "goblins:2"], ["goblins:3"]],
        building="pyramid",
    )
    assert zone(state, "score", 0) == [ENT, "undead:9"]
    assert zone(state, "score", 1) == []
    assert state.result is not None
    assert state.result["votes"]["goblins"] == 0


def test_fortress_counts_a_declared_ent_among_its_factions_lowest() -> None:
    """L16, H35: player 1 collects the Ent declared a Goblin and goblins:7: with goblins 1, 5, 6
    and 8 that makes 6 Goblins (5 without the Ent), so the 4 lowest go: 1, the Ent (4), 5, 6."""
    state = _last_trick(
        [[ENT], ["goblins:7"]],
        [f"play {ENT} as goblins", "play goblins:7"],
        [["goblins:0", "goblins:2"], ["goblins:1", "goblins:5", "goblins:6", "goblins:8"]],
        building="fortress",
    )
    assert zone(state, "score", 1) == ["goblins:8", "goblins:7"]
    assert {ENT, "goblins:1", "goblins:5", "goblins:6"} <= set(zone(state, "discard"))


# -- §9 step 4: Castle, Monastery, Bridge count it once ---------------------------------------


def test_castle_counts_a_declared_ent_as_one_faction_card() -> None:
    """L19, H35: player 0 wins the Ent declared a Goblin and undead:9 (off-faction): goblins 1, 2,
    the Ent and undead:9 make 4 faction cards against player 1's 4 Undead: equal, so the game is
    scored as normal (a plain Ent counts none: next test)."""
    state = _last_trick(
        [[ENT], ["undead:9"]],
        [f"play {ENT} as goblins", "play undead:9"],
        [["goblins:1", "goblins:2"], ["undead:1", "undead:2", "undead:3", "undead:4"]],
        building="castle",
    )
    assert zone(state, "score", 0) == ["goblins:1", "goblins:2", ENT, "undead:9"]
    assert [faction_cards(state, p) for p in (0, 1)] == [4, 4]
    assert state.result is not None
    assert state.result["reason"] != "castle"


def test_castle_does_not_count_a_plain_ent() -> None:
    """L19, H13: the Ent led plainly (a hero: any card may follow, the higher value wins) beats
    doppelgangers:1: goblins 1, 2 and doppelgangers:1 are 3 faction cards against 4, player 1
    wins by the Castle."""
    state = _last_trick(
        [[ENT], ["doppelgangers:1"]],
        [f"play {ENT}", "play doppelgangers:1"],
        [["goblins:1", "goblins:2"], ["undead:1", "undead:2", "undead:3", "undead:4"]],
        building="castle",
    )
    assert zone(state, "score", 0) == ["goblins:1", "goblins:2", ENT, "doppelgangers:1"]
    assert state.result is not None
    assert (state.result["winner"], state.result["reason"]) == (1, "castle")


def test_monastery_counts_a_declared_ent_as_one_faction_card() -> None:
    """L14, H35: player 1 wins the Ent declared a Goblin with goblins:7: with undead:1 that is 3
    faction cards; player 0's 6 are not more than twice 3, so the game is scored as normal
    (counted 0, 6 > 4 and player 0 would lose by the Monastery)."""
    state = _last_trick(
        [[ENT], ["goblins:7"]],
        [f"play {ENT} as goblins", "play goblins:7"],
        [
            ["goblins:1", "goblins:2", "knights:2", "knights:3", "knights:4", "dwarves:1"],
            ["undead:1"],
        ],
        building="monastery",
    )
    assert [faction_cards(state, p) for p in (0, 1)] == [6, 3]
    assert state.result is not None
    assert state.result["reason"] != "monastery"


def test_bridge_counts_a_declared_ent_in_a_complete_set() -> None:
    """L15, H35 ("whoever collects it"): led as a Dwarf, the Ent goes to the loser (Dwarves'
    power), player 1, whose Goblin, Knight, Undead and Doppelganger it completes into a set: one
    set against none, player 1 wins by the Bridge."""
    state = _last_trick(
        [[ENT], ["goblins:7"]],
        [f"play {ENT} as dwarves", "play goblins:7"],
        [["dwarves:1", "dwarves:2"], ["goblins:3", "knights:3", "undead:3", "doppelgangers:3"]],
        building="bridge",
    )
    assert zone(state, "score", 1)[-1] == ENT
    assert [complete_sets(state, p) for p in (0, 1)] == [0, 1]
    assert state.result is not None
    assert (state.result["winner"], state.result["reason"]) == (1, "bridge")


# -- §9 step 5: votes ------------------------------------------------------------------------------


def test_tower_adds_a_declared_ents_4_to_its_factions_sum() -> None:
    """L17, H35: player 0's Goblins 1, 2 and the Ent declared a Goblin sum 7 against player 1's
    goblins:6: player 0 wins the Goblins (without the Ent's 4, 3 against 6)."""
    state = _last_trick(
        [[ENT], ["undead:9"]],
        [f"play {ENT} as goblins", "play undead:9"],
        [["goblins:1", "goblins:2"], ["goblins:6"]],
        building="tower",
    )
    assert zone(state, "score", 0) == ["goblins:1", "goblins:2", ENT, "undead:9"]
    assert state.result is not None
    assert state.result["votes"]["goblins"] == 0


def test_the_vote_tie_break_reads_a_declared_ents_4() -> None:
    """§9 step 5, H35 ("whoever collects it"): led as a Dwarf, the Ent goes to the loser, player
    1: Dwarves 4 (the Ent), 2 against player 0's 3, 1: equal counts, and player 1's highest card,
    the Ent's 4, wins the Dwarves."""
    state = _last_trick(
        [[ENT], ["goblins:0"]],
        [f"play {ENT} as dwarves", "play goblins:0"],
        [["dwarves:1", "dwarves:3"], ["dwarves:2"]],
    )
    assert zone(state, "score", 1) == ["dwarves:2", ENT]
    assert scoring.faction_values(state, 1, "dwarves") == [4, 2]
    assert state.result is not None
    assert state.result["votes"]["dwarves"] == 1


def test_the_cyclops_vote_counts_a_declared_ent() -> None:
    """§5.5, H35: led as a Cyclops, the Ent wins against an off-faction goblins:9 and makes
    player 0's Cyclops three (1, 2 and the Ent) against player 1's two: the fewer wins, player 1
    (without the Ent, two each, and player 0's lower lowest Cyclops would win)."""
    state = _last_trick(
        [[ENT], ["goblins:9"]],
        [f"play {ENT} as cyclops", "play goblins:9"],
        [["cyclops:1", "cyclops:2"], ["cyclops:5", "cyclops:6"]],
        factions=ONE_EYED,
    )
    assert zone(state, "score", 0) == ["cyclops:1", "cyclops:2", ENT, "goblins:9"]
    assert state.result is not None
    assert state.result["votes"]["cyclops"] == 1
