"""The end of the game counted exactly, for the decisions taken there (the Tavern's gifts, the
Gargoyle's faction): the public Score piles are laid out as a state and scored by the core's own
scorer (:func:`claim.core.scoring.end_result`), after the Buildings' end-of-game discards.

The bot counts the end as the view shows it now: Pyramid, Ruins and Fortress discard before the
count (the Pit's two random cards are not guessed), our Gargoyle counts as two cards of the
faction we try, the opponent's chosen gifts are unknown.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from claim.bots.heuristic.card_values import card_value, read_code
from claim.core import cards
from claim.core.powers import RuleBook, rule_book
from claim.core.powers.heroes import Ent, Gargoyle
from claim.core.powers.locations import Fortress, Pyramid, Ruins, Underworld
from claim.core.scoring import end_result
from claim.core.setup import GameConfig
from claim.core.state import NO_PLAYER, State
from claim.core.view_types import View

#: the Buildings whose end-of-game discards (§9 step 3) are counted: all but the Pit's random ones
_DISCARDS = (Pyramid.name, Ruins.name, Fortress.name)
#: what a game decided before the votes counts for in the bot's vote margin
_DECIDED_MARGIN = 9


class EndCount:
    """The end of the game as one view shows it, counted for ``me`` over the ``factions``, for
    as many trial piles and Gargoyle factions as a decision weighs."""

    def __init__(self, view: View, me: int, factions: Iterable[str]) -> None:
        self.view = view
        self.me = me
        self.factions = tuple(factions)
        self.setting: str | None = view.get("setting") or None
        self.building: str | None = view.get("building") or None
        self.under = self.setting == Underworld.name
        #: the faction each collected dual card (R-40) and Ent (H35) was declared as when played
        self.declared: dict[str, str] = {}
        for trick in view.get("tricks", []):
            for play in trick.get("plays", []):
                code = play["card"]
                if play.get("as") and (read_code(code)[0] == "elf-orc" or code == Ent.key):
                    self.declared[code] = play["as"]
        last = [t.get("winner") for t in view.get("tricks", []) if t.get("phase") == 2]
        #: the winner of the last Phase Two trick (Dungeon, L11)
        self.last_winner: int = last[-1] if last and last[-1] in (0, 1) else NO_PLAYER

    def score(
        self, gargoyle: str | None = None, piles: list[list[str]] | None = None
    ) -> tuple[float, int, int]:
        """The game's result for us from the public Score piles (``piles`` instead when given),
        §9 steps 3–6 with the view's Setting and Building, our Gargoyle counted as two cards of
        ``gargoyle`` (H32): (1 win, 1/2 draw, 0 loss; vote margin; card margin in won
        factions)."""
        state = self._state(gargoyle, piles)
        for power in state.book.end_steps:
            if power.name in _DISCARDS:
                power.end_of_game(state)
        result = end_result(state)
        me, winner = self.me, result["winner"]
        score = 0.5 if winner is None else 1.0 if winner == me else 0.0
        if result["reason"] not in ("votes", "cards", "draw"):
            # decided before the votes (§9 step 4)
            margin = 0 if winner is None else _DECIDED_MARGIN if winner == me else -_DECIDED_MARGIN
            return score, margin, 0
        won, in_won = result["votes_won"], result["cards_in_won_factions"]
        return score, won[me] - won[1 - me], in_won[me] - in_won[1 - me]

    def _state(self, gargoyle: str | None, piles: list[list[str]] | None) -> State:
        """A state holding what the end counts: the collected cards (Score piles, face-up
        Vampires and their tucked cards), the declarations of the dual cards and the Ent played
        and of our Gargoyle, the public counters (Lighthouse, Dungeon) and the winner of the
        last Phase Two trick."""
        config, book = _rules(self.factions, self.setting, self.building, bool(gargoyle))
        state = State(config, book)
        players = self.view["players"]
        if piles is None:
            piles = [list(pl.get("score", [])) for pl in players]
        used: set[int] = set()
        state.score = [self._ids(pile, used) for pile in piles]
        for p in (0, 1):
            vampire = players[p].get("vampire")
            state.vampire[p] = self._ids([vampire], used) if vampire else []
            state.tucked[p] = self._ids(players[p].get("tucked", []), used)
        declared = self.declared
        for p in (0, 1):
            for card in state.score[p]:
                code = cards.CODE[card]
                if code in declared:
                    state.declared[card] = declared[code]
                elif gargoyle and p == self.me and code == Gargoyle.key:
                    state.declared[card] = gargoyle
        state.counters = dict(self.view.get("counters") or {})
        state.last_winner = self.last_winner
        return state

    def _ids(self, names: Iterable[str], used: set[int]) -> list[int]:
        """A card for each name, none twice (:func:`_candidates`)."""
        found: list[int] = []
        for name in names:
            card = next(c for c in _candidates(name, self.under) if c not in used)
            used.add(card)
            found.append(card)
        return found


def end_score(
    view: View,
    me: int,
    factions: list[str],
    gargoyle: str | None,
    piles: list[list[str]] | None = None,
) -> tuple[float, int, int]:
    """:meth:`EndCount.score` for one count."""
    return EndCount(view, me, factions).score(gargoyle, piles)


@lru_cache(maxsize=64)
def _rules(
    factions: tuple[str, ...], setting: str | None, building: str | None, gargoyle: bool
) -> tuple[GameConfig, RuleBook]:
    """The config and rule book of a game with these factions and locations (and the Gargoyle,
    for its double count, H32)."""
    heroes = (Gargoyle.hero,) if gargoyle else ()
    config = GameConfig(
        factions=factions, heroes=heroes, hero_pool=heroes, setting=setting, building=building
    )
    return config, rule_book(config)


@lru_cache(maxsize=1024)
def _candidates(name: str, under: bool) -> tuple[int, ...]:
    """The cards a name may stand for, in the order they are taken: the cards of that code,
    then those it names publicly (a fake Trickster; a value-hidden card), those at the value the
    bot estimates for the name first."""
    exact = tuple(cards.IDS_BY_CODE.get(name, ()))
    named = exact + tuple(c for c in _publicly_named().get(name, ()) if c not in exact)
    estimate = card_value(name, under)
    return tuple(c for c in named if _value(c, under) == estimate) + tuple(
        c for c in named if _value(c, under) != estimate
    )


@lru_cache(maxsize=1)
def _publicly_named() -> dict[str, list[int]]:
    """The cards by public name (the name shown where a value is hidden, R-30, W1)."""
    found: dict[str, list[int]] = {}
    for card, name in enumerate(cards.PUBLIC_NAME):
        found.setdefault(name, []).append(card)
    return found


def _value(card: int, under: bool) -> int:
    value = cards.VALUE[card]
    return 10 if under and value == 0 and cards.FACTION[card] != "toxic" else value
