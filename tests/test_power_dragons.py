"""Dragons (§5.2, both phases): the player who played the last Dragon in the trick leads the next
trick, even if they lost it (§4.4 next leader; R-3: the later Dragon overrides the earlier)."""

from __future__ import annotations

from claim.core import engine
from claim.core.state import State
from scenario import CLAIM2, last_trick, position_record, replay, tricks, zone


def _phase_one(hand0: list[str], hand1: list[str], moves: list[str], number: int = 1) -> State:
    """Play ``moves`` from Phase One trick ``number``, player 0 leading; prize seers:9, then the
    deck seers:8, seers:7, seers:6 (only seers:9 as prize when ``number`` is 13)."""
    deck = ["seers:8"] if number == 13 else ["seers:8", "seers:7", "seers:6"]
    record = position_record(
        CLAIM2,
        phase=1,
        number=number,
        prize="seers:9",
        deck_top=deck,
        hands=[hand0, hand1],
        moves=moves,
    )
    return replay(record)


def test_dragon_player_leads_next_even_when_losing() -> None:
    """§5.2 Dragons: an off-faction dragons:9 loses to trolls:5, yet its player leads next; the
    winner still takes the prize."""
    state = _phase_one(
        ["trolls:5", "trolls:1"],
        ["dragons:9", "gnomes:1"],
        ["play trolls:5", "play dragons:9"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "followers", 0) == ["seers:9"]
    assert zone(state, "followers", 1) == ["seers:8"]
    assert zone(state, "discard")[-2:] == ["trolls:5", "dragons:9"]
    assert state.leader == 1
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play gnomes:1"]
    engine.apply(state, "play gnomes:1")
    engine.apply(state, "play trolls:1")
    assert tricks(state)[-1]["leader"] == 1


def test_the_last_dragon_decides_against_the_winner() -> None:
    """§5.2 Dragons, R-3: dragons:9 (led) beats dragons:1, but the last Dragon is player 1's, so
    player 1 leads next."""
    state = _phase_one(
        ["dragons:9", "trolls:1"],
        ["dragons:1", "gnomes:1"],
        ["play dragons:9", "play dragons:1"],
    )
    assert last_trick(state)["winner"] == 0
    assert engine.current_player(state) == 1


def test_winning_last_dragon_leads() -> None:
    """§5.2 Dragons: dragons:8 follows and beats dragons:2; its player wins and leads."""
    state = _phase_one(
        ["dragons:2", "trolls:1"],
        ["dragons:8", "gnomes:1"],
        ["play dragons:2", "play dragons:8"],
    )
    assert last_trick(state)["winner"] == 1
    assert engine.current_player(state) == 1


def test_single_led_dragon_keeps_the_lead() -> None:
    """§5.2 Dragons: the only Dragon is the leader's; the off-faction follower loses; the leader
    leads again."""
    state = _phase_one(
        ["dragons:0", "trolls:1"],
        ["trolls:9", "gnomes:1"],
        ["play dragons:0", "play trolls:9"],
    )
    assert last_trick(state)["winner"] == 0
    assert engine.current_player(state) == 0


def test_dragons_in_phase_two() -> None:
    """§5.2 Dragons act in both phases: dragons:3 beats dragons:0 and scores both (§3.2), but
    player 1, who played the last Dragon, leads next."""
    record = position_record(
        CLAIM2,
        phase=2,
        hands=[["dragons:3", "trolls:1"], ["dragons:0", "gnomes:1"]],
        moves=["play dragons:3", "play dragons:0"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["dragons:3", "dragons:0"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play gnomes:1"]


def test_last_phase_one_dragon_leads_the_first_phase_two_trick() -> None:
    """§3.2, §5.2 Dragons: the leader of the first Phase Two trick is whoever would lead after
    the last Phase One trick — here the losing Dragon player."""
    state = _phase_one(
        ["trolls:5"],
        ["dragons:4"],
        ["play trolls:5", "play dragons:4"],
        number=13,
    )
    assert last_trick(state)["winner"] == 0
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["seers:9"]
    assert zone(state, "hand", 1) == ["seers:8"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play seers:8"]
