"""Tavern (Building, Fire, R-70, §7, §9 step 3, R-62, RULINGS L20, L24, W8, H32, V10): at the end
each player gives up to 2 cards of their Score pile to the opponent (``give CODE``, one move per
card), the next leader first; the given cards join the opponent's Score pile only after both have
chosen, and until then neither sees the other's choice (the Score pile still shows the card at its
place). Cards that lay face-up at the end of Phase Two (Gnomes) and the Vampire stack cannot be
given. While the gives are awaited the game is ``in-progress``; ``result.end_moves`` records each
give with ``"by": "tavern"``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from claim.core import engine, view
from claim.core.errors import IllegalMove
from claim.core.state import State
from scenario import CLAIM, CLAIM2, position_record, replay, zone

VAMPIRE_DECK = ["goblins", "knights", "vampires", "undead", "dwarves"]


def _game(
    hands: Sequence[Sequence[str]],
    scores: Sequence[Sequence[str]],
    *,
    factions: Sequence[str] = CLAIM,
    building: str | None = "tavern",
    heroes: Sequence[str] = (),
    gnomes: Sequence[Sequence[str]] = ((), ()),
    more: Sequence[str] = (),
    stacks: Mapping[int, tuple[str, Sequence[str]]] | None = None,
) -> State:
    """The last trick of the game (Phase Two, one card each, player 0 leading: each hand's card
    played), then ``more`` moves. Every card not placed is out of the game."""
    record = position_record(
        factions,
        phase=2,
        number=13,
        hands=hands,
        scores=scores,
        gnomes=gnomes,
        heroes=heroes,
        discard=[],
        moves=[f"play {hands[0][0]}", f"play {hands[1][0]}", *more],
    )
    position: dict[str, Any] = record["position"]
    position["setup"]["building"] = building
    for p, (vampire, tucked) in (stacks or {}).items():
        for code in [vampire, *tucked]:
            position["out"].remove(code)
        position["players"][p]["vampire"] = [vampire]
        position["players"][p]["tucked"] = list(tucked)
    state = replay(record)
    assert state.config.building == building
    return state


def _tavern_moves(state: State) -> list[tuple[str, str, str]]:
    assert state.result is not None
    end_moves = state.result["end_moves"]
    return [(m["card"], m["from"], m["to"]) for m in end_moves if m["by"] == "tavern"]


# Player 0 wins the last trick (goblins:9 over goblins:8).
BASIC = (
    [["goblins:9"], ["goblins:8"]],
    [["undead:1", "undead:2", "dwarves:3"], ["knights:2", "knights:3", "dwarves:4"]],
)
PILE0 = ["undead:1", "undead:2", "dwarves:3", "goblins:9", "goblins:8"]
PILE1 = ["knights:2", "knights:3", "dwarves:4"]


def test_the_game_waits_for_the_next_leaders_gives() -> None:
    """L20, L24: after the last trick the game is in progress: the next leader (player 0, the
    trick's winner) is asked ``give CODE`` for each card of their Score pile."""
    state = _game(*BASIC)
    assert state.result is None
    assert zone(state, "score", 0) == PILE0
    report = view.report(state)
    assert report["status"] == "in-progress"
    assert report["result"] is None
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [f"give {code}" for code in PILE0]
    assert report["next"] == {"player": 0, "legal": [f"give {code}" for code in PILE0]}


def test_each_gives_two_and_the_cards_arrive_after_both_chose() -> None:
    """L20, R-62: player 0 gives undead:2 and goblins:9 (asked again after the first), then
    player 1 — whose pile does not hold player 0's cards yet — gives knights:3 and dwarves:4;
    only then do the cards join the opponents' Score piles, in the order given (the next
    leader's first), and the game is scored on the piles as they then stand."""
    state = _game(*BASIC, more=["give undead:2"])
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        "give undead:1",
        "give dwarves:3",
        "give goblins:9",
        "give goblins:8",
    ]
    assert zone(state, "score", 1) == PILE1  # nothing has arrived yet
    engine.apply(state, "give goblins:9")
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [f"give {code}" for code in PILE1]
    assert zone(state, "score", 1) == PILE1
    engine.apply(state, "give knights:3")
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["give knights:2", "give dwarves:4"]
    assert state.result is None
    engine.apply(state, "give dwarves:4")
    assert zone(state, "score", 0) == [
        "undead:1",
        "dwarves:3",
        "goblins:8",
        "knights:3",
        "dwarves:4",
    ]
    assert zone(state, "score", 1) == ["knights:2", "undead:2", "goblins:9"]
    assert _tavern_moves(state) == [
        ("undead:2", "score0", "score1"),
        ("goblins:9", "score0", "score1"),
        ("knights:3", "score1", "score0"),
        ("dwarves:4", "score1", "score0"),
    ]
    result = state.result
    assert result is not None
    # Goblins 9 against 8: player 1; Knights 1 each, 3 beats 2: player 0; Undead 1 each, 2 beats
    # 1: player 1; Dwarves 2 against 0: player 0
    assert result["votes"] == {
        "goblins": 1,
        "knights": 0,
        "undead": 1,
        "dwarves": 0,
        "doppelgangers": None,
    }
    assert result["cards_in_won_factions"] == [3, 2]
    assert result["winner"] == 0
    assert result["reason"] == "cards"
    assert view.report(state)["status"] == "finished"


