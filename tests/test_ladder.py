"""The ladder (claim.sim.ladder, `claim ladder`): a round robin whose pairings are arena matches on
the same deals, rated with intervals; reproducible from its seed whatever --jobs."""

from __future__ import annotations

import json
import re

import pytest

from claim.core.errors import ConfigError
from claim.core.options import SetupOptions
from claim.sim.arena import Match, arena, play_matches
from claim.sim.ladder import DEFAULT_BOTS, ladder, parse_ladder_bots, round_robin
from clitools import assert_one_line_error, run


def test_every_pairing_is_the_arena_match_on_the_same_deals() -> None:
    options = SetupOptions("random")
    played = ladder(["random", "heuristic", "random:hard"], deals=2, seed=4, options=options)
    assert [p.bots for p in played.pairings] == [
        ("random", "heuristic"),
        ("random", "random:hard"),
        ("heuristic", "random:hard"),
    ]
    assert played.games == 3 * 4
    for pairing in played.pairings:
        alone = arena(pairing.bots, deals=2, seed=4, options=options)
        assert pairing.outcomes == alone.outcomes
    # the same deck in deal i of every pairing
    decks = {tuple(o.factions for o in p.outcomes) for p in played.pairings}
    assert len(decks) == 1
    again = ladder(["random", "heuristic", "random:hard"], deals=2, seed=4, options=options)
    assert [p.outcomes for p in again.pairings] == [p.outcomes for p in played.pairings]
    other = ladder(["random", "heuristic", "random:hard"], deals=2, seed=5, options=options)
    assert [p.outcomes for p in other.pairings] != [p.outcomes for p in played.pairings]


def test_play_matches_does_not_depend_on_the_jobs() -> None:
    matches = [
        Match(("random", "random"), 3, SetupOptions("random")),
        Match(("random", "random:easy"), 8, SetupOptions()),
    ]
    seen: list[tuple[int, int]] = []
    one = play_matches(matches, 3, jobs=1)
    two = play_matches(matches, 3, jobs=2, on_game=lambda m, o: seen.append((m, o.index)))
    assert one == two
    assert sorted(seen) == [(m, i) for m in range(2) for i in range(6)]
    assert [[o.index for o in match] for match in one] == [list(range(6))] * 2


def test_ratings_from_a_ladder() -> None:
    played = ladder(["random", "heuristic"], deals=4, seed=2)
    table = played.rate(resamples=50)
    assert {r.bot for r in table} == {"random", "heuristic"}
    assert [r.rating for r in table] == sorted((r.rating for r in table), reverse=True)
    anchor = next(r for r in table if r.bot == "random")
    assert anchor.rating == 0 and anchor.interval == (0.0, 0.0)
    for r in table:
        assert r.games == 8
        assert r.interval[0] <= r.rating <= r.interval[1]
        assert r.fisher_interval[0] <= r.rating <= r.fisher_interval[1]
    by_heuristic = played.rate("heuristic", resamples=50)
    assert next(r for r in by_heuristic if r.bot == "random").rating == pytest.approx(
        -next(r for r in table if r.bot == "heuristic").rating
    )
    with pytest.raises(ConfigError, match="--anchor"):
        played.rate("search:hard")


def test_bot_lists() -> None:
    assert parse_ladder_bots(" Random ,search:EASY") == ("random", "search:easy")
    assert parse_ladder_bots(",".join(DEFAULT_BOTS)) == DEFAULT_BOTS
    assert len(round_robin(DEFAULT_BOTS)) == 10
    with pytest.raises(ConfigError, match="at least two bots"):
        parse_ladder_bots("random")
    with pytest.raises(ConfigError, match="named twice"):
        parse_ladder_bots("random,heuristic,RANDOM")
    with pytest.raises(ConfigError, match="unknown bot"):
        parse_ladder_bots("random,alphazero")


# -- the command --------------------------------------------------------------------------------

TINY = ["ladder", "--bots", "random,heuristic", "--deals", "3", "--seed", "7", "--jobs", "1"]


