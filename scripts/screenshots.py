"""Screenshots of the web table, mid-game and at the end, and of the analysis page, for the docs
(issues 17 and 37).

    .venv/bin/python scripts/screenshots.py [--out docs/img] [--seed 17] [--tricks 7]

A real server (``claim.apps.web.app.create_app`` under uvicorn, a temporary SQLite file) runs in
a subprocess; Debian's Chromium, driven by Playwright, opens a seat against the heuristic bot
(heroes and artifacts in play, so hero cards and artifacts show), plays ``--tricks`` tricks by
clicking a legal card (the first one: the same seed gives the same pictures), and saves the
table at 1280×800 (``table-desktop.png``) and at 390×844 on a phone (``table-phone.png``). The
pages run with reduced motion, so no picture catches a card in flight. A second game (the same
seed) is played to its end on the seat's socket (its first legal move each turn) and its
finished table saved in both layouts, the result's links in view (``table-end-desktop.png``,
``table-end-phone.png``: they are not under the hand). Then a game between the heuristic and the
random bot (the same seed, the first seat named) is played to the end and its analysis page
(``/analysis/ID``, the server's default budget) saved at 1280×800 (``analysis.png``) and on a
phone (``analysis-phone.png``: the page fits 390 px, the chart has a move axis and the names).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, ViewportSize, sync_playwright
from websockets.sync.client import connect

CHROMIUM = Path(os.environ.get("CLAIM_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"]
SERVER = """
import socket, sys, uvicorn
from claim.apps.web.app import create_app
sock = socket.socket(fileno=int(sys.argv[2]))
config = uvicorn.Config(create_app(sys.argv[1]), log_level="warning", lifespan="on")
uvicorn.Server(config).run(sockets=[sock])
"""
OPTIONS = {"factions": "claim", "heroes": "6", "artifacts": "all"}
#: the analysed bots' display names (the page shows them instead of "player 0")
NAMES = ["Ada", None]
#: the layouts pictured: file name, viewport, phone or not
LAYOUTS: tuple[tuple[str, ViewportSize, bool], ...] = (
    ("table-desktop.png", {"width": 1280, "height": 800}, False),
    ("table-phone.png", {"width": 390, "height": 844}, True),
)


def new_context(browser: Any, viewport: ViewportSize, phone: bool) -> Any:
    """A browser context for one picture: a phone's is a touch screen at twice the pixels; no
    motion, so no picture catches a card in flight."""
    return browser.new_context(
        viewport=viewport,
        is_mobile=phone,
        has_touch=phone,
        device_scale_factor=2 if phone else 1,
        reduced_motion="reduce",
    )


def create_game(
    base: str,
    seed: int,
    seats: tuple[str, str] = ("human", "bot:heuristic"),
    names: list[str | None] | None = None,
) -> dict[str, Any]:
    body = json.dumps({"options": OPTIONS, "seed": seed, "seats": list(seats), "names": names})
    request = urllib.request.Request(
        f"{base}/api/games", data=body.encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return dict(json.load(response))


def wait_turn(page: Page) -> None:
    page.wait_for_function(
        "() => document.body.dataset.busy === '0' && Number(document.body.dataset.legal) > 0",
        polling=20,
        timeout=30_000,
    )


def click(target: Locator) -> None:
    """Click a card where a player would: on its visible left edge (a fanned hand's cards
    overlap, and the next card covers the middle of this one)."""
    box = target.bounding_box()
    if box is None or not (target.get_attribute("data-card") or ""):
        target.click()
        return
    target.click(position={"x": min(10, box["width"] / 4), "y": box["height"] / 2})


def play(page: Page, tricks: int) -> None:
    """Click the first legal card (or the first button) until ``tricks`` tricks are over and it
    is the seat's turn again."""
    while True:
        wait_turn(page)
        done = page.evaluate("() => document.querySelectorAll('#log-lines li').length")
        told = page.locator("#log-lines li", has_text="Trick ").count()
        if told >= tricks and done:
            return
        before = page.get_attribute("body", "data-version")
        target = page.locator(
            "#mine .hand button.card.legal, #choices button.card, #moves button[data-move]"
        )
        click(target.first)
        if page.locator("#moves.choice").count():
            page.locator("#moves.choice button[data-move]").first.click()
        page.wait_for_function(
            "(v) => document.body.dataset.version !== v", arg=before, polling=20, timeout=30_000
        )


