"""The ``claim`` group and what its commands share: one-line errors, resolving the setup
options, printing an account's lines.

Every error a user can cause is printed as one line ``error: ...`` on stderr with exit code 2,
never a traceback.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import click

from claim import __version__, native
from claim.bots import LEVELS, SEARCH_OPTIONS
from claim.core.errors import ClaimError
from claim.core.options import Setup, SetupOptions

if TYPE_CHECKING:  # the executors load at the first run, not with every command
    from claim.sim.executors import Executor

#: exit code of every error a user can cause (bad options, records, moves, files)
ERROR_EXIT = 2
#: exit code of a command stopped by Ctrl-C (128 + SIGINT, the shells' convention)
STOPPED_EXIT = 130
#: the most games one run plays (``claim simulate --games``, ``claim lab --games``; ``--deals``
#: of arena and ladder: ``claim.sim.arena.MAX_DEALS``, the same number): a bound against a
#: typo costing days, or the memory of listing every game
MAX_GAMES = 1_000_000


def _one_line(text: str) -> str:
    """The message on one line, each word cut to 300 characters (a bad value may be a
    5,000-digit number or a megabyte of text, which Click's own messages quote whole; a file
    name stays whole), its control characters escaped (a value quoted from a hostile file must
    not send escape codes to the terminal)."""
    return " ".join(_cut(_printable(word)) for word in text.split())


def _printable(word: str) -> str:
    return (
        word
        if word.isprintable()
        else "".join(
            c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in word
        )
    )


def _cut(word: str) -> str:
    return word if len(word) <= 300 else f"{word[:40]}... ({len(word)} characters)"


def fail(message: str) -> NoReturn:
    """Print ``error: message`` on one line to stderr and leave with the error exit code."""
    click.echo(f"error: {_one_line(message)}", err=True)
    sys.exit(ERROR_EXIT)


def stopped(message: str = "stopped") -> NoReturn:
    """Leave after Ctrl-C: ``message`` on one line to stderr and exit code 130, never a
    traceback (a command that keeps its work says where in ``message``)."""
    click.echo(message, err=True)
    sys.exit(STOPPED_EXIT)


def exit_now(code: int) -> NoReturn:
    """End the process with ``code`` at once, the output flushed: how ``claim`` leaves after
    Ctrl-C (:func:`claim.apps.cli.main`). Not ``sys.exit``: a KeyboardInterrupt that passed
    through an ``exec`` of source text (dataclasses and named tuples make their methods so, as
    modules load) leaves CPython 3.11 marked as interrupted, and it then ends itself by SIGINT
    instead of with ``code``, however the interrupt was handled. Nothing is left to finish: the
    command released what it held (kept files, workers) on its way out."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)


class ClaimGroup(click.Group):
    """A group whose errors, Click's usage errors included, are one line on stderr, and whose
    commands stopped by Ctrl-C leave with :func:`stopped`."""

    def invoke(self, ctx: click.Context) -> Any:
        # before Click turns the KeyboardInterrupt into Abort (with a blank line of its own)
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            stopped()

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(
                args,
                prog_name,
                complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )
        try:
            code = super().main(
                args,
                prog_name,
                complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )
        except click.UsageError as exc:
            if type(exc).__name__ == "NoArgsIsHelpError" and exc.ctx is not None:
                click.echo(exc.ctx.get_help())  # a bare `claim`: the help, not an error
                sys.exit(0)
            hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
            fail(exc.format_message() + hint)
        except click.ClickException as exc:
            fail(exc.format_message())
        except ClaimError as exc:
            fail(str(exc))
        except click.Abort as exc:
            if isinstance(exc.__cause__, KeyboardInterrupt):  # Ctrl-C while the options parse
                stopped()
            click.echo("aborted", err=True)  # end of input at a prompt
            sys.exit(1)
        except KeyboardInterrupt:
            stopped()
        except BrokenPipeError:
            # the reader went away (`claim simulate ... | head`): stop quietly
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


