"""Helpers of the fuzz suites (issue 14): valid records written by claim's own writers, and
Hypothesis strategies that mutate them (fields deleted, renamed, retyped, spliced; huge numbers;
deep nesting; bad moves and chance entries; truncated text; random bytes).

A fuzz test feeds a mutated record to a loader and accepts exactly two outcomes: success, or a
:class:`~claim.core.errors.ClaimError` (on the command line: exit code 2 and one line ``error:
...``). Anything else is a traceback, which Hypothesis shrinks and reports. :class:`Tally` counts
the inputs tried; each fuzz module prints its tally at the end of the run.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import strategies as st

from claim.core import cards, notation, records
from claim.core.engine import apply, is_over, legal_actions
from claim.core.game import new_game
from claim.core.options import SetupOptions
from claim.core.state import State

#: CLAIM_FUZZ_SCALE=N multiplies every fuzz test's number of examples (default 1, for CI)
SCALE = max(1, int(os.environ.get("CLAIM_FUZZ_SCALE", "1")))

#: setups the corpus is written with: every box (heroes with values, locations, artifacts, the
#: factions with setup draws and unused cards)
SETUPS: tuple[SetupOptions, ...] = (
    SetupOptions(),
    SetupOptions(factions="claim2", heroes="jester,witch,skeleton,kraken,necromancer,cthulhu"),
    SetupOptions(
        factions="goblins,knights,poisoners,phoenixes,shadows",
        setting="underworld",
        building="castle",
    ),
    SetupOptions(
        factions="gnomes,giants,vampires,demons,tricksters",
        artifacts="all",
        heroes="4",
        hero_values="jester=7,witch=0",
    ),
    SetupOptions(
        factions="elves,orcs,werewolves,fire-elementals,unicorns",
        setting="islands",
        building="tavern",
        artifacts="all",
        first_leader="1",
    ),
)


def _play(state: State, moves: int | None, rng: random.Random) -> State:
    while not is_over(state) and (moves is None or len(state.moves) < moves):
        apply(state, rng.choice(legal_actions(state)))
    return state


@functools.cache
def corpus() -> tuple[dict[str, Any], ...]:
    """Valid records: each setup at the start, mid-game and finished, as written by
    ``records.to_record``, and mid-game positions (``State.to_dict``) with moves after them."""
    out: list[dict[str, Any]] = []
    for i, options in enumerate(SETUPS):
        setup = options.resolve(100 + i)
        for moves in (0, 23, None):
            state = _play(new_game(setup.config, setup.seed), moves, random.Random(i))
            out.append(records.to_record(state))
        state = _play(new_game(setup.config, setup.seed), 31, random.Random(i))
        position = json.loads(json.dumps(state.to_dict()))
        after = _play(records.replay({"position": position}), 40, random.Random(i + 7))
        out.append({"format": records.FORMAT, "position": position, "moves": after.moves[31:]})
    return tuple(json.loads(json.dumps(r)) for r in out)


@functools.cache
def move_strings() -> tuple[str, ...]:
    """Every move string of the corpus (to swap into other records)."""
    found = {m for r in corpus() for m in r.get("moves", [])}
    return tuple(sorted(found))


Path = tuple[Any, ...]


def paths(data: Any, limit: int = 40) -> list[Path]:
    """Every path (keys and indices) into a JSON value, the root first, at most ``limit`` deep
    (iterative: a mutation may have nested a value 100,000 deep)."""
    out: list[Path] = []
    stack: list[tuple[Path, Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        out.append(path)
        if len(path) >= limit:
            continue
        if isinstance(value, dict):
            stack.extend(((*path, k), v) for k, v in reversed(list(value.items())))
        elif isinstance(value, list):
            stack.extend(((*path, i), v) for i, v in reversed(list(enumerate(value))))
    return out


def get(data: Any, path: Path) -> Any:
    for step in path:
        data = data[step]
    return data


def deep_list(depth: int) -> Any:
    """``[[[...]]]`` nested ``depth`` deep, built without recursion."""
    value: Any = []
    for _ in range(depth - 1):
        value = [value]
    return value


json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["goblins:5", "hero:jester", "toxic:x", "play goblins:5", "pass", "?", ""]),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
huge_ints = st.sampled_from([2**63, 2**64, 2**64 - 1, -(2**64), 10**20, 10**21, 10**100])
huge_ints |= st.integers(min_value=19, max_value=5000).map(lambda k: 10**k - 1)
key_typos = st.one_of(
    st.text(min_size=1, max_size=10),
    st.sampled_from(["setings", "sed", "seeds", "hero_value", "move", "hand", "Setup", "x-note"]),
)
card_codes = st.sampled_from(sorted(cards.IDS_BY_CODE))

MUTATIONS = (
    "nudge",
    "nudge",
    "delete",
    "rename",
    "retype",
    "splice",
    "huge",
    "deep",
    "moves",
    "chance",
    "setup",
)
TEXT_MUTATIONS = ("truncate", "bytes", "splice-bytes", "huge-text", "deep-text", "nan")


def _set(record: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    get(record, path[:-1])[path[-1]] = value
    return record


@st.composite
def mutated_records(draw: st.DrawFn) -> tuple[str, Any]:
    """(the kind of mutation, a record built by one or two mutations of a corpus record)."""
    record = copy.deepcopy(draw(st.sampled_from(corpus())))
    kinds = []
    for _ in range(draw(st.integers(1, 2))):
        kind = draw(st.sampled_from(MUTATIONS))
        kinds.append(kind)
        record = _mutate(draw, record, kind)
        if kind == "deep":
            break  # nothing may copy or walk a value nested 100,000 deep (the test's own stack)
    return "+".join(kinds), record


def _mutate(draw: st.DrawFn, record: Any, kind: str) -> Any:
    all_paths = list(paths(record))
    path = draw(st.sampled_from(all_paths))
    if kind == "delete":
        if not path:
            return {}
        parent = get(record, path[:-1])
        del parent[path[-1]]
    elif kind == "rename":
        dict_paths = [p for p in all_paths if isinstance(get(record, p), dict) and get(record, p)]
        if dict_paths:
            target = get(record, draw(st.sampled_from(dict_paths)))
            key = draw(st.sampled_from(sorted(target)))
            target[draw(key_typos)] = target.pop(key)
    elif kind == "retype":
        record = _set(record, path, draw(json_values))
    elif kind == "splice":
        other = draw(st.sampled_from(all_paths))
        record = _set(record, path, copy.deepcopy(get(record, other)))
    elif kind == "nudge":
        value = get(record, path)
        if isinstance(value, bool):
            record = _set(record, path, not value)
        elif isinstance(value, int):
            record = _set(record, path, draw(st.sampled_from([value - 1, value + 1, 0, -1, 2, 99])))
        elif isinstance(value, str):
            strings = [get(record, p) for p in all_paths if isinstance(get(record, p), str)]
            record = _set(record, path, draw(st.sampled_from(strings)))
        elif isinstance(value, list) and value:
            value.reverse() if draw(st.booleans()) else value.append(copy.deepcopy(value[0]))
    elif kind == "huge":
        record = _set(record, path, draw(huge_ints))
    elif kind == "deep":
        record = _set(record, path, deep_list(draw(st.sampled_from([31, 32, 33, 1000, 100_000]))))
    elif kind == "moves" and isinstance(record, dict):
        moves = record.setdefault("moves", [])
        if isinstance(moves, list):
            _mutate_moves(draw, moves)
    elif kind == "chance" and isinstance(record, dict):
        chance = draw(
            st.lists(st.one_of(card_codes, json_scalars, st.just("hero:batman")), max_size=6)
        )
        if draw(st.booleans()) and isinstance(record.get("chance"), list):
            record["chance"] = record["chance"] + chance
        else:
            record["chance"] = chance if draw(st.booleans()) else draw(json_values)
    elif kind == "setup" and isinstance(record, dict):
        setup = record.get("setup")
        if isinstance(setup, dict):
            name = draw(st.sampled_from(notation.SETUP_FIELDS))
            setup[name] = draw(_setup_values(name))
    return record


def _setup_values(name: str) -> st.SearchStrategy[Any]:
    names = {
        "factions": st.lists(st.sampled_from(sorted(cards.FACTIONS)), max_size=6)
        | st.sampled_from(["claim", "claim2", "claim3", "random"]),
        "heroes": st.lists(st.sampled_from(cards.HEROES), max_size=4, unique=True),
        "hero_pool": st.lists(st.sampled_from(cards.HEROES), max_size=6, unique=True),
        "hero_values": st.dictionaries(
            st.sampled_from([*cards.HEROES, "foo"]),
            st.integers(-3, 12) | huge_ints | json_scalars,
            max_size=3,
        ),
        "setting": st.sampled_from([*cards.SETTINGS, *cards.BUILDINGS, "random", None]),
        "building": st.sampled_from([*cards.SETTINGS, *cards.BUILDINGS, "random", None]),
        "artifacts": st.lists(
            st.lists(st.sampled_from(cards.ARTIFACTS), min_size=2, max_size=4), max_size=3
        ),
        "artifact_pool": st.lists(st.sampled_from(cards.ARTIFACTS), max_size=8),
        "toxics": st.lists(card_codes | st.sampled_from(["toxic:1", "toxic:x"]), max_size=4),
        "fire_phoenix": st.lists(card_codes | st.just("fire-phoenix:3"), max_size=11),
        "first_leader": st.sampled_from([0, 1, 2, -1, 0.0, 1.0, True, "0", None]),
    }
    return names.get(name, json_values) | json_values


def _mutate_moves(draw: st.DrawFn, moves: list[Any]) -> None:
    how = draw(st.sampled_from(["swap", "replace", "mangle", "insert", "drop", "junk"]))
    if how == "swap" and len(moves) > 1:
        i, j = draw(st.integers(0, len(moves) - 1)), draw(st.integers(0, len(moves) - 1))
        moves[i], moves[j] = moves[j], moves[i]
    elif how == "replace" and moves:
        moves[draw(st.integers(0, len(moves) - 1))] = draw(st.sampled_from(move_strings()))
    elif how == "mangle" and moves:
        i = draw(st.integers(0, len(moves) - 1))
        if isinstance(moves[i], str):
            moves[i] = draw(
                st.sampled_from(
                    [
                        moves[i] + " x",
                        moves[i].upper(),
                        moves[i][:-1],
                        " " + moves[i],
                        moves[i] * 50,
                    ]
                )
            )
    elif how == "insert":
        moves.insert(draw(st.integers(0, len(moves))), draw(st.sampled_from(move_strings())))
    elif how == "drop" and moves:
        del moves[draw(st.integers(0, len(moves) - 1))]
    else:
        moves.append(draw(json_scalars))


@st.composite
def mutated_texts(draw: st.DrawFn) -> tuple[str, bytes]:
    """(the kind of mutation, the bytes of a record file damaged as text)."""
    record = draw(st.sampled_from(corpus()))
    text = records.dumps(record)
    kind = draw(st.sampled_from(TEXT_MUTATIONS))
    if kind == "truncate":
        return kind, text[: draw(st.integers(0, len(text)))].encode()
    if kind == "bytes":
        return kind, draw(st.binary(max_size=200))
    if kind == "splice-bytes":
        raw = text.encode()
        at = draw(st.integers(0, len(raw)))
        return kind, raw[:at] + draw(st.binary(min_size=1, max_size=20)) + raw[at:]
    # replace one value of the text: a number, a nesting or a constant JSON may not hold
    spot = draw(st.sampled_from(paths(record)[1:]))
    marked = _set(copy.deepcopy(record), spot, "@@HERE@@")
    if kind == "huge-text":
        digits = draw(st.sampled_from([20, 21, 4300, 4301, 10_000, 100_000]))
        value = draw(st.sampled_from(["", "-"])) + "9" * digits
    elif kind == "deep-text":
        depth = draw(st.sampled_from([31, 32, 33, 1000, 100_000]))
        value = (
            "[" * depth + "]" * depth
            if draw(st.booleans())
            else '{"a":' * depth + "1" + "}" * depth
        )
    else:
        value = draw(st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", "-0.0", "1.5"]))
    return kind, json.dumps(marked).replace('"@@HERE@@"', value, 1).encode()


@dataclass
class Tally:
    """What a fuzz module tried: inputs by outcome and by mutation."""

    name: str
    tried: int = 0
    loaded: int = 0
    refused: int = 0
    tracebacks: int = 0
    kinds: Counter[str] = field(default_factory=Counter)

    def line(self) -> str:
        return (
            f"fuzz: {self.tried} {self.name} inputs tried ({self.loaded} loaded, {self.refused} "
            f"refused with a one-line error), {self.tracebacks} tracebacks"
        )


class _Summary:
    """A pytest plugin that prints the tallies at the end of the run."""

    def __init__(self) -> None:
        self.tallies: list[Tally] = []

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        for tally in self.tallies:
            terminalreporter.write_line(tally.line())


def report_tally(request: pytest.FixtureRequest, tally: Tally) -> None:
    """Print ``tally`` in the run's terminal summary (registered once per run)."""
    manager = request.config.pluginmanager
    plugin = manager.get_plugin("claim-fuzz-summary")
    if plugin is None:
        plugin = _Summary()
        manager.register(plugin, "claim-fuzz-summary")
    if tally not in plugin.tallies:
        plugin.tallies.append(tally)


def one_line(message: str) -> bool:
    """A message people read: one line, not empty, not a page long."""
    return bool(message) and "\n" not in message and len(message) < 4000
