"""The terminal's fixes of issue 37: the replay's keys, the help's wrapping, notifications off the
log, the moves numbered alike in line mode and on the table, the "Not asked" line once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.cells import cell_len
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Static
from textual.widgets._toast import Toast

from claim.apps.cli import cli
from claim.apps.cli.table import table_lines
from claim.apps.tui.app import ClaimApp, ReplayApp
from claim.apps.tui.dialogs import HelpScreen
from claim.apps.tui.session import GameSession, ReplaySession
from claim.apps.tui.table import ReplayScreen
from claim.apps.tui.widgets import LogPanel, MovesPanel
from claim.core.options import SetupOptions
from claim.core.powers import artifacts as arts
from claim.core.view import observe
from claim.text.account import Names
from claim.text.describe import move_text

SIZE = (80, 24)
FULL = SetupOptions(heroes="3", setting="islands", building="castle", artifacts="all")


def a_finished_record() -> dict[str, object]:
    session = GameSession.new(FULL, seed=17, bot_spec="random")
    session.run_bots()
    while not session.over:
        session.play(session.legal()[-1])
        session.run_bots()
    return session.record()


# -- the replay's keys -------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_first_key_of_a_replay_is_acted_on() -> None:
    replay = ReplaySession(a_finished_record())
    app = ReplayApp(replay, "game.json")
    async with app.run_test(size=SIZE) as pilot:
        # no pause first: the key pressed as soon as the app runs reaches the replay
        await pilot.press("right")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert replay.index == 1


@pytest.mark.parametrize("key", ["q", "escape"])
@pytest.mark.asyncio
async def test_q_and_escape_leave_the_replay(key: str) -> None:
    app = ReplayApp(ReplaySession(a_finished_record()), "game.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right")
        await pilot.press(key)
        await pilot.pause()
        assert not app.is_running


@pytest.mark.asyncio
async def test_escape_closes_the_replays_help_first() -> None:
    app = ReplayApp(ReplaySession(a_finished_record()), "game.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.is_running


# -- the help, wrapped by words ------------------------------------------------------------------


@pytest.mark.asyncio
async def test_the_help_is_wrapped_by_words_within_80_columns() -> None:
    app = ClaimApp(FULL, seed=5, menu=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        wanted = " ".join(help_screen.lines).split()
        assert any(len(line) > 74 for line in help_screen.lines)  # there is something to wrap
        statics = list(help_screen.query_one(VerticalScroll).query(Static))
        shown = [str(static.content) for static in statics]
        for static, line in zip(statics, shown, strict=True):
            # each line fits its widget, so Textual wraps nothing (it would cut mid-word)
            assert cell_len(line) <= static.size.width <= 80, line
        # every word of the help is there whole, in order
        assert " ".join(shown).split() == wanted
        # a key's text goes on under its column
        at = next(i for i, line in enumerate(shown) if line.startswith("^a"))
        column = len(shown[at]) - len(shown[at][2:].lstrip())
        assert shown[at + 1].startswith(" " * column) and shown[at + 1][column] != " "


# -- line mode: wrapped by words, numbered as the table --------------------------------------


def play_plain(columns: int, typed: str, *setup: str) -> str:
    result = CliRunner().invoke(
        cli,
        ["play", "--plain", "--seed", "5", *(setup or ("--heroes", "3", "--artifacts", "all"))],
        input=typed,
        env={"COLUMNS": str(columns)},
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_line_mode_wraps_by_words_at_the_terminal_width() -> None:
    typed = "help\n1\n1\n1\nquit\n"
    narrow = play_plain(50, typed)
    wide = play_plain(1000, typed)
    assert any(len(line) > 50 for line in wide.splitlines())  # there is something to wrap
    for line in narrow.splitlines():
        # a line over the width is a single word (a card code is never cut)
        assert len(line) <= 50 or " " not in line.strip(), line
    # the same words in the same order: none cut in two
    assert narrow.split() == wide.split()


def numbered(lines: list[str]) -> list[str]:
    at = lines.index("Your moves:")
    moves = []
    for line in lines[at + 1 :]:
        number, _, rest = line.strip().partition(". ")
        assert number == str(len(moves) + 1)
        moves.append(rest.partition(" — ")[0])
    return moves


@pytest.mark.asyncio
async def test_line_mode_and_the_table_number_the_moves_alike(tmp_path: Path) -> None:
    app = ClaimApp(SetupOptions(heroes="3"), seed=5, menu=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session is not None and session.human_to_move
        shown = app.screen.query_one(MovesPanel).moves
        plain = numbered(table_lines(observe(session.state, session.seat), session.seat, Names()))
        # the same moves in the same order (line mode lists them in words, issue 37)
        assert len(shown) > 2 and [move_text(m) for m in shown] == plain
        # not the engine's own order: the test would not see a difference otherwise
        assert shown[:3] != session.legal()[:3]
    # and line mode plays the move of the number typed
    saved = tmp_path / "game.json"
    play_plain(1000, f"3\nsave {saved}\nquit\n", "--heroes", "3")
    assert json.loads(saved.read_text())["moves"][0] == shown[2]


# -- don't ask again: said once, in the log, no toast over it --------------------------------


async def settle(pilot: Pilot[str]) -> None:
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


def a_game_with_the_wand() -> GameSession:
    """A game where you (player 0) hold the Magic Wand, the bot leading first."""
    for seed in range(1, 200):
        options = SetupOptions(artifacts="all", first_leader="1")
        session = GameSession.new(options, seed=seed, bot_spec="heuristic")
        if "magic-wand" in session.state.config.artifacts[0]:
            return session
    raise AssertionError("no deal gives player 0 the Magic Wand")


@pytest.mark.asyncio
async def test_dont_ask_again_is_said_once_in_the_log_and_no_toast_covers_it() -> None:
    session = a_game_with_the_wand()
    passed_for_you: list[str] = []  # the wand's windows passed for the player after ctrl+d
    play = session.play

    def spy(move: str) -> list[str]:
        decision = session.decision()
        wand = any(m.startswith("use magic-wand") for m in session.legal())
        if move == "pass" and decision and decision["kind"] == arts.PLAYED and wand:
            passed_for_you.append(move)
        return play(move)

    session.play = spy  # type: ignore[method-assign]
    app = ClaimApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.table
        assert screen is not None
        moves = screen.query_one(MovesPanel)
        said = False
        for _ in range(300):
            if session.over:
                break
            if not said and any(m.startswith("use magic-wand") for m in moves.all_moves):
                await pilot.press("ctrl+d")
                await settle(pilot)
                said = True
                log = screen.query_one(LogPanel)
                assert "(Not asked again this game: Magic Wand" in log.text
                # told in the log, not in a toast that would lie over it
                for toast in app.screen.query(Toast):
                    assert not toast.region.overlaps(log.region)
                assert not list(app.screen.query(Toast))
                continue
            if "pass" in moves.all_moves:
                await pilot.press(*"pass", "1")
            else:
                await pilot.press("1")
            await settle(pilot)
        assert said and session.over
        assert len(passed_for_you) >= 3  # windows passed for the player, after ctrl+d
        lines = screen.query_one(LogPanel).text.splitlines()
        told = [line for line in lines if "you said not to ask again" in line]
        assert len(told) == 1, told
