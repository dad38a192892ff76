"""Nothing a seat receives tells what the other player holds (issue 35, claim.core.unseen).

A player is asked at an artifact window only while holding a usable artifact (R-80, A1), and the
Necromancer's swap only of the player holding it (H30): the asking itself is secret. Each test
plays a pair of games that differ only in such a secret — the same stacked deal, the other player
holding a King's Dagger, a Magic Wand or the Necromancer in one game and not in the other — with
the same public moves (the holder passes where asked), and checks that the messages a seat and a
spectator receive are the same in both: their content (version numbers, log lines and views
included), their number and their order. The record keeps every move: the games' records differ
by the passes.

Through the web server (the game manager, its sockets as lists), the terminal's session and
screen rules (claim.apps.tui.session), and the line mode of ``claim play`` (its narrator). The
last message of a finished game shows every artifact (W9): only that difference is allowed.
"""

from __future__ import annotations

import asyncio
import copy
import json
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from claim.apps.tui.app import ClaimApp
from claim.apps.tui.session import GameSession
from claim.apps.web.games import Client, Game, GameManager, hash_token
from claim.apps.web.store import IN_PROGRESS, Store, StoredGame, now
from claim.bots.base import Sampler
from claim.core import engine
from claim.core.records import to_record
from claim.core.state import State
from claim.core.unseen import Unseen, hidden_from
from claim.core.view import SPECTATOR
from claim.core.view_types import View
from scenario import CLAIM, position_record, replay

# -- the pairs ------------------------------------------------------------------------------------

#: player 0's artifacts: none usable in these short games (between the phases only, three lost
#: tricks in a row, a Flail needs Phase One's end)
SEAT0_ARTIFACTS = ("gamblers-book", "flail-of-dawn", "flask-of-tears")


def dagger_game(secret: bool, leader: int = 0) -> State:
    """Phase Two, player 0 leads goblins:5 (or follows player 1's goblins:2 with it, ``leader``
    1): player 1's King's Dagger (A7) is asked, or player 1 holds a Prowler's Torch instead
    (Phase One only, A20)."""
    held = ("kings-dagger" if secret else "prowlers-torch", "mirror-of-lies", "wishing-lamp")
    return replay(
        position_record(
            CLAIM,
            phase=2,
            leader=leader,
            hands=[
                ["goblins:5", "knights:3", "goblins:6"],
                ["goblins:2", "knights:4", "goblins:1"],
            ],
            discard=[],
            artifacts=[SEAT0_ARTIFACTS, held],
        )
    )


def followed_dagger_game(secret: bool) -> State:
    """Player 1 leads goblins:2, player 0 follows with goblins:5: the leader's Dagger is asked
    (A22), and declined, player 0 wins the trick and leads the next one at once."""
    return dagger_game(secret, leader=1)


def wand_game(secret: bool) -> State:
    """Phase Two, player 1 leads: their Magic Wand (A2: right after they play) is asked after
    each of their plays, or they hold a Prowler's Torch instead."""
    held = ("magic-wand" if secret else "prowlers-torch", "spyglass", "wishing-lamp")
    return replay(
        position_record(
            CLAIM,
            phase=2,
            leader=1,
            hands=[
                ["goblins:5", "knights:3", "goblins:6"],
                ["goblins:2", "knights:4", "goblins:1"],
            ],
            discard=[],
            artifacts=[SEAT0_ARTIFACTS, held],
        )
    )


def necromancer_game(secret: bool) -> State:
    """Phase One: player 1 holds the Necromancer (asked after each trick whose played cards are
    discarded, H30) or the Life Stealer (asked nothing) as the last card of their hand."""
    hero = "necromancer" if secret else "life-stealer"
    return replay(
        position_record(
            CLAIM,
            phase=1,
            prize="undead:9",
            deck_top=["goblins:8", "goblins:7", "knights:8", "knights:9"],
            hands=[
                ["goblins:5", "knights:3", "goblins:6"],
                ["goblins:2", "knights:4", f"hero:{hero}"],
            ],
            heroes=[hero],
        )
    )


def secret_pending(state: State) -> bool:
    """Whether player 1 holds the King's Dagger and is asked at its window."""
    return bool(state.tasks) and state.tasks[0][:2] == ("art:dagger", 1)


def _hero_play(state: State) -> bool:
    """Stop before a hero is played: the heroes differ, and playing one shows it (player 1's
    hero is the last card of their hand, played when it is the only one)."""
    return state.hands[1] == state.hands[1][-1:]


# -- the players' policies --------------------------------------------------------------------


