"""The authoritative game manager behind ``claim serve``.

The server holds every game's true state and seed; clients only ever receive what their seat may
know (RULES.md §10):

- a seat gets ``observe(state, seat)``, its legal moves when it is to act, and the lines of a
  :class:`~claim.text.account.Narrator` that follows the game for that seat;
- a spectator gets ``spectate(state)`` and a spectator's Narrator lines;
- nobody gets the state, the seed, the record (until the game is over) or a token.

Every move is checked (seat, version, legality) before the engine sees it, saved with its record
and position in one transaction (:meth:`claim.apps.web.store.Store.save_move`), and only then
broadcast to the game's sockets, one ``state`` message each. Bots move on the server, each move
its own message. All access to a game (moves, sends to its sockets) holds the game's lock, so a
game's messages go out in order and a socket is never written from two tasks at once.

Many server processes may share one database (docs/web.md, "Many processes"): with a broker
(:mod:`claim.apps.web.broker`) each process publishes the moves it saved, and every process that
holds the game applies them to its copy and sends its own sockets their views. The database stays
the truth: a move is saved only at the version it was made at (a process whose copy was behind
loses the race, catches up from the database and refuses the move as stale), a socket that joins
catches the game up first, and each bot move is made by the one process that holds its lease
(a dead process's bot games are taken over by the others' sweep).

The transport is abstract: a client is a ``send(text)`` coroutine (a WebSocket's ``send_text``
in :mod:`claim.apps.web.app`), so the rules here are tested without a network.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import hashlib
import hmac
import json
import logging
import os
import random
import re
import secrets
import socket
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Any, TypeVar, cast

from claim.apps.web.store import (
    FINISHED,
    IN_PROGRESS,
    Conflict,
    Store,
    StoredGame,
    Summary,
    now,
)
from claim.apps.web.workers import WorkPool, bot_move, uses_workers
from claim.bots import Bot, decide, make_bot
from claim.core import cards, engine
from claim.core.engine import apply, apply_events, current_player, is_over, legal_actions
from claim.core.errors import ClaimError
from claim.core.events import Event
from claim.core.game import new_game
from claim.core.options import SetupOptions
from claim.core.positions import load_position
from claim.core.records import Record, initial_state, replay, to_record
from claim.core.setup import SEED_BITS, SEED_LIMIT
from claim.core.state import State
from claim.core.unseen import Unseen, hidden_from
from claim.core.view import SPECTATOR, observe, report, spectate
from claim.core.view_types import View
from claim.text.account import (
    CHOSEN_DEAL_LINE,
    Names,
    Narrator,
    Pending,
    faction_titles,
    named,
    seed_end_line,
    setup_lines,
    table_setup_lines,
)
from claim.text.artifact_prompts import WINDOWS, offered, skipped_line, unasked
from claim.text.describe import asked, move_text, move_words, prompt_text

if TYPE_CHECKING:
    from claim.apps.web.broker import Lease, RedisBroker
    from claim.apps.web.quotas import Quotas

logger = logging.getLogger("claim.apps.web")

T = TypeVar("T")

Send = Callable[[str], Awaitable[None]]

#: the longest message a client may send (a move is a few dozen characters)
MAX_MESSAGE = 4096
#: how long one send to a socket may take before the socket is dropped
SEND_TIMEOUT = 10.0
#: the seat kinds a new game gets when the request names none
DEFAULT_SEATS = ("human", "bot:heuristic")
#: how the web table asks for a follow: it highlights the legal cards of the hand
WEB_FOLLOW = "play one of the highlighted cards"
#: how the web table's player asks again at every artifact window (the skipped window's note)
WEB_ASK_ALL = "tick “Ask at every artifact window” to see them all"
#: the most digits a number in a request or a message may have (no field needs more; Python
#: refuses to read an int of more than 4,300)
MAX_DIGITS = 100
#: the longest value of an option (all 24 heroes with their values take about 450)
MAX_OPTION = 1000
#: the largest seed a new game may ask for: a record's (docs/records.md)
MAX_SEED = SEED_LIMIT
#: the key of a game's stored options that says its deal was chosen (a seed given when it was
#: created, against a bot only: issue 35); absent from a game dealt from a fresh secret seed
CHOSEN_SEED = "chosen_seed"
#: the viewers whose moves :class:`~claim.core.unseen.Unseen` counts: the two seats, spectators
VIEWERS = (0, 1, SPECTATOR)
#: the most messages a socket may send while a decision hidden from it is pending (they wait for
#: it, issue 35); more are dropped
MAX_WAITING = 64
#: how many finished games' replays are kept in memory
REPLAY_CACHE = 16
#: the position is saved with every this many moves (and the last one); the record, saved with
#: every move, holds the moves after it
POSITION_EVERY = 16
#: with a broker: how often (in seconds, on average) each process looks in the database for
#: games whose bot is to move and that no move changed for :data:`SWEEP_GRACE` seconds (the
#: process playing that bot may have died: whoever takes its lease plays on)
SWEEP_EVERY = 2.0
SWEEP_GRACE = 2.0

OPTION_FIELDS = tuple(f.name for f in dataclasses.fields(SetupOptions))
#: the messages' JSON: compact, as ``json.dumps(..., separators=(",", ":"))`` writes it, without
#: the check for circular references (a view is a tree of plain values)
COMPACT = json.JSONEncoder(separators=(",", ":"), check_circular=False)
_C_ENCODER = getattr(json.encoder, "c_make_encoder", None)  # None without the C accelerator


def compact(value: Any) -> str:
    """``COMPACT.encode(value)``: the same text, from an encoder made once (``encode`` makes
    one for every call)."""
    return "".join(_ENCODE(value, 0)) if _ENCODE is not None else COMPACT.encode(value)


_ENCODE = (
    _C_ENCODER(
        None,
        COMPACT.default,
        json.encoder.encode_basestring_ascii,
        None,
        ":",
        ",",
        False,
        False,
        True,
    )
    if _C_ENCODER is not None
    else None
)

#: the parts of a view whose JSON is written again for every move (Game.view): the result
#: (once, at the end) and the counters (a counter's value may be a bool, equal to 1 or 0)
UNKEPT_PARTS = frozenset({"result", "counters"})
#: the parts of a view kept item by item: each trick of the history (public: shared by every
#: viewer) and each player
ITEM_PARTS = frozenset({"tricks", "players"})
#: each key of a view as JSON
KEY_TEXTS = {key: f"{compact(key)}" for key in View.__annotations__}


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


def hash_token(token: str) -> str:
    """The stored form of a seat token: SHA-256, hex (a token is 192 random bits, so a plain
    hash is enough; the token itself is never stored)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(expected: str | None, token: str) -> bool:
    """Whether ``token`` is the one whose hash is ``expected`` (a seat's); False for a bot seat
    (``expected`` None). Constant time whatever the seat: a bot seat compares against a hash no
    token has."""
    given = hash_token(token)
    ok = hmac.compare_digest(given, expected or "0" * len(given))
    return ok and expected is not None


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
    if name != "bot" or len(text) > 40:  # the longest is bot:heuristic:medium
        raise ApiError(
            f'seats[{index}]: must be "human" or "bot:NAME[:STRENGTH]", not {shorten(kind)!r}'
        )
    spec = spec or "heuristic"
    try:
        make_bot(spec, 0)
    except ClaimError as exc:
        raise ApiError(f"seats[{index}]: {exc}") from None
    bot, _, strength = spec.partition(":")
    if bot == "search" and not strength:
        spec = "search:medium"
    return f"bot:{spec}"


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
# A game in memory
# -------------------------------------------------------------------------------------------------


