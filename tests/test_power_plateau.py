"""Plateau (RULES.md §7, a Setting; RULINGS L8): a player who wins three tricks in a row does not
lead the next trick; the count then restarts. The streak counts trick wins over the whole game
(it carries into Phase Two); a trick without a winner (a Gelatinous Cube trick, H20) neither
extends nor breaks it. Precedence (§4.4, L8, H23): a faction, hero or artifact power that names
the next leader wins over Plateau (a Dragon, a Singing Bard); the count restarts after the third
win in every case. The public tallies are ``counters["plateau-player"]`` and
``counters["plateau-count"]``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import engine, records, view
from claim.core.state import State
from scenario import CLAIM, CLAIM2, last_trick, position_record, replay, tricks, zone

PLATEAU = "plateau"
RESET = {"plateau-player": -1, "plateau-count": 0}


def _record(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    factions: Sequence[str] = CLAIM2,
    phase: int = 2,
    **options: Any,
) -> dict[str, Any]:
    """A Plateau position at the start of a trick, player 0 leading."""
    record = position_record(factions, phase=phase, hands=hands, moves=moves, **options)
    record["position"]["setup"]["setting"] = PLATEAU
    return record


def _play(hands: Sequence[Sequence[str]], moves: Sequence[str], **options: Any) -> State:
    state = replay(_record(hands, moves, **options))
    assert state.config.setting == PLATEAU
    return state


def _counters(state: State) -> dict[str, int]:
    return {k: v for k, v in state.counters.items() if k.startswith("plateau")}


def _winners(state: State) -> list[int | None]:
    return [t["winner"] for t in tricks(state)]


def _replay(record: dict[str, Any]) -> State:
    state = replay(record)
    assert state.config.setting == PLATEAU
    return state


def test_the_third_win_in_a_row_makes_the_other_player_lead() -> None:
    """L8: player 0 wins three tricks in a row; after the first and second they lead again,
    after the third player 1 leads; the count restarts (shown in the public counters)."""
    hands = [
        ["seers:9", "seers:8", "seers:7", "trolls:9"],
        ["seers:0", "seers:1", "seers:2", "trolls:0"],
    ]
    state = _play(hands, ["play seers:9", "play seers:0"])
    assert _counters(state) == {"plateau-player": 0, "plateau-count": 1}
    assert view.observe(state, 1)["counters"] == _counters(state)
    assert engine.current_player(state) == 0
    engine.apply(state, "play seers:8")
    engine.apply(state, "play seers:1")
    assert _counters(state) == {"plateau-player": 0, "plateau-count": 2}
    assert engine.current_player(state) == 0
    engine.apply(state, "play seers:7")
    engine.apply(state, "play seers:2")
    assert _winners(state) == [0, 0, 0]
    assert _counters(state) == RESET
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play trolls:0"]


def test_the_count_restarts_after_the_third_win() -> None:
    """L8: after player 0's third win player 1 leads; player 0 wins that trick too (a first win
    of a new count) and leads again; only their third win after the restart passes the lead."""
    hands = [
        ["seers:9", "seers:8", "seers:7", "seers:6", "seers:5", "seers:4", "trolls:9"],
        ["seers:0", "seers:1", "seers:2", "seers:3", "trolls:0", "trolls:1", "trolls:2"],
    ]
    moves = [
        *("play seers:9", "play seers:0", "play seers:8", "play seers:1"),
        *("play seers:7", "play seers:2"),  # third win: player 1 leads next
        *("play seers:3", "play seers:6"),  # player 0 wins again: count 1, leads
    ]
    state = _play(hands, moves)
    assert _winners(state) == [0, 0, 0, 0]
    assert last_trick(state)["leader"] == 1
    assert _counters(state) == {"plateau-player": 0, "plateau-count": 1}
    assert engine.current_player(state) == 0
    for move in ("play seers:5", "play trolls:0"):
        engine.apply(state, move)
    assert engine.current_player(state) == 0
    for move in ("play seers:4", "play trolls:1"):
        engine.apply(state, move)
    assert _counters(state) == RESET
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play trolls:2"]


def test_a_loss_breaks_the_streak() -> None:
    """L8 ("in a row"): player 0 wins twice, loses once, then wins twice: no three in a row, so
    player 0 still leads; the counter names player 0 with two wins."""
    hands = [
        ["seers:9", "seers:8", "seers:1", "seers:7", "seers:6", "trolls:9"],
        ["seers:0", "seers:2", "seers:5", "seers:3", "seers:4", "trolls:0"],
    ]
    moves = [
        *("play seers:9", "play seers:0", "play seers:8", "play seers:2"),
        *("play seers:1", "play seers:5"),  # player 1 wins and leads
        *("play seers:3", "play seers:7", "play seers:6", "play seers:4"),
    ]
    state = _play(hands, moves)
    assert _winners(state) == [0, 0, 1, 0, 0]
    assert _counters(state) == {"plateau-player": 0, "plateau-count": 2}
    assert engine.current_player(state) == 0


def test_the_streak_carries_into_phase_two() -> None:
    """L8: player 0 wins the last two Phase One tricks and leads the first Phase Two trick
    (§3.2); winning it is their third win in a row, so player 1 leads the second one."""
    record = _record(
        [["trolls:9", "trolls:8"], ["trolls:0", "trolls:1"]],
        ["play trolls:9", "play trolls:0", "play trolls:8", "play trolls:1"],
        phase=1,
        number=12,
        prize="giants:1",
        deck_top=["giants:3", "giants:5", "giants:7"],
        followers=[["seers:9", "seers:8"], ["seers:0", "seers:1"]],
    )
    state = _replay(record)
    assert state.phase == 2
    assert _winners(state) == [0, 0]
    assert _counters(state) == {"plateau-player": 0, "plateau-count": 2}
    assert zone(state, "hand", 0) == ["seers:9", "seers:8", "giants:1", "giants:5"]
    assert engine.current_player(state) == 0
    engine.apply(state, "play seers:9")
    engine.apply(state, "play seers:0")
    assert last_trick(state)["phase"] == 2
    assert _counters(state) == RESET
    assert engine.current_player(state) == 1


def test_a_third_win_in_the_last_phase_one_trick_passes_the_first_phase_two_lead() -> None:
    """L8, §3.2: the first Phase Two trick is led by whoever would lead after the last Phase One
    trick: player 0's third win in a row there (two earlier wins in the counters) makes player 1
    lead Phase Two."""
    record = _record(
        [["trolls:9"], ["trolls:0"]],
        ["play trolls:9", "play trolls:0"],
        phase=1,
        number=13,
        prize="giants:1",
        deck_top=["giants:3"],
        followers=[["seers:9"], ["seers:0"]],
    )
    record["position"]["counters"] = {"plateau-player": 0, "plateau-count": 2}
    state = _replay(record)
    assert state.phase == 2
    assert _counters(state) == RESET
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play seers:0", "play giants:3"]


# -- precedence (§4.4): a power naming the next leader beats Plateau -----------------------------


def test_a_dragon_naming_the_winner_beats_plateau() -> None:
    """L8, §4.4 (factions > locations): player 0's third win in a row is won with dragons:7 (the
    last Dragon of the trick); the Dragon names player 0 as the next leader, over Plateau. The
    count restarts all the same: player 0's next win is the first of a new count."""
    hands = [
        ["seers:9", "seers:8", "dragons:7", "seers:7", "seers:6"],
        ["seers:0", "seers:1", "trolls:2", "seers:2", "seers:3"],
    ]
    moves = [
        *("play seers:9", "play seers:0", "play seers:8", "play seers:1"),
        *("play dragons:7", "play trolls:2"),
    ]
    state = _play(hands, moves)
    assert _winners(state) == [0, 0, 0]
    assert last_trick(state)["reason"] == "the follower did not follow faction"
    assert _counters(state) == RESET
    assert engine.current_player(state) == 0  # Plateau lost: player 0 leads
    engine.apply(state, "play seers:7")
    engine.apply(state, "play seers:2")
    assert _counters(state) == {"plateau-player": 0, "plateau-count": 1}
    assert engine.current_player(state) == 0


