"""Claim for reinforcement learning, version 0 of its action table and observation encoding.

In the layout of PettingZoo's classic games (``from pettingzoo.classic import chess_v6``)::

    from claim.envs import claim_v0

    env = claim_v0.env(factions="random", heroes="5")   # PettingZoo AEC, wrapped
    raw = claim_v0.raw_env()                            # the same, unwrapped
    gym_env = claim_v0.single_agent(bot="heuristic", seat=0)   # Gymnasium, against a bot
    gym_env = claim_v0.single_agent(bot=policy)                # ... or a policy (self-play)
    gym_env = gymnasium.make("claim/Claim-v0", bot="heuristic")  # the same, by its id

The keywords are the setup options of :class:`claim.core.options.SetupOptions` (those of
``claim deal``). docs/rl.md describes the actions, the observation and the rewards.
"""

from __future__ import annotations

from typing import Any

import gymnasium
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]  # no py.typed

from claim.envs.aec import raw_env
from claim.envs.single import ClaimSingleAgentEnv, OpponentPolicy

__all__ = ["GYMNASIUM_ID", "env", "raw_env", "single_agent"]

#: the Gymnasium id of :func:`single_agent`, registered when this module is imported:
#: ``gymnasium.make("claim/Claim-v0", bot=..., seat=..., factions=...)``; without importing it
#: first, ``gymnasium.make("claim.envs.claim_v0:claim/Claim-v0")`` imports it
GYMNASIUM_ID = "claim/Claim-v0"
if GYMNASIUM_ID not in gymnasium.registry:
    gymnasium.register(id=GYMNASIUM_ID, entry_point="claim.envs.single:ClaimSingleAgentEnv")


def env(**kwargs: Any) -> Any:
    """The PettingZoo AEC environment, wrapped as PettingZoo's classic games are: an illegal
    action ends the game with −1 for its player (TerminateIllegalWrapper), an action outside
    the space is an error (AssertOutOfBoundsWrapper), and calls out of order are refused
    (OrderEnforcingWrapper)."""
    wrapped = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def single_agent(
    bot: str | OpponentPolicy = "heuristic", seat: int = 0, **kwargs: Any
) -> ClaimSingleAgentEnv:
    """The Gymnasium environment: ``seat`` is the agent's, the other seat is played by ``bot``:
    any bot spec ``claim arena`` takes (``openspiel-ismcts:50`` included), or a policy that
    maps the other seat's observation to an action (:data:`~claim.envs.single.OpponentPolicy`,
    e.g. a frozen copy of the agent, for self-play)."""
    return ClaimSingleAgentEnv(bot=bot, seat=seat, **kwargs)
