"""A study's finished games kept in ``DIR/games.jsonl``, so that a stopped study resumes.

The same file format and guarantees as ``claim arena --keep`` (:class:`claim.sim.kept_games.
KeptFile`): a header line naming the study and a fingerprint of the code that plays its games,
then one line per finished game, flushed at once; a last line cut short is dropped, anything
else damaged is refused naming the line, and a file of another study or another version of the
code is refused rather than mixed in. ``--games`` may differ: more extends the study, fewer uses
the first deals.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from claim.lab.design import Study
from claim.lab.play import LabGame, game_from_dict
from claim.sim.fingerprint import code_fingerprint
from claim.sim.kept_games import KeptFile

KIND = "claim-lab-games"
VERSION = 1
#: besides the rules and the bots, the modules that decide which games a study plays and what
#: is kept of them
_LAB_MODULES = ("lab/design.py", "lab/play.py", "sim/simulate.py")

#: a kept game's key: (kind, component, deal, game)
GameKey = tuple[str, str, int, int]


def header(study: Study) -> dict[str, Any]:
    """The first line of ``games.jsonl``: the study (its ``games`` aside) and the code."""
    described = study.to_dict()
    del described["games"]
    return {"kind": KIND, "version": VERSION, "study": described, "code": lab_fingerprint()}


def lab_fingerprint() -> str:
    return code_fingerprint(*_LAB_MODULES)


def key(game: LabGame) -> GameKey:
    return (game.kind, game.component, game.deal, game.game)


class KeptLabGames(KeptFile[LabGame]):
    """The games of one study kept in a file, by :func:`key`."""

    option = "--out"
    items = "lab games"
    run = "study"
    remedy = "give the same study, bots, --seed and base options, or another --out"
    holder = "claim lab"

    def __init__(self, path: str | Path, study: Study) -> None:
        super().__init__(path, header(study))

    def _differences(self, found: Mapping[str, Any], wanted: Mapping[str, Any]) -> list[str]:
        given, study = found.get("study"), wanted["study"]
        if not isinstance(given, dict):
            return ["no study"]
        return [
            f"{name} {given.get(name)!r}"
            for name in ("name", "parts", "bots", "seed", "base", "setups")
            if given.get(name) != study[name]
        ]

    def _parse(self, data: object) -> LabGame:
        return game_from_dict(data)

    def _key(self, item: LabGame) -> GameKey:
        return key(item)

    def _to_dict(self, item: LabGame) -> dict[str, Any]:
        return item.to_dict()
