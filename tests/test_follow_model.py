"""scripts/follow_model.py (docs/bots.md, issue 39's levers) runs and prints its two measures:
the heuristic's follows against the playout's greedy cards, and the worlds' share of the true
hand, uniform and inferred, for three greedy shares."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "follow_model.py"


def test_the_script_prints_both_measures() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--every", "--games", "2"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 4
    follows = re.fullmatch(
        r"follows (\d+): the heuristic played the printed-value greedy card ([\d.]+)%, "
        r"the engine's greedy card ([\d.]+)%, a random card would match ([\d.]+)%",
        lines[0],
    )
    assert follows and int(follows[1]) > 10
    # a random card matches the greedy one less often than the heuristic does
    assert float(follows[4]) < min(float(follows[2]), float(follows[3]))
    for line, share in zip(lines[1:], ("0.25", "0.50", "0.80"), strict=True):
        assert line.startswith(f"greedy share {share}: ")
        assert re.search(r"shares [\d.]+% of the other hand uniform, [\d.]+% inferred$", line)
