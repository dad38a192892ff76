"""Bot-vs-bot duplicate matches (``claim arena``): two bots, many deals, honest statistics.

**Duplicate deals.** Deal ``i`` (counting from 0) of a match with seed ``S`` is set up from the game
seed ``S + i`` with the match's setup options (:meth:`claim.core.options.SetupOptions.resolve`, as
in ``claim simulate``: with ``--factions random`` every deal draws its own deck, with ``--heroes``
its own heroes, with ``--setting random`` or ``--building random`` its own locations). Each deal is
played twice with the seats swapped: game ``2i`` puts bot A in seat 0 and bot B in seat 1, game
``2i + 1`` deals the very same cards with B in seat 0 and A in seat 1. The luck of the deal and the
seat advantage thus fall on both bots alike.

**Bot seeds.** Every game gets fresh bots, built by :func:`claim.bots.make_bot`; A's bot in both
games of deal ``i`` is seeded with ``bot_seed(S, i, 0)`` and B's with ``bot_seed(S, i, 1)``, so
the same bot on both sides (``random,random``) still plays with two different generators. A game
depends on nothing but its deal and these seeds, so the results are the same whatever the number
of worker processes and the order in which games finish.

**Score.** A scores 1 for a win, 1/2 for a draw and 0 for a loss; A's *win rate* is its mean score
per game (B's is one minus it).

**The 95% interval (paired over deals).** The two games of a deal are not independent — they share
the cards — so the unit of the statistics is the deal, not the game: ``d_i`` is A's mean score
over the two games of deal ``i`` (0, 1/4, 1/2, 3/4 or 1). The interval is the normal interval of
the mean of the ``d_i``: ``mean ± z·s/√n`` with ``s`` their sample standard deviation, ``n`` the
number of deals and ``z ≈ 1.96``, clamped to [0, 1]. It is the "pentanomial" model of chess engine
testing (fishtest, fastchess), which play every opening twice with colours reversed for the same
reason. Pairing removes the seat and deal luck from the variance, so the interval is narrower than
a per-game one when seats matter — and still valid when the two games of a deal are correlated,
which a per-game interval is not. It needs at least two deals (``None`` before), and it is a large-
sample approximation: with a few dozen deals, or when every deal scores the same (zero width), read
the per-game Wilson score interval also reported (:func:`wilson_interval`), which never collapses.

**Artifacts.** With ``--artifacts`` both games of a deal deal the same artifacts to the same
seats, so each bot holds each set once. ``by_artifact`` gives, per artifact, A's results in the
games A held it and in those B held it, and how often each bot used it (:class:`ArtifactResult`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from claim.bots import Bot, make_bot, play_out
from claim.core import cards
from claim.core.errors import ConfigError
from claim.core.game import new_game
from claim.core.options import SetupOptions
from claim.core.setup import offset_seed
from claim.sim.executors import Executor, available_cpus, local_executor

#: the two-sided 95% quantile of the standard normal distribution
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One finished arena game. ``winner`` is a seat (0 or 1) or None for a draw."""

    deal: int
    #: A's seat in this game: 0 in game 2·deal, 1 in game 2·deal + 1
    a_seat: int
    winner: int | None
    #: the deal's five factions, comma separated, and who led the first trick (a seat)
    factions: str
    first_leader: int
    tricks: int
    #: the deal's Setting and Building (None: none in play)
    setting: str | None = None
    building: str | None = None
    #: the artifacts dealt to each seat and those each seat used (empty: no artifacts)
    artifacts: tuple[tuple[str, ...], ...] = ()
    used: tuple[tuple[str, ...], ...] = ()

    @property
    def index(self) -> int:
        """The game's number in the match: ``2 * deal + a_seat``."""
        return 2 * self.deal + self.a_seat

    @property
    def a_score(self) -> float:
        """A's score in this game: 1 for a win, 0.5 for a draw, 0 for a loss."""
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == self.a_seat else 0.0


#: called once per finished game (in the order games finish, e.g. to advance a progress bar)
GameHook = Callable[[GameOutcome], None]


# -------------------------------------------------------------------------------------------------
# bots and seeds
# -------------------------------------------------------------------------------------------------