def finish(base: str, url: str) -> None:
    """Play a seat's game to its end on its own socket, the first legal move each turn."""
    with connect(base.replace("http://", "ws://") + url.replace("/play/", "/ws/games/")) as ws:
        while True:
            message = json.loads(ws.recv(timeout=60))
            if message.get("type") != "state":
                continue
            if message["status"] == "finished":
                return
            if message.get("legal"):
                move = {"type": "move", "move": message["legal"][0], "version": message["version"]}
                ws.send(json.dumps(move))


def shoot_end(browser: Any, base: str, seed: int, out: Path) -> None:
    """The finished table in both layouts, scrolled so that the result's links are in view."""
    game = create_game(base, seed)
    url = game["seats"][0]["url"]
    finish(base, url)
    for name, viewport, phone in LAYOUTS:
        context = new_context(browser, viewport, phone)
        page = context.new_page()
        page.goto(base + url)
        page.wait_for_function(
            "() => document.body.dataset.status === 'finished' && !+document.body.dataset.busy",
            polling=20,
            timeout=30_000,
        )
        page.evaluate(
            "() => document.querySelector('#result .links').scrollIntoView({block: 'end'})"
        )
        path = out / name.replace("table-", "table-end-")
        page.screenshot(path=str(path))
        print(path)
        context.close()


def shoot_analysis(browser: Any, base: str, seed: int, out: Path) -> None:
    """The analysis page of a finished bot game (it takes the server a few seconds to a
    minute to weigh every decision), on a desktop and on a phone."""
    game = create_game(base, seed, ("bot:heuristic", "bot:random"), NAMES)
    deadline = time.monotonic() + 120
    while True:
        with urllib.request.urlopen(f"{base}/api/games/{game['id']}", timeout=10) as answer:
            if json.load(answer)["status"] == "finished":
                break
        if time.monotonic() > deadline:
            raise SystemExit("the bots' game did not finish")
        time.sleep(0.2)
    for name, viewport, phone in (
        ("analysis.png", {"width": 1280, "height": 800}, False),
        ("analysis-phone.png", {"width": 390, "height": 844}, True),
    ):
        context = new_context(browser, viewport, phone)
        page = context.new_page()
        page.goto(f"{base}/analysis/{game['id']}")
        page.wait_for_function(
            "() => document.body.dataset.state === 'done'", polling=200, timeout=300_000
        )
        # a phone's picture: the summary and the chart, the first screen and a half
        clip = {"x": 0, "y": 0, "width": 390, "height": 1200} if phone else None
        page.screenshot(path=str(out / name), full_page=True, clip=clip)
        print(out / name)
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("docs/img"))
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--tricks", type=int, default=7)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        sock.listen(64)
        base = f"http://127.0.0.1:{sock.getsockname()[1]}"
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, f"sqlite:///{tmp}/games.db", str(sock.fileno())],
            pass_fds=(sock.fileno(),),
        )
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    urllib.request.urlopen(f"{base}/api/games", timeout=2).close()
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.1)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
                for name, viewport, phone in LAYOUTS:
                    game = create_game(base, args.seed)
                    context = new_context(browser, viewport, phone)
                    page = context.new_page()
                    page.goto(base + game["seats"][0]["url"])
                    play(page, args.tricks)
                    page.evaluate("() => document.activeElement && document.activeElement.blur()")
                    page.screenshot(path=str(args.out / name))
                    print(args.out / name)
                    context.close()
                shoot_end(browser, base, args.seed, args.out)
                shoot_analysis(browser, base, args.seed, args.out)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
            sock.close()


if __name__ == "__main__":
    main()