def test_the_record_replays_the_gives() -> None:
    """L24, records.md: a record whose moves end with the four gives replays to the finished
    game; the gives are ordinary moves of the record."""
    state = _game(
        *BASIC, more=["give undead:2", "give goblins:9", "give knights:3", "give dwarves:4"]
    )
    assert state.result is not None
    assert state.moves[-4:] == [
        "give undead:2",
        "give goblins:9",
        "give knights:3",
        "give dwarves:4",
    ]
    assert zone(state, "score", 1) == ["knights:2", "undead:2", "goblins:9"]
    assert engine.legal_actions(state) == []


def test_a_card_not_in_the_pile_cannot_be_given() -> None:
    """L20: only the giver's own Score pile: player 0 cannot give player 1's knights:2 nor a
    card of nobody's pile; the move is refused and nothing changes."""
    state = _game(*BASIC)
    for move in ("give knights:2", "give undead:9", "pass"):
        with pytest.raises(IllegalMove):
            engine.apply(state, move)
    assert zone(state, "score", 0) == PILE0
    assert engine.current_player(state) == 0


def test_the_other_players_choice_is_hidden_until_both_chose() -> None:
    """W8, R-62: after player 0 chose undead:2, player 1's view still shows it at its place in
    player 0's Score pile and knows nothing of the choice; player 0 sees it chosen. When player
    1 has chosen too (before the cards move) the same holds the other way."""
    state = _game(*BASIC, more=["give undead:2"])
    theirs = view.observe(state, 1)
    assert theirs["players"][0]["score"] == PILE0
    assert "chosen" not in theirs["players"][0]
    assert theirs["next"] == {"player": 0}
    mine = view.observe(state, 0)
    assert mine["players"][0]["score"] == ["undead:1", "dwarves:3", "goblins:9", "goblins:8"]
    assert mine["players"][0]["chosen"] == ["undead:2"]
    engine.apply(state, "give goblins:9")
    engine.apply(state, "give knights:3")
    theirs = view.observe(state, 1)
    assert theirs["players"][0]["score"] == PILE0  # both of player 0's cards in their places
    assert theirs["players"][1]["score"] == ["knights:2", "dwarves:4"]
    assert theirs["players"][1]["chosen"] == ["knights:3"]
    mine = view.observe(state, 0)
    assert mine["players"][1]["score"] == PILE1
    assert "chosen" not in mine["players"][1]
    assert mine["players"][0]["score"] == ["undead:1", "dwarves:3", "goblins:8"]
    assert mine["players"][0]["chosen"] == ["undead:2", "goblins:9"]
    engine.apply(state, "give dwarves:4")
    done = view.observe(state, 1)
    assert done["status"] == "finished"
    assert done["players"][0]["score"] == [
        "undead:1",
        "dwarves:3",
        "goblins:8",
        "knights:3",
        "dwarves:4",
    ]


def test_the_next_leader_gives_first_even_when_they_lost() -> None:
    """L20, R-62, §5.2 Dragons: player 0 leads dragons:8 and wins the last trick, but player 1
    played the last Dragon (dragons:3) and is the next leader: player 1 gives first."""
    state = _game(
        [["dragons:8"], ["dragons:3"]],
        [["seers:1"], ["seers:2"]],
        factions=CLAIM2,
    )
    assert state.history[-1][5] == 0
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["give seers:2"]
    engine.apply(state, "give seers:2")
    # a pile of one card gives one: player 1 is done, player 0's turn
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["give seers:1", "give dragons:8", "give dragons:3"]
    engine.apply(state, "give dragons:8")
    engine.apply(state, "give dragons:3")
    assert zone(state, "score", 0) == ["seers:1", "seers:2"]
    assert zone(state, "score", 1) == ["dragons:8", "dragons:3"]
    assert _tavern_moves(state) == [
        ("seers:2", "score1", "score0"),
        ("dragons:8", "score0", "score1"),
        ("dragons:3", "score0", "score1"),
    ]


