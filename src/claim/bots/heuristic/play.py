"""Choosing a card to play. Every candidate is scored by the chance of winning the game after
it: for a follower the trick's outcome is known exactly (a Lycanthrope's or Ent's undeclared lead
guessed from what we may follow with), for a leader it is a short list of likely replies weighted
by card counting (:func:`~claim.bots.heuristic.tricks.lead_value`) — with the artifacts we hold
that may follow the card counted in — minus, in Phase One, the cost of spending a card the hand
needs to win later prizes. Where Phase Two is about losing every trick left (Lava Fields, Forest,
Monastery), a trick lost with a strong card keeps the weak ones for later."""

from __future__ import annotations

import random

from claim.bots.heuristic.artifacts import (
    before_play,
    follow_with_artifacts,
    from_pile,
    lead_with_artifacts,
    memo_key,
    used_now,
)
from claim.bots.heuristic.card import Card
from claim.bots.heuristic.card_values import code_of_move, hero_name, read_code
from claim.bots.heuristic.estimate import TRUST
from claim.bots.heuristic.replies import opponent_cards
from claim.bots.heuristic.table import Memo
from claim.bots.heuristic.tricks import Model, lead_value
from claim.core.powers.artifacts import BookOfMemories
from claim.core.powers.heroes import Ent, Lycanthrope
from claim.core.powers.locations import Forest, LavaFields, Monastery
from claim.core.powers.mercenaries import Elves, Orcs
from claim.core.view_types import PlayView

#: Phase One: what spending a card costs, per unit of strength (in chance of winning the game)
SPEND_COST = 0.02


def fallback(legal: list[str]) -> str:
    """A safe move: the cheapest play if there are plays, else ``pass``, else the first."""
    plays = [m for m in legal if m.startswith("play ")]
    if plays:
        return min(plays, key=lambda m: read_code(code_of_move(m)[0])[1])
    return "pass" if "pass" in legal else legal[0]


def choose_play(model: Model, legal: list[str], memo: Memo, rng: random.Random) -> str:
    """The play that leaves the best chance of winning the game (ties broken by ``rng``); a
    Wishing Lamp's free card is remembered in ``memo`` (A28)."""
    plays = model.current.get("plays", [])
    arts = model.arts and before_play(model, legal)
    leads = _leads(model, legal, plays[0]) if plays else []
    shed = _shedding(model)
    book_lead = arts and not plays and BookOfMemories.name in used_now(model)
    scored: list[tuple[float, float, str]] = []
    for move in legal:
        if not move.startswith("play "):
            continue
        code, declared = code_of_move(move)
        mine = model.card(code, declared, model.me)
        if plays:
            value = 0.0
            for weight, lead in leads:
                wins, capture, crushed = model.resolve(lead, mine)
                d, mu, var = model.outcome(lead, mine, wins, capture, crushed)
                value += weight * model.p_game(d, mu, var)
                if shed and wins is False:
                    value += shed * weight * model.q1(code)
            if arts and len(leads) == 1:
                value = max(value, follow_with_artifacts(model, leads[0][1], mine))
        elif book_lead:
            with from_pile(model, code):
                value = lead_value(model, mine)
        elif arts:
            value = lead_with_artifacts(model, mine)
        else:
            value = lead_value(model, mine)
        if model.phase == 1:
            value -= SPEND_COST * model.q1(code) * min(1.0, (model.tricks_left - 1) / 6)
        else:
            value -= 1e-4 * mine.value
        scored.append((value, rng.random(), move))
    if not scored:
        return fallback(legal)
    best = max(scored)[2]
    if model.lamp_win:
        memo[("lamp-free", *memo_key(model))] = code_of_move(best)[0]
    return best


def _shedding(model: Model) -> float:
    """When we try to lose every trick left (Lava Fields; Forest with a small Score pile in
    reach), a trick lost with a strong card keeps the weak ones for the next tricks: the
    bonus per unit of the card's strength (0: not trying to lose)."""
    if model.phase != 2:
        return 0.0
    if model.setting == LavaFields.name:
        return 0.02
    if model.building in (Forest.name, Monastery.name):
        small, _ = model.plans(model.d, model.t2, model.lead_me)
        if small * TRUST > model.p_game(model.d, model.mu, model.var) - 0.005:
            return 0.02
    return 0.0


def _leads(model: Model, legal: list[str], play: PlayView) -> list[tuple[float, Card]]:
    """The lead card as we may see it, with weights: a Lycanthrope or Ent lead's declaration
    is inferred from what we may follow with, else spread over the likely ones."""
    code = str(play["card"])
    if code == "?" and model.arts:
        return opponent_cards(model)  # a face-down lead (Mask of Darkness, A16, W3)
    declared = play.get("as")
    hero = hero_name(code)
    if declared is None and read_code(code)[0] == "elf-orc":
        declared = _led_as(code, legal)
    if declared is not None or hero not in (Lycanthrope.hero, Ent.hero):
        return [(1.0, model.card(code, declared, model.opp))]
    if hero == Ent.hero and model.phase != 2:
        return [(1.0, model.card(code, None, model.opp))]
    # a must-follow shows: some faction card of the hand is not playable (H2, H34)
    hand = model.view["players"][model.me].get("hand", [])
    legal_codes: dict[str, str] = {}
    for move in legal:
        if move.startswith("play "):
            mcode, mdecl = code_of_move(move)
            kind = read_code(mcode)[0]
            if not hero_name(mcode) and kind:
                legal_codes[mcode] = mdecl or kind
    playable = {code_of_move(m)[0] for m in legal if m.startswith("play ")}
    if legal_codes and any(c not in playable for c in hand):
        followed = next(iter(legal_codes.values()))
        return [(1.0, model.card(code, followed, model.opp))]
    held: set[str] = set()
    for c in hand:
        kind = read_code(c)[0]
        held.update((Elves.name, Orcs.name) if kind == "elf-orc" else (kind,))
    lacking = [f for f in model.factions if f not in held]
    if hero == Ent.hero:
        lacking = [f for f in lacking if model.count[model.opp][model.idx[f]] >= 2]
    plain = 1.0 / (1 + len(lacking))
    found = [(plain, model.card(code, None, model.opp))]
    found += [((1 - plain) / len(lacking), model.card(code, f, model.opp)) for f in lacking]
    return found


def _led_as(lead_code: str, legal: list[str]) -> str | None:
    """The faction a dual lead card was declared as (guessed from what we may follow with)."""
    if read_code(lead_code)[0] != "elf-orc":
        return None
    for move in legal:
        code, declared = code_of_move(move)
        kind = read_code(code)[0]
        if declared in (Elves.name, Orcs.name):
            return declared
        if kind in (Elves.name, Orcs.name):
            return kind
    return Elves.name
