"""The heuristic bot itself: it reads the view, asks the module that knows each kind of decision,
and falls back to a safe move on anything it does not know (so it never fails)."""

from __future__ import annotations

import random

from claim.bots.base import Sampler
from claim.bots.heuristic.artifacts import decide_artifact
from claim.bots.heuristic.factions import decide_faction
from claim.bots.heuristic.heroes import decide_hero
from claim.bots.heuristic.locations import decide_location
from claim.bots.heuristic.play import choose_play, fallback
from claim.bots.heuristic.table import Memo
from claim.bots.heuristic.tricks import Model
from claim.core.view_types import View


class HeuristicBot:
    """Hand-written play from the view alone (the package doc). Seeded for tie-breaks only."""

    name = "heuristic"
    uses_view = True
    #: re-raise internal errors instead of falling back (tests set it)
    strict = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        #: what we decided in this game that the view does not show (A41: a trick's view lists
        #: the artifacts used, not their arguments): our Magic Wand's sign, the card our
        #: Wishing Lamp named, a Lamp's card we did not hold
        self.memo: Memo = {}

    def choose(self, view: View, legal: list[str], sample: Sampler | None = None) -> str:
        if self.memo and not view.get("tricks") and view.get("phase") == 1:
            self.memo.clear()  # a new game: what we remembered of the last one is stale
        if len(legal) == 1:
            return legal[0]
        try:
            move = self._choose(view, legal)
        except Exception:
            if self.strict:
                raise
            move = None
        return move if move in legal else fallback(legal)

    def _choose(self, view: View, legal: list[str]) -> str | None:
        """The move for the decision ``legal`` offers, by its kind; None: not known."""
        verbs = {m.split(" ", 1)[0] for m in legal}
        if verbs == {"play"}:
            return choose_play(Model(view, self.memo), legal, self.memo, self.rng)
        if view.get("artifacts"):
            artifact = decide_artifact(view, legal, verbs, self.memo)
            if artifact is not None:
                return artifact
        location = decide_location(view, legal, verbs)
        if location is not None:
            return location
        hero = decide_hero(view, legal)
        if hero is not None:
            return hero
        faction = decide_faction(view, legal)
        if faction is not None:
            return faction
        plays = [m for m in legal if m.startswith("play ")]
        if plays:
            return choose_play(Model(view, self.memo), plays, self.memo, self.rng)
        return None
