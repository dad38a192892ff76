"""Conformance: every record in ``shared/spec/examples`` replays to the output the spec gives.

The comparison follows ``shared/spec/examples/README.md``: the fields ``records.md`` defines must be
present and equal; extra fields are allowed either way (an extra field the engine also writes is
compared too); key order does not matter; the lists in ``players[]`` are compared as multisets.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from claim import observe
from claim.core.records import read_json, replay
from claim.core.view import report


def _shared_dir() -> Path:
    """``shared/`` beside the clone (the repo's parent holds it locally and in CI)."""
    override = os.environ.get("CLAIM_SHARED")
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[2] / "shared"


EXAMPLES = _shared_dir() / "spec" / "examples"
#: the examples the spec ships; more may be added, none may disappear
KNOWN = ("claim-full-game", "claim2-full-game", "claim-in-progress")


def _names() -> list[str]:
    if not EXAMPLES.is_dir():
        return list(KNOWN)  # the tests below then fail with a clear message
    names = {p.name[: -len(".replay.json")] for p in EXAMPLES.glob("*.replay.json")}
    return sorted(names | set(KNOWN))


def _views() -> list[tuple[str, int]]:
    found = [("claim-in-progress", 0), ("claim-in-progress", 1)]
    if EXAMPLES.is_dir():
        for path in EXAMPLES.glob("*.view[01].json"):
            found.append((path.name[: -len(".view0.json")], int(path.name[-6])))
    return sorted(set(found))


def _load(name: str) -> Any:
    if not EXAMPLES.is_dir():
        pytest.fail(
            f"the spec examples are missing: expected a directory {EXAMPLES} "
            "(shared/ beside the repository, or set CLAIM_SHARED)"
        )
    path = EXAMPLES / name
    if not path.is_file():
        pytest.fail(f"missing example file {path}")
    return json.loads(path.read_text(encoding="utf-8"))


# -------------------------------------------------------------------------------------------------
# The comparison
# -------------------------------------------------------------------------------------------------

TOP = ("status", "tricks", "players", "deck", "discard", "next", "result")
TRICK = ("phase", "number", "leader", "prize", "plays", "winner")
PLAY = ("player", "card")  # and "as" when the expected play declares a faction
PLAYER = ("hand", "followers", "score")
RESULT = ("votes", "winner", "reason")


def _diff(got: Any, want: Any, where: str, required: tuple[str, ...] = ()) -> list[str]:
    """Differences between an output and the expected one (expected keys only, extras allowed)."""
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return [f"{where}: expected an object, got {got!r}"]
        problems = [f"{where}.{k}: missing" for k in required if k in want and k not in got]
        for key, value in want.items():
            if key in got:
                problems.extend(_diff(got[key], value, f"{where}.{key}"))
        return problems
    if got != want:
        return [f"{where}: got {got!r}, expected {want!r}"]
    return []


def _compare_trick(got: Any, want: dict[str, Any], where: str) -> list[str]:
    if not isinstance(got, dict):
        return [f"{where}: expected an object, got {got!r}"]
    problems = [f"{where}.{k}: missing" for k in want if k in TRICK and k not in got]
    for key, value in want.items():
        if key not in got:
            continue
        if key == "plays":
            if not isinstance(got[key], list) or len(got[key]) != len(value):
                problems.append(f"{where}.plays: got {got[key]!r}, expected {value!r}")
                continue
            for i, (g, w) in enumerate(zip(got[key], value, strict=True)):
                required = (*PLAY, "as") if "as" in w else PLAY
                problems.extend(_diff(g, w, f"{where}.plays[{i}]", required))
        else:
            problems.extend(_diff(got[key], value, f"{where}.{key}"))
    return problems


def _compare_next(got: Any, want: Any, where: str) -> list[str]:
    if want is None or got is None:
        return [] if got == want else [f"{where}: got {got!r}, expected {want!r}"]
    if not isinstance(got, dict) or got.get("player") != want["player"]:
        return [f"{where}: got {got!r}, expected {want!r}"]
    if "legal" in want:
        legal = got.get("legal")
        if not isinstance(legal, list) or Counter(legal) != Counter(want["legal"]):
            return [f"{where}.legal: got {legal!r}, expected {want['legal']!r}"]
    elif got.get("legal") not in (None, []):
        # W10: the player not deciding sees no legal list (null or empty accepted)
        return [f"{where}.legal: a list of legal moves for the player not deciding: {got!r}"]
    return []


def compare(got: dict[str, Any], want: dict[str, Any]) -> list[str]:
    """Every difference between an engine output and an expected replay or view."""
    problems = [f"{k}: missing" for k in TOP if k in want and k not in got]
    for key, value in want.items():
        if key not in got:
            continue  # an extra field of the expected output the engine does not write
        mine = got[key]
        if key == "tricks":
            if not isinstance(mine, list) or len(mine) != len(value):
                count = len(mine) if isinstance(mine, list) else mine
                problems.append(f"tricks: got {count} tricks, expected {len(value)}")
                continue
            for i, (g, w) in enumerate(zip(mine, value, strict=True)):
                problems.extend(_compare_trick(g, w, f"tricks[{i}]"))
        elif key == "players":
            if not isinstance(mine, list) or len(mine) != len(value):
                problems.append(f"players: got {mine!r}")
                continue
            for p, (g, w) in enumerate(zip(mine, value, strict=True)):
                problems.extend(f"players[{p}].{k}: missing" for k in PLAYER if k not in g)
                for field, cards in w.items():
                    if field in g and Counter(g[field]) != Counter(cards):
                        problems.append(
                            f"players[{p}].{field}: got {g[field]!r}, expected {cards!r}"
                        )
        elif key == "next":
            problems.extend(_compare_next(mine, value, "next"))
        elif key == "result" and isinstance(value, dict) and isinstance(mine, dict):
            # the votes map every faction: compared exactly, extra result fields allowed
            problems.extend(f"result.{k}: missing" for k in RESULT if k in value and k not in mine)
            for field, wanted in value.items():
                if field in mine and mine[field] != wanted:
                    problems.append(f"result.{field}: got {mine[field]!r}, expected {wanted!r}")
        else:
            problems.extend(_diff(mine, value, key))
    return problems


# -------------------------------------------------------------------------------------------------
# The tests
# -------------------------------------------------------------------------------------------------


def test_examples_directory_is_present() -> None:
    assert EXAMPLES.is_dir(), (
        f"the spec examples are missing: expected {EXAMPLES} "
        "(shared/ beside the repository, or set CLAIM_SHARED)"
    )
    for name in KNOWN:
        assert (EXAMPLES / f"{name}.json").is_file(), f"{name}.json is missing"
        assert (EXAMPLES / f"{name}.replay.json").is_file(), f"{name}.replay.json is missing"


@pytest.mark.parametrize("name", _names())
def test_example_replays_to_expected_output(name: str) -> None:
    record = _load(f"{name}.json")
    expected = _load(f"{name}.replay.json")
    state = replay(record)
    got = json.loads(json.dumps(report(state)))  # what --json prints
    problems = compare(got, expected)
    assert not problems, f"{name}: " + "; ".join(problems[:10])


@pytest.mark.parametrize("name", _names())
def test_read_json_reads_each_example(name: str) -> None:
    """``read_json`` (what ``claim replay FILE`` uses) reads the example as plain JSON does."""
    record = _load(f"{name}.json")
    assert read_json(EXAMPLES / f"{name}.json") == record


@pytest.mark.parametrize(("name", "viewer"), _views())
def test_example_view_matches(name: str, viewer: int) -> None:
    record = _load(f"{name}.json")
    expected = _load(f"{name}.view{viewer}.json")
    state = replay(record)
    got = json.loads(json.dumps(observe(state, viewer)))
    problems = compare(got, expected)
    assert not problems, f"{name} --view {viewer}: " + "; ".join(problems[:10])
    assert got == json.loads(json.dumps(report(state, viewer=viewer)))


def test_in_progress_example_is_in_progress() -> None:
    expected = _load("claim-in-progress.replay.json")
    assert expected["status"] == "in-progress"
    state = replay(_load("claim-in-progress.json"))
    got = report(state)
    assert got["status"] == "in-progress"
    assert got["result"] is None
    assert got["next"]["player"] == expected["next"]["player"] == 1
    assert sorted(got["next"]["legal"]) == sorted(expected["next"]["legal"])


def test_comparison_catches_differences() -> None:
    """The comparison itself: a changed card, trick or legal list is a difference."""
    expected = _load("claim-full-game.replay.json")
    got = json.loads(json.dumps(expected))
    got["extra_field"] = 1
    got["tricks"][0]["plays"][0]["value"] = 99  # "value" is an extra field: compared if present
    assert compare(got, expected) == [
        f"tricks[0].plays[0].value: got 99, expected {expected['tricks'][0]['plays'][0]['value']}"
    ]
    got = json.loads(json.dumps(expected))
    got["players"][0]["score"].reverse()  # multisets: order does not matter
    del got["phase"]  # an extra field may be absent
    assert compare(got, expected) == []
    got["players"][0]["score"].append("goblins:0")
    del got["discard"]
    assert len(compare(got, expected)) == 2
    got = json.loads(json.dumps(expected))
    got["result"]["votes"] = dict.fromkeys(got["result"]["votes"], None)
    assert compare(got, expected)[0].startswith("result.votes: got")
    view = _load("claim-in-progress.view0.json")
    leaky = json.loads(json.dumps(view))
    leaky["next"]["legal"] = ["play knights:4"]
    assert compare(leaky, view) == [
        "next.legal: a list of legal moves for the player not deciding: "
        "{'player': 1, 'legal': ['play knights:4']}"
    ]
