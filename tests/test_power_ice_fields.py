"""Ice Fields (RULES.md §7, a Setting; §4.2; RULINGS L9, H1): the loser of a trick gets +1 on the
card they play in the next trick (not cumulative), in both phases and across the phase boundary,
heroes included (a hero's R-61 value is its printed value), stacking with Unicorns. A trick
without a winner (a Gelatinous Cube trick, H20) gives no bonus, but a pending bonus is used by
the card played in it. The pending bonus is the public counter ``counters["ice-fields"]`` (the
player, -1 for none).

Precedence (§4.2, §4.4): the +1 is the first change to the effective value (locations, then
factions such as Unicorns, then heroes); a hero power that decides the winner by its own test
(the Witch) overrides the higher value the location gave."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import engine, records
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, tricks

ICE = "ice-fields"


def _record(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    factions: Sequence[str] = CLAIM,
    phase: int = 2,
    **options: Any,
) -> dict[str, Any]:
    """An Ice Fields position at the start of a trick, player 0 leading."""
    record = position_record(factions, phase=phase, hands=hands, moves=moves, **options)
    record["position"]["setup"]["setting"] = ICE
    return record


def _play(hands: Sequence[Sequence[str]], moves: Sequence[str], **options: Any) -> State:
    state = replay(_record(hands, moves, **options))
    assert state.config.setting == ICE
    return state


def _values(state: State) -> list[list[int]]:
    """Each finished trick's effective values, in play order."""
    return [[play["value"] for play in t["plays"]] for t in tricks(state)]


def _replay(record: dict[str, Any]) -> State:
    state = replay(record)
    assert state.config.setting == ICE
    return state


def test_the_loser_s_next_card_gets_plus_one() -> None:
    """L9: player 1 loses the first trick (no bonus anywhere yet: 5 against 3); in the next
    trick their goblins:0 counts 1 and beats player 0's goblins:0; now player 0 lost, so their
    goblins:1 in the third trick counts 2 and ties player 1's goblins:2 (the leader keeps the
    tie). The winner's card never gets the bonus."""
    hands = [["goblins:5", "goblins:0", "goblins:1"], ["goblins:3", "goblins:0", "goblins:2"]]
    state = _play(hands, ["play goblins:5", "play goblins:3"])
    assert state.counters[ICE] == 1
    engine.apply(state, "play goblins:0")
    engine.apply(state, "play goblins:0")
    assert last_trick(state)["winner"] == 1
    assert last_trick(state)["reason"] == "higher value"
    assert state.counters[ICE] == 0
    engine.apply(state, "play goblins:2")
    engine.apply(state, "play goblins:1")
    assert _values(state) == [[5, 3], [0, 1], [2, 2]]
    assert last_trick(state)["winner"] == 1
    assert last_trick(state)["reason"] == "equal values go to the leader"


def test_the_bonus_is_not_cumulative() -> None:
    """L9 (not with itself): player 1 loses twice in a row; their third card gets +1, not +2:
    goblins:5 counts 6 and only ties player 0's goblins:6."""
    hands = [["goblins:9", "goblins:8", "goblins:6"], ["goblins:0", "goblins:1", "goblins:5"]]
    moves = ["play goblins:9", "play goblins:0", "play goblins:8", "play goblins:1"]
    moves += ["play goblins:6", "play goblins:5"]
    state = _play(hands, moves)
    assert _values(state) == [[9, 0], [8, 2], [6, 6]]
    assert [t["winner"] for t in tricks(state)] == [0, 0, 0]


def test_the_bonus_acts_in_phase_one_and_crosses_into_phase_two() -> None:
    """L9: Ice Fields acts in Phase One (player 1's goblins:5 counts 6 after a loss, ties and
    loses again); the bonus from the last Phase One trick is used by player 1's first Phase Two
    card: goblins:0 counts 1 and beats player 0's goblins:0."""
    record = _record(
        [["goblins:7", "goblins:6"], ["goblins:3", "goblins:5"]],
        ["play goblins:7", "play goblins:3", "play goblins:6", "play goblins:5"],
        phase=1,
        number=12,
        prize="dwarves:5",
        deck_top=["dwarves:6", "dwarves:7", "dwarves:8"],
        followers=[["goblins:0"], ["goblins:0"]],
    )
    state = _replay(record)
    assert state.phase == 2
    assert state.counters[ICE] == 1
    assert engine.current_player(state) == 0
    engine.apply(state, "play goblins:0")
    engine.apply(state, "play goblins:0")
    assert _values(state) == [[7, 3], [6, 6], [0, 1]]
    assert [t["winner"] for t in tricks(state)] == [0, 0, 1]


