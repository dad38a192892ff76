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

What the manager calls lives below it (issue 37): a request's and a socket's message's parsing in
:mod:`claim.apps.web.requests`, seat tokens in :mod:`claim.apps.web.tokens`, one game in memory
(its narrators, views and messages) in :mod:`claim.apps.web.session`, a finished game's replay in
:mod:`claim.apps.web.replays`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import secrets
import socket
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import TYPE_CHECKING, Any, TypeVar, cast

from claim.apps.web.hints import check_hint, weigh_hint
from claim.apps.web.replays import _replay_logs, _replay_viewer
from claim.apps.web.requests import (
    OPTION_FIELDS,
    ApiError,
    AskMessage,
    HintMessage,
    Refused,
    StaleMove,
    _plausible,
    check_chosen_seed,
    error_message,
    parse_message,
    parse_new_game,
    shorten,
)
from claim.apps.web.session import (
    CHOSEN_SEED,
    POSITION_EVERY,
    Client,
    Game,
    Send,
    _bots,
    _load_state,
    bot_seat,
    game_from_stored,
    summary_dict,
)
from claim.apps.web.store import FINISHED, IN_PROGRESS, Conflict, Store, StoredGame, now
from claim.apps.web.tokens import hash_token, token_matches
from claim.apps.web.workers import WorkPool, bot_move, uses_workers
from claim.bots import decide
from claim.core.engine import current_player, is_over, legal_actions
from claim.core.errors import ClaimError
from claim.core.game import new_game
from claim.core.records import Record, replay, to_record
from claim.core.setup import SEED_BITS
from claim.core.state import State
from claim.core.view import SPECTATOR, report, spectate
from claim.core.view_types import View
from claim.text.account import Names
from claim.text.describe import move_text, table_facts

if TYPE_CHECKING:
    from claim.apps.web.broker import Lease, RedisBroker
    from claim.apps.web.quotas import Quotas

logger = logging.getLogger("claim.apps.web")

T = TypeVar("T")

#: how long one send to a socket may take before the socket is dropped
SEND_TIMEOUT = 10.0
#: the most messages a socket may send while a decision hidden from it is pending (they wait for
#: it, issue 35); more are dropped
MAX_WAITING = 64
#: how many finished games' replays are kept in memory
REPLAY_CACHE = 16
#: with a broker: how often (in seconds, on average) each process looks in the database for
#: games whose bot is to move and that no move changed for :data:`SWEEP_GRACE` seconds (the
#: process playing that bot may have died: whoever takes its lease plays on)
SWEEP_EVERY = 2.0
SWEEP_GRACE = 2.0


def _stale(game: Game, version: object, viewer: int) -> StaleMove:
    """The error of a move made at ``version``, which the game has left: in the numbers of the
    mover's viewer (:meth:`Game.known_version`)."""
    return StaleMove(
        f"stale move: the game is at version {game.known_version(viewer)}, "
        f"not {shorten(str(version))}"
    )


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
        # the table's words beside its cards, as in a live game's messages (the replay's page
        # names the players "player 0" and "player 1")
        seat = viewer if viewer in (0, 1) else None
        out["facts"] = table_facts(cast(View, out), seat, Names())
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
            if isinstance(message, HintMessage):
                check_hint(game, client, client.hinting)
                client.hinting = True
                version = game.known_version(client.viewer)
                self._spawn(self._hint(game, client, game.state.clone(), version))
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

    async def _hint(self, game: Game, client: Client, snapshot: State, version: int) -> None:
        """Weigh ``client``'s hint in the workers, without the game's lock (the table goes on
        meanwhile), and send it to that socket alone (claim.apps.web.hints, issue 39)."""
        owner = self.quotas.owner(game.id) if self.quotas is not None else game.id
        seat = client.viewer
        try:
            text = await weigh_hint(self.work, owner, game, seat, snapshot, version)
        except Exception:
            logger.exception("game %s: the hint failed", game.id)
            text = error_message("internal error: no hint this time")
        finally:
            client.hinting = False
        await self._send(game, client, text)

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
