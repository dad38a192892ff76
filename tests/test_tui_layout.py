"""The terminal table at 80×24 and larger (issue 18): the status line is never cut, the trick,
the hand and the Score piles are on screen at every decision of whole games with every
expansion, the secondary panels are a key away (or shown when there is room), and every move
of a long list is reachable by keys (the numbers, the page keys, typing to filter)."""

from __future__ import annotations

import pytest

from claim.apps.tui.app import ClaimApp
from claim.apps.tui.dialogs import EndScreen, TextScreen
from claim.apps.tui.session import GameSession
from claim.apps.tui.table import status_line
from claim.apps.tui.widgets import (
    LogPanel,
    MorePanel,
    MovesPanel,
    TablePanel,
    move_matches,
    rows_needed,
)
from claim.core.options import SetupOptions
from claim.text import catalog
from test_tui import Pilot_, screen_text, settle, table

SIZE = (80, 24)
#: every expansion at once: random factions, five heroes, a random Setting and Building, artifacts
EVERYTHING = SetupOptions(
    factions="random", heroes="5", setting="random", building="random", artifacts="all"
)


def assert_essentials_on_screen(app: ClaimApp) -> None:
    """The trick, the hand and the Score piles: every line of those sections is inside the
    visible region (the table panel is not scrolled and they fit its height), and the
    rendered terminal shows their titles and the start of each line."""
    screen = table(app)
    panel = screen.query_one(TablePanel)
    assert panel.scroll_y == 0, panel.scroll_y
    essentials = [s for s in panel.primary if s.title != "ON THE TABLE"]
    titles = [s.title for s in essentials]
    assert titles[0] == "TRICK", titles
    assert titles[1].startswith("YOUR HAND"), titles
    assert titles[2].startswith(("SCORE PILES", "VOTES")), titles
    drawn = [line.plain for line in panel.lines(False)]
    start = max(i for i, line in enumerate(drawn) if line.startswith(("▌SCORE", "▌VOTES")))
    # the Score piles end where the next section starts (a faction's values may wrap)
    after = [i for i in range(start + 1, len(drawn)) if drawn[i].startswith("▌")]
    end = after[0] if after else len(drawn)
    width = panel.scrollable_content_region.width
    rows = rows_needed(panel.lines(False)[:end], width)
    assert rows <= panel.scrollable_content_region.height, (rows, panel.size)
    text = screen_text(app)
    for section in essentials:
        assert f"▌{section.title[:5]}" in text, section.title  # (▌SCORE: the tightest)
        for line in section.lines:
            assert line[:12] in text, line
        for row in section.rows:
            assert f"\n {catalog.title(row.faction)} " in text, row.faction  # by its title
    status = str(screen.query_one("#status").content)  # type: ignore[attr-defined]
    # during play the seed is never shown (it rebuilds the deal, issue 35)
    assert status.endswith(" · chosen deal")  # these games are dealt from a chosen seed
    assert f"seed {screen.session.seed}" not in status
    assert status in text, status  # the whole status line: never cut


async def play_checking(pilot: Pilot_, limit: int = 400) -> int:
    """Play to the end by the number keys, checking the screen at every decision."""
    app = pilot.app
    assert isinstance(app, ClaimApp)
    await settle(pilot)
    decisions = 0
    while not isinstance(app.screen, EndScreen):
        assert decisions < limit
        for _ in range(20):  # the screen catches up with the bot's answer
            if table(app).session.human_to_move:
                break
            await pilot.pause(0.05)
        assert table(app).session.human_to_move, "not the human's turn"
        assert_essentials_on_screen(app)
        await pilot.press("1" if decisions % 3 else "end", *([] if decisions % 3 else ["enter"]))
        decisions += 1
        await settle(pilot)
    return decisions


@pytest.mark.asyncio
@pytest.mark.parametrize("seed", [3, 8])
async def test_whole_games_with_every_expansion_keep_the_essentials_on_screen(seed: int) -> None:
    app = ClaimApp(EVERYTHING, seed=seed, menu=False, bot_spec="heuristic")
    async with app.run_test(size=SIZE) as pilot:
        decisions = await play_checking(pilot)
        assert decisions >= 20
        config = table(app).session.config
        assert config.heroes and config.artifacts and config.setting and config.building


def test_the_status_line_is_shortened_never_cut() -> None:
    parts = [
        ["Claim", ""],
        ["Phase One · trick 12", "P1 trick 12"],
        ["you: player 1", "you: P1", ""],
        ["vs search bot (hard)", "vs search:hard", ""],
        ["seed 123456789"],
    ]
    full = "Claim · Phase One · trick 12 · you: player 1 · vs search bot (hard) · seed 123456789"
    assert status_line(parts, 200) == full
    for width in (78, 60, 40, 30):
        line = status_line(parts, width)
        assert len(line) <= width, line
        assert line.endswith("seed 123456789")
    # however narrow: the shortest forms, the phase and the seed kept
    assert status_line(parts, 5) == "P1 trick 12 · seed 123456789"


@pytest.mark.asyncio
async def test_the_header_fits_against_a_search_bot() -> None:
    session = GameSession.new(EVERYTHING, seed=123456, seat=1, bot_spec="search:hard")
    app = ClaimApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        status = str(table(app).query_one("#status").content)  # type: ignore[attr-defined]
        # a chosen seed: said so, never shown before the end (issue 35)
        assert status.endswith("chosen deal") and status in screen_text(app)
        assert "123456" not in status
        assert len(status) <= 78