def test_heroes_get_the_bonus_too() -> None:
    """L9, H1: after losing, player 1 follows a led Necromancer (3, no power in Phase Two, H4)
    with the Centaur Archer (R-61 value 3): +1 makes it 4 and it wins (without the bonus the tie
    would go to the leader)."""
    hands = [["goblins:5", "hero:necromancer"], ["goblins:3", "hero:centaur-archer"]]
    moves = ["play goblins:5", "play goblins:3", "play hero:necromancer"]
    moves += ["play hero:centaur-archer"]
    state = _play(hands, moves, heroes=["necromancer", "centaur-archer"])
    assert _values(state) == [[5, 3], [3, 4]]
    assert last_trick(state)["winner"] == 1
    assert last_trick(state)["reason"] == "higher value"


def test_the_bonus_stacks_with_unicorns() -> None:
    """L9, §4.2 (locations, then factions): player 1 has a Unicorn in their Score pile (+1 on
    each non-Unicorn card in Phase Two): their goblins:4 counts 5 and loses the tie to
    goblins:5; after that loss their goblins:2 counts 2 + 1 + 1 = 4 and beats goblins:3."""
    hands = [["goblins:5", "goblins:3"], ["goblins:4", "goblins:2"]]
    moves = ["play goblins:5", "play goblins:4", "play goblins:3", "play goblins:2"]
    state = _play(
        hands,
        moves,
        factions=["goblins", "knights", "unicorns", "undead", "dwarves"],
        scores=[[], ["unicorns:7"]],
    )
    assert _values(state) == [[5, 5], [3, 4]]
    assert [t["winner"] for t in tricks(state)] == [0, 1]


def test_a_cube_trick_gives_no_bonus_but_uses_a_pending_one() -> None:
    """L9, H20: player 1 lost the first trick; the Cube they play next counts 1 + 1 = 2 (the
    pending bonus is used) and the trick has no winner, so nobody gets a bonus: in the trick
    after it both cards count their printed values."""
    hands = [
        ["goblins:5", "goblins:7", "goblins:1"],
        ["goblins:3", "hero:gelatinous-cube", "undead:1"],
    ]
    moves = ["play goblins:5", "play goblins:3", "play goblins:7", "play hero:gelatinous-cube"]
    state = _play(hands, moves, heroes=["gelatinous-cube"])
    assert last_trick(state)["winner"] is None
    assert state.counters[ICE] == -1
    engine.apply(state, "play goblins:1")
    engine.apply(state, "play undead:1")
    assert _values(state) == [[5, 3], [7, 2], [1, 1]]
    assert [t["winner"] for t in tricks(state)] == [0, None, 0]


def test_the_witch_overrides_the_higher_value_the_bonus_gave() -> None:
    """§4.4 (heroes > locations), H28: after a loss player 1 follows a led Witch (5) with
    goblins:6, which counts 7 — higher than 5, but odd, so the Witch wins. The Witch reads the
    effective value with the bonus: goblins:5 counts 6 and beats her."""
    hands = [["goblins:9", "hero:witch"], ["goblins:3", "goblins:6", "goblins:5"]]
    base = ["play goblins:9", "play goblins:3", "play hero:witch"]
    state = _play(hands, [*base, "play goblins:6"], heroes=["witch"])
    assert _values(state)[-1] == [5, 7]
    assert last_trick(state)["winner"] == 0
    assert last_trick(state)["reason"] == "the Witch beats anything but an even value above 5"
    state = _play(hands, [*base, "play goblins:5"], heroes=["witch"])
    assert _values(state)[-1] == [5, 6]
    assert last_trick(state)["winner"] == 1
    assert last_trick(state)["reason"] == "only an even value above 5 beats the Witch"


def test_without_ice_fields_no_bonus() -> None:
    """§4.2 (the location is what adds the +1): the first test's tricks without Ice Fields
    keep printed values; the goblins:0 tie goes to the leader."""
    hands = [["goblins:5", "goblins:0"], ["goblins:3", "goblins:0"]]
    moves = ["play goblins:5", "play goblins:3", "play goblins:0", "play goblins:0"]
    state = records.replay(position_record(CLAIM, phase=2, hands=hands, moves=moves))
    assert _values(state) == [[5, 3], [0, 0]]
    assert [t["winner"] for t in tricks(state)] == [0, 0]
    assert ICE not in state.counters
