"""Tricksters (§5.4, W1, R-30, R-90 step 2): values 1/3/5/7/9, one real and one fake (x) of each.
During play a Trickster uses its printed value and is named by it (``play tricksters:5`` plays the
first Trickster of that value in hand order); whether it is fake is hidden from everyone until the
game is finished. At final scoring every fake Trickster is removed from the Score piles to the
discard pile, before the votes."""

from __future__ import annotations

from claim.core import engine, view
from claim.core.state import State
from scenario import last_trick, position_record, replay, stacked_record, zone

FACTIONS = ["goblins", "knights", "tricksters", "undead", "dwarves"]


def _last_trick(
    hand0: list[str], hand1: list[str], scores: tuple[list[str], list[str]], moves: list[str]
) -> State:
    """The last trick of the game (Phase Two, trick 13), player 0 leading, with Score piles."""
    record = position_record(
        FACTIONS, phase=2, number=13, hands=[hand0, hand1], scores=scores, moves=moves
    )
    return replay(record)


def test_tricksters_are_offered_by_printed_value_once() -> None:
    """W1, R-30: a hand with tricksters:5x and tricksters:5 offers `play tricksters:5` once."""
    state = replay(stacked_record(FACTIONS, ["tricksters:5x", "tricksters:3", "tricksters:5"]))
    legal = engine.legal_actions(state)
    assert legal[:2] == ["play tricksters:5", "play tricksters:3"]
    assert legal.count("play tricksters:5") == 1
    assert not any("x" in move for move in legal)
    assert view.observe(state, 0)["players"][0]["hand"][:3] == [
        "tricksters:5",
        "tricksters:3",
        "tricksters:5",
    ]


def test_the_first_trickster_of_the_value_in_hand_order_is_played() -> None:
    """R-30: `play tricksters:5` plays tricksters:5x, the first 5 in hand order; the replay shows
    the code, both players see only `tricksters:5`."""
    record = stacked_record(
        FACTIONS,
        ["tricksters:5x", "tricksters:5"],
        ["tricksters:3"],
        moves=["play tricksters:5", "play tricksters:3"],
    )
    state = replay(record)
    assert last_trick(state)["plays"][0]["card"] == "tricksters:5x"
    assert zone(state, "hand", 0)[0] == "tricksters:5"
    for viewer in (0, 1):
        seen = view.observe(state, viewer)
        assert seen["tricks"][0]["plays"][0]["card"] == "tricksters:5"
        assert seen["discard"][-2:] == ["tricksters:5", "tricksters:3"]


def test_a_fake_plays_at_its_printed_value() -> None:
    """§5.4: during play a fake uses its printed value: tricksters:9x beats a real tricksters:7."""
    record = stacked_record(
        FACTIONS,
        ["tricksters:7"],
        ["tricksters:9x"],
        moves=["play tricksters:7", "play tricksters:9"],
    )
    trick = last_trick(replay(record))
    assert trick["plays"][1]["value"] == 9
    assert trick["winner"] == 1


def test_fakes_are_removed_from_both_score_piles_at_the_end() -> None:
    """§5.4, R-90 step 2: fakes leave both Score piles for the discard pile; real ones stay."""
    state = _last_trick(
        ["goblins:9"],
        ["goblins:2"],
        (["tricksters:1x", "tricksters:1", "undead:4"], ["tricksters:7x", "tricksters:9"]),
        ["play goblins:9", "play goblins:2"],
    )
    assert state.result is not None
    assert zone(state, "score", 0) == ["tricksters:1", "undead:4", "goblins:9", "goblins:2"]
    assert zone(state, "score", 1) == ["tricksters:9"]
    assert zone(state, "discard")[-2:] == ["tricksters:1x", "tricksters:7x"]
    # a fake won in the last trick itself is removed too
    state = _last_trick(
        ["tricksters:3x"],
        ["tricksters:5"],
        ([], []),
        ["play tricksters:3", "play tricksters:5"],
    )
    assert zone(state, "score", 1) == ["tricksters:5"]
    assert zone(state, "discard")[-1] == "tricksters:3x"


def test_removal_happens_before_the_votes() -> None:
    """R-90: player 0 has more Tricksters (three, two of them fake) but loses the Trickster vote to
    player 1's two real ones once the fakes are gone."""
    state = _last_trick(
        ["goblins:9"],
        ["goblins:2"],
        (
            ["tricksters:9x", "tricksters:7x", "tricksters:1"],
            ["tricksters:3", "tricksters:5"],
        ),
        ["play goblins:9", "play goblins:2"],
    )
    assert state.result is not None
    assert state.result["votes"]["tricksters"] == 1
    assert state.result["votes"]["goblins"] == 0


def test_fake_marks_are_hidden_until_the_game_is_finished_then_shown() -> None:
    """W1: before the end both views name Tricksters by printed value (Score piles, the trick
    history); once finished, the codes everywhere, the trick history included."""
    state = _last_trick(
        ["tricksters:5x"],
        ["goblins:2"],
        (["tricksters:3x"], []),
        ["play tricksters:5"],
    )
    for viewer in (0, 1):
        seen = view.observe(state, viewer)
        assert seen["players"][0]["score"] == ["tricksters:3"]
        assert seen["current"]["plays"][0]["card"] == "tricksters:5"
    engine.apply(state, "play goblins:2")
    assert state.result is not None
    for viewer in (0, 1):
        seen = view.observe(state, viewer)
        assert seen["tricks"][0]["plays"][0]["card"] == "tricksters:5x"
        assert seen["discard"][-2:] == ["tricksters:3x", "tricksters:5x"]


def test_a_tucked_fake_is_removed_from_a_vampire_stack() -> None:
    """V10: the Vampire stack is part of the collected cards: a fake tucked under a face-up
    Vampire goes to the discard pile; a real one and the Vampire stay."""
    factions = ["goblins", "knights", "tricksters", "vampires", "undead"]
    record = position_record(
        factions,
        phase=2,
        number=13,
        hands=[["goblins:9"], ["goblins:2"]],
        moves=["play goblins:9", "play goblins:2"],
    )
    position = record["position"]
    stack = ["vampires:4", "tricksters:7x", "tricksters:1", "tricksters:9x"]
    for code in stack:
        position["discard"].remove(code)
    position["players"][1]["vampire"] = stack[:1]
    position["players"][1]["tucked"] = stack[1:]
    state = replay(record)
    assert state.result is not None
    assert zone(state, "discard")[-2:] == ["tricksters:7x", "tricksters:9x"]
    report = view.report(state)
    assert report["players"][1]["vampire"] == "vampires:4"
    assert report["players"][1]["tucked"] == ["tricksters:1"]
