"""The arena: duplicate deals with the seats swapped, bot seeds, determinism (whatever the number of
processes), the statistics and their intervals, and the `claim arena` command."""

from __future__ import annotations

import json
import math
import re

import pytest

import claim
from claim.bots import make_bot, play_out
from claim.core.errors import ConfigError
from claim.core.options import SetupOptions, resolve_setup
from claim.sim import arena as arena_module
from claim.sim.arena import (
    ArenaStats,
    GameOutcome,
    arena,
    bot_seed,
    paired_interval,
    parse_bots,
    play_game,
    wilson_interval,
)
from clitools import assert_one_line_error, run


def outcome(
    deal: int, a_seat: int, winner: int | None, factions: str = "claim", first_leader: int = 0
) -> GameOutcome:
    return GameOutcome(deal, a_seat, winner, factions, first_leader, tricks=26)


# -- duplicate deals and seats ------------------------------------------------------------------


def test_every_deal_is_played_twice_with_the_seats_swapped() -> None:
    stats = arena(("random", "random"), deals=6, seed=11)
    assert stats.games == 12 and stats.deals == 6
    assert [(o.deal, o.a_seat) for o in stats.outcomes] == [
        (d, s) for d in range(6) for s in (0, 1)
    ]
    by_seat = stats.by_seat
    assert by_seat["0"].games == by_seat["1"].games == 6
    for key in ("wins", "draws", "losses"):
        assert getattr(by_seat["0"], key) + getattr(by_seat["1"], key) == getattr(stats, key)
    assert stats.wins + stats.draws + stats.losses == 12


def test_a_game_is_its_deal_with_seeded_bots_in_the_right_seats() -> None:
    """Game 2i+1 deals the cards of game 2i (seed S+i) with B in seat 0 and A in seat 1."""
    seed = 20
    stats = arena(("random", "random"), deals=3, seed=seed, options=SetupOptions("random"))
    for game in stats.outcomes:
        setup = resolve_setup(seed + game.deal, "random", "0")
        state = claim.new_game(setup.config, setup.seed)
        a = make_bot("random", bot_seed(seed, game.deal, 0))
        b = make_bot("random", bot_seed(seed, game.deal, 1))
        play_out(state, (a, b) if game.a_seat == 0 else (b, a))
        assert state.result is not None
        assert game.winner == state.result["winner"]
        assert game.factions == ",".join(setup.config.factions)
        assert game.tricks == len(state.history)
    decks = {o.factions for o in stats.outcomes}
    assert len(decks) == 3  # --factions random: every deal its own deck, shared by its two games
    for deal in range(3):
        assert stats.outcomes[2 * deal].factions == stats.outcomes[2 * deal + 1].factions


def test_bot_seeds_differ_per_side_and_per_deal() -> None:
    seeds = {bot_seed(5, deal, which) for deal in range(50) for which in (0, 1)}
    assert len(seeds) == 100
    assert bot_seed(5, 3, 1) == bot_seed(5, 3, 1)
    assert bot_seed(5, 3, 1) != bot_seed(6, 3, 1)


def test_the_same_bot_on_both_sides_plays_differently() -> None:
    """random vs random with one generator per seat: the games are not mirror images, so A's seat
    results are not forced to be complementary."""
    stats = arena(("random", "random"), deals=30, seed=2)
    pairs = [(stats.outcomes[2 * d].winner, stats.outcomes[2 * d + 1].winner) for d in range(30)]
    assert len(set(pairs)) > 1


# -- determinism --------------------------------------------------------------------------------


def test_same_seed_same_results() -> None:
    random_setup = SetupOptions("random", "random")
    first = arena(("random", "random"), deals=8, seed=3, options=random_setup)
    again = arena(("random", "random"), deals=8, seed=3, options=random_setup)
    assert first.outcomes == again.outcomes
    assert first.to_dict() == again.to_dict()
    other = arena(("random", "random"), deals=8, seed=4, options=random_setup)
    assert other.outcomes != first.outcomes


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    args = (("random", "random"), 10, 7, SetupOptions("random", "random"))
    one = arena(*args, jobs=1)
    two = arena(*args, jobs=2)
    assert two.outcomes == one.outcomes
    assert two.to_dict() == one.to_dict()


