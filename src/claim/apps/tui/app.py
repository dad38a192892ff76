"""The terminal apps: :class:`ClaimApp` (a game against a bot, with its new-game screen) and
:class:`ReplayApp` (a saved game stepped through)."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from claim.apps.tui.keys import QUIT_KEY, key_display
from claim.apps.tui.newgame import GameChoice, NewGameScreen
from claim.apps.tui.session import DEFAULT_BOT, GameSession, ReplaySession
from claim.apps.tui.table import ReplayScreen, TableScreen
from claim.core.options import SetupOptions


class ClaimApp(App[str]):
    """You against a bot. ``menu`` shows the new-game screen first, pre-filled from the
    options; without it the game starts at once (a bad option raises ClaimError here, before
    any screen). ``session`` starts on a game already under way (a resumed one).

    The app's return value is a line to print after the screen is gone (where a game was
    saved, that a game was left unfinished), or None."""

    TITLE = "Claim"
    ENABLE_COMMAND_PALETTE = False
    #: ctrl+q leaves the game as q did (asking first, offering to save), not Textual's quit
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(QUIT_KEY, "leave_game", "Quit", key_display=key_display(QUIT_KEY), priority=True),
    ]

    def __init__(
        self,
        options: SetupOptions | None = None,
        seed: int | None = None,
        seat: int = 0,
        bot_spec: str = DEFAULT_BOT,
        bot_seed: int | None = None,
        menu: bool = True,
        session: GameSession | None = None,
    ) -> None:
        super().__init__()
        self.choice = GameChoice(options or SetupOptions(), seed, seat, bot_spec, bot_seed)
        self.menu = menu
        if session is None and not menu:
            session = self.choice.start()
        self._first = session

    def on_mount(self) -> None:
        if self._first is not None:
            self.push_screen(TableScreen(self._first))
        else:
            self.push_screen(NewGameScreen(self.choice))

    @property
    def session(self) -> GameSession | None:
        """The game on the table, if any."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen.session
        return None

    @property
    def table(self) -> TableScreen | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, TableScreen):
                return screen
        return None

    def action_leave_game(self) -> None:
        table = self.table
        if table is None:
            self.exit()
        elif self.screen is table:
            table.action_leave()
        # over a dialog (help, save, leave?): that dialog's own keys close it first

    def begin(self, session: GameSession, choice: GameChoice) -> None:
        """Start ``session`` (dealt by the new-game screen) in place of the form."""
        self.choice = choice
        self.switch_screen(TableScreen(session))

    def new_game_menu(self) -> None:
        """Back to the new-game screen after a game, with the same options and a fresh seed."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        choice = GameChoice(self.choice.options, None, self.choice.seat, self.choice.bot_spec, None)
        self.switch_screen(NewGameScreen(choice))


class ReplayApp(App[str]):
    """A saved game on the table, stepped through with the arrow keys."""

    TITLE = "Claim replay"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, replay: ReplaySession, source: str = "") -> None:
        super().__init__()
        self.replay = replay
        self.source = source

    def get_default_screen(self) -> ReplayScreen:
        """The replay is the app's first screen, not one pushed once the app is mounted: a key
        pressed at once then reaches it rather than the blank default screen (issue 37)."""
        return ReplayScreen(self.replay, self.source)

    @property
    def table(self) -> ReplayScreen | None:
        screen: Any = self.screen
        return screen if isinstance(screen, ReplayScreen) else None
