"""The search bot: determinized Monte Carlo search with UCB1 over the root moves.

Algorithm — Perfect Information Monte Carlo (PIMC) with a UCB1 bandit at the root, the "flat"
form of determinized search (Long et al. 2010; the bandit as in Cowling, Powley and Whitehouse
2012's determinized UCT with one ply):

1. The bot never sees the true state. It draws ``K`` *determinizations* with the runner's
   ``sample(rng)`` (``claim.determinize``: a full state consistent with everything the deciding
   player knows, the hidden cards re-dealt at random) and reuses them round-robin: the ``j``-th
   simulation of a move uses determinization ``j mod K``, so every move is measured on the same
   deals (common random numbers: the comparison between moves has far less noise than each
   estimate alone), and a determinization (~120 µs) is paid for once, not per simulation.
2. Each iteration picks a root move by UCB1 (every move once first, in legal order; then the
   highest ``mean + C * sqrt(ln N / n)``, ties to the earlier move), clones its determinization
   with ``clone(history=False)`` (~5 µs), applies the move and plays the game out to the end with
   the rollout policy below. The result counts 1 for a win of the deciding player (the player to
   act in the sampled state), 0.5 for a draw and 0 for a loss.
3. The move played is the most visited one (ties: the higher mean, then legal order).

Rollout policy (:func:`claim.core.rollout.playout`, compiled with the core) — cheap and
generic (moves stay opaque strings, so every decision kind the engine has or will have works): a
decision that is not a card play is answered uniformly at random; a card play is random too,
except that a *follower* who can beat the led card's printed value plays its lowest card that
does, and otherwise sheds its lowest card, with probability :data:`GREEDY` (the rest random, so
the rollouts still explore).

Strengths are iteration budgets (:data:`ITERATIONS`); ``iterations=`` overrides them and
``seconds=`` searches for a wall-clock time instead (the only mode that reads a clock, so the
only one whose moves depend on the machine). With a fixed budget the bot is deterministic: every
random draw — the determinizations, the rollouts — comes from its own seeded generator, so the same
seed and the same sampler give the same move. One legal move is returned without searching.
"""

from __future__ import annotations

import math
import random
import time

from claim.bots.base import Sampler
from claim.core.engine import apply, current_player, legal_actions
from claim.core.rollout import playout
from claim.core.state import State
from claim.core.view_types import View

#: iterations (simulations) per move for each strength
ITERATIONS: dict[str, int] = {"easy": 50, "medium": 200, "hard": 1000}
#: the UCB1 exploration constant (results lie in [0, 1])
EXPLORATION = 0.7
#: the most determinizations a search draws; they are reused round-robin
MAX_DETERMINIZATIONS = 40
#: the probability that a rollout follower plays the greedy card instead of a random one
GREEDY = 0.75


class SearchBot:
    """Determinized Monte Carlo search (PIMC + UCB1 at the root); see the module doc."""

    name = "search"
    #: it decides from ``sample`` (determinizations) alone, never from the view
    uses_view = False

    def __init__(
        self,
        seed: int | None = None,
        strength: str = "medium",
        *,
        iterations: int | None = None,
        seconds: float | None = None,
    ) -> None:
        if strength not in ITERATIONS:
            raise ValueError(f"unknown strength {strength!r}; strengths are: easy, medium, hard")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        self.rng = random.Random(seed)
        self.strength = strength
        self.seconds = seconds
        #: with ``seconds`` and no explicit ``iterations`` the search runs until the time is up
        self.iterations = iterations if iterations is not None else ITERATIONS[strength]
        self.time_only = seconds is not None and iterations is None
        #: the rollout's greedy-follow probability (:data:`GREEDY`)
        self.greedy = GREEDY
        #: simulations run by the last search (for benchmarks)
        self.last_simulations = 0

    def choose(self, view: View, legal: list[str], sample: Sampler | None = None) -> str:
        self.last_simulations = 0
        if len(legal) == 1:
            return legal[0]
        if sample is None:  # no way to see a state: a fair bot can only guess
            return legal[self.rng.randrange(len(legal))]
        return self._search(legal, sample)

    # -- the search ---------------------------------------------------------------------------

    def _search(self, legal: list[str], sample: Sampler) -> str:
        rng = self.rng
        budget = self.iterations
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        k_max = MAX_DETERMINIZATIONS if self.time_only else min(budget, MAX_DETERMINIZATIONS)
        worlds: list[tuple[State, int, set[str]]] = []  # (state, deciding player, its legal moves)

        n_moves = len(legal)
        visits = [0] * n_moves
        wins = [0.0] * n_moves
        total = 0
        log = math.log
        sqrt = math.sqrt
        while True:
            if deadline is not None and total and time.perf_counter() >= deadline:
                break
            if not self.time_only and total >= budget:
                break
            if total < n_moves:
                m = total
            else:
                best = -1.0
                m = 0
                c_ln = EXPLORATION * sqrt(log(total))
                for i in range(n_moves):
                    n = visits[i]
                    if n:
                        score = wins[i] / n + c_ln / sqrt(n)
                        if score > best:
                            best = score
                            m = i
            j = visits[m]
            if j >= len(worlds) and len(worlds) < k_max:
                world = sample(rng)
                player = current_player(world)
                assert player is not None, "a determinization of a finished game"
                worlds.append((world, player, set(legal_actions(world))))
            move = legal[m]
            world, player, world_legal = worlds[j % len(worlds)]
            if move not in world_legal:  # cannot happen for a consistent sampler; stay safe
                world, player, world_legal = next(
                    (w for w in worlds if move in w[2]), (world, player, world_legal)
                )
            if move in world_legal:
                s = world.clone(history=False)
                apply(s, move)
                wins[m] += playout(s, player, rng, self.greedy)
            else:
                wins[m] += 0.0
            visits[m] += 1
            total += 1
        self.last_simulations = total
        best_move = max(
            range(n_moves),
            key=lambda i: (visits[i], wins[i] / visits[i] if visits[i] else 0.0, -i),
        )
        return legal[best_move]
