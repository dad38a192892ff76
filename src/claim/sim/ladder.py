"""The ladder (``claim ladder``): a round robin of bots on duplicate deals, turned into ratings.

**The games.** Every pair of the bots (in the order given: the first against each later one, and
so on) plays an arena match (:mod:`claim.sim.arena`) of ``deals`` duplicate deals with the
ladder's seed and setup options, so the pairing ``A``–``B`` is exactly ``claim arena --bots A,B
--deals N --seed S`` with the same setup options — and every pairing plays the very same deals:
deal ``i`` is dealt from seed ``S + i`` for all of them. All the pairings' games share the worker
processes (:func:`claim.sim.arena.play_matches`); the results do not depend on their number.

**The ratings.** :mod:`claim.sim.ratings`: Bradley–Terry maximum likelihood on the Elo scale, a
draw half a win, one virtual draw per pairing (a bot that wins every game still gets a finite
rating), the *anchor* bot at 0 (``random`` when it plays, else the first bot). The 95% interval
of each rating is the percentile interval of a bootstrap over deals (deal ``i`` of every pairing
resampled together, 1000 resamples by default, seeded by the ladder's seed); the Fisher
information's ``± 1.96·se``, which treats games as independent, is given beside it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from claim.core.errors import ConfigError
from claim.core.options import SetupOptions
from claim.sim import ratings
from claim.sim.arena import (
    ArenaStats,
    GameOutcome,
    Match,
    check_size,
    normalize_spec,
    play_matches,
)
from claim.sim.executors import Executor

#: every bot and strength, weakest first as expected (``search`` alone is ``search:medium``)
DEFAULT_BOTS = ("random", "heuristic", "search:easy", "search:medium", "search:hard")

#: virtual draws added to every pairing before fitting (see :mod:`claim.sim.ratings`)
PRIOR_DRAWS = 1.0

#: bootstrap resamples by default
RESAMPLES = 1000

#: the most bots one ladder takes (its pairings grow as the square)
MAX_BOTS = 20

#: called once per finished game with its pairing (a pair of bot specs) and outcome
LadderHook = Callable[[tuple[str, str], GameOutcome], None]


def parse_ladder_bots(text: str) -> tuple[str, ...]:
    """``"A,B,C"`` → the normalized bot specs, at least two, none twice; ConfigError otherwise.

    >>> parse_ladder_bots("Random, heuristic")
    ('random', 'heuristic')
    """
    specs = tuple(normalize_spec(part) for part in text.split(","))
    if len(specs) < 2:
        raise ConfigError(f"a ladder needs at least two bots separated by commas, not {text!r}")
    if len(specs) > MAX_BOTS:
        raise ConfigError(f"a ladder takes at most {MAX_BOTS} bots, not {len(specs)}")
    seen: set[str] = set()
    for spec in specs:
        if spec in seen:
            raise ConfigError(f"bot {spec!r} is named twice")
        seen.add(spec)
    return specs


def round_robin(bots: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair of ``bots`` once, the earlier one as A.

    >>> round_robin(["a", "b", "c"])
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    """
    return [(a, b) for i, a in enumerate(bots) for b in bots[i + 1 :]]


def default_anchor(bots: Sequence[str]) -> str:
    """The bot rated 0: ``random`` when it plays, else the first bot."""
    return "random" if "random" in bots else bots[0]


@dataclass(frozen=True, slots=True)
class Rating:
    """One bot's place in the ladder: its rating (Elo scale, the anchor at 0) and 95% intervals
    (bootstrap over deals; Fisher information), its games and mean score over all of them."""

    bot: str
    rating: float
    interval: tuple[float, float]
    fisher_interval: tuple[float, float]
    games: int
    score: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "rating": round(self.rating, 1),
            "interval": [round(x, 1) for x in self.interval],
            "fisher_interval": [round(x, 1) for x in self.fisher_interval],
            "games": self.games,
            "score": round(self.score, 4),
        }


