"""Ratings from pairwise results: the Bradley–Terry model, fitted by maximum likelihood, on the
Elo scale, with 95% intervals from the Fisher information and from a bootstrap over deals.

**The model.** Player ``i`` has a strength ``r_i``; in a game against ``j`` it is expected to
score ``p_ij = 1 / (1 + 10^(-(r_i - r_j) / 400))`` (the Elo scale: 400 points of difference are
odds of 10 to 1, 200 points about 76%). A draw counts as half a win for each side, so a pairing
is summed up by ``i``'s points ``s_ij`` (wins + draws / 2) out of ``n_ij`` games, and the log-
likelihood ``Σ s_ij·log p_ij + (n_ij − s_ij)·log(1 − p_ij)`` is maximised over the ratings by
Newton's method (it is concave). Only differences are determined, so one player, the *anchor*,
is fixed at rating 0 and every other rating (and interval) is relative to it.

**Virtual draws: always a finite answer.** A player that wins (or loses) every game it plays has
no finite maximum: its rating would run to infinity. Each pairing therefore gets ``prior_draws``
virtual games, each a draw (by default 1: half a point to each side), the "virtual draws" of
BayesElo. With a connected set of pairings every player then has a finite rating; a perfect
record over ``n`` games reads as ``(n + 1/2) / (n + 1)``: 20 wins in 20 games about +645 Elo, 100
in 100 about +920. Over hundreds of games a virtual draw moves a rating by a few points at most; it
shrinks every rating a little towards its opponents'. With ``prior_draws=0`` a perfect record
raises ValueError instead.

**Intervals.** :func:`fit` gives each rating its standard error from the Fisher information (the
inverse of minus the Hessian of the log-likelihood at the maximum, the anchor's row and column
removed; the virtual draws included): ``rating ± 1.96·se``. That treats every game as independent.
Games on duplicate deals are not (the two games of a deal share the cards, and in a round robin
every pairing plays the same deals), so :func:`bootstrap` resamples *deals*: deal ``k`` of every
pairing is drawn together, with replacement, the ratings refitted, and the 2.5% and 97.5%
percentiles of each rating over the resamples are its interval. It is seeded, so the same results
and seed give the same intervals. Both are relative to the anchor (its interval is [0, 0]).

Pure Python and small on purpose: a ladder rates a handful of bots.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

#: Elo points per natural-log unit of the odds: 400 / ln 10
ELO = 400 / math.log(10)

#: the two-sided 95% quantile of the standard normal distribution
Z95 = 1.959963984540054

_MAX_ITERATIONS = 200
_NO_MAXIMUM = (
    "no finite maximum-likelihood ratings: a player won or lost every game (use prior_draws > 0)"
)
#: past this many natural-log units (about 26,000 Elo) a rating is taken to run to infinity
_DIVERGED = 60.0


@dataclass(frozen=True, slots=True)
class PairResults:
    """Player ``a``'s results against player ``b`` (indices into the players), deal by deal:
    ``points[k]`` is a's points (wins + draws / 2) out of ``games_per_deal`` games of deal ``k``.
    Totals alone are one deal of all the games: ``PairResults(0, 1, (70.0,), 100)``."""

    a: int
    b: int
    points: tuple[float, ...]
    games_per_deal: int = 2

    @property
    def games(self) -> int:
        return len(self.points) * self.games_per_deal

    @property
    def score(self) -> float:
        """a's points over every deal."""
        return sum(self.points)


@dataclass(frozen=True, slots=True)
class Fit:
    """Maximum-likelihood ratings on the Elo scale (the anchor's 0) and their Fisher standard
    errors (0 for the anchor), in the players' order."""

    ratings: tuple[float, ...]
    stderr: tuple[float, ...]
    iterations: int

    def fisher_interval(self, player: int, z: float = Z95) -> tuple[float, float]:
        """``rating ± z·se``: the 95% interval from the Fisher information."""
        half = z * self.stderr[player]
        return (self.ratings[player] - half, self.ratings[player] + half)


