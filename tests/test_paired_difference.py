"""scripts/paired_difference.py compares two kept arena matches on the same deals: each score
and the difference paired deal by deal, on the deals both hold in full; files of other deals or
not kept matches are one line and exit code 1."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "paired_difference.py"
HEAD = {"kind": "claim-arena-games", "version": 1, "seed": 7, "options": {"factions": "claim"}}


def kept(path: Path, bot: str, winners: list[int | None], seed: int = 7) -> Path:
    """A kept match: deal i's two games (A as player 0, then as player 1) with the winners."""
    lines = [json.dumps({**HEAD, "seed": seed, "bots": [bot, "heuristic"]})]
    for i, winner in enumerate(winners):
        lines.append(json.dumps({"deal": i // 2, "a_seat": i % 2, "winner": winner}))
    path.write_text("\n".join(lines) + "\n")
    return path


def run(*paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *map(str, paths)], capture_output=True, text=True, check=False
    )


def test_scores_and_the_paired_difference(tmp_path: Path) -> None:
    # variant: deals score 1, 1, 0.5, 1 (and a lone game of a fifth deal, left out);
    # bot: 0.5, 0.5, 0.5, 0 -> differences 0.5, 0.5, 0, 1: mean 0.5
    a = kept(tmp_path / "a.jsonl", "search:200+aware", [0, 1, 0, 1, None, None, 0, 1, 0])
    b = kept(tmp_path / "b.jsonl", "search:200", [0, 0, 1, 1, 0, 0, 1, 0])
    result = run(a, b)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("search:200+aware vs heuristic: 87.5% (")
    assert lines[1].startswith("search:200 vs heuristic: 37.5% (")
    assert lines[2].startswith("paired difference over 4 deals: +50.0 points (")


def test_other_deals_are_refused(tmp_path: Path) -> None:
    a = kept(tmp_path / "a.jsonl", "search:200", [0, 1, 0, 1])
    b = kept(tmp_path / "b.jsonl", "search:200", [0, 1, 0, 1], seed=8)
    result = run(a, b)
    assert result.returncode == 1
    assert result.stderr.strip() == (
        "paired_difference: the two files were not played on the same deals (seed differs)"
    )
    (tmp_path / "c.jsonl").write_text('{"kind": "claim-ladder"}\n')
    result = run(a, tmp_path / "c.jsonl")
    assert result.returncode == 1 and "not a kept arena match" in result.stderr


def test_pairs_on_two_seeds_are_pooled(tmp_path: Path) -> None:
    # seed 7: differences 0.5, 0.5 (variant 1, 1; baseline 0.5, 0.5); seed 8: -0.5, 0.5
    a7 = kept(tmp_path / "a7.jsonl", "search:200+flat", [0, 1, 0, 1])
    b7 = kept(tmp_path / "b7.jsonl", "search:200", [0, 0, 1, 1])
    a8 = kept(tmp_path / "a8.jsonl", "search:200+flat", [0, 0, 0, 1], seed=8)
    b8 = kept(tmp_path / "b8.jsonl", "search:200", [0, 1, 0, 0], seed=8)
    result = run(a7, b7, a8, b8)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 8
    assert lines[2].startswith("paired difference over 2 deals: +50.0 points")
    assert lines[5].startswith("paired difference over 2 deals: +0.0 points")
    # the variant's deals: 1, 1, 0.5, 1
    assert lines[6].startswith("the variants' score over 4 deals of 2 pairs of files: 87.5% (")
    assert lines[7].startswith("paired difference over 4 deals of 2 pairs of files: +25.0 points")
    result = run(a7, b7, a8)
    assert result.returncode == 1
    assert "give the files in pairs" in result.stderr


def test_scores_pooled_over_seeds(tmp_path: Path) -> None:
    # seed 7: deals 1, 0.5; seed 8: deals 0, 0.5, 1 -> pooled 3 / 5
    a7 = kept(tmp_path / "a7.jsonl", "search:medium", [0, 1, 0, 0])
    a8 = kept(tmp_path / "a8.jsonl", "search:medium", [1, 0, 0, 0, 0, 1], seed=8)
    result = run(Path("--scores"), a7, a8)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("search:medium vs heuristic, seed 7: 75.0% (")
    assert lines[0].endswith(" over 2 deals")
    assert lines[1].startswith("search:medium vs heuristic, seed 8: 50.0% (")
    assert lines[2].startswith("pooled over 5 deals: 60.0% (")