@dataclass(eq=False)
class Client:
    """One socket: a seat (0, 1) or a spectator (None), and how many of its viewer's log lines
    it has been sent."""

    send: Send
    seat: int | None
    told: int = 0
    closed: bool = False
    #: the artifacts this socket's player said not to be asked about again this game, and
    #: whether they want every artifact window asked (an ``ask`` message sets both, issue 18)
    never: frozenset[str] = frozenset()
    ask_all: bool = False
    #: the version (its viewer's, :meth:`Game.known_version`) of the last state message sent to
    #: it; None: none yet (it joined while a decision hidden from it was pending, issue 35)
    version: int | None = None
    #: what it sent while a decision hidden from its viewer was pending: answered, in order, once
    #: that decision is made (claim.core.unseen), as if it had come just then
    waiting: list[str | None] = field(default_factory=list)

    @property
    def viewer(self) -> int:
        return SPECTATOR if self.seat is None else self.seat


@dataclass(eq=False)
class Game:
    """A game the server holds: the true state, its seats and the sockets watching it."""

    id: str
    created: Any
    options: dict[str, Any]
    seats: list[str]
    token_hashes: list[str | None]
    bot_seeds: list[int | None]
    state: State
    #: each seat's display name, or None (the log then says "player 0", "your opponent"…)
    display: list[str | None] = field(default_factory=lambda: [None, None])
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: list[Client] = field(default_factory=list)
    #: one Narrator per viewer that has connected (0, 1, SPECTATOR); once it has caught up with
    #: the game it follows :attr:`state` itself, told each move's events (:meth:`tell_move`)
    narrators: dict[int, Narrator] = field(default_factory=dict)
    #: every line told to each viewer so far (its intro, then each move's)
    logs: dict[int, list[str]] = field(default_factory=dict)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    #: each viewer's view of the current version and its JSON, computed once per move
    views: dict[int, View] = field(default_factory=dict)
    view_texts: dict[int, str] = field(default_factory=dict)
    #: the JSON of the views' parts (:meth:`view`), with the value each was written from:
    #: each trick of the history (any viewer's), and each viewer's parts
    trick_texts: list[tuple[Any, str]] = field(default_factory=list)
    view_parts: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: the events of the move being applied, until every narrator is told them
    events: list[Event] = field(default_factory=list)
    #: the record's JSON as ``json.dumps(to_record(state))`` writes it, kept in parts (see
    #: :meth:`record_json`): the text before the moves, and each move and chance entry
    record_head: str | None = None
    record_moves: list[str] = field(default_factory=list)
    record_chance: list[str] = field(default_factory=list)
    #: how many moves each viewer may not know were made (claim.core.unseen, issue 35); None:
    #: counted again from the record when next needed (a game loaded or reloaded)
    unseen: Unseen | None = None

    @property
    def version(self) -> int:
        """The true count of moves (the database's, the bots' leases); a socket is sent its
        viewer's :meth:`known_version`."""
        return len(self.state.moves)

    def known_version(self, viewer: int) -> int:
        """The moves ``viewer`` may know were made: a pass at a decision hidden from them
        (claim.core.unseen) is not counted, so the numbers a seat sees are the same whether or
        not the other player was asked there."""
        if self.unseen is None:
            record = to_record(self.state)
            self.unseen = Unseen.of(initial_state(record), record["moves"], VIEWERS)
        return self.unseen.known(self.state, viewer)

    def hidden_from(self, viewer: int) -> bool:
        """Whether the decision pending is one ``viewer`` may not know is asked: they are sent
        nothing and what they send waits until it is made (claim.core.unseen)."""
        return hidden_from(self.state, viewer)

    @property
    def over(self) -> bool:
        return is_over(self.state)

    @property
    def status(self) -> str:
        return FINISHED if self.over else IN_PROGRESS

    def bot_to_act(self) -> int | None:
        """The bot seat to act now, or None (a human's turn, or the game is over)."""
        return bot_seat(self.state, self.seats)

    def names(self, viewer: int) -> Names:
        """How the log names the players for ``viewer``: "you" and "the bot" or "your opponent";
        "player 0" and "player 1" for spectators."""
        shown = self.display
        if viewer == SPECTATOR:
            return Names(tuple(shown[p] or f"player {p}" for p in (0, 1)))
        other = "the bot" if self.seats[1 - viewer].startswith("bot:") else "your opponent"
        other = shown[1 - viewer] or other
        return Names(("you", other) if viewer == 0 else (other, "you"))

    def intro(self, viewer: int) -> list[str]:
        """The first lines of a viewer's log: who plays, the public setup, the viewer's own
        artifacts (never the seed, the deal, which heroes are in, or the other's artifacts)."""
        config = self.state.config
        names = self.names(viewer)

        def label(seat: int) -> str:
            kind = self.seats[seat]
            if kind == "human":
                return "a human player"
            name, _, strength = kind[4:].partition(":")
            return f"the {name} bot ({strength})" if strength else f"the {name} bot"

        if viewer == SPECTATOR:
            lines = [f"You are watching: {names[0]} ({label(0)}) against {names[1]} ({label(1)})."]
        else:
            other = self.seats[1 - viewer]
            against = "another player" if other == "human" else label(1 - viewer)
            name = self.display[1 - viewer]
            lines = [
                f"You are player {viewer}, against {f'{name} ({against})' if name else against}."
            ]
        if self.options.get(CHOSEN_SEED):
            lines.append(CHOSEN_DEAL_LINE)
        lines.append(f"Factions: {faction_titles(config.factions)}.")
        leader = config.first_leader
        verb = "lead" if names[leader] == "you" else "leads"
        lines.append(f"{names[leader][0].upper()}{names[leader][1:]} {verb} the first trick.")
        # SPECTATOR: NO_SEAT; a person reads it: cards by their names (issue 37)
        lines.extend(named(line) for line in table_setup_lines(config, viewer, names))
        return lines

    def narrator(self, viewer: int) -> Narrator:
        """The viewer's Narrator, made on first use: it replays the game so far from its start
        on its own copy, so its log is the same whenever it is made (after a restart too); then
        it follows the game's state itself (:meth:`tell_move`) and reads the viewer's view the
        server sends (:meth:`shown`) instead of making its own."""
        narrator = self.narrators.get(viewer)
        if narrator is None:
            record = to_record(self.state)
            narrator = Narrator(
                initial_state(record), viewer=viewer, names=self.names(viewer), live=True
            )
            self.narrators[viewer] = narrator
            self.logs[viewer] = self.intro(viewer)
            for move in record["moves"]:
                self.tell(viewer, move)
            self.logs[viewer].extend(self.end_lines())
            narrator.state = self.state  # at the same position: one state for all
            narrator.view_source = functools.partial(self.shown, viewer)
        return narrator

    def end_lines(self) -> list[str]:
        """The lines a log ends with once the game is over: the seed, which rebuilds the deal
        and so is told to nobody before (issue 35); none while the game goes on."""
        seed = self.state.seed
        return [seed_end_line(seed)] if self.over and seed is not None else []

    def tell(self, viewer: int, move: str) -> None:
        """Apply ``move`` to the viewer's Narrator, on its own copy of the game (while it catches
        up), and add its lines to the viewer's log (see :meth:`tell_move`)."""
        self.logs[viewer].extend(self.narrators[viewer].apply(move))

    def apply_move(self, move: str) -> dict[int, Pending | Exception]:
        """Apply a legal ``move`` to the state, recorded once for every narrator: what each
        narrator read before it (or why it could not), for :meth:`tell_move`. An exception of
        the engine is raised (the state is then reloaded)."""
        self.known_version(SPECTATOR)  # counted from the record first when not yet
        assert self.unseen is not None
        self.unseen.before(self.state, move)
        pending: dict[int, Pending | Exception] = {}
        for viewer, narrator in self.narrators.items():
            try:
                pending[viewer] = narrator.prepare(move)
            except Exception as exc:  # told as that viewer's log failing (tell_move)
                pending[viewer] = exc
        if pending:
            self.events = apply_events(self.state, move)
        else:
            apply(self.state, move)
            self.events = []
        return pending

    def tell_move(self, pending: dict[int, Pending | Exception]) -> None:
        """Tell every viewer the move just applied (:meth:`apply_move`) from its events, each
        through the viewer's own eyes, and add the lines to the viewer's log as they are: the
        Narrator made for a viewer tells only what the viewer's view shows (the leak sweeps,
        tests/test_web_leaks.py, check every line against the views sent). A narrator that
        fails is made again (its log too: the same lines, from the record)."""
        events = self.events
        self.events = []
        for viewer, narrator in list(self.narrators.items()):
            try:
                read = pending[viewer]
                if isinstance(read, Exception):
                    raise read
                self.logs[viewer].extend(narrator.told(read, events))
                self.logs[viewer].extend(self.end_lines())
            except Exception:  # never lose a game to its log: start that viewer's log again
                logger.exception("game %s: the log of viewer %d failed", self.id, viewer)
                del self.narrators[viewer]
                self.narrator(viewer)
                for client in self.clients:
                    if client.viewer == viewer:
                        client.told = min(client.told, len(self.logs[viewer]))

    def follow(self, state: State) -> None:
        """The game is at ``state`` now (reloaded): its views are forgotten, its narrators
        follow it."""
        self.state = state
        self.forget_views()
        self.unseen = None  # counted again from the record
        self.record_moves.clear()
        self.record_chance.clear()
        for narrator in self.narrators.values():
            narrator.state = state

    def record_json(self) -> str:
        """``json.dumps(to_record(state))``, the text the database keeps, written from parts: the
        setup, deal and seed once per game, each move and chance entry once (a move adds one
        or two), instead of the whole record again after every move."""
        state = self.state
        if not state.deal[0]:  # pragma: no cover - a game of the server always has its deal
            return json.dumps(to_record(state))
        if self.record_head is None:
            record = cast(dict[str, Any], to_record(state))
            record.pop("moves", None)
            record.pop("chance", None)
            self.record_head = json.dumps(record)[:-1]
        _extend_json(self.record_moves, state.moves)
        _extend_json(self.record_chance, state.chance)
        text = f'{self.record_head}, "moves": [{", ".join(self.record_moves)}]'
        if self.record_chance:
            text += f', "chance": [{", ".join(self.record_chance)}]'
        return text + "}"

    def forget_views(self) -> None:
        self.views.clear()
        self.view_texts.clear()

    def shown(self, viewer: int) -> View:
        """The viewer's view of the current version: ``observe(state, seat)``, or
        ``spectate(state)`` for spectators; computed once per move (read-only: it is shared, by
        the viewer's messages and its narrator)."""
        shown = self.views.get(viewer)
        if shown is None:
            shown = spectate(self.state) if viewer == SPECTATOR else observe(self.state, viewer)
            self.views[viewer] = shown
        return shown

    def view(self, viewer: int) -> str:
        """The viewer's view of the current version, as JSON (see :meth:`shown`): the text
        ``COMPACT.encode`` writes, part by part, each part's text kept from one move to the next
        while the part is equal (most of a view does not change in a move; the history of
        tricks, item by item, is the same for every viewer)."""
        text = self.view_texts.get(viewer)
        if text is None:
            kept = self.view_parts.get(viewer)
            if kept is None:
                kept = self.view_parts[viewer] = {}
            parts = []
            # the items as Any: each part's type is the view's, the JSON text is the same
            for key, value in cast(dict[str, Any], self.shown(viewer)).items():
                if not value or key in UNKEPT_PARTS:  # empty, None or 0: as short to write
                    part = compact(value)
                elif key in ITEM_PARTS:
                    items = self.trick_texts if key == "tricks" else kept.setdefault(key, [])
                    part = f"[{','.join(_kept_items(items, value))}]"
                else:
                    last = kept.get(key)
                    if last is not None and last[0] == value:
                        part = last[1]
                    else:
                        part = compact(value)
                        kept[key] = (value, part)
                parts.append(f"{KEY_TEXTS.get(key) or compact(key)}:{part}")
            text = f"{{{','.join(parts)}}}"
            self.view_texts[viewer] = text
        return text

    def message(self, client: Client) -> str:
        """The ``state`` message for ``client``: its view, its legal moves when it is to act,
        the log lines it has not been sent yet."""
        viewer = client.viewer
        self.narrator(viewer)
        log = self.logs[viewer]
        new = log[client.told :]
        client.told = len(log)
        over = self.over
        seat = client.seat
        to_act = seat is not None and not over and current_player(self.state) == seat
        # the seat's own decision, from its view (a card to play: None, as the page expects)
        decision = asked(self.shown(viewer)) if to_act else None
        message: dict[str, Any] = {
            "type": "state",
            "seat": seat,
            "version": self.known_version(viewer),
            "status": self.status,
            "legal": legal_actions(self.state) if to_act else [],
            "log": new,
            "result": dict(self.state.result) if over and self.state.result else None,
        }
        if seat is not None:
            message["decision"] = decision["kind"] if decision is not None else None
        if to_act and seat is not None:
            # the describing layer's words for what the seat is asked (text/describe.py), the
            # same as the terminal's: the browser keeps no copy of them
            message["prompt"] = prompt_text(
                self.shown(viewer), seat, self.names(viewer), decision, follow=WEB_FOLLOW
            )
            # each legal move in plain English with its hint, in the order of `legal`: the table's
            # buttons and clickable cards say these, never the engine's move strings
            message["words"] = move_words(message["legal"])
            if decision is not None and decision["kind"] in WINDOWS:
                self.artifact_window(message, client, decision["kind"])
        client.version = message["version"]
        head = compact(message)
        return f'{head[:-1]},"view":{self.view(viewer)}}}'

    def artifact_window(self, message: dict[str, Any], client: Client, kind: str) -> None:
        """At an artifact window: ``window``, the artifacts it offers (the table's "don't ask
        again" buttons); ``unasked`` and ``unasked_line`` when the player need not be asked
        (each could not matter, or the player said not to ask again: claim.text.artifact_prompts,
        the terminal's rule too); the page then passes for them through the normal path."""
        legal = message["legal"]
        message["window"] = offered(legal)
        if client.ask_all or client.seat is None:
            return
        names = unasked(kind, legal, self.shown(client.viewer), client.seat, client.never)
        if names:
            message["unasked"] = names
            message["unasked_line"] = skipped_line(names, client.never, WEB_ASK_ALL)

    def summary(self) -> dict[str, Any]:
        return summary_dict(
            Summary(
                id=self.id,
                created=self.created,
                options=self.options,
                seats=self.seats,
                status=self.status,
                # while it goes on, the moves anyone may know were made (claim.core.unseen)
                moves=self.version if self.over else self.known_version(SPECTATOR),
                result=self.state.result,
                names=self.display,
            )
        )


