"""How the opponent may reply, by card counting: what they may still hold (the cards known to be
theirs, and their share of the unseen pool), the chances that a reply to our lead beats it,
follows and loses, or does not follow, and which of our cards may follow a lead."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from claim.bots.heuristic.card import Card
from claim.bots.heuristic.card_values import hero_name, read_code
from claim.bots.heuristic.table import Table
from claim.core.cards import DUAL, DUAL_FACTIONS, FACTION, IDS_BY_CODE, NUM_CARDS
from claim.core.judge import Imagined, judge_trick
from claim.core.powers.heroes import LifeStealer, Lycanthrope
from claim.core.powers.mercenaries import Elves, Orcs

#: a dual Elf-Orc card, standing for any of them in an imagined reply
_DUAL_CARD = next(c for c in range(NUM_CARDS) if FACTION[c] == DUAL)

#: the share of a smart opponent in the model of the reply to a lead (the rest plays at random)
SMART_SHARE = 0.5


def reply_odds(model: Table, mine: Card, beta: float = SMART_SHARE) -> tuple[float, float, float]:
    """The chances that the reply to our lead ``mine`` beats it, follows and loses, does not
    follow, by card counting (what the opponent may still hold); ``beta`` is the share of a
    smart opponent, who beats the lead whenever they can (the rest plays at random)."""
    known_follow, known_beat, pool_follow, pool_beat = _reply_counts(model, mine)
    u = model.opp_unknown
    frac_follow = min(1.0, pool_follow / model.pool_total)
    frac_beat = min(1.0, pool_beat / model.pool_total)
    p_follow = 1.0 if known_follow else 1 - (1 - frac_follow) ** u
    p_beat = 1.0 if known_beat else 1 - (1 - frac_beat) ** u
    e_beat = known_beat + u * frac_beat
    e_follow = known_follow + u * frac_follow
    hand = max(1, sum(model.known_opp.values()) + u)
    rho = min(1.0, e_beat / (e_follow if e_follow >= 1 else hand))
    p_lose = p_beat * (beta + (1 - beta) * rho)
    p_win_follow = max(0.0, p_follow - p_lose)
    p_off = max(0.0, 1.0 - p_lose - p_win_follow)
    return p_lose, p_win_follow, p_off


def random_reply_odds(model: Table, mine: Card) -> tuple[float, float, float]:
    """The same chances when the reply is a card drawn at random from the opponent's hand,
    following rules ignored (Hunting Cloak, Gambler's Dice, A6) — or chosen blind, against a
    face-down lead (Mask of Darkness, A16)."""
    known_follow, known_beat, pool_follow, pool_beat = _reply_counts(model, mine)
    u = model.opp_unknown
    e_beat = known_beat + u * min(1.0, pool_beat / model.pool_total)
    e_follow = known_follow + u * min(1.0, pool_follow / model.pool_total)
    hand = max(1.0, sum(model.known_opp.values()) + u)
    p_lose = min(1.0, e_beat / hand)
    p_win_follow = max(0.0, min(1.0 - p_lose, (e_follow - e_beat) / hand))
    return p_lose, p_win_follow, max(0.0, 1.0 - p_lose - p_win_follow)


def _reply_counts(model: Table, mine: Card) -> tuple[float, float, float, float]:
    """(known cards that can follow our lead ``mine``, known cards that beat it, the same two
    weights in the unseen pool)."""
    lf = mine.faction
    dual = lf in (Elves.name, Orcs.name)
    lead = mine.imagined()
    opp = model.opp

    def beats(kind: str, hero: str, value: int, rank: int) -> bool:
        """Whether a reply of ``kind`` at ``value`` beats the lead: the powers' own answer
        (:func:`claim.core.judge.judge_trick`). A Lycanthrope is declared the led faction (H34),
        a dual card the led one of its two; an unknown card acts by its faction's powers."""
        if hero:
            declared = lf if hero == Lycanthrope.hero else ""
            reply = Imagined(opp, IDS_BY_CODE[kind][0], declared, value, rank)
        elif kind == DUAL:
            reply = Imagined(opp, _DUAL_CARD, lf if dual else DUAL_FACTIONS[0], value, rank)
        else:
            reply = Imagined(opp, -1, kind, value, rank)
        verdict = judge_trick(model.book, model.phase, lead, reply, model.moon, model.lower_wins)
        return verdict.winner == opp

    def count(groups: dict[str, list[tuple[int, float, int]]]) -> tuple[float, float]:
        """(cards that can follow, cards that beat the lead) among ``groups``: who may follow
        is the following rule (§4.1; H2: a Life Stealer or a Lycanthrope may always follow)."""
        follow = beat = 0.0
        for kind, entries in groups.items():
            hero = hero_name(kind)
            if hero:
                follows = not lf or hero in (LifeStealer.hero, Lycanthrope.hero)
            else:
                follows = not lf or kind == lf or (dual and kind == DUAL)
            for v, w, r in entries:
                if follows:
                    follow += w
                if beats(kind, hero, v, r):
                    beat += w
        return follow, beat

    known_follow, known_beat = count(model.known_groups)
    pool_follow, pool_beat = count(model.pool_groups)
    return known_follow, known_beat, pool_follow, pool_beat


def current_cards(model: Table) -> list[Card | None]:
    """The cards of the trick being played as the model sees them (None: a face-down lead)."""
    found: list[Card | None] = []
    for play in model.current.get("plays", []):
        code = str(play["card"])
        found.append(None if code == "?" else model.card(code, play.get("as"), play["player"]))
    return found


def opponent_cards(model: Table) -> list[tuple[float, Card]]:
    """The opponent's next card as a weighted list, by card counting: in Phase Two the cards
    known to be theirs and the unseen pool for the rest of their hand, in Phase One the pool
    (their hand is unseen); cards of one faction and value merged."""
    merged: dict[tuple[str, int], list[Any]] = {}
    sources: list[tuple[Iterable[tuple[str, float]], float]] = [
        (model.pool_weight.items(), model.opp_unknown / model.pool_total)
    ]
    if model.phase == 2:
        sources.append((((c, float(k)) for c, k in model.known_opp.items()), 1.0))
    for items, factor in sources:
        for code, w in items:
            weight = w * factor
            if weight <= 0:
                continue
            kind = read_code(code)[0]
            key = (code if kind == "hero" else kind, model.val(code))
            entry = merged.get(key)
            if entry is None:
                merged[key] = [weight, code]
            else:
                entry[0] += weight
    total = sum(entry[0] for entry in merged.values())
    if total <= 0:
        return [(1.0, Card("?", "*", 0, model.opp, False))]
    return [(w / total, model.card(code, None, model.opp)) for w, code in merged.values()]


def may_follow(model: Table, lead: Card, hand: Iterable[str]) -> list[Card]:
    """Our cards that may follow ``lead`` (the led faction when we hold one, heroes always)."""
    cards_ = [model.card(code, None, model.me) for code in hand]
    lf = lead.faction
    if not lf or lf == "*":
        return cards_
    same = [
        c
        for c in cards_
        if c.faction == lf or (read_code(c.code)[0] == "elf-orc" and lf in (Elves.name, Orcs.name))
    ]
    if not same:
        return cards_
    return same + [c for c in cards_ if c.hero]
