"""The environments' ``observation`` option (issue 36): ``"present"`` (the default) encodes the
view, ``"history"`` the information state — the view, then every finished trick and the seat's
own moves (:func:`claim.envs.encoding.encode_information_state`), as OpenSpiel's
information-state tensor does."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from claim.core.view import observe
from claim.envs import claim_v0, encoding

ROOT = Path(__file__).resolve().parents[1]
EVERY = {
    "factions": "random",
    "first_leader": "random",
    "heroes": "5",
    "setting": "random",
    "building": "random",
    "artifacts": "all",
}


def test_the_default_observation_is_the_present() -> None:
    env = claim_v0.raw_env(**EVERY)
    env.reset(seed=1)
    shape = (encoding.OBSERVATION_SIZE,)
    assert env.observation_space("player_0")["observation"].shape == shape
    assert env.observe("player_0")["observation"].shape == shape


def test_the_history_observation_is_the_information_state() -> None:
    """Each seat's observation is its view, the finished tricks and its own actions so far, as
    this test counts them; it lies in the observation space."""
    env = claim_v0.raw_env(observation="history", **EVERY)
    space = env.observation_space("player_0")
    assert space["observation"].shape == (encoding.INFORMATION_STATE_SIZE,)
    for seed in (1, 2):
        env.reset(seed=seed)
        state = env.game_state
        own: tuple[list[int], list[int]] = ([], [])
        rng = np.random.default_rng(seed)
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent]:
                env.step(None)
                continue
            for seat, name in enumerate(env.possible_agents):
                seen = env.observe(name)
                expected = encoding.encode_information_state(
                    observe(state, seat), seat, state.config.factions, own[seat]
                )
                assert np.array_equal(seen["observation"], expected)
                assert space.contains(seen)
            action = int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"])))
            own[env.possible_agents.index(agent)].append(action)
            env.step(action)
        assert len(state.history) > 20


def test_an_unknown_observation_is_refused() -> None:
    with pytest.raises(ValueError, match="observation must be one of present, history"):
        claim_v0.raw_env(observation="future")
    with pytest.raises(ValueError, match="observation must be one of present, history"):
        claim_v0.single_agent(observation="past")


def test_pettingzoo_api_test_with_the_history() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(claim_v0.env(observation="history", **EVERY), num_cycles=200)


def test_gymnasium_check_env_with_the_history() -> None:
    env = gymnasium.make(claim_v0.GYMNASIUM_ID, bot="random", observation="history", **EVERY)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped)


def test_the_single_agent_env_and_its_opponent_policy_see_their_own_moves() -> None:
    """Against a policy, both seats' histories list their own moves: the agent's and the
    policy's, each as its observation gives them."""
    seen: list[np.ndarray[Any, Any]] = []
    start = encoding.OBSERVATION_SIZE + encoding.HISTORY_FIELDS[2].start

    def policy(observation: dict[str, Any]) -> int:
        seen.append(observation["observation"][start:].copy())
        return int(np.flatnonzero(observation["action_mask"])[0])

    env = claim_v0.single_agent(bot=policy, seat=1, observation="history", **EVERY)
    observation, _ = env.reset(seed=4)
    mine: list[int] = []
    done = False
    while not done:
        own = observation["observation"][start:]
        assert list(own[: len(mine)]) == [a + 1 for a in mine] and not own[len(mine) :].any()
        action = int(np.flatnonzero(observation["action_mask"])[-1])
        mine.append(action)
        observation, _, done, _, _ = env.step(action)
    # the policy's n-th observation lists its n earlier moves
    for n, history in enumerate(seen):
        assert np.count_nonzero(history) == n


def test_docs_describe_the_history_fields_and_the_sizes() -> None:
    text = (ROOT / "docs/rl.md").read_text(encoding="utf-8")
    missing = [f.name for f in encoding.HISTORY_FIELDS if f"`{f.name}`" not in text]
    assert not missing, f"docs/rl.md does not describe {missing}"
    assert f"{encoding.INFORMATION_STATE_SIZE:,}" in text
    assert f"{len(encoding.TRICK_ENTRIES)}" in text
    assert 'observation="history"' in text
