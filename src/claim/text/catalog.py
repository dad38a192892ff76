"""The catalog: what every screen says about each card, faction, location and artifact.

One entry per power registered in :data:`claim.core.powers.REGISTRY` (every faction, hero,
Setting, Building and artifact), plus the few card kinds that are not powers (:data:`CARD_KINDS`:
the heroes' and the Toxics' codes, the dual Elf / Orc cards, the Fire Phoenix pile): its kind, its
box, its display title ("King's Dagger", "Gelatinous Cube", "Ice Kings"), its rules text and, where
a screen shows one, a short hint. The replay account, the terminal game, the CLI and the web table
read it; the browser gets :func:`catalog_json`, not a copy (``tests/test_catalog.py`` checks that
every power has its entry and every entry its power).

Where the rules text lives: each power class's docstring stays its source, read here through
``Power.rules_text()`` once, at import. The text describes what the class implements, so it is
written and reviewed beside that code (a ruling that changes a power changes its docstring in the
same diff, and ``tests/test_power_registry.py`` already requires it); the catalog is the one place
every screen reads it from, with the reStructuredText quotes (````x````) turned into plain ones.
Everything a power class does not need — titles, boxes of heroes, locations and artifacts, hints,
the faction's word on a card — lives here only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from types import MappingProxyType
from typing import Any, Final

from claim.core import cards
from claim.core.powers import REGISTRY

#: the boxes, as cards.py names them, and as the screens say them
BOXES: Final[dict[str, str]] = {
    "claim": "Claim",
    "claim2": "Claim 2",
    "fear": "Fear",
    "fire": "Fire",
    "mercenaries": "Mercenaries",
    "maps": "Maps",
    "frost": "Frost",
}

#: the kinds of entry: one per registry table of ``claim.core.cards``, and ``card`` for a kind
#: of card that brings no power of its own (:data:`CARD_KINDS`)
KINDS: Final[tuple[str, ...]] = ("faction", "hero", "setting", "building", "artifact", "card")


@dataclass(frozen=True, slots=True)
class Entry:
    """What the screens say about one power (or card kind).

    ``hint``: a few words after a use in a list of moves (the artifacts; ``{arg}``: the move's
    argument); ``long_hint``: the same in a sentence (the CLI's move list; ``{other}``,
    ``{other_poss}``: the opponent, their possessive). ``label``: the faction as a card says it,
    singular (``goblin``), and ``abbr`` as a small card says it (``GOB``). ``end_step``: what the
    power's end-of-game step does to the cards it moves (§9 steps 1–3), as the account says it
    (:func:`claim.text.account.results.end_step_text` fills it in).
    """

    key: str
    kind: str
    box: str
    title: str
    rules: str
    hint: str = ""
    long_hint: str = ""
    label: str = ""
    abbr: str = ""
    end_step: str = ""


# -------------------------------------------------------------------------------------------------
# The describing tables (everything the power classes do not hold)
# -------------------------------------------------------------------------------------------------

#: titles that plain title case gets wrong (apostrophes, small words); the rest: ``Windy Peaks``
_TITLES: Final[dict[str, str]] = {
    "kings-dagger": "King's Dagger",
    "prowlers-torch": "Prowler's Torch",
    "gamblers-book": "Gambler's Book",
    "gamblers-dice": "Gambler's Dice",
    "flail-of-dawn": "Flail of Dawn",
    "flask-of-tears": "Flask of Tears",
    "mask-of-darkness": "Mask of Darkness",
    "mirror-of-lies": "Mirror of Lies",
    "book-of-memories": "Book of Memories",
    "elf-orc": "Elf / Orc",
}

#: the boxes of the heroes, locations and artifacts (RULES.md §1.3); factions: cards.FACTIONS
_FEAR_HEROES = ("lich-king", "skeleton", "warlock", "cthulhu", "mummy", "gelatinous-cube")
_FIRE_LOCATIONS = ("tavern", "pit", "forest", "lava-fields")

#: the artifacts' hints (§8): short after a use in the list (the terminal table, the web table),
#: a sentence in the CLI's list
_ARTIFACT_HINTS: Final[dict[str, tuple[str, str]]] = {
    "prowlers-torch": (
        "deck cards taken are shown, 2 tricks",
        "cards taken from the deck shown to both, this trick and the next",
    ),
    "mask-of-darkness": (
        "face-down leads, 2 tricks",
        "face-down leads this trick and the next; the follower plays freely",
    ),
    "gamblers-dice": ("both cards drawn at random", "both cards of this trick drawn at random"),
    "endless-rope": ("{arg} back to your hand", "{arg} from your Score pile to your hand"),
    "flask-of-tears": ("+9 on your next card", "+9 on your next card"),
    "book-of-memories": ("lead from your Score pile", "lead a card from your Score pile"),
    "kings-dagger": (
        "take that 5; they play again",
        "take that 5 into your Score pile; {other} plays another card",
    ),
    "magic-wand": ("your card counts {arg}", "your card counts {arg}"),
    "mirror-of-lies": ("+5 at 5 or less, −5 above", "your card +5 at 5 or less, −5 above"),
    "hunting-cloak": ("their card drawn at random", "{other_poss} card is drawn at random"),
    "wishing-lamp": ("name {arg}", "name {arg}"),
    "bottomless-bottle": ("the lower value wins", "the lower value wins this trick"),
    "ice-sword": ("both cards freeze", "both cards freeze; the same leader leads again"),
    "spyglass": (
        "discard {arg}, take from discards",
        "discard {arg}, then take a card of the discard pile",
    ),
    "gamblers-book": (
        "random discard, take one back",
        "discard a random card of your hand, then take one of the discard pile",
    ),
    "flail-of-dawn": (
        "they set a card aside",
        "{other} sets a card aside for their last trick",
    ),
}

#: what each power's end-of-game step does (§9 steps 1–3, R-90), as the account says it:
#: {from_place} / {to_place} the zones, {from_owner} / {to_owner} their owners ("player 1's"),
#: {to_poss} the receiver's possessive, {giver} "player 0 gives", {to_name} the receiver
_END_STEPS: Final[dict[str, str]] = {
    "trolls": "the Troll pool goes to {to_owner} (winner of the last trick)",
    "gnomes": "{from_owner} face-up Gnomes join {to_poss} Score pile",
    "tricksters": "fake Tricksters are removed from {from_place}",
    "poisoners": "cards matching a Toxic are discarded from {from_place}",
    "ice-kings": "Ice Kings and Ice Queens of the same value marry and leave {from_place}",
    "ice-queens": "Ice Kings and Ice Queens of the same value marry and leave {from_place}",
    "tavern": "Tavern: {giver} to {to_name}",
    "pit": "Pit: cards drawn at random from {from_place} (the winner of the last trick) are "
    "discarded",
    "pyramid": "Pyramid: cards of value 3 or less are discarded from {from_place}",
    "ruins": "Ruins: faction cards of odd value are discarded from {from_place}",
    "fortress": "Fortress: the 4 lowest cards of each faction with 6 or more are discarded from "
    "{from_place}",
}

#: each faction (and card kind) as a card says it: singular, and abbreviated on a small card
_LABELS: Final[dict[str, tuple[str, str]]] = {
    "goblins": ("goblin", "GOB"),
    "knights": ("knight", "KNI"),
    "gnomes": ("gnome", "GNO"),
    "giants": ("giant", "GIA"),
    "elves": ("elf", "ELF"),
    "orcs": ("orc", "ORC"),
    "ice-kings": ("ice king", "I.KING"),
    "ice-queens": ("ice queen", "I.QUEEN"),
    "undead": ("undead", "UND"),
    "dwarves": ("dwarf", "DWF"),
    "doppelgangers": ("doppelganger", "DOP"),
    "dragons": ("dragon", "DRG"),
    "trolls": ("troll", "TRL"),
    "seers": ("seer", "SEER"),
    "vampires": ("vampire", "VAMP"),
    "zombies": ("zombie", "ZOM"),
    "werewolves": ("werewolf", "WOLF"),
    "shadows": ("shadow", "SHAD"),
    "demons": ("demon", "DEM"),
    "fire-elementals": ("fire elemental", "FIRE"),
    "tricksters": ("trickster", "TRICK"),
    "poisoners": ("poisoner", "POIS"),
    "cyclops": ("cyclops", "CYC"),
    "phoenixes": ("phoenix", "PHX"),
    "unicorns": ("unicorn", "UNI"),
    "basilisks": ("basilisk", "BAS"),
    "yetis": ("yeti", "YETI"),
    "frostbeasts": ("frostbeast", "FROST"),
    "hero": ("hero", "HERO"),
    "toxic": ("toxic", "TOX"),
    "elf-orc": ("elf / orc", "E/O"),
    "fire-phoenix": ("fire phoenix", "PHX"),
}

#: the kinds of card that bring no power of their own, by the faction part of their codes
#: (``hero:jester``, ``toxic:3``, ``elf-orc:4``, ``fire-phoenix:2``): (box, rules text)
CARD_KINDS: Final[dict[str, tuple[str, str]]] = {
    "hero": (
        "fear",
        "A hero card (hero:NAME) counts for no faction unless its text says so; its power is "
        "the hero's (RULES.md §6).",
    ),
    "toxic": (
        "fire",
        "With Poisoners three Toxics lie face-up, their values hidden; at the end every faction "
        "card in a Score pile whose printed value equals a revealed Toxic is discarded; toxic:x "
        "is a decoy (RULES.md §5.4, R-33).",
    ),
    "elf-orc": (
        "mercenaries",
        "A dual card: it counts as an Elf or an Orc, as declared when played (R-40).",
    ),
    "fire-phoenix": (
        "maps",
        "A Fire Phoenix lies in its own face-down pile until a Phoenix brings it into a hand; it "
        "is a Phoenix in every other way (R-50).",
    ),
}


def _plain_title(key: str) -> str:
    return _TITLES.get(key, key.replace("-", " ").title())


def _rules_of(key: str) -> str:
    return REGISTRY[key].rules_text().replace("``", "'")


def _build() -> dict[str, Entry]:
    entries: dict[str, Entry] = {}
    for name, info in cards.FACTIONS.items():
        label, abbr = _LABELS[name]
        entries[name] = Entry(
            name,
            "faction",
            info.box,
            _plain_title(name),
            _rules_of(name),
            label=label,
            abbr=abbr,
            end_step=_END_STEPS.get(name, ""),
        )
    for name in cards.HEROES:
        box = "fear" if name in _FEAR_HEROES else "mercenaries"
        entries[name] = Entry(name, "hero", box, _plain_title(name), _rules_of(name))
    for kind, names in (("setting", cards.SETTINGS), ("building", cards.BUILDINGS)):
        for name in names:
            box = "fire" if name in _FIRE_LOCATIONS else "maps"
            entries[name] = Entry(
                name,
                kind,
                box,
                _plain_title(name),
                _rules_of(name),
                end_step=_END_STEPS.get(name, ""),
            )
    for name in cards.ARTIFACTS:
        hint, long_hint = _ARTIFACT_HINTS[name]
        entries[name] = Entry(
            name, "artifact", "frost", _plain_title(name), _rules_of(name), hint, long_hint
        )
    for name, (box, text) in CARD_KINDS.items():
        label, abbr = _LABELS[name]
        entries[name] = Entry(name, "card", box, _plain_title(name), text, label=label, abbr=abbr)
    return entries


#: every entry by its key (a power's name, or a card kind of :data:`CARD_KINDS`)
CATALOG: Final[Mapping[str, Entry]] = MappingProxyType(_build())


# -------------------------------------------------------------------------------------------------
# Reading it
# -------------------------------------------------------------------------------------------------


def title(key: str) -> str:
    """The display title: ``kings-dagger`` → "King's Dagger", ``ice-kings`` → "Ice Kings"; a key
    the catalog does not hold reads in title case (``windy-peaks`` → "Windy Peaks")."""
    entry = CATALOG.get(key)
    return entry.title if entry is not None else _plain_title(key)


def titles(keys: Any) -> str:
    """``["magic-wand", "spyglass"]`` → "Magic Wand, Spyglass"."""
    return ", ".join(title(key) for key in keys)


def rules(key: str) -> str:
    """The rules text (empty for a key the catalog does not hold)."""
    entry = CATALOG.get(key)
    return entry.rules if entry is not None else ""


def end_step(key: str) -> str:
    """What ``key``'s end-of-game step does, a template (empty when it has none)."""
    entry = CATALOG.get(key)
    return entry.end_step if entry is not None else ""


