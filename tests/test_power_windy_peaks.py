"""Windy Peaks (Setting, §7): at the start of Phase Two each player passes 3 cards of their choice
to the opponent at the same time. R-62, L5: `give CODE`, three moves per player, the next leader
completes all of theirs first; a player gives as many as they hold, up to three; the received
cards join the end of the hand after both have chosen, in the order given; value-hidden cards are
named as in `play` (`give demons:odd`). W8: until both have chosen, the other player's chosen
cards are shown where they came from (`"?"` in the hand); the chooser sees their own choices."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import engine, view
from claim.core.state import State
from scenario import position_record, replay, stacked_record, zone

CLAIM = ["goblins", "knights", "undead", "dwarves", "doppelgangers"]
CLAIM2 = ["gnomes", "giants", "dragons", "trolls", "seers"]
DEMONS = ["goblins", "knights", "demons", "undead", "dwarves"]

FOLLOWERS0 = ["knights:2", "knights:3", "knights:4", "knights:5"]
FOLLOWERS1 = ["undead:1", "undead:2", "undead:3", "undead:4"]


def _locate(record: dict[str, Any], setting: str | None) -> None:
    """Put the setting in the record's setup (a position record carries its own)."""
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


def _to_phase_two(
    last: Sequence[str],
    moves: Sequence[str] = (),
    *,
    followers: Sequence[Sequence[str]] = (FOLLOWERS0, FOLLOWERS1),
    factions: Sequence[str] = CLAIM,
    setting: str | None = "windy-peaks",
    prize: str = "goblins:8",
    deck_top: Sequence[str] = ("goblins:7",),
) -> State:
    """The last Phase One trick (player 0 leads ``last[0]``, player 1 follows ``last[1]``) with
    one card left in the deck, then ``moves``: Phase Two starts after the trick."""
    record = position_record(
        factions,
        phase=1,
        number=13,
        prize=prize,
        deck_top=deck_top,
        hands=[[last[0]], [last[1]]],
        followers=followers,
        moves=[f"play {last[0]}", f"play {last[1]}", *moves],
    )
    _locate(record, setting)
    state = replay(record)
    assert state.config.setting == setting
    return state


def test_phase_two_starts_with_the_next_leader_giving() -> None:
    """L5, R-62: player 0 won the last Phase One trick (goblins:9 over goblins:1: prize goblins:8
    to player 0, goblins:7 drawn by player 1), so player 0 is the next leader and is asked
    first: one `give` per card of the hand, in hand order."""
    state = _to_phase_two(["goblins:9", "goblins:1"])
    assert state.phase == 2
    assert zone(state, "hand", 0) == [*FOLLOWERS0, "goblins:8"]
    assert zone(state, "hand", 1) == [*FOLLOWERS1, "goblins:7"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        "give knights:2",
        "give knights:3",
        "give knights:4",
        "give knights:5",
        "give goblins:8",
    ]
    assert state.trick is None  # no trick before the gives


def test_three_gives_each_then_the_cards_join_the_end_of_the_hands() -> None:
    """L5: player 0 gives three (knights:3, goblins:8, knights:2), then player 1 three (undead:4,
    undead:1, goblins:7); only then do they move, each to the end of the other hand in the order
    given; player 0 leads the first Phase Two trick."""
    moves = ["give knights:3", "give goblins:8", "give knights:2"]
    state = _to_phase_two(["goblins:9", "goblins:1"], moves)
    assert engine.current_player(state) == 1
    assert zone(state, "hand", 0) == ["knights:4", "knights:5"]
    assert zone(state, "hand", 1) == [*FOLLOWERS1, "goblins:7"]  # nothing received yet
    assert engine.legal_actions(state) == [
        "give undead:1",
        "give undead:2",
        "give undead:3",
        "give undead:4",
        "give goblins:7",
    ]
    for move in ("give undead:4", "give undead:1"):
        engine.apply(state, move)
    assert zone(state, "hand", 0) == ["knights:4", "knights:5"]
    assert zone(state, "hand", 1) == ["undead:2", "undead:3", "goblins:7"]
    engine.apply(state, "give goblins:7")
    assert zone(state, "hand", 0) == ["knights:4", "knights:5", "undead:4", "undead:1", "goblins:7"]
    assert zone(state, "hand", 1) == [
        "undead:2",
        "undead:3",
        "knights:3",
        "goblins:8",
        "knights:2",
    ]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        "play knights:4",
        "play knights:5",
        "play undead:4",
        "play undead:1",
        "play goblins:7",
    ]
    assert state.moves[2:] == [*moves, "give undead:4", "give undead:1", "give goblins:7"]


def test_without_windy_peaks_phase_two_starts_with_a_lead() -> None:
    """§3.2 control for L5: with no setting the first Phase Two trick starts at once."""
    state = _to_phase_two(["goblins:9", "goblins:1"], setting=None)
    assert state.phase == 2
    assert engine.legal_actions(state) == [f"play {c}" for c in [*FOLLOWERS0, "goblins:8"]]


