"""The Lighthouse (Building, §7, R-72; RULINGS L12, V11, V12, H13, H32, H35): in Phase Two the first
player to have 3 collected cards of a faction wins that faction outright. It is checked after
each Phase Two trick's collection and its decisions, the trick winner first; collected cards are
the Score pile, the face-up Gnomes and the face-up Vampire, however they got there (Phase One
captures included), a declared Ent counts, heroes (the Gargoyle too) and tucked cards do not. A
faction won this way stays won even if cards leave later, and can no longer be won by the other
player. Cyclops are scored as normal (a faction power beats a location, §4.4); three Vampires
win the Vampire vote outright, overriding R-21 (V12)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import engine
from claim.core.state import State
from scenario import CLAIM, CLAIM2, codes, last_trick, position_record, replay, zone

VAMP = ["goblins", "knights", "vampires", "dwarves", "undead"]
MERC = ["elves", "orcs", "cyclops", "undead", "dwarves"]


def _state(
    factions: Sequence[str],
    *,
    building: str | None = "lighthouse",
    vampire: Sequence[str | None] = (None, None),
    tucked: Sequence[Sequence[str]] = ((), ()),
    **kwargs: Any,
) -> State:
    """``position_record(factions, **kwargs)`` with ``building`` in play and each player's
    Vampire stack placed (taken out of the discard pile, where position_record put it)."""
    record = position_record(factions, **kwargs)
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


def _lighthouse(state: State) -> dict[str, int]:
    """The factions won outright so far: faction -> player."""
    return {
        key.split(":", 1)[1]: p
        for key, p in state.counters.items()
        if key.startswith("lighthouse:")
    }


FIRST_TO_THREE = {
    "phase": 2,
    "number": 12,
    "hands": [["undead:5", "goblins:4"], ["goblins:7", "goblins:8"]],
    "scores": [["goblins:1", "goblins:2"], ["goblins:0", "goblins:0"]],
}


def test_the_first_to_three_wins_the_faction_though_the_other_ends_with_more() -> None:
    """R-72, L12: player 0 (goblins:1, goblins:2) wins undead:5 over the off-faction goblins:7 and
    has 3 Goblins: Goblins are won outright by player 0. Player 1 then wins goblins:8 over
    goblins:4 and ends with 4 Goblins against 3, but the faction is no longer to be won: the
    Goblin vote is player 0's (normally player 1's)."""
    state = _state(CLAIM, **FIRST_TO_THREE, moves=["play undead:5", "play goblins:7"])
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["goblins:1", "goblins:2", "undead:5", "goblins:7"]
    assert _lighthouse(state) == {"goblins": 0}
    engine.apply(state, "play goblins:4")
    engine.apply(state, "play goblins:8")
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["goblins:0", "goblins:0", "goblins:4", "goblins:8"]
    assert _lighthouse(state) == {"goblins": 0}
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 0,
        "knights": None,
        "undead": 0,
        "dwarves": None,
        "doppelgangers": None,
    }
    assert result["votes_won"] == [2, 0]
    assert result["cards_in_won_factions"] == [4, 0]
    assert result["winner"] == 0
    assert result["reason"] == "votes"


def test_without_the_lighthouse_the_larger_count_wins() -> None:
    """§9 step 5 (control for R-72): the same game without a Building: Goblins go to player 1
    (4 cards against 3); 1 vote each, tie-break 4 cards against 1: player 1 wins."""
    state = _state(
        CLAIM,
        building=None,
        **FIRST_TO_THREE,
        moves=["play undead:5", "play goblins:7", "play goblins:4", "play goblins:8"],
    )
    assert _lighthouse(state) == {}
    result = state.result
    assert result is not None
    assert result["votes"]["goblins"] == 1
    assert result["votes"]["undead"] == 0
    assert result["cards_in_won_factions"] == [1, 4]
    assert result["winner"] == 1
    assert result["reason"] == "cards"


def test_phase_one_captures_count_but_phase_one_awards_nothing() -> None:
    """L12 (Phase Two only; Phase One captures count): in the last Phase One trick player 0 wins
    undead:5 over undead:3 and both Undead go to their Score pile (R-10): 3 Undead, but nothing
    is won in Phase One. After the first Phase Two trick (won by player 1, knights:6 over
    knights:2) the check finds player 0's 3 Undead: Undead are player 0's."""
    state = _state(
        CLAIM,
        phase=1,
        number=13,
        prize="goblins:5",
        deck_top=["goblins:6"],
        hands=[["undead:5"], ["undead:3"]],
        followers=[["knights:2"], ["knights:6"]],
        scores=[["undead:1"], []],
        moves=["play undead:5", "play undead:3"],
    )
    assert state.phase == 2
    assert zone(state, "score", 0) == ["undead:1", "undead:5", "undead:3"]
    assert _lighthouse(state) == {}
    engine.apply(state, "play knights:2")
    engine.apply(state, "play knights:6")
    assert last_trick(state)["winner"] == 1
    assert _lighthouse(state) == {"undead": 0}


def test_both_at_three_the_trick_winner_is_checked_first() -> None:
    """R-72, L12: both players start Phase Two with 3 Undead (player 0: 7, 8, 9; player 1: 1, 2,
    3). Player 1 leads goblins:5 and wins over goblins:2; the winner is checked first, so
    Undead are player 1's, though player 0 has the higher cards (the normal vote is player
    0's)."""
    scores = [["undead:7", "undead:8", "undead:9"], ["undead:1", "undead:2", "undead:3"]]
    state = _state(
        CLAIM,
        phase=2,
        number=1,
        leader=1,
        hands=[["goblins:2"], ["goblins:5"]],
        scores=scores,
        moves=["play goblins:5", "play goblins:2"],
    )
    assert last_trick(state)["winner"] == 1
    assert _lighthouse(state) == {"undead": 1}
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 1,
        "knights": None,
        "undead": 1,
        "dwarves": None,
        "doppelgangers": None,
    }
    assert result["winner"] == 1
    # the same trick won by player 0 (goblins:7 over goblins:5): Undead are player 0's
    state = _state(
        CLAIM,
        phase=2,
        number=1,
        leader=1,
        hands=[["goblins:7"], ["goblins:5"]],
        scores=scores,
        moves=["play goblins:5", "play goblins:7"],
    )
    assert last_trick(state)["winner"] == 0
    assert _lighthouse(state) == {"undead": 0}


