"""The heuristic bot: hand-written play that knows the game, from the player's view alone.

It never looks at a state (nor at ``sample``): everything comes from :func:`claim.observe`'s view
and the legal move strings. Its one idea is a small model of the end of the game:

* for each faction, the **margin** of votes cards so far (both Score piles, face-up Gnomes, the
  Vampire stacks) and the **expected drift** still to come from the cards in hands (Phase Two) or
  in Follower decks (Phase One): a high card tends to win its trick and bring its faction home, a
  low one tends to be lost to the opponent (a Dwarf the other way round);
* from margin, drift and the spread of the unknown cards, each faction's chance of going to us,
  and from those the chance of winning three votes of five: :meth:`_Model.p_game`.

Every candidate move is scored by the chance of winning the game after it — for a follower the
trick's outcome is known exactly, for a leader it is a short list of likely replies weighted by
card counting (what the opponent may still hold) — minus, in Phase One, the cost of spending a
card the hand needs to win later prizes. Decisions (Seer, Giant, Vampire, Poisoner) use the same
model or a fixed rule; any move it does not know gets a safe fallback, so it never fails.

Heroes (RULES.md §6) are valued at their R-61 values (the view does not carry a game's changed
values, H9). The trick model knows the powers that decide a trick: a led Witch or Lich King, the
Warlock, Mummy, Centaur Archer and Stone Golem played second, the Jester's swap, a Minotaur as its
player's last card, the Cube's winnerless trick, Life Stealer, Vampire Queen, Death; declared
Lycanthropes and Ents play as their faction (a led one's undeclared faction is guessed from what
we may follow with), an Ent counts for its faction, a Gargoyle collected in Phase Two as two
cards of the faction its owner likes best. Hero decisions: the Skeleton and the Dinosaur always
used; the Necromancer swapped for a clearly stronger card while Phase One has prizes left;
Cthulhu's discard and the Kraken's gift the card whose loss the model minds least; the Siren's
steal the card that most improves the chance of winning; the Gargoyle's faction the one that
gives the best result counted exactly on the public Score piles.

Locations (RULES.md §7, §9; the view's ``setting``, ``building`` and ``counters``): values and
ranks follow the Setting (Underworld's 10 for a 0, Farmlands' 2 first in its faction, the Ice
Fields +1 of the last trick's loser); the prize goes where the Setting sends it (Shore: to the
loser; Islands: the winner takes the better one, the loser the other in the last trick). End
Buildings change what a collected card is worth to its vote (nothing when Ruins or the Pyramid
will discard it, its value with the Tower), the vote itself (a Fortress's 6th card, a Lighthouse
faction won outright, the Dungeon's two extra votes) or decide the game: Castle and Monastery
from the expected card counts, Forest and Monastery also as a plan — counted by a small table of
the tricks we still win while trying to lose them all, with the chances of losing a trick as
leader or follower taken from card counting — and Lava Fields (losing five Phase Two tricks in a
row wins) the same way, on top of everything; where Phase Two may be about losing tricks (Lava
Fields, Monastery), Phase One prefers weak prizes. Decisions: Endless Sands passes the cards
least able to win a Phase One trick; Windy Peaks and Swamp pass or discard the cards whose loss
the model minds least (as the Kraken and Cthulhu); Islands (and a Seer with Islands) takes the
prize worth most to our votes; the Tavern gives the cards whose loss leaves the best end of the
game counted exactly (§9 with the locations), then those of factions already decided.

Artifacts (RULES.md §8, R-80; the view's own ``artifacts``, ``used_artifacts``, ``aside``, the
``counters`` and the current trick's ``artifacts``): the trick model reads what was used in the
trick — a Flask of Tears' +9 and an Ice Sword's frozen value on a player's card (waiting in the
counters, or applied), Magic Wand and Mirror of Lies changes (our Wand's sign remembered, the
opponent's guessed as the helpful one), a Bottomless Bottle (the lower value wins), a Wishing
Lamp's card not held (the follower wins), a random follow —, follows a face-down lead (Mask of
Darkness) against every card the opponent may hold, leads from the Score pile after a Book of
Memories, and counts the Flail of Dawn card as held. Each artifact is used when the model says the
game looks better with it than without, by more than a small reserve that shrinks over the last
tricks: the Wand, Mirror, Dagger and Ice Sword on the trick as it stands (the Dagger's replacement
card and the Ice Sword's next trick estimated); after our lead the Bottle, Cloak (a random reply),
Lamp (a card the opponent is known or very likely to hold, forced against our lead), Wand and
Mirror — and a lead is chosen knowing these will follow it; the Spyglass and Gambler's Book swap
for the discarded card that does the most good; the Rope and the Book of Memories for a Score pile
card worth more played again (the hand card left unplayed counted); Mask and Dice when a blind or
random reply makes our best lead better. Always: Prowler's Torch, Flail of Dawn, and the Flask of
Tears in Phase Two (in Phase One for a good prize); the card set aside for the Flail is the one
whose absence from the hand the model minds least.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from claim.bots.base import Sampler
from claim.core import cards
from claim.core.powers.mercenaries import cyclops_vote
from claim.core.scoring import compare

#: printed value range of each faction's cards (for a card's strength within its faction)
_RANGE: dict[str, tuple[int, int]] = {}
for _name, _info in cards.FACTIONS.items():
    _vals = [
        int(code.split(":", 1)[1].rstrip("x")) for code in _info.codes if "elf-orc" not in code
    ]
    _RANGE[_name] = (min(_vals), max(_vals))
_RANGE["elf-orc"] = (1, 8)
_RANGE["hero"] = (0, 9)

#: value estimates for value-hidden cards (a Demon by parity, a Fire Elemental by band)
_HIDDEN: dict[str, int] = {"odd": 5, "even": 4, "high": 7, "low": 2}
_PARTIAL = {"demons", "fire-elementals"}

#: the variance one unknown card adds to its faction's margin
_UNKNOWN_VAR = 0.67
#: Phase One: what spending a card costs, per unit of strength (in chance of winning the game)
_KAPPA = 0.02
#: the share of a smart opponent in the model of the reply to a lead (the rest plays at random)
_BETA = 0.5
#: how far a card's strength moves its faction's expected margin, at best
_S_SCALE = 0.8


@lru_cache(maxsize=4096)
def _parse(code: str) -> tuple[str, int]:
    """A card name's printed faction ('elf-orc' for duals, 'hero', '' when unknown) and its
    value (estimated for a value-hidden card)."""
    if ":" not in code:
        return "", 0
    kind, _, raw = code.partition(":")
    if kind == "fire-phoenix":
        kind = "phoenixes"
    if kind == "hero":
        return "hero", cards.HERO_VALUES.get(raw, 5)
    if raw in _HIDDEN:
        return kind, _HIDDEN[raw]
    try:
        return kind, int(raw.rstrip("x"))
    except ValueError:
        return kind, 0


#: Underworld (L2): the estimates of value-hidden cards once a printed 0 counts as 10
_HIDDEN_UNDER: dict[str, int] = {"odd": 5, "even": 6, "high": 7, "low": 4}
#: the value range of each faction under the Underworld
_RANGE_UNDER: dict[str, tuple[int, int]] = {}
for _name, _info in cards.FACTIONS.items():
    _vals = [
        int(code.split(":", 1)[1].rstrip("x")) or 10
        for code in _info.codes
        if "elf-orc" not in code
    ]
    _RANGE_UNDER[_name] = (min(_vals), max(_vals))
_RANGE_UNDER["elf-orc"] = (1, 8)
_RANGE_UNDER["hero"] = (1, 10)


@lru_cache(maxsize=8192)
def _value(code: str, under: bool = False) -> int:
    """A card's value as play and the end read it: printed (estimated for a value-hidden card),
    a printed 0 counting as 10 under the Underworld (L2; a Toxic keeps its 0)."""
    kind, value = _parse(code)
    if not under or kind in ("", "toxic"):
        return value
    raw = code.partition(":")[2]
    if raw in _HIDDEN:
        return _HIDDEN_UNDER[raw]
    return 10 if value == 0 else value


@lru_cache(maxsize=4096)
def _is_two(code: str) -> bool:
    """A faction card of printed value 2 (which Farmlands ranks first in its faction, R-71)."""
    kind, value = _parse(code)
    return value == 2 and kind not in ("", "hero", "toxic") and code.partition(":")[2] != "even"


def _q(code: str, under: bool, farm: bool) -> float:
    """A faction card's rank within its faction, 0 (lowest) to 1 (highest)."""
    kind = _parse(code)[0]
    if farm and _is_two(code):
        return 1.0  # Farmlands: a 2 outranks the rest of its faction
    value = _value(code, under)
    lo, hi = (_RANGE_UNDER if under else _RANGE).get(kind, (0, 9))
    q = (value - lo) / (hi - lo) if hi > lo else 0.5
    return min(1.0, max(0.0, q))


@lru_cache(maxsize=8192)
def _strength(code: str, faction: str, under: bool = False, farm: bool = False) -> float:
    """How likely the card is to bring one vote card of its faction to its holder's side in
    Phase Two, from -0.8 (surely lost to the opponent) to +0.8."""
    kind = _parse(code)[0]
    q = _q(code, under, farm)
    if kind == "knights":
        q = min(1.0, q + 0.15)
    s = _S_SCALE * (2 * q - 1)
    if faction == "dwarves":
        s = -s  # a Dwarf goes to the trick's loser
    elif faction == "werewolves":
        s *= 0.3  # the moon turns high and low around
    return s


_SQRT_HALF = math.sqrt(0.5)


@lru_cache(maxsize=8192)
def _phase_one_q(code: str, under: bool = False, farm: bool = False) -> float:
    """A card's strength for winning Phase One tricks (what playing it spends), 0 to 1."""
    kind = _parse(code)[0]
    if kind == "hero":
        return _hero_q(_hero(code), _value(code, under))
    return _q(code, under, farm)


def _code_of_move(move: str) -> tuple[str, str | None]:
    """``play CODE [as FACTION]`` -> (CODE, FACTION or None)."""
    rest = move[5:]
    if " as " in rest:
        code, _, declared = rest.partition(" as ")
        return code.strip(), declared.strip()
    return rest.strip(), None


@lru_cache(maxsize=256)
def _composition(factions: tuple[str, ...]) -> Counter[str]:
    pool: Counter[str] = Counter()
    for f in factions:
        info = cards.FACTIONS.get(f)
        if info is not None:
            pool.update(info.codes)
    return pool


def _hero(code: str) -> str:
    """The hero's name of a hero code (``hero:witch`` -> ``witch``), '' for any other card."""
    return code[5:] if code.startswith("hero:") else ""


#: heroes whose power wins when played second on a lead value that passes their test (H16)
_SECOND_WINS: dict[str, Callable[[int], bool]] = {
    "warlock": lambda v: v % 2 == 1,
    "mummy": lambda v: v >= 7,
    "centaur-archer": lambda v: v in (5, 6),
    "stone-golem": lambda v: 1 <= v <= 4,
}


def _hero_q(name: str, value: int) -> float:
    """A hero card's strength for winning tricks, 0 to 1 (its value, or what its power wins)."""
    if name == "witch":
        return 0.8
    if name in _SECOND_WINS or name in ("jester", "gelatinous-cube", "minotaur"):
        return max(0.45, value / 9)
    return min(1.0, max(0.0, value / 9))


def _printed(code: str, under: bool = False) -> int:
    """A card's end value (heroes: R-61), from its code: printed, a 0 counting as 10 under the
    Underworld (L2)."""
    ids = cards.IDS_BY_CODE.get(code)
    if ids and not code.startswith("hero:"):
        value = cards.VALUE[ids[0]]
        return 10 if under and value == 0 and not code.startswith("toxic:") else value
    return _value(code, under)


class _Collected:
    """One player's collected cards at the end, by code: the Score pile, the face-up Vampire
    (None: no stack) and its tucked cards (V10, V11)."""

    def __init__(self, pile: list[str], vampire: str | None, tucked: list[str]) -> None:
        self.pile = pile
        self.vampire = vampire
        self.tucked = tucked

    def discard(self, doomed: Callable[[str], bool]) -> None:
        """Discard the cards ``doomed`` says (a discarded face-up Vampire takes its tucked
        cards, V10)."""
        self.pile = [c for c in self.pile if not doomed(c)]
        self.tucked = [c for c in self.tucked if not doomed(c)]
        if self.vampire is not None and doomed(self.vampire):
            self.vampire, self.tucked = None, []


def _end_filter(
    held: _Collected, building: str | None, under: bool, faction_of: Callable[[str], str]
) -> None:
    """The Buildings that discard collected cards at the end (§9 step 3: Pyramid L13, Ruins
    L18, Fortress L16); ``faction_of(code)`` is the faction a card counts for ('' none)."""
    if building == "pyramid":
        held.discard(lambda c: _printed(c, under) <= 3)
    elif building == "ruins":
        held.discard(
            lambda c: _parse(c)[0] not in ("hero", "toxic", "") and _printed(c, under) % 2 == 1
        )
    elif building == "fortress":
        by_faction: dict[str, list[str]] = {}
        for c in [*held.pile, *([held.vampire] if held.vampire else [])]:
            f = faction_of(c)
            if f:
                by_faction.setdefault(f, []).append(c)
        doomed: Counter[str] = Counter()
        for cards_ in by_faction.values():
            if len(cards_) >= 6:
                doomed.update(sorted(cards_, key=lambda c: (_printed(c, under), c))[:4])
        if held.vampire is not None and doomed[held.vampire] > 0:
            doomed[held.vampire] -= 1
            held.vampire, held.tucked = None, []
        kept = []
        for c in held.pile:
            if doomed[c] > 0:
                doomed[c] -= 1
            else:
                kept.append(c)
        held.pile = kept


