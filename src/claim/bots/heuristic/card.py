"""A card on the table or in a hand as the trick model sees it: the faction it is played as,
its effective value, whose it is, and whether its powers act."""

from __future__ import annotations

from claim.bots.heuristic.card_values import card_value
from claim.core.cards import IDS_BY_CODE
from claim.core.judge import Imagined


class Card:
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
        self.rank = rank  # 1: a Farmlands 2, first in its faction whatever the values

    def plain(self, under: bool = False) -> Card:
        """The card without its power (a Vampire Queen's, H7, H38): a hero loses its
        declaration, a faction card its faction power."""
        if self.code.startswith("hero:"):
            value = card_value(self.code, under)
            return Card(self.code, "", value, self.player, self.known, "", False)
        return Card(
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

    def revalued(self, value: int) -> Card:
        """The card with another effective value (a Magic Wand or Mirror of Lies on it)."""
        return Card(
            self.code,
            self.faction,
            value,
            self.player,
            self.known,
            self.hero,
            self.fpower,
            self.last,
            self.rank,
        )

    def imagined(self) -> Imagined:
        """The card as the core's trick query takes it (:func:`claim.core.judge.judge_trick`;
        an unknown or partly named card: by the faction it is played as)."""
        ids = IDS_BY_CODE.get(self.code)
        card = ids[0] if ids else -1
        return Imagined(self.player, card, self.faction, self.value, self.rank, self.last)
