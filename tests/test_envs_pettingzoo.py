"""The PettingZoo environment (claim.envs.claim_v0): the action table, the observation encoding,
PettingZoo's own test suite, seeding and rewards.

Each test plays a bounded number of games: the base game and one every-expansion setup
(``EVERY_EXPANSION``: random factions, 5 heroes, a Setting, a Building and artifacts).
"""

from __future__ import annotations

import ast
import dataclasses
import pickle
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from claim import apply, determinize, is_over, legal_actions, new_game, observe
from claim.core import cards
from claim.core.errors import IllegalMove
from claim.core.options import EVERY_EXPANSION, SetupOptionError, SetupOptions
from claim.core.powers import ARTIFACT_POWERS, HERO_POWERS, REGISTRY
from claim.core.powers.artifacts import ArtifactPower
from claim.core.state import State
from claim.envs import actions, claim_v0, encoding

ROOT = Path(__file__).resolve().parent.parent
EVERY = dataclasses.asdict(EVERY_EXPANSION)
SETUPS = [pytest.param({}, id="base"), pytest.param(EVERY, id="every-expansion")]


def _random_games(options: SetupOptions, seeds: range) -> Iterator[State]:
    """Each state along random games of ``options`` (game i dealt from seed i)."""
    for seed in seeds:
        setup = options.resolve(seed)
        state = new_game(setup.config, setup.seed)
        rng = random.Random(seed)
        while not is_over(state):
            yield state
            apply(state, rng.choice(legal_actions(state)))
        yield state


# -- the action table --------------------------------------------------------------------------


def test_the_action_table_is_fixed() -> None:
    # claim_v0's indices must mean the same moves in every version: a change to the table is a
    # new environment version (claim_v1), with docs/rl.md's size updated
    assert actions.ACTION_COUNT == 3594
    assert actions.fingerprint() == "0d2c0035fd0a7bf6"
    assert actions.MOVES[0] == "pass"
    assert all(actions.move_of(actions.index_of(m)) == m for m in actions.MOVES)
    with pytest.raises(ValueError, match="not a move"):
        actions.index_of("play goblins:10")
    with pytest.raises(ValueError, match="outside"):
        actions.move_of(actions.ACTION_COUNT)


def test_the_action_table_follows_the_powers_that_build_moves() -> None:
    declaring = {name for name, cls in HERO_POWERS.items() if cls.overrides("declarations")}
    assert declaring == set(actions.DECLARING_HEROES)
    with_arguments = {
        n for n, cls in ARTIFACT_POWERS.items() if cls.moves is not ArtifactPower.moves
    }
    assert with_arguments == set(actions.ARTIFACT_ARGUMENTS)
    # every power that asks a decision; a new one needs its moves in claim/envs/actions.py
    # (then add it here)
    asking = {name for name, cls in REGISTRY.items() if cls.overrides("options")}
    assert asking == {
        *("giants", "seers", "vampires", "poisoners"),
        *("skeleton", "cthulhu", "siren", "necromancer", "gargoyle", "dinosaur", "kraken"),
        *("windy-peaks", "endless-sands", "islands", "swamp", "tavern"),
    }


def test_every_legal_move_of_every_expansion_has_an_action() -> None:
    every_hero = dataclasses.replace(EVERY_EXPANSION, heroes="24")
    seen: set[str] = set()
    for options, seeds in (
        (SetupOptions(), range(30)),
        (EVERY_EXPANSION, range(300)),
        (every_hero, range(300, 600)),
    ):
        for state in _random_games(options, seeds):
            for move in legal_actions(state):
                if move not in seen:
                    actions.index_of(move)  # raises for a move the table lacks
                    seen.add(move)
    verbs = {move.split()[0] for move in seen}
    # the games reached every verb, so the check above was not vacuous
    assert verbs == {
        *("play", "pass", "take", "tuck", "crown", "smash", "peek", "discard", "give"),
        *("steal", "aside", "count", "use"),
    }
    assert {m for m in seen if m.startswith("use ")} >= {f"use {a}" for a in cards.ARTIFACTS} - {
        "use wishing-lamp",
        "use spyglass",
        "use endless-rope",
        "use magic-wand",
    }
    assert len(seen) > 2500


# -- the observation ---------------------------------------------------------------------------


def test_the_fields_tile_the_vector() -> None:
    position = 0
    for field in encoding.FIELDS:
        assert field.start == position and field.size > 0
        position += field.size
    assert position == encoding.OBSERVATION_SIZE
    assert len({f.name for f in encoding.FIELDS}) == len(encoding.FIELDS)


def test_the_encoding_module_reads_no_state() -> None:
    # built from observe() only: the encoding may not import the state, the engine or the view
    # functions, so it can read nothing but the view dict it is handed
    tree = ast.parse((ROOT / "src/claim/envs/encoding.py").read_text(encoding="utf-8"))
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("claim")
    }
    assert imported <= {"claim.core", "claim.core.view_types", "claim.envs.actions"}
    names = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "claim.core"
        for alias in node.names
    }
    assert names <= {"cards", "keys"}


def test_each_observation_is_the_seats_view_encoded() -> None:
    env = claim_v0.raw_env(**EVERY)
    for seed in (1, 2):
        env.reset(seed=seed)
        state = env.game_state
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent]:
                env.step(None)
                continue
            for seat, name in enumerate(env.possible_agents):
                seen = env.observe(name)
                view = observe(state, seat)
                expected = encoding.encode(view, seat, state.config.factions)
                assert np.array_equal(seen["observation"], expected)
                legal = set(actions.indices_of(legal_actions(state))) if name == agent else set()
                assert set(np.flatnonzero(seen["action_mask"])) == legal
            env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))


