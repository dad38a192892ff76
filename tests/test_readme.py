"""The README: its command examples run and print what it shows, its doctests pass, and its
rules-coverage table lists every component of every box exactly once with the right status."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from pathlib import Path

from tests.waits import PATIENCE_S

from claim.core import cards
from claim.core.powers import REGISTRY
from claim.core.setup import playable_factions

README = Path(__file__).resolve().parents[1] / "README.md"
BIN = Path(sys.executable).parent


def console_blocks() -> list[list[str]]:
    """The ```console blocks of the README, as lists of lines."""
    text = README.read_text(encoding="utf-8")
    return [block.splitlines() for block in re.findall(r"```console\n(.*?)```", text, re.S)]


def test_readme_has_examples_of_every_command() -> None:
    commands = [line[2:] for block in console_blocks() for line in block if line.startswith("$ ")]
    for needed in ("claim deal", "claim replay", "--json --view", "claim simulate", "claim play"):
        assert any(needed in command for command in commands), needed


def run_block(block: list[str], workdir: Path) -> None:
    """Run a block's commands in order (stdin: "quit") and find every output line it shows."""
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    output = ""
    for line in block:
        if not line.startswith("$ "):
            continue
        done = subprocess.run(
            ["bash", "-o", "pipefail", "-c", line[2:]],
            cwd=workdir,
            env=env,
            input="quit\n",
            capture_output=True,
            text=True,
            timeout=PATIENCE_S,
        )
        assert done.returncode == 0, f"{line}: {done.stderr}"
        assert "Traceback" not in done.stderr
        output += done.stdout
    shown = [line for line in block if not line.startswith("$ ") and line.strip() != "..."]
    out_lines = output.splitlines()
    for line in shown:
        assert line in out_lines, line


def test_readme_console_blocks(tmp_path: Path) -> None:
    """The blocks run in README order in one directory, as a reader would type them."""
    blocks = console_blocks()
    assert len(blocks) >= 4
    for block in blocks:
        run_block(block, tmp_path)
    assert (tmp_path / "games" / "game-0001.json").is_file()


def test_readme_doctests() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10
    assert result.failed == 0


def coverage_rows() -> list[tuple[str, str, str]]:
    rows = re.findall(
        r"^\| `([a-z0-9-]+)` \| ([^|]+) \| ([^|]+) \|$", README.read_text(encoding="utf-8"), re.M
    )
    return [(name, kind.strip(), status.strip()) for name, kind, status in rows]


def test_coverage_table_lists_every_component_once() -> None:
    rows = coverage_rows()
    names = [name for name, _, _ in rows]
    expected = [
        *cards.FACTIONS,
        *cards.HEROES,
        *cards.SETTINGS,
        *cards.BUILDINGS,
        *cards.ARTIFACTS,
    ]
    assert len(expected) == 28 + 24 + 22 + 16
    assert sorted(names) == sorted(expected)
    assert len(set(names)) == len(names)


def test_coverage_table_status() -> None:
    for name, kind, status in coverage_rows():
        if name in cards.FACTIONS:
            assert kind == f"faction ({cards.FACTIONS[name].box})"
            playable = name in playable_factions()
            assert status == ("implemented" if playable else "not yet"), name
        elif name in cards.HEROES:
            assert kind in ("hero (fear)", "hero (mercenaries)"), name
            assert status == ("implemented" if name in REGISTRY else "not yet"), name
        elif name in cards.SETTINGS or name in cards.BUILDINGS:
            kind_name = "setting" if name in cards.SETTINGS else "building"
            assert kind == f"location ({kind_name})", name
            assert status == ("implemented" if name in REGISTRY else "not yet"), name
        else:
            assert name in cards.ARTIFACTS and kind == "artifact", name
            assert status == ("implemented" if name in REGISTRY else "not yet"), name
