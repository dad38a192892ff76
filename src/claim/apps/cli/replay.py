"""``claim deal`` (a new game's record) and ``claim replay`` (a record told trick by trick, its
replay JSON or the terminal table)."""

from __future__ import annotations

import sys
from typing import Any

import click

from claim.apps.cli.group import cli, echo_line, fail, resolve_options
from claim.apps.cli.options import setup_options
from claim.core import records
from claim.core.errors import ClaimError
from claim.core.game import new_game
from claim.core.options import SetupOptions
from claim.core.view import report
from claim.text.account import replay_account


@cli.command()
@setup_options
def deal(seed: int | None, options: SetupOptions) -> None:
    """Deal a new game and write its record (setup, deal, no moves) as JSON to stdout.

    The record replays with `claim replay`; add moves to its "moves" list to play it on. With
    heroes the record's setup names the heroes in the deck (setup.heroes), with locations the
    Setting and the Building (setup.setting, setup.building).
    """
    setup = resolve_options(seed, options)
    state = new_game(setup.config, setup.seed)
    click.echo(records.dumps(records.to_record(state)), nl=False)


def on_a_terminal() -> bool:
    """Whether input and output are a terminal, as the full-screen table needs."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def load_record(file: str) -> Any:
    """The JSON record in ``file`` (``-``: stdin); problems raise a one-line RecordError."""
    if file != "-":
        return records.read_json(file)
    stream = getattr(sys.stdin, "buffer", None)
    bound = records.MAX_RECORD_BYTES + 1  # /dev/zero on stdin: refused, not read whole
    raw = (
        stream.read(bound)
        if stream is not None
        else sys.stdin.read(bound).encode("utf-8", "replace")
    )
    records.check_size(raw, "stdin")
    return records.parse_json(records.decode_text(raw, "stdin"), "stdin")


@cli.command()
@click.argument("file", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print the replay JSON (docs/records.md).")
@click.option(
    "--view",
    type=click.IntRange(0, 1),
    metavar="P",
    default=None,
    help="With --json: only what player P (0 or 1) may know at the end of the record.",
)
@click.option(
    "--table",
    is_flag=True,
    help="Step through the game on the terminal game's table (arrows: a move at a time); with "
    "--view P as player P saw it. Without a terminal (input or output redirected) the account "
    "is printed line by line instead, as claim play plays line by line.",
)
def replay(file: str, as_json: bool, view: int | None, table: bool) -> None:
    """Replay the game record FILE (- reads stdin) and tell it trick by trick.

    The account says why each trick was won, the decisions taken, who took each prize, and at
    the end the votes faction by faction and the winner. With locations it names them with their
    rules text and tells their choices, tallies, end-of-game moves and decided results. With
    artifacts it says who was dealt which, with their rules text, and tells each use and its
    effect as it happens (the random cards, the Torch's draws, the masked leads). A record
    that stops early is shown in progress, with whose turn it is and the legal moves.

    --json prints the replay JSON instead; --json --view P prints player P's view. The readable
    account always shows everything, so --view needs --json.
    """
    if view is not None and not (as_json or table):
        fail("--view needs --json or --table: the readable account shows every card")
    if as_json and table:
        fail("--json and --table do not go together")
    if table and not on_a_terminal():
        # the table needs a terminal to draw on and keys to step with: without one it would
        # write escape codes forever; the account is the line-by-line replay
        if view is not None:
            fail(
                "--table --view needs a terminal (input and output); without one, --json "
                "--view P prints what player P saw"
            )
        table = False
    record = load_record(file)
    if table:
        from claim.apps.tui import run_replay

        try:
            run_replay(record, view, file)
        except ClaimError as exc:
            fail(str(exc))
        return
    if as_json:
        state = records.replay(record)
        click.echo(records.dumps(report(state, viewer=view)), nl=False)
        return
    lines = replay_account(record)
    for line in lines:
        echo_line(line)
