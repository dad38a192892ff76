"""A real ``claim serve`` for the web tests: :func:`claim.apps.web.serve.run_serve` (uvicorn, its
logging and its WebSocket protocol as configured there) in a subprocess on 127.0.0.1, port 0,
with its stdout (uvicorn's access lines) and stderr (everything else) kept in files."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.waits import PATIENCE_S

SERVE = (
    "import json, sys; from claim.apps.web.serve import run_serve; "
    "run_serve('127.0.0.1', 0, sys.argv[1], **json.loads(sys.argv[2]))"
)


class Server:
    """``run_serve('127.0.0.1', 0, db, **options)`` in a subprocess; ``http``/``ws``: its base
    addresses; :meth:`log`: what it has written so far (stdout, then stderr)."""

    def __init__(self, folder: Path, db: str = "sqlite://", **options: Any) -> None:
        import json

        self.out = folder / "server.out"
        self.err = folder / "server.err"
        with self.out.open("w") as out, self.err.open("w") as err:
            self.process = subprocess.Popen(
                [sys.executable, "-c", SERVE, db, json.dumps(options)],
                stdout=out,
                stderr=err,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        deadline = time.monotonic() + PATIENCE_S  # the event: the address printed
        found = None
        while found is None:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", self.out.read_text())
            if found is None:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise AssertionError(f"the server did not start:\n{self.log()}")
                time.sleep(0.05)
        self.port = int(found.group(1))
        self.http = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"

    def log(self) -> str:
        return self.out.read_text(errors="replace") + self.err.read_text(errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:  # pragma: no cover
                self.process.kill()
                self.process.wait(timeout=10)


#: what must never be in a server's log
BAD_LOG = ("Traceback", "Logging error", "Exception in ASGI", "internal error", "ERROR")


def assert_clean_log(text: str) -> None:
    """No traceback, no logging error, no internal error in a server's log."""
    for bad in BAD_LOG:
        at = text.find(bad)
        assert at < 0, f"{bad!r} in the server's log:\n{text[max(0, at - 500) : at + 3000]}"
