"""The locations' decisions (RULES.md §7, §9; RULINGS L5–L7, L20): Endless Sands passes the cards
least able to win a Phase One trick; Windy Peaks and Swamp pass or discard the cards whose loss
the model minds least (as the Kraken and Cthulhu); Islands (and a Seer with Islands) takes the
prize worth most to our votes; the Tavern gives the cards whose loss leaves the best end of the
game counted exactly (§9 with the locations), then those of factions already decided."""

from __future__ import annotations

from typing import cast

from claim.bots.heuristic.card_values import read_code
from claim.bots.heuristic.end_of_game import EndCount
from claim.bots.heuristic.parting import choose_discard, choose_gift
from claim.bots.heuristic.tricks import Model
from claim.core.powers.locations import EndlessSands, Islands, Swamp, Tavern, WindyPeaks
from claim.core.powers.mercenaries import Cyclops
from claim.core.view_types import NextView, View


def decide_location(view: View, legal: list[str], verbs: set[str]) -> str | None:
    """A location's decision; None: not one of them."""
    if verbs == {"take"}:
        if "take top" in legal and "take prize" in legal:
            return None  # the Seer's own choice
        if view.get("setting") == Islands.name:
            return islands(Model(view), legal)
        return None
    if view.get("current"):
        return None  # a hero's decision during a trick (Kraken, Cthulhu)
    # cast: {} stands for no player to move (the game over), read with .get
    me = int((view.get("next") or cast(NextView, {})).get("player", 0))
    hand = view["players"][me].get("hand", [])
    if verbs == {"give"}:
        if hand and view.get("setting") == EndlessSands.name and view.get("phase") == 1:
            return pass_phase_one(Model(view), legal)
        if hand and view.get("setting") == WindyPeaks.name:
            return choose_gift(Model(view), legal, "give ")
        if not hand and view.get("building") == Tavern.name:
            return tavern(view, legal)
    if verbs == {"discard"} and hand and view.get("setting") == Swamp.name:
        return choose_discard(Model(view), legal, "discard ")
    return None


def pass_phase_one(model: Model, options: list[str]) -> str:
    """Endless Sands (L5): pass the card least able to win a Phase One trick — it is as
    little use to the opponent — the lowest value of those on equal strength."""
    return min(options, key=lambda m: (model.q1(m[5:]), model.val(m[5:]), m))


def islands(model: Model, options: list[str]) -> str:
    """Islands (L6, L7): take the prize that does our votes the most good; the other one
    goes to the opponent in the last trick, else stays on the table. With a Seer, the top
    card of the deck is the third choice (an unknown card when we have not seen it)."""
    prizes = [m[5:] for m in options if m != "take top"]
    top = (model.view.get("deck") or ["?"])[0]
    last = not model.view.get("deck")
    best, best_p = options[0], -1.0
    for move in options:
        code = top if move == "take top" else move[5:]
        mu, var = list(model.mu), list(model.var)
        if code != "?":
            model.hold(code, +1, mu, var)
        if "take top" not in options and last:
            for other in prizes:
                if other != code:
                    model.hold(other, -1, mu, var)
                    break
        p = model.p_game(model.d, mu, var) + 1e-6 * model.val(code)
        if p > best_p:
            best, best_p = move, p
    return best


def tavern(view: View, options: list[str]) -> str:
    """Tavern (L20): give the card whose loss leaves the best end of the game (counted
    exactly on the public piles, §9 with the locations; what the opponent gives us only adds
    to our piles); on equal results the one that keeps our leads widest — a card of a
    faction already lost helps the opponent least —, then the lowest."""
    model = Model(view)
    me, opp = model.me, model.opp
    players = view["players"]
    mine = list(players[me].get("score", []))
    theirs = list(players[opp].get("score", [])) + list(players[me].get("chosen", []))
    factions = model.factions
    count = EndCount(view, me, factions)
    scored: list[tuple[tuple[float, ...], str]] = []
    for move in options:
        code = move[5:]
        if code not in mine:
            continue
        kept = list(mine)
        kept.remove(code)
        piles = [kept, [*theirs, code]] if me == 0 else [[*theirs, code], kept]
        result = count.score(None, piles)
        safety = 0.0
        for f in factions:
            a = sum(1 for c in kept if read_code(c)[0] == f)
            b = sum(1 for c in piles[opp] if read_code(c)[0] == f)
            margin = (b - a) if f == Cyclops.name else (a - b)
            safety += max(0, min(3, margin))  # what we lead by, nearly won votes first
        key = (*result[:2], safety, result[2], -model.val(code))
        scored.append((key, move))
    if not scored:
        return options[0]
    return max(scored)[1]
