"""`claim simulate --factions random` over every faction: games run clean and every saved record
replays to exactly the game that was played (issue: every expansion faction, "Done when")."""

from __future__ import annotations

import json
from collections import Counter

from claim.core import records
from claim.core.options import SetupOptions
from claim.core.setup import playable_factions
from claim.core.state import State
from claim.sim.simulate import simulate


def test_random_decks_of_every_faction_replay_exactly() -> None:
    played: list[tuple[dict[str, object], dict[str, object]]] = []
    seen: Counter[str] = Counter()

    def keep(index: int, state: State) -> None:
        seen.update(state.config.factions)
        record = json.loads(json.dumps(records.to_record(state)))
        played.append((record, state.to_dict()))

    stats = simulate(400, seed=2026, options=SetupOptions("random"), on_game=keep)
    assert stats.games == 400
    assert sum(stats.wins) + stats.draws == 400
    # every faction took part in some of the 400 random decks
    assert set(seen) == set(playable_factions())
    for record, final in played:
        replayed = records.replay(record)
        assert replayed.result is not None
        assert replayed.to_dict() == final
