"""Issue 35, the seed as a secret: a fresh seed uses 64 bits from the OS, no seat is shown the
seed before the game is over (terminal, line mode, web), a save says it holds the deal, and a
game between two people is never dealt from a chosen seed."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import claim.apps.cli.play as cli_play
from claim.apps.cli import cli
from claim.apps.tui.session import GameSession
from claim.apps.web.app import create_app
from claim.core import records
from claim.core.options import SetupOptions, fresh_seed
from claim.core.setup import SEED_BITS, SEED_LIMIT, offset_seed
from claim.sim.simulate import game_seed, play_random_game
from claim.text.account import CHOSEN_DEAL_LINE, SAVE_HOLDS_DEAL, seed_end_line

# -- fresh seeds ----------------------------------------------------------------------------------


def test_a_fresh_seed_is_drawn_over_the_whole_64_bits() -> None:
    seeds = [fresh_seed() for _ in range(400)]
    assert all(0 <= seed <= SEED_LIMIT for seed in seeds)
    assert SEED_BITS == 64 and SEED_LIMIT == 2**64 - 1
    # 31 bits (as before) would put every one under 2**31; 64 bits puts about half over 2**63
    assert sum(seed >= 2**63 for seed in seeds) > 100
    assert sum(seed < 2**32 for seed in seeds) < 5
    assert len(set(seeds)) == len(seeds)


def test_options_without_a_seed_draw_a_fresh_64_bit_one() -> None:
    drawn = [SetupOptions().resolve(None).seed for _ in range(64)]
    assert max(drawn) >= 2**40


def test_a_series_seed_near_the_top_wraps_and_its_records_replay() -> None:
    assert offset_seed(SEED_LIMIT - 1, 1) == SEED_LIMIT
    assert offset_seed(SEED_LIMIT - 1, 2) == 0
    assert offset_seed(-5, 3) == -2
    # game 2 of a simulation from the top seed: seed + 2 would be out of a record's range
    seed = game_seed(SEED_LIMIT - 1, 2)
    assert seed == 0
    state = play_random_game(seed)
    again = records.replay(json.loads(records.dumps(records.to_record(state))))
    assert again.to_dict() == state.to_dict()


# -- the terminal (full screen session and line mode) ------------------------------------------


def _play_to_the_end(session: GameSession) -> None:
    rng = random.Random(5)
    session.log.extend(session.run_bots())
    while not session.over:
        session.play(rng.choice(session.legal()))
        session.run_bots()


def test_the_terminal_shows_no_fresh_seed_before_the_end(monkeypatch: Any) -> None:
    secret = 2**63 + 123_456_789
    session = GameSession.new(SetupOptions(), None)
    session.state.seed = secret  # as if drawn so: only where it is shown matters here
    assert session.seed_text() == ""
    assert str(secret) not in "\n".join(session.log)
    assert str(session.state.seed) not in "\n".join(session.intro_lines())
    assert CHOSEN_DEAL_LINE not in session.log
    _play_to_the_end(session)
    assert session.seed_text() == f"seed {secret}"
    assert session.log[-1] == seed_end_line(secret)
    assert sum(str(secret) in line for line in session.log) == 1


def test_a_chosen_seed_is_said_to_be_a_chosen_deal_and_not_shown() -> None:
    session = GameSession.new(SetupOptions(), 777_000_111)
    assert CHOSEN_DEAL_LINE in session.log
    assert session.seed_text() == "chosen deal"
    assert "777000111" not in "\n".join(session.log)


def test_the_save_name_offered_holds_no_seed() -> None:
    from claim.apps.tui.table import TableScreen

    session = GameSession.new(SetupOptions(), None)
    session.state.seed = 2**62 + 99
    screen = TableScreen.__new__(TableScreen)  # only its session is read
    screen.session = session
    assert str(session.seed) not in screen.default_save_name()
    # the dialog's words (tests/test_tui.py reads them on the screen)
    assert "holds the whole deal" in SAVE_HOLDS_DEAL


def test_line_mode_tells_a_fresh_seed_only_after_the_votes(monkeypatch: Any) -> None:
    secret = 2**64 - 12_345
    monkeypatch.setattr(cli_play, "resolve_options", _fixed_seed(secret))
    result = CliRunner().invoke(cli, ["play", "--plain"], input="1\n" * 200)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count(str(secret)) == 1
    assert out.index(seed_end_line(secret)) > out.index("Votes:")
    assert CHOSEN_DEAL_LINE not in out


def _fixed_seed(seed: int) -> Any:
    def resolve(given: int | None, options: SetupOptions) -> Any:
        assert given is None  # no --seed: a fresh one is drawn (here: this one)
        return options.resolve(seed)

    return resolve


# -- the web ----------------------------------------------------------------------------------


@pytest.fixture
def client() -> Any:
    with TestClient(create_app("sqlite://")) as test_client:
        yield test_client


def test_a_friend_game_with_a_chosen_seed_is_refused(client: TestClient) -> None:
    for seed in (777, "12"):
        answer = client.post("/api/games", json={"seed": seed, "seats": ["human", "human"]})
        assert answer.status_code == 403, answer.text
        error = answer.json()["error"]
        assert error.startswith("seed: a game between two people is dealt from a fresh secret")
        assert "\n" not in error
    # nothing was made
    assert client.get("/api/games").json() == {"games": []}
    # without a seed it is made
    assert client.post("/api/games", json={"seats": ["human", "human"]}).status_code == 201


def test_the_operator_may_allow_chosen_deals_and_the_table_still_says_so() -> None:
    with TestClient(create_app("sqlite://", chosen_deals=True)) as client:
        created = client.post("/api/games", json={"seed": 7, "seats": ["human", "human"]})
        assert created.status_code == 201, created.text
        first = _first_message(client, created.json(), 1)
        assert CHOSEN_DEAL_LINE in first["log"]


def _first_message(client: TestClient, created: dict[str, Any], seat: int) -> dict[str, Any]:
    token = created["seats"][seat]["token"]
    with client.websocket_connect(f"/ws/games/{created['id']}?seat={seat}&token={token}") as ws:
        message: dict[str, Any] = ws.receive_json()
    return message


def test_against_a_bot_a_chosen_seed_is_a_practice_deal(client: TestClient) -> None:
    body = {"seed": 4242, "seats": ["human", "bot:random"]}
    created = client.post("/api/games", json=body).json()
    first = _first_message(client, created, 0)
    assert CHOSEN_DEAL_LINE in first["log"]
    fresh = client.post("/api/games", json={"seats": ["human", "bot:random"]}).json()
    assert CHOSEN_DEAL_LINE not in _first_message(client, fresh, 0)["log"]


def test_no_web_message_tells_the_seed_before_the_end(client: TestClient) -> None:
    created = client.post("/api/games", json={"seats": ["human", "human"]}).json()
    game_id = created["id"]
    rng = random.Random(3)
    texts: list[str] = []
    urls = [f"/ws/games/{game_id}?seat={s}&token={created['seats'][s]['token']}" for s in (0, 1)]
    with client.websocket_connect(urls[0]) as ws0, client.websocket_connect(urls[1]) as ws1:
        sockets = [ws0, ws1]
        last = [ws0.receive_json(), ws1.receive_json()]
        texts.extend(str(m) for m in last)
        while last[0]["status"] != "finished":
            mover = 0 if last[0]["legal"] else 1
            message = last[mover]
            move = rng.choice(message["legal"])
            sockets[mover].send_json({"type": "move", "move": move, "version": message["version"]})
            last = [sockets[0].receive_json(), sockets[1].receive_json()]
            texts.extend(str(m) for m in last)
    record = client.get(f"/api/games/{game_id}/record").json()
    seed = record["seed"]
    before_end = texts[:-2]
    assert not any(str(seed) in text for text in before_end)
    # once over, each seat's log tells it
    assert all(seed_end_line(seed) in m["log"] for m in last)


def test_a_rematch_of_a_practice_deal_is_dealt_fresh(client: TestClient) -> None:
    from claim.apps.web.games import CHOSEN_SEED

    created = client.post("/api/games", json={"seed": 5, "seats": ["human", "bot:random"]}).json()
    assert client.get(f"/api/games/{created['id']}").json()["options"][CHOSEN_SEED] is True
    token = created["seats"][0]["token"]
    rng = random.Random(8)
    with client.websocket_connect(f"/ws/games/{created['id']}?seat=0&token={token}") as ws:
        message = ws.receive_json()
        while message["status"] != "finished":
            if message["legal"]:
                move = rng.choice(message["legal"])
                ws.send_json({"type": "move", "move": move, "version": message["version"]})
            message = ws.receive_json()
    again = client.post(
        f"/api/games/{created['id']}/rematch", json={"seat": 0, "token": token}
    ).json()
    assert CHOSEN_SEED not in client.get(f"/api/games/{again['id']}").json()["options"]
    first = _first_message(client, again, again["seat"])
    assert CHOSEN_DEAL_LINE not in first["log"]
    old = client.get(f"/api/games/{created['id']}/record").json()
    new_seed = client.get(f"/api/games/{again['id']}/record")
    assert old["seed"] == 5 and new_seed.status_code != 200  # in progress: no record yet
