"""The environments as research code uses them (issue 38): sb3-contrib's action masks, every
arena bot or a policy as the single-agent env's opponent, and PettingZoo's global ``state()``.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest

from claim import observe
from claim.core.engine import legal_actions
from claim.core.errors import ConfigError
from claim.envs import actions, claim_v0, encoding
from claim.envs.aec import Observation
from claim.envs.single import ClaimSingleAgentEnv


def _legal_mask(env: ClaimSingleAgentEnv) -> np.ndarray:
    """The agent's legal actions as booleans, from the engine's legal-move strings."""
    mask = np.zeros(actions.ACTION_COUNT, dtype=bool)
    mask[actions.indices_of(env.legal_moves())] = True
    return mask


# -------------------------------------------------------------------------------------------------
# action_masks(): what sb3-contrib's MaskablePPO asks the env for
# -------------------------------------------------------------------------------------------------


def test_action_masks_are_the_legal_moves_at_every_step() -> None:
    env = claim_v0.single_agent(bot="heuristic", seat=1, heroes=5, artifacts="all")
    with pytest.raises(RuntimeError, match="reset"):
        env.action_masks()
    rng = np.random.default_rng(0)
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        terminated = False
        while not terminated:
            masks = env.action_masks()
            assert masks.dtype == np.bool_ and masks.shape == (actions.ACTION_COUNT,)
            assert np.array_equal(masks, _legal_mask(env))
            assert np.array_equal(masks, obs["action_mask"].astype(bool))
            masks[:] = False  # a copy: the caller may change it
            obs, _, terminated, _, _ = env.step(rng.choice(np.flatnonzero(env.action_masks())))


def test_sb3_contrib_finds_the_masks_through_wrappers_and_vector_envs() -> None:
    utils = pytest.importorskip("sb3_contrib.common.maskable.utils")
    from stable_baselines3.common.vec_env import DummyVecEnv

    wrapped = gymnasium.make(claim_v0.GYMNASIUM_ID, bot="random")  # Gymnasium's own wrappers
    assert utils.is_masking_supported(wrapped)
    wrapped.reset(seed=3)
    assert np.array_equal(utils.get_action_masks(wrapped), _legal_mask(wrapped.unwrapped))

    vec = DummyVecEnv([lambda seat=seat: claim_v0.single_agent("random", seat) for seat in (0, 1)])
    assert utils.is_masking_supported(vec)
    vec.seed(5)
    vec.reset()
    stacked = utils.get_action_masks(vec)
    assert stacked.shape == (2, actions.ACTION_COUNT)
    for row, env in zip(stacked, vec.envs, strict=True):
        assert np.array_equal(row, _legal_mask(env.unwrapped))


def test_maskable_ppo_trains_without_an_illegal_action() -> None:
    sb3_contrib = pytest.importorskip("sb3_contrib")
    from stable_baselines3.common.callbacks import BaseCallback

    class NoIllegalAction(BaseCallback):
        steps = 0

        def _on_step(self) -> bool:
            for info in self.locals["infos"]:
                assert "illegal_action" not in info, info
            self.steps += 1
            return True

    env = claim_v0.single_agent(bot="random", seat=0)
    model = sb3_contrib.MaskablePPO(
        "MultiInputPolicy", env, n_steps=64, batch_size=64, n_epochs=1, seed=0, device="cpu"
    )
    callback = NoIllegalAction()
    model.learn(total_timesteps=128, callback=callback)
    assert callback.steps == 128


# -------------------------------------------------------------------------------------------------
# the opponent: every arena bot, or a policy
# -------------------------------------------------------------------------------------------------


def _play_first_legal(env: ClaimSingleAgentEnv, seed: int) -> tuple[list[str], float]:
    """A whole game, the agent taking its first legal action: the game's moves, the reward."""
    obs, _ = env.reset(seed=seed)
    terminated, reward = False, 0.0
    while not terminated:
        obs, r, terminated, _, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert "illegal_action" not in info
        reward = float(r)
    assert env.game_state is not None and env.game_state.result is not None
    return list(env.game_state.moves), reward


def test_an_openspiel_bot_is_an_opponent() -> None:
    """``openspiel-ismcts:N``, as ``claim arena`` and ``claim play`` take it, plays a whole
    game; seeded from the game seed like every bot, so a seeded reset repeats it."""
    pytest.importorskip("pyspiel")
    env = claim_v0.single_agent(bot=" OpenSpiel-ISMCTS:8 ", seat=0)
    assert env.bot_spec == "openspiel-ismcts:8"
    moves, reward = _play_first_legal(env, seed=1)
    assert reward in (-1.0, 0.0, 1.0)
    assert len(moves) >= 52  # 52 card plays in a base game
    assert _play_first_legal(env, seed=1) == (moves, reward)


