"""``claim serve``: bind the address, print it, and run the app under uvicorn until Ctrl+C."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import socket
import sys
from collections.abc import Iterable, Mapping
from typing import Any

from claim.apps.web.store import display_url
from claim.core.errors import ClaimError

#: the environment variable that names the database when ``--db`` is not given
DB_ENV = "CLAIM_DATABASE_URL"
#: the database when neither ``--db`` nor the environment names one: a file in the current folder
DEFAULT_DB_URL = "sqlite:///claim-games.db"
#: the largest WebSocket message uvicorn accepts (a move is a few dozen bytes)
WS_MAX_SIZE = 64 * 1024

_TOKEN = re.compile(r"(token=)[^&\s\"']+")


def default_db_url() -> str:
    """``$CLAIM_DATABASE_URL``, else a SQLite file ``claim-games.db`` in the current folder."""
    return os.environ.get(DB_ENV, "").strip() or DEFAULT_DB_URL


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
    allow_origins: Iterable[str] = (),
    max_games_per_minute: int | None = None,
) -> None:
    """Serve Claim on ``host:port`` with its games in ``db_url`` (default: :func:`default_db_url`).

    ``allow_origins`` and ``max_games_per_minute`` (default:
    :data:`claim.apps.web.app.GAMES_PER_MINUTE`) are :func:`claim.apps.web.app.create_app`'s.
    Prints the address of the lobby page first (with the real port when ``port`` is 0), then runs
    until interrupted. A bad database URL or option, or a busy port, raises a one-line ClaimError
    before anything is served.
    """
    import uvicorn

    from claim.apps.web.app import GAMES_PER_MINUTE, create_app

    url = db_url or default_db_url()
    app = create_app(
        url,
        allow_origins=allow_origins,
        max_games_per_minute=GAMES_PER_MINUTE
        if max_games_per_minute is None
        else max_games_per_minute,
    )
    sock = bind(host, port)
    print(
        f"Claim is served at {address_of(sock, host)}  (games in {display_url(url)}; Ctrl+C stops)",
        flush=True,
    )
    config = uvicorn.Config(
        app,
        log_level="info",
        ws=websocket_protocol(),
        ws_max_size=WS_MAX_SIZE,
        # a state message is a few kilobytes of JSON: compressing each one would cost more
        # server time than the move itself (about 0.6 ms a message), for little gain
        ws_per_message_deflate=False,
        lifespan="on",
        timeout_graceful_shutdown=5,
    )
    server = uvicorn.Server(config)
    redact = RedactTokens()
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).addFilter(redact)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    if not server.started:
        sys.exit(1)
