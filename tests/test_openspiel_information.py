"""Information states in OpenSpiel (issue 36): worlds resampled from a player's information state
never contradict it, so OpenSpiel's ISMCTS and the project's OpenSpiel bots finish every-expansion
games; and the information-state tensor is perfect recall — two information states never share
it, while the observation tensor is the present alone.

The long runs are ``compiled_only``; the pure-Python ones play a few dozen games each.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from claim.bots import make_bot, play_out  # noqa: E402
from claim.core import worlds  # noqa: E402
from claim.core.game import new_game  # noqa: E402
from claim.core.options import EVERY_EXPANSION  # noqa: E402
from claim.envs import encoding  # noqa: E402
from claim.openspiel.bot import make_openspiel_bot  # noqa: E402

EVERY = {
    "factions": "random",
    "first_leader": -1,
    "heroes": 5,
    "setting": "random",
    "building": "random",
    "artifacts": "all",
}


def _ismcts_games(games: range, simulations: int) -> int:
    """OpenSpiel's Python ISMCTSBot for both players, resampling through
    ``resample_from_infostate`` (its assertion: every sampled root has the root's information
    state); returns the games finished."""
    game = pyspiel.load_game("python_claim", EVERY)
    redraws = worlds.REDRAWS[0]
    finished = 0
    for seed in games:
        rs = np.random.RandomState(seed)
        bots = [
            ismcts.ISMCTSBot(
                game, mcts.RandomRolloutEvaluator(1, rs), 2.0, simulations, random_state=rs
            )
            for _ in (0, 1)
        ]
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.randrange(256))
            else:
                state.apply_action(bots[state.current_player()].step(state))
        finished += 1
    assert worlds.REDRAWS[0] == redraws
    return finished


def test_openspiels_ismcts_finishes_every_expansion_games() -> None:
    assert _ismcts_games(range(12), 4) == 12


@pytest.mark.compiled_only
@pytest.mark.long
def test_openspiels_ismcts_finishes_every_expansion_games_long() -> None:
    """60 more games (300 were played once, 2026-12-07: all finished, no world drawn again)."""
    assert _ismcts_games(range(100, 160), 5) == 60


@pytest.mark.parametrize("spec", ["openspiel-ismcts:6", "openspiel-mcts:4"])
def test_the_projects_openspiel_bots_finish_every_expansion_games(spec: str) -> None:
    """The arena's bots (worlds from ``claim.determinize``) against each other's kind."""
    for seed in range(3):
        setup = EVERY_EXPANSION.resolve(500 + seed)
        state = new_game(setup.config, setup.seed)
        play_out(state, (make_openspiel_bot(spec, seed), make_bot("random", seed)))
        assert state.result is not None


def _shared_tensors(seed: int, playouts: int) -> tuple[int, int, int]:
    """Random playouts of one deal: (information states seen, tensors shared by different
    information states, observation tensors shared by different information states). The
    information-state tensor must also be a function of the information state."""
    game = pyspiel.load_game("python_claim", {**EVERY, "seed": seed})
    by_string: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    by_observation: dict[bytes, str] = {}
    shared = observation_shared = 0
    for playout in range(playouts):
        rng = random.Random(playout)
        state = game.new_initial_state()
        while not state.is_terminal():
            for player in (0, 1):
                key = state.information_state_string(player)
                tensor = np.asarray(state.information_state_tensor(player), np.float32).tobytes()
                assert by_string.setdefault(key, tensor) == tensor  # a function of the key
                shared += by_tensor.setdefault(tensor, key) != key
                present = np.asarray(state.observation_tensor(player), np.float32).tobytes()
                observation_shared += by_observation.setdefault(present, key) != key
            state.apply_action(rng.choice(state.legal_actions()))
    return len(by_string), shared, observation_shared


def test_no_information_state_tensor_is_shared() -> None:
    """25 random playouts of one every-expansion deal: every information state has a tensor of
    its own; the observation tensor (the present) is shared by some, which is what the history
    adds to it."""
    states, shared, observation_shared = _shared_tensors(7, 25)
    assert states > 2_000
    assert shared == 0
    assert observation_shared > 0


@pytest.mark.compiled_only
@pytest.mark.long
def test_no_information_state_tensor_is_shared_long() -> None:
    """200 playouts of another deal (300 of it were played once, 2026-12-07: 33,900
    information states, none sharing a tensor; 624 shared an observation tensor)."""
    states, shared, _ = _shared_tensors(8, 200)
    assert states > 15_000 and shared == 0


def test_the_history_encodes_the_tricks_and_the_own_moves() -> None:
    """The history part holds each finished trick's row and the own moves in order."""
    game = pyspiel.load_game("python_claim", {**EVERY, "seed": 3})
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.claim is not None and len(state.claim.history) < 3:
        state.apply_action(rng.choice(state.legal_actions()))
    for player in (0, 1):
        vector = np.asarray(state.information_state_tensor(player), np.float32)
        assert vector.shape == (encoding.INFORMATION_STATE_SIZE,)
        present = np.asarray(state.observation_tensor(player), np.float32)
        assert np.array_equal(vector[: encoding.OBSERVATION_SIZE], present)
        history = vector[encoding.OBSERVATION_SIZE :]
        rows = history[encoding.HISTORY_FIELDS[0].start :].reshape(-1)
        width = len(encoding.TRICK_ENTRIES)
        assert [rows[t * width] for t in range(4)] == [1, 1, 1, 0]  # three finished tricks
        own = history[encoding.HISTORY_FIELDS[2].start :]
        actions = state.table.own[player]
        assert list(own[: len(actions)]) == [a + 1 for a in actions]
        assert not own[len(actions) :].any()


def test_bounds_are_refused_not_cut() -> None:
    """More own moves than the encoding holds is an error, never a silent cut that would merge
    two information states."""
    game = pyspiel.load_game("python_claim", {"seed": 1})
    view: Any = game.new_initial_state().table.view("player", 0)
    with pytest.raises(ValueError, match="own moves"):
        encoding.encode_history(view, 0, [0] * (encoding.MAX_DECISIONS + 1))
