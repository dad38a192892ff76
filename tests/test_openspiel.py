"""Claim in OpenSpiel (issue 19): the Python game ``python_claim`` and the ``openspiel-…`` bots.

OpenSpiel's own checks (``pyspiel.random_sim_test`` with serialization) on the base game and on
every expansion; the deal's chance nodes against ``claim deal``; information states that hold
only what their player may know and survive ``resample_from_infostate``; OpenSpiel's ISMCTS and
MCTS playing whole games; the bots in the arena, from the command line. Each test plays a few
games with small search budgets: seconds each on two cores.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from tests.clitools import assert_one_line_error, run  # noqa: E402

from claim import (  # noqa: E402
    apply,
    current_player,
    determinize,
    legal_actions,
    new_game,
    observe,
    records,
)
from claim.bots import decide, make_bot, play_out  # noqa: E402
from claim.core.errors import ConfigError  # noqa: E402
from claim.core.options import SetupOptions  # noqa: E402
from claim.core.state import State  # noqa: E402
from claim.envs.actions import ACTION_COUNT, index_of  # noqa: E402
from claim.envs.encoding import INFORMATION_STATE_SIZE, OBSERVATION_SIZE  # noqa: E402
from claim.openspiel import bot as bot_module  # noqa: E402
from claim.openspiel.bot import (  # noqa: E402
    EngineRollouts,
    OpenSpielBot,
    make_openspiel_bot,
    parse_spec,
)
from claim.openspiel.game import SEED_BYTES, ClaimState, options_of  # noqa: E402
from claim.sim.arena import build_bot, parse_bots  # noqa: E402

#: the setups of the tests, as game parameters: the base game and each expansion alone, then all
SETUPS = [
    pytest.param({}, id="base"),
    pytest.param({"factions": "random", "first_leader": -1}, id="random-factions"),
    pytest.param({"heroes": 5}, id="5-heroes"),
    pytest.param({"setting": "random", "building": "random"}, id="locations"),
    pytest.param({"artifacts": "all"}, id="artifacts"),
    pytest.param(
        {
            "factions": "random",
            "first_leader": -1,
            "heroes": 5,
            "setting": "random",
            "building": "random",
            "artifacts": "all",
        },
        id="every-expansion",
    ),
]


def _game(params: dict[str, Any] | None = None) -> Any:
    return pyspiel.load_game("python_claim", params or {})


def _deal(game: Any, rng: random.Random) -> Any:
    """A new state of ``game`` past its chance nodes (the seed bytes drawn from ``rng``)."""
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.randrange(256))
    return state


def _positions(params: dict[str, Any], games: int) -> list[Any]:
    """States along random games: every 7th decision of ``games`` games, and the end."""
    game = _game(params)
    rng = random.Random(19)
    found = []
    for _ in range(games):
        state = _deal(game, rng)
        step = 0
        while not state.is_terminal():
            if step % 7 == 3:
                found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
        found.append(state)
    return found


# -------------------------------------------------------------------------------------------------
# the game
# -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("params", SETUPS)
def test_random_sim_test_with_serialization(params: dict[str, Any]) -> None:
    """OpenSpiel's random simulation test: clones, serialization (by the game record), legal
    action masks, observation and information state strings and tensors, returns."""
    game = _game(params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_random_sim_test_with_a_fixed_deal() -> None:
    """``seed=S``: no chance node; the game is the one ``claim deal --seed S`` deals."""
    game = _game({"seed": 7, "artifacts": "all"})
    state = game.new_initial_state()
    assert not state.is_chance_node()
    setup = SetupOptions(artifacts="all").resolve(7)
    assert str(state) == str(_game({"seed": 7, "artifacts": "all"}).new_initial_state())
    assert state.claim.deal == new_game(setup.config, setup.seed).deal
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_game_facts() -> None:
    game = _game()
    assert game.num_distinct_actions() == ACTION_COUNT == 3594
    assert game.num_players() == 2
    assert game.max_chance_outcomes() == 256
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.information_state_tensor_shape() == [INFORMATION_STATE_SIZE]
    assert game.observation_tensor_shape() == [OBSERVATION_SIZE]


def test_the_chance_nodes_deal_the_seed_claim_deal_deals() -> None:
    """Four chance nodes, the seed's bytes high first; then the game of ``claim deal --seed``
    with the game's setup options (random factions and heroes resolved from that seed too)."""
    params = {"factions": "random", "heroes": 3, "setting": "random"}
    seed = 0x12345678
    state = _game(params).new_initial_state()
    for byte in seed.to_bytes(SEED_BYTES, "big"):
        assert state.is_chance_node()
        assert state.legal_actions() == list(range(256))
        assert [p for _, p in state.chance_outcomes()] == [1 / 256] * 256
        state.apply_action(byte)
    assert not state.is_chance_node()
    setup = SetupOptions(factions="random", heroes="3", setting="random").resolve(seed)
    dealt = new_game(setup.config, setup.seed)
    assert records.to_record(state.claim) == records.to_record(dealt)
    assert state.history() == list(seed.to_bytes(SEED_BYTES, "big"))


