"""The web game's post-game analysis (``/api/games/{id}/analysis``, ``claim.apps.web.analyses``):
a finished game's analysis runs in worker processes, reports its progress and ends with exactly
what ``claim.analysis.analyse`` gives for the record; a game in progress is refused (its analysis
would tell each player what the other knew), and bad requests get one-line errors."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.waits import PATIENCE_S

from claim.analysis import analyse
from claim.apps.web.app import create_app
from test_web_api import assert_error, create

BUDGET = 30


@pytest.fixture
def client() -> Any:
    with TestClient(create_app("sqlite://", analysis_budget=BUDGET)) as test_client:
        yield test_client


def _finished_game(client: TestClient, **options: Any) -> str:
    created = create(client, seats=["bot:random", "bot:heuristic"], seed=91, options=options)
    deadline = time.monotonic() + PATIENCE_S  # the event: the game finished
    while client.get(f"/api/games/{created['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.02)
    return str(created["id"])


def test_a_finished_game_is_analysed_as_claim_analyze_would(client: TestClient) -> None:
    game = _finished_game(client, heroes="3", setting="random", artifacts="all")
    url = f"/api/games/{game}/analysis"
    assert client.get(url).json() == {"state": "none"}
    started = client.post(url, json={})
    assert started.status_code == 202, started.text
    status = started.json()
    assert status["state"] == "running" and status["done"] == 0 and status["total"] > 0
    seen = [status["done"]]
    deadline = time.monotonic() + PATIENCE_S  # the event: the analysis done
    while status["state"] == "running":
        assert time.monotonic() < deadline, status
        time.sleep(0.05)
        status = client.get(url).json()
        if status["state"] == "running":
            assert status["done"] >= seen[-1]
            seen.append(status["done"])
    assert status["state"] == "done", status
    record = client.get(f"/api/games/{game}/record").json()
    assert status["analysis"] == analyse(record, budget=BUDGET, seed=1).to_json()
    # asked again: the same analysis, at once
    again = client.post(url, json={})
    assert again.status_code == 200 and again.json() == status


def test_a_game_in_progress_is_not_analysed(client: TestClient) -> None:
    created = create(client, seats=["human", "bot:random"], seed=5)
    url = f"/api/games/{created['id']}/analysis"
    assert_error(client.get(url), 403, "the game is in progress")
    assert_error(client.post(url, json={}), 403, "the game is in progress")


def test_bad_analysis_requests_get_one_line_errors(client: TestClient) -> None:
    assert_error(client.get("/api/games/nosuchgame/analysis"), 404, "unknown game")
    assert_error(client.post("/api/games/nosuchgame/analysis", json={}), 404, "unknown game")
    game = _finished_game(client)
    url = f"/api/games/{game}/analysis"
    form = client.post(url, content="x=1", headers={"content-type": "text/plain"})
    assert_error(form, 415, "send the request as JSON")
    assert client.get(url).json() == {"state": "none"}  # nothing was started


def test_the_analysis_page_is_served(client: TestClient) -> None:
    page = client.get("/analysis/anything")
    assert page.status_code == 200 and "analysis.js" in page.text
    for name in ("analysis.js", "analysis.css"):
        assert client.get(f"/static/{name}").status_code == 200
