"""Heroes as setup options of every game-starting command (deal, simulate, arena, play):
--heroes N | NAME,..., --hero-count N, --hero-values NAME=V,... (RULES.md §2 step 3, H9, H10), and
the SetupOptions object that carries the setup options to every game."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from claim.apps.cli.options import SETUP_OPTIONS
from claim.core import cards, records
from claim.core.errors import ConfigError, RecordError
from claim.core.options import SetupOptionError, SetupOptions, resolve_setup
from claim.core.state import State
from claim.sim.arena import arena
from claim.sim.simulate import game_seed, play_random_game, simulate
from clitools import assert_one_line_error, run


def deal(*args: str) -> dict[str, Any]:
    result = run("deal", *args)
    assert result.exit_code == 0, result.output
    record: dict[str, Any] = json.loads(result.stdout)
    return record


def dealt(record: dict[str, Any]) -> list[str]:
    """Every card code of a record's deal: both hands and the deck."""
    hands = record["deal"]["hands"]
    return [*hands[0], *hands[1], *record["deal"]["deck"]]


def comparable(state: State) -> dict[str, Any]:
    """A state's full dict (a replay takes its random outcomes from the record's ``chance`` list
    and still counts them as draws, so everything matches)."""
    return state.to_dict()


def resolve(options: SetupOptions, seed: int) -> Any:
    """The config ``options`` give with ``seed``."""
    return options.resolve(seed).config


# -- deal ---------------------------------------------------------------------------------------


def test_five_heroes_from_all_24() -> None:
    record = deal("--heroes", "5", "--seed", "3")
    setup = record["setup"]
    heroes = setup["heroes"]
    assert len(heroes) == len(set(heroes)) == 5
    assert set(heroes) <= set(cards.HEROES)
    assert "hero_pool" not in setup  # the default pool: all 24
    assert "hero_values" not in setup
    codes = dealt(record)
    assert len(codes) == 52
    assert sorted(c for c in codes if c.startswith("hero:")) == sorted(f"hero:{h}" for h in heroes)
    assert records.replay(record).deal_codes() == record["deal"]


def test_named_heroes_all_go_in() -> None:
    record = deal("--heroes", "jester,witch", "--seed", "3")
    assert sorted(record["setup"]["heroes"]) == ["jester", "witch"]
    assert record["setup"]["hero_pool"] == ["jester", "witch"]
    assert sorted(c for c in dealt(record) if c.startswith("hero:")) == [
        "hero:jester",
        "hero:witch",
    ]


def test_hero_count_draws_from_the_named_pool() -> None:
    record = deal("--heroes", "jester,witch,mummy", "--hero-count", "2", "--seed", "3")
    setup = record["setup"]
    assert len(setup["heroes"]) == 2
    assert set(setup["heroes"]) < {"jester", "witch", "mummy"}
    assert sorted(setup["hero_pool"]) == ["jester", "mummy", "witch"]
    assert sum(c.startswith("hero:") for c in dealt(record)) == 2
    # over many seeds the draw reaches every pair of the pool
    drawn = {
        frozenset(resolve(SetupOptions(heroes="jester,witch,mummy", hero_count=2), s).heroes)
        for s in range(40)
    }
    assert len(drawn) == 3


def test_hero_values_go_in_the_record() -> None:
    record = deal("--heroes", "jester,witch", "--hero-values", "jester=7", "--seed", "3")
    assert record["setup"]["hero_values"] == {"jester": 7}
    state = records.replay(record)
    assert state.config.hero_value("jester") == 7
    # a value equal to the printed one changes nothing
    same = f"jester={cards.HERO_VALUES['jester']}"
    assert (
        "hero_values"
        not in deal("--heroes", "jester", "--hero-values", same, "--seed", "3")["setup"]
    )


