"""``claim arena``: bot-vs-bot duplicate matches and their statistics."""

from __future__ import annotations

import json
import os
import time
from typing import Any

import click

from claim.apps.cli.group import (
    BOT_SPECS,
    check_deals_and_jobs,
    check_ray,
    cli,
    fail,
    games_executor,
    resolve_options,
)
from claim.apps.cli.options import jobs_option, ray_option, setup_options
from claim.apps.cli.progress import progress, quiet_option
from claim.core.errors import ClaimError, ConfigError
from claim.core.options import SetupOptions
from claim.sim.arena import (
    MAX_DEALS,
    ArenaStats,
    ArtifactResult,
    GameOutcome,
    Match,
    Tally,
    arena,
    parse_bots,
)
from claim.sim.kept_games import KeptGames


@cli.command(name="arena")
@click.option(
    "--bots",
    "bots_text",
    required=True,
    metavar="A,B",
    help=f"The two bots, separated by a comma: {BOT_SPECS}.",
)
@click.option("--deals", type=int, default=100, show_default=True, metavar="N")
@setup_options
@jobs_option
@ray_option
@quiet_option
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as one JSON object.")
@click.option(
    "--keep",
    "keep_path",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Keep every finished game in FILE and, run again with the same match, play only the "
    "games FILE lacks (a long match can be stopped and resumed; same results). A FILE of "
    "another version of the rules or the bots that holds every game is shown as kept.",
)
def arena_command(
    bots_text: str,
    deals: int,
    seed: int | None,
    options: SetupOptions,
    jobs: int,
    ray_address: str | None,
    quiet: bool,
    as_json: bool,
    keep_path: str | None,
) -> None:
    """Match bot A against bot B over N duplicate deals and print A's win rate.

    Deal i (from 0) is dealt from seed S+i with the setup options and played twice, the seats
    swapped: A as player 0, then B as player 0. A scores 1 per win and 1/2 per draw; its win rate
    comes with a 95% interval paired over deals (and the per-game Wilson interval), and results
    per seat, per deck, per first leader, per location and, with artifacts, per artifact (A's
    results when A held it and when B did, and how often each used it). The same seed always
    gives the same results, whatever --jobs, and with --ray (the games as Ray tasks); see
    docs/bots.md. Progress goes to stderr: a bar on a terminal, otherwise a line per tenth of
    the games (--quiet: none). With --keep FILE a stopped match resumes where it stopped (--seed
    must then be given).
    """
    check_deals_and_jobs(deals, jobs, MAX_DEALS)
    check_ray(jobs, ray_address)
    try:
        bots = parse_bots(bots_text)
    except ClaimError as exc:
        fail(f"--bots: {exc}")
    if keep_path is not None and seed is None:
        fail("--keep needs --seed: a match is resumed from its seed")
    seed = resolve_options(seed, options).seed  # one-line error for bad options
    kept = _open_kept(keep_path, Match(bots, seed, options), deals)
    done = {} if kept is None else {i: o for i, o in kept.done.items() if i < 2 * deals}
    left = 2 * deals - len(done)
    if kept is not None and kept.other_code:
        # said even with --quiet: the figures are not what this version would play
        click.echo(
            f"the {len(done)} games of the match in {keep_path} were played by another version "
            f"of the rules or the bots (code {(kept.code or '?')[:12]}): shown as kept, not "
            "replayed",
            err=True,
        )
    elif not left and not quiet:
        click.echo(f"every game of the match is kept in {keep_path}: none to play", err=True)
    label = f"{bots[0]} vs {bots[1]}" + (f" ({len(done)} games kept)" if done else "")
    try:
        # no Ray started, nor processes, when every game is kept
        with games_executor(jobs, ray_address, left) as executor:
            start = time.perf_counter()  # the games' time, not Ray's start
            with progress("arena", label, left, quiet) as step:

                def on_game(outcome: GameOutcome) -> None:
                    if kept is not None:
                        kept.add(outcome)  # as its batch returns, whatever the executor
                    step()

                stats = arena(
                    bots,
                    deals,
                    seed,
                    options,
                    on_game=on_game,
                    done=done,
                    batch=None if kept is None else KEEP_BATCH,
                    executor=executor,
                )
            seconds = time.perf_counter() - start
    finally:
        if kept is not None:
            kept.close()
    if as_json:
        data = stats.to_dict()
        data["seconds"] = round(seconds, 4)
        click.echo(json.dumps(data, indent=1))
        return
    _print_arena(stats, seconds, played=left)


