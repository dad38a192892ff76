"""The balance lab (``claim lab``, issue 21): the matched games of each study, the statistics,
kept games and resuming, the report's data and figures, and the command end to end."""

from __future__ import annotations

import csv
import dataclasses
import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from tests.test_invariants import check_conservation, check_legal

import claim
from claim.core import cards
from claim.core.options import SetupOptions
from claim.core.records import replay, to_record
from claim.core.setup import validate_factions
from claim.lab.analysis import (
    MIN_DEALS_TO_FLAG,
    corrected_z,
    effect_of,
    interactions,
)
from claim.lab.design import (
    KINDS,
    PAIRS,
    SINGLES,
    Part,
    Study,
    deal_game,
    default_components,
    unit_games,
)
from claim.lab.play import LabGame, game_from_dict, play_unit
from claim.lab.run import read_runs, run_study, runs_text, units_left

HEURISTIC = ("heuristic", "heuristic")


def _study(kind: str, components: tuple[str, ...] | None = None, **more: Any) -> Study:
    values: dict[str, Any] = {"games": 8, "seed": 11, "bots": HEURISTIC}
    values.update(more)
    parts = (Part(kind, components or default_components(kind)),)
    return Study(kind, parts, values.pop("bots"), values.pop("games"), values.pop("seed"), **values)


# -------------------------------------------------------------------------------------------------
# the design: which games a unit plays
# -------------------------------------------------------------------------------------------------


def test_units_and_games_per_deal() -> None:
    study = _study("locations", ("castle", "swamp"), games=10)
    assert study.games_per_deal("locations") == 4  # with and without, either leader first
    assert study.deals("locations") == 3  # 10 games: rounded up to whole deals
    assert study.units()[:4] == [
        ("locations", "castle", 0),
        ("locations", "castle", 1),
        ("locations", "castle", 2),
        ("locations", "swamp", 0),
    ]
    assert study.total_games == 2 * 3 * 4
    two = _study("artifacts", ("ice-sword",), games=10, bots=("heuristic", "random"))
    assert two.games_per_deal("artifacts") == 4  # the holder swapped, and the bots swapped
    assert [g.a_seat for g in unit_games(two, "artifacts", "ice-sword", 0)] == [0, 1, 0, 1]
    assert _study("first-leader", ("claim",), games=1).deals("first-leader") == 2  # at least 2


def test_a_location_is_matched_on_the_very_same_cards() -> None:
    study = _study("locations", ("castle", "lava-fields"))
    for component in ("castle", "lava-fields"):
        games = unit_games(study, "locations", component, 1)
        assert [(g.variant, g.config.first_leader) for g in games] == [
            ("treatment", 0),
            ("treatment", 1),
            ("baseline", 0),
            ("baseline", 1),
        ]
        deals = {deal_game(g).deal for g in games}
        assert len(deals) == 1  # four games, one deal
        assert component in games[0].config.locations and not games[2].config.locations


def test_a_hero_takes_one_faction_cards_place() -> None:
    study = _study("heroes", ("jester", "cthulhu"))
    places = Counter()
    for deal in range(40):
        games = unit_games(study, "heroes", "jester", deal)
        treated, baseline = deal_game(games[0]), deal_game(games[2])
        a = [c for part in treated.deal for c in part]
        b = [c for part in baseline.deal for c in part]
        differ = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        assert len(differ) == 1
        assert cards.CODE[a[differ[0]]] == "hero:jester"
        assert treated.removed == {b[differ[0]]: "heroes"}  # left out unseen (§2 step 3)
        places["hand" if differ[0] < 26 else "deck"] += 1
        check_conservation(treated)
        # the game plays on and its record replays
        rng = random.Random(deal)
        while not claim.is_over(treated):
            check_legal(treated)
            claim.apply(treated, rng.choice(claim.legal_actions(treated)))
        check_conservation(treated)
        assert replay(to_record(treated)).to_dict() == treated.to_dict()
    assert places["hand"] >= 8 and places["deck"] >= 8  # 26 of 52 places each


@pytest.mark.parametrize("component", ["tricksters", "goblins+knights", "elves+orcs"])
def test_a_factions_decks_differ_by_it_alone(component: str) -> None:
    study = _study("factions", (component,))
    for deal in range(30):
        games = unit_games(study, "factions", component, deal)
        with_it, without = games[0].config.factions, games[2].config.factions
        validate_factions(with_it)
        validate_factions(without)
        names = component.split("+")
        assert all(n in with_it for n in names) and not any(n in without for n in names)
        assert len(set(with_it) ^ set(without)) == 2 * len(names)
    assert set(default_components("factions")) == set(SINGLES) | set(PAIRS)
    assert len(default_components("factions")) == len(SINGLES) + len(PAIRS) == 24  # 20 + 4


