"""Whether an artifact window is worth asking (issue 18): a screen asks the player only when an
artifact could matter from what they know, and answers ``pass`` for them otherwise (through the
normal path: the record is the same as if they had passed).

One home for the "could it matter" checks, for the terminal and the web table alike. They read
only the player's view (``observe``), the decision's kind and the legal moves, never the true
state, so a skipped window tells the player nothing they did not know. Each check is
conservative: any power, location or artifact in the trick that could bend the comparison makes
the window worth asking.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from itertools import permutations

from claim.core import cards
from claim.core.keys import BONUSES
from claim.core.powers import REGISTRY
from claim.core.powers import artifacts as arts
from claim.core.view_types import PlayView, View
from claim.text import catalog

#: the artifact windows (R-80): a decision of these kinds offers ``use ...`` moves and ``pass``
WINDOWS = (arts.START, arts.DAGGER, arts.PLAYED, arts.ICE, arts.WON, arts.BETWEEN, arts.FLAIL)

#: the hooks through which a card's or a location's power bends who wins a trick
_WINNER_HOOKS = ("set_faction", "set_value", "decide_winner")


def offered(moves: Sequence[str]) -> list[str]:
    """The artifacts a window's moves offer (``use magic-wand +2`` → ``magic-wand``), in order;
    empty when the moves are not an artifact window's (anything but ``use`` and ``pass``)."""
    names: list[str] = []
    for move in moves:
        if move == "pass":
            continue
        verb, _, rest = move.partition(" ")
        name = rest.partition(" ")[0]
        if verb != "use" or name not in cards.ARTIFACTS:
            return []
        if name not in names:
            names.append(name)
    return names


def could_matter(
    artifact: str, kind: str, view: View, seat: int, offered_too: Collection[str] = ()
) -> bool:
    """Whether using ``artifact`` at a window of ``kind`` could change anything, as far as the
    view of ``seat`` tells. One check says no: a value artifact (Magic Wand, Mirror of Lies) on
    your own follow when no value it can reach (with the other value artifacts the window
    offers, ``offered_too``, used in any order, A12) changes the trick's winner. Every other
    artifact is always worth asking."""
    if artifact in VALUE_CHANGES and kind == arts.PLAYED:
        changes = [VALUE_CHANGES[n] for n in {artifact, *offered_too} if n in VALUE_CHANGES]
        return _value_could_matter(view, seat, changes)
    return True


#: the artifacts that change the value of the card just played (A12), each with the values it
#: can make of a value (the core's own arithmetic: MagicWand.change, MirrorOfLies.change)
VALUE_CHANGES: dict[str, Callable[[int], tuple[int, ...]]] = {
    arts.MagicWand.name: lambda v: (arts.MagicWand.change(v, 2), arts.MagicWand.change(v, -2)),
    arts.MirrorOfLies.name: lambda v: (arts.MirrorOfLies.change(v, 0),),
}


def _reachable(value: int, changes: Sequence[Callable[[int], tuple[int, ...]]]) -> set[int]:
    """Every value the changes make of ``value``, each used at most once, in any order."""
    reached = {value}
    for order in permutations(changes):
        values = {value}
        for change in order:
            values |= {new for v in values for new in change(v)}
        reached |= values
    return reached


def _value_could_matter(
    view: View, seat: int, changes: Sequence[Callable[[int], tuple[int, ...]]]
) -> bool:
    current = view.get("current")
    plays = current["plays"] if current else []
    if len(plays) != 2 or plays[1]["player"] != seat:
        return True  # your lead: the follow is not known yet
    if current and current.get("artifacts"):
        return True  # an artifact used in the trick may bend the comparison (a Bottle, ...)
    for place in (view.get("setting"), view.get("building")):
        if place and _bends(place):
            return True
    if _bonus_waiting(view):
        return True  # a card's value has a bonus the plays do not show
    powers = [_power_of(play) for play in plays]
    if any(p is None or _bends(p) for p in powers):
        return True  # a face-down card, a hero, a faction that decides by its own rule
    lead, follow = (_value(play) for play in plays)
    if lead is None or follow is None:
        return True
    if powers[0] != powers[1]:
        return False  # the follow does not follow faction: the leader wins whatever the values
    # the same plain faction: the higher value wins, a tie goes to the leader
    wins = follow > lead
    return any((value > lead) != wins for value in _reachable(follow, changes))


def _bonus_waiting(view: View) -> bool:
    """Whether a waiting bonus (Flask of Tears, Ice Sword: A15, A37) may be in this trick's
    values: one still waiting, or the Ice Sword's, which the cards after a frozen trick take
    (the plays show printed values only). The Flask is used in the trick it helps, so the
    trick's own artifacts already say so."""
    counters = view.get("counters") or {}
    if any(key.partition(":")[0] in BONUSES for key in counters):
        return True
    tricks = view.get("tricks") or []
    return bool(tricks) and tricks[-1]["reason"] == arts.FROZEN_REASON


def _power_of(play: PlayView) -> str | None:
    """The faction of a card as the view shows it (a declared faction counts as its own);
    None for a face-down card or a hero."""
    shown = play["card"]
    if play.get("as") or shown not in cards.IDS_BY_CODE:
        return None
    faction = cards.faction_of_code(shown)
    return None if faction == "hero" else faction


def _value(play: PlayView) -> int | None:
    if "value" in play:
        return play["value"]
    value = play["card"].partition(":")[2]
    return int(value) if value.isdigit() else None


def _bends(name: str) -> bool:
    power = REGISTRY.get(name)
    return power is not None and any(power.overrides(hook) for hook in _WINNER_HOOKS)


def unasked(
    kind: str | None, moves: Sequence[str], view: View, seat: int, never: Collection[str] = ()
) -> list[str]:
    """The artifacts of a window the player need not be asked about (each could not matter, or
    the player said not to ask again this game, ``never``); empty when the window must be
    asked (or is no artifact window). A screen passes for the player when this is non-empty."""
    if kind not in WINDOWS or "pass" not in moves:
        return []
    names = offered(moves)
    if not names:
        return []
    asked = [name for name in names if name not in never]
    if not any(could_matter(name, kind, view, seat, asked) for name in asked):
        return names
    return []


#: how the terminal's player asks again at every artifact window
TERMINAL_ASK_ALL = "ctrl+a asks at every window"


def skipped_line(
    names: Sequence[str], never: Collection[str], ask_all: str = TERMINAL_ASK_ALL
) -> str:
    """The log's line for a window passed for the player (``ask_all``: how they undo it)."""
    why = (
        "you said not to ask again"
        if all(name in never for name in names)
        else "it could not change the trick"
    )
    return f"(Not asked: {catalog.titles(list(names))}, {why}; {ask_all}.)"
