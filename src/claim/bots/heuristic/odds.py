"""The chance arithmetic of the plans: the normal distribution, binomial tails, and the small
tables of tricks won while trying to lose them all (Lava Fields, Forest, Monastery) and of who
wins a phase's last trick (Dungeon)."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

_SQRT_HALF = math.sqrt(0.5)


def phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 + 0.5 * math.erf(x * _SQRT_HALF)


def binom_cdf(n: int, p: float, k: float) -> float:
    """P(Binomial(n, p) <= k)."""
    if k < 0:
        return 0.0
    total, term = 0.0, (1 - p) ** n
    for j in range(min(n, int(k)) + 1):
        total += term
        term *= (n - j) / (j + 1) * p / (1 - p) if p < 1 else 0.0
    return min(1.0, total)


@lru_cache(maxsize=16384)
def lava_odds(
    ours: int, theirs: int, lead_me: bool, left: int, odds: tuple[float, float]
) -> tuple[float, float]:
    """Lava Fields (L10): the chances (ours, theirs) that a player loses five Phase Two tricks
    in a row and wins, with runs of ``ours`` and ``theirs`` losses now and ``left`` tricks to
    play, while we try to lose every trick; ``odds``: the chances we lose a trick we lead, one
    we follow."""
    if left <= 0:
        return 0.0, 0.0
    p = odds[0] if lead_me else odds[1]
    lose = (1.0, 0.0) if ours + 1 >= 5 else lava_odds(ours + 1, 0, False, left - 1, odds)
    win = (0.0, 1.0) if theirs + 1 >= 5 else lava_odds(0, theirs + 1, True, left - 1, odds)
    return p * lose[0] + (1 - p) * win[0], p * lose[1] + (1 - p) * win[1]


@lru_cache(maxsize=4096)
def wins_distribution(left: int, lead_me: bool, odds: tuple[float, float]) -> tuple[float, ...]:
    """The chance of each number of tricks we win among the ``left`` last ones while we try
    to lose them all (the winner leads the next one); ``odds``: the chances we lose a trick we
    lead, one we follow."""
    if left <= 0:
        return (1.0,)
    p = odds[0] if lead_me else odds[1]
    lose = wins_distribution(left - 1, False, odds)
    win = wins_distribution(left - 1, True, odds)
    dist = [0.0] * (left + 1)
    for w, q in enumerate(lose):
        dist[w] += p * q
    for w, q in enumerate(win):
        dist[w + 1] += (1 - p) * q
    return tuple(dist)


def chance_losing_all(
    left: int,
    lead_me: bool,
    ours: float,
    theirs: float,
    test: Callable[[float, float], bool],
    odds: tuple[float, float],
) -> float:
    """The chance that ``test(our pile, their pile)`` holds at the end when we try to lose every
    trick left, each trick bringing two cards to its winner."""
    return sum(
        q
        for w, q in enumerate(wins_distribution(left, lead_me, odds))
        if test(ours + 2 * w, theirs + 2 * (left - w))
    )


@lru_cache(maxsize=64)
def last_trick_odds(left: int, lead_me: bool) -> float:
    """The chance of winning the last trick of a phase with ``left`` tricks to play, the next
    one led by us or not: the leader of the last trick wins it most often (Dungeon, L11)."""
    if left <= 1:
        return 0.83 if lead_me else 0.16
    win = 0.75 if lead_me else 0.25
    return win * last_trick_odds(left - 1, True) + (1 - win) * last_trick_odds(left - 1, False)


def majority_chance(probs: list[float]) -> float:
    """The chance of winning more of the independent votes ``probs`` (each one's chance of
    going to us) than the opponent, an equal split counting half."""
    dist = [1.0]
    for p in probs:
        q = 1.0 - p
        new = [dist[0] * q]
        for k in range(1, len(dist)):
            new.append(dist[k] * q + dist[k - 1] * p)
        new.append(dist[-1] * p)
        dist = new
    total = len(probs)
    half = total // 2
    win = sum(dist[half + 1 :])
    return win + 0.5 * dist[half] if total % 2 == 0 else win