def test_every_arena_spec_is_checked_when_the_env_is_made() -> None:
    with pytest.raises(ConfigError, match="unknown bot"):
        claim_v0.single_agent(bot="openspiel-alphazero")
    with pytest.raises(ConfigError, match="unknown strength"):
        claim_v0.single_agent(bot="search:expert")
    with pytest.raises(TypeError, match="callable"):
        claim_v0.single_agent(bot=3)  # type: ignore[arg-type]


def test_a_policy_is_an_opponent_and_its_moves_are_played() -> None:
    """The policy is called on the other seat's observation (its view encoded, its mask) each
    time that seat acts, and the action it returns is the move the game records."""
    seat = 0
    chosen: list[tuple[int, str]] = []

    def policy(obs: Observation) -> np.int64:
        state = env.game_state  # the env made below
        assert state is not None
        view = observe(state, 1 - seat)
        assert view["next"] is not None and view["next"]["player"] == 1 - seat
        assert np.array_equal(
            obs["observation"], encoding.encode(view, 1 - seat, state.config.factions)
        )
        legal = np.flatnonzero(obs["action_mask"])
        assert {actions.move_of(int(a)) for a in legal} == set(legal_actions(state))
        action = legal[len(chosen) % len(legal)]  # not simply the first legal move
        chosen.append((len(state.moves), actions.move_of(int(action))))
        return action

    env = claim_v0.single_agent(bot=policy, seat=seat, heroes=3)
    assert env.bot_spec is None
    moves, _ = _play_first_legal(env, seed=4)
    assert len(chosen) >= 26  # the other seat's card plays at least
    assert all(moves[index] == move for index, move in chosen)
    agent_moves = set(range(len(moves))) - {index for index, _ in chosen}
    assert len(agent_moves) >= 26


def test_a_policy_that_plays_illegally_is_an_error() -> None:
    def illegal(obs: Observation) -> int:
        return int(np.flatnonzero(obs["action_mask"] == 0)[0])

    env = claim_v0.single_agent(bot=illegal, seat=1)  # seat 0 leads the first trick
    with pytest.raises(ValueError, match="opponent policy chose an illegal action"):
        env.reset(seed=0)


def test_self_play_against_a_frozen_copy() -> None:
    """The use the policy opponent is for: a MaskablePPO model against a copy of itself."""
    sb3_contrib = pytest.importorskip("sb3_contrib")
    env = claim_v0.single_agent(bot="random", seat=0)
    model = sb3_contrib.MaskablePPO(
        "MultiInputPolicy", env, n_steps=64, batch_size=64, n_epochs=1, seed=0, device="cpu"
    )
    calls = []

    def frozen(obs: Observation) -> Any:
        calls.append(1)
        action, _ = model.predict(obs, action_masks=obs["action_mask"], deterministic=True)
        return action

    selfplay = claim_v0.single_agent(bot=frozen, seat=1)
    model.set_env(selfplay)
    model.learn(total_timesteps=64)
    assert len(calls) >= 26


# -------------------------------------------------------------------------------------------------
# PettingZoo's state(): the global state, beside the engine's state (game_state)
# -------------------------------------------------------------------------------------------------


def test_pettingzoo_state_is_both_observations() -> None:
    env = claim_v0.env(heroes=5, setting="random", building="random")
    env.reset(seed=9)
    raw = env.unwrapped
    assert raw.state_space.shape == (2 * encoding.OBSERVATION_SIZE,)
    for _ in env.agent_iter():
        state = env.state()
        assert raw.state_space.contains(state)
        game = raw.game_state
        assert np.array_equal(
            state,
            np.concatenate(
                [encoding.encode(observe(game, s), s, game.config.factions) for s in (0, 1)]
            ),
        )
        observation, _, termination, truncation, _ = env.last()
        done = termination or truncation
        env.step(None if done else int(np.flatnonzero(observation["action_mask"])[0]))
    assert game.result is not None


def test_pettingzoo_state_test() -> None:
    """PettingZoo's own state checks (``pettingzoo.test.state_test``: the state space, then the
    states of random play) pass without a warning. Its parallel part does not apply: the AEC
    env is not parallelizable (``metadata["is_parallelizable"]`` is False)."""
    # the module, not the function ``pettingzoo.test.state_test`` its package exports
    checks = importlib.import_module("pettingzoo.test.state_test")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        checks.test_state_space(claim_v0.env())
        checks.test_state(claim_v0.env(), num_cycles=40)


def test_state_before_reset_is_an_error() -> None:
    with pytest.raises(RuntimeError, match="reset"):
        claim_v0.raw_env().state()
