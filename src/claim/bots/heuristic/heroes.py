"""The heroes' decisions (RULES.md §6; RULINGS H15, H19, H27, H30, H32, H36, H37): the Skeleton
and the Dinosaur always used; the Necromancer swapped for a clearly stronger card while Phase One
has prizes left; Cthulhu's discard and the Kraken's gift the card whose loss the model minds
least; the Siren's steal the card that most improves the chance of winning; the Gargoyle's
faction the one that gives the best result counted exactly on the public Score piles."""

from __future__ import annotations

from typing import cast

from claim.bots.heuristic.card_values import read_code
from claim.bots.heuristic.end_of_game import EndCount
from claim.bots.heuristic.parting import choose_discard, choose_gift
from claim.bots.heuristic.tricks import Model
from claim.core.powers.heroes import Gargoyle, Necromancer
from claim.core.view_types import NextView, View


def decide_hero(view: View, legal: list[str]) -> str | None:
    """A hero's decision; None: not one."""
    for move in ("use skeleton", "use dinosaur"):
        if move in legal:
            return move  # a card more in hand; the Dinosaur back instead of lost
    for prefix, decide in (
        ("use necromancer ", necromancer),
        ("discard ", choose_discard),
        ("give ", choose_gift),
        ("steal ", steal),
    ):
        options = [m for m in legal if m.startswith(prefix)]
        if options:
            return decide(Model(view), options, prefix)
    counts = [m for m in legal if m.startswith("count gargoyle as ")]
    if counts:
        return gargoyle(view, counts)
    return None


def necromancer(model: Model, options: list[str], prefix: str) -> str:
    """Swap the Necromancer (a weak card) for the best discarded card, while Phase One has
    prizes left to win with it."""
    best = max(options, key=lambda m: model.q1(m[len(prefix) :]))
    gain = model.q1(best[len(prefix) :]) - model.q1(f"hero:{Necromancer.hero}")
    if model.phase == 1 and model.view.get("deck") and gain > 0.25:
        return best
    return "pass"


def steal(model: Model, options: list[str], prefix: str) -> str:
    """Siren (H27): take the card that most improves our votes (and hurts theirs)."""
    n = len(model.factions)
    scored: list[tuple[float, int, str]] = []
    for move in options:
        code = move[len(prefix) :]
        d = list(model.d)
        if code == Gargoyle.key and model.phase == 2:
            d[n] = 1.0
        else:
            model.add(d, code, model.declared_as(code), 2.0)
        scored.append((model.p_game(d, model.mu, model.var), read_code(code)[1], move))
    return max(scored)[2]


def gargoyle(view: View, options: list[str]) -> str:
    """Gargoyle (H32): the faction whose two extra cards give the best final result, counted
    exactly on the public Score piles."""
    # cast: {} stands for no player to move (the game over), read with .get
    me = int((view.get("next") or cast(NextView, {})).get("player", 0))
    count = EndCount(view, me, [m.rsplit(" as ", 1)[1] for m in options])
    return max(options, key=lambda m: count.score(m.rsplit(" as ", 1)[1]))
