"""Random-bot simulations: many complete games, summed up as statistics.

Game ``i`` (counting from 0) of a simulation with seed ``S`` is dealt from the game seed ``S + i``
with the same setup options (:class:`~claim.core.options.SetupOptions`), so ``claim deal --seed
S+i`` (same options) gives its deal; player
``p``'s random bot is seeded with ``2 * (S + i) + p``. The results depend on nothing else, so the
same seed always gives the same results (only the timing differs).

With locations (``--setting``, ``--building``; ``random`` draws one per game) the statistics are
also kept per Setting and per Building: the games played with it, the wins of each seat, the draws,
how the games were decided (``result.reason``) and how many of them the location decided itself
(:func:`decided_by`).

With artifacts (``--artifacts``) each artifact is counted over the games it was dealt in: dealt to
the game's winner or loser, used or not, and how often its holder won (:class:`ArtifactTally`).

:func:`simulate_games` plays the games in batches through an executor (:mod:`claim.sim.executors`:
local worker processes, ``claim simulate --jobs K``, or Ray tasks, ``--ray``) and sums up the
batches' statistics (:meth:`SimulationStats.merge`): counts only, so the results are those of
:func:`simulate` whatever the executor and the order the batches finish in.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from claim.bots import RandomBot
from claim.core import cards, records
from claim.core.engine import apply, current_player, is_over, legal_actions
from claim.core.game import new_game
from claim.core.options import SetupOptions
from claim.core.powers import DECIDED_BEFORE_THE_VOTES
from claim.core.powers.locations import Dungeon
from claim.core.setup import hero_cards, offset_seed
from claim.core.state import State
from claim.core.view import observe
from claim.core.view_types import GameResult, View
from claim.sim.executors import Executor, InProcess

#: called after each game with its index and its final state
GameHook = Callable[[int, State], None]
#: called after each game of :func:`simulate_games` with its index and its record as JSON text
#: (None unless records were asked for), as its batch returns
RecordHook = Callable[[int, str | None], None]

_Tally = TypeVar("_Tally", "HeroTally", "LocationTally", "ArtifactTally")


def _merged(tallies: dict[str, _Tally], more: dict[str, _Tally]) -> None:
    """Add the counts of ``more`` to ``tallies``, name by name (every field a count, a list of
    counts or a dict of counts)."""
    for name, other in more.items():
        mine = tallies.get(name)
        if mine is None:
            tallies[name] = other
            continue
        for f in dataclasses.fields(mine):
            value, added = getattr(mine, f.name), getattr(other, f.name)
            if isinstance(value, int):
                setattr(mine, f.name, value + added)
            elif isinstance(value, list):
                setattr(mine, f.name, [a + b for a, b in zip(value, added, strict=True)])
            else:
                setattr(mine, f.name, {k: value.get(k, 0) + added.get(k, 0) for k in value | added})


@dataclass(slots=True)
class HeroTally:
    """One hero over a simulation: the games it was in the deck, the games in which one player
    played it in Phase Two (the player who collected it in Phase One, unless a power moved it),
    and how many of those that player won."""

    games: int = 0
    phase_two: int = 0
    phase_two_wins: int = 0

    @property
    def phase_two_win_rate(self) -> float:
        """How often the player who played it in Phase Two won (0 if nobody did)."""
        return self.phase_two_wins / self.phase_two if self.phase_two else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "phase_two": self.phase_two,
            "phase_two_wins": self.phase_two_wins,
            "phase_two_win_rate": round(self.phase_two_win_rate, 4),
        }


def decided_by(result: GameResult, location: str) -> bool:
    """Whether ``location`` decided a finished game itself: the Castle, Forest, Bridge or
    Monastery at §9 step 4 or Lava Fields mid-phase (``reason`` names it, L23), or the Dungeon's
    extra votes (L11) when the game would have had another outcome without them.

    >>> decided_by({"winner": 1, "reason": "castle"}, "castle")
    True
    >>> result = {"winner": 0, "reason": "votes", "votes_won": [3, 2],
    ...           "cards_in_won_factions": [9, 12], "dungeon": {"phase_one": 0, "phase_two": 0}}
    >>> decided_by(result, "dungeon")  # 1 vote to 2 without the extras
    True
    """
    if location in DECIDED_BEFORE_THE_VOTES:
        return result.get("reason") == location
    if location != Dungeon.name or "dungeon" not in result:  # the result's Dungeon field (L11)
        return False
    won = list(result["votes_won"])
    dungeon = result["dungeon"]
    for p in (dungeon["phase_one"], dungeon["phase_two"]):
        if p is not None:
            won[p] -= 1
    cards_won = result["cards_in_won_factions"]
    winner: int | None
    if won[0] != won[1]:
        winner = 0 if won[0] > won[1] else 1
    elif cards_won[0] != cards_won[1]:
        winner = 0 if cards_won[0] > cards_won[1] else 1
    else:
        winner = None
    return winner != result.get("winner")


def hero_player(state: State, hero: str, phases: tuple[int, ...] = (2,)) -> int | None:
    """The player who played ``hero``'s card in a finished game's ``phases``: by default in
    Phase Two (the one who collected it in Phase One, unless a power moved it); None if nobody
    or both did."""
    card = hero_cards((hero,))[0]
    players = {
        player
        for phase, _number, _leader, _prize, plays, _winner, _reason in state.history
        if phase in phases
        for player, played, _value, _declared in plays
        if played == card
    }
    return players.pop() if len(players) == 1 else None


@dataclass(slots=True)
class LocationTally:
    """One Setting or Building over a simulation: the games played with it, the wins of each
    seat and the draws, the games by ``result.reason`` (votes, cards, draw, castle, ...) and how
    many of them the location decided itself (:func:`decided_by`)."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    decided: int = 0
    reasons: dict[str, int] = field(default_factory=dict)

    def add(self, result: GameResult, location: str) -> None:
        self.games += 1
        winner = result["winner"]
        if winner is None:
            self.draws += 1
        else:
            self.wins[winner] += 1
        reason = str(result.get("reason"))
        self.reasons[reason] = self.reasons.get(reason, 0) + 1
        self.decided += int(decided_by(result, location))

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": list(self.wins),
            "draws": self.draws,
            "decided": self.decided,
            "reasons": dict(sorted(self.reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
        }


@dataclass(slots=True)
class ArtifactTally:
    """One artifact over a simulation (§8): the games it was dealt in, to the player who won
    the game or to the one who lost it (the rest are draws), the games its holder used it and how
    many of those they won."""

    games: int = 0
    to_winner: int = 0
    to_loser: int = 0
    used: int = 0
    used_wins: int = 0

    @property
    def draws(self) -> int:
        """The games it was dealt in that ended in a draw."""
        return self.games - self.to_winner - self.to_loser

    @property
    def win_rate(self) -> float:
        """How often its holder won the game (a draw is not a win; 0 without games)."""
        return self.to_winner / self.games if self.games else 0.0

    @property
    def used_win_rate(self) -> float:
        """How often its holder won the games in which they used it (0 if never used)."""
        return self.used_wins / self.used if self.used else 0.0

    def add(self, holder: int, winner: int | None, used: bool) -> None:
        """Count a game in which ``holder`` was dealt it and ``winner`` won (None: a draw)."""
        self.games += 1
        if winner is not None:
            if winner == holder:
                self.to_winner += 1
            else:
                self.to_loser += 1
        if used:
            self.used += 1
            self.used_wins += int(winner == holder)

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "to_winner": self.to_winner,
            "to_loser": self.to_loser,
            "draws": self.draws,
            "win_rate": round(self.win_rate, 4),
            "used": self.used,
            "used_wins": self.used_wins,
            "used_win_rate": round(self.used_win_rate, 4),
        }


