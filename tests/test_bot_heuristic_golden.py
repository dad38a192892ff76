"""The heuristic bot plays exactly as it did: 36 seeded games replayed move by move against a
fixture recorded from the bot before it became a package (issue 15).

The games mix the base decks (``claim``, ``claim2``) and random decks, heroes (the Gargoyle in
some), every Setting and every Building, and artifacts; half are the heuristic against itself,
half against the seeded random bot from either seat. The fixture (``data/heuristic_golden.json``)
holds each game's setup, seeds and full move list; the test plays the same games with today's
bot and asserts every move is the same. Regenerate it only on purpose, when the bot's play is
meant to change: ``python tests/test_bot_heuristic_golden.py --write``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import claim
from claim.bots import Bot, RandomBot, decide
from claim.bots.heuristic import HeuristicBot
from claim.core import cards
from claim.core.setup import random_factions

FIXTURE = Path(__file__).parent / "data" / "heuristic_golden.json"
GAMES = 36


def _setup(index: int) -> dict[str, Any]:
    """Game ``index``'s setup and bots, drawn from its own seeded generator."""
    rng = random.Random(7000 + index)
    kind = ("claim", "claim2", "random")[index % 3]
    factions = cards.PRESETS[kind] if kind in cards.PRESETS else random_factions(rng)
    heroes: list[str] = []
    if index % 4 in (1, 2):
        others = [h for h in cards.HEROES if h != "gargoyle"]
        heroes = rng.sample(others, 4 + index % 4)
        if index % 8 in (1, 6):
            heroes.append("gargoyle")
    artifacts: list[list[str]] = []
    if index % 3 == 1 or index % 5 == 0:
        dealt = rng.sample(cards.ARTIFACTS, 6)
        artifacts = [dealt[:3], dealt[3:]]
    located = index < 30
    setup: dict[str, Any] = {
        "factions": list(factions),
        "first_leader": (index // 3) % 2,
        "heroes": heroes,
        "setting": cards.SETTINGS[index % len(cards.SETTINGS)] if located else None,
        "building": cards.BUILDINGS[index % len(cards.BUILDINGS)] if located else None,
        "artifacts": artifacts,
    }
    if index % 2 == 0:
        bots = [["heuristic", index], ["heuristic", index + 1000]]
    else:
        bots = [["heuristic", index], ["random", index]]
        if (index // 2) % 2:
            bots.reverse()
    return {"seed": 7000 + index, "setup": setup, "bots": bots}


def _config(setup: dict[str, Any]) -> claim.GameConfig:
    return claim.GameConfig(
        factions=tuple(setup["factions"]),
        first_leader=setup["first_leader"],
        heroes=tuple(setup["heroes"]),
        setting=setup["setting"],
        building=setup["building"],
        artifacts=tuple(tuple(hand) for hand in setup["artifacts"]),
    )


def _bots(spec: list[list[Any]]) -> tuple[Bot, Bot]:
    made: list[Bot] = []
    for name, seed in spec:
        if name == "heuristic":
            bot = HeuristicBot(seed)
            bot.strict = True  # an internal error is a failure, not a silent fallback
            made.append(bot)
        else:
            made.append(RandomBot(seed))
    return made[0], made[1]


def _play(game: dict[str, Any], expected: list[str] | None = None) -> list[str]:
    """The game's moves as today's bots play it; with ``expected``, stop at the first move that
    differs from it (the assertion says where)."""
    state = claim.new_game(_config(game["setup"]), game["seed"])
    bots = _bots(game["bots"])
    moves: list[str] = []
    while not claim.is_over(state):
        player = claim.current_player(state)
        assert player is not None
        move = decide(state, bots[player])
        if expected is not None:
            at = len(moves)
            want = expected[at] if at < len(expected) else None
            assert move == want, (
                f"game {game['seed']} ({game['bots']}), move {at} by player {player}: "
                f"{move!r} instead of {want!r}"
            )
        moves.append(move)
        claim.apply(state, move)
    return moves


def _write() -> None:
    games = []
    for index in range(GAMES):
        game = _setup(index)
        game["moves"] = _play(game)
        games.append(game)
    FIXTURE.write_text(json.dumps({"games": games}, separators=(",", ":")) + "\n")


def _fixture() -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = json.loads(FIXTURE.read_text())["games"]
    return games


@pytest.mark.parametrize("index", range(GAMES))
def test_the_heuristic_bot_plays_the_recorded_game(index: int) -> None:
    game = _fixture()[index]
    moves = _play(game, game["moves"])
    assert moves == game["moves"]


def test_the_fixture_covers_every_location_heroes_and_artifacts() -> None:
    games = _fixture()
    assert len(games) == GAMES
    assert {g["setup"]["setting"] for g in games} >= set(cards.SETTINGS)
    assert {g["setup"]["building"] for g in games} >= set(cards.BUILDINGS)
    assert any("gargoyle" in g["setup"]["heroes"] for g in games)
    assert sum(bool(g["setup"]["artifacts"]) for g in games) >= 10
    assert {tuple(name for name, _ in g["bots"]) for g in games} == {
        ("heuristic", "heuristic"),
        ("heuristic", "random"),
        ("random", "heuristic"),
    }


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        _write()
    else:
        sys.exit("usage: python tests/test_bot_heuristic_golden.py --write")
