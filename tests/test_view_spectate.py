"""A spectator's view (``claim.view.spectate``): public information only — what both players may
see (RULES §10), never a hand, a blind draw, a private look or an unused artifact."""

from __future__ import annotations

import json
import random
from typing import Any

import claim
from claim import cards
from claim.options import SetupOptions
from claim.view import spectate
from test_invariants import _codes_in


def _codes(view: dict[str, Any]) -> set[str]:
    return set(_codes_in({k: v for k, v in view.items() if k != "next"}))


def test_a_spectator_sees_only_what_both_players_see() -> None:
    """Every card a spectator's view names is named in both players' views; hands and unused
    artifacts are hidden; no legal moves are listed; at the end everything public is shown."""
    for seed in range(40):
        options = SetupOptions(
            factions="random",
            heroes="4" if seed % 2 else "0",
            setting="random" if seed % 3 == 0 else "none",
            building="random" if seed % 4 == 0 else "none",
            artifacts="all",
        )
        setup = options.resolve(seed)
        state = claim.new_game(setup.config, setup.seed)
        rng = random.Random(seed)
        while True:
            view = spectate(state)
            if claim.is_over(state):
                # everything public once finished (W9), as each player sees it but their peeks
                seen = claim.observe(state, 0)
                seen["players"][0].pop("peeked")
                assert view == seen
                break
            assert "legal" not in view["next"]
            both = _codes(claim.observe(state, 0)) & _codes(claim.observe(state, 1))
            assert _codes(view) <= both, seed
            text = json.dumps(view)
            for p in (0, 1):
                player = view["players"][p]
                assert set(player["hand"]) == {"?"} or not player["hand"]
                assert set(player["artifacts"]) <= {"?"}
                for name in state.artifacts[p]:
                    assert f'" {name}' not in text and f'"{name}"' not in text.replace(
                        json.dumps(view["artifacts"]), ""
                    )
            claim.apply(state, rng.choice(claim.legal_actions(state)))
    assert cards.ARTIFACTS  # the pool the games were dealt from
