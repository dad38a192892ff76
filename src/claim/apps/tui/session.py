"""The game behind the terminal app, with no user interface: a :class:`GameSession` (you against a
bot) and a :class:`ReplaySession` (stepping through a saved record).

Kept free of Textual so the rules of a session (whose turn, what is legal, what the log says, what
is saved) are tested without a screen and can serve another front end. The screen only ever gets
:meth:`GameSession.view` (``observe`` for the human's seat, RULES.md §10), the legal moves, the
decision being asked and the Narrator's lines — never the true state — so nothing secret can leak
through it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from claim.analysis.hint import HINT_BUDGET, Hint, hint
from claim.bots import Bot, decide, make_bot, normalize
from claim.core import records
from claim.core.engine import current_player, is_over, legal_actions
from claim.core.errors import ClaimError, ConfigError
from claim.core.game import new_game
from claim.core.options import SetupOptions
from claim.core.setup import GameConfig
from claim.core.state import State
from claim.core.unseen import Unseen, hidden_from
from claim.core.view import observe, report
from claim.core.view_types import DecisionView, View
from claim.sim.simulate import bot_seed
from claim.text import catalog
from claim.text.account import (
    CHOSEN_DEAL_LINE,
    Names,
    Narrator,
    artifact_rules_lines,
    faction_titles,
    game_result_lines,
    hero_rules_lines,
    location_rules_lines,
    named,
    seed_end_line,
    table_setup_lines,
)
from claim.text.bots import bot_choices, bot_label
from claim.text.describe import asked
from claim.text.hints import hint_refused_line

#: the bots a player may choose, as ``make_bot`` reads them, with what the menu calls them: the
#: difficulty levels, then the heuristic and random bots (claim.text.bots)
BOT_CHOICES: tuple[tuple[str, str], ...] = bot_choices()

DEFAULT_BOT = "heuristic"


def check_bot_spec(spec: str) -> str:
    """The bot spec in the form ``make_bot`` reads (``Search`` → ``search:medium``); an unknown
    bot or strength raises ConfigError (one line)."""
    return normalize(spec.strip() or "?")  # "?": the one-line ConfigError for an empty name


def default_bot_seed(seed: int | None, player: int) -> int:
    """The bot's seed when none is given: derived from the game seed as ``claim play`` does,
    so a game with the same seed meets the same bot (0 for a record without a seed)."""
    return bot_seed(seed or 0, player)


@dataclass
class GameSession:
    """You (``seat``) against a bot, on the true state. Not thread-safe for writes: only
    :meth:`bot_choice` may run beside the interface (it reads the state, never changes it)."""

    state: State
    seat: int
    bot_spec: str
    bot: Bot
    bot_seed: int
    names: Names = field(init=False)
    narrator: Narrator = field(init=False)
    unseen: Unseen = field(init=False)
    #: every line told so far (the intro, then each move's), for a log panel to show
    log: list[str] = field(default_factory=list)
    #: the deal was not drawn fresh: a chosen seed, or a resumed save (which holds the deal);
    #: the table says so, and shows no seed before the end either way (issue 35)
    chosen_deal: bool = False
    #: the moves the human asked a hint for (issue 39), by their index in the record's moves:
    #: saved as the record's ``hinted`` (those made so far), read back on resuming
    hinted: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        if self.seat not in (0, 1):
            raise ConfigError(f"the seat must be 0 or 1, not {self.seat}")
        you_them = ("you", "the bot")
        self.names = Names(you_them if self.seat == 0 else you_them[::-1])
        self.narrator = Narrator(self.state, viewer=self.seat, names=self.names, live=True)
        #: the bot's passes the human may not know were made (claim.core.unseen, issue 35)
        self.unseen = Unseen((self.seat,))
        if self.state.moves:  # a resumed game: counted from its start
            record = records.to_record(self.state)
            self.unseen = Unseen.of(records.initial_state(record), record["moves"], (self.seat,))

    # -- starting ------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        options: SetupOptions,
        seed: int | None = None,
        seat: int = 0,
        bot_spec: str = DEFAULT_BOT,
        bot_seed: int | None = None,
    ) -> GameSession:
        """A new game dealt from ``options`` and ``seed`` (a fresh seed if None); bad options
        raise a ClaimError naming the option."""
        spec = check_bot_spec(bot_spec)
        setup = options.resolve(seed)
        state = new_game(setup.config, setup.seed)
        return cls.start(state, seat, spec, bot_seed, chosen_deal=seed is not None)

    @classmethod
    def start(
        cls,
        state: State,
        seat: int,
        bot_spec: str,
        bot_seed: int | None = None,
        *,
        chosen_deal: bool = False,
    ) -> GameSession:
        """A session on ``state`` (a new deal or a loaded game), with its intro in the log."""
        spec = check_bot_spec(bot_spec)
        if bot_seed is None:
            bot_seed = default_bot_seed(state.seed, 1 - seat)
        session = cls(
            state, seat, spec, make_bot(spec, bot_seed), bot_seed, chosen_deal=chosen_deal
        )
        session.log.extend(session.intro_lines())
        return session

    @classmethod
    def resume(
        cls,
        path: str | Path,
        seat: int = 0,
        bot_spec: str = DEFAULT_BOT,
        bot_seed: int | None = None,
    ) -> GameSession:
        """Continue the game saved in ``path`` (a record, e.g. written by :meth:`save`). A
        finished game, a malformed record or an illegal move raises a one-line ClaimError."""
        record = records.read_json(path)
        state = records.replay(record)
        if is_over(state):
            raise ClaimError(f"{path}: the game is already over (claim replay shows it)")
        session = cls.start(state, seat, bot_spec, bot_seed)
        session.chosen_deal = True  # the save holds the deal
        session.hinted.update(records.hinted(record))
        told = len(state.moves)
        session.log.append(f"Resumed from {path} after {told} move{'s' if told != 1 else ''}.")
        return session

    # -- what the player may know --------------------------------------------------------------

    @property
    def bot_seat(self) -> int:
        return 1 - self.seat

    @property
    def over(self) -> bool:
        return is_over(self.state)

    @property
    def human_to_move(self) -> bool:
        return not self.over and current_player(self.state) == self.seat

    @property
    def bot_to_move(self) -> bool:
        return not self.over and current_player(self.state) == self.bot_seat

    def view(self) -> View:
        """What the human may know (RULES.md §10): the only game data the screen shows."""
        return observe(self.state, self.seat)

    @property
    def config(self) -> GameConfig:
        """The setup; the screens read only its public parts (the factions, the pools, the
        locations) and the human's own artifacts — never the bot's or which heroes are in."""
        return self.state.config

    @property
    def seed(self) -> int | None:
        """The game's seed, to be shown once the game is over (:meth:`seed_text`): it rebuilds
        the whole deal, the bot's hand included, so never before (issue 35)."""
        return self.state.seed

    def seed_text(self) -> str:
        """What the status bar says of the deal: the seed once the game is over; before, that
        the deal was chosen (if it was), else nothing."""
        if self.over:
            return f"seed {self.seed}" if self.seed is not None else ""
        return "chosen deal" if self.chosen_deal else ""

    @property
    def moves_made(self) -> int:
        return len(self.state.moves)

    @property
    def moves_known(self) -> int:
        """The moves the human may know were made: not the bot's passes at decisions hidden
        from them (claim.core.unseen); what a screen may count (issue 35)."""
        return self.unseen.known(self.state, self.seat)

    @property
    def hidden_turn(self) -> bool:
        """Whether the bot is asked a decision the human may not know is asked (an artifact
        window, the Necromancer's swap: claim.core.unseen): the screen shows nothing of it, as
        if the bot had not been asked, until it is made (issue 35)."""
        return hidden_from(self.state, self.seat)

    def legal(self) -> list[str]:
        """The human's legal moves; empty when it is not their turn."""
        return legal_actions(self.state) if self.human_to_move else []

    def decision(self) -> DecisionView | None:
        """The decision the human is asked now, from their view (``seer``, ``art:start``,
        ``swamp`` with the cards left to choose, ...); None for an ordinary play of a card or
        when it is not their turn."""
        return asked(self.view()) if self.human_to_move else None

    # -- moving --------------------------------------------------------------------------------

    def play(self, move: str) -> list[str]:
        """Apply the human's ``move`` and return the log lines it produced. A move that is not
        legal now (or not the human's turn) raises ClaimError with a one-line message."""
        if self.over:
            raise ClaimError("the game is over")
        if not self.human_to_move:
            raise ClaimError(f"it is {self.names[self.bot_seat]}'s turn, not yours")
        legal = legal_actions(self.state)
        if move not in legal:
            raise ClaimError(f"illegal move {move!r}; legal moves: {', '.join(legal)}")
        return self._tell(move)

    def bot_choice(self) -> str:
        """The bot's next move, without playing it. It only reads the state (the bot sees the
        view and determinizations), so the interface may run it in a worker thread."""
        if not self.bot_to_move:
            raise ClaimError("it is not the bot's turn")
        return decide(self.state, self.bot)

    def hint(self, budget: int = HINT_BUDGET) -> Hint:
        """The search's hint for the human's decision, from their knowledge only
        (claim.analysis.hint), remembered for the record (:attr:`hinted`). Only reads the
        state, so the interface may run it in a worker thread; not the human's turn: a one-line
        ClaimError."""
        if not self.human_to_move:
            raise ClaimError(hint_refused_line())
        found = hint(self.state.clone(), self.seat, budget)
        self.hinted.add(found.ply)
        return found

    def apply_bot(self, move: str) -> list[str]:
        """Play the bot's ``move`` (from :meth:`bot_choice`) and return its log lines."""
        if not self.bot_to_move:
            raise ClaimError("it is not the bot's turn")
        return self._tell(move)

    def run_bots(self) -> list[str]:
        """Let the bot move until it is the human's turn or the game is over."""
        lines: list[str] = []
        while self.bot_to_move:
            lines.extend(self.apply_bot(self.bot_choice()))
        return lines

    def _tell(self, move: str) -> list[str]:
        self.unseen.before(self.state, move)
        lines = self.narrator.apply(move)
        if self.over and self.seed is not None:  # the seed, now that it gives nothing away
            lines = [*lines, seed_end_line(self.seed)]
        self.log.extend(lines)
        return lines

    # -- saving and the end --------------------------------------------------------------------

    def record(self) -> records.Record:
        return records.to_record(self.state, self.hinted)

    def save(self, path: str | Path) -> Path:
        """Write the game so far as a record (``claim replay`` reads it, :meth:`resume`
        continues it); a file that cannot be written raises a one-line ClaimError."""
        target = Path(path).expanduser()
        if not str(path).strip():
            raise ClaimError("a file name is needed, e.g. game.json")
        try:
            target.write_text(records.dumps(self.record()), encoding="utf-8")
        except OSError as exc:
            raise ClaimError(f"cannot write {path}: {exc.strerror or exc}") from None
        return target

    def result_lines(self) -> list[str]:
        """The votes faction by faction and what decided the winner (empty before the end), in
        names a person reads (issue 37)."""
        return [named(line) for line in game_result_lines(self.state, self.names, self.seat)]

    def winner_line(self) -> str:
        """One line: who won (or a draw), for the end panel's title."""
        result = self.state.result
        if result is None:
            return ""
        winner = result.get("winner")
        if winner is None:
            return "The game is a draw."
        return "You win!" if winner == self.seat else f"{self.names[winner].capitalize()} wins."

    # -- text for the panels -------------------------------------------------------------------

    def intro_lines(self) -> list[str]:
        config = self.state.config
        names = self.names
        lines = [
            f"You are player {self.seat}, against the {bot_label(self.bot_spec)}.",
            *([CHOSEN_DEAL_LINE] if self.chosen_deal else []),
            f"Factions: {faction_titles(config.factions)}.",
            f"{names[config.first_leader].capitalize()} "
            f"{'lead' if config.first_leader == self.seat else 'leads'} the first trick.",
        ]
        lines.extend(named(line) for line in table_setup_lines(config, self.seat, names))
        lines.append(
            "Press ? for the keys and the rules of the cards in play, ctrl+s to save, ctrl+q to "
            "quit; type letters to filter the moves."
        )
        return lines

    def help_lines(self) -> list[str]:
        return rules_lines(self.state.config, self.seat)


