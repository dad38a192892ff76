"""Fuzzing the record loader and replay (issue 14: bad input gives a clear one-line error, never
a traceback).

Valid records written by claim's own writers (``tests/fuzztools.py``: several setups with heroes,
hero values, locations, artifacts, Toxics and the Fire Phoenix pile; from the deal, mid-game,
finished, and from a position) are mutated by Hypothesis and loaded the ways the commands load
them: the record object (``records.replay``, then the replay JSON and a player's view), the text
of a file (``records.read_json``), and ``claim play --resume`` (``GameSession.resume``). Each
must succeed or raise a ClaimError with a one-line message. The inputs tried are counted and
printed at the end of the run (``fuzz: N record inputs tried ...``).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claim.core import records
from claim.core.errors import ClaimError, RecordError
from claim.core.view import report
from claim.text.account import replay_account
from fuzztools import (
    SCALE,
    Tally,
    corpus,
    deep_list,
    mutated_records,
    mutated_texts,
    one_line,
    report_tally,
)

TALLY = Tally("record")

#: bounded for CI: the whole module takes about 20 s here (2 shared cores); CLAIM_FUZZ_SCALE=10
#: tries ten times as many inputs
FUZZ = settings(
    max_examples=400 * SCALE,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture(autouse=True, scope="module")
def _summary(request: pytest.FixtureRequest) -> None:
    report_tally(request, TALLY)


def _load(kind: str, load: Any) -> Any:
    """Run ``load()``: success or a one-line ClaimError; anything else fails the test."""
    TALLY.tried += 1
    TALLY.kinds[kind] += 1
    try:
        result = load()
    except ClaimError as exc:
        TALLY.refused += 1
        assert one_line(str(exc)), repr(str(exc))
        return None
    except BaseException:
        TALLY.tracebacks += 1
        raise
    TALLY.loaded += 1
    return result


def _replay_and_show(record: Any) -> None:
    state = records.replay(record)
    json.dumps(report(state))  # claim replay --json
    json.dumps(report(state, viewer=0))  # --view 0
    records.dumps(records.to_record(state))  # save
    replay_account(record)  # claim replay: the account, trick by trick


def test_the_corpus_replays() -> None:
    for record in corpus():
        _replay_and_show(record)
    assert len(corpus()) >= 20


@FUZZ
@given(mutated_records())
def test_mutated_records_load_or_give_one_line_errors(case: tuple[str, Any]) -> None:
    kind, record = case
    _load(kind, lambda: _replay_and_show(record))


@settings(FUZZ, max_examples=250 * SCALE)
@given(mutated_texts())
def test_damaged_record_files_load_or_give_one_line_errors(case: tuple[str, bytes]) -> None:
    kind, raw = case
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "record.json"
        path.write_bytes(raw)
        _load(kind, lambda: _replay_and_show(records.read_json(path)))


@settings(FUZZ, max_examples=120 * SCALE)
@given(st.one_of(mutated_records(), mutated_texts()))
def test_resume_loads_or_gives_one_line_errors(case: tuple[str, Any]) -> None:
    """``claim play --resume FILE``: the terminal game's loader (GameSession.resume)."""
    from claim.apps.tui.session import GameSession

    kind, data = case
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "saved.json"
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            try:
                path.write_text(json.dumps(data), encoding="utf-8")
            except (RecursionError, ValueError):  # too deep or too big for json.dumps itself
                return
        _load(f"resume:{kind}", lambda: GameSession.resume(path, 0, "random"))


