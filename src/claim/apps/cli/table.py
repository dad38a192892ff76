"""The line-by-line game's table as a seat sees it (``claim play --plain``): built from
``observe`` only. A renderer: every word is :mod:`claim.text.describe`'s (the sections the
full-screen table puts in panels, the prompt, the moves and their hints, issue 37); this module
only lays them out as lines."""

from __future__ import annotations

from claim.core.view_types import View
from claim.text.account import Names
from claim.text.describe import (
    asked,
    heading,
    move_hint,
    move_text,
    ordered_moves,
    prompt_text,
    table_sections,
    vote_table_lines,
)

#: the width the votes table is laid out in (the line game wraps longer lines itself)
VOTES_WIDTH = 78


def table_lines(view: View, seat: int, names: Names) -> list[str]:
    """The table as ``seat`` sees it, from ``observe`` only: the heading, each section of
    :func:`~claim.text.describe.table_sections` under its title, and, when the seat is to move,
    what it is asked and its numbered moves."""
    decision = asked(view)
    lines = [f"── {heading(view, decision['kind'] if decision is not None else None)} ──"]
    finished = view["status"] == "finished"
    for section in table_sections(view, seat, names):
        lines.append(f"{section.title}:")
        body = list(section.lines)
        if section.rows:
            body = vote_table_lines(section.rows, seat, names, finished, VOTES_WIDTH) + body
        lines.extend(f"  {line}" for line in body)
    nxt = view.get("next")
    legal = (nxt.get("legal") if nxt is not None else None) or []
    if legal:
        lines.append(prompt_text(view, seat, names, decision))
        lines.append("Your moves:")
        # numbered as the full-screen table numbers them (issue 37), and as play reads a number
        for i, move in enumerate(ordered_moves(legal, view["factions"]), 1):
            hint = move_hint(move, names, seat)
            # the move in words (issue 37); typed by its number or its code (play reads both)
            lines.append(f"  {i}. {move_text(move)}" + (f" — {hint}" if hint else ""))
    return lines