def rules_lines(config: GameConfig, seat: int | None) -> list[str]:
    """The help panel's text: the rules of every faction, hero (of the public pool), location
    and artifact (of the public pool, ``seat``'s own marked) in play."""
    lines = ["FACTIONS"]
    for name in config.factions:
        lines.append(f"{name.capitalize()}: {catalog.rules(name)}")
    if config.heroes:
        lines.append("")
        lines.append(f"HEROES ({len(config.heroes)} in the deck, from this pool)")
        lines.extend(hero_rules_lines(config))
    if config.setting or config.building:
        lines.append("")
        lines.append("LOCATIONS")
        lines.extend(location_rules_lines(config))
    if config.artifacts:
        mine = set(config.artifacts[seat]) if seat is not None else set()
        lines.append("")
        lines.append("ARTIFACTS (the pool they were dealt from; yours are marked *)")
        for name, line in zip(
            config.artifact_pool, artifact_rules_lines(config.artifact_pool), strict=True
        ):
            lines.append(f"* {line}" if name in mine else f"  {line}")
    return lines


class ReplaySession:
    """A saved game stepped through move by move, forward and back, on the same table: from a
    seat (what that player knew) or, with ``seat`` None, showing everything.

    Every position is computed once up front (a whole game is a few hundred small states), so
    stepping back is as quick as stepping forward and the log of each step is the Narrator's.

    The true states and the record's moves stay inside: the screen gets only :meth:`view`
    (``observe`` for a seat, RULES.md §10), the lines the seat's Narrator told (:attr:`told`),
    who moves next (public, W10) and :meth:`next_move` — a seat's own next move, one of its legal
    moves, never the other player's before it is made (an ``aside`` or a Windy Peaks ``give``
    would show their secret choice).
    """

    def __init__(self, record: Any, seat: int | None = None) -> None:
        if seat not in (None, 0, 1):
            raise ConfigError(f"the seat must be 0 or 1, not {seat}")
        records.replay(record)  # every record error first, with the position of a bad move
        state = records.initial_state(record)
        self.seat = seat
        self.names = Names()
        #: the setup; the screens read only its public parts (the factions, the pools, the
        #: locations) and ``seat``'s own artifacts
        self.config = state.config
        #: the moves as today's engine spells them (an old record's spelling is read as
        #: today's by the Narrator, W14), filled below
        self._moves: list[str] = []
        narrator = Narrator(state, viewer=seat, names=self.names)
        self.intro = [f"Factions: {', '.join(state.config.factions)}."]
        self.intro.append(f"Player {state.config.first_leader} leads the first trick.")
        self.intro.extend(table_setup_lines(state.config, seat, self.names))
        self._states: list[State] = [state.clone()]
        #: the log lines each move produced, as the seat's Narrator told them (index i: move i,
        #: i.e. the step to state i + 1)
        self.told: list[list[str]] = []
        for move in record.get("moves", []):
            self.told.append(narrator.apply(move))
            self._moves.append(state.moves[-1])
            self._states.append(state.clone())
        self.index = 0

    @property
    def _state(self) -> State:
        return self._states[self.index]

    @property
    def total(self) -> int:
        return len(self._moves)

    def view(self) -> View:
        """The position after :attr:`index` moves, as the seat saw it (or everything)."""
        return report(self._state, self.seat)

    def goto(self, index: int) -> int:
        self.index = max(0, min(index, self.total))
        return self.index

    def forward(self, steps: int = 1) -> int:
        return self.goto(self.index + steps)

    def backward(self, steps: int = 1) -> int:
        return self.goto(self.index - steps)

    def next_player(self) -> int | None:
        """Who makes the next move of the record (public, W10); None at its end."""
        if self.index >= self.total:
            return None
        return current_player(self._state)

    def next_move(self) -> str | None:
        """The move played from this position, as far as the viewer may know it before it is
        made: every move when everything is shown; from a seat, only that seat's own (one of the
        legal moves its view lists, W10), None for the other player's. None at the end."""
        if self.index >= self.total:
            return None
        if self.seat is not None and self.next_player() != self.seat:
            return None
        return self._moves[self.index]

    def side_lines(self) -> list[str]:
        """The side panel: where the replay stands and what comes next, as the viewer may know
        it (the other player's next move shows only once made, in the log, as the seat's
        Narrator tells it)."""
        lines = [f"Move {self.index} of {self.total}"]
        move = self.next_move()
        player = self.next_player()
        if move is not None:
            lines.append(f"Next: player {player} → {move}")
        elif player is not None:
            lines.append(f"Next: player {player} moves (shown once made)")
        elif self._state.result is not None:
            lines.append("The game is over:")
            lines.extend(self.result_lines())
        else:
            lines.append("The record ends here; the game was not finished.")
        return lines

    def log_lines(self) -> list[str]:
        """The intro and every line told up to this position."""
        lines = list(self.intro)
        for told in self.told[: self.index]:
            lines.extend(told)
        return lines

    def result_lines(self) -> list[str]:
        """The votes and what decided the winner, once finished (every card is public then)."""
        return game_result_lines(self._state, self.names, self.seat)

    def help_lines(self) -> list[str]:
        return rules_lines(self.config, self.seat)
