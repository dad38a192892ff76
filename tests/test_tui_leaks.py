"""Nothing secret on the terminal's screens (RULES.md §10, RULINGS W1–W14, issue 14).

``claim replay FILE --table --view P`` steps through a record as player P saw it. The sweep plays
games with every expansion — heroes (a secret draw), every Setting and Building, artifacts with
the Flail of Dawn, and the simultaneous choices of Windy Peaks, Swamp, Endless Sands and the
Tavern — writes their records, and steps each one on the replay table (Textual's headless pilot)
from both seats, position by position. At every position, against the true state rebuilt here
from the record:

- the view the session hands the screen is exactly ``observe(state, P)``, and the table panel
  shows exactly the sections drawn from that view (and the factions): nothing else reaches it;
- every card name on the status line, the side panel and the log is one P has been shown in a
  view (or P's own legal moves) by then;
- the side panel names P's own next move only; the other player's next moves (an ``aside`` card,
  a Windy Peaks ``give``...) never appear before they are made;
- the other's unused artifacts and the heroes of a secret draw P has not seen are never named
  before the end, and the help marks only P's own artifacts.

Then the same for the live game against a bot (the table, the moves and the log), and the
command line: ``--json --view P`` prints exactly P's view, the readable account refuses ``--view``.
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

import pytest

from claim.apps.tui.app import ClaimApp, ReplayApp
from claim.apps.tui.session import GameSession, ReplaySession
from claim.apps.tui.table import ReplayScreen, TableScreen
from claim.apps.tui.widgets import LogPanel, MovesPanel, TablePanel
from claim.core import cards, records
from claim.core.engine import apply, current_player, is_over, legal_actions
from claim.core.game import new_game
from claim.core.options import SetupOptions
from claim.core.setup import GameConfig
from claim.core.state import State
from claim.core.view import observe, report
from claim.text.account import artifact_title, hero_table_lines, hero_title
from claim.text.describe import table_sections
from clitools import run
from test_account_leaks import names_in, shown_to

SIZE = (80, 24)

#: six artifacts to a game (three each, so every one is dealt), the Flail of Dawn in each: its
#: ``aside`` is the other seat's choice a replay must not show; together all sixteen
POOLS = (
    "flail-of-dawn,mask-of-darkness,kings-dagger,spyglass,prowlers-torch,ice-sword",
    "flail-of-dawn,hunting-cloak,gamblers-book,wishing-lamp,magic-wand,mirror-of-lies",
    "flail-of-dawn,gamblers-dice,endless-rope,bottomless-bottle,flask-of-tears,book-of-memories",
)
FACTIONS = (
    "goblins,knights,demons,tricksters,seers",
    "elves,orcs,fire-elementals,poisoners,vampires",
    "gnomes,giants,demons,tricksters,phoenixes",
    "ice-kings,ice-queens,shadows,werewolves,poisoners",
    "goblins,knights,undead,trolls,demons",
    "elves,orcs,zombies,basilisks,tricksters",
)
#: secret draws (a count, or three of a named pool) and once the whole pool (no secret)
HEROES = ("3", "kraken,skeleton,jester,gelatinous-cube,necromancer,siren,cthulhu", "4", "6", "24")
#: the Settings in an order that puts the simultaneous choices (R-62) first
SETTINGS = (
    "windy-peaks",
    "swamp",
    "endless-sands",
    *(s for s in cards.SETTINGS if s not in ("windy-peaks", "swamp", "endless-sands")),
)
#: the Tavern (its R-62 choice from the Score piles) early, then every other Building
BUILDINGS = ("tavern", *(b for b in cards.BUILDINGS if b != "tavern"))


def game_cases() -> list[tuple[int, SetupOptions]]:
    """One game per Building (12, so every Setting too), rotating factions, heroes, pools."""
    cases = []
    for i, building in enumerate(BUILDINGS):
        heroes = HEROES[i % len(HEROES)]
        options = SetupOptions(
            factions=FACTIONS[i % len(FACTIONS)],
            first_leader="random",
            heroes=heroes,
            hero_count=3 if "," in heroes else None,
            setting=SETTINGS[i % len(SETTINGS)],
            building=building,
            artifacts=POOLS[i % len(POOLS)],
        )
        cases.append((1_400_000 + 977 * i, options))
    return cases


def play_record(seed: int, options: SetupOptions) -> dict[str, Any]:
    """A finished game of random moves, as a record. The Flail of Dawn is used whenever offered
    (so the other seat sets a card aside), every other artifact about half the time."""
    rng = random.Random(seed)
    setup = options.resolve(seed)
    state = new_game(setup.config, setup.seed)
    while not is_over(state):
        legal = legal_actions(state)
        flail = [m for m in legal if m.startswith("use flail-of-dawn")]
        apply(state, flail[0] if flail else rng.choice(legal))
    return records.to_record(state)


def states_of(record: dict[str, Any]) -> list[State]:
    """The true state after each number of moves, rebuilt from the record."""
    state = records.initial_state(record)
    states = [state.clone()]
    for move in record["moves"]:
        apply(state, move)
        states.append(state.clone())
    return states


def secret_names(state: State, seat: int, known: set[str]) -> list[str]:
    """What no text may name before the end: the other's unused artifacts (id and title) and,
    with a secret draw of heroes, the heroes ``seat`` has not been shown."""
    if is_over(state):
        return []
    names = [n for a in state.artifacts[1 - seat] for n in (a, artifact_title(a))]
    config = state.config
    if len(config.heroes) < len(config.hero_pool):
        names += [
            n
            for hero in config.heroes
            if f"hero:{hero}" not in known
            for n in (f"hero:{hero}", hero_title(hero))
        ]
    return names


def named(name: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def public_config(config: GameConfig) -> GameConfig:
    """The setup with nothing secret in it: the factions only."""
    return GameConfig(factions=config.factions)


class Sweep:
    """What one seat's replay showed, checked position by position."""

    def __init__(self, record: dict[str, Any], seat: int) -> None:
        self.record = record
        self.seat = seat
        self.moves: list[str] = record["moves"]
        self.states = states_of(record)
        self.players = [current_player(s) for s in self.states[:-1]]
        self.known: set[str] = set()
        self.logged = 0
        #: the other seat's next moves kept off the screen (one per position)
        self.withheld: list[str] = []

    def check(self, screen: ReplayScreen, index: int) -> None:
        replay = screen.replay
        assert replay.index == index
        state = self.states[index]
        seat = self.seat
        view = observe(state, seat)
        assert replay.view() == view, f"position {index}: the view is not observe()"
        # the table shows the sections drawn from the view alone
        panel = screen.query_one(TablePanel)
        assert panel._shown is not None
        sections, shown_seat, names, finished = panel._shown
        assert shown_seat == seat and finished == is_over(state)
        assert sections == table_sections(view, seat, names, public_config(state.config)), index
        # what the seat may name by now
        self.known |= shown_to(state, seat)
        mine = index < len(self.moves) and self.players[index] == seat
        if mine:
            self.known |= names_in(" ".join(legal_actions(state)))
        lamp = {m.split(" ", 2)[2] for m in state.moves if m.startswith("use wishing-lamp ")}
        status = str(screen.query_one("#status").content)  # type: ignore[attr-defined]
        side = str(screen.query_one("#prompt").content)  # type: ignore[attr-defined]
        log = screen.query_one(LogPanel).lines_told
        new_lines = log[self.logged :]
        self.logged = len(log)
        fresh = "\n".join([status, side, *new_lines])
        leaked = names_in(fresh) - self.known - names_in(" ".join(lamp))
        assert not leaked, f"seat {seat}, position {index}: {sorted(leaked)} in {fresh[-400:]}"
        # the public hero pool is named in full (hero_table_lines): it says no secret draw
        pool = set(hero_table_lines(state.config))
        fresh = "\n".join(line for line in fresh.split("\n") if line not in pool)
        for name in secret_names(state, seat, self.known):
            for text in (fresh, panel.text):
                assert not named(name, text), f"seat {seat}, position {index}: {name} named"
        # the next move: the seat's own only; no move of the other seat before it is made
        if index < len(self.moves):
            if mine:
                assert f"→ {self.moves[index]}" in side
            else:
                assert "→" not in side.split("\n")[1], side
                self.withheld.append(self.moves[index])
            own = self.moves[index] if mine else None
            for j in range(index, len(self.moves)):
                move = self.moves[j]
                if self.players[j] != seat and move != "pass" and move != own:
                    assert not named(move, side + status), (index, j, move, side)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("seed", "options"),
    game_cases(),
    ids=[f"{o.setting}-{o.building}" for _, o in game_cases()],
)
async def test_the_replay_table_from_a_seat_shows_only_what_that_seat_knew(
    seed: int, options: SetupOptions, capsys: pytest.CaptureFixture[str]
) -> None:
    record = play_record(seed, options)
    started = time.process_time()
    positions = 0
    withheld: list[str] = []
    for seat in (0, 1):
        sweep = Sweep(record, seat)
        replay = ReplaySession(record, seat)
        app = ReplayApp(replay, "game.json")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            # the help lists the public pools; only the seat's own artifacts are marked
            config = sweep.states[0].config
            starred = [line for line in replay.help_lines() if line.startswith("* ")]
            own = [artifact_title(a) for a in config.artifacts[seat]]
            assert sorted(line[2:].split(":")[0] for line in starred) == sorted(own)
            for index in range(replay.total + 1):
                if index:
                    if index == 1:
                        await pilot.press("right")  # the first by the key itself
                    else:
                        screen.action_step(1)  # what the key does, without the event loop
                sweep.check(screen, index)
                positions += 1
            # back and forth by the keys: the log is rebuilt, the view follows
            await pilot.press("home")
            await pilot.pause()
            assert replay.index == 0 and replay.view() == observe(sweep.states[0], seat)
            await pilot.press("end")
            await pilot.pause()
            assert "The game is over:" in str(screen.query_one("#prompt").content)  # type: ignore[attr-defined]
        withheld += sweep.withheld
    elapsed = time.process_time() - started
    # the secret choices of this game were among the moves kept off the other seat's screen
    verbs = {move.split(" ")[0] for move in withheld}
    assert "aside" in verbs, "no Flail of Dawn card was set aside"
    if options.setting in ("windy-peaks", "endless-sands"):
        assert "give" in verbs
    if options.setting == "swamp":
        assert "discard" in verbs
    with capsys.disabled():
        print(
            f"\n  {options.setting}/{options.building}: {positions} positions checked from both "
            f"seats, {len(withheld)} moves of the other seat withheld "
            f"({', '.join(sorted(verbs))}), {elapsed:.1f}s"
        )


