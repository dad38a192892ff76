"""The web server's protocol (docs/web.md), through Starlette's TestClient: games against a bot
and between two seats played to the end over the WebSocket, spectators, the lobby's HTTP API,
records and replays, and a one-line error for every kind of bad input, with nothing changed."""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.waits import PATIENCE_S

from claim.apps.web.app import STATIC, create_app
from claim.core.engine import current_player, is_over, legal_actions
from claim.core.records import initial_state, replay
from claim.core.unseen import Unseen
from claim.core.view import report, spectate
from claim.text.account import Narrator, named
from test_web_leaks import receive_owed, states_of


@pytest.fixture
def client() -> Any:
    with TestClient(create_app("sqlite://", chosen_deals=True)) as test_client:
        yield test_client


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def seat_url(created: dict[str, Any], seat: int, token: str | None = None) -> str:
    token = token if token is not None else created["seats"][seat]["token"]
    return f"/ws/games/{created['id']}?seat={seat}&token={token}"


def assert_error(answer: Any, status: int, starts: str) -> None:
    """An HTTP error: the status, and exactly ``{"error": "one line"}``."""
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert list(body) == ["error"]
    assert "\n" not in body["error"] and "Traceback" not in body["error"]
    assert body["error"].startswith(starts), body["error"]


def socket_error(ws: Any, starts: str) -> None:
    message = ws.receive_json()
    assert message["type"] == "error", message
    assert list(message) == ["type", "message"]
    assert "\n" not in message["message"]
    assert message["message"].startswith(starts), message["message"]


