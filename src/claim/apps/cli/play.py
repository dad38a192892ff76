"""``claim play``: a game against a bot, on the full-screen table (claim.apps.tui) or line by
line at a prompt."""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from pathlib import Path

import click

from claim.analysis.hint import hint
from claim.apps.cli.group import BOT_SPECS, cli, fail, resolve_options
from claim.apps.cli.options import SETUP_OPTION_NAMES, setup_options
from claim.apps.cli.table import table_lines
from claim.apps.tui.keys import HINT_KEY, QUIT_KEY, SAVE_KEY
from claim.bots import decide
from claim.core import cards, records
from claim.core.engine import current_player, is_over, legal_actions
from claim.core.errors import ClaimError
from claim.core.game import new_game
from claim.core.options import SetupOptions
from claim.core.powers import REGISTRY
from claim.core.setup import GameConfig
from claim.core.state import State
from claim.core.view import observe
from claim.sim.arena import build_bot, normalize_spec
from claim.sim.simulate import bot_seed as default_bot_seed
from claim.text import catalog
from claim.text.account import (
    CHOSEN_DEAL_LINE,
    Names,
    Narrator,
    artifact_rules_lines,
    faction_titles,
    held_artifacts_line,
    hero_table_lines,
    location_rules_lines,
    named,
    seed_end_line,
)
from claim.text.artifact_prompts import LINE_ASK_ALL, skipped_line, unasked
from claim.text.bots import bot_label
from claim.text.describe import ordered_moves

#: the opponent of `claim play` without --bot
DEFAULT_PLAY_BOT = "heuristic"

PLAY_HELP = """\
Type a move by its number or in full (e.g. 1, or "play goblins:5"); "goblins:5" alone plays it.
Other commands:
  help         this text, and the powers of the factions, heroes, locations and artifacts in
               play
  show         show the table again
  hint         the move the search prefers, weighed from what you know, with its chance of
               winning and the next best (a saved game marks the moves made after one)
  ask all      ask at every artifact window (otherwise a window is passed for you, and said
               so, when no use of its artifacts could change anything from what you know)
  save FILE    write the game so far as a record (replay it with: claim replay FILE); the
               file holds the whole deal, the bot's cards included
  quit         leave the game"""


#: ``claim play --help``: the keys named are the table's own (claim.apps.tui.keys)
COMMAND_HELP = f"""Play a game in the terminal against a bot (--bot; see docs/bots.md).

In a terminal it opens the full-screen table: a new-game screen (deck, heroes, locations,
artifacts, first leader, opponent: a level from beginner to expert or a bot, seed, seat), then
the table with your hand, the trick, both Score piles by faction with who leads each vote, the
legal moves to pick by number or arrows, a log that explains every trick, help (?) with the
rules of everything in play, a hint from the search on request ({HINT_KEY}: its preferred move
from what you know, marked in the record), save ({SAVE_KEY}) and quit ({QUIT_KEY}). --plain (or
input that is not a terminal) plays line by line.

You see only what your seat may know: your hand, the prize, the trick so far, both Score
piles, the face-up Gnomes, the Troll pool, the locations' tallies (Plateau, Ice Fields, Lava
Fields, Lighthouse, Dungeon), your artifacts and the ones the bot has used (how many it still
holds, not which), and how many cards are left in the deck and each hand. Type a move or its
number; "help" lists the commands ("hint", "save FILE", "quit") and the rules of the powers,
locations and artifacts in play.
"""