# -- the other seat's choices, one by one -------------------------------------------------------


def flail_and_windy_peaks_record() -> dict[str, Any]:
    """A game on Windy Peaks where the Flail of Dawn is used: some player sets a card aside and
    both give cards at the start of Phase Two."""
    options = SetupOptions(setting="windy-peaks", artifacts=POOLS[0])
    return play_record(11, options)


@pytest.mark.asyncio
async def test_the_other_seats_aside_and_gives_show_only_once_made_and_as_told() -> None:
    record = flail_and_windy_peaks_record()
    states = states_of(record)
    moves = record["moves"]
    checked = []
    for verb in ("aside", "give"):
        index = next(i for i, m in enumerate(moves) if m.startswith(f"{verb} "))
        player = current_player(states[index])
        assert player is not None
        move, seat = moves[index], 1 - player
        # from the other seat: who moves next, never what they choose
        replay = ReplaySession(record, seat)
        app = ReplayApp(replay)
        async with app.run_test(size=SIZE) as pilot:
            screen = app.screen
            assert isinstance(screen, ReplayScreen)
            screen.action_goto(index)
            await pilot.pause()
            side = str(screen.query_one("#prompt").content)  # type: ignore[attr-defined]
            assert f"Next: player {player} moves (shown once made)" in side
            assert move not in screen.text and move.split(" ")[1] not in side
            await pilot.press("right")
            await pilot.pause()
            told = replay.told[index]
            assert move not in screen.text
            if told:  # once made, the move is told as the seat's Narrator tells it
                assert screen.query_one(LogPanel).lines_told[-len(told) :] == told
        # from the chooser's seat, and with everything shown, the move is named before it is made
        for viewer in (player, None):
            mine = ReplaySession(record, viewer)
            mine.goto(index)
            assert f"Next: player {player} → {move}" in mine.side_lines()
        checked.append(move)
    assert len(checked) == 2


