"""The table screens: playing against a bot (:class:`TableScreen`) and stepping through a saved
game (:class:`ReplayScreen`). Both show the same panels, filled from a view only.

The layout fits 80×24: a status line, the table (scrollable) beside the decision and its moves,
the log below, the keys at the bottom.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.worker import Worker, WorkerState

from claim.apps.tui.dialogs import (
    PLAY_KEYS,
    REPLAY_KEYS,
    ConfirmQuit,
    EndScreen,
    HelpScreen,
    SaveScreen,
)
from claim.apps.tui.session import GameSession, ReplaySession, bot_label
from claim.apps.tui.widgets import LogPanel, MovesPanel, TablePanel, coloured
from claim.core.errors import ClaimError
from claim.text.describe import heading, ordered_moves, prompt_text, table_sections

if TYPE_CHECKING:
    from claim.apps.tui.app import ClaimApp

TABLE_CSS = """
#status { height: 1; background: $primary; color: $text; text-style: bold; padding: 0 1; }
#main { height: 2fr; }
#table { width: 1fr; }
#side { width: 36; border-left: vkey $primary; }
#prompt { height: auto; max-height: 6; padding: 0 1; text-style: bold; }
#moves { height: 1fr; border: none; padding: 0; }
#log {
    height: 1fr; min-height: 6; border-top: solid $primary; padding: 0 1;
    scrollbar-gutter: stable; scrollbar-size-vertical: 1;
}
#table { scrollbar-gutter: stable; scrollbar-size-vertical: 1; }
"""

#: the number keys: 1–9 the first nine moves, 0 the tenth
DIGIT_BINDINGS = [Binding(str(n % 10), f"choose({n})", show=False) for n in range(1, 11)]


class TableScreen(Screen[None]):
    """You against the bot. A search bot thinks in a worker thread (a hard one takes about a
    second a move), so the screen stays alive; meanwhile no move can be chosen. The quick bots
    answer at once."""

    DEFAULT_CSS = TABLE_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("s", "save", "Save"),
        Binding("q", "leave", "Quit"),
        Binding("n", "new_game", "New game", show=False),
        Binding("e", "result", "Result", show=False),
        *DIGIT_BINDINGS,
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        #: True while the bot's move is being worked out in a worker thread
        self.thinking = False
        #: a bot slow enough to think in a thread (search: up to a second a move)
        self.slow_bot = session.bot_spec.startswith("search")
        self._quit_after_save = False

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            yield TablePanel(id="table")
            with Vertical(id="side"):
                yield Static(id="prompt")
                yield MovesPanel(id="moves")
        yield LogPanel(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(LogPanel).tell(self.session.log)
        self.refresh_table()
        self.query_one(MovesPanel).focus()
        self.call_after_refresh(self.next_turn)

    # -- showing the game ----------------------------------------------------------------------

    def refresh_table(self) -> None:
        """Show the game as the human's view has it now (never while the bot thinks: the view
        is read from the state the worker reads). The screen reads the session's view, the
        human's legal moves and decision, the public setup and the log: never the true state,
        and never the bot's move before it is played (it is told once made)."""
        session = self.session
        view = session.view()
        decision = session.decision()
        names = session.names
        title = heading(view, decision[0] if decision else None)
        against = bot_label(session.bot_spec)
        self.query_one("#status", Static).update(
            f"Claim · {title} · you: player {session.seat} · vs {against} · seed {session.seed}",
            layout=False,
        )
        self.query_one(TablePanel).show(
            table_sections(view, session.seat, names, session.config),
            session.seat,
            names,
            session.over,
        )
        moves = self.query_one(MovesPanel)
        prompt = self.query_one("#prompt", Static)
        if session.over:
            prompt.update(f"Game over. {session.winner_line()}\ne result · n new game · q quit")
            moves.show([])
        elif session.human_to_move:
            prompt.update(coloured("▶ " + prompt_text(view, session.seat, names, decision)))
            moves.show(ordered_moves(session.legal(), session.config.factions))
        else:
            prompt.update(f"{names[session.bot_seat].capitalize()} is thinking…")
            moves.show([])

    @property
    def text(self) -> str:
        """The plain text of every panel (scrolled-out parts included), for tests."""
        parts = [
            str(self.query_one("#status", Static).content),
            self.query_one(TablePanel).text,
            str(self.query_one("#prompt", Static).content),
            self.query_one(MovesPanel).text,
            self.query_one(LogPanel).text,
        ]
        return "\n".join(parts)

    def tell(self, lines: list[str]) -> None:
        self.query_one(LogPanel).tell(lines)

    # -- turns ---------------------------------------------------------------------------------

    def next_turn(self) -> None:
        """After any move: let the bot move if it is its turn, show the end when it is over.

        A quick bot (random, heuristic: about a millisecond a move) moves at once; a search bot
        thinks in a worker thread, so the screen stays alive meanwhile. The table is not redrawn
        between the bot's own moves (a play, then its Seer choice...): the log tells each one,
        and the table shows the outcome when it is your turn again."""
        session = self.session
        if session.bot_to_move and not self.slow_bot:
            self.tell(session.run_bots())
            self.refresh_table()
        if session.bot_to_move:
            self.thinking = True
            self.query_one("#prompt", Static).update(
                f"{session.names[session.bot_seat].capitalize()} is thinking…"
            )
            self.query_one(MovesPanel).show([])
            self.run_worker(session.bot_choice, thread=True, group="bot", exclusive=True)
        elif session.over:
            self.action_result()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group != "bot" or event.state != WorkerState.SUCCESS:
            return
        move = event.worker.result
        assert isinstance(move, str)
        self.thinking = False
        self.tell(self.session.apply_bot(move))
        if not self.session.bot_to_move:
            self.refresh_table()
        self.next_turn()

    def play(self, move: str) -> None:
        if self.thinking or not self.session.human_to_move:
            self.app.bell()
            return
        try:
            lines = self.session.play(move)
        except ClaimError as exc:
            self.notify(f"error: {exc}", severity="error")
            return
        self.tell(lines)
        if not self.session.bot_to_move or self.slow_bot:
            self.refresh_table()  # a quick bot answers at once: one redraw after its moves
        self.next_turn()

    def action_choose(self, number: int) -> None:
        moves = self.query_one(MovesPanel).moves
        if 1 <= number <= len(moves):
            self.play(moves[number - 1])
        else:
            self.app.bell()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        moves = self.query_one(MovesPanel).moves
        if 0 <= event.option_index < len(moves):
            self.play(moves[event.option_index])

    # -- help, save, leave, the end ------------------------------------------------------------

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen([*PLAY_KEYS, *self.session.help_lines()]))

    def default_save_name(self) -> str:
        return f"claim-{self.session.seed}-{self.session.moves_made}.json"

    def action_save(self, error: str = "") -> None:
        self.app.push_screen(SaveScreen(self.default_save_name(), error), self._saved)

    def _saved(self, path: str | None) -> None:
        if path is None:
            self._quit_after_save = False
            return
        try:
            target = self.session.save(path)
        except ClaimError as exc:
            self.action_save(f"error: {exc}")
            return
        self.tell(
            [
                f"Saved the game to {target}: claim replay {target} shows it; continue it with "
                f"claim play --resume {target}."
            ]
        )
        self.notify(f"Saved to {target}")
        if self._quit_after_save:
            self.app.exit(f"The game was saved to {target}.")

    def action_leave(self) -> None:
        if self.session.over or not self.session.moves_made:
            self.app.exit()
            return
        self.app.push_screen(ConfirmQuit(), self._leave_answer)

    def _leave_answer(self, answer: str | None) -> None:
        if answer == "leave":
            self.app.exit("You left the game unfinished.")
        elif answer == "save":
            self._quit_after_save = True
            self.action_save()

    def action_result(self) -> None:
        if not self.session.over:
            return
        self.app.push_screen(
            EndScreen(self.session.winner_line(), self.session.result_lines()), self._end_answer
        )

    def _end_answer(self, answer: str | None) -> None:
        if answer == "new":
            self.action_new_game()
        elif answer == "save":
            self.action_save()
        elif answer == "quit":
            self.app.exit()

    def action_new_game(self) -> None:
        if not self.session.over:
            return
        app: ClaimApp = self.app  # type: ignore[assignment]
        app.new_game_menu()