@cli.command(help=COMMAND_HELP)
@setup_options
@click.option(
    "--seat",
    type=click.IntRange(0, 1),
    default=0,
    show_default=True,
    metavar="0|1",
    help="Your seat: player 0 or player 1 (player 0 leads first by default).",
)
@click.option(
    "--bot",
    "bot_spec",
    default=DEFAULT_PLAY_BOT,
    show_default=True,
    metavar="NAME[:STRENGTH]",
    help=f"Your opponent: {BOT_SPECS}.",
)
@click.option(
    "--bot-seed",
    type=int,
    default=None,
    metavar="N",
    help="Seed of the bot. Default: derived from the game seed.",
)
@click.option(
    "--plain",
    is_flag=True,
    help="The line-by-line game (type moves at a prompt) instead of the full-screen table; "
    "the default when the input or output is not a terminal.",
)
@click.option(
    "--no-menu",
    is_flag=True,
    help="Start at once with the options given, without the new-game screen (it is skipped "
    "too when any setup option or --seed is given).",
)
@click.option(
    "--resume",
    "resume",
    default=None,
    metavar="FILE",
    help="Continue the game saved in FILE (a record written by save); its setup is used.",
)
@click.pass_context
def play(
    ctx: click.Context,
    seed: int | None,
    options: SetupOptions,
    seat: int,
    bot_spec: str,
    bot_seed: int | None,
    plain: bool,
    no_menu: bool,
    resume: str | None,
) -> None:
    """``claim play`` (its help: :data:`COMMAND_HELP`)."""
    try:
        spec = normalize_spec(bot_spec)
    except ClaimError as exc:
        fail(f"--bot: {exc}")
    if resume is not None:
        given = [
            "--" + name.replace("_", "-")
            for name in ("seed", *SETUP_OPTION_NAMES)
            if ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
        ]
        if given:
            # the record holds the whole setup: an option beside it would be silently ignored
            fail(f"--resume takes the setup from FILE; drop {', '.join(given)}")
    if not plain and sys.stdin.isatty() and sys.stdout.isatty():
        _play_on_table(ctx, seed, options, seat, spec, bot_seed, no_menu, resume)
        return
    #: the moves made after a hint (issue 39), saved as the record's ``hinted``
    hinted: set[int] = set()
    if resume is not None:
        state = _resumed_state(resume)
        hinted.update(records.hinted(records.read_json(resume)))
        opening = f"Resumed from {resume} after {len(state.moves)} moves."
    else:
        setup = resolve_options(seed, options)
        state = new_game(setup.config, setup.seed)
        # never the seed before the end: it rebuilds the deal, the bot's hand too (issue 35)
        opening = CHOSEN_DEAL_LINE if seed is not None else ""
    bot_player = 1 - seat
    if bot_seed is None:
        bot_seed = default_bot_seed(state.seed or 0, bot_player)
    bot = build_bot(spec, bot_seed)
    names = Names(("you", "the bot") if seat == 0 else ("the bot", "you"))
    narrator = Narrator(state, viewer=seat, names=names, live=True)
    asking = _Asking()
    config = state.config
    say(f"Claim: you are player {seat}, against the {bot_label(spec)}. {opening}".rstrip())
    say(f"Factions: {faction_titles(config.factions)}. Type help for the commands.")
    # a person reads the game: cards by their names, never their codes (issue 37)
    for line in (
        *hero_table_lines(config),
        *location_rules_lines(config),
        *artifact_start_lines(config, seat, names),
    ):
        say(named(line))
    while not is_over(state):
        player = current_player(state)
        if player == bot_player:
            _tell(narrator.apply(decide(state, bot)))
            continue
        if not asking.every and _pass_unasked(state, narrator, seat):
            continue
        say("")
        for line in table_lines(observe(state, seat), seat, names):
            say(named(line))
        if not _human_turn(state, narrator, seat, hinted, asking):
            return
    if state.seed is not None:
        say(seed_end_line(state.seed))
    say("Thanks for playing.")


def _resumed_state(path: str) -> State:
    """The game saved in ``path``, replayed; a bad or finished record fails in one line."""
    try:
        state = records.replay(records.read_json(path))
    except ClaimError as exc:
        fail(str(exc))
    if is_over(state):
        fail(f"{path}: the game is already over (claim replay shows it)")
    return state


def artifact_start_lines(config: GameConfig, seat: int, names: Names) -> list[str]:
    """What the player at ``seat`` knows of the artifacts when the game starts (§8): their own
    three, that the other holds three secret ones, and the public pool they were dealt from."""
    if not config.artifacts:
        return []
    pool = (
        f"all {len(cards.ARTIFACTS)}"
        if config.artifact_pool == cards.ARTIFACTS
        else catalog.titles(config.artifact_pool)
    )
    held = held_artifacts_line(config, seat, names)
    return [f"{held} Dealt from {pool} (help shows their rules)."]


def artifact_help_lines(config: GameConfig, seat: int) -> list[str]:
    """The rules of the artifacts in play for the help: the pool they were dealt from, yours
    marked."""
    if not config.artifacts:
        return []
    mine = set(config.artifacts[seat])
    lines = []
    for name, line in zip(
        config.artifact_pool, artifact_rules_lines(config.artifact_pool), strict=True
    ):
        title = catalog.title(name)
        if name in mine:
            line = f"{title} (yours){line[len(title) :]}"
        lines.append(line)
    return lines


def _tell(lines: list[str]) -> None:
    """An account's lines; its section headings in bold on a terminal (as echo_line)."""
    for line in lines:
        heading = line.endswith(":") and not line.startswith(" ")
        say(line, bold=heading or line == "End of the game.")


def wrapped(text: str, width: int) -> list[str]:
    """``text`` (one line or several) wrapped by words at ``width`` columns: a word is never cut
    (a card code, a long file name stays whole, past the edge if it must), and a wrapped line
    goes on under its indent, two columns further in (a move of the list under its words)."""
    out: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        indent = len(line) - len(line.lstrip(" "))
        item = line.lstrip(" ").partition(" ")[0]
        # a numbered move ("  3. play goblins:5") goes on under its text, anything else 2 in
        more = len(item) + 1 if item[:-1].isdigit() and item.endswith(".") else 2
        out.extend(
            textwrap.wrap(
                line,
                width,
                subsequent_indent=" " * (indent + more),
                break_long_words=False,
                break_on_hyphens=False,
            )
            or [""]
        )
    return out


