"""The table as text for ``render_mode="ansi"``: the describing layer's sections, one seat's view.

No renderer of its own: :func:`claim.text.describe.table_sections` already writes the table from
a view (the terminal game's panels and ``claim play --plain`` read the same), so the text shows
exactly what that seat may know and nothing more.
"""

from __future__ import annotations

from claim.core.setup import GameConfig
from claim.core.view_types import View
from claim.text.account.words import Names
from claim.text.describe import heading, table_sections


def table_text(view: View, seat: int, config: GameConfig) -> str:
    """The table as ``seat`` sees it (``view`` is ``observe(state, seat)``), with the legal moves
    when the game waits on that seat. Of ``config`` only the factions (public) are read."""
    names = Names(("you", "player 1") if seat == 0 else ("player 0", "you"))
    lines = [f"Claim · you are player {seat} · {heading(view)}"]
    for section in table_sections(view, seat, names, config):
        lines.append(f"{section.title}")
        lines.extend(f"  {line}" for line in section.lines)
    next_up = view["next"]
    if next_up is None:
        result = view["result"]
        winner = None if result is None else result["winner"]
        lines.append("Draw." if winner is None else f"Player {winner} wins.")
    elif next_up["player"] == seat:
        lines.append(f"Your move: {', '.join(next_up.get('legal') or [])}")
    else:
        lines.append(f"Player {next_up['player']} to move.")
    return "\n".join(lines) + "\n"
