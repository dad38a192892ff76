"""One game the web server holds in memory (:class:`Game`) and its sockets (:class:`Client`): the
true state, each viewer's Narrator and log, each viewer's view and its JSON (written part by part,
kept from one move to the next), the record's JSON, and the ``state`` message each socket is sent.

A game here knows nothing of the database's transactions, the other processes or when the bots
move: the manager (:mod:`claim.apps.web.manager`) holds the games, saves their moves and calls
these.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, cast

from claim.apps.web.store import FINISHED, IN_PROGRESS, StoredGame, Summary
from claim.bots import Bot, make_bot
from claim.core import engine
from claim.core.engine import apply, apply_events, current_player, is_over, legal_actions
from claim.core.events import Event
from claim.core.positions import load_position
from claim.core.records import hinted_moves, initial_state, replay, to_record
from claim.core.state import State
from claim.core.unseen import Unseen, hidden_from
from claim.core.view import SPECTATOR, observe, spectate
from claim.core.view_types import View
from claim.text.account import (
    CHOSEN_DEAL_LINE,
    Names,
    Narrator,
    Pending,
    faction_titles,
    named,
    seed_end_line,
    table_setup_lines,
)
from claim.text.artifact_prompts import WEB_ASK_ALL, WINDOWS, offered, skipped_line, unasked
from claim.text.bots import seat_label
from claim.text.describe import WEB_FOLLOW, asked, move_words, prompt_text, table_facts

logger = logging.getLogger("claim.apps.web")

Send = Callable[[str], Awaitable[None]]

#: the key of a game's stored options that says its deal was chosen (a seed given when it was
#: created, against a bot only: issue 35); absent from a game dealt from a fresh secret seed
CHOSEN_SEED = "chosen_seed"
#: the viewers whose moves :class:`~claim.core.unseen.Unseen` counts: the two seats, spectators
VIEWERS = (0, 1, SPECTATOR)
#: the position is saved with every this many moves (and the last one); the record, saved with
#: every move, holds the moves after it
POSITION_EVERY = 16

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
    #: a hint is being weighed for it (one at a time: claim.apps.web.hints, issue 39)
    hinting: bool = False

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
    #: the artifact window check's answer (claim.text.artifact_prompts.unasked: up to ~0.1 s of
    #: play-outs on the event loop) by (true move count, last move, seat, artifacts not to ask
    #: about; the last move tells apart a position reached again after a refused move was
    #: undone): a seat's every socket and every message at one position ask it once
    unasked_cache: dict[tuple[int, str, int, frozenset[str]], list[str]] = field(
        default_factory=dict
    )
    #: the moves made after a hint (issue 39: claim.apps.web.hints), by their index in the
    #: record's moves: written in the record as ``hinted`` once made (:meth:`record_json`)
    hinted: set[int] = field(default_factory=set)

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
        made = hinted_moves(self.hinted, len(state.moves))
        if made:  # no field without a hint: the record is as before (issue 39)
            text += f', "hinted": {json.dumps(made)}'
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
        # what the table says beside its cards (the votes' standings, the tallies, the moon, the
        # pools), in the terminal's words: the page works out no rule of its own (issue 37)
        message["facts"] = table_facts(self.shown(viewer), seat, self.names(viewer))
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
        moves = self.state.moves
        key = (len(moves), moves[-1] if moves else "", client.seat, client.never)
        names = self.unasked_cache.get(key)
        if names is None:
            if len(self.unasked_cache) > 64:  # only the current position's answers are used
                self.unasked_cache.clear()
            names = unasked(kind, legal, self.state, client.seat, client.never)
            self.unasked_cache[key] = names
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


def summary_dict(summary: Summary) -> dict[str, Any]:
    """A game as the lobby lists it: never a token, the seed or a card."""
    out: dict[str, Any] = {
        "id": summary.id,
        "status": summary.status,
        "seats": list(summary.seats),
        # who plays each seat, in words (the pages show these, not the codes)
        "labels": [seat_label(kind) for kind in summary.seats],
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
        hinted=_hinted(stored.record),
    )


def _hinted(record: Any) -> set[int]:
    """The record's ``hinted`` (issue 39), as the server wrote it (none in an older record)."""
    marks = record.get("hinted") if isinstance(record, dict) else None
    return {ply for ply in marks or () if isinstance(ply, int) and not isinstance(ply, bool)}
