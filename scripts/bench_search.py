"""Benchmark the search bot: simulations per second on one core, and seconds per move.

    .venv/bin/python scripts/bench_search.py [--quick]
    .venv/bin/python scripts/bench_search.py --specs search:200,search:200+aware [--games 3]

A *simulation* is one iteration of the search: clone a determinization, apply a root move, play
out to the end (the determinizations themselves, reused round-robin, are included in the time).
Simulations per second are measured for preset ``claim`` from three positions — the start of
Phase One, the middle of Phase One and the start of Phase Two — and seconds per move, for each
strength, as the mean over the search bot's decisions in a game against the random bot (moves with
a single legal option, answered without searching, are left out).

With ``--specs`` it measures instead the CPU time (``time.process_time`` around
``claim.bots.decide``) of each named bot's searched moves, in player 0's seat against the
heuristic with every expansion (games set up from seeds 4040, 4041, ...: games of their own, not
the arena's deals), with the simulations a searched move spent: docs/bots.md's CPU column for
the search's variants (issue 39).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from claim import GameConfig, current_player, legal_actions, new_game
from claim.bots import RandomBot, decide, make_bot
from claim.bots.search import ITERATIONS, SearchBot
from claim.core.engine import apply
from claim.core.state import State
from claim.lab.design import SETUPS


def position(seed: int, moves: int, phase: int = 1) -> State:
    """Preset claim dealt from ``seed``, ``moves`` random moves in (and in ``phase``), at a
    choice of moves."""
    state = new_game(GameConfig(), seed)
    rng = random.Random(seed)
    played = 0
    while played < moves or state.phase < phase or len(legal_actions(state)) < 2:
        legal = legal_actions(state)
        apply(state, legal[rng.randrange(len(legal))])
        played += 1
    return state


def simulations_per_second(state: State, iterations: int, repeats: int) -> float:
    best = 0.0
    for r in range(repeats):
        bot = SearchBot(r, iterations=iterations)
        start = time.perf_counter()
        decide(state, bot)
        elapsed = time.perf_counter() - start
        best = max(best, bot.last_simulations / elapsed)
    return best


def seconds_per_move(strength: str, games: int) -> tuple[float, float, int]:
    """Mean and max seconds of the search bot's searched moves over ``games`` games."""
    times: list[float] = []
    for g in range(games):
        state = new_game(GameConfig(), 500 + g)
        search = SearchBot(g, strength)
        bots = (search, RandomBot(g))
        while state.result is None:
            player = current_player(state)
            assert player is not None
            bot = bots[player]
            start = time.perf_counter()
            move = decide(state, bot)
            if bot is search and search.last_simulations:
                times.append(time.perf_counter() - start)
            apply(state, move)
    return statistics.mean(times), max(times), len(times)


EVERY = SETUPS["every-expansion"]


def cpu_per_move(spec: str, games: int) -> tuple[float, float, int]:
    """Mean CPU seconds and simulations of ``spec``'s searched moves over ``games`` games with
    every expansion against the heuristic, and how many moves."""
    cpu = 0.0
    simulations = 0
    moves = 0
    for g in range(games):
        setup = EVERY.resolve(4040 + g)
        state = new_game(setup.config, setup.seed)
        bot = make_bot(spec, g)
        bots = (bot, make_bot("heuristic", g))
        while state.result is None:
            player = current_player(state)
            assert player is not None
            start = time.process_time()
            move = decide(state, bots[player])
            spent = time.process_time() - start
            searched = getattr(bot, "last_simulations", 0)
            if player == 0 and searched:
                cpu += spent
                simulations += searched
                moves += 1
            apply(state, move)
    return cpu / moves, simulations / moves, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats and games")
    parser.add_argument("--specs", help="bots to time with every expansion (comma-separated)")
    parser.add_argument("--games", type=int, default=3, help="games per bot with --specs")
    args = parser.parse_args()
    if args.specs:
        print("CPU a searched move, every expansion, against the heuristic:")
        for spec in args.specs.split(","):
            cpu, simulations, n = cpu_per_move(spec, args.games)
            print(f"  {spec:24} {1000 * cpu:6.1f} ms  {simulations:6.0f} simulations  ({n} moves)")
        return
    repeats, games = (1, 1) if args.quick else (3, 2)

    print("simulations per second (one core, preset claim):")
    for label, moves, phase in (
        ("Phase One start", 0, 1),
        ("mid Phase One", 14, 1),
        ("Phase Two start", 0, 2),
    ):
        state = position(7, moves, phase)
        rate = simulations_per_second(state, 800, repeats)
        print(f"  {label:16} {rate:8.0f} sims/s  ({len(legal_actions(state))} legal moves)")

    print("seconds per move (mean / max over searched moves, vs the random bot):")
    for strength in ("easy", "medium", "hard"):
        mean, worst, n = seconds_per_move(strength, games)
        print(
            f"  {strength:7} {ITERATIONS[strength]:5} iterations  "
            f"{mean:6.3f} s / move  (max {worst:.3f} s, {n} moves)"
        )


if __name__ == "__main__":
    main()
