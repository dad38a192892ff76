"""``claim simulate``: random-bot games and their statistics."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from claim.apps.cli.group import (
    MAX_GAMES,
    check_ray,
    cli,
    fail,
    games_executor,
    number_text,
    resolve_options,
)
from claim.apps.cli.options import jobs_option, ray_option, setup_options
from claim.apps.cli.progress import progress, quiet_option
from claim.core import cards
from claim.core.options import SetupOptions
from claim.core.powers import DECIDED_BEFORE_THE_VOTES
from claim.core.powers.locations import Dungeon
from claim.sim.simulate import (
    ArtifactTally,
    LocationTally,
    SimulationStats,
    simulate_games,
)


@cli.command(name="simulate")
@click.option(
    "--games",
    # the bound of every run's size (simulate listed a hundred million games and ran out of
    # memory)
    type=click.IntRange(0, MAX_GAMES),
    default=100,
    show_default=True,
    metavar="N",
)
@setup_options
@jobs_option
@ray_option
@quiet_option
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as one JSON object.")
@click.option(
    "--records",
    "records_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    metavar="DIR",
    help="Write each game's record to DIR/game-0001.json, DIR/game-0002.json, ...",
)
def simulate_command(
    games: int,
    seed: int | None,
    options: SetupOptions,
    jobs: int,
    ray_address: str | None,
    quiet: bool,
    as_json: bool,
    records_dir: Path | None,
) -> None:
    """Play N games between two random bots and print the statistics.

    Game i (from 0) is dealt from seed S+i with the same setup options (so `claim deal --seed
    S+i` gives its deal); with --factions random each game draws its own deck, with --heroes
    its own heroes, with --setting/--building random its own locations. Prints games played,
    wins per seat, draws, the average number of tricks, games per second and, with heroes, how
    each hero fared; with locations, the results per Setting and per Building and how many games
    each decided itself; with artifacts, how often each was dealt to the winner and to the
    loser, how often it was used and how often its holder won. The same seed always gives the
    same results, except the timing, whatever --jobs and with --ray (the games as Ray tasks).
    Progress goes to stderr: a bar on a terminal, otherwise a line per tenth of the games
    (--quiet: none).
    """
    if jobs < 1:
        fail(f"--jobs must be at least 1, not {number_text(jobs)}")
    check_ray(jobs, ray_address)
    seed = resolve_options(seed, options).seed  # one-line error for bad options
    if records_dir is not None:
        try:
            records_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"cannot create {records_dir}: {exc.strerror or exc}")

    def save(index: int, record: str | None) -> None:
        if records_dir is None or record is None:
            return
        path = records_dir / f"game-{index + 1:04d}.json"
        try:
            path.write_text(record, encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {path}: {exc.strerror or exc}")

    with (
        games_executor(jobs, ray_address, games) as executor,
        progress("simulate", "Simulating", games, quiet) as step,
    ):

        def played(index: int, record: str | None) -> None:
            save(index, record)  # as its batch returns, whatever the executor
            step()

        stats = simulate_games(
            games, seed, options, executor, on_game=played, records=records_dir is not None
        )
    if as_json:
        click.echo(json.dumps(stats.to_dict(), indent=1))
        return
    _print_stats(stats)


def _print_stats(stats: SimulationStats) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False, soft_wrap=True)
    console.print(
        f"{stats.games} random-bot games (seed {stats.seed}, {stats.options.describe()})",
        markup=False,
    )
    table = Table(show_header=False)
    table.add_column("what")
    table.add_column("count", justify="right")
    table.add_row("Games played", str(stats.games))
    table.add_row("Player 0 wins", str(stats.wins[0]))
    table.add_row("Player 1 wins", str(stats.wins[1]))
    table.add_row("Draws", str(stats.draws))
    table.add_row("Average tricks", f"{stats.average_tricks:.2f}")
    table.add_row("Games per second", f"{stats.games_per_second:.1f}")
    console.print(table)
    if stats.by_hero:
        # Phase Two: the player who plays a hero then is (powers aside) the one who collected it
        heroes = Table(title="Heroes", title_justify="left")
        heroes.add_column("Hero")
        heroes.add_column("In games", justify="right")
        heroes.add_column("Played in Phase Two", justify="right")
        heroes.add_column("Its Phase Two player won", justify="right")
        for name in cards.HEROES:
            tally = stats.by_hero.get(name)
            if tally is None:
                continue
            rate = f"{tally.phase_two_win_rate:.1%}" if tally.phase_two else "-"
            heroes.add_row(name, str(tally.games), str(tally.phase_two), rate)
        console.print(heroes)
    for title, pool, table_of in (
        ("Settings", cards.SETTINGS, stats.by_setting),
        ("Buildings", cards.BUILDINGS, stats.by_building),
    ):
        if table_of:
            console.print(_location_table(title, pool, table_of))
    if stats.by_artifact:
        console.print(_artifact_table(stats.by_artifact))


def _artifact_table(tallies: dict[str, ArtifactTally]) -> Any:
    """A simulation's artifacts: the games each was dealt in, to the winner or to the loser,
    the games its holder used it, and how often its holder won (overall and when it was used)."""
    from rich.table import Table

    table = Table(title="Artifacts (dealt to the winner or the loser)", title_justify="left")
    table.add_column("Artifact", no_wrap=True)
    table.add_column("Games", justify="right")
    table.add_column("Winner", justify="right")
    table.add_column("Loser", justify="right")
    table.add_column("Used", justify="right")
    table.add_column("Won", justify="right")
    table.add_column("Won if used", justify="right")
    for name in cards.ARTIFACTS:
        tally = tallies.get(name)
        if tally is None:
            continue
        table.add_row(
            name,
            str(tally.games),
            str(tally.to_winner),
            str(tally.to_loser),
            str(tally.used),
            f"{tally.win_rate:.1%}",
            f"{tally.used_win_rate:.1%}" if tally.used else "-",
        )
    return table


def _location_table(title: str, pool: Sequence[str], tallies: dict[str, LocationTally]) -> Any:
    """A simulation's results per Setting or per Building: games, wins of each seat, draws, the
    games the location decided itself and how the games were decided (``result.reason``)."""
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    table.add_column(title[:-1])
    table.add_column("Games", justify="right")
    table.add_column("P0-P1-draws", justify="right")
    table.add_column("By it", justify="right")
    table.add_column("How the games were decided")
    for name in pool:
        tally = tallies.get(name)
        if tally is None:
            continue
        # the Dungeon decides a game by its extra votes (L11), the others by the result's reason
        decides = name in DECIDED_BEFORE_THE_VOTES or name == Dungeon.name
        reasons = ", ".join(f"{reason} {n}" for reason, n in tally.to_dict()["reasons"].items())
        table.add_row(
            name,
            str(tally.games),
            f"{tally.wins[0]}-{tally.wins[1]}-{tally.draws}",
            str(tally.decided) if decides else "-",
            reasons,
        )
    return table
