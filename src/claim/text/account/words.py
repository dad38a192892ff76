"""How the account says the common things: the players (:class:`Names`), the zones, ordinals,
a capital at the start of a line, and the titles of the components (read from the catalog,
:mod:`claim.text.catalog`)."""

from __future__ import annotations

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
