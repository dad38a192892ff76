"""Throwaway PostgreSQL and Redis servers for the scale-out tests and benchmark.

``tests/test_web_scale.py`` and ``scripts/bench_web.py --processes N`` run many ``claim serve``
processes on one database and one broker; this module starts both, each on a free port of
127.0.0.1 with its files in a temporary folder, and stops them and removes the folder
afterwards. Nothing of the machine's own services is used or changed.

- PostgreSQL: ``initdb`` (trust authentication, a superuser ``claim``) and ``postgres`` from
  ``$CLAIM_PG_BIN``, else the folder of ``initdb`` on the PATH, else the newest
  ``/usr/lib/postgresql/*/bin`` (Debian's package ``postgresql``). PostgreSQL refuses to run as
  root: as root, the server runs as the ``postgres`` account (which Debian's package makes).
- Redis: ``$CLAIM_REDIS_SERVER``, else ``redis-server`` on the PATH (Debian's ``redis-server``),
  without persistence.

A missing program is a one-line :class:`ServiceError` that says how to install it
(``scripts/ensure_services.sh``, which ``make test`` runs).
"""

from __future__ import annotations

import contextlib
import functools
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from claim.core.errors import ClaimError

#: how long a server may take to answer after it is started
START_TIMEOUT = 60.0
#: what to run when a program is missing
INSTALL_HINT = (
    "run scripts/ensure_services.sh (Debian: apt-get install postgresql redis-server), "
    "or set CLAIM_PG_BIN / CLAIM_REDIS_SERVER"
)
#: the PostgreSQL account the server runs as when this process is root
PG_ACCOUNT = "postgres"
#: the superuser of a throwaway cluster (trust authentication on 127.0.0.1 only)
PG_USER = "claim"
#: initdb's other options: a cluster made in a moment (no flush to disk) for UTF-8 text
INITDB = ("-E", "UTF8", "--no-locale", "--no-sync")
#: redis-server's other options: loopback only, nothing kept on disk, in the foreground
REDIS_OPTIONS = ("--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no")


class ServiceError(ClaimError):
    """A server cannot be found or started; the message is one line."""


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now (the server that takes it may still
    lose it to another process: :func:`start_postgres` and :func:`start_redis` try again)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def postgres_bin() -> Path:
    """The folder of PostgreSQL's ``initdb`` and ``postgres``."""
    given = os.environ.get("CLAIM_PG_BIN", "").strip()
    if given:
        folder = Path(given)
        if not (folder / "initdb").is_file():
            raise ServiceError(f"CLAIM_PG_BIN={given}: no initdb there")
        return folder
    found = shutil.which("initdb")
    if found is not None:
        return Path(found).resolve().parent
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda path: int(path.parts[-3]) if path.parts[-3].isdigit() else 0,
    )
    if versions:
        return versions[-1].parent
    raise ServiceError(f"PostgreSQL is not installed (no initdb): {INSTALL_HINT}")


def redis_server() -> str:
    """The ``redis-server`` program."""
    given = os.environ.get("CLAIM_REDIS_SERVER", "").strip()
    found = shutil.which(given or "redis-server")
    if found is None:
        what = f"CLAIM_REDIS_SERVER={given}: not a program" if given else "no redis-server"
        raise ServiceError(f"Redis is not installed ({what}): {INSTALL_HINT}")
    return found


def _account() -> dict[str, Any]:
    """How to run PostgreSQL's programs: as this user, or as root as :data:`PG_ACCOUNT`."""
    if os.geteuid() != 0:
        return {}
    try:
        entry = pwd.getpwnam(PG_ACCOUNT)
    except KeyError:
        raise ServiceError(
            f"PostgreSQL refuses to run as root and there is no {PG_ACCOUNT!r} account to run it "
            f"as: {INSTALL_HINT}, or run the tests as another user"
        ) from None
    return {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}


def _tail(path: Path, lines: int = 5) -> str:
    try:
        text = path.read_text(errors="replace").strip().splitlines()
    except OSError:
        return ""
    return " / ".join(text[-lines:])


@dataclass
class Service:
    """A server in a subprocess, with its folder (removed when it stops)."""

    name: str
    process: subprocess.Popen[bytes]
    port: int
    folder: Path
    log: Path
    stopped: bool = field(default=False, init=False)

    @property
    def pids(self) -> list[int]:
        """The server's process and its children (PostgreSQL's backends), for CPU counts."""
        found = [self.process.pid]
        for pid in found:
            with contextlib.suppress(OSError):
                for task in Path(f"/proc/{pid}/task").iterdir():
                    text = (task / "children").read_text()
                    found.extend(int(child) for child in text.split())
        return found

    def stop(self) -> None:
        """Stop the server (PostgreSQL: a fast shutdown) and remove its folder."""
        if self.stopped:
            return
        self.stopped = True
        if self.process.poll() is None:
            # SIGINT: PostgreSQL's fast shutdown (SIGTERM waits for its clients); Redis: quit
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)
        shutil.rmtree(self.folder, ignore_errors=True)


