"""The coach's hint in the terminal (issue 39): ctrl+g asks the search for the move it prefers,
the log tells it in words, and the saved game marks the move made after it."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.clitools import run
from tests.test_tui import SIZE, settle, table

from claim.apps.tui.app import ClaimApp
from claim.apps.tui.keys import HINT_KEY
from claim.apps.tui.session import GameSession
from claim.core import records
from claim.core.errors import ClaimError
from claim.core.options import SetupOptions
from claim.text.describe import move_text


@pytest.mark.asyncio
async def test_the_hint_key_tells_the_hint_and_the_record_marks_the_move() -> None:
    app = ClaimApp(SetupOptions(), seed=21, menu=False, bot_spec="heuristic")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = table(app)
        session = screen.session
        await pilot.press("1")  # a move without a hint first
        await settle(pilot)
        assert session.human_to_move
        ply = len(session.state.moves)
        await pilot.press(HINT_KEY)
        await settle(pilot)
        log = screen.query_one("#log").text  # type: ignore[attr-defined]
        assert "The search prefers " in log and "next best: " in log
        assert session.hinted == {ply}
        legal = session.legal()
        assert any(move_text(m) in log for m in legal)  # by the move's name, not its code
        await pilot.press("1")
        await settle(pilot)
        assert len(session.state.moves) > ply
        record = session.record()
        assert record["hinted"] == [ply]
        assert records.replay(record).to_dict() == session.state.to_dict()


def test_a_session_without_hints_writes_no_hinted_field() -> None:
    session = GameSession.new(SetupOptions(), seed=5)
    session.run_bots()
    session.play(session.legal()[0])
    session.run_bots()
    assert "hinted" not in session.record()


def test_a_hint_is_refused_when_it_is_not_your_turn() -> None:
    session = GameSession.new(SetupOptions(), seed=6, seat=1)
    assert session.bot_to_move  # player 0 leads
    with pytest.raises(ClaimError, match="not your turn"):
        session.hint(40)


def test_a_resumed_game_keeps_its_hinted_moves(tmp_path: Path) -> None:
    session = GameSession.new(SetupOptions(), seed=7)
    session.run_bots()
    found = session.hint(40)
    assert found.best in session.legal()
    session.play(found.best)
    session.run_bots()
    path = session.save(tmp_path / "g.json")
    resumed = GameSession.resume(path)
    assert resumed.hinted == {found.ply}
    assert resumed.record()["hinted"] == [found.ply]


# -- the line game (claim play --plain) ----------------------------------------------------------


def test_the_line_game_has_a_hint_command_and_saves_the_mark(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = run("play", "--plain", "--seed", "9", input=f"hint\n1\nsave {path}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "The search prefers " in result.output and "next best: " in result.output
    record = records.read_json(path)
    ply = record["hinted"][0]
    assert record["hinted"] == [ply] and ply < len(record["moves"])
    # resumed, the mark is kept and saved again with the next save
    again = tmp_path / "h.json"
    result = run("play", "--plain", "--resume", str(path), input=f"1\nsave {again}\nquit\n")
    assert result.exit_code == 0, result.output
    assert records.read_json(again)["hinted"] == [ply]
    assert (
        "hint         the move the search prefers"
        in run("play", "--plain", "--seed", "9", input="help\nquit\n").output
    )
