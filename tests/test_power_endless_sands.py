"""Endless Sands (Setting, §7, §2 step 8): at the start of Phase One, after the deal, each player
passes 5 cards of their choice to the opponent at the same time. R-62, L5: `give CODE`, five
moves per player, the first leader completes all of theirs first; the received cards join the end
of the hand after both have chosen, in the order given; value-hidden cards are named as in `play`
(`give demons:odd`). W8: until both have chosen, the other player's chosen cards are shown where
they came from (`"?"` in the hand); the chooser sees their own choices."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import engine, view
from claim.core.state import State
from scenario import filler, position_record, replay, stacked_record, zone

CLAIM = ["goblins", "knights", "undead", "dwarves", "doppelgangers"]
DEMONS = ["goblins", "knights", "demons", "undead", "dwarves"]

HAND0 = ["goblins:0"] * 5 + [f"goblins:{v}" for v in range(1, 9)]
HAND1 = [f"knights:{v}" for v in range(2, 10)] + [f"undead:{v}" for v in range(5)]
GIVE0 = ["goblins:0", "goblins:5", "goblins:0", "goblins:1", "goblins:8"]
GIVE1 = ["knights:9", "undead:0", "knights:2", "undead:4", "knights:5"]


def _locate(record: dict[str, Any], setting: str | None) -> None:
    """Put the setting in the record's setup (and a position's, when it starts from one)."""
    setups = [record.get("setup")]
    if "position" in record:
        setups.append(record["position"]["setup"])
    for setup in setups:
        if setup is None:
            continue
        if setting is None:
            setup.pop("setting", None)
        else:
            setup["setting"] = setting


def _game(
    moves: Sequence[str] = (),
    *,
    first_leader: int = 0,
    factions: Sequence[str] = CLAIM,
    hand0: Sequence[str] = HAND0,
    hand1: Sequence[str] = HAND1,
    setting: str | None = "endless-sands",
) -> State:
    """A new game with both hands named in full, then ``moves``."""
    record = stacked_record(
        factions, hand0=hand0, hand1=hand1, moves=moves, first_leader=first_leader
    )
    _locate(record, setting)
    state = replay(record)
    assert state.config.setting == setting
    return state


def _gives(cards: Sequence[str]) -> list[str]:
    return [f"give {c}" for c in cards]


def test_the_first_leader_gives_first_before_any_reveal() -> None:
    """§2 step 8, L5, R-62: right after the deal the first leader (player 0) is asked `give`,
    one move per kind of card in hand order (goblins:0 listed once); no prize is revealed yet."""
    state = _game()
    assert state.phase == 1
    assert state.trick is None
    assert zone(state, "deck") == filler(CLAIM, HAND0, HAND1)
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == _gives(dict.fromkeys(HAND0))


def test_five_gives_each_then_the_cards_join_the_end_of_the_hands() -> None:
    """L5: player 0 gives five (two copies of goblins:0 among them), then player 1 five; the
    cards move only then, each to the end of the other hand in the order given; hands stay at
    13; then the first trick's prize is revealed and player 0 leads."""
    state = _game(_gives(GIVE0))
    assert engine.current_player(state) == 1
    assert zone(state, "hand", 0) == ["goblins:0"] * 3 + ["goblins:2", "goblins:3", "goblins:4"] + [
        "goblins:6",
        "goblins:7",
    ]
    assert zone(state, "hand", 1) == HAND1  # nothing received yet
    assert engine.legal_actions(state) == _gives(HAND1)
    for move in _gives(GIVE1):
        engine.apply(state, move)
    kept0 = ["goblins:0"] * 3 + ["goblins:2", "goblins:3", "goblins:4", "goblins:6", "goblins:7"]
    kept1 = [c for c in HAND1 if c not in GIVE1]
    assert zone(state, "hand", 0) == kept0 + GIVE1
    assert zone(state, "hand", 1) == kept1 + GIVE0
    assert len(zone(state, "hand", 0)) == len(zone(state, "hand", 1)) == 13
    deck = filler(CLAIM, HAND0, HAND1)
    assert view.report(state)["current"]["prize"] == deck[0]
    assert zone(state, "deck") == deck[1:]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [f"play {c}" for c in dict.fromkeys(kept0 + GIVE1)]


def test_without_endless_sands_the_first_trick_starts_at_once() -> None:
    """§3.1 control for L5: with no setting the first legal moves are the first leader's plays."""
    state = _game(setting=None)
    assert state.trick is not None
    assert engine.legal_actions(state) == [f"play {c}" for c in dict.fromkeys(HAND0)]


def test_player_one_as_first_leader_gives_first() -> None:
    """L5 "Phase One: the first leader": with first_leader 1, player 1 gives all five first,
    then player 0; player 1 leads the first trick."""
    state = _game(first_leader=1)
    assert engine.current_player(state) == 1
    for move in _gives(GIVE1):
        assert engine.current_player(state) == 1
        engine.apply(state, move)
    assert engine.current_player(state) == 0
    for move in _gives(GIVE0):
        engine.apply(state, move)
    assert zone(state, "hand", 1)[-5:] == GIVE0
    assert zone(state, "hand", 0)[-5:] == GIVE1
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state)[0] == "play knights:3"