# -- the crashes the fuzzer found, pinned ----------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        (b"\xff\xfe\x00garbage", "not UTF-8 text: byte 0 is 0xff"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"seed": ' + b"9" * 4301 + b"}", "a number of 4301 digits (at most 20)"),
        (b'{"seed": ' + b"9" * 4000 + b"}", "a number of 4000 digits (at most 20)"),
        (b'{"seed": NaN}', "NaN is not a number JSON allows"),
        (b'{"seed": 1e999}', "record.seed: not a finite number"),
        (b'{"a":' * 40 + b"1" + b"}" * 40, "nested too deeply (at most 32 levels)"),
    ],
)
def test_unreadable_record_files(tmp_path: Path, raw: bytes, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(raw)
    with pytest.raises(RecordError) as info:
        records.read_json(path)
    assert text in str(info.value) and one_line(str(info.value))


def test_a_seed_must_fit_in_64_bits() -> None:
    record = {"setup": {"factions": "claim"}, "seed": 2**64 - 1}
    assert records.replay(record).seed == 2**64 - 1
    for seed in (2**64, -(2**64), 10**4000):
        record["seed"] = seed
        with pytest.raises(RecordError, match=r"^record.seed: the number is out of range"):
            records.replay(record)


def test_a_deep_value_built_in_python_is_refused() -> None:
    record = json.loads(json.dumps(corpus()[0]))
    record["moves"] = deep_list(100_000)
    with pytest.raises(RecordError, match=r"^record.moves\[0\]\[0\].*: nested too deeply"):
        records.replay(record)


@pytest.mark.parametrize(
    ("chance", "text"),
    [
        (5, "chance must be a list of card codes"),
        ([None], "chance[0] must be a card code string, got None"),
        (["goblins:5", 3], "chance[1] must be a card code string, got 3"),
        (["goblins:55"], "chance[0]: unknown card code 'goblins:55'"),
        # issue 38: a padded list (1,000 entries no game draws) is refused, not carried on
        (["goblins:5"] * 1000, "chance has 1,000 entries; a game draws at most 104 (H11, A40)"),
    ],
)
def test_bad_chance_entries(chance: Any, text: str) -> None:
    record = json.loads(json.dumps(corpus()[0]))
    record["chance"] = chance
    with pytest.raises(RecordError) as info:
        records.replay(record)
    assert str(info.value) == text


def test_a_long_move_is_shortened_in_the_message() -> None:
    record = json.loads(json.dumps(corpus()[0]))
    record["moves"] = ["play " + "x" * 100_000]
    with pytest.raises(ClaimError) as info:
        records.replay(record)
    assert len(str(info.value)) < 2000 and "..." in str(info.value)


@pytest.mark.parametrize(
    ("where", "field"),
    [
        ((), "setings"),
        (("setup",), "setings"),
        (("position",), "phsae"),
        (("position", "players", 0), "scroe"),
        (("position", "trick"), "winer"),
        (("position", "deal"), "hand"),
        (("position", "setup"), "heroe"),
    ],
)
def test_unknown_fields_are_refused_at_every_level(where: tuple[Any, ...], field: str) -> None:
    record = json.loads(json.dumps(next(r for r in corpus() if "position" in r)))
    if where and where[0] == "setup":
        record = json.loads(json.dumps(corpus()[0]))
    target = record
    for step in where:
        target = target[step]
    if target is None:
        pytest.skip("no trick in this position")
    target[field] = 1
    with pytest.raises(RecordError) as info:
        records.replay(record)
    name = ".".join(str(s) for s in where).replace(".0", "[0]") or "record"
    assert str(info.value).startswith(f"{name}: unknown field '{field}'; known fields: ")


def test_hero_values_must_name_heroes_and_fit_a_card() -> None:
    record = json.loads(json.dumps(corpus()[0]))
    record["setup"]["hero_values"] = {"foo": 3}
    with pytest.raises(
        RecordError, match=r"^setup.hero_values.foo: unknown hero 'foo', not a hero"
    ):
        records.replay(record)
    for value in (10, -1, 2**63, 7.0, True):
        record["setup"]["hero_values"] = {"jester": value}
        with pytest.raises(RecordError, match=r"^setup.hero_values.jester: a hero's value"):
            records.replay(record)


def test_first_leader_must_be_a_whole_number() -> None:
    record = json.loads(json.dumps(corpus()[0]))
    record["setup"]["first_leader"] = 1.0
    with pytest.raises(RecordError, match=r"setup.first_leader must be 0 or 1, got 1.0"):
        records.replay(record)


# -- issue 38: the hostile inputs an attacker tried, pinned ---------------------------------------


def test_a_record_file_is_read_with_a_bound(tmp_path: Path) -> None:
    """``/dev/zero`` (or a huge file) is refused after MAX_RECORD_BYTES, not read whole into
    memory; the limit is named in the message."""
    for path in (Path("/dev/zero"), tmp_path / "huge.json"):
        if path.name == "huge.json":
            path.write_bytes(b" " * (records.MAX_RECORD_BYTES + 1))
        with pytest.raises(RecordError) as info:
            records.read_json(path)
        assert str(info.value) == (
            f"{path} is not a record: it is over 4 MiB (a game's record is a few KiB)"
        )
    exactly = tmp_path / "padded.json"
    record = json.dumps(corpus()[0]).encode()
    exactly.write_bytes(record + b" " * (records.MAX_RECORD_BYTES - len(record)))
    records.replay(records.read_json(exactly))  # at the bound: read


@pytest.mark.parametrize(
    ("field", "value", "text"),
    [
        ("artifacts", 0, "setup.artifacts must be two lists of 3 artifact names"),
        ("artifacts", {}, "setup.artifacts must be two lists of 3 artifact names"),
        ("artifacts", "", "setup.artifacts must be two lists of 3 artifact names"),
        ("artifacts", False, "setup.artifacts must be two lists of 3 artifact names"),
        ("artifact_pool", 0, "setup.artifact_pool must be a list of artifact names"),
        ("hero_values", 0, "setup.hero_values must map hero names to values"),
        ("hero_values", [], "setup.hero_values must map hero names to values"),
        ("hero_values", "", "setup.hero_values must map hero names to values"),
    ],
)
def test_a_wrong_type_is_not_read_as_none(field: str, value: Any, text: str) -> None:
    """``"artifacts": 0`` or ``{}``, ``"hero_values": 0`` or ``[]`` are wrong types, refused;
    none is ``[]`` / ``{}`` / null / no field, as the writers write it."""
    record = json.loads(json.dumps(corpus()[0]))
    record["setup"][field] = value
    with pytest.raises(RecordError) as info:
        records.replay(record)
    assert str(info.value) == text
    none = {"artifacts": [], "artifact_pool": None, "hero_values": {}}[field]
    for empty in (none, None):
        record["setup"][field] = empty
        records.replay(record)
