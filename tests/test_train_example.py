"""The training example (examples/train_policy.py, docs/rl.md "An example that learns"), run end
to end on a tiny budget: it trains, saves weights that load back, prints its results in the
documented format, and the same seed gives the same weights and the same results.

Whether it learns is measured in docs/rl.md (minutes of training); no check of it here: over
the few seconds a test may take, the policy does not move clearly enough from an untrained one.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

torch = pytest.importorskip("torch")  # the `train` extra

SCRIPT = Path(__file__).resolve().parents[1] / "examples" / "train_policy.py"
#: a few seconds: 2 updates of 4 games, 4 evaluation games (2 deals) against each bot
TINY = ["--updates", "2", "--games", "4", "--eval-games", "4", "--minibatch", "64"]
RESULT = re.compile(
    r"vs (random|heuristic): won (\d+\.\d)% \(95% CI (\d+\.\d)-(\d+\.\d)%\) of 4 games, \d+ drawn"
)


@pytest.fixture(scope="module")
def example() -> ModuleType:
    """The script as a module (examples/ is not a package)."""
    spec = importlib.util.spec_from_file_location("train_policy", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_policy"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def _weights(path: Path) -> dict[str, Any]:
    """The saved state dict (parameter name -> tensor)."""
    return dict(torch.load(path))


def test_trains_saves_and_reports(
    example: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "policy.pt"
    lines = example.main([*TINY, "--seed", "3", "--out", str(out), "--log-every", "1"])
    printed = capsys.readouterr().out.splitlines()
    # a progress line per update, then the results
    assert [line.split(":")[0] for line in printed[:2]] == ["update 1/2", "update 2/2"]
    assert printed[2:] == lines
    assert re.fullmatch(r"trained 2 updates \(8 games\) in \d+ s", lines[0])
    assert len(lines) == 3
    for bot, line in zip(("random", "heuristic"), lines[1:], strict=True):
        match = RESULT.fullmatch(line)
        assert match is not None, line
        assert match.group(1) == bot
        rate, low, high = (float(match.group(i)) for i in (2, 3, 4))
        assert low <= rate <= high
    # the weights load back into the network
    policy = example.Policy(256)
    policy.load_state_dict(_weights(out))


def test_same_seed_same_result(
    example: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = []
    for name, seed in (("a", 5), ("b", 5), ("c", 6)):
        out = tmp_path / f"{name}.pt"
        lines = example.main([*TINY, "--seed", str(seed), "--out", str(out), "--quiet"])
        runs.append((lines[1:], _weights(out)))  # lines[0] holds the training time
    assert not re.search(r"^update ", capsys.readouterr().out, re.M)  # --quiet: no progress
    (lines_a, weights_a), (lines_b, weights_b), (_, weights_c) = runs
    assert lines_a == lines_b
    assert all(torch.equal(weights_a[k], weights_b[k]) for k in weights_a)
    assert not all(torch.equal(weights_a[k], weights_c[k]) for k in weights_a)


def test_setup_options_and_loading(example: ModuleType, tmp_path: Path) -> None:
    """A setup option of `claim deal` reaches the games, and --load continues saved weights
    (--updates 0 then only evaluates them)."""
    out = tmp_path / "policy.pt"
    example.main([*TINY, "--factions", "random", "--out", str(out), "--quiet"])
    lines = example.main(
        [*TINY, "--updates", "0", "--load", str(out), "--eval-bots", "random", "--quiet"]
    )
    assert lines[0].startswith("trained 0 updates (0 games)")
    assert len(lines) == 2 and RESULT.fullmatch(lines[1])


def test_script_runs_as_a_command() -> None:
    """As the docs run it: a separate process, its help listing the options."""
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--help"], capture_output=True, text=True, check=True
    )
    for option in ("--updates", "--seed", "--eval-games", "--threads", "--out", "--quiet"):
        assert option in done.stdout
    assert "--factions" in done.stdout
