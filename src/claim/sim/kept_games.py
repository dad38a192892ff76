"""A match's finished games kept in a file, so that a long arena can stop and resume (``claim
arena --keep FILE``).

A long match — 500 deals of ``search:hard`` with every expansion is hours on two cores — must
survive a closed terminal, a reboot or a session that ends. With ``--keep FILE`` every finished
game is appended to FILE at once (one JSON line, flushed); run the same command again and the
games already in FILE are not played again: only the missing ones are, and the statistics are
those of the whole match. A game depends only on the match and its number (the deal's seed and
the bots' seeds, :mod:`claim.sim.arena`), so a resumed match gives exactly the results of an
uninterrupted one. More ``--deals`` than FILE holds extends the match; fewer uses the first
deals.

The file is JSON lines. The first line says which match it keeps::

    {"kind": "claim-arena-games", "version": 1, "bots": ["search:hard", "heuristic"],
     "seed": 5000, "options": {"factions": "claim", ...}, "code": "<sha256>"}

and every other line is one game (:func:`outcome_to_dict`). ``code`` is a fingerprint of the
rules and the bots (the sources of ``claim.core`` and ``claim.bots``): games played by other
code would not be the games this code plays, so a file of another match or another version is
refused with a one-line error, never mixed in. A last line cut short (the process killed while
writing it) is dropped and its game played again; any other damage is refused, naming the line.

A file of another version that already holds every game asked for can still be read, without
writing to it (``read_only``): its games are then shown as they were kept, not replayed — the
figures measured and kept in ``docs/data`` stay printable after the rules or the bots change.
"""

from __future__ import annotations

import dataclasses
import json
import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any, BinaryIO, Generic, Self, TypeVar

from claim.core.errors import ConfigError
from claim.sim.arena import GameOutcome, Match
from claim.sim.fingerprint import code_fingerprint

try:  # file locks: POSIX only; elsewhere two runs on one file are not caught
    import fcntl
except ImportError:  # pragma: no cover - not on this project's platforms
    fcntl = None  # type: ignore[assignment]

T = TypeVar("T")

KIND = "claim-arena-games"
VERSION = 1


def header(match: Match) -> dict[str, Any]:
    """The first line of a file keeping ``match``'s games."""
    return {
        "kind": KIND,
        "version": VERSION,
        "bots": list(match.bots),
        "seed": match.seed,
        "options": dataclasses.asdict(match.options),
        "code": code_fingerprint(),
    }


def outcome_to_dict(outcome: GameOutcome) -> dict[str, Any]:
    """One game as a JSON object (every field of :class:`~claim.sim.arena.GameOutcome`)."""
    data = dataclasses.asdict(outcome)
    data["artifacts"] = [list(side) for side in outcome.artifacts]
    data["used"] = [list(side) for side in outcome.used]
    return data


def outcome_from_dict(data: object) -> GameOutcome:
    """The game of :func:`outcome_to_dict`; anything else raises ValueError."""
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    fields = {f.name for f in dataclasses.fields(GameOutcome)}
    if set(data) != fields:
        raise ValueError(f"the fields are not those of a game ({', '.join(sorted(fields))})")
    ints = ("deal", "a_seat", "first_leader", "tricks")
    if any(type(data[name]) is not int for name in ints) or data["deal"] < 0:
        raise ValueError("deal, a_seat, first_leader and tricks must be whole numbers")
    if data["a_seat"] not in (0, 1) or data["winner"] not in (0, 1, None):
        raise ValueError("a_seat must be 0 or 1 and winner 0, 1 or null")
    if not isinstance(data["factions"], str):
        raise ValueError("factions must be a string")
    for name in ("setting", "building"):
        if data[name] is not None and not isinstance(data[name], str):
            raise ValueError(f"{name} must be a string or null")
    lists = []
    for name in ("artifacts", "used"):
        value = data[name]
        if not isinstance(value, list) or not all(
            isinstance(side, list) and all(isinstance(a, str) for a in side) for side in value
        ):
            raise ValueError(f"{name} must be lists of artifact names")
        lists.append(tuple(tuple(side) for side in value))
    return GameOutcome(
        deal=data["deal"],
        a_seat=data["a_seat"],
        winner=data["winner"],
        factions=data["factions"],
        first_leader=data["first_leader"],
        tricks=data["tricks"],
        setting=data["setting"],
        building=data["building"],
        artifacts=lists[0],
        used=lists[1],
    )


