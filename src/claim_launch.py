"""The ``claim`` command's entry point (``[project.scripts]``): it loads the program, then runs
:func:`claim.apps.cli.main`.

A module of its own, outside the ``claim`` package, so that it runs before any of claim is
imported: loading the program takes from a tenth of a second to a second (more on a busy
machine), and a Ctrl-C meanwhile would otherwise end in Python's KeyboardInterrupt traceback.
Here it stops the command like a Ctrl-C at any later point: one line, exit code 130
(:func:`claim.apps.cli.group.stopped`).
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import NoReturn

#: the exit code of a command stopped by Ctrl-C (claim.apps.cli.group.STOPPED_EXIT; this module
#: cannot import it before the program is loaded)
STOPPED_EXIT = 130


def main() -> None:
    """Load the command line and run it; Ctrl-C while loading stops it in one line."""
    try:
        from claim.apps.cli import main as run
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr, flush=True)
        leave(STOPPED_EXIT)
    run()


def leave(code: int) -> NoReturn:
    """Exit with ``code`` at once, the output flushed (as :func:`claim.apps.cli.group.exit_now`,
    which says why not ``sys.exit``; this module cannot import it while the program loads)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)