def test_the_progress_hook_sees_every_game_once() -> None:
    seen: list[int] = []
    stats = arena(
        ("random", "random"), deals=5, seed=1, jobs=2, on_game=lambda o: seen.append(o.index)
    )
    assert sorted(seen) == list(range(10))
    assert [o.index for o in stats.outcomes] == list(range(10))


def test_play_game_is_what_the_arena_plays() -> None:
    options = SetupOptions("claim2", "1")
    match = arena_module._Match(("random", "random"), 9, options)
    stats = arena(("random", "random"), deals=2, seed=9, options=options)
    assert [play_game(match, i) for i in range(4)] == stats.outcomes
    assert stats.by_first_leader.keys() == {"1"}


# -- statistics ---------------------------------------------------------------------------------


def test_wilson_interval_by_hand() -> None:
    # 7 points out of 10, z = 1.96: centre (0.7 + z²/20) / (1 + z²/10),
    # half-width z / (1 + z²/10) · sqrt(0.7 · 0.3 / 10 + z²/400)
    z = 1.959963984540054
    centre = (0.7 + z * z / 20) / (1 + z * z / 10)
    half = z / (1 + z * z / 10) * math.sqrt(0.021 + z * z / 400)
    low, high = wilson_interval(7, 10)
    assert low == pytest.approx(centre - half) and high == pytest.approx(centre + half)
    assert (round(low, 4), round(high, 4)) == (0.3968, 0.8922)
    # the edges never collapse: 10 of 10 still leaves room below
    low, high = wilson_interval(10, 10)
    assert high == pytest.approx(1.0) and round(low, 4) == 0.7225
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_paired_interval_by_hand() -> None:
    # per-deal scores 1, 1/2, 1/2, 0: mean 1/2, sample variance (1/4 + 0 + 0 + 1/4) / 3 = 1/6,
    # standard error sqrt(1/6 / 4) = sqrt(1/24) = 0.2041, half-width 1.96 × 0.2041 = 0.4001
    interval = paired_interval([1, 0.5, 0.5, 0])
    assert interval is not None
    low, high = interval
    assert low == pytest.approx(0.5 - 1.959963984540054 * math.sqrt(1 / 24))
    assert (round(low, 4), round(high, 4)) == (0.0999, 0.9001)
    # 0.75, 0.75, 0.5, 1, 0.75 → mean 0.75, variance (0 + 0 + 1/16 + 1/16 + 0) / 4 = 1/32
    assert paired_interval([0.75, 0.75, 0.5, 1, 0.75]) == pytest.approx(
        (
            0.75 - 1.959963984540054 * math.sqrt(1 / 32 / 5),
            0.75 + 1.959963984540054 * math.sqrt(1 / 32 / 5),
        )
    )
    assert paired_interval([0.5]) is None
    assert paired_interval([1, 1, 1]) == (1.0, 1.0)  # zero width: read the Wilson interval then
    assert paired_interval([1, 0]) == (0.0, 1.0)  # clamped


def hand_made_stats() -> ArenaStats:
    """Three deals: A wins both games; a win as player 0 and a draw as player 1; two draws."""
    outcomes = [
        outcome(0, 0, 0, factions="x", first_leader=0),
        outcome(0, 1, 1, factions="x", first_leader=0),
        outcome(1, 0, 0, factions="y", first_leader=1),
        outcome(1, 1, None, factions="y", first_leader=1),
        outcome(2, 0, None, factions="x", first_leader=1),
        outcome(2, 1, None, factions="x", first_leader=1),
    ]
    return ArenaStats(("a", "b"), 0, SetupOptions("random", "random"), outcomes)


def test_draws_count_half_and_deals_pair_their_games() -> None:
    stats = hand_made_stats()
    assert (stats.wins, stats.draws, stats.losses) == (3, 3, 0)
    assert stats.win_rate == pytest.approx(4.5 / 6)
    assert stats.deal_scores == [1.0, 0.75, 0.5]
    assert stats.interval == paired_interval([1.0, 0.75, 0.5])
    assert stats.wilson == wilson_interval(4.5, 6)


