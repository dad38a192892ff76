"""The panels of the table: the table itself, the decision and its moves, and the log.

Every panel keeps the plain text it shows (:attr:`TablePanel.text`, ...), so tests and screen
readers see exactly the words on screen; colour only decorates card codes and titles.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from claim.apps.palette import TERMINAL
from claim.core import cards
from claim.text.account import Names
from claim.text.describe import Section, move_hint, vote_table_lines

#: a colour per faction (and heroes): decoration only, every card is also written as its code;
#: the terminal's column of the screens' one palette
FACTION_COLOURS: dict[str, str] = TERMINAL

_PREFIXES = sorted(set(cards.FACTION) | set(FACTION_COLOURS), key=len, reverse=True)
#: a card as the view writes it (``goblins:5``, ``demons:odd``, ``hero:gelatinous-cube``), or a
#: faction's name heading its values (``goblins 9 5 0``)
CARD = re.compile(
    r"(?<![\w-])(" + "|".join(re.escape(p) for p in _PREFIXES) + r")(?::[a-z0-9-]+x?)?(?![\w-])"
)


def coloured(line: str, style: str = "") -> Text:
    """``line`` with every card code and faction name in its faction's colour."""
    text = Text(line, style=style)
    for match in CARD.finditer(line):
        colour = FACTION_COLOURS.get(match.group(1))
        if colour:
            text.stylize(colour, match.start(), match.end())
    return text


class TablePanel(VerticalScroll):
    """The table: the trick, your hand, the Score piles and votes, the components in play."""

    DEFAULT_CSS = """
    TablePanel { padding: 0 1; }
    TablePanel > Static { width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.body = Static()
        #: the plain text of the whole table, scrolled-out parts included
        self.text = ""
        self._shown: tuple[Sequence[Section], int | None, Names, bool] | None = None

    def compose(self) -> ComposeResult:
        yield self.body

    def show(
        self, sections: Sequence[Section], seat: int | None, names: Names, finished: bool
    ) -> None:
        self._shown = (sections, seat, names, finished)
        # one Text for the whole table: cheap to lay out (a Rich Table here cost a tenth of a
        # second a move); the vote table is set in plain columns for the panel's width
        width = self.scrollable_content_region.width
        width = width if width >= 30 else 42
        lines: list[Text] = []
        for section in sections:
            lines.append(Text(f"▌{section.title}", style="bold"))
            if section.rows:
                table = vote_table_lines(section.rows, seat, names, finished, width)
                lines.append(Text(table[0], style="underline"))
                lines.extend(coloured(line) for line in table[1:])
            lines.extend(coloured(line) for line in section.lines)
        self.body.update(Text("\n").join(lines))
        self.text = "\n".join(line.plain for line in lines)

    def on_resize(self) -> None:
        if self._shown is not None:
            self.show(*self._shown)


class MovesPanel(OptionList):
    """The legal moves, numbered: only these can be chosen (arrows and Enter, or the number)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.moves: list[str] = []
        self.text = ""

    def show(self, moves: Sequence[str]) -> None:
        self.moves = list(moves)
        self.clear_options()
        options = []
        lines = []
        for i, move in enumerate(self.moves, 1):
            key = str(i) if i <= 9 else ("0" if i == 10 else " ")
            label = coloured(f"{key} {move}")
            hint = move_hint(move)
            if hint:
                label.append(f"\n  {hint}", style="dim")
            options.append(Option(label, id=f"move-{i - 1}"))
            lines.append(label.plain)
        self.add_options(options)
        self.text = "\n".join(lines)
        if options:
            self.highlighted = 0


class LogPanel(RichLog):
    """The Narrator's lines: what happened and why."""

    def __init__(self, *, id: str | None = None) -> None:
        # min_width: the default (78) is wider than the panel in an 80-column terminal
        super().__init__(
            id=id, wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=20
        )
        self.lines_told: list[str] = []

    def tell(self, lines: Sequence[str]) -> None:
        for line in lines:
            self.lines_told.append(line)
            style = "bold" if line.startswith(("Trick ", "Phase ", "End of")) else ""
            self.write(coloured(line, style))

    def reset(self, lines: Sequence[str]) -> None:
        self.clear()
        self.lines_told = []
        self.tell(lines)

    @property
    def text(self) -> str:
        return "\n".join(self.lines_told)
