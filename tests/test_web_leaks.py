"""Nothing secret leaves the server (RULES.md §10, issue 9): games with every expansion — heroes,
each Setting and Building, artifacts, factions with hidden values (Demons, Fire Elementals,
Tricksters, Poisoners, Phoenixes, Seers' looks) — are played to the end through the WebSocket
protocol, by two seats and a spectator, and every message each one receives is checked against
the true game, rebuilt independently from the finished game's record:

- its view is exactly ``observe(state, seat)`` (``spectate(state)`` for the spectator) and its
  legal moves exactly the engine's, and only to the seat to act;
- no card code appears anywhere in its text (view, log lines, errors) that the viewer has not
  been shown in a correct view or its own legal moves so far;
- no log line or error names an artifact the other player holds unused, or (with a secret draw
  of heroes) a hero not yet seen, before the end;
- the seed never appears before the game is over (issue 35: the log's last line tells it then);
  the other seat's token and the record's fields (deal, chance, position) never appear.

The server sends the Narrator's lines as they are (there is no second filter in the server): the
view and the Narrator made for each viewer are the one place that decides, and this sweep is the
guard.
"""

from __future__ import annotations

import json
import random
import re
import time
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from claim.apps.web.app import create_app
from claim.apps.web.games import Game
from claim.core import cards
from claim.core import view as core_view
from claim.core.engine import apply, current_player, is_over, legal_actions
from claim.core.records import initial_state
from claim.core.state import State
from claim.core.unseen import unseen_move
from claim.core.view import observe, spectate
from claim.text.account import artifact_title, hero_table_lines, hero_title
from test_account_leaks import named_in

ALL_CODES = frozenset(cards.CODE)
CODE_TOKEN = re.compile(r"[a-z][a-z0-9-]*:[a-z0-9-]+")
SPECTATOR = "spectator"
FORBIDDEN_KEYS = {"seed", "deal", "chance", "position", "token", "moves", "hands"}

FACTION_SETS = (
    "goblins,knights,demons,tricksters,poisoners",
    "elves,orcs,fire-elementals,phoenixes,seers",
    "ice-kings,ice-queens,shadows,vampires,werewolves",
    "gnomes,giants,demons,tricksters,basilisks",
    "random",
    "claim2",
    "goblins,knights,poisoners,cyclops,unicorns",
    "elves,orcs,demons,zombies,tricksters",
)
HEROES = ("6", "24", "jester,witch,siren,kraken,skeleton,death,seer", "4", "0", "8")
ARTIFACT_POOLS = (
    "all",
    "mask-of-darkness,flail-of-dawn,hunting-cloak,kings-dagger,spyglass,book-of-memories",
    "all",
    "gamblers-dice,gamblers-book,prowlers-torch,ice-sword,wishing-lamp,magic-wand,mirror-of-lies",
)
SEATS = (
    ["human", "human"],
    ["human", "human"],
    ["human", "bot:heuristic"],
    ["bot:random", "human"],
)


def game_cases() -> list[tuple[dict[str, Any], list[str], int]]:
    """One game per Building (12), each Setting at least once, rotating factions, heroes,
    artifact pools and seats."""
    cases = []
    for i, building in enumerate(cards.BUILDINGS):
        heroes = HEROES[i % len(HEROES)]
        if "," in heroes and "seer" in heroes:
            heroes = heroes.replace(",seer", "")
        options: dict[str, Any] = {
            "factions": FACTION_SETS[i % len(FACTION_SETS)],
            "first_leader": "random",
            "heroes": heroes,
            "hero_count": 3 if "," in heroes else None,
            "setting": cards.SETTINGS[i % len(cards.SETTINGS)],
            "building": building,
            "artifacts": ARTIFACT_POOLS[i % len(ARTIFACT_POOLS)],
        }
        cases.append((options, SEATS[i % len(SEATS)], 900_000_001 + 7919 * i))
    return cases


@pytest.fixture
def client() -> Any:
    with TestClient(create_app("sqlite://", chosen_deals=True)) as test_client:
        yield test_client


def code_tokens(text: str) -> set[str]:
    """The card codes ``text`` writes, or says by their names (the log, the prompt and the moves'
    words name cards as a person reads them, issue 37)."""
    return {t for t in CODE_TOKEN.findall(text) if t in ALL_CODES} | (named_in(text) & ALL_CODES)


def all_keys(data: Any) -> set[str]:
    if isinstance(data, dict):
        keys = set(data)
        for value in data.values():
            keys |= all_keys(value)
        return keys
    if isinstance(data, list):
        return set().union(*(all_keys(v) for v in data)) if data else set()
    return set()


#: how long the server may take to settle after a move (its bot's moves included)
SETTLE_WITHIN = 60.0


