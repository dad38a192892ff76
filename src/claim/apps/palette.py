"""How each faction looks on a screen: its colour in the terminal and on the web table's cards.

Colour is decoration only (every card is also written as its code), so it is the screens' own
knowledge rather than the catalog's: a faction missing here is simply drawn in a neutral colour,
and adding a card never needs this table. It is the one place both screens read: the terminal
game (:mod:`claim.apps.tui.widgets`) and the browser, which gets :func:`palette_json` with the
catalog (``GET /api/catalog``, :mod:`claim.apps.web.app`) instead of a copy of its own.

The keys are the factions as the card codes write them, plus the card kinds that are not a
faction (``hero``, ``toxic``, ``elf-orc``, ``fire-phoenix``): the same keys as the catalog's
(:data:`claim.text.catalog.CATALOG`); ``tests/test_web_api.py`` checks that each is one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Look:
    """``terminal``: a Rich style for the card codes in the terminal (on a dark background);
    ``card``: the web card's background colour; ``ink``: its text colour where white is not
    readable on it (empty: white)."""

    terminal: str
    card: str
    ink: str = ""


# a literal table keyed by name: the colours are chosen per faction, by eye, and are not derived
# from anything the rules know (see the module's docstring). The base game's five are told apart
# also with red-green colour blindness (Goblins a bluish green, Dwarves an orange: Okabe & Ito's
# palette); no palette keeps 29 factions apart, so every web card also carries its faction's
# name, abbreviation and a shape of its own.
LOOKS: Final[dict[str, Look]] = {
    "goblins": Look("green", "#00876a"),
    "knights": Look("bright_white", "#65717f"),
    "undead": Look("magenta", "#5b2c6f"),
    "dwarves": Look("yellow", "#e69f00", "#3b2500"),
    "doppelgangers": Look("cyan", "#b5177a"),
    "gnomes": Look("bright_green", "#d35400"),
    "giants": Look("dark_orange", "#7f5539"),
    "dragons": Look("red", "#b03a2e"),
    "trolls": Look("green4", "#4e6e3a"),
    "seers": Look("medium_purple", "#6c3483"),
    "elves": Look("spring_green2", "#16a085"),
    "orcs": Look("dark_olive_green3", "#5b6e2a"),
    "elf-orc": Look("pale_green3", "#2f8a5a"),
    "ice-kings": Look("light_sky_blue1", "#2e86c1"),
    "ice-queens": Look("light_cyan1", "#8cc6ec", "#10324a"),
    "vampires": Look("deep_pink3", "#7b0a0a"),
    "zombies": Look("chartreuse4", "#7d8c3a"),
    "werewolves": Look("tan", "#5d4037"),
    "shadows": Look("grey62", "#2c2c34"),
    "demons": Look("red3", "#e04a2f"),
    "fire-elementals": Look("orange_red1", "#f39c12", "#3b2500"),
    "tricksters": Look("orchid", "#8e44ad"),
    "poisoners": Look("dark_sea_green", "#1e8449"),
    "toxic": Look("dark_sea_green", "#7dcea0", "#0b3d20"),
    "cyclops": Look("steel_blue1", "#a04000"),
    "phoenixes": Look("gold1", "#ff7f50", "#3b1200"),
    "fire-phoenix": Look("gold3", "#ff7f50", "#3b1200"),
    "unicorns": Look("plum1", "#f5b7d0", "#5a1836"),
    "basilisks": Look("dark_khaki", "#117a65"),
    "yetis": Look("light_steel_blue", "#d6eaf8", "#173a55"),
    "frostbeasts": Look("sky_blue2", "#1f618d"),
    "hero": Look("bold bright_yellow", "#d4ac0d", "#3a2d00"),
}

#: each key's terminal style (:mod:`claim.apps.tui.widgets` colours card codes with it)
TERMINAL: Final[dict[str, str]] = {key: look.terminal for key, look in LOOKS.items()}


def palette_json() -> dict[str, list[str]]:
    """The web cards' colours: ``{key: [background]}`` or ``{key: [background, ink]}``."""
    return {key: [look.card, look.ink] if look.ink else [look.card] for key, look in LOOKS.items()}