def test_results_per_seat_and_per_configuration() -> None:
    stats = hand_made_stats()
    seat0, seat1 = stats.by_seat["0"], stats.by_seat["1"]
    assert (seat0.wins, seat0.draws, seat0.losses) == (2, 1, 0)
    assert (seat1.wins, seat1.draws, seat1.losses) == (1, 2, 0)
    decks = stats.by_factions
    assert list(decks) == ["x", "y"]
    assert (decks["x"].games, decks["x"].wins, decks["x"].draws) == (4, 2, 2)
    assert (decks["y"].games, decks["y"].wins, decks["y"].draws) == (2, 1, 1)
    leaders = stats.by_first_leader
    assert (leaders["0"].games, leaders["0"].win_rate) == (2, 1.0)
    assert leaders["1"].games == 4
    assert leaders["1"].win_rate == pytest.approx(2.5 / 4)
    data = stats.to_dict()
    assert data["by_seat"]["1"] == {
        "games": 3,
        "wins": 1,
        "draws": 2,
        "losses": 0,
        "win_rate": 0.6667,
    }
    assert data["by_factions"]["y"]["win_rate"] == 0.75


def test_a_losing_bot_is_seen_from_its_side() -> None:
    stats = ArenaStats(("a", "b"), 0, SetupOptions(), [outcome(0, 0, 1), outcome(0, 1, 0)])
    assert (stats.wins, stats.losses, stats.win_rate) == (0, 2, 0.0)
    assert stats.interval is None  # one deal: no paired interval


# -- options ------------------------------------------------------------------------------------


def test_bot_specs() -> None:
    assert parse_bots("random,Random") == ("random", "random")
    with pytest.raises(ConfigError, match="two bots"):
        parse_bots("random")
    with pytest.raises(ConfigError, match="two bots"):
        parse_bots("random,random,random")
    with pytest.raises(ConfigError, match="unknown bot 'alphazero'"):
        parse_bots("random,alphazero")
    with pytest.raises(ConfigError, match="unknown strength 'expert'"):
        parse_bots("search:expert,random")


def test_bad_match_options() -> None:
    with pytest.raises(ConfigError, match="--deals"):
        arena(("random", "random"), deals=0, seed=1)
    with pytest.raises(ConfigError, match="--jobs"):
        arena(("random", "random"), deals=1, seed=1, jobs=0)
    with pytest.raises(claim.ClaimError):
        arena(("random", "random"), deals=1, seed=1, options=SetupOptions("claim3"))


# -- the command --------------------------------------------------------------------------------


