"""The ``claim`` command: deal, replay, analyse, simulate and play games of Claim, match bots.

A thin adapter over the library: it parses options, calls the engine and prints text. Every error a
user can cause is printed as one line ``error: ...`` on stderr with exit code 2, never a traceback.

One module per command group: :mod:`.group` (the ``claim`` group, one-line errors, shared
helpers), :mod:`.options` (the setup options as Click options), :mod:`.replay` (deal, replay),
:mod:`.analyze` (the post-game analysis), :mod:`.simulate`, :mod:`.arena`, :mod:`.ladder` (a
round robin of bots, rated), :mod:`.serve`, :mod:`.play` and :mod:`.table` (the line-by-line
game's table).
"""

from __future__ import annotations

import signal

# each command module registers its commands on the group when imported
from claim.apps.cli import analyze, arena, lab, ladder, play, replay, serve, simulate
from claim.apps.cli.group import (
    ERROR_EXIT,
    STOPPED_EXIT,
    ClaimGroup,
    cli,
    exit_now,
    fail,
    stopped,
)
from claim.apps.cli.play import (
    DEFAULT_PLAY_BOT,
    artifact_help_lines,
    artifact_start_lines,
)
from claim.apps.cli.table import table_lines
from claim.sim.executors import on_interrupt

__all__ = [
    "DEFAULT_PLAY_BOT",
    "ERROR_EXIT",
    "ClaimGroup",
    "analyze",
    "arena",
    "artifact_help_lines",
    "artifact_start_lines",
    "cli",
    "fail",
    "lab",
    "ladder",
    "main",
    "play",
    "replay",
    "serve",
    "simulate",
    "table_lines",
]


def main() -> None:
    """The console entry point (``claim``). Ctrl-C stops a command with exit code 130 and one
    line (:func:`claim.apps.cli.group.stopped`); its handler also lets a run that plays games
    notice a Ctrl-C that Python lost on the way (:func:`claim.sim.executors.on_interrupt`)."""
    try:
        signal.signal(signal.SIGINT, on_interrupt)
        try:
            cli(prog_name="claim")
        except KeyboardInterrupt:
            stopped()
    except SystemExit as exc:
        if exc.code != STOPPED_EXIT:
            raise
        exit_now(STOPPED_EXIT)  # stopped: at once (exit_now says why not sys.exit)