def normalize_spec(spec: str) -> str:
    """A bot spec in the form ``make_bot`` reads: lower case, without spaces; unknown bots and
    strengths, and bots not available in this build, raise ConfigError.

    >>> normalize_spec(" Random ")
    'random'
    >>> normalize_spec("search:expert")
    Traceback (most recent call last):
    ...
    claim.core.errors.ConfigError: unknown strength 'expert'; strengths are: easy, medium, hard
    """
    text = spec.strip().lower()
    if not text:
        raise ConfigError("a bot name is empty; bots are: random, heuristic, search[:STRENGTH]")
    build_bot(text, 0)
    return text


def build_bot(spec: str, seed: int) -> Bot:
    """``make_bot(spec, seed)``, with a bot whose module is not in this build reported as a
    ConfigError (one line) instead of an ImportError; ``openspiel-…`` specs are OpenSpiel's
    searches (:mod:`claim.openspiel.bot`)."""
    if spec.startswith("openspiel-"):
        return _openspiel_bot(spec, seed)
    try:
        return make_bot(spec, seed)
    except ModuleNotFoundError as exc:
        name = spec.partition(":")[0]
        if exc.name != f"claim.bots.{name}":
            raise  # a bug inside the bot's module, not a missing bot
        raise ConfigError(f"bot {name!r} is not available in this version") from None


def _openspiel_bot(spec: str, seed: int) -> Bot:
    """An OpenSpiel bot, imported only when named (the ``openspiel`` extra); without OpenSpiel
    a one-line ConfigError."""
    try:
        from claim.openspiel.bot import make_openspiel_bot
    except ModuleNotFoundError as exc:
        if (exc.name or "").partition(".")[0] not in ("pyspiel", "open_spiel", "numpy"):
            raise  # a bug inside claim.openspiel, not a missing extra
        name = spec.partition(":")[0]
        raise ConfigError(f"bot {name!r} needs OpenSpiel: pip install 'claim[openspiel]'") from None
    return make_openspiel_bot(spec, seed)


def parse_bots(text: str) -> tuple[str, str]:
    """``"A,B"`` → the two normalized bot specs; anything else raises ConfigError.

    >>> parse_bots("random, RANDOM")
    ('random', 'random')
    """
    parts = text.split(",")
    if len(parts) != 2:
        raise ConfigError(f"--bots needs two bots separated by a comma (A,B), not {text!r}")
    return normalize_spec(parts[0]), normalize_spec(parts[1])


def bot_seed(seed: int, deal: int, which: int) -> int:
    """The seed of bot A (``which`` 0) or B (1) in both games of deal ``deal`` of a match with
    ``seed``: drawn from a generator seeded by all three, so it depends on nothing else.

    >>> bot_seed(1, 0, 0) == bot_seed(1, 0, 0) != bot_seed(1, 0, 1)
    True
    """
    return random.Random(f"claim-arena:{seed}:{deal}:{which}").randrange(2**63)


# -------------------------------------------------------------------------------------------------
# playing
# -------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Match:
    """What a worker needs to play any game of a match (small and picklable): the two bot
    specs (normalized), the match seed and the setup options."""

    bots: tuple[str, str]
    seed: int
    options: SetupOptions


#: the former private name (kept for callers of :func:`play_game`)
_Match = Match


def play_game(match: Match, index: int) -> GameOutcome:
    """Game ``index`` of the match: deal ``index // 2``, A in seat ``index % 2``."""
    deal, a_seat = divmod(index, 2)
    setup = match.options.resolve(offset_seed(match.seed, deal))
    state = new_game(setup.config, setup.seed)
    a = build_bot(match.bots[0], bot_seed(match.seed, deal, 0))
    b = build_bot(match.bots[1], bot_seed(match.seed, deal, 1))
    seats = (a, b) if a_seat == 0 else (b, a)
    play_out(state, seats)
    assert state.result is not None
    return GameOutcome(
        deal=deal,
        a_seat=a_seat,
        winner=state.result["winner"],
        factions=",".join(setup.config.factions),
        first_leader=setup.config.first_leader,
        tricks=len(state.history),
        setting=setup.config.setting,
        building=setup.config.building,
        artifacts=setup.config.artifacts,
        used=tuple(tuple(used) for used in state.used_artifacts) if setup.config.artifacts else (),
    )


def _play_tasks(
    matches: Sequence[Match], tasks: Sequence[tuple[int, int]]
) -> list[tuple[int, GameOutcome]]:
    """Play each (match number, game index) task; the outcomes tagged with their match."""
    return [(m, play_game(matches[m], index)) for m, index in tasks]


