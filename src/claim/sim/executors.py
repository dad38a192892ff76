"""Where the games of a run are played: in this process, in local worker processes (``--jobs
K``) or as Ray tasks (``--ray [ADDRESS]``). This is the one seam between the runs that play
many games (:func:`claim.sim.arena.play_matches` for ``claim arena`` and ``claim ladder``,
:func:`claim.sim.simulate.simulate_games` for ``claim simulate``) and the machinery that plays
them.

A run cuts its games into batches (:meth:`Executor.split`) and hands each batch to ``play(context,
batch)``, a module-level function (the workers import it by name) whose result depends only on its
arguments. :meth:`Executor.run` yields the batches' results as they finish, in any order; the run
sums them up in an order of its own, so its results are the same whichever executor played them.

Ray is imported only by :class:`RayExecutor`, so the commands start as fast without it.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import signal
import socket
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from itertools import islice
from typing import Any, TypeVar

from claim.core.errors import ClaimError, ConfigError
from claim.sim.fingerprint import code_fingerprint

C = TypeVar("C")
T = TypeVar("T")
R = TypeVar("R")

#: batches handed out per worker before one returns: enough to keep every worker busy while the
#: results of the others are read, few enough that a run of a million games does not queue a
#: million pickled batches at once
IN_FLIGHT_PER_WORKER = 4

#: how long ``--ray ADDRESS`` waits for the address to answer before giving up (Ray itself
#: retries an unreachable address for minutes, printing warnings)
CONNECT_TIMEOUT_S = 5.0

#: what ``--ray`` without an address means: a Ray started for this run (Ray's "local")
LOCAL = "local"

RAY_MISSING = "--ray needs Ray, which is not installed: pip install 'claim[ray]'"


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def chunks(count: int, workers: int, most: int | None = None) -> list[list[int]]:
    """``range(count)`` in batches: about 16 per worker, so fast bots do not drown in overhead
    and slow ones still spread evenly (and advance the progress bar often); at most ``most``
    each when given (a batch reports its games when all are played).

    >>> [len(c) for c in chunks(10, 1)], [len(c) for c in chunks(100, 1, 4)][:3]
    ([1, 1, 1, 1, 1, 1, 1, 1, 1, 1], [4, 4, 4])
    """
    size = max(1, count // (workers * 16))
    if most is not None:
        size = max(1, min(size, most))
    return [list(range(start, min(start + size, count))) for start in range(0, count, size)]


class Executor(ABC):
    """Plays batches of games; a context manager that releases what it started on exit."""

    #: how many batches run at once (sizes the batches)
    workers: int = 1

    def split(self, count: int, most: int | None = None) -> list[list[int]]:
        """The indices ``0 .. count - 1`` in batches for this executor (:func:`chunks`)."""
        return chunks(count, self.workers, most)

    @abstractmethod
    def run(
        self, play: Callable[[C, list[T]], R], context: C, batches: Sequence[list[T]]
    ) -> Iterator[R]:
        """``play(context, batch)`` for every batch, yielded as each finishes (in any order)."""

    def close(self) -> None:  # noqa: B027 - optional: most executors hold nothing
        """Release the workers (nothing by default)."""

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class InProcess(Executor):
    """Every batch in this process, one after the other (``--jobs 1``)."""

    def split(self, count: int, most: int | None = None) -> list[list[int]]:
        # no overhead to spread: every game reported (and kept) the moment it ends
        return [[index] for index in range(count)]

    def run(
        self, play: Callable[[C, list[T]], R], context: C, batches: Sequence[list[T]]
    ) -> Iterator[R]:
        for batch in batches:
            check_stop()
            yield play(context, batch)


# -------------------------------------------------------------------------------------------------
# Ctrl-C
# -------------------------------------------------------------------------------------------------

#: set by :func:`on_interrupt` at a Ctrl-C: the run is stopping
_stop_requested = False


def on_interrupt(signum: int, frame: object) -> None:
    """The SIGINT handler of the ``claim`` command (its entry point installs it): Ctrl-C raises
    KeyboardInterrupt, as Python's own handler does, and marks the run as stopping, so that an
    interrupt swallowed on the way (raised inside a finalizer, which Python only reports) is
    raised again by :func:`check_stop` at the next finished batch instead of being lost."""
    global _stop_requested
    _stop_requested = True
    raise KeyboardInterrupt


def check_stop() -> None:
    """Raise KeyboardInterrupt when Ctrl-C asked the run to stop (:func:`on_interrupt`); the
    executors call it between batches. Without that handler installed it never raises."""
    if _stop_requested:
        raise KeyboardInterrupt


def _ignore_interrupts() -> None:
    """Worker initializer: Ctrl-C is the parent's to handle (it stops the run and ends the
    workers). The workers start with SIGINT blocked (:func:`_interrupts_blocked`), so a Ctrl-C
    sent to the whole process group (a terminal's) before this runs is dropped, not a
    traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextlib.contextmanager
def _interrupts_blocked() -> Iterator[None]:
    """SIGINT held back in this thread while worker processes are forked: they inherit the
    blocked signal until their initializer ignores it. A Ctrl-C meanwhile reaches this process
    as soon as the block ends."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on POSIX
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """Stop the pool at once: the batches not started dropped, the running ones killed (a
    stopped run keeps only finished games, and a busy machine would take minutes to finish
    them; interpreter exit would wait for them)."""
    # the pool's processes (private; Python 3.14's terminate_workers() does the same), taken
    # before shutdown() forgets them
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.kill()


class LocalProcesses(Executor):
    """The batches in ``workers`` local processes (``--jobs K``), started when a run has some."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)

    def run(
        self, play: Callable[[C, list[T]], R], context: C, batches: Sequence[list[T]]
    ) -> Iterator[R]:
        if not batches:
            return
        pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_ignore_interrupts)
        todo = iter(batches)
        pending: set[Future[R]] = set()

        def submit() -> None:
            for batch in islice(todo, IN_FLIGHT_PER_WORKER * self.workers - len(pending)):
                pending.add(pool.submit(play, context, batch))

        try:
            with _interrupts_blocked():  # the first submit forks the workers
                submit()
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    check_stop()
                    yield future.result()
                submit()
        except BaseException:
            # Ctrl-C or a failing game: drop the batches not started, end the running ones (a
            # second Ctrl-C held back meanwhile, so that no worker is left running)
            with _interrupts_blocked():
                _end_workers(pool)
            raise
        pool.shutdown()


