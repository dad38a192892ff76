"""The analysis page in headless Chromium (issue 17): a finished game's "Analyse" link opens the
page, which shows the progress, then the players' summary, the chart of the chances and the
marked moves — exactly those of the server's analysis JSON — under the security policy.

The server, the browser and the helpers are those of ``test_web_e2e`` (a real server in a
subprocess, Debian's Chromium through Playwright); the server analyses with its default budget.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import BrowserContext

import test_web_e2e as e2e
from test_web_e2e import api, create_game, until, wait_finished, watch_errors

# the fixtures of test_web_e2e, found by pytest under these names
server = e2e.server
browser = e2e.browser
context = e2e.context

#: the whole analysis of a base game (about 45 decisions of 1,000 simulations) may take a while
#: on a busy 2-core machine
ANALYSIS_MS = 180_000


def test_the_analysis_page_shows_the_servers_analysis(server: str, context: BrowserContext) -> None:
    created = create_game(server, ["bot:heuristic", "bot:random"], seed=31)
    game = created["id"]
    wait_finished(server, game)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{server}/")
    link = page.locator(f'a.analyse[href="/analysis/{game}"]')
    link.wait_for()
    link.click()
    page.wait_for_url(f"**/analysis/{game}")
    page.wait_for_function(
        "() => document.body.dataset.state === 'done'", polling=200, timeout=ANALYSIS_MS
    )
    data: dict[str, Any] = api(server, f"/api/games/{game}/analysis")
    assert data["state"] == "done"
    analysis = data["analysis"]
    marked = [d for d in analysis["decisions"] if d["verdict"]]
    # the players' table: one row a player, the counts of the JSON
    rows = page.locator("#players tr")
    assert rows.count() == 2
    for seat in (0, 1):
        cells = rows.nth(seat).locator("td").all_inner_texts()
        p = analysis["players"][seat]
        assert cells[:4] == [
            str(p[k]) for k in ("decisions", "inaccuracies", "mistakes", "blunders")
        ]
    # the chart: a dot per marked move
    assert page.locator("#chart svg circle.dot").count() == len(marked)
    # the list: the marked moves, then every decision
    items = page.locator("#moves li[data-ply]")
    assert [int(x) for x in items.evaluate_all("els => els.map(e => e.dataset.ply)")] == [
        d["ply"] for d in marked
    ]
    page.check("#show-all")
    until(page, "(n) => document.querySelectorAll('#moves li[data-ply]').length === n",
          len(analysis["decisions"]))  # fmt: skip
    first = analysis["decisions"][0]
    position = page.locator(f'#moves li[data-ply="{first["ply"]}"] a')
    assert position.get_attribute("href") == f"/play/{game}?replay={first['ply']}"
    assert errors == []


def test_the_analysis_page_of_a_game_in_progress_says_why(
    server: str, context: BrowserContext
) -> None:
    created = create_game(server, ["human", "bot:random"], seed=32)
    page = context.new_page()
    page.goto(f"{server}/analysis/{created['id']}")
    page.wait_for_function("() => document.body.dataset.state === 'error'")
    assert page.inner_text("#notice").startswith("the game is in progress")
