"""A verdict never contradicts the figures printed beside it (issue 37).

"−10 ± 9 points — inaccuracy" was printed for a drop of 0.0958: the name was decided on the raw
drop and the figures were rounded. Now both come from the same whole points
(``claim.analysis.verdicts``); these tests read the printed figures back, as a person would, and
check the name against the documented thresholds (docs/analysis.md: 5, 10 and 15 points, and
larger than the margin).
"""

from __future__ import annotations

import re

from claim.analysis.report import decision_line
from claim.analysis.review import Decision
from claim.analysis.verdicts import BLUNDER, INACCURACY, MISTAKE, verdict

FIGURES = re.compile(r"−(\d+) ± (\d+) points")


def expected(drop_points: int, noise_points: int) -> str | None:
    """The name a reader gives the printed figures by the documented table."""
    if drop_points <= noise_points:
        return None
    for name, threshold in (("blunder", BLUNDER), ("mistake", MISTAKE), ("inaccuracy", INACCURACY)):
        if drop_points >= round(100 * threshold):
            return name
    return None


def decision(drop: float, noise: float) -> Decision:
    chance = 0.5
    return Decision(
        ply=3, player=0, phase=1, trick=2, move="play goblins:5", chance=chance,
        best="play goblins:7", best_chance=chance + drop, drop=drop, noise=noise,
        verdict=verdict(drop, noise), choices=(),
    )  # fmt: skip


def test_the_reported_case_is_a_mistake() -> None:
    d = decision(0.0958, 0.09)
    line = decision_line(d)
    assert "−10 ± 9 points" in line
    assert d.verdict == "mistake"
    assert "— mistake," in line
    assert d.to_json()["loss"] == "−10 ± 9 points"


def test_every_label_agrees_with_its_printed_figures() -> None:
    # every drop and margin on a grid finer than the rounding, around every threshold
    checked = 0
    for drop_tenths in range(0, 400):
        drop = drop_tenths / 2000  # 0 to 0.2 in steps of 0.0005 (half a point per ten)
        for noise in (0.0, 0.012, 0.0449, 0.0451, 0.0949, 0.0951, 0.1449, 0.1451, 0.3):
            d = decision(drop, noise)
            line = decision_line(d)
            figures = FIGURES.search(line)
            assert figures, line
            printed = expected(int(figures[1]), int(figures[2]))
            assert d.verdict == printed, (drop, noise, line)
            assert f"— {d.verdict}," in line
            assert d.to_json()["loss"] == figures[0]
            checked += 1
    assert checked == 400 * 9
