"""Playouts: a game played to its end by a cheap policy, for the search bots' simulations.

It lives in the core so that it is compiled with the engine (``scripts/build_core.py``): a
playout is the inner loop of every search (thousands per move), and interpreted, the policy's
own steps cost about as much as the engine's. The policy is generic — moves stay opaque
strings, so every decision kind the engine has or will have works:

- a decision that is not a card play (take, smash, crown, tuck, peek, pass, ...) is answered
  uniformly at random, and so is a lead (but see ``lead``);
- a *follower* who can beat the led card's printed value plays, with probability ``greedy``, its
  lowest card that does, and otherwise sheds its lowest card; the rest of the time a random
  card (so the rollouts still explore). Printed values ignore the powers: a nudge towards
  sensible play, not a rule;
- with ``aware`` (issue 39, power-aware playouts), "beats" is what the engine says: each card the
  follower may play is tried on a copy of the state (``clone(history=False)`` and ``apply``, about
  9 µs with every expansion) and wins the trick if the powers, the locations and the artifacts
  make it win (a Knight against a Goblin, a Doppelganger's copied value, a Mummy on a 7 or more...);
  the follower plays its lowest winning card, or sheds its lowest. A trick whose winner waits on
  a decision counts by printed value. Rules stay in the engine: the policy only reads its result;
- with ``lead`` (issue 39, a leader that plays for the prize), a Phase One leader plays, with
  probability ``greedy``, its highest card when the face-up prize's printed value is at least
  :data:`WORTH_LEADING_HIGH`, else its lowest (a junk prize is not worth a high card: Phase One's
  cards win only prizes); a Phase Two lead stays random. A better follower alone made the
  search weaker (docs/bots.md): a follower that wins every trick it can punishes random leads
  harder than a real leader is punished, and this asks whether a leader who plays for the prize
  restores the balance;
- with ``patient`` (issue 39), a decision that offers only uses and ``pass`` — an artifact's
  window, a one-shot hero — is passed with probability :data:`PATIENCE`, and otherwise answered
  at random. A uniformly random answer uses an artifact at the first window it opens (a Wishing
  Lamp's window offers dozens of uses and one pass), so a playout spends every artifact in its
  first tricks, which no player does; a patient one spends them over the game.

Every random draw comes from ``rng``: the same state, player and generator state give the same
playout on both builds.
"""

from __future__ import annotations

import random
from typing import Final

from claim.core import cards
from claim.core.engine import apply, legal
from claim.core.state import State

VALUE: Final = cards.VALUE
#: the least printed value of a Phase One prize for which a ``lead`` playout's leader leads high
WORTH_LEADING_HIGH: Final = 5
#: the probability that a ``patient`` playout passes a decision of uses and ``pass``: an
#: artifact's window opens about twice a trick, so one in ten spends it after five tricks or so
PATIENCE: Final = 0.9


def playout(
    s: State,
    player: int,
    rng: random.Random,
    greedy: float,
    aware: bool = False,
    lead: bool = False,
    patient: bool = False,
) -> float:
    """Play ``s`` to the end with the policy above; ``player``'s result: 1 for a win, 0.5 for a
    draw, 0 for a loss. ``s`` is played in place (pass a clone). Without ``lead`` a lead draws
    nothing more from ``rng`` than before (nor without ``patient`` a decision), so the default
    playouts stay the same move for move."""
    rand = rng.random
    while s.result is None:
        moves = legal(s)  # the engine's own list, read only: no copy per move
        n = len(moves)
        if n == 1:
            apply(s, moves[0])
            continue
        move = moves[int(rand() * n)]
        if patient and s.tasks:
            if moves[n - 1] == "pass" and moves[0].startswith("use ") and rand() < PATIENCE:
                move = "pass"
            apply(s, move)
            continue
        trick = s.trick
        if not s.tasks and trick is not None:
            played = len(trick.plays)
            if played == 1:
                if rand() < greedy:
                    move = greedy_follow(s, move, aware)
            elif lead and played == 0 and trick.prize >= 0 and rand() < greedy:
                move = prize_lead(s, move)
        apply(s, move)
    result = s.result
    assert result is not None
    winner = result["winner"]
    if winner is None:
        return 0.5
    return 1.0 if winner == player else 0.0


def greedy_follow(s: State, move: str, aware: bool) -> str:
    """The follower's greedy card in ``s`` (a follower to play, no decision pending): the lowest
    card that beats the led one (by printed value, or with ``aware`` as the engine resolves the
    trick), else the lowest card; ``move`` when the engine keeps no list of the cards played."""
    trick = s.trick
    cache = s.legal_cache
    if trick is None or cache is None:  # the moves with the card each plays
        return move
    value = VALUE
    led = trick.values[0]
    beat = -1
    low = -1
    beat_move = low_move = move
    moves_of, cards_of, _ = cache
    follower = 1 - trick.plays[0][0]
    for i in range(len(moves_of)):
        mv = moves_of[i]
        v = value[cards_of[i]]
        wins = v > led
        if aware:
            wins = _wins_trick(s, mv, follower, wins)
        if wins and (beat < 0 or v < beat):
            beat = v
            beat_move = mv
        if low < 0 or v < low:
            low = v
            low_move = mv
    return beat_move if beat >= 0 else low_move


def prize_lead(s: State, move: str) -> str:
    """The Phase One leader's card in ``s`` (a leader to play, no decision pending): its highest
    card by printed value when the prize is worth at least :data:`WORTH_LEADING_HIGH`, else its
    lowest (the first in legal order on a tie); ``move`` when the engine keeps no list of the
    cards played."""
    trick = s.trick
    cache = s.legal_cache
    if trick is None or cache is None:
        return move
    value = VALUE
    high = value[trick.prize] >= WORTH_LEADING_HIGH
    moves_of, cards_of, _ = cache
    best = -1
    chosen = move
    for i in range(len(moves_of)):
        v = value[cards_of[i]]
        if best < 0 or (v > best if high else v < best):
            best = v
            chosen = moves_of[i]
    return chosen


def _wins_trick(s: State, move: str, follower: int, printed: bool) -> bool:
    """Whether ``move`` wins the trick for ``follower``, as the engine resolves it on a copy of
    ``s``; ``printed`` (the printed-value guess) when the winner waits on a decision."""
    copy = s.clone(history=False)
    trick = copy.trick
    assert trick is not None
    apply(copy, move)
    winner = trick.winner
    if winner < 0:
        return printed
    return winner == follower
