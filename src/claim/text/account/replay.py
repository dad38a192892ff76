"""The whole account of a record (``claim replay``), and where an unfinished game stands."""

from __future__ import annotations

from typing import Any, cast

from claim.core.engine import is_over
from claim.core.keys import END_STEP
from claim.core.records import initial_state, replay
from claim.core.state import State
from claim.core.view import report
from claim.core.view_types import NextView
from claim.text.account.location_events import pending_choice_lines
from claim.text.account.narrator import Narrator
from claim.text.account.setup_text import setup_lines
from claim.text.account.tricks import trick_heading, winner_line
from claim.text.account.words import PHASE_NAMES, artifact_titles, capitalize


def in_progress_lines(state: State, narrator: Narrator) -> list[str]:
    """Where an unfinished game stands: the trick on the table, whose turn, the legal moves."""
    shown = report(state, narrator.viewer)
    names = narrator.names
    lines = [
        f"The game is in progress: {PHASE_NAMES[state.phase]}, "
        f"{len(shown['tricks'])} tricks played."
    ]
    if END_STEP in state.counters:
        lines[0] = "The game is in progress: the end of the game, its steps under way."
    current = shown.get("current")
    if current is not None:
        parts = []
        if len(current.get("prizes") or ()) > 1:
            parts.append(f"prizes {' and '.join(current['prizes'])}")
        elif current.get("prize"):
            parts.append(f"prize {current['prize']}")
        for i, play in enumerate(current["plays"]):
            verb = ("led", "led") if i == 0 else ("played", "played")
            parts.append(f"{names.act(play['player'], *verb)} {play['card']}")
        if not current["plays"]:
            parts.append(f"{names[current['leader']]} to lead")
        lines.append("On the table: " + ", ".join(parts) + ".")
    lines.extend(capitalize(d) for d in narrator.artifact_lines)
    lines.extend(capitalize(d) for d in narrator.decisions)
    lines.extend(pending_choice_lines(state, narrator))
    nxt = cast(NextView, shown["next"])  # in progress: someone is to move
    lines.append(capitalize(f"{names[nxt['player']]} to move."))
    if "legal" in nxt:
        lines.append(f"Legal moves: {', '.join(nxt['legal'])}.")
    return lines


def replay_account(record: Any) -> list[str]:
    """The whole account of a record, as everyone may see it (``claim replay``).

    The record is checked first, so a malformed record or an illegal move raises its ClaimError
    before any line is produced.
    """
    replay(record)  # every error, with the position of an illegal move
    state = initial_state(record)
    narrator = Narrator(state)
    lines = setup_lines(state, record)
    phase = 0
    for trick in report(state)["tricks"]:  # tricks of a saved position, before its moves
        if trick["phase"] != phase:
            phase = trick["phase"]
            lines.append(f"{PHASE_NAMES[phase]}:")
        lines.append(trick_heading(trick, narrator.names, narrator.printed))
        if trick.get("artifacts"):
            used = f"  Artifacts used: {artifact_titles(trick['artifacts'])}"
            if trick.get("daggered"):
                used += f" (the King's Dagger took {', '.join(trick['daggered'])})"
            lines.append(used + ".")
        lines.append("  " + winner_line(trick, narrator.names))
    if state.phase != phase and not is_over(state):
        lines.append(f"{PHASE_NAMES[state.phase]}:")
    for move in record.get("moves", []):
        lines.extend(narrator.apply(move))
    if not is_over(state):
        lines.extend(in_progress_lines(state, narrator))
    return lines
