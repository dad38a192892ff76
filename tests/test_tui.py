"""The terminal game through Textual's headless pilot, at 80×24: whole games against a bot
played by pressing keys, the new-game screen, save and resume, the replay, and what the screen
never shows (the bot's hand, its unused artifacts)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select

from claim.apps.tui import run_play, run_replay
from claim.apps.tui.app import ClaimApp, ReplayApp
from claim.apps.tui.dialogs import EndScreen, HelpScreen, SaveScreen
from claim.apps.tui.session import GameSession, ReplaySession
from claim.apps.tui.table import ReplayScreen, TableScreen
from claim.core import cards, records
from claim.core.errors import ClaimError
from claim.core.options import SetupOptions
from claim.core.view import observe, report
from claim.text import catalog
from claim.text.account import artifact_title, card_name
from claim.text.describe import grouped_text

SIZE = (80, 24)
FULL = SetupOptions(heroes="3", setting="islands", building="castle", artifacts="all")

Pilot_ = Pilot[str]


def screen_text(app: ClaimApp | ReplayApp) -> str:
    """The characters on the terminal right now (the top screen, as rendered)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def table(app: ClaimApp) -> TableScreen:
    screen = app.table
    assert screen is not None
    return screen


async def settle(pilot: Pilot_) -> None:
    """Wait until the bot has made all its moves (it thinks in a worker thread)."""
    app = pilot.app
    assert isinstance(app, ClaimApp)
    for _ in range(500):
        await pilot.pause()
        screen = app.table
        if screen is None or not screen.thinking:
            return
        await app.workers.wait_for_complete()
    raise AssertionError("the bot never finished")


async def footer_drawn(pilot: Pilot_) -> None:
    """Give the footer its first frames: Textual fills the key bindings in after the screen is
    mounted, so on a loaded machine the first frame can come without them (the test then checks
    that "? Help" is there: this only waits, for at most 5 s)."""
    app = pilot.app
    assert isinstance(app, ClaimApp)
    for _ in range(100):
        if "? Help" in screen_text(app):
            return
        await pilot.pause(0.05)


def hidden_from_human(session: GameSession) -> tuple[set[str], set[str]]:
    """Card codes only the bot knows (cards in its hand or Follower deck that the human has
    never been shown, each the only card of its code) and its unused artifacts' names."""
    state = session.state
    bot = session.bot_seat
    seen = json.dumps(session.view())
    codes = {
        cards.CODE[c]
        for c in (*state.hands[bot], *state.followers[bot])
        if c not in state.revealed
        and len(cards.IDS_BY_CODE[cards.CODE[c]]) == 1
        and cards.CODE[c] not in seen
    }
    artifacts = {artifact_title(name) for name in state.artifacts[bot]}
    artifacts |= set(state.artifacts[bot])
    return codes, artifacts


def assert_nothing_secret(app: ClaimApp, render: bool = True) -> None:
    """Neither the terminal nor any panel (scrolled-out parts included) names a card of the
    bot's hand that the human was never shown, or an artifact the bot still holds. (Rendering
    the terminal costs the pilot about 50 ms: ``render`` False checks the panels' text only.)"""
    screen = table(app)
    shown = (screen_text(app) if render else "") + "\n" + screen.text
    codes, artifacts = hidden_from_human(screen.session)
    for code in codes:
        assert code not in shown, f"{code} of the bot's hand is on the screen"
        # the screens say cards by their names (issue 37): "Ice King 1", not in "Ice King 10"
        name = re.escape(card_name(code))
        assert not re.search(rf"(?<![\w-]){name}(?![\w-])", shown), f"{code} is on the screen"
    for name in artifacts:
        assert name not in shown, f"the bot's unused {name} is on the screen"
    assert "THE BOT'S HAND (" not in shown  # only its count, under CARDS LEFT


Check = Callable[[ClaimApp, int], None]


async def play_to_the_end(pilot: Pilot_, check: Check | None = None, limit: int = 300) -> int:
    """Answer every decision by keys only until the end panel shows; return the number of
    human moves. Mostly the number keys; every fifth move with the arrows and Enter."""
    app = pilot.app
    assert isinstance(app, ClaimApp)
    await settle(pilot)
    moves = 0
    while not isinstance(app.screen, EndScreen):
        assert moves < limit, "the game did not end"
        session = table(app).session
        assert session.human_to_move
        if check is not None:
            check(app, moves)
        legal = len(session.legal())
        if moves % 5 == 4 and legal > 1:
            await pilot.press("down", "enter")  # the second move of the list
        else:
            await pilot.press("1")
        moves += 1
        await settle(pilot)
    return moves


