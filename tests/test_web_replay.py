"""The replay API's views (``GET /api/games/{id}/replay/{n}?view=``): every card, either
player's view at that move, a spectator's; the story so far (``history``) as that viewer was
told it; a bad view is a one-line error."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from claim.apps.web.app import create_app
from claim.core.records import replay
from claim.core.view import report, spectate
from test_web_api import assert_error, create


@pytest.fixture
def client() -> Any:
    with TestClient(create_app("sqlite://")) as test_client:
        yield test_client


def test_each_view_of_a_replay_is_that_viewers_view_and_log(client: TestClient) -> None:
    created = create(client, seats=["bot:random", "bot:random"], seed=12, options={"heroes": "2"})
    gid = created["id"]
    deadline = time.monotonic() + 30
    while client.get(f"/api/games/{gid}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.02)
    record = client.get(f"/api/games/{gid}/record").json()
    state = replay(record, 17)
    expected = {
        "all": report(state),
        "0": report(state, viewer=0),
        "1": report(state, viewer=1),
        "spectator": spectate(state),
    }
    histories = {}
    for view, want in expected.items():
        got = client.get(f"/api/games/{gid}/replay/17?view={view}").json()
        assert {k: got[k] for k in want} == want
        assert got["viewer"] == view and got["n"] == 17 and len(got["history"]) == 18
        assert got["log"] == got["history"][-1]
        histories[view] = got["history"]
    # the default is everything; the seats' stories differ from it and from each other
    assert client.get(f"/api/games/{gid}/replay/17").json()["history"] == histories["all"]
    assert histories["0"][0][0] == "The game as player 0 saw it."
    assert histories["spectator"][0][0] == "The game as a spectator saw it."
    assert len({str(h) for h in histories.values()}) == 4
    assert_error(client.get(f"/api/games/{gid}/replay/3?view=2"), 400, "view must be one of all")
