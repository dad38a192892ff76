"""Saved positions keep their exact text (docs/records.md, ``claim-position/1``).

The corpus (``tests/data/positions``, made by ``tests/positions_corpus.py``) was written by the
version before ``State``'s fields were declared once. Saved positions and stored web games depend
on the text ``State.to_dict`` writes, so: the same games written today give the same bytes; each
saved position loads and writes itself again; a clone of it equals it, field by field, and shares
nothing mutable with it (but the parts shared on purpose).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import claim
from claim.core import fields
from claim.core.errors import RecordError
from claim.core.positions import load_position
from claim.core.state import State, Trick
from positions_corpus import DATA, play, text

FILES = sorted(DATA.glob("game-*.json"), key=lambda p: [int(n) for n in p.stem.split("-")[1:]])
#: what a clone shares with its original on purpose: the setup, the rule book, the finished
#: game's result, and caches that are replaced, never changed in place
SHARED = {"config", "book", "result", "legal_cache", "layers"}
#: what ``clone(history=False)`` leaves empty
HISTORY = ("history", "history_prizes", "history_artifacts", "moves")


def test_the_corpus_is_whole() -> None:
    assert len(FILES) == 44
    assert sum(p.stat().st_size for p in FILES) < 1_000_000


def _steps() -> dict[int, set[int]]:
    wanted: dict[int, set[int]] = {}
    for path in FILES:
        _, seed, step = path.stem.split("-")
        wanted.setdefault(int(seed), set()).add(int(step))
    return wanted


@pytest.mark.parametrize("seed", sorted(_steps()))
def test_todays_positions_are_the_saved_bytes(seed: int) -> None:
    """The corpus's games, played again, write the saved text at the saved moves."""
    wanted = _steps()[seed]
    for step, state in play(seed):
        if step in wanted:
            saved = (DATA / f"game-{seed}-{step}.json").read_text()
            assert text(state.to_dict()) == saved, f"game-{seed}-{step}.json"
            wanted.discard(step)
    assert not wanted


def _load(path: Path) -> State:
    return load_position(json.loads(path.read_text()))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_saved_position_loads_and_writes_itself_again(path: Path) -> None:
    assert text(_load(path).to_dict()) == path.read_text()


def _fields(obj: State | Trick) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in fields.specs(type(obj))}


def _assert_equal(a: State, b: State, skip: tuple[str, ...] = ()) -> None:
    for name, value in _fields(a).items():
        if name in skip:
            continue
        other = getattr(b, name)
        if isinstance(value, Trick):
            assert isinstance(other, Trick)
            assert _fields(value) == _fields(other), name
        else:
            assert value == other, name


def _mutate(value: Any) -> None:
    """Change every mutable container in ``value`` in place (lists of lists to the bottom)."""
    if isinstance(value, list):
        for item in value:
            if isinstance(item, list | set):
                _mutate(item)
        value.append(-1)
    elif isinstance(value, set):
        value.add(-1)
    elif isinstance(value, dict):
        value[-1] = -1
    elif isinstance(value, Trick):
        for name, field in _fields(value).items():
            if name not in SHARED:
                _mutate(field)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_clone_is_equal_and_independent(path: Path) -> None:
    state = _load(path)
    saved = path.read_text()
    full, light = state.clone(), state.clone(history=False)
    _assert_equal(state, full)
    _assert_equal(state, light, skip=HISTORY)
    assert all(not getattr(light, name) for name in HISTORY)
    assert text(full.to_dict()) == saved
    written = light.to_dict()
    assert {k: v for k, v in written.items() if k not in HISTORY} == {
        k: v for k, v in json.loads(saved).items() if k not in HISTORY
    }
    # a clone plays on like its original
    rng = random.Random(path.stem)
    again = _load(path)
    for _ in range(4):
        if claim.is_over(full):
            break
        move = rng.choice(claim.legal_actions(full))
        assert claim.legal_actions(full) == claim.legal_actions(again)
        claim.apply(full, move)
        claim.apply(again, move)
        assert full.to_dict() == again.to_dict()
    # changing every container of the clones leaves the original as it was
    for clone in (state.clone(), state.clone(history=False)):
        for name, field in _fields(clone).items():
            if name not in SHARED:
                _mutate(field)
    assert text(state.to_dict()) == saved


@pytest.mark.parametrize("key", ["card", "from", "to"])
@pytest.mark.parametrize("value", [["x"], {"a": 1}])
def test_an_end_move_naming_no_string_is_refused(key: str, value: Any) -> None:
    """A list or an object where an end-of-game move names a card or a zone is refused with a
    one-line error (it raised TypeError: unhashable type before)."""
    path = next(p for p in FILES if json.loads(p.read_text())["end_moves"])
    data = json.loads(path.read_text())
    data["end_moves"][0][key] = value
    with pytest.raises(RecordError, match=r"position\.end_moves\[0\] must be"):
        load_position(data)