@pytest.mark.asyncio
async def test_the_secondary_panels_are_a_key_away_or_shown_when_there_is_room() -> None:
    app = ClaimApp(EVERYTHING, seed=5, menu=False, bot_spec="heuristic")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "^t More" in text and "^l Log" in text and "^q Quit" in text
        assert "▌CARDS LEFT" not in text
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        more = screen_text(app)
        for title in ("LOCATIONS", "ARTIFACTS", "CARDS LEFT"):
            assert title in more
        await pilot.press("escape", "ctrl+l")
        await pilot.pause()
        assert isinstance(app.screen, TextScreen)
        assert "You are player 0" in app.screen.text  # the whole log, from its first line
        await pilot.press("escape")
        await pilot.pause()
        # a tall terminal: below the table; a wide one: a third column
        await pilot.resize_terminal(80, 50)
        await pilot.pause()
        assert "▌CARDS LEFT" in screen_text(app)
        await pilot.resize_terminal(140, 30)
        await pilot.pause()
        assert table(app).query_one(MorePanel).display
        assert "▌CARDS LEFT" in screen_text(app)
        assert_essentials_on_screen(app)


@pytest.mark.asyncio
async def test_every_move_of_a_long_list_is_reachable_by_keys() -> None:
    # thirteen cards to lead: more moves than number keys
    session = GameSession.new(SetupOptions(), seed=21, bot_spec="heuristic")
    session.run_bots()
    app = ClaimApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        moves = screen.query_one(MovesPanel)
        assert len(moves.all_moves) == 13
        assert "13 moves · type to filter" in screen_text(app)
        await pilot.press("end")
        assert moves.highlighted == 12
        await pilot.press("home")
        assert moves.highlighted == 0
        await pilot.press("pagedown")
        assert moves.highlighted is not None and moves.highlighted > 5
        # typing filters; Backspace edits; Esc clears; the numbers count the moves shown
        faction = session.state.config.factions[2]
        await pilot.press(*faction[:4])
        await pilot.pause()
        assert moves.filter == faction[:4]
        assert moves.moves and all(faction[:4] in m for m in moves.moves)
        assert f"filter: {faction[:4]}" in screen_text(app)
        await pilot.press("backspace")
        assert moves.filter == faction[:3]
        await pilot.press("escape")
        await pilot.pause()
        assert moves.filter == "" and len(moves.moves) == 13
        await pilot.press("z", "z", "z")
        await pilot.pause()
        assert moves.moves == []
        await pilot.press("escape", *faction[:4])
        await pilot.pause()
        wanted = moves.moves[-1]
        await pilot.press(str(len(moves.moves)))
        await settle(pilot)
        assert wanted in session.state.moves
        assert moves.filter == ""  # a new decision starts unfiltered
        # the last move of the list by End and Enter
        last = moves.all_moves[-1]
        await pilot.press("end", "enter")
        await settle(pilot)
        assert last in session.state.moves


def test_the_filter_reads_the_moves_and_their_words() -> None:
    assert move_matches("use magic-wand +2", ["wand"])
    assert move_matches("use magic-wand +2", ["wand", "+2"])
    assert not move_matches("use magic-wand +2", ["wand", "-2"])
    assert move_matches("take top", ["top"])
    assert move_matches("play goblins:5", ["gob"])
    assert move_matches("pass", [])


def a_game_with_the_wand() -> GameSession:
    """A game where you (player 0) hold the Magic Wand, the bot leading first."""
    for seed in range(1, 200):
        options = SetupOptions(artifacts="all", first_leader="1")
        session = GameSession.new(options, seed=seed, bot_spec="heuristic")
        if "magic-wand" in session.state.config.artifacts[0]:
            return session
    raise AssertionError("no deal gives player 0 the Magic Wand")


@pytest.mark.asyncio
async def test_an_artifact_the_player_said_not_to_ask_about_is_passed_for_them() -> None:
    session = a_game_with_the_wand()
    app = ClaimApp(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        moves = screen.query_one(MovesPanel)
        said = False
        asked_again = False
        for _ in range(200):
            if session.over or asked_again:
                break
            wand = any(m.startswith("use magic-wand") for m in moves.all_moves)
            if wand and not said:
                assert "^d Don't ask again" in screen_text(app)
                await pilot.press("ctrl+d")
                await settle(pilot)
                said = True
                assert screen.never == {"magic-wand"}
                continue
            if wand:
                assert screen.ask_all, "asked about the wand after ctrl+d"
                asked_again = True
                break
            if said and len(session.state.moves) > 30 and not screen.ask_all:
                await pilot.press("ctrl+a")  # the full list again: every window asked
                await settle(pilot)
                assert screen.ask_all and not screen.never
                continue
            if "pass" in moves.all_moves and any(m.startswith("use ") for m in moves.all_moves):
                await pilot.press(*"pass", "1")  # another artifact's window: pass by filter
            else:
                await pilot.press("1")
            await settle(pilot)
        assert said and asked_again
        log = screen.query_one(LogPanel).text
        assert "Not asked: Magic Wand, you said not to ask again" in log
        assert "magic-wand" not in " ".join(session.state.used_artifacts[0])
