"""``claim arena --keep FILE``: a stopped match resumes where it stopped, with the results of an
uninterrupted one; a file of another match, of another version (unless it holds every game asked
for: then shown as kept), or damaged is refused in one line (``claim.sim.kept_games``)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from tests.waits import PATIENCE_S

from claim.core.options import SetupOptions
from claim.sim import kept_games
from claim.sim.arena import Match, arena
from claim.sim.fingerprint import code_fingerprint
from claim.sim.kept_games import KeptGames, outcome_from_dict, outcome_to_dict
from clitools import assert_one_line_error, run

BOTS = ("random", "heuristic")
MATCH = ["arena", "--bots", "random,heuristic", "--seed", "21", "--json", "--quiet"]


def _stats(result_stdout: str) -> dict[str, object]:
    data = json.loads(result_stdout)
    del data["seconds"]
    return data


def test_a_resumed_match_gives_the_results_of_an_uninterrupted_one(tmp_path: Path) -> None:
    keep = tmp_path / "games.jsonl"
    whole = run(*MATCH, "--deals", "6")
    first = run(*MATCH, "--deals", "2", "--keep", str(keep))
    assert first.exit_code == 0, first.output
    assert len(keep.read_text().splitlines()) == 1 + 4  # the header and the 4 games
    resumed = run(*MATCH, "--deals", "6", "--keep", str(keep))
    assert resumed.exit_code == 0, resumed.output
    assert _stats(resumed.stdout) == _stats(whole.stdout)
    assert len(keep.read_text().splitlines()) == 1 + 12
    # fewer deals than the file holds: the first deals only
    fewer = run(*MATCH, "--deals", "3", "--keep", str(keep))
    assert _stats(fewer.stdout) == _stats(run(*MATCH, "--deals", "3").stdout)


def test_a_match_whose_games_are_all_kept_plays_none_and_prints_its_table(tmp_path: Path) -> None:
    keep = tmp_path / "games.jsonl"
    table = ["arena", "--bots", "random,heuristic", "--seed", "21", "--deals", "2"]
    first = run(*table, "--keep", str(keep), "--jobs", "2", "--quiet")
    assert first.exit_code == 0, first.output
    assert "Games per second" in first.stdout
    again = run(*table, "--keep", str(keep), "--jobs", "2")
    assert again.exit_code == 0, again.output
    assert "none to play" in again.stderr and "capped" not in again.stderr
    # the same table, without a rate of games this run did not play
    assert "Games per second" not in again.stdout
    assert again.stdout.split("Average tricks")[0] == first.stdout.split("Average tricks")[0]


def test_kept_games_are_not_played_again(tmp_path: Path) -> None:
    """The library: games passed as ``done`` are taken as they are (here made up: A won them
    all) and only the others are played."""
    match = Match(BOTS, 5, SetupOptions())
    with KeptGames(tmp_path / "g.jsonl", match) as kept:
        stats = arena(BOTS, 2, 5, on_game=kept.add)
    made_up = {o.index: replace(o, winner=o.a_seat) for o in stats.outcomes if o.deal == 0}
    played: list[int] = []
    again = arena(BOTS, 2, 5, done=made_up, on_game=lambda o: played.append(o.index))
    assert sorted(played) == [2, 3]
    assert [o.winner for o in again.outcomes[:2]] == [0, 1]
    assert again.outcomes[2:] == stats.outcomes[2:]


def test_a_line_cut_short_is_dropped_and_its_game_played_again(tmp_path: Path) -> None:
    keep = tmp_path / "games.jsonl"
    run(*MATCH, "--deals", "2", "--keep", str(keep))
    text = keep.read_text()
    lines = text.splitlines()
    keep.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:17])  # killed mid-write
    resumed = run(*MATCH, "--deals", "2", "--keep", str(keep))
    assert resumed.exit_code == 0, resumed.output
    assert _stats(resumed.stdout) == _stats(run(*MATCH, "--deals", "2").stdout)
    assert keep.read_text() == text  # the cut line replaced by the whole one


def test_a_killed_match_resumes(tmp_path: Path) -> None:
    """The real case: the process killed (SIGKILL, nothing cleaned up) in the middle of the
    match; the same command then finishes it, with the results of an uninterrupted run."""
    keep = tmp_path / "games.jsonl"
    args = [*MATCH, "--deals", "40", "--keep", str(keep)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "claim.apps.cli", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    # wait for the event (5 games kept), however busy the machine
    deadline = time.monotonic() + PATIENCE_S
    while not (keep.exists() and keep.read_text().count("\n") >= 6):
        assert proc.poll() is None, "claim arena ended before it was killed"
        assert time.monotonic() < deadline, f"no 5 games kept in {PATIENCE_S} s"
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    kept = keep.read_text().count("\n") - 1
    assert 5 <= kept < 80, kept  # stopped in the middle
    resumed = run(*args)
    assert resumed.exit_code == 0, resumed.output
    assert _stats(resumed.stdout) == _stats(run(*MATCH, "--deals", "40").stdout)


@pytest.mark.parametrize(
    ("change", "text"),
    [
        (["--seed", "22"], "another match (seed 21)"),
        (["--bots", "heuristic,random"], "another match (bots random,heuristic)"),
        (["--factions", "claim2"], "another match (other setup options (factions))"),
    ],
)
def test_a_file_of_another_match_is_refused(tmp_path: Path, change: list[str], text: str) -> None:
    keep = tmp_path / "games.jsonl"
    run(*MATCH, "--deals", "1", "--keep", str(keep))
    before = keep.read_text()
    args = [*MATCH, "--deals", "1", "--keep", str(keep)]
    for i in range(0, len(change), 2):
        at = args.index(change[i]) if change[i] in args else None
        if at is None:
            args += change[i : i + 2]
        else:
            args[at + 1] = change[i + 1]
    assert_one_line_error(run(*args), text)
    assert keep.read_text() == before  # nothing lost


#: a fingerprint no version of the code has: the file of an older version
OLDER = "0123456789abcdef" * 4


def _played_by_an_older_version(keep: Path, deals: int) -> bytes:
    """Keep a match of ``deals`` deals in ``keep``, then mark it as played by another version;
    the file's bytes."""
    assert run(*MATCH, "--deals", str(deals), "--keep", str(keep)).exit_code == 0
    lines = keep.read_text().splitlines()
    head = json.loads(lines[0])
    assert head["code"] == code_fingerprint()
    head["code"] = OLDER
    keep.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    return keep.read_bytes()


