"""No engine code in front of a person (issue 37): whole games with every expansion, played
through the web server's messages and through the terminal (the full-screen session's texts and
``claim play --plain``), show names ("an odd Demon", "the Gargoyle", "Ice King 7", "Fire
Elementals", "Use the Magic Wand: +2"), never a card code (``demons:odd``, ``hero:gargoyle``,
``ice-kings:7``), a hyphenated faction, hero, location or artifact key (``fire-elementals``,
``magic-wand``), or a one-word key standing as a label (``goblins 7``, ``hero jester``), in any
text meant for a person. Records, ``--json`` and ``claim replay``'s
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
from claim.apps.tui.widgets import move_label, section_lines
from claim.apps.web.app import create_app
from claim.core import cards
from claim.core.options import SetupOptions
from claim.core.view_types import View
from claim.text import catalog
from claim.text.account import card_name, named
from claim.text.describe import asked, move_text, ordered_moves, prompt_text, table_sections
from test_web_api import play_to_the_end

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


def _one_word(keys: Iterable[str]) -> str:
    return "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True) if "-" not in k)


#: a one-word key standing as a label, where a person reads the title or the name instead
#: (issue 37): a faction key heading its values (``goblins 7 6``, ``demons odd``), labelling a
#: line or a table's row (``trolls: you have …``, ``goblins      4 0``), naming a vote or its
#: cards (``the goblins vote``, ``3 goblins cards``), or a hero key after ``hero``
#: (``hero jester``). Lowercase only: a title ("Goblins 7") or a plain word ("the Giant's
#: power", "Undead cards") is what a person should read.
LABEL = re.compile(
    r"(?<![\w:/.'-])(?:("
    + _one_word(cards.FACTIONS)
    + r")(?= (?:\d|odd\b|even\b|high\b|low\b)|:\s|:$| {2,}| (?:vote|cards?)\b)"
    + r"|hero ("
    + _one_word(cards.HEROES)
    + r")\b)"
)


def codes_in(texts: Iterable[str]) -> dict[str, str]:
    """Each code found in ``texts`` (a card code, a hyphenated key, a one-word key as a label:
    :data:`PATTERN`, :data:`LABEL`), with the first text it was found in."""
    found: dict[str, str] = {}
    for text in texts:
        for match in PATTERN.finditer(text):
            found.setdefault(match.group(1), text)
        for match in LABEL.finditer(text):
            found.setdefault(match.group(0), text)
    return found


def test_a_one_word_key_as_a_label_is_caught_and_a_title_or_a_word_is_not() -> None:
    """The label pattern, both ways: the keys the terminals showed before issue 37's titles,
    and the titles and ordinary words that must pass."""
    caught = [
        "YOUR HAND (13): goblins 7 6 4 2 0 0 · knights 9 2",
        "demons even odd",
        "  trolls: you have 3 cards (9, 8, 7)",
        "  goblins      -      4 0      the bot",
        "Lighthouse: 3 collected goblins cards and wins the goblins vote outright",
        "Followers (1): hero necromancer",
    ]
    for text in caught:
        assert codes_in([text]), text
    passed = [
        "YOUR HAND (13): Goblins 7 6 4 2 0 0 · Knights 9 2 · Fire Elementals high 5",
        "Giant: you may discard one of the bot's face-up Gnomes, or pass.",
        "Followers (2): Trolls 4 · the Necromancer",
        "The bot wins the game with 5 votes to 0.",
        "Heroes: 5 in the deck, from all 24 heroes (which ones is secret).",
    ]
    assert not codes_in(passed)


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
        with client.websocket_connect(f"/ws/games/{created['id']}?seat=0&token={token}") as ws:
            first = ws.receive_json()
            assert first["facts"]["factions"], "each state message carries the table's facts"
            messages = play_to_the_end(ws, first, rng)
        texts = [text for message in messages for text in _web_texts(message)]
        message = messages[-1]
        assert message["result"] is not None and message["result"]["votes"]
    found = codes_in(texts)
    assert not found, report(found)


# -- the terminal ---------------------------------------------------------------------------------


def _table_texts(view: View, session: GameSession) -> list[str]:
    """The full-screen table's panels as they read (:func:`~claim.apps.tui.widgets.section_lines`
    over :func:`~claim.text.describe.table_sections`: the hand, the votes table, the components,
    the locations, the artifacts, the cards left)."""
    sections = table_sections(view, session.seat, session.names, session.config)
    lines = section_lines(sections, session.seat, session.names, session.over, 78)
    return [line.plain for line in lines]


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
        texts.extend(_table_texts(view, session))
        texts.append(prompt_text(view, session.seat, session.names, asked(view)))
        moves = ordered_moves(session.legal(), session.config.factions)
        texts.extend(text for move in moves for text in move_label(move))
        session.play(rng.choice(moves))
    texts.extend(_table_texts(session.view(), session))
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
