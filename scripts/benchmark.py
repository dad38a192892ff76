"""Measure the engine's speed on one core and print the figures.

Usage: ``python scripts/benchmark.py [--games N] [--json]`` (``make bench``).

Prints, for presets ``claim`` and ``claim2`` and for ``claim`` with five heroes drawn from all 24
(``claim+heroes``, each game its own five): random full games per second (deal, then uniformly
random legal moves until the end, the engine's own generator for the deal and a seeded
``random.Random`` for the moves), and the mean cost of ``clone``, ``clone(history=False)``,
``observe`` and ``legal_actions`` measured on positions sampled from those games. Speed is
reported, never asserted: timings belong in a benchmark, not in a test.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable

from claim import apply, is_over, legal_actions, new_game, observe
from claim.core.cards import HEROES, PRESETS
from claim.core.setup import GameConfig
from claim.core.state import State


def with_heroes(config: GameConfig, seed: int) -> GameConfig:
    """``config`` with five heroes drawn from all 24 for game ``seed`` (``claim+heroes``)."""
    if not config.heroes:
        return config
    heroes = tuple(random.Random(seed).sample(HEROES, len(config.heroes)))
    return GameConfig(config.factions, config.first_leader, heroes)


def random_games(config: GameConfig, games: int) -> float:
    """Random full games per second."""
    rng = random.Random(12345)
    start = time.perf_counter()
    for seed in range(games):
        state = new_game(with_heroes(config, seed), seed)
        while not is_over(state):
            legal = legal_actions(state)
            apply(state, legal[rng.randrange(len(legal))])
    return games / (time.perf_counter() - start)


def sample_positions(config: GameConfig, count: int) -> list[State]:
    """Positions from random games, at every move of each game, until ``count`` are gathered."""
    rng = random.Random(7)
    positions: list[State] = []
    seed = 0
    while len(positions) < count:
        state = new_game(with_heroes(config, 10_000 + seed), 10_000 + seed)
        seed += 1
        while not is_over(state) and len(positions) < count:
            positions.append(state.clone())
            legal = legal_actions(state)
            apply(state, legal[rng.randrange(len(legal))])
    return positions


def per_call(positions: list[State], fn: Callable[[State], object], repeat: int = 3) -> float:
    """Best-of-``repeat`` mean cost of ``fn`` over the positions, in microseconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for state in positions:
            fn(state)
        best = min(best, (time.perf_counter() - start) / len(positions))
    return best * 1e6


def fresh_legal(state: State) -> list[str]:
    state.legal_cache = None  # measure the computation, not the cache
    return legal_actions(state)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=2000, help="games per run, best of 3 runs (default 2000)"
    )
    parser.add_argument("--positions", type=int, default=2000, help="positions for per-call costs")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    results: dict[str, dict[str, float]] = {}
    configs = {
        "claim": GameConfig(PRESETS["claim"]),
        "claim2": GameConfig(PRESETS["claim2"]),
        "claim+heroes": GameConfig(PRESETS["claim"], heroes=HEROES[:5]),
    }
    for preset, config in configs.items():
        random_games(config, min(200, args.games))  # warm up
        # best of three runs: the machine's noise only ever slows a run down
        best = max(random_games(config, args.games) for _ in range(3))
        figures = {"games_per_second": best}
        positions = sample_positions(config, args.positions)
        figures["clone_us"] = per_call(positions, lambda s: s.clone())
        figures["clone_no_history_us"] = per_call(positions, lambda s: s.clone(history=False))
        figures["observe_us"] = per_call(positions, lambda s: observe(s, 0))
        figures["legal_actions_us"] = per_call(positions, fresh_legal)
        results[preset] = figures

    if args.json:
        print(json.dumps({"python": platform.python_version(), "results": results}, indent=1))
        return 0
    print(f"claim engine benchmark — Python {platform.python_version()}, one core")
    print(f"{'preset':<13} {'games/s':>9} {'clone':>9} {'clone-h':>9} {'observe':>9} {'legal':>9}")
    for preset, f in results.items():
        print(
            f"{preset:<13} {f['games_per_second']:>9.0f} {f['clone_us']:>7.2f}µs "
            f"{f['clone_no_history_us']:>7.2f}µs {f['observe_us']:>7.2f}µs "
            f"{f['legal_actions_us']:>7.2f}µs"
        )
    print("(clone-h: clone without history; legal: legal_actions computed afresh)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
