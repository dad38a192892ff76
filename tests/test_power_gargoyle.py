"""Gargoyle (§6, §9 step 5, RULINGS H4, H13, H32; value 6, R-61): collected into a Score pile in
Phase Two, at scoring it counts as two cards of one faction its owner chooses, each of value 6
(``count gargoyle as F``, asked at the end after the card moves, before the votes). A Gargoyle
that entered a Score pile in Phase One (captured by a Zombie, for example) counts for nothing."""

from __future__ import annotations

from collections.abc import Sequence

from claim.core import engine, scoring
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, zone

GARGOYLE = "hero:gargoyle"
ZOMBIE_DECK = ["goblins", "knights", "zombies", "undead", "dwarves"]
COUNT_CLAIM = [f"count gargoyle as {f}" for f in CLAIM]


def _last_trick(
    hand0: list[str],
    hand1: list[str],
    moves: Sequence[str],
    scores: Sequence[Sequence[str]] = ((), ()),
) -> State:
    """The last trick of the game (Phase Two, one card each, player 0 leading), Claim deck with
    the Gargoyle, then ``moves``."""
    return replay(
        position_record(
            CLAIM,
            phase=2,
            number=13,
            hands=[hand0, hand1],
            scores=scores,
            heroes=["gargoyle"],
            discard=[],
            moves=moves,
        )
    )


def test_the_owner_is_asked_at_the_end_before_the_votes() -> None:
    """H32: the led Gargoyle (6) beats goblins:2 in the last trick and enters player 0's Score
    pile in Phase Two; the game is not scored yet: player 0 is asked ``count gargoyle as F`` for
    each of the five factions."""
    state = _last_trick([GARGOYLE], ["goblins:2"], ["play hero:gargoyle", "play goblins:2"])
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["plays"][0] == {"player": 0, "card": GARGOYLE, "value": 6}
    assert zone(state, "score", 0) == [GARGOYLE, "goblins:2"]
    assert state.result is None
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == COUNT_CLAIM


def test_the_player_whose_pile_holds_it_is_asked() -> None:
    """H32: the Gargoyle played by player 0 loses to goblins:8 and goes to player 1's Score pile:
    player 1 chooses."""
    state = _last_trick([GARGOYLE], ["goblins:8"], ["play hero:gargoyle", "play goblins:8"])
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == [GARGOYLE, "goblins:8"]
    assert state.result is None
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == COUNT_CLAIM


def test_the_choice_flips_the_votes_and_the_game() -> None:
    """H32, §9 steps 5–6: player 0 holds knights:2 and goblins:2 (plus the Gargoyle), player 1
    knights:5, knights:3 and goblins:9. As Knights the Gargoyle makes three Knights (6, 6, 2)
    against two: one vote each and player 0 wins on cards (3 against 1); as Dwarves it takes only
    the Dwarf vote and player 1 wins 2 votes to 1."""
    moves = ["play hero:gargoyle", "play goblins:2"]
    scores = [["knights:2"], ["knights:5", "knights:3", "goblins:9"]]
    state = _last_trick([GARGOYLE], ["goblins:2"], [*moves, "count gargoyle as knights"], scores)
    assert scoring.faction_values(state, 0, "knights") == [6, 6, 2]
    assert state.result is not None
    assert state.result["votes"] == {
        "goblins": 1,
        "knights": 0,
        "undead": None,
        "dwarves": None,
        "doppelgangers": None,
    }
    assert state.result["winner"] == 0
    assert state.result["reason"] == "cards"
    assert state.result["cards_in_won_factions"] == [3, 1]
    state = _last_trick([GARGOYLE], ["goblins:2"], [*moves, "count gargoyle as dwarves"], scores)
    assert scoring.faction_values(state, 0, "dwarves") == [6, 6]
    assert scoring.faction_values(state, 0, "knights") == [2]
    assert state.result is not None
    assert state.result["votes"] == {
        "goblins": 1,
        "knights": 1,
        "undead": None,
        "dwarves": 0,
        "doppelgangers": None,
    }
    assert state.result["winner"] == 1
    assert state.result["reason"] == "votes"


def test_each_of_its_two_cards_has_value_6_in_a_tie_break() -> None:
    """H32 (two cards of value 6, vote tie-breaks), §9 step 5: counted as Knights it is two cards
    against two; against knights:7 and knights:5 player 1 has the highest card, against knights:5
    and knights:4 player 0 does (6 > 5)."""
    moves = ["play hero:gargoyle", "play dwarves:1", "count gargoyle as knights"]
    state = _last_trick([GARGOYLE], ["dwarves:1"], moves, [[], ["knights:7", "knights:5"]])
    assert state.result is not None
    assert state.result["votes"]["knights"] == 1
    state = _last_trick([GARGOYLE], ["dwarves:1"], moves, [[], ["knights:5", "knights:4"]])
    assert state.result is not None
    assert state.result["votes"]["knights"] == 0