def test_an_artifact_is_dealt_to_either_player_on_the_same_cards() -> None:
    study = _study("artifacts", ("ice-sword",))
    for deal in range(10):
        first, second = unit_games(study, "artifacts", "ice-sword", deal)
        assert first.config.artifacts == second.config.artifacts[::-1]
        assert "ice-sword" in first.config.artifacts[0]
        assert len({a for hand in first.config.artifacts for a in hand}) == 6
        assert deal_game(first).deal == deal_game(second).deal


def test_the_first_leader_is_swapped_on_the_same_cards() -> None:
    study = _study("first-leader", ("every-expansion",))
    first, second = unit_games(study, "first-leader", "every-expansion", 3)
    assert (first.config.first_leader, second.config.first_leader) == (0, 1)
    assert dataclasses.replace(first.config, first_leader=1) == second.config
    assert first.config.heroes and first.config.artifacts and first.config.locations
    assert deal_game(first).deal == deal_game(second).deal


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_plays_and_keeps_what_the_analysis_needs(kind: str) -> None:
    study = _study(kind)
    component = study.parts[0].components[0]
    games = play_unit(study, kind, component, 0)
    assert len(games) == study.games_per_deal(kind)
    for game in games:
        assert game_from_dict(json.loads(json.dumps(game.to_dict()))) == game
        assert game.subject in (0, 1, None)
        if kind in ("factions", "locations", "first-leader"):
            assert game.subject == game.first_leader
    # the same unit plays the same games
    assert play_unit(study, kind, component, 0) == games


def test_the_hero_holder_is_who_played_it_and_the_baseline_twin_shares_it() -> None:
    study = _study("heroes", ("witch",))
    seen = set()
    for deal in range(6):
        games = play_unit(study, "heroes", "witch", deal)
        treated = {g.twin: g for g in games if g.variant == "treatment"}
        for g in games:
            if g.variant == "baseline":
                assert g.subject == treated[g.twin].subject
            seen.add(g.subject)
    assert {0, 1} <= seen


def test_bad_studies_are_refused_in_one_line() -> None:
    with pytest.raises(claim.ClaimError, match="unknown component 'castel'"):
        _study("locations", ("castel",))
    with pytest.raises(claim.ClaimError, match="base setup without heroes"):
        _study("heroes", base=SetupOptions(heroes="3"))
    with pytest.raises(claim.ClaimError, match="games must be at least 1"):
        _study("artifacts", games=0)


# -------------------------------------------------------------------------------------------------
# the statistics
# -------------------------------------------------------------------------------------------------


def _game(deal: int, twin: int, variant: str, subject: int | None, winner: int | None) -> LabGame:
    return LabGame(
        kind="locations",
        component="castle",
        deal=deal,
        game=twin + (2 if variant == "baseline" else 0),
        variant=variant,
        twin=twin,
        a_seat=0,
        first_leader=twin,
        subject=subject,
        winner=winner,
        reason="votes" if winner is not None else "draw",
        tricks=26,
        votes_won=(3, 2),
        votes=(),
        factions="goblins,knights,undead,dwarves,doppelgangers",
    )


def test_the_effect_is_the_mean_paired_difference_with_a_corrected_interval() -> None:
    # deal 0: the leader wins both with it (x=1), one of two without (y=1/2): d=+1/2
    # deal 1: a draw and a win with it (x=3/4), both without (y=1): d=-1/4
    # deal 2: x = 1/2, y = 0: d=+1/2
    games = [
        _game(0, 0, "treatment", 0, 0),
        _game(0, 1, "treatment", 1, 1),
        _game(0, 0, "baseline", 0, 0),
        _game(0, 1, "baseline", 1, 0),
        _game(1, 0, "treatment", 0, None),
        _game(1, 1, "treatment", 1, 1),
        _game(1, 0, "baseline", 0, 0),
        _game(1, 1, "baseline", 1, 1),
        _game(2, 0, "treatment", 0, 0),
        _game(2, 1, "treatment", 1, 0),
        _game(2, 0, "baseline", 0, 1),
        _game(2, 1, "baseline", 1, 0),
    ]
    effect = effect_of("locations", "castle", games, comparisons=4)
    d = [0.5, -0.25, 0.5]
    mean = sum(d) / 3
    sd = (sum((x - mean) ** 2 for x in d) / 2) ** 0.5
    z = corrected_z(4)
    assert effect.deals == 3 and effect.games == 12
    assert effect.effect == pytest.approx(mean)
    assert effect.low == pytest.approx(mean - z * sd / 3**0.5)
    assert effect.high == pytest.approx(mean + z * sd / 3**0.5)
    assert effect.treatment_rate == pytest.approx((1 + 0.75 + 0.5) / 3)
    assert effect.baseline_rate == pytest.approx((0.5 + 1 + 0) / 3)
    assert effect.draws == pytest.approx(1 / 6) and effect.baseline_draws == 0
    assert not effect.flagged  # three deals: too few to flag, whatever the interval
    assert z == pytest.approx(2.4977, abs=1e-4)  # the 1 - 0.05/8 normal quantile