def first(legal: Sequence[str]) -> str:
    """A seat's policy from its message alone (the same messages give the same moves)."""
    return legal[0]


def holder(legal: Sequence[str]) -> str:
    """The holder declines every secret decision (a use would show itself) and otherwise plays
    its first move."""
    return "pass" if "pass" in legal else legal[0]


class PassingBot:
    """A bot seat that plays as :func:`holder`: its moves are the same in both games."""

    name = "passing"
    uses_view = False

    def choose(self, view: View, legal: list[str], sample: Sampler | None = None) -> str:
        return holder(legal)


# -- the web server -------------------------------------------------------------------------------


class Socket:
    """A socket: every message the server sent it, parsed."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, text: str) -> None:
        self.sent.append(json.loads(text))


async def _web_game(
    folder: Path,
    state: State,
    *,
    bot: bool = False,
    stop: Callable[[State], bool] | None = None,
    probe: bool = False,
) -> tuple[dict[str, list[dict[str, Any]]], list[str]]:
    """Play ``state`` on a server: seat 0 a person playing :func:`first` from its messages, seat
    1 a person or (``bot``) a bot playing :func:`holder`, a spectator watching. ``probe``: right
    after seat 0's first move (when seat 1 is asked at its secret decision, in the game with
    the secret), seat 0 sends a move again at once and a new socket of seat 0 joins: answered
    then without the secret, only once the decision is made with it. The messages each socket
    received, and the moves of the record."""
    manager = GameManager(Store(f"sqlite:///{folder / 'games.db'}"), chosen_deals=True)
    await manager.start()
    tokens = [secrets.token_urlsafe(8), None if bot else secrets.token_urlsafe(8)]
    seats = ["human", "bot:random" if bot else "human"]
    game_id = "pair"
    manager.store.insert(
        StoredGame(
            id=game_id,
            created=now(),
            options={},
            seats=seats,
            token_hashes=[hash_token(t) if t else None for t in tokens],
            bot_seeds=[None, 1 if bot else None],
            record=to_record(state),
            position=state.to_dict(),
            status=IN_PROGRESS,
            moves=len(state.moves),
            result=None,
            bot_turn=False,
        )
    )
    sockets = {"0": Socket(), "1": Socket(), "spectator": Socket(), "0-late": Socket()}
    try:
        game, zero = await manager.connect(game_id, "0", tokens[0], sockets["0"].send)
        one: Client | None = None
        if bot:
            game.bots[1] = PassingBot()  # type: ignore[assignment]
        else:
            _, one = await manager.connect(game_id, "1", tokens[1], sockets["1"].send)
        await manager.connect(game_id, None, None, sockets["spectator"].send)
        probed = False
        while not game.over and not (
            stop is not None and stop(game.state) and not hidden_from(game.state, 0)
        ):
            await _bots_done(game)
            if game.over:
                break
            player = engine.current_player(game.state)
            if player == 0:
                message = sockets["0"].sent[-1]
                move = first(message["legal"])
                await manager.receive(game, zero, _move(move, message["version"]))
                if probe and not probed:
                    probed = True
                    assert hidden_from(game.state, 0) == secret_pending(game.state)
                    # the version seat 0 last heard of: stale once its move is made
                    await manager.receive(game, zero, _move(move, message["version"]))
                    await manager.connect(game_id, "0", tokens[0], sockets["0-late"].send)
                continue
            assert one is not None and not bot
            last = sockets["1"].sent[-1]
            await manager.receive(game, one, _move(holder(last["legal"]), last["version"]))
        await _bots_done(game)
        moves = list(game.state.moves)
    finally:
        await manager.stop()
    return {name: socket.sent for name, socket in sockets.items()}, moves


async def _bots_done(game: Game) -> None:
    """Wait for the bot's moves (its task ends when a person is to act or the game is over)."""
    while game.bot_task is not None:
        await asyncio.wait({game.bot_task})


def _move(move: str, version: int) -> str:
    return json.dumps({"type": "move", "move": move, "version": version})