def expected_score(difference: float) -> float:
    """The expected score of a player rated ``difference`` Elo points above its opponent.

    >>> expected_score(0.0), round(expected_score(400.0), 4)
    (0.5, 0.9091)
    """
    return 1.0 / (1.0 + math.pow(10.0, -difference / 400.0))


def fit(
    players: int,
    results: Sequence[PairResults],
    anchor: int = 0,
    prior_draws: float = 1.0,
) -> Fit:
    """The Bradley–Terry maximum-likelihood ratings of ``players`` players from ``results``
    (draws half a win; ``prior_draws`` virtual draws added to each pairing), ``anchor`` at 0.

    Raises ValueError for bad input: a player index out of range, a player against itself, a
    negative prior, points outside [0, games], pairings that leave some players unconnected to
    the others, or (only with ``prior_draws=0``) results with no finite maximum.

    >>> f = fit(2, [PairResults(0, 1, (75.0,), 100)], prior_draws=0)
    >>> [round(r, 1) for r in f.ratings]
    [0.0, -190.8]
    """
    totals = _totals(players, results, anchor, prior_draws)
    return _fit_totals(players, totals, anchor)


def bootstrap(
    players: int,
    results: Sequence[PairResults],
    anchor: int = 0,
    prior_draws: float = 1.0,
    resamples: int = 1000,
    seed: int | str = 0,
) -> list[tuple[float, float]]:
    """The 95% percentile interval of each player's rating over ``resamples`` resamples of the
    deals: every pairing must have the same number of deals, and deal ``k`` of every pairing is
    drawn together (in a ladder they are the same cards). Seeded by ``seed``: the same results
    and seed give the same intervals. The anchor's interval is (0, 0).

    A resample in which a player wins every game still fits (the virtual draws); with
    ``prior_draws=0`` it may raise ValueError.
    """
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, not {resamples}")
    deals = {len(r.points) for r in results}
    if len(deals) > 1:
        raise ValueError("every pairing must have the same number of deals to resample them")
    _totals(players, results, anchor, prior_draws)  # checks the input once
    n = deals.pop() if deals else 0
    rng = random.Random(f"claim-ratings-bootstrap:{seed}")
    draws: list[list[float]] = [[] for _ in range(players)]
    for _ in range(resamples):
        picks = [rng.randrange(n) for _ in range(n)]
        resampled = [
            PairResults(r.a, r.b, tuple(r.points[k] for k in picks), r.games_per_deal)
            for r in results
        ]
        ratings = fit(players, resampled, anchor, prior_draws).ratings
        for player, rating in enumerate(ratings):
            draws[player].append(rating)
    return [(_quantile(d, 0.025), _quantile(d, 0.975)) for d in draws]


# -------------------------------------------------------------------------------------------------
# the fit
# -------------------------------------------------------------------------------------------------


def _totals(
    players: int, results: Sequence[PairResults], anchor: int, prior_draws: float
) -> list[tuple[int, int, float, float]]:
    """Each pairing as (a, b, a's points, games), virtual draws included; the input checked."""
    if players < 1:
        raise ValueError(f"at least one player is needed, not {players}")
    if not 0 <= anchor < players:
        raise ValueError(f"the anchor {anchor} is not a player (0 to {players - 1})")
    if not (prior_draws >= 0 and math.isfinite(prior_draws)):
        raise ValueError(f"prior_draws must be a finite number at least 0, not {prior_draws}")
    totals: list[tuple[int, int, float, float]] = []
    parent = list(range(players))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for r in results:
        if not (0 <= r.a < players and 0 <= r.b < players) or r.a == r.b:
            raise ValueError(f"a pairing of players {r.a} and {r.b} among {players}")
        if r.games_per_deal < 1:
            raise ValueError(f"games_per_deal must be at least 1, not {r.games_per_deal}")
        if any(not 0 <= p <= r.games_per_deal for p in r.points):
            raise ValueError(f"points outside [0, {r.games_per_deal}] per deal")
        games = r.games + prior_draws
        if games > 0:
            totals.append((r.a, r.b, r.score + prior_draws / 2, games))
            parent[root(r.a)] = root(r.b)
    if len({root(i) for i in range(players)}) > 1:
        raise ValueError("the pairings do not connect every player: no common scale")
    return totals


