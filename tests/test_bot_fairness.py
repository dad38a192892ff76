"""Fairness (ARCHITECTURE.md "Hidden information"): a bot decides from what its player may know.

Two states that look the same to the player to act (equal ``observe``) but hide different cards
(two determinizations of a real game state, drawn with different generators) must get the same
move from bots built with the same seed — for the search bot at every strength and for every bot
``claim.bots.make_bot`` builds by the names of ``claim.bots.bot_names()``.
"""

from __future__ import annotations

import random

import pytest

from claim import GameConfig, current_player, determinize, legal_actions, new_game, observe
from claim.bots import SEARCH_OPTIONS, bot_names, decide, make_bot
from claim.bots.search import SearchBot
from claim.core.engine import apply
from claim.core.state import State

#: (factions, seed, number of random moves before the decision): Phase One early and late, Phase
#: Two, and decks whose powers ask decisions (Seers, Giants, Vampires, Poisoners)
POSITIONS = [
    (GameConfig(), 1, 1),
    (GameConfig(), 2, 17),
    (GameConfig(), 3, 30),
    (GameConfig(("gnomes", "giants", "dragons", "trolls", "seers")), 4, 9),
    (GameConfig(("gnomes", "giants", "seers", "vampires", "poisoners")), 5, 34),
]


def _position(config: GameConfig, seed: int, moves: int) -> State:
    """A real game state after ``moves`` random moves, then on to a choice of several moves."""
    state = new_game(config, seed)
    rng = random.Random(seed)
    played = 0
    while played < moves or len(legal_actions(state)) < 2:
        legal = legal_actions(state)
        apply(state, legal[rng.randrange(len(legal))])
        played += 1
    assert state.result is None
    return state


def _twins(config: GameConfig, seed: int, moves: int) -> tuple[State, State, int]:
    """Two states the player to act cannot tell apart, with different hidden cards."""
    state = _position(config, seed, moves)
    player = current_player(state)
    assert player is not None
    a = determinize(state, player, random.Random(1))
    b = determinize(state, player, random.Random(2))
    assert observe(a, player) == observe(b, player)
    other = 1 - player
    assert a.hands[other] != b.hands[other] or a.deck != b.deck or a.followers != b.followers
    assert a.hands[player] == b.hands[player]
    assert legal_actions(a) == legal_actions(b)
    return a, b, player


def _specs() -> list[str]:
    specs = []
    for name in bot_names():
        specs.append(name)
        if name == "search":
            specs.extend(("search:easy", "search:hard"))
    return specs


@pytest.mark.parametrize("spec", _specs())
@pytest.mark.parametrize("position", range(len(POSITIONS)))
def test_same_view_same_move(spec: str, position: int) -> None:
    a, b, _ = _twins(*POSITIONS[position])
    if spec.startswith("search"):
        # the strengths differ only by budget; a small one keeps this quick
        budget = {"search": 60, "search:easy": 25, "search:hard": 120}[spec]
        move_a = decide(a, SearchBot(7, spec.partition(":")[2] or "medium", iterations=budget))
        move_b = decide(b, SearchBot(7, spec.partition(":")[2] or "medium", iterations=budget))
    else:
        move_a = decide(a, make_bot(spec, 7))
        move_b = decide(b, make_bot(spec, 7))
    assert move_a == move_b


@pytest.mark.parametrize("name", bot_names())
def test_every_named_bot_is_fair_at_its_default_budget(name: str) -> None:
    """The factory's bot as shipped (search at its medium budget), on one position."""
    a, b, _ = _twins(*POSITIONS[1])
    assert decide(a, make_bot(name, 3)) == decide(b, make_bot(name, 3))


@pytest.mark.parametrize("option", sorted(SEARCH_OPTIONS))
@pytest.mark.parametrize("position", [1, 4])
def test_every_search_option_is_fair(option: str, position: int) -> None:
    """The search's variants for experiments (issue 39's levers): inference reads the other
    player's past follows in the worlds drawn, never in the state; power-aware playouts and the
    rest play on those worlds."""
    a, b, _ = _twins(*POSITIONS[position])
    spec = f"search:40+{option}"
    assert decide(a, make_bot(spec, 5)) == decide(b, make_bot(spec, 5))


def test_hidden_cards_differ_yet_the_search_sees_the_same_worlds() -> None:
    """The reason the search is fair: its determinizations of the twins are the same."""
    a, b, player = _twins(*POSITIONS[2])
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(3):
        da, db = determinize(a, player, rng_a), determinize(b, player, rng_b)
        assert da.hands == db.hands and da.deck == db.deck and da.followers == db.followers
