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
import signal
import sys
from types import FrameType
from typing import NoReturn

#: the exit code of a command stopped by Ctrl-C (claim.apps.cli.group.STOPPED_EXIT; this module
#: cannot import it before the program is loaded)
STOPPED_EXIT = 130


#: set by a Ctrl-C while the program loads (:func:`_on_interrupt`)
_interrupted = False


def _on_interrupt(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C while loading: raise KeyboardInterrupt, as Python's own handler does, and remember
    it, so that an interrupt raised where Python only reports it (inside a finalizer run during
    an import) still stops the command instead of being lost (claim.sim.executors.on_interrupt
    does the same once the program runs)."""
    global _interrupted
    _interrupted = True
    raise KeyboardInterrupt


def main() -> None:
    """Load the command line and run it; Ctrl-C while loading stops it in one line."""
    signal.signal(signal.SIGINT, _on_interrupt)
    try:
        from claim.apps.cli import main as run
    except KeyboardInterrupt:
        _stop()
    if _interrupted:  # raised and swallowed on the way: stop as if it had been raised here
        _stop()
    run()


def _stop() -> NoReturn:
    print("stopped", file=sys.stderr, flush=True)
    leave(STOPPED_EXIT)


def leave(code: int) -> NoReturn:
    """Exit with ``code`` at once, the output flushed (as :func:`claim.apps.cli.group.exit_now`,
    which says why not ``sys.exit``; this module cannot import it while the program loads)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)
