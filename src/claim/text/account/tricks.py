"""A trick as the account tells it: its heading (the prize, who led and played what, a value a
power changed) and who won it and why."""

from __future__ import annotations

from collections.abc import Mapping

from claim.core.view_types import PlayView, TrickView
from claim.text.account.words import Names, capitalize, printed_value


def card_text(play: PlayView, printed_values: Mapping[str, int] | None = None) -> str:
    """A played card as reported: its code, its declaration, its value when a power changed it
    (``printed_values``: the game's own printed values where they differ, heroes' R-61, H9)."""
    code = str(play["card"])
    text = code
    if play.get("as"):
        text += f" as {play['as']}"
    value = play.get("value")
    if value is not None and code.count(":") == 1:
        try:
            printed = (printed_values or {}).get(code, None)
            if printed is None:
                printed = printed_value(code)
        except KeyError:
            printed = value
        if value != printed:
            text += f" (counts {value})"
    return text


def trick_heading(
    trick: TrickView, names: Names, printed_values: Mapping[str, int] | None = None
) -> str:
    """``Trick 3 · prize undead:0 · player 1 leads dwarves:9, player 0 plays dwarves:3``."""
    parts = [f"Trick {trick['number']}"]
    if len(trick.get("prizes") or ()) > 1:
        parts.append(f"prizes {' and '.join(trick['prizes'])}")  # Islands (L6)
    elif trick.get("prize"):
        parts.append(f"prize {trick['prize']}")
    plays = trick["plays"]
    said = []
    for i, play in enumerate(plays):
        verb = ("leads", "lead") if i == 0 else ("plays", "play")
        said.append(f"{names.act(play['player'], *verb)} {card_text(play, printed_values)}")
    parts.append(", ".join(said) or "no card played")
    return " · ".join(parts)


def winner_line(trick: TrickView, names: Names) -> str:
    """Who won the trick and why (the engine's ``reason``)."""
    winner = trick.get("winner")
    reason = trick.get("reason") or "no reason given"
    if winner is None:
        return f"Nobody wins the trick: {reason}."
    return capitalize(f"{names.act(winner, 'wins', 'win')} the trick: {reason}.")
