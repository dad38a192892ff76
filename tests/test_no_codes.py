"""No engine code in front of a person (issue 37): whole games with every expansion, played
through the web server's messages and through the terminal (the full-screen session's texts and
``claim play --plain``), show names ("an odd Demon", "the Gargoyle", "Ice King 7", "Fire
Elementals", "Use the Magic Wand: +2"), never a card code (``demons:odd``, ``hero:gargoyle``,
``ice-kings:7``), a hyphenated faction, hero, location or artifact key (``fire-elementals``,
``magic-wand``), in any text meant for a person. Records, ``--json`` and ``claim replay``'s
account keep the codes (tests/test_account*.py pin those)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from claim.apps.cli import cli
from claim.apps.tui.session import GameSession
from claim.apps.tui.widgets import move_label
from claim.apps.web.app import create_app
from claim.core import cards
from claim.core.options import SetupOptions
from claim.text import catalog
from claim.text.account import card_name, named
from claim.text.describe import asked, move_text, ordered_moves, prompt_text

#: every expansion: five factions at random, five heroes, a Setting, a Building, all artifacts
OPTIONS = {
    "factions": "random",
    "heroes": "5",
    "setting": "random",
    "building": "random",
    "artifacts": "all",
    "first_leader": "random",
}
SEEDS = (3, 11, 29)


def _codes() -> set[str]:
    """Every code a person must not read: each card's code and public name (``demons:odd``), the
    hyphenated keys of factions, heroes, locations and artifacts (a one-word key such as
    ``goblins`` or ``pit`` is an ordinary word too: its ``faction:value`` codes are counted)."""
    found = set(cards.CODE) | set(cards.PUBLIC_NAME)
    found |= {f"hero:{name}" for name in cards.HEROES}
    keys = (*cards.FACTIONS, *cards.HEROES, *cards.SETTINGS, *cards.BUILDINGS, *cards.ARTIFACTS)
    found |= {key for key in keys if "-" in key}
    return found


CODES = _codes()
#: a code standing alone: not part of a longer word, code or file name
PATTERN = re.compile(
    r"(?<![\w:/.-])("
    + "|".join(re.escape(c) for c in sorted(CODES, key=len, reverse=True))
    + r")(?![\w-]|:[\w-])"
)


def codes_in(texts: Iterable[str]) -> dict[str, str]:
    """Each code found in ``texts``, with the first text it was found in."""
    found: dict[str, str] = {}
    for text in texts:
        for match in PATTERN.finditer(text):
            found.setdefault(match.group(1), text)
    return found


def report(found: dict[str, str]) -> str:
    return f"{len(found)} codes shown to a person: " + "; ".join(
        f"{code!r} in {text!r}" for code, text in sorted(found.items())[:12]
    )


# -- the web --------------------------------------------------------------------------------------


def _web_texts(message: dict[str, Any]) -> list[str]:
    """What the page shows of one state message in words: its log lines, the prompt, the moves'
    words and hints, the line said for an artifact window not asked, the table's facts, and the
    result as the page words it (table.js: each faction by its catalog title, the catalog the
    server sends)."""
    texts = [
        *message.get("log", ()),
        message.get("prompt") or "",
        message.get("unasked_line") or "",
    ]
    texts.extend(text for pair in message.get("words") or () for text in pair)
    # the table's lines beside the cards (claim.text.describe.table_facts)
    facts = message.get("facts") or {}
    texts.extend([*facts.get("tallies", ()), *facts.get("components", ())])
    texts.extend((facts.get("votes") or {}).values())
    result = message.get("result")
    if result:
        texts.extend(catalog.title(faction) for faction in result.get("votes") or {})
    return texts


@pytest.mark.parametrize("seed", SEEDS)
def test_a_web_game_shows_no_code(seed: int) -> None:
    rng = random.Random(seed)
    with TestClient(create_app("sqlite://", chosen_deals=True)) as client:
        answer = client.post(
            "/api/games",
            json={"options": OPTIONS, "seed": seed, "seats": ["human", "bot:heuristic"]},
        )
        assert answer.status_code == 201, answer.text
        created = answer.json()
        token = created["seats"][0]["token"]
        texts: list[str] = []
        with client.websocket_connect(f"/ws/games/{created['id']}?seat=0&token={token}") as ws:
            message = ws.receive_json()
            assert message["facts"]["factions"], "each state message carries the table's facts"
            texts.extend(_web_texts(message))
            while message["status"] != "finished":
                if message["legal"]:
                    move = rng.choice(message["legal"])
                    ws.send_json({"type": "move", "move": move, "version": message["version"]})
                message = ws.receive_json()
                assert message["type"] == "state", message
                texts.extend(_web_texts(message))
        assert message["result"] is not None and message["result"]["votes"]
    found = codes_in(texts)
    assert not found, report(found)


# -- the terminal ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_a_terminal_game_shows_no_code(seed: int) -> None:
    rng = random.Random(seed)
    session = GameSession.new(SetupOptions(**OPTIONS), seed=seed, seat=0, bot_spec="heuristic")
    texts: list[str] = []
    while not session.over:
        if session.bot_to_move:
            session.run_bots()
            continue
        view = session.view()
        texts.append(prompt_text(view, session.seat, session.names, asked(view)))
        moves = ordered_moves(session.legal(), session.config.factions)
        texts.extend(text for move in moves for text in move_label(move))
        session.play(rng.choice(moves))
    texts.extend(session.log)
    texts.append(session.winner_line())
    texts.extend(session.result_lines())
    assert session.result_lines()
    found = codes_in(texts)
    assert not found, report(found)


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_a_line_mode_game_shows_no_code(seed: int) -> None:
    """``claim play --plain`` with every expansion, the human always choosing the first move by
    its number: every line printed (the table, the moves, the log, the end) is in words."""
    args = ["play", "--plain", "--seed", str(seed), "--bot", "heuristic"]
    for name, value in OPTIONS.items():
        args += [f"--{name.replace('_', '-')}", value]
    result = CliRunner().invoke(cli, args, input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Thanks for playing." in result.output
    found = codes_in(result.output.splitlines())
    assert not found, report(found)


# -- the names ------------------------------------------------------------------------------------


def test_card_names_read_as_a_person_says_them_and_tell_every_card_apart() -> None:
    """``card_name``: the examples of issue 37, and one name per code or partial name, so a line
    in names tells exactly what the same line in codes tells (the leak audits read either)."""
    assert card_name("demons:odd") == "an odd Demon"
    assert card_name("fire-elementals:high") == "a high Fire Elemental"
    assert card_name("hero:gargoyle") == "the Gargoyle"
    assert card_name("ice-kings:7") == "Ice King 7"
    assert card_name("tricksters:5x") == "a fake Trickster 5"
    assert card_name("?") == "a card"
    assert catalog.title("fire-elementals") == "Fire Elementals"
    everything = {*cards.CODE, *cards.PUBLIC_NAME}
    names = {card_name(code) for code in everything}
    assert len(names) == len(everything)
    assert not codes_in(names)


def test_moves_read_as_short_sentences() -> None:
    assert move_text("play ice-kings:7") == "Play Ice King 7"
    assert move_text("use magic-wand +2") == "Use the Magic Wand: +2"
    assert move_text("play demons:odd") == "Play an odd Demon"
    assert move_text("give hero:necromancer") == "Give the Necromancer"
    assert named("The bot led demons:odd: play a card.") == "The bot led an odd Demon: play a card."
    assert named("hero:jester wins") == "The Jester wins"
