"""The keys of the terminal table that other places name: the table's bindings
(:mod:`claim.apps.tui.table`, :mod:`claim.apps.tui.app`) and ``claim play --help`` read them
here, so the help cannot name keys the game does not use. Textual-free, so that the command
line's help loads without Textual."""

from __future__ import annotations

#: save the game to a record (the table's binding)
SAVE_KEY = "ctrl+s"
#: ask the search for a hint on your decision (issue 39); not ctrl+h, which terminals send as
#: Backspace (the move filter's)
HINT_KEY = "ctrl+g"
#: leave the game, asking first and offering to save (the app's binding, above Textual's quit)
QUIT_KEY = "ctrl+q"


def key_display(key: str) -> str:
    """A key as the footer shows it: ``ctrl+s`` as ``^s``."""
    return "^" + key.removeprefix("ctrl+") if key.startswith("ctrl+") else key