def test_states_a_player_cannot_tell_apart_encode_identically() -> None:
    env, twin = claim_v0.raw_env(**EVERY), claim_v0.raw_env(**EVERY)
    rng = random.Random(5)
    hidden_differs = encodings_differ = 0
    for i, state in enumerate(_random_games(EVERY_EXPANSION, range(20, 32))):
        if i % 3:
            continue
        for seat, agent in enumerate(env.possible_agents):
            other = determinize(state, seat, rng)  # the hidden cards re-dealt
            env.game_state, twin.game_state = state, other
            a, b = env.observe(agent), twin.observe(agent)
            assert np.array_equal(a["observation"], b["observation"])
            assert np.array_equal(a["action_mask"], b["action_mask"])
            hidden_differs += other.hands[1 - seat] != state.hands[1 - seat]
            # control: the other seat, who knows different cards, does see the difference
            rival = env.possible_agents[1 - seat]
            encodings_differ += not np.array_equal(
                env.observe(rival)["observation"], twin.observe(rival)["observation"]
            )
    assert hidden_differs > 100 and encodings_differ > 100


def test_bad_cards_and_counters_are_refused_not_dropped() -> None:
    setup = EVERY_EXPANSION.resolve(3)
    state = new_game(setup.config, setup.seed)
    view = observe(state, 0)
    view["players"][0]["hand"][0] = "goblins:42"
    with pytest.raises(ValueError, match="unknown card"):
        encoding.encode(view, 0, state.config.factions)
    view = observe(state, 0)
    view["counters"] = {"new-tally": 1}
    with pytest.raises(ValueError, match="counter"):
        encoding.encode(view, 0, state.config.factions)


# -- PettingZoo's test suite -------------------------------------------------------------------


@pytest.mark.parametrize("options", SETUPS)
def test_pettingzoo_api_test(options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns for any dict observation ("probably should be box") — also for its
        # own classic games, which are shaped like this one
        warnings.simplefilter("ignore", UserWarning)
        api_test(claim_v0.env(**options), num_cycles=1000)


@pytest.mark.parametrize("options", SETUPS)
def test_pettingzoo_seed_test(options: dict[str, Any]) -> None:
    seed_test(lambda **kw: claim_v0.env(**options, **kw), num_cycles=500)


@pytest.mark.parametrize("options", SETUPS)
def test_pettingzoo_render_test(
    options: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    render_test(
        lambda **kw: claim_v0.env(**options, **kw),
        custom_tests={"ansi": lambda text: text.startswith("Claim · you are player")},
    )
    assert "YOUR HAND" in capsys.readouterr().out  # "human" prints the same table


def test_the_masked_loop_of_pettingzoos_documentation_finishes_games() -> None:
    env = claim_v0.env(**EVERY)
    for seed in range(3):
        env.reset(seed=seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            totals[agent] += reward
            if termination or truncation:
                action = None
            else:
                action = env.action_space(agent).sample(observation["action_mask"])
            env.step(action)
        state = env.unwrapped.game_state
        winner = state.result["winner"]
        expected = {0: (1.0, -1.0), 1: (-1.0, 1.0), None: (0.0, 0.0)}[winner]
        assert (totals["player_0"], totals["player_1"]) == expected


# -- seeding, rewards, illegal moves, options ----------------------------------------------------


def test_reset_with_a_seed_deals_that_seeds_game() -> None:
    env = claim_v0.raw_env(**EVERY)
    env.reset(seed=7)
    setup = EVERY_EXPANSION.resolve(7)  # what claim deal --seed 7 with these options deals
    dealt = new_game(setup.config, setup.seed)
    assert env.game_state is not None
    assert env.game_state.to_dict() == dealt.to_dict()
    env.reset(seed=8)
    assert env.game_state.to_dict() != dealt.to_dict()


def test_unseeded_resets_after_a_seed_repeat() -> None:
    first, second = claim_v0.raw_env(), claim_v0.raw_env()
    first.reset(seed=3)
    second.reset(seed=3)
    deals = []
    for env in (first, second):
        env.reset()
        one = env.game_state.to_dict()
        env.reset()
        deals.append((one, env.game_state.to_dict()))
    assert deals[0] == deals[1] and deals[0][0] != deals[0][1]


def test_an_illegal_action_ends_the_game_with_minus_one() -> None:
    env = claim_v0.env()
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns of the illegal move
        env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1
    raw = claim_v0.raw_env()
    raw.reset(seed=1)
    with pytest.raises(IllegalMove):
        raw.step(illegal)


def test_setup_options_are_checked_when_the_env_is_made() -> None:
    with pytest.raises(SetupOptionError, match="--heroes"):
        claim_v0.env(heroes="nobody")
    with pytest.raises(TypeError, match="unknown setup option 'decks'"):
        claim_v0.raw_env(decks="claim")
    env = claim_v0.raw_env(factions="claim2", first_leader=1, heroes=2)
    env.reset(seed=4)
    assert env.game_state.config.factions == cards.PRESETS["claim2"]
    assert env.agent_selection == "player_1" and len(env.game_state.config.heroes) == 2


def test_the_env_pickles_with_its_options() -> None:
    env = pickle.loads(pickle.dumps(claim_v0.raw_env(render_mode="ansi", **EVERY)))
    env.reset(seed=7)
    assert env.game_state.config == EVERY_EXPANSION.resolve(7).config
    assert env.render_mode == "ansi"


def test_docs_describe_every_field_and_the_sizes() -> None:
    text = (ROOT / "docs/rl.md").read_text(encoding="utf-8")
    missing = [f.name for f in encoding.FIELDS if f"`{f.name}`" not in text]
    assert not missing, f"docs/rl.md does not describe {missing}"
    assert f"{actions.ACTION_COUNT:,}" in text and f"{encoding.OBSERVATION_SIZE:,}" in text
