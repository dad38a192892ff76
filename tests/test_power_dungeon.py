"""The Dungeon (Building, §7, §9 step 6; RULINGS L11): the winner of the last Phase One trick and
the winner of the last Phase Two trick each count one extra faction won. The extras add to the
vote count of §9 step 6 only (no faction's vote changes hands) and the card tie-break counts the
cards of the factions actually won; "last trick" is the last trick played in the phase, Death's
would-be winner included (H33). The result names them in ``result.dungeon``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import engine
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, tricks, zone


def _with_building(record: dict[str, Any], building: str | None) -> dict[str, Any]:
    """Put ``building`` in the record's setup (the position's, and the record's if it has one)."""
    record["position"]["setup"]["building"] = building
    if "setup" in record:
        record["setup"]["building"] = building
    return record


def _from_phase_one(
    *,
    hands: Sequence[Sequence[str]],
    prize: str,
    deck_top: str,
    followers: Sequence[Sequence[str]],
    scores: Sequence[Sequence[str]] = ((), ()),
    moves: Sequence[str] = (),
    building: str | None = "dungeon",
) -> State:
    """The last Phase One trick (number 13, player 0 leading, one card each, ``prize`` face-up
    and ``deck_top`` the loser's draw), then Phase Two with the Follower decks, then ``moves``."""
    record = position_record(
        CLAIM,
        phase=1,
        number=13,
        hands=hands,
        prize=prize,
        deck_top=[deck_top],
        followers=followers,
        scores=scores,
        moves=moves,
    )
    state = replay(_with_building(record, building))
    assert state.config.building == building
    return state


# P0 wins the last Phase One trick (goblins:9 over goblins:1), takes the prize undead:2, P1 draws
# undead:5; in Phase Two P0 wins knights:5 / knights:3 and P1 wins undead:2 / undead:5.
SPLIT = {
    "hands": [["goblins:9"], ["goblins:1"]],
    "prize": "undead:2",
    "deck_top": "undead:5",
    "followers": [["knights:5"], ["knights:3"]],
}
SPLIT_MOVES = [
    "play goblins:9",
    "play goblins:1",
    "play knights:5",
    "play knights:3",
    "play undead:2",
    "play undead:5",
]


def test_the_last_phase_one_winner_is_remembered_when_the_phase_ends() -> None:
    """L11, docs/records.md: when Phase One's last trick is over, the public counter
    ``dungeon-1`` holds its winner (player 0); Phase Two starts with player 0 leading and the
    Follower decks as hands (prize to the winner, the draw to the loser)."""
    state = _from_phase_one(**SPLIT, moves=SPLIT_MOVES[:2])
    assert last_trick(state)["winner"] == 0
    assert state.phase == 2
    assert state.counters["dungeon-1"] == 0
    assert zone(state, "hand", 0) == ["knights:5", "undead:2"]
    assert zone(state, "hand", 1) == ["knights:3", "undead:5"]
    assert engine.current_player(state) == 0


def test_both_last_trick_winners_count_one_extra_vote() -> None:
    """L11: player 0 won the last Phase One trick, player 1 the last Phase Two trick: each counts
    one extra faction. Knights go to player 0, Undead to player 1 (one vote each, no faction vote
    changes), so the count is 2–2; the tie-break is 2 cards each: a draw.
    ``result.dungeon`` names both winners."""
    state = _from_phase_one(**SPLIT, moves=SPLIT_MOVES)
    assert [t["winner"] for t in tricks(state)] == [0, 0, 1]
    assert zone(state, "score", 0) == ["knights:5", "knights:3"]
    assert zone(state, "score", 1) == ["undead:2", "undead:5"]
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": None,
        "knights": 0,
        "undead": 1,
        "dwarves": None,
        "doppelgangers": None,
    }
    assert result["dungeon"] == {"phase_one": 0, "phase_two": 1}
    assert result["votes_won"] == [2, 2]
    assert result["cards_in_won_factions"] == [2, 2]
    assert result["winner"] is None
    assert result["reason"] == "draw"


def test_without_the_dungeon_there_are_no_extras() -> None:
    """§7 (control for L11): the same game without a Building counts only the faction votes
    (1–1) and has no ``dungeon`` field and no ``dungeon-1`` counter."""
    state = _from_phase_one(**SPLIT, moves=SPLIT_MOVES, building=None)
    result = state.result
    assert result is not None
    assert "dungeon" not in result
    assert "dungeon-1" not in state.counters
    assert result["votes_won"] == [1, 1]
    assert result["cards_in_won_factions"] == [2, 2]
    assert result["winner"] is None
    assert result["reason"] == "draw"


# P0 wins all three tricks: goblins:9 / goblins:1 (prize undead:3, P1 draws undead:2), then
# knights:9 / knights:2 and undead:3 / undead:2 in Phase Two.
SWEEP = {
    "hands": [["goblins:9"], ["goblins:1"]],
    "prize": "undead:3",
    "deck_top": "undead:2",
    "followers": [["knights:9"], ["knights:2"]],
}
SWEEP_MOVES = [
    "play goblins:9",
    "play goblins:1",
    "play knights:9",
    "play knights:2",
    "play undead:3",
    "play undead:2",
]


