"""From a study's games to its findings: each component's effect with a corrected interval,
and what else its games show (length, how they were decided, votes, use).

**The effect.** For each deal ``i`` of a component, ``x_i`` is the subject's mean score over the
deal's treatment games (1 a win, 1/2 a draw, 0 a loss; the subject is the holder of the hero or
artifact, else the first leader) and ``y_i`` its mean score over the matched baseline games (the
twins of those same games; 1/2 where the unit swaps the subject between the seats, by symmetry:
the two seats' scores on one deal sum to 1). The effect is the mean of ``d_i = x_i - y_i`` over
the deals, in points of win rate: +0.05 means the component makes its subject win 5 points more
often than the matched baseline. Deals whose treatment games had no subject (a hero nobody
played) count no ``d_i``.

**The interval.** The deal is the unit (its games share the cards), so the interval is the
normal interval of the mean of the ``d_i`` (as ``claim arena``'s paired interval), at the
Bonferroni-corrected level: with ``m`` components compared in the study, each interval is a
``1 - 0.05/m`` interval (``z`` the ``1 - 0.025/m`` normal quantile), so that all ``m``
intervals hold together with 95% probability. A component is *flagged* when its interval
excludes 0 and it has at least :data:`MIN_DEALS_TO_FLAG` deals (the normal interval of fewer
is too rough): its effect is clearly non-zero even after looking at ``m`` of them. Bonferroni is
conservative (wider than needed when the effects are correlated); a flag is a strong signal,
and no flag is not proof of balance — read the interval's width.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist, fmean, stdev
from typing import Any

from claim.lab.design import Study, swaps_the_subject
from claim.lab.play import LabGame

#: the family-wise confidence of the intervals
CONFIDENCE = 0.95
#: the fewest deals a flag needs: below, the normal interval of a handful of differences is
#: too rough to call an effect (with every deal alike it even has zero width)
MIN_DEALS_TO_FLAG = 30


def corrected_z(comparisons: int, confidence: float = CONFIDENCE) -> float:
    """The normal quantile of a two-sided Bonferroni interval for ``comparisons`` comparisons.

    >>> round(corrected_z(1), 3), round(corrected_z(24), 3)
    (1.96, 3.078)
    """
    alpha = (1 - confidence) / max(1, comparisons)
    return NormalDist().inv_cdf(1 - alpha / 2)


def subject_name(kind: str) -> str:
    """Whose chance of winning the effect is about."""
    return {"heroes": "holder", "artifacts": "holder"}.get(kind, "first leader")


@dataclass(slots=True)
class Effect:
    """One component's findings (a row of ``effects.csv``)."""

    kind: str
    component: str
    subject: str
    #: deals with a difference d_i, and the games played (both variants)
    deals: int
    games: int
    #: the subject's mean score in the treatment games and in their baseline twins
    treatment_rate: float
    baseline_rate: float
    effect: float
    #: the corrected interval (None with fewer than two deals)
    low: float | None
    high: float | None
    #: the two-sided p-value of effect 0 (normal), times the comparisons (at most 1)
    p_adjusted: float | None
    flagged: bool
    #: game length in tricks, treatment and baseline games (None: the unit has no baseline)
    tricks: float
    baseline_tricks: float | None
    draws: float
    baseline_draws: float | None
    #: votes the subject won, on average over the treatment games and the baseline twins
    votes: float
    baseline_votes: float | None
    #: how the treatment games were decided: reason -> share
    reasons: dict[str, float] = field(default_factory=dict)
    #: artifacts: how often the holder used it; locations: how often it decided the game;
    #: factions: how often its vote went to the game's winner (games decided by the votes);
    #: heroes: the treatment games nobody (or both) played the hero in
    used: float | None = None
    decided: float | None = None
    vote_to_winner: float | None = None
    no_subject: int | None = None

    def to_row(self) -> dict[str, Any]:
        """The CSV row: numbers rounded to 6 places, reasons as ``reason share;...``."""
        row: dict[str, Any] = {}
        for name in self.__slots__:
            value = getattr(self, name)
            if isinstance(value, float):
                value = round(value, 6)
            elif isinstance(value, dict):
                value = ";".join(f"{k} {v:.6f}" for k, v in value.items())
            row[name] = value
        return row


def _subject_votes(game: LabGame) -> int:
    assert game.subject is not None
    return game.votes_won[game.subject]


