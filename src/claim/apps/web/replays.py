"""A finished game's replay as the web's replay page reads it: which viewer it is seen as
(``?view=``), and the account of the game, move by move, as that viewer was told it. The manager
(:mod:`claim.apps.web.manager`) serves it, and keeps the accounts of the last few games asked for.
"""

from __future__ import annotations

from claim.apps.web.requests import ApiError, shorten
from claim.core.records import Record, initial_state
from claim.core.view import SPECTATOR
from claim.text.account import (
    Names,
    Narrator,
    faction_titles,
    named,
    setup_lines,
    table_setup_lines,
)

#: a replay's viewers (``?view=``): everything, a seat, a spectator
REPLAY_VIEWS: dict[str, int | None] = {"all": None, "0": 0, "1": 1, "spectator": SPECTATOR}


def _replay_viewer(text: str) -> int | None:
    if text not in REPLAY_VIEWS:
        raise ApiError(f"view must be one of {', '.join(REPLAY_VIEWS)}, not {shorten(text)!r}")
    return REPLAY_VIEWS[text]


def _replay_logs(record: Record, viewer: int | None = None) -> list[list[str]]:
    """The account of a finished game, move by move: index 0 the setup, index n the lines of
    move n; omniscient (``viewer`` None), or as player 0, 1 or a spectator was told it."""
    state = initial_state(record)
    if viewer is None:
        narrator = Narrator(state)
        logs = [setup_lines(state, record)]
    else:
        names = Names()
        narrator = Narrator(state, viewer=viewer, names=names)
        config = state.config
        who = "a spectator" if viewer == SPECTATOR else f"player {viewer}"
        first = [f"The game as {who} saw it.", f"Factions: {faction_titles(config.factions)}."]
        first.append(f"Player {config.first_leader} leads the first trick.")
        logs = [first + table_setup_lines(config, viewer, names)]
    for move in record.get("moves", []):
        logs.append(narrator.apply(move))
    # the replay page is read by a person: its cards by their names (issue 37); the account of
    # ``claim replay`` and the record keep the codes
    return [[named(line) for line in lines] for lines in logs]