def test_a_singing_bard_naming_the_winner_beats_plateau() -> None:
    """L8, H23, §4.4 (heroes > locations): player 0's third win in a row is won by a led Singing
    Bard (4 beats goblins:2); the Bard's player leads next, over Plateau; the count restarts."""
    hands = [
        ["goblins:9", "goblins:8", "hero:singing-bard", "goblins:7"],
        ["goblins:0", "goblins:1", "goblins:2", "goblins:3"],
    ]
    moves = [
        *("play goblins:9", "play goblins:0", "play goblins:8", "play goblins:1"),
        *("play hero:singing-bard", "play goblins:2"),
    ]
    state = _play(hands, moves, factions=CLAIM, heroes=["singing-bard"])
    assert _winners(state) == [0, 0, 0]
    assert _counters(state) == RESET
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:7"]


def test_a_cube_trick_neither_extends_nor_breaks_the_streak() -> None:
    """L8, H20: after two wins of player 0 a Cube trick has no winner: the counters stay at two
    (not extended to three, not broken) and the same leader leads; player 0's next win is the
    third in a row, so player 1 leads after it."""
    hands = [
        ["goblins:9", "goblins:8", "goblins:5", "goblins:7", "goblins:1"],
        ["goblins:0", "goblins:0", "hero:gelatinous-cube", "undead:2", "undead:3"],
    ]
    moves = [
        *("play goblins:9", "play goblins:0", "play goblins:8", "play goblins:0"),
        *("play goblins:5", "play hero:gelatinous-cube"),
    ]
    record = _record(hands, moves, factions=CLAIM, heroes=["gelatinous-cube"])
    state = _replay(record)
    assert _winners(state) == [0, 0, None]
    assert _counters(state) == {"plateau-player": 0, "plateau-count": 2}
    assert engine.current_player(state) == 0
    engine.apply(state, "play goblins:7")
    engine.apply(state, "play undead:2")
    assert _winners(state) == [0, 0, None, 0]
    assert _counters(state) == RESET
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play undead:3"]


def test_without_plateau_the_winner_keeps_leading() -> None:
    """§3.1 step 6 (the location is what passes the lead): the same three wins without Plateau
    leave player 0 leading and no Plateau counters."""
    hands = [
        ["seers:9", "seers:8", "seers:7", "trolls:9"],
        ["seers:0", "seers:1", "seers:2", "trolls:0"],
    ]
    moves = ["play seers:9", "play seers:0", "play seers:8", "play seers:1"]
    moves += ["play seers:7", "play seers:2"]
    state = records.replay(position_record(CLAIM2, phase=2, hands=hands, moves=moves))
    assert state.config.setting is None
    assert _counters(state) == {}
    assert engine.current_player(state) == 0
