"""Lava Fields (RULES.md §7, §9, a Setting, R-70; RULINGS L10, L23, V14, W9): a player who loses
five tricks in a row in Phase Two wins the game at once. Only Phase Two tricks count; a win
breaks the run; a trick without a winner (a Gelatinous Cube trick) neither counts nor breaks
it. The game ends right after the fifth loss's trick is collected, before that trick's
decisions (no Giant smash, no Vampire crown, V14), and no §9 step runs (face-up Gnomes stay
face-up); the result is ``{votes: every faction null, winner: the loser, reason:
"lava-fields"}`` with the Score piles as they stand (L23), and the hands left become public
(W9). The run is the public counter pair ``lava-player`` / ``lava-count``.

Precedence (§4.4): the run follows the trick winner the higher tiers decide: a Knight's win on a
Goblin lead makes the leader lose, and a Cube trick (hero tier) has no loser at all."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from claim.core import engine, view
from claim.core.errors import IllegalMove
from claim.core.state import State
from scenario import CLAIM, CLAIM2, last_trick, position_record, replay, tricks, zone

LAVA = "lava-fields"
FEAR = ["goblins", "knights", "vampires", "undead", "dwarves"]


def _record(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    factions: Sequence[str] = CLAIM,
    phase: int = 2,
    run: tuple[int, int] | None = None,
    **options: Any,
) -> dict[str, Any]:
    """A Lava Fields position at the start of a trick, player 0 leading unless ``leader`` says
    otherwise; ``run`` = (player, losses) starts a run of losses already in Phase Two."""
    record = position_record(factions, phase=phase, hands=hands, moves=moves, **options)
    position = record["position"]
    position["setup"]["setting"] = LAVA
    if run is not None:
        position["counters"] = {"lava-player": run[0], "lava-count": run[1]}
    return record


def _play(hands: Sequence[Sequence[str]], moves: Sequence[str], **options: Any) -> State:
    state = replay(_record(hands, moves, **options))
    assert state.config.setting == LAVA
    return state


def _lava_result(factions: Sequence[str], winner: int) -> dict[str, Any]:
    """L10, L23: no vote counted, the loser of the run wins, no end-of-game step."""
    return {
        "votes": dict.fromkeys(factions),
        "winner": winner,
        "reason": LAVA,
        "votes_won": [0, 0],
        "cards_in_won_factions": [0, 0],
        "end_moves": [],
    }


def _apply(state: State, *moves: str) -> None:
    for move in moves:
        engine.apply(state, move)


def _run(state: State) -> dict[str, int]:
    return {k: v for k, v in state.counters.items() if k.startswith("lava")}


def _replay(record: dict[str, Any]) -> State:
    state = replay(record)
    assert state.config.setting == LAVA
    return state


def test_the_fifth_loss_in_a_row_wins_the_game_at_once() -> None:
    """L10, L23, W9: player 1 loses four Phase Two tricks (the game goes on, run 4), then the
    fifth: the game ends at once with player 1 the winner, every vote null, reason
    ``lava-fields``; the Score piles stay as they are, the last cards stay in hand and are
    public; no move is legal any more."""
    hands = [
        ["goblins:9", "goblins:8", "goblins:7", "goblins:6", "goblins:5", "goblins:4"],
        ["goblins:0", "goblins:0", "goblins:0", "goblins:0", "goblins:0", "goblins:1"],
    ]
    leads = ["goblins:9", "goblins:8", "goblins:7", "goblins:6"]
    state = _play(hands, [m for card in leads for m in (f"play {card}", "play goblins:0")])
    assert [t["winner"] for t in tricks(state)] == [0, 0, 0, 0]
    assert state.result is None
    assert _run(state) == {"lava-player": 1, "lava-count": 4}
    assert view.observe(state, 0)["counters"] == _run(state)
    _apply(state, "play goblins:5", "play goblins:0")
    assert state.result == _lava_result(CLAIM, 1)
    assert len(tricks(state)) == 5
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == [
        *("goblins:9", "goblins:0", "goblins:8", "goblins:0", "goblins:7", "goblins:0"),
        *("goblins:6", "goblins:0", "goblins:5", "goblins:0"),
    ]
    assert zone(state, "score", 1) == []
    assert zone(state, "hand", 0) == ["goblins:4"]
    assert zone(state, "hand", 1) == ["goblins:1"]
    assert engine.current_player(state) is None
    assert engine.legal_actions(state) == []
    with pytest.raises(IllegalMove):
        engine.apply(state, "play goblins:4")
    shown = view.observe(state, 0)
    assert shown["status"] == "finished"
    assert shown["result"]["reason"] == LAVA
    assert shown["players"][1]["hand"] == ["goblins:1"]


def test_phase_one_losses_do_not_count() -> None:
    """L10 (Phase Two tricks only): player 1 loses the last five Phase One tricks and the first
    four Phase Two tricks: the game goes on (run 4); the fifth Phase Two loss ends it."""
    record = _record(
        [[f"goblins:{v}" for v in (9, 8, 7, 6, 5)], ["goblins:0"] * 5],
        [
            f"play goblins:{v}" if i % 2 == 0 else "play goblins:0"
            for v in (9, 8, 7, 6, 5)
            for i in (0, 1)
        ],
        phase=1,
        number=9,
        prize="dwarves:0",
        deck_top=[f"dwarves:{v}" for v in range(1, 10)],
        followers=[[f"undead:{v}" for v in (9, 8, 7, 6, 5)], [f"undead:{v}" for v in range(5)]],
    )
    state = _replay(record)
    assert state.phase == 2
    assert [t["winner"] for t in tricks(state)] == [0] * 5
    assert _run(state) == {}
    for high, low in ((9, 0), (8, 1), (7, 2), (6, 3)):
        _apply(state, f"play undead:{high}", f"play undead:{low}")
    assert state.result is None
    assert _run(state) == {"lava-player": 1, "lava-count": 4}
    _apply(state, "play undead:5", "play undead:4")
    assert state.result == _lava_result(CLAIM, 1)
    assert len(tricks(state)) == 10


def test_a_win_breaks_the_run() -> None:
    """L10: player 1 loses four tricks, wins one (player 0's first loss), then loses again: the
    earlier four no longer count, so the game ends only at the fifth loss after the win."""
    hands = [
        [
            *("goblins:9", "goblins:8", "goblins:7", "goblins:6", "goblins:1"),
            *("undead:9", "undead:8", "undead:7", "undead:6", "undead:5", "goblins:2"),
        ],
        [
            *("goblins:0", "goblins:0", "goblins:0", "goblins:0", "goblins:5"),
            *("undead:0", "undead:1", "undead:2", "undead:3", "undead:4", "goblins:3"),
        ],
    ]
    moves = [m for v in (9, 8, 7, 6) for m in (f"play goblins:{v}", "play goblins:0")]
    moves += ["play goblins:1", "play goblins:5"]  # player 1 wins
    state = _play(hands, moves)
    assert state.result is None
    assert _run(state) == {"lava-player": 0, "lava-count": 1}
    _apply(state, "play undead:0", "play undead:9")  # player 1 leads and loses
    assert state.result is None
    assert _run(state) == {"lava-player": 1, "lava-count": 1}
    for high, low in ((8, 1), (7, 2), (6, 3)):
        _apply(state, f"play undead:{high}", f"play undead:{low}")
    assert state.result is None
    assert _run(state) == {"lava-player": 1, "lava-count": 4}
    _apply(state, "play undead:5", "play undead:4")
    assert state.result == _lava_result(CLAIM, 1)
    assert [t["winner"] for t in tricks(state)] == [0, 0, 0, 0, 1, 0, 0, 0, 0, 0]
    assert zone(state, "hand", 0) == ["goblins:2"]
    assert zone(state, "hand", 1) == ["goblins:3"]


def test_the_last_trick_of_the_game_as_fifth_loss_ends_by_lava_not_by_votes() -> None:
    """L10, L23: the fifth loss is the last trick of the game: the result is Lava Fields' (the
    loser wins, no vote counted), not the votes that player 0's Score pile would win."""
    state = _play(
        [["goblins:9"], ["goblins:0"]],
        ["play goblins:9", "play goblins:0"],
        run=(1, 4),
        scores=[["knights:9", "undead:9", "dwarves:9"], []],
    )
    assert state.result == _lava_result(CLAIM, 1)
    assert zone(state, "score", 0) == [
        "knights:9",
        "undead:9",
        "dwarves:9",
        "goblins:9",
        "goblins:0",
    ]


