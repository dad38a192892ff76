"""The table and the analysis page laid out for a person, on a desktop and on a phone (issue 37).

Measured in headless Chromium (the server, the browser and the helpers of ``test_web_e2e``):

- the end-of-game links (rematch, replay, analyse, download) are never under the hand and the
  decision bar, wherever the page is scrolled, at 1280×800 and 390×844;
- on a phone, every legal card of a 13-card hand leaves a 44×44 px square that a tap reaches;
- the phone's header shows the whole title in one or two lines, the artifact switch in one;
- a 24-character display name fits the votes table (nothing scrolls or is clipped);
- the analysis page is no wider than a phone, its chart is drawn at the width it has, with a
  move axis and the players' names, and every marked move shows the server's figures with the
  verdict decided on them.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

import test_web_e2e as e2e
from claim.apps.web.requests import MAX_NAME
from test_web_e2e import api, create_game, until, wait_finished, wait_turn, watch_errors

# the fixtures of test_web_e2e, found by pytest under these names
server = e2e.server
browser = e2e.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: every expansion's options, so artifacts (the header's switch, the rematch) are in play
EVERYTHING = {"factions": "claim", "heroes": "6", "artifacts": "all"}
#: two display names of the longest length the server takes (requests.MAX_NAME)
LONG_NAMES = ["Bartholomew Fitzgerald-X", "Maximiliana Winterbottom"]
#: the least side of the square a finger taps (WCAG 2.5.5), in CSS px
TAP_PX = 44
#: the whole analysis of a base game on a busy 2-core machine
ANALYSIS_MS = 180_000


def new_context(browser: Browser, viewport: dict[str, int]) -> BrowserContext:
    """A page at ``viewport``; a phone's (narrower than 560 px) is a touch screen."""
    phone = viewport["width"] < 560
    ctx = browser.new_context(
        viewport={"width": viewport["width"], "height": viewport["height"]},
        is_mobile=phone,
        has_touch=phone,
        reduced_motion="reduce",
    )
    ctx.set_default_timeout(e2e.WAIT_MS)
    return ctx


def finish_on_the_socket(base: str, url: str, seed: int) -> None:
    """Play the seat's side of a game to its end over its own socket (random legal moves): the
    browser then opens the finished table."""
    assert e2e.ws_connect is not None
    rng = random.Random(seed)
    ws_url = base.replace("http://", "ws://") + url.replace("/play/", "/ws/games/")
    with e2e.ws_connect(ws_url, open_timeout=10) as ws:
        for _ in range(2000):
            message = json.loads(ws.recv(timeout=e2e.WAIT_MS / 1000))
            if message.get("type") != "state":
                continue
            if message["status"] == "finished":
                return
            if message.get("legal"):
                move = rng.choice(message["legal"])
                ws.send(json.dumps({"type": "move", "move": move, "version": message["version"]}))
    pytest.fail("the game did not end")


#: the table shows the finished game, settled
FINISHED = "() => document.body.dataset.status === 'finished' && document.body.dataset.busy === '0'"


def open_finished(page: Page, base: str, url: str) -> None:
    page.goto(base + url)
    until(page, FINISHED)


