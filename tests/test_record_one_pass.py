"""A record is read in one pass: each of its fields is parsed and checked once.

Reading a record (``records.replay``) goes through ``claim.core.records`` (the record's own fields,
its deal), ``claim.core.notation`` (its ``setup``, the field check, the card pool), the checks of
``claim.core.setup`` (which GameConfig runs on every config) and ``claim.core.positions`` (a saved
position). These tests wrap those functions, read one record, and count: every parser is entered
once per field it reads (named by the ``where`` it is given), and every setup check runs once per
setup (before, ``parse_setup`` checked the factions, locations, artifacts and hero values and then
GameConfig checked them again, and ``replay`` parsed the moves twice).

The counting wraps module globals, which only the pure-Python core looks up at call time; so it
runs in a child process with ``CLAIM_PURE_PYTHON=1``, whichever core this process loaded.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from claim.core import records
from claim.core.errors import RecordError

DATA = Path(__file__).resolve().parent / "data"
SRC = Path(__file__).resolve().parent.parent / "src"

#: the child: wraps the parsers and checks, reads each record named on the command line (a JSON
#: file, or "built" for a game with every expansion built here), and prints, per record, the
#: calls made while it was read: [function, where-or-null] in order
COUNTER = r"""
import functools, json, sys
from claim.core import engine, notation, position_codecs, position_io, positions, records, setup
from claim.core.game import new_game

calls = []

def wrap(owner, name, where_at=None, default=None):
    function = getattr(owner, name)

    @functools.wraps(function)
    def counted(*args, **kwargs):
        where = kwargs.get("where")
        if where is None and where_at is not None and len(args) > where_at:
            where = args[where_at]
        calls.append([name, where if where is not None else default])
        return function(*args, **kwargs)

    setattr(owner, name, counted)

# the parsers, wherever they are looked up (each module imported the name it calls)
for module in (records, notation, positions, position_io, position_codecs):
    if hasattr(module, "check_fields"):
        wrap(module, "check_fields", 2)
for module in (records, positions):
    wrap(module, "parse_setup", 1, "setup")
wrap(notation.CardPool, "take_list", 2)
for name in ("_parse_seed", "_parse_chance", "_parse_moves", "check_values"):
    wrap(records, name)
# the setup checks: GameConfig looks them up in claim.core.setup, notation imported its own
for module in (setup, notation):
    for name in ("validate_factions", "validate_heroes", "validate_location",
                 "validate_artifacts", "check_hero_value"):
        if hasattr(module, name):
            wrap(module, name)

def built():
    arts = (("wishing-lamp", "ice-sword", "kings-dagger"),
            ("gamblers-dice", "hunting-cloak", "bottomless-bottle"))
    config = setup.GameConfig(
        ("goblins", "knights", "poisoners", "phoenixes", "trolls"), 1,
        ("jester", "gargoyle", "minotaur"), ("jester", "gargoyle", "minotaur", "witch"),
        (("jester", 2), ("witch", 9)), "endless-sands", "castle",
        arts, (*arts[0], *arts[1], "magic-wand"))
    state = new_game(config, 7)
    for _ in range(30):
        legal = engine.legal_actions(state)
        if not legal:
            break
        engine.apply(state, legal[-1])
    return records.to_record(state)

# the functions of claim.core.notation that claim.core.records calls (past the wrappers above)
entries = []

def profile(frame, event, arg):
    if event != "call" or frame.f_code.co_filename != notation.__file__:
        return
    caller = frame.f_back
    while caller is not None and caller.f_code.co_filename == "<string>":
        caller = caller.f_back
    if caller is not None and caller.f_code.co_filename == records.__file__:
        entries.append(frame.f_code.co_name)

out = []
for name in sys.argv[1:]:
    if name == "built":
        record = built()
    else:
        record = json.loads(open(name, encoding="utf-8").read())
        if str(record.get("format", "")).startswith("claim-position"):
            record = {"position": record, "setup": record["setup"], "moves": []}
    calls.clear()
    entries.clear()
    sys.setprofile(profile)
    try:
        state = records.replay(record)
    finally:
        sys.setprofile(None)
    out.append({"record": record, "calls": list(calls), "entries": list(entries),
                "moves": len(state.moves)})
print(json.dumps(out))
"""

RECORDS = {
    "every expansion, built": "built",
    "an old record (heroes, locations, artifacts, toxics)": str(
        DATA / "old_records" / "game-110.json"
    ),
    "an old record (a setting, a building)": str(DATA / "old_records" / "game-286.json"),
    "a saved position": str(DATA / "positions" / "game-0-19.json"),
}


@pytest.fixture(scope="module")
def reads() -> dict[str, dict[str, Any]]:
    env = {**os.environ, "CLAIM_PURE_PYTHON": "1", "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", COUNTER, *RECORDS.values()],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return dict(zip(RECORDS, json.loads(done.stdout), strict=True))


def _setups(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The setup objects a record holds (its own, and its position's)."""
    found = [record["setup"]] if "setup" in record else []
    if "position" in record:
        found.append(record["position"]["setup"])
    return found


