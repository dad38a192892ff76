"""``--ray [ADDRESS]`` of ``claim simulate``, ``claim arena`` and ``claim ladder``: the games as
Ray tasks (``claim.sim.executors.RayExecutor``) give the results of ``--jobs``, stream their
progress and ``--keep`` records as batches return, and every misuse is one line.

One local Ray (2 CPUs) serves the module: the in-process commands find it connected and use it.
Each process starts its own Ray (address "local"), so two pytest workers running these tests at
once do not share or stop each other's; the group keeps them in one worker under ``--dist
loadgroup``. Two tests run ``claim`` in a subprocess: one starts a Ray of its own (the path a user
takes), one is refused an address nothing listens on.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.waits import PATIENCE_S

from claim.core.errors import ClaimError, ConfigError
from claim.core.options import SetupOptions
from claim.sim import executors
from claim.sim.arena import Match, _play_tasks
from claim.sim.executors import RayExecutor, check_reachable
from claim.sim.simulate import SimulationSpec, simulate_batch
from clitools import assert_one_line_error, run

ray = pytest.importorskip("ray")

pytestmark = pytest.mark.xdist_group("ray")

CLAIM = Path(sys.executable).parent / "claim"
ARENA = ["arena", "--bots", "heuristic,random", "--seed", "21", "--json", "--quiet"]
EVERY_EXPANSION = ["--heroes", "5", "--setting", "random", "--building", "random", "--artifacts"]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    """A Ray of 2 CPUs for this module, connected in this process."""
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.ERROR,
    )
    yield ray
    ray.shutdown()


def _without_timing(stdout: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(stdout)
    for key in ("seconds", "games_per_second"):
        data.pop(key, None)
    return data


def _free_port() -> int:
    """A TCP port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def test_simulate_on_ray_gives_the_statistics_and_records_of_jobs(
    local_ray: Any, tmp_path: Path
) -> None:
    args = ["simulate", "--games", "40", "--seed", "3", *EVERY_EXPANSION, "--json", "--quiet"]
    local = run(*args, "--records", str(tmp_path / "local"))
    on_ray = run(*args, "--records", str(tmp_path / "ray"), "--ray")
    assert on_ray.exit_code == 0, on_ray.output
    assert _without_timing(on_ray.stdout) == _without_timing(local.stdout)
    names = sorted(p.name for p in (tmp_path / "local").iterdir())
    assert len(names) == 40 and names == sorted(p.name for p in (tmp_path / "ray").iterdir())
    for name in names:
        assert (tmp_path / "ray" / name).read_bytes() == (tmp_path / "local" / name).read_bytes()


def test_arena_and_ladder_on_ray_give_the_results_of_jobs(local_ray: Any) -> None:
    arena = [*ARENA, "--deals", "12", *EVERY_EXPANSION]
    on_ray = run(*arena, "--ray")
    assert on_ray.exit_code == 0, on_ray.output
    assert _without_timing(on_ray.stdout) == _without_timing(run(*arena).stdout)
    ladder = ["ladder", "--bots", "random,heuristic,random:hard", "--deals", "3", "--seed", "4"]
    ladder += ["--resamples", "50", "--json", "--quiet"]
    on_ray = run(*ladder, "--ray")
    assert on_ray.exit_code == 0, on_ray.output
    assert _without_timing(on_ray.stdout) == _without_timing(run(*ladder).stdout)


def test_progress_lines_come_as_the_tasks_return(local_ray: Any) -> None:
    shown = run("arena", "--bots", "random,random", "--deals", "20", "--seed", "1", "--ray")
    assert shown.exit_code == 0, shown.output
    lines = shown.stderr.splitlines()
    assert lines and all(line.startswith("arena: ") for line in lines), shown.stderr
    assert lines[-1].startswith("arena: 40/40 games (100%)")
    assert "A's win rate" in shown.stdout


