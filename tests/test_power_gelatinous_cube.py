"""Gelatinous Cube (RULES.md §6, R-61 value 1, R-63): played second, the lead card is put under
the Cube and the trick has no winner; the same leader leads another trick (in Phase One for the
same prize); its winner also takes the Cube and the card under it (Phase One: Follower deck;
Phase Two: Score pile). If no further trick can be played in the phase, the Cube has no effect.
RULINGS H20: the Cube trick has ``winner: null`` and is numbered as usual; Cube and lead card lie
on the table (extra field ``table``, kept in every view, W11); no collection, no draw, no leader
change; in Phase One the next trick has no reveal and its ``prize`` repeats. H21: "no further
trick" means either hand is empty after the Cube trick; the trick then resolves normally (the
Cube off-faction). H22: the bundle goes to the winner of the next trick that has a winner;
powers about cards "played in the trick" (Undead, Dwarves) ignore it; under Death (H33) it is
discarded. H7: a Cube after a led Vampire Queen does not bury. H2: played second it is
off-faction, so only a player who cannot follow may play it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import engine, records, view
from claim.core.state import State
from scenario import CLAIM, codes, last_trick, position_record, replay, tricks, zone

SWALLOWED = "the Gelatinous Cube swallowed the lead card: no winner"
CUBE = "hero:gelatinous-cube"


def _record(
    hand0: list[str],
    hand1: list[str],
    moves: list[str],
    phase: int = 1,
    number: int = 1,
    deck_top: Sequence[str] = ("goblins:9", "goblins:8"),
    heroes: Sequence[str] = ("gelatinous-cube",),
) -> dict[str, Any]:
    """A record from a trick of ``phase`` (Phase One: prize goblins:7, then ``deck_top``),
    player 0 leading, every unplaced card in the discard pile."""
    return position_record(
        CLAIM,
        phase=phase,
        number=number,
        prize="goblins:7" if phase == 1 else None,
        deck_top=list(deck_top) if phase == 1 else [],
        hands=[hand0, hand1],
        heroes=list(heroes),
        moves=moves,
    )


def _trick(hand0: list[str], hand1: list[str], moves: list[str], **options: Any) -> State:
    """Replay :func:`_record`."""
    return replay(_record(hand0, hand1, moves, **options))


HAND0 = ["goblins:5", "goblins:6", "knights:2"]
HAND1 = [CUBE, "dwarves:2", "dwarves:3"]
CUBE_TRICK = ["play goblins:5", f"play {CUBE}"]
NEXT_TRICK = ["play goblins:6", "play dwarves:2"]  # dwarves:2 is off-faction: player 0 wins


# -- Phase One --------------------------------------------------------------------------------


def test_phase_one_the_cube_trick_has_no_winner_and_collects_nothing() -> None:
    """R-63, H20: goblins:5 goes under the Cube; the trick is number 1 with ``winner: null``;
    both cards lie on the table; nobody takes the prize or draws; the same leader leads the
    next trick, played for the same prize with no reveal."""
    state = _trick(HAND0, HAND1, CUBE_TRICK)
    trick = last_trick(state)
    assert trick["number"] == 1
    assert trick["prize"] == "goblins:7"
    assert trick["winner"] is None
    assert trick["reason"] == SWALLOWED
    assert [p["value"] for p in trick["plays"]] == [5, 1]
    assert codes(state.table) == ["goblins:5", CUBE]
    assert zone(state, "followers", 0) == []
    assert zone(state, "followers", 1) == []
    assert zone(state, "deck") == ["goblins:9", "goblins:8"]
    assert zone(state, "discard")[-1] != CUBE
    current = view.report(state)["current"]
    assert current["prize"] == "goblins:7"
    assert current["leader"] == 0
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:6", "play knights:2"]


def test_the_table_is_reported_in_the_replay_and_in_both_views() -> None:
    """H20, W11: the Cube bundle is reported in the extra field ``table`` (public: both players
    see it)."""
    state = _trick(HAND0, HAND1, CUBE_TRICK)
    assert view.report(state)["table"] == ["goblins:5", CUBE]
    assert view.observe(state, 0)["table"] == ["goblins:5", CUBE]
    assert view.observe(state, 1)["table"] == ["goblins:5", CUBE]


def test_phase_one_the_next_winner_takes_the_bundle_and_the_same_prize() -> None:
    """R-63, H20, H22: trick 2 is played for goblins:7 again (its ``prize`` repeats in the
    history); its winner takes the Cube and goblins:5 into their Follower deck with the prize,
    the loser draws goblins:9; the played cards are discarded; the next trick reveals
    goblins:8."""
    state = _trick(HAND0, HAND1, [*CUBE_TRICK, *NEXT_TRICK])
    history = tricks(state)
    assert [(t["number"], t["prize"], t["winner"]) for t in history] == [
        (1, "goblins:7", None),
        (2, "goblins:7", 0),
    ]
    assert history[1]["reason"] == "the follower did not follow faction"
    assert state.table == []
    assert zone(state, "followers", 0) == ["goblins:5", CUBE, "goblins:7"]
    assert zone(state, "followers", 1) == ["goblins:9"]
    assert zone(state, "discard")[-2:] == ["goblins:6", "dwarves:2"]
    assert view.report(state)["current"]["prize"] == "goblins:8"
    assert zone(state, "deck") == []
    assert engine.current_player(state) == 0


def test_phase_one_the_follower_may_win_the_bundle() -> None:
    """H22: the bundle goes to whoever wins the next trick: the Cube buries knights:2, the same
    leader then leads goblins:3 and loses to goblins:4; player 1 takes knights:2, the Cube and
    the prize, player 0 draws goblins:9, and player 1 leads next."""
    state = _trick(
        ["knights:2", "goblins:3", "dwarves:5"],
        [CUBE, "goblins:4", "dwarves:3"],
        ["play knights:2", f"play {CUBE}", "play goblins:3", "play goblins:4"],
    )
    history = tricks(state)
    assert history[0]["winner"] is None
    assert history[1]["winner"] == 1
    assert history[1]["reason"] == "higher value"
    assert zone(state, "followers", 1) == ["knights:2", CUBE, "goblins:7"]
    assert zone(state, "followers", 0) == ["goblins:9"]
    assert engine.current_player(state) == 1


def test_phase_one_a_buried_undead_is_not_an_undead_played_in_the_next_trick() -> None:
    """H22, §5.1: Undead go to the winner's Score pile only when played in the trick: a buried
    undead:5 goes with the bundle to the Follower deck, while undead:7, played in the next
    trick, goes to the winner's Score pile."""
    state = _trick(
        ["undead:5", "undead:7", "goblins:1"],
        [CUBE, "dwarves:2", "dwarves:3"],
        ["play undead:5", f"play {CUBE}", "play undead:7", "play dwarves:2"],
    )
    assert tricks(state)[1]["winner"] == 0
    assert zone(state, "followers", 0) == ["undead:5", CUBE, "goblins:7"]
    assert zone(state, "score", 0) == ["undead:7"]
    assert zone(state, "discard")[-1] == "dwarves:2"