def _fit_totals(players: int, totals: Sequence[tuple[int, int, float, float]], anchor: int) -> Fit:
    free = [i for i in range(players) if i != anchor]
    slot = {player: k for k, player in enumerate(free)}
    x = [0.0] * players  # natural-log units
    iterations = 0
    while True:
        iterations += 1
        if iterations > _MAX_ITERATIONS:  # pragma: no cover - Newton converges in a few steps
            raise ValueError("the ratings did not converge")
        gradient, information = _derivatives(players, totals, x)
        g = [gradient[i] for i in free]
        h = [[information[i][j] for j in free] for i in free]
        try:
            step = _solve(h, g)
        except ZeroDivisionError:
            raise ValueError(_NO_MAXIMUM) from None
        # Newton on a concave function; halve the step while it does not improve the likelihood
        current = _log_likelihood(totals, x)
        scale = 1.0
        while True:
            trial = list(x)
            for player, k in slot.items():
                trial[player] += scale * step[k]
            if _log_likelihood(totals, trial) >= current - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        x = trial
        if max((abs(s) for s in step), default=0.0) < 1e-10:
            break
        if max(abs(v) for v in x) > _DIVERGED:
            raise ValueError(_NO_MAXIMUM)
    _, information = _derivatives(players, totals, x)
    covariance = _inverse([[information[i][j] for j in free] for i in free])
    stderr = [0.0] * players
    for player, k in slot.items():
        stderr[player] = math.sqrt(max(covariance[k][k], 0.0)) * ELO
    return Fit(tuple(v * ELO for v in x), tuple(stderr), iterations)


def _log_likelihood(totals: Sequence[tuple[int, int, float, float]], x: Sequence[float]) -> float:
    total = 0.0
    for a, b, points, games in totals:
        d = x[a] - x[b]
        # log σ(d) = −log(1 + e^−d), computed without overflow
        total -= points * _softplus(-d) + (games - points) * _softplus(d)
    return total


def _softplus(v: float) -> float:
    return v + math.log1p(math.exp(-v)) if v > 0 else math.log1p(math.exp(v))


def _derivatives(
    players: int, totals: Sequence[tuple[int, int, float, float]], x: Sequence[float]
) -> tuple[list[float], list[list[float]]]:
    """The gradient of the log-likelihood and the information (minus its Hessian)."""
    gradient = [0.0] * players
    information = [[0.0] * players for _ in range(players)]
    for a, b, points, games in totals:
        p = 1.0 / (1.0 + math.exp(-(x[a] - x[b])))
        g = points - games * p
        gradient[a] += g
        gradient[b] -= g
        w = games * p * (1.0 - p)
        information[a][a] += w
        information[b][b] += w
        information[a][b] -= w
        information[b][a] -= w
    return gradient, information


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` by Gaussian elimination with partial pivoting."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-300:
            raise ZeroDivisionError("the matrix is singular")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            if factor:
                for c in range(col, n + 1):
                    rows[r][c] -= factor * rows[col][c]
    solution = [0.0] * n
    for r in reversed(range(n)):
        tail = sum(rows[r][c] * solution[c] for c in range(r + 1, n))
        solution[r] = (rows[r][n] - tail) / rows[r][r]
    return solution


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    columns = [_solve(matrix, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def _quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile, interpolated between order statistics (as numpy's default)."""
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)
