"""Unicorns (§5.6, Phase Two): each Unicorn in your Score pile (however it got there) gives +1 to
every non-Unicorn card you play, a Doppelganger following a Unicorn lead included. Unicorns
themselves get nothing; the bonus is an effective value (§4.2), not a printed one, so it does not
change values at final scoring."""

from __future__ import annotations

from collections.abc import Sequence

from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

MAPS = ["goblins", "knights", "doppelgangers", "unicorns", "basilisks"]


def _phase_two(
    hands: Sequence[Sequence[str]],
    scores: Sequence[Sequence[str]],
    moves: Sequence[str],
    number: int = 1,
) -> State:
    """Play ``moves`` from Phase Two trick ``number``, player 0 leading."""
    record = position_record(MAPS, phase=2, number=number, hands=hands, scores=scores, moves=moves)
    return replay(record)


def _values(state: State) -> list[int]:
    return [play["value"] for play in last_trick(state)["plays"]]


def test_each_unicorn_in_your_pile_gives_plus_one() -> None:
    """§5.6: two Unicorns in player 0's pile make goblins:4 a 6, which beats goblins:5."""
    state = _phase_two(
        [["goblins:4", "goblins:1"], ["goblins:5", "goblins:2"]],
        [["unicorns:1", "unicorns:2"], []],
        ["play goblins:4", "play goblins:5"],
    )
    assert _values(state) == [6, 5]
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["unicorns:1", "unicorns:2", "goblins:4", "goblins:5"]


def test_only_your_own_pile_counts() -> None:
    """§5.6: each player's bonus comes from their own Score pile: 1 Unicorn for player 0
    (goblins:6 → 7), 3 for player 1 (goblins:5 → 8)."""
    state = _phase_two(
        [["goblins:6", "goblins:1"], ["goblins:5", "goblins:2"]],
        [["unicorns:9"], ["unicorns:0", "unicorns:3", "unicorns:4"]],
        ["play goblins:6", "play goblins:5"],
    )
    assert _values(state) == [7, 8]
    assert last_trick(state)["winner"] == 1


def test_unicorns_get_no_bonus() -> None:
    """§5.6: a Unicorn played is not raised: unicorns:4 stays 4 despite two Unicorns in its
    player's pile and loses to unicorns:5."""
    state = _phase_two(
        [["unicorns:4", "goblins:1"], ["unicorns:5", "goblins:2"]],
        [["unicorns:1", "unicorns:2"], []],
        ["play unicorns:4", "play unicorns:5"],
    )
    assert _values(state) == [4, 5]
    assert last_trick(state)["winner"] == 1


def test_a_doppelganger_following_a_unicorn_lead_gets_the_bonus() -> None:
    """§5.6: doppelgangers:5 follows unicorns:6 as a Unicorn, yet it is not a Unicorn card: two
    Unicorns in its player's pile make it a 7 and it wins."""
    state = _phase_two(
        [["unicorns:6", "goblins:1"], ["unicorns:0", "doppelgangers:5"]],
        [[], ["unicorns:7", "unicorns:8"]],
        ["play unicorns:6", "play doppelgangers:5"],
    )
    assert _values(state) == [6, 7]
    assert last_trick(state)["winner"] == 1
    assert last_trick(state)["reason"] == "higher value"


def test_no_bonus_in_phase_one() -> None:
    """§5.6 Unicorns act in Phase Two only: with two Unicorns in player 0's pile (captured in
    Phase One, R-10), goblins:4 stays 4 and loses to goblins:5."""
    record = position_record(
        MAPS,
        phase=1,
        prize="goblins:9",
        deck_top=["goblins:8", "goblins:7"],
        hands=[["goblins:4", "goblins:1"], ["goblins:5", "goblins:2"]],
        scores=[["unicorns:1", "unicorns:2"], []],
        moves=["play goblins:4", "play goblins:5"],
    )
    state = replay(record)
    assert _values(state) == [4, 5]
    assert last_trick(state)["winner"] == 1
    assert zone(state, "followers", 1) == ["goblins:9"]


def test_the_bonus_does_not_count_at_final_scoring() -> None:
    """§5.6, §9 step 5: the Goblin vote is tied at two cards each and goes to the higher printed
    card, player 1's goblins:7; player 0's three Unicorns do not raise their Goblins at the end."""
    state = _phase_two(
        [["unicorns:0"], ["unicorns:5"]],
        [
            ["unicorns:1", "unicorns:2", "unicorns:3", "goblins:6", "goblins:5"],
            ["goblins:7", "goblins:1", "knights:2"],
        ],
        ["play unicorns:0", "play unicorns:5"],
        number=13,
    )
    assert state.result is not None
    votes = state.result["votes"]
    assert votes["goblins"] == 1
    assert votes["unicorns"] == 0
    assert votes["knights"] == 1