def local_executor(jobs: int) -> Executor:
    """:class:`InProcess` for one job, else :class:`LocalProcesses` (``jobs`` already capped)."""
    return InProcess() if jobs <= 1 else LocalProcesses(jobs)


# -------------------------------------------------------------------------------------------------
# Ray
# -------------------------------------------------------------------------------------------------


@functools.cache
def _code() -> str:
    """This process's fingerprint of the rules and bots (once per process: it reads their
    sources)."""
    return code_fingerprint()


def _ray_batch(play: Callable[[C, list[T]], R], context: C, batch: list[T]) -> tuple[str, R]:
    """A Ray task: the batch's result, with the fingerprint of the code that played it (a node
    with another version of claim would play other games)."""
    return _code(), play(context, batch)


def import_ray() -> Any:
    """The ``ray`` module; ConfigError (one line) when it is not installed."""
    try:
        import ray
    except ImportError:
        raise ConfigError(RAY_MISSING) from None
    return ray


def _host_port(address: str) -> tuple[str, int] | None:
    """Where ``address`` (HOST:PORT, ray://HOST:PORT, auto) will connect, as Ray resolves it
    (a local host name becomes this node's address, "auto" the cluster Ray finds); None when
    Ray finds no cluster for "auto" or the form is not one to check beforehand."""
    _, sep, rest = address.partition("://")
    if sep:  # Ray Client (ray://HOST:PORT): connects to HOST:PORT as written
        host, colon, port = rest.rstrip("/").rpartition(":")
        return (host.strip("[]"), int(port)) if colon and port.isdigit() else None
    try:
        from ray._private.services import canonicalize_bootstrap_address
    except ImportError:  # a Ray without this helper: let ray.init judge the address
        return None
    try:
        resolved = canonicalize_bootstrap_address(address)
    except ConnectionError:  # "auto" and no cluster found: ray.init says so at once
        return None
    except ValueError as exc:
        raise ConfigError(f"--ray: {address!r} is not a Ray address ({exc})") from None
    if resolved is None:
        return None
    host, _, port = str(resolved).rpartition(":")
    return (host.strip("[]"), int(port)) if port.isdigit() else None


