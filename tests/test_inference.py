"""Inference (issue 39's first lever, :mod:`claim.bots.inference`): the drawn worlds weighted by
how likely the other player's past follows were in each."""

from __future__ import annotations

import random

from claim.bots.inference import CANDIDATES, inferred_worlds, log_likelihood
from claim.core import cards, engine
from claim.core.state import State
from claim.core.worlds import determinize
from scenario import CLAIM, replay, stacked_record

NINE = cards.CODE.index("goblins:9")

# Player 0 holds every Goblin but the 3 and the 9 and leads the 8; player 1 ducks with the 3.
# The 9 is now in player 1's hand or in the deck: player 0 cannot tell which, and a world where
# player 1 held the 9 (and so chose to lose the trick) explains the duck worse than one where the
# 3 was their only Goblin.
LEADER = ["goblins:8", *["goblins:0"] * 5, *[f"goblins:{v}" for v in (1, 2, 4, 5, 6, 7)]]
LEADER.append("knights:2")
FOLLOWER = ["goblins:3", "goblins:9", *[f"dwarves:{v}" for v in range(10)], "undead:0"]


def _ducked() -> State:
    record = stacked_record(CLAIM, LEADER, FOLLOWER, moves=["play goblins:8", "play goblins:3"])
    state = replay(record)
    assert engine.current_player(state) == 0  # the 8 won: player 0 leads again
    return state


def test_a_world_with_the_higher_goblin_explains_the_duck_worse() -> None:
    state = _ducked()
    with_nine, without = [], []
    rng = random.Random(1)
    for _ in range(60):
        world = determinize(state, 0, rng)
        (with_nine if NINE in world.hands[1] else without).append(log_likelihood(world, 0))
    assert with_nine and without
    assert max(with_nine) < min(without) == 0.0  # the duck is forced without the 9


def test_the_kept_worlds_hold_the_nine_less_often_than_the_drawn_ones() -> None:
    state = _ducked()
    drawn: list[State] = []

    def sample(rng: random.Random) -> State:
        drawn.append(determinize(state, 0, rng))
        return drawn[-1]

    kept = inferred_worlds(sample, random.Random(3), 40)
    assert len(kept) == 40 and len(drawn) == CANDIDATES * 40
    assert all(any(world is d for d in drawn) for world in kept)  # a resample of those drawn
    share_drawn = sum(NINE in w.hands[1] for w in drawn) / len(drawn)
    share_kept = sum(NINE in w.hands[1] for w in kept) / len(kept)
    assert share_drawn > 0.2
    # weights 0.375 against 1 (the model's chance of the duck with and without the 9)
    assert share_kept < share_drawn * 0.7


def test_the_true_state_scores_like_a_world() -> None:
    """The likelihood reads only the history and the other hand: the true state is a world."""
    state = _ducked()
    assert log_likelihood(state, 0) < 0.0  # player 1 did hold the 9
