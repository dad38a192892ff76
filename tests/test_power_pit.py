"""Pit (Building, Fire, R-70, §7, §9 step 3, RULINGS L21, H13, H33, L10, V10): the winner of the
last trick of the game discards 2 random cards of their Score pile (fewer if it holds fewer),
after the Tavern, before the votes. The record's ``chance`` fixes the two cards, in order. The
Pit never takes a card of the Vampire stack; heroes are cards like any other."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from claim.core import view
from claim.core.errors import RecordError
from claim.core.state import State
from scenario import CLAIM, CLAIM2, position_record, replay, zone

VAMPIRE_DECK = ["goblins", "knights", "vampires", "undead", "dwarves"]


def _record(
    hands: Sequence[Sequence[str]],
    scores: Sequence[Sequence[str]],
    *,
    factions: Sequence[str] = CLAIM,
    building: str | None = "pit",
    setting: str | None = None,
    leader: int = 0,
    number: int = 13,
    heroes: Sequence[str] = (),
    troll_pool: Sequence[str] = (),
    chance: Sequence[str] = (),
    moves: Sequence[str] | None = None,
    stacks: Mapping[int, tuple[str, Sequence[str]]] | None = None,
) -> dict[str, Any]:
    """A Phase Two position, ``leader`` leading (by default the last trick: one card each, both
    played). Every card not placed is out of the game: the discard pile starts empty."""
    if moves is None:
        moves = [f"play {hands[leader][0]}", f"play {hands[1 - leader][0]}"]
    record = position_record(
        factions,
        phase=2,
        number=number,
        hands=hands,
        scores=scores,
        troll_pool=troll_pool,
        leader=leader,
        heroes=heroes,
        discard=[],
        chance=chance,
        moves=moves,
    )
    position: dict[str, Any] = record["position"]
    position["setup"]["building"] = building
    position["setup"]["setting"] = setting
    for p, (vampire, tucked) in (stacks or {}).items():
        for code in [vampire, *tucked]:
            position["out"].remove(code)
        position["players"][p]["vampire"] = [vampire]
        position["players"][p]["tucked"] = list(tucked)
    return record


def _game(*args: Any, **kwargs: Any) -> State:
    record = _record(*args, **kwargs)
    state = replay(record)
    assert state.config.building == record["position"]["setup"]["building"]
    return state


def _pit_moves(state: State) -> list[tuple[str, str, str]]:
    assert state.result is not None
    return [(m["card"], m["from"], m["to"]) for m in state.result["end_moves"] if m["by"] == "pit"]


def test_the_last_winner_discards_the_two_cards_of_chance() -> None:
    """L21, §9 step 3 then 5: player 0 wins the last trick (goblins:9 over goblins:8);
    ``chance`` names undead:2 then goblins:9: both leave player 0's Score pile for the discard
    pile, in that order; player 1's pile is untouched. The votes come after: Undead 1, 3 against
    4, 5 goes to player 1 on the tie-break, Goblins to player 0; player 1 wins on cards."""
    state = _game(
        [["goblins:9"], ["goblins:8"]],
        [["undead:1", "undead:2", "undead:3"], ["undead:4", "undead:5"]],
        chance=["undead:2", "goblins:9"],
    )
    assert zone(state, "score", 0) == ["undead:1", "undead:3", "goblins:8"]
    assert zone(state, "score", 1) == ["undead:4", "undead:5"]
    assert zone(state, "discard") == ["undead:2", "goblins:9"]
    assert _pit_moves(state) == [
        ("undead:2", "score0", "discard"),
        ("goblins:9", "score0", "discard"),
    ]
    assert state.chance == ["undead:2", "goblins:9"]
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 0,
        "knights": None,
        "undead": 1,
        "dwarves": None,
        "doppelgangers": None,
    }
    assert result["winner"] == 1
    assert result["reason"] == "cards"
    assert result["cards_in_won_factions"] == [1, 2]


def test_without_the_pit_nothing_is_discarded() -> None:
    """§9 (control): the same game without the Pit keeps every card, uses no chance, and player
    0 wins Undead (3 cards against 2) and the game."""
    state = _game(
        [["goblins:9"], ["goblins:8"]],
        [["undead:1", "undead:2", "undead:3"], ["undead:4", "undead:5"]],
        building=None,
    )
    assert zone(state, "discard") == []
    assert state.chance == []
    assert zone(state, "score", 0) == ["undead:1", "undead:2", "undead:3", "goblins:9", "goblins:8"]
    assert state.result is not None
    assert state.result["winner"] == 0
    assert state.result["votes"]["undead"] == 0


def test_a_pile_of_one_card_loses_that_card() -> None:
    """L21 "fewer if the pile is smaller": player 0 wins the last trick with dwarves:9 over
    dwarves:2; both Dwarves go to the loser (§5.1), so player 0's pile holds only undead:4: the
    Pit discards it alone (one chance entry)."""
    state = _game(
        [["dwarves:9"], ["dwarves:2"]],
        [["undead:4"], ["undead:5"]],
        chance=["undead:4"],
    )
    assert zone(state, "score", 0) == []
    assert zone(state, "score", 1) == ["undead:5", "dwarves:9", "dwarves:2"]
    assert zone(state, "discard") == ["undead:4"]
    assert state.chance == ["undead:4"]


def test_an_empty_pile_loses_nothing() -> None:
    """L21: player 0 wins the last trick with Dwarves (both to player 1) and holds nothing: no
    card is discarded and no chance is drawn."""
    state = _game([["dwarves:9"], ["dwarves:2"]], [[], ["undead:5"]])
    assert zone(state, "score", 0) == []
    assert zone(state, "discard") == []
    assert state.chance == []
    assert _pit_moves(state) == []
    assert state.result is not None


def test_chance_must_name_a_card_of_the_winners_pile() -> None:
    """H11, L21: a chance entry naming a card that is not in the last winner's Score pile (here
    player 1's undead:4) is a malformed record naming ``chance[0]``."""
    record = _record(
        [["goblins:9"], ["goblins:8"]],
        [["undead:1"], ["undead:4"]],
        chance=["undead:4", "undead:1"],
    )
    with pytest.raises(RecordError, match=r"chance\[0\]"):
        replay(record)


