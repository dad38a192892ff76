"""Running a study: the units not yet kept played through an executor (local processes or Ray,
:mod:`claim.sim.executors`), every finished game kept in ``DIR/games.jsonl`` as its batch
returns, then the findings written as the report.

A unit's games depend only on the study and the unit (:mod:`claim.lab.design`), so which
executor plays them, in what order, and whether the study stopped and resumed in between, does
not change a single game: a resumed study's report is the uninterrupted one's.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from claim.core.errors import ConfigError
from claim.core.setup import SEED_LIMIT
from claim.lab.analysis import Findings, analyse
from claim.lab.design import Study
from claim.lab.kept import KeptLabGames, key
from claim.lab.play import LabGame, play_units
from claim.sim.executors import Executor, InProcess

#: the file of finished games in a study's folder
GAMES_FILE = "games.jsonl"
#: the log of a study's runs (when, how many games, how long), for the report
RUNS_FILE = "runs.jsonl"
#: the most bytes of the games file's first line read for its seed (a header is a few KiB)
HEADER_BYTES = 1024 * 1024
#: the most units a batch plays before its games are kept (a kill loses at most this many per
#: worker)
BATCH_UNITS = 8


@dataclass(slots=True)
class Progress:
    """What a run played: games kept from before, games played now, and their seconds."""

    kept: int
    played: int
    seconds: float


def open_kept(out: Path, study: Study) -> KeptLabGames:
    """The study's kept games (``out`` made if missing); ConfigError if it cannot be."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ConfigError(f"--out: cannot make the folder {out}: {exc.strerror}") from None
    return KeptLabGames(out / GAMES_FILE, study)


def units_left(study: Study, kept: KeptLabGames) -> list[int]:
    """The units of :meth:`Study.units` not all of whose games are kept."""
    done: dict[tuple[str, str, int], int] = {}
    for kind, component, deal, _game in kept.done:
        done[kind, component, deal] = done.get((kind, component, deal), 0) + 1
    return [
        index
        for index, (kind, component, deal) in enumerate(study.units())
        if done.get((kind, component, deal), 0) < study.games_per_deal(kind)
    ]


def run_study(
    study: Study,
    out: Path,
    executor: Executor | None = None,
    on_game: Callable[[], None] | None = None,
    on_start: Callable[[int, int], None] | None = None,
) -> tuple[Findings, Progress]:
    """Play what ``out`` does not keep yet of ``study`` and return its findings.
    ``on_start(kept, left)`` is told the games kept and the games to play before the first is
    played; ``on_game`` is called after each game played. Stopped (Ctrl-C, a kill), the games
    finished so far stay kept: run it again to go on."""
    runner = executor or InProcess()
    with open_kept(out, study) as kept:
        todo = units_left(study, kept)
        units = study.units()
        # a unit's games are kept together: a partly kept unit is played again whole
        left = sum(study.games_per_deal(units[i][0]) for i in todo)
        games: dict[tuple[str, str, int, int], LabGame] = dict(kept.done)
        kept_before = len(games)
        started = datetime.now(UTC)
        if on_start is not None:
            on_start(kept_before, left)
        start = time.perf_counter()
        # in this process a unit a batch; else about 16 a worker, at most BATCH_UNITS units
        batches = [[todo[j] for j in chunk] for chunk in runner.split(len(todo), BATCH_UNITS)]
        played = 0
        try:
            for results in runner.run(play_units, study, batches):
                for _index, unit in results:
                    for game in unit:
                        if key(game) not in games:
                            kept.add(game)
                        games[key(game)] = game
                        played += 1
                        if on_game is not None:
                            on_game()
        finally:  # stopped or not, the run's games and time go into the study's log
            seconds = time.perf_counter() - start
            if played:
                log_run(out, started, played, seconds, runner.workers)
    return analyse(study, games.values()), Progress(kept_before, played, seconds)


def log_run(out: Path, started: datetime, played: int, seconds: float, workers: int) -> None:
    """Add a run to ``DIR/runs.jsonl``: when it started, the games it played, in how long, on
    how many workers (the report's run time, however many runs a study took)."""
    line = {
        "started": started.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "played": played,
        "seconds": round(seconds, 3),
        "workers": workers,
    }
    with (out / RUNS_FILE).open("a", encoding="utf-8") as file:
        file.write(json.dumps(line) + "\n")


def read_runs(out: Path) -> list[dict[str, Any]]:
    """The runs logged in ``DIR/runs.jsonl`` (lines that are not a run are skipped: the log
    is for reading, the games file is the study)."""
    try:
        lines = (out / RUNS_FILE).read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    runs = []
    for line in lines:
        try:
            run = json.loads(line)
        except ValueError:
            continue
        if (
            isinstance(run, dict)
            and isinstance(run.get("started"), str)
            and type(run.get("played")) is int
            and isinstance(run.get("seconds"), int | float)
            and type(run.get("workers")) is int
        ):
            runs.append(run)
    return runs


def runs_text(runs: list[dict[str, Any]]) -> str:
    """The study's run time in words, for the report.

    >>> runs_text([{"started": "2026-12-06T08:28:00Z", "played": 28000, "seconds": 636.0,
    ...             "workers": 2}])
    '28,000 games played in 636 s (44.0 games/s; 2026-12-06 08:28 UTC, 2 workers)'
    """
    if not runs:
        return "no run logged"
    played = sum(run["played"] for run in runs)
    seconds = sum(run["seconds"] for run in runs)
    each = "; ".join(
        f"{run['started'][:10]} {run['started'][11:16]} UTC, {run['workers']} worker"
        + ("s" if run["workers"] != 1 else "")
        + (f": {run['played']:,} games in {run['seconds']:.0f} s" if len(runs) > 1 else "")
        for run in runs
    )
    rate = f"{played / seconds:.1f} games/s; " if seconds > 0 else ""
    runs_said = f" over {len(runs)} runs" if len(runs) > 1 else ""
    return f"{played:,} games played in {seconds:.0f} s{runs_said} ({rate}{each})"


def kept_seed(out: Path) -> int | None:
    """The seed of the study kept in ``out`` (None: no readable study there), so that the same
    command without ``--seed`` resumes it."""
    try:
        with (out / GAMES_FILE).open("rb") as file:
            # a bound: /dev/zero (or any file without a newline) is not read for ever
            first = json.loads(file.readline(HEADER_BYTES))
        seed = first["study"]["seed"]
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None
    # a seed past --seed's bound (a hand-edited file) is not resumed: the study's own check
    # then refuses the folder, in one line
    return seed if type(seed) is int and -SEED_LIMIT <= seed <= SEED_LIMIT else None
