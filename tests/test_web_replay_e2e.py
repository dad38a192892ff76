"""The replay in headless Chromium (issue 17): opened at a move it tells the story so far (every
move's lines up to it, not only its own), the scrubber jumps to any move, and the game can be
watched as either player or a spectator saw it (their hidden cards face down, their log).

The server, the browser and the helpers are those of ``test_web_e2e``.
"""

from __future__ import annotations

from playwright.sync_api import BrowserContext

import test_web_e2e as e2e
from claim.text.describe import move_text
from test_web_e2e import (
    AT_MOVE,
    api,
    create_game,
    hand_cards,
    log_lines,
    until,
    wait_finished,
    watch_errors,
)

# the fixtures of test_web_e2e, found by pytest under these names
server = e2e.server
browser = e2e.browser
context = e2e.context


def _marks(page: object) -> list[str]:
    return [line for line in log_lines(page) if line.startswith("Move ")]  # type: ignore[arg-type]


def test_the_replay_tells_the_story_so_far_and_scrubs_and_changes_views(
    server: str, context: BrowserContext
) -> None:
    game = create_game(server, ["bot:heuristic", "bot:random"], seed=8, options={"heroes": "2"})
    gid = game["id"]
    wait_finished(server, gid)
    record = api(server, f"/api/games/{gid}/record")
    moves = record["moves"]
    page = context.new_page()
    errors = watch_errors(page)
    # opened at move 20: moves 1 to 20 are told, in order
    page.goto(f"{server}/play/{gid}?replay=20")
    until(page, AT_MOVE, 20)
    # each move in words; the record keeps its code (issue 37)
    assert _marks(page) == [f"Move {n}: {move_text(moves[n - 1])}" for n in range(1, 21)]
    # the scrubber: straight to move 35
    page.fill("#replay-scrubber", "35")
    until(page, AT_MOVE, 35)
    assert page.inner_text("#replay-where") == f"move 35 of {len(moves)}"
    assert _marks(page)[-1] == f"Move 35: {move_text(moves[34])}"
    assert "replay=35" in page.url
    # everything: both hands face up
    everything = api(server, f"/api/games/{gid}/replay/35")
    assert sorted(hand_cards(page, "#other")) == sorted(everything["players"][1]["hand"])
    # player 0's view: their own hand, the other's face down, their log
    page.select_option("#replay-view", "0")
    page.wait_for_function("() => document.body.dataset.view === '0'")
    until(page, AT_MOVE, 35)
    seen = api(server, f"/api/games/{gid}/replay/35?view=0")
    assert sorted(hand_cards(page, "#mine")) == sorted(seen["players"][0]["hand"])
    assert set(hand_cards(page, "#other")) <= {"?"}
    assert "The game as player 0 saw it." in log_lines(page)
    assert "view=0" in page.url
    # player 1's view: their hand at the bottom
    page.select_option("#replay-view", "1")
    page.wait_for_function("() => document.body.dataset.view === '1'")
    seen1 = api(server, f"/api/games/{gid}/replay/35?view=1")
    assert sorted(hand_cards(page, "#mine")) == sorted(seen1["players"][1]["hand"])
    assert set(hand_cards(page, "#other")) <= {"?"}
    # a spectator's: no hand face up; a reload keeps the move and the view
    page.select_option("#replay-view", "spectator")
    page.wait_for_function("() => document.body.dataset.view === 'spectator'")
    assert set(hand_cards(page, "#mine")) <= {"?"} and set(hand_cards(page, "#other")) <= {"?"}
    page.reload()
    until(page, AT_MOVE, 35)
    assert page.input_value("#replay-view") == "spectator"
    assert errors == []
