"""The Gymnasium environment (claim_v0.single_agent): one seat against one of our bots.

Gymnasium's ``check_env`` runs on an environment made through ``gymnasium.make`` (so that it
also checks the seeded determinism and every render mode, which it skips without a spec), for
the base game and one every-expansion setup.
"""

from __future__ import annotations

import dataclasses
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.envs.registration import EnvSpec
from gymnasium.utils.env_checker import check_env

from claim import observe
from claim.core.errors import ConfigError
from claim.core.options import EVERY_EXPANSION
from claim.envs import actions, claim_v0, encoding
from claim.envs.single import ClaimSingleAgentEnv

EVERY = dataclasses.asdict(EVERY_EXPANSION)
SPEC = EnvSpec("ClaimSingleAgent-v0", entry_point="claim.envs.single:ClaimSingleAgentEnv")


def _play(env: ClaimSingleAgentEnv, seed: int) -> tuple[list[int], float]:
    """One game, the agent taking its first legal action each time: the actions and the final
    reward."""
    obs, _ = env.reset(seed=seed)
    taken: list[int] = []
    while True:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        taken.append(action)
        obs, reward, terminated, truncated, _ = env.step(action)
        assert not truncated
        if terminated:
            return taken, float(reward)


@pytest.mark.parametrize(
    ("bot", "seat", "options"),
    [
        pytest.param("random", 0, {}, id="random-base"),
        pytest.param("heuristic", 1, EVERY, id="heuristic-every-expansion"),
    ],
)
def test_gymnasium_check_env(bot: str, seat: int, options: dict[str, Any]) -> None:
    env = gymnasium.make(SPEC, bot=bot, seat=seat, render_mode="ansi", **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any complaint of the checker fails the test
        check_env(env.unwrapped)
    env.close()


def test_the_single_agent_env_is_the_same_encoding_against_a_bot() -> None:
    env = claim_v0.single_agent(bot="heuristic", seat=1, **EVERY)
    assert env.observation_space == claim_v0.raw_env().observation_space("player_0")
    assert env.action_space == gymnasium.spaces.Discrete(actions.ACTION_COUNT)
    obs, _ = env.reset(seed=11)
    state = env.game_state
    assert state is not None
    for _ in range(40):
        view = observe(state, 1)
        assert np.array_equal(obs["observation"], encoding.encode(view, 1, state.config.factions))
        assert set(np.flatnonzero(obs["action_mask"])) == set(actions.indices_of(env.legal_moves()))
        assert view["next"] is not None and view["next"]["player"] == 1  # the agent's turn
        obs, _, terminated, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        if terminated:
            break


def test_seeded_games_repeat_and_end_with_the_result() -> None:
    env = claim_v0.single_agent(bot="heuristic", seat=0, **EVERY)
    rewards = set()
    for seed in range(4):
        first = _play(env, seed)
        assert _play(env, seed) == first  # same deal, same bot moves
        assert env.game_state is not None and env.game_state.result is not None
        winner = env.game_state.result["winner"]
        assert first[1] == {0: 1.0, 1: -1.0, None: 0.0}[winner]
        rewards.add(first[1])
    assert -1.0 in rewards  # the bot beats a first-legal-move agent now and then


def test_an_illegal_action_ends_the_episode() -> None:
    env = claim_v0.single_agent(bot="random")
    obs, _ = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info) == (-1.0, True, {"illegal_action": actions.MOVES[illegal]})
    with pytest.raises(RuntimeError, match="reset"):
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_bad_arguments_fail_when_the_env_is_made() -> None:
    with pytest.raises(ConfigError, match="unknown bot"):
        claim_v0.single_agent(bot="alphazero")
    with pytest.raises(ValueError, match="seat"):
        claim_v0.single_agent(seat=2)


def test_registered_with_gymnasium_by_id() -> None:
    """``gymnasium.make`` by id, with the module imported and through Gymnasium's
    ``module:id`` form (which imports it): the single-agent env, setup options passed on."""
    for env_id in (claim_v0.GYMNASIUM_ID, f"claim.envs.claim_v0:{claim_v0.GYMNASIUM_ID}"):
        env = gymnasium.make(env_id, bot="random", seat=1, heroes="3")
        assert isinstance(env.unwrapped, ClaimSingleAgentEnv)
        assert env.unwrapped.seat == 1 and env.unwrapped.bot_spec == "random"
        obs, _ = env.reset(seed=4)
        state = env.unwrapped.game_state
        assert state is not None and len(state.config.heroes) == 3
        assert obs["action_mask"].any()
        env.close()
