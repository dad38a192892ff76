"""The faction powers' decisions (RULES.md §5): a Troll's smash and a Poisoner's peek by a fixed
rule (the first offered), the Seer's choice between the prize and the deck's top card, and the
Vampires' crown and tuck (R-20, R-21)."""

from __future__ import annotations

from typing import cast

from claim.bots.heuristic.card_values import card_value
from claim.bots.heuristic.tricks import Model
from claim.core.powers.fear import Vampires
from claim.core.powers.locations import Underworld
from claim.core.view_types import NextView, View


def decide_faction(view: View, legal: list[str]) -> str | None:
    """A faction power's decision; None: not one."""
    for verb in ("smash", "peek"):
        options = [m for m in legal if m.startswith(verb + " ")]
        if options:
            return options[0]
    if "take top" in legal and "take prize" in legal:
        return seer(Model(view))
    crowns = [m for m in legal if m.startswith("crown ")]
    if crowns:
        return crown(view, crowns)
    tucks = [m for m in legal if m.startswith("tuck ")]
    if tucks:
        return tuck(Model(view), tucks)
    return None


def seer(model: Model) -> str:
    """Seer: the prize or the deck's top card, whichever leaves the game looking better (the
    other one goes to the opponent)."""
    prize = model.current.get("prize") or "?"
    deck = model.view.get("deck") or ["?"]
    top = deck[0]
    best, best_p = "take prize", -1.0
    for move, mine, theirs in (("take prize", prize, top), ("take top", top, prize)):
        mu, var = list(model.mu), list(model.var)
        if mine != "?":
            model.hold(mine, +1, mu, var)
        if theirs != "?":
            model.hold(theirs, -1, mu, var)
        p = model.p_game(model.d, mu, var)
        if p > best_p:
            best, best_p = move, p
    return best


def crown(view: View, crowns: list[str]) -> str:
    """Vampires (R-20): crown the highest Vampire offered when it beats the stack we have."""
    me = view["players"][cast(NextView, view["next"])["player"]]  # cast: the game goes on
    under = view.get("setting") == Underworld.name
    best = max(crowns, key=lambda m: card_value(m.split(" ", 1)[1], under))
    value = card_value(best.split(" ", 1)[1], under)
    if not me.get("vampire"):
        return best
    old = card_value(me["vampire"], under)
    tucked = sum(card_value(c, under) for c in me.get("tucked", []))
    if value > old + tucked or (not me.get("tucked") and value > old):
        return best
    return "pass"


def tuck(model: Model, tucks: list[str]) -> str:
    """Vampires (R-21): tuck the card that does the game most good under our Vampire (its vote
    gained against the card's own vote lost), or none."""
    vamp = model.idx.get(Vampires.name)
    base = model.p_game(model.d, model.mu, model.var)
    best, best_p = "pass", base + 1e-6
    me = model.me
    for move in tucks:
        code = move.split(" ", 1)[1]
        d = list(model.d)
        model.add(d, code, None, -1.0)
        saved = model.stack[me]
        if saved == 0:
            model.stack[me] = max(0, model.vampire_value[me])
        model.stack[me] += model.val(code)
        p = model.p_game(d, model.mu, model.var)
        model.stack[me] = saved
        if vamp is None:
            p = base - 1.0
        if p > best_p:
            best, best_p = move, p
    return best