def test_a_match_kept_on_ray_resumes_with_the_results_of_an_uninterrupted_one(
    local_ray: Any, tmp_path: Path
) -> None:
    keep = tmp_path / "games.jsonl"
    whole = run(*ARENA, "--deals", "6")
    first = run(*ARENA, "--deals", "2", "--keep", str(keep), "--ray")
    assert first.exit_code == 0, first.output
    assert len(keep.read_text().splitlines()) == 1 + 4  # the header and the 4 games
    resumed = run(*ARENA, "--deals", "6", "--keep", str(keep), "--ray")
    assert resumed.exit_code == 0, resumed.output
    assert _without_timing(resumed.stdout) == _without_timing(whole.stdout)
    lines = keep.read_text().splitlines()
    assert len(lines) == 1 + 12
    assert sorted(json.loads(line)["deal"] for line in lines[1:]) == sorted(list(range(6)) * 2)
    # all kept: no Ray needed, none asked for
    again = run(*ARENA, "--deals", "6", "--keep", str(keep), "--ray")
    assert _without_timing(again.stdout) == _without_timing(whole.stdout)


def test_an_error_in_a_task_is_its_one_line_error(local_ray: Any) -> None:
    # a bot a node cannot build (the driver checks the specs first: here it did not)
    unknown = [Match(("no-such-bot", "random"), 1, SetupOptions())]
    with RayExecutor() as executor:
        assert executor.workers == 2
        with pytest.raises(ClaimError) as caught:
            list(executor.run(_play_tasks, unknown, [[(0, 0)]]))
    assert not isinstance(caught.value, ray.exceptions.RayError)
    assert "no-such-bot" in str(caught.value)
    assert ray.is_initialized()  # a Ray this executor did not start stays up


def test_results_of_other_rules_or_bots_are_refused(
    local_ray: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(executors, "_code", lambda: "another version")
    with RayExecutor() as executor, pytest.raises(ConfigError, match="other rules or bots"):
        list(executor.run(simulate_batch, SimulationSpec(1, SetupOptions()), [[0]]))


def test_ray_with_jobs_is_refused_in_one_line() -> None:
    for command in (
        ["simulate", "--games", "2"],
        [*ARENA, "--deals", "1"],
        ["ladder", "--deals", "1"],
    ):
        assert_one_line_error(run(*command, "--ray", "--jobs", "2"), "--ray and --jobs 2")


def test_ray_not_installed_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    result = run("simulate", "--games", "2", "--ray")
    assert_one_line_error(result, "pip install 'claim[ray]'")


def test_an_address_nothing_listens_on_is_refused_at_once(tmp_path: Path) -> None:
    port = _free_port()
    for address in (f"ray://127.0.0.1:{port}", "not an address"):
        with pytest.raises(ConfigError, match="--ray: "):
            check_reachable(address, timeout=2)
    start = time.perf_counter()
    done = subprocess.run(
        [str(CLAIM), *ARENA, "--deals", "1", "--ray", f"127.0.0.1:{port}"],
        capture_output=True,
        text=True,
        timeout=PATIENCE_S,
        cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"},
    )
    assert time.perf_counter() - start < 30  # Ray alone would retry it for minutes
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: --ray: cannot reach")
    assert f"127.0.0.1:{port}" in done.stderr


def test_claim_starts_a_quiet_ray_of_its_own(tmp_path: Path) -> None:
    """The command as a user runs it: a local Ray started and stopped by `claim`, nothing but
    the results printed, and the results of local processes."""
    arena = [str(CLAIM), *ARENA, "--deals", "8"]
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    jobs = subprocess.run(
        [*arena, "--jobs", "2"],
        capture_output=True,
        text=True,
        timeout=PATIENCE_S,
        cwd=tmp_path,
        env=env,
    )
    on_ray = subprocess.run(
        [*arena, "--ray"],
        capture_output=True,
        text=True,
        timeout=PATIENCE_S,
        cwd=tmp_path,
        env=env,
    )
    assert on_ray.returncode == 0, on_ray.stderr
    assert on_ray.stderr == ""
    assert _without_timing(on_ray.stdout) == _without_timing(jobs.stdout)


def test_a_lab_study_on_ray_gives_the_data_of_jobs(local_ray: Any, tmp_path: Path) -> None:
    args = ["lab", "first-leader", "--games", "8", "--seed", "4", "--quiet"]
    local = run(*args, "--out", str(tmp_path / "local"))
    on_ray = run(*args, "--out", str(tmp_path / "ray"), "--ray")
    assert local.exit_code == 0 and on_ray.exit_code == 0, on_ray.output
    for name in ("effects.csv", "interactions.csv", "games.csv"):
        assert (tmp_path / "ray" / name).read_text() == (tmp_path / "local" / name).read_text()
