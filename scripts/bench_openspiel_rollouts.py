"""OpenSpiel's ISMCTS bot with our rollouts (``EngineRollouts``) against the same bot with
OpenSpiel's own ``RandomRolloutEvaluator``: CPU seconds per searched move side by side, and
whether both chose the same moves (they must: the rollouts draw the same numbers).

    python scripts/bench_openspiel_rollouts.py [--moves 12] [--simulations 1000] [--seed 1900]

Plays the first ``--moves`` searched moves of the base-game deal ``--seed`` with each evaluator
(a move with one legal choice is played without a search and not counted); CPU time of this
process (``time.process_time``), so other work on the machine does not inflate it.
"""

from __future__ import annotations

import argparse
import time

from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped]

import claim.openspiel.bot as bot_module
from claim.bots import decide
from claim.core.engine import apply, is_over, legal_actions
from claim.core.game import new_game
from claim.core.options import SetupOptions


def searched_moves(
    evaluator: type, moves: int, simulations: int, seed: int
) -> tuple[float, list[str]]:
    """CPU seconds per searched move with ``evaluator``, and every move played."""
    kept = bot_module.EngineRollouts
    bot_module.EngineRollouts = evaluator  # the bot builds this class
    try:
        setup = SetupOptions().resolve(seed)
        state = new_game(setup.config, setup.seed)
        bot = bot_module.make_openspiel_bot(f"openspiel-ismcts:{simulations}", seed=1)
        spent, searched, played = 0.0, 0, []
        while searched < moves and not is_over(state):
            legal = legal_actions(state)
            if len(legal) > 1:
                start = time.process_time()
                move = decide(state, bot)
                spent += time.process_time() - start
                searched += 1
            else:
                move = legal[0]
            apply(state, move)
            played.append(move)
        return spent / max(1, searched), played
    finally:
        bot_module.EngineRollouts = kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1900)
    args = parser.parse_args()
    ours, our_moves = searched_moves(
        bot_module.EngineRollouts, args.moves, args.simulations, args.seed
    )
    theirs, their_moves = searched_moves(
        mcts.RandomRolloutEvaluator, args.moves, args.simulations, args.seed
    )
    print(f"openspiel-ismcts:{args.simulations}, {args.moves} searched moves of deal {args.seed}")
    print(f"  EngineRollouts (ours)            {ours:.3f} s CPU a move")
    print(f"  RandomRolloutEvaluator (anchor)  {theirs:.3f} s CPU a move")
    print(f"  {theirs / ours:.2f} times faster; the same moves: {our_moves == their_moves}")


if __name__ == "__main__":
    main()
