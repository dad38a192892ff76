"""``claim serve``: bind the address, print it, and run the app under uvicorn until Ctrl+C.

With ``--workers N`` (and a broker and a PostgreSQL database: docs/web.md, "Many processes"),
uvicorn's supervisor runs N worker processes that share the listening socket, each its own
:func:`worker_app`, and starts a new one in place of one that dies.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import socket
import sys
from collections.abc import Iterable, Mapping
from typing import Any

from claim.apps.web.broker import display_broker
from claim.apps.web.store import display_url, is_sqlite
from claim.core.errors import ClaimError

#: the environment variable that names the database when ``--db`` is not given
DB_ENV = "CLAIM_DATABASE_URL"
#: the environment variable that names the broker when ``--broker`` is not given
BROKER_ENV = "CLAIM_BROKER"
#: how the ``--workers`` parent gives its settings to the worker processes (:func:`worker_app`)
WORKER_ENV = "CLAIM_SERVE_WORKER"
#: the database when neither ``--db`` nor the environment names one: a file in the current folder
DEFAULT_DB_URL = "sqlite:///claim-games.db"
#: the largest WebSocket message uvicorn accepts (a move is a few dozen bytes)
WS_MAX_SIZE = 64 * 1024

_TOKEN = re.compile(r"(token=)[^&\s\"']+")


def default_db_url() -> str:
    """``$CLAIM_DATABASE_URL``, else a SQLite file ``claim-games.db`` in the current folder."""
    return os.environ.get(DB_ENV, "").strip() or DEFAULT_DB_URL


def default_broker_url() -> str | None:
    """``$CLAIM_BROKER``, else None (no broker: this process alone on its database)."""
    return os.environ.get(BROKER_ENV, "").strip() or None


def redact(text: str) -> str:
    """``text`` with every ``token=...`` written ``token=…``."""
    return _TOKEN.sub(r"\1…", text) if "token=" in text else text


class RedactTokens(logging.Filter):
    """Seat tokens travel in the addresses of the table page and the WebSocket: the server's log
    never shows them. The record keeps its shape (uvicorn's access formatter reads its five
    ``args``: client, method, path, HTTP version, status): only the text in it is redacted."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in args)
        elif isinstance(args, Mapping):
            record.args = {k: redact(v) if isinstance(v, str) else v for k, v in args.items()}
        if isinstance(record.msg, str) and not args:
            record.msg = redact(record.msg)
        return True


