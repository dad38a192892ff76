"""Vampire Queen (§6, RULINGS H7, H38; value 6, R-61): the other card in its trick loses its power,
whichever of the two was played first (H7: the Queen is applied first, so R-3 does not let a later
card's power act). Lost: faction powers, collection powers (a Dwarf goes to the winner), hero
powers and declarations. Kept: values and the following rule (a Doppelganger may still follow).
A hero power beats a faction power (§4.4 heroes > factions)."""

from __future__ import annotations

from collections.abc import Sequence

from claim.core import engine, scoring
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, zone

VQ = "hero:vampire-queen"
ZOMBIE_DECK = ["goblins", "knights", "zombies", "undead", "dwarves"]


def _trick(
    hand0: list[str],
    hand1: list[str],
    moves: Sequence[str] = (),
    phase: int = 2,
    scores: Sequence[Sequence[str]] = ((), ()),
    heroes: Sequence[str] = (),
    factions: Sequence[str] = CLAIM,
) -> State:
    """Play ``moves`` from a trick of ``phase``, player 0 leading, the Vampire Queen and
    ``heroes`` in the game, with an empty discard pile."""
    return replay(
        position_record(
            factions,
            phase=phase,
            prize="goblins:8" if phase == 1 else None,
            deck_top=["goblins:6", "goblins:7"] if phase == 1 else [],
            hands=[hand0, hand1],
            scores=scores,
            heroes=["vampire-queen", *heroes],
            discard=[],
            moves=moves,
        )
    )


def test_a_led_lich_king_does_not_cut_a_following_queen() -> None:
    """H7: the Lich King's -3 on the card played after it is lost: the Queen keeps her 6, ties the
    Lich King's 6 and the tie goes to the leader."""
    state = _trick(
        ["hero:lich-king", "goblins:1"],
        [VQ, "goblins:2"],
        ["play hero:lich-king", f"play {VQ}"],
        heroes=["lich-king"],
    )
    trick = last_trick(state)
    assert trick["plays"] == [
        {"player": 0, "card": "hero:lich-king", "value": 6},
        {"player": 1, "card": VQ, "value": 6},
    ]
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"
    assert zone(state, "score", 0) == ["hero:lich-king", VQ]


def test_a_jester_after_a_led_queen_does_not_swap() -> None:
    """H7 (R-64 lost): no swap; the led Queen's 6 beats the Jester's 5 and the leader collects
    both cards and leads next (with the swap the follower would have won)."""
    state = _trick(
        [VQ, "goblins:1"],
        ["hero:jester", "goblins:2"],
        [f"play {VQ}", "play hero:jester"],
        heroes=["jester"],
    )
    trick = last_trick(state)
    assert trick["plays"] == [
        {"player": 0, "card": VQ, "value": 6},
        {"player": 1, "card": "hero:jester", "value": 5},
    ]
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 0) == [VQ, "hero:jester"]
    assert zone(state, "score", 1) == []
    assert engine.current_player(state) == 0


