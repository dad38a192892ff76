"""Determinizations that draw only possible worlds (issue 36): every world ``determinize`` draws
gives the player exactly their view (so their information state) and, when they act, their legal
moves; and two positions that look the same to the player give the same world for the same
generator (canonical: the fairness a search relies on).

The scenarios are the cases that used to break: a King's Dagger offer against a Fire Elemental
shown only by its band (the offer says it is a printed 5, W5), a Necromancer decision after
Tricksters were collected (the trick's plays must name the re-dealt cards), a masked lead (W3)
by a player known to hold the card led before. The sweeps check every decision of both players
over random games with every expansion, on the pure-Python core a short one and on the compiled
core the long one (``compiled_only``), and that no world needed drawing again
(``worlds.REDRAWS``): the deductions constrain the re-deal itself.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from claim.core import cards, worlds
from claim.core.engine import apply, current_player, legal_actions
from claim.core.game import new_game
from claim.core.options import EVERY_EXPANSION
from claim.core.state import State
from claim.core.view import observe

CODE = cards.CODE
#: the moves of the issue's two cases (python_claim with every expansion, seeds 29 and 41)
DAGGER_MOVES = [
    "pass",
    "play goblins:9",
    "play goblins:0",
    "take shadows:3",
    "pass",
    "play yetis:7",
    "play yetis:8",
    "take goblins:0",
    "pass",
    "play fire-elementals:low",
    "play hero:life-stealer",
    "take fire-elementals:low",
    "use gamblers-dice",
    "take shadows:10",
    "play shadows:18",
    "play shadows:13",
    "take goblins:2",
    "play fire-elementals:high",
]
NECROMANCER_MOVES = [
    "play tricksters:5",
    "pass",
    "play tricksters:5",
    "use kings-dagger",
    "play tricksters:7",
]


def _dealt(seed: int) -> State:
    """The game python_claim deals from ``seed`` with every expansion."""
    setup = EVERY_EXPANSION.resolve(seed)
    return new_game(setup.config, setup.seed)


def _played(seed: int, moves: list[str]) -> State:
    state = _dealt(seed)
    for move in moves:
        apply(state, move)
    return state


def _random_position(seed: int, steps: int) -> State:
    """Game ``seed`` after ``steps`` random legal moves drawn from ``Random(seed)``."""
    state = _dealt(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        apply(state, rng.choice(legal_actions(state)))
    return state


def _possible(state: State, world: State, player: int) -> bool:
    """Whether ``world`` gives ``player`` what ``state`` gives them: the view (whose turn it is
    and their legal moves included) and, when they act, the legal moves."""
    if observe(world, player) != observe(state, player):
        return False
    if current_player(world) != current_player(state):
        return False
    return current_player(state) != player or legal_actions(world) == legal_actions(state)


def _check_draws(state: State, player: int, draws: int, seed: int = 0) -> None:
    for k in range(draws):
        world = worlds.determinize(state, player, random.Random(seed + k))
        assert _possible(state, world, player), (player, k, state.tasks[:1])


def test_a_kings_dagger_offer_tells_a_printed_five() -> None:
    """W5: player 1 is offered the King's Dagger against ``fire-elementals:high``: the card is
    the printed 5 in every world, and every world offers them the Dagger."""
    state = _played(29, DAGGER_MOVES)
    assert state.tasks[0][:2] == ("art:dagger", 1)
    assert legal_actions(state) == ["use kings-dagger", "pass"]
    redraws = worlds.REDRAWS[0]
    for k in range(100):
        world = worlds.determinize(state, 1, random.Random(k))
        assert world.trick is not None
        assert CODE[world.trick.plays[0][1]] == "fire-elementals:5"
        assert _possible(state, world, 1)
    assert worlds.REDRAWS[0] == redraws
    # player 0, who played it, knows it anyway; their worlds keep the offer pending too
    _check_draws(state, 0, 50)


def test_a_necromancer_decision_names_the_collected_cards() -> None:
    """Tricksters collected into the discard are re-dealt among their like (real or fake is
    unknown, W1): the collected trick's plays follow them, so the Necromancer's choices stay."""
    state = _played(41, NECROMANCER_MOVES)
    assert state.tasks[0][:2] == ("necromancer", 0)
    redraws = worlds.REDRAWS[0]
    _check_draws(state, 0, 100)
    _check_draws(state, 1, 50)
    assert worlds.REDRAWS[0] == redraws


def test_a_masked_lead_may_be_a_card_known_in_the_hand() -> None:
    """W3: player 0 took ``ice-queens:9`` back with the Necromancer (so player 1 saw it go into
    their hand) and leads face-down under a Mask of Darkness. The lead is any card of their
    hand: sometimes the Ice Queen, sometimes another with the Ice Queen still in the hand, and
    the history keeps naming it where it was played."""
    state = _random_position(150, 13)
    assert state.trick is not None and state.trick.marks.get("masked")
    queen = cards.IDS_BY_CODE["ice-queens:9"][0]
    assert state.trick.plays[0][1] == queen and queen in state.revealed
    led_queen = kept_queen = 0
    for k in range(100):
        world = worlds.determinize(state, 1, random.Random(k))
        assert _possible(state, world, 1)
        assert world.trick is not None
        if world.trick.plays[0][1] == queen:
            led_queen += 1
        else:
            assert queen in world.hands[0]
            kept_queen += 1
    assert led_queen and kept_queen


def test_a_fire_phoenix_drawn_in_phase_two_stays_in_the_hand_that_drew_it() -> None:
    """Phase Two: player 1 drew two Fire Phoenixes off the pile (unseen by player 0) and showed
    a void of Vampires. Every world deals them back into player 1's hand — the only place a
    drawn Fire Phoenix can be — and keeps the void, never falling back to a deal without it."""
    state = _random_position(63, 76)
    assert state.phase == 2 and worlds.voids(state, 0) == ["vampires"]
    hidden = sorted(c for c in state.hands[1] if c not in state.revealed)
    assert [CODE[c][: len("fire-phoenix")] for c in hidden] == ["fire-phoenix"] * 2
    fallbacks = worlds.VOID_FALLBACKS[0]
    for k in range(100):
        world = worlds.determinize(state, 0, random.Random(k))
        assert _possible(state, world, 0)
        phoenixes = [c for c in world.hands[1] if CODE[c].startswith("fire-phoenix:")]
        assert len(phoenixes) == 2
        assert not [c for c in world.hands[1] if cards.FACTION[c] == "vampires"]
    assert worlds.VOID_FALLBACKS[0] == fallbacks


def _positions(games: range, every: int = 1) -> Iterator[State]:
    """Every ``every``-th decision of random games with every expansion."""
    for seed in games:
        state = _dealt(seed)
        rng = random.Random(seed)
        step = 0
        while state.result is None:
            if step % every == 0:
                yield state
            apply(state, rng.choice(legal_actions(state)))
            step += 1


def _sweep(games: range, draws: int) -> int:
    redraws, fallbacks = worlds.REDRAWS[0], worlds.VOID_FALLBACKS[0]
    checked = 0
    for state in _positions(games):
        for player in (0, 1):
            _check_draws(state, player, draws, seed=checked)
            checked += draws
    assert worlds.REDRAWS[0] == redraws  # the constraints did it, not the check
    assert worlds.VOID_FALLBACKS[0] == fallbacks  # every void was kept
    return checked


def test_every_world_is_possible() -> None:
    """30 games with every expansion, every decision, both players, 3 worlds each."""
    assert _sweep(range(1000, 1030), 3) > 10_000


@pytest.mark.compiled_only
@pytest.mark.long
def test_every_world_is_possible_long() -> None:
    """200 games with every expansion, every decision, both players, 4 worlds each."""
    assert _sweep(range(2000, 2200), 4) > 100_000


def _canonical_pairs(games: range) -> int:
    pairs = 0
    for state in _positions(games):
        for player in (0, 1):
            # two worlds that look the same to the player, as the original does
            first = worlds.determinize(state, player, random.Random(pairs))
            second = worlds.determinize(state, player, random.Random(pairs + 1))
            assert observe(first, player) == observe(second, player)
            again = [worlds.determinize(d, player, random.Random(5)) for d in (first, second)]
            assert again[0].to_dict() == again[1].to_dict(), (player, state.tasks[:1])
            pairs += 1
    return pairs


def test_view_identical_positions_give_the_same_world() -> None:
    """25 games with every expansion: at every decision, two view-identical worlds give the same
    world for the same generator (a Tavern choice, a Flail card aside, copies of one card told
    apart only by a mark, history prizes known by parity included)."""
    assert _canonical_pairs(range(3000, 3025)) > 2_000


@pytest.mark.compiled_only
@pytest.mark.long
def test_view_identical_positions_give_the_same_world_long() -> None:
    """200 games with every expansion, every decision, both players."""
    assert _canonical_pairs(range(4000, 4200)) > 20_000