#: the most deals one match plays (2 games each): a bound on the memory its results take
MAX_DEALS = 1_000_000


def worker_count(jobs: int, games: int) -> int:
    """The worker processes worth starting for ``jobs`` asked and ``games`` to play: never more
    than the CPUs available nor than the games (a process per game at most)."""
    return max(1, min(jobs, available_cpus(), games))


def check_size(deals: int, jobs: int) -> None:
    """Refuse (ConfigError) ``deals`` outside 1 to :data:`MAX_DEALS` and ``jobs`` below 1."""
    if deals < 1:
        raise ConfigError(f"--deals must be at least 1, not {deals}")
    if deals > MAX_DEALS:
        raise ConfigError(f"--deals must be at most {MAX_DEALS:,}, not {deals:,}")
    if jobs < 1:
        raise ConfigError(f"--jobs must be at least 1, not {jobs}")


#: called once per finished game with its match's number in the list (in the order games finish)
MatchGameHook = Callable[[int, GameOutcome], None]


def play_matches(
    matches: Sequence[Match],
    deals: int,
    jobs: int = 1,
    on_game: MatchGameHook | None = None,
    done: Sequence[Mapping[int, GameOutcome]] | None = None,
    batch: int | None = None,
    executor: Executor | None = None,
) -> list[list[GameOutcome]]:
    """Play ``deals`` duplicate deals of every match (each deal twice, the seats swapped) in
    ``jobs`` processes (1: in this process; capped by :func:`worker_count`), all the matches'
    games sharing the processes; for each match its outcomes in game order. An ``executor``
    (:mod:`claim.sim.executors`, e.g. Ray's; left open) plays them instead of ``jobs``
    processes.

    The games are handed out deal by deal, the matches interleaved, so slow and fast matches
    spread over the workers. A game depends only on its match and index, so the result does not
    depend on ``jobs``, nor on the order in which games finish — nor on whether some of them
    were played before: ``done`` (per match, game index -> outcome, e.g. kept by ``claim arena
    --keep``) are taken as they are and not played again (nor passed to ``on_game``); those past
    the ``deals`` asked for are left out. ``batch`` caps the games a worker plays before it
    reports them (``on_game`` is called when a batch returns; smaller batches lose less to a
    kill when the games are kept as they end).
    """
    check_size(deals, jobs)
    games = 2 * deals
    outcomes: list[list[GameOutcome | None]] = [[None] * games for _ in matches]
    for m, kept in enumerate(done or ()):
        for index, outcome in kept.items():
            if index < games:
                outcomes[m][index] = outcome
    tasks = [
        (m, index)
        for index in range(games)
        for m in range(len(matches))
        if outcomes[m][index] is None
    ]
    # an executor starts its workers on its first batch: none without tasks
    runner = executor or local_executor(worker_count(jobs, max(1, len(tasks))))
    batches = [[tasks[i] for i in chunk] for chunk in runner.split(len(tasks), batch)]
    try:
        for finished in runner.run(_play_tasks, matches, batches):
            for m, outcome in finished:
                outcomes[m][outcome.index] = outcome
                if on_game is not None:
                    on_game(m, outcome)
    finally:
        if executor is None:
            runner.close()
    played = [[o for o in match if o is not None] for match in outcomes]
    assert all(len(match) == games for match in played)
    return played


