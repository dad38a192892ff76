"""The web table's hint in a browser (issue 39): off by default; the "Hints" box shows a Hint
button on the seat's move, which shows the server's words under the header until the move."""

from __future__ import annotations

from playwright.sync_api import BrowserContext

from test_web_e2e import (
    WAIT_MS,
    create_game,
    seat_message,
    wait_turn,
    watch_errors,
)
from test_web_e2e import browser as browser  # the shared fixtures
from test_web_e2e import context as context
from test_web_e2e import server as server


def test_the_hint_button_is_off_by_default_and_shows_the_hint(
    server: str, context: BrowserContext
) -> None:
    game = create_game(server, ["human", "bot:heuristic"], seed=2024)
    url = game["seats"][0]["url"]
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server + url)
    assert wait_turn(page)
    assert page.locator("#hints-box").is_visible()
    assert not page.locator("#hint-button").is_visible()  # off by default
    page.check("#hints")
    button = page.locator("#hint-button")
    assert button.is_visible() and button.is_enabled()
    button.click()
    line = page.locator("#hint-line")
    line.wait_for(state="visible", timeout=WAIT_MS)
    assert line.inner_text().startswith("The search prefers ")
    assert line.get_attribute("data-best") in seat_message(server, url)["legal"]
    # kept by the browser: a reload shows the button again, the switch ticked
    page.reload()
    assert wait_turn(page)
    assert page.locator("#hints").is_checked() and page.locator("#hint-button").is_visible()
    assert errors == []
