"""The small screens over the table: help, save, leave, and the end of the game."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from claim.apps.tui.keys import HINT_KEY, key_display
from claim.apps.tui.widgets import coloured
from claim.text.account import SAVE_HOLDS_DEAL

DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 78; max-width: 100%; height: auto; max-height: 100%;
    border: heavy $accent; padding: 0 1; background: $surface;
}}
{name} .title {{ text-style: bold; }}
{name} .keys {{ color: $text-muted; }}
{name} VerticalScroll {{ height: auto; max-height: 18; scrollbar-size-vertical: 1; }}
"""

#: a dialog's width (DIALOG_CSS), and the columns inside it that are not text: the border and the
#: padding on either side, and the scroll bar
DIALOG_WIDTH = 78
DIALOG_FRAME = 2 + 2 + 1

#: a line of a key table: the key(s), two spaces or more, the text (its column is where a
#: wrapped line goes on)
_KEY_LINE = re.compile(r"^(\S.{0,10}?\s{2,})\S")


def text_width(screen_width: int) -> int:
    """The columns a dialog's text has on a terminal ``screen_width`` wide."""
    return max(20, min(DIALOG_WIDTH, screen_width) - DIALOG_FRAME)


def wrap_lines(lines: Sequence[str], width: int) -> list[str]:
    """``lines`` wrapped by words at ``width`` columns (issue 37: Textual's own soft wrap broke
    the key table's columns): a key line goes on under its text's column, an indented line under
    its indent, any other (a rules line, ``Name: ...``) two columns in. A word longer than the
    width (never in the help) is left whole rather than cut."""
    out: list[str] = []
    for line in lines:
        if len(line) <= width:
            out.append(line)
            continue
        key = _KEY_LINE.match(line)
        if key:
            indent = len(key.group(1))
        else:
            indent = len(line) - len(line.lstrip(" "))
            indent = indent if indent else 2
        if line.startswith("* "):
            indent = 2
        out.extend(
            textwrap.wrap(
                line,
                width,
                subsequent_indent=" " * indent,
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    return out


PLAY_KEYS = [
    "KEYS",
    "1-9, 0   choose that move of the list at once (0 is the 10th shown)",
    "↑ ↓ Enter  choose a move from the list; PgUp PgDn Home End move through a long one",
    'letters  filter the moves: type part of a move or its words ("gob", "wand", "top");',
    "         Backspace edits, Esc clears; the numbers then count the moves shown",
    "Tab      move between the moves, the table and the log (↑ ↓ scroll them)",
    "?  F1    this help          ^s  save the game (a record)",
    "^q       leave the game     ^t  the rest of the table: locations, artifacts, cards left",
    "^l       the whole log",
    f"{key_display(HINT_KEY):<9}a hint: the move the search prefers, weighed from what you know,",
    "         with its chance of winning and the next best (a saved game marks the moves made",
    "         after one)",
    "^d       at an artifact window: don't ask again this game about the highlighted move's",
    "         artifact (every offered one when pass is highlighted)",
    "^a       ask at every artifact window (by default a window is passed for you when its",
    "         artifact could not change anything you can see, e.g. a Magic Wand on your follow",
    "         when ±2 cannot change the trick's winner); ^a again: back to that",
    "After the end (no moves to filter): n a new game, e the result again, s save, q quit.",
    "",
]

REPLAY_KEYS = [
    "KEYS",
    "→ Space  next move          ←  previous move",
    "PgDn PgUp  ten moves        Home End  the start, the end",
    "Tab      move between the table and the log (↑ ↓ scroll them)",
    "t        the rest of the table: locations, artifacts, cards left",
    "g        the whole log",
    "?  F1    this help          q  leave",
    "",
]


class TextScreen(ModalScreen[None]):
    """Lines of text over the table, scrolled with the arrows and page keys: the help, the rest
    of the table, the whole log (``at_end``: scrolled to its last lines)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="TextScreen")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,question_mark,f1,q,ctrl+t,ctrl+l,t,g", "dismiss", "Close", key_display="Esc"
        ),
    ]

    def __init__(self, title: str, lines: Sequence[str], at_end: bool = False) -> None:
        super().__init__()
        self.title_line = title
        self.lines = list(lines)
        self.at_end = at_end

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"{self.title_line} — Esc closes, ↑ ↓ PgUp PgDn scroll", classes="title")
            with VerticalScroll():
                for line in wrap_lines(self.lines, text_width(self.app.size.width)):
                    bold = line.isupper() and bool(line.strip())
                    yield Static(coloured(line, "bold" if bold else ""))

    def on_mount(self) -> None:
        scroll = self.query_one(VerticalScroll)
        scroll.focus()
        if self.at_end:
            self.call_after_refresh(scroll.scroll_end, animate=False)

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)


class HelpScreen(TextScreen):
    """The keys and the rules text of every faction, hero, location and artifact in play."""

    DEFAULT_CSS = DIALOG_CSS.format(name="HelpScreen")

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__("Help", lines)


class SaveScreen(ModalScreen[str | None]):
    """Asks for a file name; the game is written there as a record."""

    DEFAULT_CSS = DIALOG_CSS.format(name="SaveScreen")
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, default: str, error: str = "") -> None:
        super().__init__()
        self.default = default
        self.error = error

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                "Save the game — type a file name, Enter saves, Esc cancels", classes="title"
            )
            yield Input(value=self.default, id="path")
            yield Static(self.error, id="error")
            yield Static(
                "The file is a game record: claim replay FILE shows it, and the game can be "
                f"continued from it. {SAVE_HOLDS_DEAL}",
                classes="keys",
            )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmQuit(ModalScreen[str]):
    """Leaving an unfinished game: leave, save first, or stay."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ConfirmQuit")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,q", "answer('leave')", "Leave"),
        Binding("s", "answer('save')", "Save first"),
        Binding("n,escape", "answer('stay')", "Stay"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Leave the game? It is not finished.", classes="title")
            yield Static("y  leave now (the game is lost unless saved)")
            yield Static("s  save it first, then leave")
            yield Static("n  stay (Esc)")

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)


class EndScreen(ModalScreen[str]):
    """The end of the game: who won, the votes faction by faction and what decided it."""

    DEFAULT_CSS = DIALOG_CSS.format(name="EndScreen")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "answer('table')", "Back to the table"),
        Binding("n", "answer('new')", "New game"),
        Binding("s", "answer('save')", "Save"),
        Binding("q", "answer('quit')", "Quit"),
    ]

    def __init__(self, title: str, lines: Sequence[str], keys: str = "") -> None:
        super().__init__()
        self.title_line = title
        self.lines = list(lines)
        self.keys = keys or "n new game · s save · Esc look at the table · q quit"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"★ {self.title_line}", classes="title", id="winner")
            with VerticalScroll():
                for line in self.lines:
                    yield Static(coloured(line))
            yield Static(self.keys, classes="keys")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()

    @property
    def text(self) -> str:
        return "\n".join([self.title_line, *self.lines])

    def action_answer(self, answer: str) -> None:
        self.dismiss(answer)