def _without_secret(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages with the holder's unused artifacts of a finished game's view left out: once
    the game is over every artifact is public (W9), the only thing the pair may differ in."""
    out = copy.deepcopy(messages)
    for message in out:
        view = message.get("view")
        if view and view["status"] == "finished":
            for player in view["players"]:
                player.pop("artifacts", None)
    return out


def _same_received(
    run: Callable[[bool], tuple[dict[str, list[dict[str, Any]]], list[str]]],
) -> tuple[dict[str, list[dict[str, Any]]], list[str], list[str]]:
    """Play the pair; check that seat 0 and the spectator received the same messages in both;
    return the game with the secret's messages and both records' moves."""
    plain, plain_moves = run(False)
    secret, secret_moves = run(True)
    for name in ("0", "spectator", "0-late"):
        assert _without_secret(secret[name]) == _without_secret(plain[name]), name
    return secret, secret_moves, plain_moves


def _web(folder: Path, make: Callable[[bool], State], **kwargs: Any) -> Callable[[bool], Any]:
    def run(secret: bool) -> Any:
        where = folder / ("secret" if secret else "plain")
        where.mkdir()
        return asyncio.run(_web_game(where, make(secret), **kwargs))

    return run


def test_web_a_declined_kings_dagger_sends_the_seats_the_same_messages(tmp_path: Path) -> None:
    """A7: the Dagger holder is asked on each printed 5 and passes; seat 0 and a spectator are
    sent exactly what they are sent when nobody holds a Dagger. The holder's own messages show
    the window, and the record keeps the passes."""
    secret, with_moves, without_moves = _same_received(_web(tmp_path, dagger_game))
    assert with_moves.count("pass") > without_moves.count("pass")  # the record keeps them
    windows = [m for m in secret["1"] if m.get("decision") == "art:dagger"]
    assert windows and windows[0]["legal"] == ["use kings-dagger", "pass"]
    versions = [m["version"] for m in secret["0"]]
    assert versions == sorted(set(versions))  # one message per move seat 0 may know of
    assert secret["0"][-1]["status"] == "finished"


def test_web_a_declined_kings_dagger_on_a_follow_sends_the_same(tmp_path: Path) -> None:
    """A22: the leader's Dagger on a followed 5, declined: the follower wins and leads on; seat
    0 and a spectator are sent the same whether or not the leader held it."""
    secret, _, _ = _same_received(_web(tmp_path, followed_dagger_game))
    assert any(m.get("decision") == "art:dagger" for m in secret["1"])


def test_web_a_declined_magic_wand_sends_the_seats_the_same_messages(tmp_path: Path) -> None:
    """A2: the leader's Wand is asked right after each of their plays; declined, nothing of it
    reaches seat 0 or a spectator."""
    secret, _, _ = _same_received(_web(tmp_path, wand_game))
    assert any(m.get("decision") == "art:played" for m in secret["1"])


def test_web_a_kept_necromancer_sends_the_seats_the_same_messages(tmp_path: Path) -> None:
    """H30: the Necromancer's holder is asked after each Phase One trick and keeps it; seat 0 and
    a spectator are sent the same as when the other holds a hero that asks nothing (compared
    until a hero would be played, which shows it)."""
    secret, _, _ = _same_received(_web(tmp_path, necromancer_game, stop=_hero_play))
    assert any(m.get("decision") == "necromancer" for m in secret["1"])


def test_web_what_a_seat_sends_during_a_hidden_decision_waits_for_it(tmp_path: Path) -> None:
    """While the holder decides, a move seat 0 sends and a socket of seat 0 that joins are
    answered only once the decision is made, as they are answered at once without the secret:
    no refusal ("not your turn"), no state and no version tell that someone is deciding."""
    secret, _, _ = _same_received(_web(tmp_path, dagger_game, probe=True))
    late = secret["0-late"]
    assert late and late[0]["type"] == "state"
    errors = [m for m in secret["0"] if m["type"] == "error"]
    assert errors  # the probe's move was answered (the same answer in both games)


def test_web_a_bot_asked_at_a_window_paces_the_table_the_same(tmp_path: Path) -> None:
    """A bot holding the Dagger and declining it: the person's table is sent the same messages,
    one per move it may know of, so the page's pauses between them (game.js: after each of the
    other player's cards) are the same; the bot's pass is never a message of its own."""
    secret, with_moves, without_moves = _same_received(_web(tmp_path, dagger_game, bot=True))
    assert with_moves.count("pass") > without_moves.count("pass")
    assert [m["version"] for m in secret["0"]] == list(range(len(secret["0"])))


# -- the core's counts ---------------------------------------------------------------------------


def test_unseen_counts_only_the_passes_at_decisions_hidden_from_the_viewer() -> None:
    """claim.core.unseen: the holder knows each of their passes; the other seat and a
    spectator know none of them; a pass at a public decision would count for everyone."""
    state = dagger_game(True)
    start = state.clone()
    moves: list[str] = []
    while state.result is None:
        move = holder(engine.legal_actions(state))
        engine.apply(state, move)
        moves.append(move)
    unseen = Unseen.of(start, moves, (0, 1, SPECTATOR))
    plain = dagger_game(False)
    while plain.result is None:
        engine.apply(plain, holder(engine.legal_actions(plain)))
    plain_unseen = Unseen.of(dagger_game(False), plain.moves, (0,))
    assert unseen.known(state, 1) == len(moves)  # the holder knows their passes
    assert unseen.counts[0] == unseen.counts[SPECTATOR] > 0
    # seat 0 counts the moves of the game without the secret: the same numbers
    assert unseen.known(state, 0) == plain_unseen.known(plain, 0)
    assert unseen.known(state, SPECTATOR) == plain_unseen.known(plain, 0)


# -- the terminal ---------------------------------------------------------------------------------


def _session(state: State, bot_spec: str) -> GameSession:
    """The human in seat 0 against a bot whose moves are :func:`holder`'s (``bot_spec`` names
    how the screen runs it: ``search`` thinks in a worker thread)."""
    session = GameSession.start(state, 0, bot_spec)
    session.bot = PassingBot()  # type: ignore[assignment]
    return session


def _session_game(state: State, stop: Callable[[State], bool] | None) -> list[Any]:
    """What the session shows the human at each of their turns: the log lines told since their
    last move (a trick's lines come once the bot's hidden decision after it is made: the log
    shows them before the human is next asked either way), the view, the legal moves and the
    count of moves they may know of."""
    session = _session(state, "random")
    shown: list[Any] = []
    lines = list(session.log)
    while not session.over:
        lines += session.run_bots()
        if session.over or (stop is not None and stop(session.state)):
            break
        assert not session.hidden_turn
        shown.append((lines, session.view(), session.legal(), session.moves_known))
        lines = session.play(first(session.legal()))
    return shown


def _strip_end(shown: list[Any]) -> list[Any]:
    return [s for s in shown if not (isinstance(s, tuple) and s[1]["status"] == "finished")]


def test_terminal_session_shows_the_same_whatever_the_bot_holds() -> None:
    """claim.apps.tui.session (and ``claim play``'s line mode, which tells the same narrator's
    lines): the human's views, legal moves, log lines and count of moves are the same whether
    or not the bot was asked at a window or the Necromancer's swap that it declined."""
    pairs = (
        (dagger_game, None),
        (followed_dagger_game, None),
        (wand_game, None),
        (necromancer_game, _hero_play),
    )
    for make, stop in pairs:
        plain = _session_game(make(False), stop)
        secret = _session_game(make(True), stop)
        assert _strip_end(secret) == _strip_end(plain), make.__name__