def test_the_run_ends_the_game_before_a_giant_smash() -> None:
    """L10 (before its decisions), R-4: player 0 wins with giants:3 while player 1 has a
    face-up gnomes:3: with a run of three the smash is asked; as player 1's fifth loss the
    game ends first: no smash, and the Gnome stays face-up (no §9 step 1)."""
    hands = [["giants:3", "seers:9"], ["giants:1", "seers:0"]]
    options: dict[str, Any] = {"factions": CLAIM2, "gnomes": [[], ["gnomes:3"]]}
    moves = ["play giants:3", "play giants:1"]
    state = _play(hands, moves, run=(1, 3), **options)
    assert state.result is None
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["smash gnomes:3", "pass"]
    state = _play(hands, moves, run=(1, 4), **options)
    assert state.result == _lava_result(CLAIM2, 1)
    assert zone(state, "score", 0) == ["giants:3", "giants:1"]
    assert zone(state, "gnomes", 1) == ["gnomes:3"]
    assert zone(state, "score", 1) == []
    assert engine.legal_actions(state) == []


def test_the_run_ends_the_game_before_a_vampire_crown() -> None:
    """L10, V14: player 0 collects two Vampires: with a run of three they are asked to crown
    one; as player 1's fifth loss the game ends first: no crown, both stay in the Score pile."""
    hands = [["vampires:5", "goblins:9"], ["vampires:2", "goblins:0"]]
    moves = ["play vampires:5", "play vampires:2"]
    state = _play(hands, moves, run=(1, 3), factions=FEAR)
    assert state.result is None
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["crown vampires:5", "crown vampires:2", "pass"]
    state = _play(hands, moves, run=(1, 4), factions=FEAR)
    assert state.result == _lava_result(FEAR, 1)
    assert zone(state, "score", 0) == ["vampires:5", "vampires:2"]
    assert state.vampire == [[], []]