def effect_of(kind: str, component: str, games: Sequence[LabGame], comparisons: int) -> Effect:
    """The findings of one component from its games (every game of its units)."""
    treatment = [g for g in games if g.variant == "treatment"]
    baseline = [g for g in games if g.variant == "baseline"]
    with_subject = [g for g in treatment if g.subject is not None]
    #: each baseline game by its deal and twin: the match of the treatment game of that twin
    twin_of = {(b.deal, b.twin): b for b in baseline}
    treated_by_deal: dict[int, list[LabGame]] = defaultdict(list)
    for game in with_subject:
        treated_by_deal[game.deal].append(game)
    swapped = swaps_the_subject(kind)
    diffs: list[float] = []
    treated_scores: list[float] = []
    base_scores: list[float] = []
    for deal in sorted(treated_by_deal):
        treated = treated_by_deal[deal]
        x = fmean(g.subject_score for g in treated)
        y = 0.5 if swapped else fmean(twin_of[deal, g.twin].subject_score for g in treated)
        diffs.append(x - y)
        treated_scores.append(x)
        base_scores.append(y)
    z = corrected_z(comparisons)
    effect = fmean(diffs) if diffs else 0.0
    low = high = p = None
    if len(diffs) >= 2:
        error = stdev(diffs) / math.sqrt(len(diffs))
        low, high = effect - z * error, effect + z * error
        if error > 0:
            tail = 2 * (1 - NormalDist().cdf(abs(effect) / error))
            p = min(1.0, tail * comparisons)
        else:  # every deal the same difference: no spread to measure
            p = 1.0 if effect == 0 else 0.0
    twins_of = [twin_of[t.deal, t.twin] for t in with_subject if (t.deal, t.twin) in twin_of]
    reasons: dict[str, int] = defaultdict(int)
    for game in treatment:
        reasons[game.reason] += 1
    found = Effect(
        kind=kind,
        component=component,
        subject=subject_name(kind),
        deals=len(diffs),
        games=len(games),
        treatment_rate=fmean(treated_scores) if treated_scores else 0.0,
        baseline_rate=fmean(base_scores) if base_scores else 0.0,
        effect=effect,
        low=low,
        high=high,
        p_adjusted=p,
        flagged=(
            len(diffs) >= MIN_DEALS_TO_FLAG
            and low is not None
            and high is not None
            and (low > 0 or high < 0)
        ),
        tricks=_mean(g.tricks for g in treatment),
        baseline_tricks=None if swapped else _mean(g.tricks for g in baseline),
        draws=_mean(float(g.winner is None) for g in treatment),
        baseline_draws=None if swapped else _mean(float(g.winner is None) for g in baseline),
        votes=_mean(_subject_votes(g) for g in with_subject),
        baseline_votes=None if swapped else _mean(_subject_votes(g) for g in twins_of),
        reasons={
            reason: count / len(treatment)
            for reason, count in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))
        },
    )
    if kind == "artifacts":
        found.used = _mean(float(bool(g.used)) for g in treatment)
    elif kind == "locations":
        found.decided = _mean(float(bool(g.decided)) for g in treatment)
    elif kind == "factions":
        found.vote_to_winner = _vote_to_winner(component, treatment)
    elif kind == "heroes":
        found.no_subject = len(treatment) - len(with_subject)
    return found


def _mean(values: Iterable[float]) -> float:
    listed = list(values)
    return fmean(listed) if listed else 0.0


def _vote_to_winner(component: str, games: Sequence[LabGame]) -> float | None:
    """How often the faction's vote (both factions' of a pair) went to the game's winner, over
    the games decided by the votes."""
    names = component.split("+")
    hits = total = 0
    for game in games:
        if game.reason != "votes" or game.winner is None:
            continue
        votes = dict(game.votes)
        for name in names:
            total += 1
            hits += int(votes.get(name) == game.winner)
    return hits / total if total else None


@dataclass(slots=True)
class Interaction:
    """A pair of components together (a cell of a heat map, a row of ``interactions.csv``):
    the subject's mean score over the games where both were in the same deck (factions; the
    subject is the first leader) or the same hand (artifacts; the subject is that hand's
    holder)."""

    kind: str
    first: str
    second: str
    games: int
    score: float

    def to_row(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "first": self.first,
            "second": self.second,
            "games": self.games,
            "score": round(self.score, 6),
        }


def interactions(kind: str, games: Sequence[LabGame]) -> list[Interaction]:
    """The pairs of ``kind`` (factions or artifacts; nothing for the other kinds), over every
    game of the study of that kind, each pair once (``first`` before ``second``, sorted)."""
    sums: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0.0])
    for game in games:
        if kind == "factions":
            groups = [(game.factions.split(","), game.first_leader)]
        elif kind == "artifacts":
            groups = [(list(hand), seat) for seat, hand in enumerate(game.hands)]
        else:
            return []
        for names, seat in groups:
            score = 0.5 if game.winner is None else float(game.winner == seat)
            ordered = sorted(names)
            for i, a in enumerate(ordered):
                for b in ordered[i + 1 :]:
                    cell = sums[a, b]
                    cell[0] += 1
                    cell[1] += score
    return [
        Interaction(kind, a, b, int(count), total / count)
        for (a, b), (count, total) in sorted(sums.items())
    ]


@dataclass(slots=True)
class Findings:
    """Everything a study's report shows, from its games."""

    study: Study
    effects: list[Effect]
    interactions: list[Interaction]
    games: list[LabGame]


def analyse(study: Study, games: Iterable[LabGame]) -> Findings:
    """The findings of ``study`` from its games (any order; games of units beyond the study's
    deals are left out)."""
    wanted = {(p.kind, c) for p in study.parts for c in p.components}
    grouped: dict[tuple[str, str], list[LabGame]] = defaultdict(list)
    for game in games:
        if (game.kind, game.component) in wanted and game.deal < study.deals(game.kind):
            grouped[game.kind, game.component].append(game)
    ordered: list[LabGame] = []
    effects = []
    pairs: list[Interaction] = []
    for part in study.parts:
        kind_games: list[LabGame] = []
        for component in part.components:
            played = sorted(grouped[part.kind, component], key=lambda g: (g.deal, g.game))
            kind_games.extend(played)
            effects.append(effect_of(part.kind, component, played, study.components))
        pairs.extend(interactions(part.kind, kind_games))
        ordered.extend(kind_games)
    return Findings(study, effects, pairs, ordered)
