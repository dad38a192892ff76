"""The post-game analysis (``claim analyze``, the web game's "Analyse" page): every decision of a
record weighed by the search from what its player knew, the chances of winning over the game,
and the inaccuracies, mistakes and blunders with the better move (docs/analysis.md).

:mod:`.review` weighs the decisions, :mod:`.verdicts` names the drops, :mod:`.report` puts the
analysis into words.
"""

from __future__ import annotations

from claim.analysis.report import report_lines
from claim.analysis.review import (
    DEFAULT_BUDGET,
    MIN_BUDGET,
    Analysis,
    Choice,
    Decision,
    PlayerSummary,
    analyse,
    assemble,
    check_budget,
    decision_count,
    decision_plies,
    weigh_at,
)
from claim.analysis.verdicts import BLUNDER, INACCURACY, MISTAKE

__all__ = [
    "BLUNDER",
    "DEFAULT_BUDGET",
    "INACCURACY",
    "MIN_BUDGET",
    "MISTAKE",
    "Analysis",
    "Choice",
    "Decision",
    "PlayerSummary",
    "analyse",
    "assemble",
    "check_budget",
    "decision_count",
    "decision_plies",
    "report_lines",
    "weigh_at",
]