def test_arena_json() -> None:
    result = run("arena", "--bots", "random,random", "--deals", "5", "--seed", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    expected = arena(("random", "random"), deals=5, seed=1).to_dict()
    assert data.pop("seconds") >= 0
    assert data == expected
    assert data["bots"] == ["random", "random"]
    assert (data["deals"], data["games"], data["seed"]) == (5, 10, 1)
    assert data["wins"] + data["draws"] + data["losses"] == 10
    assert data["win_rate"] == round((data["wins"] + data["draws"] / 2) / 10, 4)
    low, high = data["interval"]
    assert 0 <= low <= data["win_rate"] <= high <= 1
    assert set(data["by_seat"]) == {"0", "1"}
    assert data["by_factions"].keys() == {"goblins,knights,undead,dwarves,doppelgangers"}
    assert data["by_first_leader"].keys() == {"0"}
    assert data["factions"] == "claim" and data["first_leader"] == "0"


def test_arena_json_is_the_same_with_more_jobs() -> None:
    args = ["arena", "--bots", "random,random", "--deals", "4", "--seed", "2", "--json"]
    one = json.loads(run(*args).stdout)
    two = json.loads(run(*args, "--jobs", "2").stdout)
    one.pop("seconds")
    two.pop("seconds")
    assert one == two


def test_arena_text() -> None:
    result = run("arena", "--bots", "random,random", "--deals", "6", "--seed", "3")
    assert result.exit_code == 0, result.output
    stats = arena(("random", "random"), deals=6, seed=3)
    low, high = stats.interval or (0, 0)
    out = result.stdout
    lines = out.splitlines()
    assert lines[0] == (
        "A = random, B = random: 6 deals, each played twice with the seats swapped "
        "(seed 3, factions claim, first leader 0)"
    )
    assert lines[1].startswith(
        f"A's win rate: {stats.win_rate:.3f}, 95% interval [{low:.3f}, {high:.3f}] "
        "(paired over deals); per-game Wilson ["
    )
    assert "A as player 0 (W-D-L)" in out and "A as player 1 (W-D-L)" in out

    def row(label: str) -> str:
        line = next(line for line in out.splitlines() if label in line)
        return line.replace("│", " ").split()[-1]

    assert row("Games played") == "12"
    assert row("A wins") == str(stats.wins)
    assert row("Draws") == str(stats.draws)
    assert row("B wins") == str(stats.losses)
    seat1 = stats.by_seat["1"]
    assert row("A as player 1") == f"({seat1.win_rate:.3f})"
    assert f"{seat1.wins}-{seat1.draws}-{seat1.losses} ({seat1.win_rate:.3f})" in out
    assert float(row("Games per second")) > 0
    # progress on stderr (not a terminal here: a line per tenth of the games); none with --quiet
    progress = result.stderr.splitlines()
    assert progress[-1].startswith("arena: 12/12 games (100%), ")
    assert all(re.fullmatch(r"arena: \d+/12 games \(\d+%\), \d+ s", line) for line in progress)
    assert len(progress) == 10
    quiet = run("arena", "--bots", "random,random", "--deals", "6", "--seed", "3", "--quiet")
    assert quiet.stderr == "" and quiet.stdout.splitlines()[:2] == lines[:2]


def test_arena_without_a_seed_reports_the_one_it_drew() -> None:
    result = run("arena", "--bots", "random,random", "--deals", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data["seed"], int)
    assert data["interval"] is None


@pytest.mark.parametrize(
    ("args", "text"),
    [
        (["--bots", "random,alphazero"], "--bots: unknown bot 'alphazero'"),
        (["--bots", "search:expert,random"], "--bots: unknown strength 'expert'"),
        (["--bots", "random"], "--bots needs two bots"),
        (["--bots", "random,random", "--deals", "0"], "--deals must be at least 1, not 0"),
        (["--bots", "random,random", "--deals", "-3"], "--deals must be at least 1, not -3"),
        (["--bots", "random,random", "--jobs", "0"], "--jobs must be at least 1, not 0"),
        (["--bots", "random,random", "--factions", "claim3"], "unknown preset 'claim3'"),
        (["--deals", "3"], "Missing option '--bots'"),
    ],
)
def test_arena_bad_options(args: list[str], text: str) -> None:
    assert_one_line_error(run("arena", *args), text)


def test_jobs_are_capped_at_the_cpus_and_the_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14: --jobs 100000 forked thousands of processes. Never more workers than CPUs
    available nor than games to play, with a one-line notice on stderr."""
    import claim.sim.arena

    monkeypatch.setattr(claim.sim.arena, "available_cpus", lambda: 2)
    assert claim.sim.arena.worker_count(100_000, 10) == 2
    assert claim.sim.arena.worker_count(8, 1) == 1
    assert claim.sim.arena.worker_count(1, 10) == 1
    args = ["arena", "--bots", "random,random", "--seed", "2", "--json", "--quiet"]
    result = run(*args, "--deals", "2", "--jobs", "100000")
    assert result.exit_code == 0, result.output
    assert result.stderr == "notice: --jobs 100000 capped to 2 (the CPUs available)\n"
    plain = json.loads(run(*args, "--deals", "2").stdout)
    capped = json.loads(result.stdout)
    plain.pop("seconds")
    capped.pop("seconds")
    assert capped == plain
    monkeypatch.setattr(claim.sim.arena, "available_cpus", lambda: 64)
    result = run(*args, "--deals", "1", "--jobs", "9" * 30)
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        "notice: --jobs 99999999... (30 digits) capped to 2 (the games to play)\n"
    )
    assert run(*args, "--deals", "1", "--jobs", "1").stderr == ""


def test_available_cpus_is_at_least_one() -> None:
    from claim.sim.arena import available_cpus

    assert available_cpus() >= 1


@pytest.mark.parametrize("deals", ["1000001", "9" * 40])
def test_deals_are_bounded(deals: str) -> None:
    result = run("arena", "--bots", "random,random", "--deals", deals)
    assert_one_line_error(result, "--deals must be at most 1,000,000")
