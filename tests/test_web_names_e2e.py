"""Display names in headless Chromium (issue 17): a name typed in the lobby, even one that looks
like HTML, is shown as text in the games list and at the table, never run or parsed.

The server, the browser and the helpers are those of ``test_web_e2e``.
"""

from __future__ import annotations

from playwright.sync_api import BrowserContext

import test_web_e2e as e2e
from test_web_e2e import api, watch_errors

# the fixtures of test_web_e2e, found by pytest under these names
server = e2e.server
browser = e2e.browser
context = e2e.context

HOSTILE = "<b>Ann</b><img src=x>"


def test_a_name_is_shown_as_text_everywhere(server: str, context: BrowserContext) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server + "/")
    page.wait_for_function("() => !document.getElementById('new-game-fields').disabled")
    page.check("input[name=opponent][value=friend]")
    page.fill("#my-name", HOSTILE)
    page.fill("#friend-name", "Bob & Co")
    page.click("#create")
    page.locator("#invite:not(.hidden)").wait_for()
    game = page.get_attribute("#invite", "data-game")
    assert api(server, f"/api/games/{game}")["names"] == [HOSTILE, "Bob & Co"]
    row = page.locator(f"#games tr[data-id='{game}'] td.players")
    row.wait_for()
    assert row.inner_text() == f"{HOSTILE} (human) vs Bob & Co (human)"
    assert page.locator("#games b, #games img").count() == 0
    # the table: the seat's own page names the friend; the name is remembered for next time
    page.click("#my-seat")
    page.wait_for_url("**/play/**")
    page.wait_for_function("() => document.body.dataset.busy === '0'")
    assert "Bob & Co" in page.inner_text("body")
    assert HOSTILE in page.inner_text("body")
    assert page.locator("main b, main img").count() == 0
    page.goto(server + "/")
    # the lobby fills the remembered name as it readies the form: read it once it is ready
    page.wait_for_function("() => !document.getElementById('new-game-fields').disabled")
    assert page.input_value("#my-name") == HOSTILE
    assert errors == []
