"""Fuzzing the command line (issue 14: bad input gives a clear one-line error, never a traceback).

Hypothesis feeds ``claim replay`` (a file, ``--json``, ``--json --view``, stdin) the mutated and
damaged records of ``tests/fuzztools.py``, and ``claim deal``, ``claim simulate`` and ``claim
arena`` fuzzed setup options (seeds of any size, factions, heroes, hero counts and values,
locations, artifacts, first leaders, --games, --deals, --jobs, --bots). Every run must exit 0, or
2 with exactly one line ``error: ...`` on stderr and nothing on stdout. A record ``claim deal``
writes must replay. The runs tried are counted and printed at the end (``fuzz: N command-line
inputs tried ...``).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import claim.apps.cli.group
import claim.sim.arena
from claim.apps.cli import cli
from claim.core import cards, records
from fuzztools import SCALE, Tally, mutated_records, mutated_texts, report_tally

TALLY = Tally("command-line")

#: bounded for CI: the whole module takes about 25 s here (2 shared cores)
FUZZ = settings(
    max_examples=60 * SCALE,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture(autouse=True, scope="module")
def _one_cpu(request: pytest.FixtureRequest) -> Iterator[None]:
    """One worker process at most: --jobs is checked and capped, no pool is forked per example
    (tests/test_arena.py runs the pool)."""
    report_tally(request, TALLY)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(claim.sim.arena, "available_cpus", lambda: 1)
        yield


def claim_run(args: list[str], kind: str, stdin: bytes | None = None) -> Result:
    """``claim ARGS``: exit 0, or 2 with one line ``error: ...`` and no output; else fail."""
    TALLY.tried += 1
    TALLY.kinds[kind] += 1
    result = CliRunner().invoke(cli, args, input=stdin)
    if result.exit_code == 0:
        TALLY.loaded += 1
        return result
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        TALLY.tracebacks += 1
        raise result.exception
    assert result.exit_code == 2, (args[:3], result.output[-2000:])
    assert result.stdout == "", (args[:3], result.stdout[-2000:])
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert len(result.stderr) < 4000, result.stderr[:300]
    TALLY.refused += 1
    return result


# -- claim replay ------------------------------------------------------------------------------


def _file_bytes(data: Any) -> bytes | None:
    if isinstance(data, bytes):
        return data
    try:
        return json.dumps(data).encode()
    except (RecursionError, ValueError):  # too deep or too big for json.dumps itself
        return None


@settings(FUZZ, max_examples=100 * SCALE)
@given(st.one_of(mutated_records(), mutated_texts()), st.sampled_from(["file", "stdin"]))
def test_replay_of_bad_records(case: tuple[str, Any], source: str) -> None:
    kind, data = case
    raw = _file_bytes(data)
    if raw is None:
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"
        path.write_bytes(raw)
        name, stdin = (str(path), None) if source == "file" else ("-", raw)
        for extra in ([], ["--json"], ["--json", "--view", "1"]):
            claim_run(["replay", name, *extra], f"replay:{kind}", stdin)


def test_play_resume_of_a_bad_record_is_one_line(tmp_path: Path) -> None:
    """Off a terminal --resume is refused before reading; the loader it uses on the terminal
    (GameSession.resume) is fuzzed in test_fuzz_records.py."""
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xff" * 10)
    result = claim_run(["play", "--resume", str(path)], "play")
    assert result.exit_code == 2


# -- setup options -----------------------------------------------------------------------------

numbers = st.one_of(
    st.integers(-5, 30).map(str),
    st.integers().map(str),
    st.sampled_from(["", "x", "1e3", "0x10", " 7", "٣", "1_000", "-0", "+2"]),
    st.integers(19, 5000).map(lambda k: "9" * k),
    st.integers(19, 30).map(lambda k: "-" + "9" * k),
)
names = st.sampled_from(
    [*cards.FACTIONS, *cards.HEROES, *cards.SETTINGS, *cards.BUILDINGS, *cards.ARTIFACTS]
)
name_lists = st.lists(st.one_of(names, st.text(max_size=6)), max_size=7).map(",".join)
OPTIONS: dict[str, st.SearchStrategy[str]] = {
    "--seed": numbers,
    "--first-leader": st.sampled_from(["0", "1", "random", "2", "-1", "x", ""]),
    "--factions": st.one_of(
        st.sampled_from(["claim", "claim2", "random", "CLAIM", "claim3", ""]), name_lists
    ),
    "--heroes": st.one_of(numbers, name_lists, st.sampled_from(["none", "all", "0"])),
    "--hero-count": numbers,
    "--hero-values": st.one_of(
        st.lists(
            st.tuples(st.sampled_from([*cards.HEROES, "foo", ""]), numbers).map("=".join),
            max_size=3,
        ).map(",".join),
        st.text(max_size=20),
    ),
    "--setting": st.one_of(names, st.sampled_from(["random", "none", "", "RANDOM"])),
    "--building": st.one_of(names, st.sampled_from(["random", "none", "", "off"])),
    "--artifacts": st.one_of(name_lists, st.sampled_from(["all", "none", "on", ""])),
}


@st.composite
def setup_args(draw: st.DrawFn) -> list[str]:
    args: list[str] = []
    for option in draw(st.lists(st.sampled_from(sorted(OPTIONS)), max_size=5, unique=True)):
        args += [option, draw(OPTIONS[option])]
    if draw(st.booleans()):
        args.append("--artifacts")  # the option alone: all
    return args


@settings(FUZZ, max_examples=150 * SCALE)
@given(setup_args())
def test_deal_options(args: list[str]) -> None:
    result = claim_run(["deal", *args], "deal")
    if result.exit_code == 0:
        record = json.loads(result.stdout)
        records.replay(record)  # what claim deal writes replays


def _quick(text: str, refused_above: int | None = None) -> bool:
    """A count that runs at most 2 games' worth, or that the command refuses (not a number,
    negative, above ``refused_above``)."""
    try:
        value = int(text)
    except ValueError:  # not a number, or past Python's 4,300 digits: Click refuses it too
        return True
    return value <= 2 or (refused_above is not None and value > refused_above)


games = st.one_of(
    st.sampled_from(["0", "1", "2"]),
    numbers.filter(lambda n: _quick(n, claim.apps.cli.group.MAX_GAMES)),
)


@settings(FUZZ, max_examples=40 * SCALE)
@given(setup_args(), games)
def test_simulate_options(args: list[str], count: str) -> None:
    result = claim_run(["simulate", "--games", count, *args, "--json"], "simulate")
    if result.exit_code == 0:
        assert json.loads(result.stdout)["games"] == int(count)


bots = st.one_of(
    st.sampled_from(["random,random", "random,heuristic", "heuristic,random"]),
    st.sampled_from(["random", "random,", ",", "random,random,random", "alpha,beta", "search:x,y"]),
    st.text(max_size=10),
)
deals = st.one_of(
    st.sampled_from(["1", "2"]),
    numbers.filter(lambda n: _quick(n, claim.sim.arena.MAX_DEALS)),
)


@settings(FUZZ, max_examples=40 * SCALE)
@given(setup_args(), bots, deals, numbers)
def test_arena_options(args: list[str], pair: str, count: str, jobs: str) -> None:
    run_args = ["arena", "--bots", pair, "--deals", count, "--jobs", jobs, *args, "--json"]
    result = claim_run(run_args, "arena")
    if result.exit_code == 0:
        assert json.loads(result.stdout)["games"] == 2 * int(count)


# -- what the fuzzer found and issue 14 reported, pinned -------------------------------------------


@pytest.mark.parametrize(
    ("args", "stdin", "text"),
    [
        (["replay", "-"], b"\x89PNG\r\n\x1a\n\x00\x00", "stdin is not a JSON record (not UTF-8"),
        (["replay", "-", "--json"], b"[" * 100_000, "stdin: JSON nested too deeply"),
        (["replay", "-"], b'{"seed": ' + b"7" * 4301 + b"}", "a number of 4301 digits"),
        (["deal", "--seed", "9" * 5000], None, "Invalid value for '--seed': '9999"),
        (["deal", "--seed", str(2**64)], None, "is not in the range"),
        (["simulate", "--games", "9" * 5000], None, "(5002 characters) is not a valid integer"),
        (["deal", "--heroes", "jester", "--hero-count", "9" * 4000], None, "--hero-count"),
        (["deal", "--heroes", "9" * 4000], None, "--heroes: cannot put"),
        (["deal", "--hero-values", "jester=" + "9" * 4000], None, "--hero-values: jester=999"),
    ],
)
def test_huge_and_binary_input_is_one_line(args: list[str], stdin: bytes | None, text: str) -> None:
    result = claim_run(args, "pinned", stdin)
    assert result.exit_code == 2 and text in result.stderr, result.stderr


# -- issue 38: the hostile inputs an attacker tried, pinned ----------------------------------------


def one_line_error(args: list[str], text: str, stdin: bytes | None = None) -> Result:
    """``claim ARGS`` refused with exit code 2 and one line ``error: ...`` naming ``text``."""
    result = claim_run(args, "pinned", stdin)
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and text in result.stderr, result.stderr
    return result


@pytest.mark.parametrize(
    ("content", "text"),
    [
        ("games = " + "9" * 5000 + "\n[[part]]\nkind = 'heroes'\n", "a number in it is too long"),
        ("a = " + "[" * 100_000 + "\n", "arrays or tables nest too deep"),
        ("a = " + "{b = " * 100_000 + "\n", "arrays or tables nest too deep"),
        (f"seed = {10**30}\n[[part]]\nkind = 'heroes'\n", "seed must be from -1844"),
        # TOML's "\u001b": an escape character in the name, or in a setup's
        ('name = "x\\u001b[31m"\n[[part]]\nkind = "heroes"\n', r"printable text, not 'x\x1b[31m'"),
        ('[setups."\\u001b"]\n[[part]]\nkind = "heroes"\n', "a setup's name must be printable"),
    ],
)
def test_hostile_study_files(content: str, text: str, tmp_path: Path) -> None:
    path = tmp_path / "study.toml"
    path.write_text(content)
    result = one_line_error(["lab", str(path), "--out", str(tmp_path / "o"), "--quiet"], text)
    assert "\x1b" not in result.stderr  # no escape code reaches the terminal
    assert not (tmp_path / "o").exists()


def test_a_study_file_past_its_size_bound(tmp_path: Path) -> None:
    path = tmp_path / "study.toml"
    path.write_bytes(b"# " + b"x" * 1024 * 1024 + b"\n")
    one_line_error(["lab", str(path), "--out", str(tmp_path / "o")], "it is over 1,024 KiB")


def test_an_escape_code_in_an_error_message_is_escaped() -> None:
    result = one_line_error(["lab", "\x1b[2Jfactions", "--out", "x"], "unknown study")
    assert "\x1b" not in result.stderr and "\\x1b[2J" in result.stderr


def test_a_kept_arena_file_with_a_line_nested_100000_deep(tmp_path: Path) -> None:
    keep = tmp_path / "games.jsonl"
    match = ["arena", "--bots", "random,random", "--deals", "1", "--seed", "1", "--json"]
    assert claim_run([*match, "--keep", str(keep)], "pinned").exit_code == 0
    with keep.open("a") as file:
        file.write("[" * 100_000 + "\n")
    one_line_error([*match, "--keep", str(keep)], "line 4: not a game (nested too deep)")
    keep.write_text("[" * 100_000 + "\n")  # the header line itself
    one_line_error([*match, "--keep", str(keep)], "is not a file of kept arena games")


def test_a_lab_games_file_with_a_line_nested_100000_deep(tmp_path: Path) -> None:
    study = ["lab", "first-leader", "--games", "2", "--seed", "1", "--quiet", "--out"]
    assert claim_run([*study, str(tmp_path)], "pinned").exit_code == 0
    games = tmp_path / "games.jsonl"
    lines = games.read_text().splitlines()
    games.write_text("\n".join([*lines[:2], "[" * 100_000, *lines[2:]]) + "\n")
    one_line_error([*study, str(tmp_path)], "line 3: not a game (nested too deep)")
    games.write_text("[" * 100_000 + "\n")
    one_line_error([*study, str(tmp_path)], "is not a file of kept lab games")


def test_a_kept_games_file_that_is_not_a_file(tmp_path: Path) -> None:
    """``--keep /dev/zero`` (or a DIR/games.jsonl linked to it) would be read for ever: refused."""
    match = ["arena", "--bots", "random,random", "--deals", "1", "--seed", "1"]
    one_line_error([*match, "--keep", "/dev/zero"], "--keep: /dev/zero is not a regular file")
    (tmp_path / "games.jsonl").symlink_to("/dev/zero")
    one_line_error(
        ["lab", "first-leader", "--games", "2", "--out", str(tmp_path)],
        f"--out: {tmp_path / 'games.jsonl'} is not a regular file",
    )


@pytest.mark.parametrize("command", ["replay", "analyze"])
def test_records_are_read_with_a_bound(command: str) -> None:
    """``/dev/zero`` as the record, or on stdin: refused at 4 MiB, not read into memory."""
    one_line_error([command, "/dev/zero"], "/dev/zero is not a record: it is over 4 MiB")
    with open("/dev/zero", "rb") as zero:
        one_line_error([command, "-"], "stdin is not a record: it is over 4 MiB", zero.read(2**23))


def test_simulate_games_has_the_bound_of_every_run() -> None:
    """A hundred million games listed up front ran out of memory: refused at once."""
    one_line_error(["simulate", "--games", "100000000"], "is not in the range 0<=x<=1000000")
    one_line_error(["simulate", "--games", "1000001"], "is not in the range 0<=x<=1000000")


def test_replay_table_without_a_terminal_prints_the_account(tmp_path: Path) -> None:
    """``claim replay REC --table`` with input or output redirected: the account line by line
    (the table wrote escape codes forever); with ``--view`` a one-line error."""
    path = tmp_path / "game.json"
    dealt = claim_run(["deal", "--seed", "3"], "pinned")
    path.write_text(dealt.stdout)
    table = claim_run(["replay", str(path), "--table"], "pinned")
    assert table.exit_code == 0 and "\x1b" not in table.stdout
    assert table.stdout == claim_run(["replay", str(path)], "pinned").stdout
    one_line_error(
        ["replay", str(path), "--table", "--view", "0"], "--table --view needs a terminal"
    )


def test_serve_with_a_bad_host_leaves_no_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("CLAIM_DATABASE_URL", raising=False)
    for host in ("999.1.1.1", "192.0.2.1"):  # not an address; an address not of this machine
        one_line_error(["serve", "--host", host, "--port", "0"], f"cannot listen on {host}:0")
        assert list(tmp_path.iterdir()) == []


def test_play_help_names_the_keys_the_table_binds() -> None:
    """``claim play --help`` names save and quit by the keys bound on the table and the app."""
    from claim.apps.tui.app import ClaimApp
    from claim.apps.tui.table import TableScreen

    def key(bindings: list[Any], action: str) -> str:
        return next(b.key for b in bindings if getattr(b, "action", None) == action)

    save, leave = key(TableScreen.BINDINGS, "save"), key(ClaimApp.BINDINGS, "leave_game")
    help_text = " ".join(claim_run(["play", "--help"], "pinned").stdout.split())
    assert f"save ({save}) and quit ({leave})" in help_text
    assert "save (s)" not in help_text and "quit (q)" not in help_text