def test_two_extras_turn_a_2_3_game_into_a_4_3_win() -> None:
    """L11, §9 step 6: player 0 wins Knights and Undead (2 votes), player 1 Goblins, Dwarves and
    Doppelgangers (3 votes, one card each from Phase One). Player 0 won both last tricks: 2 + 2
    extras = 4 against 3, player 0 wins by votes; without the Dungeon player 1 wins 3–2."""
    scores = [[], ["goblins:3", "dwarves:4", "doppelgangers:5"]]
    state = _from_phase_one(**SWEEP, scores=scores, moves=SWEEP_MOVES)
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 1,
        "knights": 0,
        "undead": 0,
        "dwarves": 1,
        "doppelgangers": 1,
    }
    assert result["dungeon"] == {"phase_one": 0, "phase_two": 0}
    assert result["votes_won"] == [4, 3]
    assert result["cards_in_won_factions"] == [4, 3]
    assert result["winner"] == 0
    assert result["reason"] == "votes"
    plain = _from_phase_one(**SWEEP, scores=scores, moves=SWEEP_MOVES, building=None)
    assert plain.result is not None
    assert plain.result["votes_won"] == [2, 3]
    assert plain.result["winner"] == 1
    assert plain.result["reason"] == "votes"


def test_an_extra_decides_a_2_2_game() -> None:
    """L11: faction votes 2–2 (player 0: Knights, Undead; player 1: Dwarves, Doppelgangers), and
    player 0 won both last tricks: 4–2, player 0 wins by votes (without the extras the game
    would go to the tie-break)."""
    scores = [[], ["dwarves:4", "doppelgangers:5"]]
    state = _from_phase_one(**SWEEP, scores=scores, moves=SWEEP_MOVES)
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": None,
        "knights": 0,
        "undead": 0,
        "dwarves": 1,
        "doppelgangers": 1,
    }
    assert result["votes_won"] == [4, 2]
    assert result["winner"] == 0
    assert result["reason"] == "votes"


def test_the_card_tie_break_counts_only_factions_really_won() -> None:
    """L11: player 0 wins one faction (Knights, 5 cards) and both last tricks: 1 + 2 = 3 votes;
    player 1 wins Undead, Dwarves and Doppelgangers (one card each): 3 votes. The extras carry no
    cards: the tie-break is 5 cards against 3 and player 0 wins on cards."""
    sweep = {**SWEEP, "prize": "knights:8", "deck_top": "knights:3"}
    moves = [
        "play goblins:9",
        "play goblins:1",
        "play knights:9",
        "play knights:2",
        "play knights:8",
        "play knights:3",
    ]
    scores = [["knights:4"], ["undead:1", "dwarves:1", "doppelgangers:1"]]
    state = _from_phase_one(**sweep, scores=scores, moves=moves)
    assert zone(state, "score", 0) == [
        "knights:4",
        "knights:9",
        "knights:2",
        "knights:8",
        "knights:3",
    ]
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": None,
        "knights": 0,
        "undead": 1,
        "dwarves": 1,
        "doppelgangers": 1,
    }
    assert result["dungeon"] == {"phase_one": 0, "phase_two": 0}
    assert result["votes_won"] == [3, 3]
    assert result["cards_in_won_factions"] == [5, 3]
    assert result["winner"] == 0
    assert result["reason"] == "cards"


def test_deaths_would_be_winner_takes_the_phase_two_extra() -> None:
    """L11, H33: the last Phase Two trick is a Death trick: the led Death (5) beats goblins:3, both
    cards are discarded and nobody collects, but player 0 is its winner and counts the extra.
    Player 1 won the last Phase One trick (counter ``dungeon-1`` = 1). Votes: Goblins to player 0
    (goblins:5), Knights to player 1 (knights:5, knights:6): 1 + 1 each; tie-break 1 card
    against 2: player 1 wins on cards."""
    record = position_record(
        CLAIM,
        phase=2,
        number=13,
        hands=[["hero:death"], ["goblins:3"]],
        scores=[["goblins:5"], ["knights:5", "knights:6"]],
        heroes=["death"],
        moves=["play hero:death", "play goblins:3"],
    )
    record["position"]["counters"]["dungeon-1"] = 1
    state = replay(_with_building(record, "dungeon"))
    assert state.config.building == "dungeon"
    assert last_trick(state)["winner"] == 0
    assert zone(state, "discard")[-2:] == ["hero:death", "goblins:3"]
    assert zone(state, "score", 0) == ["goblins:5"]
    assert zone(state, "score", 1) == ["knights:5", "knights:6"]
    result = state.result
    assert result is not None
    assert result["dungeon"] == {"phase_one": 1, "phase_two": 0}
    assert result["votes"] == {
        "goblins": 0,
        "knights": 1,
        "undead": None,
        "dwarves": None,
        "doppelgangers": None,
    }
    assert result["votes_won"] == [2, 2]
    assert result["cards_in_won_factions"] == [1, 2]
    assert result["winner"] == 1
    assert result["reason"] == "cards"


def test_no_extras_when_lava_fields_ends_the_game_before_the_votes() -> None:
    """L10, L23, L11: with Lava Fields and the Dungeon, player 1 loses a fifth Phase Two trick in a
    row (counters: 4 losses so far) and wins at once, mid-phase: no end-of-game step, no vote is
    counted, and no Dungeon extra (there is no last Phase Two trick; votes_won stays 0–0)."""
    record = position_record(
        CLAIM,
        phase=2,
        number=5,
        hands=[["goblins:9", "knights:9"], ["goblins:2", "knights:2"]],
        scores=[["undead:5", "undead:6"], []],
        moves=["play goblins:9", "play goblins:2"],
    )
    record["position"]["setup"]["setting"] = "lava-fields"
    record["position"]["counters"].update({"dungeon-1": 0, "lava-player": 1, "lava-count": 4})
    state = replay(_with_building(record, "dungeon"))
    assert state.config.setting == "lava-fields"
    assert last_trick(state)["winner"] == 0
    assert zone(state, "hand", 0) == ["knights:9"]
    result = state.result
    assert result is not None
    assert result["winner"] == 1
    assert result["reason"] == "lava-fields"
    assert result["votes"] == dict.fromkeys(CLAIM)
    assert result["votes_won"] == [0, 0]
    assert "dungeon" not in result