# -- the views (W8) --------------------------------------------------------------------------------


def test_while_the_first_leader_chooses_the_other_sees_thirteen_unknown_cards() -> None:
    """W8: after two gives by player 0, player 1 sees player 0's hand as 13 "?" and no
    `chosen` field; player 0 sees the two chosen cards in `chosen` and 11 in hand."""
    state = _game(_gives(GIVE0[:2]))
    seen_by_1 = view.observe(state, 1)
    assert seen_by_1["players"][0]["hand"] == ["?"] * 13
    assert "chosen" not in seen_by_1["players"][0]
    assert seen_by_1["next"] == {"player": 0}
    seen_by_0 = view.observe(state, 0)
    assert seen_by_0["players"][0]["chosen"] == ["goblins:0", "goblins:5"]
    assert len(seen_by_0["players"][0]["hand"]) == 11


def test_the_second_chooser_never_sees_the_first_ones_choices() -> None:
    """W8, R-62: while player 1 chooses (player 0 done), player 1 still sees player 0's hand as
    13 "?" and their own 13 cards, nothing received; player 0 sees player 1's chosen card as a
    "?" in player 1's hand."""
    state = _game([*_gives(GIVE0), "give knights:9"])
    assert engine.current_player(state) == 1
    seen_by_1 = view.observe(state, 1)
    assert seen_by_1["players"][0]["hand"] == ["?"] * 13
    assert "chosen" not in seen_by_1["players"][0]
    assert seen_by_1["players"][1]["hand"] == HAND1[:7] + HAND1[8:]
    assert seen_by_1["players"][1]["chosen"] == ["knights:9"]
    assert seen_by_1["next"] == {"player": 1, "legal": _gives(HAND1[:7] + HAND1[8:])}
    seen_by_0 = view.observe(state, 0)
    assert seen_by_0["players"][1]["hand"] == ["?"] * 13
    assert "chosen" not in seen_by_0["players"][1]
    assert seen_by_0["players"][0]["chosen"] == GIVE0
    assert seen_by_0["next"] == {"player": 1}


def test_after_both_chose_each_sees_the_received_cards() -> None:
    """W8, W13: once both have chosen, each sees the five received cards at the end of their
    hand; the other hand is 13 "?"."""
    state = _game([*_gives(GIVE0), *_gives(GIVE1)])
    seen_by_0 = view.observe(state, 0)
    assert seen_by_0["players"][0]["hand"][-5:] == GIVE1
    assert seen_by_0["players"][1]["hand"] == ["?"] * 13
    assert "chosen" not in seen_by_0["players"][0]
    seen_by_1 = view.observe(state, 1)
    assert seen_by_1["players"][1]["hand"][-5:] == GIVE0
    assert seen_by_1["players"][0]["hand"] == ["?"] * 13


# -- value-hidden cards ---------------------------------------------------------------------------


def test_demons_are_given_by_parity() -> None:
    """L5, R-30, W12: Demons are listed and given by parity; `give demons:odd` gives the first
    odd Demon in hand order (demons:9, then demons:1); the receiver sees them only as odd."""
    hand0 = ["demons:4", "demons:9", "demons:1", "demons:6"] + [
        f"goblins:{v}" for v in range(1, 10)
    ]
    state = _game(factions=DEMONS, hand0=hand0, hand1=[])
    assert engine.legal_actions(state)[:3] == [
        "give demons:even",
        "give demons:odd",
        "give goblins:1",
    ]
    seen = view.observe(state, 0)
    assert seen["players"][0]["hand"][:4] == [
        "demons:even",
        "demons:odd",
        "demons:odd",
        "demons:even",
    ]
    gives = ["give demons:odd", "give demons:odd", "give demons:even", "give goblins:1"]
    gives.append("give goblins:2")
    for move in gives:
        engine.apply(state, move)
    hand1 = zone(state, "hand", 1)
    for move in _gives(hand1[:5]):
        engine.apply(state, move)
    assert zone(state, "hand", 1)[-5:] == [
        "demons:9",
        "demons:1",
        "demons:4",
        "goblins:1",
        "goblins:2",
    ]
    assert zone(state, "hand", 0)[:1] == ["demons:6"]
    assert view.observe(state, 1)["players"][1]["hand"][-5:] == [
        "demons:odd",
        "demons:odd",
        "demons:even",
        "goblins:1",
        "goblins:2",
    ]


# -- not at the start of Phase Two ---------------------------------------------------------------


def test_no_gives_at_the_start_of_phase_two() -> None:
    """§7 "start of Phase One": after the last Phase One trick, Phase Two starts with a lead."""
    record = position_record(
        CLAIM,
        phase=1,
        number=13,
        prize="goblins:8",
        deck_top=["goblins:7"],
        hands=[["goblins:9"], ["goblins:1"]],
        followers=[["knights:2"], ["undead:1"]],
        moves=["play goblins:9", "play goblins:1"],
    )
    _locate(record, "endless-sands")
    state = replay(record)
    assert state.config.setting == "endless-sands"
    assert state.phase == 2
    assert engine.legal_actions(state) == ["play knights:2", "play goblins:8"]