def play_to_the_end(ws: Any, first: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """Play one seat by random legal moves; every state message received, in order."""
    messages = [first]
    message = first
    while message["status"] != "finished":
        if message["legal"]:
            move = rng.choice(message["legal"])
            ws.send_json({"type": "move", "move": move, "version": message["version"]})
        message = ws.receive_json()
        assert message["type"] == "state", message
        messages.append(message)
    return messages


# -- a game against a bot -------------------------------------------------------------------------


def test_create_a_game_against_a_bot_and_play_it_to_the_end(client: TestClient) -> None:
    created = create(
        client,
        options={"heroes": "3", "setting": "random", "building": "random", "artifacts": "all"},
        seed=4242,
        seats=["human", "bot:heuristic"],
    )
    game_id = created["id"]
    human, bot = created["seats"]
    assert set(human) == {"seat", "kind", "token", "url"}
    assert human["seat"] == 0 and human["kind"] == "human" and len(human["token"]) >= 32
    assert human["url"] == f"/play/{game_id}?seat=0&token={human['token']}"
    assert bot == {"seat": 1, "kind": "bot:heuristic"}
    assert created["spectate_url"] == f"/play/{game_id}"

    with client.websocket_connect(seat_url(created, 0)) as ws:
        first = ws.receive_json()
        assert first["type"] == "state" and first["seat"] == 0 and first["version"] == 0
        assert first["log"][0] == "You are player 0, against the heuristic bot."
        assert not any("4242" in line for line in first["log"])
        messages = play_to_the_end(ws, first, random.Random(1))

    # one state message per move the seat may know of, in order (issue 35: a version counts the
    # moves the seat may know were made; no message for a move that opened a window hidden from
    # it, the next one covers it)
    versions = [m["version"] for m in messages]
    assert versions[0] == 0 and all(a < b for a, b in itertools.pairwise(versions))
    for message in messages:
        to_act = message["view"]["next"] is not None and message["view"]["next"]["player"] == 0
        assert bool(message["legal"]) == to_act
        assert message["decision"] is None or to_act
        assert message["result"] is None or message["status"] == "finished"
    final = messages[-1]
    assert final["result"] is not None and final["legal"] == []

    record = client.get(f"/api/games/{game_id}/record")
    assert record.status_code == 200
    assert "attachment" in record.headers["content-disposition"]
    state = replay(record.json())
    moves = record.json()["moves"]
    # the seat's last version: every move but the passes at windows hidden from it
    unseen = Unseen.of(initial_state(record.json()), moves, (0,))
    assert is_over(state) and final["version"] == len(moves) - unseen.counts[0]

    summary = client.get(f"/api/games/{game_id}").json()
    # a finished game's summary counts every move (docs/web.md)
    assert summary["status"] == "finished" and summary["moves"] == len(state.moves)
    assert summary["seats"] == ["human", "bot:heuristic"]
    assert summary["result"] == final["result"]

    assert state.result == final["result"] and record.json()["seed"] == 4242

    start = client.get(f"/api/games/{game_id}/replay/0").json()
    assert start["n"] == 0 and start["move"] is None and start["total"] == len(moves)
    assert any(line.startswith("Factions:") for line in start["log"])
    middle = client.get(f"/api/games/{game_id}/replay/7").json()
    replay_keys = ("log", "history", "n", "total", "move", "moves_words", "facts", "viewer")
    assert {k: v for k, v in middle.items() if k not in replay_keys} == report(
        replay(record.json(), 7)
    )
    assert middle["viewer"] == "all" and middle["history"][-1] == middle["log"]
    assert middle["move"] == record.json()["moves"][6]
    end = client.get(f"/api/games/{game_id}/replay/{len(moves)}").json()
    narrator = Narrator(initial_state(record.json()))
    # the replay page's logs name the cards as a person reads them (issue 37)
    told = [[named(line) for line in narrator.apply(move)] for move in moves]
    assert end["status"] == "finished" and end["log"] == told[-1] and end["log"]
    assert client.get(f"/api/games/{game_id}/replay/7").json()["log"] == told[6]
    assert_error(client.get(f"/api/games/{game_id}/replay/{len(moves) + 1}"), 400, "n must")
    assert_error(client.get(f"/api/games/{game_id}/replay/x"), 400, "n must")

    listing = client.get("/api/games")
    assert listing.status_code == 200
    assert [g["id"] for g in listing.json()["games"]] == [game_id]
    assert human["token"] not in listing.text and "4242" not in listing.text

    # the finished game: a socket gets its last state; a move is refused
    with client.websocket_connect(seat_url(created, 0)) as ws:
        again = ws.receive_json()
        assert again["version"] == final["version"] and again["status"] == "finished"
        assert again["view"] == final["view"] and len(again["log"]) > len(first["log"])
        ws.send_json({"type": "move", "move": "pass", "version": final["version"]})
        socket_error(ws, "the game is over")


def test_a_bot_seat_first_moves_before_the_human(client: TestClient) -> None:
    created = create(client, options={"first_leader": "0"}, seats=["bot:random", "human"])
    assert "token" not in created["seats"][0] and created["seats"][1]["kind"] == "human"
    with client.websocket_connect(seat_url(created, 1)) as ws:
        message = ws.receive_json()
        while not message["legal"]:  # the bot leads the first trick on its own
            message = ws.receive_json()
        assert message["version"] >= 1 and message["seat"] == 1
        assert message["log"][0] == "You are player 1, against the random bot."


def test_bots_play_a_game_alone_and_spectators_watch(client: TestClient) -> None:
    created = create(client, seats=["bot:random", "bot:random"], seed=77)
    assert all("token" not in seat for seat in created["seats"])
    deadline = time.monotonic() + PATIENCE_S  # the event: the game finished
    while client.get(f"/api/games/{created['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.02)
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        message = ws.receive_json()
        assert message["seat"] is None and message["status"] == "finished"
        assert "decision" not in message and message["legal"] == []


# -- two people ------------------------------------------------------------------------------------


def test_two_human_seats_and_a_spectator(client: TestClient) -> None:
    created = create(
        client,
        options={"factions": "claim2", "artifacts": "all"},
        seed=31,
        seats=["human", "human"],
    )
    game_id = created["id"]
    rng = random.Random(5)
    received: dict[Any, list[dict[str, Any]]] = {0: [], 1: [], None: []}
    manager = client.app.state.manager  # type: ignore[attr-defined]
    with (
        client.websocket_connect(seat_url(created, 0)) as ws0,
        client.websocket_connect(seat_url(created, 1)) as ws1,
        client.websocket_connect(f"/ws/games/{game_id}") as watcher,
    ):
        sockets = {0: ws0, 1: ws1, None: watcher}
        latest: dict[Any, dict[str, Any]] = {}
        # each socket's states: one per move its viewer may know was made (issue 35)
        game = receive_owed(manager, game_id, 0, sockets, latest, received)
        assert received[0][0]["log"][0] == "You are player 0, against another player."
        assert received[None][0]["log"][0].startswith("You are watching: player 0 (a human")
        while not game.over:
            seat = current_player(game.state)
            assert seat in (0, 1) and latest[seat]["legal"] and latest[None]["legal"] == []
            version = latest[seat]["version"]
            move = rng.choice(latest[seat]["legal"])
            made = game.version  # before the server makes the move
            sockets[seat].send_json({"type": "move", "move": move, "version": version})
            game = receive_owed(manager, game_id, made + 1, sockets, latest, received)
    record = client.get(f"/api/games/{game_id}/record").json()
    watched = states_of(record, "spectator")
    for message in received[None]:
        assert message["view"] == spectate(watched[message["version"]])
        assert message["seat"] is None and "decision" not in message
    # the artifact windows hidden from the spectator: fewer numbers than moves
    assert received[None][-1]["version"] == len(watched) - 1 < len(record["moves"])
    for seat in (0, 1):
        states = states_of(record, seat)
        versions = [m["version"] for m in received[seat]]
        assert versions == sorted(set(versions)) and versions[-1] == len(states) - 1
        for message in received[seat]:
            state = states[message["version"]]
            to_act = not is_over(state) and current_player(state) == seat
            assert message["legal"] == (legal_actions(state) if to_act else [])


def test_the_log_comes_again_after_a_reconnect(client: TestClient) -> None:
    created = create(client, seed=9, seats=["human", "human"])
    with client.websocket_connect(seat_url(created, 0)) as ws:
        first = ws.receive_json()
        log = list(first["log"])
        message = first
        ws.send_json({"type": "move", "move": message["legal"][0], "version": 0})
        message = ws.receive_json()
        assert message["version"] == 1 and message["log"] == []  # no trick completed yet
        log.extend(message["log"])
    with client.websocket_connect(seat_url(created, 0)) as ws:
        again = ws.receive_json()
        assert again["version"] == message["version"] and again["log"] == log


# -- bad input ------------------------------------------------------------------------------------


def test_bad_messages_get_one_line_errors_and_change_nothing(client: TestClient) -> None:
    created = create(client, seed=3, seats=["human", "human"])
    game_id = created["id"]
    with (
        client.websocket_connect(seat_url(created, 0)) as ws0,
        client.websocket_connect(seat_url(created, 1)) as ws1,
        client.websocket_connect(f"/ws/games/{game_id}") as watcher,
    ):
        start = ws0.receive_json()
        ws1.receive_json()
        watcher.receive_json()
        assert start["legal"] and start["version"] == 0
        legal = start["legal"][0]

        ws0.send_text("{not json")
        socket_error(ws0, "malformed message: not valid JSON")
        ws0.send_text("[1, 2]")
        socket_error(ws0, "malformed message: expected")
        ws0.send_json({"type": "chat", "text": "hi"})
        socket_error(ws0, "malformed message: unknown type 'chat'")
        ws0.send_json({"type": "move", "move": legal})
        socket_error(ws0, "malformed message: expected")
        ws0.send_json({"type": "move", "move": legal, "version": "0"})
        socket_error(ws0, "malformed message: expected")
        ws0.send_bytes(b'{"type": "move"}')
        socket_error(ws0, "malformed message: send JSON text")
        ws0.send_text("x" * 5000)
        socket_error(ws0, "malformed message: longer than")
        ws0.send_json({"type": "move", "move": legal, "version": 1})
        socket_error(ws0, "stale move: the game is at version 0, not 1")
        ws0.send_json({"type": "move", "move": "play goblins:99", "version": 0})
        socket_error(ws0, "illegal move 'play goblins:99'; legal moves: ")
        ws1.send_json({"type": "move", "move": legal, "version": 0})
        socket_error(ws1, "it is not your turn")
        watcher.send_json({"type": "move", "move": legal, "version": 0})
        socket_error(watcher, "spectators cannot move")

        assert client.get(f"/api/games/{game_id}").json()["moves"] == 0
        ws0.send_json({"type": "move", "move": legal, "version": 0})
        for ws in (ws0, ws1, watcher):  # nothing else was sent to anyone before this state
            message = ws.receive_json()
            assert message["type"] == "state" and message["version"] == 1
    assert client.get(f"/api/games/{game_id}").json()["moves"] == 1


def refused(client: TestClient, url: str, code: int, starts: str) -> None:
    with client.websocket_connect(url) as ws:
        socket_error(ws, starts)
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == code


def test_wrong_tokens_and_unknown_games_close_the_socket(client: TestClient) -> None:
    created = create(client, seats=["human", "bot:random"])
    game_id = created["id"]
    token = created["seats"][0]["token"]
    refused(client, f"/ws/games/nosuchgame?seat=0&token={token}", 4004, "unknown game 'nosuchgame'")
    refused(client, "/ws/games/nosuchgame", 4004, "unknown game")
    refused(client, seat_url(created, 0, token[:-1] + "x"), 4003, "wrong token for seat 0")
    refused(client, seat_url(created, 0, ""), 4003, "wrong token for seat 0")
    refused(client, f"/ws/games/{game_id}?seat=0", 4003, "wrong token for seat 0")
    refused(client, seat_url(created, 1, token), 4003, "seat 1 is played by a bot")
    refused(client, seat_url(created, 2, token), 4003, "the seat must be 0 or 1")
    refused(client, f"/ws/games/{game_id}?token={token}", 4003, "the seat must be 0 or 1")
    two = create(client, seats=["human", "human"])
    # one seat's token does not open the other seat
    refused(client, seat_url(two, 1, two["seats"][0]["token"]), 4003, "wrong token for seat 1")
    assert client.get(f"/api/games/{game_id}").json()["moves"] == 0


@pytest.mark.parametrize(
    ("body", "starts"),
    [
        ({"options": {"heroes": "foo"}}, "--heroes: unknown hero 'foo'"),
        ({"options": {"factions": "goblins"}}, "--factions: "),
        ({"options": {"setting": "castle"}}, "--setting: "),
        ({"options": {"building": "nowhere"}}, "--building: "),
        ({"options": {"artifacts": "sword"}}, "--artifacts: "),
        ({"options": {"first_leader": "2"}}, "--first-leader: "),
        ({"options": {"hero_count": 2}}, "--hero-count: "),
        ({"options": {"hero_count": "many"}}, "--hero-count: must be a whole number"),
        ({"options": {"hero_values": "jester=x"}}, "--hero-values: "),
        ({"options": {"heroes": ["jester"]}}, "--heroes: must be a string"),
        ({"options": {"colour": "red"}}, "options: unknown option 'colour'"),
        ({"options": "claim"}, "options: must be an object"),
        ({"seed": "abc"}, "--seed: must be a whole number"),
        ({"seed": -1}, "--seed: must be a whole number"),
        ({"seats": ["human"]}, "seats: must be a list of two seats"),
        ({"seats": ["human", "robot"]}, 'seats[1]: must be "human" or "bot:NAME[:STRENGTH]"'),
        ({"seats": ["human", "bot:genius"]}, "seats[1]: unknown bot 'genius'"),
        ({"seats": ["bot:search:godlike", "human"]}, "seats[0]: unknown strength 'godlike'"),
        ({"players": 2}, "unknown field 'players'"),
    ],
)
def test_bad_new_games_are_refused_naming_the_option(
    client: TestClient, body: dict[str, Any], starts: str
) -> None:
    assert_error(client.post("/api/games", json=body), 400, starts)
    assert client.get("/api/games").json() == {"games": []}


def test_http_errors_are_one_line_json(client: TestClient) -> None:
    assert_error(
        client.post("/api/games", content=b"{oops", headers={"content-type": "application/json"}),
        400,
        "malformed JSON body",
    )
    assert_error(client.post("/api/games", json=[1]), 400, "the body must be a JSON object")
    assert_error(client.get("/api/games/nosuchgame"), 404, "unknown game 'nosuchgame'")
    assert_error(client.get("/api/games/nosuchgame/record"), 404, "unknown game")
    assert_error(client.get("/api/games/nosuchgame/replay/0"), 404, "unknown game")
    assert_error(client.get("/api/nothing"), 404, "not found")
    assert_error(client.delete("/api/games"), 405, "Method Not Allowed")
    assert_error(client.get("/api/games?limit=0"), 400, "limit: ")
    created = create(client)
    assert_error(client.get(f"/api/games/{created['id']}/record"), 403, "the game is in progress")
    assert_error(client.get(f"/api/games/{created['id']}/replay/0"), 403, "the game is in progress")


def test_defaults_and_the_listing(client: TestClient) -> None:
    first = create(client)
    assert [s["kind"] for s in first["seats"]] == ["human", "bot:heuristic"]
    second = create(
        client, options={"heroes": 2, "hero_count": None}, seats=["human", "bot:search"]
    )
    assert second["seats"][1]["kind"] == "bot:search:medium"
    games = client.get("/api/games").json()["games"]
    assert [g["id"] for g in games] == [second["id"], first["id"]]  # newest first
    assert set(games[0]) == {
        "id",
        "status",
        "seats",
        "labels",
        "created",
        "moves",
        "options",
        "names",
    }
    assert games[0]["names"] == [None, None]
    # who plays each seat in words, for the pages (claim.text.bots): never the codes
    assert games[0]["labels"] == ["human", "search bot (medium)"]
    assert games[0]["options"]["heroes"] == "2" and games[0]["status"] == "in-progress"
    assert games[0]["created"].endswith("Z")
    assert [g["id"] for g in client.get("/api/games?limit=1").json()["games"]] == [second["id"]]


def test_only_hashes_of_the_tokens_are_stored(client: TestClient) -> None:
    created = create(client, seats=["human", "human"], seed=12)
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    stored = store.load(created["id"])
    tokens = [seat["token"] for seat in created["seats"]]
    assert stored.token_hashes == [hashlib.sha256(t.encode()).hexdigest() for t in tokens]
    text = json.dumps([stored.record, stored.position, stored.options, stored.token_hashes])
    assert not any(token in text for token in tokens)


def test_pages_and_static_files(client: TestClient) -> None:
    for url, name in (("/", "index.html"), ("/play/abc", "game.html")):
        answer = client.get(url)
        if (STATIC / name).is_file():
            assert answer.status_code == 200 and "text/html" in answer.headers["content-type"]
            assert answer.headers["referrer-policy"] == "no-referrer"
        else:
            assert_error(answer, 404, f"the page {name} is missing")
    assert client.get("/static/no-such-file.js").status_code == 404
    present = sorted(STATIC.glob("*.js")) if STATIC.is_dir() else []
    if present:
        assert client.get(f"/static/{present[0].name}").status_code == 200


def test_a_move_the_database_or_the_engine_refuses_is_undone(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import claim.apps.web.session as session

    created = create(client, seed=21, seats=["human", "human"])
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    with client.websocket_connect(seat_url(created, 0)) as ws:
        start = ws.receive_json()
        move = start["legal"][0]

        def broken_save(*args: Any) -> None:
            raise OSError("disk full")

        with monkeypatch.context() as patch:
            patch.setattr(store, "save_move", broken_save)
            ws.send_json({"type": "move", "move": move, "version": 0})
            socket_error(ws, "the move could not be saved; try again")

        def broken_apply(state: Any, move: str) -> None:
            state.moves.append(move)  # half done, then the engine fails
            raise RuntimeError("engine bug")

        with monkeypatch.context() as patch:
            # the server applies a move with apply_events (recorded for the narrators) or, when
            # no narrator follows the game, apply
            patch.setattr(session, "apply", broken_apply)
            patch.setattr(session, "apply_events", broken_apply)
            ws.send_json({"type": "move", "move": move, "version": 0})
            socket_error(ws, "internal error: the move was not played")

        assert client.get(f"/api/games/{created['id']}").json()["moves"] == 0
        ws.send_json({"type": "move", "move": move, "version": 0})
        after = ws.receive_json()
        assert after["type"] == "state" and after["version"] == 1
    assert client.get(f"/api/games/{created['id']}").json()["moves"] == 1


def test_the_catalog_is_served_once_for_every_page(client: TestClient) -> None:
    """GET /api/catalog: the describing layer's catalog, the cards' colours and the counters'
    keys, as the pages read them (no copy in the JavaScript); cacheable by its ETag."""
    from claim.apps.palette import LOOKS
    from claim.core import cards
    from claim.core.keys import COUNTER_KEYS
    from claim.text.catalog import CATALOG, catalog_json
    from claim.text.web_words import WEB_WORDS

    answer = client.get("/api/catalog")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/json"
    assert answer.headers["cache-control"] == "no-cache"
    assert answer.headers["content-security-policy"]
    data = answer.json()
    served = {k: v for k, v in data.items() if k not in ("colours", "keys", "words")}
    assert served == catalog_json()
    assert data["words"] == WEB_WORDS  # the pages' own words (claim.text.web_words, issue 37)
    assert [f["key"] for f in data["factions"]] == list(cards.FACTIONS)
    assert [a["key"] for a in data["artifacts"]] == list(cards.ARTIFACTS)
    assert data["keys"]["counters"] == COUNTER_KEYS
    # every colour is a catalog key's, and every faction has one
    assert set(LOOKS) <= set(CATALOG)
    assert set(cards.FACTIONS) <= set(data["colours"])
    etag = answer.headers["etag"]
    again = client.get("/api/catalog", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == etag
    assert client.get("/api/catalog", headers={"If-None-Match": '"old"'}).status_code == 200
