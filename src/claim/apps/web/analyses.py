"""The web game's post-game analyses (``/api/games/{id}/analysis``, the "Analyse" page).

An analysis is :mod:`claim.analysis` run on a finished game's record: its decisions are weighed
one by one in worker processes (:func:`claim.analysis.weigh_at`; a search is CPU work that must
not hold the server's event loop or its GIL), so the page can show how far it got. Results are
kept in memory for the most recent :data:`KEEP` games (an analysis is seeded: recomputing one
after a restart gives the same answer). Only finished games are analysed: the analysis of a game
in progress would weigh each player's moves with what that player knew, which the other player
must not learn — the same rule as the record's (docs/web.md).
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from claim.analysis import DEFAULT_BUDGET, assemble, decision_plies, weigh_at
from claim.analysis.review import Decision
from claim.apps.web.games import ApiError

#: the search's seed for every web analysis (the same game always gets the same analysis)
SEED = 1
#: worker processes shared by all analyses: a game's analysis takes about 10 s of CPU (base
#: game) to 35 s (every expansion) at the default budget, docs/analysis.md
WORKERS = 1
#: analyses running at once; more are refused with 503 until one ends
MAX_RUNNING = 4
#: finished analyses kept in memory (the least recently asked go first)
KEEP = 32


@dataclass
class Job:
    """One game's analysis: running (``done`` of ``total`` decisions weighed) or finished."""

    total: int
    done: int = 0
    result: dict[str, Any] | None = None
    error: str | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    def status(self) -> dict[str, Any]:
        if self.error is not None:
            return {"state": "failed", "error": self.error}
        if self.result is not None:
            return {"state": "done", "analysis": self.result}
        return {"state": "running", "done": self.done, "total": self.total}


class Analyses:
    """The analyses of one server process."""

    def __init__(self, budget: int = DEFAULT_BUDGET, workers: int = WORKERS) -> None:
        self.budget = budget
        self.workers = workers
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self._pool: ProcessPoolExecutor | None = None

    def status(self, game_id: str) -> dict[str, Any]:
        """The analysis of ``game_id``: ``{"state": "none"}`` when none was started."""
        job = self.jobs.get(game_id)
        if job is None:
            return {"state": "none"}
        self.jobs.move_to_end(game_id)
        return job.status()

    async def start(self, game_id: str, record: Any) -> dict[str, Any]:
        """Start analysing the finished game ``game_id`` (its ``record``) unless it is already
        analysed or running (a failed one is started again); its status."""
        job = self.jobs.get(game_id)
        if job is not None and job.error is None:
            return self.status(game_id)
        running = sum(1 for j in self.jobs.values() if j.result is None and j.error is None)
        if running >= MAX_RUNNING:
            raise ApiError(
                f"the server is analysing {running} games already; try again in a minute", 503
            )
        plies = await asyncio.to_thread(decision_plies, record)
        job = Job(total=len(plies))
        self.jobs[game_id] = job
        job.task = asyncio.create_task(self._run(job, record, plies))
        self._forget_old()
        return job.status()

    async def _run(self, job: Job, record: Any, plies: list[int]) -> None:
        loop = asyncio.get_running_loop()
        pool = self._workers()
        try:
            futures = [
                loop.run_in_executor(pool, weigh_at, record, ply, self.budget, SEED)
                for ply in plies
            ]
            decisions: list[Decision] = []
            for future in futures:
                decisions.append(await future)
                job.done += 1
            analysis = await asyncio.to_thread(assemble, record, decisions, self.budget, SEED)
            job.result = analysis.to_json()
        except asyncio.CancelledError:
            job.error = "the analysis was stopped"
            raise
        except Exception as exc:  # a worker died (killed, out of memory): say so, keep serving
            job.error = f"the analysis failed: {type(exc).__name__}"

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: the server runs threads (the database's), which a fork would copy mid-state
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        return self._pool

    def _forget_old(self) -> None:
        finished = [gid for gid, j in self.jobs.items() if j.result is not None or j.error]
        while len(self.jobs) > KEEP and finished:
            del self.jobs[finished.pop(0)]

    async def close(self) -> None:
        """Stop the running analyses and the workers (the server is stopping)."""
        for job in self.jobs.values():
            if job.task is not None and not job.task.done():
                job.task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
