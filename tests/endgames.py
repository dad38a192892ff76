"""Perfect-information end games with every move's exact value, for the tests of the search and
of the analysis: base-game Phase Two, where every unseen card is in the other hand, so a full
game-tree search gives the exact result of each move with best play on both sides."""

from __future__ import annotations

import random

from claim import GameConfig, legal_actions, new_game
from claim.core.engine import apply, current_player
from claim.core.state import State


def value(state: State, player: int) -> float:
    """The exact result for ``player`` with best play on both sides (the game must be of
    perfect information from here: base-game Phase Two)."""
    if state.result is not None:
        winner = state.result["winner"]
        return 0.5 if winner is None else float(winner == player)
    values = []
    for move in legal_actions(state):
        child = state.clone(history=False)
        apply(child, move)
        values.append(value(child, player))
    return max(values) if current_player(state) == player else min(values)


def exact_values(state: State) -> dict[str, float]:
    """Each legal move's exact value for the player to move (:func:`value`)."""
    player = current_player(state)
    assert player is not None
    exact = {}
    for move in legal_actions(state):
        child = state.clone(history=False)
        apply(child, move)
        exact[move] = value(child, player)
    return exact


def endgames(cards_left: int, count: int) -> list[tuple[State, dict[str, float]]]:
    """Base-game Phase Two positions with ``cards_left`` cards in the hand to move, from
    seeded random games, where the moves do not all have the same exact value; with each
    move's exact value."""
    found: list[tuple[State, dict[str, float]]] = []
    for seed in range(200):
        state = new_game(GameConfig(), seed)
        rng = random.Random(seed)
        while state.result is None:
            player = current_player(state)
            assert player is not None
            if state.phase == 2 and len(state.hands[player]) == cards_left:
                exact = exact_values(state)
                if len(set(exact.values())) > 1:
                    found.append((state, exact))
                break
            legal = legal_actions(state)
            apply(state, legal[rng.randrange(len(legal))])
        if len(found) == count:
            return found
    raise AssertionError("too few end games found")  # pragma: no cover