# -- precedence (§4.4) ---------------------------------------------------------------------------


def test_a_knight_win_on_a_goblin_lead_is_the_leader_s_loss() -> None:
    """§4.4, L10: player 1 (run 4) leads goblins:9; player 0's knights:2 wins by the Knights'
    power (a faction power overriding the values): that is player 1's fifth loss, they win."""
    state = _play(
        [["knights:2", "undead:1"], ["goblins:9", "undead:0"]],
        ["play goblins:9", "play knights:2"],
        run=(1, 4),
        leader=1,
    )
    assert last_trick(state)["winner"] == 0
    assert last_trick(state)["reason"] == "a Knight played on a Goblin lead wins"
    assert state.result == _lava_result(CLAIM, 1)


def test_a_cube_trick_neither_counts_nor_breaks_the_run() -> None:
    """L10, H20 (a hero power leaves the trick without a winner): player 1 (run 4) plays the
    Cube on player 0's lead and would lose by value, but the trick has no winner: no fifth loss,
    the run stays 4; player 0 leads again, wins, and that fifth loss ends the game (the winner
    collected the Cube bundle first)."""
    hands = [
        ["goblins:9", "goblins:7", "goblins:1"],
        ["hero:gelatinous-cube", "undead:2", "undead:3"],
    ]
    state = _play(
        hands,
        ["play goblins:9", "play hero:gelatinous-cube"],
        run=(1, 4),
        heroes=["gelatinous-cube"],
    )
    assert last_trick(state)["winner"] is None
    assert state.result is None
    assert _run(state) == {"lava-player": 1, "lava-count": 4}
    assert engine.current_player(state) == 0
    _apply(state, "play goblins:7", "play undead:2")
    assert state.result == _lava_result(CLAIM, 1)
    assert zone(state, "score", 0) == ["goblins:7", "undead:2", "goblins:9", "hero:gelatinous-cube"]
    assert state.table == []
    assert zone(state, "hand", 0) == ["goblins:1"]
    assert zone(state, "hand", 1) == ["undead:3"]


def test_without_lava_fields_five_losses_change_nothing() -> None:
    """§7 (the location is what ends the game): five losses in a row without Lava Fields leave
    the game running."""
    hands = [[f"goblins:{v}" for v in (9, 8, 7, 6, 5, 4)], ["goblins:0"] * 5 + ["goblins:1"]]
    moves = [m for v in (9, 8, 7, 6, 5) for m in (f"play goblins:{v}", "play goblins:0")]
    state = replay(position_record(CLAIM, phase=2, hands=hands, moves=moves))
    assert state.result is None
    assert engine.current_player(state) == 0