def test_a_clear_effect_is_flagged_once_there_are_enough_deals() -> None:
    rng = random.Random(1)
    games = []
    for deal in range(MIN_DEALS_TO_FLAG):
        for twin in (0, 1):
            games.append(_game(deal, twin, "treatment", twin, twin))  # the leader always wins
            games.append(_game(deal, twin, "baseline", twin, rng.choice((0, 1))))
    effect = effect_of("locations", "castle", games, comparisons=22)
    assert effect.low is not None and effect.low > 0 and effect.flagged
    fewer = [g for g in games if g.deal < MIN_DEALS_TO_FLAG - 1]
    assert not effect_of("locations", "castle", fewer, comparisons=22).flagged


def test_swapped_designs_compare_with_one_half_and_skip_deals_without_a_subject() -> None:
    games = [
        dataclasses.replace(_game(0, 0, "treatment", 0, 0), kind="artifacts"),
        dataclasses.replace(_game(0, 1, "treatment", 1, 0), kind="artifacts"),
        dataclasses.replace(_game(1, 0, "treatment", None, 0), kind="artifacts"),
        dataclasses.replace(_game(1, 1, "treatment", None, 1), kind="artifacts"),
        dataclasses.replace(_game(2, 0, "treatment", 0, 0), kind="artifacts"),
        dataclasses.replace(_game(2, 1, "treatment", 1, 1), kind="artifacts"),
    ]
    effect = effect_of("artifacts", "ice-sword", games, comparisons=1)
    assert effect.deals == 2  # deal 1 has no subject
    assert effect.effect == pytest.approx(((0.5 - 0.5) + (1 - 0.5)) / 2)
    assert effect.baseline_rate == 0.5 and effect.baseline_tricks is None


def test_interactions_count_pairs_in_one_hand_or_deck() -> None:
    game = LabGame(
        kind="artifacts",
        component="ice-sword",
        deal=0,
        game=0,
        variant="treatment",
        twin=0,
        a_seat=0,
        first_leader=0,
        subject=0,
        winner=1,
        reason="votes",
        tricks=26,
        votes_won=(2, 3),
        votes=(),
        factions="goblins,knights,undead,dwarves,doppelgangers",
        hands=(
            ("ice-sword", "magic-wand", "spyglass"),
            ("flail-of-dawn", "kings-dagger", "wishing-lamp"),
        ),
    )
    pairs = {(i.first, i.second): i for i in interactions("artifacts", [game, game])}
    assert len(pairs) == 6
    assert pairs["ice-sword", "magic-wand"].score == 0.0  # its holder lost
    assert pairs["flail-of-dawn", "kings-dagger"].score == 1.0
    assert pairs["ice-sword", "magic-wand"].games == 2
    deck = {(i.first, i.second) for i in interactions("factions", [game])}
    assert len(deck) == 10 and ("goblins", "knights") in deck


# -------------------------------------------------------------------------------------------------
# kept games and resuming
# -------------------------------------------------------------------------------------------------


class _Stop(Exception):
    pass


def test_a_resumed_study_gives_the_uninterrupted_results(tmp_path: Path) -> None:
    study = _study("first-leader", ("claim", "artifacts"), games=12)
    whole, _ = run_study(study, tmp_path / "whole")
    count = [0]

    def stop_after_9() -> None:
        count[0] += 1
        if count[0] == 9:
            raise _Stop

    with pytest.raises(_Stop):
        run_study(study, tmp_path / "resumed", on_game=stop_after_9)
    kept = (tmp_path / "resumed" / "games.jsonl").read_text().splitlines()
    assert len(kept) == 1 + 9  # the header, and every game finished before the stop
    started: list[tuple[int, int]] = []
    resumed, ran = run_study(
        study, tmp_path / "resumed", on_start=lambda k, left: started.append((k, left))
    )
    assert started == [(9, study.total_games - 8)]  # the unit cut short is played again whole
    assert ran.played == study.total_games - 8 and ran.kept == 9
    assert resumed.effects == whole.effects
    # both runs logged, the stopped one with the games it finished
    runs = read_runs(tmp_path / "resumed")
    assert [r["played"] for r in runs] == [9, study.total_games - 8]
    assert runs_text(runs).startswith(f"{study.total_games + 1:,} games played in ")
    assert " over 2 runs " in runs_text(runs)
    assert resumed.games == whole.games
    # a third run plays nothing
    again, ran = run_study(study, tmp_path / "resumed")
    assert ran.played == 0 and again.effects == whole.effects


