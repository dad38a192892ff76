"""How the account says the common things: the players (:class:`Names`), the zones, ordinals,
a capital at the start of a line, and the titles of the components (read from the catalog,
:mod:`claim.text.catalog`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from claim.core import cards
from claim.text import catalog

PHASE_NAMES = {1: "Phase One", 2: "Phase Two"}

#: zone names of :meth:`State.zones`, as the account says them ("{p}" is a player's name)
ZONE_TEXT = {
    "hand": "{p}'s hand",
    "followers": "{p}'s Follower deck",
    "score": "{p}'s Score pile",
    "gnomes": "{p}'s face-up Gnomes",  # the zone (``gnomes0``), not the faction
    "deck": "the deck",
    "discard": "the discard pile",
    "troll_pool": "the Troll pool",
    "out": "out of the game",
    "table": "the table",
    "vampire": "{p}'s face-up Vampire",
    "tucked": "under {p}'s face-up Vampire",
}

ORDINALS = ("highest", "second highest", "third highest")

PLAYER_NAMES = ("player 0", "player 1")


def capitalize(line: str) -> str:
    """The line with its first letter in upper case (names start sentences)."""
    return line[:1].upper() + line[1:]


def printed_value(code: str) -> int:
    """The printed value of a card code."""
    return cards.VALUE[cards.IDS_BY_CODE[code][0]]


def ordinal(index: int) -> str:
    """``0`` → "highest", ``1`` → "second highest", ..."""
    return ORDINALS[index] if index < len(ORDINALS) else f"{index + 1}th highest"


def hero_title(name: str) -> str:
    """``gelatinous-cube`` → "Gelatinous Cube" (the catalog's title)."""
    return catalog.title(name)


def location_title(name: str) -> str:
    """``windy-peaks`` → "Windy Peaks" (the catalog's title)."""
    return catalog.title(name)


def artifact_title(name: str) -> str:
    """``kings-dagger`` → "King's Dagger" (the catalog's title)."""
    return catalog.title(name)


def artifact_titles(names: Sequence[str]) -> str:
    """``["magic-wand", "spyglass"]`` → "Magic Wand, Spyglass"."""
    return catalog.titles(names)


def power_phrase(name: str) -> str:
    """Whose power a card's move was: ``dwarves`` → "the Dwarves' power", ``stone-golem`` →
    "the Stone Golem's power", ``ice-sword`` (an artifact) → "the Ice Sword"."""
    title = catalog.title(name)
    if name in cards.ARTIFACTS:
        return f"the {title}"
    return f"the {title}'" + ("" if title.endswith("s") else "s") + " power"


class Names:
    """How the account names the players: "player 0"/"player 1", or "you"/"the bot"."""

    def __init__(self, names: Sequence[str] = PLAYER_NAMES) -> None:
        self.names = tuple(names)

    def __getitem__(self, player: int) -> str:
        return self.names[player]

    def act(self, player: int, verb: str, plural: str) -> str:
        """``"player 1 takes"`` or ``"you take"``: the name with its verb agreeing."""
        name = self.names[player]
        return f"{name} {plural if name == 'you' else verb}"

    def owner(self, player: int) -> str:
        """``"player 1's"`` or ``"your"``."""
        name = self.names[player]
        return "your" if name == "you" else f"{name}'s"


def zone_text(zone: str, names: Names) -> str:
    """A zone name of :meth:`State.zones` (``score1``) as the account says it."""
    base = zone.rstrip("01")
    owner = zone[len(base) :]
    template = ZONE_TEXT.get(base, base)
    if owner:
        return template.replace("{p}'s", names.owner(int(owner)))
    return template


# -------------------------------------------------------------------------------------------------
# Names for people (issue 37): what a player reads where the engine writes a code
# -------------------------------------------------------------------------------------------------

#: the words of a hidden value (R-30, W2, W4): a Demon by parity, a Fire Elemental by band
_PARTIAL_VALUES = ("odd", "even", "low", "high")


def faction_label(faction: str) -> str:
    """A faction (or card kind) as one card of it is called: ``ice-kings`` → "Ice King"."""
    entry = catalog.CATALOG.get(faction)
    label = entry.label if entry is not None and entry.label else faction.replace("-", " ")
    return " ".join(word[:1].upper() + word[1:] for word in label.split(" "))


def faction_title(name: str) -> str:
    """A faction as a person reads it: ``fire-elementals`` → "Fire Elementals" (the catalog's
    title)."""
    return catalog.title(name)


def faction_titles(names: Sequence[str]) -> str:
    """``["goblins", "ice-kings"]`` → "Goblins, Ice Kings"."""
    return catalog.titles(names)


def card_name(code: str) -> str:
    """A card as a person reads it, from its code or the partial name its viewer sees:
    ``ice-kings:7`` → "Ice King 7", ``demons:odd`` → "an odd Demon", ``fire-elementals:high`` →
    "a high Fire Elemental", ``hero:gargoyle`` → "the Gargoyle", ``tricksters:5x`` → "a fake
    Trickster 5", ``toxic:x`` → "the decoy Toxic", ``?`` → "a card". Only the name given is read,
    so the words tell no more than the code; a name of no known shape reads as it is."""
    if code == "?":
        return "a card"
    faction, sep, value = code.partition(":")
    if not sep:
        return catalog.title(code) if code in catalog.CATALOG else code
    if faction == "hero":
        return f"the {catalog.title(value)}"
    label = faction_label(faction)
    if value in _PARTIAL_VALUES:
        article = "an" if value[0] in "aeiou" else "a"
        return f"{article} {value} {label}"
    if faction == "toxic" and value == "x":
        return "the decoy Toxic"
    if value.endswith("x") and value[:-1].isdigit():
        return f"a fake {label} {value[:-1]}"  # a fake Trickster (W1)
    return f"{label} {value}"


def _name_pattern() -> re.Pattern[str]:
    """The codes :func:`named` turns into names: every card's code and public name, and the
    hyphenated keys (a one-word key such as ``pit`` is an ordinary word, left alone)."""
    found = set(cards.CODE) | set(cards.PUBLIC_NAME)
    keys = (*cards.FACTIONS, *cards.HEROES, *cards.SETTINGS, *cards.BUILDINGS, *cards.ARTIFACTS)
    found |= {key for key in keys if "-" in key}
    alternatives = "|".join(re.escape(c) for c in sorted(found, key=len, reverse=True))
    return re.compile(rf"(?<![\w:/.-])({alternatives})(?![\w-]|:[\w-])")


_NAME_PATTERN = _name_pattern()


def _label_pattern() -> re.Pattern[str]:
    """The one-word faction keys :func:`named` turns into titles where they stand as a label (the
    account's vote lines and decisions write a faction by its key, and a one-word key is an
    ordinary word elsewhere, so only these places): heading a line or a table's row
    (``goblins: you have …``, ``goblins   4 0``), heading its values (``goblins 7 6``), after
    "as" (``counts the Gargoyle as goblins``), naming a vote or its cards (``the goblins vote``,
    ``two goblins cards``). Lowercase only: a title is already what a person reads."""
    keys = "|".join(
        re.escape(k) for k in sorted(cards.FACTIONS, key=len, reverse=True) if "-" not in k
    )
    values = "|".join(_PARTIAL_VALUES)
    return re.compile(
        rf"(?<![\w:/.'-])({keys})"
        rf"(?=:\s|:$| {{2,}}| (?:\d|(?:{values})\b)| vote\b| (cards?)\b)"
        rf"|(?<=\bas )({keys})\b"
    )


_LABEL_PATTERN = _label_pattern()


def _titled(match: re.Match[str]) -> str:
    """A one-word faction key of :data:`_LABEL_PATTERN` by its title ("Goblins"), or, before
    "cards", as one card of it is called ("two Goblin cards")."""
    key = match.group(1) or match.group(3)
    return faction_label(key) if match.group(2) else catalog.title(key)


def named(line: str) -> str:
    """A line of text with every card code in it said as a person reads it (:func:`card_name`,
    a key by the catalog's title, a one-word faction key standing as a label too: "goblins: you
    have 3 cards" → "Goblins: you have 3 cards"): "The bot led demons:odd" → "The bot led an odd
    Demon". The
    live texts (the terminal, the web table, ``claim play --plain``) pass through it; the replay
    account, records and ``--json`` keep the codes (rules lawyers and machines read those)."""

    def name(match: re.Match[str]) -> str:
        words = card_name(match.group(1))
        return capitalize(words) if match.start() == 0 else words

    return _LABEL_PATTERN.sub(_titled, _NAME_PATTERN.sub(name, line))