def test_hero_values_for_heroes_not_in_the_game() -> None:
    """Issue 14: --hero-values names heroes of the game's pool; a record written before (values
    for any hero, even without heroes) still loads, the value changing nothing."""
    for args, pool in (([], "no heroes"), (["--heroes", "witch"], "the hero pool: witch")):
        result = run("deal", *args, "--hero-values", "jester=7", "--seed", "3")
        assert result.exit_code == 2
        assert result.output == (
            f"error: --hero-values: jester is not a hero in this game ({pool}"
            + (": see --heroes)\n" if not args else ")\n")
        )
    record = deal("--seed", "3")
    record["setup"]["hero_values"] = {"jester": 7}  # as `claim deal --hero-values jester=7` wrote
    assert records.replay(record).config.hero_value("jester") == 7


@pytest.mark.parametrize("value", ["10", "-1", "9" * 30, "1" + "0" * 5000])
def test_hero_values_out_of_range(value: str) -> None:
    """Issue 14: a hero's value is one printed digit, 0 to 9 (like every R-61 value)."""
    result = run("deal", "--heroes", "jester", "--hero-values", f"jester={value}", "--seed", "3")
    assert result.exit_code == 2
    assert result.output.startswith("error: --hero-values: ")
    assert len(result.output) < 200 and result.output.count("\n") == 1
    record = deal("--heroes", "jester", "--seed", "3")
    record["setup"]["hero_values"] = {"jester": 10}
    with pytest.raises(RecordError, match=r"setup.hero_values.jester: .* from 0 to 9"):
        records.replay(record)


def test_same_seed_and_options_same_record() -> None:
    args = ("--seed", "9", "--heroes", "jester,witch,mummy,kraken", "--hero-count", "3")
    assert run("deal", *args).stdout == run("deal", *args).stdout
    five = ("--seed", "9", "--heroes", "5", "--factions", "random")
    assert run("deal", *five).stdout == run("deal", *five).stdout
    assert deal(*five)["setup"]["heroes"] != deal("--seed", "10", *five[2:])["setup"]["heroes"]


def test_heroes_keep_the_seeds_factions_and_leader() -> None:
    """The hero draw comes after the factions and first-leader draws of the seed."""
    for seed in range(20):
        plain = resolve_setup(seed, "random", "random").config
        heroes = SetupOptions("random", "random", heroes="5").resolve(seed).config
        assert (heroes.factions, heroes.first_leader) == (plain.factions, plain.first_leader)


def test_no_heroes_is_the_default() -> None:
    for off in ("0", "none"):
        setup = deal("--heroes", off, "--seed", "3")["setup"]
        assert setup == deal("--seed", "3")["setup"]
        assert "heroes" not in setup


@pytest.mark.parametrize(
    ("args", "text"),
    [
        (["--heroes", "foo"], "error: --heroes: unknown hero 'foo'; heroes are: lich-king, "),
        (["--heroes", "jester,Jester"], "error: --heroes: hero jester is listed twice"),
        (["--heroes", "25"], "error: --heroes: cannot put 25 heroes in the deck from a pool of 24"),
        (["--heroes", "-1"], "error: --heroes: the number of heroes must be 0 to 24, not -1"),
        (
            ["--heroes", "jester,witch", "--hero-count", "3"],
            "error: --hero-count: cannot put 3 heroes in the deck from a pool of 2",
        ),
        (["--heroes", "5", "--hero-count", "2"], "error: --hero-count: goes with --heroes NAME"),
        (["--hero-count", "2"], "error: --hero-count: needs a list of heroes"),
        (["--hero-count", "x"], "Invalid value for '--hero-count'"),
        (["--hero-values", "jester"], "error: --hero-values: hero values are NAME=NUMBER"),
        (["--hero-values", "jester=high"], "error: --hero-values: hero values are NAME=NUMBER"),
        (["--hero-values", "foo=3"], "error: --hero-values: unknown hero 'foo'"),
        (["--hero-values", "jester=3,jester=4"], "error: --hero-values: jester is given twice"),
    ],
)
def test_bad_hero_options(args: list[str], text: str) -> None:
    assert_one_line_error(run("deal", *args), text)
    assert_one_line_error(run("simulate", "--games", "1", *args), text)
    assert_one_line_error(run("arena", "--bots", "random,random", "--deals", "1", *args), text)
    assert_one_line_error(run("play", *args), text)


