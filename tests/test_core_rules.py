"""Core rules without powers in the way: following (§3.1 step 3, §4.1), the default winner
(§4.3), collection in both phases (§3.1 step 5, §3.2), the next leader (§3.1 step 6), the end of
a phase (R-1, R-2), the Phase Two hand (R-5), votes and the winner (§9 steps 5–6)."""

from __future__ import annotations

from collections import Counter

import pytest

from claim.core import engine, records, scoring, view
from claim.core.cards import IDS_BY_CODE
from claim.core.errors import IllegalMove
from claim.core.state import State
from scenario import (
    CLAIM,
    CLAIM2,
    all_codes,
    last_trick,
    play_until,
    position_record,
    replay,
    same_cards,
    stacked_record,
    tricks,
    zone,
)

# No Knight and no Doppelganger in HAND_A; no Goblin and no Doppelganger in HAND_B.
HAND_A = ["goblins:0"] * 5 + [f"goblins:{v}" for v in range(1, 5)]
HAND_A += ["dwarves:5", "dwarves:6", "dwarves:0", "dwarves:1"]
HAND_B = [f"knights:{v}" for v in range(2, 10)]
HAND_B += ["dwarves:2", "dwarves:3", "dwarves:4", "undead:0", "undead:1"]
#: the deck the fill order gives (top first): goblins:5..9, undead:2..9, dwarves:7..9, dopps
DECK = stacked_record(CLAIM, HAND_A, HAND_B)["deal"]["deck"]


def _game(moves: list[str], first_leader: int = 0) -> State:
    return replay(stacked_record(CLAIM, HAND_A, HAND_B, moves=moves, first_leader=first_leader))


# -------------------------------------------------------------------------------------------------
# Following and the default winner
# -------------------------------------------------------------------------------------------------


def test_the_deal_is_stacked_as_documented() -> None:
    """The fill order of ``scenario.stacked_record`` (the other tests rely on it)."""
    assert DECK[:6] == ["goblins:5", "goblins:6", "goblins:7", "goblins:8", "goblins:9", "undead:2"]
    assert len(DECK) == 26
    assert same_cards(HAND_A + HAND_B + DECK, all_codes(CLAIM))


def test_follower_must_follow_faction() -> None:
    """§3.1 step 3: holding Dwarves, the follower may play only Dwarves on a Dwarf lead."""
    state = _game(["play dwarves:5"])
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play dwarves:2", "play dwarves:3", "play dwarves:4"]


def test_leader_may_play_any_card_listed_once_in_hand_order() -> None:
    """§3.1 step 2: the leader plays any card; the legal list has no repeats (goblins:0 ×5)."""
    state = _game([])
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        "play goblins:0",
        "play goblins:1",
        "play goblins:2",
        "play goblins:3",
        "play goblins:4",
        "play dwarves:5",
        "play dwarves:6",
        "play dwarves:0",
        "play dwarves:1",
    ]


def test_without_the_led_faction_any_card_may_be_played_and_loses() -> None:
    """§3.1 step 3, §4.3: with no Knight the follower may play anything; the off-faction
    dwarves:6 loses to knights:2 although its value is higher."""
    state = _game(["play knights:2"], first_leader=1)
    assert engine.legal_actions(state) == [
        "play goblins:0",
        "play goblins:1",
        "play goblins:2",
        "play goblins:3",
        "play goblins:4",
        "play dwarves:5",
        "play dwarves:6",
        "play dwarves:0",
        "play dwarves:1",
    ]
    engine.apply(state, "play dwarves:6")
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "the follower did not follow faction"
    assert [p["value"] for p in trick["plays"]] == [2, 6]
    assert engine.current_player(state) == 1


def test_higher_following_card_wins() -> None:
    """§4.3: dwarves:3 follows and beats dwarves:1; the follower wins and leads (§3.1 step 6)."""
    state = _game(["play dwarves:1", "play dwarves:3"])
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert engine.current_player(state) == 1
    assert state.leader == 1