def settled(manager: Any, game_id: str, moves: int, sockets: int) -> Game:
    """The server's game once it has made at least ``moves`` moves, no bot is to move and
    ``sockets`` sockets have joined and been sent what they are owed: each socket's Client then
    holds the version of the last state sent to it (read from the game's own bookkeeping, not
    trusted: the tests check every message against the record)."""
    deadline = time.monotonic() + SETTLE_WITHIN
    while True:
        game = manager.games.get(game_id)
        if (
            game is not None
            and len(game.clients) == sockets
            and game.version >= moves
            and (game.over or game.bot_to_act() is None)
            and game.bot_task is None
            and not game.lock.locked()
        ):
            return game  # type: ignore[no-any-return]
        assert time.monotonic() < deadline, "the server never settled"
        time.sleep(0.002)


def receive_owed(
    manager: Any,
    game_id: str,
    moves: int,
    sockets: dict[int | None, Any],
    latest: dict[int | None, dict[str, Any]],
    received: dict[int | None, list[dict[str, Any]]] | None = None,
) -> Game:
    """Once the server has settled after ``moves`` moves (:func:`settled`), receive on each
    socket (by seat, None for a spectator) every state it was sent: one per move its viewer may
    know was made, none while a decision hidden from it is pending (issue 35). ``latest``: each
    socket's last state, kept; ``received``: every state, appended."""
    game = settled(manager, game_id, moves, len(sockets))
    for client in list(game.clients):
        seat = client.seat
        while client.version is not None and (
            seat not in latest or latest[seat]["version"] != client.version
        ):
            latest[seat] = sockets[seat].receive_json()
            assert latest[seat]["type"] == "state", latest[seat]
            if received is not None:
                received[seat].append(latest[seat])
    return game


class Table:
    """The sockets of one game: each human seat and a spectator. Each socket is sent a state for
    every move its viewer may know was made, and none while a decision hidden from it is pending
    (issue 35): the server's game says which messages are on their way."""

    def __init__(self, client: TestClient, stack: ExitStack, created: dict[str, Any]) -> None:
        self.manager = client.app.state.manager  # type: ignore[attr-defined]
        self.id = created["id"]
        self.sockets: dict[Any, Any] = {}
        self.tokens: dict[int, str] = {}
        for entry in created["seats"]:
            if entry["kind"] == "human":
                self.tokens[entry["seat"]] = entry["token"]
                self.sockets[entry["seat"]] = stack.enter_context(
                    client.websocket_connect(
                        f"/ws/games/{self.id}?seat={entry['seat']}&token={entry['token']}"
                    )
                )
        self.sockets[SPECTATOR] = stack.enter_context(
            client.websocket_connect(f"/ws/games/{self.id}")
        )
        #: every message each viewer received, in order: (kind, message)
        self.received: dict[Any, list[dict[str, Any]]] = {v: [] for v in self.sockets}
        self.latest: dict[Any, dict[str, Any]] = {}
        self.sync()

    def recv(self, viewer: Any) -> dict[str, Any]:
        text = self.sockets[viewer].receive_text()
        message = json.loads(text)
        message["_text"] = text
        self.received[viewer].append(message)
        return message

    def viewer_of(self, viewer: Any) -> int:
        return core_view.SPECTATOR if viewer == SPECTATOR else viewer

    def sync(self, moves: int = 0) -> Game:
        """Receive, on each socket, every state the server sent it (a bot's moves included);
        none while a decision hidden from its viewer is pending."""
        game = settled(self.manager, self.id, moves, len(self.sockets))
        for client in list(game.clients):
            viewer = SPECTATOR if client.seat is None else client.seat
            while client.version is not None and (
                viewer not in self.latest or self.latest[viewer]["version"] != client.version
            ):
                self.latest[viewer] = self.recv(viewer)
                assert self.latest[viewer]["type"] == "state", self.latest[viewer]
        return game

    def step(self, rng: random.Random) -> bool:
        """One human move (after a bad message now and then); False once the game is over."""
        game = self.sync()
        if game.over:
            return False
        seat = current_player(game.state)
        assert seat in self.sockets and self.latest[seat]["legal"], "a person is to move"
        latest = self.latest[seat]
        version = latest["version"]
        other = 1 - seat
        roll = rng.random()
        if roll < 0.05:
            self.bad(seat, {"type": "move", "move": "play nothing:0", "version": version})
        elif roll < 0.08:
            self.bad(seat, {"type": "move", "move": latest["legal"][0], "version": version + 3})
        elif roll < 0.10 and not game.hidden_from(self.viewer_of(SPECTATOR)):
            self.bad(SPECTATOR, {"type": "move", "move": latest["legal"][0], "version": version})
        elif roll < 0.12 and other in self.sockets and not game.hidden_from(other):
            self.bad(other, {"type": "move", "move": "pass", "version": version})
        moves = game.version
        self.sockets[seat].send_json(
            {"type": "move", "move": rng.choice(latest["legal"]), "version": version}
        )
        self.sync(moves + 1)
        return True

    def bad(self, viewer: Any, message: dict[str, Any]) -> None:
        self.sockets[viewer].send_json(message)
        error = self.recv(viewer)
        assert error["type"] == "error", error
        assert "\n" not in error["message"]