#: with --keep, the most games a worker plays before they are written: a kill loses at most
#: this many per worker (without --keep, batches of up to 1/16 of a worker's share)
KEEP_BATCH = 4


def _open_kept(path: str | None, match: Match, deals: int) -> KeptGames | None:
    """The file of ``--keep`` opened for ``match``; a one-line error if it cannot be.

    A file played by another version of the rules or the bots is opened read-only, and only if
    it holds every game of the ``deals`` asked for: its games are then shown as kept (the
    figures measured and kept in docs/data stay printable after the code changes), but no game
    this version plays is ever mixed with them."""
    if path is None:
        return None
    try:
        if os.path.exists(path):
            # read first, without writing: a complete file of another version needs no write
            # permission, and is never truncated
            seen = KeptGames(path, match, read_only=True)
            if not seen.other_code:
                seen.close()  # this version's file (or a header cut short): opened to resume
            elif (whole := seen.whole_deals()) >= deals:
                return seen
            else:
                seen.close()
                shown = (
                    f"it holds every game of its first {whole} deals, shown as kept with "
                    f"--deals {whole} or fewer; give another file to play more"
                    if whole
                    else "give another file"
                )
                raise ConfigError(
                    f"--keep: {path} was played by another version of the rules or the bots, "
                    f"whose games this version would not play the same; {shown}"
                )
        return KeptGames(path, match)
    except ClaimError as exc:
        fail(str(exc))


def _wdl(tally: Tally) -> str:
    return f"{tally.wins}-{tally.draws}-{tally.losses} ({tally.win_rate:.3f})"


def _print_arena(stats: ArenaStats, seconds: float, played: int) -> None:
    """The match's table; ``played`` of its games were played by this run (the rest came from
    the ``--keep`` file), and only they count in the games per second."""
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False, soft_wrap=True)
    a, b = stats.bots
    console.print(
        f"A = {a}, B = {b}: {stats.deals} deals, each played twice with the seats swapped "
        f"(seed {stats.seed}, {stats.options.describe()})",
        markup=False,
    )
    interval = stats.interval
    shown = (
        f"95% interval [{interval[0]:.3f}, {interval[1]:.3f}] (paired over deals)"
        if interval is not None
        else "no paired interval with a single deal"
    )
    low, high = stats.wilson
    console.print(
        f"A's win rate: {stats.win_rate:.3f}, {shown}; per-game Wilson [{low:.3f}, {high:.3f}]",
        markup=False,
    )
    table = Table(show_header=False)
    table.add_column("what")
    table.add_column("count", justify="right")
    table.add_row("Games played", str(stats.games))
    table.add_row("A wins", str(stats.wins))
    table.add_row("Draws", str(stats.draws))
    table.add_row("B wins", str(stats.losses))
    for seat, tally in stats.by_seat.items():
        table.add_row(f"A as player {seat} (W-D-L)", _wdl(tally))
    by_factions = stats.by_factions
    if len(by_factions) > 1:
        for deck, tally in by_factions.items():
            table.add_row(f"Deck {deck}", _wdl(tally))
    for leader, tally in stats.by_first_leader.items():
        table.add_row(f"Player {leader} leads first", _wdl(tally))
    for kind, groups in (("Setting", stats.by_setting), ("Building", stats.by_building)):
        for name, tally in groups.items():
            table.add_row(f"{kind} {name}", _wdl(tally))
    table.add_row("Average tricks", f"{stats.average_tricks:.2f}")
    if played:
        label = "Games per second" if played == stats.games else "Games per second (this run)"
        table.add_row(label, f"{played / seconds if seconds > 0 else 0.0:.1f}")
    console.print(table)
    by_artifact = stats.by_artifact
    if by_artifact:
        console.print(_arena_artifact_table(by_artifact))


def _arena_artifact_table(results: dict[str, ArtifactResult]) -> Any:
    """A match's artifacts, all from A's side: A's W-D-L when A held it and when B did, and how
    often each bot used it."""
    from rich.table import Table

    table = Table(title="Artifacts (A's W-D-L)", title_justify="left")
    table.add_column("Artifact", no_wrap=True)
    table.add_column("A held", justify="right")
    table.add_column("A used", justify="right")
    table.add_column("B held", justify="right")
    table.add_column("B used", justify="right")
    for name, result in results.items():
        table.add_row(
            name,
            _wdl(result.a) if result.a.games else "-",
            str(result.a_used),
            _wdl(result.b) if result.b.games else "-",
            str(result.b_used),
        )
    return table
