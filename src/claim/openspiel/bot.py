"""OpenSpiel's searches as our bots: ``openspiel-ismcts[:N]`` and ``openspiel-mcts[:N]``.

A bot here satisfies :class:`claim.bots.Bot`: it gets the player's view, the legal moves and the
runner's ``sample(rng)`` (:func:`claim.determinize` of the true state for the player to act), and
never the true state. It builds OpenSpiel states of ``python_claim`` from those determinizations
(:meth:`~claim.openspiel.game.ClaimGame.state_of`) and lets OpenSpiel search them:

- ``openspiel-ismcts:N`` — OpenSpiel's information-set MCTS
  (``open_spiel.python.algorithms.ismcts.ISMCTSBot``; Cowling, Powley and Whitehouse 2012),
  ``N`` simulations per move, each from a fresh determinization (its resampler is our
  ``sample``: every world is drawn from what the player knows), the tree's nodes keyed by the
  acting player's information-state string, leaves valued by OpenSpiel's random rollouts
  (``RandomRolloutEvaluator``, one uniformly random game to the end; played by
  :class:`EngineRollouts`, the same draws on the engine directly), UCT with :data:`UCT_C`,
  the most visited move played. The Python ``ISMCTSBot``, not ``pyspiel``'s
  C++ one: the C++ bot cannot reach a Python game's ``resample_from_infostate``.
- ``openspiel-mcts:N`` — OpenSpiel's plain MCTS (``open_spiel.python.algorithms.mcts.MCTSBot``,
  random rollouts) on up to :data:`WORLDS` determinizations (``N / 100``), the ``N`` simulations
  split between them, the move most visited over all of them played (determinized MCTS,
  "perfect information Monte Carlo": each search sees one world as if it were the true one).

``N`` defaults to :data:`DEFAULT_SIMULATIONS`. A bot is seeded: its determinizations, the
searches' choices and the rollouts all come from generators seeded from its seed, so the same
seed plays the same moves. One legal move is played without a search.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, Final

import numpy as np

# OpenSpiel ships no type information: its modules are Any to mypy
import pyspiel  # type: ignore[import-not-found]  # a compiled module without stubs
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

from claim.bots.base import Sampler
from claim.core.engine import apply, legal_actions
from claim.core.errors import ConfigError
from claim.core.state import State
from claim.core.view_types import View
from claim.envs.actions import index_of, move_of
from claim.openspiel.game import GAME_NAME, ClaimGame, rewards

#: the bot names this module builds, each ``NAME[:N]``
NAMES: Final[tuple[str, ...]] = ("openspiel-ismcts", "openspiel-mcts")
#: simulations per move when the spec gives none
DEFAULT_SIMULATIONS: Final[int] = 1000
#: the most simulations a spec may ask for (a bound against a typo costing hours a move)
MAX_SIMULATIONS: Final[int] = 1_000_000
#: the UCT exploration constant: OpenSpiel's examples' value for returns in [-1, 1]
#: (``open_spiel/python/examples/mcts.py``, ``--uct_c 2``)
UCT_C: Final[float] = 2.0
#: the most determinizations ``openspiel-mcts`` searches, the simulations split between them,
#: each at least :data:`PER_WORLD` (fewer worlds for a small budget: OpenSpiel's MCTS expands
#: a node on its second visit, so a search of a few simulations learns next to nothing)
WORLDS: Final[int] = 10
PER_WORLD: Final[int] = 100


@cache
def _game() -> ClaimGame:
    """The game the bots' states belong to. Its setup options do not matter: every state is
    built from a dealt engine state, which carries its own setup."""
    game: ClaimGame = pyspiel.load_game(GAME_NAME)
    return game


def parse_spec(spec: str) -> tuple[str, int]:
    """``openspiel-ismcts:500`` → ``("openspiel-ismcts", 500)``; the default budget without
    ``:N``; ConfigError for another name or a bad number.

    >>> parse_spec("openspiel-mcts")
    ('openspiel-mcts', 1000)
    """
    name, sep, number = spec.strip().lower().partition(":")
    if name not in NAMES:
        raise ConfigError(f"unknown bot {name!r}; OpenSpiel bots are: {', '.join(NAMES)}")
    if not sep:
        return name, DEFAULT_SIMULATIONS
    if not number.isdigit() or not 1 <= int(number) <= MAX_SIMULATIONS:
        raise ConfigError(
            f"{name}:N needs N simulations, a number from 1 to {MAX_SIMULATIONS:,}, not {number!r}"
        )
    return name, int(number)


def _numpy_state(rng: random.Random) -> np.random.RandomState:
    return np.random.RandomState(rng.randrange(2**32))


class EngineRollouts(mcts.RandomRolloutEvaluator):  # type: ignore[misc]  # OpenSpiel's is Any
    """OpenSpiel's ``RandomRolloutEvaluator`` with its rollouts played on the engine's state
    rather than through the OpenSpiel state: the same rollouts, draw for draw.

    OpenSpiel's loop asks the state, through pybind11 and back into Python, for its player,
    chance, legal actions and terminality, then ``choice`` (a NumPy reduction over the list) at
    every step; that was three quarters of an ISMCTS move's time here. This one lists the legal
    moves in OpenSpiel's order (ascending action index, :func:`ClaimState._legal_actions`) and
    draws ``randint(0, n)`` from the same ``RandomState`` — what ``RandomState.choice`` of an
    n-long list draws — so the search is unchanged: tests/test_openspiel.py checks both
    evaluators give the same values from the same generator, and the bot the same moves.
    Rollouts start after the deal (no chance node is left), and end at the game's end or
    ``max_length`` steps, as OpenSpiel's do.
    """

    def evaluate(self, state: Any) -> Any:
        claim: State | None = state.claim
        if claim is None:  # before the deal: chance nodes, OpenSpiel's loop draws them
            return super().evaluate(state)
        draw = self._random_state.randint
        total = np.zeros(2)
        for _ in range(self.n_rollouts):
            world = claim.clone(history=False)
            length = 0
            while world.result is None:
                legal = sorted(legal_actions(world), key=index_of)
                apply(world, legal[draw(0, len(legal))])
                length += 1
                if self.max_length is not None and length >= self.max_length:
                    break
            total += rewards(world) if world.result is not None else 0.0
        return total / self.n_rollouts


class OpenSpielBot:
    """One of OpenSpiel's searches (``kind``: ``openspiel-ismcts`` or ``openspiel-mcts``) as a
    bot, ``simulations`` per move."""

    #: it searches determinizations from ``sample``, never its view (so runners may skip it)
    uses_view = False

    def __init__(self, kind: str, simulations: int, seed: int | None = None) -> None:
        if kind not in NAMES:
            raise ValueError(f"kind must be one of {', '.join(NAMES)}, not {kind!r}")
        if simulations < 1:
            raise ValueError("simulations must be at least 1")
        self.kind = kind
        self.simulations = simulations
        self.name = f"{kind}:{simulations}"
        #: the determinizations come from here; OpenSpiel's own draws from NumPy generators
        #: seeded from it, so the bot is reproducible
        self.rng = random.Random(seed)
        self.game = _game()

    def choose(self, view: View, legal: list[str], sample: Sampler | None = None) -> str:
        if len(legal) == 1:
            return legal[0]
        if sample is None:
            raise ValueError(f"{self.name} needs a sampler (claim.bots.decide gives one)")
        action = (
            self._ismcts(sample) if self.kind == "openspiel-ismcts" else self._mcts(sample, legal)
        )
        move = move_of(int(action))
        if move not in legal:  # the searched worlds all share the player's legal moves
            raise AssertionError(f"{self.name} chose {move!r}, which is not legal here")
        return move

    def _world(self, sample: Sampler) -> Any:
        """An OpenSpiel state of a fresh determinization."""
        world: State = sample(self.rng)
        return self.game.state_of(world)

    def _ismcts(self, sample: Sampler) -> int:
        evaluator = EngineRollouts(n_rollouts=1, random_state=_numpy_state(self.rng))
        bot = ismcts.ISMCTSBot(
            game=self.game,
            evaluator=evaluator,
            uct_c=UCT_C,
            max_simulations=self.simulations,
            random_state=_numpy_state(self.rng),
        )
        # every simulation starts from a new world drawn from what the player knows
        bot.set_resampler(lambda state, player: self._world(sample))
        return int(bot.step(self._world(sample)))

    def _mcts(self, sample: Sampler, legal: list[str]) -> int:
        worlds = max(1, min(WORLDS, self.simulations // PER_WORLD))
        visits: dict[int, int] = {}
        for i in range(worlds):
            budget = self.simulations // worlds + (i < self.simulations % worlds)
            evaluator = EngineRollouts(n_rollouts=1, random_state=_numpy_state(self.rng))
            bot = mcts.MCTSBot(
                self.game,
                UCT_C,
                budget,
                evaluator,
                solve=True,
                random_state=_numpy_state(self.rng),
            )
            root = bot.mcts_search(self._world(sample))
            for child in root.children:
                visits[child.action] = visits.get(child.action, 0) + child.explore_count
        if not visits:  # one simulation: the root was evaluated, never expanded
            return index_of(legal[self.rng.randrange(len(legal))])
        # the most visited over all the worlds; ties to the lower action number
        return max(sorted(visits), key=lambda action: visits[action])


def make_openspiel_bot(spec: str, seed: int | None = None) -> OpenSpielBot:
    """The bot of ``openspiel-ismcts[:N]`` or ``openspiel-mcts[:N]``, seeded."""
    kind, simulations = parse_spec(spec)
    return OpenSpielBot(kind, simulations, seed)
