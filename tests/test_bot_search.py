"""The search bot (``claim.bots.search``): legal moves for every decision kind, determinism, the
single-move shortcut, an obvious winning move in a built end game, and full games of random decks.

Budgets are tiny (a handful of iterations) so the module stays fast; strength is measured by
``scripts/bench_search.py`` and match runs, not here.
"""

from __future__ import annotations

import random

import pytest

from claim import GameConfig, legal_actions, new_game
from claim.bots import RandomBot, decide, make_bot, play_out, search
from claim.bots.search import (
    COST_ARTIFACTS,
    COST_DECK,
    COST_HEROES,
    COST_LOCATIONS,
    ITERATIONS,
    MIN_OTHER,
    MIN_VISITS,
    OTHER_SHARE,
    SearchBot,
    _settled,
    simulation_cost,
)
from claim.core import cards
from claim.core.engine import apply
from claim.core.errors import ConfigError
from claim.core.options import SetupOptions, resolve_setup
from claim.core.state import State
from endgames import endgames
from scenario import CLAIM, position_record, replay

#: a legal deck whose powers ask every decision kind: take (Seers), smash (Giants),
#: crown and tuck (Vampires), peek (Poisoners)
DECISIONS_DECK = ("gnomes", "giants", "seers", "vampires", "poisoners")
KINDS = ("take", "smash", "crown", "tuck", "peek")


def _find_decision(kind: str) -> State:
    """A state of a seeded random game whose legal list starts with ``kind``."""
    for seed in range(400):
        state = new_game(GameConfig(DECISIONS_DECK, seed % 2), seed)
        rng = random.Random(seed)
        while state.result is None:
            legal = legal_actions(state)
            if legal[0].split(" ", 1)[0] == kind:
                return state
            apply(state, legal[rng.randrange(len(legal))])
    raise AssertionError(f"no {kind} decision found")  # pragma: no cover


@pytest.mark.parametrize("kind", ("play", *KINDS))
def test_returns_a_legal_move_for_every_decision_kind(kind: str) -> None:
    state = new_game(GameConfig(DECISIONS_DECK), 3) if kind == "play" else _find_decision(kind)
    legal = legal_actions(state)
    move = decide(state, SearchBot(1, iterations=12))
    assert move in legal


def test_same_seed_same_move() -> None:
    state = new_game(GameConfig(), 11)
    apply(state, legal_actions(state)[2])  # the bot follows: several legal moves, hidden hand
    assert len(legal_actions(state)) > 1
    moves = {decide(state, SearchBot(5, iterations=40)) for _ in range(3)}
    assert len(moves) == 1
    # and a whole game replays exactly
    finals = []
    for _ in range(2):
        game = new_game(GameConfig(), 12)
        play_out(game, (SearchBot(3, iterations=6), SearchBot(4, "easy", iterations=4)))
        finals.append(game.moves)
    assert finals[0] == finals[1]


def test_a_single_legal_move_is_returned_without_search() -> None:
    def sample(rng: random.Random) -> State:
        raise AssertionError("a single legal move needs no search")

    bot = SearchBot(0, "hard")
    assert bot.choose({}, ["play goblins:3"], sample) == "play goblins:3"
    assert bot.last_simulations == 0


def _last_trick(leader: int) -> State:
    """Phase Two, trick 13. Goblins go to player 0, Knights to player 1, Dwarves and
    Doppelgangers to nobody; Undead decide: player 0 holds one, player 1 two. Player 0 holds
    ``undead:6`` and ``undead:2``, player 1 ``undead:5``: only the 6 wins the trick, hence the
    Undead vote (3 to 2) and the game; the 2 loses it (1 to 4) and the game."""
    record = position_record(
        CLAIM,
        phase=2,
        number=13,
        leader=leader,
        hands=[["undead:2", "undead:6"], ["undead:5"]],
        scores=[
            ["goblins:1", "goblins:2", "goblins:3", "undead:1"],
            ["knights:2", "knights:3", "undead:3", "undead:4"],
        ],
        moves=["play undead:5"] if leader == 1 else [],
    )
    return replay(record)