@click.group(name="claim", cls=ClaimGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(
    __version__,
    "--version",
    prog_name="claim",
    # and which rules core runs, compiled or pure Python (`pip install .` says so only with -v)
    message="%(prog)s %(version)s\n" + native.describe().replace("%", "%%"),
)
def cli() -> None:
    """Claim, the two-player trick-taking card game: deal, replay, simulate and play games.

    Records are JSON files (see docs/records.md); every game can be reproduced from its seed.
    """


def resolve_options(seed: int | None, options: SetupOptions) -> Setup:
    """The resolved setup, or a one-line error naming the bad option (``--heroes: ...``)."""
    try:
        return options.resolve(seed)
    except ClaimError as exc:
        fail(str(exc))


def echo_line(line: str) -> None:
    """A line of an account; section headings in bold on a terminal."""
    heading = line.endswith(":") and not line.startswith(" ")
    heading = heading or line in ("End of the game.",)
    click.secho(line, bold=heading)


def number_text(value: int) -> str:
    """An integer for a message: a huge one by its number of digits."""
    text = str(value)
    return text if len(text) <= 20 else f"{text[:8]}... ({len(text.lstrip('-'))} digits)"


def check_games(games: int, least: int) -> None:
    """Refuse ``--games`` outside ``least`` to :data:`MAX_GAMES` in one line (simulate, lab)."""
    if not least <= games <= MAX_GAMES:
        fail(f"--games must be from {least} to {MAX_GAMES:,}, not {number_text(games)}")


def check_deals_and_jobs(deals: int, jobs: int, most: int) -> None:
    """Refuse ``--deals`` outside 1 to ``most`` and ``--jobs`` below 1, in one line (arena,
    ladder); the library checks the same with ``claim.sim.arena.check_size``."""
    if deals < 1:
        fail(f"--deals must be at least 1, not {number_text(deals)}")
    if deals > most:
        fail(f"--deals must be at most {most:,}, not {number_text(deals)}")
    if jobs < 1:
        fail(f"--jobs must be at least 1, not {number_text(jobs)}")


def capped_jobs(jobs: int, games: int) -> int:
    """The worker processes for ``--jobs`` and ``games`` to play (``claim.sim.arena.worker_count``),
    with a one-line notice on stderr when fewer than asked (arena, ladder); call it once every
    option is known to be good."""
    from claim.sim.arena import worker_count

    workers = worker_count(jobs, games)
    if workers < jobs:
        why = "games to play" if workers == games else "CPUs available"
        click.echo(f"notice: --jobs {number_text(jobs)} capped to {workers} (the {why})", err=True)
    return workers


def check_ray(jobs: int, ray_address: str | None) -> None:
    """Refuse ``--ray`` with ``--jobs`` above 1 in one line (simulate, arena, ladder): Ray runs
    as many games at once as its cluster has CPUs."""
    if ray_address is not None and jobs > 1:
        fail(
            f"--ray and --jobs {number_text(jobs)} cannot be used together: Ray plays as many "
            "games at once as its CPUs (leave --jobs out)"
        )


def games_executor(jobs: int, ray_address: str | None, games: int) -> Executor:
    """Where a run's ``games`` are played: Ray tasks with ``--ray`` (a one-line error when Ray
    is not installed or cannot be reached or started), else ``--jobs`` local processes
    (:func:`capped_jobs`, its notice included); in this process when there are none to play.
    Call it once every option is known to be good, and close it (``with``) when done."""
    from claim.sim.executors import InProcess, RayExecutor, local_executor

    if games <= 0:
        return InProcess()
    if ray_address is None:
        return local_executor(capped_jobs(jobs, games))
    try:
        return RayExecutor(ray_address)
    except ClaimError as exc:
        fail(str(exc))


#: the bots a command can name (--bots, --bot)
BOT_SPECS = (
    f"the levels {', '.join(LEVELS)}; "
    "random, heuristic, search, search:easy|medium|hard, search:N (exactly N simulations a move), "
    f"each search with any of +{', +'.join(SEARCH_OPTIONS)} (variants for experiments: "
    "docs/bots.md); openspiel-ismcts[:N], openspiel-mcts[:N] (N simulations a move; the openspiel "
    "extra)"
)
