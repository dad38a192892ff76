"""A spectator's votes table lists the game's five factions from the start (issue 36): the page
reads them from the view's public setup, not from the cards seen so far (at the start of a random
deck a spectator sees one card, the prize, so the old guess listed one faction of five)."""

from __future__ import annotations

from playwright.sync_api import BrowserContext

from test_web_e2e import api, create_game, seat_message, until, watch_errors
from test_web_e2e import browser as browser  # the shared fixtures
from test_web_e2e import context as context
from test_web_e2e import server as server


def test_a_spectator_sees_the_five_factions_before_any_move(
    server: str, context: BrowserContext
) -> None:
    game = create_game(server, ["human", "human"], options={"factions": "random"})
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server + game["spectate_url"])
    until(page, "() => document.querySelectorAll('#votes-table tbody tr').length > 0")
    rows = page.locator("#votes-table tbody tr").evaluate_all(
        "rows => rows.map((row) => row.dataset.faction)"
    )
    factions = seat_message(server, game["seats"][0]["url"])["view"]["factions"]
    assert len(factions) == 5
    assert sorted(rows) == sorted(factions)
    assert api(server, f"/api/games/{game['id']}")["moves"] == 0  # nobody has played yet
    assert errors == []
