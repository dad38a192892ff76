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
from typing import Any

from claim.bots.heuristic.card_values import card_value, read_code
from claim.core import cards
from claim.core.powers import rule_book
from claim.core.scoring import end_result
from claim.core.setup import GameConfig
from claim.core.state import NO_PLAYER, State

#: the Buildings whose end-of-game discards (§9 step 3) are counted: all but the Pit's random ones
_DISCARDS = ("pyramid", "ruins", "fortress")
#: what a game decided before the votes counts for in the bot's vote margin
_DECIDED_MARGIN = 9


def end_score(
    view: dict[str, Any],
    me: int,
    factions: list[str],
    gargoyle: str | None,
    piles: list[list[str]] | None = None,
) -> tuple[float, int, int]:
    """The game's result for ``me`` from the public Score piles (``piles`` instead when given),
    §9 steps 3–6 with the view's Setting and Building, our Gargoyle counted as two cards of
    ``gargoyle`` (H32): (1 win, 1/2 draw, 0 loss; vote margin; card margin in won factions)."""
    state = _end_state(view, me, factions, gargoyle, piles)
    for power in state.book.end_steps:
        if power.name in _DISCARDS:
            power.end_of_game(state)
    result = end_result(state)
    winner = result["winner"]
    score = 0.5 if winner is None else 1.0 if winner == me else 0.0
    if result["reason"] not in ("votes", "cards", "draw"):
        # decided before the votes (§9 step 4)
        margin = 0 if winner is None else _DECIDED_MARGIN if winner == me else -_DECIDED_MARGIN
        return score, margin, 0
    won, in_won = result["votes_won"], result["cards_in_won_factions"]
    return score, won[me] - won[1 - me], in_won[me] - in_won[1 - me]


def _end_state(
    view: dict[str, Any],
    me: int,
    factions: list[str],
    gargoyle: str | None,
    piles: list[list[str]] | None,
) -> State:
    """A state holding what the end counts: the collected cards (Score piles, face-up Vampires
    and their tucked cards), the declarations of the dual cards and the Ent played (R-40, H35)
    and of our Gargoyle, the public counters (Lighthouse, Dungeon) and the winner of the last
    Phase Two trick (Dungeon)."""
    setting = view.get("setting") or None
    building = view.get("building") or None
    heroes = ("gargoyle",) if gargoyle else ()
    config = GameConfig(
        factions=tuple(factions),
        heroes=heroes,
        hero_pool=heroes,
        setting=setting,
        building=building,
    )
    state = State(config, rule_book(config))
    under = setting == "underworld"
    players = view["players"]
    if piles is None:
        piles = [list(pl.get("score", [])) for pl in players]
    used: set[int] = set()
    state.score = [_card_ids(pile, used, under) for pile in piles]
    for p in (0, 1):
        vampire = players[p].get("vampire")
        state.vampire[p] = _card_ids([vampire], used, under) if vampire else []
        state.tucked[p] = _card_ids(players[p].get("tucked", []), used, under)
    declared = _declarations(view)
    for p in (0, 1):
        for card in state.score[p]:
            code = cards.CODE[card]
            if code in declared:
                state.declared[card] = declared[code]
            elif gargoyle and p == me and code == "hero:gargoyle":
                state.declared[card] = gargoyle
    state.counters = dict(view.get("counters") or {})
    last = [t.get("winner") for t in view.get("tricks", []) if t.get("phase") == 2]
    state.last_winner = last[-1] if last and last[-1] in (0, 1) else NO_PLAYER
    return state


def _declarations(view: dict[str, Any]) -> dict[str, str]:
    """The faction each collected dual card (R-40) and Ent (H35) was declared as when played."""
    declared: dict[str, str] = {}
    for trick in view.get("tricks", []):
        for play in trick.get("plays", []):
            code = play["card"]
            if play.get("as") and (read_code(code)[0] == "elf-orc" or code == "hero:ent"):
                declared[code] = play["as"]
    return declared


def _card_ids(names: Iterable[str], used: set[int], under: bool) -> list[int]:
    """A card for each name, none twice: the card of that code, else one its public name covers
    (a fake Trickster; a value-hidden card at the value the bot estimates for it)."""
    found: list[int] = []
    for name in names:
        candidates = _named(name)
        estimate = card_value(name, under)
        card = next(
            (c for c in candidates if c not in used and _value(c, under) == estimate),
            None,
        )
        if card is None:
            card = next(c for c in candidates if c not in used)
        used.add(card)
        found.append(card)
    return found


@lru_cache(maxsize=1024)
def _named(name: str) -> tuple[int, ...]:
    """The cards a name may stand for: those of that code first, then those it names publicly."""
    exact = tuple(cards.IDS_BY_CODE.get(name, ()))
    public = tuple(
        c for c in range(cards.NUM_CARDS) if cards.PUBLIC_NAME[c] == name and c not in exact
    )
    return exact + public


def _value(card: int, under: bool) -> int:
    value = cards.VALUE[card]
    return 10 if under and value == 0 and cards.FACTION[card] != "toxic" else value
