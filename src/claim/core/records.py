"""Game records (``shared/spec/records.md``): parsing, validation, writing and replay.

A record pins down a whole game: the setup, the deal (or a seed, or a saved position) and the
moves. Every problem in a record raises :class:`~claim.core.errors.RecordError` with a one-line
message naming the field; an illegal move raises :class:`~claim.core.errors.IllegalMove` naming its
position.

A record is read in one pass (:func:`_read`), each field once: this module reads the record's own
fields (format, seed, chance, moves), :mod:`claim.core.notation` its setup and its deal,
:mod:`claim.core.positions` a saved position, and GameConfig checks what the setup means
(``tests/test_record_one_pass.py`` counts the reads).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypedDict, cast

from claim.core import cards
from claim.core.engine import apply, legal_actions, start_game
from claim.core.errors import IllegalMove, RecordError
from claim.core.errors import shown as _shorten
from claim.core.game import new_game
from claim.core.notation import check_fields, parse_setup, read_deal, read_setup_draws
from claim.core.old_moves import upgrade_move
from claim.core.positions import load_position
from claim.core.setup import (
    DECK_SIZE,
    SEED_LIMIT,
    draw_extras,
)
from claim.core.state import State, chance_seed_for

FORMAT = "claim/1"


class _RecordOptions(TypedDict, total=False):
    """The fields of a :class:`Record` written only when they apply (a base class of their own:
    ``NotRequired`` is not readable at run time under ``from __future__ import annotations``)."""

    setup: dict[str, Any]
    deal: dict[str, Any]
    #: instead of setup and deal: a saved position (``State.to_dict``), for a determinized state
    position: dict[str, Any]
    seed: int
    #: the random outcomes drawn so far (H11, A40)
    chance: list[str]
    #: the moves made after the player asked for a hint (issue 39), by index into ``moves``
    hinted: list[int]


class Record(_RecordOptions):
    """A record as :func:`to_record` writes it (docs/records.md). JSON, so a plain dict at run
    time; a record read from elsewhere is checked by :func:`initial_state`, not by this type."""

    format: str
    moves: list[str]


#: the fields of a record (docs/records.md; its ``setup`` and ``deal``: claim.core.notation); any
#: other field is refused (a misspelled one would otherwise replay another game), except
#: annotations (``x-…``)
RECORD_FIELDS = ("format", "setup", "deal", "position", "seed", "moves", "chance", "hinted")
#: every number a record holds is an integer of at most 64 bits in magnitude, as its seed is
NUMBER_LIMIT = SEED_LIMIT
#: numbers in a record have at most this many digits: larger ones are refused while parsing,
#: before Python's int/str conversion limit (4,300 digits) or any later stage can choke on them
MAX_DIGITS = 20
#: how deeply a record's JSON may nest (a position needs 6 levels)
MAX_DEPTH = 32
#: the most ``chance`` entries a record may hold: a random outcome is drawn when a card is
#: played (a hero's or a faction's power), an artifact is used, or the Pit empties at the end
#: (two), so a game draws fewer than two per card of the deck. A record's entries may script
#: draws after its moves (scenario tests do), so the bound is the game's, not the moves'
MAX_CHANCE = 2 * DECK_SIZE
#: the most bytes of a record file read (a game's record is a few KiB): a bound against
#: ``/dev/zero`` or a huge file, refused in one line instead of filling the memory
MAX_RECORD_BYTES = 4 * 2**20


class _BadNumber(Exception):
    """A number a record cannot hold (raised from inside ``json.loads``)."""


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _BadNumber(f"a number of {digits} digits (at most {MAX_DIGITS})")
    return int(text)


def _parse_constant(text: str) -> Any:
    raise _BadNumber(f"{text} is not a number JSON allows")


def parse_json(text: str, source: str) -> Any:
    """Parse a record's JSON text, turning every failure into a one-line RecordError naming
    ``source``: bad syntax, nesting deeper than MAX_DEPTH, numbers too large or not finite."""
    try:
        data = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{source} is not valid JSON: {exc.msg} (line {exc.lineno})") from None
    except RecursionError:
        raise RecordError(
            f"{source}: JSON nested too deeply (at most {MAX_DEPTH} levels)"
        ) from None
    except _BadNumber as exc:
        raise RecordError(f"{source}: {exc}") from None
    except ValueError as exc:  # anything else json refuses (e.g. a huge float literal)
        raise RecordError(f"{source} is not valid JSON: {_shorten(str(exc))}") from None
    check_values(data, "record")
    return data


def read_json(path: str | Path) -> Any:
    """Read a JSON file, turning every failure into a one-line RecordError; at most
    MAX_RECORD_BYTES are read (``/dev/zero`` or a huge file is refused, not read whole)."""
    try:
        with Path(path).open("rb") as file:
            raw = file.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    check_size(raw, str(path))
    return parse_json(decode_text(raw, str(path)), str(path))


def check_size(raw: bytes, source: str) -> None:
    """A one-line RecordError when ``raw`` (read with a bound of MAX_RECORD_BYTES + 1) is
    past MAX_RECORD_BYTES."""
    if len(raw) > MAX_RECORD_BYTES:
        raise RecordError(
            f"{source} is not a record: it is over {MAX_RECORD_BYTES // 2**20} MiB "
            "(a game's record is a few KiB)"
        )


def decode_text(raw: bytes, source: str) -> str:
    """UTF-8 text (a BOM is allowed), or a one-line RecordError naming the first bad byte."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RecordError(
            f"{source} is not a JSON record (not UTF-8 text: byte {exc.start} is "
            f"0x{raw[exc.start]:02x})"
        ) from None