def test_without_chance_the_seed_draws_and_the_record_keeps_the_draws() -> None:
    """H11, L21: with no ``chance`` the seed's generator draws two cards of the winner's pile;
    they are appended to ``chance``, and a record with that chance replays the same end."""
    record = _record(
        [["goblins:9"], ["goblins:8"]],
        [["undead:1", "undead:2", "dwarves:3"], ["undead:4"]],
    )
    state = replay(record)
    drawn = list(state.chance)
    assert len(drawn) == 2
    assert zone(state, "discard") == drawn
    before = ["undead:1", "undead:2", "dwarves:3", "goblins:9", "goblins:8"]
    assert all(code in before for code in drawn)
    assert sorted(zone(state, "score", 0) + drawn) == sorted(before)
    record["chance"] = drawn
    again = replay(record)
    assert zone(again, "score", 0) == zone(state, "score", 0)
    assert again.result == state.result


def test_heroes_can_fall_into_the_pit() -> None:
    """H13: the Pit takes any card of the Score pile, heroes included: chance names the Skeleton
    and undead:1."""
    state = _game(
        [["goblins:9"], ["goblins:8"]],
        [["hero:skeleton", "undead:1"], []],
        heroes=["skeleton"],
        chance=["hero:skeleton", "undead:1"],
    )
    assert zone(state, "score", 0) == ["goblins:9", "goblins:8"]
    assert zone(state, "discard") == ["hero:skeleton", "undead:1"]