def test_a_file_of_another_study_is_refused(tmp_path: Path) -> None:
    run_study(_study("first-leader", ("claim",), games=4), tmp_path)
    with pytest.raises(claim.ClaimError, match=r"another study .*seed 11"):
        run_study(_study("first-leader", ("claim",), games=4, seed=12), tmp_path)
    # more games extend the study, and the kept ones count
    bigger = _study("first-leader", ("claim",), games=8)
    assert len(units_left(bigger, _kept(tmp_path, bigger))) == 2


def _kept(path: Path, study: Study) -> Any:
    from claim.lab.run import open_kept

    kept = open_kept(path, study)
    kept.close()
    return kept


def test_a_damaged_kept_file_is_refused_naming_the_line(tmp_path: Path) -> None:
    study = _study("first-leader", ("claim",), games=4)
    run_study(study, tmp_path)
    path = tmp_path / "games.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join([lines[0], '{"kind": 3}\n', *lines[2:]]))
    with pytest.raises(claim.ClaimError, match="line 2"):
        run_study(study, tmp_path)
    # a last line cut short (a kill mid-write) is dropped and its game played again
    path.write_text("".join([*lines[:-1], lines[-1][:20]]))
    _, ran = run_study(study, tmp_path)
    assert ran.kept == len(lines) - 2


# -------------------------------------------------------------------------------------------------
# the report: data and figures
# -------------------------------------------------------------------------------------------------


def _csv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as file:
        return list(csv.DictReader(file))


def _float(text: str) -> float:
    return float(text)


def _forest_points(page: str, kind: str) -> dict[str, tuple[float, float]]:
    """Each component's dot in the forest plot of ``kind``: (x, y) in the SVG's coordinates."""
    found = {}
    for match in re.finditer(
        rf'<g id="effect:{re.escape(kind)}:([^"]+)">(.*?)</g>\s*</g>', page, re.S
    ):
        use = re.search(r'<use [^>]*x="([-\d.]+)" y="([-\d.]+)"', match.group(2))
        assert use, match.group(0)[:300]
        found[match.group(1)] = (float(use.group(1)), float(use.group(2)))
    return found


def _interval_ends(page: str, kind: str) -> dict[str, tuple[float, float]]:
    found = {}
    for match in re.finditer(
        rf'<g id="interval:{re.escape(kind)}:([^"]+)">\s*<path d="M ([-\d.]+) [-\d.]+\s+'
        r"L ([-\d.]+) ",
        page,
    ):
        found[match.group(1)] = (float(match.group(2)), float(match.group(3)))
    return found