def test_parameters_round_trip_through_the_game_string() -> None:
    """Lists given with commas are kept with ``+`` (a comma would end the parameter in the game
    string), hero values as NAME:VALUE; the game string loads the same game."""
    game = _game(
        {
            "factions": "gnomes,giants,dragons,trolls,seers",
            "hero_pool": "jester,witch,minotaur",
            "heroes": 2,
            "hero_values": "jester=7",
            "artifacts": "all",
        }
    )
    text = str(game)
    assert "factions=gnomes+giants+dragons+trolls+seers" in text
    assert "hero_values=jester:7" in text
    again = pyspiel.load_game(text)
    assert str(again) == text
    options = options_of(again.get_parameters())
    assert options == SetupOptions(
        factions="gnomes,giants,dragons,trolls,seers",
        heroes="jester,witch,minotaur",
        hero_count=2,
        hero_values="jester=7",
        artifacts="all",
    )
    assert options_of(_game({"first_leader": -1}).get_parameters()).first_leader == "random"


@pytest.mark.parametrize(
    ("params", "text"),
    [
        ({"heroes": 99}, "--heroes"),
        ({"setting": "moon"}, "--setting"),
        ({"factions": "goblins"}, "--factions"),
        ({"seed": -5}, "seed"),
    ],
)
def test_bad_parameters_are_refused_naming_them(params: dict[str, Any], text: str) -> None:
    with pytest.raises(Exception, match=text):
        _game(params)


def test_returns_and_illegal_actions() -> None:
    state = _deal(_game(), random.Random(1))
    legal = state.legal_actions()
    illegal = next(a for a in range(ACTION_COUNT) if a not in legal)
    with pytest.raises(Exception, match="illegal"):
        state.apply_action(illegal)
    rng = random.Random(2)
    while not state.is_terminal():
        assert state.returns() == [0.0, 0.0]
        state.apply_action(rng.choice(state.legal_actions()))
    winner = state.claim.result["winner"]
    expected = [0.0, 0.0] if winner is None else [1.0 if p == winner else -1.0 for p in (0, 1)]
    assert state.returns() == expected


# -------------------------------------------------------------------------------------------------
# information states and resampling
# -------------------------------------------------------------------------------------------------


def test_strings_hold_the_view_and_the_own_actions_only() -> None:
    """The observation string is observe()'s JSON; the information state adds the player's own
    actions, never the other player's (their moves may be secret: W8). Before the deal both
    players see only that it is coming, whatever seed bytes were drawn."""
    game = _game()
    a, b = game.new_initial_state(), game.new_initial_state()
    a.apply_action(1)
    b.apply_action(200)
    for player in (0, 1):
        assert a.information_state_string(player) == b.information_state_string(player)
        assert a.observation_string(player) == "dealing"
        assert not any(a.information_state_tensor(player))
    state = _deal(game, random.Random(3))
    rng = random.Random(4)
    mine: dict[int, list[int]] = {0: [], 1: []}
    for _ in range(12):
        player = state.current_player()
        action = rng.choice(state.legal_actions())
        mine[player].append(action)
        state.apply_action(action)
    for player in (0, 1):
        view = observe(state.claim, player)
        assert json.loads(state.observation_string(player)) == view
        text = state.information_state_string(player)
        first, own = text.split("\n")
        assert json.loads(first) == view
        assert own == "own actions: " + " ".join(map(str, mine[player]))
        assert "?" in first  # the other hand is hidden


