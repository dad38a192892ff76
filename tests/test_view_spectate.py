"""A spectator's view (``claim.core.view.spectate``): public information only — what both players
may see (RULES §10), never a hand, a blind draw, a private look or an unused artifact."""

from __future__ import annotations

import json
import random
from typing import Any

import claim
from claim.core import cards
from claim.core.options import SetupOptions
from claim.core.view import spectate
from scenario import CLAIM2, replay, stacked_record
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


def test_a_spectator_does_not_see_the_card_a_seer_looked_at() -> None:
    """W7, docs/rulings.md 40: after ``take prize`` the Seer winner knows the top card the loser
    drew (giants:9), and its holder knows it; a spectator saw only the face-up prize."""
    hand0 = [f"seers:{v}" for v in range(5, 10)] + [f"trolls:{v}" for v in range(8)]
    hand1 = [f"seers:{v}" for v in range(5)] + ["gnomes:1"] * 3 + ["gnomes:3"] * 3
    hand1 += ["gnomes:5"] * 2
    record = stacked_record(
        CLAIM2,
        hand0,
        hand1,
        ["gnomes:9", "giants:9", "gnomes:7"],
        moves=["play seers:7", "play seers:2", "take prize"],
    )
    state = replay(record)
    assert claim.observe(state, 0)["players"][1]["followers"] == ["giants:9"]
    assert claim.observe(state, 1)["players"][1]["followers"] == ["giants:9"]
    assert spectate(state)["players"][1]["followers"] == ["?"]
    assert spectate(state)["players"][0]["followers"] == ["gnomes:9"]  # the face-up prize


def test_a_seer_look_shown_by_a_prowlers_torch_is_public() -> None:
    """W6 over W7: under a Prowler's Torch the card the loser draws is shown to both players on
    the table, so a spectator sees it too, even though the Seer winner had looked at it."""
    hand0 = [f"seers:{v}" for v in range(5, 10)] + [f"trolls:{v}" for v in range(8)]
    hand1 = [f"seers:{v}" for v in range(5)] + ["gnomes:1"] * 3 + ["gnomes:3"] * 3
    hand1 += ["gnomes:5"] * 2
    record = stacked_record(
        CLAIM2,
        hand0,
        hand1,
        ["gnomes:9", "giants:9", "gnomes:7"],
        moves=["use prowlers-torch", "play seers:7", "play seers:2", "take prize"],
        artifacts=(
            ("prowlers-torch", "endless-rope", "book-of-memories"),
            ("flail-of-dawn", "gamblers-book", "spyglass"),
        ),
    )
    state = replay(record)
    assert spectate(state)["players"][1]["followers"] == ["giants:9"]
