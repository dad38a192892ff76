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
@click.option(
    "--chosen-deals",
    is_flag=True,
    help="Let a game between two people be dealt from a seed its creator chooses (for tests, "
    "or events that publish their deals). By default such a game is always dealt from a fresh "
    "secret seed: whoever chose the seed would know the other player's hand. Games against a "
    "bot may always choose one; the table says so.",
)
@click.option(
    "--trust-proxy",
    "trust_proxy",
    multiple=True,
    metavar="ADDR[,ADDR]",
    help="The reverse proxies this server runs behind (IP addresses or networks like "
    "10.0.0.0/8; repeatable): only from one of them is X-Forwarded-For read as the client's "
    "address (its quotas) and X-Forwarded-Proto as its scheme. Default: none, every peer is "
    "the client (a header anyone can write is never believed).",
)
@click.option(
    "--bot-processes",
    type=click.IntRange(1),
    default=None,
    metavar="N",
    help="The worker processes that the search bots' moves and the analyses run in, shared "
    "fairly by the clients (a human's move never waits for them). Default: one less than the "
    "cores, at least 1.",
)
@click.option(
    "--max-bot-games",
    type=click.IntRange(0),
    default=6,
    show_default=True,
    metavar="N",
    help="How many games with a bot one client (IP address) may have in play at once; more are "
    "refused with 429 (0: no limit).",
)
@click.option(
    "--max-bot-only-games",
    type=click.IntRange(0),
    default=2,
    show_default=True,
    metavar="N",
    help="Of those, how many with no human seat (a bot against a bot: each keeps a worker busy "
    "until it ends); more are refused with 429 (0: no limit).",
)
@click.option(
    "--max-analyses",
    type=click.IntRange(0),
    default=2,
    show_default=True,
    metavar="N",
    help="How many analyses one client may have queued or running at once; more are refused "
    "with 429 (0: no limit). Analyses wait in a fair queue, and the page shows the place.",
)
def serve(
    host: str,
    port: int,
    db_url: str | None,
    broker_url: str | None,
    workers: int,
    allow_origins: tuple[str, ...],
    max_games_per_minute: int,
    chosen_deals: bool,
    trust_proxy: tuple[str, ...],
    bot_processes: int | None,
    max_bot_games: int,
    max_bot_only_games: int,
    max_analyses: int,
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
            chosen_deals=chosen_deals,
            trust_proxy=trust_proxy,
            bot_processes=bot_processes,
            max_bot_games=max_bot_games,
            max_bot_only_games=max_bot_only_games,
            max_analyses=max_analyses,
        )
    except ClaimError as exc:
        fail(str(exc))
