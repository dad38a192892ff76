"""How the opponent may reply, by card counting: what they may still hold (the cards known to be
theirs, and their share of the unseen pool), the chances that a reply to our lead beats it,
follows and loses, or does not follow, and which of our cards may follow a lead."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from claim.bots.heuristic.card import Card
from claim.bots.heuristic.card_values import SECOND_WINS, hero_name, read_code
from claim.bots.heuristic.table import Table
from claim.core.powers.factions import Doppelgangers, Goblins, Knights
from claim.core.powers.fear import Werewolves
from claim.core.powers.heroes import Jester, LichKing, LifeStealer, Lycanthrope, Minotaur, Witch
from claim.core.powers.maps import Basilisks
from claim.core.powers.mercenaries import Elves, Orcs

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
    mv = mine.value
    low_wins = lf == Werewolves.name and model.moon == "no-moon" and mine.fpower
    dual = lf in (Elves.name, Orcs.name)
    mh = mine.hero
    lower = model.lower_wins

    mr = mine.rank

    def better(v: int, r: int = 0) -> bool:
        """Whether a following card of effective value ``v`` (Farmlands rank ``r``) beats
        the lead."""
        if mh == Witch.hero:
            return v % 2 == 0 and v > 5  # H28
        if mh == Minotaur.hero and mine.last:
            return False  # H29
        if mh == LichKing.hero:
            v -= 3  # H14
        if lower:
            return v < mv  # A14: a Bottomless Bottle, over ranks and the moon
        if r != mr and lf:
            return (r < mr) if low_wins else (r > mr)
        return (v < mv) if low_wins else (v > mv)

    def count(groups: dict[str, list[tuple[int, float, int]]]) -> tuple[float, float]:
        """(cards that can follow, cards that beat the lead) among ``groups``."""
        follow = beat = 0.0
        for kind, entries in groups.items():
            hero = hero_name(kind)
            if hero:
                test = SECOND_WINS.get(hero)
                follows = not lf or hero in (LifeStealer.hero, Lycanthrope.hero)
                for v, w, _ in entries:
                    if follows:
                        follow += w
                    if (
                        (test is not None and test(mv))
                        or (hero == Jester.hero and mv > v)
                        or (follows and better(v))
                    ):
                        beat += w
                continue
            follows = not lf or kind == lf or (dual and kind == "elf-orc")
            if follows or kind == Doppelgangers.name:
                for v, w, r in entries:
                    if follows:
                        follow += w
                    if better(v, r) or (kind == Basilisks.name and v == mv and lf != kind):
                        beat += w
            elif kind == Basilisks.name and lf != kind:
                beat += sum(w for v, w, _ in entries if v == mv)
            elif kind == Knights.name and lf == Goblins.name:
                beat += sum(w for _, w, _ in entries)
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