def _final_result(
    view: dict[str, Any],
    me: int,
    factions: list[str],
    gargoyle: str | None,
    piles: list[list[str]] | None = None,
) -> tuple[float, int, int]:
    """The game's result for ``me`` from the public Score piles (``piles`` instead when given),
    §9 steps 3–6 with the view's Setting and Building, our Gargoyle counted as two cards of
    ``gargoyle`` (H32): (1 win, 1/2 draw, 0 loss; vote margin; card margin in won factions)."""
    under = view.get("setting") == "underworld"
    building = view.get("building")
    counters = view.get("counters") or {}
    declared: dict[str, str] = {}
    for trick in view.get("tricks", []):
        for play in trick.get("plays", []):
            if play.get("as"):
                declared[play["card"]] = play["as"]
    players = view["players"]
    if piles is None:
        piles = [list(pl.get("score", [])) for pl in players]
    opp = 1 - me

    def faction_of(code: str) -> str:
        kind = _parse(code)[0]
        if kind == "elf-orc" or code == "hero:ent":
            return declared.get(code, "")
        if code == "hero:gargoyle":
            return gargoyle or ""
        return "" if kind in ("hero", "toxic") else kind

    collected = [
        _Collected(piles[p], players[p].get("vampire"), list(players[p].get("tucked", [])))
        for p in (0, 1)
    ]
    for held in collected:
        _end_filter(held, building, under, faction_of)
    values: list[dict[str, list[int]]] = [{f: [] for f in factions} for _ in (0, 1)]
    for p in (0, 1):
        for code in collected[p].pile:
            kind = _parse(code)[0]
            if kind == "elf-orc" or code == "hero:ent":
                kind = declared.get(code, "")
            elif kind == "hero" and not (code == "hero:gargoyle" and p == me and gargoyle):
                continue
            if code == "hero:gargoyle":
                kind = gargoyle or ""
                values[p].get(kind, []).append(_printed(code, under))  # counts twice
            if kind in values[p]:
                values[p][kind].append(_printed(code, under))

    def count(p: int, f: str) -> int:
        """Cards of ``f`` as the Buildings count them: the face-up Vampire is one (V11)."""
        vampire = collected[p].vampire
        return len(values[p][f]) + (1 if vampire and _parse(vampire)[0] == f else 0)

    # §9 step 4: the Buildings that decide the game at once (L14, L15, L19)
    instant: int | None = None
    held_cards = [sum(count(p, f) for f in factions) for p in (0, 1)]
    if building == "forest":
        size = [
            len(h.pile) + (1 if h.vampire else 0) + len(h.tucked) for h in collected
        ]  # every collected card (V11)
        if not (size[0] > 5 and size[1] > 5) and size[0] != size[1]:
            instant = 0 if size[0] < size[1] else 1
    elif building == "monastery":
        if held_cards[0] > 2 * held_cards[1]:
            instant = 1
        elif held_cards[1] > 2 * held_cards[0]:
            instant = 0
    elif building == "castle" and held_cards[0] != held_cards[1]:
        instant = 0 if held_cards[0] > held_cards[1] else 1
    elif building == "bridge" and factions:
        sets = [min(count(p, f) for f in factions) for p in (0, 1)]
        if sets[0] != sets[1]:
            instant = 0 if sets[0] > sets[1] else 1
    if instant is not None:
        return (1.0, 9, 0) if instant == me else (0.0, -9, 0)
    votes: dict[str, int | None] = {}
    counts: dict[str, list[int]] = {}
    for f in factions:
        mine, theirs = (sorted(values[p][f], reverse=True) for p in (0, 1))
        counts[f] = [len(mine), len(theirs)]
        if f == "cyclops":
            votes[f] = cyclops_vote(mine, theirs)
        elif f == "vampires":
            stacks: list[tuple[int, int] | None] = []
            for held in collected:
                if held.vampire and held.tucked:
                    top = _printed(held.vampire, under)
                    stacks.append((top + sum(_printed(c, under) for c in held.tucked), top))
                else:
                    stacks.append(None)
            a, b = stacks
            if a is None or b is None:
                votes[f] = None if a is None and b is None else (0 if b is None else 1)
            else:
                votes[f] = None if a == b else (0 if a > b else 1)
            counts[f] = [
                1 + len(held.tucked) if st else 0
                for held, st in zip(collected, stacks, strict=True)
            ]
        elif building == "tower" and sum(mine) != sum(theirs):
            votes[f] = 0 if sum(mine) > sum(theirs) else 1  # L17
        else:
            votes[f] = compare(mine, theirs)
        owner = counters.get(f"lighthouse:{f}") if building == "lighthouse" else None
        if owner in (0, 1):
            votes[f] = owner  # R-72: won outright
    won = [sum(1 for f in factions if votes[f] == p) for p in (0, 1)]
    in_won = [sum(counts[f][p] for f in factions if votes[f] == p) for p in (0, 1)]
    if building == "dungeon":
        last = [t.get("winner") for t in view.get("tricks", []) if t.get("phase") == 2]
        for extra in (counters.get("dungeon-1"), last[-1] if last else None):
            if extra in (0, 1):
                won[extra] += 1  # L11
    if won[me] != won[opp]:
        score = 1.0 if won[me] > won[opp] else 0.0
    elif in_won[me] != in_won[opp]:
        score = 1.0 if in_won[me] > in_won[opp] else 0.0
    else:
        score = 0.5
    return score, won[me] - won[opp], in_won[me] - in_won[opp]


#: the Buildings that may decide the game before the votes, as the model counts them
_END_BUILDINGS = frozenset({"forest", "castle", "monastery", "bridge"})
#: the chance of losing a trick we try to lose, as follower and as leader, when card counting
#: has nothing to go on (Lava Fields, Forest, Monastery)
_P_LOSE_FOLLOW = 0.75
_P_LOSE_LEAD = 0.45
#: Lava Fields, Phase One: the worth of a prize weaker than average (per unit of strength)
_LAVA_HAND = 0.5
#: the same for the Buildings where we may have to lose tricks on purpose
_WEAK_HAND: dict[str, float] = {"monastery": 0.3}
#: Forest, Monastery: the share of those chances we count on for the risk of winning too many
#: tricks (a hand gets harder to lose with as it shrinks)
_WARY = 0.8
#: Forest, Monastery: how far we trust the plan of losing every trick left
_TRUST = 0.9


def _phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 + 0.5 * math.erf(x * _SQRT_HALF)


def _binom_cdf(n: int, p: float, k: float) -> float:
    """P(Binomial(n, p) <= k)."""
    if k < 0:
        return 0.0
    total, term = 0.0, (1 - p) ** n
    for j in range(min(n, int(k)) + 1):
        total += term
        term *= (n - j) / (j + 1) * p / (1 - p) if p < 1 else 0.0
    return min(1.0, total)


@lru_cache(maxsize=16384)
def _lava(
    ours: int, theirs: int, lead_me: bool, left: int, odds: tuple[float, float]
) -> tuple[float, float]:
    """Lava Fields (L10): the chances (ours, theirs) that a player loses five Phase Two tricks
    in a row and wins, with runs of ``ours`` and ``theirs`` losses now and ``left`` tricks to
    play, while we try to lose every trick; ``odds``: the chances we lose a trick we lead, one
    we follow."""
    if left <= 0:
        return 0.0, 0.0
    p = odds[0] if lead_me else odds[1]
    lose = (1.0, 0.0) if ours + 1 >= 5 else _lava(ours + 1, 0, False, left - 1, odds)
    win = (0.0, 1.0) if theirs + 1 >= 5 else _lava(0, theirs + 1, True, left - 1, odds)
    return p * lose[0] + (1 - p) * win[0], p * lose[1] + (1 - p) * win[1]


@lru_cache(maxsize=4096)
def _wins_dist(left: int, lead_me: bool, odds: tuple[float, float]) -> tuple[float, ...]:
    """The chance of each number of tricks we win among the ``left`` last ones while we try
    to lose them all (the winner leads the next one); ``odds``: the chances we lose a trick we
    lead, one we follow."""
    if left <= 0:
        return (1.0,)
    p = odds[0] if lead_me else odds[1]
    lose, win = _wins_dist(left - 1, False, odds), _wins_dist(left - 1, True, odds)
    dist = [0.0] * (left + 1)
    for w, q in enumerate(lose):
        dist[w] += p * q
    for w, q in enumerate(win):
        dist[w + 1] += (1 - p) * q
    return tuple(dist)


def _p_wins(
    left: int,
    lead_me: bool,
    ours: float,
    theirs: float,
    test: Callable[[float, float], bool],
    odds: tuple[float, float],
) -> float:
    """The chance that ``test(our pile, their pile)`` holds at the end when we try to lose every
    trick left, each trick bringing two cards to its winner."""
    return sum(
        q
        for w, q in enumerate(_wins_dist(left, lead_me, odds))
        if test(ours + 2 * w, theirs + 2 * (left - w))
    )


@lru_cache(maxsize=64)
def _last_trick_odds(left: int, lead_me: bool) -> float:
    """The chance of winning the last trick of a phase with ``left`` tricks to play, the next
    one led by us or not: the leader of the last trick wins it most often (Dungeon, L11)."""
    if left <= 1:
        return 0.83 if lead_me else 0.16
    win = 0.75 if lead_me else 0.25
    return win * _last_trick_odds(left - 1, True) + (1 - win) * _last_trick_odds(left - 1, False)


@lru_cache(maxsize=1024)
def _avg_value(faction: str, under: bool) -> float:
    """The mean value of a faction's cards (the Tower's unit, L17)."""
    info = cards.FACTIONS.get(faction)
    if info is None:
        return 4.5
    values = [_printed(code, under) for code in info.codes]
    return max(1.0, sum(values) / len(values))


@lru_cache(maxsize=1024)
def _mean_weight(faction: str, part: str, building: str, under: bool) -> float:
    """The share of a faction's cards (of those shown as ``part``: odd, even, high, low) that
    survive Ruins (even values) or the Pyramid (values above 3)."""
    info = cards.FACTIONS.get(faction)
    if info is None:
        return 1.0
    values = [cards.VALUE[cards.IDS_BY_CODE[code][0]] for code in info.codes]
    if part in ("odd", "even"):
        values = [v for v in values if (v % 2 == 1) == (part == "odd")]
    elif part in ("high", "low"):
        values = [v for v in values if (v >= 5) == (part == "high")]
    if under:
        values = [v or 10 for v in values]
    if not values:
        return 1.0
    if building == "ruins":
        kept = sum(1 for v in values if v % 2 == 0)
    else:
        kept = sum(1 for v in values if v > 3)
    return kept / len(values)


class _Card:
    """A card on the table or in a hand as the model sees it."""

    __slots__ = ("code", "faction", "fpower", "hero", "known", "last", "player", "rank", "value")

    def __init__(
        self,
        code: str,
        faction: str,
        value: int,
        player: int,
        known: bool,
        hero: str = "",
        fpower: bool = True,
        last: bool = False,
        rank: int = 0,
    ) -> None:
        self.code = code
        self.faction = faction  # the faction it is played as ('' for none)
        self.value = value  # effective value (estimate)
        self.player = player
        self.known = known  # whether its code is known (not a guess of the reply)
        self.hero = hero  # the hero whose power acts for it ('' for none)
        self.fpower = fpower  # whether its faction's power acts (not a declared Lycanthrope)
        self.last = last  # its player's hand is empty once it is played (Minotaur, Cube)
        self.rank = rank  # 1: a Farmlands 2, first in its faction whatever the values (R-71)

    def plain(self, under: bool = False) -> _Card:
        """The card without its power (a Vampire Queen's, H7, H38): a hero loses its
        declaration, a faction card its faction power."""
        if self.code.startswith("hero:"):
            value = _value(self.code, under)
            return _Card(self.code, "", value, self.player, self.known, "", False)
        return _Card(
            self.code,
            self.faction,
            self.value,
            self.player,
            self.known,
            "",
            False,
            self.last,
            self.rank,
        )