@pytest.mark.parametrize("name", RECORDS)
def test_each_field_is_parsed_once(reads: dict[str, dict[str, Any]], name: str) -> None:
    read = reads[name]
    calls = [tuple(c) for c in read["calls"]]
    parsers = [c for c in calls if c[0] in ("check_fields", "parse_setup", "take_list")]
    assert parsers, "the counting saw no parser: the wrapping missed the record's reader"
    twice = sorted({c for c in parsers if parsers.count(c) > 1})
    assert not twice, f"fields parsed more than once: {twice}"
    for name_ in ("_parse_seed", "_parse_chance", "_parse_moves", "check_values"):
        assert calls.count((name_, None)) == 1, name_
    # every field the record holds was read: record, setup(s), deal's lists, position's lists
    wheres = {c[1] for c in parsers}
    assert "record" in wheres
    record = read["record"]
    if "deal" in record:
        assert {"deal", "deal.hands[0]", "deal.hands[1]", "deal.deck"} <= wheres
    if "position" in record:
        assert {"position", "position.setup"} <= wheres
    if "setup" in record:
        assert ("parse_setup", "setup") in parsers
    if "deal" in record and record["setup"].get("toxics"):
        assert "setup.toxics" in wheres
    if "deal" in record and record["setup"].get("fire_phoenix"):
        assert "setup.fire_phoenix" in wheres


@pytest.mark.parametrize("name", RECORDS)
def test_records_enters_notation_once_for_each_part(
    reads: dict[str, dict[str, Any]], name: str
) -> None:
    """claim.core.records reads the record's own fields and hands each part to notation once:
    the field check of the record, its setup, and (with a deal) the deal and the setup's draws.
    A saved position is read by claim.core.positions, which enters notation field by field."""
    read = reads[name]
    expected = ["check_fields", "parse_setup"]
    if "deal" in read["record"]:
        expected += ["read_deal", "read_setup_draws"]
    assert sorted(read["entries"]) == sorted(expected)


@pytest.mark.parametrize("name", RECORDS)
def test_each_setup_is_checked_once(reads: dict[str, dict[str, Any]], name: str) -> None:
    read = reads[name]
    setups = _setups(read["record"])
    assert setups
    counts: dict[str, int] = {}
    for function, _ in read["calls"]:
        counts[function] = counts.get(function, 0) + 1
    assert counts.get("parse_setup") == len(setups)
    # one check per field of each setup: factions, (heroes, hero pool), (setting, building),
    # artifacts, and one per hero value
    assert counts.get("validate_factions") == len(setups)
    assert counts.get("validate_heroes") == 2 * len(setups)
    assert counts.get("validate_location") == 2 * len(setups)
    assert counts.get("validate_artifacts") == len(setups)
    values = sum(len(s.get("hero_values", {})) for s in setups)
    assert counts.get("check_hero_value", 0) == values


def test_the_built_record_holds_every_field_read(reads: dict[str, dict[str, Any]]) -> None:
    """The record with every expansion exercises every setup field and some moves, so that the
    counts above are counts of real reads."""
    read = reads["every expansion, built"]
    setup = read["record"]["setup"]
    for field in ("heroes", "hero_pool", "hero_values", "setting", "building", "artifacts"):
        assert setup.get(field), field
    assert setup.get("artifact_pool") and setup.get("toxics") and setup.get("fire_phoenix")
    assert read["moves"] == len(read["record"]["moves"]) > 0


ARTIFACTS_TWICE = [
    ["wishing-lamp", "ice-sword", "kings-dagger"],
    ["wishing-lamp", "hunting-cloak", "bottomless-bottle"],
]


@pytest.mark.parametrize(
    ("faults", "message"),
    [
        # a wrong value of a field read early, and a wrong type of one read later: the field
        # read first is named, as when each field was checked as it was read
        (
            {"hero_values": {"jester": 12}, "setting": 3},
            "setup.hero_values.jester: a hero's value is from 0 to 9 (one printed digit), got 12",
        ),
        (
            {"factions": ["goblins", "knights", "gnomes", "giants", "trolls"], "artifacts": 0},
            "setup.factions: a deck uses exactly one pair of factions, got 2: gnomes+giants "
            "and goblins+knights",
        ),
        ({"setting": "castle", "building": 3}, "setup.setting: unknown setting 'castle' ("),
        # the heroes are checked last (by GameConfig), after the hero values
        (
            {"heroes": ["jester", "jester"], "hero_values": {"nobody": 3}},
            "setup.hero_values.nobody: unknown hero 'nobody', not a hero in this game",
        ),
        (
            {"building": "nowhere", "artifacts": ARTIFACTS_TWICE},
            "setup.building: unknown building 'nowhere'; buildings are: ",
        ),
        ({"artifacts": ARTIFACTS_TWICE}, "setup.artifacts: artifact wishing-lamp is dealt to both"),
        ({"heroes": ["jester", "jester"]}, "setup.heroes: hero jester is listed twice"),
    ],
)
def test_a_setup_with_two_faults_names_the_field_read_first(
    faults: dict[str, Any], message: str
) -> None:
    record = {"setup": {"factions": "claim", "heroes": ["jester", "gargoyle"], **faults}, "seed": 1}
    with pytest.raises(RecordError) as info:
        records.replay(record)
    assert str(info.value).startswith(message)
