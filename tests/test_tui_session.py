"""The terminal game without a screen: GameSession, ReplaySession and the table in words."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from claim.apps.tui.session import GameSession, ReplaySession, check_bot_spec
from claim.core import records
from claim.core.errors import ClaimError, ConfigError, RecordError
from claim.core.options import SetupOptions
from claim.core.view import observe, report
from claim.text import catalog, describe
from claim.text.account import Names, artifact_title, replay_account, seed_end_line

FULL = SetupOptions(heroes="3", setting="islands", building="castle", artifacts="all")


def finish(session: GameSession, seed: int = 0) -> None:
    """Play the human's side at random until the end."""
    rng = random.Random(seed)
    session.run_bots()
    while not session.over:
        session.play(rng.choice(session.legal()))
        session.run_bots()


def test_a_new_session_waits_for_the_human_and_the_bot_moves_when_it_is_its_turn() -> None:
    session = GameSession.new(SetupOptions(), seed=7, seat=0, bot_spec="random")
    assert session.human_to_move
    assert session.legal() == session.view()["next"]["legal"]
    assert session.run_bots() == []  # nothing to do: it is the human's turn
    session.play(session.legal()[0])
    assert session.bot_to_move and session.legal() == []
    lines = session.run_bots()
    assert session.human_to_move
    assert any("wins the trick" in line for line in lines)
    assert lines == session.log[-len(lines) :]


def test_seat_one_lets_the_bot_lead_first() -> None:
    session = GameSession.new(SetupOptions(), seed=7, seat=1, bot_spec="heuristic")
    assert session.bot_to_move
    assert session.names[1] == "you" and session.names[0] == "the bot"
    session.run_bots()
    assert session.human_to_move
    assert len(session.view()["current"]["plays"]) == 1


def test_bad_moves_raise_a_one_line_claim_error_and_change_nothing() -> None:
    session = GameSession.new(SetupOptions(), seed=7, bot_spec="random")
    before = session.state.to_dict()
    with pytest.raises(ClaimError, match=r"^illegal move 'play nothing:9'; legal moves: play"):
        session.play("play nothing:9")
    assert session.state.to_dict() == before
    session.play(session.legal()[0])
    with pytest.raises(ClaimError, match="it is the bot's turn, not yours"):
        session.play("take top")
    with pytest.raises(ClaimError, match="not the bot's turn"):
        GameSession.new(SetupOptions(), seed=7, bot_spec="random").bot_choice()


def test_bad_options_and_bots_are_one_line_errors() -> None:
    with pytest.raises(ClaimError, match=r"^--heroes: "):
        GameSession.new(SetupOptions(heroes="nobody"), seed=1)
    with pytest.raises(ConfigError, match="unknown bot 'robot'"):
        GameSession.new(SetupOptions(), seed=1, bot_spec="robot")
    assert check_bot_spec(" Search ") == "search:medium"
    assert check_bot_spec("search:hard") == "search:hard"
    with pytest.raises(ConfigError, match="unknown strength"):
        check_bot_spec("search:expert")


@pytest.mark.parametrize("options", [SetupOptions(), FULL], ids=["plain", "full"])
def test_a_whole_game_ends_with_the_accounts_votes(options: SetupOptions) -> None:
    session = GameSession.new(options, seed=3, bot_spec="heuristic")
    finish(session)
    result = session.result_lines()
    assert result, "a finished game has a result"
    # the end panel says what the log said at the end: the account's own result lines, then
    # the seed, told once the game is over (issue 35)
    assert session.log[-1] == seed_end_line(3)
    assert session.log[-len(result) - 1 : -1] == result
    assert session.winner_line() in ("You win!", "The bot wins.", "The game is a draw.")
    if options == SetupOptions():
        assert result[0] == "Votes:"
        assert all(
            any(line.strip().startswith(f"{catalog.title(f)}:") for line in result)
            for f in session.state.config.factions
        )


def test_save_and_resume_give_the_same_game(tmp_path: Path) -> None:
    session = GameSession.new(FULL, seed=5, bot_spec="heuristic")
    rng = random.Random(1)
    for _ in range(12):
        session.run_bots()
        session.play(rng.choice(session.legal()))
    session.run_bots()
    path = session.save(tmp_path / "game.json")
    assert records.read_json(path) == records.to_record(session.state)
    again = GameSession.resume(path, seat=0, bot_spec="heuristic")
    assert again.state.to_dict() == session.state.to_dict()
    assert again.view() == session.view()
    assert again.legal() == session.legal()
    assert again.log[-1] == f"Resumed from {path} after {len(session.state.moves)} moves."
    finish(again)
    assert again.over


def test_resume_refuses_a_finished_game_and_a_bad_file(tmp_path: Path) -> None:
    session = GameSession.new(SetupOptions(), seed=2, bot_spec="random")
    finish(session)
    path = session.save(tmp_path / "done.json")
    with pytest.raises(ClaimError, match="already over"):
        GameSession.resume(path)
    with pytest.raises(RecordError):
        GameSession.resume(tmp_path / "missing.json")
    with pytest.raises(ClaimError, match=r"^cannot write"):
        session.save(tmp_path / "no" / "such" / "dir.json")


def finished_record(options: SetupOptions = FULL, seed: int = 4) -> dict[str, Any]:
    session = GameSession.new(options, seed=seed, bot_spec="heuristic")
    finish(session, seed)
    return session.record()