@pytest.mark.parametrize("command", ["deal", "simulate", "arena", "play"])
def test_every_game_starting_command_has_the_hero_options(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0
    for text in ("--heroes N|NAME,...", "--hero-count N", "--hero-values NAME=V,..."):
        assert text in result.stdout


# -- SetupOptions -------------------------------------------------------------------------------


def test_setup_options_in_the_library() -> None:
    options = SetupOptions(heroes="jester,witch,mummy", hero_count=2, hero_values="jester=7")
    assert options.resolve(4) == options.resolve(4)
    assert options.describe() == (
        "factions claim, first leader 0, heroes jester,witch,mummy, hero count 2, "
        "hero values jester=7"
    )
    assert SetupOptions().describe() == "factions claim, first leader 0"
    assert options.to_dict() == {
        "factions": "claim",
        "first_leader": "0",
        "heroes": "jester,witch,mummy",
        "hero_count": 2,
        "hero_values": "jester=7",
        "setting": "none",
        "building": "none",
        "artifacts": "none",
    }
    assert resolve_setup(4, "claim2", "1") == SetupOptions("claim2", "1").resolve(4)
    assert SetupOptions().resolve(None).seed >= 0  # a fresh seed
    # one Click option per field
    assert set(SETUP_OPTIONS) == set(SetupOptions().to_dict())
    with pytest.raises(SetupOptionError, match="--heroes: unknown hero 'foo'") as caught:
        SetupOptions(heroes="foo").resolve(1)
    assert caught.value.option == "--heroes"
    assert isinstance(caught.value, ConfigError)


# -- simulate -----------------------------------------------------------------------------------


def test_simulate_with_heroes_saves_records_that_replay_exactly(tmp_path: Path) -> None:
    target = tmp_path / "games"
    args = ("--games", "40", "--seed", "6", "--heroes", "5", "--json")
    result = run("simulate", *args, "--records", str(target))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["heroes"], data["hero_count"], data["hero_values"]) == ("5", None, "")
    assert sum(data["wins"]) + data["draws"] == 40
    options = SetupOptions(heroes="5")
    in_games: Counter[str] = Counter()
    for i in range(40):
        record = records.read_json(target / f"game-{i + 1:04d}.json")
        assert len(record["setup"]["heroes"]) == 5
        in_games.update(record["setup"]["heroes"])
        replayed = records.replay(record)
        assert replayed.result is not None
        assert comparable(replayed) == comparable(play_random_game(game_seed(6, i), options))
        assert records.to_record(replayed) == record
    assert {name: t["games"] for name, t in data["by_hero"].items()} == dict(in_games)
    for tally in data["by_hero"].values():
        assert 0 <= tally["phase_two_wins"] <= tally["phase_two"] <= tally["games"]


def test_simulate_hero_statistics_by_hand() -> None:
    options = SetupOptions(heroes="jester,witch,kraken", hero_count=2)
    stats = simulate(30, seed=2, options=options)
    assert stats.options == options
    assert set(stats.by_hero) <= {"jester", "witch", "kraken"}
    assert sum(t.games for t in stats.by_hero.values()) == 60
    games: Counter[str] = Counter()
    phase_two: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for i in range(30):
        state = play_random_game(game_seed(2, i), options)
        assert state.result is not None
        for name in state.config.heroes:
            games[name] += 1
            code = f"hero:{name}"
            players = {
                p for t in state.to_dict()["history"] if t[0] == 2 for p, c, *_ in t[4] if c == code
            }
            if len(players) == 1:
                phase_two[name] += 1
                wins[name] += state.result["winner"] in players
    for name, tally in stats.by_hero.items():
        assert (tally.games, tally.phase_two, tally.phase_two_wins) == (
            games[name],
            phase_two[name],
            wins[name],
        )


def test_simulate_text_mentions_the_heroes() -> None:
    args = ("simulate", "--games", "8", "--seed", "3", "--heroes", "jester,witch")
    out = run(*args, "--hero-values", "witch=6").stdout
    assert (
        "8 random-bot games (seed 3, factions claim, first leader 0, heroes jester,witch, "
        "hero values witch=6)"
    ) in out
    assert "Heroes" in out
    jester = next(line for line in out.splitlines() if " jester " in line)
    assert jester.replace("│", " ").split()[1] == "8"  # in every game
    assert "Heroes" not in run("simulate", "--games", "2", "--seed", "3").stdout