@dataclass
class Postgres(Service):
    """A throwaway PostgreSQL cluster; :meth:`database` makes a database in it."""

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{PG_USER}@127.0.0.1:{self.port}/{database}"

    def database(self, name: str) -> str:
        """Create the database ``name`` (letters, digits, ``_``); its SQLAlchemy URL."""
        if not re.fullmatch(r"[a-z_][a-z0-9_]{0,40}", name):
            raise ServiceError(f"not a database name: {name!r}")
        import psycopg

        with psycopg.connect(_dsn(self.port), autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)


@dataclass
class Redis(Service):
    """A throwaway Redis server."""

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def kill(self) -> None:
        """Kill the server at once (SIGKILL), keeping its folder for :meth:`restart`."""
        self.process.kill()
        self.process.wait(timeout=15)

    def restart(self) -> None:
        """Start the server again on the same port (empty: it keeps nothing)."""
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                _redis_command(self.port, self.folder), stdout=out, stderr=subprocess.STDOUT
            )
        if not _wait("Redis", self.process, self.log, functools.partial(_redis_ready, self.port)):
            raise ServiceError(f"Redis did not start again: {_tail(self.log)}")


def _dsn(port: int) -> str:
    return f"host=127.0.0.1 port={port} user={PG_USER} dbname=postgres connect_timeout=5"


def _wait(name: str, process: subprocess.Popen[bytes], log: Path, ready: Any) -> bool:
    """Wait until ``ready()`` is true (True), or the process ends (False: a port taken, say);
    a server that neither answers nor ends in time is a ServiceError."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if process.poll() is not None:
            return False
        with contextlib.suppress(Exception):
            if ready():
                return True
        if time.monotonic() > deadline:
            process.kill()
            process.wait(timeout=15)
            raise ServiceError(f"{name} did not answer within {START_TIMEOUT:.0f} s: {_tail(log)}")
        time.sleep(0.1)


def start_postgres(*, durable: bool = False, tries: int = 3) -> Postgres:
    """A fresh cluster on a free port. Without ``durable`` (the tests) nothing is flushed to
    disk (``fsync=off``); with it (the benchmark) commits are flushed as by default, but a
    commit does not wait for the flush (``synchronous_commit=off``, as SQLite's WAL mode with
    ``synchronous=NORMAL`` that ``claim serve`` uses)."""
    binaries = postgres_bin()
    account = _account()
    folder = Path(tempfile.mkdtemp(prefix="claim-pg-"))
    try:
        if account:
            os.chown(folder, account["user"], account["group"])
        data = folder / "data"
        log = folder / "postgres.log"
        with log.open("wb") as out:
            done = subprocess.run(
                [str(binaries / "initdb"), "-D", str(data), "-U", PG_USER, "-A", "trust", *INITDB],
                stdout=out,
                stderr=subprocess.STDOUT,
                check=False,
                **account,
            )
        if done.returncode != 0:
            raise ServiceError(f"initdb failed: {_tail(log)}")
        settings = {
            "listen_addresses": "127.0.0.1",
            "unix_socket_directories": str(folder),
            "max_connections": "300",
            "synchronous_commit": "off",
        }
        if not durable:
            settings.update(fsync="off", full_page_writes="off")
        for _ in range(tries):
            port = free_port()
            options = [f"--{key}={value}" for key, value in settings.items()]
            with log.open("ab") as out:
                process = subprocess.Popen(
                    [str(binaries / "postgres"), "-D", str(data), "-p", str(port), *options],
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    **account,
                )

            def ready(port: int = port) -> bool:
                import psycopg

                with psycopg.connect(_dsn(port)):
                    return True

            if _wait("PostgreSQL", process, log, ready):
                return Postgres("PostgreSQL", process, port, folder, log)
        raise ServiceError(f"PostgreSQL did not start: {_tail(log)}")
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise


def _redis_command(port: int, folder: Path) -> list[str]:
    return [redis_server(), "--port", str(port), "--dir", str(folder), *REDIS_OPTIONS]


def _redis_ready(port: int) -> bool:
    import redis

    client = redis.Redis(host="127.0.0.1", port=port, socket_timeout=5)
    try:
        return bool(client.ping())
    finally:
        client.close()


def start_redis(tries: int = 3) -> Redis:
    """A Redis server on a free port, keeping nothing on disk."""
    redis_server()  # a missing program is said before anything is made
    folder = Path(tempfile.mkdtemp(prefix="claim-redis-"))
    log = folder / "redis.log"
    try:
        for _ in range(tries):
            port = free_port()
            with log.open("ab") as out:
                process = subprocess.Popen(
                    _redis_command(port, folder), stdout=out, stderr=subprocess.STDOUT
                )
            if _wait("Redis", process, log, functools.partial(_redis_ready, port)):
                return Redis("Redis", process, port, folder, log)
        raise ServiceError(f"Redis did not start: {_tail(log)}")
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise


@contextlib.contextmanager
def services(*, durable: bool = False) -> Iterator[tuple[Postgres, Redis]]:
    """A PostgreSQL cluster and a Redis server, stopped (and their files removed) on exit."""
    postgres = start_postgres(durable=durable)
    try:
        redis = start_redis()
        try:
            yield postgres, redis
        finally:
            redis.stop()
    finally:
        postgres.stop()