def websocket_protocol() -> type[asyncio.Protocol] | str:
    """uvicorn's WebSocket protocol, made to answer what it cannot read.

    - websockets refuses an upgrade request whose request line or a header is too long (a
      10,000-character path: 414) or that is not HTTP, and queues its answer; uvicorn's protocol
      never writes it, and the client waits on an open socket. This one writes the answer and
      closes the connection.
    - A text frame that is not UTF-8 is closed with 1007 as before, but logged in one line, not
      with a traceback (any client could fill the log with them).
    - A socket refused with an HTTP answer (403 for a foreign Origin) is not logged as an app
      that "returned without completing handshake"."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
    except ImportError:  # pragma: no cover - another uvicorn: its own WebSocket protocol
        return "auto"

    class ClaimWebSocketProtocol(WebSocketsSansIOProtocol):
        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            conn = self.conn
            refused = not self.handshake_initiated and conn.handshake_exc is not None
            if refused and not self.transport.is_closing():
                self.transport.write(b"".join(conn.data_to_send()))
                self.transport.close()

        async def send(self, message: Any) -> None:
            await super().send(message)
            if message["type"] == "websocket.http.response.body" and not message.get(
                "more_body", False
            ):
                # a socket refused with an HTTP answer (a foreign Origin) is done: without this,
                # uvicorn logs "ASGI callable returned without completing handshake" as an error
                self.handshake_complete = True

        def send_receive_event_to_app(self) -> None:
            if self.curr_msg_data_type == "text" and not self.close_sent:
                try:
                    b"".join(self.frames).decode()
                except UnicodeDecodeError:
                    self.frames = []
                    where = f"{self.client[0]}:{self.client[1]} - " if self.client else ""
                    self.logger.info("%sWebSocket text that is not UTF-8: closed (1007)", where)
                    self.conn.send_close(1007)
                    self.handle_parser_exception()
                    return
            super().send_receive_event_to_app()

    return ClaimWebSocketProtocol


#: the WebSocket protocol of every server (a worker process names it by this module's path)
WS_PROTOCOL = websocket_protocol()


def _redact_logs() -> None:
    redact = RedactTokens()
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(redact)


def _uvicorn_options() -> dict[str, Any]:
    return {
        "log_level": "info",
        "ws_max_size": WS_MAX_SIZE,
        # a state message is a few kilobytes of JSON: compressing each one would cost more
        # server time than the move itself (about 0.6 ms a message), for little gain
        "ws_per_message_deflate": False,
        "lifespan": "on",
        "timeout_graceful_shutdown": 5,
        # X-Forwarded-For is read by the app, and only from the proxies named with
        # --trust-proxy (uvicorn's own reading trusts any client on 127.0.0.1: issue 35)
        "proxy_headers": False,
    }


def worker_app() -> Any:
    """The app of one ``--workers`` process, from the settings its parent put in
    ``$CLAIM_SERVE_WORKER`` (uvicorn calls it in each worker: ``factory=True``)."""
    from claim.apps.web.app import create_app

    _redact_logs()
    settings = json.loads(os.environ[WORKER_ENV])
    return create_app(settings.pop("db"), **settings)


def check_workers(workers: int, db_url: str, broker_url: str | None) -> None:
    """Several processes need a broker and a database server: a one-line ClaimError otherwise."""
    if workers < 1:
        raise ClaimError("--workers: must be 1 or more")
    if workers == 1:
        return
    if broker_url is None:
        raise ClaimError(
            f"--workers {workers}: several processes must tell each other their moves: "
            f"add --broker redis://HOST:PORT/0 (or set ${BROKER_ENV}) and a PostgreSQL --db"
        )
    if is_sqlite(db_url):
        raise ClaimError(
            f"--workers {workers}: several processes need a database server, not a SQLite file: "
            "--db postgresql+psycopg://USER@HOST/DB"
        )


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free port); a one-line ClaimError when
    the address cannot be used."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        raise ClaimError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.setblocking(False)
    return sock


def address_of(sock: socket.socket, host: str) -> str:
    """The address to open in a browser: a wildcard host is reached as localhost."""
    port = sock.getsockname()[1]
    shown = host
    if host in ("", "0.0.0.0", "::"):
        shown = "localhost"
    elif ":" in host:
        shown = f"[{host}]"
    return f"http://{shown}:{port}/"


def run_serve(
    host: str,
    port: int,
    db_url: str | None = None,
    *,
    broker_url: str | None = None,
    workers: int = 1,
    allow_origins: Iterable[str] = (),
    max_games_per_minute: int | None = None,
    chosen_deals: bool = False,
    trust_proxy: Iterable[str] = (),
    bot_processes: int | None = None,
    max_bot_games: int | None = None,
    max_bot_only_games: int | None = None,
    max_analyses: int | None = None,
) -> None:
    """Serve Claim on ``host:port`` with its games in ``db_url`` (default: :func:`default_db_url`).

    ``broker_url`` (default: :func:`default_broker_url`): the Redis through which the processes
    sharing the database tell each other their moves; ``workers``: how many processes to run
    here (more than one needs a broker and a database server). ``allow_origins``,
    ``max_games_per_minute`` (default: :data:`claim.apps.web.app.GAMES_PER_MINUTE`) and
    ``chosen_deals`` are :func:`claim.apps.web.app.create_app`'s. Prints the address of the
    lobby page first (with the real port when ``port`` is 0), then runs until interrupted. A
    bad database URL, broker or option, or a busy port, raises a one-line ClaimError before
    anything is served.

    ``trust_proxy``, ``bot_processes`` (default: one less than the cores), ``max_bot_games``,
    ``max_bot_only_games`` and ``max_analyses`` (None: the defaults of
    :class:`claim.apps.web.quotas.Limits`) are :func:`~claim.apps.web.app.create_app`'s too
    (issue 35: the server under abuse); with ``workers``, each process has its own worker
    processes and counts each client's quotas itself.
    """
    import uvicorn

    from claim.apps.web.app import GAMES_PER_MINUTE, create_app

    url = db_url or default_db_url()
    broker = broker_url if broker_url is not None else default_broker_url()
    check_workers(workers, url, broker)
    options: dict[str, Any] = {
        "broker_url": broker,
        "allow_origins": list(allow_origins),
        "max_games_per_minute": GAMES_PER_MINUTE
        if max_games_per_minute is None
        else max_games_per_minute,
        "chosen_deals": chosen_deals,
        "trust_proxy": list(trust_proxy),
    }
    given = {
        "bot_processes": bot_processes,
        "max_bot_games": max_bot_games,
        "max_bot_only_games": max_bot_only_games,
        "max_analyses": max_analyses,
    }
    options.update({key: value for key, value in given.items() if value is not None})
    # the app is made here even for workers (each makes its own): every error is one line, in
    # the foreground, before anything is served (and the table exists before they start)
    app = create_app(url, **options)
    sock = bind(host, port)
    shown = f"games in {display_url(url)}"
    if broker is not None:
        shown += f", moves told through {display_broker(broker)}"
    if workers > 1:
        shown += f", {workers} processes"
    print(f"Claim is served at {address_of(sock, host)}  ({shown}; Ctrl+C stops)", flush=True)
    _redact_logs()
    ws = WS_PROTOCOL if isinstance(WS_PROTOCOL, str) else f"{__name__}:WS_PROTOCOL"
    if workers > 1:
        app.state.manager.store.close()  # never started (its broker connects in the lifespan)
        os.environ[WORKER_ENV] = json.dumps({"db": url, **options})
        config = uvicorn.Config(
            f"{__name__}:worker_app", factory=True, workers=workers, ws=ws, **_uvicorn_options()
        )
        try:
            _supervise(config, sock)
        finally:
            sock.close()
        return
    config = uvicorn.Config(app, ws=WS_PROTOCOL, **_uvicorn_options())
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if not server.started:
        sys.exit(1)


def _supervise(config: Any, sock: socket.socket) -> None:
    """uvicorn's supervisor of worker processes on ``sock`` (its API took the server's ``run``
    as ``target`` before uvicorn 0.33)."""
    import inspect

    import uvicorn
    from uvicorn.supervisors import Multiprocess

    supervisor: Any = Multiprocess
    if "target" in inspect.signature(Multiprocess).parameters:  # pragma: no cover - older
        supervisor(config, target=uvicorn.Server(config).run, sockets=[sock]).run()
    else:
        supervisor(config, sockets=[sock]).run()