def test_replay_steps_forward_and_back_through_the_same_positions() -> None:
    record = finished_record()
    replay = ReplaySession(record)
    assert replay.index == 0 and replay.total == len(record["moves"])
    for index in (1, 5, 17, replay.total):
        replay.goto(index)
        assert replay.view() == report(records.replay(record, upto=index))
    assert replay.backward(3) == replay.total - 3
    assert replay.view() == report(records.replay(record, upto=replay.total - 3))
    assert replay.forward(1000) == replay.total and replay.next_move() is None
    assert replay.goto(-5) == 0 and replay.next_move() == record["moves"][0]
    # the log of the whole replay tells what the omniscient account tells, move by move
    replay.goto(replay.total)
    told = [line for lines in replay.told for line in lines]
    assert told == replay_account(record)[-len(told) :]
    assert replay.result_lines() and replay.result_lines() == told[-len(replay.result_lines()) :]


def test_a_replay_from_a_seat_shows_what_that_player_saw() -> None:
    record = finished_record(SetupOptions(), seed=9)
    replay = ReplaySession(record, seat=1)
    replay.goto(10)
    assert replay.view() == observe(records.replay(record, upto=10), 1)
    with pytest.raises(ConfigError):
        ReplaySession(record, seat=2)
    bad = dict(record, moves=["play nothing:0"])
    with pytest.raises(ClaimError, match=r"moves\[0\]"):
        ReplaySession(bad)


# -- the table in words --------------------------------------------------------------------------


def test_cards_group_by_faction_in_the_games_order_highest_first() -> None:
    names = ["knights:3", "goblins:0", "hero:jester", "goblins:9", "demons:odd", "?", "?"]
    text = describe.grouped_text(names, ("goblins", "knights"))
    # each faction by its title, a hero by its name (issue 37)
    assert text == "Goblins 9 0 · Knights 3 · the Jester · Demons odd · 2 unseen"
    fake = describe.grouped_text(["tricksters:5x", "tricksters:9", "fire-elementals:high"])
    assert fake == "Tricksters 9 5 (fake) · Fire Elementals high"
    assert describe.grouped_text([]) == "none"
    assert describe.faction_of("fire-phoenix:3") == "phoenixes"
    assert describe.faction_of("fire-elementals:high") == "fire-elementals"


def test_moves_are_listed_like_the_hand() -> None:
    moves = ["play knights:3", "play goblins:0", "play goblins:9", "use flask-of-tears", "pass"]
    assert describe.ordered_moves(moves, ("goblins", "knights")) == [
        "play goblins:9",
        "play goblins:0",
        "play knights:3",
        "use flask-of-tears",
        "pass",
    ]
    # the cards to give (Kraken, Windy Peaks, Tavern) are listed like the plays, not dealt order
    gives = ["give knights:3", "give goblins:0", "give hero:jester", "give goblins:9"]
    assert describe.ordered_moves(gives, ("goblins", "knights")) == [
        "give goblins:9",
        "give goblins:0",
        "give knights:3",
        "give hero:jester",
    ]
    assert describe.move_hint("use magic-wand +2") == "your card counts +2"
    assert describe.move_hint("pass") == "decline"
    assert describe.move_hint("play goblins:9") == ""


def test_the_vote_standing_is_the_basic_vote_from_the_view() -> None:
    assert describe.standing(["9"], []) == 0
    assert describe.standing(["5", "1"], ["5", "3"]) == 1
    assert describe.standing(["4"], ["4"]) is None
    assert describe.standing(["odd"], ["even"]) == -1  # Demons: only the end tells


@pytest.mark.parametrize("kind", sorted(describe.PROMPTS))
def test_every_decision_has_a_prompt(kind: str) -> None:
    view = {"current": None}
    text = describe.prompt_text(view, 0, Names(("you", "the bot")), {"kind": kind, "left": 2})
    assert text and "{" not in text


def test_the_view_is_all_the_table_shows() -> None:
    """The table is written from the view alone: the other hand is never listed, only
    counted, and the other's unused artifacts are only a number."""
    session = GameSession.new(FULL, seed=8, bot_spec="heuristic")
    view = session.view()
    sections = describe.table_sections(view, 0, session.names, session.state.config)
    assert [s.title for s in sections if "HAND" in s.title] == ["YOUR HAND (13)"]
    text = json.dumps([(s.title, s.lines) for s in sections])
    assert "The bot's artifacts: 3 unused (secret); used: none" in text
    for name in session.state.artifacts[1]:
        assert name not in text and artifact_title(name) not in text


def test_the_vote_table_says_who_leads_in_words() -> None:
    rows = [
        describe.VoteRow("goblins", (["9", "5"], ["2"]), 0),
        describe.VoteRow("knights", ([], ["3"]), 1),
        describe.VoteRow("undead", ([], []), None),
        describe.VoteRow("demons", (["odd"], ["even"]), -1),
        describe.VoteRow("vampires", ([], []), -1, "own rule"),
    ]
    lines = describe.vote_table_lines(rows, 1, Names(("the bot", "you")), False, 42)
    assert lines[0].split() == ["faction", "you", "the", "bot", "leads"]
    # seat 1 is listed first: "you" are player 1
    # each faction by its title (issue 37)
    assert lines[1].split() == ["Goblins", "2", "9", "5", "the", "bot"]
    assert lines[2].split() == ["Knights", "3", "-", "you"]
    assert lines[3].split() == ["Undead", "-", "-", "tied"]
    assert lines[4].split() == ["Demons", "even", "odd", "unclear"]
    assert lines[5].endswith("own rule")
    assert all(len(line) <= 42 for line in lines)