def check_reachable(address: str, timeout: float = CONNECT_TIMEOUT_S) -> None:
    """ConfigError (one line) when nothing answers at ``address`` within ``timeout`` seconds:
    ``ray.init`` would retry it for minutes, its warnings on stderr."""
    target = _host_port(address)
    if target is None:
        return
    try:
        with socket.create_connection(target, timeout=timeout):
            pass
    except OSError as exc:
        why = "no answer" if isinstance(exc, TimeoutError) else (exc.strerror or str(exc))
        raise ConfigError(
            f"--ray: cannot reach Ray at {address} ({target[0]}:{target[1]}: {why}); "
            "is the cluster running (ray start --head)?"
        ) from None


class RayExecutor(Executor):
    """The batches as Ray tasks, one CPU each, results read as tasks finish (``ray.wait``).

    ``address`` None or "local": a Ray started for this run on this machine, with the CPUs this
    process may use (:func:`available_cpus`) and no dashboard, shut down on :meth:`close`;
    otherwise the cluster at ``address`` (``HOST:PORT``, ``ray://HOST:PORT`` or ``auto``), left
    running. A process already connected to Ray (``ray.init`` called before, e.g. in a notebook)
    uses that connection, whatever ``address``, and keeps it. Ray's own logging is kept to
    errors and the workers' output stays on the workers, so a command prints only its results.
    Every batch's result is checked to come from the same rules and bots as this process's.
    """

    def __init__(self, address: str | None = None) -> None:
        ray = import_ray()
        self._started = False
        if not ray.is_initialized():
            quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}
            try:
                if address is None or address == LOCAL:
                    # address "local": a Ray of our own; ray.init() would join one it finds
                    # (RAY_ADDRESS, the last `ray start`) and then refuse num_cpus
                    ray.init(
                        address=LOCAL,
                        num_cpus=available_cpus(),
                        include_dashboard=False,
                        **quiet,
                    )
                else:
                    check_reachable(address)
                    ray.init(address=address, **quiet)
            except ClaimError:
                raise
            except Exception as exc:  # Ray raises ConnectionError, RuntimeError, ValueError...
                where = "start a local Ray" if address in (None, LOCAL) else f"connect to {address}"
                first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
                raise ConfigError(f"--ray: cannot {where}: {first}") from None
            self._started = address in (None, LOCAL)
        self._ray = ray
        self._remote = ray.remote(_ray_batch)
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))

    def run(
        self, play: Callable[[C, list[T]], R], context: C, batches: Sequence[list[T]]
    ) -> Iterator[R]:
        if not batches:
            return
        ray = self._ray
        shared = ray.put(context)  # sent once, not with every batch
        todo = iter(batches)
        pending: list[Any] = []

        def submit() -> None:
            for batch in islice(todo, IN_FLIGHT_PER_WORKER * self.workers - len(pending)):
                pending.append(self._remote.remote(play, shared, batch))

        try:
            submit()
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    yield self._result(ref)
                submit()
        except BaseException:
            # Ctrl-C or a failing game: stop the tasks still running or queued
            for ref in pending:
                with contextlib.suppress(Exception):
                    ray.cancel(ref, force=True)
            raise

    def _result(self, ref: Any) -> Any:
        """A finished task's result; a ClaimError raised in the task is raised here as itself
        (one line), and a result of other code refused."""
        ray = self._ray
        try:
            code, result = ray.get(ref)
        except ray.exceptions.RayTaskError as exc:
            if isinstance(exc.cause, ClaimError):
                raise exc.cause from None
            raise
        if code != _code():
            raise ConfigError(
                "--ray: the Ray workers run other rules or bots than this claim, so their games "
                "would not be this version's; install the same claim on every node"
            )
        return result

    def close(self) -> None:
        if self._started:
            self._started = False
            self._ray.shutdown()
