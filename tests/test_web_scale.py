"""Many ``claim serve`` processes, one truth (issue 20): real servers share a real PostgreSQL
database and a real Redis broker, and clients spread over them play whole games.

- Three server processes (uvicorn, ``run_serve`` with ``--db postgresql://…`` and
  ``--broker redis://…``): games with every expansion, each seat's socket and the spectator's on
  a different process, every message checked as the leak sweep checks it
  (``tests/test_web_leaks.py``: the view is exactly ``observe``/``spectate`` of the true game,
  the legal moves the engine's, one state message per move its viewer may know of (issue 35), in
  order, no secret anywhere).
- One process killed mid-game (SIGKILL): its human seat joins another process and sees exactly
  the game it left (version, view, legal moves, log), a bot game it was playing is taken over by
  another process, and both games go on to their end.
- Two processes racing the same seat's move: exactly one is applied, every time.
- ``claim serve --workers 2``: two processes on one port; refused without a broker.

PostgreSQL and Redis are throwaway servers (:mod:`claim.apps.web.services`), from Debian's
packages, which ``make test`` installs (``scripts/ensure_services.sh``). When they are missing
these tests fail, saying so: they never skip.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.waits import PATIENCE_S
from websockets.sync.client import ClientConnection, connect

from claim.apps.web.services import Postgres, Redis, ServiceError, services, start_redis
from claim.core.engine import apply, current_player, is_over, legal_actions
from claim.core.records import initial_state, replay
from claim.core.unseen import unseen_move
from claim.core.view import observe
from clitools import assert_one_line_error, run
from test_web_leaks import SPECTATOR, check_viewer, game_cases, states_of
from webserver import Server, assert_clean_log

#: ``claim`` in a process of its own
CLAIM = (sys.executable, "-m", "claim.apps.cli")
#: how long one message may take to come (a bot taken over after its process died: the sweep's
#: grace, the lease's expiry and the next sweep, a few seconds, on a busy machine)
WAIT = PATIENCE_S


# -- the servers ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def backing() -> Iterator[tuple[Postgres, Redis]]:
    try:
        with services() as found:
            yield found
    except ServiceError as exc:
        pytest.fail(f"the scale-out tests need PostgreSQL and Redis: {exc}")


_databases = iter(range(1, 1000))


def start_servers(
    backing: tuple[Postgres, Redis], folder: Path, count: int
) -> tuple[list[Server], str]:
    """``count`` servers on a fresh database of the cluster, all with the broker."""
    postgres, redis = backing
    db = postgres.database(f"scale_{os.getpid()}_{next(_databases)}")
    servers = []
    for i in range(count):
        where = folder / f"server{i}"
        where.mkdir()
        servers.append(
            Server(where, db, broker_url=redis.url, max_games_per_minute=0, chosen_deals=True)
        )
    return servers, db


@pytest.fixture
def cluster(backing: tuple[Postgres, Redis], tmp_path: Path) -> Iterator[list[Server]]:
    """Three servers on one database and one broker; their logs must stay clean (a killed
    one's too, up to its death)."""
    servers, _ = start_servers(backing, tmp_path, 3)
    try:
        yield servers
    finally:
        for server in servers:
            server.stop()
    for server in servers:
        assert_clean_log(server.log())


def create(
    server: Server, seats: list[str], options: dict[str, Any] | None = None, seed: int | None = None
) -> dict[str, Any]:
    body = {"options": options or {}, "seed": seed, "seats": seats}
    answer = httpx.post(f"{server.http}/api/games", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def seat_path(created: dict[str, Any], seat: int) -> str:
    return f"/ws/games/{created['id']}?seat={seat}&token={created['seats'][seat]['token']}"


def record(server: Server, game_id: str) -> dict[str, Any]:
    answer = httpx.get(f"{server.http}/api/games/{game_id}/record", timeout=30)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


# -- sockets ---------------------------------------------------------------------------------------


class Socket:
    """A real WebSocket with what ``test_web_leaks.Table`` asks of a TestClient's."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.ws: ClientConnection | None = None

    def __enter__(self) -> Socket:
        self.ws = connect(self.url, open_timeout=WAIT, max_size=2**24).__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        assert self.ws is not None
        self.ws.close()

    def receive_text(self, timeout: float = WAIT) -> str:
        assert self.ws is not None
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        return text

    def receive_json(self, timeout: float = WAIT) -> dict[str, Any]:
        """A message, with its text as ``_text`` (``check_viewer`` reads it)."""
        text = self.receive_text(timeout)
        message: dict[str, Any] = json.loads(text)
        message["_text"] = text
        return message

    def send_json(self, data: dict[str, Any]) -> None:
        assert self.ws is not None
        self.ws.send(json.dumps(data))


class Spread:
    """Each socket opened on the next server in turn (no two viewers of a game on the same
    process, with three)."""

    def __init__(self, servers: list[Server], first: int = 0) -> None:
        self.servers = servers
        self.turn = first

    def websocket_connect(self, path: str) -> Socket:
        server = self.servers[self.turn % len(self.servers)]
        self.turn += 1
        return Socket(server.ws + path)


class RemoteTable:
    """``test_web_leaks.Table`` over real servers, which the test cannot look into: a socket is
    sent nothing while a decision hidden from its viewer is pending (issue 35), so the sockets
    are read as their messages come until a seat is to move (its newest state has legal moves:
    a seat is never kept from its own decision) or every socket has the finished state."""

    def __init__(self, spread: Spread, stack: ExitStack, created: dict[str, Any]) -> None:
        self.sockets: dict[Any, Socket] = {}
        self.tokens: dict[int, str] = {}
        game = created["id"]
        for entry in created["seats"]:
            if entry["kind"] == "human":
                self.tokens[entry["seat"]] = entry["token"]
                path = f"/ws/games/{game}?seat={entry['seat']}&token={entry['token']}"
                self.sockets[entry["seat"]] = stack.enter_context(spread.websocket_connect(path))
        self.sockets[SPECTATOR] = stack.enter_context(spread.websocket_connect(f"/ws/games/{game}"))
        self.received: dict[Any, list[dict[str, Any]]] = {v: [] for v in self.sockets}
        self.latest: dict[Any, dict[str, Any]] = {}
        #: the seat whose newest state asks it to move and that has not moved since
        self.to_move: int | None = None

    def take(self, viewer: Any, message: dict[str, Any]) -> None:
        self.received[viewer].append(message)
        assert message["type"] == "state", message
        self.latest[viewer] = message
        if message["legal"]:
            assert self.to_move is None, "two seats asked at once"
            self.to_move = viewer

    def pump(self) -> None:
        """Read each socket's messages until a seat is to move or the game is over for all."""
        deadline = time.monotonic() + WAIT
        while self.to_move is None and not all(
            self.latest.get(v, {}).get("status") == "finished" for v in self.sockets
        ):
            assert time.monotonic() < deadline, "no seat was asked to move"
            for viewer, socket in self.sockets.items():
                try:
                    # a short wait per socket: the messages come in any order across them
                    message = socket.receive_json(timeout=0.02)
                except TimeoutError:
                    continue
                self.take(viewer, message)

    def step(self, rng: random.Random) -> bool:
        """One seat's move (after a bad message now and then); False once the game is over."""
        self.pump()
        seat = self.to_move
        if seat is None:
            return False
        latest = self.latest[seat]
        version = latest["version"]
        # an artifact window or a Necromancer's swap (both have a pass) may be hidden from the
        # others: what they send meanwhile waits for it, so they are tried only otherwise
        open_to_all = "pass" not in latest["legal"]
        roll = rng.random()
        if roll < 0.05:
            self.bad(seat, {"type": "move", "move": "play nothing:0", "version": version})
        elif roll < 0.08:
            self.bad(seat, {"type": "move", "move": latest["legal"][0], "version": version + 3})
        elif roll < 0.10 and open_to_all:
            self.bad(SPECTATOR, {"type": "move", "move": latest["legal"][0], "version": version})
        elif roll < 0.12 and open_to_all and 1 - seat in self.sockets:
            self.bad(1 - seat, {"type": "move", "move": "pass", "version": version})
        self.to_move = None
        self.sockets[seat].send_json(
            {"type": "move", "move": rng.choice(latest["legal"]), "version": version}
        )
        return True

    def bad(self, viewer: Any, message: dict[str, Any]) -> None:
        """A refused message: its error comes after the states the socket was sent before it."""
        self.sockets[viewer].send_json(message)
        while True:
            answer = self.sockets[viewer].receive_json()
            if answer["type"] == "error":
                break
            self.take(viewer, answer)
        self.received[viewer].append(answer)
        assert "\n" not in answer["message"]


# -- games across processes ----------------------------------------------------------------------

#: six of the leak sweep's twelve games: six Settings and six Buildings, heroes (a secret draw
#: of them too), every pool of artifacts, the factions with hidden values, human and bot seats
CASES = game_cases()[::3] + game_cases()[1::6]


def test_games_with_every_expansion_across_three_processes(cluster: list[Server]) -> None:
    assert len({case[0]["setting"] for case in CASES}) == len(CASES)
    for number, (options, seats, seed) in enumerate(CASES):
        created = create(cluster[number % 3], seats, options, seed)
        rng = random.Random(seed)
        with ExitStack() as stack:
            # the seats and the spectator each on another process, a different one each game
            table = RemoteTable(Spread(cluster, number), stack, created)
            moves = 0
            while table.step(rng):
                moves += 1
            assert moves > 10
        saved = record(cluster[(number + 1) % 3], created["id"])
        assert is_over(states_of(saved)[-1])
        # every viewer saw every version it may know of (check_viewer: up to the last), in
        # order: the moves of the other processes reached it
        for viewer, messages in table.received.items():
            check_viewer(viewer, messages, states_of(saved, viewer), seed, table.tokens)


# -- a process killed mid-game --------------------------------------------------------------------


def states_until_turn(
    socket: Socket, message: dict[str, Any], log: list[str], seen: list[dict[str, Any]]
) -> dict[str, Any]:
    """Read the bot's moves until the seat is to act or the game is over."""
    while not message["legal"] and message["status"] != "finished":
        message = socket.receive_json()
        assert message["type"] == "state", message
        log.extend(message["log"])
        seen.append(message)
    return message


def play_moves(
    socket: Socket,
    message: dict[str, Any],
    rng: random.Random,
    count: int,
    log: list[str],
    seen: list[dict[str, Any]],
) -> dict[str, Any]:
    """Play ``count`` moves of the seat (fewer if the game ends): the last message."""
    for _ in range(count):
        message = states_until_turn(socket, message, log, seen)
        if message["status"] == "finished":
            break
        version = message["version"]
        move = rng.choice(message["legal"])
        socket.send_json({"type": "move", "move": move, "version": version})
        message = socket.receive_json()
        # the move, or (issue 35) once the bot has made a decision the move opened that is
        # hidden from the seat (an artifact window): a pass there is not counted, a use is
        assert message["type"] == "state" and version < message["version"] <= version + 2, message
        log.extend(message["log"])
        seen.append(message)
    return message


def check_seat_messages(seen: list[dict[str, Any]], states: list[Any], seat: int) -> None:
    """Each state message a seat got is exactly its view of the true game then."""
    for message in seen:
        state = states[message["version"]]
        assert message["view"] == observe(state, seat)
        to_act = not is_over(state) and current_player(state) == seat
        assert message["legal"] == (legal_actions(state) if to_act else [])


def record_index(saved: dict[str, Any], seat: int, version: int) -> int:
    """Where in the record's moves is the seat's move made at ``version`` (its count of the
    moves it may know of: the other's passes at decisions hidden from it are not, issue 35)."""
    state = initial_state(saved)
    known = 0
    for index, move in enumerate(saved["moves"]):
        if known == version and current_player(state) == seat:
            return index
        known += not unseen_move(state, move, seat)
        apply(state, move)
    raise AssertionError(f"no move of seat {seat} at version {version}")


def test_a_killed_process_loses_nothing_and_its_games_go_on(cluster: list[Server]) -> None:
    doomed, first, second = cluster
    rng = random.Random(20)
    options = {"heroes": "4", "setting": "random", "building": "random", "artifacts": "all"}
    # a human against a bot, the human's socket on the process that will die (so the bot's
    # moves are made there), a spectator elsewhere
    human = create(doomed, ["human", "bot:heuristic"], options, 2020)
    log: list[str] = []
    seen: list[dict[str, Any]] = []
    with ExitStack() as stack:
        watcher = stack.enter_context(Socket(first.ws + f"/ws/games/{human['id']}"))
        # its messages are read at the end: while a decision hidden from it is pending (the
        # human's artifact window, issue 35) it is sent nothing, not even its first state
        watched: list[dict[str, Any]] = []
        player = Socket(doomed.ws + seat_path(human, 0)).__enter__()
        message = player.receive_json()
        log.extend(message["log"])
        seen.append(message)
        message = play_moves(player, message, rng, 8, log, seen)
        # two bots playing each other on the same process, watched from the two others
        bots = create(doomed, ["bot:search:medium", "bot:search:medium"], options, 2021)
        watchers = [
            stack.enter_context(Socket(server.ws + f"/ws/games/{bots['id']}"))
            for server in (first, second)
        ]
        bot_seen: list[list[dict[str, Any]]] = [[w.receive_json()] for w in watchers]
        while bot_seen[0][-1]["version"] < 12:
            bot_seen[0].append(watchers[0].receive_json())
        assert bot_seen[0][-1]["status"] == "in-progress"
        # the human moves, and at once the process dies: before or after it saved the move,
        # told the others, or made the bot's reply
        message = states_until_turn(player, message, log, seen)
        version = message["version"]
        move = rng.choice(message["legal"])
        player.send_json({"type": "move", "move": move, "version": version})
        doomed.process.send_signal(signal.SIGKILL)
        doomed.process.wait(timeout=30)
        player.__exit__()
        # the bot game was in progress: only a process still alive can finish it
        summary = httpx.get(f"{first.http}/api/games/{bots['id']}", timeout=30).json()
        assert summary["status"] == "in-progress"

        # the human joins another process: exactly the game it left, or with its last move
        # saved (and the bot's reply, made there before it died or now by a process alive)
        player = Socket(second.ws + seat_path(human, 0)).__enter__()
        joined = player.receive_json()
        saved = joined["version"] > version
        if not saved:
            assert joined["version"] == version
            assert joined["legal"] == message["legal"] and joined["view"] == message["view"]
            assert joined["log"] == log
        else:
            assert joined["log"][: len(log)] == log
        log = list(joined["log"])
        seen.append(joined)
        # on to the end, the socket moving from one live process to the other now and then
        current = joined
        while True:
            current = play_moves(player, current, rng, 15, log, seen)
            current = states_until_turn(player, current, log, seen)  # the bot's reply too
            player.__exit__()
            if current["status"] == "finished":
                break
            player = Socket((first, second)[len(seen) % 2].ws + seat_path(human, 0)).__enter__()
            again = player.receive_json()
            assert again["version"] == current["version"] and again["log"] == log
            current = again
        # the spectator on a live process saw every move once, in order
        while not watched or watched[-1]["status"] != "finished":
            watched.append(watcher.receive_json())
        # the bot game goes on, taken over by a process that lives, to its end
        for socket, messages in zip(watchers, bot_seen, strict=True):
            while messages[-1]["status"] != "finished":
                messages.append(socket.receive_json())

    saved_record = record(first, human["id"])
    assert not saved or saved_record["moves"][record_index(saved_record, 0, version)] == move
    # each viewer's versions count the moves it may know of (issue 35)
    states = states_of(saved_record, 0)
    check_seat_messages(seen, states, 0)
    assert current["version"] == len(states) - 1
    watched_states = states_of(saved_record, SPECTATOR)
    check_viewer(SPECTATOR, watched, watched_states, 2020, {0: human["seats"][0]["token"]})
    states = states_of(record(second, bots["id"]), SPECTATOR)
    assert is_over(states[-1]) and replay(record(first, bots["id"])).result == states[-1].result
    for messages in bot_seen:
        check_viewer(SPECTATOR, messages, states, 2021, {})


# -- racing moves -------------------------------------------------------------------------------


def test_two_processes_racing_the_same_move_apply_it_once(cluster: list[Server]) -> None:
    created = create(cluster[0], ["human", "human"], seed=77)
    rng = random.Random(77)
    rounds = 30
    with ExitStack() as stack:
        # each seat on two processes; the spectator on the third
        sockets = {
            seat: [
                stack.enter_context(Socket(cluster[(seat + k) % 3].ws + seat_path(created, seat)))
                for k in (1, 2)
            ]
            for seat in (0, 1)
        }
        spectator = stack.enter_context(Socket(cluster[0].ws + f"/ws/games/{created['id']}"))
        latest = {(seat, k): sockets[seat][k].receive_json() for seat in (0, 1) for k in (0, 1)}
        watched = [spectator.receive_json()]
        refused = 0
        for round_ in range(rounds):
            version = watched[-1]["version"]
            assert version == round_
            seat = next(s for s in (0, 1) if latest[(s, 0)]["legal"])
            legal = latest[(seat, 0)]["legal"]
            assert latest[(seat, 1)]["legal"] == legal
            # the same move, or two different ones, sent to two processes at once
            moves = [rng.choice(legal), rng.choice(legal)]
            for k in (0, 1):
                sockets[seat][k].send_json({"type": "move", "move": moves[k], "version": version})
            errors = 0
            got: dict[int, dict[str, Any]] = {}
            deadline = time.monotonic() + WAIT
            while len(got) < 2 or errors < 1:
                assert time.monotonic() < deadline, "no answer to a racing move"
                for k in (0, 1):
                    try:
                        message = sockets[seat][k].receive_json(timeout=0.05)
                    except TimeoutError:
                        continue
                    if message["type"] == "error":
                        assert message["message"] == (
                            f"stale move: the game is at version {version + 1}, not {version}"
                        )
                        errors += 1
                    else:
                        assert message["version"] == version + 1 and k not in got, message
                        got[k] = message
            assert errors == 1  # exactly one of the two was applied
            refused += errors
            for k in (0, 1):
                latest[(seat, k)] = got[k]
                other = sockets[1 - seat][k].receive_json()
                assert other["version"] == version + 1
                latest[(1 - seat, k)] = other
            watched.append(spectator.receive_json())
            assert watched[-1]["version"] == version + 1
        # nothing else came: no second state, no second error
        for seat in (0, 1):
            for socket in sockets[seat]:
                with pytest.raises(TimeoutError):
                    socket.receive_text(timeout=0.3)
    assert refused == rounds
    summary = httpx.get(f"{cluster[1].http}/api/games/{created['id']}", timeout=30).json()
    assert summary["moves"] == rounds


# -- the broker lost for a while -------------------------------------------------------------


def test_a_broker_that_restarts_loses_no_move(
    backing: tuple[Postgres, Redis], tmp_path: Path
) -> None:
    """Redis dies (SIGKILL) and comes back empty: a move made meanwhile is saved, and reaches
    the other process's socket once that process has subscribed again (it catches up every game
    it holds from the database); the game goes on to its end, every socket seeing every move
    once."""
    redis = start_redis()  # its own: the other tests' broker stays up
    servers: list[Server] = []
    try:
        db = backing[0].database(f"broker_{os.getpid()}")
        for i in range(2):
            (tmp_path / f"server{i}").mkdir()
            servers.append(
                Server(tmp_path / f"server{i}", db, broker_url=redis.url, chosen_deals=True)
            )
        created = create(servers[0], ["human", "human"], seed=913_370_011)
        rng = random.Random(11)
        with ExitStack() as stack:
            sockets = [
                stack.enter_context(Socket(servers[seat].ws + seat_path(created, seat)))
                for seat in (0, 1)
            ]
            seen: list[list[dict[str, Any]]] = [[socket.receive_json()] for socket in sockets]

            def move() -> dict[str, Any]:
                """The seat to act moves; both sockets hear of it (the last message)."""
                seat = next(s for s in (0, 1) if seen[s][-1]["legal"])
                latest = seen[seat][-1]
                choice = rng.choice(latest["legal"])
                sockets[seat].send_json(
                    {"type": "move", "move": choice, "version": latest["version"]}
                )
                for s in (0, 1):
                    seen[s].append(sockets[s].receive_json())
                    assert seen[s][-1]["version"] == latest["version"] + 1
                return seen[0][-1]

            for _ in range(6):
                move()
            redis.kill()
            seat = next(s for s in (0, 1) if seen[s][-1]["legal"])
            version = seen[seat][-1]["version"]
            sockets[seat].send_json(
                {"type": "move", "move": seen[seat][-1]["legal"][0], "version": version}
            )
            seen[seat].append(sockets[seat].receive_json())  # saved, told to its own process
            assert seen[seat][-1]["version"] == version + 1
            with pytest.raises(TimeoutError):  # the other process cannot hear of it
                sockets[1 - seat].receive_text(timeout=1.5)
            redis.restart()
            seen[1 - seat].append(sockets[1 - seat].receive_json())  # after it subscribed again
            assert seen[1 - seat][-1]["version"] == version + 1
            while seen[0][-1]["status"] != "finished":
                move()
        states = states_of(record(servers[1], created["id"]))
        for s in (0, 1):
            check_seat_messages(seen[s], states, s)
            assert [m["version"] for m in seen[s]] == list(range(len(states)))
    finally:
        for server in servers:
            server.stop()
        redis.stop()
    for server in servers:
        assert_clean_log(server.log())


# -- claim serve --workers ----------------------------------------------------------------------


#: the seed of the --workers game (long: check_viewer looks for it in every message)
SEED = 913_370_005


def test_workers_share_one_port(backing: tuple[Postgres, Redis], tmp_path: Path) -> None:
    postgres, redis = backing
    db = postgres.database(f"workers_{os.getpid()}")
    out = (tmp_path / "serve.out").open("w")
    process = subprocess.Popen(
        [*CLAIM, "serve", "--port", "0", "--workers", "2", "--db", db, "--broker", redis.url],
        stdout=subprocess.PIPE,
        stderr=out,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"http://localhost:(\d+)/|http://127\.0\.0\.1:(\d+)/", line)
        assert found, f"{line!r}: {(tmp_path / 'serve.out').read_text()}"
        stdout = process.stdout
        threading.Thread(target=stdout.read, daemon=True).start()
        assert "2 processes" in line and "moves told through redis://" in line
        port = found.group(1) or found.group(2)
        base, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        deadline = time.monotonic() + WAIT
        while len(workers(process.pid)) < 2:
            assert time.monotonic() < deadline, "two worker processes did not start"
            time.sleep(0.2)
        # a game on that port: each socket lands on either worker
        created = httpx.post(
            f"{base}/api/games", json={"seats": ["human", "bot:random"], "seed": SEED}, timeout=30
        ).json()
        rng = random.Random(SEED)
        with ExitStack() as stack:
            watchers = [
                stack.enter_context(Socket(ws + f"/ws/games/{created['id']}")) for _ in range(4)
            ]
            seen = [[w.receive_json()] for w in watchers]
            player = stack.enter_context(Socket(ws + seat_path(created, 0)))
            message = play_moves(player, player.receive_json(), rng, 500, [], [])
            assert message["status"] == "finished"
            for socket, messages in zip(watchers, seen, strict=True):
                while messages[-1]["status"] != "finished":
                    messages.append(socket.receive_json())
        states = states_of(httpx.get(f"{base}/api/games/{created['id']}/record").json(), SPECTATOR)
        for messages in seen:
            check_viewer(SPECTATOR, messages, states, SEED, {})
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        finally:
            out.close()
            if process.poll() is None:  # pragma: no cover
                process.kill()
    assert process.returncode == 0
    assert_clean_log((tmp_path / "serve.out").read_text())


def workers(pid: int) -> list[int]:
    """The worker processes of a ``claim serve --workers`` parent (uvicorn spawns them)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                command = Path(f"/proc/{child}/cmdline").read_bytes()
            except OSError:
                continue
            if b"spawn_main" in command and b"resource_tracker" not in command:
                found.append(int(child))
    return found


def test_workers_without_a_broker_or_with_sqlite_are_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    assert_one_line_error(
        run("serve", "--workers", "2", "--db", db),
        "--workers 2: several processes must tell each other their moves: add --broker",
    )
    assert_one_line_error(
        run("serve", "--workers", "3", "--db", db, "--broker", "redis://127.0.0.1:1/0"),
        "--workers 3: several processes need a database server, not a SQLite file",
    )
    assert not (tmp_path / "games.db").exists()  # refused before anything was made


def test_a_bad_or_unreachable_broker_is_one_line(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    assert_one_line_error(
        run("serve", "--db", db, "--broker", "http://example.com"),
        "--broker: not a Redis URL: 'http://example.com'",
    )
    assert_one_line_error(
        run("serve", "--db", db, "--broker", "redis://127.0.0.1:1/0"),
        "--broker: cannot reach redis://127.0.0.1:1/0: ",
    )
    assert_one_line_error(
        run("serve", "--db", "sqlite://", "--broker", "redis://127.0.0.1:1/0"),
        "--db: an in-memory SQLite database cannot be shared",
    )


# -- the database ----------------------------------------------------------------------------------


def test_processes_starting_at_once_make_the_table_once(backing: tuple[Postgres, Redis]) -> None:
    """Four stores opened at once on a fresh PostgreSQL database (four processes starting): the
    table is made once, none fails."""
    from concurrent.futures import ThreadPoolExecutor

    from claim.apps.web.store import Store

    db = backing[0].database(f"fresh_{os.getpid()}")
    with ThreadPoolExecutor(4) as pool:
        stores = list(pool.map(lambda _: Store(db), range(4)))
    try:
        assert all(store.summaries() == [] for store in stores)
    finally:
        for store in stores:
            store.close()


def test_a_database_from_before_bot_turn_gains_the_column(
    backing: tuple[Postgres, Redis],
) -> None:
    import psycopg

    from claim.apps.web.store import Store

    name = f"old_{os.getpid()}"
    db = backing[0].database(name)
    dsn = f"host=127.0.0.1 port={backing[0].port} user=claim dbname={name}"
    with psycopg.connect(dsn, autocommit=True) as connection:  # as the names version made it
        connection.execute(
            "CREATE TABLE claim_games (id VARCHAR(32) PRIMARY KEY, created TIMESTAMPTZ, "
            "updated TIMESTAMPTZ, options JSON, seats JSON, token_hashes JSON, bot_seeds JSON, "
            "record JSON, position JSON, status VARCHAR(16), moves INTEGER, result JSON, "
            "names JSON)"
        )
        connection.execute(
            "INSERT INTO claim_games VALUES ('old', now(), now(), '{}', '[\"human\", "
            "\"bot:random\"]', '[null, null]', '[null, 1]', '{\"moves\": []}', '{}', "
            "'in-progress', 0, NULL, NULL)"
        )
    store = Store(db)
    try:
        (stored,) = store.in_progress()
        assert stored.id == "old" and stored.bot_turn is None
        assert store.bot_games(stored.created) == []  # unknown: the sweep leaves it alone
    finally:
        store.close()
