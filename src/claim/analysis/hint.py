"""A hint (issue 39, the coach): the move the search prefers for a player's decision, weighed from
that player's own knowledge only, with its chance of winning and the runner-up's.

The search is the analysis's (:func:`claim.analysis.review.weigh`, the same
:meth:`SearchBot.evaluate`): every legal move gets simulations, the best is the most simulated,
and a move's chance is the mean of its later simulations. What it may know is the player's
information state and nothing more. The true state is read once, by
:func:`claim.core.worlds.determinize`, which draws a world consistent with what ``seat`` knows and
gives two positions that look the same to ``seat`` the same world for the same generator
(tests/test_determinize_exact.py); everything after — the legal moves, every simulation's world —
comes from that world, so the hint cannot draw on the other player's hidden cards
(tests/test_hint.py plays such pairs).

Seeded: the same position and seed give the same hint. Unlike the analysis, the seed is not mixed
with the move's index: the record counts the other player's passes at decisions hidden from the
seat (claim.core.unseen), the seat cannot, so a hint seeded by the index would differ between two
positions that look the same to the seat (tests/test_hint.py has the pair).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from claim.analysis.review import SPREAD, ranked
from claim.bots.search import SearchBot
from claim.core.engine import current_player, legal_actions
from claim.core.errors import ClaimError
from claim.core.state import State
from claim.core.worlds import determinize
from claim.text.hints import hint_refused_line, hint_text

#: simulations a hint gets unless told: the analysis's (about a tenth of a second on the base
#: game, half a second with every expansion, compiled core; docs/analysis.md)
HINT_BUDGET = 1000
#: the seed of the hints unless told
HINT_SEED = 1


@dataclass(frozen=True)
class Hint:
    """What the search prefers for one decision, and the next best move."""

    seat: int
    #: the index the move will have in the record's moves: for the record's ``hinted``, never
    #: shown to the seat (it counts the other's hidden passes, claim.core.unseen)
    ply: int
    best: str
    best_chance: float
    runner_up: str | None  # None: a single legal move
    runner_up_chance: float | None
    simulations: int  # spent on the whole decision

    def text(self) -> str:
        """The hint in words (claim.text.hints)."""
        return hint_text(self.best, self.best_chance, self.runner_up, self.runner_up_chance)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "ply": self.ply,
            "best": self.best,
            "best_chance": round(self.best_chance, 4),
            "runner_up": self.runner_up,
            "runner_up_chance": (
                round(self.runner_up_chance, 4) if self.runner_up_chance is not None else None
            ),
            "simulations": self.simulations,
            "text": self.text(),
        }


def hint(state: State, seat: int, budget: int = HINT_BUDGET, seed: int = HINT_SEED) -> Hint:
    """The hint for ``seat``'s decision in ``state`` (their turn, else a one-line ClaimError),
    from ``seat``'s knowledge only (module doc), with ``budget`` simulations."""
    if state.result is not None or current_player(state) != seat:
        raise ClaimError(hint_refused_line())
    ply = len(state.moves)
    # the only read of what the true state hides from ``seat`` (besides whose turn it is and
    # the record's index above, which the search never sees): one world that shows ``seat``
    # exactly what they know (their view, their legal moves); view-identical positions give
    # the same world
    known = determinize(state, seat, random.Random(seed))
    legal = legal_actions(known)
    bot = SearchBot(seed, iterations=max(budget, len(legal)))

    def sample(rng: random.Random) -> State:
        return determinize(known, seat, rng)

    choices = ranked(bot.evaluate(legal, sample, spread=SPREAD), legal)
    best = choices[0]
    second = choices[1] if len(choices) > 1 else None
    return Hint(
        seat=seat,
        ply=ply,
        best=best.move,
        best_chance=best.chance,
        runner_up=second.move if second is not None else None,
        runner_up_chance=second.chance if second is not None else None,
        simulations=sum(c.simulations for c in choices),
    )
