"""The terminal game (Textual): play against a bot, save and resume, step through a record.

The entry points for ``claim play`` and ``claim replay`` are :func:`run_play` and
:func:`run_replay`. Both check their inputs before any screen appears, so a bad option or record
raises a one-line :class:`~claim.core.errors.ClaimError` the command line prints as ``error: ...``.

- ``session``: the game without a screen (:class:`GameSession`, :class:`ReplaySession`)
- ``describe``: the table in words, from a view only
- ``widgets``, ``table``, ``dialogs``, ``newgame``: the screens; ``app``: the apps
"""

from __future__ import annotations

from typing import Any

from claim.apps.tui.session import DEFAULT_BOT, GameSession, ReplaySession
from claim.core.options import SetupOptions

__all__ = ["DEFAULT_BOT", "GameSession", "ReplaySession", "run_play", "run_replay"]


def run_play(
    options: SetupOptions,
    seed: int | None = None,
    seat: int = 0,
    bot_spec: str = DEFAULT_BOT,
    bot_seed: int | None = None,
    menu: bool = True,
    resume: str | None = None,
) -> None:
    """Play in the terminal against ``bot_spec``: the new-game screen first (pre-filled from
    the options) unless ``menu`` is False; ``resume`` continues a saved record instead (the
    setup options are then the record's). Prints one closing line, if any, when the app ends.
    """
    from claim.apps.tui.app import ClaimApp  # Textual loads only when a screen is wanted

    session = GameSession.resume(resume, seat, bot_spec, bot_seed) if resume else None
    app = ClaimApp(options, seed, seat, bot_spec, bot_seed, menu=menu, session=session)
    message = app.run()
    if message:
        print(message)


def run_replay(record: Any, seat: int | None = None, source: str = "") -> None:
    """Step through ``record`` on the table: as player ``seat`` saw it, or everything (None).
    A malformed record or an illegal move raises ClaimError before the screen appears."""
    from claim.apps.tui.app import ReplayApp

    ReplayApp(ReplaySession(record, seat), source).run()
