"""What the bot reads from a card's name alone: its faction and value (estimated where the value
is hidden), its rank within its faction, and how strong it is for winning tricks and votes.

Names are the view's card names (``goblins:6``, ``demons:odd``, ``hero:witch``); everything here
is cached by name, as it is asked for thousands of times per decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import lru_cache

from claim.core import cards
from claim.core.powers.factions import Dwarves, Knights
from claim.core.powers.fear import Werewolves
from claim.core.powers.fire import Demons, FireElementals, Tricksters
from claim.core.powers.heroes import (
    CentaurArcher,
    GelatinousCube,
    Jester,
    Minotaur,
    Mummy,
    StoneGolem,
    Warlock,
    Witch,
)
from claim.core.powers.locations import Ruins
from claim.core.powers.maps import Phoenixes

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
HIDDEN_ESTIMATE: dict[str, int] = {"odd": 5, "even": 4, "high": 7, "low": 2}
#: the factions whose cards may be known by such a partial name
VALUE_HIDDEN = {Demons.name, FireElementals.name}

#: how far a card's strength moves its faction's expected margin, at best
_S_SCALE = 0.8


@lru_cache(maxsize=4096)
def read_code(code: str) -> tuple[str, int]:
    """A card name's printed faction ('elf-orc' for duals, 'hero', '' when unknown) and its
    value (estimated for a value-hidden card)."""
    if ":" not in code:
        return "", 0
    kind, _, raw = code.partition(":")
    if kind == "fire-phoenix":
        kind = Phoenixes.name
    if kind == "hero":
        return "hero", cards.HERO_VALUES.get(raw, 5)
    if raw in HIDDEN_ESTIMATE:
        return kind, HIDDEN_ESTIMATE[raw]
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
def card_value(code: str, under: bool = False) -> int:
    """A card's value as play and the end read it: printed (estimated for a value-hidden card),
    a printed 0 counting as 10 under the Underworld (L2; a Toxic keeps its 0)."""
    kind, value = read_code(code)
    if not under or kind in ("", "toxic"):
        return value
    raw = code.partition(":")[2]
    if raw in HIDDEN_ESTIMATE:
        return _HIDDEN_UNDER[raw]
    return 10 if value == 0 else value


@lru_cache(maxsize=4096)
def is_two(code: str) -> bool:
    """A faction card of printed value 2 (which Farmlands ranks first in its faction, R-71)."""
    kind, value = read_code(code)
    return value == 2 and kind not in ("", "hero", "toxic") and code.partition(":")[2] != "even"


def _rank(code: str, under: bool, farm: bool) -> float:
    """A faction card's rank within its faction, 0 (lowest) to 1 (highest)."""
    kind = read_code(code)[0]
    if farm and is_two(code):
        return 1.0  # Farmlands: a 2 outranks the rest of its faction
    value = card_value(code, under)
    lo, hi = (_RANGE_UNDER if under else _RANGE).get(kind, (0, 9))
    q = (value - lo) / (hi - lo) if hi > lo else 0.5
    return min(1.0, max(0.0, q))


@lru_cache(maxsize=8192)
def vote_strength(code: str, faction: str, under: bool = False, farm: bool = False) -> float:
    """How likely the card is to bring one vote card of its faction to its holder's side in
    Phase Two, from -0.8 (surely lost to the opponent) to +0.8."""
    kind = read_code(code)[0]
    q = _rank(code, under, farm)
    if kind == Knights.name:
        q = min(1.0, q + 0.15)
    s = _S_SCALE * (2 * q - 1)
    if faction == Dwarves.name:
        s = -s  # a Dwarf goes to the trick's loser
    elif faction == Werewolves.name:
        s *= 0.3  # the moon turns high and low around
    return s


@lru_cache(maxsize=8192)
def trick_strength(code: str, under: bool = False, farm: bool = False) -> float:
    """A card's strength for winning Phase One tricks (what playing it spends), 0 to 1."""
    kind = read_code(code)[0]
    if kind == "hero":
        return _hero_strength(hero_name(code), card_value(code, under))
    return _rank(code, under, farm)


