"""The panels of the table: the table itself, the decision and its moves, and the log.

Every panel keeps the plain text it shows (:attr:`TablePanel.text`, ...), so tests and screen
readers see exactly the words on screen; colour only decorates the cards' and factions' names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.console import Console
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option

from claim.apps.palette import TERMINAL
from claim.core import cards
from claim.text import catalog
from claim.text.account import Names
from claim.text.account.words import capitalize, card_name, faction_label
from claim.text.describe import Section, move_hint, move_text, vote_table_lines

#: a colour per faction (and heroes): decoration only, every card is also written as its code;
#: the terminal's column of the screens' one palette
FACTION_COLOURS: dict[str, str] = TERMINAL

_PREFIXES = sorted(set(cards.FACTION) | set(FACTION_COLOURS), key=len, reverse=True)
#: a card as the view writes it (``goblins:5``, ``demons:odd``, ``hero:gelatinous-cube``), or a
#: faction's key heading its values (``goblins 9 5 0``): what a typed filter may still show
CARD = re.compile(
    r"(?<![\w-])(" + "|".join(re.escape(p) for p in _PREFIXES) + r")(?::[a-z0-9-]+x?)?(?![\w-])"
)


def _colour_keys_by_name() -> dict[str, str]:
    """The palette's key of each name a person reads (issue 37): a faction's title and its card's
    label ("Goblins", "Goblin", "Ice King"), a card kind's ("Elf / Orc", "Toxic"), a hero's name
    ("the Gargoyle"), all as :mod:`claim.text` writes them."""
    found: dict[str, str] = {}
    for key in FACTION_COLOURS:
        entry = catalog.CATALOG.get(key)
        if entry is not None and entry.kind in ("faction", "card") and key != "hero":
            found[catalog.title(key)] = key
            found[faction_label(key)] = key
    for hero in cards.HEROES:
        found[card_name(f"hero:{hero}")] = "hero"
        found[capitalize(card_name(f"hero:{hero}"))] = "hero"
    return found


_KEY_BY_NAME = _colour_keys_by_name()
#: a card, a faction or a hero by its name: "Goblins 9 5 0", "Ice King 7", "the Gargoyle"
NAME = re.compile(
    r"(?<![\w-])("
    + "|".join(re.escape(n) for n in sorted(_KEY_BY_NAME, key=len, reverse=True))
    + r")(?![\w-])"
)


def coloured(line: str, style: str = "") -> Text:
    """``line`` with every card and faction, by its name or its code, in its faction's colour."""
    text = Text(line, style=style)
    for match in CARD.finditer(line):
        colour = FACTION_COLOURS.get(match.group(1))
        if colour:
            text.stylize(colour, match.start(), match.end())
    for match in NAME.finditer(line):
        colour = FACTION_COLOURS.get(_KEY_BY_NAME[match.group(1)])
        if colour:
            text.stylize(colour, match.start(), match.end())
    return text


#: the sections a small terminal leaves to a key (ctrl+t) and a wide one shows in a third
#: column: what the player looks up now and then, not what every decision needs
SECONDARY = ("LOCATIONS", "ARTIFACTS", "CARDS LEFT")


def is_secondary(section: Section) -> bool:
    return section.title.startswith(SECONDARY)


def section_lines(
    sections: Sequence[Section],
    seat: int | None,
    names: Names,
    finished: bool,
    width: int,
    compact: int = 0,
) -> list[Text]:
    """The sections as coloured lines for a panel ``width`` columns wide (the vote table is set
    in plain columns for that width). One Text per line: cheap to lay out (a Rich Table here
    cost a tenth of a second a move).

    ``compact`` saves rows on a small terminal: 1 writes a section's first line on its title's
    line (``▌TRICK · Prize: goblins:5``); 2 also sets the Score piles' title in their table's
    header row (``▌SCORE`` where the header says ``faction``)."""
    width = width if width >= 30 else 42
    lines: list[Text] = []
    for section in sections:
        title = Text(f"▌{section.title}", style="bold")
        body = list(section.lines)
        if section.rows:
            table = vote_table_lines(section.rows, seat, names, finished, width)
            header = table[0]
            if compact >= 2:
                short = "▌VOTES" if section.title.startswith("VOTES") else "▌SCORE"
                header = short.ljust(len("faction")) + header[len("faction") :]
                lines.append(Text(header, style="bold underline"))
            else:
                lines.append(title)
                lines.append(Text(header, style="underline"))
            lines.extend(coloured(line) for line in table[1:])
        elif compact >= 1 and body:
            lines.append(title + Text(" · ") + coloured(body.pop(0)))
        else:
            lines.append(title)
        lines.extend(coloured(line) for line in body)
    return lines


def rows_needed(lines: Sequence[Text], width: int) -> int:
    """How many terminal rows ``lines`` take once wrapped at ``width`` (as a Static wraps)."""
    console = Console(width=max(width, 1), color_system=None, legacy_windows=False)
    return sum(len(line.wrap(console, max(width, 1))) for line in lines)


