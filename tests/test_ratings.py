"""The ladder's rating maths (claim.sim.ratings): Bradley–Terry maximum likelihood on the Elo
scale recovers known strengths, its intervals shrink with more games, symmetric results rate
equal, and degenerate results (a player winning every game) give a finite, documented answer."""

from __future__ import annotations

import math
import random

import pytest

from claim.sim.ratings import ELO, PairResults, bootstrap, expected_score, fit

TRUE = (0.0, 120.0, 300.0, -200.0)


def exact_results(strengths: tuple[float, ...], games: int) -> list[PairResults]:
    """Every pair's expected points over ``games`` games, as one "deal" of all of them."""
    return [
        PairResults(a, b, (games * expected_score(strengths[a] - strengths[b]),), games)
        for a in range(len(strengths))
        for b in range(a + 1, len(strengths))
    ]


def sampled_results(
    strengths: tuple[float, ...], deals: int, seed: int, draw_rate: float = 0.0
) -> list[PairResults]:
    """Every pair plays ``deals`` deals of two games drawn from the model (``draw_rate`` of the
    games drawn, the rest won as the model says: a draw is worth its expected half)."""
    rng = random.Random(seed)
    results = []
    for a in range(len(strengths)):
        for b in range(a + 1, len(strengths)):
            p = expected_score(strengths[a] - strengths[b])
            points = []
            for _ in range(deals):
                total = 0.0
                for _ in range(2):
                    if rng.random() < draw_rate:
                        total += 0.5
                    else:
                        total += 1.0 if rng.random() < p else 0.0
                points.append(total)
            results.append(PairResults(a, b, tuple(points), 2))
    return results


# -- recovering strengths ---------------------------------------------------------------------


def test_exact_expected_results_give_back_the_strengths() -> None:
    fitted = fit(4, exact_results(TRUE, 1000), anchor=0, prior_draws=0)
    assert fitted.ratings == pytest.approx(TRUE, abs=1e-6)
    assert fitted.stderr[0] == 0.0
    assert all(se > 0 for se in fitted.stderr[1:])


def test_the_virtual_draws_barely_move_ratings_over_many_games() -> None:
    fitted = fit(4, exact_results(TRUE, 10_000), anchor=0)
    assert fitted.ratings == pytest.approx(TRUE, abs=0.5)
    # ...and pull them in over few games
    few = fit(4, exact_results(TRUE, 10), anchor=0)
    assert abs(few.ratings[2]) < abs(TRUE[2])


def test_sampled_results_recover_the_strengths_within_their_intervals() -> None:
    fitted = fit(4, sampled_results(TRUE, 2000, seed=1), anchor=0)
    for player, true in enumerate(TRUE):
        low, high = fitted.fisher_interval(player)
        assert low <= true <= high, (player, fitted.ratings[player], low, high)
        assert abs(fitted.ratings[player] - true) < 30


def test_the_anchor_is_zero_and_only_shifts_the_ratings() -> None:
    results = sampled_results(TRUE, 300, seed=2)
    by_0 = fit(4, results, anchor=0)
    by_3 = fit(4, results, anchor=3)
    assert by_0.ratings[0] == 0.0 and by_3.ratings[3] == 0.0
    shift = by_0.ratings[3]
    assert [r + shift for r in by_3.ratings] == pytest.approx(by_0.ratings, abs=1e-6)


def test_one_pair_by_hand() -> None:
    """75 points in 100 games: 400·log10(3) = 190.85 Elo; the Fisher standard error is
    1 / sqrt(n·p·(1-p)) natural units."""
    fitted = fit(2, [PairResults(0, 1, (75.0,), 100)], anchor=1, prior_draws=0)
    assert fitted.ratings[0] == pytest.approx(400 * math.log10(3))
    assert fitted.stderr[0] == pytest.approx(ELO / math.sqrt(100 * 0.75 * 0.25))
    assert fitted.stderr[0] == pytest.approx(40.12, abs=0.01)
    low, high = fitted.fisher_interval(0)
    assert (low, high) == pytest.approx((190.85 - 78.63, 190.85 + 78.63), abs=0.01)


def test_expected_score() -> None:
    assert expected_score(0) == 0.5
    assert expected_score(400) == pytest.approx(10 / 11)
    assert expected_score(-200) + expected_score(200) == pytest.approx(1.0)


# -- intervals --------------------------------------------------------------------------------


def test_the_fisher_interval_shrinks_with_more_games() -> None:
    small = fit(4, exact_results(TRUE, 100), prior_draws=0)
    large = fit(4, exact_results(TRUE, 400), prior_draws=0)
    for player in range(1, 4):
        assert large.stderr[player] == pytest.approx(small.stderr[player] / 2)


def test_the_bootstrap_interval_shrinks_with_more_deals() -> None:
    def width(deals: int) -> float:
        intervals = bootstrap(4, sampled_results(TRUE, deals, seed=3), resamples=200, seed=1)
        return sum(high - low for low, high in intervals[1:])

    assert width(400) < 0.7 * width(50)


def test_the_bootstrap_covers_the_estimate_and_is_seeded() -> None:
    results = sampled_results(TRUE, 100, seed=4, draw_rate=0.2)
    fitted = fit(4, results)
    intervals = bootstrap(4, results, resamples=300, seed=7)
    assert intervals[0] == (0.0, 0.0)  # the anchor
    for player in range(1, 4):
        low, high = intervals[player]
        assert low < fitted.ratings[player] < high
        # about the Fisher interval's width (the games here are independent)
        fisher_low, fisher_high = fitted.fisher_interval(player)
        assert 0.6 < (high - low) / (fisher_high - fisher_low) < 1.5
    assert bootstrap(4, results, resamples=300, seed=7) == intervals
    assert bootstrap(4, results, resamples=300, seed=8) != intervals


