"""Issue 35, "the server holds when someone abuses it": the search bots and the analyses run in a
fair pool of worker processes (:mod:`claim.apps.web.workers`) that a killed worker does not
break, each client's bot games and analyses are counted (429 beyond its quota,
:mod:`claim.apps.web.quotas`), an analysis waiting for a worker says where it stands,
``X-Forwarded-For`` is believed only from a proxy named with ``--trust-proxy``, and the socket's
Origin check compares the scheme."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from tests.waits import PATIENCE_S
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from claim.apps.cli.serve import serve
from claim.apps.web.app import create_app
from claim.apps.web.games import ApiError, _bots
from claim.apps.web.quotas import Limits, Peers, Quotas, parse_proxies
from claim.apps.web.workers import WorkPool, uses_workers
from claim.bots import decide
from claim.core.engine import apply, current_player, is_over
from claim.core.errors import ClaimError
from claim.core.records import initial_state
from clitools import assert_one_line_error, run
from webserver import Server, assert_clean_log

#: the address the test client comes from: a proxy the apps below trust, so that each request
#: names its client in X-Forwarded-For
PROXY = "10.9.9.9"


def as_client(name: str) -> dict[str, str]:
    return {"x-forwarded-for": name}


def assert_error(answer: Any, status: int, starts: str) -> None:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert list(body) == ["error"] and "\n" not in body["error"]
    assert body["error"].startswith(starts), body["error"]


def wait_finished(client: TestClient, game_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + PATIENCE_S  # the event: the game finished
    while True:
        summary = client.get(f"/api/games/{game_id}").json()
        if summary["status"] == "finished":
            return dict(summary)
        assert time.monotonic() < deadline, summary
        time.sleep(0.05)


def replayed_by_the_bots(client: TestClient, game_id: str) -> list[str]:
    """The moves the game's bots make when they play the game's deal here, in this process, as
    the server played them before issue 35 (``decide`` on the state, each bot from its seed)."""
    manager = client.app.state.manager  # type: ignore[attr-defined]
    stored = client.portal.call(manager._db, manager.store.load, game_id)  # type: ignore[union-attr]
    state = initial_state(stored.record)
    bots = _bots(stored.seats, stored.bot_seeds)
    while not is_over(state):
        player = current_player(state)
        assert player is not None
        apply(state, decide(state, bots[player]))
    return list(state.moves)


# -- the pool of worker processes ------------------------------------------------------------------


def test_which_bots_move_in_the_workers() -> None:
    assert uses_workers("bot:search:hard") and uses_workers("bot:search:easy")
    assert not uses_workers("bot:random") and not uses_workers("bot:heuristic")
    assert not uses_workers("human")


def test_the_pool_takes_the_clients_in_turn_and_says_who_is_ahead() -> None:
    async def scenario() -> list[str]:
        pool = WorkPool(1)
        done: list[str] = []
        try:
            futures = []
            for client, job, count in (("a", "a1", 3), ("b", "b1", 1), ("a", "a2", 1)):
                for _ in range(count):
                    future = pool.submit(client, job, pow, 2, 3)
                    future.add_done_callback(lambda f, job=job: done.append(job))
                    futures.append(future)
            # a1's first call is in the worker; b, which had no turn yet, goes next, then a,
            # whose jobs take turns the same way: a2, which had none, before a1
            assert pool.running("a1")
            assert pool.ahead("b1") == 0
            assert pool.ahead("a2") == 1
            assert pool.ahead("a1") == 2
            assert pool.ahead("nothing") is None
            assert await asyncio.gather(*futures) == [8] * 5
        finally:
            pool.close()
        return done

    assert asyncio.run(scenario()) == ["a1", "b1", "a2", "a1", "a1"]


@pytest.fixture
def pooled() -> Iterator[TestClient]:
    """An app with one worker process, no bot quota."""
    app = create_app("sqlite://", bot_processes=1, max_bot_only_games=0, max_bot_games=0)
    with TestClient(app) as client:
        yield client


def test_a_search_bot_plays_a_whole_game_through_the_workers_as_before(
    pooled: TestClient,
) -> None:
    created = pooled.post(
        "/api/games", json={"seats": ["bot:search:easy", "bot:random"], "seed": 404}
    ).json()
    wait_finished(pooled, created["id"])
    record = pooled.get(f"/api/games/{created['id']}/record").json()
    assert record["moves"] == replayed_by_the_bots(pooled, created["id"])
    assert pooled.app.state.work.pids()  # type: ignore[attr-defined]  # it did move there


def test_a_killed_worker_loses_no_game(
    pooled: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    work: WorkPool = pooled.app.state.work  # type: ignore[attr-defined]
    created = pooled.post(
        "/api/games", json={"seats": ["bot:search:medium", "bot:random"], "seed": 405}
    ).json()
    deadline = time.monotonic() + PATIENCE_S  # the event: a move in a worker
    while not (work._running and work.pids()):  # a move of the search bot is in a worker
        assert time.monotonic() < deadline
        time.sleep(0.005)
    os.kill(work.pids()[0], signal.SIGKILL)
    wait_finished(pooled, created["id"])
    record = pooled.get(f"/api/games/{created['id']}/record").json()
    assert record["moves"] == replayed_by_the_bots(pooled, created["id"])
    assert work.restarts == 1
    said = [r.getMessage() for r in caplog.records if r.name == "claim.apps.web"]
    assert said == ["a worker process died: its calls are tried again"]


# -- quotas ----------------------------------------------------------------------------------------


@pytest.fixture
def limited() -> Iterator[TestClient]:
    """An app behind the proxy :data:`PROXY`, whose bots never move (the games stay in play)."""
    app = create_app(
        "sqlite://",
        trust_proxy=[PROXY],
        max_bot_games=2,
        max_bot_only_games=1,
        max_analyses=1,
        bot_processes=1,
        analysis_budget=30,
    )
    with TestClient(app, client=(PROXY, 4000)) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        manager._schedule_bots = lambda game, lease=None: None
        yield client


def new_game(client: TestClient, who: str, seats: list[str], **extra: Any) -> Any:
    return client.post("/api/games", json={"seats": seats, **extra}, headers=as_client(who))


def test_a_client_gets_its_quota_of_bot_games_and_no_more(limited: TestClient) -> None:
    bot_first = {"options": {"first_leader": "1"}}  # its bot to move: the game is in play
    assert new_game(limited, "1.1.1.1", ["bot:random", "bot:random"]).status_code == 201
    assert_error(
        new_game(limited, "1.1.1.1", ["bot:search:hard", "bot:random"]),
        429,
        "too many bot-only games: at most 1 in play at once for each client; wait until one ends",
    )
    assert new_game(limited, "1.1.1.1", ["human", "bot:heuristic"], **bot_first).status_code == 201
    assert_error(
        new_game(limited, "1.1.1.1", ["human", "bot:random"], **bot_first),
        429,
        "too many games against bots: at most 2 in play at once for each client",
    )
    # a game between people is no bot game; another client has its own quota
    assert new_game(limited, "1.1.1.1", ["human", "human"]).status_code == 201
    assert new_game(limited, "2.2.2.2", ["bot:random", "bot:random"]).status_code == 201
    # once the bot-only game is over, its place is free again
    manager = limited.app.state.manager  # type: ignore[attr-defined]
    games = [g for g in manager.games.values() if g.seats == ["bot:random", "bot:random"]]
    limited.portal.call(manager._run_bots, games[0])  # type: ignore[union-attr]
    assert new_game(limited, "1.1.1.1", ["bot:random", "bot:random"]).status_code == 201


def test_a_refused_game_is_not_created(limited: TestClient) -> None:
    assert new_game(limited, "3.3.3.3", ["bot:random", "bot:random"]).status_code == 201
    before = limited.get("/api/games").json()["games"]
    assert new_game(limited, "3.3.3.3", ["bot:random", "bot:random"]).status_code == 429
    assert limited.get("/api/games").json()["games"] == before


def test_two_requests_of_one_client_at_once_cannot_both_take_the_last_place() -> None:
    quotas = Quotas(Limits(bot_only_games=1))
    playing: set[str] = set()
    outcomes: list[str] = []

    async def new(game_id: str) -> None:
        async with quotas.serial("c"):
            try:
                quotas.admit("c", ["bot:random", "bot:random"], playing.__contains__)
            except ApiError as exc:
                outcomes.append(f"{exc.status}")
                return
            await asyncio.sleep(0)  # the database's insert: the other request runs meanwhile
            playing.add(game_id)
            quotas.add("c", game_id, ["bot:random", "bot:random"])
            outcomes.append("201")

    async def both() -> None:
        await asyncio.gather(new("g1"), new("g2"))

    asyncio.run(both())
    assert sorted(outcomes) == ["201", "429"]
    assert quotas._locks == {}  # nothing kept for a client with no request


def finished_games(client: TestClient, count: int) -> list[str]:
    manager = client.app.state.manager  # type: ignore[attr-defined]
    found = []
    for n in range(count):
        created = new_game(client, f"9.9.9.{n}", ["bot:random", "bot:heuristic"], seed=50 + n)
        game = manager.games[created.json()["id"]]
        client.portal.call(manager._run_bots, game)  # type: ignore[union-attr]
        found.append(game.id)
    return found


def hold_until(path: str) -> None:
    """In a worker: keep it busy until ``path`` exists (the test lets it go)."""
    while not os.path.exists(path):
        time.sleep(0.01)


def test_analyses_wait_in_a_fair_queue_within_each_clients_quota(
    limited: TestClient, tmp_path: Path
) -> None:
    first, second, third, fourth = finished_games(limited, 4)
    work: WorkPool = limited.app.state.work  # type: ignore[attr-defined]
    go = tmp_path / "go"

    async def hold() -> None:  # the one worker is busy until the test says go
        work.submit("someone", "hold", hold_until, str(go))

    limited.portal.call(hold)  # type: ignore[union-attr]

    def analyse(game: str, who: str) -> Any:
        return limited.post(f"/api/games/{game}/analysis", json={}, headers=as_client(who))

    try:
        answer = analyse(first, "4.4.4.4")
        assert answer.status_code == 202
        assert answer.json()["state"] == "queued" and answer.json()["ahead"] == 0
        assert answer.json()["message"] == "Waiting for a worker: this analysis is next."
        assert_error(
            analyse(second, "4.4.4.4"),
            429,
            "too many analyses: at most 1 queued or running at once for each client; wait until",
        )
        # each client's analysis after those of the clients that came before
        answer = analyse(second, "5.5.5.5")
        assert answer.status_code == 202, answer.text
        assert answer.json()["state"] == "queued" and answer.json()["ahead"] == 1
        assert answer.json()["message"] == "Waiting for a worker: 1 job is ahead of this analysis."
        status = analyse(third, "6.6.6.6").json()
        assert status["state"] == "queued" and status["ahead"] == 2, status
        assert status["message"] == "Waiting for a worker: 2 jobs are ahead of this analysis."
        # asking again is no new analysis: the same place in the queue
        assert limited.get(f"/api/games/{third}/analysis").json() == status
        assert analyse(third, "6.6.6.6").json() == status
    finally:
        go.touch()
    # each ends; then the client may ask for another
    for game in (first, second, third):
        deadline = time.monotonic() + PATIENCE_S  # the event: the analysis done
        while (state := limited.get(f"/api/games/{game}/analysis").json())["state"] != "done":
            assert state["state"] in ("queued", "running"), state
            assert time.monotonic() < deadline
            time.sleep(0.05)
    assert analyse(fourth, "4.4.4.4").status_code == 202


def test_the_limits_are_checked() -> None:
    with pytest.raises(ClaimError, match="--max-bot-games: must be a whole number 0 or more"):
        Limits(bot_games=-1)
    with pytest.raises(ClaimError, match=r"--trust-proxy: 'proxy\.example' is not an IP address"):
        parse_proxies(["127.0.0.1,proxy.example"])
    with pytest.raises(ClaimError, match="--bot-processes: must be a whole number 1 or more"):
        create_app("sqlite://", bot_processes=0)


# -- who the client is -----------------------------------------------------------------------------


def test_the_forwarded_address_is_read_only_from_a_trusted_proxy() -> None:
    spoofed = {"x-forwarded-for": "6.6.6.6", "x-forwarded-proto": "https"}
    nobody = Peers()
    assert nobody.client("1.2.3.4", spoofed) == "1.2.3.4"
    assert nobody.client("127.0.0.1", spoofed) == "127.0.0.1"
    assert nobody.scheme("ws", "127.0.0.1", spoofed) == "http"
    proxies = Peers(["127.0.0.1", "10.0.0.0/8"])
    assert proxies.client("127.0.0.1", spoofed) == "6.6.6.6"
    assert proxies.scheme("ws", "127.0.0.1", spoofed) == "https"
    assert proxies.client("1.2.3.4", spoofed) == "1.2.3.4"  # not a proxy: the header is not read
    # the nearest address that is not a trusted proxy: what a client wrote first is not believed
    chain = {"x-forwarded-for": "6.6.6.6, 7.7.7.7, 10.1.2.3"}
    assert proxies.client("127.0.0.1", chain) == "7.7.7.7"
    assert proxies.client("127.0.0.1", {}) == "127.0.0.1"
    assert proxies.client(None, {}) == "unknown"


@pytest.fixture(scope="module")
def direct(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real server that trusts no proxy."""
    real = Server(tmp_path_factory.mktemp("direct"), max_games_per_minute=2)
    yield real
    real.stop()
    assert_clean_log(real.log())


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A real server behind a proxy on 127.0.0.1 (the tests play the proxy)."""
    real = Server(
        tmp_path_factory.mktemp("proxied"), max_games_per_minute=2, trust_proxy=["::1", "127.0.0.1"]
    )
    yield real
    real.stop()
    assert_clean_log(real.log())


def post_games(server: Server, forwarded: list[str]) -> list[int]:
    body = json.dumps({"seats": ["human", "human"]})
    headers = {"content-type": "application/json"}
    with httpx.Client(base_url=server.http, trust_env=False) as http:
        return [
            http.post(
                "/api/games", content=body, headers={**headers, "x-forwarded-for": ip}
            ).status_code
            for ip in forwarded
        ]


def test_a_spoofed_forwarded_address_does_not_get_past_the_rate(direct: Server) -> None:
    assert post_games(direct, ["1.0.0.1", "1.0.0.2", "1.0.0.3"]) == [201, 201, 429]


def test_a_trusted_proxy_names_the_client(proxied: Server) -> None:
    assert post_games(proxied, ["2.0.0.1", "2.0.0.2", "2.0.0.3"]) == [201, 201, 201]
    assert post_games(proxied, ["2.0.0.9", "2.0.0.9", "2.0.0.9"]) == [201, 201, 429]


def socket_opens(server: Server, origin: str, headers: dict[str, str] | None = None) -> bool:
    try:
        with connect(
            f"{server.ws}/ws/games/nosuchgame",
            origin=Origin(origin),
            additional_headers=headers,
            proxy=None,
            open_timeout=PATIENCE_S,
        ) as ws:
            ws.recv(timeout=PATIENCE_S)  # the unknown game's error: the socket was let in
            return True
    except InvalidStatus as refused:
        assert refused.response.status_code == 403
        body = json.loads(refused.response.body or b"")
        assert body["error"].startswith("the origin "), body
        return False


def test_the_origin_check_compares_the_scheme(direct: Server, proxied: Server) -> None:
    assert socket_opens(direct, f"http://127.0.0.1:{direct.port}")
    assert not socket_opens(direct, f"https://127.0.0.1:{direct.port}")
    # a client cannot say it came over https; a trusted proxy can
    https = {"x-forwarded-proto": "https"}
    assert not socket_opens(direct, f"https://127.0.0.1:{direct.port}", https)
    assert socket_opens(proxied, f"https://127.0.0.1:{proxied.port}", https)
    assert not socket_opens(proxied, f"http://127.0.0.1:{proxied.port}", https)


def test_serve_has_the_options(tmp_path: Path) -> None:
    result = run("serve", "--help")
    for option in (
        "--trust-proxy",
        "--bot-processes",
        "--max-bot-games",
        "--max-bot-only-games",
        "--max-analyses",
    ):
        assert option in result.output
    # the command's defaults are the server's
    defaults = {param.name: param.default for param in serve.params}
    limits = Limits()
    assert defaults["max_bot_games"] == limits.bot_games
    assert defaults["max_bot_only_games"] == limits.bot_only_games
    assert defaults["max_analyses"] == limits.analyses
    db = str(tmp_path / "games.db")
    bad = run("serve", "--port", "0", "--db", db, "--trust-proxy", "proxy.example")
    assert_one_line_error(bad, "--trust-proxy: 'proxy.example' is not an IP address")
