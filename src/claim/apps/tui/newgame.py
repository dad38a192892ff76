"""The new-game screen: every setup option of ``claim play`` as a field, pre-filled from the
command line's options, so Enter alone starts the game that ``claim play`` was asked for."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import DescendantFocus
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from claim.apps.tui.session import BOT_CHOICES, DEFAULT_BOT, GameSession, check_bot_spec
from claim.core import cards
from claim.core.errors import ClaimError
from claim.core.options import SetupOptions
from claim.text.bots import bot_label

if TYPE_CHECKING:
    from claim.apps.tui.app import ClaimApp


@dataclass(frozen=True)
class GameChoice:
    """Everything a new game needs: the setup options, the seed (None: a fresh one), your seat,
    the bot and its seed (None: derived from the game seed)."""

    options: SetupOptions = field(default_factory=SetupOptions)
    seed: int | None = None
    seat: int = 0
    bot_spec: str = DEFAULT_BOT
    bot_seed: int | None = None

    def start(self) -> GameSession:
        """Deal the game; a bad option raises a one-line ClaimError naming it."""
        return GameSession.new(self.options, self.seed, self.seat, self.bot_spec, self.bot_seed)


DECKS = (
    ("Claim: " + ", ".join(cards.PRESETS["claim"]), "claim"),
    ("Claim 2: " + ", ".join(cards.PRESETS["claim2"]), "claim2"),
    ("random (a legal deck from the seed)", "random"),
    ("five factions of your choice (below)", "chosen"),
)
ARTIFACT_CHOICES = (
    ("none", "none"),
    ("three each, from all 16", "all"),
    ("three each, from a pool (below)", "pool"),
)
OFF = ("", "none", "off", "no", "0")


def _places(names: tuple[str, ...]) -> list[tuple[str, str]]:
    return [("none", "none"), ("random", "random"), *((n, n) for n in names)]


class NewGameScreen(Screen[None]):
    """The setup form. Tab moves between fields, Enter in a text field (or F2, or the Start
    button) deals the game; a bad value is reported on the form, one line naming the field."""

    DEFAULT_CSS = """
    NewGameScreen > Vertical { padding: 0 1; }
    NewGameScreen #title { text-style: bold; background: $primary; padding: 0 1; }
    NewGameScreen .row { height: 1; margin: 0; }
    NewGameScreen .row > Label { width: 16; }
    NewGameScreen .row > Input, NewGameScreen .row > Select { width: 1fr; }
    NewGameScreen #error { color: $error; height: auto; }
    NewGameScreen .hint { color: $text-muted; }
    NewGameScreen Button { margin: 1 0 1 16; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f2", "start", "Start"),
        Binding("escape", "app.exit", "Quit"),
    ]

    def __init__(self, choice: GameChoice) -> None:
        super().__init__()
        self.choice = choice

    def compose(self) -> ComposeResult:
        options = self.choice.options
        factions = options.factions.strip().lower()
        deck = factions if factions in ("claim", "claim2", "random") else "chosen"
        artifacts = options.artifacts.strip().lower()
        art = "none" if artifacts in OFF else ("all" if artifacts == "all" else "pool")
        bots = [(label, spec) for spec, label in BOT_CHOICES]
        try:
            bot = check_bot_spec(self.choice.bot_spec)  # "search" is "search:medium"
        except ClaimError:
            bot = self.choice.bot_spec  # listed as given; Start reports it
        if bot not in dict(BOT_CHOICES):
            bots.append((bot_label(bot), bot))  # named for a person, as the menu's others
        with Vertical():
            yield Static("Claim · a new game against a bot", id="title")
            yield from self._row(
                "Deck", Select(DECKS, value=deck, allow_blank=False, id="deck", compact=True)
            )
            yield from self._row(
                "  factions",
                Input(
                    value=options.factions if deck == "chosen" else "",
                    placeholder="one pair + three singles, e.g. gnomes,giants,undead,…",
                    id="factions",
                    compact=True,
                ),
            )
            yield from self._row(
                "Heroes",
                Input(
                    value=options.heroes,
                    placeholder="0, a number (drawn), or names: jester,witch",
                    id="heroes",
                    compact=True,
                ),
            )
            yield from self._row(
                "Setting", self._select(_places(cards.SETTINGS), options.setting, "setting")
            )
            yield from self._row(
                "Building", self._select(_places(cards.BUILDINGS), options.building, "building")
            )
            yield from self._row(
                "Artifacts",
                Select(
                    ARTIFACT_CHOICES, value=art, allow_blank=False, id="artifacts", compact=True
                ),
            )
            yield from self._row(
                "  pool",
                Input(
                    value=options.artifacts if art == "pool" else "",
                    placeholder="six or more artifact names, comma-separated",
                    id="pool",
                    compact=True,
                ),
            )
            leaders = (("player 0", "0"), ("player 1", "1"), ("random", "random"))
            yield from self._row(
                "First leader", self._select(leaders, options.first_leader, "leader")
            )
            seats = (("player 0", "0"), ("player 1", "1"))
            yield from self._row("You play as", self._select(seats, str(self.choice.seat), "seat"))
            yield from self._row("Opponent", self._select(bots, bot, "bot"))
            seed = "" if self.choice.seed is None else str(self.choice.seed)
            yield from self._row(
                "Seed",
                Input(
                    value=seed,
                    placeholder="blank: a fresh seed",
                    id="seed",
                    type="integer",
                    compact=True,
                ),
            )
            yield Static("", id="error")
            yield Button("▶ Start the game", id="start", compact=True)
            yield Static(
                "Tab next field · Enter opens a list, or starts from a text field · F2 start · "
                "Esc quit",
                classes="hint",
            )
        yield Footer()

    @staticmethod
    def _row(label: str, widget: Any) -> ComposeResult:
        with Horizontal(classes="row"):
            yield Label(f"  {label}")
            yield widget

    @staticmethod
    def _select(choices: Any, value: str, id: str) -> Select[str]:
        values = [v for _, v in choices]
        text = value.strip().lower()
        return Select(
            choices,
            value=text if text in values else values[0],
            allow_blank=False,
            id=id,
            compact=True,
        )

    def on_mount(self) -> None:
        self.query_one("#deck", Select).focus()

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        # a text marker on the focused row, so the focus is visible without colour (only the
        # rows that change are redrawn: relabelling every row made Tab slow)
        for row in self.query(".row"):
            label = row.query_one(Label)
            text = str(label.content)
            marked = event.widget in row.children
            if marked != text.startswith("▶"):
                label.update(("▶ " if marked else "  ") + text[2:])

    # -- the choice ----------------------------------------------------------------------------

    def _value(self, id: str) -> str:
        widget = self.query_one(f"#{id}")
        if isinstance(widget, Input):
            return widget.value.strip()
        assert isinstance(widget, Select)
        return str(widget.value)

    def read_choice(self) -> GameChoice:
        """The game the form describes; a value that is not even a number raises ClaimError."""
        deck = self._value("deck")
        factions = self._value("factions") if deck == "chosen" else deck
        if not factions:
            raise ClaimError("--factions: name five factions (one pair and three singles)")
        art = self._value("artifacts")
        artifacts = self._value("pool") if art == "pool" else art
        if art == "pool" and not artifacts:
            raise ClaimError("--artifacts: name the pool (six or more artifacts)")
        seed_text = self._value("seed")
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            raise ClaimError(f"--seed: not a number: {seed_text!r}") from None
        options = dataclasses.replace(
            self.choice.options,
            factions=factions,
            heroes=self._value("heroes") or "0",
            setting=self._value("setting"),
            building=self._value("building"),
            artifacts=artifacts,
            first_leader=self._value("leader"),
        )
        return GameChoice(
            options, seed, int(self._value("seat")), self._value("bot"), self.choice.bot_seed
        )

    def action_start(self) -> None:
        error = self.query_one("#error", Static)
        try:
            choice = self.read_choice()
            session = choice.start()
        except ClaimError as exc:
            error.update(f"error: {exc}")
            return
        error.update("")
        app: ClaimApp = self.app  # type: ignore[assignment]
        app.begin(session, choice)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_start()
