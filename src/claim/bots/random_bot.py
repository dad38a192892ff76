"""The random bot: a uniformly random legal move from its own seeded generator."""

from __future__ import annotations

import random

from claim.bots.base import Sampler
from claim.core.view_types import View


class RandomBot:
    """Plays a uniformly random legal move. Seeded, so games with it replay exactly."""

    name = "random"
    #: it never looks at the view, so a runner may skip computing one (simulations run faster)
    uses_view = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: list[str], sample: Sampler | None = None) -> str:
        return legal[self.rng.randrange(len(legal))]
