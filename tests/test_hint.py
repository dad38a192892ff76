"""The coach's hint (issue 39): the move the search prefers, from the player's own knowledge only.

The fairness pairs are built as tests/test_determinize_exact.py builds them: two worlds drawn for
the player from one position look the same to them (the same view, the same legal moves) and
differ in what they cannot see (the other hand, the deck); the hint must be the same in both.
"""

from __future__ import annotations

import random

import pytest
from tests.test_side_channel import dagger_game, holder

from claim.analysis import analyse, assemble, decision_plies, report_lines
from claim.analysis.hint import hint
from claim.core import records, worlds
from claim.core.engine import apply, current_player, legal_actions
from claim.core.errors import ClaimError, RecordError
from claim.core.game import new_game
from claim.core.options import EVERY_EXPANSION, SetupOptions
from claim.core.state import State
from claim.core.view import observe
from claim.text.hints import hint_text

BUDGET = 40


def _position(seed: int, steps: int, options: SetupOptions = EVERY_EXPANSION) -> State:
    """Game ``seed`` after ``steps`` random legal moves, at a decision with a choice."""
    setup = options.resolve(seed)
    state = new_game(setup.config, setup.seed)
    rng = random.Random(seed)
    for _ in range(steps):
        apply(state, rng.choice(legal_actions(state)))
    while len(legal_actions(state)) < 2:
        apply(state, legal_actions(state)[0])
    return state


@pytest.mark.parametrize(("seed", "steps"), [(11, 0), (12, 9), (13, 20), (14, 33), (15, 50)])
def test_positions_that_look_the_same_to_the_seat_get_the_same_hint(seed: int, steps: int) -> None:
    state = _position(seed, steps)
    seat = current_player(state)
    assert seat is not None
    first = worlds.determinize(state, seat, random.Random(1))
    second = worlds.determinize(state, seat, random.Random(2))
    # the pair: the same to the seat, different where the seat cannot see
    assert observe(first, seat) == observe(second, seat)
    assert legal_actions(first) == legal_actions(second) == legal_actions(state)
    assert first.to_dict() != second.to_dict()
    hints = [hint(s, seat, BUDGET, seed=7) for s in (state, first, second)]
    assert hints[0] == hints[1] == hints[2]


def test_the_other_hand_differs_in_a_pair() -> None:
    """The pairs above do differ in the other player's hand (the point of the test)."""
    state = _position(12, 9)
    seat = current_player(state)
    assert seat is not None
    hands = {
        str(worlds.determinize(state, seat, random.Random(k)).hands[1 - seat]) for k in range(4)
    }
    assert len(hands) > 1


def test_a_hint_names_a_legal_move_and_the_runner_up() -> None:
    state = _position(21, 12)
    seat = current_player(state)
    assert seat is not None
    h = hint(state, seat, BUDGET, seed=3)
    legal = legal_actions(state)
    assert h.best in legal and h.runner_up in legal and h.best != h.runner_up
    assert h.ply == len(state.moves)
    assert h.simulations >= BUDGET
    assert 0.0 <= h.best_chance <= 1.0
    assert h == hint(state, seat, BUDGET, seed=3)  # seeded


def test_a_hint_is_only_for_the_seat_to_move() -> None:
    state = _position(22, 5)
    seat = current_player(state)
    assert seat is not None
    with pytest.raises(ClaimError, match="not your turn"):
        hint(state, 1 - seat, BUDGET)


def test_the_hint_in_words_names_the_moves() -> None:
    text = hint_text("play goblins:7", 0.623, "pass", 0.48)
    assert text == (
        "The search prefers Play Goblin 7 (wins 62% of its simulations); next best: Pass (48%)."
    )
    assert "only move" in hint_text("pass", 0.5, None, None)


# -- the record's optional field --------------------------------------------------------------


def _record() -> dict[str, object]:
    state = _position(31, 6, SetupOptions())
    return dict(records.to_record(state))


def test_a_record_with_hinted_replays_and_one_without_it_too() -> None:
    record = _record()
    moves = len(record["moves"])  # type: ignore[arg-type]
    plain = records.replay(record)
    assert records.hinted(record) == []
    marked = {**record, "hinted": [0, moves - 1]}
    assert records.replay(marked).to_dict() == plain.to_dict()
    assert records.hinted(marked) == [0, moves - 1]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ({"a": 1}, "hinted must be a list of move indices"),
        ([True], r"hinted\[0\] must be the index"),
        ([99], r"hinted\[0\] must be the index of one of the"),
        ([-1], r"hinted\[0\] must be the index"),
        ([2, 1], r"hinted\[1\]: the indices must increase"),
        ([1, 1], r"hinted\[1\]: the indices must increase"),
    ],
)
def test_a_bad_hinted_field_is_refused_in_one_line(value: object, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        records.replay({**_record(), "hinted": value})


# -- the analysis marks the moves made after a hint ----------------------------------------------


def test_the_analysis_marks_the_moves_made_after_a_hint() -> None:
    record = _record()
    plies = decision_plies(record)[:2]
    marked = {**record, "hinted": [plies[1]]}
    analysis = analyse(marked, budget=20, plies=set(plies))
    flags = {d.ply: d.hinted for d in analysis.decisions}
    assert flags == {plies[0]: False, plies[1]: True}
    data = analysis.to_json()["decisions"]
    assert [d["hinted_text"] for d in data] == [None, "after a hint"]
    lines = report_lines(analysis, "g.json")
    at = lines.index("Moves made after a hint:")
    assert lines[at + 1].startswith(f"  move {plies[1] + 1}, player ")
    # the same record without the field: nothing marked, no such section
    plain = analyse(record, budget=20, plies=set(plies))
    assert not any(d.hinted for d in plain.decisions)
    assert "Moves made after a hint:" not in report_lines(plain, "g.json")
    # the web server's path (its own workers weigh, then assemble) marks them too
    again = assemble(marked, plain.decisions, 20, 1)
    assert [d.hinted for d in again.decisions] == [False, True]


def _after_a_secret(secret: bool) -> State:
    """Player 0 leads goblins:5, player 1 declines their King's Dagger (asked only when they
    hold it: a decision hidden from player 0, claim.core.unseen) and follows: player 0's next
    decision, one move later in the record when the Dagger was asked."""
    state = dagger_game(secret)
    apply(state, "play goblins:5")
    while current_player(state) == 1:
        apply(state, holder(legal_actions(state)))
    return state


def test_a_pass_hidden_from_the_seat_changes_nothing_in_the_hint() -> None:
    """The record counts the other's hidden pass, the seat cannot: the hint must not depend on
    the move count (its seed is not mixed with it)."""
    pair = [_after_a_secret(secret) for secret in (True, False)]
    assert len(pair[0].moves) == len(pair[1].moves) + 1
    assert observe(pair[0], 0) == observe(pair[1], 0)
    assert legal_actions(pair[0]) == legal_actions(pair[1])
    first, second = (hint(s, 0, BUDGET, seed=5) for s in pair)
    assert (first.best, first.best_chance, first.runner_up, first.runner_up_chance) == (
        second.best,
        second.best_chance,
        second.runner_up,
        second.runner_up_chance,
    )
    assert first.text() == second.text()
