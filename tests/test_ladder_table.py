"""scripts/ladder_table.py reprints a kept ladder (docs/data) as docs/bots.md's tables: every
pairing and every bot once, the anchor at 0, the figures as the JSON has them; a file that is
not a ladder is one line and exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "ladder_table.py"
KEPT = sorted((ROOT / "docs" / "data").glob("ladder-*.json"))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=False
    )


def test_every_kept_ladder_reprints_with_its_figures() -> None:
    assert KEPT, "no kept ladder in docs/data"
    for path in KEPT:
        data = json.loads(path.read_text())
        result = run(str(path))
        assert result.returncode == 0, result.stderr
        rows = [line for line in result.stdout.splitlines() if line.startswith("| ")]
        bots = data["bots"]
        pairs = len(bots) * (len(bots) - 1) // 2
        assert len(data["pairings"]) == pairs
        assert len(rows) == 2 + pairs + len(bots)  # two header rows, then the two tables
        first = data["pairings"][0]
        a, b = first["bots"]
        line = f"| `{a}` vs `{b}` | {first['wins']}-{first['draws']}-{first['losses']} |"
        assert line in result.stdout
        top = data["ratings"]["table"][0]
        assert f"| 1 | `{top['bot']}` | **{top['rating']:.0f}** |" in result.stdout
        assert f"| `{data['ratings']['anchor']}` | **0** | 0 (anchor) |" in result.stdout


def test_a_file_that_is_not_a_ladder_is_one_line(tmp_path: Path) -> None:
    for text in ("", "[]", '{"pairings": 3}'):
        path = tmp_path / "bad.json"
        path.write_text(text)
        result = run(str(path))
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
