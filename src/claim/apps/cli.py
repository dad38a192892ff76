"""The ``claim`` command: deal, replay, simulate and play games of Claim, and match bots.

A thin adapter over the library: it parses options, calls the engine and prints text. Every error a
user can cause is printed as one line ``error: ...`` on stderr with exit code 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

import click

from claim import __version__
from claim.bots import decide
from claim.core import cards, records
from claim.core.engine import END_STEP, current_player, is_over, legal_actions
from claim.core.errors import ClaimError
from claim.core.options import SETUP_OPTIONS, Setup, SetupOptions, setup_options
from claim.core.powers import REGISTRY
from claim.core.powers import artifacts as arts
from claim.core.setup import GameConfig, new_game
from claim.core.state import State
from claim.core.view import observe, report
from claim.sim.arena import (
    MAX_DEALS,
    ArenaStats,
    ArtifactResult,
    GameOutcome,
    Tally,
    arena,
    build_bot,
    normalize_spec,
    parse_bots,
    worker_count,
)
from claim.sim.simulate import (
    DECIDING_LOCATIONS,
    ArtifactTally,
    LocationTally,
    SimulationStats,
    simulate,
)
from claim.sim.simulate import bot_seed as default_bot_seed
from claim.text.account import (
    LOCATION_CHOICES,
    Names,
    Narrator,
    artifact_rules_lines,
    artifact_title,
    artifact_titles,
    capitalize,
    location_rules_lines,
    location_title,
    pending_choice,
    replay_account,
)

#: exit code of every error a user can cause (bad options, records, moves, files)
ERROR_EXIT = 2


def _one_line(text: str) -> str:
    """The message on one line, each word cut to 300 characters (a bad value may be a
    5,000-digit number or a megabyte of text, which Click's own messages quote whole; a file
    name stays whole)."""
    return " ".join(_cut(word) for word in text.split())


def _cut(word: str) -> str:
    return word if len(word) <= 300 else f"{word[:40]}... ({len(word)} characters)"


def fail(message: str) -> NoReturn:
    """Print ``error: message`` on one line to stderr and leave with the error exit code."""
    click.echo(f"error: {_one_line(message)}", err=True)
    sys.exit(ERROR_EXIT)


class ClaimGroup(click.Group):
    """A group whose errors, Click's usage errors included, are one line on stderr."""

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
        except click.Abort:
            click.echo("aborted", err=True)
            sys.exit(1)
        except BrokenPipeError:
            # the reader went away (`claim simulate ... | head`): stop quietly
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


@click.group(name="claim", cls=ClaimGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="claim", message="%(prog)s %(version)s")
def cli() -> None:
    """Claim, the two-player trick-taking card game: deal, replay, simulate and play games.

    Records are JSON files (see docs/records.md); every game can be reproduced from its seed.
    """


def main() -> None:
    """The console entry point (``claim``)."""
    cli(prog_name="claim")


def _setup(seed: int | None, options: SetupOptions) -> Setup:
    """The resolved setup, or a one-line error naming the bad option (``--heroes: ...``)."""
    try:
        return options.resolve(seed)
    except ClaimError as exc:
        fail(str(exc))


# -------------------------------------------------------------------------------------------------
# deal
# -------------------------------------------------------------------------------------------------


@cli.command()
@setup_options
def deal(seed: int | None, options: SetupOptions) -> None:
    """Deal a new game and write its record (setup, deal, no moves) as JSON to stdout.

    The record replays with `claim replay`; add moves to its "moves" list to play it on. With
    heroes the record's setup names the heroes in the deck (setup.heroes), with locations the
    Setting and the Building (setup.setting, setup.building).
    """
    setup = _setup(seed, options)
    state = new_game(setup.config, setup.seed)
    click.echo(records.dumps(records.to_record(state)), nl=False)


# -------------------------------------------------------------------------------------------------
# replay
# -------------------------------------------------------------------------------------------------


def load_record(file: str) -> Any:
    """The JSON record in ``file`` (``-``: stdin); problems raise a one-line RecordError."""
    if file != "-":
        return records.read_json(file)
    stream = getattr(sys.stdin, "buffer", None)
    raw = stream.read() if stream is not None else sys.stdin.read().encode("utf-8", "replace")
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
    "--view P as player P saw it.",
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
        _echo_line(line)


def _echo_line(line: str) -> None:
    """A line of an account; section headings in bold on a terminal."""
    heading = line.endswith(":") and not line.startswith(" ")
    heading = heading or line in ("End of the game.",)
    click.secho(line, bold=heading)


# -------------------------------------------------------------------------------------------------
# simulate
# -------------------------------------------------------------------------------------------------


