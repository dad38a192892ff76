"""Inference (issue 39's first lever): weight the drawn worlds by how likely the other player's
past follows were in each, as the strongest Skat and Bridge programs weight theirs.

``claim.determinize`` draws the other hand uniformly among the hands the player cannot rule out
(the voids, what was revealed): a player who ducked under a Goblin 8 with a Goblin 3 is as likely,
there, to hold the Goblin 9 as not. A person reads more: had they held the 9, most players would
have taken the trick with it. This module scores a world by that reading.

**The model of the other player** is the search's own playout follower
(:func:`claim.core.rollout.greedy_follow`, by printed values): with probability
:data:`GREEDY_SHARE` the follower plays its lowest card that beats the led one (else its lowest
card), otherwise any legal card at random. Over 30 heuristic-against-heuristic games with every
expansion (514 follows of two or more legal cards) the heuristic played the printed-value greedy
card 47% of the time, where a random choice would have 29% (55% and 30% on the base game): the
greedy card is played about a quarter to a third more often than chance, so a world in which the
other player's follows were greedy is a little more likely than one in which they were not. The
model reads printed values and the must-follow rule only (no powers): a soft weight, not a rule.

**A world's likelihood** is the product, over the other player's follows in the current phase,
of the model's probability of the card they played given the hand they held then *in that
world*: its hand now, plus the cards they played since (public). A follow the model cannot
explain (a card it thinks was not legal: a power, an artifact, a hero) counts 1.

**The search** (:class:`claim.bots.search.SearchBot` with ``infer``, spec ``search:N+infer``)
draws :data:`CANDIDATES` times as many worlds as it keeps and keeps a weighted resample of them
(systematic resampling: a world of twice the weight is kept about twice as often).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from claim.core import cards
from claim.core.engine import can_follow, current_player
from claim.core.state import State

#: the model's share of greedy follows beyond chance (module doc: the heuristic played the greedy
#: card 47% of the time where chance gives 29%: (0.47 - 0.29) / (1 - 0.29) = 0.25)
GREEDY_SHARE = 0.25
#: worlds drawn for each world kept
CANDIDATES = 3

FACTION = cards.FACTION
VALUE = cards.VALUE


def follow_probability(hand: list[int], card: int, led: str, led_value: int) -> float:
    """The model's probability that a follower holding ``hand`` plays ``card`` on a lead of
    faction ``led`` and value ``led_value``; 1 when the model does not see the play as legal.

    >>> goblins = [cards.CODE.index(f"goblins:{v}") for v in (3, 9)]
    >>> round(follow_probability(goblins, goblins[0], "goblins", 8), 3)  # ducked, the 9 in hand
    0.375
    >>> round(follow_probability(goblins[:1], goblins[0], "goblins", 8), 3)  # no 9: forced
    1.0
    """
    following = [c for c in hand if can_follow(c, led)]
    legal = following or hand
    if card not in legal or len(legal) == 1:
        return 1.0
    # only a card that follows can beat the lead (printed values, no powers)
    pool = [c for c in following if VALUE[c] > led_value] or legal
    low = min(VALUE[c] for c in pool)
    greedy = [c for c in pool if VALUE[c] == low]
    chance = (1.0 - GREEDY_SHARE) / len(legal)
    return chance + (GREEDY_SHARE / len(greedy) if card in greedy else 0.0)


def log_likelihood(world: State, player: int) -> float:
    """The log of the model's probability of the other player's follows this phase in
    ``world``, seen by ``player`` (module doc)."""
    other = 1 - player
    phase = world.phase
    held = list(world.hands[other])  # their hand, then as it was before each trick, going back
    trick = world.trick
    if trick is not None:
        held.extend(card for who, card in trick.plays if who == other)
    total = 0.0
    for record in reversed(world.history):
        if record[0] != phase:
            break
        plays = record[4]
        if len(plays) != 2:
            continue
        (leader, led_card, led_value, declared), (follower, card, _, _) = plays
        if follower == other:
            led = declared or FACTION[led_card]
            held.append(card)
            total += math.log(follow_probability(held, card, led, led_value))
        elif leader == other:
            held.append(led_card)
    return total


def inferred_worlds(
    sample: Callable[[random.Random], State], rng: random.Random, count: int
) -> list[State]:
    """``count`` worlds: a weighted resample of ``CANDIDATES * count`` drawn by ``sample``
    (module doc), in the order drawn."""
    drawn = [sample(rng) for _ in range(CANDIDATES * count)]
    player = current_player(drawn[0])
    assert player is not None, "a determinization of a finished game"
    logs = [log_likelihood(world, player) for world in drawn]
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    step = sum(weights) / count
    at = rng.random() * step
    kept: list[State] = []
    running = 0.0
    for world, weight in zip(drawn, weights, strict=True):
        running += weight
        while at < running and len(kept) < count:
            kept.append(world)
            at += step
    while len(kept) < count:  # rounding: the last world fills the count
        kept.append(drawn[-1])
    return kept