def test_the_loser_is_checked_too_dwarves_given_to_the_loser_count() -> None:
    """L12 ("however they got there"): player 0 wins dwarves:6 over dwarves:4; the loser takes
    both Dwarves (§5.1) and, with dwarves:1 already, has 3: Dwarves are player 1's."""
    state = _state(
        CLAIM,
        phase=2,
        number=12,
        hands=[["dwarves:6", "goblins:1"], ["dwarves:4", "goblins:2"]],
        scores=[[], ["dwarves:1"]],
        moves=["play dwarves:6", "play dwarves:4"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 1) == ["dwarves:1", "dwarves:6", "dwarves:4"]
    assert _lighthouse(state) == {"dwarves": 1}


def test_face_up_gnomes_count_and_the_faction_stays_won_after_smashes() -> None:
    """L12, R-72: player 0 has face-up gnomes:1 and gnomes:3 and wins gnomes:5 over the
    off-faction seers:0: 3 face-up Gnomes, Gnomes are player 0's. Player 1 then wins giants:3 over
    giants:1 and smashes gnomes:1 and gnomes:3 (§5.2); player 0 ends with one Gnome against
    player 1's two (Phase One captures in the Score pile) but keeps the Gnome vote."""
    state = _state(
        CLAIM2,
        phase=2,
        number=12,
        hands=[["gnomes:5", "giants:1"], ["seers:0", "giants:3"]],
        gnomes=[["gnomes:1", "gnomes:3"], []],
        scores=[[], ["gnomes:7", "gnomes:7"]],
        moves=["play gnomes:5", "play seers:0"],
    )
    assert zone(state, "gnomes", 0) == ["gnomes:1", "gnomes:3", "gnomes:5"]
    assert _lighthouse(state) == {"gnomes": 0}
    for move in ["play giants:1", "play giants:3"]:
        engine.apply(state, move)
    assert engine.legal_actions(state) == ["smash gnomes:1", "pass"]
    engine.apply(state, "smash gnomes:1")
    assert engine.legal_actions(state) == ["smash gnomes:3", "pass"]
    engine.apply(state, "smash gnomes:3")
    assert zone(state, "score", 0) == ["seers:0", "gnomes:5"]
    assert zone(state, "score", 1) == ["gnomes:7", "gnomes:7", "giants:1", "giants:3"]
    assert _lighthouse(state) == {"gnomes": 0}
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "gnomes": 0,
        "giants": 1,
        "dragons": None,
        "trolls": None,
        "seers": 0,
    }
    assert result["votes_won"] == [2, 1]
    assert result["winner"] == 0
    assert result["reason"] == "votes"


