"""``claim serve``: play Claim in the browser, against a bot or a friend, with every expansion.

- ``app``: the ASGI app (FastAPI): :func:`create_app` with the JSON API, the WebSocket of live
  play and the pages (``static/``)
- ``manager``: the authoritative game manager (moves through the engine, bots, broadcast, the
  other processes); ``session``: one game in memory (its per-viewer logs, views and messages): a
  seat only ever receives ``observe(state, seat)``, a spectator ``spectate(state)``;
  ``requests``: a new game's body and a socket's messages, parsed; ``tokens``: seat tokens;
  ``replays``: a finished game's replay; ``games`` re-exports them for the tests and scripts
- ``store``: the games' table (SQLAlchemy 2: SQLite by default, PostgreSQL by URL)
- ``serve``: :func:`run_serve`, which prints the address and runs uvicorn

The protocol is described in ``docs/web.md``. The web dependencies (FastAPI, uvicorn,
SQLAlchemy) are imported only when these functions are called, so the rest of the package
works without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI

__all__ = ["create_app", "run_serve"]


def create_app(db_url: str, **options: Any) -> FastAPI:
    """The ASGI app over the database at ``db_url`` (see :func:`claim.apps.web.app.create_app`)."""
    from claim.apps.web.app import create_app as _create_app

    return _create_app(db_url, **options)


def run_serve(host: str, port: int, db_url: str | None = None, **options: Any) -> None:
    """Serve Claim and print its address (see :func:`claim.apps.web.serve.run_serve`)."""
    from claim.apps.web.serve import run_serve as _run_serve

    _run_serve(host, port, db_url, **options)
