"""Claim as a Gymnasium environment for one agent: the other seat is a bot or a policy.

The agent plays ``seat``; every move of the other seat is made at once by the opponent:

- a bot spec, any that ``claim arena`` and ``claim play --bot`` take (``random``, ``heuristic``,
  ``search:hard``, ``openspiel-ismcts:50``, …), built by the arena's factory
  (:func:`claim.sim.arena.build_bot`) and seeded from the game seed; it sees only its own view
  as everywhere else (:func:`claim.bots.decide`);
- or a policy, for self-play: a callable given the other seat's observation (the dict the agent
  gets, its ``action_mask`` included) that returns an action index (:data:`OpponentPolicy`).

Observations and actions are those of the PettingZoo environment
(:func:`claim.envs.aec.observation_space`, :mod:`claim.envs.actions`; ``observation="history"``
for the information state, the opponent policy's too); :meth:`action_masks` gives
the mask as sb3-contrib's ``MaskablePPO`` asks for it. The reward is +1 / −1 / 0 when the game
ends, 0 before. An action the mask forbids ends the episode with −1 (as PettingZoo's
``TerminateIllegalWrapper`` does) and ``info["illegal_action"]``: Gymnasium's own checks step with
unmasked random actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from claim.bots import Bot, decide
from claim.core.engine import apply, current_player, is_over, legal_actions
from claim.core.state import State
from claim.core.view import observe
from claim.core.view_types import View
from claim.envs.actions import ACTION_COUNT, index_of, move_of
from claim.envs.aec import (
    RENDER_MODES,
    Observation,
    Recall,
    check_observation,
    observation_space,
    rewards_of,
    seat_observation,
)
from claim.envs.games import Dealer, setup_options
from claim.envs.render import table_text
from claim.sim.arena import build_bot, normalize_spec

#: an opponent policy: the other seat's observation in (``{"observation", "action_mask"}``, as
#: the agent's), its action index out (an int or a NumPy integer)
OpponentPolicy = Callable[[Observation], int | np.integer[Any]]


def bot_seed(game_seed: int) -> int:
    """The bot's seed in the game of ``game_seed``: derived from it alone, so a seeded reset
    meets the same bot moves."""
    return random.Random(f"claim-envs-bot:{game_seed}").randrange(2**63)


class ClaimSingleAgentEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of Claim against an opponent: ``bot`` is a bot spec of ``claim arena``
    (``random``, ``heuristic``, ``search:easy``, ``openspiel-ismcts:50``, …) or a policy
    (:data:`OpponentPolicy`); the setup options as keywords."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        bot: str | OpponentPolicy = "heuristic",
        seat: int = 0,
        render_mode: str | None = None,
        observation: str = "present",
        **options: Any,
    ) -> None:
        if seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, got {seat!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)}")
        #: the opponent's bot spec, normalized (None when the opponent is a policy); an unknown
        #: bot, or one this install lacks, fails here with a ConfigError, not at the first reset
        self.bot_spec: str | None = None
        self._policy: OpponentPolicy | None = None
        if isinstance(bot, str):
            self.bot_spec = normalize_spec(bot)
        elif callable(bot):
            self._policy = bot
        else:
            raise TypeError(f"bot must be a bot spec or a callable policy, not {bot!r}")
        self.seat = seat
        self.render_mode = render_mode
        self._recall = Recall(check_observation(observation))
        self._dealer = Dealer(setup_options(options))
        self.observation_space = observation_space(observation)
        self.action_space = spaces.Discrete(ACTION_COUNT)
        self._bot: Bot | None = None
        self._ended = False  # set by an illegal action, which ends the episode mid-game
        self._mask: npt.NDArray[np.bool_] | None = None  # the last observation's, as booleans
        #: the true state of the game (for analysis; the agent's observation is its view only).
        #: Not ``state``: that name is a global-state method in PettingZoo's interface.
        self.game_state: State | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a game (``seed``: that seed's game, as ``claim deal --seed``; without one the
        next game of the stream the environment's generator draws) and let the opponent move
        until the agent is to act."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**31))
        self.game_state = self._dealer.deal(game_seed)
        self._recall.reset()
        if self.bot_spec is not None:
            self._bot = build_bot(self.bot_spec, bot_seed(game_seed))
        self._ended = False
        self._opponent_moves()
        return self._observe(), {}

    def _game(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state

    def _observe(self) -> Observation:
        observation = seat_observation(self._game(), self.seat, self._recall.own(self.seat))
        self._mask = observation["action_mask"].astype(bool)
        return observation

    def _opponent_moves(self) -> None:
        state = self._game()
        while not is_over(state) and current_player(state) != self.seat:
            move = self._opponent_move(state)
            apply(state, move)
            self._recall.moved(1 - self.seat, index_of(move))

    def _opponent_move(self, state: State) -> str:
        if self._policy is None:
            assert self._bot is not None
            return decide(state, self._bot)
        other = 1 - self.seat
        action = int(self._policy(seat_observation(state, other, self._recall.own(other))))
        move = move_of(action)  # a ValueError outside the action space
        if move not in legal_actions(state):
            raise ValueError(f"the opponent policy chose an illegal action {action} ({move!r})")
        return move

    def view(self) -> View:
        """The agent's view the observation encodes (``observe(state, seat)``)."""
        return observe(self._game(), self.seat)

    def legal_moves(self) -> list[str]:
        """The agent's legal move strings now (the action mask, spelled out)."""
        return legal_actions(self._game())

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The last observation's ``action_mask`` as booleans (``ACTION_COUNT`` of them, True
        for a legal action): the method sb3-contrib's ``MaskablePPO`` looks for on the env
        (``sb3_contrib.common.maskable.utils.get_action_masks``), so it needs no
        ``ActionMasker`` wrapper."""
        if self._mask is None:
            raise RuntimeError("call reset() before using the environment")
        return self._mask.copy()

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self._game()
        if is_over(state) or self._ended:
            raise RuntimeError("the episode is over: call reset()")
        move = move_of(int(action))
        if move not in legal_actions(state):
            self._ended = True
            return self._observe(), -1.0, True, False, {"illegal_action": move}
        apply(state, move)
        self._recall.moved(self.seat, int(action))
        self._opponent_moves()
        reward = rewards_of(state)[self.seat] if is_over(state) else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, is_over(state), False, {}

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