def test_a_declared_ent_counts() -> None:
    """L12, H35: with goblins:1 and goblins:2 in their Score pile, player 0 leads the Ent
    declared as Goblins (value 4) and wins over the off-faction undead:2: 3 Goblin cards, the
    Ent one of them: Goblins are player 0's (player 1 has 2 Goblins, and keeps fewer)."""
    state = _state(
        CLAIM,
        phase=2,
        number=13,
        hands=[["hero:ent"], ["undead:2"]],
        scores=[["goblins:1", "goblins:2"], ["goblins:5", "goblins:6"]],
        heroes=["ent"],
        moves=["play hero:ent as goblins", "play undead:2"],
    )
    assert last_trick(state)["winner"] == 0
    assert _lighthouse(state) == {"goblins": 0}
    result = state.result
    assert result is not None
    assert result["votes"]["goblins"] == 0


def test_an_undeclared_ent_is_a_hero_and_counts_for_nothing() -> None:
    """L12, H13: the same trick with the Ent played plainly (a hero of value 4): player 0 has 2
    Goblins and a hero, nothing is won outright; the Goblin vote is decided as usual (2–2,
    player 1's goblins:6 is higher)."""
    state = _state(
        CLAIM,
        phase=2,
        number=13,
        hands=[["hero:ent"], ["undead:2"]],
        scores=[["goblins:1", "goblins:2"], ["goblins:5", "goblins:6"]],
        heroes=["ent"],
        moves=["play hero:ent", "play undead:2"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["goblins:1", "goblins:2", "hero:ent", "undead:2"]
    assert _lighthouse(state) == {}
    assert state.result is not None
    assert state.result["votes"]["goblins"] == 1


def test_the_gargoyle_does_not_count_even_when_scored_as_the_faction() -> None:
    """L12, H32: player 0 (goblins:1, goblins:2) wins the led Gargoyle (6) over knights:2: a hero,
    no Goblins won. Player 1 (goblins:5, goblins:6) then wins goblins:4 over goblins:3 and has
    4 Goblins: Goblins are player 1's. At the end player 0 counts the Gargoyle as Goblins (6, 6,
    2, 1 against 6, 5, 4, 3 would win the normal vote) but the Goblin vote stays player 1's;
    Knights go to player 0; 1–1, player 1 wins on cards (4 against 1)."""
    state = _state(
        CLAIM,
        phase=2,
        number=12,
        hands=[["hero:gargoyle", "goblins:3"], ["knights:2", "goblins:4"]],
        scores=[["goblins:1", "goblins:2"], ["goblins:5", "goblins:6"]],
        heroes=["gargoyle"],
        moves=["play hero:gargoyle", "play knights:2"],
    )
    assert last_trick(state)["winner"] == 0
    assert _lighthouse(state) == {}
    engine.apply(state, "play goblins:3")
    engine.apply(state, "play goblins:4")
    assert _lighthouse(state) == {"goblins": 1}
    assert engine.current_player(state) == 0
    engine.apply(state, "count gargoyle as goblins")
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 1,
        "knights": 0,
        "undead": None,
        "dwarves": None,
        "doppelgangers": None,
    }
    assert result["cards_in_won_factions"] == [1, 4]
    assert result["winner"] == 1
    assert result["reason"] == "cards"


def _tuck_game(tuck: bool) -> State:
    """Player 0 (face-up vampires:5, goblins:1 and goblins:2 in the pile) wins goblins:9 over
    goblins:3 in the last trick, then tucks both Goblins (or passes)."""
    state = _state(
        VAMP,
        phase=2,
        number=13,
        hands=[["goblins:9"], ["goblins:3"]],
        scores=[["goblins:1", "goblins:2"], ["goblins:5", "goblins:6"]],
        vampire=["vampires:5", None],
        moves=["play goblins:9", "play goblins:3"],
    )
    assert state.trick is not None and state.trick.winner == 0
    assert engine.legal_actions(state) == ["tuck goblins:9", "tuck goblins:3", "pass"]
    if tuck:
        engine.apply(state, "tuck goblins:9")
        engine.apply(state, "tuck goblins:3")
    else:
        engine.apply(state, "pass")
    return state


def test_checked_after_the_decisions_tucked_cards_do_not_count() -> None:
    """L12, V4, V11: the check comes after the trick's decisions; player 0 tucks the two Goblins
    just won under their face-up Vampire, so they have 2 Goblins, not 4: nothing is won
    outright, and the Goblin vote is the normal one (2–2, player 1's goblins:6 is higher)."""
    state = _tuck_game(tuck=True)
    assert zone(state, "score", 0) == ["goblins:1", "goblins:2"]
    assert codes(state.tucked[0]) == ["goblins:9", "goblins:3"]
    assert _lighthouse(state) == {}
    assert state.result is not None
    assert state.result["votes"]["goblins"] == 1


def test_passing_the_tuck_the_winner_has_four_and_wins_first() -> None:
    """L12, R-72 (control for the tuck test): player 0 keeps both Goblins: 4 Goblins, Goblins
    are player 0's."""
    state = _tuck_game(tuck=False)
    assert zone(state, "score", 0) == ["goblins:1", "goblins:2", "goblins:9", "goblins:3"]
    assert _lighthouse(state) == {"goblins": 0}
    assert state.result is not None
    assert state.result["votes"]["goblins"] == 0


def test_three_vampires_win_the_vampire_vote_over_a_stronger_stack() -> None:
    """L12, V12 (a ruled exception to R-21's special vote): player 0 has a face-up vampires:1
    with nothing tucked and vampires:2 in the pile, and wins vampires:3 over the off-faction
    goblins:2 (no crown, no tuck): 3 Vampires (face-up + pile), Vampires are player 0's. Player 1's
    stack vampires:9 + goblins:5 (strength 14) would win R-21's vote; the Lighthouse overrides
    it. Goblins go to player 0 (goblins:2; tucked cards count for no faction)."""
    state = _state(
        VAMP,
        phase=2,
        number=13,
        hands=[["vampires:3"], ["goblins:2"]],
        scores=[["vampires:2"], []],
        vampire=["vampires:1", "vampires:9"],
        tucked=[[], ["goblins:5"]],
        moves=["play vampires:3", "play goblins:2"],
    )
    assert state.trick is not None and state.trick.winner == 0
    assert engine.legal_actions(state) == ["crown vampires:3", "pass"]
    engine.apply(state, "pass")
    assert engine.legal_actions(state) == ["tuck goblins:2", "pass"]
    engine.apply(state, "pass")
    assert _lighthouse(state) == {"vampires": 0}
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 0,
        "knights": None,
        "vampires": 0,
        "dwarves": None,
        "undead": None,
    }
    assert result["votes_won"] == [2, 0]
    assert result["winner"] == 0
    assert result["reason"] == "votes"