def _differences(found: Mapping[str, Any], wanted: Mapping[str, Any]) -> list[str]:
    """What makes the file's match another one, in words (the header's kind and version are
    :class:`KeptFile`'s to check)."""
    out = []
    if found.get("bots") != wanted["bots"]:
        out.append(f"bots {','.join(map(str, found.get('bots') or []))}")
    if found.get("seed") != wanted["seed"]:
        out.append(f"seed {found.get('seed')}")
    if found.get("options") != wanted["options"]:
        given = found.get("options")
        if isinstance(given, dict):
            changed = sorted(k for k in wanted["options"] if given.get(k) != wanted["options"][k])
            out.append("other setup options (" + ", ".join(changed) + ")")
        else:
            out.append("other setup options")
    return out


class KeptFile(Generic[T]):
    """Finished items of one run kept in a JSON-lines file: a header line, then one line per
    item. :attr:`done` holds what the file held on opening, by key; :meth:`add` keeps one more.

    Opening refuses (ConfigError, one line) a file of another kind or format version (the
    header's ``kind`` and ``version``), of another run (:meth:`_differences`), of another
    version of the code (the header's ``code``), or damaged before its last line. Opened
    ``read_only`` the file is only read (nothing written, truncated or made; a shared lock) and
    one of another version of the code is taken, :attr:`other_code` saying so: its items can be
    shown as kept but must not be mixed with items this version plays. A subclass
    says what its items are (:meth:`_parse`, :meth:`_key`, :meth:`_to_dict`) and how to name
    the file and the run in its messages.
    """

    #: the option that names the file, to start each message
    option = "--keep"
    #: what the file keeps ("arena games") and what a run is ("match"), for the messages
    items = "items"
    run = "run"
    #: what to give instead of a file of another run
    remedy = "give another file"
    #: which program holds the lock
    holder = "claim"

    def __init__(
        self, path: str | Path, wanted: dict[str, Any], *, read_only: bool = False
    ) -> None:
        self.path = Path(path)
        #: what the file held when opened, by key
        self.done: dict[Any, T] = {}
        #: the header's ``code`` (None: no header written whole yet)
        self.code: str | None = None
        #: the items were played by another version of the code (only ever true read-only)
        self.other_code = False
        self._file: BinaryIO = self._open_locked(read_only)
        if read_only:
            try:
                self._read(self._file.read(), wanted, any_code=True)
            except BaseException:
                self._file.close()
                raise
            return
        try:
            good_size = self._read(self._file.read(), wanted)
            if good_size == 0:  # a new file, or not even its first line written whole
                self._file.seek(0)
                self._file.truncate(0)
                self._file.write(_line(wanted))
                self._file.flush()
            else:
                self._file.truncate(good_size)  # drop a last line cut short
                self._file.seek(good_size)
        except OSError as exc:
            self._file.close()
            why = exc.strerror or exc
            raise ConfigError(f"{self.option}: cannot write {self.path}: {why}") from None
        except BaseException:
            self._file.close()
            raise

    # -- what a subclass says ------------------------------------------------------------------

    def _differences(self, found: Mapping[str, Any], wanted: Mapping[str, Any]) -> list[str]:
        """What makes the file's run another one, in words (nothing: the same run); the
        headers' ``kind`` and ``version`` are already found equal."""
        raise NotImplementedError

    def _parse(self, data: object) -> T:
        """One item from its line's JSON; ValueError for anything else."""
        raise NotImplementedError

    def _key(self, item: T) -> Any:
        raise NotImplementedError

    def _to_dict(self, item: T) -> dict[str, Any]:
        raise NotImplementedError

    # -- the file --------------------------------------------------------------------------------

    def _open_locked(self, read_only: bool = False) -> BinaryIO:
        """The file opened for reading and writing (made if missing, never truncated here), with
        an exclusive lock: two runs appending to one file would mix their items, and one
        dropping the other's half-written line would damage it. ``read_only``: opened for
        reading only (it must exist; no write permission needed), with a shared lock, so that
        it is not read while a run appends to it."""
        try:
            # kept open until close(); two calls, each mode written out, for the type checker
            file = open(self.path, "rb") if read_only else open(self.path, "a+b")  # noqa: SIM115
        except OSError as exc:
            why = exc.strerror or exc
            verb = "read" if read_only else "write"
            raise ConfigError(f"{self.option}: cannot {verb} {self.path}: {why}") from None
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            # /dev/zero or a pipe would be read for ever
            file.close()
            raise ConfigError(f"{self.option}: {self.path} is not a regular file")
        if fcntl is not None:
            try:
                lock = fcntl.LOCK_SH if read_only else fcntl.LOCK_EX
                fcntl.flock(file.fileno(), lock | fcntl.LOCK_NB)
            except OSError:
                file.close()
                raise ConfigError(
                    f"{self.option}: {self.path} is in use by another {self.holder} "
                    "(one run per file)"
                ) from None
        file.seek(0)
        return file

    def _read(self, raw: bytes, wanted: dict[str, Any], any_code: bool = False) -> int:
        """Read the file's bytes into :attr:`done`; the size of its part to keep (a cut last
        line is dropped). ``any_code``: a file of another version of the code is read too
        (:attr:`other_code`) rather than refused."""
        if not raw:
            return 0
        lines = raw.split(b"\n")
        # a file ends with a newline; what follows the last one is a line cut short
        complete, tail = lines[:-1], lines[-1]
        good_size = len(raw) - len(tail)
        if not complete:
            return 0  # not even the header was written whole
        try:
            found = json.loads(complete[0])
        except (ValueError, RecursionError):  # RecursionError: arrays nested thousands deep
            found = None
        if not isinstance(found, dict):
            raise ConfigError(f"{self.option}: {self.path} is not a file of kept {self.items}")
        if found.get("kind") != wanted["kind"] or found.get("version") != wanted["version"]:
            differs = [f"it is not a file of kept {self.items} (version {wanted['version']})"]
        else:
            differs = self._differences(found, wanted)
        if differs:
            raise ConfigError(
                f"{self.option}: {self.path} keeps the games of another {self.run} "
                f"({'; '.join(differs)}); {self.remedy}"
            )
        code = found.get("code")
        self.code = code if isinstance(code, str) else None
        self.other_code = code != wanted["code"]
        if self.other_code and not any_code:
            raise ConfigError(
                f"{self.option}: {self.path} was played by another version of the rules or the "
                "bots, whose games this version would not play the same; give another file"
            )
        for number, line in enumerate(complete[1:], start=2):
            try:
                item = self._parse(json.loads(line))
            except ValueError as exc:
                raise ConfigError(f"{self.option}: {self.path}, line {number}: {exc}") from None
            except RecursionError:
                raise ConfigError(
                    f"{self.option}: {self.path}, line {number}: not a game (nested too deep)"
                ) from None
            self.done[self._key(item)] = item
        return good_size

    def add(self, item: T) -> None:
        """Keep one finished item (written and flushed at once); never on a file opened
        ``read_only`` (io.UnsupportedOperation: its items were perhaps played by another
        version, and none may be mixed in)."""
        self._file.write(_line(self._to_dict(item)))
        self._file.flush()

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class KeptGames(KeptFile[GameOutcome]):
    """The games of one match kept in a file (``claim arena --keep``), by game index."""

    items = "arena games"
    run = "match"
    remedy = "give the same --bots, --seed and setup options, or another file"
    holder = "claim arena"

    def __init__(self, path: str | Path, match: Match, *, read_only: bool = False) -> None:
        super().__init__(path, header(match), read_only=read_only)

    def whole_deals(self) -> int:
        """How many first deals the file holds both games of: a match of no more deals plays
        none (the games are numbered ``2 * deal + a_seat``)."""
        deals = 0
        while 2 * deals in self.done and 2 * deals + 1 in self.done:
            deals += 1
        return deals

    def _differences(self, found: Mapping[str, Any], wanted: Mapping[str, Any]) -> list[str]:
        return _differences(found, wanted)

    def _parse(self, data: object) -> GameOutcome:
        return outcome_from_dict(data)

    def _key(self, item: GameOutcome) -> int:
        return item.index

    def _to_dict(self, item: GameOutcome) -> dict[str, Any]:
        return outcome_to_dict(item)


def _line(data: dict[str, Any]) -> bytes:
    return (json.dumps(data) + "\n").encode("utf-8")
