"""Claim as a Gymnasium environment for one agent: the other seat is one of the project's bots.

The agent plays ``seat``; every move of the other seat is made at once by the bot
(:func:`claim.bots.make_bot`), which sees only its own view as everywhere else
(:func:`claim.bots.decide`). Observations and actions are those of the PettingZoo environment
(:func:`claim.envs.aec.observation_space`, :mod:`claim.envs.actions`). The reward is +1 / −1 / 0
when the game ends, 0 before. An action the mask forbids ends the episode with −1 (as
PettingZoo's ``TerminateIllegalWrapper`` does) and ``info["illegal_action"]``: Gymnasium's own
checks step with unmasked random actions.
"""

from __future__ import annotations

import random
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from claim.bots import Bot, decide, make_bot
from claim.core.engine import apply, current_player, is_over, legal_actions
from claim.core.state import State
from claim.core.view import observe
from claim.core.view_types import View
from claim.envs.actions import ACTION_COUNT, move_of
from claim.envs.aec import (
    RENDER_MODES,
    Observation,
    observation_space,
    rewards_of,
    seat_observation,
)
from claim.envs.games import Dealer, setup_options
from claim.envs.render import table_text


def bot_seed(game_seed: int) -> int:
    """The bot's seed in the game of ``game_seed``: derived from it alone, so a seeded reset
    meets the same bot moves."""
    return random.Random(f"claim-envs-bot:{game_seed}").randrange(2**63)


class ClaimSingleAgentEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of Claim against a bot (``bot``: a name ``make_bot`` takes, e.g. ``random``,
    ``heuristic``, ``search:easy``); the setup options as keywords."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        bot: str = "heuristic",
        seat: int = 0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, got {seat!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)}")
        make_bot(bot)  # an unknown bot name fails here, not at the first reset
        self.bot_spec = bot
        self.seat = seat
        self.render_mode = render_mode
        self._dealer = Dealer(setup_options(options))
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(ACTION_COUNT)
        self._bot: Bot | None = None
        self._ended = False  # set by an illegal action, which ends the episode mid-game
        #: the true state of the game (for analysis; the agent's observation is its view only)
        self.state: State | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a game (``seed``: that seed's game, as ``claim deal --seed``; without one the
        next game of the stream the environment's generator draws) and let the bot move until
        the agent is to act."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**31))
        self.state = self._dealer.deal(game_seed)
        self._bot = make_bot(self.bot_spec, bot_seed(game_seed))
        self._ended = False
        self._bot_moves()
        return seat_observation(self.state, self.seat), {}

    def _game(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state

    def _bot_moves(self) -> None:
        state = self._game()
        assert self._bot is not None
        while not is_over(state) and current_player(state) != self.seat:
            apply(state, decide(state, self._bot))

    def view(self) -> View:
        """The agent's view the observation encodes (``observe(state, seat)``)."""
        return observe(self._game(), self.seat)

    def legal_moves(self) -> list[str]:
        """The agent's legal move strings now (the action mask, spelled out)."""
        return legal_actions(self._game())

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self._game()
        if is_over(state) or self._ended:
            raise RuntimeError("the episode is over: call reset()")
        move = move_of(int(action))
        if move not in legal_actions(state):
            self._ended = True
            return seat_observation(state, self.seat), -1.0, True, False, {"illegal_action": move}
        apply(state, move)
        self._bot_moves()
        reward = rewards_of(state)[self.seat] if is_over(state) else 0.0
        if self.render_mode == "human":
            self.render()
        return seat_observation(state, self.seat), reward, is_over(state), False, {}

    def render(self) -> str | None:
        """The table as the agent sees it (``"ansi"``: the text; ``"human"``: printed)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        state = self._game()
        text = table_text(observe(state, self.seat), self.seat, state.config)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None
