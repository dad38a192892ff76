"""Lycanthrope (§6, RULINGS H2, H8, H34; value 5, R-61): when played, its player may declare it a
value-5 card of any faction in the deck, without that faction's power, for this trick
(``play hero:lycanthrope as F``). Declared as the led faction it follows, and a player able to
follow may play it only so (H2). Other cards' powers see it as F (a Knight beats it as a led
Goblin). After the trick it is a hero again: it counts for no faction at scoring."""

from __future__ import annotations

from collections.abc import Sequence

from claim.core import engine, scoring
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, zone

LYC = "hero:lycanthrope"
ALL_DECLARATIONS = [
    f"play {LYC}",
    f"play {LYC} as goblins",
    f"play {LYC} as knights",
    f"play {LYC} as undead",
    f"play {LYC} as dwarves",
    f"play {LYC} as doppelgangers",
]


def _trick(
    hand0: list[str],
    hand1: list[str],
    moves: Sequence[str] = (),
    phase: int = 2,
    scores: Sequence[Sequence[str]] = ((), ()),
) -> State:
    """Play ``moves`` from a trick of ``phase`` (Claim deck, Lycanthrope in the game), player 0
    leading, with an empty discard pile."""
    return replay(
        position_record(
            CLAIM,
            phase=phase,
            prize="goblins:8" if phase == 1 else None,
            deck_top=["goblins:6", "goblins:7"] if phase == 1 else [],
            hands=[hand0, hand1],
            scores=scores,
            heroes=["lycanthrope"],
            discard=[],
            moves=moves,
        )
    )


def test_a_leader_may_play_it_plainly_or_declared_as_each_deck_faction() -> None:
    """H34: led, the moves are ``play hero:lycanthrope`` and one ``as F`` per faction of the deck
    (in setup order), in both phases (H4: its power is unlabelled)."""
    for phase in (1, 2):
        state = _trick([LYC, "goblins:1"], ["goblins:2", "knights:3"], phase=phase)
        assert engine.legal_actions(state) == [*ALL_DECLARATIONS, "play goblins:1"]


def test_a_follower_able_to_follow_may_declare_it_only_as_the_led_faction() -> None:
    """H2, H34: holding a Goblin on a Goblin lead, its player may play it only declared as
    Goblins (it then follows); neither plainly nor as another faction."""
    state = _trick(["goblins:4", "goblins:1"], [LYC, "goblins:2"], ["play goblins:4"])
    assert engine.legal_actions(state) == [f"play {LYC} as goblins", "play goblins:2"]


def test_a_follower_unable_to_follow_has_every_declaration() -> None:
    """H2, H34: with no Goblin in hand the follower may play any card, the Lycanthrope plainly
    or declared as any deck faction."""
    state = _trick(["goblins:4", "goblins:1"], [LYC, "knights:2"], ["play goblins:4"])
    assert engine.legal_actions(state) == [*ALL_DECLARATIONS, "play knights:2"]


def test_declared_as_the_led_faction_it_follows_and_wins_with_value_5() -> None:
    """H34: declared as Goblins on goblins:4 it follows with value 5 and wins; the history
    shows the declaration (H8: ``as``); Phase Two: the winner collects both cards and leads."""
    state = _trick(
        ["goblins:4", "goblins:1"],
        [LYC, "goblins:2"],
        ["play goblins:4", f"play {LYC} as goblins"],
    )
    trick = last_trick(state)
    assert trick["plays"] == [
        {"player": 0, "card": "goblins:4", "value": 4},
        {"player": 1, "card": LYC, "value": 5, "as": "goblins"},
    ]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["goblins:4", LYC]
    assert zone(state, "score", 0) == []
    assert engine.current_player(state) == 1


def test_declared_as_the_led_faction_it_loses_to_a_higher_card_and_a_tie() -> None:
    """§4.3, H34: as a value-5 Goblin it loses to goblins:6, and on goblins:5 the tie goes to
    the leader."""
    state = _trick(
        ["goblins:6", "goblins:1"],
        [LYC, "goblins:2"],
        ["play goblins:6", f"play {LYC} as goblins"],
    )
    assert last_trick(state)["winner"] == 0
    assert last_trick(state)["reason"] == "higher value"
    assert zone(state, "score", 0) == ["goblins:6", LYC]
    state = _trick(
        ["goblins:5", "goblins:1"],
        [LYC, "goblins:2"],
        ["play goblins:5", f"play {LYC} as goblins"],
    )
    assert last_trick(state)["winner"] == 0
    assert last_trick(state)["reason"] == "equal values go to the leader"
    assert engine.current_player(state) == 0


def test_declared_as_another_faction_it_does_not_follow() -> None:
    """§4.3, H34: declared as Knights on a Goblin lead (its player holds no Goblin) it is
    off-faction: the lead goblins:1 wins despite the lower value; the same when played
    plainly (§6: a hero played second is off-faction)."""
    for move, extra in ((f"play {LYC} as knights", {"as": "knights"}), (f"play {LYC}", {})):
        state = _trick(["goblins:1", "goblins:3"], [LYC, "knights:2"], ["play goblins:1", move])
        trick = last_trick(state)
        assert trick["plays"][1] == {"player": 1, "card": LYC, "value": 5, **extra}
        assert trick["winner"] == 0
        assert trick["reason"] == "the follower did not follow faction"
        assert zone(state, "score", 0) == ["goblins:1", LYC]
        assert engine.current_player(state) == 0