def hint(key: str, long: bool = False, **fields: str) -> str:
    """The hint after a use of ``key`` in a list of moves, its ``{arg}`` (``{other}``,
    ``{other_poss}`` in the ``long`` one) filled from ``fields``; empty when it has none."""
    entry = CATALOG.get(key)
    if entry is None:
        return ""
    template = entry.long_hint if long else entry.hint
    return template.format(**fields) if template else ""


def _entry_json(entry: Entry, **extra: Any) -> dict[str, Any]:
    out = {k: v for k, v in asdict(entry).items() if v != "" or k in ("hint", "rules")}
    out.update(extra)
    return out


def catalog_json() -> dict[str, Any]:
    """Everything the browser needs to name and explain the components, as JSON-able data:
    the factions in the rules' order (the pairs, then the singles) with their pair and whether
    their vote has a rule of its own, the pairs and presets, the heroes with their default
    values (R-61), the settings, buildings and artifacts, the card kinds, and the boxes."""
    factions = [
        _entry_json(
            CATALOG[name],
            pair=info.pair,
            own_vote=REGISTRY[name].overrides("score_votes"),
        )
        for name, info in cards.FACTIONS.items()
    ]
    pairs: dict[str, list[str]] = {}
    for name, info in cards.FACTIONS.items():
        if info.pair is not None:
            pairs.setdefault(info.pair, []).append(name)
    return {
        "boxes": dict(BOXES),
        "factions": factions,
        "pairs": list(pairs.values()),
        "presets": {name: list(members) for name, members in cards.PRESETS.items()},
        "heroes": [
            _entry_json(CATALOG[name], value=cards.HERO_VALUES[name]) for name in cards.HEROES
        ],
        "settings": [_entry_json(CATALOG[name]) for name in cards.SETTINGS],
        "buildings": [_entry_json(CATALOG[name]) for name in cards.BUILDINGS],
        "artifacts": [_entry_json(CATALOG[name]) for name in cards.ARTIFACTS],
        "cards": [_entry_json(CATALOG[name]) for name in CARD_KINDS],
    }


__all__ = [
    "BOXES",
    "CARD_KINDS",
    "CATALOG",
    "KINDS",
    "Entry",
    "catalog_json",
    "end_step",
    "hint",
    "rules",
    "title",
    "titles",
]