def test_the_other_observers() -> None:
    """A spectator's observer (public information only: a string, no tensor), the omniscient
    one, one of nothing; private information alone is refused."""
    from open_spiel.python.observation import make_observation

    from claim.core.view import report, spectate

    game = _game({"artifacts": "all"})
    state = _positions({"artifacts": "all"}, games=1)[2]
    kinds = pyspiel.PrivateInfoType

    def observer(private: Any, public: bool = True) -> Any:
        kind = pyspiel.IIGObservationType(
            perfect_recall=False, public_info=public, private_info=private
        )
        return make_observation(game, kind)

    public = observer(kinds.NONE)
    assert public.tensor is None
    assert json.loads(public.string_from(state, 0)) == spectate(state.claim)
    omniscient = observer(kinds.ALL_PLAYERS)
    assert json.loads(omniscient.string_from(state, 1)) == report(state.claim, None)
    omniscient.set_from(state, 1)
    assert omniscient.tensor.any()
    nothing = observer(kinds.NONE, public=False)
    nothing.set_from(state, 0)
    assert nothing.string_from(state, 0) == "" and not nothing.tensor.any()
    with pytest.raises(ValueError, match="private information alone"):
        observer(kinds.SINGLE_PLAYER, public=False)


@pytest.mark.parametrize("params", SETUPS)
def test_resample_from_infostate_keeps_the_players_information(params: dict[str, Any]) -> None:
    """A resampled state looks the same to the player (information-state string and tensor,
    legal actions when they act) and plays on; over the positions some hidden card moved."""
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    changed = 0
    checked = 0
    for state in _positions(params, games=2):
        for player in (0, 1):
            other = state.resample_from_infostate(player, sampler)
            assert isinstance(other, ClaimState)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.information_state_tensor(player) == state.information_state_tensor(player)
            assert other.current_player() == state.current_player()
            assert other.table.own[1 - player] == []  # their true actions are not carried over
            if not state.is_terminal() and state.current_player() == player:
                assert other.legal_actions() == state.legal_actions()
                other.apply_action(other.legal_actions()[0])  # a real state: it plays on
            changed += str(other) != str(state)
            checked += 1
    assert changed > checked // 2  # the hidden cards really are re-dealt


def test_resample_draws_from_the_sampler() -> None:
    """The sampler's numbers seed the determinization: equal samplers, equal states."""
    state = _positions({}, games=1)[1]
    player = state.current_player()

    def resampled(seed: int) -> str:
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        return str(state.resample_from_infostate(player, sampler))

    assert resampled(1) == resampled(1) != resampled(2)


def test_resample_before_the_deal_draws_fresh_seed_bytes() -> None:
    state = _game().new_initial_state()
    state.apply_action(5)
    state.apply_action(6)
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(3, 0.0, 1.0))
    assert other.is_chance_node()
    assert other.information_state_string(0) == state.information_state_string(0)
    assert len(other.table.seed_bytes) == 2


# -------------------------------------------------------------------------------------------------
# serialization
# -------------------------------------------------------------------------------------------------


def test_serialization_replays_the_record_and_plays_on_alike() -> None:
    """Mid-game, with artifacts: the state read back is the same and so is every move after;
    a resampled state (no deal: its position) serializes too."""
    game = _game({"artifacts": "all", "heroes": 5})
    rng = random.Random(8)
    state = _deal(game, rng)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state)
    assert state2.history() == state.history()
    for player in (0, 1):
        assert state2.information_state_string(player) == state.information_state_string(player)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        state2.apply_action(action)
    assert str(state2) == str(state)
    assert state2.returns() == state.returns()
    resampled = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, resampled))
    assert str(back) == str(resampled)


# -------------------------------------------------------------------------------------------------
# OpenSpiel's searches on the game
# -------------------------------------------------------------------------------------------------


def _play(game: Any, bots: list[Any], seed: int) -> Any:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(actions, p=probs))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state


