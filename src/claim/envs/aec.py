"""Claim as a PettingZoo AEC environment (:class:`raw_env`; :func:`claim.envs.claim_v0.env`
wraps it as PettingZoo's classic games are wrapped).

Agents ``player_0`` and ``player_1``. The game decides who acts next, not a fixed rotation: the
trick's winner leads the next one, and powers ask decisions of either player, so
``agent_selection`` is always the player the engine waits on. Each observation is
``{"observation": encode(view), "action_mask": mask}`` built from ``observe(state, seat)``
alone (:mod:`claim.envs.encoding`); an action is an index of :mod:`claim.envs.actions`.
``observation="history"`` makes the vector the information state instead (perfect recall:
:func:`~claim.envs.encoding.encode_information_state`, the present then the trick history and
the seat's own moves); ``"present"``, the default, is the view alone.
Rewards are +1 for the winner and −1 for the loser when the game ends (0 each for a draw), 0
before. ``state()`` is PettingZoo's global state, for centralized critics: both seats'
observations laid end to end (:meth:`raw_env.state`); the engine's own state is ``game_state``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import EzPickle

# PettingZoo ships no type information (no py.typed): its classes are Any to mypy
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from claim.core.engine import apply, current_player, legal_actions
from claim.core.state import State
from claim.core.view import observe
from claim.core.view_types import View
from claim.envs.actions import ACTION_COUNT, move_of
from claim.envs.encoding import (
    HIGH,
    HISTORY_HIGH,
    HISTORY_LOW,
    HISTORY_SIZE,
    OBSERVATION_SIZE,
    action_mask,
    encode,
    encode_information_state,
)
from claim.envs.games import Dealer, setup_options
from claim.envs.render import table_text

AGENTS = ("player_0", "player_1")
#: "ansi" returns the table as text, "human" prints it
RENDER_MODES = ("human", "ansi")
Observation = dict[str, npt.NDArray[Any]]
#: the observations an environment may give (its ``observation`` keyword): the view alone, or
#: the information state (the view, the trick history and the seat's own moves)
OBSERVATIONS = ("present", "history")


def check_observation(observation: str) -> bool:
    """Whether ``observation`` (an :data:`OBSERVATIONS` name) asks for the history; a
    ValueError for any other name."""
    if observation not in OBSERVATIONS:
        names = ", ".join(OBSERVATIONS)
        raise ValueError(f"observation must be one of {names}, not {observation!r}")
    return observation == "history"


def observation_space(observation: str = "present") -> spaces.Dict:
    """The observation space of either agent (and of the single-agent env)."""
    low = np.zeros(OBSERVATION_SIZE, np.float32)
    high = np.full(OBSERVATION_SIZE, HIGH, np.float32)
    if check_observation(observation):
        low = np.concatenate([low, np.full(HISTORY_SIZE, HISTORY_LOW, np.float32)])
        high = np.concatenate([high, np.full(HISTORY_SIZE, HISTORY_HIGH, np.float32)])
    return spaces.Dict(
        {
            "observation": spaces.Box(low=low, high=high, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(ACTION_COUNT,), dtype=np.int8),
        }
    )


def seat_observation(state: State, seat: int, own: Sequence[int] | None = None) -> Observation:
    """What ``seat`` observes: its view encoded, and the mask of its legal actions; with
    ``own``, the seat's own actions so far, the information state (``observation="history"``)."""
    view = observe(state, seat)
    factions = state.config.factions
    return {
        "observation": encode(view, seat, factions)
        if own is None
        else encode_information_state(view, seat, factions, own),
        "action_mask": action_mask(view),
    }


class Recall:
    """Each seat's own actions in the game, kept for ``observation="history"`` (the view does
    not show them all: a pass at an artifact window, a secret choice)."""

    def __init__(self, history: bool) -> None:
        self.history = history
        self.actions: tuple[list[int], list[int]] = ([], [])

    def reset(self) -> None:
        self.actions = ([], [])

    def moved(self, seat: int, action: int) -> None:
        self.actions[seat].append(action)

    def own(self, seat: int) -> list[int] | None:
        """What :func:`seat_observation` takes as ``own``: None for the present alone."""
        return self.actions[seat] if self.history else None


