"""The saved-positions corpus: seeded random games over every box, written by ``State.to_dict``.

``tests/data/positions`` holds positions (``claim-position/1``) taken from the games below at the
moves named in each file's name (``game-SEED-STEP.json``: game ``SEED`` after ``STEP`` random
moves), written by the version before ``State``'s fields were declared once (issue 15). Saved
positions and stored web games depend on that exact text, so ``tests/test_saved_positions.py``
checks that today's ``to_dict`` writes the same bytes at the same points, and that each file loads
and writes itself again.

The steps were chosen greedily: from each game the positions that show the most that no earlier
kept position did (a field that is not empty, a pending decision's kind, a trick mark, a result),
so the few files cover the fields that are rarely filled. Regenerate (only when a rules change
deliberately changes these games) with ``.venv/bin/python tests/positions_corpus.py``.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import claim
from claim.core import cards
from claim.core.setup import GameConfig, random_factions

DATA = Path(__file__).parent / "data" / "positions"
#: the games of the corpus (their seeds; 27, 169 and 177 show a held prize, a Jester's swap and
#: Death's seal, which the first 24 do not) and the most positions kept from one game
SEEDS = (*range(24), 27, 169, 177)
PER_GAME = 2


def config_for(seed: int) -> GameConfig:
    """Game ``seed``'s setup: a random deck, heroes, a Setting, a Building and six artifacts in
    most games; one game in six is a plain preset (no expansion), one in four has no heroes, one in
    four has the Jester and Death."""
    rng = random.Random(seed)
    if seed % 6 == 5:
        return GameConfig(cards.PRESETS[("claim", "claim2")[seed % 2]], seed % 2)
    factions = random_factions(rng)
    heroes = () if seed % 4 == 3 else tuple(rng.sample(cards.HEROES, rng.choice((3, 5, 8))))
    if seed % 4 == 1:  # the Jester's swap and Death's seal show only while a trick resolves
        heroes = tuple(dict.fromkeys(("jester", "death", *heroes)))
    dealt = rng.sample(cards.ARTIFACTS, 6)
    return GameConfig(
        factions,
        seed % 2,
        heroes,
        setting=rng.choice(cards.SETTINGS),
        building=rng.choice(cards.BUILDINGS),
        artifacts=(tuple(dealt[:3]), tuple(dealt[3:])),
    )


def play(seed: int) -> Iterator[tuple[int, claim.State]]:
    """Game ``seed`` with seeded random legal moves: (steps so far, state) before every move and
    once at the end (the same state object, changed in place)."""
    state = claim.new_game(config_for(seed), seed)
    rng = random.Random(1000 + seed)
    step = 0
    while True:
        yield step, state
        if claim.is_over(state):
            return
        claim.apply(state, rng.choice(claim.legal_actions(state)))
        step += 1


def text(position: dict[str, Any]) -> str:
    """A position as a file of the corpus holds it (and as the web server stores it)."""
    return json.dumps(position) + "\n"


def features(position: dict[str, Any]) -> set[str]:
    """What a position shows: its filled fields (the trick's and the players' too), the kind of
    its pending decision, its trick's marks and its result."""
    found = {k for k, v in position.items() if v not in (None, [], {}, 0, "", False)}
    for player in position["players"]:
        found |= {f"player.{k}" for k, v in player.items() if v}
    trick = position["trick"]
    if trick is not None:
        found |= {f"trick.{k}" for k, v in trick.items() if v not in (None, [], {}, "", False, -1)}
        found |= {f"mark.{k}" for k in (*trick["marks"], *trick["card_marks"])}
    if position["tasks"]:
        found.add(f"task.{position['tasks'][0][0]}")
    if position["result"] is not None:
        found.add(f"result.{position['result']['reason']}")
    return found


def choose() -> dict[str, str]:
    """The corpus: file name -> text. From each game of :data:`SEEDS`, up to :data:`PER_GAME`
    positions, each time the one that shows the most not shown yet (the later one of a tie); and
    the end of one game in four."""
    seen: set[str] = set()
    chosen: dict[str, str] = {}
    for seed in SEEDS:
        steps = [(step, text(state.to_dict())) for step, state in play(seed)]
        shows = [features(json.loads(body)) for _, body in steps]
        for _ in range(PER_GAME):
            best = max(range(len(steps)), key=lambda i: (len(shows[i] - seen), i))
            if not shows[best] - seen:
                break
            seen |= shows[best]
            step, body = steps[best]
            chosen[f"game-{seed}-{step}.json"] = body
        if seed % 4 == 0:
            step, body = steps[-1]
            chosen[f"game-{seed}-{step}.json"] = body
    return chosen


def main() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for old in DATA.glob("game-*.json"):
        old.unlink()
    chosen = choose()
    for name, body in chosen.items():
        (DATA / name).write_text(body)
    size = sum(len(b) for b in chosen.values())
    print(f"{len(chosen)} positions, {size:,} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
