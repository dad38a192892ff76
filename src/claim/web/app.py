"""The ASGI app of ``claim serve`` (FastAPI): the JSON API, the WebSocket of live play, the pages.

The protocol is described in ``docs/web.md``. Every error is ``{"error": "one line"}`` with a 4xx
status (never a traceback); a socket error is ``{"type": "error", "message": "one line"}``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect

from claim.web.games import ApiError, GameManager, Refused, error_message
from claim.web.store import Store

logger = logging.getLogger("claim.web")

STATIC = Path(__file__).parent / "static"

#: the largest request body the API reads
MAX_BODY = 64 * 1024

#: headers of the pages: a seat's token is in the table page's address, so it must not leak
#: through the Referer header or a shared cache
PAGE_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


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


def create_app(db_url: str) -> FastAPI:
    """The app over the database at ``db_url`` (a bad URL or a missing driver raises a one-line
    :class:`~claim.web.store.StoreError`). Games in progress are loaded back when it starts
    (the ASGI lifespan), and their bots resume."""
    store = Store(db_url)
    manager = GameManager(store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()

    app = FastAPI(
        title="Claim",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
    )
    app.state.manager = manager

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return _error(exc.status, str(exc))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail = exc.detail if isinstance(exc.detail, str) else "bad request"
        return _error(exc.status_code, detail.lower() if detail == "Not Found" else detail)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(400, "malformed request")

    @app.exception_handler(Exception)
    async def internal_error(request: Request, exc: Exception) -> JSONResponse:
        logger.exception("internal error on %s", request.url.path)
        return _error(500, "internal error")

    # -- the API --------------------------------------------------------------------------------

    @app.post("/api/games", status_code=201)
    async def create_game(request: Request) -> JSONResponse:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise ApiError(f"the body is larger than {MAX_BODY} bytes", 413)
        try:
            body: Any = json.loads(raw) if raw.strip() else {}
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
            raise ApiError("malformed JSON body") from None
        return JSONResponse(await manager.create(body), status_code=201)

    @app.get("/api/games")
    async def list_games(limit: str = "50") -> dict[str, Any]:
        if not limit.isdigit() or not 1 <= int(limit) <= 500:
            raise ApiError("limit: must be a whole number from 1 to 500")
        return {"games": await manager.list_games(int(limit))}

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
    async def game_replay(game_id: str, n: str) -> dict[str, Any]:
        return await manager.replay(game_id, n)

    # -- live play ------------------------------------------------------------------------------

    @app.websocket("/ws/games/{game_id}")
    async def play_socket(websocket: WebSocket, game_id: str) -> None:
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

    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    return app