@cli.command(name="simulate")
@click.option("--games", type=click.IntRange(min=0), default=100, show_default=True, metavar="N")
@setup_options
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
    same results, except the timing.
    """
    seed = _setup(seed, options).seed  # one-line error for bad options
    if records_dir is not None:
        try:
            records_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"cannot create {records_dir}: {exc.strerror or exc}")

    def save(index: int, state: State) -> None:
        if records_dir is None:
            return
        path = records_dir / f"game-{index + 1:04d}.json"
        try:
            path.write_text(records.dumps(records.to_record(state)), encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {path}: {exc.strerror or exc}")

    if sys.stdout.isatty() and not as_json:
        stats = _simulate_with_progress(games, seed, options, save)
    else:
        stats = simulate(games, seed, options, on_game=save)
    if as_json:
        click.echo(json.dumps(stats.to_dict(), indent=1))
        return
    _print_stats(stats)


def _simulate_with_progress(
    games: int, seed: int, options: SetupOptions, save: Any
) -> SimulationStats:
    from rich.progress import Progress

    with Progress(transient=True) as progress:
        task = progress.add_task("Simulating", total=games)

        def step(index: int, state: State) -> None:
            save(index, state)
            progress.advance(task)

        return simulate(games, seed, options, on_game=step)


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
        decides = name in DECIDING_LOCATIONS or name == "dungeon"
        reasons = ", ".join(f"{reason} {n}" for reason, n in tally.to_dict()["reasons"].items())
        table.add_row(
            name,
            str(tally.games),
            f"{tally.wins[0]}-{tally.wins[1]}-{tally.draws}",
            str(tally.decided) if decides else "-",
            reasons,
        )
    return table


# -------------------------------------------------------------------------------------------------
# arena
# -------------------------------------------------------------------------------------------------

BOT_SPECS = "random, heuristic, search, search:easy|medium|hard"


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
@click.option(
    "--jobs",
    type=int,
    default=1,
    show_default=True,
    metavar="K",
    help="Play the games in K worker processes (the results do not depend on K).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as one JSON object.")
def arena_command(
    bots_text: str,
    deals: int,
    seed: int | None,
    options: SetupOptions,
    jobs: int,
    as_json: bool,
) -> None:
    """Match bot A against bot B over N duplicate deals and print A's win rate.

    Deal i (from 0) is dealt from seed S+i with the setup options and played twice, the seats
    swapped: A as player 0, then B as player 0. A scores 1 per win and 1/2 per draw; its win rate
    comes with a 95% interval paired over deals (and the per-game Wilson interval), and results
    per seat, per deck, per first leader, per location and, with artifacts, per artifact (A's
    results when A held it and when B did, and how often each used it). The same seed always
    gives the same results, whatever --jobs; see docs/bots.md.
    """
    if deals < 1:
        fail(f"--deals must be at least 1, not {_number(deals)}")
    if deals > MAX_DEALS:
        fail(f"--deals must be at most {MAX_DEALS:,}, not {_number(deals)}")
    if jobs < 1:
        fail(f"--jobs must be at least 1, not {_number(jobs)}")
    try:
        bots = parse_bots(bots_text)
    except ClaimError as exc:
        fail(f"--bots: {exc}")
    seed = _setup(seed, options).seed  # one-line error for bad options
    workers = worker_count(jobs, 2 * deals)
    if workers < jobs:  # told once every option is known to be good
        why = "games to play" if workers == 2 * deals else "CPUs available"
        click.echo(f"notice: --jobs {_number(jobs)} capped to {workers} (the {why})", err=True)
        jobs = workers
    start = time.perf_counter()
    if sys.stdout.isatty() and not as_json:
        stats = _arena_with_progress(bots, deals, seed, options, jobs)
    else:
        stats = arena(bots, deals, seed, options, jobs)
    seconds = time.perf_counter() - start
    if as_json:
        data = stats.to_dict()
        data["seconds"] = round(seconds, 4)
        click.echo(json.dumps(data, indent=1))
        return
    _print_arena(stats, seconds)


def _number(value: int) -> str:
    """An integer for a message: a huge one by its number of digits."""
    text = str(value)
    return text if len(text) <= 20 else f"{text[:8]}... ({len(text.lstrip('-'))} digits)"


def _arena_with_progress(
    bots: tuple[str, str], deals: int, seed: int, options: SetupOptions, jobs: int
) -> ArenaStats:
    from rich.progress import Progress

    with Progress(transient=True) as progress:
        task = progress.add_task(f"{bots[0]} vs {bots[1]}", total=2 * deals)

        def step(outcome: GameOutcome) -> None:
            progress.advance(task)

        return arena(bots, deals, seed, options, jobs, on_game=step)


def _wdl(tally: Tally) -> str:
    return f"{tally.wins}-{tally.draws}-{tally.losses} ({tally.win_rate:.3f})"


def _print_arena(stats: ArenaStats, seconds: float) -> None:
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
    table.add_row("Games per second", f"{stats.games / seconds if seconds > 0 else 0.0:.1f}")
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


# -------------------------------------------------------------------------------------------------
# serve
# -------------------------------------------------------------------------------------------------


@cli.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    metavar="HOST",
    help="The address to listen on (0.0.0.0: every interface, to play across a network).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    metavar="PORT",
    help="The port to listen on (0: any free port; the address is printed).",
)
@click.option(
    "--db",
    "db_url",
    default=None,
    metavar="URL",
    help="Where the games are kept: a SQLAlchemy URL (postgresql://...) or a SQLite file name. "
    "Default: $CLAIM_DATABASE_URL, else claim-games.db in the current folder.",
)
@click.option(
    "--allow-origin",
    "allow_origins",
    multiple=True,
    metavar="ORIGIN",
    help="Let pages of ORIGIN (https://example.com[:PORT], or * for any) open game sockets; "
    "by default only this server's own pages may (a client that sends no Origin, not a "
    "browser, always may). Repeatable.",
)
@click.option(
    "--max-games-per-minute",
    type=click.IntRange(0),
    default=30,
    show_default=True,
    metavar="N",
    help="How many games one client (IP address) may create in any minute (0: no limit).",
)
def serve(
    host: str,
    port: int,
    db_url: str | None,
    allow_origins: tuple[str, ...],
    max_games_per_minute: int,
) -> None:
    """Serve Claim in the browser: a lobby to start games against a bot or a friend (every
    expansion), the table, spectating and replays (docs/web.md).

    The server holds every game and sends each seat only what it may see; every move is saved
    in the database, so a restart loses nothing. Prints the lobby's address, then runs until
    Ctrl+C.
    """
    try:
        from claim.apps.web import run_serve

        run_serve(
            host,
            port,
            db_url,
            allow_origins=allow_origins,
            max_games_per_minute=max_games_per_minute,
        )
    except ClaimError as exc:
        fail(str(exc))


# -------------------------------------------------------------------------------------------------
# play
# -------------------------------------------------------------------------------------------------

#: the opponent of `claim play` without --bot
DEFAULT_PLAY_BOT = "heuristic"

PLAY_HELP = """\
Type a move by its number or in full (e.g. 1, or "play goblins:5"); "goblins:5" alone plays it.
Other commands:
  help         this text, and the powers of the factions, heroes, locations and artifacts in
               play
  show         show the table again
  save FILE    write the game so far as a record (replay it with: claim replay FILE)
  quit         leave the game"""


@cli.command()
@setup_options
@click.option(
    "--seat",
    type=click.IntRange(0, 1),
    default=0,
    show_default=True,
    metavar="0|1",
    help="Your seat: player 0 or player 1 (player 0 leads first by default).",
)
@click.option(
    "--bot",
    "bot_spec",
    default=DEFAULT_PLAY_BOT,
    show_default=True,
    metavar="NAME[:STRENGTH]",
    help=f"Your opponent: {BOT_SPECS}.",
)
@click.option(
    "--bot-seed",
    type=int,
    default=None,
    metavar="N",
    help="Seed of the bot. Default: derived from the game seed.",
)
@click.option(
    "--plain",
    is_flag=True,
    help="The line-by-line game (type moves at a prompt) instead of the full-screen table; "
    "the default when the input or output is not a terminal.",
)
@click.option(
    "--no-menu",
    is_flag=True,
    help="Start at once with the options given, without the new-game screen (it is skipped "
    "too when any setup option or --seed is given).",
)
@click.option(
    "--resume",
    "resume",
    default=None,
    metavar="FILE",
    help="Continue the game saved in FILE (a record written by save); its setup is used.",
)
@click.pass_context
def play(
    ctx: click.Context,
    seed: int | None,
    options: SetupOptions,
    seat: int,
    bot_spec: str,
    bot_seed: int | None,
    plain: bool,
    no_menu: bool,
    resume: str | None,
) -> None:
    """Play a game in the terminal against a bot (--bot; see docs/bots.md).

    In a terminal it opens the full-screen table: a new-game screen (deck, heroes, locations,
    artifacts, first leader, opponent and strength, seed, seat), then the table with your hand,
    the trick, both Score piles by faction with who leads each vote, the legal moves to pick by
    number or arrows, a log that explains every trick, help (?) with the rules of everything in
    play, save (s) and quit (q). --plain (or input that is not a terminal) plays line by line.

    You see only what your seat may know: your hand, the prize, the trick so far, both Score
    piles, the face-up Gnomes, the Troll pool, the locations' tallies (Plateau, Ice Fields, Lava
    Fields, Lighthouse, Dungeon), your artifacts and the ones the bot has used (how many it still
    holds, not which), and how many cards are left in the deck and each hand. Type a move or its
    number; "help" lists the commands ("save FILE", "quit") and the rules of the powers,
    locations and artifacts in play.
    """
    try:
        spec = normalize_spec(bot_spec)
    except ClaimError as exc:
        fail(f"--bot: {exc}")
    if not plain and sys.stdin.isatty() and sys.stdout.isatty():
        _play_on_table(ctx, seed, options, seat, spec, bot_seed, no_menu, resume)
        return
    if resume is not None:
        fail("--resume needs the full-screen table (a terminal, without --plain)")
    setup = _setup(seed, options)
    state = new_game(setup.config, setup.seed)
    bot_player = 1 - seat
    if bot_seed is None:
        bot_seed = default_bot_seed(setup.seed, bot_player)
    bot = build_bot(spec, bot_seed)
    names = Names(("you", "the bot") if seat == 0 else ("the bot", "you"))
    narrator = Narrator(state, viewer=seat, names=names, live=True)
    click.echo(
        f"Claim: you are player {seat}, against the {_bot_label(spec)} bot. Seed {setup.seed} "
        f"(play this deal again with --seed {setup.seed})."
    )
    click.echo(f"Factions: {', '.join(setup.config.factions)}. Type help for the commands.")
    for line in hero_lines(setup.config):
        click.echo(line)
    for line in location_rules_lines(setup.config):
        click.echo(line)
    for line in artifact_start_lines(setup.config, seat, names):
        click.echo(line)
    while not is_over(state):
        player = current_player(state)
        if player == bot_player:
            _tell(narrator.apply(decide(state, bot)))
            continue
        click.echo("")
        for line in table_lines(observe(state, seat), seat, names, state):
            click.echo(line)
        if not _human_turn(state, narrator, seat):
            return
    click.echo("Thanks for playing.")


def hero_lines(config: GameConfig) -> list[str]:
    """What both players know of the heroes (§2 step 3): how many are in the deck and the pool
    they come from (which ones is secret), and the values that differ from R-61 (H9)."""
    if not config.heroes:
        return []
    count = len(config.heroes)
    pool = (
        f"all {len(cards.HEROES)} heroes"
        if config.hero_pool == cards.HEROES
        else ", ".join(config.hero_pool)
    )
    secret = "" if count == len(config.hero_pool) else " (which ones is secret)"
    lines = [f"Heroes: {count} in the deck, from {pool}{secret}."]
    if config.hero_values:
        values = ", ".join(f"{name} {value}" for name, value in config.hero_values)
        lines.append(f"Hero values changed: {values}.")
    return lines


def artifact_start_lines(config: GameConfig, seat: int, names: Names) -> list[str]:
    """What the player at ``seat`` knows of the artifacts when the game starts (§8): their own
    three, that the other holds three secret ones, and the public pool they were dealt from."""
    if not config.artifacts:
        return []
    other = 1 - seat
    pool = (
        f"all {len(cards.ARTIFACTS)}"
        if config.artifact_pool == cards.ARTIFACTS
        else artifact_titles(config.artifact_pool)
    )
    return [
        f"Artifacts: you hold {artifact_titles(config.artifacts[seat])}; {names[other]} holds "
        f"{len(config.artifacts[other])}, secret until used. Dealt from {pool} (help shows "
        "their rules)."
    ]


def artifact_help_lines(config: GameConfig, seat: int) -> list[str]:
    """The rules of the artifacts in play for the help: the pool they were dealt from, yours
    marked."""
    if not config.artifacts:
        return []
    mine = set(config.artifacts[seat])
    lines = []
    for name, line in zip(
        config.artifact_pool, artifact_rules_lines(config.artifact_pool), strict=True
    ):
        title = artifact_title(name)
        if name in mine:
            line = f"{title} (yours){line[len(title) :]}"
        lines.append(line)
    return lines


def _bot_label(spec: str) -> str:
    """``random`` → ``random``; ``search`` → ``search (medium)``; ``search:hard`` → ``search
    (hard)``."""
    name, _, strength = spec.partition(":")
    if name == "search":
        return f"{name} ({strength or 'medium'})"
    return name


def _tell(lines: list[str]) -> None:
    for line in lines:
        _echo_line(line)


def _human_turn(state: State, narrator: Narrator, seat: int) -> bool:
    """Ask until the human makes a legal move (True) or leaves (False)."""
    legal = legal_actions(state)
    while True:
        try:
            text = click.prompt("Your move", default="", show_default=False).strip()
        except click.Abort:
            click.echo("")
            click.echo("End of input: the game is left unfinished.")
            return False
        if not text:
            continue
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("quit", "exit", "q"):
            click.echo("You leave the game unfinished.")
            return False
        if word in ("help", "?"):
            click.echo(PLAY_HELP)
            for name in (*state.config.factions, *state.config.hero_pool):
                power = REGISTRY.get(name)
                if power is not None:
                    click.echo(f"  {name}: {power.rules_text()}")
            for line in location_rules_lines(state.config):
                click.echo(f"  {line}")
            for line in artifact_help_lines(state.config, seat):
                click.echo(f"  {line}")
            continue
        if word == "show":
            for line in table_lines(observe(state, seat), seat, narrator.names, state):
                click.echo(line)
            continue
        if word == "save":
            _save(state, rest.strip())
            continue
        move = _parse_move(text, legal)
        if move is None:
            continue
        _tell(narrator.apply(move))
        return True


def _parse_move(text: str, legal: list[str]) -> str | None:
    """The legal move a player typed, or None after printing a one-line error."""
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        click.echo(f"error: there is no move {number}; choose 1 to {len(legal)}", err=True)
        return None
    if text in legal:
        return text
    if f"play {text}" in legal:
        return f"play {text}"
    click.echo(f"error: illegal move {text!r}; legal moves: {', '.join(legal)}", err=True)
    return None


#: the parameter names of the setup options (given on the command line: no new-game screen)
SETUP_OPTION_NAMES = tuple(SETUP_OPTIONS)


def _play_on_table(
    ctx: click.Context,
    seed: int | None,
    options: SetupOptions,
    seat: int,
    spec: str,
    bot_seed: int | None,
    no_menu: bool,
    resume: str | None,
) -> None:
    """``claim play`` in a terminal: the Textual table (claim.apps.tui). The new-game screen is
    shown unless the command line already says how to set the game up."""
    from claim.apps.tui import run_play

    given = any(
        ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
        for name in ("seed", *SETUP_OPTION_NAMES)
    )
    try:
        run_play(options, seed, seat, spec, bot_seed, menu=not (no_menu or given), resume=resume)
    except ClaimError as exc:
        fail(str(exc))


def _save(state: State, target: str) -> None:
    if not target:
        click.echo("error: save needs a file name, e.g. save game.json", err=True)
        return
    try:
        Path(target).write_text(records.dumps(records.to_record(state)), encoding="utf-8")
    except OSError as exc:
        click.echo(f"error: cannot write {target}: {exc.strerror or exc}", err=True)
        return
    click.echo(f"Saved the game to {target} (claim replay {target} shows it).")


def _by_faction(codes: list[str]) -> str:
    """A Score pile grouped by faction: ``goblins 5 0 · knights 2``."""
    if not codes:
        return "empty"
    groups: dict[str, list[str]] = {}
    for code in codes:
        faction, _, value = code.partition(":")
        groups.setdefault(faction, []).append(value)
    return " · ".join(
        f"{f} {' '.join(sorted(v, key=_value_key, reverse=True))}" for f, v in groups.items()
    )


def _value_key(value: str) -> tuple[int, str]:
    digits = value.rstrip("x")
    return (int(digits) if digits.isdigit() else -1, value)


def _expansion_lines(
    view: dict[str, Any], seat: int, names: Names, factions: tuple[str, ...]
) -> list[str]:
    """The Reinforcements components on the table: Vampire stacks, the moon, the Toxics, the Fire
    Phoenix pile."""
    lines: list[str] = []
    players = view["players"]
    if "vampires" in factions:
        for p in (0, 1):
            vampire = players[p].get("vampire")
            tucked = players[p].get("tucked") or []
            if vampire:
                under = f", tucked under it: {', '.join(tucked)}" if tucked else ", nothing tucked"
                lines.append(f"{capitalize(names.owner(p))} face-up Vampire: {vampire}{under}")
            else:
                lines.append(f"{capitalize(names.owner(p))} face-up Vampire: none")
    if "werewolves" in factions:
        moon = view["moon"]
        rule = "the lower Werewolf wins" if moon == "no-moon" else "the higher Werewolf wins"
        lines.append(f"Moon: {moon} ({rule} on a Werewolf lead)")
    if view.get("toxics"):
        shown = [f"{i}. {code}" for i, code in enumerate(view["toxics"], 1)]
        lines.append(f"Toxics (face-up, values hidden unless you peeked): {'; '.join(shown)}")
    if "phoenixes" in factions:
        lines.append(f"Fire Phoenix pile: {len(view['fire_phoenix'])} cards")
    return lines


def _table_heading(view: dict[str, Any], state: State) -> str:
    """The table's first line: the trick being played, or the decisions of a phase start or of
    the end of the game (Endless Sands, Windy Peaks, Swamp, Tavern, the Gargoyle)."""
    phase = view["phase"]
    phase_name = "One" if phase == 1 else "Two"
    if END_STEP in state.counters:
        return "── End of the game ──"
    if view.get("current") is None and pending_choice(state) is not None:
        return f"── Phase {phase_name} begins ──"
    if view.get("current") is None and state.tasks and state.tasks[0][0] in PHASE_START_ASKS:
        return f"── Phase {phase_name} begins ──"  # Gambler's Book, Flail of Dawn (A4)
    number = 1 + sum(1 for t in view["tricks"] if t["phase"] == phase)
    return f"── Phase {phase_name}, trick {number} ──"


#: the artifact decisions taken when Phase Two begins, before its first trick (A4)
PHASE_START_ASKS = (arts.BETWEEN, arts.FLAIL, arts.ASIDE, arts.BOOK_TAKE)


def artifact_lines(view: dict[str, Any], seat: int, names: Names) -> list[str]:
    """The artifacts as ``seat`` sees them (§8, W11): your unused and used ones, how many the
    other still holds (not which) and the ones they used, the cards set aside (Flail of Dawn:
    yours by name), and the public tallies in words (``view["counters"]``: the Prowler's Torch
    and the Mask of Darkness tricks left, the Flask of Tears and Ice Sword bonuses waiting, your
    run of lost tricks while you hold a Flask of Tears)."""
    players = view["players"]
    if "artifacts" not in players[seat]:
        return []
    other = 1 - seat
    mine, theirs = players[seat], players[other]
    unused = artifact_titles(mine["artifacts"]) or "none"
    used = f"; used: {artifact_titles(mine['used_artifacts'])}" if mine["used_artifacts"] else ""
    lines = [f"Your artifacts: {unused}{used}"]
    count = len(theirs["artifacts"])
    used = artifact_titles(theirs["used_artifacts"]) or "none"
    lines.append(
        f"{capitalize(names.owner(other))} artifacts: {count} unused (secret); used: {used}"
    )
    if mine.get("aside"):
        lines.append(
            f"Your card set aside (Flail of Dawn): {', '.join(mine['aside'])}; you must play it "
            "in your last trick"
        )
    if theirs.get("aside"):
        lines.append(
            f"{capitalize(names.act(other, 'has', 'have'))} set a card aside face-down (Flail "
            "of Dawn) for their last trick"
        )
    counters: dict[str, int] = view.get("counters") or {}
    now = "this trick" if view.get("current") is not None else "the next trick"
    for name, what in (
        (arts.TORCH, "every card taken from the deck is shown to both players"),
        (arts.MASK, "the leader plays face-down and the follower may play any card"),
    ):
        left = counters.get(name, 0)
        if left > 0:
            when = f"{now} and the one after" if left > 1 else now
            lines.append(f"{artifact_title(name)}: {what} ({when})")
    for p in (seat, other):
        for name in arts.BONUSES:
            amount = counters.get(f"{name}:{p}", 0)
            if amount:
                their = "your" if names[p] == "you" else "their"
                lines.append(
                    f"{artifact_title(name)}: {names.act(p, 'has', 'have')} +{amount} on {their} "
                    "next card"
                )
    lost = counters.get(f"{arts.LOSSES}:{seat}", 0)
    if "flask-of-tears" in mine["artifacts"] and lost >= 3:
        lines.append(
            f"Flask of Tears: you have lost {lost} tricks in a row; your Flask may be used at the "
            "start of a trick"
        )
    return lines


#: what each artifact's use does, as a hint after the move in the list ({arg}: its argument,
#: {other}: the opponent)
ARTIFACT_HINTS = {
    "prowlers-torch": "cards taken from the deck shown to both, this trick and the next",
    "mask-of-darkness": "face-down leads this trick and the next; the follower plays freely",
    "gamblers-dice": "both cards of this trick drawn at random",
    "endless-rope": "{arg} from your Score pile to your hand",
    "flask-of-tears": "+9 on your next card",
    "book-of-memories": "lead a card from your Score pile",
    "kings-dagger": "take that 5 into your Score pile; {other} plays another card",
    "magic-wand": "your card counts {arg}",
    "mirror-of-lies": "your card +5 at 5 or less, −5 above",
    "hunting-cloak": "{other_poss} card is drawn at random",
    "wishing-lamp": "name {arg}",
    "bottomless-bottle": "the lower value wins this trick",
    "ice-sword": "both cards freeze; the same leader leads again",
    "spyglass": "discard {arg}, then take a card of the discard pile",
    "gamblers-book": "discard a random card of your hand, then take one of the discard pile",
    "flail-of-dawn": "{other} sets a card aside for their last trick",
}


def move_hint(move: str, names: Names, seat: int) -> str:
    """A short explanation after an artifact move of the list (empty for other moves)."""
    if not move.startswith("use "):
        return ""
    parts = move.split(" ", 2)
    name = parts[1]
    template = ARTIFACT_HINTS.get(name)
    if template is None:
        return ""  # a hero's use (Skeleton, Dinosaur, ...)
    text = template.format(
        arg=parts[2] if len(parts) > 2 else "",
        other=names[1 - seat],
        other_poss=names.owner(1 - seat),
    )
    return f"{artifact_title(name)}: {text}"


def _window_line(view: dict[str, Any], seat: int, names: Names, state: State) -> str:
    """What an artifact decision of ``seat`` asks, in words (R-80 windows, A1–A4)."""
    task = state.tasks[0] if state.tasks else None
    if task is None or task[1] != seat or task[0] not in ARTIFACT_WINDOWS:
        return ""
    kind, _, data = task
    other = names[1 - seat]
    if kind == arts.DAGGER:
        plays = (view.get("current") or {}).get("plays") or []
        card = plays[data]["card"] if data < len(plays) else "a card"
        return (
            f"{capitalize(names.act(1 - seat, 'has', 'have'))} just played {card}, a printed 5: "
            "your King's Dagger may take it, or pass"
        )
    return ARTIFACT_WINDOWS[kind].format(other=other)


#: each artifact decision in words ({other}: the opponent)
ARTIFACT_WINDOWS = {
    arts.START: "Start of the trick: you may use an artifact before the lead, or pass",
    arts.DAGGER: "",
    arts.PLAYED: "Right after your card: you may use an artifact, or pass",
    arts.ICE: "Both cards are down: your Ice Sword may freeze them, or pass",
    arts.WON: (
        "You won the trick: your Spyglass may swap a card you collected for one of the discard "
        "pile, or pass"
    ),
    arts.BETWEEN: (
        "Between the phases: your Gambler's Book may discard a random card of your hand and take "
        "one of the discard pile, or pass"
    ),
    arts.FLAIL: (
        "Phase Two begins: your Flail of Dawn may make {other} set a card aside for their last "
        "trick, or pass"
    ),
    arts.ASIDE: (
        "Flail of Dawn: set a card of your hand aside face-down; you must play it in your last "
        "trick"
    ),
    arts.BOOK_TAKE: "Gambler's Book: take a card of the discard pile to the end of your hand",
    arts.SPY_TAKE: "Spyglass: put a card of the discard pile into your Score pile",
}


def location_lines(view: dict[str, Any], names: Names) -> list[str]:
    """The locations in play and their public tallies in words (``view["counters"]``): a
    Plateau streak, the Ice Fields bonus waiting, a Lava Fields run, the factions won outright at
    the Lighthouse, the Dungeon's Phase One extra vote."""
    setting, building = view.get("setting"), view.get("building")
    if not setting and not building:
        return []
    where = [
        f"{kind} {location_title(name)}"
        for kind, name in (("setting", setting), ("building", building))
        if name
    ]
    lines = [f"Locations: {', '.join(where)} (help shows their rules)"]
    counters: dict[str, int] = view.get("counters") or {}

    def has(p: int) -> str:
        return names.act(p, "has", "have")

    def their(p: int) -> str:
        return "your" if names[p] == "you" else "their"

    player, count = counters.get("plateau-player", -1), counters.get("plateau-count", 0)
    if setting == "plateau" and player in (0, 1) and count > 0:
        lines.append(
            f"Plateau: {has(player)} won {count} trick{'s' if count != 1 else ''} in a row (at 3 "
            "the other player leads the next trick)"
        )
    player = counters.get("ice-fields", -1)
    if setting == "ice-fields" and player in (0, 1):
        lines.append(f"Ice Fields: {has(player)} +1 on {their(player)} next card")
    player, count = counters.get("lava-player", -1), counters.get("lava-count", 0)
    if setting == "lava-fields" and player in (0, 1) and count > 0:
        lines.append(
            f"Lava Fields: {has(player)} lost {count} trick{'s' if count != 1 else ''} in a row "
            "in Phase Two (5 in a row wins the game)"
        )
    outright: dict[int, list[str]] = {}
    for key, owner in counters.items():
        if key.startswith("lighthouse:") and owner in (0, 1):
            outright.setdefault(owner, []).append(key.split(":", 1)[1])
    for owner, factions in sorted(outright.items()):
        lines.append(f"Lighthouse: {', '.join(factions)} won outright by {names[owner]}")
    if building == "dungeon" and "dungeon-1" in counters:
        first = counters["dungeon-1"]
        lines.append(
            f"Dungeon: {names[first]} won the last trick of Phase One (one extra vote at the end)"
            if first in (0, 1)
            else "Dungeon: nobody won the last trick of Phase One"
        )
    return lines


