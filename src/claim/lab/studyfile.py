"""Study files: a custom experiment in TOML (``claim lab my-study.toml``).

::

    name = "artifact-duel"          # the report's title (default: the file's name)
    bots = "search:medium,heuristic" # one bot for both seats, or two (default: heuristic)
    games = 400                      # games a component (default: 200)
    seed = 7                         # (default: a fresh seed, reported)

    [base]                           # the base setup, as the command-line options
    factions = "claim2"

    [[part]]                         # one or more parts
    kind = "artifacts"
    components = ["ice-sword", "magic-wand"]   # default: every component of the kind

    [[part]]
    kind = "first-leader"
    components = ["claim", "mine"]

    [setups.mine]                    # first-leader setups of the file's own
    heroes = "3"
    artifacts = "all"

Unknown keys are refused (a typo must not silently run another study), each error one line
naming the file and the key.
"""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path
from typing import Any

from claim.core.errors import ConfigError
from claim.core.options import SetupOptions
from claim.core.setup import SEED_LIMIT
from claim.lab.design import KINDS, SETUPS, Part, default_components

_TOP = {"name", "bots", "games", "seed", "base", "part", "setups"}
#: the largest study file read (a study file is a few lines; a bound against a huge one)
MAX_FILE_BYTES = 1024 * 1024
_OPTION_FIELDS = {f.name for f in dataclasses.fields(SetupOptions)}


@dataclasses.dataclass(frozen=True, slots=True)
class StudyFile:
    """What a study file says (None: not said, the command line's or the default)."""

    name: str
    parts: tuple[Part, ...]
    base: SetupOptions
    setups: tuple[tuple[str, SetupOptions], ...]
    bots: str | None = None
    games: int | None = None
    seed: int | None = None


def _options(where: str, table: object) -> SetupOptions:
    if not isinstance(table, dict):
        raise ConfigError(f"{where} must be a table of setup options")
    unknown = sorted(set(table) - _OPTION_FIELDS)
    if unknown:
        raise ConfigError(
            f"{where}: unknown setup option {unknown[0]!r}; they are: "
            + ", ".join(sorted(_OPTION_FIELDS))
        )
    values: dict[str, Any] = {}
    for name, value in table.items():
        if name == "hero_count":
            if value is not None and type(value) is not int:
                raise ConfigError(f"{where}: hero_count must be a whole number")
            values[name] = value
        else:
            values[name] = str(value)
    return SetupOptions(**values)


def load_study_file(path: Path) -> StudyFile:
    """Read a study file; ConfigError (one line, naming the file) for anything wrong, a hostile
    file's included: one past :data:`MAX_FILE_BYTES`, a number too long for Python to read, or
    arrays or tables nested deeper than the parser's recursion."""
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ConfigError(f"cannot read the study file {path}: {exc.strerror}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise ConfigError(
            f"{path} is not a study file: it is over {MAX_FILE_BYTES // 1024:,} KiB "
            "(a study file is a few lines)"
        )
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path} is not a TOML study file: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{path} is not a study file: arrays or tables nest too deep") from None
    except ValueError:  # Python's bound on the digits of an integer (int_max_str_digits)
        raise ConfigError(f"{path} is not a study file: a number in it is too long") from None
    try:
        return _study_file(path, data)
    except ConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from None


def _study_file(path: Path, data: dict[str, Any]) -> StudyFile:
    unknown = sorted(set(data) - _TOP)
    if unknown:
        raise ConfigError(f"unknown key {unknown[0]!r}; keys are: {', '.join(sorted(_TOP))}")
    name = data.get("name", path.stem)
    if not isinstance(name, str) or not name.strip():
        raise ConfigError("name must be a text")
    if not name.isprintable():  # the name reaches the terminal: no escape codes
        raise ConfigError(f"name must be printable text, not {name!r}")
    bots = data.get("bots")
    if isinstance(bots, list) and all(isinstance(b, str) for b in bots):
        bots = ",".join(bots)
    if bots is not None and not isinstance(bots, str):
        raise ConfigError('bots must be a text ("heuristic" or "A,B") or a list of two')
    for key in ("games", "seed"):
        if key in data and type(data[key]) is not int:
            raise ConfigError(f"{key} must be a whole number")
    if "seed" in data and not -SEED_LIMIT <= data["seed"] <= SEED_LIMIT:
        # the bound of --seed, so that the command the report prints runs
        raise ConfigError(f"seed must be from -{SEED_LIMIT} to {SEED_LIMIT} (as --seed)")
    setups = dict(SETUPS)
    own = data.get("setups", {})
    if not isinstance(own, dict):
        raise ConfigError("setups must be tables of setup options ([setups.NAME])")
    for setup_name, table in own.items():
        if not setup_name.isprintable():
            raise ConfigError(f"setups: a setup's name must be printable text, not {setup_name!r}")
        setups[setup_name] = _options(f"setups.{setup_name}", table)
    raw_parts = data.get("part")
    if not isinstance(raw_parts, list) or not raw_parts:
        raise ConfigError("a study file needs at least one [[part]] with a kind")
    parts = []
    for number, raw in enumerate(raw_parts, start=1):
        if not isinstance(raw, dict) or set(raw) - {"kind", "components"}:
            raise ConfigError(f"part {number}: a part has a kind and components, nothing else")
        kind = raw.get("kind")
        if kind not in KINDS:
            raise ConfigError(f"part {number}: kind must be one of {', '.join(KINDS)}")
        components = raw.get("components")
        if components is None:
            components = list(setups) if kind == "first-leader" else default_components(kind)
        if not isinstance(components, list | tuple) or not all(
            isinstance(c, str) for c in components
        ):
            raise ConfigError(f"part {number}: components must be a list of names")
        parts.append(Part(kind, tuple(c.strip().lower() for c in components)))
    kinds = [p.kind for p in parts]
    twice = next((k for k in kinds if kinds.count(k) > 1), None)
    if twice:
        raise ConfigError(f"the kind {twice} is in two parts; list its components in one")
    return StudyFile(
        name=name.strip(),
        parts=tuple(parts),
        base=_options("base", data.get("base", {})),
        setups=tuple(setups.items()),
        bots=bots,
        games=data.get("games"),
        seed=data.get("seed"),
    )