class ReplayScreen(Screen[None]):
    """A saved game, one move at a time, on the same table; the log tells each move."""

    DEFAULT_CSS = TABLE_CSS + "ReplayScreen #prompt { max-height: 100%; text-style: none; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the scrolling panels would otherwise take these keys for themselves
        Binding("right,space,l", "step(1)", "Next", key_display="→", priority=True),
        Binding("left,backspace,h", "step(-1)", "Back", key_display="←", priority=True),
        Binding("pagedown", "step(10)", "+10", show=False, priority=True),
        Binding("pageup", "step(-10)", "-10", show=False, priority=True),
        Binding("home", "goto(0)", "Start", show=False, priority=True),
        Binding("end", "goto(-1)", "End", show=False, priority=True),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("q,escape", "app.exit", "Quit"),
    ]

    def __init__(self, replay: ReplaySession, source: str = "") -> None:
        super().__init__()
        self.replay = replay
        self.source = source
        self._shown = 0  # the index the log was written up to

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            yield TablePanel(id="table")
            with VerticalScroll(id="side"):
                yield Static(id="prompt")
        yield LogPanel(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(LogPanel).reset(self.replay.log_lines())
        self._shown = self.replay.index
        self.refresh_table()
        self.query_one(TablePanel).focus()

    def refresh_table(self) -> None:
        replay = self.replay
        view = replay.view()
        names = replay.names
        seen = "everything shown" if replay.seat is None else f"as player {replay.seat} saw it"
        where = f" · {self.source}" if self.source else ""
        self.query_one("#status", Static).update(
            f"Replay · {heading(view)} · move {replay.index} of {replay.total} · {seen}{where}"
        )
        self.query_one(TablePanel).show(
            table_sections(view, replay.seat, names, replay.config),
            replay.seat,
            names,
            view["status"] == "finished",
        )
        self.query_one("#prompt", Static).update(self._side_text())

    def _side_text(self) -> str:
        """Where the replay stands and what comes next, as the session lets the viewer know it
        (from a seat: never the other player's move before it is made)."""
        lines = self.replay.side_lines()
        lines.append("")
        lines.append("→ next · ← back · PgDn/PgUp ten · Home/End · ? help · q quit")
        return "\n".join(lines)

    @property
    def text(self) -> str:
        return "\n".join(
            [
                str(self.query_one("#status", Static).content),
                self.query_one(TablePanel).text,
                str(self.query_one("#prompt", Static).content),
                self.query_one(LogPanel).text,
            ]
        )

    def action_step(self, steps: int) -> None:
        self._moved(self.replay.forward(steps))

    def action_goto(self, index: int) -> None:
        self._moved(self.replay.goto(self.replay.total if index < 0 else index))

    def _moved(self, index: int) -> None:
        log = self.query_one(LogPanel)
        if index > self._shown:
            for told in self.replay.told[self._shown : index]:
                log.tell(told)  # forward: only the new lines
        elif index < self._shown:
            log.reset(self.replay.log_lines())
        self._shown = index
        self.refresh_table()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen([*REPLAY_KEYS, *self.replay.help_lines()]))
