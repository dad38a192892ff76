"""The table screens: playing against a bot (:class:`TableScreen`) and stepping through a saved
game (:class:`ReplayScreen`). Both show the same panels, filled from a view only.

The layout fits 80×24: a status line that is never cut (:func:`status_line` shortens its parts),
the table's trick, hand and Score piles beside the decision and its moves, the log's last lines
below, the keys at the bottom. The locations, artifacts and cards left are one key away (ctrl+t)
on a small terminal, drawn below the table on a tall one and in a third column on a wide one
(:func:`fit_table`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.worker import Worker, WorkerState

from claim.analysis.hint import Hint
from claim.apps.tui.dialogs import (
    PLAY_KEYS,
    REPLAY_KEYS,
    ConfirmQuit,
    EndScreen,
    HelpScreen,
    SaveScreen,
    TextScreen,
)
from claim.apps.tui.keys import HINT_KEY, SAVE_KEY, key_display
from claim.apps.tui.session import GameSession, ReplaySession
from claim.apps.tui.widgets import (
    LogPanel,
    MorePanel,
    MovesPanel,
    TablePanel,
    coloured,
    rows_needed,
)
from claim.core.errors import ClaimError
from claim.text import catalog
from claim.text.artifact_prompts import WINDOWS, offered, skipped_line, unasked
from claim.text.bots import bot_label, bot_short_label
from claim.text.describe import heading, ordered_moves, prompt_text, table_sections
from claim.text.hints import hint_refused_line, hint_thinking_line

if TYPE_CHECKING:
    from claim.apps.tui.app import ClaimApp

TABLE_CSS = """
#status { height: 1; background: $primary; color: $text; text-style: bold; padding: 0 1; }
#main { height: 18; }
#table { width: 1fr; }
#side { width: 36; border-left: vkey $primary; }
#more { width: 42; border-left: vkey $primary; display: none; }
#prompt { height: auto; max-height: 6; padding: 0 1; text-style: bold; }
#filter { height: 1; padding: 0 1; color: $text-muted; }
#moves { height: 1fr; border: none; padding: 0; }
#log {
    height: 1fr; min-height: 2; border-top: solid $primary; padding: 0 1;
    scrollbar-gutter: stable; scrollbar-size-vertical: 1;
}
#table { scrollbar-gutter: stable; scrollbar-size-vertical: 1; }
"""

#: the number keys: 1–9 the first nine moves shown, 0 the tenth
DIGIT_BINDINGS = [Binding(str(n % 10), f"choose({n})", show=False) for n in range(1, 11)]

#: the side column's width, and the third column's (the secondary sections) on a wide terminal
SIDE_WIDTH = 36
MORE_WIDTH = 42
#: the narrowest terminal that gets the third column
WIDE = 120
#: the log's rows that always stay on screen (its last lines), below the table
LOG_ROWS = 3


def status_line(parts: list[list[str]], width: int) -> str:
    """The status line within ``width`` columns: each part is a list of ever shorter forms
    (the first the fullest); the parts are shortened one step at a time, the last parts first,
    until the line fits. The last form of a part is kept however narrow the terminal (the seed,
    shown once the game is over, must stay: it is how a game is dealt again)."""
    chosen = [0] * len(parts)

    def line() -> str:
        return " · ".join(p[i] for p, i in zip(parts, chosen, strict=True) if p[i])

    while len(line()) > width:
        shorter = [i for i in reversed(range(len(parts))) if chosen[i] < len(parts[i]) - 1]
        if not shorter:
            break
        # shorten the part with the most forms left first, the later part on a tie
        step = max(shorter, key=lambda i: len(parts[i]) - 1 - chosen[i])
        chosen[step] += 1
    return line()


def short_heading(title: str) -> str:
    """``Phase One · trick 3`` → ``P1 trick 3``; ``Phase Two begins`` → ``P2 begins``."""
    return title.replace("Phase One", "P1").replace("Phase Two", "P2").replace(" ·", "")


def fit_table(screen: Screen[None], size: Size) -> None:
    """Lay the table out for a terminal of ``size``: a third column with the secondary
    sections when wide enough; else those sections under the table when they fit the height
    too; the table's rows sized to what it shows (at most what leaves the log its last lines),
    so the trick, the hand and the Score piles are on screen without scrolling."""
    panel = screen.query_one(TablePanel)
    more = screen.query_one(MorePanel)
    wide = size.width >= WIDE
    table_width = size.width - SIDE_WIDTH - (MORE_WIDTH if wide else 0)
    text_width = table_width - 3  # the padding and the scrollbar's gutter
    room = size.height - 3 - LOG_ROWS  # the status, the log's rule, the footer
    # the roomiest setting of the sections that fits (a crowded trick with artifacts, a hand of
    # five factions and heroes, five factions' votes: the tightest fits 80×24)
    for compact in (0, 1, 2):
        panel.compact = compact
        primary = rows_needed(panel.lines(False, text_width), text_width)
        if primary <= room:
            break
    else:
        room += 1  # the most crowded positions: the log keeps two rows, not three
    secondary = rows_needed(panel.lines(True, text_width), text_width)
    panel.with_secondary = not wide and primary + secondary <= room
    more.display = wide
    if wide:
        more.show(panel.lines(True, MORE_WIDTH - 3))
    needed = primary + (secondary if panel.with_secondary else 0)
    main = screen.query_one("#main")
    main.styles.height = max(min(needed, room), min(12, room))
    panel.redraw()


class FittedScreen(Screen[None]):
    """A screen showing the table (the game's or a replay's): its status line and panels sized
    to the terminal whenever it changes size (:func:`fit_table`)."""

    _status: list[list[str]]

    def fit(self) -> None:
        """The status line and the panels' sizes for the terminal's size now."""
        self.query_one("#status", Static).update(
            status_line(self._status, self.size.width - 2), layout=False
        )
        fit_table(self, self.size)

    def on_resize(self) -> None:
        if self._status:
            self.fit()


class TableScreen(FittedScreen):
    """You against the bot. A search bot thinks in a worker thread (a hard one takes about a
    second a move), so the screen stays alive; meanwhile no move can be chosen. The quick bots
    answer at once."""

    DEFAULT_CSS = TABLE_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding(SAVE_KEY, "save", "Save", key_display=key_display(SAVE_KEY)),
        Binding("ctrl+t", "more", "More", key_display="^t"),
        Binding("ctrl+l", "full_log", "Log", key_display="^l"),
        Binding("ctrl+d", "never_ask", "Don't ask again", key_display="^d"),
        Binding("ctrl+a", "ask_all", "Ask at every window", show=False),
        Binding(HINT_KEY, "hint", "Hint", key_display=key_display(HINT_KEY)),
        # the letters alone when the move list does not take them (it filters with them):
        # after the end, while the bot thinks, or with the log focused
        Binding("s", "save", "Save", show=False),
        Binding("q", "leave", "Quit", show=False),
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
        #: the status line's parts, each with its shorter forms (see :func:`status_line`)
        self._status: list[list[str]] = []
        #: the artifacts the player said not to be asked about again this game (ctrl+d)
        self.never: set[str] = set()
        #: those of them the log has said a window was passed for (said once each, issue 37)
        self.never_told: set[str] = set()
        #: ask at every artifact window, even when it could not matter (ctrl+a toggles it)
        self.ask_all = False
        #: the redraw after the human's move, put off while the bot decides what the human may
        #: not know it is asked (issue 35: :attr:`GameSession.hidden_turn`)
        self._owed_refresh = False

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            yield TablePanel(id="table")
            with Vertical(id="side"):
                yield Static(id="prompt")
                yield Static(id="filter")
                yield MovesPanel(id="moves")
            yield MorePanel(id="more")
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
        if session.hidden_turn:
            # the bot is asked what the human may not know it is (issue 35): the table is drawn
            # once it has decided, as this redraw would have drawn it had the bot not been asked
            self._owed_refresh = True
            return
        self.pass_unasked()
        view = session.view()
        decision = session.decision()
        names = session.names
        title = heading(view, decision["kind"] if decision else None)
        self._status = [
            ["Claim", ""],
            [title, short_heading(title)],
            [f"you: player {session.seat}", f"you: P{session.seat}", ""],
            [f"vs {bot_label(session.bot_spec)}", f"vs {bot_short_label(session.bot_spec)}", ""],
            [session.seed_text()],
        ]
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
        self.show_filter()
        self.refresh_bindings()
        self.fit()

    # -- the artifact windows ------------------------------------------------------------------

    def window_offered(self) -> list[str]:
        """The artifacts the window now asked offers (empty: no artifact window)."""
        decision = self.session.decision()
        if decision is None or decision["kind"] not in WINDOWS:
            return []
        return offered(self.session.legal())

    def pass_unasked(self) -> None:
        """Pass for the player at every artifact window that could not matter or whose
        artifacts they said not to be asked about (claim.text.artifact_prompts), as if they had
        chosen ``pass``: the move goes through the session like any other."""
        session = self.session
        while session.human_to_move and not self.ask_all:
            decision = session.decision()
            kind = decision["kind"] if decision else None
            names = unasked(kind, session.legal(), session.state, session.seat, self.never)
            if not names:
                return
            lines = session.play("pass")
            if all(name in self.never for name in names):
                # said once for each artifact, not after every trick (issue 37)
                new = [name for name in names if name not in self.never_told]
                self.never_told.update(new)
                if new:
                    lines.append(skipped_line(new, self.never))
            else:
                lines.append(skipped_line(names, self.never))
            self.tell(lines)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "never_ask":
            return bool(self.window_offered())  # only at an artifact window
        return True

    def action_never_ask(self) -> None:
        """Don't ask again this game about the highlighted move's artifact (every artifact
        the window offers when ``pass`` is highlighted)."""
        names = self.window_offered()
        if not names:
            return
        moves = self.query_one(MovesPanel)
        index = moves.highlighted
        move = moves.moves[index] if index is not None and index < len(moves.moves) else "pass"
        chosen = offered([move]) or names
        self.never.update(chosen)
        self.ask_all = False
        self.say(f"Not asked again this game: {catalog.titles(chosen)} (ctrl+a asks again).")
        self.refresh_table()
        self.next_turn()

    def action_ask_all(self) -> None:
        """Ask at every artifact window from now on (or back to asking only when it could
        matter): the full list of moves, skipped ``use`` moves included, one key away."""
        self.ask_all = not self.ask_all
        if self.ask_all:
            self.never.clear()
            self.never_told.clear()
            self.say(
                "Every artifact window is asked from now on (ctrl+a again: only those that "
                "could matter)."
            )
        else:
            self.say("Artifact windows are asked only when they could matter.")
        self.refresh_table()
        self.next_turn()

    def show_filter(self) -> None:
        """The line over the moves: what is typed, how many moves it keeps, the keys."""
        moves = self.query_one(MovesPanel)
        shown, total = len(moves.moves), len(moves.all_moves)
        if moves.filter:
            line = f"filter: {moves.filter}▏ {shown} of {total} · Esc clears"
        elif self.window_offered():
            line = "^d don't ask again this game"
        elif total > 10:
            line = f"{total} moves · type to filter"
        elif total:
            line = "type letters to filter the moves"
        else:
            line = ""
        self.query_one("#filter", Static).update(line)

    def on_moves_panel_filtered(self, _: MovesPanel.Filtered) -> None:
        self.show_filter()
        if not self.query_one(MovesPanel).moves:
            self.app.bell()

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

    def say(self, line: str) -> None:
        """A word to the player in the log, in brackets, rather than a notification: a toast
        lies over the log's last lines (issue 37)."""
        self.tell([f"({line})"])

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
            if not session.hidden_turn:  # a decision hidden from the human shows nothing
                self.query_one("#prompt", Static).update(
                    f"{session.names[session.bot_seat].capitalize()} is thinking…"
                )
                self.query_one(MovesPanel).show([])
                self.show_filter()
            self.run_worker(session.bot_choice, thread=True, group="bot", exclusive=True)
        elif session.over:
            self.action_result()

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.group == "hint":
            self.hint_done(event)
            return
        if event.worker.group != "bot" or event.state != WorkerState.SUCCESS:
            return
        move = event.worker.result
        assert isinstance(move, str)
        self.thinking = False
        self.tell(self.session.apply_bot(move))
        if self.session.hidden_turn:
            self.next_turn()  # still nothing to show (issue 35)
            return
        # the screen as it would have been right after the last move the human may know of
        if not self.session.bot_to_move or self._owed_refresh:
            self.refresh_table()
        self._owed_refresh = False
        self.next_turn()

    def play(self, move: str) -> None:
        if self.thinking or not self.session.human_to_move:
            self.app.bell()
            return
        try:
            lines = self.session.play(move)
        except ClaimError as exc:
            self.app.bell()
            self.say(f"error: {exc}")
            return
        self.tell(lines)
        if not self.session.bot_to_move or self.slow_bot:
            self.refresh_table()  # a quick bot answers at once: one redraw after its moves
        self.next_turn()

    # -- the coach's hint (issue 39) -------------------------------------------------------------

    def action_hint(self) -> None:
        """Ask the search which move it prefers for the human's decision, from what they know
        (GameSession.hint): in a worker thread, no move taken meanwhile (``thinking``), the
        answer told in the log; the move made next is marked in the record."""
        if self.thinking or not self.session.human_to_move:
            self.app.bell()
            self.say(hint_refused_line())
            return
        self.thinking = True
        self.say(hint_thinking_line())
        self.run_worker(self.session.hint, thread=True, group="hint", exclusive=True)

    def hint_done(self, event: Worker.StateChanged) -> None:
        if event.state not in (WorkerState.SUCCESS, WorkerState.ERROR, WorkerState.CANCELLED):
            return
        self.thinking = False
        found = event.worker.result
        if event.state == WorkerState.SUCCESS and isinstance(found, Hint):
            self.say(found.text())
        else:
            self.say(f"error: {event.worker.error}")

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

    def action_more(self) -> None:
        show_more(self)

    def action_full_log(self) -> None:
        show_full_log(self)

    def default_save_name(self) -> str:
        # never the seed in the name: the dialog shows it during play (issue 35)
        # the moves the human may know of (issue 35: not the bot's passes hidden from them)
        return f"claim-{time.strftime('%Y%m%d-%H%M%S')}-{self.session.moves_known}.json"

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