def code_of_move(move: str) -> tuple[str, str | None]:
    """``play CODE [as FACTION]`` -> (CODE, FACTION or None)."""
    rest = move[5:]
    if " as " in rest:
        code, _, declared = rest.partition(" as ")
        return code.strip(), declared.strip()
    return rest.strip(), None


@lru_cache(maxsize=256)
def deck_counts(factions: tuple[str, ...]) -> Counter[str]:
    """How many cards of each name the factions' cards hold."""
    pool: Counter[str] = Counter()
    for f in factions:
        info = cards.FACTIONS.get(f)
        if info is not None:
            pool.update(info.codes)
    return pool


def hero_name(code: str) -> str:
    """The hero's name of a hero code (``hero:witch`` -> ``witch``), '' for any other card."""
    return code[5:] if code.startswith("hero:") else ""


#: heroes whose power wins when played second on a lead value that passes their test (H16)
SECOND_WINS: dict[str, Callable[[int], bool]] = {
    Warlock.hero: lambda v: v % 2 == 1,
    Mummy.hero: lambda v: v >= 7,
    CentaurArcher.hero: lambda v: v in (5, 6),
    StoneGolem.hero: lambda v: 1 <= v <= 4,
}


def _hero_strength(name: str, value: int) -> float:
    """A hero card's strength for winning tricks, 0 to 1 (its value, or what its power wins)."""
    if name == Witch.hero:
        return 0.8
    if name in SECOND_WINS or name in (Jester.hero, GelatinousCube.hero, Minotaur.hero):
        return max(0.45, value / 9)
    return min(1.0, max(0.0, value / 9))


def end_value(code: str, under: bool = False) -> int:
    """A card's end value (heroes: R-61), from its code: printed, a 0 counting as 10 under the
    Underworld (L2)."""
    ids = cards.IDS_BY_CODE.get(code)
    if ids and not code.startswith("hero:"):
        value = cards.VALUE[ids[0]]
        return 10 if under and value == 0 and not code.startswith("toxic:") else value
    return card_value(code, under)


def changed_value(value: int, kind: str, amount: int) -> int:
    """A value after a Magic Wand (``wand``, +2 or -2) or a Mirror of Lies (``mirror``: 5 or
    less +5, above 5 -5), A12."""
    if kind == "mirror":
        return value + 5 if value <= 5 else value - 5
    return value + amount


@lru_cache(maxsize=1024)
def average_value(faction: str, under: bool) -> float:
    """The mean value of a faction's cards (the Tower's unit, L17)."""
    info = cards.FACTIONS.get(faction)
    if info is None:
        return 4.5
    values = [end_value(code, under) for code in info.codes]
    return max(1.0, sum(values) / len(values))


@lru_cache(maxsize=1024)
def surviving_share(faction: str, part: str, building: str, under: bool) -> float:
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
    if building == Ruins.name:
        kept = sum(1 for v in values if v % 2 == 0)
    else:
        kept = sum(1 for v in values if v > 3)
    return kept / len(values)


def take_one(counter: Counter[str], code: str) -> None:
    """Remove one card named ``code`` (or one its partial name covers) from ``counter``."""
    if counter.get(code, 0) > 0:
        counter[code] -= 1
        if counter[code] == 0:
            del counter[code]
        return
    kind, _, raw = code.partition(":")
    candidates: list[str] = []
    if kind in VALUE_HIDDEN and raw in HIDDEN_ESTIMATE:
        for c in counter:
            v = read_code(c)[1]
            if c.startswith(kind + ":") and c.partition(":")[2] not in HIDDEN_ESTIMATE:
                ok = (v % 2 == 1) if raw in ("odd", "even") else (v >= 5)
                if ok == (raw in ("odd", "high")):
                    candidates.append(c)
    elif kind in VALUE_HIDDEN:
        # a revealed value-hidden card may be known elsewhere by its partial name
        v = read_code(code)[1]
        for name in (
            f"{kind}:{'odd' if v % 2 else 'even'}",
            f"{kind}:{'high' if v >= 5 else 'low'}",
        ):
            if counter.get(name, 0) > 0:
                candidates.append(name)
    elif kind == Tricksters.name:
        candidates = [c for c in counter if c.rstrip("x") == code.rstrip("x")]
    if candidates:
        c = sorted(candidates)[0]
        counter[c] -= 1
        if counter[c] == 0:
            del counter[c]
