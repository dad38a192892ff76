"""Meta-tests on the power registry: every power is documented and has its scenario tests."""

from __future__ import annotations

import ast
from pathlib import Path

from claim.core.cards import ARTIFACTS, BUILDINGS, FACTIONS, HEROES, SETTINGS
from claim.core.powers import FACTION_POWERS, REGISTRY, Tier
from claim.core.powers.base import TRICK_HOOKS, Power
from claim.core.setup import playable_factions

TESTS = Path(__file__).parent


def test_every_playable_faction_has_a_registered_power() -> None:
    """setup lists the playable factions from the card tables (it sits below the powers): each
    must have its faction power, and each faction power must be playable."""
    assert set(playable_factions()) == set(FACTION_POWERS)
    assert set(playable_factions()) <= set(REGISTRY)
    components = set(FACTIONS) | set(HEROES) | set(SETTINGS) | set(BUILDINGS) | set(ARTIFACTS)
    assert set(REGISTRY) <= components


def test_every_artifact_has_a_registered_power_at_the_artifact_tier() -> None:
    """§4.4, §8: artifacts are the highest tier and never tied to a card."""
    for name in ARTIFACTS:
        power = REGISTRY[name]
        assert power.tier is Tier.ARTIFACT
        assert power.key is None


def test_every_hero_has_a_registered_power_at_the_hero_tier() -> None:
    for hero in HEROES:
        assert REGISTRY[hero].tier is Tier.HERO


def test_every_location_has_a_registered_global_power_at_the_location_tier() -> None:
    """§7: locations are the lowest tier, in play for the whole game (never tied to a card)."""
    for name in (*SETTINGS, *BUILDINGS):
        power = REGISTRY[name]
        assert power.tier is Tier.LOCATION
        assert power.key is None


def test_every_power_has_rules_text_and_a_tier() -> None:
    for name, cls in REGISTRY.items():
        assert cls.name == name
        assert len(cls.rules_text()) > 20, name
        assert isinstance(cls.tier, Tier)


def test_every_registered_power_has_a_scenario_test_module() -> None:
    """ARCHITECTURE.md: a scenario test per power, named after it."""
    for name in REGISTRY:
        path = TESTS / f"test_power_{name.replace('-', '_')}.py"
        assert path.exists(), f"{path.name} is missing"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        tests = [
            node.name
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
        ]
        assert tests, f"{path.name} has no tests"


def test_powers_answer_only_known_hooks() -> None:
    """A power overrides hooks of the fixed set only: the trick loop asks nothing else."""
    allowed = {
        *TRICK_HOOKS,
        "follow_options",
        "end_of_game",
        "score_votes",
        "declarations",
        "played",
        "end_asks",
        "phase_over",
        "options",
        "answer",
        "act",
        "held",
        "configure",
        "phase_start",
        "trick_over",
        "instant_result",
        "extra_votes",
        "result_note",
        "shown",
    }
    base = set(vars(Power))
    for cls in REGISTRY.values():
        methods = {
            k for k, v in vars(cls).items() if callable(v) and not k.startswith("_") and k in base
        }
        assert methods <= allowed, (cls.name, methods - allowed)
