"""The sb3-contrib recipe (examples/train_maskable_ppo.py, docs/rl.md "Training with sb3-contrib")
run end to end on a tiny budget: MaskablePPO trains on the Gymnasium env through its
``action_masks()``, saves a model that loads back and measures the same, prints its results in
the documented format, and the same seed gives the same model.

Whether it learns is measured in docs/rl.md (minutes of training), not here: a few seconds of
training do not move the policy clearly away from an untrained one.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

sb3_contrib = pytest.importorskip("sb3_contrib")  # the `train` extra
torch = pytest.importorskip("torch")

SCRIPT = Path(__file__).resolve().parents[1] / "examples" / "train_maskable_ppo.py"
#: a few seconds: one rollout of 2 envs × 256 moves, 2 evaluation deals (4 games) a bot
TINY = ["--timesteps", "256", "--envs", "2", "--eval-deals", "2", "--quiet"]
RESULT = re.compile(
    r"vs (random|heuristic): scored (\d+\.\d)% of 4 games \((\d) won, (\d) drawn\); "
    r"95% CI (\d+\.\d)-(\d+\.\d)% paired over 2 deals, (\d+\.\d)-(\d+\.\d)% Wilson"
)


@pytest.fixture(scope="module")
def example() -> ModuleType:
    """The script as a module (examples/ is not a package)."""
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_maskable_ppo"] = module
    spec.loader.exec_module(module)
    return module


def _parameters(path: Path) -> dict[str, torch.Tensor]:
    return dict(sb3_contrib.MaskablePPO.load(path, device="cpu").policy.state_dict())


def test_trains_saves_loads_and_reports(
    example: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "model.zip"
    lines = example.main([*TINY, "--seed", "3", "--out", str(out)])
    assert capsys.readouterr().out.splitlines() == lines  # --quiet: the results only
    assert re.fullmatch(r"trained 512 timesteps \(\d+ games\) in \d+ s \(\d+ s CPU\)", lines[0])
    assert len(lines) == 3
    for bot, line in zip(("random", "heuristic"), lines[1:], strict=True):
        match = RESULT.fullmatch(line)
        assert match is not None, line
        assert match.group(1) == bot
        rate, won, drawn = float(match.group(2)), int(match.group(3)), int(match.group(4))
        assert rate == pytest.approx(100 * (won + drawn / 2) / 4, abs=0.05)
        for low, high in ((5, 6), (7, 8)):
            assert float(match.group(low)) <= rate <= float(match.group(high))
    # the saved model, loaded and measured without training, plays the same games
    again = example.main([*TINY, "--timesteps", "0", "--load", str(out)])
    assert again[1:] == lines[1:]


def test_same_seed_same_model(example: ModuleType, tmp_path: Path) -> None:
    runs = []
    for name, seed in (("a", 5), ("b", 5), ("c", 6)):
        out = tmp_path / f"{name}.zip"
        lines = example.main([*TINY, "--seed", str(seed), "--out", str(out)])
        runs.append((lines[1:], _parameters(out)))  # lines[0] holds the training time
    (lines_a, weights_a), (lines_b, weights_b), (_, weights_c) = runs
    assert lines_a == lines_b
    assert all(torch.equal(weights_a[k], weights_b[k]) for k in weights_a)
    assert not all(torch.equal(weights_a[k], weights_c[k]) for k in weights_a)


def test_takes_a_setup_option(example: ModuleType) -> None:
    lines = example.main([*TINY, "--timesteps", "0", "--eval-deals", "2", "--heroes", "3"])
    assert all(RESULT.fullmatch(line) for line in lines[1:])
    with pytest.raises(SystemExit):
        example.main([*TINY, "--envs", "3"])
