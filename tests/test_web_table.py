"""The web game as a card table (issue 17), in headless Chromium (Debian's, through Playwright,
as ``tests/test_web_e2e.py``, whose server, browser and page helpers these tests share).

- whole games against a bot, played by clicking cards, at 1280×800 and on a phone at 390×844
  (there, at each decision, the hand, the trick and the prize are in sight without scrolling);
  each button says its move in the server's words, never the engine's move string;
- a decision that names cards of the hand (a Swamp discard) made by clicking those cards;
- the end of the game reveals what the final view shows (the heroes seen, the artifacts) and no
  longer calls anything secret or counts a deck;
- keyboard play: arrows move between the cards, Enter plays the focused one; a card's rules text
  on hover;
- the bot's reply: a finished trick stays on the table for a pause, which a click skips.

The server's words for the moves (``words`` in a state message) are checked without a browser.
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

from fastapi.testclient import TestClient
from playwright.sync_api import Browser, BrowserContext, Page

from claim.apps.web.app import create_app
from claim.core import cards
from claim.text.describe import move_text
from test_web_e2e import (
    MAX_CLICKS,
    WAIT_MS,
    body,
    check_final,
    click,
    create_game,
    final_result,
    hand_cards,
    offered_moves,
    seat_message,
    take_turn,
    until,
    version,
    wait_finished,
    wait_turn,
    watch_errors,
)
from test_web_e2e import browser as browser  # the shared fixtures
from test_web_e2e import server as server

CODE = re.compile(r"[a-z][a-z0-9-]*:[a-z0-9-]+")


def new_context(browser: Browser, width: int, height: int, motion: bool = False) -> BrowserContext:
    phone = width < 500
    ctx = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=phone,
        has_touch=phone,
        reduced_motion="no-preference" if motion else "reduce",
    )
    ctx.set_default_timeout(WAIT_MS)
    return ctx


def check_words(page: Page, message: dict[str, Any]) -> None:
    """Every button and clickable card says its move as the server words it (never the move
    string), and every card on the page has a label."""
    words = {
        move: text for move, (text, _hint) in zip(message["legal"], message["words"], strict=True)
    }
    for move, text in page.locator("#moves button[data-move]").evaluate_all(
        "els => els.map(e => [e.dataset.move, e.firstChild.textContent])"
    ):
        assert text == words[move] and text != move, (move, text)
    for move, label in page.locator("#choices button.card").evaluate_all(
        "els => els.map(e => [e.dataset.move, e.getAttribute('aria-label')])"
    ):
        assert label == words[move], (move, label)
    unlabelled = page.locator("#felt .card[data-card]:not([aria-label])").count()
    assert unlabelled == 0


def in_view(page: Page, selector: str, height: int) -> bool:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    return box["y"] >= 0 and box["y"] + box["height"] <= height


def play_game(
    page: Page, server: str, url: str, rng: random.Random, phone_height: int | None = None
) -> int:
    """Play the seat to the end by clicking, checking at each decision the moves offered (the
    server's legal moves, in its words) and, on a phone, that the hand, the trick and the prize
    are in sight without the page having scrolled."""
    clicks = 0
    while wait_turn(page):
        message = seat_message(server, url)
        assert message["version"] == version(page)
        assert offered_moves(page) == set(message["legal"])
        check_words(page, message)
        if phone_height is not None:
            assert page.evaluate("window.scrollY") == 0
            assert in_view(page, "#mine .hand", phone_height)
            assert in_view(page, "#plays", phone_height)
            if page.locator("#prize .card").count():
                assert in_view(page, "#prize", phone_height)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
        take_turn(page, rng)
        clicks += 1
        assert clicks < MAX_CLICKS
    return clicks


def test_a_whole_game_by_clicking_cards_at_1280x800(server: str, browser: Browser) -> None:
    options = {"factions": "claim", "heroes": "6", "artifacts": "all"}
    game = create_game(server, ["human", "bot:heuristic"], options=options, seed=1717)
    url = game["seats"][0]["url"]
    ctx = new_context(browser, 1280, 800)
    try:
        page = ctx.new_page()
        errors = watch_errors(page)
        page.goto(server + url)
        assert wait_turn(page)
        # the table: the other hand face down at the top, yours at the bottom, the trick between
        assert hand_cards(page, "#other") == ["?"] * 13
        other = page.locator("#other .hand").bounding_box()
        trick = page.locator("#plays").bounding_box()
        mine = page.locator("#mine .hand").bounding_box()
        assert other and trick and mine
        assert other["y"] < trick["y"] < mine["y"] <= 800 - mine["height"]
        # cards are bigger than the old 54×78 strip
        card = page.locator("#prize .card").bounding_box()
        assert card and card["width"] >= 80 and card["height"] >= 110
        clicks = play_game(page, server, url, random.Random(1717))
        assert clicks >= 26
        check_final(page, final_result(server, game["id"]), ["you", "the bot"])
        assert errors == []
    finally:
        ctx.close()


def test_a_whole_game_by_clicking_cards_on_a_phone(server: str, browser: Browser) -> None:
    options = {"factions": "claim2", "setting": "islands"}
    game = create_game(server, ["human", "bot:heuristic"], options=options, seed=3903)
    url = game["seats"][0]["url"]
    ctx = new_context(browser, 390, 844)
    try:
        page = ctx.new_page()
        errors = watch_errors(page)
        page.goto(server + url)
        assert wait_turn(page)
        assert page.locator("#prize .card").count() == 2  # Islands: both prizes in sight
        clicks = play_game(page, server, url, random.Random(3903), phone_height=844)
        assert clicks >= 26
        check_final(page, final_result(server, game["id"]), ["you", "the bot"])
        assert errors == []
    finally:
        ctx.close()


def test_a_swamp_discard_is_made_by_clicking_cards_of_the_hand(
    server: str, browser: Browser
) -> None:
    """Swamp (Phase Two begins): each player discards cards of their hand, chosen in secret;
    the page asks for them by making the hand's cards clickable, with no button to name them."""
    game = create_game(server, ["human", "bot:random"], options={"setting": "swamp"}, seed=51)
    url = game["seats"][0]["url"]
    ctx = new_context(browser, 1280, 800)
    try:
        page = ctx.new_page()
        errors = watch_errors(page)
        page.goto(server + url)
        rng = random.Random(51)
        discards = 0
        while wait_turn(page):
            message = seat_message(server, url)
            if message["decision"] != "swamp":
                assert discards == 0 or message["decision"] is None
                take_turn(page, rng)
                continue
            assert "Swamp" in page.inner_text("#prompt")
            hand = message["view"]["players"][0]["hand"]
            expected = {f"discard {name}" for name in hand}
            assert set(message["legal"]) == expected
            assert page.locator("#moves button[data-move]").count() == 0
            cards_offered = page.locator("#mine .hand button.card.legal")
            assert cards_offered.count() == len(hand)
            target = cards_offered.nth(rng.randrange(cards_offered.count()))
            name = target.get_attribute("data-card") or ""
            assert target.get_attribute("aria-label") == move_text(f"discard {name}")
            before = version(page)
            click(target)
            until(page, "(v) => Number(document.body.dataset.version) > v", before)
            assert body(page, "notice") == ""
            discards += 1
            # the card chosen has left the hand (it waits, face up to its owner, until both chose)
            until(page, "() => document.body.dataset.busy === '0'")
            assert hand_cards(page).count(name) < hand.count(name)
            if discards >= 2:
                break
        assert discards >= 1
        assert errors == []
    finally:
        ctx.close()


def test_the_end_of_the_game_reveals_what_was_hidden(server: str, browser: Browser) -> None:
    options = {"factions": "claim", "heroes": "5", "artifacts": "all"}
    game = create_game(server, ["bot:random", "bot:random"], options=options, seed=88)
    wait_finished(server, game["id"])
    ctx = new_context(browser, 1280, 800)
    try:
        page = ctx.new_page()
        errors = watch_errors(page)
        page.goto(server + game["spectate_url"])
        until(page, "() => document.body.dataset.status === 'finished'")
        final = seat_message(server, game["spectate_url"])["view"]
        # the table (not the log, which tells the story as it was) calls nothing secret
        for part in ("#felt", "#votes", "#extras"):
            assert "secret" not in page.inner_text(part)
        assert "Deck" not in page.inner_text("#trick")
        assert "Never drawn" in page.inner_text("#trick")
        # the heroes of the deck that anyone saw, as cards
        seen = sorted(set(CODE.findall(str(final))) & {f"hero:{h}" for h in cards.HEROES})
        shown = page.locator("#heroes-reveal .card").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
        assert shown == seen and seen
        assert f"Heroes in the deck: {final['heroes']['count']}" in page.inner_text("#result")
        # both players' artifacts, used and unused, by name
        for p, player in enumerate(final["players"]):
            reveal = page.inner_text(f".artifacts-reveal[data-player='{p}']")
            for name in player["used_artifacts"] + player["artifacts"]:
                assert name != "?"
                assert next(a["title"] for a in catalog_artifacts() if a["key"] == name) in reveal
        # the score piles and who won each vote
        result = final_result(server, game["id"])
        check_final_votes(page, result)
        assert errors == []
    finally:
        ctx.close()


def catalog_artifacts() -> list[dict[str, Any]]:
    from claim.text.catalog import catalog_json

    return list(catalog_json()["artifacts"])


def check_final_votes(page: Page, result: dict[str, Any]) -> None:
    names = ["player 0", "player 1"]
    for faction, voter in result["votes"].items():
        who = "nobody" if voter is None else names[voter]
        row = page.locator(f"#votes-table tr[data-faction='{faction}'] td.lead")
        assert row.inner_text() == who


def test_keyboard_play_and_a_cards_rules_text(server: str, browser: Browser) -> None:
    game = create_game(server, ["human", "bot:heuristic"], seed=606)
    url = game["seats"][0]["url"]
    ctx = new_context(browser, 1280, 800)
    try:
        page = ctx.new_page()
        errors = watch_errors(page)
        page.goto(server + url)
        assert wait_turn(page)
        # the arrow keys go through the clickable cards; each says what it is
        page.keyboard.press("ArrowRight")
        first = page.evaluate("document.activeElement.dataset.card")
        assert first is not None
        page.keyboard.press("ArrowRight")
        second = page.evaluate("document.activeElement.dataset.card")
        assert second is not None and second != first
        label = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert label == move_text(f"play {second}")
        # its rules text shows for the focused card
        until(page, "() => !document.getElementById('tip').hidden")
        faction = second.split(":")[0]
        rules = next(f["rules"] for f in catalog_factions() if f["key"] == faction)
        assert rules in page.inner_text("#tip")
        # Enter plays it
        before = version(page)
        page.keyboard.press("Enter")
        until(page, "(v) => Number(document.body.dataset.version) > v", before)
        record_moves = seat_message(server, url)["view"]["tricks"]
        assert record_moves[0]["plays"][0]["card"] == second
        assert wait_turn(page)
        # after the move the focus is back on a card to play
        assert page.evaluate("document.activeElement.matches('#mine button.card.legal')")
        # hovering a card shows its rules text too
        page.mouse.move(0, 0)
        page.locator("#prize .card").hover()
        until(page, "() => !document.getElementById('tip').hidden")
        assert page.inner_text("#tip").strip() != ""
        assert errors == []
    finally:
        ctx.close()


def catalog_factions() -> list[dict[str, Any]]:
    from claim.text.catalog import catalog_json

    return list(catalog_json()["factions"])


def test_the_bots_reply_is_shown_with_a_pause_a_click_skips(server: str, browser: Browser) -> None:
    game = create_game(server, ["human", "bot:heuristic"], seed=2024)
    url = game["seats"][0]["url"]
    ctx = new_context(browser, 1280, 800, motion=True)
    try:
        page = ctx.new_page()
        errors = watch_errors(page)
        page.goto(server + url)
        assert wait_turn(page)
        # watch for the pause: the finished trick stays on the table with who won it
        page.evaluate(
            """() => { window.pauses = [];
              new MutationObserver(() => {
                if (document.body.dataset.pausing === '1' && !window.pausing) {
                  window.pausing = performance.now();
                  window.held = [...document.querySelectorAll('#plays .card[data-card]')]
                    .map(e => e.dataset.card);
                  window.verdict = (document.getElementById('verdict') || {}).textContent;
                } else if (document.body.dataset.pausing !== '1' && window.pausing) {
                  window.pauses.push(performance.now() - window.pausing); window.pausing = 0;
                }
              }).observe(document.body, {attributes: true}); }"""
        )
        led = page.locator("#mine .hand button.card.legal").first
        card = led.get_attribute("data-card")
        click(led)
        until(page, "() => document.body.dataset.pausing === '1'")
        held = page.evaluate("window.held")
        assert card in held and len(held) == 2  # your card and the bot's reply
        assert "the trick" in page.evaluate("window.verdict")
        # nothing can be played during the pause; a click skips it
        assert body(page, "legal") == "0"
        started = time.monotonic()
        page.mouse.click(5, 400)
        until(page, "() => document.body.dataset.pausing !== '1'")
        assert time.monotonic() - started < 0.6
        assert wait_turn(page)
        # a pause left alone lasts a visible while (600-900 ms), not longer
        click(page.locator("#mine .hand button.card.legal").first)
        until(page, "() => window.pauses.length >= 2")
        last = page.evaluate("window.pauses[window.pauses.length - 1]")
        assert 550 <= last <= 1500
        assert errors == []
    finally:
        ctx.close()


# -- the server's words for the moves (no browser) --------------------------------------------


def test_each_move_is_sent_with_its_words() -> None:
    """A seat to act gets each legal move in plain English (``words``: [text, hint], in the
    order of ``legal``); the words name no card by its code and are never the move string."""
    options = {
        "factions": "random",
        "heroes": "24",
        "setting": "random",
        "building": "random",
        "artifacts": "all",
    }
    seen_verbs: set[str] = set()
    with TestClient(create_app("sqlite://")) as client:
        for seed in (11, 12, 13):
            created = client.post(
                "/api/games",
                json={"options": options, "seed": seed, "seats": ["human", "bot:random"]},
            ).json()
            seat = created["seats"][0]
            rng = random.Random(seed)
            with client.websocket_connect(
                f"/ws/games/{created['id']}?seat=0&token={seat['token']}"
            ) as ws:
                message = ws.receive_json()
                while message["status"] != "finished":
                    if not message["legal"]:
                        message = ws.receive_json()
                        continue
                    words = message["words"]
                    assert len(words) == len(message["legal"])
                    for move, (text, hint) in zip(message["legal"], words, strict=True):
                        seen_verbs.add(move.split(" ")[0])
                        assert text != move and text[0].isupper(), (move, text)
                        assert not CODE.search(text) and not CODE.search(hint), (move, text)
                    move = rng.choice(message["legal"])
                    ws.send_json({"type": "move", "move": move, "version": message["version"]})
                    message = ws.receive_json()
                    while (
                        message["type"] == "state"
                        and message["legal"] == []
                        and (message["status"] != "finished")
                    ):
                        message = ws.receive_json()
    assert {"play", "pass", "use"} <= seen_verbs


def test_move_text_words() -> None:
    assert move_text("take top") == "Take the top card"
    assert move_text("use prowlers-torch") == "Use the Prowler's Torch"
    assert move_text("play elf-orc:7 as orcs") == "Play Elf / Orc 7 as Orcs"
    assert move_text("play demons:odd") == "Play an odd Demon"
    assert move_text("give hero:necromancer") == "Give the Necromancer"
    assert move_text("use wishing-lamp goblins:5") == "Use the Wishing Lamp: Goblin 5"
    assert move_text("count gargoyle as ice-kings") == "Count the Gargoyle as Ice Kings"
    assert move_text("peek 2") == "Peek at the Toxic in place 2"
    assert move_text("pass") == "Pass"
