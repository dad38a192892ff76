"""A fingerprint of the code that plays games: the sources of the rules and the bots.

Two processes that play the same games share it, so it tells a kept match
(:mod:`claim.sim.kept_games`) or a Ray worker (:mod:`claim.sim.executors`) running another version
of claim from this one. It lives in its own module, below both of its users, so that the executors
need not import the kept games (which import the arena, which imports the executors: that was an
import cycle, hidden by an import inside a function).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

#: the packages whose code decides a game's moves and result
CODE_PACKAGES = ("core", "bots")


def code_fingerprint(*more: str) -> str:
    """A SHA-256 of the Python sources of the rules and the bots (file names and contents, in
    a fixed order), and of the modules ``more`` (paths under ``claim/``): equal for two builds
    that play the same games. The compiled core is built from the same sources, so both builds
    of one version share it."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for package in (*CODE_PACKAGES, *more):
        found = [root / package] if package.endswith(".py") else (root / package).rglob("*.py")
        for path in sorted(found):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()