def bot_seat(state: State, seats: list[str]) -> int | None:
    """The bot seat to act in ``state``, or None (a human's turn, or the game is over)."""
    if is_over(state):
        return None
    player = current_player(state)
    if player is None or not seats[player].startswith("bot:"):
        return None
    return player


def _stale(game: Game, version: object, viewer: int) -> StaleMove:
    """The error of a move made at ``version``, which the game has left: in the numbers of the
    mover's viewer (:meth:`Game.known_version`)."""
    return StaleMove(
        f"stale move: the game is at version {game.known_version(viewer)}, "
        f"not {shorten(str(version))}"
    )


def summary_dict(summary: Summary) -> dict[str, Any]:
    """A game as the lobby lists it: never a token, the seed or a card."""
    out: dict[str, Any] = {
        "id": summary.id,
        "status": summary.status,
        "seats": list(summary.seats),
        "created": summary.created.isoformat().replace("+00:00", "Z"),
        "moves": summary.moves,
        "options": dict(summary.options),
        "names": list(summary.names),
    }
    if summary.status == FINISHED and summary.result is not None:
        out["result"] = dict(summary.result)
    return out


def _kept_items(kept: list[tuple[Any, str]], values: list[Any]) -> list[str]:
    """The JSON of each item of ``values``: the text kept in ``kept`` for an equal item at the
    same index, else written now (and kept)."""
    for i, value in enumerate(values):
        if i == len(kept):
            kept.append((value, compact(value)))
        elif kept[i][0] != value:
            kept[i] = (value, compact(value))
    return [text for _, text in kept[: len(values)]]