class TablePanel(VerticalScroll):
    """The table: the trick, your hand, the Score piles and votes, the components in play;
    and, when :attr:`with_secondary` (a tall terminal), the locations, artifacts and cards left
    too. The screen shows those elsewhere otherwise (a third column, or a key)."""

    DEFAULT_CSS = """
    TablePanel { padding: 0 1; }
    TablePanel > Static { width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.body = Static()
        #: the plain text of the whole table (every section, scrolled-out parts included)
        self.text = ""
        #: whether the secondary sections are drawn here too
        self.with_secondary = True
        #: how tightly the sections are set (:func:`section_lines`): 0 on a roomy terminal
        self.compact = 0
        self._shown: tuple[Sequence[Section], int | None, Names, bool] | None = None

    def compose(self) -> ComposeResult:
        yield self.body

    @property
    def primary(self) -> list[Section]:
        return [s for s in self._shown[0] if not is_secondary(s)] if self._shown else []

    @property
    def secondary(self) -> list[Section]:
        return [s for s in self._shown[0] if is_secondary(s)] if self._shown else []

    def lines(self, secondary: bool, width: int | None = None) -> list[Text]:
        """The primary sections' lines (or the secondary ones) for ``width`` (default: the
        panel's)."""
        if self._shown is None:
            return []
        _, seat, names, finished = self._shown
        chosen = self.secondary if secondary else self.primary
        if width is None:
            width = self.scrollable_content_region.width
        return section_lines(chosen, seat, names, finished, width, self.compact)

    def show(
        self, sections: Sequence[Section], seat: int | None, names: Names, finished: bool
    ) -> None:
        self._shown = (sections, seat, names, finished)
        self.redraw()

    def redraw(self) -> None:
        if self._shown is None:
            return
        sections, seat, names, finished = self._shown
        width = self.scrollable_content_region.width
        drawn = self.lines(False, width)
        if self.with_secondary:
            drawn += self.lines(True, width)
        self.body.update(Text("\n").join(drawn))
        everything = section_lines(sections, seat, names, finished, width)
        self.text = "\n".join(line.plain for line in everything)

    def on_resize(self) -> None:
        self.redraw()


class MorePanel(VerticalScroll):
    """The secondary sections as a third column, on a terminal wide enough for one."""

    DEFAULT_CSS = """
    MorePanel { padding: 0 1; }
    MorePanel > Static { width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.body = Static()

    def compose(self) -> ComposeResult:
        yield self.body

    def show(self, lines: Sequence[Text]) -> None:
        self.body.update(Text("\n").join(lines))


def move_matches(move: str, terms: Sequence[str]) -> bool:
    """Whether every typed term is part of the move or of its words ("wand" finds ``use
    magic-wand +2``, "top" finds ``take top``)."""
    haystack = f"{move} {move_text(move)}".lower()
    return all(term in haystack for term in terms)


def move_label(move: str) -> tuple[str, str]:
    """A move as the list shows it: its words and its hint (:func:`move_text`,
    :func:`move_hint`), never the engine's move string (issue 37; typed letters still find a
    move by its code, :func:`move_matches`)."""
    return move_text(move), move_hint(move)


class MovesPanel(OptionList):
    """The legal moves, numbered: only these can be chosen (arrows and Enter, PageUp/PageDown,
    Home/End, or the number). Typing letters filters the list (Backspace edits, Esc clears),
    so every move of a long list (the Wishing Lamp offers dozens) is a few keys away; the
    numbers then count the moves shown."""

    class Filtered(Message):
        """The filter changed: the screen redraws its line."""

    #: the characters that type into the filter (digits choose a move, so they are not here)
    FILTER_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz-:+")

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: every move offered (the order the list shows)
        self.all_moves: list[str] = []
        #: the moves shown now: all of them, or those the filter keeps
        self.moves: list[str] = []
        self.filter = ""
        self.text = ""

    def show(self, moves: Sequence[str]) -> None:
        """Offer ``moves``; a new decision starts with no filter."""
        if list(moves) != self.all_moves:
            self.filter = ""
        self.all_moves = list(moves)
        self._fill()

    def set_filter(self, text: str) -> None:
        self.filter = text
        self._fill()
        self.post_message(self.Filtered())

    def _fill(self) -> None:
        terms = self.filter.lower().split()
        self.moves = [m for m in self.all_moves if move_matches(m, terms)]
        self.clear_options()
        options = []
        lines = []
        for i, move in enumerate(self.moves, 1):
            key = str(i) if i <= 9 else ("0" if i == 10 else " ")
            words, hint = move_label(move)
            label = coloured(f"{key} {words}")
            if hint:
                label.append(f"\n  {hint}", style="dim")
            options.append(Option(label, id=f"move-{i - 1}"))
            lines.append(label.plain)
        self.add_options(options)
        self.text = "\n".join(lines)
        if options:
            self.highlighted = 0

    def on_key(self, event: events.Key) -> None:
        """Letters type into the filter; Backspace takes one back; Esc clears it. Everything
        else (digits, arrows, page keys, Enter, the screen's keys) goes on as usual."""
        if not self.all_moves:
            return  # nothing to filter: the letters stay the screen's (n, e, q after the end)
        char = (event.character or "").lower()
        if event.key == "backspace" and self.filter:
            self.set_filter(self.filter[:-1])
        elif event.key == "escape" and self.filter:
            self.set_filter("")
        elif char in self.FILTER_CHARACTERS and len(char) == 1:
            self.set_filter(self.filter + char)
        elif event.key == "space" and self.filter and not self.filter.endswith(" "):
            self.set_filter(self.filter + " ")
        else:
            return
        event.stop()
        event.prevent_default()


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