def test_phase_one_the_cube_may_not_be_played_by_a_player_who_can_follow() -> None:
    """H2: holding a Goblin, the follower must play one on a Goblin lead: the Cube is not
    offered."""
    state = _trick(HAND0, [CUBE, "goblins:2", "dwarves:3"], ["play goblins:5"])
    assert engine.legal_actions(state) == ["play goblins:2"]


def test_phase_one_last_trick_the_cube_has_no_effect() -> None:
    """H21: after the Cube is played in the last trick both hands are empty, so no further
    trick can be played: the trick resolves normally (the Cube off-faction loses), the winner
    takes the prize, the loser draws, both cards are discarded, Phase Two starts."""
    state = _trick(
        ["goblins:5"],
        [CUBE],
        CUBE_TRICK,
        number=13,
        deck_top=["goblins:9"],
    )
    trick = last_trick(state)
    assert trick["phase"] == 1
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert state.table == []
    assert zone(state, "discard")[-2:] == ["goblins:5", CUBE]
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["goblins:7"]
    assert zone(state, "hand", 1) == ["goblins:9"]


def test_the_cube_has_no_effect_when_only_the_leaders_hand_is_empty() -> None:
    """H21: "either hand is empty": the leader has played their last card, the Cube's player
    still holds one: no trick can follow, the Cube trick resolves normally and the phase ends
    (R-1), the leftover card discarded."""
    state = _trick(
        ["goblins:5"],
        [CUBE, "dwarves:3"],
        CUBE_TRICK,
        number=13,
        deck_top=["goblins:9"],
    )
    assert tricks(state)[0]["winner"] == 0
    assert state.table == []
    assert state.phase == 2
    assert zone(state, "discard")[-3:] == ["goblins:5", CUBE, "dwarves:3"]


def test_a_bundle_won_in_the_last_phase_one_trick_joins_the_phase_two_hand() -> None:
    """H22, §3.2, R-5: the trick after the Cube trick is the last of Phase One; its winner's
    Follower deck, with the Cube and the buried card, becomes their Phase Two hand."""
    state = _trick(
        ["goblins:5", "goblins:6"],
        [CUBE, "dwarves:2"],
        [*CUBE_TRICK, *NEXT_TRICK],
        number=12,
        deck_top=["goblins:9"],
    )
    assert [t["number"] for t in tricks(state)] == [12, 13]
    assert state.phase == 2
    assert state.table == []
    assert zone(state, "hand", 0) == ["goblins:5", CUBE, "goblins:7"]
    assert zone(state, "hand", 1) == ["goblins:9"]