@pytest.mark.parametrize("leader", (0, 1))
def test_finds_the_winning_move_of_the_last_trick(leader: int) -> None:
    state = _last_trick(leader)
    assert legal_actions(state) == ["play undead:2", "play undead:6"]
    for seed in range(3):
        assert decide(state, SearchBot(seed, "easy")) == "play undead:6"
    # the move it picks really wins
    apply(state, "play undead:6")
    if leader == 0:
        apply(state, "play undead:5")
    assert state.result is not None
    assert state.result["winner"] == 0


@pytest.mark.parametrize("seed", range(4))
def test_plays_full_games_of_random_decks(seed: int) -> None:
    setup = resolve_setup(seed, "random", "random")
    state = new_game(setup.config, setup.seed)
    bots = (SearchBot(seed, iterations=3), RandomBot(seed))
    if seed % 2:
        bots = (bots[1], bots[0])
    play_out(state, bots)
    assert state.result is not None


def test_strengths_and_overrides() -> None:
    assert ITERATIONS["easy"] < ITERATIONS["medium"] < ITERATIONS["hard"]
    bot = make_bot("search:hard", 1)
    assert isinstance(bot, SearchBot)
    assert bot.name == "search" and bot.iterations == ITERATIONS["hard"]
    state = new_game(GameConfig(), 4)
    fixed = SearchBot(2, "hard", iterations=7)
    decide(state, fixed)
    assert fixed.last_simulations == 7
    timed = SearchBot(2, seconds=0.05)
    decide(state, timed)
    assert timed.last_simulations >= 1
    with pytest.raises(ValueError):
        SearchBot(0, "impossible")


# -- budgets that spend nothing on trivial decisions (issue 22) ----------------------------------


def test_settled_stops_when_the_choice_cannot_change() -> None:
    """The most visited move leads every other by more than the simulations left: the whole
    budget would play it."""
    assert _settled([60, 20, 20], [30.0, 10.0, 10.0], 39, False) == 0
    assert _settled([60, 20, 20], [30.0, 10.0, 10.0], 40, False) == -1
    assert _settled([60, 20, 20], [30.0, 10.0, 10.0], -1, False) == -1  # a time budget


def test_settled_stops_on_a_decided_game_and_a_clear_best_move() -> None:
    # every simulation of every move won: nothing to choose
    assert _settled([12, 10], [12.0, 10.0], 500, False) == 0
    assert _settled([10, 12], [0.0, 0.0], 500, False) == 1
    # a move below MIN_VISITS: go on
    assert _settled([12, MIN_VISITS - 1], [12.0, 9.0], 500, False) == -1
    # a clear best mean: only once enough of the budget is spent
    assert _settled([100, 100], [95.0, 20.0], 500, False) == -1
    assert _settled([100, 100], [95.0, 20.0], 500, True) == 0
    assert _settled([100, 100], [20.0, 95.0], 500, True) == 1
    # means closer than the two confidence radii: go on
    assert _settled([100, 100], [60.0, 50.0], 500, True) == -1


def test_a_decision_that_plays_no_card_gets_a_share_of_the_budget() -> None:
    """A Seer's take (no card played) is searched with OTHER_SHARE of the budget at most; the
    whole budget without ``adaptive``."""
    state = _find_decision("take")
    legal = legal_actions(state)
    assert not any(m.startswith("play ") for m in legal)
    adaptive = SearchBot(1, "medium")
    decide(state, adaptive)
    cap = max(int(ITERATIONS["medium"] * OTHER_SHARE), MIN_OTHER * len(legal))
    assert 0 < adaptive.last_simulations <= cap < ITERATIONS["medium"]
    full = SearchBot(1, "medium", adaptive=False)
    decide(state, full)
    assert full.last_simulations == ITERATIONS["medium"]


def test_a_decided_last_trick_stops_early_and_still_wins() -> None:
    """The built last trick: the search stops well before the hard budget and plays the 6."""
    state = _last_trick(0)
    bot = SearchBot(3, "hard")
    assert decide(state, bot) == "play undead:6"
    assert bot.last_simulations < ITERATIONS["hard"]


def test_adaptive_search_is_deterministic() -> None:
    """The stops depend on the simulation counts only: the same seed gives the same move and
    the same number of simulations."""
    setup = resolve_setup(5, "random", "random")
    state = new_game(setup.config, setup.seed)
    rng = random.Random(5)
    for _ in range(20):
        legal = legal_actions(state)
        apply(state, legal[rng.randrange(len(legal))])
    runs = []
    for _ in range(2):
        bot = SearchBot(9, "medium")
        runs.append((decide(state, bot), bot.last_simulations))
    assert runs[0] == runs[1]