def test_player_one_as_next_leader_gives_first() -> None:
    """L5 "the next leader first": player 1 wins the last Phase One trick (goblins:9 over
    goblins:1) and gives all three before player 0 is asked."""
    state = _to_phase_two(["goblins:1", "goblins:9"])
    assert engine.current_player(state) == 1
    for move in ("give undead:1", "give undead:2", "give goblins:8"):
        assert engine.current_player(state) == 1
        engine.apply(state, move)
    assert engine.current_player(state) == 0
    for move in ("give knights:2", "give knights:3", "give knights:4"):
        engine.apply(state, move)
    assert zone(state, "hand", 0) == ["knights:5", "goblins:7", "undead:1", "undead:2", "goblins:8"]
    assert zone(state, "hand", 1) == [
        "undead:3",
        "undead:4",
        "knights:2",
        "knights:3",
        "knights:4",
    ]
    assert engine.current_player(state) == 1  # the winner leads the first Phase Two trick


def test_a_dragon_names_the_next_leader_who_gives_first() -> None:
    """§5.2 Dragons, L5: player 0 wins the last Phase One trick with dragons:9, but player 1
    played the last Dragon (dragons:2), so player 1 is the next leader: they give first and
    lead the first Phase Two trick."""
    state = _to_phase_two(
        ["dragons:9", "dragons:2"],
        followers=[["trolls:1", "trolls:2", "trolls:3"], ["seers:1", "seers:2", "seers:3"]],
        factions=CLAIM2,
        prize="trolls:8",
        deck_top=["trolls:7"],
    )
    assert engine.current_player(state) == 1
    for move in ("give seers:1", "give seers:2", "give trolls:7"):
        engine.apply(state, move)
    assert engine.current_player(state) == 0
    for move in ("give trolls:1", "give trolls:2", "give trolls:3"):
        engine.apply(state, move)
    assert zone(state, "hand", 0) == ["trolls:8", "seers:1", "seers:2", "trolls:7"]
    assert zone(state, "hand", 1) == ["seers:3", "trolls:1", "trolls:2", "trolls:3"]
    assert engine.current_player(state) == 1


# -- the views (W8) --------------------------------------------------------------------------------


def test_the_first_chooser_sees_own_choices_the_other_sees_nothing() -> None:
    """W8, R-62: after player 0 chose two cards, player 1 still sees player 0's hand as five
    "?" (the chosen cards where they came from) and no `chosen` field; player 0 sees their
    hand without them and `chosen` listing them; only the chooser gets `legal`."""
    state = _to_phase_two(["goblins:9", "goblins:1"], ["give knights:3", "give goblins:8"])
    seen_by_1 = view.observe(state, 1)
    assert seen_by_1["players"][0]["hand"] == ["?"] * 5
    assert "chosen" not in seen_by_1["players"][0]
    assert seen_by_1["players"][1]["hand"] == [*FOLLOWERS1, "goblins:7"]
    assert seen_by_1["next"] == {"player": 0}
    seen_by_0 = view.observe(state, 0)
    assert seen_by_0["players"][0]["hand"] == ["knights:2", "knights:4", "knights:5"]
    assert seen_by_0["players"][0]["chosen"] == ["knights:3", "goblins:8"]
    assert seen_by_0["players"][1]["hand"] == ["?"] * 5
    assert seen_by_0["next"] == {
        "player": 0,
        "legal": ["give knights:2", "give knights:4", "give knights:5"],
    }


def test_the_second_chooser_never_sees_the_first_ones_choices() -> None:
    """W8, R-62: while player 1 chooses (player 0 done), neither sees the other's choices:
    player 1 sees player 0's hand as five "?" and their own hand unchanged by the gift; player 0
    sees player 1's chosen cards as "?" in player 1's hand."""
    moves = ["give knights:3", "give goblins:8", "give knights:2", "give undead:4"]
    state = _to_phase_two(["goblins:9", "goblins:1"], moves)
    assert engine.current_player(state) == 1
    seen_by_1 = view.observe(state, 1)
    assert seen_by_1["players"][0]["hand"] == ["?"] * 5
    assert "chosen" not in seen_by_1["players"][0]
    assert seen_by_1["players"][1]["hand"] == ["undead:1", "undead:2", "undead:3", "goblins:7"]
    assert seen_by_1["players"][1]["chosen"] == ["undead:4"]
    assert "knights:3" not in str(seen_by_1)
    seen_by_0 = view.observe(state, 0)
    assert seen_by_0["players"][1]["hand"] == ["?"] * 5
    assert "chosen" not in seen_by_0["players"][1]
    assert seen_by_0["players"][0]["chosen"] == ["knights:3", "goblins:8", "knights:2"]
    assert "undead:4" not in str(seen_by_0)