def test_ladder_json_structure_and_reproducibility() -> None:
    result = run(*TINY, "--resamples", "200", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data.pop("seconds") >= 0
    assert data["bots"] == ["random", "heuristic"]
    assert (data["seed"], data["deals"], data["games"]) == (7, 3, 6)
    assert data["factions"] == "claim" and data["artifacts"] == "none"
    (pairing,) = data["pairings"]
    expected = arena(("random", "heuristic"), deals=3, seed=7).to_dict()
    for key in ("games", "wins", "draws", "losses", "win_rate", "interval", "wilson_interval"):
        assert pairing[key] == expected[key], key
    assert pairing["bots"] == ["random", "heuristic"]
    assert len(pairing["deal_points"]) == 3
    assert sum(pairing["deal_points"]) == pairing["wins"] + pairing["draws"] / 2
    assert 0 <= pairing["predicted"] <= 1
    ratings = data["ratings"]
    assert ratings["anchor"] == "random"
    assert ratings["resamples"] == 200
    assert "bootstrap over deals" in ratings["interval_method"]
    table = ratings["table"]
    assert {row["bot"] for row in table} == {"random", "heuristic"}
    assert table[0]["rating"] >= table[1]["rating"]  # strongest first
    for row in table:
        assert set(row) == {"bot", "rating", "interval", "fisher_interval", "games", "score"}
        low, high = row["interval"]
        assert low <= row["rating"] <= high
    assert next(row for row in table if row["bot"] == "random")["rating"] == 0
    # the same seed, the same ladder (and --jobs changes nothing)
    again = json.loads(run(*TINY, "--resamples", "200", "--json").stdout)
    again.pop("seconds")
    assert again == data
    more_jobs = json.loads(run(*TINY[:-1], "2", "--resamples", "200", "--json").stdout)
    more_jobs.pop("seconds")
    assert more_jobs == data
    other = json.loads(run(*TINY[:-3], "8", "--jobs", "1", "--resamples", "200", "--json").stdout)
    assert other["seed"] == 8


def test_ladder_text() -> None:
    result = run(*TINY, "--resamples", "100")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "Ladder of 2 bots: 1 pairing of 3 deals, each deal played twice with the seats swapped "
        "(seed 7, factions claim, first leader 0)"
    )
    stats = arena(("random", "heuristic"), deals=3, seed=7)
    row = next(line for line in lines if line.split()[:2] == ["random", "heuristic"])
    assert f"{stats.wins}-{stats.draws}-{stats.losses}" in row
    assert f"{stats.win_rate:.3f}" in row
    text = result.stdout
    assert "Bradley-Terry maximum likelihood on the Elo scale, random = 0" in text
    assert "bootstrap over deals (100 resamples, seed 7)" in text
    ranks = [line.split() for line in lines if re.match(r"\s+[12]\s+\S+\s+-?\d+\s+\[", line)]
    assert [r[0] for r in ranks] == ["1", "2"]
    assert {r[1] for r in ranks} == {"random", "heuristic"}
    assert int(ranks[0][2]) >= int(ranks[1][2])
    assert lines[-1].startswith("6 games in ")
    # progress on stderr (not a terminal here: a line per tenth of the games)
    assert result.stderr.splitlines()[-1].startswith("ladder: 6/6 games (100%)")
    quiet = run(*TINY, "--resamples", "100", "--quiet")
    assert quiet.stderr == ""
    assert quiet.stdout.splitlines()[:-1] == lines[:-1]


def test_ladder_help_names_the_default_bots() -> None:
    result = run("ladder", "--help")
    assert result.exit_code == 0
    assert "random, heuristic, search:easy, search:medium, search:hard." in " ".join(
        result.stdout.split()
    )


@pytest.mark.parametrize(
    ("args", "text"),
    [
        (["--bots", "random"], "--bots: a ladder needs at least two bots"),
        (["--bots", "random,random"], "--bots: bot 'random' is named twice"),
        (["--bots", "random,alphazero"], "--bots: unknown bot 'alphazero'"),
        (["--bots", "random,search:expert"], "--bots: unknown strength 'expert'"),
        (["--bots", "random,"], "--bots: a bot name is empty"),
        (["--deals", "0"], "--deals must be at least 1, not 0"),
        (["--deals", "1000001"], "--deals must be at most 1,000,000"),
        (["--jobs", "0"], "--jobs must be at least 1, not 0"),
        (["--resamples", "0"], "--resamples must be from 1 to 100,000, not 0"),
        (["--bots", "random,heuristic", "--anchor", "search:hard"], "--anchor: 'search:hard'"),
        (["--factions", "claim3"], "unknown preset 'claim3'"),
        (["--heroes", "foo"], "--heroes"),
        (["--deals", "x"], "'x' is not a valid integer"),
    ],
)
def test_ladder_bad_options(args: list[str], text: str) -> None:
    assert_one_line_error(run("ladder", *args), text)
