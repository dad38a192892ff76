"""How long claim.text.artifact_prompts.unasked takes at an artifact window (issue 37): every
artifact window of both seats over random games with every expansion (the check runs in the
web server's process at every window of a human seat). Prints the count of windows, how many
were passed for the player, how many were played out and how many of those ran out of the
node budget, and the typical (median), 95th-percentile and worst time per call.

    CLAIM_PURE_PYTHON=1 .venv/bin/python scripts/artifact_prompt_timing.py 40
    .venv/bin/python scripts/artifact_prompt_timing.py 40          # the compiled core
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

from claim.core.engine import apply, current_player, legal_actions
from claim.core.game import new_game
from claim.core.options import EVERY_EXPANSION
from claim.text import artifact_prompts as prompts


def main(games: int) -> None:
    times: list[float] = []
    played: list[float] = []  # the windows the check played out
    skipped = searched = over = 0
    worst = ""
    for seed in range(1, games + 1):
        setup = EVERY_EXPANSION.resolve(seed)
        state = new_game(setup.config, setup.seed)
        rng = random.Random(seed)
        while state.result is None:
            legal = legal_actions(state)
            seat = current_player(state)
            kind = state.tasks[0][0] if state.tasks else None
            if seat in (0, 1) and kind in prompts.WINDOWS and "pass" in legal:
                assert seat is not None
                start = time.perf_counter()
                names = prompts.unasked(kind, legal, state, seat)
                took = time.perf_counter() - start
                times.append(took)
                skipped += bool(names)
                offered = prompts.offered(legal)
                if took == max(times):
                    worst = f"seed {seed}, {kind}, {offered}"
                if all(name in prompts.TRICK_ONLY for name in offered) and state.trick:
                    # the same play-out again, untimed, to see whether it ran out of budget
                    uses = [m for m in legal if m != "pass"]
                    searched += 1
                    played.append(took)
                    try:
                        prompts._Search(state, seat, ()).could_matter(uses)
                    except prompts._TooMany:
                        over += 1
            apply(state, rng.choice(legal))
    times.sort()
    played.sort()
    core = "pure Python" if os.environ.get("CLAIM_PURE_PYTHON") else "compiled"
    ms = [t * 1000 for t in times]
    print(
        f"{core}: {len(times)} windows in {games} games, {skipped} passed for the player, "
        f"{searched} played out, {over} over the budget of {prompts.MAX_NODES} moves"
    )
    print(
        f"  median {statistics.median(ms):.2f} ms, 95th {ms[int(len(ms) * 0.95)]:.1f} ms, "
        f"worst {ms[-1]:.1f} ms ({worst}); mean {statistics.fmean(ms):.2f} ms"
    )
    if played:
        out = [t * 1000 for t in played]
        print(
            f"  played out: median {statistics.median(out):.1f} ms, "
            f"95th {out[int(len(out) * 0.95)]:.1f} ms, worst {out[-1]:.1f} ms"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