def arena(
    bots: tuple[str, str],
    deals: int,
    seed: int,
    options: SetupOptions | None = None,
    jobs: int = 1,
    on_game: GameHook | None = None,
    done: Mapping[int, GameOutcome] | None = None,
    batch: int | None = None,
    executor: Executor | None = None,
) -> ArenaStats:
    """Play ``deals`` duplicate deals between bots A and B (``bots``) set up with ``options``
    (default: the commands' defaults), each deal twice with the seats swapped, in ``jobs``
    processes (1: in this process; capped by :func:`worker_count`), and sum them up.

    Bad options raise ClaimError before any game is played. The result depends only on the
    arguments other than ``jobs``, ``executor``, ``on_game`` and ``done`` (games played before,
    by index, taken as they are: :func:`play_matches`) and ``batch`` (the most games a worker
    plays before reporting them). An ``executor`` (:mod:`claim.sim.executors`: Ray's, for one;
    left open) plays the games instead of ``jobs`` processes.

    >>> stats = arena(("random", "random"), deals=2, seed=1)
    >>> stats.games, stats.wins + stats.draws + stats.losses
    (4, 4)
    """
    check_size(deals, jobs)
    options = options or SetupOptions()
    match = Match((normalize_spec(bots[0]), normalize_spec(bots[1])), seed, options)
    options.resolve(seed)  # refuse bad setup options before starting
    hook: MatchGameHook | None = None
    if on_game is not None:
        game_hook = on_game

        def hook(_: int, outcome: GameOutcome) -> None:
            game_hook(outcome)

    kept = None if done is None else [done]
    (played,) = play_matches([match], deals, jobs, hook, kept, batch, executor)
    return ArenaStats(match.bots, seed, options, played)


# -------------------------------------------------------------------------------------------------
# statistics
# -------------------------------------------------------------------------------------------------


def wilson_interval(score: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: ``score`` points out of ``games`` (a draw counts
    1/2, which makes it conservative). Treats games as independent.

    >>> [round(x, 4) for x in wilson_interval(7, 10)]
    [0.3968, 0.8922]
    """
    if games <= 0:
        return (0.0, 1.0)
    p = score / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    return (max(0.0, centre - half), min(1.0, centre + half))


def paired_interval(deal_scores: Sequence[float], z: float = Z95) -> tuple[float, float] | None:
    """The normal interval of the mean of the per-deal scores ``d_i`` (A's mean score over the
    two games of deal ``i``): ``mean ± z·s/√n``, clamped to [0, 1]; None with fewer than 2 deals.

    >>> [round(x, 4) for x in paired_interval([1, 0.5, 0.5, 0])]
    [0.0999, 0.9001]
    """
    n = len(deal_scores)
    if n < 2:
        return None
    mean = sum(deal_scores) / n
    variance = sum((d - mean) ** 2 for d in deal_scores) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (max(0.0, mean - half), min(1.0, mean + half))


@dataclass(slots=True)
class Tally:
    """A's wins, draws and losses over some games."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add(self, outcome: GameOutcome) -> None:
        if outcome.winner is None:
            self.draws += 1
        elif outcome.winner == outcome.a_seat:
            self.wins += 1
        else:
            self.losses += 1

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """A's points: wins + draws / 2."""
        return self.wins + self.draws / 2

    @property
    def win_rate(self) -> float:
        """A's mean score per game (0 without games)."""
        return self.score / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": round(self.win_rate, 4),
        }


def _tally(outcomes: Iterable[GameOutcome]) -> Tally:
    tally = Tally()
    for outcome in outcomes:
        tally.add(outcome)
    return tally


def _group(outcomes: Iterable[GameOutcome], key: Callable[[GameOutcome], str]) -> dict[str, Tally]:
    groups: dict[str, Tally] = {}
    for outcome in outcomes:
        groups.setdefault(key(outcome), Tally()).add(outcome)
    return dict(sorted(groups.items()))


@dataclass(slots=True)
class ArtifactResult:
    """One artifact over a match (§8), all from A's side: A's results in the games A was dealt
    it (``a``) and in those B was (``b``), and how often each used it."""

    a: Tally = field(default_factory=Tally)
    b: Tally = field(default_factory=Tally)
    a_used: int = 0
    b_used: int = 0

    def add(self, outcome: GameOutcome, name: str) -> None:
        for seat, hand in enumerate(outcome.artifacts):
            if name not in hand:
                continue
            used = bool(outcome.used) and name in outcome.used[seat]
            if seat == outcome.a_seat:
                self.a.add(outcome)
                self.a_used += int(used)
            else:
                self.b.add(outcome)
                self.b_used += int(used)

    def to_dict(self) -> dict[str, Any]:
        return {
            "held_by_a": {**self.a.to_dict(), "used": self.a_used},
            "held_by_b": {**self.b.to_dict(), "used": self.b_used},
        }