def test_after_both_chose_each_sees_the_received_cards() -> None:
    """W8, W13: once both have chosen, each sees the received cards at the end of their own
    hand, the other hand is all "?" again, and no `chosen` field is left."""
    moves = [
        "give knights:3",
        "give goblins:8",
        "give knights:2",
        "give undead:4",
        "give undead:1",
        "give goblins:7",
    ]
    state = _to_phase_two(["goblins:9", "goblins:1"], moves)
    seen_by_0 = view.observe(state, 0)
    assert seen_by_0["players"][0]["hand"] == [
        "knights:4",
        "knights:5",
        "undead:4",
        "undead:1",
        "goblins:7",
    ]
    assert seen_by_0["players"][1]["hand"] == ["?"] * 5
    assert "chosen" not in seen_by_0["players"][0]
    seen_by_1 = view.observe(state, 1)
    assert seen_by_1["players"][1]["hand"] == [
        "undead:2",
        "undead:3",
        "knights:3",
        "goblins:8",
        "knights:2",
    ]
    assert seen_by_1["players"][0]["hand"] == ["?"] * 5


# -- short hands, codes, value-hidden cards ------------------------------------------------------


def test_a_short_hand_gives_what_it_holds() -> None:
    """L5 "as many as they hold, up to the number": player 1 holds two cards (undead:1 and the
    drawn goblins:7) and gives both; player 0 gives three; each gets the other's at the end."""
    state = _to_phase_two(
        ["goblins:9", "goblins:1"],
        ["give knights:2", "give knights:3", "give knights:4"],
        followers=[FOLLOWERS0, ["undead:1"]],
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["give undead:1", "give goblins:7"]
    engine.apply(state, "give goblins:7")
    assert engine.legal_actions(state) == ["give undead:1"]
    engine.apply(state, "give undead:1")
    # nothing more to give: the gifts move and the first trick starts
    assert zone(state, "hand", 0) == ["knights:5", "goblins:8", "goblins:7", "undead:1"]
    assert zone(state, "hand", 1) == ["knights:2", "knights:3", "knights:4"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state)[0].startswith("play ")


def test_an_empty_hand_gives_nothing_and_receives_three() -> None:
    """L5, R-1: with the deck empty after the last reveal, player 1 (the loser) draws nothing
    and starts Phase Two with no card: they are not asked; player 0 gives three, player 1
    receives them, and the first trick starts since both now hold a card."""
    state = _to_phase_two(
        ["goblins:9", "goblins:1"],
        ["give knights:2", "give goblins:8", "give knights:4"],
        followers=[["knights:2", "knights:3", "knights:4"], []],
        deck_top=(),
    )
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["knights:3"]
    assert zone(state, "hand", 1) == ["knights:2", "goblins:8", "knights:4"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play knights:3"]


def test_a_code_held_twice_is_listed_once_and_given_copy_by_copy() -> None:
    """L5, §1: `give goblins:0` names a kind of card: listed once, and giving it twice gives two
    physical copies, in hand order."""
    state = _to_phase_two(
        ["goblins:9", "goblins:1"],
        followers=[["goblins:0", "goblins:0", "knights:2"], FOLLOWERS1],
    )
    assert engine.legal_actions(state) == ["give goblins:0", "give knights:2", "give goblins:8"]
    for move in ("give goblins:0", "give goblins:0"):
        engine.apply(state, move)
    assert engine.legal_actions(state) == ["give knights:2", "give goblins:8"]
    engine.apply(state, "give goblins:8")
    for move in ("give undead:1", "give undead:2", "give undead:3"):
        engine.apply(state, move)
    assert zone(state, "hand", 1) == [
        "undead:4",
        "goblins:7",
        "goblins:0",
        "goblins:0",
        "goblins:8",
    ]
    assert zone(state, "hand", 0) == ["knights:2", "undead:1", "undead:2", "undead:3"]


def test_demons_are_given_by_parity() -> None:
    """L5, R-30, W12: a Demon is named as in `play`: `give demons:odd` gives the first odd Demon
    in hand order (demons:7 before demons:3); the receiver sees it only as odd."""
    state = _to_phase_two(
        ["goblins:9", "goblins:1"],
        followers=[["demons:4", "demons:7", "demons:3"], FOLLOWERS1],
        factions=DEMONS,
    )
    assert engine.legal_actions(state) == [
        "give demons:even",
        "give demons:odd",
        "give goblins:8",
    ]
    for move in ("give demons:odd", "give demons:even", "give goblins:8"):
        engine.apply(state, move)
    for move in ("give undead:1", "give undead:2", "give undead:3"):
        engine.apply(state, move)
    assert zone(state, "hand", 0) == ["demons:3", "undead:1", "undead:2", "undead:3"]
    assert zone(state, "hand", 1) == ["undead:4", "goblins:7", "demons:7", "demons:4", "goblins:8"]
    seen_by_1 = view.observe(state, 1)["players"][1]["hand"]
    assert seen_by_1 == ["undead:4", "goblins:7", "demons:odd", "demons:even", "goblins:8"]


def test_no_gives_at_the_start_of_phase_one() -> None:
    """§7 "start of Phase Two": a new game with Windy Peaks starts with the first lead."""
    record = stacked_record(CLAIM, hand0=["goblins:9"], first_leader=0)
    _locate(record, "windy-peaks")
    state = replay(record)
    assert state.config.setting == "windy-peaks"
    assert state.phase == 1
    assert engine.legal_actions(state)[0] == "play goblins:9"
    assert all(move.startswith("play ") for move in engine.legal_actions(state))
