"""Records saved by an earlier version keep replaying (DEVELOPERS: "extend it, never break it").

``tests/data/old_records`` holds twelve finished games written by the version before issue 14
(commit dc6f269: before W14 renamed the Demons and Fire Elementals chosen outside a hand, before
the unknown-field checks), from random play over every box: heroes, Settings, Buildings,
artifacts, Vampires, Demons, Fire Elementals. ``expected.json`` is what that version's replay
gave: the result and both Score piles. Three of the games hold moves in the old spelling
(``tuck demons:even``, ``tuck demons:odd``, a Book of Memories ``play fire-elementals:high``),
read by :func:`claim.core.old_moves.upgrade_move`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from claim.core import records

DATA = Path(__file__).parent / "data" / "old_records"
EXPECTED: dict[str, dict[str, Any]] = json.loads((DATA / "expected.json").read_text())


def test_the_corpus_is_whole() -> None:
    assert sorted(p.name for p in DATA.glob("game-*.json")) == sorted(EXPECTED)
    assert len(EXPECTED) == 12


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_old_record_replays_to_the_same_end(name: str) -> None:
    record = records.read_json(DATA / name)
    state = records.replay(record)
    position = state.to_dict()
    expected = EXPECTED[name]
    assert expected["result"] is not None  # every game of the corpus is finished
    assert len(state.moves) == expected["moves"]
    assert position["result"] == expected["result"]
    assert [p["score"] for p in position["players"]] == expected["score"]


def test_old_spellings_are_read_in_todays_words() -> None:
    """The three games with an old move replay with today's spelling of the same card."""
    upgraded = {}
    for name in sorted(EXPECTED):
        record = records.read_json(DATA / name)
        state = records.replay(record)
        changed = [(a, b) for a, b in zip(record["moves"], state.moves, strict=True) if a != b]
        if changed:
            upgraded[name] = changed
    assert upgraded == {
        "game-208.json": [("play fire-elementals:high", "play fire-elementals:6")],
        "game-286.json": [("tuck demons:even", "tuck demons:2")],
        "game-7.json": [("tuck demons:odd", "tuck demons:9")],
    }