def states_of(record: dict[str, Any], viewer: Any = None) -> list[State]:
    """The true state after each number of moves ``viewer`` may know were made (a socket's
    ``version``), replayed from the record: a pass at a decision hidden from them counts no
    move (claim.core.unseen), and the state a version shows is the last with that count.
    ``viewer`` None: after each move of the record."""
    seen = core_view.SPECTATOR if viewer == SPECTATOR else viewer
    state = initial_state(record)
    states = [state.clone()]
    for move in record["moves"]:
        hidden = seen is not None and unseen_move(state, move, seen)
        apply(state, move)
        if hidden:
            states[-1] = state.clone()
        else:
            states.append(state.clone())
    return states


def secret_names(state: State, viewer: Any, known: set[str]) -> list[str]:
    """Names a log line or error must not hold: the other's unused artifacts (both players' for
    a spectator) and, when the heroes in the deck are a secret draw, the heroes not seen yet."""
    if is_over(state):
        return []
    config = state.config
    owners = (0, 1) if viewer == SPECTATOR else (1 - viewer,)
    names = [artifact_title(a) for p in owners for a in state.artifacts[p]]
    names += [a for p in owners for a in state.artifacts[p]]
    if len(config.heroes) < len(config.hero_pool):
        for hero in config.heroes:
            if f"hero:{hero}" not in known:
                names += [hero_title(hero), f"hero:{hero}"]
    return names


def check_viewer(
    viewer: Any,
    messages: list[dict[str, Any]],
    states: list[State],
    seed: int,
    tokens: dict[int, str],
) -> int:
    known: set[str] = set()
    checked = 0
    seen_versions = []
    for message in messages:
        text = message.pop("_text")
        assert not (all_keys({k: v for k, v in message.items() if k != "view"}) & FORBIDDEN_KEYS)
        if message.get("status") != "finished":
            # the seed is told once the game is over (issue 35: the log's last line), never before
            assert str(seed) not in text
        for seat, token in tokens.items():
            if seat != viewer:
                assert token not in text
        if message["type"] == "error":
            lines = [message["message"]]
            state = states[seen_versions[-1]]
        else:
            version = message["version"]
            seen_versions.append(version)
            state = states[version]
            seat = None if viewer == SPECTATOR else viewer
            assert message["seat"] == seat
            expected = spectate(state) if seat is None else observe(state, seat)
            assert message["view"] == expected, f"view of {viewer} at version {version}"
            to_act = seat is not None and not is_over(state) and current_player(state) == seat
            assert message["legal"] == (legal_actions(state) if to_act else [])
            assert message["status"] == ("finished" if is_over(state) else "in-progress")
            assert message["result"] == state.result
            assert not (all_keys(message["view"]) & {"seed", "deal", "chance", "token"})
            known |= code_tokens(json.dumps(expected)) | code_tokens(" ".join(message["legal"]))
            # a Wishing Lamp's name is said aloud, from the game's public list (A27, W12)
            known |= {
                move.split(" ", 2)[2]
                for move in state.moves
                if move.startswith("use wishing-lamp ")
            }
            lines = message["log"]
        leaked = code_tokens(text) - known
        assert not leaked, f"{viewer} was sent {sorted(leaked)} in {text[:300]}"
        # the public hero pool is named in full (hero_table_lines): it says no secret draw
        pool = set(hero_table_lines(state.config))
        for name in secret_names(state, viewer, known):
            for line in lines:
                if line not in pool:
                    assert name not in line, f"{viewer} was told {name!r}: {line}"
        checked += 1
    # at most one state message per move the viewer may know of, in order, up to the last (a
    # move made while a decision hidden from them was pending may be told with the next one)
    assert seen_versions == sorted(set(seen_versions))
    assert seen_versions[-1] == len(states) - 1
    return checked


@pytest.mark.parametrize(
    ("options", "seats", "seed"),
    game_cases(),
    ids=[f"{o['building']}-{o['setting']}-{'-'.join(s)}" for o, s, _ in game_cases()],
)
def test_no_message_leaks(
    client: TestClient, options: dict[str, Any], seats: list[str], seed: int
) -> None:
    created = client.post(
        "/api/games", json={"options": options, "seed": seed, "seats": seats}
    ).json()
    rng = random.Random(seed)
    with ExitStack() as stack:
        table = Table(client, stack, created)
        moves = 0
        while table.step(rng):
            moves += 1
        assert moves > 10
    record = client.get(f"/api/games/{created['id']}/record").json()
    total = 0
    for viewer, messages in table.received.items():
        states = states_of(record, viewer)
        assert is_over(states[-1])
        total += check_viewer(viewer, messages, states, seed, table.tokens)
    # about one message per move for each socket (none for a pass hidden from it)
    assert total > 2 * moves
    # the views checked hold every kind of hidden card the game has: the test saw secrets
    assert any("?" in json.dumps(m.get("view")) for m in table.received[SPECTATOR])
