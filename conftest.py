"""pytest's settings that depend on which build of the core runs (:mod:`claim.native`).

``--doctest-modules`` imports each module of ``src/claim`` from its source file; a compiled core
module is an extension module instead, which pytest refuses ("import file mismatch"), and keeps
no docstrings anyway. With the compiled core, its doctests are left to the pure-Python run
(``make unit-pure`` collects ``src/claim/core``).
"""

import os
from collections.abc import Iterator

import pytest

from claim import native

collect_ignore_glob = [] if native.PURE else ["src/claim/core/*.py", "src/claim/core/*/*.py"]

# pytest-xdist's workers inherit COLUMNS=80 and LINES from execnet even when pytest runs on no
# terminal; the line-mode game wraps its output to COLUMNS when it is set (claim.apps.cli.play.say),
# so a test's output would depend on whether it ran in a worker. Tests that mean a width set it.
os.environ.pop("COLUMNS", None)
os.environ.pop("LINES", None)


@pytest.fixture(scope="session", autouse=True)
def _sb3_logs_in_pytests_tmp(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """stable-baselines3's logger makes a folder for every ``learn()`` (the sb3-contrib tests),
    in /tmp unless SB3_LOGDIR names one: here one of pytest's own, which pytest cleans up."""
    os.environ["SB3_LOGDIR"] = str(tmp_path_factory.mktemp("sb3"))
    yield
    os.environ.pop("SB3_LOGDIR", None)
