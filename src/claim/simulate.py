"""Random-bot simulations: many complete games, summed up as statistics.

Game ``i`` (counting from 0) of a simulation with seed ``S`` is dealt from the game seed ``S + i``
with the same setup options, so ``claim deal --seed S+i`` (same options) gives its deal; player
``p``'s random bot is seeded with ``2 * (S + i) + p``. The results depend on nothing else, so the
same seed always gives the same results (only the timing differs).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from claim.bots import RandomBot
from claim.engine import apply, current_player, is_over, legal_actions
from claim.options import resolve_setup
from claim.setup import new_game
from claim.state import State
from claim.view import observe

#: called after each game with its index and its final state
GameHook = Callable[[int, State], None]


@dataclass(slots=True)
class SimulationStats:
    """What a simulation counts. ``wins[p]`` is the number of games player ``p`` won."""

    seed: int
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    tricks: int = 0
    seconds: float = 0.0

    @property
    def average_tricks(self) -> float:
        """The mean number of tricks per game (both phases)."""
        return self.tricks / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        """Throughput, the only figure that changes between runs with the same seed."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The ``claim simulate --json`` object."""
        return {
            "games": self.games,
            "seed": self.seed,
            "wins": list(self.wins),
            "draws": self.draws,
            "average_tricks": round(self.average_tricks, 4),
            "games_per_second": round(self.games_per_second, 1),
            "seconds": round(self.seconds, 4),
        }


def game_seed(seed: int, index: int) -> int:
    """The seed game ``index`` of a simulation with ``seed`` is dealt from."""
    return seed + index


def bot_seed(seed: int, player: int) -> int:
    """The seed of player ``player``'s random bot in a game dealt from ``seed``."""
    return 2 * seed + player


def play_random_game(seed: int, factions: str, first_leader: str) -> State:
    """One complete game between two seeded random bots; the bots see only ``observe``."""
    setup = resolve_setup(seed, factions, first_leader)
    state = new_game(setup.config, setup.seed)
    bots = (RandomBot(bot_seed(seed, 0)), RandomBot(bot_seed(seed, 1)))
    while not is_over(state):
        player = current_player(state)
        assert player is not None
        legal = legal_actions(state)
        bot = bots[player]
        view = observe(state, player) if bot.uses_view else {}
        apply(state, bot.choose(view, legal))
    return state


def simulate(
    games: int,
    seed: int,
    factions: str = "claim",
    first_leader: str = "0",
    on_game: GameHook | None = None,
) -> SimulationStats:
    """Play ``games`` random-bot games and count wins per seat, draws and tricks.

    Bad setup options raise ClaimError before any game is played. ``on_game`` (if given) is
    called after each game, e.g. to save its record or advance a progress bar.

    >>> stats = simulate(3, seed=1)
    >>> stats.games, sum(stats.wins) + stats.draws
    (3, 3)
    """
    resolve_setup(seed, factions, first_leader)  # refuse bad options before starting
    stats = SimulationStats(seed=seed)
    start = time.perf_counter()
    for index in range(games):
        state = play_random_game(game_seed(seed, index), factions, first_leader)
        result = state.result
        assert result is not None
        winner = result["winner"]
        if winner is None:
            stats.draws += 1
        else:
            stats.wins[winner] += 1
        stats.games += 1
        stats.tricks += len(state.history)
        if on_game is not None:
            on_game(index, state)
    stats.seconds = time.perf_counter() - start
    return stats
