"""Card codes, factions and deck tables (RULES.md §1).

Every physical card in every box gets a small integer id, fixed by the tables below. The engine
keeps ids in plain lists; everything that leaves the engine (records, positions, views) uses codes
(``goblins:0``), so saved games never depend on the ids.

Several physical cards share a code (five ``goblins:0``): a code names a kind of card, an id one
copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mypy_extensions import mypyc_attr

# -------------------------------------------------------------------------------------------------
# Factions
# -------------------------------------------------------------------------------------------------


@mypyc_attr(native_class=False)  # compiled: mypyc's unpickling cannot set frozen fields
@dataclass(frozen=True, slots=True)
class FactionInfo:
    """What a faction contributes to a deck."""

    name: str
    box: str
    #: card codes placed in the deck-building pool, one entry per physical copy
    codes: tuple[str, ...]
    #: the name of the pair it belongs to, or None for a single faction
    pair: str | None = None


def _values(faction: str, values: list[int], copies: int = 1) -> list[str]:
    return [f"{faction}:{v}" for v in values for _ in range(copies)]


def _range(faction: str, lo: int, hi: int) -> list[str]:
    return _values(faction, list(range(lo, hi + 1)))


_FACTION_LIST: list[FactionInfo] = [
    # Pairs (§1.1)
    FactionInfo(
        "goblins", "claim", tuple(["goblins:0"] * 5 + _range("goblins", 1, 9)), "goblins+knights"
    ),
    FactionInfo("knights", "claim", tuple(_range("knights", 2, 9)), "goblins+knights"),
    FactionInfo(
        "gnomes",
        "claim2",
        (*_values("gnomes", [1, 3, 5, 7], 3), "gnomes:9"),
        "gnomes+giants",
    ),
    FactionInfo(
        "giants",
        "claim2",
        (*_values("giants", [1, 3, 5, 7], 2), "giants:9"),
        "gnomes+giants",
    ),
    FactionInfo(
        "elves", "mercenaries", tuple(_range("elves", 1, 7) + _range("elf-orc", 1, 8)), "elves+orcs"
    ),
    FactionInfo("orcs", "mercenaries", tuple(_range("orcs", 1, 7)), "elves+orcs"),
    FactionInfo("ice-kings", "frost", tuple(_range("ice-kings", 0, 10)), "ice-kings+ice-queens"),
    FactionInfo("ice-queens", "frost", tuple(_range("ice-queens", 0, 10)), "ice-kings+ice-queens"),
    # Singles (§1.2)
    FactionInfo("undead", "claim", tuple(_range("undead", 0, 9))),
    FactionInfo("dwarves", "claim", tuple(_range("dwarves", 0, 9))),
    FactionInfo("doppelgangers", "claim", tuple(_range("doppelgangers", 0, 9))),
    FactionInfo("dragons", "claim2", tuple(_range("dragons", 0, 9))),
    FactionInfo("trolls", "claim2", tuple(_range("trolls", 0, 9))),
    FactionInfo("seers", "claim2", tuple(_range("seers", 0, 9))),
    FactionInfo("vampires", "fear", tuple(_range("vampires", 0, 9))),
    FactionInfo("zombies", "fear", tuple(_range("zombies", 0, 9))),
    FactionInfo("werewolves", "fear", tuple(_range("werewolves", 0, 9))),
    FactionInfo("shadows", "fear", tuple(_range("shadows", 0, 19))),
    FactionInfo("demons", "fire", tuple(_range("demons", 0, 9))),
    FactionInfo("fire-elementals", "fire", tuple(_range("fire-elementals", 0, 9))),
    FactionInfo(
        "tricksters",
        "fire",
        (*_values("tricksters", [1, 3, 5, 7, 9]), *(f"tricksters:{v}x" for v in (1, 3, 5, 7, 9))),
    ),
    FactionInfo("poisoners", "fire", tuple(_range("poisoners", 0, 9))),
    FactionInfo("cyclops", "mercenaries", tuple(_range("cyclops", 0, 9))),
    FactionInfo("phoenixes", "maps", tuple(_range("phoenixes", 0, 9))),
    FactionInfo("unicorns", "maps", tuple(_range("unicorns", 0, 9))),
    FactionInfo("basilisks", "maps", tuple(_range("basilisks", 0, 9))),
    FactionInfo("yetis", "frost", tuple(_range("yetis", 0, 9))),
    FactionInfo("frostbeasts", "frost", tuple(_range("frostbeasts", 0, 9))),
]

FACTIONS: Final[dict[str, FactionInfo]] = {f.name: f for f in _FACTION_LIST}

PRESETS: Final[dict[str, tuple[str, ...]]] = {
    "claim": ("goblins", "knights", "undead", "dwarves", "doppelgangers"),
    "claim2": ("gnomes", "giants", "dragons", "trolls", "seers"),
}

HEROES: Final[tuple[str, ...]] = (
    "lich-king",
    "skeleton",
    "warlock",
    "cthulhu",
    "mummy",
    "gelatinous-cube",
    "singing-bard",
    "centaur-archer",
    "bug-lord",
    "jester",
    "siren",
    "witch",
    "minotaur",
    "stone-golem",
    "necromancer",
    "life-stealer",
    "gargoyle",
    "lycanthrope",
    "dinosaur",
    "vampire-queen",
    "ent",
    "kraken",
    "death",
    "invincible-warrior",
)

#: R-61 (house) hero values; configurable per game.
HERO_VALUES: Final[dict[str, int]] = {
    "lich-king": 6,
    "skeleton": 3,
    "warlock": 2,
    "cthulhu": 8,
    "mummy": 4,
    "gelatinous-cube": 1,
    "singing-bard": 4,
    "centaur-archer": 3,
    "bug-lord": 0,
    "jester": 5,
    "siren": 2,
    "witch": 5,
    "minotaur": 1,
    "stone-golem": 5,
    "necromancer": 3,
    "life-stealer": 4,
    "gargoyle": 6,
    "lycanthrope": 5,
    "dinosaur": 7,
    "vampire-queen": 6,
    "ent": 4,
    "kraken": 7,
    "death": 5,
    "invincible-warrior": 9,
}

SETTINGS: Final[tuple[str, ...]] = (
    "underworld",
    "farmlands",
    "shore",
    "windy-peaks",
    "endless-sands",
    "islands",
    "plateau",
    "swamp",
    "ice-fields",
    "lava-fields",
)
BUILDINGS: Final[tuple[str, ...]] = (
    "dungeon",
    "lighthouse",
    "pyramid",
    "monastery",
    "bridge",
    "fortress",
    "tower",
    "ruins",
    "castle",
    "tavern",
    "pit",
    "forest",
)
ARTIFACTS: Final[tuple[str, ...]] = (
    "flail-of-dawn",
    "hunting-cloak",
    "kings-dagger",
    "prowlers-torch",
    "wishing-lamp",
    "gamblers-book",
    "spyglass",
    "magic-wand",
    "endless-rope",
    "bottomless-bottle",
    "flask-of-tears",
    "mask-of-darkness",
    "gamblers-dice",
    "mirror-of-lies",
    "book-of-memories",
    "ice-sword",
)

# -------------------------------------------------------------------------------------------------
# The card universe: one id per physical card of every box
# -------------------------------------------------------------------------------------------------

#: code of each card id
CODE: list[str] = []
#: printed faction of each card id ("hero" for heroes, "phoenixes" for Fire Phoenix cards)
FACTION: list[str] = []
#: printed value of each card id (heroes: R-61 default; decoy toxics: -1)
VALUE: list[int] = []
#: ids of every copy of a code, in id order
IDS_BY_CODE: dict[str, list[int]] = {}
#: ids of the cards a faction puts in the deck-building pool
IDS_BY_FACTION: dict[str, list[int]] = {}


def _add(code: str, faction: str, value: int) -> int:
    card = len(CODE)
    CODE.append(code)
    FACTION.append(faction)
    VALUE.append(value)
    IDS_BY_CODE.setdefault(code, []).append(card)
    return card


def _printed_value(code: str) -> int:
    raw = code.split(":", 1)[1]
    return int(raw.rstrip("x"))


for _info in _FACTION_LIST:
    _ids: list[int] = []
    for _code in _info.codes:
        _kind = _code.split(":", 1)[0]
        # the dual elf-orc cards have no printed faction until declared
        _ids.append(_add(_code, _kind if _kind == "elf-orc" else _info.name, _printed_value(_code)))
    IDS_BY_FACTION[_info.name] = _ids
IDS_BY_FACTION["fire-phoenix"] = [_add(f"fire-phoenix:{v}", "phoenixes", v) for v in range(10)]
for _hero in HEROES:
    _add(f"hero:{_hero}", "hero", HERO_VALUES[_hero])
IDS_BY_FACTION["toxic"] = [_add(f"toxic:{v}", "toxic", v) for v in range(10)]
IDS_BY_FACTION["toxic"] += [_add("toxic:x", "toxic", -1) for _ in range(4)]  # decoys

NUM_CARDS: Final[int] = len(CODE)


def is_code(code: str) -> bool:
    """Whether ``code`` names a card of any box."""
    return code in IDS_BY_CODE


def faction_of_code(code: str) -> str:
    """The printed faction of a code (``fire-phoenix:3`` → ``phoenixes``)."""
    return FACTION[IDS_BY_CODE[code][0]]


# -------------------------------------------------------------------------------------------------
# What each card id is, as the rules see it (derived tables, indexed by id)
# -------------------------------------------------------------------------------------------------


def public_name(card: int) -> str:
    """How a card is named where its value is hidden (R-30, W1, W12): a Demon by parity, a Fire
    Elemental by band, a Trickster by printed value; every other card by its code."""
    faction = FACTION[card]
    if faction == "demons":
        return "demons:" + ("odd" if VALUE[card] % 2 else "even")
    if faction == "fire-elementals":
        return "fire-elementals:" + ("high" if VALUE[card] >= 5 else "low")
    if faction == "tricksters":
        return f"tricksters:{VALUE[card]}"
    return CODE[card]


#: each card's name in move strings and wherever its value is not public
PUBLIC_NAME: list[str] = [public_name(c) for c in range(NUM_CARDS)]


def _shared_names() -> list[bool]:
    codes_by_name: dict[str, set[str]] = {}
    for card, name in enumerate(PUBLIC_NAME):
        codes_by_name.setdefault(name, set()).add(CODE[card])
    return [len(codes_by_name[name]) > 1 for name in PUBLIC_NAME]


#: whether a card's public name also names other codes (a real Trickster's ``tricksters:5`` is
#: its code, yet it does not tell it from the fake): then seeing the name is not knowing the card
PARTIAL_NAME: list[bool] = _shared_names()

#: the printed faction of the dual Elf-Orc cards, declared Elves or Orcs when played (R-40)
DUAL = "elf-orc"
DUAL_FACTIONS = ("elves", "orcs")

IS_HERO: list[bool] = [FACTION[c] == "hero" for c in range(NUM_CARDS)]


def _base_faction(card: int) -> str:
    """The faction a card counts as when played, before powers; '' for no faction (heroes)."""
    faction = FACTION[card]
    return "" if faction in ("hero", "toxic") else faction


BASE_FACTION: list[str] = [_base_faction(c) for c in range(NUM_CARDS)]
#: cards whose value is hidden until played (§5.4: Demons, Fire Elementals)
VALUE_HIDDEN: list[bool] = [FACTION[c] in ("demons", "fire-elementals") for c in range(NUM_CARDS)]