def test_an_empty_pile_gives_nothing() -> None:
    """L20 "up to 2": player 1 has nothing in the Score pile and is not asked; player 0's two
    gives end the Tavern."""
    state = _game([["goblins:9"], ["goblins:8"]], [["undead:1"], []])
    engine.apply(state, "give undead:1")
    engine.apply(state, "give goblins:9")
    assert state.result is not None
    assert zone(state, "score", 0) == ["goblins:8"]
    assert zone(state, "score", 1) == ["undead:1", "goblins:9"]


def test_gnomes_face_up_at_the_end_of_phase_two_cannot_be_given() -> None:
    """§4.4, L20: the Gnome power keeps its face-up Gnomes: player 0's gnomes:3 and gnomes:5 that
    lay face-up join the Score pile at step 1 but cannot be given; the gnomes:3 that reached the
    Score pile in Phase One (a capture) can. Giving ``gnomes:3`` gives that copy."""
    state = _game(
        [["dragons:8"], ["dragons:2"]],
        [["gnomes:3", "seers:4"], []],
        factions=CLAIM2,
        gnomes=[["gnomes:3", "gnomes:5"], []],
    )
    assert zone(state, "score", 0) == [
        "gnomes:3",
        "seers:4",
        "dragons:8",
        "dragons:2",
        "gnomes:3",
        "gnomes:5",
    ]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        "give gnomes:3",
        "give seers:4",
        "give dragons:8",
        "give dragons:2",
    ]
    engine.apply(state, "give gnomes:3")
    assert engine.legal_actions(state) == ["give seers:4", "give dragons:8", "give dragons:2"]
    engine.apply(state, "give seers:4")
    assert state.result is not None  # player 1 had nothing to give
    assert zone(state, "score", 0) == ["dragons:8", "dragons:2", "gnomes:3", "gnomes:5"]
    assert zone(state, "score", 1) == ["gnomes:3", "seers:4"]
    # the copy given is the one that never lay face-up
    given = state.score[1][0]
    kept = state.score[0][2]
    assert state.tags.get(given) is None
    assert state.tags.get(kept) == "face-up"
    assert [m["by"] for m in state.result["end_moves"]] == ["gnomes", "gnomes", "tavern", "tavern"]


def test_only_face_up_gnomes_leave_nothing_to_give() -> None:
    """L20: player 1's only collected cards are face-up Gnomes: player 1 is not asked."""
    state = _game(
        [["dragons:8"], ["dragons:2"]],
        [[], []],
        factions=CLAIM2,
        gnomes=[[], ["gnomes:1", "gnomes:7"]],
    )
    engine.apply(state, "give dragons:8")
    engine.apply(state, "give dragons:2")
    assert state.result is not None
    assert zone(state, "score", 1) == ["gnomes:1", "gnomes:7", "dragons:8", "dragons:2"]
    assert zone(state, "score", 0) == []


def test_the_vampire_stack_cannot_be_given() -> None:
    """§4.4, L20, V10: player 0's face-up vampires:4 and the tucked undead:5 are not in the
    legal list; only the Score pile's cards are."""
    state = _game(
        [["goblins:9"], ["goblins:8"]],
        [["knights:2"], ["knights:3"]],
        factions=VAMPIRE_DECK,
        stacks={0: ("vampires:4", ["undead:5"])},
        more=["pass"],  # player 0 tucks neither Goblin of the last trick
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["give knights:2", "give goblins:9", "give goblins:8"]
    for move in ("give vampires:4", "give undead:5"):
        with pytest.raises(IllegalMove):
            engine.apply(state, move)
    engine.apply(state, "give knights:2")
    engine.apply(state, "give goblins:9")
    engine.apply(state, "give knights:3")
    report = view.report(state)
    assert report["players"][0]["vampire"] == "vampires:4"
    assert report["players"][0]["tucked"] == ["undead:5"]
    assert zone(state, "score", 0) == ["goblins:8", "knights:3"]
    assert zone(state, "score", 1) == ["knights:2", "goblins:9"]


def test_a_given_gargoyle_is_counted_by_its_new_owner() -> None:
    """H32: the Tavern acts on the Gargoyle as one card; the count is asked after step 3 of the
    player whose Score pile then holds it: player 1, who received it."""
    state = _game(
        [["goblins:9"], ["goblins:8"]],
        [["hero:gargoyle"], ["undead:1"]],
        heroes=["gargoyle"],
        more=["give hero:gargoyle", "give goblins:9", "give undead:1"],
    )
    assert zone(state, "score", 1) == ["hero:gargoyle", "goblins:9"]
    assert state.result is None
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [f"count gargoyle as {f}" for f in CLAIM]
    engine.apply(state, "count gargoyle as undead")
    result = state.result
    assert result is not None
    # player 1: Goblins 9 against 8 (1 each), the Gargoyle's two Undead against undead:1
    assert result["votes"]["undead"] == 1
    assert result["votes"]["goblins"] == 1
    assert result["winner"] == 1
