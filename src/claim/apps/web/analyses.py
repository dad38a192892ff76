"""The web game's post-game analyses (``/api/games/{id}/analysis``, the "Analyse" page).

An analysis is :mod:`claim.analysis` run on a finished game's record: its decisions are weighed
one by one in the server's worker processes (:func:`claim.analysis.weigh_at` in
:class:`~claim.apps.web.workers.WorkPool`; a search is CPU work that must not hold the server's
event loop or its GIL), so the page can show how far it got. The workers are shared fairly with
the bots' moves and the other clients' analyses: an analysis waits in its client's queue, and
the page shows how many jobs are ahead of it (``"state": "queued"``). Each client may have
:attr:`~claim.apps.web.quotas.Limits.analyses` analyses queued or running (429 beyond), and the
server :data:`MAX_WAITING` in all (503 beyond).

Results are kept in memory for the most recent :data:`KEEP` games (an analysis is seeded:
recomputing one after a restart gives the same answer). Only finished games are analysed: the
analysis of a game in progress would weigh each player's moves with what that player knew, which
the other player must not learn — the same rule as the record's (docs/web.md).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from claim.analysis import DEFAULT_BUDGET, assemble, decision_plies, weigh_at
from claim.analysis.review import Decision
from claim.apps.web.quotas import Limits
from claim.apps.web.requests import ApiError
from claim.apps.web.workers import WorkPool

#: the search's seed for every web analysis (the same game always gets the same analysis)
SEED = 1
#: analyses queued or running at once, all clients together; more are refused with 503 until
#: one ends (a game's analysis takes about 10 s of CPU (base game) to 35 s (every expansion) at
#: the default budget, docs/analysis.md)
MAX_WAITING = 16
#: finished analyses kept in memory (the least recently asked go first)
KEEP = 32


def queue_text(ahead: int) -> str:
    """What the analysis page says while an analysis waits for a worker."""
    if ahead == 0:
        return "Waiting for a worker: this analysis is next."
    jobs = "job is" if ahead == 1 else "jobs are"
    return f"Waiting for a worker: {ahead} {jobs} ahead of this analysis."


@dataclass(eq=False)
class Job:
    """One game's analysis: queued, running (``done`` of ``total`` decisions weighed) or
    finished; ``client``: who asked for it (its quota)."""

    total: int
    client: str = "unknown"
    done: int = 0
    result: dict[str, Any] | None = None
    error: str | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    @property
    def finished(self) -> bool:
        return self.result is not None or self.error is not None


class Analyses:
    """The analyses of one server process, weighed in ``pool``'s workers."""

    def __init__(
        self,
        budget: int = DEFAULT_BUDGET,
        pool: WorkPool | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.budget = budget
        self.pool = pool if pool is not None else WorkPool(1)
        self.limits = limits or Limits()
        self.jobs: OrderedDict[str, Job] = OrderedDict()

    def status(self, game_id: str) -> dict[str, Any]:
        """The analysis of ``game_id``: ``{"state": "none"}`` when none was started; while it
        waits for a worker, ``queued`` with ``ahead`` (the jobs before it) and the page's
        ``message``."""
        job = self.jobs.get(game_id)
        if job is None:
            return {"state": "none"}
        self.jobs.move_to_end(game_id)
        if job.error is not None:
            return {"state": "failed", "error": job.error}
        if job.result is not None:
            return {"state": "done", "analysis": job.result}
        ahead = None if job.done or self.pool.running(job) else self.pool.ahead(job)
        if ahead is not None:
            return {
                "state": "queued",
                "ahead": ahead,
                "message": queue_text(ahead),
                "done": 0,
                "total": job.total,
            }
        return {"state": "running", "done": job.done, "total": job.total}

    async def start(self, game_id: str, record: Any, client: str = "unknown") -> dict[str, Any]:
        """Start analysing the finished game ``game_id`` (its ``record``) for ``client`` unless
        it is already analysed, queued or running (a failed one is started again); its
        status. 429 when the client has as many analyses waiting as it may, 503 when the
        server has."""
        job = self.jobs.get(game_id)
        if job is not None and job.error is None:
            return self.status(game_id)
        waiting = [j for j in self.jobs.values() if not j.finished]
        mine = sum(j.client == client for j in waiting)
        limit = self.limits.analyses
        if limit and mine >= limit:
            raise ApiError(
                f"too many analyses: at most {limit} queued or running at once for each "
                "client; wait until one ends",
                429,
            )
        if len(waiting) >= MAX_WAITING:
            raise ApiError(
                f"the server has {len(waiting)} analyses waiting already; try again in a few "
                "minutes",
                503,
            )
        plies = await asyncio.to_thread(decision_plies, record)
        job = self.jobs.get(game_id)  # another request may have started it meanwhile
        if job is not None and job.error is None:
            return self.status(game_id)
        job = Job(total=len(plies), client=client)
        self.jobs[game_id] = job
        # every decision waits in the client's queue now, so the answer says where it stands
        futures = [
            self.pool.submit(client, job, weigh_at, record, ply, self.budget, SEED) for ply in plies
        ]
        job.task = asyncio.create_task(self._run(job, record, futures))
        self._forget_old()
        return self.status(game_id)

    async def _run(self, job: Job, record: Any, futures: list[asyncio.Future[Any]]) -> None:
        try:
            decisions: list[Decision] = []
            for future in futures:
                decisions.append(await future)
                job.done += 1
            analysis = await asyncio.to_thread(assemble, record, decisions, self.budget, SEED)
            job.result = analysis.to_json()
        except asyncio.CancelledError:
            job.error = "the analysis was stopped"
            raise
        except Exception as exc:  # a worker died again and again (out of memory): say so
            job.error = f"the analysis failed ({exc or type(exc).__name__}); ask again"
        finally:
            for future in futures:  # what is still queued leaves the queue
                future.cancel()

    def _forget_old(self) -> None:
        finished = [gid for gid, j in self.jobs.items() if j.finished]
        while len(self.jobs) > KEEP and finished:
            del self.jobs[finished.pop(0)]

    async def close(self) -> None:
        """Stop the running analyses (the server is stopping; the pool is closed by its
        owner)."""
        for job in self.jobs.values():
            if job.task is not None and not job.task.done():
                job.task.cancel()
