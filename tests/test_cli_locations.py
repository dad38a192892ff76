"""Locations as setup options of every game-starting command (--setting, --building: NAME, random
or none; RULES.md §2 step 4, §7, L1), the results per location of `claim simulate` and `claim
arena`, and the locations in the terminal game (rules text, tallies in words, Islands' prizes, the
simultaneous choices and the Tavern's end-of-game decisions)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from claim.apps.cli import table_lines
from claim.apps.cli.options import SETUP_OPTIONS
from claim.core import cards, records
from claim.core.options import SetupOptionError, SetupOptions
from claim.core.powers import REGISTRY
from claim.core.view import observe
from claim.sim.arena import arena
from claim.sim.simulate import decided_by, game_seed, play_random_game, simulate
from claim.text.account import Names
from claim.text.describe import location_lines
from clitools import assert_one_line_error, run
from scenario import CLAIM, position_record, stacked_record

YOU = Names(("you", "the bot"))


def deal(*args: str) -> dict[str, Any]:
    result = run("deal", *args)
    assert result.exit_code == 0, result.output
    record: dict[str, Any] = json.loads(result.stdout)
    return record


def rules(name: str) -> str:
    return REGISTRY[name].rules_text().replace("``", "'")


# -- the options --------------------------------------------------------------------------------


def test_named_locations_go_in_the_record() -> None:
    record = deal("--seed", "3", "--setting", "islands", "--building", "Castle")
    assert (record["setup"]["setting"], record["setup"]["building"]) == ("islands", "castle")
    state = records.replay(record)
    assert (state.config.setting, state.config.building) == ("islands", "castle")
    only = deal("--seed", "3", "--building", "tavern")["setup"]
    assert "setting" not in only and only["building"] == "tavern"


def test_no_locations_is_the_default() -> None:
    plain = deal("--seed", "3")
    for off in ("none", "None", "off"):
        assert deal("--seed", "3", "--setting", off, "--building", off) == plain
    assert "setting" not in plain["setup"] and "building" not in plain["setup"]


def test_random_locations_are_drawn_from_the_seed() -> None:
    args = ("--seed", "9", "--setting", "random", "--building", "random")
    assert run("deal", *args).stdout == run("deal", *args).stdout
    options = SetupOptions(setting="random", building="random")
    drawn = [options.resolve(seed).config for seed in range(60)]
    assert {c.setting for c in drawn} == set(cards.SETTINGS)
    assert {c.building for c in drawn} == set(cards.BUILDINGS)
    record = deal(*args)
    assert record["setup"]["setting"] in cards.SETTINGS
    assert record["setup"]["building"] in cards.BUILDINGS


def test_locations_keep_the_seeds_factions_leader_heroes_and_deal() -> None:
    """The location draws come after the factions, first-leader and hero draws of the seed."""
    for seed in range(20):
        plain = SetupOptions("random", "random", heroes="5").resolve(seed).config
        with_locations = SetupOptions(
            "random", "random", heroes="5", setting="random", building="random"
        ).resolve(seed)
        config = with_locations.config
        assert (config.factions, config.first_leader, config.heroes) == (
            plain.factions,
            plain.first_leader,
            plain.heroes,
        )
    base = deal("--seed", "4", "--factions", "random", "--heroes", "3")
    more = deal("--seed", "4", "--factions", "random", "--heroes", "3", "--setting", "plateau")
    assert more["deal"] == base["deal"]
    assert {k: v for k, v in more["setup"].items() if k != "setting"} == base["setup"]


SETTINGS = ", ".join(cards.SETTINGS)
BUILDINGS = ", ".join(cards.BUILDINGS)


@pytest.mark.parametrize(
    ("args", "text"),
    [
        (
            ["--setting", "castle"],
            f"error: --setting: unknown setting 'castle' (castle is a building); settings are: "
            f"{SETTINGS}",
        ),
        (
            ["--building", "islands"],
            f"error: --building: unknown building 'islands' (islands is a setting); buildings "
            f"are: {BUILDINGS}",
        ),
        (["--setting", "crypt"], "error: --setting: unknown setting 'crypt'; settings are: "),
        (["--building", "random,castle"], "error: --building: unknown building 'random,castle'"),
    ],
)
def test_bad_location_options(args: list[str], text: str) -> None:
    assert_one_line_error(run("deal", *args), text)
    assert_one_line_error(run("simulate", "--games", "1", *args), text)
    assert_one_line_error(run("arena", "--bots", "random,random", "--deals", "1", *args), text)
    assert_one_line_error(run("play", *args), text)


@pytest.mark.parametrize("command", ["deal", "simulate", "arena", "play"])
def test_every_game_starting_command_has_the_location_options(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert "--setting NAME|random|none" in text
    assert "--building NAME|random|none" in text
    assert "Settings: underworld, farmlands," in text
    assert "Buildings: dungeon, lighthouse," in text


def test_setup_options_with_locations() -> None:
    options = SetupOptions(setting="islands", building="random")
    assert options.describe() == "factions claim, first leader 0, setting islands, building random"
    assert options.to_dict()["setting"] == "islands"
    assert options.to_dict()["building"] == "random"
    assert options.has_locations and not SetupOptions().has_locations
    assert SetupOptions().describe() == "factions claim, first leader 0"
    assert {"setting", "building"} <= set(SETUP_OPTIONS)
    with pytest.raises(SetupOptionError, match="--setting: unknown setting 'tower'") as caught:
        SetupOptions(setting="tower").resolve(1)
    assert caught.value.option == "--setting"


# -- simulate -----------------------------------------------------------------------------------


def test_simulate_counts_the_results_per_location(tmp_path: Path) -> None:
    target = tmp_path / "games"
    args = ("--games", "40", "--seed", "2", "--setting", "random", "--building", "random")
    result = run("simulate", *args, "--json", "--records", str(target))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["setting"], data["building"]) == ("random", "random")
    options = SetupOptions(setting="random", building="random")
    expected: dict[str, dict[str, dict[str, Any]]] = {"by_setting": {}, "by_building": {}}
    for i in range(40):
        record = records.read_json(target / f"game-{i + 1:04d}.json")
        state = play_random_game(game_seed(2, i), options)
        assert records.to_record(state) == record  # game i is `claim deal --seed 2+i` + moves
        assert state.result is not None
        winner, reason = state.result["winner"], state.result["reason"]
        for key, name in (("by_setting", record["setup"]["setting"]), ("by_building", None)):
            name = name or record["setup"]["building"]
            tally = expected[key].setdefault(
                name, {"games": 0, "wins": [0, 0], "draws": 0, "decided": 0, "reasons": Counter()}
            )
            tally["games"] += 1
            if winner is None:
                tally["draws"] += 1
            else:
                tally["wins"][winner] += 1
            tally["reasons"][reason] += 1
            tally["decided"] += int(reason == name or decided_by(state.result, name))
    for key in ("by_setting", "by_building"):
        assert set(data[key]) == set(expected[key])
        for name, tally in data[key].items():
            want = expected[key][name]
            assert tally["reasons"] == dict(want["reasons"])
            assert (tally["games"], tally["wins"], tally["draws"], tally["decided"]) == (
                want["games"],
                want["wins"],
                want["draws"],
                want["decided"],
            )
    # in the order of the pools
    assert list(data["by_setting"]) == [s for s in cards.SETTINGS if s in data["by_setting"]]
    assert sum(t["games"] for t in data["by_building"].values()) == 40


def test_simulate_without_locations_keeps_its_json() -> None:
    data = json.loads(run("simulate", "--games", "3", "--seed", "1", "--json").stdout)
    assert "by_setting" not in data and "by_building" not in data
    assert (data["setting"], data["building"]) == ("none", "none")
    only = json.loads(
        run("simulate", "--games", "3", "--seed", "1", "--building", "castle", "--json").stdout
    )
    assert "by_setting" not in only and list(only["by_building"]) == ["castle"]


def test_a_building_that_decides_games_says_how_many() -> None:
    stats = simulate(30, seed=1, options=SetupOptions(building="castle"))
    castle = stats.by_building["castle"]
    assert castle.games == 30
    assert castle.decided == castle.reasons.get("castle", 0) > 0
    assert sum(castle.wins) + castle.draws == 30
    assert sum(castle.reasons.values()) == 30
    lava = simulate(30, seed=1, options=SetupOptions(setting="lava-fields")).by_setting
    assert lava["lava-fields"].decided == lava["lava-fields"].reasons.get("lava-fields", 0)


def test_decided_by() -> None:
    assert decided_by({"winner": 0, "reason": "forest"}, "forest")
    assert not decided_by({"winner": 0, "reason": "votes"}, "forest")
    assert not decided_by({"winner": 0, "reason": "castle"}, "pyramid")
    dungeon = {
        "winner": 0,
        "reason": "votes",
        "votes_won": [4, 2],
        "cards_in_won_factions": [9, 12],
        "dungeon": {"phase_one": 0, "phase_two": 1},
    }
    assert not decided_by(dungeon, "dungeon")  # 3 to 1 without the extras
    dungeon["votes_won"] = [3, 3]
    dungeon["winner"] = 1
    dungeon["reason"] = "cards"
    assert not decided_by(dungeon, "dungeon")  # 2 to 2 without them: the cards decide the same
    dungeon["dungeon"] = {"phase_one": 0, "phase_two": 0}
    dungeon["votes_won"] = [3, 2]
    dungeon["winner"] = 0
    dungeon["reason"] = "votes"
    assert decided_by(dungeon, "dungeon")  # 1 to 2 without them


def test_simulate_text_has_a_table_per_kind_of_location() -> None:
    args = ("simulate", "--games", "20", "--seed", "3", "--setting", "random")
    out = run(*args, "--building", "castle").stdout
    assert out.splitlines()[0] == (
        "20 random-bot games (seed 3, factions claim, first leader 0, setting random, "
        "building castle)"
    )
    assert "Settings" in out and "Buildings" in out
    row = next(line for line in out.splitlines() if line.startswith("│ castle "))
    cells = [cell.strip() for cell in row.strip("│ ").split("│")]
    stats = simulate(20, seed=3, options=SetupOptions(setting="random", building="castle"))
    castle = stats.by_building["castle"]
    assert cells[:4] == [
        "castle",
        "20",
        f"{castle.wins[0]}-{castle.wins[1]}-{castle.draws}",
        str(castle.decided),
    ]
    assert f"castle {castle.decided}" in cells[4]
    plain = run("simulate", "--games", "2", "--seed", "3").stdout
    assert "Settings" not in plain and "Buildings" not in plain


# -- arena --------------------------------------------------------------------------------------


def test_arena_with_locations() -> None:
    args = ["arena", "--bots", "random,random", "--deals", "3", "--seed", "5"]
    args += ["--setting", "random", "--building", "tower"]
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    data.pop("seconds")
    options = SetupOptions(setting="random", building="tower")
    stats = arena(("random", "random"), deals=3, seed=5, options=options)
    assert data == stats.to_dict()
    assert (data["setting"], data["building"]) == ("random", "tower")
    assert list(data["by_building"]) == ["tower"]
    assert data["by_building"]["tower"]["games"] == 6
    # deal i is `claim deal --seed 5+i` with the same options: its own random setting
    settings = Counter(options.resolve(5 + i).config.setting for i in range(3))
    assert {k: t["games"] for k, t in data["by_setting"].items()} == {
        k: 2 * n for k, n in settings.items()
    }
    two = json.loads(run(*args, "--json", "--jobs", "2").stdout)
    two.pop("seconds")
    assert two == data
    text = run(*args).stdout
    assert "(seed 5, factions claim, first leader 0, setting random, building tower)" in text
    assert "Building tower" in text
    plain = json.loads(run("arena", "--bots", "random,random", "--deals", "1", "--json").stdout)
    assert "by_setting" not in plain and "by_building" not in plain


# -- play ---------------------------------------------------------------------------------------


def test_play_shows_the_locations_and_their_rules() -> None:
    args = ("play", "--seed", "3", "--setting", "islands", "--building", "castle")
    result = run(*args, "--bot", "random", input="help\nquit\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    start = lines.index(f"Setting: Islands. {rules('islands')}")
    assert lines[start + 1] == f"Building: Castle. {rules('castle')}"
    assert f"  Setting: Islands. {rules('islands')}" in lines  # help
    assert f"  Building: Castle. {rules('castle')}" in lines
    assert lines[lines.index("LOCATIONS:") : lines.index("LOCATIONS:") + 3] == [
        "LOCATIONS:",
        "  Setting: Islands",
        "  Building: Castle",
    ]
    assert any(line.startswith("  Prizes (Islands): ") for line in lines)
    plain = run("play", "--seed", "3", "--bot", "random", input="quit\n").stdout
    assert "Setting:" not in plain and "LOCATIONS:" not in plain


def test_play_a_whole_game_with_choices_at_the_start_and_the_end() -> None:
    args = ("play", "--seed", "4", "--setting", "endless-sands", "--building", "tavern")
    result = run(*args, "--bot", "random", input="1\n" * 60)
    assert result.exit_code == 0, result.output
    out = result.stdout
    lines = out.splitlines()
    assert lines.count("── Phase One begins ──") == 5  # one table per card given
    assert (
        "Endless Sands: give the bot a card of your hand (5 to go); choices are secret until both "
        "have chosen."
    ) in lines
    assert "Chosen, carried out once both have chosen: " in out
    assert "Endless Sands: give the bot a card of your hand (4 to go)" in out
    assert "Endless Sands, both have chosen: you give " in out
    assert "── End of the game ──" in lines
    assert "Tavern: give the bot a card of your Score pile (2 to go)." in lines
    assert "Tavern: you give to the bot: " in out and "Tavern: the bot gives to you: " in out
    assert lines[-1] == "Thanks for playing."


def table(record: dict[str, Any], seat: int = 0) -> list[str]:
    state = records.replay(record)
    names = YOU if seat == 0 else Names(("the bot", "you"))
    # each line without its indent: the words are what these tests read, not the layout
    return [line.strip() for line in table_lines(observe(state, seat), seat, names)]


def counted(counters: dict[str, int], setting: str | None, building: str | None) -> list[str]:
    record = position_record(CLAIM, phase=2, hands=[["goblins:5"], ["knights:3"]])
    setup = record["position"]["setup"]
    if setting:
        setup["setting"] = setting
    if building:
        setup["building"] = building
    record["position"]["counters"] = counters
    return table(record)


def test_the_tallies_in_words() -> None:
    plateau = counted({"plateau-player": 0, "plateau-count": 2}, "plateau", None)
    assert "Setting: Plateau" in plateau
    assert (
        "Plateau: you have won 2 tricks in a row (at 3 the other player leads the next trick)"
    ) in plateau
    assert "Ice Fields: the bot has +1 on their next card" in counted(
        {"ice-fields": 1}, "ice-fields", None
    )
    assert "Ice Fields: you have +1 on your next card" in counted(
        {"ice-fields": 0}, "ice-fields", None
    )
    assert not any(line.startswith("Ice Fields:") for line in counted({}, "ice-fields", None))
    assert (
        "Lava Fields: the bot has lost 3 tricks in a row in Phase Two (5 in a row wins the game)"
    ) in counted({"lava-player": 1, "lava-count": 3}, "lava-fields", None)
    lighthouse = counted(
        {"lighthouse:goblins": 0, "lighthouse:undead": 0, "lighthouse:knights": 1},
        "shore",
        "lighthouse",
    )
    assert [line for line in lighthouse if line.startswith(("Setting:", "Building:"))] == [
        "Setting: Shore",
        "Building: Lighthouse",
    ]
    assert "Lighthouse: Goblins, Undead won outright by you" in lighthouse
    assert "Lighthouse: Knights won outright by the bot" in lighthouse
    assert (
        "Dungeon: the bot won the last trick of Phase One (one extra vote at the end)"
        in counted({"dungeon-1": 1}, None, "dungeon")
    )
    view = {"setting": "plateau", "counters": {"plateau-player": 1, "plateau-count": 1}}
    assert location_lines(view, Names()) == [
        "Setting: Plateau",
        "Plateau: player 1 has won 1 trick in a row (at 3 the other player leads the next trick)",
    ]
    assert location_lines({"counters": {}}, YOU) == []


def test_the_table_shows_both_islands_prizes_and_asks_which() -> None:
    record = stacked_record(
        CLAIM,
        hand0=["goblins:7"],
        hand1=["goblins:5"],
        deck_top=["knights:8", "undead:6"],
    )
    record["setup"]["setting"] = "islands"
    lines = table(record)
    assert lines[0] == "── Phase One · trick 1 ──"
    assert lines[2] == (
        "Prizes (Islands): Knight 8 and Undead 6 (the trick's winner takes one, the other stays "
        "face-up)"
    )
    record["moves"] = ["play goblins:7", "play goblins:5"]
    lines = table(record)
    assert "Islands: take one of the two prizes; the other stays face-up." in lines
    assert lines[-2:] == ["1. Take Knight 8", "2. Take Undead 6"]
    assert "Islands: take one" not in " ".join(table(record, seat=1))


def test_the_table_at_a_phase_start_choice() -> None:
    record = position_record(
        CLAIM,
        phase=1,
        number=13,
        prize="goblins:9",
        hands=[["knights:9"], ["knights:2"]],
        followers=[
            ["undead:1", "undead:2", "undead:3", "dwarves:1"],
            ["dwarves:5", "dwarves:6", "dwarves:7", "undead:9"],
        ],
        moves=["play knights:9", "play knights:2", "give undead:1", "give undead:2"],
    )
    record["position"]["setup"]["setting"] = "windy-peaks"
    mine = table(record, seat=0)
    assert mine[0] == "── Phase Two begins ──"
    assert "Chosen, carried out once both have chosen: Undead 2 1" in mine
    assert (
        "Windy Peaks: give the bot a card of your hand (1 to go); choices are secret until both "
        "have chosen."
    ) in mine
    theirs = table(record, seat=1)
    assert theirs[0] == "── Phase Two begins ──"
    assert not any("Undead 2 1" in line for line in theirs)
    assert not any(line.startswith("Windy Peaks:") for line in theirs)  # not their turn


def test_the_table_at_the_tavern() -> None:
    record = position_record(
        CLAIM,
        phase=2,
        number=13,
        hands=[["knights:9"], ["knights:2"]],
        scores=[["goblins:1", "goblins:2", "undead:3"], ["dwarves:5", "dwarves:6", "undead:9"]],
        moves=["play knights:9", "play knights:2", "give goblins:1", "give undead:3"],
    )
    record["position"]["setup"]["building"] = "tavern"
    lines = table(record, seat=1)
    assert lines[0] == "── End of the game ──"
    assert "The bot has chosen 2 cards to give you; you see them once both have chosen" in lines
    assert "Tavern: give the bot a card of your Score pile (2 to go)." in lines
    assert lines[-4:] == ["Your moves:", "1. Give Undead 9", "2. Give Dwarf 6", "3. Give Dwarf 5"]
