"""The web game's artifact windows (issue 18): the server tells the seat which windows need not
be asked (claim.text.artifact_prompts, the terminal's rule), and an ``ask`` message sets the
player's "don't ask again this game" and "ask at every window" choices for their socket."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from claim.apps.web.games import Client, Game, GameManager
from claim.apps.web.store import Store
from claim.core.engine import current_player, legal_actions
from test_web_e2e import (
    WAIT_MS,
    body,
    create_game,
    offered_moves,
    seat_message,
    take_turn,
    until,
    version,
    wait_turn,
    watch_errors,
)
from test_web_e2e import browser as browser  # the shared fixtures
from test_web_e2e import server as server

#: six artifacts, so that each player holds three of them; with seed 2 player 0 holds the Wand
POOL = "magic-wand,mirror-of-lies,spyglass,gamblers-book,endless-rope,flask-of-tears"
SEED = 2


class Seat:
    """A seat's socket: the messages the server sent it."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    @property
    def last(self) -> dict[str, Any]:
        return self.sent[-1]


async def _start(folder: Path) -> tuple[GameManager, Game, dict[int, tuple[Client, Seat]]]:
    manager = GameManager(Store(f"sqlite:///{folder / 'games.db'}"), chosen_deals=True)
    await manager.start()
    created = await manager.create(
        {"options": {"artifacts": POOL}, "seed": SEED, "seats": ["human", "human"]}
    )
    seats = {}
    game: Game | None = None
    for entry in created["seats"]:
        seat = Seat()
        game, client = await manager.connect(
            created["id"], str(entry["seat"]), entry["token"], seat.send
        )
        seats[entry["seat"]] = (client, seat)
    assert game is not None
    assert "magic-wand" in game.state.artifacts[0]
    return manager, game, seats


async def _say(manager: GameManager, game: Game, client: Client, message: dict[str, Any]) -> None:
    await manager.receive(game, client, json.dumps(message))


async def _play(folder: Path) -> dict[str, Any]:
    """Play a whole game at random, player 0 passing where the server says a window need not be
    asked; at the first Wand window that is asked, try the choices. What was seen, counted."""
    manager, game, seats = await _start(folder)
    rng = random.Random(5)
    seen: dict[str, Any] = {"asked": 0, "unasked": 0, "lines": set(), "choices": None}
    try:
        while not game.over:
            seat = current_player(game.state)
            assert seat is not None
            client, socket = seats[seat]
            message = socket.last
            assert message["legal"] == legal_actions(game.state)
            move = rng.choice(message["legal"])
            if seat == 0 and message.get("window") == ["magic-wand"]:
                if message.get("unasked"):
                    assert message["unasked"] == ["magic-wand"]
                    seen["unasked"] += 1
                    seen["lines"].add(message["unasked_line"])
                    move = "pass"  # what the page does
                else:
                    seen["asked"] += 1
                    if seen["choices"] is None:
                        seen["choices"] = await _choices(manager, game, client, socket)
                move = "pass"  # the Wand kept: its windows go on
            elif seat == 0:
                assert "unasked" not in message
            await _say(
                # the seat's own version (issue 35: it counts no pass hidden from it)
                manager,
                game,
                client,
                {"type": "move", "move": move, "version": message["version"]},
            )
        return seen
    finally:
        await manager.stop()


async def _choices(
    manager: GameManager, game: Game, client: Client, socket: Seat
) -> list[dict[str, Any]]:
    """At a Wand window that is asked: "don't ask again" makes it unasked, "ask at every window"
    asks it again, and clearing both is back to the start; each answer a fresh state message."""
    version = game.version
    answers = []
    for never, ask_all in ((["magic-wand"], False), (["magic-wand"], True), ([], False)):
        before = len(socket.sent)
        await _say(manager, game, client, {"type": "ask", "never": never, "all": ask_all})
        assert len(socket.sent) == before + 1
        answers.append(socket.last)
    assert game.version == version  # nothing played
    return answers