#: scroll the page from top to bottom; wherever the element's centre is in the viewport, the
#: element under it must be the element itself. Returns [positions where it was seen, where
#: something else covered it (with what)].
UNCOVERED_WHILE_SCROLLING = """(selector) => {
  const el = document.querySelector(selector);
  const seen = [];
  const covered = [];
  const bottom = document.documentElement.scrollHeight - innerHeight;
  for (let y = 0; y <= bottom + 20; y += 20) {
    window.scrollTo(0, y);
    const b = el.getBoundingClientRect();
    const cx = b.left + b.width / 2;
    const cy = b.top + b.height / 2;
    if (cy < 0 || cy > innerHeight) continue;
    const at = document.elementFromPoint(cx, cy);
    if (at && el.contains(at)) seen.push(scrollY);
    else covered.push([scrollY, at ? at.id || at.className || at.tagName : null]);
  }
  return [seen, covered];
}"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_the_end_links_are_never_under_the_hand(
    server: str, browser: Browser, viewport: dict[str, int]
) -> None:
    created = create_game(server, ["human", "bot:random"], EVERYTHING, seed=4101)
    url = created["seats"][0]["url"]
    finish_on_the_socket(server, url, seed=4101)
    ctx = new_context(browser, viewport)
    try:
        page = ctx.new_page()
        errors = watch_errors(page)
        open_finished(page, server, url)
        for link in ("#rematch", "#replay-link", "#analysis-link", "#record-link"):
            seen, covered = page.evaluate(UNCOVERED_WHILE_SCROLLING, link)
            assert seen, f"{link} never came into view"
            assert covered == [], f"{link} is covered at (scroll, by what) {covered}"
            # and a click reaches it (Playwright's trial click checks it receives the pointer)
            page.locator(link).click(trial=True, timeout=5_000)
        assert errors == []
    finally:
        ctx.close()


TAPPABLE = """(min) => [...document.querySelectorAll('#mine .hand button.card.legal')].map((el) => {
  // a min×min square inside the card whose corners and centre all reach the card
  const b = el.getBoundingClientRect();
  const reaches = (x, y) => {
    const at = document.elementFromPoint(x, y);
    return !!at && el.contains(at);
  };
  const points = [[0, 0], [min - 1, 0], [0, min - 1], [min - 1, min - 1], [min / 2, min / 2]];
  for (let y = b.top + 1; y + min <= b.bottom; y += 2)
    for (let x = b.left + 1; x + min <= b.right; x += 1)
      if (points.every(([dx, dy]) => reaches(x + dx, y + dy))) return true;
  return false;
})"""


def test_a_phone_hand_of_13_leaves_a_44px_target_on_every_card(
    server: str, browser: Browser
) -> None:
    created = create_game(server, ["human", "bot:random"], {}, seed=4102)
    ctx = new_context(browser, PHONE)
    try:
        page = ctx.new_page()
        page.goto(server + created["seats"][0]["url"])
        assert wait_turn(page)
        until(page, "() => document.querySelectorAll('#mine .hand .card.legal').length === 13")
        page.evaluate("() => window.scrollTo(0, 0)")
        tappable = page.evaluate(TAPPABLE, TAP_PX)
        assert tappable == [True] * 13, tappable
        # the fan still fits the screen: no card runs off either side
        boxes = page.locator("#mine .hand button.card").evaluate_all(
            "els => els.map(e => [e.getBoundingClientRect().left, e.getBoundingClientRect().right])"
        )
        assert all(left >= 0 and right <= PHONE["width"] for left, right in boxes), boxes
    finally:
        ctx.close()


def test_the_phone_header_shows_the_whole_title(server: str, browser: Browser) -> None:
    created = create_game(server, ["human", "bot:random"], EVERYTHING, seed=4103)
    ctx = new_context(browser, PHONE)
    try:
        page = ctx.new_page()
        page.goto(server + created["seats"][0]["url"])
        assert wait_turn(page)
        assert page.locator("#ask-all-box").is_visible()
        title, switch = page.evaluate(
            """() => ['title', 'ask-all-box'].map((id) => {
              const el = document.getElementById(id);
              const style = getComputedStyle(el);
              return { lines: el.getBoundingClientRect().height / parseFloat(style.lineHeight),
                       scroll: el.scrollWidth, client: el.clientWidth, overflow: style.textOverflow,
                       text: el.textContent.trim(), right: el.getBoundingClientRect().right };
            })"""
        )
        assert title["text"]
        assert title["lines"] <= 2.1, title  # one or two lines
        assert title["scroll"] <= title["client"] and title["overflow"] != "ellipsis", title
        assert switch["lines"] <= 1.6, switch  # "Ask at every artifact window" on one line
        assert switch["right"] <= PHONE["width"], switch
    finally:
        ctx.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_a_24_character_name_fits_the_votes_table(
    server: str, browser: Browser, viewport: dict[str, int]
) -> None:
    assert [len(name) for name in LONG_NAMES] == [MAX_NAME, MAX_NAME]  # the longest taken
    body = {"options": EVERYTHING, "seed": 4104, "seats": ["bot:random", "bot:random"]}
    created = api(server, "/api/games", {**body, "names": LONG_NAMES})
    wait_finished(server, created["id"])
    ctx = new_context(browser, viewport)
    try:
        page = ctx.new_page()
        open_finished(page, server, f"/play/{created['id']}")  # a spectator: both names
        sizes = page.evaluate(
            """() => ['#votes', '#votes-table', '#votes-table thead th:nth-child(2)',
                      '#votes-table thead th:nth-child(3)'].map((s) => {
              const el = document.querySelector(s);
              return [s, el.scrollWidth, el.clientWidth, el.textContent];
            })"""
        )
        for selector, scroll, client, _ in sizes:
            assert scroll <= client, (selector, scroll, client)
        assert [text for *_, text in sizes[2:]] == LONG_NAMES
        # the lead column names the winner of each vote in full too
        leads = page.locator("#votes-table td.lead").evaluate_all(
            "els => els.map(e => [e.scrollWidth, e.clientWidth, e.textContent])"
        )
        assert any(text in LONG_NAMES for *_, text in leads), leads
        assert all(scroll <= client for scroll, client, _ in leads), leads
    finally:
        ctx.close()


def test_the_analysis_page_fits_a_phone_and_names_the_players(
    server: str, browser: Browser
) -> None:
    body = {"options": {}, "seed": 31, "seats": ["bot:heuristic", "bot:random"]}
    created = api(server, "/api/games", {**body, "names": [LONG_NAMES[0], None]})
    game = created["id"]
    wait_finished(server, game)
    ctx = new_context(browser, PHONE)
    try:
        page = ctx.new_page()
        errors = watch_errors(page)
        page.goto(f"{server}/analysis/{game}")
        page.wait_for_function(
            "() => document.body.dataset.state === 'done'", polling=200, timeout=ANALYSIS_MS
        )
        data: dict[str, Any] = api(server, f"/api/games/{game}/analysis")["analysis"]
        names = [LONG_NAMES[0], "random bot"]

        def width() -> list[int]:
            return page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")

        scroll, inner = width()
        assert scroll <= inner, (scroll, inner)
        # the players by name, in the table, the result line and the chart
        assert page.locator("#players th").all_inner_texts() == [LONG_NAMES[0], "Random bot"]
        winner = data["winner"]
        assert winner is not None
        assert page.inner_text("#result").lower().startswith(names[winner].lower())
        label = page.get_attribute("#chart svg", "aria-label") or ""
        assert label.startswith(LONG_NAMES[0]), label
        assert "player 0" not in page.inner_text("main").lower()
        # the chart at the width it has: its 12 px text is 12 px on the screen
        drawn, shown, font = page.evaluate(
            """() => { const svg = document.querySelector('#chart svg');
              return [svg.viewBox.baseVal.width, svg.getBoundingClientRect().width,
                      parseFloat(getComputedStyle(svg.querySelector('text.axis')).fontSize)]; }"""
        )
        assert shown <= inner and abs(drawn - shown) <= 2, (drawn, shown)
        assert font * shown / drawn >= 11
        # a move axis: numbered ticks from move 1, increasing, and its title
        ticks = page.locator("#chart .move-axis .tick-label").evaluate_all(
            "els => els.map(e => Number(e.textContent))"
        )
        assert len(ticks) >= 3 and ticks[0] == 1 and ticks == sorted(ticks), ticks
        assert ticks[-1] <= data["decisions"][-1]["ply"] + 1
        assert page.locator("#chart .axis-title").text_content() == "move"
        # every decision shown, still no wider than the phone
        page.check("#show-all")
        until(page, "(n) => document.querySelectorAll('#moves li[data-ply]').length === n",
              len(data["decisions"]))  # fmt: skip
        scroll, inner = width()
        assert scroll <= inner, (scroll, inner)
        # the figures and the verdict of each marked move: the server's, agreeing
        for d in data["decisions"]:
            if not d["verdict"]:
                continue
            text = page.inner_text(f'#moves li[data-ply="{d["ply"]}"]')
            assert d["loss"] in " ".join(text.split()), (d["loss"], text)
            assert d["verdict"] in text
        assert errors == []
    finally:
        ctx.close()