async def _screens(state: State, slow: bool, stop: Callable[[State], bool] | None) -> list[str]:
    """Each table the terminal's screen drew for the human (its text: the status line, the table,
    the prompt, the moves and the log), while the game goes on."""
    session = _session(state, "search:easy" if slow else "random")
    drawn: list[str] = []
    app = ClaimApp(menu=False, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.table
        assert screen is not None and screen.slow_bot == slow

        def recording(draw: Callable[[], None]) -> Callable[[], None]:
            def drawing() -> None:
                before = screen.text
                draw()
                text = screen.text
                if not session.over and text != before and text != (drawn or [""])[-1]:
                    drawn.append(text)

            return drawing

        # a redraw, and the prompt and moves the bot's turn shows ("is thinking…")
        screen.refresh_table = recording(screen.refresh_table)  # type: ignore[method-assign]
        screen.next_turn = recording(screen.next_turn)  # type: ignore[method-assign]
        while True:
            for _ in range(500):  # the bot's moves, each in a worker thread when slow
                await pilot.pause()
                if not screen.thinking:
                    break
                await app.workers.wait_for_complete()
            if session.over or (stop is not None and stop(session.state)):
                break
            assert session.human_to_move and not screen.thinking
            screen.play(first(session.legal()))
    return drawn


def test_terminal_screen_draws_the_same_tables_whatever_the_bot_holds() -> None:
    """claim.apps.tui.table: the same tables are drawn, in the same order, whether or not the
    bot was asked and declined — with a bot that answers at once and with one that thinks in a
    worker thread (no "is thinking…" shows for a decision hidden from the human)."""
    for slow in (False, True):
        for make, stop in ((dagger_game, None), (followed_dagger_game, None), (wand_game, None)):
            plain = asyncio.run(_screens(make(False), slow, stop))
            secret = asyncio.run(_screens(make(True), slow, stop))
            assert secret == plain, (make.__name__, slow)
            assert plain