@dataclass(slots=True)
class SimulationStats:
    """What a simulation counts. ``wins[p]`` is the number of games player ``p`` won;
    ``by_hero`` counts each hero that was in some game (empty without heroes), ``by_setting`` and
    ``by_building`` each location that was in play in some game (empty without locations),
    ``by_artifact`` each artifact dealt in some game (empty without artifacts)."""

    seed: int
    options: SetupOptions = field(default_factory=SetupOptions)
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    tricks: int = 0
    seconds: float = 0.0
    by_hero: dict[str, HeroTally] = field(default_factory=dict)
    by_setting: dict[str, LocationTally] = field(default_factory=dict)
    by_building: dict[str, LocationTally] = field(default_factory=dict)
    by_artifact: dict[str, ArtifactTally] = field(default_factory=dict)

    def add(self, state: State) -> None:
        """Count a finished game."""
        result = state.result
        assert result is not None
        winner = result["winner"]
        if winner is None:
            self.draws += 1
        else:
            self.wins[winner] += 1
        self.games += 1
        self.tricks += len(state.history)
        for name in state.config.heroes:
            tally = self.by_hero.setdefault(name, HeroTally())
            tally.games += 1
            player = hero_player(state, name)
            if player is not None:
                tally.phase_two += 1
                tally.phase_two_wins += int(winner == player)
        config = state.config
        for location, table in (
            (config.setting, self.by_setting),
            (config.building, self.by_building),
        ):
            if location:
                table.setdefault(location, LocationTally()).add(result, location)
        for holder, dealt in enumerate(config.artifacts):
            for name in dealt:
                self.by_artifact.setdefault(name, ArtifactTally()).add(
                    holder, winner, name in state.used_artifacts[holder]
                )

    def merge(self, other: SimulationStats) -> None:
        """Add the games counted in ``other`` (another batch of the same simulation; its
        ``seconds`` are not added: the batches may run at once)."""
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.draws += other.draws
        self.tricks += other.tricks
        _merged(self.by_hero, other.by_hero)
        _merged(self.by_setting, other.by_setting)
        _merged(self.by_building, other.by_building)
        _merged(self.by_artifact, other.by_artifact)

    @property
    def average_tricks(self) -> float:
        """The mean number of tricks per game (both phases)."""
        return self.tricks / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        """Throughput, the only figure that changes between runs with the same seed."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The ``claim simulate --json`` object: the counts, the setup options as given and,
        with heroes, ``by_hero`` (in the order of the 24 heroes); with locations ``by_setting``
        and ``by_building`` (in the order of their pools); with artifacts ``by_artifact`` (in the
        order of the 16 artifacts)."""
        data: dict[str, Any] = {
            "games": self.games,
            "seed": self.seed,
            "wins": list(self.wins),
            "draws": self.draws,
            "average_tricks": round(self.average_tricks, 4),
            "games_per_second": round(self.games_per_second, 1),
            "seconds": round(self.seconds, 4),
            **self.options.to_dict(),
        }
        if self.by_hero:
            data["by_hero"] = {
                name: self.by_hero[name].to_dict() for name in cards.HEROES if name in self.by_hero
            }
        for key, pool, table in (
            ("by_setting", cards.SETTINGS, self.by_setting),
            ("by_building", cards.BUILDINGS, self.by_building),
        ):
            if table:
                data[key] = {name: table[name].to_dict() for name in pool if name in table}
        if self.by_artifact:
            data["by_artifact"] = {
                name: self.by_artifact[name].to_dict()
                for name in cards.ARTIFACTS
                if name in self.by_artifact
            }
        return data


