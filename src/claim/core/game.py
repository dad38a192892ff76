"""A new game: shuffle and deal from a seed (§2 steps 2, 3, 6–7), then the engine starts it.

Above the engine and the setup tables: :mod:`claim.core.setup` says what a game is made of,
:func:`claim.core.engine.start_game` starts one from a given deal, and this module deals one.
"""

from __future__ import annotations

import random

from claim.core import cards
from claim.core.engine import start_game
from claim.core.setup import (
    HAND_SIZE,
    SHADOWS_IN_DECK,
    GameConfig,
    deck_cards,
    draw_extras,
    hero_cards,
    shuffled,
)
from claim.core.state import State, chance_seed_for


def new_game(config: GameConfig | None = None, seed: int | None = None) -> State:
    """Shuffle and deal a new game from ``seed`` (§2 steps 2, 6–7).

    The same config and seed always give the same game: the deal and the setup draws come from
    ``random.Random(seed)``, later random events from a stream derived from the seed.
    """
    config = config or GameConfig()
    rng = random.Random(seed)
    factions = config.factions
    pool = deck_cards(factions)
    out: list[int] = []
    if "shadows" in factions:
        # 10 of the 20 Shadows at random, unseen; the rest leave the game (§2 step 2)
        shadows = shuffled(cards.IDS_BY_FACTION["shadows"], rng)
        out = sorted(shadows[SHADOWS_IN_DECK:])  # table order, as a replayed deal leaves them
        unused = set(out)
        pool = [c for c in pool if c not in unused]
    pool = shuffled(pool, rng)
    if config.heroes:
        # §2 step 3: the top h faction cards leave the game unseen; the heroes are shuffled in
        h = len(config.heroes)
        out = sorted(out + pool[:h])  # table order, as a replayed deal leaves them
        pool = shuffled(pool[h:] + hero_cards(config.heroes), rng)
    hands = [pool[:HAND_SIZE], pool[HAND_SIZE : 2 * HAND_SIZE]]
    deck_top_first = pool[2 * HAND_SIZE :]
    draws = draw_extras(factions, rng, out)
    state = start_game(config, hands, deck_top_first, chance_seed_for(seed), draws)
    state.seed = seed
    return state