def test_cyclops_are_scored_as_normal() -> None:
    """§7, L12, §4.4 (the location loses to the Cyclops' own vote): player 0 wins cyclops:7 over
    cyclops:5 and has 3 Cyclops: nothing is won outright. At the end the Cyclops vote goes to the
    player with fewer Cyclops (§5.5): player 1 with one."""
    state = _state(
        MERC,
        phase=2,
        number=13,
        hands=[["cyclops:7"], ["cyclops:5"]],
        scores=[["cyclops:1"], ["cyclops:9"]],
        moves=["play cyclops:7", "play cyclops:5"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["cyclops:1", "cyclops:7", "cyclops:5"]
    assert _lighthouse(state) == {}
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "elves": None,
        "orcs": None,
        "cyclops": 1,
        "undead": None,
        "dwarves": None,
    }
    assert result["winner"] == 1


def test_a_siren_steal_comes_before_the_check() -> None:
    """L12 ("after ... its decisions"), H27: player 0 leads the Siren (2) and loses to goblins:5;
    player 1 then has 3 Goblins (6, 7, 5), but the Siren's steal is answered first: player 0
    takes goblins:7 and has 3 Goblins (1, 2, 7), player 1 only 2. The check (winner first)
    finds player 1 short: Goblins are player 0's."""
    state = _state(
        CLAIM,
        phase=2,
        number=12,
        hands=[["hero:siren", "undead:1"], ["goblins:5", "undead:2"]],
        scores=[["goblins:1", "goblins:2"], ["goblins:6", "goblins:7"]],
        heroes=["siren"],
        moves=["play hero:siren", "play goblins:5"],
    )
    assert state.trick is not None and state.trick.winner == 1
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        "steal goblins:6",
        "steal goblins:7",
        "steal hero:siren",
        "steal goblins:5",
    ]
    engine.apply(state, "steal goblins:7")
    assert zone(state, "score", 0) == ["goblins:1", "goblins:2", "goblins:7"]
    assert zone(state, "score", 1) == ["goblins:6", "hero:siren", "goblins:5"]
    assert _lighthouse(state) == {"goblins": 0}