def game_seed(seed: int, index: int) -> int:
    """The seed game ``index`` of a simulation with ``seed`` is dealt from: ``seed + index``
    within the record's range (:func:`claim.core.setup.offset_seed`)."""
    return offset_seed(seed, index)


def bot_seed(seed: int, player: int) -> int:
    """The seed of player ``player``'s random bot in a game dealt from ``seed``."""
    return 2 * seed + player


def play_random_game(seed: int, options: SetupOptions | None = None) -> State:
    """One complete game between two seeded random bots; the bots see only ``observe``."""
    setup = (options or SetupOptions()).resolve(seed)
    state = new_game(setup.config, setup.seed)
    bots = (RandomBot(bot_seed(seed, 0)), RandomBot(bot_seed(seed, 1)))
    while not is_over(state):
        player = current_player(state)
        assert player is not None
        legal = legal_actions(state)
        bot = bots[player]
        # cast: a bot that ignores its view gets an empty one (see Bot.uses_view)
        view = observe(state, player) if bot.uses_view else cast(View, {})
        apply(state, bot.choose(view, legal))
    return state


def simulate(
    games: int,
    seed: int,
    options: SetupOptions | None = None,
    on_game: GameHook | None = None,
) -> SimulationStats:
    """Play ``games`` random-bot games with the setup ``options`` (default: the commands'
    defaults) and count wins per seat, draws, tricks, the heroes, the locations and the
    artifacts.

    Bad setup options raise ClaimError before any game is played. ``on_game`` (if given) is
    called after each game, e.g. to save its record or advance a progress bar.

    >>> stats = simulate(3, seed=1)
    >>> stats.games, sum(stats.wins) + stats.draws
    (3, 3)
    """
    options = options or SetupOptions()
    options.resolve(seed)  # refuse bad options before starting
    stats = SimulationStats(seed=seed, options=options)
    start = time.perf_counter()
    for index in range(games):
        state = play_random_game(game_seed(seed, index), options)
        stats.add(state)
        if on_game is not None:
            on_game(index, state)
    stats.seconds = time.perf_counter() - start
    return stats


