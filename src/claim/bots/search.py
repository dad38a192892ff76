"""The search bot: information-set Monte Carlo tree search over determinizations.

Algorithm — Perfect Information Monte Carlo (PIMC) with a UCB1 bandit at the root, the "flat"
form of determinized search (Long et al. 2010; the bandit as in Cowling, Powley and Whitehouse
2012's determinized UCT with one ply):

1. The bot never sees the true state. It draws ``K`` *determinizations* with the runner's
   ``sample(rng)`` (``claim.determinize``: a full state consistent with everything the deciding
   player knows, the hidden cards re-dealt at random) and reuses them round-robin: the ``j``-th
   simulation of a move uses determinization ``j mod K``, so every move is measured on the same
   deals (common random numbers: the comparison between moves has far less noise than each
   estimate alone), and a determinization (~120 µs) is paid for once, not per simulation.
2. Each iteration picks a root move by UCB1 (every move once first, in legal order; then the
   highest ``mean + C * sqrt(ln N / n)``, ties to the earlier move), clones its determinization
   with ``clone(history=False)`` (~5 µs), applies the move and plays the game out to the end with
   the rollout policy below. The result counts 1 for a win of the deciding player (the player to
   act in the sampled state), 0.5 for a draw and 0 for a loss.
3. The move played is the most visited one (ties: the higher mean, then legal order).

Below the root, by default, a **tree** (single-observer information-set MCTS, Cowling, Powley
and Whitehouse 2012, "Information Set Monte Carlo Tree Search"; ``tree=False`` plays the flat
search of step 2, the bot before issue 22's second round): the nodes are the decisions that
follow the root move, keyed by the moves made since — the same node for every determinization,
so it gathers what a move is worth over all the hands the other player may hold, which is what
the deciding player can know. Each simulation walks down the tree from the root move's node, in
each node choosing among the moves legal in *this* determinization: first a move never tried
there (in legal order), else the highest ``mean + C * sqrt(ln A / n)``, where ``A`` counts the
simulations in which the move was available (the ISMCTS form of UCB1) and the mean is from the
side of the player who makes the move; one new node is added per simulation, and the rollout
policy plays the rest. A node's children are split by what a new trick shows — its phase,
number and face-up prize(s) — so that a plan for the next trick is not averaged over prizes
that are different cards (a chance outcome every player sees). Forced moves (one legal move)
make no node. In Phase Two of the base game nothing is hidden, and the tree is plain UCT.

Measured against the heuristic over the same 200 base-game deals (seed 7000, docs/bots.md): flat
search with 1,000 simulations 79.0%, the tree 81.5%; with 3,000, flat 84.0% and the tree 83.5%.
The tree is not measurably stronger in games; it is kept because it is right where the flat
search is not (it plays perfect-information end games exactly, a test checks it, where flat
search with the same budget misses a third of them) for about 13% more time per simulation.
The budget is what the games showed to matter: ``hard`` went from 1,000 to 5,000 simulations
(about 0.4 s a move on the base game here; docs/bots.md has the times).

Rollout policy (:func:`claim.core.rollout.playout`, compiled with the core) — cheap and
generic (moves stay opaque strings, so every decision kind the engine has or will have works): a
decision that is not a card play is answered uniformly at random; a card play is random too,
except that a *follower* who can beat the led card's printed value plays its lowest card that
does, and otherwise sheds its lowest card, with probability :data:`GREEDY` (the rest random, so
the rollouts still explore).

Budgets that spend nothing on trivial decisions (issue 22; ``adaptive=False`` turns them off):

- a decision that plays no card (an artifact window, a power's decision) gets
  :data:`OTHER_SHARE` of the budget (at least :data:`MIN_OTHER` simulations per move): passing
  or the obvious answer is nearly always right there, and over games with every expansion the
  whole budget picked another move than a second full search a good half of the time;
- every :data:`CHECK_EVERY` simulations the search stops when (1) the most visited move leads
  every other by more than the simulations left (the whole budget would play it: free), (2)
  every move, simulated :data:`MIN_VISITS` times, won every simulation or lost every one (the
  game is decided), or (3) once :data:`MIN_SPENT` of the budget is spent, the best mean's lower
  bound is above every other move's upper bound (mean -/+ :data:`CONFIDENCE` / sqrt(n)).

The stops read the simulation counts only, so a fixed budget stays deterministic.

Variants for experiments (issue 39's levers, ``claim.bots.SEARCH_OPTIONS``: ``search:200+flat``
and so on; docs/bots.md has what each measured): ``tree=False`` (``+flat``), ``aware``
(power-aware playouts, ``+aware``), ``lead`` (a playout leader who plays for the prize,
``+lead``), ``patient`` (playouts that keep their artifacts for later, ``+patient``),
``infer`` (worlds weighted by the other player's past
follows, :mod:`claim.bots.inference`, ``+infer``), and the adaptive budgets' two parts apart,
``share=False`` (``+noshare``) and ``stops=False`` (``+nostop``); and ``prior``
(``+prior``): the heuristic's move from the same view counts, at the root, as
:data:`PRIOR_SHARE` of the budget more simulations, each at the mean of all the simulations so
far, so the search plays another move only where it measured one better — the search as a
check on the hand-written player rather than a replacement for it.

Strengths are iteration budgets (:data:`ITERATIONS`); ``iterations=`` overrides them and
``seconds=`` searches for a wall-clock time instead (the only mode that reads a clock, so the
only one whose moves depend on the machine). With a fixed budget the bot is deterministic: every
random draw — the determinizations, the rollouts — comes from its own seeded generator, so the same
seed and the same sampler give the same move. One legal move is returned without searching.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, NamedTuple, TypeAlias

from claim.bots.base import Sampler
from claim.bots.inference import inferred_worlds
from claim.core.cards import PRESETS
from claim.core.engine import apply, current_player, legal_actions
from claim.core.engine import legal as engine_legal
from claim.core.rollout import playout
from claim.core.setup import GameConfig
from claim.core.state import State
from claim.core.view_types import View

if TYPE_CHECKING:  # imported where a prior is asked for: 33 ms that other searches need not pay
    from claim.bots.heuristic import HeuristicBot

#: iterations (simulations) per move for each strength: a ceiling, lowered by
#: :data:`WORK_CEILING` where simulations cost more
ITERATIONS: dict[str, int] = {"easy": 50, "medium": 200, "hard": 5000}
#: the most a strength's search may spend on a move, in simulations of the base game (about
#: 0.4 s a move on average here, at most about 1 s): a game whose simulations cost ``c`` base
#: ones (:func:`simulation_cost`) gets at most ``WORK_CEILING / c`` simulations, so ``hard``
#: thinks about as long whatever is in play (issue 22: under about a second a move)
WORK_CEILING = 5000
#: what a simulation costs against one of the base game, per component in play (multiplied):
#: simulations per second measured with each alone (docs/bots.md, "The tree and the budget"):
#: base game 6,030, a random deck 4,994, 5 heroes 5,806, a random Setting and Building 4,788,
#: artifacts 3,190; every expansion at once 2,044, which the product (2.99) predicts (2.95)
COST_DECK = 1.2  # any deck but the base game's
COST_HEROES = 1.05
COST_LOCATIONS = 1.25  # a Setting, a Building or both
COST_ARTIFACTS = 1.9
#: the UCB1 exploration constant (results lie in [0, 1])
EXPLORATION = 0.7
#: the most determinizations a search draws; they are reused round-robin
MAX_DETERMINIZATIONS = 40
#: the probability that a rollout follower plays the greedy card instead of a random one
GREEDY = 0.75
#: the share of the budget a decision that plays no card gets (an artifact window, a power's
#: decision: passing or the obvious answer is nearly always right there), at least
#: :data:`MIN_OTHER` simulations per legal move
OTHER_SHARE = 0.25
MIN_OTHER = 10
#: with ``prior`` (issue 39, ``+prior``): the heuristic's move counts as this share of the
#: budget more simulations, each at the mean of every simulation so far (neutral: it adds
#: confidence, not value) — in the choice by visits, in UCB1's mean and in the early stops —
#: so another move must be measured better to be played instead
PRIOR_SHARE = 0.1
#: the early stop is checked every this many simulations
CHECK_EVERY = 10
#: the confidence stop: once every move has :data:`MIN_VISITS` simulations and a
#: :data:`MIN_SPENT` share of the budget is spent, the search stops when the move of the best
#: mean is better than every other by more than both confidence radii, CONFIDENCE / sqrt(n)
#: (two standard deviations of a win/loss mean; the comparison uses the same determinizations
#: for every move, so it is conservative)
MIN_VISITS = 10
MIN_SPENT = 0.25
CONFIDENCE = 1.0


class MoveValue(NamedTuple):
    """A root move after a search: its simulations and wins (a draw counts half) for the
    deciding player."""

    move: str
    visits: int
    wins: float
    #: the mean of the later half of its simulations (:meth:`SearchBot.evaluate`; 0 from a
    #: bot's own search): the early ones ran while the tree below was still exploring
    late: float = 0.0

    @property
    def mean(self) -> float:
        """The deciding player's estimated chance of winning after the move (0 unsimulated)."""
        return self.wins / self.visits if self.visits else 0.0


