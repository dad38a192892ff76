"""``claim serve``: the web server (lobby, table, spectating, replays)."""

from __future__ import annotations

import click

from claim.apps.cli.group import cli, fail
from claim.core.errors import ClaimError


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
    "--broker",
    "broker_url",
    default=None,
    metavar="URL",
    help="The Redis through which several server processes on one (PostgreSQL) database tell "
    "each other their moves: redis://HOST:PORT/0. Default: $CLAIM_BROKER, else none (this "
    "process alone on its database).",
)
@click.option(
    "--workers",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    metavar="N",
    help="How many server processes to run on this address (more than 1 needs --broker and a "
    "PostgreSQL --db); put as many as there are cores.",
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
    broker_url: str | None,
    workers: int,
    allow_origins: tuple[str, ...],
    max_games_per_minute: int,
) -> None:
    """Serve Claim in the browser: a lobby to start games against a bot or a friend (every
    expansion), the table, spectating and replays (docs/web.md).

    The server holds every game and sends each seat only what it may see; every move is saved
    in the database, so a restart loses nothing. Any number of processes, here (--workers) or on
    other hosts, may share a PostgreSQL database and a Redis broker. Prints the lobby's address,
    then runs until Ctrl+C.
    """
    try:
        from claim.apps.web import run_serve
        from claim.apps.web.serve import bind

        # the address first: a bad --host or a busy port must leave no database file behind
        bind(host, port).close()
        run_serve(
            host,
            port,
            db_url,
            broker_url=broker_url,
            workers=workers,
            allow_origins=allow_origins,
            max_games_per_minute=max_games_per_minute,
        )
    except ClaimError as exc:
        fail(str(exc))
