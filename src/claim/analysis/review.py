"""The post-game analysis of a record: every decision weighed from what its player knew.

For each position of the record where the player to act had more than one legal move, the search
bot (:meth:`claim.bots.search.SearchBot.evaluate`) estimates that player's chance of winning
after each legal move, from determinizations of *that player's* knowledge at that moment
(``claim.core.view.determinize``) — never from the hidden cards, so a move is judged by what
could be known when it was made, not by how the cards turned out to lie. The decision records
the chance after the move made, the best move and its chance, the drop between them and its
name (:mod:`claim.analysis.verdicts`). A forced move (one legal move) is not a decision.

Seeded: decision ``i`` searches with seed ``seed * 1_000_003 + i``, so the same record, budget
and seed give the same analysis, whichever order or process the decisions are weighed in
(``jobs``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from claim.analysis.verdicts import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    VERDICTS,
    loss_words,
    margin,
    verdict,
)
from claim.bots.search import MoveValue, SearchBot
from claim.core import records
from claim.core.engine import apply, current_player, legal_actions
from claim.core.old_moves import upgrade_move
from claim.core.state import State
from claim.core.worlds import determinize
from claim.text.describe import move_text
from claim.text.hints import AFTER_HINT

#: simulations per decision unless told (``--budget``): a whole base game in about ten seconds
#: on one core here, one with every expansion in well under a minute (docs/analysis.md)
DEFAULT_BUDGET = 1000
#: the fewest simulations a decision may get: below it the estimates are noise
MIN_BUDGET = 20
#: the share of a decision's budget spread evenly over its moves (every move measured), the rest
#: going to the promising ones as in a search (:meth:`SearchBot.evaluate`)
SPREAD = 0.5
#: the JSON's format name (docs/analysis.md)
FORMAT = "claim-analysis/1"


@dataclass(frozen=True)
class Choice:
    """One legal move of a decision: the deciding player's chance of winning after it."""

    move: str
    chance: float
    simulations: int


@dataclass(frozen=True)
class Decision:
    """A position where the player to act had a choice, and how the move made compares."""

    ply: int  # the move's index in the record's moves
    player: int
    phase: int
    trick: int  # the trick's number within its phase
    move: str
    chance: float  # the player's chance of winning after the move made
    best: str
    best_chance: float
    drop: float  # best_chance - chance, never below 0
    noise: float  # the drop's margin of error (verdicts.margin)
    verdict: str | None
    choices: tuple[Choice, ...]  # every legal move, the best first
    #: the player asked for a hint before this move (the record's ``hinted``, issue 39)
    hinted: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "player": self.player,
            "phase": self.phase,
            "trick": self.trick,
            "move": self.move,
            "move_text": move_text(self.move),
            "chance": round(self.chance, 4),
            "best": self.best,
            "best_text": move_text(self.best),
            "best_chance": round(self.best_chance, 4),
            "drop": round(self.drop, 4),
            "noise": round(self.noise, 4),
            # the drop as printed, and the name decided on those same figures (verdicts.py)
            "loss": loss_words(self.drop, self.noise),
            "verdict": self.verdict,
            "choices": [
                {"move": c.move, "chance": round(c.chance, 4), "simulations": c.simulations}
                for c in self.choices
            ],
            "hinted": self.hinted,
            # the page shows the mark in the server's words (claim.text.hints)
            "hinted_text": AFTER_HINT if self.hinted else None,
        }


@dataclass(frozen=True)
class PlayerSummary:
    """One player's decisions in numbers."""

    decisions: int
    counts: dict[str, int]  # verdict name -> how many
    average_drop: float  # the mean drop over the player's decisions (0 without any)

    def to_json(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "inaccuracies": self.counts["inaccuracy"],
            "mistakes": self.counts["mistake"],
            "blunders": self.counts["blunder"],
            "average_drop": round(self.average_drop, 4),
        }


@dataclass(frozen=True)
class Analysis:
    """A whole record's analysis."""

    budget: int
    seed: int
    moves: int  # the record's moves
    decisions: tuple[Decision, ...]
    finished: bool
    winner: int | None  # None: a draw, or the game is not finished
    votes: tuple[int, int] | None
    reason: str | None  # what decided the game (GameResult.reason), None while it goes on

    def summary(self, player: int) -> PlayerSummary:
        mine = [d for d in self.decisions if d.player == player]
        counts = {name: sum(1 for d in mine if d.verdict == name) for name, _ in VERDICTS}
        average = sum(d.drop for d in mine) / len(mine) if mine else 0.0
        return PlayerSummary(len(mine), counts, average)

    def chances(self) -> list[tuple[int, float]]:
        """Player 0's chance of winning after each decision, as ``(ply, chance)``: the chart of
        the game (player 1's is one minus it)."""
        return [(d.ply, d.chance if d.player == 0 else 1.0 - d.chance) for d in self.decisions]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "budget": self.budget,
            "seed": self.seed,
            "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER},
            "moves": self.moves,
            "finished": self.finished,
            "winner": self.winner,
            "votes": list(self.votes) if self.votes is not None else None,
            "reason": self.reason,
            "players": [self.summary(p).to_json() for p in (0, 1)],
            "chances": [{"ply": ply, "player0": round(c, 4)} for ply, c in self.chances()],
            "decisions": [d.to_json() for d in self.decisions],
        }