def test_equal_values_go_to_the_leader() -> None:
    """§4.3: equal values go to the leader (goblins:0 on goblins:0)."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["goblins:0", "knights:2"], ["goblins:0", "knights:3"]],
        leader=1,
        moves=["play goblins:0", "play goblins:0"],
    )
    state = replay(record)
    trick = last_trick(state)
    assert trick["leader"] == 1
    assert trick["winner"] == 1
    assert trick["reason"] == "equal values go to the leader"
    assert zone(state, "score", 1) == ["goblins:0", "goblins:0"]


# -------------------------------------------------------------------------------------------------
# Collection and the next leader
# -------------------------------------------------------------------------------------------------


def test_phase_one_collection() -> None:
    """§3.1 steps 1, 5, 6: the prize (the revealed top card) goes to the winner's Follower deck,
    the loser draws the next card blind, both played cards go to the discard, the winner leads
    the next trick, which reveals the next card."""
    state = _game(["play dwarves:5", "play dwarves:4"])
    trick = last_trick(state)
    assert trick["prize"] == "goblins:5"
    assert trick["winner"] == 0
    assert zone(state, "followers", 0) == ["goblins:5"]
    assert zone(state, "followers", 1) == ["goblins:6"]
    assert zone(state, "discard") == ["dwarves:5", "dwarves:4"]
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert zone(state, "deck") == DECK[3:]
    report = view.report(state)
    assert report["current"] == {"leader": 0, "prize": "goblins:7", "plays": []}
    assert report["next"]["player"] == 0
    engine.apply(state, "play dwarves:0")
    engine.apply(state, "play dwarves:2")
    second = last_trick(state)
    assert (second["number"], second["leader"], second["prize"]) == (2, 0, "goblins:7")
    assert second["winner"] == 1
    assert zone(state, "followers", 0) == ["goblins:5", "goblins:8"]
    assert zone(state, "followers", 1) == ["goblins:6", "goblins:7"]
    assert engine.current_player(state) == 1


def test_phase_two_collection() -> None:
    """§3.2: no prize; the winner puts both played cards into their Score pile."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["knights:4", "goblins:1"], ["knights:7", "goblins:2"]],
        moves=["play knights:4", "play knights:7"],
    )
    state = replay(record)
    trick = last_trick(state)
    assert trick["prize"] is None
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["knights:4", "knights:7"]
    assert zone(state, "score", 0) == []
    assert engine.current_player(state) == 1


def test_full_game_phases_and_phase_two_hand_order() -> None:
    """§3.1, §3.2, R-1, R-5: thirteen Phase One tricks, each revealing the next deck card and
    giving the loser the one after it; the Phase Two hand is the Follower deck in the order its
    cards were gained; the last Phase One winner leads Phase Two; thirteen Phase Two tricks;
    every card ends in a Score pile or the discard."""
    state = _game([])
    play_until(state, lambda s: s.phase == 2)
    phase_one = tricks(state)
    assert [t["number"] for t in phase_one] == list(range(1, 14))
    expected: list[list[str]] = [[], []]
    for k, trick in enumerate(phase_one):
        assert trick["prize"] == DECK[2 * k]
        expected[trick["winner"]].append(DECK[2 * k])
        expected[1 - trick["winner"]].append(DECK[2 * k + 1])
        if k:
            assert trick["leader"] == phase_one[k - 1]["winner"]
    assert zone(state, "hand", 0) == expected[0]
    assert zone(state, "hand", 1) == expected[1]
    assert zone(state, "deck") == []
    assert zone(state, "followers", 0) == zone(state, "followers", 1) == []
    assert engine.current_player(state) == phase_one[-1]["winner"]

    play_until(state, lambda s: False)
    assert state.result is not None
    phase_two = tricks(state)[13:]
    assert [(t["phase"], t["number"]) for t in phase_two] == [(2, n) for n in range(1, 14)]
    assert phase_two[0]["leader"] == phase_one[-1]["winner"]
    everything = zone(state, "score", 0) + zone(state, "score", 1) + zone(state, "discard")
    assert same_cards(everything, all_codes(CLAIM))


# -------------------------------------------------------------------------------------------------
# The end of a phase
# -------------------------------------------------------------------------------------------------