@dataclass(slots=True)
class Ladder:
    """A played round robin: one :class:`ArenaStats` per pairing, in :func:`round_robin` order."""

    bots: tuple[str, ...]
    seed: int
    deals: int
    options: SetupOptions = field(default_factory=SetupOptions)
    pairings: list[ArenaStats] = field(default_factory=list)

    @property
    def games(self) -> int:
        return sum(p.games for p in self.pairings)

    def results(self) -> list[ratings.PairResults]:
        """Each pairing's per-deal points of A (0 to 2), for :mod:`claim.sim.ratings`."""
        index = {bot: i for i, bot in enumerate(self.bots)}
        return [
            ratings.PairResults(
                index[p.bots[0]], index[p.bots[1]], tuple(2 * d for d in p.deal_scores), 2
            )
            for p in self.pairings
        ]

    def rate(
        self,
        anchor: str | None = None,
        resamples: int = RESAMPLES,
        prior_draws: float = PRIOR_DRAWS,
    ) -> list[Rating]:
        """The bots' ratings, strongest first (ties in the bots' order). ``anchor`` (default
        :func:`default_anchor`) is rated 0; the bootstrap is seeded by the ladder's seed."""
        anchor = default_anchor(self.bots) if anchor is None else anchor
        if anchor not in self.bots:
            raise ConfigError(f"--anchor: {anchor!r} is not one of the bots")
        which = self.bots.index(anchor)
        results = self.results()
        fitted = ratings.fit(len(self.bots), results, which, prior_draws)
        intervals = ratings.bootstrap(
            len(self.bots), results, which, prior_draws, resamples, self.seed
        )
        games = [0] * len(self.bots)
        points = [0.0] * len(self.bots)
        for r in results:
            games[r.a] += r.games
            games[r.b] += r.games
            points[r.a] += r.score
            points[r.b] += r.games - r.score
        table = [
            Rating(
                bot,
                fitted.ratings[i],
                intervals[i],
                fitted.fisher_interval(i),
                games[i],
                points[i] / games[i] if games[i] else 0.0,
            )
            for i, bot in enumerate(self.bots)
        ]
        return sorted(table, key=lambda r: -r.rating)

    def to_dict(
        self,
        anchor: str | None = None,
        resamples: int = RESAMPLES,
        prior_draws: float = PRIOR_DRAWS,
    ) -> dict[str, Any]:
        """The ``claim ladder --json`` object (the CLI adds ``seconds``); each pairing gives A's
        points per deal (``deal_points``), from which the ratings can be refitted."""
        anchor = default_anchor(self.bots) if anchor is None else anchor
        table = self.rate(anchor, resamples, prior_draws)
        rating = {r.bot: r.rating for r in table}
        pairings = []
        for p in self.pairings:
            interval = p.interval
            a, b = p.bots
            pairings.append(
                {
                    "bots": [a, b],
                    "games": p.games,
                    "wins": p.wins,
                    "draws": p.draws,
                    "losses": p.losses,
                    "win_rate": round(p.win_rate, 4),
                    "interval": None if interval is None else [round(x, 4) for x in interval],
                    "wilson_interval": [round(x, 4) for x in p.wilson],
                    "predicted": round(ratings.expected_score(rating[a] - rating[b]), 4),
                    "by_seat": {k: t.to_dict() for k, t in p.by_seat.items()},
                    "average_tricks": round(p.average_tricks, 4),
                    "deal_points": [2 * d for d in p.deal_scores],
                }
            )
        return {
            "bots": list(self.bots),
            "seed": self.seed,
            **self.options.to_dict(),
            "deals": self.deals,
            "games": self.games,
            "pairings": pairings,
            "pairing_interval_method": "paired normal over deals, 95%",
            "ratings": table_dict(table, anchor, resamples, prior_draws, self.seed),
        }


def table_dict(
    table: Sequence[Rating], anchor: str, resamples: int, prior_draws: float, seed: int
) -> dict[str, Any]:
    """The ratings part of the JSON: the method, the anchor and the table."""
    return {
        "model": "Bradley-Terry maximum likelihood, draws as half wins",
        "scale": "Elo (400 points: odds of 10 to 1)",
        "anchor": anchor,
        "prior_draws": prior_draws,
        "interval_method": (
            f"bootstrap over deals, 95% percentile, {resamples} resamples, seed {seed}"
        ),
        "resamples": resamples,
        "fisher_interval_method": "rating ± 1.96 · Fisher standard error (games independent)",
        "table": [r.to_dict() for r in table],
    }


def ladder(
    bots: Sequence[str],
    deals: int,
    seed: int,
    options: SetupOptions | None = None,
    jobs: int = 1,
    on_game: LadderHook | None = None,
    executor: Executor | None = None,
) -> Ladder:
    """Play the round robin of ``bots`` (at least two, none twice): ``deals`` duplicate deals per
    pairing with ``seed`` and ``options``, in ``jobs`` processes or by ``executor`` when given
    (:mod:`claim.sim.executors`; left open). Bad input raises ClaimError before any game is
    played; the result depends on none of ``jobs``, ``executor`` and ``on_game``.

    >>> played = ladder(["random", "random:hard"], deals=1, seed=1)
    >>> [p.bots for p in played.pairings], played.games
    ([('random', 'random:hard')], 2)
    """
    specs = parse_ladder_bots(",".join(bots))
    check_size(deals, jobs)
    options = options or SetupOptions()
    options.resolve(seed)  # refuse bad setup options before starting
    pairs = round_robin(specs)
    matches = [Match(pair, seed, options) for pair in pairs]
    hook = None
    if on_game is not None:
        game_hook = on_game

        def hook(m: int, outcome: GameOutcome) -> None:
            game_hook(pairs[m], outcome)

    played = play_matches(matches, deals, jobs, hook, executor=executor)
    stats = [ArenaStats(p, seed, options, games) for p, games in zip(pairs, played, strict=True)]
    return Ladder(specs, seed, deals, options, stats)