class ReplayScreen(FittedScreen):
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
        Binding("ctrl+t,t", "more", "More", key_display="t"),
        Binding("ctrl+l,g", "full_log", "Log", key_display="g"),
        # app.quit (App.action_quit): there is no action "exit", so q and Esc did nothing
        Binding("q,escape", "app.quit", "Quit", priority=True),
    ]

    def __init__(self, replay: ReplaySession, source: str = "") -> None:
        super().__init__()
        self.replay = replay
        self.source = source
        self._shown = 0  # the index the log was written up to
        self._status: list[list[str]] = []

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            yield TablePanel(id="table")
            with VerticalScroll(id="side"):
                yield Static(id="prompt")
            yield MorePanel(id="more")
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
        seat = replay.seat
        seen = (
            ["everything shown", "all"]
            if seat is None
            else [f"as player {seat} saw it", f"P{seat}"]
        )
        title = heading(view)
        self._status = [
            ["Replay"],
            [title, short_heading(title)],
            [f"move {replay.index} of {replay.total}", f"{replay.index}/{replay.total}"],
            seen,
            [self.source, ""] if self.source else [""],
        ]
        self.query_one(TablePanel).show(
            table_sections(view, replay.seat, names, replay.config),
            replay.seat,
            names,
            view["status"] == "finished",
        )
        self.query_one("#prompt", Static).update(self._side_text())
        self.fit()

    def action_more(self) -> None:
        show_more(self)

    def action_full_log(self) -> None:
        show_full_log(self)

    def _side_text(self) -> str:
        """Where the replay stands and what comes next, as the session lets the viewer know it
        (from a seat: never the other player's move before it is made)."""
        lines = self.replay.side_lines()
        lines.append("")
        lines.append(
            "→ next · ← back · PgDn/PgUp ten · Home/End · t more · g log · ? help · q quit"
        )
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


def show_more(screen: Screen[None]) -> None:
    """The secondary sections (locations, artifacts, cards left) over the table."""
    lines = screen.query_one(TablePanel).lines(True, 72)
    screen.app.push_screen(TextScreen("The rest of the table", [t.plain for t in lines]))


def show_full_log(screen: Screen[None]) -> None:
    """Every line the log told, from the start, over the table."""
    told = screen.query_one(LogPanel).lines_told
    screen.app.push_screen(TextScreen("The log", told, at_end=True))