def test_a_led_cube_has_no_power() -> None:
    """R-63: only a Cube played second buries: a led Cube (1) is a plain value and loses to
    goblins:2 (H3: a led hero frees the follower); the winner takes the prize."""
    state = _trick(
        [CUBE, "goblins:5"],
        ["goblins:2", "goblins:3"],
        [f"play {CUBE}", "play goblins:2"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert state.table == []
    assert zone(state, "followers", 1) == ["goblins:7"]
    assert zone(state, "discard")[-2:] == [CUBE, "goblins:2"]


def test_a_cube_after_a_led_vampire_queen_does_not_bury() -> None:
    """H7: a led Vampire Queen takes the power of the other card: the Cube buries nothing and
    the Vampire Queen (6) beats it by value."""
    state = _trick(
        ["hero:vampire-queen", "goblins:5"],
        [CUBE, "goblins:2"],
        ["play hero:vampire-queen", f"play {CUBE}"],
        heroes=("gelatinous-cube", "vampire-queen"),
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert state.table == []
    assert zone(state, "followers", 0) == ["goblins:7"]


# -- Phase Two --------------------------------------------------------------------------------


def test_phase_two_the_bundle_goes_into_the_next_winners_score_pile() -> None:
    """R-63, H22: in Phase Two the Cube trick collects nothing; the next trick's winner takes
    its two played cards and the bundle into the Score pile."""
    record = _record(
        HAND0,
        [CUBE, "undead:2", "undead:3"],
        [*CUBE_TRICK, "play goblins:6", "play undead:2"],
        phase=2,
    )
    state = records.replay(record, upto=2)
    assert last_trick(state)["winner"] is None
    assert codes(state.table) == ["goblins:5", CUBE]
    assert zone(state, "score", 0) == []
    assert zone(state, "score", 1) == []
    assert engine.current_player(state) == 0
    state = replay(record)
    assert [(t["number"], t["winner"]) for t in tricks(state)] == [(1, None), (2, 0)]
    assert state.table == []
    assert zone(state, "score", 0) == ["goblins:6", "undead:2", "goblins:5", CUBE]
    assert zone(state, "score", 1) == []


def test_phase_two_a_buried_dwarf_goes_to_the_winner_with_the_bundle() -> None:
    """H22, §5.1: Dwarves go to the loser only when played in the trick: the buried dwarves:5
    goes with the bundle to the next winner, while dwarves:4, played (and winning off-faction
    against undead:2) in the next trick, goes to the loser."""
    state = _trick(
        ["dwarves:5", "dwarves:4", "goblins:1"],
        [CUBE, "undead:2", "undead:3"],
        ["play dwarves:5", f"play {CUBE}", "play dwarves:4", "play undead:2"],
        phase=2,
    )
    assert tricks(state)[1]["winner"] == 0
    assert zone(state, "score", 0) == ["undead:2", "dwarves:5", CUBE]
    assert zone(state, "score", 1) == ["dwarves:4"]


def test_phase_two_last_trick_the_cube_resolves_normally() -> None:
    """H21: in the last trick of the game the Cube has no effect: the leader wins (Cube
    off-faction) and collects both cards; the game ends with nothing on the table."""
    state = _trick(["goblins:5"], [CUBE], CUBE_TRICK, phase=2, number=13)
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert state.table == []
    assert state.result is not None
    assert zone(state, "score", 0) == ["goblins:5", CUBE]


def test_phase_two_a_death_trick_after_the_cube_discards_the_bundle() -> None:
    """H22, H33: the trick after the Cube trick is a Death trick: it has a winner (the would-be
    winner), but Death replaces the collection: both played cards and the bundle go to the
    discard pile."""
    state = _trick(
        ["goblins:5", "hero:death", "knights:2"],
        [CUBE, "dwarves:2", "undead:3"],
        [*CUBE_TRICK, "play hero:death", "play dwarves:2"],
        phase=2,
        heroes=("gelatinous-cube", "death"),
    )
    history = tricks(state)
    assert history[1]["winner"] == 0
    assert state.table == []
    assert zone(state, "score", 0) == []
    assert zone(state, "score", 1) == []
    assert zone(state, "discard")[-4:] == ["hero:death", "dwarves:2", "goblins:5", CUBE]


def test_phase_two_ends_with_the_bundle_on_the_table_and_it_is_discarded() -> None:
    """H22, H19, R-1: a Cube buries a led Cthulhu (both hands still hold a card, so the Cube
    acts, H21); Cthulhu's Phase Two discards still follow the trick, the same leader (the next
    leader, H20) first; they empty both hands, so the phase ends with the bundle on the table:
    it is discarded and the game is scored."""
    state = _trick(
        ["hero:cthulhu", "goblins:1"],
        [CUBE, "goblins:2"],
        ["play hero:cthulhu", f"play {CUBE}"],
        phase=2,
        heroes=("gelatinous-cube", "cthulhu"),
    )
    assert codes(state.table) == ["hero:cthulhu", CUBE]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["discard goblins:1"]
    engine.apply(state, "discard goblins:1")
    assert engine.legal_actions(state) == ["discard goblins:2"]
    engine.apply(state, "discard goblins:2")
    assert last_trick(state)["winner"] is None
    assert state.result is not None
    assert state.table == []
    assert zone(state, "discard")[-4:] == ["goblins:1", "goblins:2", "hero:cthulhu", CUBE]
    assert zone(state, "score", 0) == []
    assert zone(state, "score", 1) == []


def _troll_cube(hand0: list[str], hand1: list[str], moves: list[str], pool: list[str]) -> State:
    record = position_record(
        ["gnomes", "giants", "trolls", "dragons", "seers"],
        phase=2,
        hands=[hand0, hand1],
        troll_pool=pool,
        heroes=["gelatinous-cube"],
        moves=moves,
    )
    return replay(record)


def test_a_buried_troll_joins_the_one_troll_rule_with_no_troll_played() -> None:
    """H22: a buried Troll collected with the bundle counts as a Troll the winner would collect
    (§5.2): the pool's higher Troll is taken instead and the buried one goes to the pool."""
    state = _troll_cube(
        ["trolls:3", "gnomes:1", "gnomes:3"],
        [CUBE, "giants:1", "giants:3"],
        ["play trolls:3", f"play {CUBE}", "play gnomes:3", "play giants:1"],
        pool=["trolls:8"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["giants:1", CUBE, "trolls:8"]
    assert zone(state, "gnomes", 0) == ["gnomes:3"]
    assert zone(state, "troll_pool") == ["trolls:3"]


def test_a_buried_troll_competes_with_a_played_troll() -> None:
    """H22, §5.2: a played Troll and a buried one: the winner keeps the single highest of them
    and the pool; the played trolls:2 goes to the pool, the buried trolls:6 is kept."""
    state = _troll_cube(
        ["trolls:6", "trolls:2", "gnomes:3"],
        [CUBE, "giants:1", "giants:3"],
        ["play trolls:6", f"play {CUBE}", "play trolls:2", "play giants:1"],
        pool=["trolls:4"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["giants:1", "trolls:6", CUBE]
    assert sorted(zone(state, "troll_pool")) == ["trolls:2", "trolls:4"]


def test_a_buried_gnome_collected_in_phase_two_is_placed_face_up() -> None:
    """H22, §5.2: a Gnome under the Cube, collected with the bundle in Phase Two, goes face-up in
    front of the winner like any Gnome they collect; the Cube goes into the Score pile."""
    state = _troll_cube(
        ["gnomes:5", "trolls:1", "trolls:4"],
        [CUBE, "giants:1", "giants:3"],
        ["play gnomes:5", f"play {CUBE}", "play trolls:4", "play giants:1"],
        pool=[],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "gnomes", 0) == ["gnomes:5"]
    assert zone(state, "score", 0) == ["trolls:4", "giants:1", CUBE]


def test_a_buried_troll_joins_the_one_troll_rule_when_the_played_troll_is_stripped() -> None:
    """H22 with H38: in the trick after the Cube trick player 0 leads trolls:9 and player 1 plays
    the Vampire Queen: the Troll lost its power and is collected plainly, but the buried trolls:3
    collected with the bundle still joins the one-Troll rule (the Queen took only the other
    card's power): the pool's higher trolls:5 is taken instead and trolls:3 goes to the pool."""
    record = position_record(
        ["gnomes", "giants", "trolls", "dragons", "seers"],
        phase=2,
        hands=[["trolls:3", "trolls:9", "gnomes:1"], [CUBE, "hero:vampire-queen", "giants:3"]],
        troll_pool=["trolls:5"],
        heroes=["gelatinous-cube", "vampire-queen"],
        moves=["play trolls:3", f"play {CUBE}", "play trolls:9", "play hero:vampire-queen"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 0
    assert sorted(zone(state, "score", 0)) == sorted(
        ["trolls:9", "hero:vampire-queen", CUBE, "trolls:5"]
    )
    assert zone(state, "troll_pool") == ["trolls:3"]