def _choice_lines(view: dict[str, Any], seat: int, names: Names, state: State) -> list[str]:
    """A simultaneous choice under way (R-62, W8): the cards you chose (not yet carried out),
    how many the other has chosen, and what your pending location decision asks."""
    lines: list[str] = []
    kind = pending_choice(state)
    verb = LOCATION_CHOICES[kind][0] if kind is not None else "discard"
    other = 1 - seat
    chosen = view["players"][seat].get("chosen")
    if chosen:
        to = f" to {names[other]}" if verb == "give" else ""
        it = "it goes" if len(chosen) == 1 else "they go"
        lines.append(f"You chose to {verb} {', '.join(chosen)}{to}; {it} once both have chosen")
    theirs = len(state.chosen[other])
    if kind is not None and theirs:
        what = f"{theirs} card{'s' if theirs != 1 else ''}"
        to = " to give you" if verb == "give" else " to discard"
        lines.append(
            f"{capitalize(names.act(other, 'has', 'have'))} chosen {what}{to}; you see them once "
            "both have chosen"
        )
    nxt = view.get("next") or {}
    task = state.tasks[0] if state.tasks else None
    if task is None or nxt.get("player") != seat or task[0] not in (*LOCATION_CHOICES, "islands"):
        return lines
    ask, _, left = task
    title = location_title(ask)
    if ask == "islands":
        lines.append(f"{title}: take one of the two prizes; the other stays face-up")
        return lines
    more = "" if not chosen else " more"
    cards_left = f"{left}{more} card{'s' if left != 1 else ''}"
    if ask == "tavern":
        lines.append(
            f"{title}: give {cards_left} of your Score pile to {names[other]}, one move each; "
            "neither sees the other's choice until both have chosen"
        )
    elif verb == "give":
        lines.append(
            f"{title}: give {cards_left} from your hand to {names[other]}, one move each; "
            "neither sees the other's choice until both have chosen"
        )
    else:
        lines.append(
            f"{title}: discard {cards_left} from your hand, one move each; neither sees the "
            "other's choice until both have chosen"
        )
    return lines