class _Model:
    """Per-faction margin, drift and variance, built from one view."""

    def __init__(
        self, view: dict[str, Any], memo: dict[tuple[str, int, int], str] | None = None
    ) -> None:
        self.view = view
        nxt = view.get("next") or {}
        self.me: int = int(nxt.get("player", 0))
        self.opp = 1 - self.me
        self.phase: int = int(view.get("phase", 1))
        self.moon: str = str(view.get("moon", "no-moon"))
        players = view["players"]
        mine, theirs = players[self.me], players[self.opp]
        current = view.get("current") or {}
        self.current = current
        # --- the locations (RULES.md §7): what they change in the model ----------------------
        self.setting: str = str(view.get("setting") or "")
        self.building: str = str(view.get("building") or "")
        counters = view.get("counters") or {}
        self.counters: dict[str, int] = counters
        self.under = self.setting == "underworld"  # a printed 0 is a 10 (L2)
        self.farm = self.setting == "farmlands"  # a 2 is first in its faction (L3)
        ice = counters.get("ice-fields", -1)
        self.ice = [1 if ice == p else 0 for p in (0, 1)]  # +1 on this trick's card (L9)
        # --- the artifacts (RULES.md §8): what they change in this trick ---------------------
        self.arts = bool(view.get("artifacts"))
        self.lower_wins = False  # a Bottomless Bottle in this trick (A14)
        self.lamp_win = False  # a Wishing Lamp's card was not held: the follower wins (A28)
        self.cloaked = False  # the follower's card is drawn at random (Cloak, Dice; A6)
        #: Magic Wand / Mirror of Lies changes on this trick's cards, by (player, code) (A12)
        self.mods: dict[tuple[int, str], list[tuple[str, int]]] = {}
        #: our leads' values, usual and blind (the bot's artifact decisions fill it)
        self.lead_cache: list[tuple[float, float]] | None = None
        if self.arts:
            self._artifact_tallies(view, current, counters, memo or {})
        #: the prizes on the table (two with Islands, L6)
        self.prizes: list[str] = list(
            current.get("prizes") or ([current["prize"]] if current.get("prize") else [])
        )
        self.lead_me = int(current.get("leader", self.me)) == self.me

        # --- every card name the viewer can see, and the factions in play -------------------
        visible: list[str] = []
        for p in players:
            visible += p.get("hand", []) + p.get("followers", []) + p.get("score", [])
            visible += p.get("gnomes", []) + p.get("tucked", [])
            if p.get("vampire"):
                visible.append(p["vampire"])
        visible += view.get("discard", []) + view.get("troll_pool", []) + view.get("out", [])
        visible += self.prizes
        chosen = list(mine.get("chosen", []))  # our R-62 choices not yet carried out (L5, L20)
        discard = view.get("discard", [])
        if not (chosen and discard[-len(chosen) :] == chosen):
            visible += chosen  # (W8: our discards, Swamp or Cthulhu, already show in the pile)
        visible += [play["card"] for play in current.get("plays", [])]
        if self.arts:
            visible += list(mine.get("aside") or [])  # our Flail of Dawn card (A5)
        history_names: list[str] = []
        #: heroes: the faction a collected Ent counts for (H35), whether a Gargoyle was collected
        #: in Phase Two (H32), the Gelatinous Cube bundle lying on the table (R-63)
        self.ent_as: str | None = None
        garg_fresh = False
        table: list[str] = []
        for trick in view.get("tricks", []):
            if trick.get("prize"):
                history_names.append(trick["prize"])
            trick_plays = trick.get("plays", [])
            history_names += [play["card"] for play in trick_plays]
            if trick.get("phase") == 2:
                for play in trick_plays:
                    if play["card"] == "hero:ent" and play.get("as"):
                        self.ent_as = play["as"]
                    elif play["card"] == "hero:gargoyle":
                        garg_fresh = True
            if trick.get("winner") is None and any(
                play["card"] == "hero:gelatinous-cube" for play in trick_plays
            ):
                table = [play["card"] for play in trick_plays]
            elif trick.get("winner") is not None or trick.get("phase") != self.phase:
                table = []
        visible += view.get("table", table)
        seen: set[str] = set()
        for code in visible + history_names:
            kind = _parse(code)[0]
            if kind == "elf-orc":
                seen.update(("elves", "orcs"))
            elif kind in cards.FACTIONS:
                seen.add(kind)
        self.factions: list[str] = sorted(seen)
        self.idx: dict[str, int] = {f: i for i, f in enumerate(self.factions)}
        n = len(self.factions)
        #: what an unknown card of each faction is worth at the end (Ruins, Pyramid, Tower)
        self.fw = [self._faction_weight(f) for f in self.factions]

        # --- votes cards so far ---------------------------------------------------------------
        self.count = [[0.0] * n, [0.0] * n]
        self.unicorns = [0, 0]
        self.stack = [0.0, 0.0]
        self.vampire_value = [-1, -1]
        self.hand_size = [len(pl.get("hand", [])) for pl in players]
        if self.arts:
            # the Flail of Dawn card counts as held (A5, A39): it is played in the last trick
            self.hand_size = [
                h + len(pl.get("aside") or [])
                for h, pl in zip(self.hand_size, players, strict=True)
            ]
        self.score_faction_cards = [0, 0]  # faction cards in each Score pile (Bug Lord, H24)
        garg = 0.0
        for p, pl in enumerate(players):
            for code in pl.get("score", []):
                if _parse(code)[0] not in ("hero", "toxic", ""):
                    self.score_faction_cards[p] += 1
                if code == "hero:gargoyle" and self.phase == 2 and garg_fresh:
                    garg = 1.0 if p == self.me else -1.0
            for code in pl.get("score", []) + pl.get("gnomes", []):
                self._add(self.count[p], code, self._declared(code), 1.0)
                if _parse(code)[0] == "unicorns":
                    self.unicorns[p] += 1
            if pl.get("vampire"):
                self._add(self.count[p], pl["vampire"], None, 1.0)  # one Vampire card (V11)
                self.vampire_value[p] = self.val(pl["vampire"])
                tucked = pl.get("tucked", [])
                if tucked:
                    self.stack[p] = self.vampire_value[p] + sum(self.val(c) for c in tucked)
        # the margin per faction, and one more entry: +1 when a Gargoyle that will count (H32)
        # lies in our Score pile, -1 in the opponent's (p_game lets its owner choose)
        # then the trick's outcome for the locations: its winner (+1 us, -1 them), 1 when a
        # trick was played, the cards it brought each Score pile (us, them), how much weaker
        # than average the prizes we took are (Lava Fields: weak cards lose tricks)
        self.d = [self.count[self.me][i] - self.count[self.opp][i] for i in range(n)]
        self.d += [garg, 0.0, 0.0, 0.0, 0.0, 0.0]

        # --- what the opponent holds, and the unseen pool -------------------------------------
        pool = Counter(_composition(tuple(self.factions)))
        known_opp: Counter[str] = Counter()
        if self.phase == 2:
            known_opp = self._opp_prizes()
            for trick in view.get("tricks", []):
                if trick.get("phase") == 2:
                    for play in trick.get("plays", []):
                        if play["player"] == self.opp:
                            self._take(known_opp, play["card"])
            for play in current.get("plays", []):
                if play["player"] == self.opp:
                    self._take(known_opp, play["card"])
        else:
            known_opp.update(c for c in theirs.get("followers", []) if c != "?")
        if chosen and self.setting == "windy-peaks" and not current:
            known_opp.update(chosen)  # what we pass joins their hand
        # a card known to be theirs may have left their hand unseen since (Windy Peaks, Swamp):
        # never more copies than the game has beside the visible ones
        if known_opp:
            shown = Counter(c for c in visible if c not in chosen)
            shown.subtract(theirs.get("followers", []))
            total = _composition(tuple(self.factions))
            for code in list(known_opp):
                left = total.get(code, known_opp[code] + shown[code]) - shown[code]
                if known_opp[code] > left:
                    known_opp[code] = max(0, left)
            known_opp = +known_opp
        self.known_opp = known_opp
        taken = Counter(visible)
        taken.update(known_opp)
        taken.pop("?", None)
        for code, k in taken.items():
            have = pool.get(code, 0)
            if have >= k:
                pool[code] = have - k
                continue
            if have:
                pool[code] = 0
            for _ in range(k - have):
                self._take(pool, code)
        pool = +pool
        self.pool = pool
        weight = {c: (0.5 if c.startswith("shadows:") else 1.0) * k for c, k in pool.items()}
        self.pool_weight = weight
        self.pool_total = max(1e-9, sum(weight.values()))
        self.pool_groups = self._groups(weight.items())
        self.known_groups = self._groups((c, float(k)) for c, k in known_opp.items())
        hand_size = len(theirs.get("hand", [])) + (
            len(theirs.get("aside") or []) if self.arts else 0
        )
        if self.phase == 2:
            self.opp_unknown = max(0, hand_size - sum(known_opp.values()))
        else:
            self.opp_unknown = hand_size
        self.pool_frac = [0.0] * n
        for code, w in weight.items():
            for i, share in self._contrib(code, None):
                self.pool_frac[i] += share * w / self.pool_total

        # --- drift and spread still to come ---------------------------------------------------
        self.mu = [0.0] * n
        self.var = [0.0] * n
        if self.phase == 2:
            future_mine = list(mine.get("hand", []))
            if self.arts:
                future_mine += list(mine.get("aside") or [])
            future_theirs = list(known_opp.elements())
            unknown = self.opp_unknown + len(view.get("troll_pool", []))
        else:
            future_mine = list(mine.get("followers", []))
            future_theirs = list(known_opp.elements())
            unknown = len(view.get("deck", [])) + sum(
                1 for c in theirs.get("followers", []) if c == "?"
            )
            if current.get("prize"):
                unknown += 1  # the loser's draw (the prize itself is added by the outcome)
        for code in future_mine:
            self._hold(code, +1)
        for code in future_theirs:
            self._hold(code, -1)
        for i in range(n):
            self.var[i] += unknown * self.pool_frac[i] * _UNKNOWN_VAR
        #: vote cards of each faction still to be collected (by either player)
        self.rest = [unknown * self.pool_frac[i] for i in range(n)]
        for code in future_mine + future_theirs:
            for i, w in self._contrib(code, None):
                self.rest[i] += w
        #: Phase Two tricks still to play, the current one included
        if self.phase == 2:
            played = [0, 0]
            for play in current.get("plays", []):
                played[play["player"]] += 1
            self.t2 = min(self.hand_size[p] + played[p] for p in (0, 1))
        else:
            self.t2 = 13
        self._lose_odds: tuple[float, float] | None = None
        #: physical Score pile sizes (Forest, L19)
        self.pile = [
            len(pl.get("score", []) + pl.get("gnomes", []) + pl.get("tucked", []))
            + (1 if pl.get("vampire") else 0)
            for pl in players
        ]
        self.tricks_left = max(
            1, len(mine.get("hand", [])) if self.phase == 2 else len(view.get("deck", [])) // 2 + 1
        )

    # -- helpers ---------------------------------------------------------------------------------

    def _artifact_tallies(
        self,
        view: dict[str, Any],
        current: dict[str, Any],
        counters: dict[str, int],
        memo: dict[tuple[str, int, int], str],
    ) -> None:
        """What the artifacts used so far change in the trick being played (R-80): the bonus
        on each player's card (a Flask of Tears' +9, A15; an Ice Sword's frozen value, A37),
        the Magic Wand and Mirror of Lies changes on the cards played (A12; the Wand's sign is
        known for our own, guessed for the opponent's: the one that helps them), a Bottomless
        Bottle (A14), a Wishing Lamp whose card was not held (A28), a random follow (A6)."""
        players = view["players"]
        used: list[str] = list(current.get("artifacts") or [])
        plays = current.get("plays", [])
        played = {int(play["player"]): str(play["card"]) for play in plays}

        def user(name: str) -> int | None:
            for p in (0, 1):
                if name in (players[p].get("used_artifacts") or ()):
                    return p
            return None

        tricks = view.get("tricks", [])
        last = tricks[-1] if tricks and current else None
        frozen = (
            last is not None
            and last.get("winner") is None
            and "ice-sword" in (last.get("artifacts") or ())
        )
        for p in (0, 1):
            if p not in played:
                bonus = counters.get(f"flask-of-tears:{p}", 0) + counters.get(f"ice-sword:{p}", 0)
            else:
                bonus = 9 if "flask-of-tears" in used and user("flask-of-tears") == p else 0
                if frozen and last is not None:
                    bonus += sum(
                        _printed(play["card"], self.under)
                        for play in last.get("plays", [])
                        if play["player"] == p
                    )
            self.ice[p] += bonus
        if not used:
            return
        key = (self.phase, len(tricks))
        self.lower_wins = "bottomless-bottle" in used
        self.cloaked = "hunting-cloak" in used or "gamblers-dice" in used
        leader = int(current.get("leader", self.me))
        if "wishing-lamp" in used and len(plays) == 2:
            if leader == self.me:
                named = memo.get(("lamp", *key))
                self.lamp_win = named is not None and named != plays[1]["card"]
            else:
                # the card we played freely (a Lamp card not held, A28)
                self.lamp_win = memo.get(("lamp-free", *key)) == plays[1]["card"]
        for name in used:
            if name not in ("magic-wand", "mirror-of-lies"):
                continue
            who = user(name)
            if who is None or who not in played:
                continue
            if name == "mirror-of-lies":
                change = ("mirror", 0)
            elif who == self.me and ("wand", *key) in memo:
                change = ("wand", int(memo[("wand", *key)]))
            else:
                change = ("wand", -2 if self.lower_wins else 2)
            self.mods.setdefault((who, played[who]), []).append(change)

    def _opp_prizes(self) -> Counter[str]:
        """The Phase One prizes the opponent won (now in their Phase Two hand)."""
        won: Counter[str] = Counter()
        tricks = [t for t in self.view.get("tricks", []) if t.get("phase") == 1]
        for k, trick in enumerate(tricks):
            if not trick.get("prize") or trick.get("winner") is None:
                continue
            winner = trick["winner"]
            seer = any(
                play["player"] == winner and _parse(play["card"])[0] == "seers"
                for play in trick.get("plays", [])
            )
            if seer:
                continue
            if self.setting == "shore":
                winner = 1 - winner  # the loser takes the prize (L4)
            elif self.setting == "islands":
                # the older prize stays on the table when the winner took the newer one (L6)
                following = tricks[k + 1].get("prize") if k + 1 < len(tricks) else None
                if following is None or following == trick["prize"]:
                    continue
            if winner == self.opp:
                won[trick["prize"]] += 1
        return won

    def _declared(self, code: str) -> str | None:
        """The faction a collected card counts for when it is not its printed one (an Ent)."""
        return self.ent_as if code == "hero:ent" else None

    def _groups(
        self, items: Iterable[tuple[str, float]]
    ) -> dict[str, list[tuple[int, float, int]]]:
        """Cards by printed kind (a hero by its code): (effective value as the opponent would
        play it, weight, Farmlands rank)."""
        groups: dict[str, list[tuple[int, float, int]]] = {}
        bonus = self.unicorns[self.opp] if self.phase == 2 else 0
        ice = self.ice[self.opp]
        for code, w in items:
            kind = _parse(code)[0]
            value = self.val(code) + ice
            if kind == "hero":
                kind = code
            if bonus and kind != "unicorns":
                value += bonus
            rank = 1 if self.farm and _is_two(code) else 0
            groups.setdefault(kind, []).append((value, w, rank))
        return groups

    @staticmethod
    def _take(counter: Counter[str], code: str) -> None:
        """Remove one card named ``code`` (or one its partial name covers) from ``counter``."""
        if counter.get(code, 0) > 0:
            counter[code] -= 1
            if counter[code] == 0:
                del counter[code]
            return
        kind, _, raw = code.partition(":")
        candidates: list[str] = []
        if kind in _PARTIAL and raw in _HIDDEN:
            for c in counter:
                v = _parse(c)[1]
                if c.startswith(kind + ":") and c.partition(":")[2] not in _HIDDEN:
                    ok = (v % 2 == 1) if raw in ("odd", "even") else (v >= 5)
                    if ok == (raw in ("odd", "high")):
                        candidates.append(c)
        elif kind in _PARTIAL:
            # a revealed value-hidden card may be known elsewhere by its partial name
            v = _parse(code)[1]
            for name in (
                f"{kind}:{'odd' if v % 2 else 'even'}",
                f"{kind}:{'high' if v >= 5 else 'low'}",
            ):
                if counter.get(name, 0) > 0:
                    candidates.append(name)
        elif kind == "tricksters":
            candidates = [c for c in counter if c.rstrip("x") == code.rstrip("x")]
        if candidates:
            c = sorted(candidates)[0]
            counter[c] -= 1
            if counter[c] == 0:
                del counter[c]

    def val(self, code: str) -> int:
        """A card's value (printed, estimated when hidden; the Underworld's 10 for a 0)."""
        return _value(code, self.under)

    def q1(self, code: str) -> float:
        """A card's strength for winning Phase One tricks, 0 to 1."""
        return _phase_one_q(code, self.under, self.farm)

    def end_weight(self, code: str, faction: str) -> float:
        """How much one collected card of ``faction`` counts for its vote at the end: 0 when the
        Building discards it (Ruins: odd values, L18; Pyramid: 3 or less, L13), its value over the
        faction's average with the Tower (sums, L17; not Cyclops nor Vampires)."""
        building = self.building
        if building not in ("ruins", "pyramid", "tower"):
            return 1.0
        kind, _, raw = code.partition(":")
        if building == "tower":
            if faction in ("cyclops", "vampires"):
                return 1.0
            return self.val(code) / _avg_value(faction, self.under)
        if raw in _HIDDEN:
            return self._faction_weight(faction, raw)
        value = self.val(code)
        if building == "ruins":
            return 0.0 if value % 2 == 1 and kind != "hero" else 1.0
        return 0.0 if value <= 3 else 1.0

    def _faction_weight(self, faction: str, part: str = "") -> float:
        """The mean end weight of the cards of ``faction`` (of those shown as ``part``, a
        value-hidden card's odd/even or high/low)."""
        if self.building not in ("ruins", "pyramid"):
            return 1.0
        return _mean_weight(faction, part, self.building, self.under)

    def _contrib(self, code: str, played_as: str | None) -> list[tuple[int, float]]:
        """The factions (index, weight) one card counts for at the end."""
        idx = self.idx
        if played_as is not None:
            if played_as not in idx:
                return []
            return [(idx[played_as], self.end_weight(code, played_as))]
        kind = _parse(code)[0]
        if kind == "elf-orc":
            return [(idx[f], 0.5 * self.end_weight(code, f)) for f in ("elves", "orcs") if f in idx]
        if kind in idx:
            w = 0.5 if kind == "tricksters" else 1.0
            return [(idx[kind], w * self.end_weight(code, kind))]
        return []

    def _add(self, vec: list[float], code: str, played_as: str | None, sign: float) -> None:
        for i, w in self._contrib(code, played_as):
            vec[i] += sign * w

    def _hold(
        self, code: str, sign: int, mu: list[float] | None = None, var: list[float] | None = None
    ) -> None:
        """Add (sign +1 mine, -1 the opponent's) a future card's drift and spread; remove it
        with ``sign`` negated and ``var`` subtracted by the caller."""
        mu = self.mu if mu is None else mu
        var = self.var if var is None else var
        for i, w in self._contrib(code, None):
            s = _strength(code, self.factions[i], self.under, self.farm)
            mu[i] += sign * w * s
            var[i] += w * (1 - s * s)

    def _unhold(self, code: str, sign: int, mu: list[float], var: list[float]) -> None:
        for i, w in self._contrib(code, None):
            s = _strength(code, self.factions[i], self.under, self.farm)
            mu[i] -= sign * w * s
            var[i] = max(0.0, var[i] - w * (1 - s * s))

    # -- the end-of-game estimate ----------------------------------------------------------------

    def p_game(self, d: list[float], mu: list[float], var: list[float]) -> float:
        """The chance of winning the game: at least three of the five votes (a Gargoyle that
        counts, the entry after the factions in ``d``, is two more cards of the faction its owner
        likes best), then what the locations change (:meth:`_p_locations`)."""
        n = len(self.factions)
        garg = d[n] if len(d) > n else 0.0
        if not garg or not n:
            p = self._p_votes(d, mu, var)
        else:
            found: list[float] = []
            for i in range(n):
                d2 = list(d)
                d2[i] += 2 * garg
                found.append(self._p_votes(d2, mu, var))
            p = max(found) if garg > 0 else min(found)
        if self.building in _END_BUILDINGS or self.setting == "lava-fields":
            return self._p_locations(p, d, mu, var)
        return p

    def weak_worth(self) -> float:
        """Phase One: what a prize weaker than average is worth, per unit of strength, where
        Phase Two is about losing tricks (Lava Fields; Monastery and Forest, to keep our pile
        small enough)."""
        if self.setting == "lava-fields":
            return _LAVA_HAND
        return _WEAK_HAND.get(self.building, 0.0)

    def lose_odds(self) -> tuple[float, float]:
        """Phase Two: the chances that we lose a trick we try to lose, as leader (leading the
        card the opponent most likely beats) and as follower (the opponent leading any card
        they may hold), by card counting; rounded, they key the planning tables."""
        if self._lose_odds is not None:
            return self._lose_odds
        hand = self.view["players"][self.me].get("hand", [])
        beaten: list[float] = []
        low: dict[str, tuple[int, int]] = {}  # faction -> our lowest (rank, value)
        for code in hand:
            card = self.card(code, None, self.me)
            beaten.append(_reply_odds(self, card, 0.0)[0])
            if card.faction:
                key = (card.rank, card.value)
                low[card.faction] = min(low.get(card.faction, key), key)
        smallest = min((self.val(c) for c in hand), default=0)
        # the opponent's possible leads, weighted as they may hold them
        total = lost = 0.0
        scale = self.opp_unknown / self.pool_total
        for groups, weight in ((self.known_groups, 1.0), (self.pool_groups, scale)):
            for kind, entries in groups.items():
                for v, w, r in entries:
                    w *= weight
                    total += w
                    led = "elves" if kind == "elf-orc" else kind
                    if _hero(kind):
                        lost += w if smallest <= v else 0.0
                    elif led not in low or (r, v) >= low[led]:
                        lost += w  # we cannot follow, or our lowest loses (ties: the leader)
        follow = lost / total if total > 0 else _P_LOSE_FOLLOW
        # each card leads once: the better half of them, for the tricks we may lead
        beaten.sort(reverse=True)
        best = beaten[: max(1, (len(beaten) + 1) // 2)]
        lead = sum(best) / len(best) if best else _P_LOSE_LEAD
        lead = min(lead, follow)  # a follower sees the lead: a trick is easier lost following
        self._lose_odds = (round(min(0.95, lead), 2), round(min(0.97, follow), 2))
        return self._lose_odds

    def _counts(self, i: int, d: list[float], mu: list[float]) -> tuple[float, float, float]:
        """Faction ``i`` after the trick ``d`` describes: (our cards, their cards, the cards
        still to come that we are expected to get of ``rest``), and ``rest`` is what is left."""
        delta = d[i] - self.d[i]
        mine = self.count[self.me][i] + max(0.0, delta)
        theirs = self.count[self.opp][i] + max(0.0, -delta)
        rest = max(0.0, self.rest[i] - abs(delta))
        gain = min(rest, max(0.0, (rest + mu[i]) / 2))
        return mine, theirs, gain

    def _last_trick(self) -> bool:
        """Whether the trick being played is the last of its phase (Dungeon, L11)."""
        if self.phase == 2:
            return self.t2 <= 1
        deck = len(self.view.get("deck", []))
        return deck == 0 if self.setting == "islands" else deck <= 1

    def _tricks_after(self, played: bool) -> int:
        """The tricks of this phase still to play after the current one (``played``) or from
        now."""
        if self.phase == 2:
            return max(0, self.t2 - (1 if played else 0))
        deck = len(self.view.get("deck", []))
        return max(0, (deck - 1) // 2) if played else deck // 2 + (1 if self.prizes else 0)

    def _p_votes(self, d: list[float], mu: list[float], var: list[float]) -> float:
        probs: list[float] = []
        me, opp = self.me, self.opp
        building = self.building
        for i, f in enumerate(self.factions):
            m = d[i] + mu[i]
            sd = math.sqrt(var[i] + 0.3)
            if f == "cyclops":
                m = -m
                if self.count[me][i] + max(0.0, mu[i]) < 0.5:
                    m -= 1.0
                if self.count[opp][i] - min(0.0, mu[i]) < 0.5:
                    m += 1.0
            elif f == "vampires":
                m = (self.stack[me] - self.stack[opp]) / 4 + 0.5 * (d[i] - self.d[i]) + 0.3 * mu[i]
                if self.stack[me] == 0 and self.vampire_value[me] < 0:
                    m -= 0.3
            elif building == "fortress":
                # six cards of a faction or more lose their four lowest (L16)
                mine, theirs, gain = self._counts(i, d, mu)
                rest = max(0.0, self.rest[i] - abs(d[i] - self.d[i]))
                spread = math.sqrt(var[i]) / 2 + 0.5
                for held, more, sign in ((mine, gain, -4.0), (theirs, rest - gain, 4.0)):
                    if held >= 5.5:
                        m += sign
                    elif held + rest >= 5.5:
                        m += sign * _phi((held + more - 5.5) / spread)
            if building == "lighthouse" and f != "cyclops":
                owner = self.counters.get(f"lighthouse:{f}")
                if owner in (0, 1):
                    probs.append(1.0 if owner == me else 0.0)  # won outright (R-72)
                    continue
                mine, theirs, _ = self._counts(i, d, mu)
                if mine >= 3 > theirs:
                    probs.append(0.95)
                    continue
                if theirs >= 3 > mine:
                    probs.append(0.05)
                    continue
            probs.append(_phi(m / sd))
        while len(probs) < 5:
            probs.append(0.5)
        if building == "dungeon":
            # the winners of each phase's last trick count one vote more (L11); before it, the
            # leader of the last trick is likelier to win it
            n = len(self.factions)
            played = d[n + 2] if len(d) > n + 2 else 0.0
            winner = d[n + 1] if len(d) > n + 1 else 0.0
            if played and self._last_trick():
                now = 0.5 + 0.5 * winner
            else:
                lead_me = winner > 0.5 or (abs(winner) <= 0.5 and self.lead_me)
                now = _last_trick_odds(self._tricks_after(played > 0), lead_me)
            first = self.counters.get("dungeon-1")
            if first in (0, 1):
                probs.append(1.0 if first == me else 0.0)
            else:
                probs.append(now if self.phase == 1 else 0.5)
            probs.append(now if self.phase == 2 else 0.5)
        dist = [1.0]
        for p in probs:
            q = 1.0 - p
            new = [dist[0] * q]
            for k in range(1, len(dist)):
                new.append(dist[k] * q + dist[k - 1] * p)
            new.append(dist[-1] * p)
            dist = new
        total = len(probs)
        half = total // 2
        win = sum(dist[half + 1 :])
        return win + 0.5 * dist[half] if total % 2 == 0 else win

    def _p_locations(self, p: float, d: list[float], mu: list[float], var: list[float]) -> float:
        """The chance of winning the game once the locations that may decide it are counted:
        Forest, Castle, Monastery, Bridge (§9 step 4), then Lava Fields (L10), which ends the
        game before them; ``p`` is the chance of winning the votes."""
        n = len(self.factions)
        winner, played = (d[n + 1], d[n + 2]) if len(d) > n + 2 else (0.0, 0.0)
        lead_me = winner > 0.5 or (abs(winner) <= 0.5 and self.lead_me)
        left = max(0, self.t2 - round(played)) if self.phase == 2 else self.t2
        p = self._p_building(p, d, mu, var, left, lead_me)
        if self.phase == 1 and len(d) > n + 5:
            p += self.weak_worth() * d[n + 5]  # weak cards for Phase Two, to lose tricks with
        if self.setting == "lava-fields" and self.phase == 2:
            lava = self.counters.get("lava-player", -1)
            run = self.counters.get("lava-count", 0)
            ours, theirs = (run if lava == self.me else 0), (run if lava == self.opp else 0)
            if played and winner > 0.5:
                ours, theirs = 0, theirs + 1
            elif played and winner < -0.5:
                ours, theirs = ours + 1, 0
            if ours >= 5:
                return 1.0
            if theirs >= 5:
                return 0.0
            p_us, p_them = _lava(ours, theirs, lead_me, left, self.lose_odds())
            p = p_us + (1 - p_us - p_them) * p
        return p

    def plans(self, d: list[float], left: int, lead_me: bool) -> tuple[float, float]:
        """Forest and Monastery, Phase Two, after the trick ``d`` describes: the chance that we
        win by losing every trick left (a small Score pile, L19; the opponent with more than
        twice our faction cards, L14), and the risk that we lose by the Building when we stop
        winning tricks now (counting on a little less than the chances of losing them)."""
        n = len(self.factions)
        monastery = self.building == "monastery"
        pile = [sum(c) for c in self.count] if monastery else self.pile
        have = pile[self.me] + (d[n + 3] if len(d) > n + 4 else 0.0)
        other = pile[self.opp] + (d[n + 4] if len(d) > n + 4 else 0.0)
        odds = self.lose_odds()
        wary = (round(odds[0] * _WARY, 2), round(odds[1] * _WARY, 2))
        if monastery:
            small = _p_wins(left, lead_me, have, other, lambda a, b: b > 2 * a, odds)
            risk = _p_wins(left, lead_me, have, other, lambda a, b: a > 2 * b, wary)
            return small, risk
        # a Dwarf goes to the trick's loser: the Dwarves still to play come to us
        dwarves = self.idx.get("dwarves")
        load = 0.0
        if dwarves is not None:
            load = max(0.0, self.rest[dwarves] - abs(d[dwarves] - self.d[dwarves]))
        small = _p_wins(left, lead_me, have + load, other, lambda a, b: a <= 5 and a < b, odds)
        risk = _p_wins(left, lead_me, have, other, lambda a, b: b <= 5 and b < a, wary)
        return small, risk

    def _p_building(
        self,
        p: float,
        d: list[float],
        mu: list[float],
        var: list[float],
        left: int,
        lead_me: bool,
    ) -> float:
        """The chance of winning once a Building that may decide the game at once is counted
        (Forest, Monastery, Castle, Bridge); ``left``: Phase Two tricks left after this one,
        ``lead_me``: whether we lead the next one."""
        n = len(self.factions)
        building = self.building
        if building in ("forest", "monastery") and self.phase == 2:
            small, risk = self.plans(d, left, lead_me)
            normal = (1 - risk) * p
            return max(normal, small * _TRUST + 0.01 * normal)
        if building == "forest":
            pile_us = self.pile[self.me] + (d[n + 3] if len(d) > n + 4 else 0.0)
            pile_them = self.pile[self.opp] + (d[n + 4] if len(d) > n + 4 else 0.0)
            p_us = _binom_cdf(13, 0.5, (5 - pile_us) / 2) if pile_us <= 5 else 0.0
            p_them = _binom_cdf(13, 0.5, (5 - pile_them) / 2) if pile_them <= 5 else 0.0
            return p_us + (1 - p_us - p_them) * p
        if building in ("castle", "monastery"):
            margin = sum(d[:n]) + sum(mu[:n])
            sd = math.sqrt(sum(var[:n]) + 0.5)
            if building == "castle":
                p_us = _phi((margin - 0.5) / sd)
                p_them = _phi((-margin - 0.5) / sd)
                return p_us + (1 - p_us - p_them) * p
            held = sum(self.count[0]) + sum(self.count[1]) + sum(self.rest)
            limit = held / 3 + 0.3  # more than twice the other's cards loses (L14)
            p_us = _phi((-limit - margin) / sd)  # they have more than twice ours
            p_them = _phi((margin - limit) / sd)
            return p_us + (1 - p_us - p_them) * p
        if building == "bridge" and n:
            sets = [99.0, 99.0]
            for i in range(n):
                have, other, gain = self._counts(i, d, mu)
                rest = max(0.0, self.rest[i] - abs(d[i] - self.d[i]))
                sets[0] = min(sets[0], have + gain)
                sets[1] = min(sets[1], other + rest - gain)
            gap = sets[0] - sets[1]
            sd = 0.6 + 0.1 * math.sqrt(sum(var[:n]))
            p_us = _phi((gap - 0.5) / sd)
            p_them = _phi((-gap - 0.5) / sd)
            return p_us + (1 - p_us - p_them) * p
        return p

    # -- tricks ------------------------------------------------------------------------------------

    def effective(self, code: str, faction: str, player: int) -> int:
        value = self.val(code) + self.ice[player]
        if self.phase == 2:
            if faction != "unicorns":
                value += self.unicorns[player]
            if code == "hero:bug-lord":
                value += self.score_faction_cards[player]  # H24
        return value

    def card(self, code: str, played_as: str | None, player: int, known: bool = True) -> _Card:
        kind = _parse(code)[0]
        if played_as is not None:
            faction = played_as
        elif kind == "elf-orc":
            faction = "elves"
        elif kind in ("hero", "toxic"):
            faction = ""
        else:
            faction = kind
        hero = _hero(code)
        value = self.effective(code, faction, player)
        if hero == "lycanthrope" and played_as is not None:
            value = 5 + (self.unicorns[player] if self.phase == 2 else 0) + self.ice[player]
        if self.mods:
            for kind, amount in self.mods.get((player, code), ()):
                value = _changed(value, kind, amount)
        last = self.hand_size[player] == (1 if player == self.me else 0)
        rank = 1 if self.farm and not hero and _is_two(code) else 0
        return _Card(
            code, faction, value, player, known, hero, hero != "lycanthrope", last and known, rank
        )

    def resolve(self, lead: _Card, follow: _Card) -> tuple[bool | None, bool, bool]:
        """(whether the follower wins — None: nobody, a Gelatinous Cube trick —, whether a
        Basilisk captures the lead card, whether a Stone Golem crushes it)."""
        if self.lamp_win:
            return True, False, False  # A28: the follower wins at the artifact tier
        if lead.hero == "vampire-queen":
            follow = follow.plain(self.under)
        elif follow.hero == "vampire-queen":
            lead = lead.plain(self.under)
        lh, fh = lead.hero, follow.hero
        lv, fv = lead.value, follow.value
        if lh == "lich-king":
            fv -= 3  # H14
        if fh == "jester":
            # R-64, H25: the leader now holds the led Jester, the follower the lead card second
            test = _SECOND_WINS.get(lh)
            return lv > fv or (test is not None and test(fv)), False, False
        lf, ff = lead.faction, follow.faction
        if fh == "life-stealer" and lf:
            ff = lf  # H31
        wins, capture = self._faction_default(lead, follow, lf, ff, lv, fv)
        # hero powers in play order, the later one overriding (H5)
        if lh == "witch":
            wins, capture = fv % 2 == 0 and fv > 5, False
        elif lh == "minotaur" and lead.last:
            wins, capture = False, False
        test = _SECOND_WINS.get(fh)
        if test is not None and test(lv):
            return True, False, fh == "stone-golem"
        if fh == "minotaur" and follow.last:
            return True, False, False
        if fh == "gelatinous-cube" and not follow.last and not lead.last:
            return None, False, False
        return wins, capture, False

    def _faction_default(
        self, lead: _Card, follow: _Card, lf: str, ff: str, lv: int, fv: int
    ) -> tuple[bool, bool]:
        """§4.3 and the faction powers: (whether the follower wins, Basilisk capture)."""
        if ff == "basilisks" and fv == lv and follow.fpower and lead.faction != "basilisks":
            return True, True  # not after a led Basilisk
        if lf == "goblins" and ff == "knights" and follow.fpower:
            return True, False
        follows = not lf or ff == lf or (ff == "doppelgangers" and lf != "")
        if not follows:
            return False, False
        if self.lower_wins:
            return fv < lv, False  # A14: the lower value wins, over ranks and the moon
        if lf and lead.rank != follow.rank:
            lv, fv = lead.rank, follow.rank  # Farmlands: a 2 first in its faction (L3)
        if lf == "werewolves" and self.moon == "no-moon" and lead.fpower:
            return fv < lv, False
        return fv > lv, False

    def outcome(
        self,
        lead: _Card,
        follow: _Card,
        follower_wins: bool | None,
        capture: bool,
        crushed: bool = False,
    ) -> tuple[list[float], list[float], list[float]]:
        """Margin, drift and spread after the trick (``follower_wins`` None: a Cube trick, whose
        bundle and prize go to the next trick's winner, either player)."""
        if follower_wins is None:
            a = self.outcome(lead, follow, True, False)
            b = self.outcome(lead, follow, False, False)
            return (
                [(x + y) / 2 for x, y in zip(a[0], b[0], strict=True)],
                [(x + y) / 2 for x, y in zip(a[1], b[1], strict=True)],
                [(x + y) / 2 for x, y in zip(a[2], b[2], strict=True)],
            )
        d, mu, var = list(self.d), list(self.mu), list(self.var)
        winner = follow.player if follower_wins else lead.player
        loser = 1 - winner
        win_card = follow if follower_wins else lead
        sign = {self.me: 1.0, self.opp: -1.0}
        n = len(self.factions)
        d[n + 1] = sign[winner]
        d[n + 2] = 1.0
        lh, fh = lead.hero, follow.hero
        if lh == "vampire-queen":
            fh = ""
        elif fh == "vampire-queen":
            lh = ""
        death = self.phase == 2 and "death" in (lh, fh)  # H33: nothing is collected
        for c in (lead, follow):
            # the card leaves its hand
            if self.phase == 2:
                if c.player == self.me:
                    self._unhold(c.code, +1, mu, var)
                elif c.known and self.known_opp.get(c.code, 0) > 0:
                    self._unhold(c.code, -1, mu, var)
                elif c.faction in self.idx:
                    i = self.idx[c.faction]
                    var[i] = max(0.0, var[i] - _UNKNOWN_VAR)
            played_as = c.faction if c.faction in self.idx else None
            hero = c.code.startswith("hero:")
            if hero:
                # at scoring a hero is no faction card, but a declared Ent (H35) or a Gargoyle
                # collected in Phase Two (H32)
                ent = c.hero == "ent" and c.faction and self.phase == 2
                played_as = c.faction if ent and c.faction in self.idx else None
            if death or (crushed and c is lead):
                continue
            if self.phase == 2:
                if capture and c is lead:
                    to: int | None = follow.player
                elif c.faction == "dwarves" and c.fpower and c.hero != "life-stealer":
                    to = loser
                elif win_card.faction == "frostbeasts" and c is not win_card:
                    to = None
                else:
                    to = winner
            else:
                if capture and c is lead:
                    to = follow.player
                elif c.faction == "undead" or (win_card.faction == "zombies" and c is not win_card):
                    to = winner
                else:
                    to = None
            if to is None:
                continue
            d[n + 3 + (to != self.me)] += 1.0
            if hero:
                if c.code == "hero:gargoyle" and self.phase == 2:
                    d[n] = sign[to]
                elif played_as is not None:
                    self._add(d, c.code, played_as, sign[to])
            elif c.known:
                self._add(d, c.code, played_as, sign[to])
            elif c.faction in self.idx:
                i = self.idx[c.faction]
                d[i] += sign[to] * self.fw[i]
            elif c.faction == "*":  # an unknown card of any faction
                for i, frac in enumerate(self.pool_frac):
                    d[i] += sign[to] * frac
        if self.phase == 1 and self.prizes:
            self._collect_prizes(winner, d, mu, var)
        if lh == "siren" and winner != lead.player:
            # H27: the Siren's player takes the card they like best from the winner's pile
            taken = [c.code for c in (lead, follow) if c.known and not death and self.phase == 2]
            d = self.best_steal(d, mu, var, lead.player, taken)
        return d, mu, var

    def _collect_prizes(
        self, winner: int, d: list[float], mu: list[float], var: list[float]
    ) -> None:
        """Phase One: the prize goes to the winner (Shore: to the loser, L4; Islands: the winner
        takes the better of the two, the loser the other one in the last trick, L6)."""
        prizes = self.prizes
        lava = self.weak_worth() > 0
        slot = len(self.factions) + 5

        def take(code: str, sign: int) -> None:
            self._hold(code, sign, mu, var)
            if lava and len(d) > slot:
                d[slot] += sign * (0.5 - self.q1(code))

        if self.setting == "shore":
            take(prizes[0], 1 if winner != self.me else -1)
        elif self.setting == "islands" and len(prizes) > 1:
            ranked = sorted(prizes, key=self.prize_value, reverse=True)
            take(ranked[0], 1 if winner == self.me else -1)
            if not self.view.get("deck"):
                take(ranked[1], 1 if winner != self.me else -1)
        else:
            take(prizes[0], 1 if winner == self.me else -1)

    def prize_value(self, code: str) -> float:
        """How much a card brings its holder's votes (its drift), for either player."""
        return sum(
            w * (_strength(code, self.factions[i], self.under, self.farm) + 0.3)
            for i, w in self._contrib(code, None)
        )

    def best_steal(
        self,
        d: list[float],
        mu: list[float],
        var: list[float],
        thief: int,
        extra: Iterable[str] = (),
    ) -> list[float]:
        """The margins after ``thief`` takes the best card for them from the other Score pile
        (the view's pile plus ``extra`` cards just collected into it)."""
        pile = list(self.view["players"][1 - thief].get("score", [])) + list(extra)
        n = len(self.factions)
        sign = 1.0 if thief == self.me else -1.0
        best, best_p = d, None
        for code in dict.fromkeys(pile):
            d2 = list(d)
            if code == "hero:gargoyle":
                if self.phase != 2:
                    continue
                d2[n] = sign
            else:
                self._add(d2, code, self._declared(code), 2 * sign)
            p = self.p_game(d2, mu, var)
            if best_p is None or (p > best_p if thief == self.me else p < best_p):
                best, best_p = d2, p
        return best


def _changed(value: int, kind: str, amount: int) -> int:
    """A value after a Magic Wand (``wand``, +2 or -2) or a Mirror of Lies (``mirror``: 5 or
    less +5, above 5 -5), A12."""
    if kind == "mirror":
        return value + 5 if value <= 5 else value - 5
    return value + amount


def _reply_odds(model: _Model, mine: _Card, beta: float = _BETA) -> tuple[float, float, float]:
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


def _random_reply_odds(model: _Model, mine: _Card) -> tuple[float, float, float]:
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


def _reply_counts(model: _Model, mine: _Card) -> tuple[float, float, float, float]:
    """(known cards that can follow our lead ``mine``, known cards that beat it, the same two
    weights in the unseen pool)."""
    lf = mine.faction
    mv = mine.value
    low_wins = lf == "werewolves" and model.moon == "no-moon" and mine.fpower
    dual = lf in ("elves", "orcs")
    mh = mine.hero
    lower = model.lower_wins

    mr = mine.rank

    def better(v: int, r: int = 0) -> bool:
        """Whether a following card of effective value ``v`` (Farmlands rank ``r``) beats
        the lead."""
        if mh == "witch":
            return v % 2 == 0 and v > 5  # H28
        if mh == "minotaur" and mine.last:
            return False  # H29
        if mh == "lich-king":
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
            hero = _hero(kind)
            if hero:
                test = _SECOND_WINS.get(hero)
                follows = not lf or hero in ("life-stealer", "lycanthrope")
                for v, w, _ in entries:
                    if follows:
                        follow += w
                    if (
                        (test is not None and test(mv))
                        or (hero == "jester" and mv > v)
                        or (follows and better(v))
                    ):
                        beat += w
                continue
            follows = not lf or kind == lf or (dual and kind == "elf-orc")
            if follows or kind == "doppelgangers":
                for v, w, r in entries:
                    if follows:
                        follow += w
                    if better(v, r) or (kind == "basilisks" and v == mv and lf != kind):
                        beat += w
            elif kind == "basilisks" and lf != kind:
                beat += sum(w for v, w, _ in entries if v == mv)
            elif kind == "knights" and lf == "goblins":
                beat += sum(w for _, w, _ in entries)
        return follow, beat

    known_follow, known_beat = count(model.known_groups)
    pool_follow, pool_beat = count(model.pool_groups)
    return known_follow, known_beat, pool_follow, pool_beat


# -------------------------------------------------------------------------------------------------
# Artifacts (RULES.md §8, R-80)
# -------------------------------------------------------------------------------------------------

_ARTIFACT_NAMES = frozenset(cards.ARTIFACTS)
#: the artifacts offered right after a lead (A2, A22)
_AFTER_LEAD = ("magic-wand", "mirror-of-lies", "bottomless-bottle", "hunting-cloak", "wishing-lamp")
#: the least gain (in the chance of winning the game) for which an artifact is used now rather
#: than kept for later, with many tricks still to play (less towards the end)
_USE_GAIN = 0.01
#: how much less likely a random or blind reply must be to beat our lead for it to count
_BLIND_GAIN = 0.05


def _reserve(model: _Model, scale: float = 1.0) -> float:
    """How much better the game must look for an artifact to be used now: :data:`_USE_GAIN`,
    shrinking over the last tricks of the game (an artifact unused at the end is wasted)."""
    left = model.t2 if model.phase == 2 else 13 + len(model.view.get("deck", [])) // 2
    return _USE_GAIN * scale * min(1.0, left / 6)


def _unused(model: _Model) -> set[str]:
    """Our artifacts not yet used."""
    return set(model.view["players"][model.me].get("artifacts") or ())


def _trick_p(model: _Model, lead: _Card, follow: _Card) -> float:
    """The chance of winning the game once ``lead`` and ``follow`` have decided the trick."""
    wins, capture, crushed = model.resolve(lead, follow)
    d, mu, var = model.outcome(lead, follow, wins, capture, crushed)
    return model.p_game(d, mu, var)


def _revalued(card: _Card, value: int) -> _Card:
    """The card with another effective value (a Magic Wand or Mirror of Lies on it)."""
    return _Card(
        card.code,
        card.faction,
        value,
        card.player,
        card.known,
        card.hero,
        card.fpower,
        card.last,
        card.rank,
    )


def _current_cards(model: _Model) -> list[_Card | None]:
    """The cards of the trick being played as the model sees them (None: a face-down lead)."""
    found: list[_Card | None] = []
    for play in model.current.get("plays", []):
        code = str(play["card"])
        found.append(None if code == "?" else model.card(code, play.get("as"), play["player"]))
    return found


def _opp_cards(model: _Model) -> list[tuple[float, _Card]]:
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
            kind = _parse(code)[0]
            key = (code if kind == "hero" else kind, model.val(code))
            entry = merged.get(key)
            if entry is None:
                merged[key] = [weight, code]
            else:
                entry[0] += weight
    total = sum(entry[0] for entry in merged.values())
    if total <= 0:
        return [(1.0, _Card("?", "*", 0, model.opp, False))]
    return [(w / total, model.card(code, None, model.opp)) for w, code in merged.values()]


def _may_follow(model: _Model, lead: _Card, hand: Iterable[str]) -> list[_Card]:
    """Our cards that may follow ``lead`` (the led faction when we hold one, heroes always)."""
    cards_ = [model.card(code, None, model.me) for code in hand]
    lf = lead.faction
    if not lf or lf == "*":
        return cards_
    same = [
        c
        for c in cards_
        if c.faction == lf or (_parse(c.code)[0] == "elf-orc" and lf in ("elves", "orcs"))
    ]
    if not same:
        return cards_
    return same + [c for c in cards_ if c.hero]


@contextmanager
def _from_pile(model: _Model, code: str) -> Iterator[None]:
    """Within the block the model holds ``code`` in hand instead of in our Score pile (a card
    led with the Book of Memories, A17, or roped back, A13)."""
    saved = model.d, model.mu, model.var
    d, mu, var = list(model.d), list(model.mu), list(model.var)
    model._add(d, code, model._declared(code), -1.0)
    model._hold(code, +1, mu, var)
    model.d, model.mu, model.var = d, mu, var
    try:
        yield
    finally:
        model.d, model.mu, model.var = saved


@contextmanager
def _adjusted(model: _Model, d: list[float], mu: list[float], var: list[float]) -> Iterator[None]:
    """Within the block the model starts from margins ``d``, drift ``mu`` and spread ``var``."""
    saved = model.d, model.mu, model.var
    model.d, model.mu, model.var = d, mu, var
    try:
        yield
    finally:
        model.d, model.mu, model.var = saved


def _spare(model: _Model, extra: int = 1) -> bool:
    """Whether ``extra`` more cards in our hand would leave as many unplayed at the end of
    Phase Two (we hold at least as many cards as the opponent; R-1)."""
    return model.hand_size[model.me] + extra > model.hand_size[model.opp]


def _drop_weakest(model: _Model, mu: list[float], var: list[float], hand: Iterable[str]) -> None:
    """Remove from ``mu`` and ``var`` the hand card whose absence the model minds least: the
    card left unplayed at the end of Phase Two when we hold one card too many."""
    best: tuple[float, str] | None = None
    for code in dict.fromkeys(hand):
        mu2, var2 = list(mu), list(var)
        model._unhold(code, +1, mu2, var2)
        p = model.p_game(model.d, mu2, var2)
        if best is None or p > best[0]:
            best = (p, code)
    if best is not None:
        model._unhold(best[1], +1, mu, var)


class HeuristicBot:
    """Hand-written play from the view alone (module doc). Seeded for tie-breaks only."""

    name = "heuristic"
    uses_view = True
    #: re-raise internal errors instead of falling back (tests set it)
    strict = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        #: what we decided in this game that the view does not show (A41: a trick's view lists
        #: the artifacts used, not their arguments): our Magic Wand's sign, the card our
        #: Wishing Lamp named, a Lamp's card we did not hold
        self.memo: dict[tuple[str, int, int], str] = {}

    def choose(self, view: dict[str, Any], legal: list[str], sample: Sampler | None = None) -> str:
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
        return move if move in legal else self._fallback(legal)

    # -- dispatch --------------------------------------------------------------------------------

    def _fallback(self, legal: list[str]) -> str:
        """A safe move: the cheapest play if there are plays, else ``pass``, else the first."""
        plays = [m for m in legal if m.startswith("play ")]
        if plays:
            return min(plays, key=lambda m: _parse(_code_of_move(m)[0])[1])
        return "pass" if "pass" in legal else legal[0]

    def _choose(self, view: dict[str, Any], legal: list[str]) -> str | None:
        verbs = {m.split(" ", 1)[0] for m in legal}
        if verbs == {"play"}:
            return self._play(_Model(view, self.memo), legal)
        if view.get("artifacts"):
            artifact = self._artifact_decision(view, legal, verbs)
            if artifact is not None:
                return artifact
        location = self._location_decision(view, legal, verbs)
        if location is not None:
            return location
        hero = self._hero_decision(view, legal)
        if hero is not None:
            return hero
        for verb in ("smash", "peek"):
            options = [m for m in legal if m.startswith(verb + " ")]
            if options:
                return options[0]
        if "take top" in legal and "take prize" in legal:
            return self._seer(_Model(view))
        crowns = [m for m in legal if m.startswith("crown ")]
        if crowns:
            return self._crown(view, crowns)
        tucks = [m for m in legal if m.startswith("tuck ")]
        if tucks:
            return self._tuck(_Model(view), tucks)
        plays = [m for m in legal if m.startswith("play ")]
        if plays:
            return self._play(_Model(view, self.memo), plays)
        return None

    # -- artifact decisions ----------------------------------------------------------------------

    @staticmethod
    def _key(model: _Model) -> tuple[int, int]:
        """This trick, for the memo: (phase, tricks played before it)."""
        return model.phase, len(model.view.get("tricks", []))

    @staticmethod
    def _used_now(model: _Model) -> list[str]:
        """The artifacts used in the trick being played, in order."""
        return list(model.current.get("artifacts") or ())

    def _artifact_decision(
        self, view: dict[str, Any], legal: list[str], verbs: set[str]
    ) -> str | None:
        """The artifacts' windows and follow-ups (R-80, A1-A47); None: not one of them."""
        if verbs == {"aside"}:
            # Flail of Dawn (A5): the card we must keep for the last trick — the one whose
            # absence from the hand the model minds least
            return self._discard(_Model(view, self.memo), legal, "aside ")
        if verbs == {"take"}:
            if view.get("phase") != 2:
                return None  # the Seer's or the Islands' take
            current = view.get("current") or {}
            to_pile = "spyglass" in (current.get("artifacts") or ())
            return self._take(_Model(view, self.memo), legal, to_pile)
        uses = [m for m in legal if m.startswith("use ") and m.split(" ", 2)[1] in _ARTIFACT_NAMES]
        if not uses:
            return None
        names = {m.split(" ", 2)[1] for m in uses}
        if "flail-of-dawn" in names:
            return "use flail-of-dawn"  # a card of theirs tied to their last trick, for free
        if "prowlers-torch" in names:
            return "use prowlers-torch"  # the draws shown to both: our card counting gains
        model = _Model(view, self.memo)
        if "gamblers-book" in names:
            return self._gamblers_book(model)
        if "spyglass" in names:
            return self._spyglass(model, uses)
        if "ice-sword" in names:
            return self._ice_sword(model)
        if "kings-dagger" in names:
            return self._dagger(model)
        if names & set(_AFTER_LEAD):
            return self._after_play(model, uses)
        return self._trick_start(model, uses, names)

    def _take(self, model: _Model, legal: list[str], to_pile: bool) -> str:
        """Gambler's Book (A10): the discarded card that does our hand the most good; Spyglass
        (A11): the one that does our votes the most good."""
        scored: list[tuple[float, float, str]] = []
        for move in legal:
            code = move[5:]
            if to_pile:
                d = list(model.d)
                model._add(d, code, None, +1.0)
                p = model.p_game(d, model.mu, model.var) + 1e-6 * model.val(code)
            else:
                mu, var = list(model.mu), list(model.var)
                model._hold(code, +1, mu, var)
                p = model.p_game(model.d, mu, var)
            scored.append((p, model.q1(code), move))
        return max(scored)[2]

    def _gamblers_book(self, model: _Model) -> str:
        """Gambler's Book (A10): a random card of the hand for the best card of the discard
        pile — used when that is worth it on average over the card we lose."""
        hand = list(model.view["players"][model.me].get("hand", []))
        pile = [c for c in model.view.get("discard", []) if c != "?"]
        if not hand or not pile:
            return "pass"
        base = model.p_game(model.d, model.mu, model.var)
        total = 0.0
        for lost in hand:
            best = -1.0
            for code in dict.fromkeys([*pile, lost]):
                mu, var = list(model.mu), list(model.var)
                model._unhold(lost, +1, mu, var)
                model._hold(code, +1, mu, var)
                best = max(best, model.p_game(model.d, mu, var))
            total += best
        return "use gamblers-book" if total / len(hand) > base + 0.2 * _USE_GAIN else "pass"

    def _spyglass(self, model: _Model, uses: list[str]) -> str:
        """Spyglass (A11): swap a card we collected for the discarded card that does our votes
        the most good, when the swap is worth it."""
        pile = [c for c in model.view.get("discard", []) if c != "?"]
        base = model.p_game(model.d, model.mu, model.var)
        best, best_p = "pass", base + _reserve(model)
        for move in uses:
            if not move.startswith("use spyglass "):
                continue
            code = move[len("use spyglass ") :]
            d = list(model.d)
            model._add(d, code, model._declared(code), -1.0)
            for taken in dict.fromkeys(pile):
                d2 = list(d)
                model._add(d2, taken, None, +1.0)
                # equal counts are decided by the higher cards (§9 step 5)
                tie = 1e-6 * (model.val(taken) - model.val(code))
                p = model.p_game(d2, model.mu, model.var) + tie
                if p > best_p:
                    best, best_p = move, p
        return best

    def _ice_sword(self, model: _Model) -> str:
        """Ice Sword (A18, A37): freeze a trick we would lose (and care about) when the frozen
        cards, our bonus and the next trick's bundle make the game look better."""
        cards_ = _current_cards(model)
        if len(cards_) != 2 or cards_[0] is None or cards_[1] is None:
            return "pass"
        if min(model.hand_size) <= 0:
            return "pass"  # no further trick: no effect (A18)
        lead, follow = cards_[0], cards_[1]
        now = _trick_p(model, lead, follow)
        mine = follow if follow.player == model.me else lead
        theirs = lead if mine is follow else follow
        gap = _printed(mine.code, model.under) - _printed(theirs.code, model.under)
        edge = 0.1 if lead.player == model.me else -0.1  # the same leader leads again
        p_next = min(0.9, max(0.05, 0.5 + gap / 12 + edge))
        frozen = 0.0
        for we_win, weight in ((True, p_next), (False, 1 - p_next)):
            follower_wins = (follow.player == model.me) == we_win
            d, mu, var = model.outcome(lead, follow, follower_wins, False)
            if model.phase == 1:
                sign = 1 if we_win else -1
                for card in (lead, follow):
                    model._hold(card.code, sign, mu, var)  # the bundle joins the Follower deck
            frozen += weight * model.p_game(d, mu, var)
        return "use ice-sword" if frozen > now + _reserve(model, 2.0) else "pass"

    def _dagger(self, model: _Model) -> str:
        """King's Dagger (A7, A24): take the opponent's 5 into our Score pile when that — and
        the card they must play instead — makes the game look better than the trick as it
        stands."""
        cards_ = _current_cards(model)
        plays = model.current.get("plays", [])
        if not cards_ or cards_[-1] is None or plays[-1]["player"] != model.opp:
            return "pass"
        five = cards_[-1]
        d5, mu5, var5 = list(model.d), list(model.mu), list(model.var)
        model._add(d5, five.code, None, +1.0)
        if model.phase == 2 and model.known_opp.get(five.code, 0) > 0:
            model._unhold(five.code, -1, mu5, var5)
        hand = list(model.view["players"][model.me].get("hand", []))
        left = model.hand_size[model.opp]  # without the 5, already played
        if len(cards_) == 1:
            # they led it: we follow it, or they lead another card
            if not hand:
                return "pass"
            now = max(_trick_p(model, five, c) for c in _may_follow(model, five, hand))
            if left <= 0:
                with _adjusted(model, d5, mu5, var5):
                    taken = model.p_game(model.d, model.mu, model.var)
            else:
                taken = 0.0
                with _adjusted(model, d5, mu5, var5):
                    for weight, lead in _opp_cards(model):
                        options = _may_follow(model, lead, hand)
                        taken += weight * max(_trick_p(model, lead, c) for c in options)
        else:
            ours = cards_[0]
            if ours is None:
                return "pass"
            now = _trick_p(model, ours, five)
            with _adjusted(model, d5, mu5, var5):
                if left <= 0:
                    # no card to play instead: we win the trick (A7, A43)
                    nothing = _Card("?", "", 0, model.opp, False)
                    d, mu, var = model.outcome(ours, nothing, False, False)
                    taken = model.p_game(d, mu, var)
                else:
                    taken = self._lead_value(model, ours)
        return "use kings-dagger" if taken > now + _reserve(model) else "pass"

    def _after_play(self, model: _Model, uses: list[str]) -> str:
        """Right after our card (A2, A22): Magic Wand, Mirror of Lies; after a lead also Hunting
        Cloak, Wishing Lamp, Bottomless Bottle. The option that makes the game look best, when
        it is worth using an artifact on."""
        cards_ = _current_cards(model)
        if not cards_:
            return "pass"
        if len(cards_) == 2 and cards_[0] is not None and cards_[1] is not None:
            lead, mine = cards_[0], cards_[1]
            base = _trick_p(model, lead, mine)
            options = self._follow_options(model, lead, mine, set(m.split(" ", 2)[1] for m in uses))
        elif len(cards_) == 1 and cards_[0] is not None:
            mine = cards_[0]
            base = self._lead_value(model, mine, self._lead_odds(model, mine))
            options = self._lead_options(model, mine, uses)
        else:
            return "pass"
        best, best_value = "pass", base
        for move, value in options:
            if move in uses and value > best_value:
                best, best_value = move, value
        if best == "pass":
            return best
        thr = _reserve(model, 2.0 if best.startswith("use wishing-lamp") else 1.0)
        if best_value <= base + thr:
            return "pass"
        key = self._key(model)
        if best.startswith("use magic-wand "):
            self.memo[("wand", *key)] = best.rsplit(" ", 1)[1]
        elif best.startswith("use wishing-lamp "):
            self.memo[("lamp", *key)] = best.split(" ", 2)[2]
        return best

    def _follow_options(
        self, model: _Model, lead: _Card, mine: _Card, held: set[str]
    ) -> list[tuple[str, float]]:
        """(move, chance of winning the game) for a Magic Wand or Mirror of Lies on the card we
        followed ``lead`` with."""
        found: list[tuple[str, float]] = []
        if "magic-wand" in held:
            for amount in (2, -2):
                card = _revalued(mine, mine.value + amount)
                found.append((f"use magic-wand {amount:+d}", _trick_p(model, lead, card)))
        if "mirror-of-lies" in held:
            card = _revalued(mine, _changed(mine.value, "mirror", 0))
            found.append(("use mirror-of-lies", _trick_p(model, lead, card)))
        return found

    def _follow_with_artifacts(self, model: _Model, lead: _Card, mine: _Card) -> float:
        """Following ``lead`` with ``mine``: the best it gets with a Magic Wand or Mirror of
        Lies we hold, less what keeping the artifact is worth (0 without one)."""
        held = _unused(model) & {"magic-wand", "mirror-of-lies"}
        if not held:
            return 0.0
        options = self._follow_options(model, lead, mine, held)
        return max(value for _, value in options) - _reserve(model)

    def _lead_odds(self, model: _Model, mine: _Card) -> tuple[float, float, float] | None:
        """The reply odds to our lead when they are not the usual ones: a random reply (Hunting
        Cloak or Gambler's Dice used), a blind one (our lead is face-down, Mask of Darkness)."""
        used = self._used_now(model)
        masked = model.counters.get("mask-of-darkness", 0) > 0 and "book-of-memories" not in used
        if masked or model.cloaked:
            return _random_reply_odds(model, mine)
        return None

    def _lead_options(
        self, model: _Model, mine: _Card, legal: list[str] | None = None
    ) -> list[tuple[str, float]]:
        """(move, chance of winning the game) for each artifact that may follow our lead
        ``mine`` (those in ``legal``, else those we hold that would be offered)."""
        if legal is None:
            held = _unused(model)
            lamp_ok = model.phase == 2 and not model.cloaked
            names = {n for n in _AFTER_LEAD if n in held and (n != "wishing-lamp" or lamp_ok)}
        else:
            names = {m.split(" ", 2)[1] for m in legal}
        if not names:
            return []
        found: list[tuple[str, float]] = []
        # a lead is better higher, or lower under a Bottle: the Wand's other sign and a Mirror
        # that goes the wrong way are not worth counting
        if "magic-wand" in names:
            amount = -2 if model.lower_wins else 2
            card = _revalued(mine, mine.value + amount)
            found.append(
                (
                    f"use magic-wand {amount:+d}",
                    self._lead_value(model, card, self._lead_odds(model, card)),
                )
            )
        if "mirror-of-lies" in names and (mine.value <= 5) != model.lower_wins:
            card = _revalued(mine, _changed(mine.value, "mirror", 0))
            found.append(
                (
                    "use mirror-of-lies",
                    self._lead_value(model, card, self._lead_odds(model, card)),
                )
            )
        if "bottomless-bottle" in names and not model.lower_wins:
            model.lower_wins = True
            try:
                value = self._lead_value(model, mine, self._lead_odds(model, mine))
            finally:
                model.lower_wins = False
            found.append(("use bottomless-bottle", value))
        if "hunting-cloak" in names and not model.cloaked:
            found.append(("use hunting-cloak", self._blind_value(model, mine)))
        if "wishing-lamp" in names and model.phase == 2:
            found += self._lamp_options(model, mine, legal)
        return found

    def _lamp_options(
        self, model: _Model, mine: _Card, legal: list[str] | None
    ) -> list[tuple[str, float]]:
        """Wishing Lamp (A9, A27, A28): name a card the opponent likely holds — a prize they won
        in Phase One and have not played, or an unseen card when few are left — so that they
        must play it against our lead; if they do not hold it (set aside with the Flail of
        Dawn, or never theirs) they play freely and win."""
        theirs = model.view["players"][model.opp]
        in_hand = len(theirs.get("hand", []))
        if not in_hand:
            return []
        held_p = in_hand / (in_hand + len(theirs.get("aside") or []))
        chances: dict[str, float] = {code: held_p for code in model.known_opp}
        unseen = sum(model.pool.values())
        if unseen and model.opp_unknown:
            share = min(1.0, model.opp_unknown / unseen)
            for code, k in model.pool.items():
                p = held_p * (1 - (1 - share) ** k)
                if p >= 0.5:
                    chances[code] = max(chances.get(code, 0.0), p)
        allowed = set(legal) if legal is not None else None
        miss: float | None = None
        found: list[tuple[str, float]] = []
        for code, p in chances.items():
            move = f"use wishing-lamp {code}"
            if allowed is not None and move not in allowed:
                continue
            if miss is None:
                reply = _Card("?", "*", mine.value, model.opp, False)
                d, mu, var = model.outcome(mine, reply, True, False)
                miss = model.p_game(d, mu, var)
            forced = model.card(code, None, model.opp)
            found.append((move, p * _trick_p(model, mine, forced) + (1 - p) * miss))
        return found

    def _lead_with_artifacts(self, model: _Model, mine: _Card) -> float:
        """Leading ``mine``: the chance of winning the game, or better with an artifact we hold
        for right after the lead (less what keeping it is worth)."""
        value = self._lead_value(model, mine, self._lead_odds(model, mine))
        for move, option in self._lead_options(model, mine):
            scale = 2.0 if move.startswith("use wishing-lamp") else 1.0
            value = max(value, option - _reserve(model, scale))
        return value

    def _play_artifacts(self, model: _Model, legal: list[str]) -> bool:
        """Before choosing a card: a Wishing Lamp's card we do not hold leaves us free to play
        any card, and we win the trick (A28)."""
        plays = model.current.get("plays", [])
        lamp = "wishing-lamp" in self._used_now(model)
        if lamp and len(plays) == 1 and plays[0]["player"] == model.opp:
            codes = {_code_of_move(m)[0] for m in legal if m.startswith("play ")}
            if len(codes) > 1:
                model.lamp_win = True
        return True

    def _trick_start(self, model: _Model, uses: list[str], names: set[str]) -> str:
        """The start of a trick (A3, A21): Prowler's Torch (only what both see), Flask of Tears,
        Endless Rope, Book of Memories, Mask of Darkness, Gambler's Dice."""
        lead_me = model.lead_me
        if "flask-of-tears" in names and self._flask_now(model):
            return "use flask-of-tears"
        ropes = [m for m in uses if m.startswith("use endless-rope ")]
        if ropes:
            rope = self._rope(model, ropes)
            if rope is not None:
                return rope
        if lead_me and "book-of-memories" in names and self._book_now(model):
            return "use book-of-memories"
        if lead_me and "mask-of-darkness" in names and self._mask_now(model):
            return "use mask-of-darkness"
        if lead_me and "gamblers-dice" in names and self._dice_now(model):
            return "use gamblers-dice"
        return "pass"

    @staticmethod
    def _flask_now(model: _Model) -> bool:
        """Flask of Tears (A15): +9 on our next card — in Phase Two, or for a good prize (it is
        offered only while we keep losing)."""
        if model.phase == 2:
            return True
        good = max((model.q1(c) for c in model.prizes), default=0.0)
        return good >= 0.5 or len(model.view.get("deck", [])) <= 4

    def _lead_table(self, model: _Model) -> list[tuple[float, float]]:
        """For each card of our hand, the chance of winning the game after leading it against
        the usual reply and against a random or blind one (:meth:`_blind_value`), computed
        once per decision."""
        if model.lead_cache is None:
            table: list[tuple[float, float]] = []
            for code in model.view["players"][model.me].get("hand", []):
                card = model.card(code, None, model.me)
                usual_odds = _reply_odds(model, card)
                usual = self._lead_value(model, card, usual_odds)
                odds = _random_reply_odds(model, card)
                blind = usual
                if usual_odds[0] - odds[0] >= _BLIND_GAIN:
                    blind = self._lead_value(model, card, odds)
                table.append((usual, blind))
            model.lead_cache = table
        return model.lead_cache

    def _best_lead(self, model: _Model, random_reply: bool = False) -> float:
        """The chance of winning the game after our best lead (the reply random or blind)."""
        return max((row[1 if random_reply else 0] for row in self._lead_table(model)), default=-1.0)

    def _blind_value(self, model: _Model, mine: _Card) -> float:
        """Leading ``mine`` against a random or blind reply (Hunting Cloak, Gambler's Dice, Mask
        of Darkness): worth counting only when it makes the reply much less likely to beat our
        card — else the usual value (the two differ otherwise only by the guess of which card
        comes along)."""
        usual = _reply_odds(model, mine)
        odds = _random_reply_odds(model, mine)
        if usual[0] - odds[0] < _BLIND_GAIN:
            return self._lead_value(model, mine, usual)
        return self._lead_value(model, mine, odds)

    @staticmethod
    def _one_spare(model: _Model) -> tuple[list[float], list[float]]:
        """Drift and spread once a card more in hand (roped or kept by the Book of Memories)
        leaves the hand card the model minds least unplayed at the end of Phase Two (when we
        do not hold fewer cards than the opponent)."""
        mu, var = list(model.mu), list(model.var)
        if _spare(model):
            _drop_weakest(model, mu, var, model.view["players"][model.me].get("hand", []))
        return mu, var

    def _rope(self, model: _Model, ropes: list[str]) -> str | None:
        """Endless Rope (A13): a card of our Score pile back to hand when playing it again does
        the game more good than it does where it lies (the card it leaves unplayed counted)."""
        base = model.p_game(model.d, model.mu, model.var)
        best, best_p = None, base + _reserve(model)
        mu, var = self._one_spare(model)
        with _adjusted(model, model.d, mu, var):
            for move in ropes:
                with _from_pile(model, move[len("use endless-rope ") :]):
                    p = model.p_game(model.d, model.mu, model.var)
                if p > best_p:
                    best, best_p = move, p
        return best

    def _book_now(self, model: _Model) -> bool:
        """Book of Memories (A17): lead from our Score pile when its best lead beats the hand's
        (the hand card it leaves unplayed counted)."""
        pile = list(model.view["players"][model.me].get("score", []))
        if not pile or not model.view["players"][model.me].get("hand"):
            return False
        from_hand = self._best_lead(model)
        best = -1.0
        mu, var = self._one_spare(model)
        with _adjusted(model, model.d, mu, var):
            for code in dict.fromkeys(pile):
                with _from_pile(model, code):
                    card = model.card(code, None, model.me)
                    best = max(best, self._lead_value(model, card))
        return best > from_hand + _reserve(model)

    def _mask_now(self, model: _Model) -> bool:
        """Mask of Darkness (A16): our lead face-down (the reply blind, the follower free of the
        following rules) when that makes our best lead better; not to renew a Mask (A34)."""
        if model.counters.get("mask-of-darkness", 0) > 0:
            return False
        return self._best_lead(model, True) > self._best_lead(model) + _reserve(model)

    def _dice_now(self, model: _Model) -> bool:
        """Gambler's Dice (A6, A35): both cards drawn at random, when a random lead against a
        random reply is worth more on average than our best lead against a good reply."""
        table = self._lead_table(model)
        if not table:
            return False
        average = sum(blind for _, blind in table) / len(table)
        return average > self._best_lead(model) + _reserve(model, 2.0)

    # -- location decisions ----------------------------------------------------------------------

    def _location_decision(
        self, view: dict[str, Any], legal: list[str], verbs: set[str]
    ) -> str | None:
        """The locations' decisions (RULINGS L5–L7, L20); None: not one of them."""
        if verbs == {"take"}:
            if "take top" in legal and "take prize" in legal:
                return None  # the Seer's own choice
            if view.get("setting") == "islands":
                return self._islands(_Model(view), legal)
            return None
        if view.get("current"):
            return None  # a hero's decision during a trick (Kraken, Cthulhu)
        me = int((view.get("next") or {}).get("player", 0))
        hand = view["players"][me].get("hand", [])
        if verbs == {"give"}:
            if hand and view.get("setting") == "endless-sands" and view.get("phase") == 1:
                return self._pass_phase_one(_Model(view), legal)
            if hand and view.get("setting") == "windy-peaks":
                return self._give(_Model(view), legal, "give ")
            if not hand and view.get("building") == "tavern":
                return self._tavern(view, legal)
        if verbs == {"discard"} and hand and view.get("setting") == "swamp":
            return self._discard(_Model(view), legal, "discard ")
        return None

    def _pass_phase_one(self, model: _Model, options: list[str]) -> str:
        """Endless Sands (L5): pass the card least able to win a Phase One trick — it is as
        little use to the opponent — the lowest value of those on equal strength."""
        return min(options, key=lambda m: (model.q1(m[5:]), model.val(m[5:]), m))

    def _islands(self, model: _Model, options: list[str]) -> str:
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
                model._hold(code, +1, mu, var)
            if "take top" not in options and last:
                for other in prizes:
                    if other != code:
                        model._hold(other, -1, mu, var)
                        break
            p = model.p_game(model.d, mu, var) + 1e-6 * model.val(code)
            if p > best_p:
                best, best_p = move, p
        return best

    def _tavern(self, view: dict[str, Any], options: list[str]) -> str:
        """Tavern (L20): give the card whose loss leaves the best end of the game (counted
        exactly on the public piles, §9 with the locations; what the opponent gives us only adds
        to our piles); on equal results the one that keeps our leads widest — a card of a
        faction already lost helps the opponent least —, then the lowest."""
        model = _Model(view)
        me, opp = model.me, model.opp
        players = view["players"]
        mine = list(players[me].get("score", []))
        theirs = list(players[opp].get("score", [])) + list(players[me].get("chosen", []))
        factions = model.factions
        scored: list[tuple[tuple[float, ...], str]] = []
        for move in options:
            code = move[5:]
            if code not in mine:
                continue
            kept = list(mine)
            kept.remove(code)
            piles = [kept, [*theirs, code]] if me == 0 else [[*theirs, code], kept]
            result = _final_result(view, me, factions, None, piles)
            safety = 0.0
            for f in factions:
                a = sum(1 for c in kept if _parse(c)[0] == f)
                b = sum(1 for c in piles[opp] if _parse(c)[0] == f)
                margin = (b - a) if f == "cyclops" else (a - b)
                safety += max(0, min(3, margin))  # what we lead by, nearly won votes first
            key = (*result[:2], safety, result[2], -model.val(code))
            scored.append((key, move))
        if not scored:
            return options[0]
        return max(scored)[1]

    # -- hero decisions --------------------------------------------------------------------------

    def _hero_decision(self, view: dict[str, Any], legal: list[str]) -> str | None:
        """The heroes' decisions (RULINGS H15, H19, H27, H30, H32, H36, H37); None: not one."""
        for move in ("use skeleton", "use dinosaur"):
            if move in legal:
                return move  # a card more in hand; the Dinosaur back instead of lost
        for prefix, decide in (
            ("use necromancer ", self._necromancer),
            ("discard ", self._discard),
            ("give ", self._give),
            ("steal ", self._steal),
        ):
            options = [m for m in legal if m.startswith(prefix)]
            if options:
                return decide(_Model(view), options, prefix)
        counts = [m for m in legal if m.startswith("count gargoyle as ")]
        if counts:
            return self._gargoyle(view, counts)
        return None

    def _necromancer(self, model: _Model, options: list[str], prefix: str) -> str:
        """Swap the Necromancer (a weak card) for the best discarded card, while Phase One has
        prizes left to win with it."""
        best = max(options, key=lambda m: model.q1(m[len(prefix) :]))
        gain = model.q1(best[len(prefix) :]) - model.q1("hero:necromancer")
        if model.phase == 1 and model.view.get("deck") and gain > 0.25:
            return best
        return "pass"

    def _keep_value(
        self, model: _Model, code: str, to_opponent: bool
    ) -> tuple[float, float, float]:
        """How good the game looks once ``code`` leaves our hand (discarded, or given to the
        opponent): (chance of winning, then tie-breaks preferring to keep strong cards)."""
        mu, var = list(model.mu), list(model.var)
        model._unhold(code, +1, mu, var)
        if to_opponent:
            model._hold(code, -1, mu, var)
        value = model.val(code)
        q = model.q1(code)
        if code == "hero:gargoyle" and model.phase == 2:
            q += 0.5  # two vote cards if it is collected (H32)
        return model.p_game(model.d, mu, var), -q, -value

    def _discard(self, model: _Model, options: list[str], prefix: str) -> str:
        """Cthulhu (H19): discard the card whose loss hurts least (a low card the opponent
        would have won is a gain)."""
        return max(options, key=lambda m: self._keep_value(model, m[len(prefix) :], False))

    def _give(self, model: _Model, options: list[str], prefix: str) -> str:
        """Kraken (H37): give the card that helps the opponent least."""
        return max(options, key=lambda m: self._keep_value(model, m[len(prefix) :], True))

    def _steal(self, model: _Model, options: list[str], prefix: str) -> str:
        """Siren (H27): take the card that most improves our votes (and hurts theirs)."""
        n = len(model.factions)
        scored: list[tuple[float, int, str]] = []
        for move in options:
            code = move[len(prefix) :]
            d = list(model.d)
            if code == "hero:gargoyle" and model.phase == 2:
                d[n] = 1.0
            else:
                model._add(d, code, model._declared(code), 2.0)
            scored.append((model.p_game(d, model.mu, model.var), _parse(code)[1], move))
        return max(scored)[2]

    def _gargoyle(self, view: dict[str, Any], options: list[str]) -> str:
        """Gargoyle (H32): the faction whose two extra cards give the best final result, counted
        exactly on the public Score piles."""
        me = int((view.get("next") or {}).get("player", 0))
        factions = [m.rsplit(" as ", 1)[1] for m in options]
        return max(options, key=lambda m: _final_result(view, me, factions, m.rsplit(" as ", 1)[1]))

    # -- decisions -------------------------------------------------------------------------------

    def _seer(self, model: _Model) -> str:
        prize = model.current.get("prize") or "?"
        deck = model.view.get("deck") or ["?"]
        top = deck[0]
        best, best_p = "take prize", -1.0
        for move, mine, theirs in (("take prize", prize, top), ("take top", top, prize)):
            mu, var = list(model.mu), list(model.var)
            if mine != "?":
                model._hold(mine, +1, mu, var)
            if theirs != "?":
                model._hold(theirs, -1, mu, var)
            p = model.p_game(model.d, mu, var)
            if p > best_p:
                best, best_p = move, p
        return best

    def _crown(self, view: dict[str, Any], crowns: list[str]) -> str:
        me = view["players"][view["next"]["player"]]
        under = view.get("setting") == "underworld"
        best = max(crowns, key=lambda m: _value(m.split(" ", 1)[1], under))
        value = _value(best.split(" ", 1)[1], under)
        if not me.get("vampire"):
            return best
        old = _value(me["vampire"], under)
        tucked = sum(_value(c, under) for c in me.get("tucked", []))
        if value > old + tucked or (not me.get("tucked") and value > old):
            return best
        return "pass"

    def _tuck(self, model: _Model, tucks: list[str]) -> str:
        vamp = model.idx.get("vampires")
        base = model.p_game(model.d, model.mu, model.var)
        best, best_p = "pass", base + 1e-6
        me = model.me
        for move in tucks:
            code = move.split(" ", 1)[1]
            d = list(model.d)
            model._add(d, code, None, -1.0)
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

    # -- playing a card --------------------------------------------------------------------------

    def _play(self, model: _Model, legal: list[str]) -> str:
        plays = model.current.get("plays", [])
        arts = model.arts and self._play_artifacts(model, legal)
        leads = self._leads(model, legal, plays[0]) if plays else []
        shed = self._shedding(model)
        from_pile = arts and not plays and "book-of-memories" in self._used_now(model)
        scored: list[tuple[float, float, str]] = []
        for move in legal:
            if not move.startswith("play "):
                continue
            code, declared = _code_of_move(move)
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
                    value = max(value, self._follow_with_artifacts(model, leads[0][1], mine))
            elif from_pile:
                with _from_pile(model, code):
                    value = self._lead_value(model, mine)
            elif arts:
                value = self._lead_with_artifacts(model, mine)
            else:
                value = self._lead_value(model, mine)
            if model.phase == 1:
                value -= _KAPPA * model.q1(code) * min(1.0, (model.tricks_left - 1) / 6)
            else:
                value -= 1e-4 * mine.value
            scored.append((value, self.rng.random(), move))
        if not scored:
            return self._fallback(legal)
        best = max(scored)[2]
        if model.lamp_win:
            self.memo[("lamp-free", *self._key(model))] = _code_of_move(best)[0]
        return best

    @staticmethod
    def _shedding(model: _Model) -> float:
        """When we try to lose every trick left (Lava Fields; Forest with a small Score pile in
        reach), a trick lost with a strong card keeps the weak ones for the next tricks: the
        bonus per unit of the card's strength (0: not trying to lose)."""
        if model.phase != 2:
            return 0.0
        if model.setting == "lava-fields":
            return 0.02
        if model.building in ("forest", "monastery"):
            small, _ = model.plans(model.d, model.t2, model.lead_me)
            if small * _TRUST > model.p_game(model.d, model.mu, model.var) - 0.005:
                return 0.02
        return 0.0

    def _leads(
        self, model: _Model, legal: list[str], play: dict[str, Any]
    ) -> list[tuple[float, _Card]]:
        """The lead card as we may see it, with weights: a Lycanthrope or Ent lead's declaration
        is inferred from what we may follow with, else spread over the likely ones."""
        code = str(play["card"])
        if code == "?" and model.arts:
            return _opp_cards(model)  # a face-down lead (Mask of Darkness, A16, W3)
        declared = play.get("as")
        hero = _hero(code)
        if declared is None and _parse(code)[0] == "elf-orc":
            declared = self._led_as(code, legal)
        if declared is not None or hero not in ("lycanthrope", "ent"):
            return [(1.0, model.card(code, declared, model.opp))]
        if hero == "ent" and model.phase != 2:
            return [(1.0, model.card(code, None, model.opp))]
        # a must-follow shows: some faction card of the hand is not playable (H2, H34)
        hand = model.view["players"][model.me].get("hand", [])
        legal_codes: dict[str, str] = {}
        for move in legal:
            if move.startswith("play "):
                mcode, mdecl = _code_of_move(move)
                kind = _parse(mcode)[0]
                if not _hero(mcode) and kind:
                    legal_codes[mcode] = mdecl or kind
        playable = {_code_of_move(m)[0] for m in legal if m.startswith("play ")}
        if legal_codes and any(c not in playable for c in hand):
            followed = next(iter(legal_codes.values()))
            return [(1.0, model.card(code, followed, model.opp))]
        held: set[str] = set()
        for c in hand:
            kind = _parse(c)[0]
            held.update(("elves", "orcs") if kind == "elf-orc" else (kind,))
        lacking = [f for f in model.factions if f not in held]
        if hero == "ent":
            lacking = [f for f in lacking if model.count[model.opp][model.idx[f]] >= 2]
        plain = 1.0 / (1 + len(lacking))
        found = [(plain, model.card(code, None, model.opp))]
        found += [((1 - plain) / len(lacking), model.card(code, f, model.opp)) for f in lacking]
        return found

    @staticmethod
    def _led_as(lead_code: str, legal: list[str]) -> str | None:
        """The faction a dual lead card was declared as (guessed from what we may follow with)."""
        if _parse(lead_code)[0] != "elf-orc":
            return None
        for move in legal:
            code, declared = _code_of_move(move)
            kind = _parse(code)[0]
            if declared in ("elves", "orcs"):
                return declared
            if kind in ("elves", "orcs"):
                return kind
        return "elves"

    def _lead_value(
        self, model: _Model, mine: _Card, odds: tuple[float, float, float] | None = None
    ) -> float:
        """Expected chance of winning the game after leading ``mine``, over likely replies
        (``odds``: the chances of the reply beating it, following and losing, not following,
        when not the usual ones)."""
        p_lose, p_win_follow, p_off = odds or _reply_odds(model, mine)
        lf = mine.faction
        mv = mine.value
        value = 0.0
        opp = model.opp
        for prob, reply_faction, follower_wins in (
            (p_lose, lf or "*", True),
            (p_win_follow, lf or "*", False),
            (p_off, "*", False),
        ):
            if prob <= 1e-6:
                continue
            reply = _Card("?", reply_faction, mv, opp, False)
            d, mu, var = model.outcome(mine, reply, follower_wins, False)
            value += prob * model.p_game(d, mu, var)
        return value
