"""The ASGI app of ``claim serve`` (FastAPI): the JSON API, the WebSocket of live play, the pages.

The protocol is described in ``docs/web.md``. Every error is ``{"error": "one line"}`` with a 4xx
status (never a traceback); a socket error is ``{"type": "error", "message": "one line"}``.
An unexpected exception is answered with a one-line 500 (a socket: closed with 1011) and logged
on the server, once, with its traceback.

Browsers are kept from using the server on another site's behalf: a socket whose ``Origin`` is
not this server (or one allowed with ``--allow-origin``) is refused, a new game must be sent as
``application/json`` (a plain HTML form cannot), each client may create only so many games a
minute, and every answer carries a Content-Security-Policy that allows no inline script and no
framing.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import math
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from claim.analysis import DEFAULT_BUDGET
from claim.apps.palette import palette_json
from claim.apps.web.analyses import Analyses
from claim.apps.web.broker import RedisBroker, check_broker
from claim.apps.web.manager import GameManager
from claim.apps.web.quotas import Limits, Peers, Quotas
from claim.apps.web.requests import ApiError, Refused, error_message, read_json, shorten
from claim.apps.web.store import FINISHED, IN_PROGRESS, Store, check_shared
from claim.apps.web.workers import WorkPool
from claim.core.errors import ClaimError
from claim.core.keys import COUNTER_KEYS, MARK_KEYS, TAGS
from claim.text.catalog import catalog_json
from claim.text.web_words import WEB_WORDS

logger = logging.getLogger("claim.apps.web")

STATIC = Path(__file__).parent / "static"

#: the largest request body the API reads
MAX_BODY = 64 * 1024
#: the longest error message the API sends
MAX_MESSAGE = 1000
#: the statuses ``GET /api/games?status=`` lists, and the most game ids ``?ids=`` may name
LISTED_STATUSES = (IN_PROGRESS, FINISHED)
MAX_LISTED_IDS = 100
#: how many games one client (one IP address) may create per minute, unless told otherwise
GAMES_PER_MINUTE = 30

#: the pages' scripts and styles come only from this server (no inline script, no inline
#: style sheet, no eval), nothing is framed, no plugin runs, forms post only here
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: headers of every answer: the policy above, no MIME sniffing, no framing by old browsers, and
#: no Referer (a seat's token is in the table page's address)
SECURITY_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)
#: headers of the pages besides those: a token in the address must not stay in a shared cache
PAGE_HEADERS = {"Cache-Control": "no-store"}


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


@functools.cache
def _catalog() -> tuple[bytes, str]:
    """The body of ``GET /api/catalog`` and its ETag, made once: the describing layer's catalog
    (:func:`claim.text.catalog.catalog_json`: the names, titles, rules text and hints of every
    faction, hero, location and artifact, the pairs and presets) and the cards' colours
    (:func:`claim.apps.palette.palette_json`) and the keys of the view's counters, marks and tags
    (:mod:`claim.core.keys`), which the pages read instead of a copy, and the pages' own words
    (:data:`claim.text.web_words.WEB_WORDS`: every label and sentence they write, issue 37)."""
    keys = {"counters": COUNTER_KEYS, "marks": MARK_KEYS, "tags": TAGS}
    data = {**catalog_json(), "colours": palette_json(), "keys": keys, "words": WEB_WORDS}
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    return body, f'"{hashlib.sha256(body).hexdigest()[:32]}"'


def _catalog_response(if_none_match: str) -> Response:
    """The catalog, or 304 when the client's copy (``If-None-Match``) is this one. It changes
    only with the server's code: a client keeps it and asks again each time (``no-cache``), which
    costs a 304."""
    body, etag = _catalog()
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    tags = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
    if etag in tags or "*" in tags:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


def _require_json(request: Request, what: str = "the request") -> None:
    """Refuse a POST that is not ``application/json`` (415): a plain HTML form on another site
    cannot send one, so it cannot make this server work on its behalf."""
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != "application/json":
        raise ApiError(f"send {what} as JSON, with Content-Type: application/json", 415)


def _page(name: str) -> Response:
    path = STATIC / name
    if not path.is_file():
        return _error(404, f"the page {name} is missing")
    return FileResponse(path, media_type="text/html", headers=PAGE_HEADERS)


async def _refuse(websocket: WebSocket, message: str, code: int) -> None:
    """Send a one-line error, then close the socket with ``code``."""
    try:
        await websocket.send_text(error_message(message))
        await websocket.close(code=code)
    except Exception:  # the client went away first
        pass


async def _read_body(request: Request) -> bytes:
    """The request's body, refused with 413 as soon as it is larger than :data:`MAX_BODY`
    (it is never read whole first)."""
    declared = request.headers.get("content-length", "")
    too_large = ApiError(f"the body is larger than {MAX_BODY} bytes", 413)
    if declared.isascii() and declared.isdigit() and int(declared[:12]) > MAX_BODY:
        raise too_large
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise too_large
            chunks.append(chunk)
    except ClientDisconnect:  # nobody is left to answer, but it is no server error
        raise ApiError("the client went away before sending the whole body") from None
    return b"".join(chunks)


async def _deny(websocket: WebSocket, message: str) -> None:
    """Refuse a socket before it opens: HTTP 403 with a one-line JSON error (where the server
    can send one; else a close 1008, which the server answers with 403)."""
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        await websocket.send_denial_response(_error(403, message))
    else:
        await websocket.close(code=1008)


# -------------------------------------------------------------------------------------------------
# Origins
# -------------------------------------------------------------------------------------------------

_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def _host_port(netloc: str, scheme: str) -> tuple[str, int] | None:
    """``host[:port]`` as (lower-case host, port), a missing port the scheme's default; None when
    it is not a host and port."""
    try:
        parts = urlsplit("//" + netloc)
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname or parts.path or parts.query or parts.fragment or parts.username:
        return None
    if port is None:
        port = _DEFAULT_PORTS.get(scheme)
        if port is None:
            return None
    return parts.hostname.lower(), port


def _origin(text: str) -> tuple[str, str, int] | None:
    """An ``Origin`` (``scheme://host[:port]``) as (scheme, host, port); None when it is not one
    (``null``, a path, another scheme)."""
    scheme, sep, rest = text.strip().partition("://")
    scheme = scheme.lower()
    if not sep or scheme not in ("http", "https"):
        return None
    found = _host_port(rest.rstrip("/"), scheme)
    return None if found is None else (scheme, *found)


def parse_origin(text: str) -> str:
    """An ``--allow-origin`` value: ``*`` (any origin) or ``scheme://host[:port]``, as compared
    (``https://Example.com/`` → ``https://example.com:443``); a one-line ClaimError otherwise."""
    if text.strip() == "*":
        return "*"
    found = _origin(text)
    if found is None:
        raise ClaimError(
            f"--allow-origin: {shorten(text)!r} is not an origin like https://example.com "
            "(a scheme, a host and an optional port) or *"
        )
    scheme, host, port = found
    return f"{scheme}://{host}:{port}"


class Origins:
    """Which browser pages may open a socket: pages of this server (the ``Origin`` names the
    scheme, host and port the request was sent to: ``http`` or ``https`` as the client reached
    the server, and its ``Host``), and the ``--allow-origin`` ones. A request without ``Origin``
    does not come from a browser page, and is let in."""

    def __init__(self, allowed: Iterable[str] = ()) -> None:
        self.allowed = {parse_origin(text) for text in allowed}

    def allows(self, origin: str | None, host: str | None, server_scheme: str = "http") -> bool:
        """Whether a page of ``origin`` may open a socket sent to ``host`` over ``server_scheme``
        (``http``, or ``https`` behind a TLS proxy: :meth:`~claim.apps.web.quotas.Peers.scheme`)."""
        if origin is None or "*" in self.allowed:
            return True
        found = _origin(origin)
        if found is None:
            return False
        scheme, name, port = found
        if f"{scheme}://{name}:{port}" in self.allowed:
            return True
        if scheme != server_scheme:  # an https page of the same host and port is another site
            return False
        return host is not None and _host_port(host, scheme) == (name, port)


# -------------------------------------------------------------------------------------------------
# The rate of new games
# -------------------------------------------------------------------------------------------------


class RateLimit:
    """At most ``per_minute`` games per client in any 60 seconds (0: no limit)."""

    WINDOW = 60.0

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        if isinstance(per_minute, bool) or not isinstance(per_minute, int) or per_minute < 0:
            raise ClaimError("--max-games-per-minute: must be a whole number 0 or more")
        self.per_minute = per_minute
        self.clock = clock
        self._seen: dict[str, deque[float]] = {}
        self._swept = clock()

    def take(self, client: str) -> int | None:
        """Count one game for ``client``: None when it is allowed, else the whole seconds until it
        would be (for ``Retry-After``)."""
        if self.per_minute == 0:
            return None
        now = self.clock()
        if now - self._swept > self.WINDOW:  # forget the clients that went quiet
            self._swept = now
            for key in [k for k, q in self._seen.items() if not q or now - q[-1] >= self.WINDOW]:
                del self._seen[key]
        stamps = self._seen.setdefault(client, deque())
        while stamps and now - stamps[0] >= self.WINDOW:
            stamps.popleft()
        if len(stamps) >= self.per_minute:
            return max(1, math.ceil(self.WINDOW - (now - stamps[0])))
        stamps.append(now)
        return None

    def give_back(self, client: str) -> None:
        """A game counted by :meth:`take` was not created after all (a bad request)."""
        stamps = self._seen.get(client)
        if stamps:
            stamps.pop()


# -------------------------------------------------------------------------------------------------
# The last guard
# -------------------------------------------------------------------------------------------------


class Guard:
    """The app's outer layer: :data:`SECURITY_HEADERS` on every HTTP answer, and the last catch.
    An exception nothing else handled is logged once, with its traceback, and answered with a
    one-line 500 (a socket: an error message and close 1011); it never reaches uvicorn, which
    would log it again and drop the connection."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        started = False
        accepted = False

        async def guarded(message: Message) -> None:
            nonlocal started, accepted
            kind = message["type"]
            if kind in ("http.response.start", "websocket.http.response.start"):
                started = True
                have = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in have]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            elif kind in ("websocket.accept", "websocket.close"):
                started = True
                accepted = kind == "websocket.accept"
            await send(message)

        try:
            await self.app(scope, receive, guarded)
        except Exception:
            logger.exception("internal error on %s %s", kind, shorten(scope.get("path", ""), 200))
            try:
                if kind == "http" and not started:
                    await _error(500, "internal error")(scope, receive, guarded)
                elif kind == "websocket" and accepted:
                    await send({"type": "websocket.send", "text": error_message("internal error")})
                    await send({"type": "websocket.close", "code": 1011})
                elif kind == "websocket" and not started:
                    await send({"type": "websocket.close", "code": 1011})
            except Exception:  # the client went away
                pass


def create_app(
    db_url: str,
    *,
    broker_url: str | None = None,
    allow_origins: Iterable[str] = (),
    max_games_per_minute: int = GAMES_PER_MINUTE,
    analysis_budget: int = DEFAULT_BUDGET,
    chosen_deals: bool = False,
    trust_proxy: Iterable[str] = (),
    bot_processes: int | None = None,
    max_bot_games: int = Limits.bot_games,
    max_bot_only_games: int = Limits.bot_only_games,
    max_analyses: int = Limits.analyses,
) -> FastAPI:
    """The app over the database at ``db_url`` (a bad URL or a missing driver raises a one-line
    :class:`~claim.apps.web.store.StoreError`). Games in progress are loaded back when it starts
    (the ASGI lifespan), and their bots resume.

    ``broker_url``: the Redis that the server processes sharing this database tell each other
    their moves through (:mod:`claim.apps.web.broker`; docs/web.md, "Many processes"); None:
    this process alone uses the database. It is reached once here: a bad or unreachable one
    raises a one-line ClaimError.

    ``allow_origins``: the origins (``https://example.com``, or ``*``) whose pages may open a
    socket besides this server's own; ``max_games_per_minute``: how many games one client (IP
    address) may create in any minute (0: no limit); ``analysis_budget``: the simulations per
    decision of a finished game's analysis (docs/analysis.md); ``chosen_deals``: let a game
    between two people be dealt from a chosen seed (off: refused with a 403, issue 35; for
    tests and events that publish their deals). A bad value raises a one-line ClaimError.

    Issue 35, the server under abuse: ``trust_proxy``: the addresses of the reverse proxies
    whose ``X-Forwarded-For`` (the client) and ``X-Forwarded-Proto`` are read (nobody else's);
    ``bot_processes``: the worker processes that the search bots and the analyses run in
    (default: one less than the cores, at least one); ``max_bot_games``,
    ``max_bot_only_games``, ``max_analyses``: what each client may hold at once (0: no limit;
    :class:`~claim.apps.web.quotas.Limits`).
    """
    origins = Origins(allow_origins)
    rate = RateLimit(max_games_per_minute)
    peers = Peers(trust_proxy)
    limits = Limits(max_bot_games, max_bot_only_games, max_analyses)
    if bot_processes is not None and (
        isinstance(bot_processes, bool) or not isinstance(bot_processes, int) or bot_processes < 1
    ):
        raise ClaimError("--bot-processes: must be a whole number 1 or more")
    work = WorkPool(bot_processes)
    quotas = Quotas(limits)
    broker = None
    if broker_url is not None:
        check_shared(db_url)
        check_broker(broker_url)
        broker = RedisBroker(broker_url)
    store = Store(db_url)
    manager = GameManager(store, broker, chosen_deals=chosen_deals, work=work, quotas=quotas)
    analyses = Analyses(analysis_budget, work, limits)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await manager.start()
        try:
            yield
        finally:
            await analyses.close()
            await manager.stop()
            work.close()

    app = FastAPI(
        title="Claim",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
    )
    app.state.manager = manager
    app.state.work = work
    app.state.analyses = analyses

    def client_of(request: Request) -> str:
        """Who sent ``request`` (its quotas and its rate of new games): its address, or the
        one a trusted proxy names."""
        host = request.client.host if request.client is not None else None
        return peers.client(host, request.headers)

    app.state.rate_limit = rate
    app.add_middleware(Guard)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        # a last bound on a message that repeats what it was sent (the longest the server
        # writes, a list of every faction, is about 400 characters)
        return _error(exc.status, shorten(str(exc), MAX_MESSAGE))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail = exc.detail if isinstance(exc.detail, str) else "bad request"
        return _error(exc.status_code, detail.lower() if detail == "Not Found" else detail)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(400, "malformed request")

    # -- the API --------------------------------------------------------------------------------

    async def new_game(
        request: Request, make: Callable[[Any, str], Awaitable[dict[str, Any]]]
    ) -> JSONResponse:
        """A new game (or a rematch) from the request's JSON body by ``make``, within the
        client's allowance of new games a minute (a refused body gives its game back)."""
        client = client_of(request)
        wait = rate.take(client)
        if wait is not None:
            return _error(
                429,
                f"too many new games: at most {rate.per_minute} a minute; "
                f"try again in {wait} seconds",
                {"Retry-After": str(wait)},
            )
        try:
            raw = await _read_body(request)
            try:
                body: Any = read_json(raw) if raw.strip() else {}
            except ValueError as exc:
                raise ApiError(f"malformed JSON body: {exc}") from None
            async with quotas.serial(client):  # its count of bot games, then the new one
                created = await make(body, client)
        except ApiError:
            rate.give_back(client)
            raise
        return JSONResponse(created, status_code=201)

    @app.post("/api/games", status_code=201)
    async def create_game(request: Request) -> JSONResponse:
        _require_json(request, "the new game")
        return await new_game(request, manager.create)

    @app.get("/api/games")
    async def list_games(
        limit: str = "50", status: str | None = None, ids: str | None = None
    ) -> dict[str, Any]:
        if not (limit.isascii() and limit.isdigit() and len(limit) <= 3) or not (
            1 <= int(limit) <= 500
        ):
            raise ApiError("limit: must be a whole number from 1 to 500")
        if status is not None and status not in LISTED_STATUSES:
            raise ApiError(f"status: must be {' or '.join(LISTED_STATUSES)}")
        wanted = None
        if ids is not None:
            wanted = [i for i in ids.split(",") if i]
            if len(wanted) > MAX_LISTED_IDS or any(len(i) > 32 for i in wanted):
                raise ApiError(f"ids: at most {MAX_LISTED_IDS} game ids, separated by commas")
        return {"games": await manager.list_games(int(limit), status, wanted)}

    @app.get("/api/catalog")
    async def catalog(request: Request) -> Response:
        return _catalog_response(request.headers.get("if-none-match", ""))

    @app.get("/api/games/{game_id}")
    async def game_summary(game_id: str) -> dict[str, Any]:
        return await manager.summary(game_id)

    @app.get("/api/games/{game_id}/record")
    async def game_record(game_id: str) -> JSONResponse:
        record = await manager.record(game_id)
        return JSONResponse(
            record,
            headers={"Content-Disposition": f'attachment; filename="claim-{game_id}.json"'},
        )

    @app.get("/api/games/{game_id}/replay/{n}")
    async def game_replay(game_id: str, n: str, view: str = "all") -> dict[str, Any]:
        return await manager.replay(game_id, n, view)

    @app.post("/api/games/{game_id}/rematch", status_code=201)
    async def rematch(game_id: str, request: Request) -> JSONResponse:
        _require_json(request)
        return await new_game(request, functools.partial(manager.rematch, game_id))

    @app.get("/api/games/{game_id}/analysis")
    async def game_analysis(game_id: str) -> dict[str, Any]:
        if game_id not in analyses.jobs:  # a job exists only for a finished game
            await manager.record(game_id)  # 404 unknown, 403 in progress (nothing to leak)
        return analyses.status(game_id)

    @app.post("/api/games/{game_id}/analysis", status_code=202)
    async def start_analysis(game_id: str, request: Request) -> JSONResponse:
        _require_json(request)
        record = await manager.record(game_id)
        status = await analyses.start(game_id, record, client_of(request))
        return JSONResponse(status, status_code=200 if status["state"] == "done" else 202)

    # -- live play ------------------------------------------------------------------------------

    @app.websocket("/ws/games/{game_id}")
    async def play_socket(websocket: WebSocket, game_id: str) -> None:
        origin = websocket.headers.get("origin")
        host = websocket.client.host if websocket.client is not None else None
        scheme = peers.scheme(websocket.url.scheme, host, websocket.headers)
        if not origins.allows(origin, websocket.headers.get("host"), scheme):
            await _deny(websocket, f"the origin {shorten(str(origin))!r} may not open a socket")
            return
        await websocket.accept()
        params = websocket.query_params
        try:
            game, client = await manager.connect(
                game_id, params.get("seat"), params.get("token"), websocket.send_text
            )
        except Refused as exc:
            await _refuse(websocket, str(exc), exc.code)
            return
        except Exception:
            logger.exception("internal error on a socket of game %r", game_id)
            await _refuse(websocket, "internal error", 1011)
            return
        try:
            while not client.closed:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                await manager.receive(game, client, message.get("text"))
        except WebSocketDisconnect:
            pass
        finally:
            await manager.disconnect(game, client)

    # -- pages ----------------------------------------------------------------------------------

    @app.get("/")
    async def lobby() -> Response:
        return _page("index.html")

    @app.get("/play/{game_id}")
    async def table(game_id: str) -> Response:
        return _page("game.html")

    @app.get("/analysis/{game_id}")
    async def analysis_page(game_id: str) -> Response:
        return _page("analysis.html")

    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    return app