def test_openspiels_ismcts_plays_whole_games() -> None:
    """OpenSpiel's Python ISMCTSBot, resampling through the game's resample_from_infostate and
    keying its nodes by our information-state strings, random rollouts: a base game and a
    game with artifacts, against random play."""
    for params, seed in (({}, 1), ({"artifacts": "all", "heroes": 2}, 2)):
        game = _game(params)
        searcher = ismcts.ISMCTSBot(
            game=game,
            evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
            uct_c=2.0,
            max_simulations=15,
            random_state=np.random.RandomState(seed),
        )
        randomly = pyspiel.make_uniform_random_bot(1, seed)
        state = _play(game, [searcher, randomly], seed)
        assert state.is_terminal()
        assert sum(state.returns()) == 0.0


def test_openspiels_mcts_plays_whole_games() -> None:
    """OpenSpiel's MCTSBot (random rollouts) plays the game too — on the true state, as MCTS
    does (it searches one world: no hidden information is respected, which is why the bot
    ``openspiel-mcts`` searches determinizations instead)."""
    game = _game()
    bots = [
        mcts.MCTSBot(
            game,
            2.0,
            10,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
            random_state=np.random.RandomState(seed),
        )
        for seed in (1, 2)
    ]
    state = _play(game, bots, 3)
    assert state.is_terminal()


# -------------------------------------------------------------------------------------------------
# the bots
# -------------------------------------------------------------------------------------------------


def test_bot_specs() -> None:
    assert parse_spec("openspiel-ismcts") == ("openspiel-ismcts", 1000)
    assert parse_spec(" OpenSpiel-MCTS:25 ") == ("openspiel-mcts", 25)
    for bad in ("openspiel-ismcts:0", "openspiel-ismcts:x", "openspiel-ismcts:1000001"):
        with pytest.raises(ConfigError, match="N simulations"):
            parse_spec(bad)
    with pytest.raises(ConfigError, match="OpenSpiel bots are"):
        parse_spec("openspiel-cfr")
    assert parse_bots("search:hard, openspiel-ismcts:1000") == (
        "search:hard",
        "openspiel-ismcts:1000",
    )
    bot = build_bot("openspiel-ismcts:7", 1)
    assert isinstance(bot, OpenSpielBot) and bot.name == "openspiel-ismcts:7"


def _position(params: SetupOptions, seed: int, moves: int) -> State:
    setup = params.resolve(seed)
    state = new_game(setup.config, setup.seed)
    rng = random.Random(seed)
    played = 0
    while played < moves or len(legal_actions(state)) < 2:
        legal = legal_actions(state)
        apply(state, legal[rng.randrange(len(legal))])
        played += 1
    return state


@pytest.mark.parametrize("spec", ["openspiel-ismcts:30", "openspiel-mcts:30"])
def test_bots_decide_from_what_the_player_knows(spec: str) -> None:
    """Two states the player cannot tell apart but with different hidden cards get the same
    move from bots of the same seed (they search only the runner's determinizations)."""
    for options, seed, moves in ((SetupOptions(), 1, 5), (SetupOptions(artifacts="all"), 2, 20)):
        state = _position(options, seed, moves)
        player = current_player(state)
        assert player is not None
        a = determinize(state, player, random.Random(1))
        b = determinize(state, player, random.Random(2))
        assert observe(a, player) == observe(b, player)
        assert a.hands[1 - player] != b.hands[1 - player]
        assert decide(a, make_openspiel_bot(spec, 5)) == decide(b, make_openspiel_bot(spec, 5))


@pytest.mark.parametrize("max_length", [None, 9])
def test_engine_rollouts_draw_what_openspiels_evaluator_draws(max_length: int | None) -> None:
    """EngineRollouts is OpenSpiel's RandomRolloutEvaluator played on the engine: from the same
    generator it gives the same values, position after position (so the same draws: a rollout
    that drew differently would end elsewhere and the generators would part)."""
    theirs = mcts.RandomRolloutEvaluator(
        n_rollouts=2, random_state=np.random.RandomState(5), max_length=max_length
    )
    ours = EngineRollouts(
        n_rollouts=2, random_state=np.random.RandomState(5), max_length=max_length
    )
    positions = [p for p in _positions(SETUPS[-1].values[0], 4) if not p.is_terminal()]
    assert len(positions) > 20
    values = [(list(theirs.evaluate(p)), list(ours.evaluate(p))) for p in positions]
    assert all(a == b for a, b in values)
    assert {v[0] for v, _ in values} >= ({1.0, -1.0} if max_length is None else {0.0})
    # one more draw from each generator: still in step
    assert theirs._random_state.randint(1 << 30) == ours._random_state.randint(1 << 30)
    # before the deal, OpenSpiel's own loop draws the chance outcomes
    before = list(ours.evaluate(_game().new_initial_state()))
    assert before in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("spec", ["openspiel-ismcts:25", "openspiel-mcts:200"])