def _extend_json(parts: list[str], values: list[str]) -> None:
    """``parts`` the JSON of each of ``values``: the new ones written (a list that is not a
    continuation of ``values`` is written again)."""
    done = len(parts)
    if done > len(values) or (done and parts[-1] != json.dumps(values[done - 1])):
        parts.clear()
        done = 0
    parts.extend(json.dumps(value) for value in values[done:])


def _bots(seats: list[str], seeds: list[int | None]) -> dict[int, Bot]:
    return {
        seat: make_bot(kind[4:], seeds[seat])
        for seat, kind in enumerate(seats)
        if kind.startswith("bot:")
    }


def _load_state(stored: StoredGame) -> State:
    """The saved position with the record's moves after it (the position is saved every
    :data:`POSITION_EVERY` moves); if it cannot be read (an older engine wrote it), the
    record."""
    try:
        state = load_position(stored.position)
        done = len(state.moves)
        moves = stored.record.get("moves", [])
        if done == stored.moves:
            return state
        if done < stored.moves == len(moves) and state.moves == moves[:done]:
            for move in moves[done:]:
                engine.apply(state, move)
            return state
        logger.warning("game %s: the position is not at move %d", stored.id, stored.moves)
    except Exception as exc:  # a position an older engine wrote: the record still replays
        logger.warning("game %s: cannot load the position (%s); replaying", stored.id, exc)
    return replay(stored.record)


def game_from_stored(stored: StoredGame) -> Game:
    return Game(
        id=stored.id,
        created=stored.created,
        options=stored.options,
        seats=stored.seats,
        token_hashes=stored.token_hashes,
        bot_seeds=stored.bot_seeds,
        state=_load_state(stored),
        bots=_bots(stored.seats, stored.bot_seeds),
        display=list(stored.names),
    )


# -------------------------------------------------------------------------------------------------
# The manager
# -------------------------------------------------------------------------------------------------


