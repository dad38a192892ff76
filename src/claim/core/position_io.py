"""Reading and writing positions (``claim-position/1``, docs/records.md) field by field.

A codec is one field's pair: how :meth:`~claim.core.state.State.to_dict` writes its value as JSON
and how :func:`~claim.core.positions.load_position` reads it back, checking it and naming the
field in every :class:`~claim.core.errors.RecordError`. ``State`` and ``Trick`` name each field's
codec where they declare the field (:mod:`claim.core.fields`; the codecs themselves are in
:mod:`claim.core.position_codecs`), and :func:`write_record` and :func:`read_record` here loop
over those declarations: a field's place in a position, its default and its copy are declared
together.

Reading goes in stages (:class:`Stage`), because some fields are written relative to others: a
card zone takes its cards from the game's pool first, then fields that name a card by its place
(``hand0/2``) or by its index in a zone read those zones, once every card has a place.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from enum import IntEnum
from typing import TYPE_CHECKING, Any, ClassVar, Final, NamedTuple

from claim.core import cards
from claim.core.errors import RecordError, shown
from claim.core.fields import fresh, specs
from claim.core.notation import CardPool, check_fields

if TYPE_CHECKING:
    from claim.core.state import State

#: the format a position names (its ``format`` field)
POSITION_FORMAT = "claim-position/1"
#: a player field's "nobody" (a trick nobody has won yet, a game without a last winner)
NO_PLAYER = -1
#: the key of the list of the two players' objects (the fields declared with :class:`Each`)
PLAYERS = "players"


class Stage(IntEnum):
    """When a field is read, relative to the others."""

    VALUES = 0  # on its own
    CARDS = 1  # takes the game's cards from the pool, by code
    DERIVED = 2  # reads other fields of its record (read at VALUES or CARDS)
    PLACES = 3  # names cards by place or by index in a zone: every card has its place by now
    WHOLE = 4  # checked against the whole state


# the stages as names of their own, for the codecs' class-level defaults (``stage = CARDS``):
# mypyc sets a compiled class's attribute defaults in each new object, and takes only a constant
# there (a literal or a ``Final`` name), not ``Stage.CARDS`` (which it warns about)
VALUES: Final = Stage.VALUES
CARDS: Final = Stage.CARDS
DERIVED: Final = Stage.DERIVED
PLACES: Final = Stage.PLACES
WHOLE: Final = Stage.WHOLE


class Writer:
    """What a codec may read while a state is written: the state, and each card's place."""

    def __init__(self, state: State) -> None:
        self.state = state
        self._places: dict[int, str] | None = None

    @property
    def places(self) -> dict[int, str]:
        """Each card's place (``zone/index``): with duplicated codes only a place says which copy
        is meant."""
        if self._places is None:
            self._places = self.state.places()
        return self._places


class Reader:
    """What a codec may read while a position loads: the record being read (``obj``, its JSON
    object ``data``, ``where`` it is in the position), the state, the game's cards not placed
    yet, and what the layers above the state know (the engine's steps, each card's power key)."""

    def __init__(
        self,
        state: State,
        data: dict[str, Any],
        where: str,
        pool: CardPool,
        steps: Container[str],
        power_key: Sequence[str],
    ) -> None:
        self.state = state
        self.obj: Any = state
        self.data = data
        self.where = where
        self.pool = pool
        self.steps = steps
        self.power_key = power_key
        self._places: dict[str, int] | None = None
        self._players: list[dict[str, Any]] | None = None

    def nested(self, obj: Any, data: dict[str, Any], where: str) -> Reader:
        """The same reading, for a record inside this one."""
        # built, not copy.copy'd: a class compiled by mypyc is not copied that way
        inner = Reader(self.state, data, where, self.pool, self.steps, self.power_key)
        inner.obj, inner._places = obj, self._places
        return inner

    @property
    def places(self) -> dict[str, int]:
        """The card at each place (read at :attr:`Stage.PLACES`, once every card has one)."""
        if self._places is None:
            self._places = {place: card for card, place in self.state.places().items()}
        return self._places

    def players(self, known: Sequence[str]) -> list[dict[str, Any]]:
        """The two players' objects, each checked for unknown fields (``known``)."""
        if self._players is None:
            players = need(self.data, PLAYERS, self.where, list)
            if len(players) != 2:
                raise RecordError(f"{self.where}.{PLAYERS} must list two players")
            for p, pdata in enumerate(players):
                where = f"{self.where}.{PLAYERS}[{p}]"
                if not isinstance(pdata, dict):
                    raise RecordError(f"{where} must be an object")
                check_fields(pdata, known, where)
            self._players = players
        return self._players