def say(text: str = "", err: bool = False, bold: bool = False) -> None:
    """Print ``text`` wrapped by words to the terminal's width (issue 37: the terminal cut the
    lines mid-word). Output that is no terminal (a file, a pipe) is not wrapped, unless
    ``COLUMNS`` gives a width."""
    stream = sys.stderr if err else sys.stdout
    if stream.isatty() or os.environ.get("COLUMNS"):
        lines = wrapped(text, max(20, shutil.get_terminal_size().columns))
    else:
        lines = text.split("\n")
    for line in lines:
        click.secho(line, err=err, bold=bold or None)


class _Asking:
    """Whether the line game asks at every artifact window (its ``ask all`` command), or only
    where using an artifact could change something (claim.text.artifact_prompts, as the
    full-screen table and the web do; issue 37)."""

    def __init__(self) -> None:
        self.every = False


def _pass_unasked(state: State, narrator: Narrator, seat: int) -> bool:
    """At an artifact window no use of which could change anything, from what the seat knows:
    pass for the player through the normal path (the record is as if they had typed ``pass``)
    and say so. False where the window is to be asked (or there is none)."""
    decision = observe(state, seat).get("decision")
    kind = decision["kind"] if decision else None
    names = unasked(kind, legal_actions(state), state, seat)
    if not names:
        return False
    _tell(narrator.apply("pass"))
    say(skipped_line(names, (), LINE_ASK_ALL))
    return True


def _human_turn(
    state: State,
    narrator: Narrator,
    seat: int,
    hinted: set[int] | None = None,
    asking: _Asking | None = None,
) -> bool:
    """Ask until the human makes a legal move (True) or leaves (False). The moves are numbered
    in the order the table lists them (ordered_moves, as the full-screen table numbers them)."""
    legal = ordered_moves(legal_actions(state), state.config.factions)
    while True:
        try:
            text = click.prompt("Your move", default="", show_default=False).strip()
        except click.Abort:
            say("")
            say("End of input: the game is left unfinished.")
            return False
        if not text:
            continue
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("quit", "exit", "q"):
            say("You leave the game unfinished.")
            return False
        if word in ("help", "?"):
            say(PLAY_HELP)
            # the power's own text, as written (its ``quotes`` kept, where the catalog writes
            # 'quotes'): this help's output is pinned byte for byte
            for name in (*state.config.factions, *state.config.hero_pool):
                power = REGISTRY.get(name)
                if power is not None:
                    say(f"  {name}: {power.rules_text()}")
            for line in location_rules_lines(state.config):
                say(f"  {line}")
            for line in artifact_help_lines(state.config, seat):
                say(f"  {line}")
            continue
        if word == "show":
            for line in table_lines(observe(state, seat), seat, narrator.names):
                say(named(line))
            continue
        if word == "save":
            _save(state, rest.strip(), hinted)
            continue
        if text.lower() == "ask all":
            if asking is not None:
                asking.every = True
            say("Every artifact window will be asked from now on.")
            continue
        if word == "hint":
            found = hint(state, seat)
            if hinted is not None:
                hinted.add(found.ply)
            say(found.text())
            continue
        move = _parse_move(text, legal)
        if move is None:
            continue
        _tell(narrator.apply(move))
        return True


def _parse_move(text: str, legal: list[str]) -> str | None:
    """The legal move a player typed, or None after printing a one-line error."""
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        say(f"error: there is no move {number}; choose 1 to {len(legal)}", err=True)
        return None
    if text in legal:
        return text
    if f"play {text}" in legal:
        return f"play {text}"
    say(f"error: illegal move {text!r}; legal moves: {', '.join(legal)}", err=True)
    return None


def _play_on_table(
    ctx: click.Context,
    seed: int | None,
    options: SetupOptions,
    seat: int,
    spec: str,
    bot_seed: int | None,
    no_menu: bool,
    resume: str | None,
) -> None:
    """``claim play`` in a terminal: the Textual table (claim.apps.tui). The new-game screen is
    shown unless the command line already says how to set the game up."""
    from claim.apps.tui import run_play

    given = any(
        ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
        for name in ("seed", *SETUP_OPTION_NAMES)
    )
    try:
        run_play(options, seed, seat, spec, bot_seed, menu=not (no_menu or given), resume=resume)
    except ClaimError as exc:
        fail(str(exc))


def _save(state: State, target: str, hinted: set[int] | None = None) -> None:
    if not target:
        say("error: save needs a file name, e.g. save game.json", err=True)
        return
    record = records.to_record(state, hinted or ())  # with the moves made after a hint
    try:
        Path(target).write_text(records.dumps(record), encoding="utf-8")
    except OSError as exc:
        say(f"error: cannot write {target}: {exc.strerror or exc}", err=True)
        return
    say(f"Saved the game to {target} (claim replay {target} shows it).")