def test_a_seat_never_gets_the_record_or_the_true_state() -> None:
    """The session keeps the record's moves and the true states to itself: what a screen may
    read is the seat's view, its own next move, the Narrator's lines and the public setup."""
    record = flail_and_windy_peaks_record()
    replay = ReplaySession(record, 0)
    public = {name for name in vars(replay) if not name.startswith("_")}
    assert public == {"seat", "names", "config", "intro", "told", "index"}
    for index in range(replay.total):
        replay.goto(index)
        move = replay.next_move()
        player = replay.next_player()
        assert (move is not None) == (player == 0)
        if move is not None:
            assert move in replay.view()["next"]["legal"]


# -- the live game --------------------------------------------------------------------------------


class LiveSweep:
    """The live game from the human's seat: the true game replayed alongside, move by move."""

    def __init__(self, session: GameSession) -> None:
        self.seat = session.seat
        self.state = records.initial_state(session.record())
        self.known: set[str] = shown_to(self.state, self.seat)
        self.logged = 0
        self.checks = 0

    def catch_up(self, session: GameSession) -> None:
        for move in session.state.moves[len(self.state.moves) :]:
            if current_player(self.state) == self.seat:
                self.known |= names_in(" ".join(legal_actions(self.state)))
            apply(self.state, move)
            self.known |= shown_to(self.state, self.seat)

    def check(self, screen: TableScreen) -> None:
        session = screen.session
        self.catch_up(session)
        state, seat = self.state, self.seat
        view = observe(state, seat)
        assert session.view() == view
        sections, shown_seat, names, finished = screen.query_one(TablePanel)._shown  # type: ignore[misc]
        assert shown_seat == seat and finished == is_over(state)
        assert sections == table_sections(view, seat, names, public_config(state.config))
        legal = legal_actions(state) if current_player(state) == seat else []
        assert sorted(screen.query_one(MovesPanel).moves) == sorted(legal)
        self.known |= names_in(" ".join(legal))
        log = screen.query_one(LogPanel).lines_told
        status = str(screen.query_one("#status").content)  # type: ignore[attr-defined]
        prompt = str(screen.query_one("#prompt").content)  # type: ignore[attr-defined]
        fresh = "\n".join([status, prompt, *log[self.logged :]])
        self.logged = len(log)
        lamp = {m.split(" ", 2)[2] for m in state.moves if m.startswith("use wishing-lamp ")}
        leaked = names_in(fresh) - self.known - names_in(" ".join(lamp))
        assert not leaked, f"{sorted(leaked)} in {fresh[-400:]}"
        pool = set(hero_table_lines(state.config))  # the public pool, named in full
        fresh = "\n".join(line for line in fresh.split("\n") if line not in pool)
        for name in secret_names(state, seat, self.known):
            for text in (fresh, screen.query_one(TablePanel).text):
                assert not named(name, text), f"{name} named"
        self.checks += 1


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("seat", "setting", "building"), [(0, "windy-peaks", "tavern"), (1, "swamp", "castle")]
)
async def test_the_live_game_shows_only_the_players_view(
    seat: int, setting: str, building: str, capsys: pytest.CaptureFixture[str]
) -> None:
    options = SetupOptions(
        factions="goblins,knights,demons,tricksters,seers",
        first_leader="random",
        heroes="4",
        setting=setting,
        building=building,
        artifacts=POOLS[seat],
    )
    session = GameSession.new(options, seed=2_026 + seat, seat=seat, bot_spec="random")
    app = ClaimApp(menu=False, session=session)
    rng = random.Random(seat)
    sweep = LiveSweep(session)
    started = time.process_time()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.table
        assert screen is not None
        while not session.over:
            assert session.human_to_move
            sweep.check(screen)
            moves = screen.query_one(MovesPanel).moves
            flail = [i for i, m in enumerate(moves) if m.startswith("use flail-of-dawn")]
            choice = flail[0] if flail else rng.randrange(min(len(moves), 10))
            if sweep.checks % 10 == 0:
                await pilot.press(str((choice + 1) % 10))  # now and then by the key itself
                await pilot.pause()
            else:
                screen.action_choose(choice + 1)  # what the number key does
        await pilot.pause()  # the end panel comes up
        sweep.check(screen)  # the end: every card public, the log told to the end
    assert sweep.checks > 20
    with capsys.disabled():
        print(
            f"\n  live game as player {seat}: {sweep.checks} positions checked, "
            f"{time.process_time() - started:.1f}s"
        )