def test_the_server_says_which_wand_windows_need_not_be_asked(tmp_path: Path) -> None:
    seen = asyncio.run(_play(tmp_path))
    # the Wand is offered after every card player 0 plays; on some follows it cannot matter
    assert seen["unasked"] >= 3
    assert seen["asked"] >= 1
    assert seen["lines"] == {
        "(Not asked: Magic Wand, it could not change the trick; tick “Ask at every artifact "
        "window” to see them all.)"
    }
    never, every, again = seen["choices"]
    assert never["type"] == "state" and never["window"] == ["magic-wand"]
    assert never["unasked"] == ["magic-wand"]
    assert "you said not to ask again" in never["unasked_line"]
    assert every["window"] == ["magic-wand"] and "unasked" not in every
    assert again["window"] == ["magic-wand"] and "unasked" not in again


@pytest.mark.parametrize(
    ("message", "error"),
    [
        ({"type": "ask", "never": "magic-wand"}, 'malformed message: expected {"type": "ask"'),
        ({"type": "ask", "all": 1}, 'malformed message: expected {"type": "ask"'),
        ({"type": "ask", "never": ["magic-sword"]}, "malformed message: 'magic-sword' is not an"),
        ({"type": "ask", "never": [3]}, "malformed message: '3' is not an artifact"),
    ],
)
def test_a_bad_ask_message_gets_a_one_line_error(
    tmp_path: Path, message: dict[str, Any], error: str
) -> None:
    async def run() -> dict[str, Any]:
        manager, game, seats = await _start(tmp_path)
        try:
            client, socket = seats[0]
            await _say(manager, game, client, message)
            assert (client.never, client.ask_all) == (frozenset(), False)  # nothing changed
            return socket.last
        finally:
            await manager.stop()

    answer = asyncio.run(run())
    assert answer["type"] == "error"
    assert answer["message"].startswith(error), answer["message"]
    assert "\n" not in answer["message"]


# -- in the browser --------------------------------------------------------------------------


def test_the_table_passes_unasked_windows_and_keeps_the_players_choices(
    server: str, browser: Browser
) -> None:
    """Against the heuristic bot, holding the Wand: the page never stops at a window the server
    says need not be asked (it passes for the player); "don't ask again" about the Wand stops
    its windows for the rest of the game, also after a reload; "ask at every artifact window"
    brings them back."""
    game = create_game(server, ["human", "bot:heuristic"], options={"artifacts": POOL}, seed=SEED)
    url = game["seats"][0]["url"]
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    ctx.set_default_timeout(WAIT_MS)
    wand = '#moves button[data-move^="use magic-wand"]'
    try:
        page = ctx.new_page()
        errors = watch_errors(page)
        page.goto(server + url)
        rng = random.Random(SEED)
        assert wait_turn(page)
        assert page.is_visible("#ask-all-box")
        # until the Wand's window is asked: every stop is one the server asks
        while True:
            assert wait_turn(page)
            message = seat_message(server, url)
            assert "unasked" not in message
            assert offered_moves(page) == set(message["legal"])
            if message.get("window") == ["magic-wand"]:
                break
            take_turn(page, rng)
        passed = int(body(page, "passed") or 0)
        assert page.locator(wand).count() == 2
        before = version(page)
        page.click('#never button[data-never="magic-wand"]')
        until(page, "(v) => Number(document.body.dataset.version) > v", before)
        assert "Not asked" in body(page, "info")
        assert int(body(page, "passed")) == passed + 1
        # the rest of the game: no Wand window; the choice outlives a reload
        turns = 0
        while wait_turn(page):
            assert page.locator(wand).count() == 0
            turns += 1
            if turns == 3:
                page.reload()
                continue
            if turns == 8:
                break
            moves = page.locator("#moves button[data-move]").evaluate_all(
                "els => els.map(e => e.dataset.move)"
            )
            if "pass" in moves:  # another artifact's window: keep the game simple
                before = version(page)
                page.click('#moves button[data-move="pass"]')
                until(page, "(v) => Number(document.body.dataset.version) > v", before)
            else:
                take_turn(page, rng)
        assert int(body(page, "passed")) > passed + 1
        # ask at every window: the Wand is offered again after the next card played
        page.check("#ask-all")
        for _ in range(4):
            assert wait_turn(page)
            if page.locator(wand).count():
                break
            take_turn(page, rng)
        assert page.locator(wand).count() == 2
        assert errors == []
    finally:
        ctx.close()
