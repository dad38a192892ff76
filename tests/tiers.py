"""The test suite's two tiers (issue 38): ``make test`` and ``make test-long``.

``make test`` is what every change runs (a fresh clone: under 15 minutes of CPU, README); the
long random sweeps keep their first block there and their other blocks, and the sweeps written
to run long, in the ``long`` tier (the ``long`` marker, deselected by pyproject's
``addopts = -m "not long"``), which ``make test-long`` runs: about five more minutes of CPU,
for a change to the rules core, the views or the events, and before a release. Both tiers are
deterministic: the same seeds every run, so a failure in either replays.
"""

from __future__ import annotations

from typing import Any

import pytest


def blocks(count: int) -> list[Any]:
    """``count`` blocks of a sweep to parametrize over: block 0 in ``make test``, the others in
    the long tier (``pytest.mark.long``)."""
    return [0, *(pytest.param(block, marks=pytest.mark.long) for block in range(1, count))]
