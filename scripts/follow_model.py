"""How well the playout's follower and the inference model read real play (issue 39's levers,
docs/bots.md "The levers, one by one").

    .venv/bin/python scripts/follow_model.py [--every] [--games 30]

1. Follows: over heuristic-against-heuristic games, at each follow of two or more legal cards,
   how often the heuristic played the greedy card by printed values
   (:func:`claim.core.rollout.greedy_follow`), the greedy card by the engine (``aware``), and
   what a uniformly random card would match (the mean of 1 / legal cards).
2. Worlds: at every third decision of player 0 (from the second trick on, the other hand holding
   three cards or more), the share of the other hand's cards (by faction and value) that a world
   shares with the true hand, over 40 uniform worlds and over 40 inferred ones
   (:func:`claim.bots.inference.inferred_worlds`), for the model's greedy share as shipped and
   two sharper ones.
"""

from __future__ import annotations

import argparse
import random

from claim.bots import decide, make_bot
from claim.bots import inference as model
from claim.core import cards
from claim.core.engine import apply, current_player, legal
from claim.core.game import new_game
from claim.core.options import SetupOptions
from claim.core.rollout import greedy_follow
from claim.core.state import State
from claim.core.worlds import determinize
from claim.lab.design import SETUPS

EVERY = SETUPS["every-expansion"]


Game = list[tuple[State, str]]


def games(options: SetupOptions, count: int, first_seed: int) -> list[Game]:
    """Heuristic-against-heuristic games: each as the state before each move (a copy) and the
    move made."""
    played = []
    for g in range(count):
        setup = options.resolve(first_seed + g)
        state = new_game(setup.config, setup.seed)
        bots = (make_bot("heuristic", g), make_bot("heuristic", g + 100))
        game = []
        while state.result is None:
            player = current_player(state)
            assert player is not None
            move = decide(state, bots[player])
            game.append((state.clone(), move))
            apply(state, move)
        played.append(game)
    return played


def follows(played: list[Game]) -> str:
    n = printed = aware = 0
    chance = 0.0
    for game in played:
        for before, made in game:
            moves = legal(before)
            trick = before.trick
            if len(moves) < 2 or before.tasks or trick is None or len(trick.plays) != 1:
                continue
            n += 1
            chance += 1 / len(moves)
            printed += greedy_follow(before, moves[0], False) == made
            aware += greedy_follow(before, moves[0], True) == made
    return (
        f"follows {n}: the heuristic played the printed-value greedy card {printed / n:.1%}, "
        f"the engine's greedy card {aware / n:.1%}, a random card would match {chance / n:.1%}"
    )


def _shared(world: State, true: list[tuple[str, int]]) -> float:
    left = list(true)
    same = 0
    for card in world.hands[1]:
        key = (cards.FACTION[card], cards.VALUE[card])
        if key in left:
            left.remove(key)
            same += 1
    return same / len(true)


def worlds(played: list[Game], share: float) -> str:
    model.GREEDY_SHARE = share
    uniform = inferred = 0.0
    n = 0
    for game in played:
        for k, (state, _) in enumerate(game):
            if current_player(state) != 0 or k % 3 or not state.history or len(state.hands[1]) < 3:
                continue
            true = [(cards.FACTION[c], cards.VALUE[c]) for c in state.hands[1]]
            rng = random.Random(k)

            def sample(r: random.Random, s: State = state) -> State:
                return determinize(s, 0, r)

            uniform += sum(_shared(sample(rng), true) for _ in range(40)) / 40
            inferred += sum(_shared(w, true) for w in model.inferred_worlds(sample, rng, 40)) / 40
            n += 1
    return (
        f"greedy share {share:.2f}: {n} decisions, a world shares {uniform / n:.1%} of the other "
        f"hand uniform, {inferred / n:.1%} inferred"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", action="store_true", help="every expansion (default: base)")
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    options = EVERY if args.every else SetupOptions()
    played = games(options, args.games, 7000)
    print(follows(played))
    for share in (model.GREEDY_SHARE, 0.5, 0.8):
        print(worlds(played, share))


if __name__ == "__main__":
    main()