def test_the_bootstrap_resamples_deals_together() -> None:
    with pytest.raises(ValueError, match="same number of deals"):
        bootstrap(3, [PairResults(0, 1, (1.0, 1.0)), PairResults(1, 2, (1.0,))])
    with pytest.raises(ValueError, match="resamples"):
        bootstrap(2, [PairResults(0, 1, (1.0,))], resamples=0)


# -- symmetry ---------------------------------------------------------------------------------


def test_even_results_give_equal_ratings() -> None:
    results = [PairResults(a, b, (1.0,) * 40) for a in range(3) for b in range(a + 1, 3)]
    fitted = fit(3, results)
    assert fitted.ratings == pytest.approx((0.0, 0.0, 0.0), abs=1e-9)
    assert fitted.stderr[1] == pytest.approx(fitted.stderr[2])


def test_a_cycle_gives_equal_ratings() -> None:
    """0 beats 1, 1 beats 2 and 2 beats 0, each 70%: no one is stronger."""
    results = [
        PairResults(0, 1, (140.0,), 200),
        PairResults(1, 2, (140.0,), 200),
        PairResults(2, 0, (140.0,), 200),
    ]
    assert fit(3, results).ratings == pytest.approx((0.0, 0.0, 0.0), abs=1e-9)


def test_draws_count_half() -> None:
    """Two draws in a deal are worth a win and a loss: the same ratings."""
    drawn = fit(3, [PairResults(0, 1, (1.0,) * 10), PairResults(1, 2, (2.0, 0.0) * 5)])
    split = fit(3, [PairResults(0, 1, (2.0, 0.0) * 5), PairResults(1, 2, (1.0,) * 10)])
    assert drawn.ratings == pytest.approx((0.0, 0.0, 0.0), abs=1e-9)
    assert split.ratings == pytest.approx((0.0, 0.0, 0.0), abs=1e-9)


def test_swapping_the_sides_of_a_pairing_changes_nothing() -> None:
    forward = fit(2, [PairResults(0, 1, (1.5, 2.0, 0.5, 1.0))])
    backward = fit(2, [PairResults(1, 0, (0.5, 0.0, 1.5, 1.0))])
    assert forward.ratings == pytest.approx(backward.ratings)
    assert forward.stderr == pytest.approx(backward.stderr)


# -- degenerate input -------------------------------------------------------------------------


def test_a_perfect_record_is_finite_with_the_virtual_draws() -> None:
    """20 wins in 20 games and one virtual draw: (20 + 1/2) / (20 + 1), i.e. 400·log10(41)."""
    fitted = fit(2, [PairResults(0, 1, (2.0,) * 10)], anchor=1)
    assert fitted.ratings[0] == pytest.approx(400 * math.log10(41))
    assert math.isfinite(fitted.stderr[0])


def test_a_bot_winning_every_game_in_a_round_robin() -> None:
    results = [
        PairResults(0, 1, (2.0,) * 30),  # 0 wins every game
        PairResults(0, 2, (2.0,) * 30),
        PairResults(1, 2, (1.5, 1.0, 0.5) * 10),
    ]
    fitted = fit(3, results, anchor=2)
    assert all(math.isfinite(r) for r in fitted.ratings)
    assert fitted.ratings[0] > fitted.ratings[1] + 400
    intervals = bootstrap(3, results, anchor=2, resamples=100, seed=1)
    assert all(math.isfinite(x) for pair in intervals for x in pair)


def test_a_perfect_record_without_virtual_draws_is_refused() -> None:
    with pytest.raises(ValueError, match="no finite maximum-likelihood ratings"):
        fit(2, [PairResults(0, 1, (2.0,) * 10)], prior_draws=0)
    with pytest.raises(ValueError, match="no finite maximum-likelihood ratings"):
        fit(3, [PairResults(0, 1, (2.0,) * 10), PairResults(1, 2, (1.0,) * 10)], prior_draws=0)


def test_no_games_at_all_is_even() -> None:
    assert fit(2, [PairResults(0, 1, ())]).ratings == (0.0, 0.0)
    assert fit(1, []).ratings == (0.0,)


@pytest.mark.parametrize(
    ("players", "results", "anchor", "prior", "text"),
    [
        (3, [PairResults(0, 1, (1.0,))], 0, 1.0, "do not connect every player"),
        (2, [PairResults(0, 0, (1.0,))], 0, 1.0, "a pairing of players 0 and 0"),
        (2, [PairResults(0, 2, (1.0,))], 0, 1.0, "a pairing of players 0 and 2"),
        (2, [PairResults(0, 1, (3.0,))], 0, 1.0, "points outside"),
        (2, [PairResults(0, 1, (-1.0,))], 0, 1.0, "points outside"),
        (2, [PairResults(0, 1, (1.0,))], 2, 1.0, "the anchor 2 is not a player"),
        (2, [PairResults(0, 1, (1.0,))], 0, -1.0, "prior_draws"),
        (2, [PairResults(0, 1, (1.0,))], 0, math.nan, "prior_draws"),
        (0, [], 0, 1.0, "at least one player"),
    ],
)
def test_bad_input(
    players: int, results: list[PairResults], anchor: int, prior: float, text: str
) -> None:
    with pytest.raises(ValueError, match=text):
        fit(players, results, anchor, prior)