def test_phase_one_ends_when_a_hand_runs_out() -> None:
    """R-1: player 0 plays their last card; Phase One ends although the deck has cards; player
    1's leftover card is discarded; the Follower decks become the hands (R-5)."""
    record = position_record(
        CLAIM,
        phase=1,
        number=5,
        prize="goblins:9",
        deck_top=["goblins:8", "goblins:7", "goblins:6"],
        hands=[["knights:9"], ["knights:2", "undead:3"]],
        followers=[["dwarves:1"], ["dwarves:2"]],
        moves=["play knights:9", "play knights:2"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 0
    assert state.phase == 2
    assert zone(state, "discard")[-3:] == ["knights:9", "knights:2", "undead:3"]
    assert zone(state, "hand", 0) == ["dwarves:1", "goblins:9"]
    assert zone(state, "hand", 1) == ["dwarves:2", "goblins:8"]
    assert engine.current_player(state) == 0
    assert view.report(state)["current"]["prize"] is None


def test_phase_one_ends_when_the_deck_runs_out() -> None:
    """R-1: the last deck card is drawn; no prize can be revealed, so Phase One ends and the
    cards left in both hands are discarded."""
    record = position_record(
        CLAIM,
        phase=1,
        number=12,
        prize="goblins:9",
        deck_top=["goblins:8"],
        hands=[["knights:9", "undead:7"], ["knights:2", "undead:3"]],
        moves=["play knights:9", "play knights:2"],
    )
    state = replay(record)
    assert [t["number"] for t in tricks(state)] == [12]
    assert state.phase == 2
    assert zone(state, "deck") == []
    assert zone(state, "discard")[-4:] == ["knights:9", "knights:2", "undead:7", "undead:3"]
    assert zone(state, "hand", 0) == ["goblins:9"]
    assert zone(state, "hand", 1) == ["goblins:8"]


def test_short_deck_the_winners_take_comes_first() -> None:
    """R-2: the prize was the last card: the winner takes it, the loser gets nothing; Phase One
    then ends (R-1) with unequal hands, and Phase Two ends when player 0's single card is
    played, player 1's two leftovers being discarded (R-1)."""
    record = position_record(
        CLAIM,
        phase=1,
        number=13,
        prize="goblins:9",
        hands=[["knights:2"], ["knights:9"]],
        followers=[["knights:5"], ["knights:3", "knights:4"]],
        moves=["play knights:2", "play knights:9"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 1
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["knights:5"]
    assert zone(state, "hand", 1) == ["knights:3", "knights:4", "goblins:9"]
    assert engine.current_player(state) == 1
    engine.apply(state, "play knights:4")
    assert engine.legal_actions(state) == ["play knights:5"]
    engine.apply(state, "play knights:5")
    assert state.result is not None
    assert [(t["phase"], t["number"]) for t in tricks(state)] == [(1, 13), (2, 1)]
    assert zone(state, "score", 0) == ["knights:4", "knights:5"]
    assert zone(state, "discard")[-2:] == ["knights:3", "goblins:9"]
    assert state.result["winner"] == 0


def test_phase_two_ends_when_a_hand_runs_out() -> None:
    """R-1: in Phase Two the game ends when a player has no card; leftovers are discarded."""
    record = position_record(
        CLAIM,
        phase=2,
        number=12,
        hands=[["knights:9"], ["knights:2", "knights:3"]],
        moves=["play knights:9", "play knights:2"],
    )
    state = replay(record)
    assert state.result is not None
    assert engine.legal_actions(state) == []
    assert zone(state, "score", 0) == ["knights:9", "knights:2"]
    assert zone(state, "discard")[-1] == "knights:3"
    assert state.result["votes"]["knights"] == 0
    assert state.result["winner"] == 0
    assert state.result["reason"] == "votes"


def test_no_move_after_the_end_of_the_game() -> None:
    """records.md: a move given after the game has ended is an illegal move."""
    record = position_record(
        CLAIM,
        phase=2,
        number=13,
        hands=[["knights:9"], ["knights:2"]],
        moves=["play knights:9", "play knights:2", "play knights:2"],
    )
    with pytest.raises(IllegalMove, match=r"moves\[2\]"):
        replay(record)


# -------------------------------------------------------------------------------------------------
# Votes and the winner (§9 steps 5–6)
# -------------------------------------------------------------------------------------------------


def _scored(factions: list[str], score0: list[str], score1: list[str]) -> State:
    """A state whose Score piles are exactly these (ids taken copy by copy)."""
    state = records.initial_state(stacked_record(factions))
    pool = {code: list(ids) for code, ids in IDS_BY_CODE.items()}
    state.score = [[pool[c].pop(0) for c in score0], [pool[c].pop(0) for c in score1]]
    return state


def _votes(factions: list[str], score0: list[str], score1: list[str]) -> dict[str, int | None]:
    votes: dict[str, int | None] = scoring.final_result(_scored(factions, score0, score1))["votes"]
    return votes


def test_vote_more_cards_wins() -> None:
    """§9 step 5: more cards of a faction win its vote, whatever their values."""
    votes = _votes(CLAIM, ["goblins:0", "goblins:0"], ["goblins:9"])
    assert votes == {
        "goblins": 0,
        "knights": None,
        "undead": None,
        "dwarves": None,
        "doppelgangers": None,
    }


def test_vote_tie_break_highest_card_then_the_next() -> None:
    """§9 step 5: equal counts: the highest card wins; equal highest: the second highest, and so
    on (printed values, not sums); both zero: nobody."""
    votes = _votes(
        CLAIM2,
        [
            "gnomes:7",
            "gnomes:5",
            "gnomes:3",
            "giants:7",
            "giants:1",
            "dragons:2",
            "trolls:9",
            "trolls:0",
        ],
        [
            "gnomes:7",
            "gnomes:5",
            "gnomes:1",
            "giants:7",
            "giants:3",
            "dragons:9",
            "trolls:8",
            "trolls:7",
        ],
    )
    assert votes == {
        "gnomes": 0,  # 7,5,3 against 7,5,1: the third highest decides
        "giants": 1,  # 7,1 against 7,3: the second highest decides
        "dragons": 1,  # 2 against 9
        "trolls": 0,  # 9,0 against 8,7: the highest decides, not the sum
        "seers": None,  # nobody collected any
    }


def test_vote_equal_all_through_is_nobodys() -> None:
    """§9 step 5: equal counts and equal values all through: nobody wins the vote; with no vote
    won and no card in won factions the game is a draw (§9 step 6)."""
    result = scoring.final_result(
        _scored(
            CLAIM2,
            ["giants:5", "giants:1", "gnomes:7", "gnomes:1"],
            ["giants:1", "giants:5", "gnomes:1", "gnomes:7"],
        )
    )
    assert result["votes"] == dict.fromkeys(CLAIM2)
    assert result["winner"] is None
    assert result["reason"] == "draw"


def test_vote_both_zero_is_nobodys() -> None:
    """§9 step 5: a faction neither player collected is won by nobody; no votes: a draw."""
    result = scoring.final_result(_scored(CLAIM, [], []))
    assert result["votes"] == dict.fromkeys(CLAIM)
    assert result["winner"] is None
    assert result["reason"] == "draw"


def test_winner_by_votes() -> None:
    """§9 step 6: more votes win, even with fewer cards."""
    result = scoring.final_result(
        _scored(
            CLAIM,
            ["goblins:1", "knights:2", "undead:3"],
            ["dwarves:1", "dwarves:2", "dwarves:3", "dwarves:4", "doppelgangers:5"],
        )
    )
    assert result["votes"] == {
        "goblins": 0,
        "knights": 0,
        "undead": 0,
        "dwarves": 1,
        "doppelgangers": 1,
    }
    assert result["winner"] == 0
    assert result["reason"] == "votes"


def test_equal_votes_more_cards_in_won_factions_wins() -> None:
    """§9 step 6: equal votes (2–2, doppelgangers nobody's): the player with more cards in the
    factions whose votes they won wins (reason ``cards``); cards of lost factions do not count,
    so player 0's six cards lose to player 1's five."""
    result = scoring.final_result(
        _scored(
            CLAIM,
            # won: goblins (3) and knights (1) = 4 cards; lost: two Undead
            ["goblins:1", "goblins:2", "goblins:3", "knights:2", "undead:1", "undead:2"],
            # won: undead (3) and dwarves (2) = 5 cards
            ["undead:3", "undead:4", "undead:5", "dwarves:1", "dwarves:2"],
        )
    )
    assert result["votes"] == {
        "goblins": 0,
        "knights": 0,
        "undead": 1,
        "dwarves": 1,
        "doppelgangers": None,
    }
    assert result["winner"] == 1
    assert result["reason"] == "cards"


def test_equal_votes_and_equal_cards_is_a_draw() -> None:
    """§9 step 6: equal votes and equal cards in won factions: a draw, winner None."""
    result = scoring.final_result(
        _scored(CLAIM, ["goblins:1", "goblins:2"], ["knights:3", "knights:4"])
    )
    assert result["votes"]["goblins"] == 0
    assert result["votes"]["knights"] == 1
    assert result["winner"] is None
    assert result["reason"] == "draw"


# A whole game (dealt from seed 1551 and played at random, then written down) that the game
# tie-break decides: votes 2–2 (knights nobody's), cards in won factions 10 against 12.
TIE_BREAK_HANDS = [
    "goblins:2 undead:9 dwarves:4 undead:5 goblins:3 goblins:5 knights:6 goblins:0 goblins:0"
    " goblins:0 knights:3 knights:5 dwarves:8",
    "goblins:8 doppelgangers:9 knights:2 goblins:4 undead:7 goblins:7 knights:8 knights:7"
    " doppelgangers:5 doppelgangers:6 knights:9 knights:4 undead:0",
]
TIE_BREAK_DECK = (
    "dwarves:1 doppelgangers:7 undead:8 undead:3 undead:1 doppelgangers:3 dwarves:2 goblins:1"
    " doppelgangers:0 undead:4 doppelgangers:1 dwarves:3 doppelgangers:2 dwarves:7 goblins:0"
    " dwarves:6 goblins:0 undead:6 doppelgangers:8 dwarves:5 dwarves:0 goblins:9 undead:2"
    " goblins:6 dwarves:9 doppelgangers:4"
)
TIE_BREAK_PLAYS = (
    "knights:3 knights:8 doppelgangers:6 knights:6 doppelgangers:9 undead:9 goblins:4 goblins:0"
    " goblins:8 goblins:2 doppelgangers:5 undead:5 undead:0 dwarves:4 goblins:7 goblins:5"
    " undead:7 dwarves:8 knights:7 knights:5 knights:2 goblins:3 knights:4 goblins:0 knights:9"
    " goblins:0 doppelgangers:1 doppelgangers:3 dwarves:3 doppelgangers:2 dwarves:7"
    " doppelgangers:8 undead:2 doppelgangers:7 goblins:6 goblins:0 goblins:1 doppelgangers:0"
    " undead:3 undead:1 undead:4 undead:8 dwarves:9 doppelgangers:4 dwarves:1 dwarves:5 undead:6"
    " dwarves:0 goblins:9 goblins:0 dwarves:6 dwarves:2"
)


def test_full_game_decided_by_the_cards_tie_break() -> None:
    """§9 steps 5–6 on a whole recorded game: goblins and doppelgangers to player 0, undead and
    dwarves to player 1, knights to nobody; player 1 wins on cards, 12 to 10."""
    record = {
        "format": "claim/1",
        "setup": {"factions": CLAIM, "first_leader": 0},
        "deal": {
            "hands": [h.split() for h in TIE_BREAK_HANDS],
            "deck": TIE_BREAK_DECK.split(),
        },
        "moves": [f"play {c}" for c in TIE_BREAK_PLAYS.split()],
    }
    state = replay(record)
    assert state.result is not None
    assert sorted(zone(state, "score", 0)) == [
        *(f"doppelgangers:{v}" for v in (0, 1, 2, 3, 7)),
        "dwarves:7",
        "dwarves:9",
        "goblins:0",
        "goblins:0",
        "goblins:1",
        "goblins:6",
        "goblins:9",
        *(f"undead:{v}" for v in (1, 2, 3, 6)),
    ]
    assert sorted(zone(state, "score", 1)) == [
        "doppelgangers:4",
        "doppelgangers:8",
        *(f"dwarves:{v}" for v in (0, 1, 2, 3, 5, 6)),
        *(f"undead:{v}" for v in (0, 4, 5, 7, 8, 9)),
    ]
    counts = [Counter(c.split(":")[0] for c in zone(state, "score", p)) for p in (0, 1)]
    assert counts[0] == {"goblins": 5, "doppelgangers": 5, "undead": 4, "dwarves": 2}
    assert counts[1] == {"undead": 6, "dwarves": 6, "doppelgangers": 2}
    assert state.result["votes"] == {
        "goblins": 0,
        "knights": None,
        "undead": 1,
        "dwarves": 1,
        "doppelgangers": 0,
    }
    assert state.result["winner"] == 1
    assert state.result["reason"] == "cards"
    assert view.report(state)["result"]["reason"] == "cards"
    assert len(tricks(state)) == 26