@dataclass(slots=True)
class ArenaStats:
    """The outcome of a match, from A's side; ``outcomes`` lists every game in match order."""

    bots: tuple[str, str]
    seed: int
    options: SetupOptions = field(default_factory=SetupOptions)
    outcomes: list[GameOutcome] = field(default_factory=list)

    @property
    def factions(self) -> str:
        """The ``--factions`` value of the match, as given."""
        return self.options.factions

    @property
    def first_leader(self) -> str:
        """The ``--first-leader`` value of the match, as given."""
        return self.options.first_leader

    @property
    def games(self) -> int:
        return len(self.outcomes)

    @property
    def deals(self) -> int:
        return len(self.outcomes) // 2

    @property
    def total(self) -> Tally:
        return _tally(self.outcomes)

    @property
    def wins(self) -> int:
        return self.total.wins

    @property
    def draws(self) -> int:
        return self.total.draws

    @property
    def losses(self) -> int:
        return self.total.losses

    @property
    def win_rate(self) -> float:
        """A's mean score per game: (wins + draws / 2) / games."""
        return self.total.win_rate

    @property
    def deal_scores(self) -> list[float]:
        """A's mean score over the two games of each deal, in deal order."""
        scores = [0.0] * self.deals
        for outcome in self.outcomes:
            scores[outcome.deal] += outcome.a_score / 2
        return scores

    @property
    def interval(self) -> tuple[float, float] | None:
        """The 95% interval of A's win rate, paired over deals (None with one deal)."""
        return paired_interval(self.deal_scores)

    @property
    def wilson(self) -> tuple[float, float]:
        """The per-game 95% Wilson score interval of A's win rate."""
        total = self.total
        return wilson_interval(total.score, total.games)

    @property
    def by_seat(self) -> dict[str, Tally]:
        """A's results as player 0 and as player 1."""
        return {str(seat): _tally(o for o in self.outcomes if o.a_seat == seat) for seat in (0, 1)}

    @property
    def by_factions(self) -> dict[str, Tally]:
        """A's results per deck (one entry unless ``--factions random``)."""
        return _group(self.outcomes, lambda o: o.factions)

    @property
    def by_first_leader(self) -> dict[str, Tally]:
        """A's results per configured first leader (the seat that led the first trick)."""
        return _group(self.outcomes, lambda o: str(o.first_leader))

    @property
    def by_setting(self) -> dict[str, Tally]:
        """A's results per Setting (empty without one; one entry unless ``--setting random``)."""
        return _group((o for o in self.outcomes if o.setting), lambda o: str(o.setting))

    @property
    def by_building(self) -> dict[str, Tally]:
        """A's results per Building (empty without one)."""
        return _group((o for o in self.outcomes if o.building), lambda o: str(o.building))

    @property
    def by_artifact(self) -> dict[str, ArtifactResult]:
        """Per artifact dealt in some game (in the order of the 16; empty without artifacts):
        A's results when A held it and when B held it, and how often each used it."""
        results: dict[str, ArtifactResult] = {}
        for outcome in self.outcomes:
            for hand in outcome.artifacts:
                for name in hand:
                    results.setdefault(name, ArtifactResult()).add(outcome, name)
        return {name: results[name] for name in cards.ARTIFACTS if name in results}

    @property
    def average_tricks(self) -> float:
        return sum(o.tricks for o in self.outcomes) / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The ``claim arena --json`` object (the CLI adds ``seconds``); the setup options are
        given as typed; ``by_setting`` and ``by_building`` only with locations, ``by_artifact``
        only with artifacts."""
        interval = self.interval
        data: dict[str, Any] = {
            "bots": list(self.bots),
            "seed": self.seed,
            **self.options.to_dict(),
            "deals": self.deals,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": round(self.win_rate, 4),
            "interval": None if interval is None else [round(x, 4) for x in interval],
            "interval_method": "paired normal over deals, 95%",
            "wilson_interval": [round(x, 4) for x in self.wilson],
            "by_seat": {k: t.to_dict() for k, t in self.by_seat.items()},
            "by_factions": {k: t.to_dict() for k, t in self.by_factions.items()},
            "by_first_leader": {k: t.to_dict() for k, t in self.by_first_leader.items()},
            "average_tricks": round(self.average_tricks, 4),
        }
        for key, groups in (("by_setting", self.by_setting), ("by_building", self.by_building)):
            if groups:
                data[key] = {k: t.to_dict() for k, t in groups.items()}
        by_artifact = self.by_artifact
        if by_artifact:
            data["by_artifact"] = {k: r.to_dict() for k, r in by_artifact.items()}
        return data
