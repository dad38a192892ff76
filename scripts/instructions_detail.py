"""Instructions per unit of work, counted by callgrind: stable where wall-clock time is not.

On a shared machine a timing of a game moves by tens of percent from one run to the next; the
instructions a game executes do not. This script runs one workload twice under ``valgrind
--tool=callgrind`` (N units, then none: the imports and setup) and prints the difference per
unit. Compare two versions of the code with the same script by pointing ``--src`` at each
(``PYTHONHASHSEED`` is fixed, so both runs take the same paths).

Usage::

    python scripts/instructions_detail.py claim claim2 every search
    python scripts/instructions_detail.py --src /tmp/old/src every --units 20
    python scripts/instructions_detail.py --run every 5   # the workload itself, no callgrind

Workloads (one unit each):

- ``claim``, ``claim2``: a random game of the preset (one config for all games);
- ``every``: a random game with every expansion on, each with its own setup (as ``make bench``'s
  every-expansion row), counting the setup's resolution and its rule book;
- ``config``: resolving one every-expansion setup; ``book``: that and its rule book;
- ``search``: one simulation of the search bot (three positions of ``scripts/bench_search.py``);
- ``claim-observe``, ``every-determinize``, ...: one call of ``observe``, ``determinize``,
  ``clone`` or ``legal`` (fresh legal moves) at each of 20 sampled positions, per unit.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from claim.core.setup import GameConfig

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_UNITS = {"search": 3}


def every_config(seed: int) -> GameConfig:
    from claim.core.options import EVERY_EXPANSION

    return EVERY_EXPANSION.resolve(seed).config


def workload(kind: str, n: int) -> None:
    """Run ``n`` units of ``kind`` (see the module docstring)."""
    from claim.core.cards import PRESETS
    from claim.core.engine import apply, current_player, legal_actions
    from claim.core.game import new_game
    from claim.core.setup import GameConfig
    from claim.core.state import State
    from claim.core.view import observe
    from claim.core.worlds import determinize

    if kind in ("config", "book"):
        configs = [every_config(i) for i in range(max(n, 1))]
        if kind == "book":
            from claim.core.powers import rule_book

            for config in configs[:n]:
                rule_book(config)
    elif kind in ("every", "claim", "claim2"):
        if kind == "every":
            configs = [every_config(i) for i in range(max(n, 1))]
        else:
            configs = [GameConfig(PRESETS[kind])] * max(n, 1)
        rng = random.Random(1)
        for i in range(n):
            state = new_game(configs[i], i)
            while state.result is None:
                legal = legal_actions(state)
                apply(state, legal[rng.randrange(len(legal))])
    elif kind == "search":
        sys.path.insert(0, str(ROOT / "scripts"))
        from bench_search import position  # type: ignore[import-not-found]

        from claim.bots import decide
        from claim.bots.search import SearchBot

        states = [position(7, 0, 1), position(7, 14, 1), position(7, 0, 2)]
        if n:
            for start in states:
                decide(start, SearchBot(0, iterations=n))
    else:
        which, what = kind.split("-")
        rng = random.Random(3)
        positions: list[State] = []
        seed = 0
        while len(positions) < 20:
            config = GameConfig(PRESETS["claim"]) if which == "claim" else every_config(seed)
            state = new_game(config, 1000 + seed)
            seed += 1
            for _ in range(rng.randrange(40)):
                if state.result is not None:
                    break
                legal = legal_actions(state)
                apply(state, legal[rng.randrange(len(legal))])
            if state.result is None:
                positions.append(state)
        chance = random.Random(5)
        for _ in range(n):
            for state in positions:
                player = current_player(state)
                assert player is not None
                if what == "observe":
                    observe(state, player)
                elif what == "determinize":
                    determinize(state, player, chance)
                elif what == "clone":
                    state.clone(history=False)
                elif what == "legal":
                    state.legal_cache = None
                    legal_actions(state)


def instructions(src: Path, kind: str, n: int) -> int:
    """The instructions callgrind counts for ``n`` units of ``kind`` with the code in ``src``."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(src)}
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--run",
        kind,
        str(n),
    ]
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, check=True)
    for line in done.stderr.splitlines():
        if "refs:" in line:
            return int(line.split()[-1].replace(",", ""))
    raise RuntimeError(f"no instruction count from callgrind:\n{done.stderr}")


def per_unit(src: Path, kind: str, n: int) -> int:
    units = n * (3 if kind == "search" else 20 if "-" in kind else 1)
    return (instructions(src, kind, n) - instructions(src, kind, 0)) // units


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kinds", nargs="*", default=["claim", "claim2", "every", "search"])
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="the code to measure")
    parser.add_argument("--units", type=int, help="units per count (default 20; search: 3)")
    parser.add_argument("--run", action="store_true", help="run KIND N itself (no callgrind)")
    args = parser.parse_args(argv)
    if args.run:
        kind, n = args.kinds
        workload(kind, int(n))
        return 0
    for kind in args.kinds:
        n = args.units or DEFAULT_UNITS.get(kind, 20)
        print(f"{kind}: {per_unit(args.src, kind, n):,} instructions per unit", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
