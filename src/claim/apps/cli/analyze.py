"""``claim analyze``: the post-game analysis of a record (claim.analysis, docs/analysis.md)."""

from __future__ import annotations

import json

import click

from claim.analysis import DEFAULT_BUDGET, MIN_BUDGET, analyse, decision_count, report_lines
from claim.apps.cli.group import capped_jobs, cli, echo_line, fail, number_text
from claim.apps.cli.options import jobs_option
from claim.apps.cli.progress import progress, quiet_option
from claim.apps.cli.replay import load_record
from claim.core import records
from claim.core.errors import ClaimError

#: the most simulations a decision may be given (a whole game at this budget takes hours)
MAX_BUDGET = 1_000_000


@cli.command(name="analyze")
@click.argument("file", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
@click.option(
    "--budget",
    type=int,
    default=DEFAULT_BUDGET,
    show_default=True,
    metavar="N",
    help="Simulations per decision: more is slower and surer (fewer moves within the noise).",
)
@click.option(
    "--seed",
    type=int,
    default=1,
    show_default=True,
    metavar="S",
    help="The search's seed: the same record, budget and seed give the same analysis.",
)
@jobs_option
@quiet_option
def analyze(file: str, as_json: bool, budget: int, seed: int, jobs: int, quiet: bool) -> None:
    """Analyse the game record FILE (- reads stdin): every decision weighed by the search.

    For each move made where the player had a choice, the search estimates that player's chance
    of winning after every legal move, from what the player knew at that moment (the hidden
    cards are re-dealt at random, never read), and compares the move made with the best one. A
    drop of 5, 10 or 15 points of winning chance is an inaccuracy, a mistake or a blunder, when
    it is larger than its margin of error. Prints each player's summary, a chart of the chances
    over the game and every marked move with the better one; --json prints everything,
    decision by decision (docs/analysis.md). Progress goes to stderr.
    """
    if budget < MIN_BUDGET:
        fail(f"--budget must be at least {MIN_BUDGET}, not {number_text(budget)}")
    if budget > MAX_BUDGET:
        fail(f"--budget must be at most {MAX_BUDGET:,}, not {number_text(budget)}")
    if jobs < 1:
        fail(f"--jobs must be at least 1, not {number_text(jobs)}")
    record = load_record(file)
    try:
        records.replay(record)  # a bad record is one line before any work
        total = decision_count(record)
        jobs = capped_jobs(jobs, max(1, total))
        with progress("analyze", "weighing the decisions", total, quiet, "decisions") as step:
            analysis = analyse(record, budget, seed, jobs, step)
    except ClaimError as exc:
        fail(str(exc))
    if as_json:
        click.echo(json.dumps(analysis.to_json(), indent=1))
        return
    for line in report_lines(analysis, "stdin" if file == "-" else file):
        echo_line(line)