def test_led_as_a_faction_it_sets_the_led_faction() -> None:
    """H34: led as Undead, Undead is the led faction: the follower holding undead:6 and
    goblins:2 must follow (a Doppelganger may too, §5.1); undead:6 beats the value 5."""
    state = _trick(
        [LYC, "goblins:1"],
        ["goblins:2", "undead:6", "doppelgangers:1"],
        [f"play {LYC} as undead"],
    )
    assert engine.legal_actions(state) == ["play undead:6", "play doppelgangers:1"]
    engine.apply(state, "play undead:6")
    trick = last_trick(state)
    assert trick["plays"][0] == {"player": 0, "card": LYC, "value": 5, "as": "undead"}
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == [LYC, "undead:6"]


def test_declared_undead_in_phase_one_is_not_sent_to_a_score_pile() -> None:
    """H34 (without F's own power), §5.1 Undead: led as Undead in Phase One it wins against an
    off-faction goblins:2 but is discarded like any card, not put into a Score pile; the prize
    and the draw are collected as usual."""
    state = _trick(
        [LYC, "goblins:1"],
        ["goblins:2", "knights:3"],
        [f"play {LYC} as undead", "play goblins:2"],
        phase=1,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert zone(state, "discard") == [LYC, "goblins:2"]
    assert zone(state, "followers", 0) == ["goblins:8"]
    assert zone(state, "followers", 1) == ["goblins:6"]
    assert engine.current_player(state) == 0


def test_declared_undead_following_an_undead_lead_is_discarded() -> None:
    """H34 with §5.1's Doppelganger precedent ("a Doppelganger on an Undead lead is
    discarded"): following undead:3 as Undead in Phase One it wins (5 > 3); the real Undead goes
    to the winner's Score pile by its own power, the Lycanthrope to the discard pile."""
    state = _trick(
        ["undead:3", "goblins:1"],
        [LYC, "undead:1"],
        ["play undead:3", f"play {LYC} as undead"],
        phase=1,
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["undead:3"]
    assert zone(state, "discard") == [LYC]
    assert zone(state, "followers", 1) == ["goblins:8"]
    assert zone(state, "followers", 0) == ["goblins:6"]


def test_declared_dwarf_is_not_given_to_the_loser() -> None:
    """H34, §5.1 Dwarves: following dwarves:3 as Dwarves in Phase Two it wins (5 > 3); the real
    Dwarf goes to the loser by its own power, the Lycanthrope (no Dwarf power) to the winner."""
    state = _trick(
        ["dwarves:3", "goblins:1"],
        [LYC, "dwarves:1"],
        ["play dwarves:3", f"play {LYC} as dwarves"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 0) == ["dwarves:3"]
    assert zone(state, "score", 1) == [LYC]
    assert engine.current_player(state) == 1


def test_a_knight_beats_it_declared_as_a_led_goblin() -> None:
    """H34 ("other cards' powers see it as F (a Knight beats it as a led Goblin)"), §5.1
    Knights: led as Goblins, a Knight played on it wins whatever the values."""
    state = _trick(
        [LYC, "goblins:1"],
        ["knights:2", "undead:2"],
        [f"play {LYC} as goblins", "play knights:2"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "a Knight played on a Goblin lead wins"
    assert zone(state, "score", 1) == [LYC, "knights:2"]
    assert zone(state, "score", 0) == []
    assert engine.current_player(state) == 1


def test_declared_as_knights_it_has_no_knight_power() -> None:
    """H34 (without F's own power), §5.1 Knights: declared as Knights on a Goblin lead (its player
    holds no Goblin) it does not win as a Knight would: off-faction, it loses to goblins:5."""
    state = _trick(
        ["goblins:5", "goblins:1"],
        [LYC, "undead:2"],
        ["play goblins:5", f"play {LYC} as knights"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["goblins:5", LYC]


def test_after_the_trick_it_is_a_hero_and_counts_for_no_faction() -> None:
    """H34 ("after the trick it is a hero"), §6, H13: won as a declared Goblin in the last trick,
    it does not count as a Goblin: goblins:1 against goblins:3 loses the Goblin vote; the game is
    a draw (Goblins to player 1, Undead to player 0, one card each)."""
    state = _trick(
        [LYC],
        ["undead:2"],
        [f"play {LYC} as goblins", "play undead:2"],
        scores=[["goblins:1"], ["goblins:3"]],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["goblins:1", LYC, "undead:2"]
    assert scoring.faction_values(state, 0, "goblins") == [1]
    assert state.result is not None
    assert state.result["votes"] == {
        "goblins": 1,
        "knights": None,
        "undead": 0,
        "dwarves": None,
        "doppelgangers": None,
    }
    assert state.result["winner"] is None
    assert state.result["reason"] == "draw"