def state_space(observation: spaces.Space[Any]) -> spaces.Box:
    """The space of :meth:`raw_env.state`: two observation vectors of ``observation`` (an
    agent's observation space) end to end."""
    assert isinstance(observation, spaces.Dict)
    box = observation["observation"]
    assert isinstance(box, spaces.Box)
    return spaces.Box(
        low=np.concatenate([box.low, box.low]),
        high=np.concatenate([box.high, box.high]),
        dtype=box.dtype.type,
    )


def rewards_of(state: State) -> tuple[float, float]:
    """Each seat's reward for a finished game: +1 / −1, 0 each for a draw."""
    assert state.result is not None
    winner = state.result["winner"]
    if winner is None:
        return (0.0, 0.0)
    return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]  # AECEnv is Any (see the import)
    """The unwrapped environment; ``render_mode`` ``"ansi"`` (text) or ``"human"`` (printed),
    and the setup options of :class:`~claim.core.options.SetupOptions` as keywords."""

    metadata = {  # noqa: RUF012  (PettingZoo's classic envs declare it so)
        "render_modes": list(RENDER_MODES),
        "name": "claim_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self, render_mode: str | None = None, observation: str = "present", **options: Any
    ) -> None:
        EzPickle.__init__(self, render_mode=render_mode, observation=observation, **options)
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)}")
        self.render_mode = render_mode
        self._recall = Recall(check_observation(observation))
        self._dealer = Dealer(setup_options(options))
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        # one object per agent, returned every time (PettingZoo's api_test checks identity)
        self.observation_spaces = {agent: observation_space(observation) for agent in AGENTS}
        self.action_spaces = {agent: spaces.Discrete(ACTION_COUNT) for agent in AGENTS}
        self.state_space = state_space(self.observation_spaces[AGENTS[0]])
        #: the true state of the game (for analysis and debugging: an agent that plays fair
        #: reads only its observation). Not ``state``: that is PettingZoo's global-state method.
        self.game_state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: ``seed`` deals that seed's game (as ``claim deal --seed``), and the
        unseeded resets after it continue a stream it started, so they repeat too."""
        self.game_state = self._dealer.deal(seed)
        self._recall.reset()
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._to_move()

    def _game(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state

    def _to_move(self) -> str:
        player = current_player(self._game())
        assert player is not None  # a game never ends before its first move
        return AGENTS[player]

    def observe(self, agent: str) -> Observation:
        seat = AGENTS.index(agent)
        return seat_observation(self._game(), seat, self._recall.own(seat))

    def state(self) -> npt.NDArray[Any]:
        """PettingZoo's global state (``state_space``), for centralized training: seat 0's
        observation vector, then seat 1's. It holds all that either player knows (both hands,
        both Follower decks), never what neither does (the order of the undealt cards), so a
        critic may read it; a policy that plays fair reads only its own observation."""
        game = self._game()
        return np.concatenate(
            [seat_observation(game, seat, self._recall.own(seat))["observation"] for seat in (0, 1)]
        )

    def view(self, agent: str) -> View:
        """The agent's view the observation encodes (``observe(state, seat)``): for features of
        your own, built from what the agent may know."""
        return observe(self._game(), AGENTS.index(agent))

    def legal_moves(self) -> list[str]:
        """The legal move strings of the agent to act (the action mask, spelled out)."""
        return legal_actions(self._game())

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for a finished agent")
        state = self._game()
        # an illegal move raises IllegalMove (env() terminates the game on one instead)
        apply(state, move_of(int(action)))
        self._recall.moved(AGENTS.index(agent), int(action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if state.result is not None:
            for name, reward in zip(AGENTS, rewards_of(state), strict=True):
                self.rewards[name] = reward
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._to_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as the agent to act sees it (``"ansi"``: the text; ``"human"``: printed)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        state = self._game()
        seat = AGENTS.index(self.agent_selection)
        text = table_text(observe(state, seat), seat, state.config)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release (no window, no process)."""
