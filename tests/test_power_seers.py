"""Seers (§5.2, Phase One): the winner who played a Seer looks at the top card of the deck and
takes either it or the prize (``take top`` / ``take prize``; no pass); the loser gets the other
one. No decision when the deck is empty after the reveal (R-2: then the loser gets nothing)."""

from __future__ import annotations

from claim.core import engine, view
from claim.core.state import State
from scenario import CLAIM2, last_trick, position_record, replay, stacked_record, zone

HAND0 = [f"seers:{v}" for v in range(5, 10)] + [f"trolls:{v}" for v in range(8)]
HAND1 = [f"seers:{v}" for v in range(5)] + ["gnomes:1"] * 3 + ["gnomes:3"] * 3 + ["gnomes:5"] * 2
DECK_TOP = ["gnomes:9", "giants:9", "gnomes:7", "giants:7"]  # prize, then the top after it, ...
HAND0_PLAYS = [f"play {c}" for c in HAND0]


def _first_trick(moves: list[str], first_leader: int = 0) -> State:
    record = stacked_record(CLAIM2, HAND0, HAND1, DECK_TOP, moves=moves, first_leader=first_leader)
    return replay(record)


def test_seer_winner_chooses_and_take_top_gives_the_loser_the_prize() -> None:
    """§5.2 Seers: seers:7 wins; only its player is asked ``take top`` / ``take prize`` and sees
    the top card (W7); ``take top`` gives them giants:9 and the loser the prize gnomes:9."""
    state = _first_trick(["play seers:7", "play seers:2"])
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["take top", "take prize"]
    assert view.observe(state, 0)["deck"][0] == "giants:9"
    assert view.observe(state, 1)["deck"][0] == "?"
    engine.apply(state, "take top")
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["prize"] == "gnomes:9"
    assert zone(state, "followers", 0) == ["giants:9"]
    assert zone(state, "followers", 1) == ["gnomes:9"]
    # the next trick has revealed gnomes:7: 26 - 3 cards left
    assert view.report(state)["current"]["prize"] == "gnomes:7"
    assert zone(state, "deck")[0] == "giants:7"
    assert len(zone(state, "deck")) == 23
    assert zone(state, "discard") == ["seers:7", "seers:2"]
    # one decision only (the loser's Seer asks nothing); the winner leads the next trick
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [p for p in HAND0_PLAYS if p != "play seers:7"]


def test_take_prize_gives_the_loser_the_top_card() -> None:
    """§5.2 Seers: ``take prize`` keeps the prize; the loser gets the top card."""
    state = _first_trick(["play seers:7", "play seers:2", "take prize"])
    assert zone(state, "followers", 0) == ["gnomes:9"]
    assert zone(state, "followers", 1) == ["giants:9"]
    # the next trick has revealed gnomes:7: 26 - 3 cards left
    assert view.report(state)["current"]["prize"] == "gnomes:7"
    assert zone(state, "deck")[0] == "giants:7"
    assert len(zone(state, "deck")) == 23


def test_seer_follower_who_wins_decides() -> None:
    """§5.2 Seers: player 1 leads seers:4, player 0 follows seers:9 and wins: player 0, the
    follower, is asked."""
    state = _first_trick(["play seers:4", "play seers:9"], first_leader=1)
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["take top", "take prize"]
    engine.apply(state, "take top")
    assert zone(state, "followers", 0) == ["giants:9"]
    assert zone(state, "followers", 1) == ["gnomes:9"]


def test_no_decision_for_a_seer_that_loses() -> None:
    """§5.2 Seers: only the winner who played a Seer decides. Player 1's off-faction seers:4
    loses to trolls:3: no decision, the usual collection (§3.1 step 5)."""
    state = _first_trick(["play trolls:3", "play seers:4"])
    assert last_trick(state)["winner"] == 0
    assert zone(state, "followers", 0) == ["gnomes:9"]
    assert zone(state, "followers", 1) == ["giants:9"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [p for p in HAND0_PLAYS if p != "play trolls:3"]


def test_no_decision_when_the_deck_is_empty_after_the_reveal() -> None:
    """§5.2 Seers, R-2, R-1: the prize was the last deck card: no decision; the winner takes the
    prize, the loser gets nothing. Player 1 then has no card, so Phase Two has no trick and the
    game ends with player 0's card discarded."""
    record = position_record(
        CLAIM2,
        phase=1,
        number=13,
        prize="gnomes:9",
        hands=[["seers:7"], ["seers:2"]],
        moves=["play seers:7", "play seers:2"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 0
    assert state.result is not None
    assert [t["phase"] for t in view.report(state)["tricks"]] == [1]
    assert zone(state, "discard")[-1] == "gnomes:9"
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert state.result["winner"] is None
    assert state.result["reason"] == "draw"


def test_decision_with_one_card_left_after_the_reveal() -> None:
    """§5.2 Seers, R-1: one card left after the reveal: asked; ``take top`` empties the deck,
    so Phase One ends and the Follower decks become the hands (R-5)."""
    record = position_record(
        CLAIM2,
        phase=1,
        number=13,
        prize="gnomes:9",
        deck_top=["giants:9"],
        hands=[["seers:7"], ["seers:2"]],
        moves=["play seers:7", "play seers:2"],
    )
    state = replay(record)
    assert engine.legal_actions(state) == ["take top", "take prize"]
    engine.apply(state, "take top")
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["giants:9"]
    assert zone(state, "hand", 1) == ["gnomes:9"]
    assert engine.current_player(state) == 0


def test_seers_have_no_power_in_phase_two() -> None:
    """§5.2 Seers act in Phase One only: a winning Seer in Phase Two asks nothing."""
    record = position_record(
        CLAIM2,
        phase=2,
        hands=[["seers:7", "trolls:1"], ["seers:2", "trolls:2"]],
        moves=["play seers:7", "play seers:2"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["seers:7", "seers:2"]
    assert engine.legal_actions(state) == ["play trolls:1"]