def test_one_captured_in_phase_one_counts_for_nothing() -> None:
    """H32, §5.3 Zombies: in the last Phase One trick zombies:9 beats the off-faction Gargoyle and
    captures it into player 0's Score pile. After the one Phase Two trick nobody is asked; the
    Gargoyle counts in no faction: player 1 keeps the Knight vote with knights:2, player 0 takes
    Goblins; one vote each, player 0 wins on cards (2 against 1)."""
    record = position_record(
        ZOMBIE_DECK,
        phase=1,
        number=13,
        prize="goblins:5",
        deck_top=["goblins:3"],
        hands=[["zombies:9"], [GARGOYLE]],
        scores=[[], ["knights:2"]],
        heroes=["gargoyle"],
        discard=[],
        moves=["play zombies:9", "play hero:gargoyle", "play goblins:5", "play goblins:3"],
    )
    state = replay(record)
    phase_one = state.history[0]
    assert phase_one[5] == 0  # player 0 won the Phase One trick
    assert zone(state, "score", 0) == [GARGOYLE, "goblins:5", "goblins:3"]
    assert zone(state, "discard") == ["zombies:9"]
    assert state.result is not None
    assert not any(move.startswith("count") for move in state.moves)
    for faction in ZOMBIE_DECK:
        assert 6 not in scoring.faction_values(state, 0, faction)
    assert state.result["votes"] == {
        "goblins": 0,
        "knights": 1,
        "zombies": None,
        "undead": None,
        "dwarves": None,
    }
    assert state.result["winner"] == 0
    assert state.result["reason"] == "cards"


def test_one_won_as_a_phase_one_prize_counts_once_collected_in_phase_two() -> None:
    """H32: a Gargoyle prize goes to the Follower deck (§6), so it enters a Score pile only in
    Phase Two: led there and won, its owner is asked and it counts (as Undead: two 6s against
    player 1's undead:9 alone)."""
    record = position_record(
        CLAIM,
        phase=1,
        number=13,
        prize=GARGOYLE,
        deck_top=["goblins:3"],
        hands=[["goblins:6"], ["goblins:2"]],
        scores=[[], ["undead:9"]],
        heroes=["gargoyle"],
        discard=[],
        moves=["play goblins:6", "play goblins:2", "play hero:gargoyle", "play goblins:3"],
    )
    state = replay(record)
    assert zone(state, "score", 0) == [GARGOYLE, "goblins:3"]
    assert state.result is None
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == COUNT_CLAIM
    engine.apply(state, "count gargoyle as undead")
    assert state.result is not None
    assert state.result["votes"]["undead"] == 0
    assert state.result["votes"]["goblins"] == 0
    assert state.result["winner"] == 0
    assert state.result["reason"] == "votes"


def test_a_gargoyle_out_of_the_score_piles_is_not_asked() -> None:
    """H32 (asked of the player whose Score pile holds it): a Gargoyle left in the discard pile
    counts for nobody and the game is scored at once."""
    record = position_record(
        CLAIM,
        phase=2,
        number=13,
        hands=[["goblins:4"], ["goblins:3"]],
        heroes=["gargoyle"],
        discard=[GARGOYLE],
        moves=["play goblins:4", "play goblins:3"],
    )
    state = replay(record)
    assert zone(state, "discard") == [GARGOYLE]
    assert state.result is not None
    assert state.result["winner"] == 0


def test_a_vampire_queen_does_not_take_its_scoring_power() -> None:
    """H38 ("end-of-game powers ... are not powers"), H32: the Gargoyle led in the last trick ties
    the following Vampire Queen (6 = 6) and is collected with her; its owner is still asked and
    it counts (as Goblins: two 6s)."""
    record = position_record(
        CLAIM,
        phase=2,
        number=13,
        hands=[[GARGOYLE], ["hero:vampire-queen"]],
        heroes=["gargoyle", "vampire-queen"],
        discard=[],
        moves=["play hero:gargoyle", "play hero:vampire-queen"],
    )
    state = replay(record)
    assert zone(state, "score", 0) == [GARGOYLE, "hero:vampire-queen"]
    assert engine.legal_actions(state) == COUNT_CLAIM
    engine.apply(state, "count gargoyle as goblins")
    assert scoring.faction_values(state, 0, "goblins") == [6, 6]
    assert state.result is not None
    assert state.result["votes"]["goblins"] == 0
    assert state.result["winner"] == 0