# -- the command line -----------------------------------------------------------------------------


def test_replay_json_view_prints_only_that_players_view(tmp_path: Path) -> None:
    """``--json --view P`` on a record that stops just before the other player's aside (and
    just after their Windy Peaks gives): exactly P's view, without the chosen cards."""
    record = flail_and_windy_peaks_record()
    moves = record["moves"]
    states = states_of(record)
    for verb, after in (("aside", 0), ("give", 1)):
        index = next(i for i, m in enumerate(moves) if m.startswith(f"{verb} ")) + after
        player = current_player(states[index - after])
        assert player is not None
        seat = 1 - player
        path = tmp_path / f"{verb}.json"
        path.write_text(records.dumps({**record, "moves": moves[:index]}), encoding="utf-8")
        result = run("replay", str(path), "--json", "--view", str(seat))
        assert result.exit_code == 0, result.output
        assert json.loads(result.output) == observe(states[index], seat)
        assert json.loads(result.output) != report(states[index])
        # the readable account shows every card: it refuses a seat
        plain = run("replay", str(path), "--view", str(seat))
        assert plain.exit_code == 2 and "--view needs --json or --table" in plain.stderr


def test_replay_table_view_steps_from_that_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--table --view P`` hands the table a session from seat P (the sweep above checks it)."""
    import claim.apps.cli.replay
    import claim.apps.tui

    record = flail_and_windy_peaks_record()
    path = tmp_path / "game.json"
    path.write_text(records.dumps(record), encoding="utf-8")
    started: list[ReplaySession] = []

    def fake_run_replay(data: Any, seat: int | None = None, source: str = "") -> None:
        started.append(ReplaySession(data, seat))

    monkeypatch.setattr(claim.apps.tui, "run_replay", fake_run_replay)
    # the table needs a terminal (without one the account is printed line by line)
    monkeypatch.setattr(claim.apps.cli.replay, "on_a_terminal", lambda: True)
    assert run("replay", str(path), "--table", "--view", "1").exit_code == 0
    assert run("replay", str(path), "--table").exit_code == 0
    assert [r.seat for r in started] == [1, None]


# -- the Narrator -------------------------------------------------------------------------------


def test_a_necromancer_pass_does_not_name_the_hero_to_the_other_seat() -> None:
    setup = SetupOptions(heroes="necromancer,jester,siren,kraken,skeleton", hero_count=3)
    state = new_game(setup.resolve(3).config, 3)
    assert "necromancer" in state.config.heroes and len(state.config.heroes) == 3
    rng = random.Random(3)
    record = records.to_record(state)
    for _ in range(3):
        apply(state, rng.choice(legal_actions(state)))
    record["moves"] = list(state.moves)
    replay = ReplaySession(record, 0)
    replay.goto(replay.total)
    assert "hero:necromancer" not in json.dumps(replay.view())
    pool = set(hero_table_lines(state.config))  # the public pool names it among the others
    assert not any("Necromancer" in line for line in replay.log_lines() if line not in pool)