def table_lines(view: dict[str, Any], seat: int, names: Names, state: State) -> list[str]:
    """The table as ``seat`` sees it, from ``observe`` only (``state`` names the factions and the
    decision being asked)."""
    players = view["players"]
    lines = [_table_heading(view, state)]
    current = view.get("current")
    if current is not None:
        if len(current.get("prizes") or ()) > 1:
            lines.append(
                f"Prizes (Islands): {' and '.join(current['prizes'])} (the trick's winner takes "
                "one, the other stays face-up)"
            )
        elif current.get("prize"):
            lines.append(f"Prize: {current['prize']}")
        if current["plays"]:
            said = [
                f"{names[p['player']]} {'led' if i == 0 else 'played'} {p['card']}"
                for i, p in enumerate(current["plays"])
            ]
            lines.append("Trick so far: " + ", ".join(said))
        else:
            lines.append(f"Trick so far: nothing played; {names[current['leader']]} to lead")
        if current.get("artifacts"):
            used = artifact_titles(current["artifacts"])
            if current.get("daggered"):
                used += f" (the King's Dagger took {', '.join(current['daggered'])})"
            lines.append(f"Artifacts used in this trick: {used}")
    hand = players[seat]["hand"]
    lines.append(f"Your hand ({len(hand)}): {', '.join(hand) or 'empty'}")
    if players[seat]["followers"]:
        lines.append(f"Your Follower deck: {', '.join(players[seat]['followers'])}")
    lines.append("Score piles:")
    for p in (0, 1):
        lines.append(f"  {names[p]}: {_by_faction(players[p]['score'])}")
    factions = state.config.factions
    if "gnomes" in factions or any(pl["gnomes"] for pl in players):
        gnomes = "; ".join(
            f"{names[p]}: {', '.join(players[p]['gnomes']) or 'none'}" for p in (0, 1)
        )
        lines.append(f"Face-up Gnomes: {gnomes}")
    if "trolls" in factions or view["troll_pool"]:
        lines.append(f"Troll pool: {', '.join(view['troll_pool']) or 'empty'}")
    lines.extend(_expansion_lines(view, seat, names, factions))
    if view.get("table"):
        lines.append(
            f"On the table: {', '.join(view['table'])} (the Gelatinous Cube and the card under "
            "it: the next trick's winner takes them)"
        )
    lines.extend(location_lines(view, names))
    lines.extend(artifact_lines(view, seat, names))
    lines.extend(_choice_lines(view, seat, names, state))
    other = 1 - seat
    aside = len(players[other].get("aside") or ())
    lines.append(
        f"Cards left: deck {len(view['deck'])}, your hand {len(hand)}, "
        f"{names.owner(other)} hand {len(players[other]['hand'])}"
        f"{f' (and {aside} set aside)' if aside else ''}; Follower decks: "
        f"yours {len(players[seat]['followers'])}, {names.owner(other)} "
        f"{len(players[other]['followers'])}"
    )
    seen = [c for c in view["deck"] if c != "?"]
    if seen:
        lines.append(f"You see the top card of the deck: {', '.join(seen)}")
    nxt = view.get("next") or {}
    legal = nxt.get("legal") or []
    if legal:
        window = _window_line(view, seat, names, state)
        if window:
            lines.append(window)
        lines.append("Your moves:")
        for i, move in enumerate(legal, 1):
            hint = move_hint(move, names, seat)
            lines.append(f"  {i}. {move}" + (f" — {hint}" if hint else ""))
    return lines


if __name__ == "__main__":  # pragma: no cover
    main()