def analyse(
    record: Any,
    budget: int = DEFAULT_BUDGET,
    seed: int = 1,
    jobs: int = 1,
    progress: Callable[[], None] | None = None,
    plies: Collection[int] | None = None,
) -> Analysis:
    """Analyse every decision of ``record`` (a game record, finished or not) with ``budget``
    simulations each (only the moves at ``plies``, when given); ``progress()`` is called once
    per decision weighed. A bad record raises the one-line ``ClaimError`` that replaying it
    would."""
    check_budget(budget)
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    final = records.replay(record)  # checks the whole record first: one clear error, no work
    positions = [p for p in _positions(record) if plies is None or p[0] in plies]
    decisions: list[Decision] = []
    if jobs == 1 or len(positions) < 2:
        for ply, state, move in positions:
            decisions.append(weigh(state, move, ply, budget, seed))
            if progress is not None:
                progress()
    else:
        workers = min(jobs, len(positions), os.cpu_count() or 1)
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(weigh_at, record, p[0], budget, seed) for p in positions]
            for future in futures:
                decisions.append(future.result())
                if progress is not None:
                    progress()
    return _assemble(final, decisions, budget, seed, records.hinted(record))


def check_budget(budget: int) -> None:
    """Refuse a budget below :data:`MIN_BUDGET` (ValueError, one line)."""
    if budget < MIN_BUDGET:
        raise ValueError(f"the budget must be at least {MIN_BUDGET} simulations a decision")


def assemble(record: Any, decisions: Sequence[Decision], budget: int, seed: int) -> Analysis:
    """The analysis of ``record`` from its weighed ``decisions`` (in the record's order), for
    a caller that weighs them itself (:func:`weigh_at` in its own workers: the web server)."""
    return _assemble(records.replay(record), decisions, budget, seed, records.hinted(record))


def _assemble(
    final: State,
    decisions: Sequence[Decision],
    budget: int,
    seed: int,
    hinted: Collection[int] = (),
) -> Analysis:
    """The analysis from the record's final state (replayed once) and its decisions, those made
    after a hint (``hinted``: the record's move indices) marked."""
    marked = set(hinted)
    decisions = [replace(d, hinted=True) if d.ply in marked else d for d in decisions]
    result = final.result
    return Analysis(
        budget=budget,
        seed=seed,
        moves=len(final.moves),
        decisions=tuple(decisions),
        finished=result is not None,
        winner=result["winner"] if result is not None else None,
        votes=(result["votes_won"][0], result["votes_won"][1]) if result is not None else None,
        reason=result["reason"] if result is not None else None,
    )


def decision_plies(record: Any) -> list[int]:
    """The moves of ``record`` that are decisions (more than one legal move): what
    :func:`analyse` weighs."""
    return [ply for ply, _, _ in _positions(record)]


def decision_count(record: Any) -> int:
    """How many decisions :func:`analyse` will weigh (for a progress bar)."""
    return len(decision_plies(record))


def _positions(record: Any) -> Iterator[tuple[int, State, str]]:
    """``(ply, state before the move, the move as the engine spells it)`` for every move of
    ``record`` made where the player had more than one legal move (a copy of the state each)."""
    state = records.initial_state(record)
    moves: Sequence[str] = record.get("moves") or []
    for ply, raw in enumerate(moves):
        move = upgrade_move(state, raw, f"moves[{ply}]")
        if len(legal_actions(state)) > 1:
            yield ply, state.clone(), move
        apply(state, move)


def weigh_at(record: Any, ply: int, budget: int, seed: int) -> Decision:
    """:func:`weigh` the decision at ``ply`` of ``record`` (for a worker process: the record
    travels, not the state)."""
    state = records.replay(record, ply)
    move = upgrade_move(state, record["moves"][ply], f"moves[{ply}]")
    return weigh(state, move, ply, budget, seed)


def ranked(values: Sequence[MoveValue], legal: Sequence[str]) -> list[Choice]:
    """A search's root moves as choices, the best first (the hint's order too, claim.analysis.
    hint). A move's chance is the mean of its later simulations (MoveValue.late): the earlier
    ones ran while the tree below it was still exploring, which drags the mean of a move that
    needs exact play afterwards down (docs/analysis.md, "How good are the estimates"). The best
    move is the search's own pick, the most simulated (the highest mean alone would favour
    whichever move was luckiest: the winner's curse)."""
    return sorted(
        (Choice(v.move, v.late, v.visits) for v in values),
        key=lambda c: (-c.simulations, -c.chance, legal.index(c.move)),
    )


def weigh(state: State, move: str, ply: int, budget: int, seed: int) -> Decision:
    """The decision of the player to act in ``state``, who made ``move``: every legal move's
    chance from that player's knowledge alone (determinizations of ``state`` for them)."""
    player = current_player(state)
    assert player is not None, "a finished game has no decision"
    legal = legal_actions(state)
    bot = SearchBot(seed * 1_000_003 + ply, iterations=budget)

    def sample(rng: Any) -> State:
        return determinize(state, player, rng)

    choices = ranked(bot.evaluate(legal, sample, spread=SPREAD, focus=move), legal)
    best = choices[0]
    made = next(c for c in choices if c.move == move)
    drop = max(0.0, best.chance - made.chance)
    noise = margin(best.chance, best.simulations // 2, made.chance, made.simulations // 2)
    trick = state.trick
    return Decision(
        ply=ply,
        player=player,
        phase=state.phase,
        trick=state.number if trick is not None else 0,
        move=move,
        chance=made.chance,
        best=best.move,
        best_chance=best.chance,
        drop=drop,
        noise=noise,
        verdict=verdict(drop, noise),
        choices=tuple(choices),
    )
