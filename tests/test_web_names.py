"""Display names (issue 17): a new game may name its seats; the names are checked (printable, at
most 24 characters), kept in the database (a database made before names existed gains the
column), listed, used by the log instead of "player 0" / "your opponent", swapped by a rematch,
and always sent as plain JSON strings (the pages put them in as text: tests/test_web_names_e2e)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from claim.apps.web.app import create_app
from claim.apps.web.store import Store
from test_web_api import assert_error, create, seat_url

HOSTILE = '<img src=x onerror="alert(1)">'


@pytest.fixture
def client() -> Any:
    with TestClient(create_app("sqlite://", chosen_deals=True)) as test_client:
        yield test_client


def test_names_are_listed_and_told_in_the_log(client: TestClient) -> None:
    created = create(client, seed=4, seats=["human", "human"], names=["  Ann  ", HOSTILE[:24]])
    gid = created["id"]
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["names"] == ["Ann", HOSTILE[:24]]
    assert client.get("/api/games").json()["games"][0]["names"] == ["Ann", HOSTILE[:24]]
    with client.websocket_connect(seat_url(created, 1)) as ws:
        log = ws.receive_json()["log"]
    assert log[0] == "You are player 1, against Ann (another player)."
    assert "Ann leads the first trick." in log
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        log = ws.receive_json()["log"]
    assert log[0].startswith(f"You are watching: Ann (a human player) against {HOSTILE[:24]}")
    # without names: as before
    plain = create(client, seed=4, seats=["human", "bot:random"])
    assert client.get(f"/api/games/{plain['id']}").json()["names"] == [None, None]
    with client.websocket_connect(seat_url(plain, 0)) as ws:
        assert ws.receive_json()["log"][0] == "You are player 0, against the random bot."


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ("Ann", "names: must be a list of two names"),
        (["Ann"], "names: must be a list of two names"),
        (["Ann", 5], "names[1]: must be a string or null"),
        (["x" * 25, None], "names[0]: at most 24 characters"),
        (["A\u0000nn", None], "names[0]: only printable characters"),
        ([None, "A\u202enn"], "names[1]: only printable characters"),
    ],
)
def test_bad_names_are_refused_in_one_line(client: TestClient, names: Any, message: str) -> None:
    answer = client.post("/api/games", json={"seats": ["human", "human"], "names": names})
    assert_error(answer, 400, message)


def test_a_database_from_before_names_gains_the_column(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:  # the table as the first version made it: no names
        db.execute(
            "CREATE TABLE claim_games (id VARCHAR(32) PRIMARY KEY, created DATETIME, "
            "updated DATETIME, options JSON, seats JSON, token_hashes JSON, bot_seeds JSON, "
            "record JSON, position JSON, status VARCHAR(16), moves INTEGER, result JSON)"
        )
        db.execute(
            "INSERT INTO claim_games VALUES ('old', '2026-11-30 00:00:00', "
            "'2026-11-30 00:00:00', '{}', '[\"human\", \"human\"]', '[null, null]', "
            "'[null, null]', '{}', '{}', 'finished', 0, NULL)"
        )
    store = Store(f"sqlite:///{path}")
    try:
        (summary,) = store.summaries()
        assert summary.id == "old" and summary.names == [None, None]
    finally:
        store.close()
    with sqlite3.connect(path) as db:
        columns = [row[1] for row in db.execute("PRAGMA table_info(claim_games)")]
    assert "names" in columns