def test_the_winner_not_the_next_leader_discards() -> None:
    """L21, §5.2 Dragons: player 0 leads dragons:8 in the last trick and player 1 loses with
    dragons:3, the last Dragon played, so player 1 is the next leader; but player 0 won the
    trick: player 0's pile loses the cards."""
    state = _game(
        [["dragons:8"], ["dragons:3"]],
        [["seers:1"], ["seers:2", "seers:3"]],
        factions=CLAIM2,
        chance=["dragons:3", "seers:1"],
    )
    assert state.history[-1][5] == 0
    assert state.leader == 1
    assert zone(state, "score", 0) == ["dragons:8"]
    assert zone(state, "score", 1) == ["seers:2", "seers:3"]
    assert zone(state, "discard") == ["dragons:3", "seers:1"]


def test_trolls_from_the_pool_join_before_the_pit() -> None:
    """R-90: step 1 (the Troll pool goes to the last trick's winner) comes before the Pit, so the
    pool's trolls:9 can be drawn."""
    state = _game(
        [["dragons:8"], ["dragons:2"]],
        [[], []],
        factions=CLAIM2,
        troll_pool=["trolls:9"],
        chance=["trolls:9", "dragons:2"],
    )
    assert zone(state, "score", 0) == ["dragons:8"]
    assert zone(state, "discard") == ["trolls:9", "dragons:2"]
    assert zone(state, "troll_pool") == []


def test_a_death_trick_winner_still_falls_into_the_pit() -> None:
    """H33: Death leaves the trick uncollected (both cards discarded) but its would-be winner is
    the trick's winner for the Pit: player 0's led Death (5) beats goblins:2 and player 0 then
    discards undead:3 and undead:1."""
    state = _game(
        [["hero:death"], ["goblins:2"]],
        [["undead:1", "undead:2", "undead:3"], ["knights:2"]],
        heroes=["death"],
        chance=["undead:3", "undead:1"],
    )
    assert state.history[-1][5] == 0
    assert zone(state, "score", 0) == ["undead:2"]
    assert zone(state, "discard") == ["hero:death", "goblins:2", "undead:3", "undead:1"]


def test_the_vampire_stack_is_out_of_reach() -> None:
    """§4.4, V10, L20: the Pit never takes stack cards: player 0 wins with Dwarves (both to the
    loser), holds undead:1 in the Score pile and a stack: only undead:1 goes; the face-up
    vampires:4 and the tucked knights:2 stay."""
    state = _game(
        [["dwarves:9"], ["dwarves:2"]],
        [["undead:1"], []],
        factions=VAMPIRE_DECK,
        stacks={0: ("vampires:4", ["knights:2"])},
        chance=["undead:1"],
    )
    report = view.report(state)
    assert report["players"][0]["vampire"] == "vampires:4"
    assert report["players"][0]["tucked"] == ["knights:2"]
    assert zone(state, "score", 0) == []
    assert zone(state, "discard") == ["undead:1"]
    bad = _record(
        [["dwarves:9"], ["dwarves:2"]],
        [["undead:1"], []],
        factions=VAMPIRE_DECK,
        stacks={0: ("vampires:4", ["knights:2"])},
        chance=["vampires:4"],
    )
    with pytest.raises(RecordError, match=r"chance\[0\]"):
        replay(bad)


def test_lava_fields_ending_the_game_leaves_the_pit_out() -> None:
    """L10: when Lava Fields ends the game (player 1 loses a fifth trick in a row, trick 12) no
    §9 step runs: the Pit discards nothing though player 0 won the last trick played."""
    record = _record(
        [["goblins:9", "goblins:7"], ["goblins:1", "goblins:2"]],
        [["undead:1", "undead:2"], []],
        setting="lava-fields",
        number=12,
        moves=["play goblins:9", "play goblins:1"],
    )
    record["position"]["counters"] = {"lava-player": 1, "lava-count": 4}
    state = replay(record)
    result = state.result
    assert result is not None
    assert result["reason"] == "lava-fields"
    assert result["winner"] == 1
    assert result["end_moves"] == []
    assert zone(state, "score", 0) == ["undead:1", "undead:2", "goblins:9", "goblins:1"]
    assert zone(state, "discard") == []
    assert state.chance == []
