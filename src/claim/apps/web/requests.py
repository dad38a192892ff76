"""The requests the web server reads, parsed and checked before anything else sees them: a new
game's ``POST /api/games`` body (its options, seed, seats and names), the check of a chosen seed,
a socket's messages, and the one-line errors a request or a socket is refused with.

Nothing here holds a game or touches the database, so the game (:mod:`claim.apps.web.session`),
the manager (:mod:`claim.apps.web.manager`), the quotas and the app all read it from below.
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from typing import Any

from claim.bots import normalize
from claim.core import cards
from claim.core.errors import ClaimError
from claim.core.options import SetupOptions
from claim.core.setup import SEED_LIMIT

#: the longest message a client may send (a move is a few dozen characters)
MAX_MESSAGE = 4096
#: the seat kinds a new game gets when the request names none
DEFAULT_SEATS = ("human", "bot:heuristic")
#: the most digits a number in a request or a message may have (no field needs more; Python
#: refuses to read an int of more than 4,300)
MAX_DIGITS = 100
#: the longest value of an option (all 24 heroes with their values take about 450)
MAX_OPTION = 1000
#: the largest seed a new game may ask for: a record's (docs/records.md)
MAX_SEED = SEED_LIMIT

OPTION_FIELDS = tuple(f.name for f in dataclasses.fields(SetupOptions))


class ApiError(ClaimError):
    """A request refused with an HTTP status and a one-line message."""

    status = 400

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        if status is not None:
            self.status = status


class StaleMove(ClaimError):
    """A move made at a version the game has left (another socket or process moved first)."""


class Refused(ClaimError):
    """A WebSocket refused: the one-line message is sent, then the socket closed with ``code``
    (4003: wrong seat or token, 4004: unknown game)."""

    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def shorten(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters for a one-line message (what a client sent may be
    megabytes long)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _json_int(text: str) -> int:
    if len(text) > MAX_DIGITS + 1:  # + 1: a minus sign
        raise ValueError(f"a number has more than {MAX_DIGITS} digits")
    return int(text)


def read_json(raw: str | bytes) -> Any:
    """A request's JSON; a one-line ValueError when it is not JSON, nests too deeply or has a
    number too long to read."""
    try:
        return json.loads(raw, parse_int=_json_int)
    except json.JSONDecodeError:
        raise ValueError("not valid JSON") from None
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None
    except RecursionError:
        raise ValueError("nested too deeply") from None


def error_message(message: str) -> str:
    return json.dumps({"type": "error", "message": message})


# -------------------------------------------------------------------------------------------------
# New games: the request
# -------------------------------------------------------------------------------------------------


def _whole_number(value: Any) -> int | None:
    """A JSON integer, or a string of ASCII digits (at most 30 of them: Python refuses to read
    thousands of digits, and no option needs that many), as an int; anything else None."""
    if isinstance(value, str):
        text = value.strip()
        if text.isascii() and text.isdigit() and len(text) <= 30:
            return int(text)
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


def parse_seat(index: int, kind: Any) -> str:
    """A seat kind as stored: ``human`` or ``bot:NAME:STRENGTH`` (``bot`` alone: the heuristic
    bot); an unknown bot raises ApiError naming the seat."""
    if not isinstance(kind, str):
        raise ApiError(f'seats[{index}]: must be "human" or "bot:NAME[:STRENGTH]"')
    text = kind.strip().lower()
    if text == "human":
        return text
    name, _, spec = text.partition(":")
    if name != "bot" or len(text) > 60:  # the longest is bot:search:200+aware+flat+noshare+nostop
        raise ApiError(
            f'seats[{index}]: must be "human" or "bot:NAME[:STRENGTH]", not {shorten(kind)!r}'
        )
    try:
        return f"bot:{normalize(spec or 'heuristic')}"
    except ClaimError as exc:
        raise ApiError(f"seats[{index}]: {exc}") from None


def parse_options(data: Any) -> SetupOptions:
    """The ``options`` object of a new game as :class:`SetupOptions` (missing keys: defaults);
    a wrong key or type raises ApiError naming the option."""
    if data is None:
        return SetupOptions()
    if not isinstance(data, dict):
        raise ApiError("options: must be an object")
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key not in OPTION_FIELDS:
            raise ApiError(
                f"options: unknown option {shorten(str(key))!r}; "
                f"options are: {', '.join(OPTION_FIELDS)}"
            )
        if value is None:
            continue  # the default
        if key == "hero_count":
            value = _whole_number(value)
            if value is None or value < 0:
                raise ApiError(f"{_flag(key)}: must be a whole number 0 or more, or null")
        elif isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        elif not isinstance(value, str):
            raise ApiError(f"{_flag(key)}: must be a string")
        elif len(value) > MAX_OPTION:
            raise ApiError(f"{_flag(key)}: must be at most {MAX_OPTION} characters")
        values[key] = value
    return SetupOptions(**values)


#: the longest display name a seat may have
MAX_NAME = 24


def parse_names(value: Any) -> list[str | None]:
    """The ``names`` of a new game: two display names (each a string of 1 to :data:`MAX_NAME`
    printable characters, spaces at the ends dropped) or null; null or missing: none."""
    if value is None:
        return [None, None]
    if not isinstance(value, list) or len(value) != 2:
        raise ApiError("names: must be a list of two names (or null for none)")
    names: list[str | None] = []
    for i, name in enumerate(value):
        if name is None:
            names.append(None)
            continue
        if not isinstance(name, str):
            raise ApiError(f"names[{i}]: must be a string or null")
        name = " ".join(name.split())  # no line breaks or runs of spaces in a label
        if not name:
            names.append(None)
        elif len(name) > MAX_NAME:
            raise ApiError(f"names[{i}]: at most {MAX_NAME} characters")
        elif not name.isprintable():
            raise ApiError(f"names[{i}]: only printable characters")
        else:
            names.append(name)
    return names


def parse_new_game(body: Any) -> tuple[SetupOptions, int | None, list[str], list[str | None]]:
    """Options, seed, seat kinds and display names of a ``POST /api/games`` body."""
    if not isinstance(body, dict):
        raise ApiError("the body must be a JSON object")
    for key in body:
        if key not in ("options", "seed", "seats", "names"):
            raise ApiError(
                f"unknown field {shorten(str(key))!r}; fields are: options, seed, seats, names"
            )
    options = parse_options(body.get("options"))
    seed = body.get("seed")
    if seed is not None:
        seed = _whole_number(seed)
        if seed is None or not 0 <= seed <= MAX_SEED:
            raise ApiError("--seed: must be a whole number from 0 to 2**64 - 1, or null")
    seats = body.get("seats")
    if seats is None:
        seats = list(DEFAULT_SEATS)
    if not isinstance(seats, list) or len(seats) != 2:
        raise ApiError("seats: must be a list of two seats")
    kinds = [parse_seat(i, kind) for i, kind in enumerate(seats)]
    return options, seed, kinds, parse_names(body.get("names"))


def check_chosen_seed(seed: int | None, seats: list[str], chosen_deals: bool) -> None:
    """Refuse a chosen seed for a game between two people (issue 35): the seed rebuilds the
    deal, so whoever chose it would know the friend's hand. Such a game is dealt from a fresh
    secret seed; a seed may be chosen against a bot (practice: the table says it is a chosen
    deal). ``chosen_deals``: the operator's ``claim serve --chosen-deals`` (tests, or events that
    publish their deals), which allows it, the table still telling both players."""
    if seed is not None and not chosen_deals and all(kind == "human" for kind in seats):
        raise ApiError(
            "seed: a game between two people is dealt from a fresh secret seed (a chosen seed "
            "would tell its creator the other player's hand); choose a seed only against a bot",
            403,
        )


# -------------------------------------------------------------------------------------------------
# A socket's messages
# -------------------------------------------------------------------------------------------------


#: what a game id may look like (``secrets.token_urlsafe``): anything else is unknown at once
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


def _plausible(game_id: str) -> bool:
    return GAME_ID.fullmatch(game_id) is not None


@dataclass(frozen=True)
class MoveMessage:
    """``{"type": "move", "move": MOVE, "version": V}``: play MOVE at version V."""

    move: str
    version: int


@dataclass(frozen=True)
class AskMessage:
    """``{"type": "ask", "never": [ARTIFACT, ...], "all": BOOL}``: the artifacts not to be asked
    about again this game, and whether to ask at every artifact window (issue 18)."""

    never: frozenset[str]
    ask_all: bool


@dataclass(frozen=True)
class HintMessage:
    """``{"type": "hint"}``: the seat to move asks the search for a hint on its decision
    (issue 39); answered to that socket alone (docs/web.md)."""


MOVE_SHAPE = 'expected {"type": "move", "move": MOVE, "version": V}'
ASK_SHAPE = 'expected {"type": "ask", "never": [ARTIFACT, ...], "all": true or false}'


def parse_message(text: str | None) -> MoveMessage | AskMessage | HintMessage:
    """A socket's message, or a one-line ClaimError (``malformed message: …``)."""
    if text is None:
        raise ClaimError("malformed message: send JSON text, not bytes")
    if len(text) > MAX_MESSAGE:
        raise ClaimError(f"malformed message: longer than {MAX_MESSAGE} characters")
    try:
        data = read_json(text)
    except ValueError as exc:
        raise ClaimError(f"malformed message: {exc}") from None
    if not isinstance(data, dict):
        raise ClaimError(f"malformed message: {MOVE_SHAPE}")
    kind = data.get("type")
    if kind == "ask":
        return _ask_message(data)
    if kind == "hint":
        if set(data) != {"type"}:
            raise ClaimError('malformed message: expected {"type": "hint"}')
        return HintMessage()
    if kind != "move":
        what = shorten(str(kind)) if isinstance(kind, str) else None
        raise ClaimError(
            f"malformed message: unknown type {what!r}"
            if what
            else f"malformed message: {MOVE_SHAPE}"
        )
    move = data.get("move")
    version = data.get("version")
    if not isinstance(move, str) or not isinstance(version, int) or isinstance(version, bool):
        raise ClaimError(f"malformed message: {MOVE_SHAPE}")
    return MoveMessage(move, version)


def _ask_message(data: dict[str, Any]) -> AskMessage:
    never = data.get("never", [])
    ask_all = data.get("all", False)
    if not isinstance(never, list) or not isinstance(ask_all, bool):
        raise ClaimError(f"malformed message: {ASK_SHAPE}")
    for name in never:
        if not isinstance(name, str) or name not in cards.ARTIFACTS:
            what = shorten(name) if isinstance(name, str) else shorten(json.dumps(name))
            raise ClaimError(f"malformed message: {what!r} is not an artifact")
    return AskMessage(frozenset(never), ask_all)