# -- reading helpers -------------------------------------------------------------------------


def need(data: dict[str, Any], key: str, where: str, kind: type | tuple[type, ...]) -> Any:
    """``data[key]``, which must be there and of type ``kind`` (a bool is no int)."""
    if key not in data:
        raise RecordError(f"{where}.{key} is missing")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"{where}.{key} has the wrong type")
    return value


def read_player(value: Any, where: str, allow_none: bool = False) -> int:
    """A player, 0 or 1 (or NO_PLAYER with ``allow_none``)."""
    if allow_none and value == NO_PLAYER:
        return NO_PLAYER
    if value not in (0, 1) or isinstance(value, bool):
        raise RecordError(f"{where} must be 0 or 1, got {shown(value)}")
    return int(value)


def code_id(code: Any, where: str) -> int:
    """Any id of a code (for the cards a position only displays: history, deal, collected)."""
    if not isinstance(code, str) or code not in cards.IDS_BY_CODE:
        raise RecordError(f"{where}: unknown card code {shown(code)}")
    return cards.IDS_BY_CODE[code][0]


def codes(ids: Sequence[int]) -> list[str]:
    code = cards.CODE
    return [code[c] for c in ids]


# -- codecs ----------------------------------------------------------------------------------


class Codec:
    """How one field is written and read under ``key`` (None: the field's name). A key absent
    from the position reads as ``missing`` (or a new ``empty()``), or is refused when
    ``required``."""

    stage: Stage = VALUES
    #: False: another field writes the key, this one only reads it
    writes = True
    #: False: the loader reads it itself (a constructor argument)
    reads = True
    required = False
    missing: Any = None
    #: makes what an absent key reads as, when that is a new empty list or dict
    empty: ClassVar[type | None] = None

    def __init__(self, key: str | None = None) -> None:
        self.key = key

    def write(self, w: Writer, value: Any) -> Any:
        return value

    def read(self, r: Reader, value: Any, where: str) -> Any:
        return value

    def load(self, r: Reader, name: str, key: str, stage: Stage) -> None:
        """Read the field ``name`` of ``r.obj`` if this is its stage."""
        if stage is self.stage:
            setattr(r.obj, name, self.read(r, self.value(r.data, key, r.where), f"{r.where}.{key}"))

    def value(self, data: dict[str, Any], key: str, where: str) -> Any:
        if key in data:
            return data[key]
        if self.required:
            raise RecordError(f"{where}.{key} is missing")
        return self.missing if self.empty is None else self.empty()


class Each(Codec):
    """A pair of values, one per player, each written with ``codec`` in that player's object."""

    def __init__(self, codec: Codec) -> None:
        super().__init__(codec.key)
        self.codec = codec
        self.stage = codec.stage


class Nested(Codec):
    """A record inside this one (the trick being played), or null; its fields are read at their
    own stages, with the state's."""

    def __init__(self, cls: type[Any]) -> None:  # not a bare type: fresh() would be Never
        super().__init__()
        self.cls = cls

    def write(self, w: Writer, value: Any) -> Any:
        return None if value is None else write_record(value, w)

    def load(self, r: Reader, name: str, key: str, stage: Stage) -> None:
        data, where = r.data.get(key), f"{r.where}.{key}"
        if stage is Stage.VALUES:
            if data is not None:
                if not isinstance(data, dict):
                    raise RecordError(f"{where} must be an object or null")
                check_fields(data, keys(self.cls), where)
            setattr(r.obj, name, None if data is None else fresh(self.cls))
        inner = getattr(r.obj, name)
        if inner is not None:
            read_record(r.nested(inner, r.data[key], where), stage)