def check_end_panel(app: ClaimApp) -> None:
    end = app.screen
    assert isinstance(end, EndScreen)
    session = table(app).session
    assert session.over
    assert end.lines == session.result_lines()
    text = screen_text(app)
    assert session.winner_line() in text
    if session.state.result and session.state.result["reason"] in ("votes", "cards", "draw"):
        assert "Votes:" in end.lines
        for faction in session.state.config.factions:
            # each faction's vote by its title, not its key (issue 37)
            title = catalog.title(faction)
            assert any(line.strip().startswith(f"{title}:") for line in end.lines)
        assert end.lines[-1].endswith(".")  # what decided the winner


# -- whole games -------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_plain_game_played_with_keys_only() -> None:
    app = ClaimApp(SetupOptions(), seed=21, menu=False, bot_spec="heuristic")
    first_trick_told: list[bool] = []

    def check(app: ClaimApp, moves: int) -> None:
        screen = table(app)
        session = screen.session
        view = session.view()
        if moves == 0:
            text = screen_text(app)
            # the first decision: the hand, the prize, the moves, all on the 80×24 screen
            hand = view["players"][0]["hand"]
            assert f"YOUR HAND ({len(hand)})" in text
            assert grouped_text(hand, session.state.config.factions)[:30] in text
            assert f"Prize: {card_name(view['current']['prize'])}" in text  # by its name
            assert "1 Play " in text and "Your lead" in text
            assert "? Help" in text
        if view["tricks"] and not first_trick_told:
            first = view["tricks"][0]
            log = screen.query_one("#log").text  # type: ignore[attr-defined]
            assert f"Trick 1 · prize {card_name(first['prize'])}" in log  # by its name
            assert "the trick: " in log  # who won it, and why
            first_trick_told.append(True)
        assert_nothing_secret(app, render=moves % 4 == 0)

    async with app.run_test(size=SIZE) as pilot:
        await footer_drawn(pilot)
        moves = await play_to_the_end(pilot, check)
        assert first_trick_told
        assert moves >= 26  # 13 tricks a phase, at least one card of each
        check_end_panel(app)
        # the table behind the end panel shows the final votes
        await pilot.press("escape")
        await pilot.pause()
        assert "VOTES (who won each)" in screen_text(app)
        assert "Game over" in screen_text(app)


@pytest.mark.asyncio
async def test_a_game_with_heroes_a_setting_a_building_and_artifacts() -> None:
    app = ClaimApp(FULL, seed=12, menu=False, bot_spec="heuristic")
    seen: dict[str, bool] = {}

    def check(app: ClaimApp, moves: int) -> None:
        session = table(app).session
        view = session.view()
        full = table(app).text
        current = view.get("current") or {}
        if len(current.get("prizes") or ()) == 2 and "islands" not in seen:
            a, b = current["prizes"]
            # the panel's lines (on the screen the line wraps in the trick's narrow panel)
            # Islands: both prizes, by their names
            assert f"Prizes (Islands): {card_name(a)} and {card_name(b)}" in full
            seen["islands"] = True
        mine = session.state.artifacts[0]
        if mine:
            assert f"Your artifacts: {', '.join(artifact_title(n) for n in mine)}" in full
        if "use " in " ".join(session.legal()) and "use" not in seen:
            assert "1 Use the " in screen_text(app)  # an artifact or hero use offered as a choice
            seen["use"] = True
        assert "Setting: Islands" in full and "Building: Castle" in full
        assert_nothing_secret(app, render=moves % 4 == 0)

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # the help lists the rules of everything in play
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        help_text = "\n".join(app.screen.lines)
        for heading in ("FACTIONS", "HEROES", "LOCATIONS", "ARTIFACTS"):
            assert heading in help_text
        assert "Setting: Islands." in help_text and "Building: Castle." in help_text
        assert "Lich King" in help_text and "Magic Wand" in help_text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)

        await play_to_the_end(pilot, check)
        assert seen == {"islands": True, "use": True}
        check_end_panel(app)
        session = table(app).session
        assert session.state.config.heroes and session.state.config.artifacts
        used = session.state.used_artifacts[0]
        assert used, "pressing 1 at every window uses the artifacts"


