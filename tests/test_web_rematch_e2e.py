"""The rematch and the lobby's filters in headless Chromium (issue 17): a finished game's
"Rematch" takes the player to the new game in the other seat; the lobby lists in-progress,
finished or this browser's games. The server, the browser and the helpers are
``test_web_e2e``'s; the finished game is played here over its WebSocket, by random moves."""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import BrowserContext
from websockets.sync.client import connect as ws_connect

import test_web_e2e as e2e
from test_web_e2e import api, create_game, wait_finished, watch_errors

# the fixtures of test_web_e2e, found by pytest under these names
server = e2e.server
browser = e2e.browser
context = e2e.context


def _play_seat(base: str, created: dict[str, Any], seat: int, seed: int) -> None:
    """Play ``seat`` of a game against a bot to the end, by random legal moves."""
    rng = random.Random(seed)
    url = base.replace("http://", "ws://") + created["seats"][seat]["url"].replace(
        "/play/", "/ws/games/"
    )
    with ws_connect(url, open_timeout=10) as ws:
        message = json.loads(ws.recv(timeout=10))
        while message.get("status") != "finished":
            if message.get("type") == "state" and message["legal"]:
                move = rng.choice(message["legal"])
                ws.send(json.dumps({"type": "move", "move": move, "version": message["version"]}))
            message = json.loads(ws.recv(timeout=30))


def test_rematch_takes_the_player_to_the_new_game_in_the_other_seat(
    server: str, context: BrowserContext
) -> None:
    created = create_game(server, ["human", "bot:random"], options={"heroes": "2"}, seed=14)
    _play_seat(server, created, 0, 1)
    wait_finished(server, created["id"])
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server + created["seats"][0]["url"])
    page.wait_for_function("() => document.body.dataset.status === 'finished'")
    page.click("#rematch")
    page.wait_for_url("**seat=1**")
    new_id = page.url.split("/play/")[1].split("?")[0]
    assert new_id != created["id"]
    summary = api(server, f"/api/games/{new_id}")
    assert summary["seats"] == ["bot:random", "human"]
    assert summary["options"]["heroes"] == "2"
    page.wait_for_function("() => document.body.dataset.status === 'in-progress'")
    assert errors == []


def test_the_lobby_filters_the_games(server: str, context: BrowserContext) -> None:
    finished = create_game(server, ["bot:random", "bot:random"], seed=15)["id"]
    playing = create_game(server, ["human", "human"], seed=16)["id"]
    wait_finished(server, finished)
    page = context.new_page()
    page.goto(server + "/")
    page.locator(f"#games tr[data-id='{finished}']").wait_for()

    def shown() -> dict[str, str]:
        rows = page.locator("#games tbody tr")
        return dict(
            zip(
                rows.evaluate_all("els => els.map(e => e.dataset.id)"),
                rows.evaluate_all("els => els.map(e => e.dataset.status)"),
                strict=True,
            )
        )

    page.select_option("#games-filter", "finished")
    page.locator(f"#games tr[data-id='{playing}']").wait_for(state="detached")
    assert finished in shown() and set(shown().values()) == {"finished"}
    page.select_option("#games-filter", "in-progress")
    page.locator(f"#games tr[data-id='{finished}']").wait_for(state="detached")
    assert playing in shown() and set(shown().values()) == {"in-progress"}
    # this browser has no seat yet: "mine" is empty and says so
    page.select_option("#games-filter", "mine")
    page.wait_for_function("() => document.body.dataset.games === '0'")
    assert page.inner_text("#games-empty") == "No game of yours in this browser."
    # the choice is kept
    page.reload()
    # the lobby restores the choice before it lists the games: read it once they are listed
    page.wait_for_function("() => document.body.dataset.games !== undefined")
    assert page.input_value("#games-filter") == "mine"