def test_simulate_with_heroes_is_deterministic() -> None:
    args = ("simulate", "--games", "10", "--seed", "4", "--heroes", "3", "--json")
    first, second = json.loads(run(*args).stdout), json.loads(run(*args).stdout)
    for data in (first, second):
        data.pop("seconds")
        data.pop("games_per_second")
    assert first == second


def test_simulate_refuses_bad_options_before_playing() -> None:
    played: list[int] = []
    with pytest.raises(SetupOptionError, match="--hero-count"):
        simulate(3, 1, SetupOptions(hero_count=1), on_game=lambda i, s: played.append(i))
    assert played == []


# -- arena and play -----------------------------------------------------------------------------


def test_arena_with_heroes() -> None:
    args = ["arena", "--bots", "random,heuristic", "--deals", "2", "--seed", "5", "--heroes", "4"]
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    data.pop("seconds")
    stats = arena(("random", "heuristic"), deals=2, seed=5, options=SetupOptions(heroes="4"))
    assert data == stats.to_dict()
    assert (data["factions"], data["first_leader"], data["heroes"]) == ("claim", "0", "4")
    assert data["games"] == 4
    two = json.loads(run(*args, "--json", "--jobs", "2").stdout)
    two.pop("seconds")
    assert two == data
    text = run(*args).stdout
    assert "(seed 5, factions claim, first leader 0, heroes 4)" in text.splitlines()[0]
    with pytest.raises(SetupOptionError, match="--heroes"):
        arena(("random", "random"), deals=1, seed=1, options=SetupOptions(heroes="nobody"))


def test_play_tells_what_is_public_about_the_heroes() -> None:
    args = ("play", "--seed", "3", "--heroes", "jester,witch,mummy", "--hero-count", "2")
    result = run(*args, "--hero-values", "jester=7", input="help\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Heroes: 2 in the deck, from Mummy, Jester, Witch (which ones is secret)." in out
    assert "Hero values changed: Jester 7 (instead of 5)." in out
    assert "  jester: " in out  # help lists the powers of the heroes in the pool
    every = run("play", "--seed", "3", "--heroes", "5", input="quit\n").stdout
    assert "Heroes: 5 in the deck, from all 24 heroes (which ones is secret)." in every
    assert "Heroes:" not in run("play", "--seed", "3", input="quit\n").stdout


def test_the_terminal_table_shows_the_cube_bundle_and_a_pending_discard() -> None:
    """The play table shows the Gelatinous Cube bundle on the table (H20) and, to its chooser
    only, a Cthulhu discard not yet carried out (W8)."""
    from claim.apps.cli import table_lines
    from claim.core.view import observe
    from claim.text.account import Names
    from scenario import CLAIM, position_record

    cube = position_record(
        CLAIM,
        phase=2,
        hands=[["goblins:5", "goblins:1"], ["hero:gelatinous-cube", "knights:3"]],
        heroes=["gelatinous-cube"],
        moves=["play goblins:5", "play hero:gelatinous-cube"],
    )
    state = records.replay(cube)
    for seat in (0, 1):
        lines = table_lines(observe(state, seat), seat, Names())
        assert any(
            line.strip().startswith("On the table: Goblin 5, the Gelatinous Cube") for line in lines
        )
    cthulhu = position_record(
        CLAIM,
        phase=2,
        hands=[["hero:cthulhu", "goblins:1", "goblins:2"], ["knights:3", "knights:4", "knights:5"]],
        heroes=["cthulhu"],
        moves=["play hero:cthulhu", "play knights:3", "discard goblins:1"],
    )
    state = records.replay(cthulhu)
    mine = table_lines(observe(state, 0), 0, Names())
    theirs = table_lines(observe(state, 1), 1, Names())
    assert "  Chosen, carried out once both have chosen: Goblins 1" in mine
    assert not any("chose" in line or "Goblins 1" in line for line in theirs)