# -- the loops over a record's declaration ---------------------------------------------------


_CODECS: dict[type, tuple[tuple[str, str, Codec], ...]] = {}


def _codecs(cls: type) -> tuple[tuple[str, str, Codec], ...]:
    """(field, key, codec) for each codec ``cls`` declares, in order."""
    if cls not in _CODECS:
        _CODECS[cls] = tuple(
            (spec.name, codec.key or spec.name, codec) for spec in specs(cls) for codec in spec.pos
        )
    return _CODECS[cls]


def keys(cls: type) -> tuple[str, ...]:
    """The keys of a position object of ``cls``, in the order written (the players' object
    where the first field of each player is)."""
    found: dict[str, None] = {}
    for _, key, codec in _codecs(cls):
        found[PLAYERS if isinstance(codec, Each) else key] = None
    return tuple(found)


def player_keys(cls: type) -> tuple[str, ...]:
    """The keys of each player's object."""
    return tuple(key for _, key, codec in _codecs(cls) if isinstance(codec, Each))


def write_record(obj: Any, w: Writer) -> dict[str, Any]:
    """The position object of a record: each field its codec writes, in declaration order."""
    out: dict[str, Any] = {}
    for name, key, codec in _codecs(type(obj)):
        if not codec.writes:
            continue
        value = getattr(obj, name)
        if isinstance(codec, Each):
            players = out.setdefault(PLAYERS, [{}, {}])
            for p in (0, 1):
                players[p][key] = codec.codec.write(w, value[p])
        else:
            out[key] = codec.write(w, value)
    return out


class _Players(NamedTuple):
    """The players' fields read at one stage, (field, key, codec) each."""

    fields: tuple[tuple[str, str, Codec], ...]


_READING: dict[tuple[type, Stage], tuple[tuple[str, str, Codec] | _Players, ...]] = {}


def _reading(cls: type, stage: Stage) -> tuple[tuple[str, str, Codec] | _Players, ...]:
    """What reading a record of ``cls`` at ``stage`` does, in declaration order: the fields of
    the stage (and the nested records, read at every stage), the players' fields where the
    first of them is declared."""
    if (cls, stage) not in _READING:
        steps: list[tuple[str, str, Codec] | _Players] = []
        each = _Players(
            tuple(
                (name, key, codec.codec)
                for name, key, codec in _codecs(cls)
                if isinstance(codec, Each) and codec.stage is stage
            )
        )
        for entry in _codecs(cls):
            codec = entry[2]
            if not codec.reads:
                continue
            if isinstance(codec, Each):
                if each.fields and each not in steps:
                    steps.append(each)
            elif codec.stage is stage or isinstance(codec, Nested):
                steps.append(entry)
        _READING[cls, stage] = tuple(steps)
    return _READING[cls, stage]


def read_record(r: Reader, stage: Stage) -> None:
    """Read the fields of ``r.obj`` that are read at ``stage``, in declaration order; the
    players' fields player by player, where the first of them is declared."""
    cls = type(r.obj)
    for step in _reading(cls, stage):
        if not isinstance(step, _Players):
            name, key, codec = step
            codec.load(r, name, key, stage)
            continue
        players = r.players(player_keys(cls))
        for p, pdata in enumerate(players):
            pr = r.nested(r.obj, pdata, f"{r.where}.{PLAYERS}[{p}]")
            for name, key, codec in step.fields:
                value = codec.value(pdata, key, pr.where)
                getattr(r.obj, name)[p] = codec.read(pr, value, f"{pr.where}.{key}")
