"""Phoenixes (§5.6, Phase Two): when you lose a trick in which you played a Phoenix (not a Fire
Phoenix, R-50), draw the top Fire Phoenix of the face-down pile to the end of your hand (R-5), while
the pile has cards. Fire Phoenix cards are Phoenixes in every other way (following, votes). Hands
can then differ in size: the phase ends when a hand runs out and the other hand's cards are
discarded (R-1), so Phase Two can have more than 13 tricks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import engine, view
from claim.core.state import State
from scenario import codes, last_trick, position_record, replay, tricks, zone

MAPS = ["goblins", "knights", "phoenixes", "unicorns", "basilisks"]
FIRE = [f"fire-phoenix:{v}" for v in range(10)]


def _record(
    hands: Sequence[Sequence[str]],
    pile: Sequence[str],
    moves: Sequence[str],
    *,
    phase: int = 2,
    number: int = 1,
    leader: int = 0,
    **extra: Any,
) -> dict[str, Any]:
    """A position record whose hands may hold Fire Phoenixes; ``pile`` is the Fire Phoenix pile,
    top card first; the Fire Phoenixes placed nowhere are in the discard pile."""
    plain = [[c for c in hand if not c.startswith("fire-phoenix:")] for hand in hands]
    record = position_record(
        MAPS, phase=phase, number=number, leader=leader, hands=plain, moves=moves, **extra
    )
    position = record["position"]
    for p in (0, 1):
        position["players"][p]["hand"] = list(hands[p])  # the Fire Phoenixes in their places
    placed = [*pile, *(c for hand in hands for c in hand if c.startswith("fire-phoenix:"))]
    position["fire_phoenix"] = list(pile)
    position["discard"] += [c for c in FIRE if c not in placed]
    return record


def _pile(state: State) -> list[str]:
    """The Fire Phoenix pile, top card first."""
    return codes(reversed(state.fire_phoenix))


def test_losing_with_a_phoenix_draws_the_top_fire_phoenix() -> None:
    """§5.6: phoenixes:3 loses to phoenixes:7; its player draws the top Fire Phoenix to the end of
    the hand (R-5); the winner collects both cards and leads."""
    state = replay(
        _record(
            [["phoenixes:3", "goblins:1"], ["phoenixes:7", "goblins:2"]],
            ["fire-phoenix:5", "fire-phoenix:2"],
            ["play phoenixes:3", "play phoenixes:7"],
        )
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "hand", 0) == ["goblins:1", "fire-phoenix:5"]
    assert zone(state, "hand", 1) == ["goblins:2"]
    assert _pile(state) == ["fire-phoenix:2"]
    assert zone(state, "score", 1) == ["phoenixes:3", "phoenixes:7"]
    assert engine.current_player(state) == 1


def test_an_off_faction_phoenix_that_loses_draws() -> None:
    """§5.6: a Phoenix played off-faction on a Goblin lead loses; its player draws. The winner,
    who played no Phoenix, draws nothing."""
    state = replay(
        _record(
            [["goblins:4", "goblins:1"], ["phoenixes:9", "phoenixes:0"]],
            ["fire-phoenix:7", "fire-phoenix:1"],
            ["play goblins:4", "play phoenixes:9"],
        )
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "hand", 1) == ["phoenixes:0", "fire-phoenix:7"]
    assert zone(state, "hand", 0) == ["goblins:1"]
    assert _pile(state) == ["fire-phoenix:1"]


def test_the_winning_phoenix_draws_nothing() -> None:
    """§5.6: only the loser's Phoenix draws: a Phoenix lead that wins draws nothing."""
    state = replay(
        _record(
            [["phoenixes:8", "goblins:1"], ["goblins:9", "goblins:2"]],
            ["fire-phoenix:3"],
            ["play phoenixes:8", "play goblins:9"],
        )
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "hand", 0) == ["goblins:1"]
    assert zone(state, "hand", 1) == ["goblins:2"]
    assert _pile(state) == ["fire-phoenix:3"]