class GameManager:
    """Every game the server holds, their sockets and their bots, over one :class:`Store`."""

    def __init__(
        self,
        store: Store,
        broker: RedisBroker | None = None,
        *,
        chosen_deals: bool = False,
        work: WorkPool | None = None,
        quotas: Quotas | None = None,
    ) -> None:
        self.store = store
        #: the worker processes the search bots think in (None: a thread of this process), and
        #: each client's allowance of bot games (None: no limit); issue 35
        self.work = work
        self.quotas = quotas
        #: whether a game between two people may be dealt from a chosen seed (check_chosen_seed)
        self.chosen_deals = chosen_deals
        #: the other processes on this database, when there are any (None: this one alone)
        self.broker = broker
        #: this process among them (its own broker messages come back to it: ignored)
        self.origin = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        #: how many messages could not be published since the broker last took one
        self._unheard = 0
        self.games: dict[str, Game] = {}
        self._executor: ThreadPoolExecutor | None = None
        self._loading: asyncio.Lock | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        #: the account of a finished game, move by move, by (game, viewer: None for everything)
        self._replays: OrderedDict[tuple[str, int | None], list[list[str]]] = OrderedDict()

    # -- life cycle -----------------------------------------------------------------------------

    async def start(self) -> None:
        """Load the games in progress back from the database and let their bots move. With a
        broker: subscribe to the other processes' moves, and sweep for games whose bot is to
        move and whose process died (the first sweep at once)."""
        self._executor = ThreadPoolExecutor(self.store.workers, thread_name_prefix="claim-db")
        self._loading = asyncio.Lock()
        if self.broker is not None:
            await self.broker.start(self._heard, self._reconnected)
            self._spawn(self._sweep_forever())
            return
        stored = await self._db(self.store.in_progress)
        for row in stored:
            try:
                game = game_from_stored(row)
            except Exception as exc:  # one bad row never keeps the server from starting
                logger.error("game %s cannot be resumed: %s", row.id, exc)
                continue
            if game.bot_to_act() is not None:  # the others wait in the database for a socket
                self.games[game.id] = game
                self._schedule_bots(game)
        if stored:
            logger.info(
                "%d game(s) in progress, %d with a bot to move",
                len(stored),
                len(self.games),
            )

    async def stop(self) -> None:
        if self.broker is not None:
            await self.broker.stop_listening()  # no new work from the others' news
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.broker is not None:  # after the bots' tasks, which give their leases back
            await self.broker.close()
        if self._executor is not None:
            self._executor.shutdown(wait=True)
            self._executor = None
        self.store.close()

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store call on the database thread(s)."""
        if self._executor is None:
            raise RuntimeError("the game manager is not started")
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    # -- HTTP -----------------------------------------------------------------------------------

    async def create(self, body: Any, client: str | None = None) -> dict[str, Any]:
        """A new game from a ``POST /api/games`` body; the 201 answer with each human seat's
        token (the only time it is ever sent). ``client``: who asks (its quota of bot games,
        429 beyond it: :class:`~claim.apps.web.quotas.Quotas`)."""
        options, seed, seats, names = parse_new_game(body)
        check_chosen_seed(seed, seats, self.chosen_deals)
        if self.quotas is not None:
            self.quotas.admit(client, seats, self._playing)
        try:
            setup = options.resolve(seed)
            state = new_game(setup.config, setup.seed)
        except ClaimError as exc:
            raise ApiError(str(exc)) from None
        game_id = secrets.token_urlsafe(8)
        while game_id in self.games:  # pragma: no cover - 64 random bits
            game_id = secrets.token_urlsafe(8)
        tokens = [secrets.token_urlsafe(24) if kind == "human" else None for kind in seats]
        bot_seeds = [None if kind == "human" else secrets.randbits(SEED_BITS) for kind in seats]
        stored_options = options.to_dict()
        if seed is not None:  # a chosen deal: the table says so (Game.intro)
            stored_options[CHOSEN_SEED] = True
        stored = StoredGame(
            id=game_id,
            created=now(),
            options=stored_options,
            seats=seats,
            token_hashes=[hash_token(t) if t is not None else None for t in tokens],
            bot_seeds=bot_seeds,
            record=to_record(state),
            position=state.to_dict(),
            status=FINISHED if is_over(state) else IN_PROGRESS,
            moves=len(state.moves),
            result=state.result,
            names=names,
            bot_turn=bot_seat(state, seats) is not None,
        )
        await self._db(self.store.insert, stored)
        game = Game(
            id=game_id,
            created=stored.created,
            options=stored.options,
            seats=seats,
            token_hashes=stored.token_hashes,
            bot_seeds=bot_seeds,
            state=state,
            bots=_bots(seats, bot_seeds),
            display=names,
        )
        self.games[game_id] = game
        if self.quotas is not None:
            self.quotas.add(client, game_id, seats)
        self._schedule_bots(game)
        # a game nobody has joined yet waits in the database (games created and never played
        # would otherwise pile up in memory)
        self._maybe_evict(game)
        answer_seats: list[dict[str, Any]] = []
        for seat, (kind, token) in enumerate(zip(seats, tokens, strict=True)):
            entry: dict[str, Any] = {"seat": seat, "kind": kind}
            if token is not None:
                entry["token"] = token
                entry["url"] = f"/play/{game_id}?seat={seat}&token={token}"
            answer_seats.append(entry)
        return {"id": game_id, "seats": answer_seats, "spectate_url": f"/play/{game_id}"}

    async def rematch(self, game_id: str, body: Any, client: str | None = None) -> dict[str, Any]:
        """A new game with a finished game's options and its seats swapped, asked by one of its
        human seats (``{"seat": S, "token": T}``): the answer of :meth:`create`, plus ``seat``,
        the asker's seat in the new game. The other human seat, if any, is sent its new seat's
        link on its sockets (``{"type": "rematch", ...}``), so both players move over; the
        answer holds its link too, for the asker to send if that player is not connected (as
        with a new friend game). 403 for a game in progress, a bot seat or a wrong token."""
        if not isinstance(body, dict) or set(body) - {"seat", "token"}:
            raise ApiError('the body must be {"seat": 0 or 1, "token": "..."}')
        seat, token = body.get("seat"), body.get("token")
        if seat not in (0, 1) or isinstance(seat, bool) or not isinstance(token, str):
            raise ApiError('the body must be {"seat": 0 or 1, "token": "..."}')
        stored = await self._db(self.store.load, game_id) if _plausible(game_id) else None
        if stored is None:
            raise ApiError(f"unknown game {shorten(game_id)!r}", 404)
        if not token_matches(stored.token_hashes[seat], token):
            raise ApiError(
                f"only a player of the game may ask for a rematch: wrong token for seat {seat}", 403
            )
        if stored.status != FINISHED:
            raise ApiError("the game is in progress: a rematch comes once it is over", 403)
        created = await self.create(
            {
                # the same setup options, dealt from a fresh seed (never the chosen one again)
                "options": {k: v for k, v in stored.options.items() if k in OPTION_FIELDS},
                "seats": list(reversed(stored.seats)),
                "names": list(reversed(stored.names)),
            },
            client,
        )
        created["seat"] = 1 - seat
        created["rematch_of"] = game_id
        other = 1 - seat  # the other player's seat in the old game: 1 - other = seat in the new
        if stored.seats[other] == "human":
            url = created["seats"][seat]["url"]
            note = json.dumps({"type": "rematch", "id": created["id"], "url": url})
            live = self.games.get(game_id)
            if live is not None:
                await self._note(live, other, note)
            if self.broker is not None:  # that player's sockets may be on another process
                await self._publish({"g": game_id, "s": other, "n": note})
        return created

    async def _note(self, game: Game, seat: int, text: str) -> None:
        """Send ``text`` to the sockets of ``seat`` of ``game`` on this process."""
        for client in list(game.clients):
            if client.seat == seat:
                await self._send(game, client, text)

    async def list_games(
        self, limit: int = 50, status: str | None = None, ids: list[str] | None = None
    ) -> list[dict[str, Any]]:
        """The newest games first: ``limit`` of them, of ``status`` and among ``ids`` if given
        (the lobby's filters)."""
        found = await self._db(self.store.summaries, limit, None, status, ids)
        out = []
        for summary in found:
            live = self._live(summary.id)
            out.append(live.summary() if live is not None else summary_dict(summary))
        return out

    def _live(self, game_id: str) -> Game | None:
        """The game in memory, when it is the truth: with a broker the database is (another
        process may have moved a moment ago), so None."""
        return self.games.get(game_id) if self.broker is None else None

    async def summary(self, game_id: str) -> dict[str, Any]:
        live = self._live(game_id)
        if live is not None:
            return live.summary()
        found = await self._db(self.store.summary, game_id) if _plausible(game_id) else None
        if found is None:
            raise ApiError(f"unknown game {shorten(game_id)!r}", 404)
        return summary_dict(found)

    async def _finished_record(self, game_id: str) -> Record:
        stored = await self._db(self.store.load, game_id) if _plausible(game_id) else None
        if stored is None:
            raise ApiError(f"unknown game {shorten(game_id)!r}", 404)
        if stored.status != FINISHED:
            raise ApiError("the game is in progress: its record is shown once it is over", 403)
        return stored.record

    async def record(self, game_id: str) -> Record:
        """The record of a finished game (403 while it is in progress)."""
        return await self._finished_record(game_id)

    async def replay(self, game_id: str, n_text: str, view_text: str = "all") -> dict[str, Any]:
        """A finished game after its first ``n`` moves as ``view_text`` saw it (``all``: every
        card, ``report``; ``0`` or ``1``: that player's view then; ``spectator``), with
        ``log``: the account's lines for move ``n`` (for 0: the setup and the deal) and
        ``history``: the lines of every move up to ``n``, as that viewer was told them."""
        viewer = _replay_viewer(view_text)
        record = await self._finished_record(game_id)
        total = len(record.get("moves", []))
        n = int(n_text) if n_text.isascii() and n_text.isdigit() and len(n_text) < 8 else -1
        if not 0 <= n <= total:
            raise ApiError(f"n must be a move number from 0 to {total}, not {shorten(n_text)!r}")
        key = (game_id, viewer)
        logs = self._replays.get(key)
        if logs is None:
            logs = await asyncio.to_thread(_replay_logs, record, viewer)
            self._replays[key] = logs
            while len(self._replays) > REPLAY_CACHE:
                self._replays.popitem(last=False)
        else:
            self._replays.move_to_end(key)
        state = await asyncio.to_thread(replay, record, n)
        # cast: the API's JSON is the view with the replay's keys added (a plain dict for FastAPI)
        if viewer == SPECTATOR:
            out = cast(dict[str, Any], spectate(state))
        else:
            out = cast(dict[str, Any], report(state, viewer=viewer))
        out["log"] = logs[n]
        out["history"] = logs[: n + 1]
        out["n"] = n
        out["total"] = total
        out["move"] = record["moves"][n - 1] if n > 0 else None
        # every move in words, for the replay bar and the log's marks (issue 37: a person reads
        # "Play Gnome 7", not "play gnomes:7"); the record keeps the codes
        out["moves_words"] = [move_text(move) for move in record.get("moves", [])]
        out["viewer"] = view_text
        return out

    # -- WebSocket ------------------------------------------------------------------------------

    async def get(self, game_id: str) -> Game | None:
        """The game, loaded from the database when it is not in memory (a finished game)."""
        return (await self._get(game_id))[0]

    async def _get(self, game_id: str) -> tuple[Game | None, bool]:
        """:meth:`get`, and whether the game was loaded from the database just now."""
        game = self.games.get(game_id)
        if game is not None or not _plausible(game_id):
            return game, False
        assert self._loading is not None
        async with self._loading:
            game = self.games.get(game_id)
            if game is not None:
                return game, False
            stored = await self._db(self.store.load, game_id)
            if stored is None:
                return None, False
            game = await asyncio.to_thread(game_from_stored, stored)
            self.games[game_id] = game
            return game, True

    async def connect(
        self, game_id: str, seat_text: str | None, token: str | None, send: Send
    ) -> tuple[Game, Client]:
        """A socket joins a game: as a seat (with its token) or a spectator (neither). It is sent
        the current ``state`` at once. Raises :class:`Refused` for an unknown game (4004) or a
        wrong seat or token (4003)."""
        game, fresh = await self._get(game_id)
        if game is None:
            raise Refused(4004, f"unknown game {shorten(game_id)!r}")
        seat: int | None = None
        if seat_text is not None or token is not None:
            if seat_text not in ("0", "1"):
                raise Refused(4003, "the seat must be 0 or 1")
            seat = int(seat_text)
            expected = game.token_hashes[seat]
            ok = token_matches(expected, token or "")
            if expected is None:
                raise Refused(4003, f"seat {seat} is played by a bot")
            if not ok:
                raise Refused(4003, f"wrong token for seat {seat}")
        client = Client(send, seat)
        while True:
            async with game.lock:
                if self.games.get(game_id) is game:
                    if self.broker is not None and not fresh:
                        # another process may have moved since it was loaded
                        await self._catch_up(game)
                    # a bot to move whose process died (with a broker: if no one holds its
                    # lease), or whose move failed (its worker died again and again): play it
                    self._schedule_bots(game)
                    game.clients.append(client)
                    if not game.hidden_from(client.viewer):  # else sent once it is made
                        await self._send(game, client, game.message(client))
                    await self._answer_waiting(game)  # a catch-up may have made the decision
                    return game, client
            # the game left memory while this socket waited: take the one loaded now
            reloaded, fresh = await self._get(game_id)
            if reloaded is None:
                raise Refused(4004, f"unknown game {shorten(game_id)!r}")
            game = reloaded

    async def disconnect(self, game: Game, client: Client) -> None:
        async with game.lock:
            client.closed = True
            if client in game.clients:
                game.clients.remove(client)
            self._maybe_evict(game)

    async def receive(self, game: Game, client: Client, text: str | None) -> None:
        """A message from a socket: a move to play, or which artifact windows to ask (answered
        with a fresh state message), or an error sent back (nothing changed)."""
        async with game.lock:
            await self._handle(game, client, text)

    async def _handle(self, game: Game, client: Client, text: str | None) -> None:
        """:meth:`receive` with the lock held. While a decision hidden from the socket's viewer
        is pending (claim.core.unseen), the message waits and is answered once the decision is
        made (:meth:`_answer_waiting`): the answer is the one it would have had, had the other
        player not been asked (issue 35)."""
        if game.hidden_from(client.viewer):
            if len(client.waiting) < MAX_WAITING:
                client.waiting.append(text)
            return
        try:
            message = parse_message(text)
            if isinstance(message, AskMessage):
                client.never, client.ask_all = message.never, message.ask_all
                await self._send(game, client, game.message(client))
                return
            known = game.known_version(client.viewer)
            if self.broker is not None and message.version > known:
                await self._catch_up(game)  # the client heard of moves this copy lacks?
            self._check_move(game, client, message.move, message.version)
            try:
                await self._commit(game, message.move)
            except StaleMove:  # another process saved a move first (its move stands)
                raise _stale(game, message.version, client.viewer) from None
        except ClaimError as exc:
            await self._send(game, client, error_message(str(exc)))
            return
        self._schedule_bots(game)

    async def _answer_waiting(self, game: Game) -> None:
        """Answer, in order, what each socket sent while a decision hidden from it was pending,
        now that none is (the lock is held)."""
        for client in list(game.clients):
            while client.waiting and not client.closed and not game.hidden_from(client.viewer):
                await self._handle(game, client, client.waiting.pop(0))

    def _check_move(self, game: Game, client: Client, move: str, version: int) -> None:
        """Refuse, in this order: a spectator, a finished game, a stale version, the other
        seat's turn, an illegal move. Only the seat to act ever hears its legal moves."""
        if client.seat is None:
            raise ClaimError("spectators cannot move")
        if game.over:
            raise ClaimError("the game is over")
        if version != game.known_version(client.viewer):
            raise _stale(game, version, client.viewer)
        if current_player(game.state) != client.seat:
            raise ClaimError("it is not your turn")
        legal = legal_actions(game.state)
        if move not in legal:
            raise ClaimError(f"illegal move {shorten(move)!r}; legal moves: {', '.join(legal)}")

    # -- moving ---------------------------------------------------------------------------------

    async def _commit(self, game: Game, move: str) -> None:
        """Apply a legal move (the lock is held), save it, tell every viewer, broadcast (with a
        broker: publish it to the other processes first). If the engine or the database fails,
        the game goes back to where it was and the move is refused (one line, nothing changed);
        if another process saved a move first (:class:`~claim.apps.web.store.Conflict`), the
        game catches up with the database and the move is refused as stale."""
        before = game.version
        state = game.state
        # where to go back to if the move fails (a copy costs microseconds; the database's
        # position may be up to 15 moves before, and replaying them on every failure is more)
        snapshot = state.clone()
        try:
            pending = game.apply_move(move)
            record = game.record_json()
            over = is_over(state)
            # the position every few moves: the record's moves continue it (_load_state)
            position = state.to_dict() if over or game.version % POSITION_EVERY == 0 else None
            bot_turn = game.bot_to_act() is not None
        except Exception:
            logger.exception("game %s: move %d (%r) failed in the engine", game.id, before, move)
            self._restore(game, snapshot)
            raise ClaimError("internal error: the move was not played") from None
        try:
            await self._db(
                self.store.save_move,
                game.id,
                before,
                game.version,
                record,
                position,
                FINISHED if over else IN_PROGRESS,
                state.result,
                bot_turn,
            )
        except Conflict:
            # another process saved a move at this version first: this one is stale
            self._restore(game, snapshot)
            await self._catch_up(game)
            raise StaleMove(f"stale move: move {before} was made first") from None
        except Exception:
            logger.exception("game %s: move %d was not saved", game.id, before)
            self._restore(game, snapshot)
            raise ClaimError("the move could not be saved; try again") from None
        game.forget_views()
        game.tell_move(pending)
        if self.broker is not None:
            await self._publish({"g": game.id, "v": game.version, "m": move})
        await self._broadcast(game)
        await self._answer_waiting(game)
        self._maybe_evict(game)

    def _restore(self, game: Game, snapshot: State) -> None:
        """Back to ``snapshot``, the state before a move that failed (the lock is held); the
        narrators were not told the move, so they follow it as they are."""
        game.events = []
        game.follow(snapshot)

    async def _advance(self, game: Game, move: str) -> None:
        """Apply ``move``, which another process saved (the lock is held), and send each socket
        of this process its state: as :meth:`_commit` does after its save."""
        pending = game.apply_move(move)
        game.forget_views()
        game.tell_move(pending)
        await self._broadcast(game)

    async def _catch_up(self, game: Game) -> None:
        """Bring the game up to the database (the lock is held): each move this copy lacks is
        applied and sent to the sockets, one state message per move, as if made here. A copy
        that is not a beginning of the saved game (it cannot be) is loaded again whole."""
        stored = await self._db(self.store.load, game.id)
        if stored is None or stored.moves <= game.version:
            return
        saved = stored.record.get("moves", [])
        have = game.state.moves
        if len(saved) == stored.moves and saved[: len(have)] == have:
            try:
                for move in saved[len(have) :]:
                    await self._advance(game, move)
                return
            except Exception:
                logger.exception("game %s: cannot follow the saved moves; reloading", game.id)
        await self._reload(game, stored)

    async def _reload(self, game: Game, stored: StoredGame) -> None:
        """Load the game again whole from ``stored`` (the lock is held): its viewers' logs are
        made again from the record (the same lines: a socket's count of lines sent holds)."""
        game.events = []
        game.follow(await asyncio.to_thread(_load_state, stored))
        game.narrators.clear()
        game.logs.clear()
        await self._broadcast(game, again=True)

    async def _broadcast(self, game: Game, again: bool = False) -> None:
        """Send each socket its state: those whose viewer may know a move was made since their
        last message (a pass at a decision hidden from them is not such a move), and, ``again``,
        every socket. A socket whose viewer a pending decision is hidden from is sent nothing:
        it is sent the state once the decision is made (claim.core.unseen, issue 35)."""
        clients = [
            c
            for c in game.clients
            if not game.hidden_from(c.viewer)
            and (again or c.version != game.known_version(c.viewer))
        ]
        if len(clients) == 1:  # a task of its own (gather makes one per send) waits the same
            await self._send(game, clients[0], game.message(clients[0]))
        elif clients:
            await asyncio.gather(*(self._send(game, c, game.message(c)) for c in clients))

    async def _send(self, game: Game, client: Client, text: str) -> None:
        if client.closed:
            return
        try:
            # a deadline on this task (no task of its own, as wait_for would make for each send)
            async with asyncio.timeout(SEND_TIMEOUT):
                await client.send(text)
        except Exception:
            client.closed = True
            if client in game.clients:
                game.clients.remove(client)

    def _maybe_evict(self, game: Game) -> None:
        """A game nobody watches and no bot is playing leaves memory (with the lock held): it is
        in the database, and :meth:`get` loads it again when a socket comes. (Alone on its
        database, a process keeps a game whose bot is to move; with a broker, the process
        holding the lease of the bot's move plays it.)"""
        if game.clients or game.bot_task is not None:
            return
        if self.broker is None and game.bot_to_act() is not None:
            return
        if self.games.get(game.id) is game:
            del self.games[game.id]

    # -- the other processes (with a broker) ----------------------------------------------------

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _publish(self, message: dict[str, Any]) -> None:
        """Tell the other processes (the game's lock is held, so a game's news go out in
        order); a broker that cannot be reached loses the news, not the move: the others
        catch up from the database when their sockets next move or join."""
        assert self.broker is not None
        try:
            await self.broker.publish({"o": self.origin, **message})
        except Exception as exc:
            if not self._unheard:  # said once, not for every move while Redis is away
                logger.warning("cannot tell the other processes the moves: %s", exc)
            self._unheard += 1
            return
        if self._unheard:
            logger.warning("the other processes hear the moves again (%d unheard)", self._unheard)
            self._unheard = 0

    def _heard(self, message: dict[str, Any]) -> None:
        """News from the broker: another process saved a move, or has a note for a seat."""
        game_id = message.get("g")
        if message.get("o") == self.origin or not isinstance(game_id, str):
            return
        game = self.games.get(game_id)
        if game is not None:  # a game not in memory has no socket here: nothing to do
            self._spawn(self._follow(game, message))

    async def _follow(self, game: Game, message: dict[str, Any] | None) -> None:
        """Act on one message of another process (None: catch up with the database)."""
        async with game.lock:
            if self.games.get(game.id) is not game:
                return
            version, move, seat, note = (
                (None, None, None, None)
                if message is None
                else (message.get(k) for k in ("v", "m", "s", "n"))
            )
            try:
                if message is None:
                    await self._catch_up(game)
                elif isinstance(note, str) and seat in (0, 1):
                    await self._note(game, cast(int, seat), note)
                elif not isinstance(version, int) or version <= game.version:
                    return  # news this copy already has (it caught up from the database)
                elif version == game.version + 1 and isinstance(move, str):
                    # the move saved at this copy's version: the same state as the saver's
                    snapshot = game.state.clone()
                    try:
                        await self._advance(game, move)
                    except Exception:
                        logger.exception("game %s: cannot apply move %d", game.id, version)
                        self._restore(game, snapshot)
                        await self._catch_up(game)
                else:  # a message was missed: the database has every move
                    await self._catch_up(game)
                await self._answer_waiting(game)
            except Exception:
                logger.exception("game %s: cannot follow the other processes", game.id)
            self._maybe_evict(game)

    def _reconnected(self) -> None:
        """The subscription was lost for a while: every game in memory catches up."""
        for game in list(self.games.values()):
            self._spawn(self._follow(game, None))

    async def _sweep_forever(self) -> None:
        """Every :data:`SWEEP_EVERY` seconds or so (at random, so that the processes do not
        sweep together): take over the bot games whose process died."""
        while True:
            try:
                await self._sweep()
            except Exception as exc:
                logger.warning("the sweep for bots to move failed: %s", exc)
            await asyncio.sleep(SWEEP_EVERY * random.uniform(0.5, 1.5))

    async def _sweep(self) -> None:
        """The games in progress whose bot is to move and that no move changed for
        :data:`SWEEP_GRACE` seconds: each whose bot's move no one holds the lease of is played
        here (the process that played it died, or its lease expired)."""
        assert self.broker is not None
        since = now() - timedelta(seconds=SWEEP_GRACE)
        for game_id, version in await self._db(self.store.bot_games, since):
            known = self.games.get(game_id)
            if known is not None and known.bot_task is not None:
                continue
            lease = await self.broker.lease(f"{game_id}:{version}")
            if lease is None:  # a live process plays it
                continue
            try:
                game, fresh = await self._get(game_id)
                if game is None:
                    continue
                async with game.lock:
                    if self.games.get(game_id) is game:
                        if not fresh:
                            await self._catch_up(game)
                        playing = game.bot_task is not None
                        if (
                            not playing
                            and game.version == version
                            and game.bot_to_act() is not None
                        ):
                            logger.info("game %s: its bot plays on in this process", game_id)
                            self._schedule_bots(game, lease)
                            lease = None
                        self._maybe_evict(game)
            finally:
                if lease is not None:
                    await lease.release()

    # -- bots -----------------------------------------------------------------------------------

    def _playing(self, game_id: str) -> bool:
        """Whether ``game_id`` is in play here: in memory (watched, or its bot to move) and
        not over (a client's quota of bot games counts those)."""
        game = self.games.get(game_id)
        return game is not None and not game.over

    async def _bot_move(self, game: Game, seat: int, snapshot: State) -> str:
        """The move of the bot of ``seat`` in ``snapshot`` (a copy of the game's state): a
        search bot's in a worker process, queued fairly with the other clients' work (the bot
        goes there and comes back with its generator moved on, so the move is the one it would
        make here); a cheap bot's in a thread of this process."""
        bot = game.bots[seat]
        if self.work is None or not uses_workers(game.seats[seat]):
            return await asyncio.to_thread(decide, snapshot, bot)
        owner = self.quotas.owner(game.id) if self.quotas is not None else game.id
        job = (game.id, game.version)
        move, thought = await self.work.run(owner, job, bot_move, snapshot.to_dict(), bot)
        if game.bots.get(seat) is bot:
            game.bots[seat] = thought
        return cast(str, move)

    def _schedule_bots(self, game: Game, lease: Lease | None = None) -> None:
        """Let the game's bots move here if one is to (with a broker: if this process gets the
        lease of the bot's move, or was given it)."""
        if game.bot_task is None and game.bot_to_act() is not None:
            game.bot_task = self._spawn(self._run_bots(game, lease))
        elif lease is not None:  # pragma: no cover - the callers check both first
            self._spawn(lease.release())

    async def _run_bots(self, game: Game, lease: Lease | None = None) -> None:
        """Let the bots move until a human is to act or the game is over. A bot thinks on a
        copy of the state (it sees only its view and determinizations), in a worker process or
        thread (:meth:`_bot_move`).

        With a broker, each bot move is made by the process that holds its lease, named by the
        game and the version the move is made at: the process that saved the move before it
        takes it at once (a new name, free), so only a sweep or a socket joining elsewhere
        could also try, and they find it held while this process lives. A move the database
        refuses all the same (a lease that expired while its holder was stuck) is dropped."""
        try:
            while True:
                async with game.lock:
                    seat = game.bot_to_act()
                    if seat is None:
                        game.bot_task = None
                        self._maybe_evict(game)
                        return
                    version = game.version
                    name = f"{game.id}:{version}"  # the lease of this move
                    if self.broker is not None and (
                        lease is None or lease.name != name or lease.lost
                    ):
                        if lease is not None:
                            self._spawn(lease.release())
                        try:
                            lease = await self.broker.lease(name)
                        except Exception as exc:  # the sweep tries again once Redis is back
                            logger.warning("game %s: no lease for the bot: %s", game.id, exc)
                            lease = None
                        if lease is None:  # another process plays this move
                            game.bot_task = None
                            self._maybe_evict(game)
                            return
                    snapshot = game.state.clone()
                move = await self._bot_move(game, seat, snapshot)
                async with game.lock:
                    if game.version != version or game.bot_to_act() != seat:
                        continue
                    if lease is not None and lease.lost:  # another process may play it now
                        continue
                    try:
                        await self._commit(game, move)
                    except StaleMove:  # another process moved first: its move stands
                        continue
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception("game %s: the bot failed", game.id)
        finally:
            game.bot_task = None
            if lease is not None:
                await lease.release()


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


MOVE_SHAPE = 'expected {"type": "move", "move": MOVE, "version": V}'
ASK_SHAPE = 'expected {"type": "ask", "never": [ARTIFACT, ...], "all": true or false}'


def parse_message(text: str | None) -> MoveMessage | AskMessage:
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


#: a replay's viewers (``?view=``): everything, a seat, a spectator
REPLAY_VIEWS: dict[str, int | None] = {"all": None, "0": 0, "1": 1, "spectator": SPECTATOR}


def _replay_viewer(text: str) -> int | None:
    if text not in REPLAY_VIEWS:
        raise ApiError(f"view must be one of {', '.join(REPLAY_VIEWS)}, not {shorten(text)!r}")
    return REPLAY_VIEWS[text]


def _replay_logs(record: Record, viewer: int | None = None) -> list[list[str]]:
    """The account of a finished game, move by move: index 0 the setup, index n the lines of
    move n; omniscient (``viewer`` None), or as player 0, 1 or a spectator was told it."""
    state = initial_state(record)
    if viewer is None:
        narrator = Narrator(state)
        logs = [setup_lines(state, record)]
    else:
        names = Names()
        narrator = Narrator(state, viewer=viewer, names=names)
        config = state.config
        who = "a spectator" if viewer == SPECTATOR else f"player {viewer}"
        first = [f"The game as {who} saw it.", f"Factions: {faction_titles(config.factions)}."]
        first.append(f"Player {config.first_leader} leads the first trick.")
        logs = [first + table_setup_lines(config, viewer, names)]
    for move in record.get("moves", []):
        logs.append(narrator.apply(move))
    # the replay page is read by a person: its cards by their names (issue 37); the account of
    # ``claim replay`` and the record keep the codes
    return [[named(line) for line in lines] for lines in logs]
