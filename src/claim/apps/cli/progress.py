"""Progress of the long runs (``claim simulate``, ``claim arena``, ``claim ladder``), on stderr so
that stdout stays the results (a table, or JSON for a pipe): a bar on a terminal (gone once the
run ends), otherwise a line at every tenth of the games with the time so far (a log, a CI job, an
hour-long arena in the background), nothing with ``--quiet``."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def quiet_option(command: F) -> F:
    """The ``--quiet`` flag of a command that shows its progress."""
    return click.option("--quiet", is_flag=True, help="No progress on stderr.")(command)


@contextmanager
def progress(
    name: str, label: str, total: int, quiet: bool, unit: str = "games"
) -> Iterator[Callable[[], None]]:
    """A function to call once per game played (per ``unit``): the bar (``label``) on a terminal,
    else a line ``NAME: DONE/TOTAL games (P%), S s`` at every tenth of ``total``; nothing when
    ``quiet``."""
    if quiet or total <= 0:
        yield _nothing
    elif sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import Progress

        with Progress(console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(label, total=total)
            yield lambda: bar.advance(task)
    else:
        yield _lines(name, total, time.perf_counter(), unit)


def _nothing() -> None:
    return None


def _lines(name: str, total: int, start: float, unit: str) -> Callable[[], None]:
    done = [0]

    def step() -> None:
        done[0] += 1
        if done[0] * 10 // total > (done[0] - 1) * 10 // total:
            elapsed = time.perf_counter() - start
            percent = 100 * done[0] // total
            click.echo(f"{name}: {done[0]}/{total} {unit} ({percent}%), {elapsed:.0f} s", err=True)

    return step