def test_a_losing_fire_phoenix_draws_nothing() -> None:
    """R-50: fire-phoenix:1 follows a Phoenix lead and loses; a Fire Phoenix does not draw."""
    state = replay(
        _record(
            [["fire-phoenix:1", "goblins:1"], ["phoenixes:4", "goblins:2"]],
            ["fire-phoenix:6", "fire-phoenix:2"],
            ["play fire-phoenix:1", "play phoenixes:4"],
        )
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "hand", 0) == ["goblins:1"]
    assert _pile(state) == ["fire-phoenix:6", "fire-phoenix:2"]
    assert zone(state, "score", 1) == ["fire-phoenix:1", "phoenixes:4"]


def test_no_draw_in_phase_one() -> None:
    """§5.6 Phoenixes act in Phase Two only: a Phoenix losing in Phase One draws nothing; the
    trick is collected as usual (prize to the winner, blind draw to the loser)."""
    record = _record(
        [["phoenixes:2", "goblins:1"], ["phoenixes:6", "goblins:2"]],
        ["fire-phoenix:5"],
        ["play phoenixes:2", "play phoenixes:6"],
        phase=1,
        prize="goblins:8",
        deck_top=["goblins:7", "goblins:6"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 1
    assert zone(state, "hand", 0) == ["goblins:1"]
    assert _pile(state) == ["fire-phoenix:5"]
    assert zone(state, "followers", 1) == ["goblins:8"]
    assert zone(state, "followers", 0) == ["goblins:7"]


def test_no_draw_when_the_pile_is_empty() -> None:
    """R-50: the draw happens only while the pile has cards."""
    state = replay(
        _record(
            [["phoenixes:3", "goblins:1"], ["phoenixes:7", "goblins:2"]],
            [],
            ["play phoenixes:3", "play phoenixes:7"],
        )
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "hand", 0) == ["goblins:1"]
    assert state.fire_phoenix == []
    assert engine.legal_actions(state) == ["play goblins:2"]


def test_a_captured_phoenix_draws() -> None:
    """§5.6: a Phoenix lead captured by a Basilisk of the same value loses the trick: its player
    draws the top Fire Phoenix."""
    state = replay(
        _record(
            [["phoenixes:5", "goblins:1"], ["basilisks:5", "goblins:2"]],
            ["fire-phoenix:9"],
            ["play phoenixes:5", "play basilisks:5"],
        )
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["phoenixes:5", "basilisks:5"]
    assert zone(state, "hand", 0) == ["goblins:1", "fire-phoenix:9"]
    assert state.fire_phoenix == []


def test_fire_phoenixes_follow_and_phase_two_runs_past_13_tricks() -> None:
    """§5.6, R-1: from trick 12 both players draw once, so Phase Two has 14 tricks. The drawn
    fire-phoenix:8 is the only card that follows a Phoenix lead; the Fire Phoenixes count for the
    Phoenix vote: player 0 has 3 Phoenixes (1 real) against 2 and wins it."""
    state = replay(
        _record(
            [["phoenixes:2", "goblins:5"], ["phoenixes:6", "phoenixes:1"]],
            ["fire-phoenix:8", "fire-phoenix:0", "fire-phoenix:4"],
            ["play phoenixes:2", "play phoenixes:6", "play phoenixes:1"],
            number=12,
        )
    )
    # trick 12: player 0 lost with a Phoenix and drew fire-phoenix:8; player 1 leads trick 13
    assert zone(state, "hand", 0) == ["goblins:5", "fire-phoenix:8"]
    assert engine.legal_actions(state) == ["play fire-phoenix:8"]
    engine.apply(state, "play fire-phoenix:8")
    # trick 13: fire-phoenix:8 beats phoenixes:1, whose player draws fire-phoenix:0
    assert last_trick(state)["winner"] == 0
    assert zone(state, "hand", 1) == ["fire-phoenix:0"]
    assert state.result is None
    engine.apply(state, "play goblins:5")
    engine.apply(state, "play fire-phoenix:0")
    # trick 14: a losing Fire Phoenix draws nothing; both hands are empty and the game ends
    assert [(t["phase"], t["number"]) for t in tricks(state)] == [(2, 12), (2, 13), (2, 14)]
    assert _pile(state) == ["fire-phoenix:4"]
    assert state.result is not None
    assert zone(state, "score", 0) == [
        "phoenixes:1",
        "fire-phoenix:8",
        "goblins:5",
        "fire-phoenix:0",
    ]
    assert zone(state, "score", 1) == ["phoenixes:2", "phoenixes:6"]
    assert state.result["votes"]["phoenixes"] == 0
    assert state.result["votes"]["goblins"] == 0
    assert state.result["winner"] == 0


def test_a_draw_in_the_last_trick_is_discarded_with_the_hand() -> None:
    """R-50, R-1: in trick 13 the loser draws a Fire Phoenix; the other hand is empty, so the
    phase ends and the drawn card is discarded; it scores for nobody."""
    state = replay(
        _record(
            [["phoenixes:3"], ["phoenixes:9"]],
            ["fire-phoenix:2", "fire-phoenix:7"],
            ["play phoenixes:3", "play phoenixes:9"],
            number=13,
        )
    )
    assert state.result is not None
    assert len(tricks(state)) == 1
    assert zone(state, "hand", 0) == []
    assert zone(state, "discard")[-1] == "fire-phoenix:2"
    assert _pile(state) == ["fire-phoenix:7"]
    assert zone(state, "score", 1) == ["phoenixes:3", "phoenixes:9"]
    assert state.result["votes"]["phoenixes"] == 1


def test_a_hand_that_runs_out_ends_the_phase_and_the_other_hand_is_discarded() -> None:
    """R-1: player 0 draws in trick 12 and holds two cards against one; after trick 13 player 1's
    hand is empty, the phase ends after 13 tricks and player 0's leftover card is discarded."""
    state = replay(
        _record(
            [["phoenixes:2", "goblins:5"], ["phoenixes:6", "goblins:1"]],
            ["fire-phoenix:8"],
            ["play phoenixes:2", "play phoenixes:6", "play goblins:1", "play goblins:5"],
            number=12,
        )
    )
    assert state.result is not None
    assert [t["number"] for t in tricks(state)] == [12, 13]
    assert last_trick(state)["winner"] == 0
    assert zone(state, "hand", 0) == zone(state, "hand", 1) == []
    assert zone(state, "discard")[-1] == "fire-phoenix:8"
    assert "fire-phoenix:8" not in zone(state, "score", 0) + zone(state, "score", 1)


def test_a_fire_phoenix_lead_must_be_followed_by_a_phoenix() -> None:
    """§5.6: a Fire Phoenix is a Phoenix for following: on a fire-phoenix:3 lead the follower
    must play one of their Phoenixes, and phoenixes:5 competes and wins by value."""
    record = _record(
        [["fire-phoenix:3", "goblins:1"], ["goblins:9", "phoenixes:5", "phoenixes:0"]],
        ["fire-phoenix:1"],
        ["play fire-phoenix:3"],
    )
    state = replay(record)
    assert engine.legal_actions(state) == ["play phoenixes:5", "play phoenixes:0"]
    engine.apply(state, "play phoenixes:5")
    assert last_trick(state)["winner"] == 1
    assert last_trick(state)["reason"] == "higher value"


def test_the_fire_phoenix_pile_is_hidden_from_both_players() -> None:
    """§10, W9: the Fire Phoenix pile is face-down: "?" in each player's view; the drawn card is
    seen by its drawer only (W13: the other hand is all "?")."""
    state = replay(
        _record(
            [["phoenixes:3", "goblins:1"], ["phoenixes:7", "goblins:2"]],
            ["fire-phoenix:5", "fire-phoenix:2", "fire-phoenix:6"],
            [],
        )
    )
    for p in (0, 1):
        assert view.observe(state, p)["fire_phoenix"] == ["?", "?", "?"]
    assert view.report(state)["fire_phoenix"] == [
        "fire-phoenix:5",
        "fire-phoenix:2",
        "fire-phoenix:6",
    ]
    engine.apply(state, "play phoenixes:3")
    engine.apply(state, "play phoenixes:7")
    assert view.observe(state, 0)["players"][0]["hand"] == ["goblins:1", "fire-phoenix:5"]
    assert view.observe(state, 1)["players"][0]["hand"] == ["?", "?"]
    assert view.observe(state, 1)["fire_phoenix"] == ["?", "?"]