def test_a_whole_match_of_another_version_is_shown_as_kept(tmp_path: Path) -> None:
    """The figures kept in docs/data stay printable after the rules or the bots change: the
    kept games, not replayed, a notice saying so, and the file left as it was."""
    keep = tmp_path / "games.jsonl"
    before = _played_by_an_older_version(keep, 3)
    for deals in ("3", "2"):  # the whole match, and its first deals
        result = run(*MATCH, "--deals", deals, "--keep", str(keep))
        assert result.exit_code == 0, result.output
        assert _stats(result.stdout) == _stats(run(*MATCH, "--deals", deals).stdout)
        assert result.stderr.count("\n") == 1, result.stderr
        assert "another version of the rules or the bots" in result.stderr
        assert f"(code {OLDER[:12]})" in result.stderr
        assert "shown as kept, not replayed" in result.stderr
        assert keep.read_bytes() == before


def test_a_whole_match_of_another_version_needs_no_write_permission(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file is only read: kept files checked in read-only are shown too. Every open of the
    kept file is recorded (a chmod would prove nothing to root, whom CI runs as): each is a
    read-only one."""
    keep = tmp_path / "games.jsonl"
    before = _played_by_an_older_version(keep, 1)
    modes: list[str] = []

    def spy(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if Path(file) == keep:
            modes.append(mode)
        return open(file, mode, *args, **kwargs)

    monkeypatch.setattr(kept_games, "open", spy, raising=False)
    result = run(*MATCH, "--deals", "1", "--keep", str(keep))
    assert result.exit_code == 0, result.output
    assert modes == ["rb"]
    assert keep.read_bytes() == before


def test_a_match_of_another_version_is_not_extended(tmp_path: Path) -> None:
    """More deals than the file of another version holds: refused, saying how many can be shown
    as kept; no game of this version is mixed with its games."""
    keep = tmp_path / "games.jsonl"
    before = _played_by_an_older_version(keep, 2)
    result = run(*MATCH, "--deals", "3", "--keep", str(keep))
    assert_one_line_error(result, "another version of the rules or the bots")
    assert "every game of its first 2 deals" in result.stderr
    assert keep.read_bytes() == before
    # not even the first deal whole: nothing to show
    lines = before.decode().splitlines()
    keep.write_text("\n".join([lines[0], lines[2]]) + "\n")  # game 1 of deal 0 alone
    result = run(*MATCH, "--deals", "1", "--keep", str(keep))
    assert_one_line_error(result, "another version of the rules or the bots")
    assert "; give another file" in result.stderr


@pytest.mark.parametrize(
    ("change", "text"),
    [
        (["--seed", "22"], "another match (seed 21)"),
        (["--bots", "heuristic,random"], "another match (bots random,heuristic)"),
    ],
)
def test_a_whole_file_of_another_version_and_match_is_refused(
    tmp_path: Path, change: list[str], text: str
) -> None:
    keep = tmp_path / "games.jsonl"
    before = _played_by_an_older_version(keep, 1)
    args = [*MATCH, "--deals", "1", "--keep", str(keep)]
    args[args.index(change[0]) + 1] = change[1]
    assert_one_line_error(run(*args), text)
    assert keep.read_bytes() == before


@pytest.mark.parametrize(
    ("content", "text"),
    [
        ("hello\n", "is not a file of kept arena games"),
        ('{"kind": "claim-game"}\n', "it is not a file of kept arena games"),
        (None, "line 2: not a JSON object"),
        ("HEADER", "line 3: a_seat must be 0 or 1"),
    ],
)
def test_damaged_files_are_refused_in_one_line(
    tmp_path: Path, content: str | None, text: str
) -> None:
    keep = tmp_path / "games.jsonl"
    run(*MATCH, "--deals", "1", "--keep", str(keep))
    lines = keep.read_text().splitlines()
    if content is None:
        content = "\n".join([lines[0], "[1, 2]", *lines[1:]]) + "\n"
    elif content == "HEADER":
        bad = json.loads(lines[2])
        bad["a_seat"] = 7
        content = "\n".join([lines[0], lines[1], json.dumps(bad)]) + "\n"
    keep.write_text(content)
    assert_one_line_error(run(*MATCH, "--deals", "1", "--keep", str(keep)), text)
    assert keep.read_text() == content  # nothing lost


def test_keep_needs_a_seed_and_a_writable_file(tmp_path: Path) -> None:
    args = ["arena", "--bots", "random,random", "--deals", "1", "--quiet"]
    assert_one_line_error(run(*args, "--keep", str(tmp_path / "k")), "--keep needs --seed")
    missing = tmp_path / "no" / "such" / "dir" / "k.jsonl"
    assert_one_line_error(run(*args, "--seed", "1", "--keep", str(missing)), "cannot write")


def test_an_outcome_survives_its_json_line() -> None:
    stats = arena(BOTS, 1, 3, SetupOptions(artifacts="all", setting="random"))
    for outcome in stats.outcomes:
        assert outcome_from_dict(json.loads(json.dumps(outcome_to_dict(outcome)))) == outcome


def test_one_run_per_file(tmp_path: Path) -> None:
    """A second run on a file in use is refused (a file lock), and the first goes on."""
    keep = tmp_path / "games.jsonl"
    match = Match(BOTS, 21, SetupOptions())
    with KeptGames(keep, match) as first:
        result = run(*MATCH, "--deals", "1", "--keep", str(keep))
        assert_one_line_error(result, "is in use by another claim arena")
        stats = arena(BOTS, 1, 21, on_game=first.add)
    assert len(keep.read_text().splitlines()) == 1 + stats.games


def test_small_batches_give_the_same_games() -> None:
    """With ``--keep`` workers report every few games (``KEEP_BATCH``): the games are the same."""
    whole = arena(BOTS, 6, 8, jobs=2)
    batched = arena(BOTS, 6, 8, jobs=2, batch=1)
    assert batched.outcomes == whole.outcomes