def _late(results: list[float] | tuple[()]) -> float:
    """The mean of the later half of ``results`` (0 for none)."""
    half = results[len(results) // 2 :]
    return sum(half) / len(half) if half else 0.0


class SearchBot:
    """Determinized Monte Carlo search (PIMC + UCB1 at the root); see the module doc."""

    name = "search"
    #: it decides from ``sample`` (determinizations) alone, never from the view
    uses_view = False

    def __init__(
        self,
        seed: int | None = None,
        strength: str = "medium",
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        adaptive: bool = True,
        tree: bool = True,
        share: bool = True,
        stops: bool = True,
        aware: bool = False,
        lead: bool = False,
        patient: bool = False,
        infer: bool = False,
        prior: bool = False,
    ) -> None:
        if strength not in ITERATIONS:
            raise ValueError(f"unknown strength {strength!r}; strengths are: easy, medium, hard")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        self.rng = random.Random(seed)
        self.strength = strength
        self.seconds = seconds
        #: with ``seconds`` and no explicit ``iterations`` the search runs until the time is up
        self.iterations = iterations if iterations is not None else ITERATIONS[strength]
        #: a strength's budget is lowered where simulations cost more (:data:`WORK_CEILING`);
        #: an explicit ``iterations`` is taken as it is
        self.scaled = iterations is None
        self.time_only = seconds is not None and iterations is None
        #: the rollout's greedy-follow probability (:data:`GREEDY`)
        self.greedy = GREEDY
        #: simulations run by the last search (for benchmarks)
        self.last_simulations = 0
        #: spend less where the choice cannot matter much (module doc); False: the whole budget
        #: on every decision, as before issue 22. Its two parts apart (issue 39's measurements):
        #: ``share``, a decision that plays no card gets :data:`OTHER_SHARE` of the budget;
        #: ``stops``, the early stops
        self.adaptive = adaptive
        self.share = adaptive and share
        self.stops = adaptive and stops
        #: power-aware playouts (:func:`claim.core.rollout.playout`'s ``aware``)
        self.aware = aware
        #: a playout leader who plays for the prize (:func:`claim.core.rollout.playout`'s ``lead``)
        self.lead = lead
        #: playouts that keep artifacts for later (:func:`claim.core.rollout.playout`'s
        #: ``patient``)
        self.patient = patient
        #: worlds weighted by the other player's past follows (:mod:`claim.bots.inference`)
        self.infer = infer
        #: the heuristic's move, from the same view, as a prior at the root (:data:`PRIOR_SHARE`)
        self.prior: HeuristicBot | None = None
        if prior:
            from claim.bots.heuristic import HeuristicBot

            self.prior = HeuristicBot(seed)
        #: a search with a prior reads the view (the heuristic's); without, determinizations only
        self.uses_view = prior
        #: search a tree below the root moves (module doc); False: the flat search
        self.tree = tree
        #: the nodes the last search added below its root moves (for tests and benchmarks)
        self.last_nodes = 0
        #: every root move's simulations and wins in the last search (:meth:`evaluate`)
        self.last_values: list[MoveValue] = []

    def choose(self, view: View, legal: list[str], sample: Sampler | None = None) -> str:
        self.last_simulations = 0
        if len(legal) == 1:
            return legal[0]
        if sample is None:  # no way to see a state: a fair bot can only guess
            return legal[self.rng.randrange(len(legal))]
        favoured = -1
        if self.prior is not None:  # the heuristic reads the same view: what the player knows
            favoured = legal.index(self.prior.choose(view, legal))
        return self._search(legal, sample, favoured=favoured)

    def evaluate(
        self, legal: list[str], sample: Sampler, spread: float = 0.5, focus: str | None = None
    ) -> list[MoveValue]:
        """Every legal move's value for the player to act (the post-game analysis,
        :mod:`claim.analysis`), in legal order: the same search as :meth:`choose`, except that
        ``spread`` of the budget goes round-robin over the moves first (every move is measured,
        on the same determinizations, not only the promising ones) and the whole budget is
        spent (no early stop, no smaller share for a decision that plays no card), raised to one
        simulation per move where it is smaller. A single legal move is searched too: its value
        is the position's.

        ``focus`` (the move a player made): after the even share, it is simulated instead of
        UCB1's pick whenever it has fewer simulations than that move, so it ends with about as
        many as the best move. A move's mean is biased down while the tree below it still
        explores (a win that needs exact play looks worse until the tree finds that play), so
        two moves compare fairly only at about equal simulations. For the same reason each
        :class:`MoveValue` also carries the mean of its later simulations (``late``)."""
        if not 0.0 <= spread <= 1.0:
            raise ValueError("spread must be between 0 and 1")
        floor = max(1, int(self.iterations * spread) // len(legal))
        self.last_simulations = 0
        at = legal.index(focus) if focus is not None else -1
        self._search(
            legal, sample, floor=floor, adaptive=False, minimum=len(legal), focus=at, keep=True
        )
        return list(self.last_values)

    # -- the search ---------------------------------------------------------------------------

    def _search(
        self,
        legal: list[str],
        sample: Sampler,
        floor: int = 1,
        adaptive: bool | None = None,
        minimum: int = 0,
        focus: int = -1,
        keep: bool = False,
        favoured: int = -1,
    ) -> str:
        """The search (module doc); every move is simulated ``floor`` times round-robin before
        UCB1 picks (once: the bot's own search); ``adaptive`` overrides :attr:`adaptive`; the
        budget is at least ``minimum`` simulations; the move at ``focus`` keeps up with UCB1's
        picks and ``keep`` keeps every result for :attr:`MoveValue.late` (:meth:`evaluate`)."""
        rng = self.rng
        worlds: list[tuple[State, int, set[str]]] = []  # (state, deciding player, its legal moves)
        if self.infer:  # the worlds drawn at once, weighted (claim.bots.inference)
            sample = _drawn_from(inferred_worlds(sample, rng, self._worlds_wanted()))
        first = sample(rng)
        player = current_player(first)
        assert player is not None, "a determinization of a finished game"
        worlds.append((first, player, set(legal_actions(first))))
        budget = self.iterations
        if self.scaled:
            budget = min(budget, max(1, int(WORK_CEILING / simulation_cost(first.config))))
        seconds = self.seconds
        share = self.share if adaptive is None else adaptive
        stops = self.stops if adaptive is None else adaptive
        if share and not _plays_a_card(legal):
            budget = max(int(budget * OTHER_SHARE), MIN_OTHER * len(legal))
            if seconds is not None:
                seconds *= OTHER_SHARE
        budget = max(budget, minimum)
        deadline = time.perf_counter() + seconds if seconds is not None else None
        k_max = MAX_DETERMINIZATIONS if self.time_only else min(budget, MAX_DETERMINIZATIONS)

        n_moves = len(legal)
        #: the favoured move's simulations that count without being run (``prior``)
        extra = int(PRIOR_SHARE * budget) if favoured >= 0 else 0
        #: below each root move: its children by what the position after it shows (tree only)
        below: list[dict[Shown, Node]] = [{} for _ in range(n_moves)]
        self.last_nodes = 0
        visits = [0] * n_moves
        wins = [0.0] * n_moves
        total = 0
        won_total = 0.0  # the wins of every simulation (a prior's value: their mean)
        log = math.log
        sqrt = math.sqrt
        stopped = -1  # the move a confidence stop chose
        first_rounds = n_moves * floor  # the simulations spread evenly over the moves first
        #: each simulation's result by move, kept for :meth:`evaluate` only (MoveValue.late)
        results: list[list[float]] | None = [[] for _ in range(n_moves)] if keep else None
        while True:
            if deadline is not None and total and time.perf_counter() >= deadline:
                break
            if not self.time_only and total >= budget:
                break
            if stops and total >= first_rounds and total % CHECK_EVERY == 0:
                left = -1 if self.time_only else budget - total
                counted, won = _with_prior(visits, wins, favoured, extra, won_total / total)
                stopped = _settled(counted, won, left, total >= MIN_SPENT * budget)
                if stopped >= 0:
                    break
            if total < first_rounds:
                m = total % n_moves
            else:
                best = -1.0
                m = 0
                c_ln = EXPLORATION * sqrt(log(total))
                for i in range(n_moves):
                    n = visits[i]
                    if n:
                        w = wins[i]
                        if i == favoured:  # _with_prior's counts, inline: no copy a simulation
                            n += extra
                            w += extra * won_total / total
                        score = w / n + c_ln / sqrt(n)
                        if score > best:
                            best = score
                            m = i
                if focus >= 0 and visits[focus] < visits[m]:
                    m = focus
            j = visits[m]
            if j >= len(worlds) and len(worlds) < k_max:
                world = sample(rng)
                player = current_player(world)
                assert player is not None, "a determinization of a finished game"
                worlds.append((world, player, set(legal_actions(world))))
            move = legal[m]
            world, player, world_legal = worlds[j % len(worlds)]
            if move not in world_legal:  # cannot happen for a consistent sampler; stay safe
                world, player, world_legal = next(
                    (w for w in worlds if move in w[2]), (world, player, world_legal)
                )
            result = 0.0
            if move in world_legal:
                s = world.clone(history=False)
                apply(s, move)
                if self.tree:
                    result = self._descend(below[m], s, player)
                else:
                    result = playout(
                        s, player, rng, self.greedy, self.aware, self.lead, self.patient
                    )
            wins[m] += result
            visits[m] += 1
            total += 1
            won_total += result
            if results is not None:
                results[m].append(result)
        self.last_simulations = total
        self.last_values = [
            MoveValue(legal[i], visits[i], wins[i], _late(results[i] if results else ()))
            for i in range(n_moves)
        ]
        if stopped >= 0:
            return legal[stopped]
        mean = won_total / total if total else 0.5
        counted, won = _with_prior(visits, wins, favoured, extra, mean)
        best_move = max(
            range(n_moves),
            key=lambda i: (counted[i], won[i] / counted[i] if counted[i] else 0.0, -i),
        )
        return legal[best_move]

    def _worlds_wanted(self) -> int:
        """How many worlds a search with inference draws (as many as it would use: one a
        simulation up to :data:`MAX_DETERMINIZATIONS`)."""
        if self.time_only:
            return MAX_DETERMINIZATIONS
        return min(self.iterations, MAX_DETERMINIZATIONS)

    def _descend(self, children: dict[Shown, Node], s: State, player: int) -> float:
        """One simulation below a root move: down the tree (module doc), one node added, then
        a playout; ``player``'s result, added to every node on the way from its mover's side."""
        path: list[tuple[Edge, bool]] = []
        edges = children.get(_shown(s))
        if edges is None:
            edges = children[_shown(s)] = {}
        log = math.log
        sqrt = math.sqrt
        while s.result is None:
            moves = engine_legal(s)  # the engine's own list, read only
            if len(moves) == 1:
                apply(s, moves[0])
                continue
            chosen: Edge | None = None
            move = ""
            for mv in moves:
                edge = edges.get(mv)
                if edge is None:
                    edge = edges[mv] = Edge()
                edge.available += 1
                if chosen is None and edge.visits == 0:
                    chosen = edge
                    move = mv
            expanded = chosen is not None
            if chosen is None:
                best = -1.0
                for mv in moves:
                    edge = edges[mv]
                    score = edge.wins / edge.visits + EXPLORATION * sqrt(
                        log(edge.available) / edge.visits
                    )
                    if score > best:
                        best = score
                        chosen = edge
                        move = mv
            assert chosen is not None
            path.append((chosen, current_player(s) == player))
            apply(s, move)
            if expanded:
                self.last_nodes += 1
                break
            shown = _shown(s)
            nxt = chosen.children.get(shown)
            if nxt is None:
                nxt = chosen.children[shown] = {}
            edges = nxt
        if s.result is None:
            result = playout(s, player, self.rng, self.greedy, self.aware, self.lead, self.patient)
        else:
            winner = s.result["winner"]
            result = 0.5 if winner is None else 1.0 if winner == player else 0.0
        for edge, mine in path:
            edge.visits += 1
            edge.wins += result if mine else 1.0 - result
        return result


def _drawn_from(worlds: list[State]) -> Sampler:
    """A sampler that hands out ``worlds`` in order (then the first again); the search never
    changes a world (it plays on clones), so they are not copied."""
    at = [0]

    def sample(_: random.Random) -> State:
        world = worlds[at[0] % len(worlds)]
        at[0] += 1
        return world

    return sample


#: what a position shows every player that a tree node's children are split by: the phase, the
#: trick's number and its face-up prize(s) (a new trick's prize is a chance outcome, and a plan
#: for one prize is not a plan for another); None between tricks
Shown: TypeAlias = tuple[int, int, tuple[int, ...]] | None


def _shown(s: State) -> Shown:
    trick = s.trick
    if trick is None:
        return None
    return (s.phase, s.number, tuple(trick.prizes))


#: a tree node: the moves tried there, by move string
Node: TypeAlias = dict[str, "Edge"]


class Edge:
    """A move at a tree node: how often it was simulated (``visits``), its wins from the
    mover's side, how often it was legal when the node was visited (``available``, the ISMCTS
    count), and the nodes after it, by what the position then shows."""

    __slots__ = ("available", "children", "visits", "wins")

    def __init__(self) -> None:
        self.visits = 0
        self.wins = 0.0
        self.available = 0
        self.children: dict[Shown, Node] = {}


def simulation_cost(config: GameConfig) -> float:
    """What a simulation of a game set up with ``config`` costs against one of the base game
    (the ``COST_*`` factors of what is in play, multiplied): public facts only (the deck, whether
    heroes, locations and artifacts are in play), so twin views get the same budget.

    >>> simulation_cost(GameConfig())
    1.0
    """
    cost = 1.0
    if config.factions != PRESETS["claim"]:
        cost *= COST_DECK
    if config.heroes:
        cost *= COST_HEROES
    if config.setting is not None or config.building is not None:
        cost *= COST_LOCATIONS
    if config.artifacts:
        cost *= COST_ARTIFACTS
    return cost


def _plays_a_card(legal: list[str]) -> bool:
    """Whether the decision plays a card (a lead or a follow), the decisions that matter most."""
    return any(move.startswith("play ") for move in legal)


def _with_prior(
    visits: list[int], wins: list[float], favoured: int, extra: int, mean: float
) -> tuple[list[int], list[float]]:
    """The root's simulations and wins as the choice counts them: the ``favoured`` move (-1:
    none) with ``extra`` simulations more at ``mean`` each (``prior``)."""
    if favoured < 0 or not extra:
        return visits, wins
    counted, won = visits[:], wins[:]
    counted[favoured] += extra
    won[favoured] += extra * mean
    return counted, won


def _settled(visits: list[int], wins: list[float], left: int, confident: bool) -> int:
    """The move the search may stop on now, or -1 to go on.

    - The choice cannot change: the most visited move (the one played) leads every other by
      more than the ``left`` simulations of the budget (-1: a time budget, never so). It is the
      move the whole budget would play, so this stop costs nothing.
    - Every move simulated :data:`MIN_VISITS` times won every simulation, or lost every one:
      the game is decided whatever the move (the most visited is played).
    - With ``confident`` (enough of the budget spent) and every move simulated
      :data:`MIN_VISITS` times: the best mean's lower bound is above every other move's upper
      bound, mean -/+ :data:`CONFIDENCE` / sqrt(visits).
    """
    n_moves = len(visits)
    top = 0
    for i in range(1, n_moves):
        if visits[i] > visits[top]:
            top = i
    if left >= 0:
        runner_up = 0
        for i in range(n_moves):
            if i != top and visits[i] > runner_up:
                runner_up = visits[i]
        if visits[top] - runner_up > left:
            return top
    best = -1
    best_mean = -1.0
    worst_mean = 2.0
    for i in range(n_moves):
        if visits[i] < MIN_VISITS:
            return -1
        mean = wins[i] / visits[i]
        if mean > best_mean:
            best_mean = mean
            best = i
        worst_mean = min(worst_mean, mean)
    if worst_mean == best_mean and best_mean in (0.0, 1.0):
        return top  # every simulation of every move won (or lost): the game is decided
    if not confident:
        return -1
    floor = best_mean - CONFIDENCE / math.sqrt(visits[best])
    for i in range(n_moves):
        if i != best and wins[i] / visits[i] + CONFIDENCE / math.sqrt(visits[i]) >= floor:
            return -1
    return best