# -- the tree below the root (information-set MCTS) ----------------------------------------------


def test_the_tree_plays_perfect_information_end_games_exactly() -> None:
    """In base-game Phase Two nothing is hidden (every unseen card is in the other hand), so
    the tree is plain UCT: with a few hundred simulations it plays a move of the best exact
    value (both sides playing their best, from a full game-tree search) in every position —
    which needs the other player's nodes to choose from *their* side."""
    for state, exact in endgames(4, 6):
        bot = SearchBot(1, iterations=600, adaptive=False)
        move = decide(state, bot)
        assert exact[move] == max(exact.values()), (state.moves, exact, move)
        assert bot.last_nodes > len(exact)  # the tree grew below the root moves


def test_the_flat_search_adds_no_nodes() -> None:
    state = new_game(GameConfig(), 4)
    flat = SearchBot(2, iterations=60, tree=False)
    tree = SearchBot(2, iterations=60)
    decide(state, flat)
    decide(state, tree)
    assert flat.last_nodes == 0
    assert 0 < tree.last_nodes <= 60


# -- a strength's budget where simulations cost more (issue 22) ----------------------------------


def test_simulation_cost_multiplies_what_is_in_play() -> None:
    assert simulation_cost(GameConfig()) == 1.0
    assert simulation_cost(GameConfig(cards.PRESETS["claim2"])) == COST_DECK
    options = SetupOptions(
        factions="random", heroes="5", setting="random", building="random", artifacts="all"
    )
    every = options.resolve(3).config
    assert every.heroes and every.setting and every.building and every.artifacts
    assert simulation_cost(every) == pytest.approx(
        COST_HEROES
        * COST_LOCATIONS
        * COST_ARTIFACTS
        * (COST_DECK if every.factions != cards.PRESETS["claim"] else 1.0)
    )


def test_a_strength_spends_less_where_simulations_cost_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``hard`` on the base game runs its whole budget; with artifacts it runs the ceiling
    divided by their cost; an explicit ``iterations`` is never scaled."""
    monkeypatch.setattr(search, "WORK_CEILING", 90)
    monkeypatch.setitem(ITERATIONS, "hard", 90)
    base = new_game(GameConfig(), 4)
    bot = SearchBot(1, "hard", adaptive=False)
    decide(base, bot)
    assert bot.last_simulations == 90
    config = SetupOptions(artifacts="all").resolve(4).config
    with_artifacts = new_game(config, 4)
    assert any(m.startswith("play ") for m in legal_actions(with_artifacts))
    bot = SearchBot(1, "hard", adaptive=False)
    decide(with_artifacts, bot)
    assert bot.last_simulations == int(90 / COST_ARTIFACTS) == 47
    fixed = SearchBot(1, "hard", iterations=90, adaptive=False)
    decide(with_artifacts, fixed)
    assert fixed.last_simulations == 90


def test_search_n_spends_exactly_n_simulations_on_every_decision() -> None:
    """``search:N`` (issue 39, the spec for comparisons at equal simulations): N simulations on
    a card play with every artifact (no lowering for dearer simulations), on a decision that
    plays no card (no smaller share), and on a decided last trick (no early stop); a strength on
    the same decisions spends less."""
    config = SetupOptions(artifacts="all").resolve(4).config
    with_artifacts = new_game(config, 4)
    take = _find_decision("take")
    last = _last_trick(0)
    for state in (with_artifacts, take, last):
        assert len(legal_actions(state)) > 1
        fixed = make_bot("search:60", 1)
        decide(state, fixed)
        assert fixed.last_simulations == 60
    easy = make_bot("search:easy", 1)
    decide(last, easy)
    assert easy.last_simulations < ITERATIONS["easy"]


@pytest.mark.parametrize("spec", ("search:0", "search:1000001", "search:1e3", "search:-5"))
def test_search_n_refuses_a_number_out_of_range_in_one_line(spec: str) -> None:
    with pytest.raises(ConfigError, match=r"^(search:N needs|unknown strength)"):
        make_bot(spec, 1)