def test_a_cube_after_a_led_queen_does_not_bury() -> None:
    """H7 (R-63 lost): the trick has a winner; the Queen's 6 beats the Cube's 1, nothing lies on
    the table and the leader collects both cards."""
    state = _trick(
        [VQ, "goblins:1"],
        ["hero:gelatinous-cube", "goblins:2"],
        [f"play {VQ}", "play hero:gelatinous-cube"],
        heroes=["gelatinous-cube"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert state.table == []
    assert zone(state, "score", 0) == [VQ, "hero:gelatinous-cube"]
    assert engine.current_player(state) == 0


def test_a_led_dwarf_goes_to_the_winner() -> None:
    """H38, §4.4: dwarves:8 led, the Queen second (its player holds no Dwarf) is off-faction and
    loses; the Dwarf has lost its power, so the winner collects both cards."""
    state = _trick(
        ["dwarves:8", "goblins:1"],
        [VQ, "goblins:2"],
        ["play dwarves:8", f"play {VQ}"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["dwarves:8", VQ]
    assert zone(state, "score", 1) == []


def test_a_following_dwarf_goes_to_the_winner() -> None:
    """H38: on a led Queen the follower's dwarves:2 loses (6 > 2) and, powerless, goes to the
    winner with the Queen instead of to the loser."""
    state = _trick(
        [VQ, "goblins:1"],
        ["dwarves:2", "goblins:2"],
        [f"play {VQ}", "play dwarves:2"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == [VQ, "dwarves:2"]
    assert zone(state, "score", 1) == []


def test_a_doppelganger_may_follow_a_led_queen_and_competes_by_value() -> None:
    """H38 (the following rule is not a power), §6: a led Queen sets no led faction, the follower
    may play any card; doppelgangers:7 competes by value and beats her 6."""
    state = _trick(
        [VQ, "goblins:1"],
        ["goblins:2", "doppelgangers:7", "doppelgangers:3"],
        [f"play {VQ}"],
    )
    assert engine.legal_actions(state) == [
        "play goblins:2",
        "play doppelgangers:7",
        "play doppelgangers:3",
    ]
    engine.apply(state, "play doppelgangers:7")
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == [VQ, "doppelgangers:7"]


def test_a_doppelganger_lead_keeps_its_led_faction() -> None:
    """H38 (following rule kept), §5.1, H2: a Doppelganger lead makes Doppelgangers the led
    faction; a follower holding one may not play the Queen, and a follower holding none plays her
    off-faction and loses despite 6 > 2."""
    state = _trick(
        ["doppelgangers:2", "goblins:1"],
        [VQ, "doppelgangers:1"],
        ["play doppelgangers:2"],
    )
    assert engine.legal_actions(state) == ["play doppelgangers:1"]
    state = _trick(
        ["doppelgangers:2", "goblins:1"],
        [VQ, "goblins:2"],
        ["play doppelgangers:2", f"play {VQ}"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["doppelgangers:2", VQ]


def test_a_declared_lycanthrope_loses_its_declaration() -> None:
    """H38 (declarations lost), H34: led as Goblins, the Lycanthrope becomes a plain hero of
    value 5 when the Queen follows (her player holds no Goblin): a led hero, so the Queen's 6
    wins instead of losing off-faction."""
    state = _trick(
        ["hero:lycanthrope", "goblins:1"],
        [VQ, "knights:2"],
        ["play hero:lycanthrope as goblins", f"play {VQ}"],
        heroes=["lycanthrope"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert trick["plays"][0]["value"] == 5
    assert zone(state, "score", 1) == ["hero:lycanthrope", VQ]
    assert engine.current_player(state) == 1


def test_a_declared_ent_loses_its_declaration_and_its_scoring_faction() -> None:
    """H35 ("VQ voids the declaration"), H38: led as Dwarves in the last trick, the Ent is a plain
    hero of value 4: the Queen's 6 wins, both go to her player (no Dwarf power), and at scoring
    the Ent counts for no faction: player 0 keeps the Dwarf vote (2 cards against 0) and wins."""
    state = _trick(
        ["hero:ent"],
        [VQ],
        ["play hero:ent as dwarves", f"play {VQ}"],
        scores=[["dwarves:1", "dwarves:2"], []],
        heroes=["ent"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["hero:ent", VQ]
    assert scoring.faction_values(state, 1, "dwarves") == []
    assert state.result is not None
    assert state.result["votes"]["dwarves"] == 0
    assert state.result["winner"] == 0
    assert state.result["reason"] == "votes"


def test_an_ent_declared_after_a_led_queen_is_not_given_to_its_player() -> None:
    """H7, H35, H38: the Ent declared as Dwarves after a led Queen loses the declaration: a plain
    4 against her 6, collected by the winner with her (as a Dwarf it would have gone to the
    loser)."""
    state = _trick(
        [VQ, "goblins:1"],
        ["hero:ent", "goblins:2"],
        [f"play {VQ}", "play hero:ent as dwarves"],
        scores=[[], ["dwarves:1", "dwarves:2"]],
        heroes=["ent"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == [VQ, "hero:ent"]
    assert zone(state, "score", 1) == ["dwarves:1", "dwarves:2"]


def test_a_zombie_loses_its_capture_in_phase_one() -> None:
    """§4.4 (heroes > factions), H38, §5.3 Zombies: zombies:8 led wins against the off-faction
    Queen, but without its power the Queen is discarded, not captured into a Score pile."""
    state = _trick(
        ["zombies:8", "goblins:1"],
        [VQ, "goblins:2"],
        ["play zombies:8", f"play {VQ}"],
        phase=1,
        factions=ZOMBIE_DECK,
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert zone(state, "discard") == ["zombies:8", VQ]
    assert zone(state, "followers", 0) == ["goblins:8"]
    assert zone(state, "followers", 1) == ["goblins:6"]


def test_an_undead_lead_is_discarded_in_phase_one() -> None:
    """§4.4, H38, §5.1 Undead: undead:4 led beats the off-faction Queen but, powerless, is
    discarded instead of going to the winner's Score pile."""
    state = _trick(
        ["undead:4", "goblins:1"],
        [VQ, "goblins:2"],
        ["play undead:4", f"play {VQ}"],
        phase=1,
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == []
    assert zone(state, "discard") == ["undead:4", VQ]


def test_death_after_a_led_queen_does_not_discard_the_trick() -> None:
    """H7, H33, H38: Death played after a led Queen has no power: the Queen's 6 beats Death's 5
    and the leader collects both cards into the Score pile instead of discarding them."""
    state = _trick(
        [VQ, "goblins:1"],
        ["hero:death", "goblins:2"],
        [f"play {VQ}", "play hero:death"],
        heroes=["death"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == [VQ, "hero:death"]
    assert zone(state, "discard") == []
    assert engine.current_player(state) == 0


VAMPIRE_DECK = ["goblins", "knights", "vampires", "dwarves", "undead"]


def test_a_vampire_following_a_led_queen_is_collected_plainly_not_crowned() -> None:
    """V1, H38: on a led Queen (6) the follower's vampires:8 wins (a led hero frees the follower,
    H3) and its player collects both cards, but the Vampire's power was taken away in this trick:
    no ``crown`` is offered (there is nothing else to decide) and the Vampire stays in the Score
    pile."""
    state = _trick(
        [VQ, "goblins:1"],
        ["vampires:8", "goblins:2"],
        [f"play {VQ}", "play vampires:8"],
        factions=VAMPIRE_DECK,
    )
    assert last_trick(state)["winner"] == 1
    assert state.tasks == []
    assert engine.legal_actions(state) == ["play goblins:2"]
    assert zone(state, "score", 1) == [VQ, "vampires:8"]
    assert state.vampire == [[], []]


def test_a_winning_led_vampire_is_not_crowned_with_a_queen_second() -> None:
    """V1, H38, the other order: vampires:3 led, the Queen second off-faction (its player holds
    no Vampire) loses; the leader collects both cards, but the Vampire lost its power to the
    Queen: no ``crown``."""
    state = _trick(
        ["vampires:3", "goblins:1"],
        [VQ, "goblins:2"],
        ["play vampires:3", f"play {VQ}"],
        factions=VAMPIRE_DECK,
    )
    assert last_trick(state)["winner"] == 0
    assert state.tasks == []
    assert engine.legal_actions(state) == ["play goblins:1"]
    assert zone(state, "score", 0) == ["vampires:3", VQ]
    assert state.vampire == [[], []]


def test_a_vampire_collected_by_the_queens_player_is_not_crowned_either() -> None:
    """V1, H38: the Queen led (6) beats the follower's vampires:2: the Queen's player collects a
    powerless Vampire, so no ``crown`` for them either."""
    state = _trick(
        [VQ, "goblins:1"],
        ["vampires:2", "goblins:2"],
        [f"play {VQ}", "play vampires:2"],
        factions=VAMPIRE_DECK,
    )
    assert last_trick(state)["winner"] == 0
    assert state.tasks == []
    assert zone(state, "score", 0) == [VQ, "vampires:2"]
    assert state.vampire == [[], []]
