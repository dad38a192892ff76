"""``claim ladder``: a round robin of bots on duplicate deals, rated (Bradley–Terry, Elo scale)."""

from __future__ import annotations

import json
import textwrap
import time

import click

from claim.apps.cli.group import (
    BOT_SPECS,
    check_deals_and_jobs,
    check_ray,
    cli,
    fail,
    games_executor,
    number_text,
    resolve_options,
)
from claim.apps.cli.options import jobs_option, ray_option, setup_options
from claim.apps.cli.progress import progress, quiet_option
from claim.core.errors import ClaimError
from claim.core.options import SetupOptions
from claim.sim.arena import MAX_DEALS
from claim.sim.ladder import (
    DEFAULT_BOTS,
    PRIOR_DRAWS,
    RESAMPLES,
    Ladder,
    Rating,
    default_anchor,
    ladder,
    parse_ladder_bots,
    round_robin,
)

#: the most bootstrap resamples
MAX_RESAMPLES = 100_000


@cli.command(name="ladder")
@click.option(
    "--bots",
    "bots_text",
    default=",".join(DEFAULT_BOTS),
    metavar="A,B,...",
    help=f"The bots, at least two, separated by commas: {BOT_SPECS}. Default: every bot and "
    f"strength, {', '.join(DEFAULT_BOTS)}.",
)
@click.option(
    "--deals", type=int, default=50, show_default=True, metavar="N", help="Deals per pairing."
)
@setup_options
@click.option(
    "--anchor",
    default=None,
    metavar="BOT",
    help="The bot rated 0 (default: random when it plays, else the first bot).",
)
@click.option(
    "--resamples",
    type=int,
    default=RESAMPLES,
    show_default=True,
    metavar="N",
    help="Bootstrap resamples of the deals for the ratings' intervals.",
)
@jobs_option
@ray_option
@quiet_option
@click.option("--json", "as_json", is_flag=True, help="Print the results as one JSON object.")
def ladder_command(
    bots_text: str,
    deals: int,
    seed: int | None,
    options: SetupOptions,
    anchor: str | None,
    resamples: int,
    jobs: int,
    ray_address: str | None,
    quiet: bool,
    as_json: bool,
) -> None:
    """Rate the bots: a round robin of duplicate matches, N deals each.

    Every pairing A-B (A the earlier bot) is the match `claim arena --bots A,B` with the same
    deals, seed and setup options: deal i is dealt from seed S+i and played twice with the
    seats swapped. Prints each pairing's score with its 95% interval (paired over deals), then
    the ratings: Bradley-Terry maximum likelihood on the Elo scale (draws half a win, one
    virtual draw per pairing, the anchor at 0), strongest first, with 95% intervals from a
    bootstrap over deals (seeded by the seed) and from the Fisher information. The same seed
    gives the same results whatever --jobs, and with --ray (the games as Ray tasks); see
    docs/bots.md.
    """
    check_deals_and_jobs(deals, jobs, MAX_DEALS)
    check_ray(jobs, ray_address)
    if not 1 <= resamples <= MAX_RESAMPLES:
        fail(f"--resamples must be from 1 to {MAX_RESAMPLES:,}, not {number_text(resamples)}")
    try:
        bots = parse_ladder_bots(bots_text)
    except ClaimError as exc:
        fail(f"--bots: {exc}")
    if anchor is not None:
        anchor = anchor.strip().lower()
        if anchor not in bots:
            fail(f"--anchor: {anchor!r} is not one of the bots ({', '.join(bots)})")
    anchor = anchor or default_anchor(bots)
    seed = resolve_options(seed, options).seed  # one-line error for bad options
    games = 2 * deals * len(round_robin(bots))
    with games_executor(jobs, ray_address, games) as executor:
        start = time.perf_counter()  # the games' time, not Ray's start
        with progress("ladder", f"ladder of {len(bots)} bots", games, quiet) as step:
            played = ladder(
                bots, deals, seed, options, on_game=lambda pair, outcome: step(), executor=executor
            )
        seconds = time.perf_counter() - start
    if as_json:
        data = played.to_dict(anchor, resamples, PRIOR_DRAWS)
        data["seconds"] = round(seconds, 4)
        click.echo(json.dumps(data, indent=1))
        return
    _print_ladder(played, played.rate(anchor, resamples, PRIOR_DRAWS), anchor, resamples, seconds)


def _print_ladder(
    played: Ladder, table: list[Rating], anchor: str, resamples: int, seconds: float
) -> None:
    def echo(line: str = "") -> None:
        click.echo(line.rstrip())

    pairs = len(played.pairings)
    echo(
        f"Ladder of {len(played.bots)} bots: {pairs} pairing{'s' if pairs > 1 else ''} of "
        f"{played.deals} deal{'s' if played.deals > 1 else ''}, each deal "
        f"played twice with the seats swapped (seed {played.seed}, {played.options.describe()})"
    )
    echo()
    echo("Pairings (A's score: wins + draws/2 per game; 95% interval paired over deals):")
    width = max(len(bot) for bot in played.bots)
    echo(
        f"  {'A':<{width}}  {'B':<{width}}  {'W-D-L':>11}  {'score':>5}  "
        f"{'95% interval':<14}  {'Wilson':<14}"
    )
    for p in played.pairings:
        a, b = p.bots
        interval = p.interval
        shown = "-" if interval is None else f"[{interval[0]:.3f}, {interval[1]:.3f}]"
        wilson = f"[{p.wilson[0]:.3f}, {p.wilson[1]:.3f}]"
        wdl = f"{p.wins}-{p.draws}-{p.losses}"
        echo(
            f"  {a:<{width}}  {b:<{width}}  {wdl:>11}  {p.win_rate:.3f}  {shown:<14}  {wilson:<14}"
        )
    echo()
    method = (
        f"Ratings: Bradley-Terry maximum likelihood on the Elo scale, {anchor} = 0 (draws half a "
        f"win, {PRIOR_DRAWS:g} virtual draw per pairing). 95% interval: bootstrap over deals "
        f"({resamples} resamples, seed {played.seed}). Fisher: rating ± 1.96 standard errors, "
        "the games taken as independent."
    )
    for line in textwrap.wrap(method, 100):
        echo(line)
    echo(
        f"  {'#':>2}  {'Bot':<{width}}  {'rating':>7}  {'95% interval':<16}  "
        f"{'Fisher':<16}  {'games':>6}  {'score':>5}"
    )
    for rank, r in enumerate(table, 1):
        boot = f"[{r.interval[0]:.0f}, {r.interval[1]:.0f}]"
        fisher = f"[{r.fisher_interval[0]:.0f}, {r.fisher_interval[1]:.0f}]"
        echo(
            f"  {rank:>2}  {r.bot:<{width}}  {r.rating:>7.0f}  {boot:<16}  {fisher:<16}  "
            f"{r.games:>6}  {r.score:.3f}"
        )
    echo()
    rate = played.games / seconds if seconds > 0 else 0.0
    echo(f"{played.games} games in {seconds:.1f} s ({rate:.1f} games per second)")