#: with records, the most games a batch plays: their records travel back with it (tens of kB each)
_RECORDS_BATCH = 64


@dataclass(frozen=True, slots=True)
class SimulationSpec:
    """What a worker needs to play any game of a simulation (small and picklable)."""

    seed: int
    options: SetupOptions
    #: return every game's record (JSON text) with the batch
    records: bool = False


def simulate_batch(
    spec: SimulationSpec, indices: list[int]
) -> tuple[SimulationStats, list[tuple[int, str | None]]]:
    """Play the games ``indices`` of a simulation: their statistics, and each game's index with
    its record as JSON text (None unless ``spec.records``)."""
    stats = SimulationStats(seed=spec.seed, options=spec.options)
    played: list[tuple[int, str | None]] = []
    for index in indices:
        state = play_random_game(game_seed(spec.seed, index), spec.options)
        stats.add(state)
        text = records.dumps(records.to_record(state)) if spec.records else None
        played.append((index, text))
    return stats, played


def simulate_games(
    games: int,
    seed: int,
    options: SetupOptions | None = None,
    executor: Executor | None = None,
    on_game: RecordHook | None = None,
    records: bool = False,
) -> SimulationStats:
    """:func:`simulate`, its games played in batches by ``executor`` (default: in this process,
    one game a batch; left open): the same statistics, whatever the executor. ``on_game`` gets
    each game's index and, with ``records``, its record as JSON text (e.g. to save it), as its
    batch returns.

    >>> simulate_games(3, seed=1).to_dict()["wins"] == simulate(3, seed=1).to_dict()["wins"]
    True
    """
    options = options or SetupOptions()
    options.resolve(seed)  # refuse bad options before starting
    runner = executor or InProcess()
    stats = SimulationStats(seed=seed, options=options)
    spec = SimulationSpec(seed, options, records)
    start = time.perf_counter()
    for batch, played in runner.run(
        simulate_batch, spec, runner.split(games, _RECORDS_BATCH if records else None)
    ):
        stats.merge(batch)
        if on_game is not None:
            for index, text in played:
                on_game(index, text)
    stats.seconds = time.perf_counter() - start
    return stats