def check_report(out: Path) -> None:
    """The report and data of a finished study in ``out``: every file written, the HTML's
    tables and figures showing the CSV's numbers."""
    page = (out / "report.html").read_text()
    assert page.startswith("<!doctype html>") and "</html>" in page
    # self-contained: nothing fetched (the SVG's xmlns are names, not addresses)
    assert not re.findall(r'(?:src|href)\s*=\s*"(?:https?:)?//', page)
    assert not re.findall(r"url\((?!#)", page) and "@import" not in page
    assert "<script" not in page
    ids = re.findall(r' id="([^"]+)"', page)
    assert len(ids) == len(set(ids))  # one page, many figures: no id twice
    effects = _csv(out / "effects.csv")
    games = _csv(out / "games.csv")
    pairs = _csv(out / "interactions.csv")
    assert effects and games
    for kind in {row["kind"] for row in effects}:
        rows = [r for r in effects if r["kind"] == kind]
        # the forest plot: each dot at x = a * effect + b, one a > 0 and b for all; the
        # interval's ends on the same scale; the components top to bottom in the CSV's order
        points = _forest_points(page, kind)
        assert set(points) == {r["component"] for r in rows}
        values = sorted((_float(r["effect"]), points[r["component"]][0]) for r in rows)
        (v0, x0), (v1, x1) = values[0], values[-1]
        if v1 - v0 > 1e-9:
            scale = (x1 - x0) / (v1 - v0)
            assert scale > 0
            for value, x in values:
                assert x == pytest.approx(x0 + scale * (value - v0), abs=0.05)
            ends = _interval_ends(page, kind)
            for r in rows:
                if r["low"]:
                    low, high = ends[r["component"]]
                    assert low == pytest.approx(x0 + scale * (_float(r["low"]) - v0), abs=0.05)
                    assert high == pytest.approx(x0 + scale * (_float(r["high"]) - v0), abs=0.05)
        ys = [points[r["component"]][1] for r in rows]
        assert ys == sorted(ys)  # SVG y grows downwards: the first component on top
        # the table: one row a component, with the CSV's effect and interval
        table = re.search(rf'<table class="effects" data-kind="{kind}">(.*?)</table>', page, re.S)
        assert table
        for r in rows:
            cells = re.search(
                rf'<tr[^>]*data-component="{re.escape(r["component"])}">(.*?)</tr>', table.group(1)
            )
            assert cells
            texts = re.findall(r"<td>(.*?)</td>", cells.group(1))
            assert texts[1] == r["deals"] and texts[2] == r["games"]
            assert texts[3] == f"{_float(r['effect']):+.3f}"
            if r["low"]:
                assert texts[4] == f"[{_float(r['low']):+.3f}, {_float(r['high']):+.3f}]"
            assert ('class="flagged"' in cells.group(0)) == (r["flagged"] == "True")
        # the game lengths: each bar's height is its share of the kind's games of its variant
        counts = Counter((g["variant"], int(g["tricks"])) for g in games if g["kind"] == kind)
        totals = Counter(g["variant"] for g in games if g["kind"] == kind)
        heights = {}
        for match in re.finditer(
            rf'<g id="bar:{re.escape(kind)}:(\w+):(\d+)">\s*<path d="M [-\d.]+ ([-\d.]+)\s+L '
            r"[-\d.]+ [-\d.]+\s+L [-\d.]+ ([-\d.]+)",
            page,
        ):
            heights[match.group(1), int(match.group(2))] = abs(
                float(match.group(3)) - float(match.group(4))
            )
        assert set(heights) == set(counts)
        ratios = [heights[k] / (counts[k] / totals[k[0]]) for k in counts]
        assert max(ratios) - min(ratios) < 0.01 * max(ratios)
    # the heat maps: each pair of enough games drawn in the colour of its CSV score
    import matplotlib

    for pair in pairs:
        cell = re.search(
            rf'<g id="cell:{pair["kind"]}:{re.escape(pair["first"])}:{re.escape(pair["second"])}">'
            r'\s*<path [^>]*style="fill: (#[0-9a-f]{6})',
            page,
        )
        if int(pair["games"]) < 10:
            assert cell is None
            continue
        assert cell, pair
        span = float(re.search(r'data-span="([\d.]+)"', page).group(1))  # type: ignore[union-attr]
        norm = matplotlib.colors.Normalize(0.5 - span, 0.5 + span, clip=True)
        # the CSV rounds the score to 6 places: a score that near a step of the colour map may
        # take the step's other colour (the figure is drawn from the exact score)
        colours = {
            matplotlib.colors.to_hex(matplotlib.colormaps["RdBu"](norm(_float(pair["score"]) + d)))
            for d in (-5e-7, 0.0, 5e-7)
        }
        assert cell.group(1) in colours, (pair, cell.group(1), colours)
    # Parquet, where pyarrow is installed, holds the CSV's rows
    pyarrow = pytest.importorskip("pyarrow.parquet")
    table = pyarrow.read_table(out / "effects.parquet").to_pylist()
    assert [str(r["component"]) for r in table] == [r["component"] for r in effects]
    assert [round(r["effect"], 6) for r in table] == [_float(r["effect"]) for r in effects]
    assert pyarrow.read_table(out / "games.parquet").num_rows == len(games)


def test_the_report_shows_the_csvs_numbers(tmp_path: Path) -> None:
    study = Study(
        "mixed",
        (
            Part("artifacts", ("ice-sword", "magic-wand", "spyglass")),
            Part("locations", ("castle", "swamp")),
        ),
        HEURISTIC,
        24,
        5,
    )
    from claim.lab.report import write_report

    findings, _ = run_study(study, tmp_path)
    written = write_report(findings, tmp_path, {"command": "claim lab", "timing": "now"})
    assert {"effects.csv", "games.csv", "interactions.csv", "report.html"} <= set(written)
    check_report(tmp_path)
    assert len(_csv(tmp_path / "games.csv")) == study.total_games
    assert [e.component for e in findings.effects] == [
        "ice-sword",
        "magic-wand",
        "spyglass",
        "castle",
        "swamp",
    ]