def check_values(data: Any, where: str) -> None:
    """Refuse JSON that later stages could choke on, naming the field: nesting deeper than
    MAX_DEPTH, integers beyond 64 bits, numbers that are not finite, keys that are not strings.
    Iterative, so it cannot overflow the stack itself."""
    stack: list[tuple[Any, str, int]] = [(data, where, 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, bool) or value is None or isinstance(value, str):
            continue
        if isinstance(value, int):
            if not -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
                raise RecordError(f"{path}: the number is out of range (at most 64 bits)")
            continue
        if isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                raise RecordError(f"{path}: not a finite number")
            continue
        if depth >= MAX_DEPTH:
            raise RecordError(f"{path}: nested too deeply (at most {MAX_DEPTH} levels)")
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise RecordError(f"{path}: field names must be strings, got {_shorten(key)}")
                stack.append((item, f"{path}.{key}", depth + 1))
        elif isinstance(value, (list, tuple)):
            stack.extend((item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value))
        else:
            raise RecordError(f"{path}: not a JSON value ({type(value).__name__})")


def _parse_seed(record: dict[str, Any]) -> int | None:
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(f"seed must be an integer, got {_shorten(seed)}")
    return seed  # its range: check_values, for every number of the record


def _parse_moves(record: dict[str, Any]) -> list[str]:
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise RecordError("moves must be a list of move strings")
    for i, move in enumerate(moves):
        if not isinstance(move, str):
            raise RecordError(f"moves[{i}] must be a move string, got {_shorten(move)}")
    return moves


def _parse_chance(record: dict[str, Any]) -> list[str]:
    """``chance``: a list of card codes (H11, A40), each checked to be a known code."""
    chance = record.get("chance", [])
    if not isinstance(chance, list):
        raise RecordError("chance must be a list of card codes")
    if len(chance) > MAX_CHANCE:
        raise RecordError(
            f"chance has {len(chance):,} entries; a game draws at most {MAX_CHANCE} (H11, A40)"
        )
    for i, code in enumerate(chance):
        if not isinstance(code, str):
            raise RecordError(f"chance[{i}] must be a card code string, got {_shorten(code)}")
        if code not in cards.IDS_BY_CODE:
            raise RecordError(f"chance[{i}]: unknown card code {_shorten(code)}")
    return chance


def _parse_hinted(record: dict[str, Any], moves: int) -> list[int]:
    """``hinted`` (issue 39): the indices of the moves made after a hint, in increasing order,
    each a move of the record. It changes nothing in the game: a replay checks it and goes on."""
    hinted = record.get("hinted", [])
    if not isinstance(hinted, list):
        raise RecordError("hinted must be a list of move indices")
    last = -1
    for i, ply in enumerate(hinted):
        if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply < moves:
            raise RecordError(
                f"hinted[{i}] must be the index of one of the {moves} moves, got {_shorten(ply)}"
            )
        if ply <= last:
            raise RecordError(f"hinted[{i}]: the indices must increase, got {ply} after {last}")
        last = ply
    return hinted


def hinted(record: Any) -> list[int]:
    """The moves of ``record`` made after a hint (issue 39): its ``hinted`` field, checked, or
    none. A bad record raises the one-line RecordError reading it would."""
    return _read(record)[2]


def initial_state(record: Any) -> State:
    """The state a record starts from (its deal, its position, or a deal from its seed)."""
    return _read(record)[0]


def _read(record: Any) -> tuple[State, list[str], list[int]]:
    """A record read in one pass: each field parsed and checked once, in the order the messages
    have always named them; the starting state and the moves to replay from it."""
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    check_values(record, "record")  # read_json did for a file; a record built in Python too
    check_fields(record, RECORD_FIELDS, "record")
    fmt = record.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, got {_shorten(fmt)}")
    seed = _parse_seed(record)
    chance = _parse_chance(record)
    moves = _parse_moves(record)
    marked = _parse_hinted(record, len(moves))
    state = _starting_state(record, seed)
    # H11: random outcomes come from the record's chance list first (a position carries its own)
    state.scripted = (*state.chance, *chance)
    return state, moves, marked


def _starting_state(record: dict[str, Any], seed: int | None) -> State:
    if "position" in record:
        state = load_position(record["position"], where="position")
        if "setup" in record and parse_setup(record["setup"]) != state.config:
            raise RecordError("setup: does not match position.setup")
        return state
    config = parse_setup(record.get("setup"))
    deal = record.get("deal")
    if deal is None:
        if seed is None:
            raise RecordError("a record needs a deal, a position or a seed")
        return new_game(config, seed)
    hands, deck, unused = read_deal(deal, config)
    toxics, pile = read_setup_draws(record.get("setup") or {}, config)
    rng = random.Random(seed if seed is not None else 0)
    draws = draw_extras(config.factions, rng, unused, toxics, pile)
    state = start_game(config, hands, deck, chance_seed_for(seed), draws)
    state.seed = seed
    return state


def replay(record: Any, upto: int | None = None) -> State:
    """Replay a record (its first ``upto`` moves, or all); illegal moves name their position."""
    state, moves, _ = _read(record)
    if upto is not None:
        moves = moves[:upto]
    for i, move in enumerate(moves):
        try:
            apply(state, upgrade_move(state, move, f"moves[{i}]"))  # old spellings (W14)
        except IllegalMove:
            legal = legal_actions(state)
            if not legal:
                raise IllegalMove(
                    f"moves[{i}]: {_shorten(move)} comes after the end of the game"
                ) from None
            raise IllegalMove(
                f"moves[{i}]: illegal move {_shorten(move)}; legal moves: {', '.join(legal)}"
            ) from None
    return state


def hinted_moves(hinted: Iterable[int], moves: int) -> list[int]:
    """A record's ``hinted`` (issue 39) for a game of ``moves`` moves: the indices of the moves
    made after a hint, in order; a hint asked for a move not made yet is left out."""
    return sorted(ply for ply in hinted if ply < moves)


def to_record(state: State, hinted: Iterable[int] = ()) -> Record:
    """The self-contained record of a game so far: setup, explicit deal, moves, chance, and the
    moves made after a hint (``hinted``, :func:`hinted_moves`; no field when there is none).

    A state with no starting deal (a determinized one) is written as its position instead.
    """
    if not state.deal[0]:
        return {"format": FORMAT, "position": state.to_dict(), "moves": []}
    # cast: the moves come after the seed in the JSON, so the literal does not hold them yet
    record = cast(
        Record, {"format": FORMAT, "setup": state.setup_codes(), "deal": state.deal_codes()}
    )
    if state.seed is not None:
        record["seed"] = state.seed
    record["moves"] = list(state.moves)
    if state.chance:
        record["chance"] = list(state.chance)
    made = hinted_moves(hinted, len(state.moves))
    if made:
        record["hinted"] = made
    return record


def dumps(data: Any) -> str:
    """JSON as the project writes it: indented, stable key order, a final newline."""
    return json.dumps(data, indent=1) + "\n"
