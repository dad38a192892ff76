"""The worker processes of ``claim serve``: every bot move that searches and every analysis.

A search bot thinks for up to seconds a move (``search:hard``: about 1.3 s) and an analysis for
tens of seconds; in the server process that work would hold its GIL, and every other table's
moves would wait for it (issue 35: ten ``search:hard`` games of one client took another table's
p90 move from 4 ms to 479 ms). So the server hands it to a small pool of worker processes
(:class:`WorkPool`) and keeps only what is cheap: applying a human's move, the random and
heuristic bots (:data:`IN_PROCESS_BOTS`: a fraction of a millisecond, less than a trip to a
worker).

The pool is shared fairly: each call waits in its client's queue, and a free worker takes the
next call of the next client in turn (round robin), so one client's ten games or long analysis
delay another's bot move by at most one call per client ahead of it. Within a client, its jobs
(an analysis, each game's bot move) take turns the same way. The workers run at a lower
priority (:data:`NICE`) than the server, which therefore answers a human's move at once even when
every core is busy with them.

A worker that dies (killed, out of memory) loses nothing: each call it held is tried again on a
fresh pool, up to :data:`RETRIES` times; a bot's move is computed again from the same position and
the same bot (its generator as it was before the call), so it is the same move.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

from claim.bots import Bot, decide
from claim.core.positions import load_position

logger = logging.getLogger("claim.apps.web")

#: the bots that decide in the server process: each move takes well under a millisecond (random:
#: 0.03 ms, heuristic: 0.5 ms), less than sending it to a worker and back
IN_PROCESS_BOTS = frozenset({"random", "heuristic"})
#: how much lower the workers' CPU priority is than the server's (``nice``)
NICE = 10
#: how often (seconds) a worker looks whether the server process is still there
PARENT_CHECK_S = 1.0
#: how many more times a call is tried when its worker died
RETRIES = 2
#: how many clients' last served job are remembered before those with nothing waiting go
FORGET = 1000


def default_size() -> int:
    """The default number of worker processes: one core is left to the server process (so a
    human's move never waits for a core), at least one worker."""
    return max(1, (os.cpu_count() or 2) - 1)


def uses_workers(kind: str) -> bool:
    """Whether the bot of seat kind ``kind`` (``bot:search:hard``) moves in a worker process."""
    return kind.startswith("bot:") and kind[4:].partition(":")[0] not in IN_PROCESS_BOTS


def bot_move(position: dict[str, Any], bot: Bot) -> tuple[str, Bot]:
    """In a worker: the move ``bot`` makes in the position ``position`` (``State.to_dict``), and
    the bot after it (its generator moved on, as it would have in the server)."""
    return decide(load_position(position), bot), bot


def _start_worker() -> None:
    """Each worker's first step: run after the server process whenever both want a core, and
    end when the server does (killed, it cannot stop its workers; they would wait forever)."""
    with contextlib.suppress(OSError):  # a system that refuses: the worker still works
        os.nice(NICE)
    threading.Thread(target=_end_with, args=(os.getppid(),), daemon=True).start()


def _end_with(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_S)
    os._exit(0)


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def _join(turns: OrderedDict[K, V], key: K, served: K | None, empty: Callable[[], V]) -> V:
    """``turns[key]``, made (``empty()``) if it is new: a newcomer takes the last turn, but
    before the one just served, which had its turn already (round robin)."""
    found = turns.get(key)
    if found is not None:
        return found
    last = next(reversed(turns), None)
    turns[key] = made = empty()
    if last is not None and last == served:
        turns.move_to_end(last)
    return made


def _interleave(queues: Sequence[Sequence[Call]]) -> list[Call]:
    """The calls of ``queues`` in the order round robin takes them."""
    out: list[Call] = []
    depth = 0
    while any(depth < len(queue) for queue in queues):
        out.extend(queue[depth] for queue in queues if depth < len(queue))
        depth += 1
    return out


@dataclass(eq=False)
class Call:
    """One function call waiting for, or running in, a worker."""

    client: str
    job: Hashable
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    tries: int = 0
    pool: ProcessPoolExecutor | None = field(default=None, repr=False)


class WorkPool:
    """``size`` worker processes shared fairly by the clients (round robin, one call at a time).

    :meth:`submit` queues a call under its client and the job it belongs to (an analysis, a bot
    move: what :meth:`ahead` counts), and returns the future of its result. The processes start
    at the first call (``spawn``: the server runs threads, which a fork would copy mid-state).
    """

    def __init__(self, size: int | None = None, retries: int = RETRIES) -> None:
        self.size = default_size() if size is None else size
        if isinstance(self.size, bool) or not isinstance(self.size, int) or self.size < 1:
            raise ValueError("the worker pool needs 1 or more processes")
        self.retries = retries
        #: each client's waiting calls, by job; the order of the keys is the turn (round robin,
        #: of the clients and of each client's jobs)
        self._queues: OrderedDict[str, OrderedDict[Hashable, deque[Call]]] = OrderedDict()
        self._running: set[Call] = set()
        self._pool: ProcessPoolExecutor | None = None
        #: the client served last, and each client's job served last (:func:`_join`)
        self._last_client: str | None = None
        self._last_job: dict[str, Hashable] = {}
        self._closed = False
        #: how many times the workers died and their calls were tried again (for the tests)
        self.restarts = 0

    # -- queueing --------------------------------------------------------------------------------

    def submit(
        self, client: str, job: Hashable, fn: Callable[..., Any], *args: Any
    ) -> asyncio.Future[Any]:
        """Queue ``fn(*args)`` (a picklable top-level function and arguments) for ``client``, as
        part of ``job``; its future. Cancelling the future takes a waiting call out of the queue
        (a running one runs to its end, its result dropped)."""
        if self._closed:
            raise RuntimeError("the worker pool is closed")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        jobs = _join(self._queues, client, self._last_client, OrderedDict)
        queue = _join(jobs, job, self._last_job.get(client), deque)
        queue.append(Call(client, job, fn, args, future))
        self._dispatch()
        return future

    async def run(self, client: str, job: Hashable, fn: Callable[..., Any], *args: Any) -> Any:
        """:meth:`submit`, and wait for the result."""
        return await self.submit(client, job, fn, *args)

    def ahead(self, job: Hashable) -> int | None:
        """How many other jobs will have a worker before ``job``'s first waiting call gets one
        (0: it is next); None when no call of ``job`` is waiting."""
        order = _interleave([_interleave(list(jobs.values())) for jobs in self._queues.values()])
        seen: set[Hashable] = set()
        for call in order:
            if call.job == job:
                return len(seen)
            if not call.future.done():
                seen.add(call.job)
        return None

    def running(self, job: Hashable) -> bool:
        """Whether a call of ``job`` is in a worker now."""
        return any(call.job == job for call in self._running)

    @property
    def waiting(self) -> int:
        """How many calls wait for a worker."""
        return sum(len(q) for jobs in self._queues.values() for q in jobs.values())

    # -- running ---------------------------------------------------------------------------------

    def _next(self) -> Call | None:
        """The next client's next call (that client's turn goes to the back)."""
        while self._queues:
            client, jobs = next(iter(self._queues.items()))
            job, queue = next(iter(jobs.items()))
            call = queue.popleft()
            self._last_client = client
            self._last_job[client] = job
            if queue:
                jobs.move_to_end(job)
            else:
                del jobs[job]
            if jobs:
                self._queues.move_to_end(client)
            else:
                del self._queues[client]
                if len(self._last_job) > FORGET:  # the clients with nothing waiting go
                    self._last_job = {c: j for c, j in self._last_job.items() if c in self._queues}
            if not call.future.done():  # a cancelled call is dropped
                return call
        return None

    def _dispatch(self) -> None:
        while not self._closed and len(self._running) < self.size:
            call = self._next()
            if call is None:
                return
            self._start(call)

    def _start(self, call: Call) -> None:
        pool = self._workers()
        call.pool = pool
        self._running.add(call)
        try:
            done: Future[Any] = pool.submit(call.fn, *call.args)
        except (BrokenProcessPool, RuntimeError) as exc:  # broken between two calls
            self._finished(call, exc, None)
            return
        asyncio.wrap_future(done).add_done_callback(lambda f: self._done(call, f))

    def _done(self, call: Call, done: asyncio.Future[Any]) -> None:
        # a call cancelled in the pool was dropped with a broken pool: it is tried again
        error = BrokenProcessPool("dropped") if done.cancelled() else done.exception()
        self._finished(call, error, done)

    def _finished(
        self, call: Call, error: BaseException | None, done: asyncio.Future[Any] | None
    ) -> None:
        self._running.discard(call)
        if isinstance(error, BrokenProcessPool) and not self._closed:
            if call.pool is self._pool and self._pool is not None:
                self.restarts += 1
                logger.warning("a worker process died: its calls are tried again")
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
            if call.tries < self.retries and not call.future.done():
                call.tries += 1
                # first in its client's queue, and that client first: it had its turn already
                jobs = self._queues.setdefault(call.client, OrderedDict())
                jobs.setdefault(call.job, deque()).appendleft(call)
                jobs.move_to_end(call.job, last=False)
                self._queues.move_to_end(call.client, last=False)
                self._dispatch()
                return
        if not call.future.done():
            if error is not None:
                if isinstance(error, BrokenProcessPool):
                    error = RuntimeError(f"the worker process died {call.tries + 1} times")
                call.future.set_exception(error)
            elif done is not None:
                call.future.set_result(done.result())
        self._dispatch()

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.size, mp_context=context, initializer=_start_worker
            )
        return self._pool

    def warm(self) -> None:
        """Start the processes now (each imports the engine and the bots: about a second), so
        the first bot move does not wait for them."""
        pool = self._workers()
        for _ in range(self.size):
            pool.submit(os.getpid)

    def pids(self) -> list[int]:
        """The worker processes' ids (for the tests that kill one)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return sorted(processes)

    def close(self) -> None:
        """Stop the workers (the server is stopping): every waiting call is cancelled."""
        self._closed = True
        for jobs in self._queues.values():
            for queue in jobs.values():
                for call in queue:
                    call.future.cancel()
        self._queues.clear()
        for call in self._running:
            call.future.cancel()
        self._running.clear()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