def test_the_bots_play_as_they_did_with_openspiels_evaluator(
    spec: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kept matches against OpenSpiel's bots (docs/data) were played with OpenSpiel's
    evaluator: with ours, the same seeds play the same games."""

    def game() -> list[str]:
        setup = SetupOptions(heroes="3", setting="random", artifacts="all").resolve(4)
        state = new_game(setup.config, setup.seed)
        play_out(state, (make_openspiel_bot(spec, 8), make_bot("heuristic", 1)))
        return list(state.moves)

    ours = game()
    monkeypatch.setattr(bot_module, "EngineRollouts", mcts.RandomRolloutEvaluator)
    assert game() == ours


@pytest.mark.parametrize("spec", ["openspiel-ismcts:10", "openspiel-mcts:10"])
def test_bots_are_seeded_and_play_whole_games(spec: str) -> None:
    """The same seeds play the same game; the bot's moves are legal all game long."""

    def game(seed: int) -> list[str]:
        setup = SetupOptions(heroes="3").resolve(11)
        state = new_game(setup.config, setup.seed)
        play_out(state, (make_openspiel_bot(spec, seed), make_bot("heuristic", 1)))
        assert state.result is not None
        return list(state.moves)

    first = game(3)
    assert game(3) == first
    assert all(index_of(move) >= 0 for move in first)


def test_the_ismcts_bot_beats_random_play() -> None:
    """Not a strength measurement (docs/bots.md has those): a sanity check that the search
    plays to win — 20 simulations a move win at least 5 of 6 base games against random moves
    (a search that played at random would do so about one time in nine)."""
    wins = 0
    for seed in range(6):
        setup = SetupOptions().resolve(100 + seed)
        state = new_game(setup.config, setup.seed)
        seat = seed % 2
        bots = [make_bot("random", seed), make_bot("random", seed)]
        bots[seat] = make_openspiel_bot("openspiel-ismcts:20", seed)
        play_out(state, (bots[0], bots[1]))
        assert state.result is not None
        wins += state.result["winner"] == seat
    assert wins >= 5


# -------------------------------------------------------------------------------------------------
# the command line
# -------------------------------------------------------------------------------------------------


def test_arena_with_openspiel_ismcts_from_the_command_line() -> None:
    result = run(
        "arena",
        "--bots",
        "random,openspiel-ismcts:8",
        "--deals",
        "2",
        "--seed",
        "5",
        "--json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["bots"] == ["random", "openspiel-ismcts:8"]
    assert data["games"] == 4


def test_ladder_takes_openspiel_bots() -> None:
    result = run("ladder", "--bots", "random,openspiel-mcts:5", "--deals", "1", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert "openspiel-mcts:5" in result.stdout


def test_arena_refuses_bad_openspiel_specs_in_one_line() -> None:
    assert_one_line_error(
        run("arena", "--bots", "random,openspiel-ismcts:0", "--deals", "1"), "N simulations"
    )
    assert_one_line_error(
        run("arena", "--bots", "openspiel-cfr,random", "--deals", "1"), "openspiel-cfr"
    )


def test_without_openspiel_the_arena_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No OpenSpiel: a one-line error naming the extra, not a traceback."""
    for name in ("claim.openspiel", "claim.openspiel.bot", "claim.openspiel.game"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    assert_one_line_error(
        run("arena", "--bots", "random,openspiel-ismcts:5", "--deals", "1"),
        "pip install 'claim[openspiel]'",
    )


def test_docs_describe_every_parameter() -> None:
    from pathlib import Path

    from claim.openspiel.game import PARAMETERS

    text = (Path(__file__).resolve().parent.parent / "docs/rl.md").read_text(encoding="utf-8")
    missing = [name for name in PARAMETERS if f"`{name}`" not in text]
    assert not missing, f"docs/rl.md does not describe {missing}"