@pytest.mark.asyncio
async def test_playing_as_player_one_against_the_random_bot() -> None:
    app = ClaimApp(SetupOptions(factions="claim2"), seed=5, seat=1, menu=False, bot_spec="random")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "you: player 1" in text
        assert "The bot led" in text  # player 0 (the bot) led the first trick
        await play_to_the_end(pilot, lambda app, moves: assert_nothing_secret(app, moves % 4 == 0))
        check_end_panel(app)
        await pilot.press("n")  # a new game: the form again, same options, a fresh seed
        await pilot.pause()
        assert str(app.screen.query_one("#seed", Input).value) == ""


# -- the new-game screen -----------------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_new_game_screen_deals_the_chosen_game() -> None:
    # pre-filled from the command line's options: five chosen factions
    chosen = "gnomes,giants,undead,dwarves,seers"
    app = ClaimApp(SetupOptions(factions=chosen), seed=None, menu=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        for label in ("Deck", "Heroes", "Setting", "Building", "Artifacts", "First leader"):
            assert label in text
        assert "Opponent" in text and "Seed" in text and "Start the game" in text
        assert "five factions of your choice" in text and chosen in text
        assert "▶ Deck" in text  # the focused field is marked in text, not only in colour
        await pilot.press("tab", "tab", "ctrl+u", "2")  # heroes: two, drawn from the seed
        # Setting and Building: open the list, type the start of a name, Enter
        await pilot.press("tab", "enter", "i", "s", "enter")  # islands
        await pilot.press("tab", "enter", "c", "enter")  # castle
        # (each list opened by keys costs the pilot about a second: three are set directly)
        form = app.screen
        form.query_one("#artifacts", Select).value = "all"
        form.query_one("#leader", Select).value = "1"
        form.query_one("#bot", Select).value = "random"
        form.query_one("#seat", Select).focus()
        await pilot.press("enter", "down", "enter")  # you play as player 1
        await pilot.press("tab")  # the opponent
        await pilot.press("tab", *"99", "enter")  # the seed, and Enter starts
        await settle(pilot)
        session = app.session
        assert session is not None, screen_text(app)
        expected = SetupOptions(
            factions=chosen,
            heroes="2",
            setting="islands",
            building="castle",
            artifacts="all",
            first_leader="1",
        ).resolve(99)
        assert session.state.config == expected.config
        assert session.state.seed == 99
        assert session.seat == 1 and session.bot_spec == "random"
        # a chosen seed: the table says so, and shows the seed only once the game is over
        assert "chosen deal" in screen_text(app) and "seed 99" not in screen_text(app)


@pytest.mark.asyncio
async def test_the_new_game_screen_reports_a_bad_value_on_the_form() -> None:
    app = ClaimApp(SetupOptions(heroes="nobody"), seed=3, menu=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert app.session is None
        assert "error: --heroes: unknown hero 'nobody'" in screen_text(app)
        await pilot.press("enter", "down", "enter")  # the deck (still focused): Claim 2
        await pilot.press("tab", "tab", "ctrl+u", "0", "enter")
        await settle(pilot)
        assert app.session is not None
        assert app.session.state.config.factions == cards.PRESETS["claim2"]
        assert app.session.state.seed == 3


def test_without_the_menu_a_bad_option_fails_before_any_screen() -> None:
    with pytest.raises(ClaimError, match="--setting"):
        run_play(SetupOptions(setting="castle"), seed=1, menu=False)
    with pytest.raises(ClaimError):
        run_play(SetupOptions(), resume="/nonexistent/game.json")
    with pytest.raises(ClaimError):
        run_replay({"format": "claim/1"})


# -- save and resume ---------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_save_mid_game_and_resume_from_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app = ClaimApp(FULL, seed=31, menu=False, bot_spec="heuristic")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(9):
            await pilot.press("1")
            await settle(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveScreen)
        assert "Save the game" in screen_text(app)
        # the file holds the deal, and the dialog says so (issue 35)
        assert "holds the whole deal" in " ".join(screen_text(app).split())
        await pilot.press("ctrl+u", *"mid.json", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        saved = table(app).session
        assert "Saved the game to mid.json" in table(app).text
        state_then = saved.state.to_dict()
        view_then = saved.view()

    resumed = GameSession.resume(tmp_path / "mid.json", seat=0, bot_spec="heuristic")
    assert resumed.state.to_dict() == state_then
    assert records.read_json(tmp_path / "mid.json") == records.to_record(resumed.state)

    app = ClaimApp(session=resumed)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert table(app).session.view() == view_then
        hand = view_then["players"][0]["hand"]
        assert f"YOUR HAND ({len(hand)})" in screen_text(app)
        assert "Resumed from" in table(app).text
        moves = len(resumed.state.moves)
        for _ in range(3):
            await pilot.press("1")
            await settle(pilot)
        assert len(resumed.state.moves) > moves + 3  # the game goes on, the bot answering


@pytest.mark.asyncio
async def test_quitting_asks_first_and_can_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    # a search bot thinks in a worker thread (the quick bots move at once): it leads first here
    app = ClaimApp(SetupOptions(), seed=4, seat=1, menu=False, bot_spec="search:easy")
    async with app.run_test(size=SIZE) as pilot:
        screen = table(app)
        assert screen.slow_bot
        await settle(pilot)
        assert not screen.thinking and screen.session.human_to_move
        assert "The bot led" in screen_text(app)
        await pilot.press("1")
        await settle(pilot)
        assert screen.session.human_to_move and len(screen.session.state.moves) >= 2
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert "Leave the game?" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("ctrl+q", "s")
        await pilot.pause()
        assert isinstance(app.screen, SaveScreen)
        await pilot.press("ctrl+u", *"left.json", "enter")
        await pilot.pause()
    assert app.return_value == "The game was saved to left.json."
    assert (tmp_path / "left.json").exists()


# -- the replay --------------------------------------------------------------------------------


def a_finished_record() -> dict[str, object]:
    session = GameSession.new(FULL, seed=17, bot_spec="heuristic")
    session.run_bots()
    while not session.over:
        session.play(session.legal()[-1])
        session.run_bots()
    return session.record()


@pytest.mark.asyncio
async def test_the_replay_steps_through_a_saved_game() -> None:
    record = a_finished_record()
    replay = ReplaySession(record)
    app = ReplayApp(replay, "game.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert f"move 0 of {replay.total}" in screen_text(app)
        # everything shown: both hands
        assert "PLAYER 0'S HAND (13)" in screen.text and "PLAYER 1'S HAND (13)" in screen.text
        await pilot.press("right", "right", "right", "right", "right")
        await pilot.pause()
        assert replay.index == 5
        assert f"move 5 of {replay.total}" in screen_text(app)
        assert f"Next: player {replay.next_player()} → {replay.next_move()}" in screen.text
        view = report(records.replay(record, upto=5))
        hand = grouped_text(view["players"][0]["hand"], replay.config.factions)
        assert hand in screen.text
        await pilot.press("left")
        await pilot.pause()
        assert replay.index == 4
        await pilot.press("end")
        await pilot.pause()
        assert replay.index == replay.total
        assert "The game is over:" in screen.text
        for line in replay.result_lines():
            assert line in screen.text
        await pilot.press("pageup")
        await pilot.pause()
        assert replay.index == replay.total - 10
        await pilot.press("home")
        await pilot.pause()
        assert replay.index == 0
        assert "Trick 1 ·" not in screen.query_one("#log").text  # type: ignore[attr-defined]


@pytest.mark.asyncio
async def test_a_replay_from_a_seat_hides_the_other_hand() -> None:
    record = a_finished_record()
    replay = ReplaySession(record, seat=1)
    app = ReplayApp(replay)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*["right"] * 12)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert "as player 1 saw it" in screen_text(app)
        assert "PLAYER 1'S HAND" in screen.text and "PLAYER 0'S HAND" not in screen.text
        state = records.replay(record, upto=12)
        seen = json.dumps(observe(state, 1))
        for c in state.hands[0]:
            code = cards.CODE[c]
            if len(cards.IDS_BY_CODE[code]) == 1 and code not in seen and c not in state.revealed:
                assert code not in screen.text
