"""Claim as a Python OpenSpiel game, ``python_claim`` (registered when this module is imported).

Everything is the engine's: the legal moves are :func:`claim.legal_actions` numbered by the fixed
action table of :mod:`claim.envs.actions`, a move is :func:`claim.apply`, what a player knows is
:func:`claim.observe`, a resampled world is :func:`claim.determinize` and a state's serialization
is its game record (:mod:`claim.records`). Nothing here knows a rule.

**Chance: the deal, as four explicit chance nodes.** A game starts with four chance nodes of 256
equally likely outcomes each, the bytes of a 32-bit game seed (big-endian); the fourth deals the
game that ``claim deal --seed S`` deals with the game's setup options (the options resolved with
the seed, then :func:`claim.new_game`), random factions, heroes, locations and artifacts
included. Random events during play (the Skeleton's draw, Gambler's Dice, ...) are the engine's
own, drawn from a stream the seed fixes, so after the deal the game is deterministic given the
moves, which OpenSpiel's explicit-chance model allows. Why not sampled chance
(``SAMPLED_STOCHASTIC``): OpenSpiel serializes such a game with its generator
(``Game::GetRNGState``), which a Python game cannot provide, so ``random_sim_test`` with
``serialize=True`` fails on it; and why not one chance node per card: the order of the deal is
the engine's (the shuffle, the Shadows left out, the hero draws, the Toxics), which would have
to be re-derived here. The ``seed`` parameter (``-1`` by default) fixes the deal instead: a game
with ``seed=S`` starts dealt, with no chance node.

**Information.** A player's observation string is the JSON of :func:`claim.observe` (keys
sorted): every finished trick, both Score piles, their own hand, what they have seen — the view
the project defines as what a player may know (RULES.md §10). The information-state string adds
the player's own actions so far (the view does not show a pass at an artifact window, for
instance), so two histories a player can tell apart have different strings. The observation
tensor is the present: :func:`claim.envs.encoding.encode` of the view (10,015 float32 entries).
The information-state tensor is perfect recall: that vector, then the history
(:func:`claim.envs.encoding.encode_history`: every finished trick's prizes, cards, declarations,
winner, artifacts and daggered cards, then the player's own actions; 11,935 entries in all), so
two information states never share it (tests/test_openspiel_information.py). Before the deal
the strings say only ``dealing`` and the tensors are zero.

:meth:`ClaimState.resample_from_infostate` is :func:`claim.determinize`: a state the player
cannot tell from this one, the hidden cards re-dealt, its information-state string identical.
OpenSpiel's C++ ``ISMCTSBot`` cannot call it (the C++ side of a Python state does not forward
``ResampleFromInfostate``); OpenSpiel's Python ``open_spiel.python.algorithms.ismcts.ISMCTSBot``
does (:mod:`claim.openspiel.bot`).
"""

from __future__ import annotations

import json
import random
from typing import Any, Final

import numpy as np
import numpy.typing as npt

# OpenSpiel ships no type information: its classes are Any to mypy
import pyspiel  # type: ignore[import-not-found]  # a compiled module without stubs

from claim.core.engine import apply, current_player, legal_actions
from claim.core.game import new_game
from claim.core.options import SetupOptions
from claim.core.records import replay, to_record
from claim.core.state import State
from claim.core.view import observe, report, spectate
from claim.core.view_types import View
from claim.core.worlds import determinize
from claim.envs.actions import ACTION_COUNT, index_of, move_of
from claim.envs.encoding import (
    INFORMATION_STATE_SIZE,
    MAX_DECISIONS,
    OBSERVATION_SIZE,
    encode,
    encode_information_state,
)
from claim.envs.games import setup_options

GAME_NAME: Final[str] = "python_claim"

#: chance nodes before the deal, each one byte of the game seed
SEED_BYTES: Final[int] = 4
CHANCE_OUTCOMES: Final[int] = 256

#: a bound on the decisions of one game, for OpenSpiel's ``max_game_length``: the encoding's
#: (:data:`claim.envs.encoding.MAX_DECISIONS`, whose information-state vector lists a player's
#: own moves up to it)
MAX_GAME_LENGTH: Final[int] = MAX_DECISIONS

#: the game parameters and their defaults. OpenSpiel reads a parameter in a game string by its
#: look (``heroes=5`` is an int, ``heroes=jester`` a string), so each has one type: a number
#: of heroes is ``heroes``, a list of them ``hero_pool``; lists are joined by ``+`` and hero
#: values written ``NAME:VALUE`` (a ``,`` or ``=`` would end the parameter in a game string).
PARAMETERS: Final[dict[str, Any]] = {
    # the deck: claim, claim2, random, or five factions (goblins+knights+...)
    "factions": "claim",
    # who leads the first trick: 0, 1, or -1 for a random seat
    "first_leader": 0,
    # how many heroes: random ones of all 24, or with hero_pool, of the pool (0: all of it)
    "heroes": 0,
    "hero_pool": "",
    # jester:7+witch:4
    "hero_values": "",
    # none, random or a name
    "setting": "none",
    "building": "none",
    # none, all, or a pool of at least six names (magic-wand+spyglass+...)
    "artifacts": "none",
    # -1: the deal is drawn at the chance nodes; S >= 0: the game starts dealt from seed S
    "seed": -1,
}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Claim (the trick-taking card game, Python)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=PARAMETERS,
)
_GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=ACTION_COUNT,
    max_chance_outcomes=CHANCE_OUTCOMES,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=MAX_GAME_LENGTH,
)


def _list_text(value: str) -> str:
    """A list parameter in the game-string spelling: ``+`` between items (``,`` and ``;``
    accepted), no spaces."""
    return "+".join(item.strip() for item in value.replace(";", ",").replace("+", ",").split(","))


def game_parameters(given: dict[str, Any]) -> dict[str, Any]:
    """The parameters as the game keeps them: every one present, lists in the ``+`` spelling
    (so that the game string, ``str(game)``, loads the same game back).

    >>> game_parameters({"factions": "goblins,knights, elves,orcs,dragons"})["factions"]
    'goblins+knights+elves+orcs+dragons'
    """
    unknown = sorted(set(given) - set(PARAMETERS))
    if unknown:
        raise ValueError(
            f"{GAME_NAME}: unknown parameter {unknown[0]!r}; parameters are: "
            + ", ".join(PARAMETERS)
        )
    params = {**PARAMETERS, **given}
    for name in ("factions", "hero_pool", "artifacts"):
        params[name] = _list_text(str(params[name]))
    params["hero_values"] = _list_text(str(params["hero_values"]).replace("=", ":"))
    return params


def options_of(params: dict[str, Any]) -> SetupOptions:
    """The setup options (as ``claim deal`` takes them) of the game parameters; a bad value
    raises ValueError naming it."""
    leader = int(params["first_leader"])
    pool = str(params["hero_pool"])
    count = int(params["heroes"])
    given: dict[str, Any] = {
        "factions": str(params["factions"]).replace("+", ","),
        "first_leader": "random" if leader == -1 else str(leader),
        "heroes": pool.replace("+", ",") if pool else str(count),
        "hero_count": count if pool and count else None,
        "hero_values": str(params["hero_values"]).replace("+", ",").replace(":", "="),
        "setting": str(params["setting"]),
        "building": str(params["building"]),
        "artifacts": str(params["artifacts"]).replace("+", ","),
    }
    try:
        return setup_options(given)
    except ValueError as exc:  # a ClaimError (a ValueError) names the option as ``--heroes``
        raise ValueError(f"{GAME_NAME}: {exc}") from None


def rewards(state: State) -> list[float]:
    """+1 to the winner and −1 to the loser of a finished game, 0 each for a draw."""
    assert state.result is not None
    winner = state.result["winner"]
    if winner is None:
        return [0.0, 0.0]
    return [1.0, -1.0] if winner == 0 else [-1.0, 1.0]


class Table:
    """Everything a :class:`ClaimState` holds, in one object: OpenSpiel copies a Python state by
    deep-copying each attribute and serializes it by pickling them, so this one attribute says
    how — a copy is :meth:`State.clone`, a pickle is the game record, read back by replaying it.

    ``claim`` is the engine's state (None until the deal); ``seed_bytes`` the chance outcomes
    drawn so far; ``own`` each player's actions (their information state lists them).
    """

    __slots__ = ("_strings", "_views", "claim", "options", "own", "seed", "seed_bytes")

    def __init__(self, options: SetupOptions, seed: int | None) -> None:
        self.options = options
        #: the fixed deal's seed (the ``seed`` parameter), dealt when first needed: OpenSpiel
        #: makes a new initial state for every copy, which then replaces what it holds
        self.seed = seed
        self.seed_bytes: list[int] = []
        self.claim: State | None = None
        self.own: tuple[list[int], list[int]] = ([], [])
        #: the views and strings asked for in this position, by (kind, player) and (kind,
        #: perfect recall, player): OpenSpiel's ISMCTS asks for the same information-state
        #: string up to three times per node, and the JSON of a view costs about 0.1 ms
        self._views: dict[tuple[str, int], View] = {}
        self._strings: dict[tuple[str, bool, int], str] = {}

    def game(self) -> State | None:
        """The engine's state, dealt now if the deal is due."""
        if self.claim is None and self.seed is not None:
            setup = self.options.resolve(self.seed)
            self.claim = new_game(setup.config, setup.seed)
        return self.claim

    def view(self, kind: str, player: int) -> View | None:
        """What ``player`` sees (``kind``: ``player`` their view, ``public`` a spectator's,
        ``all`` everything); None before the deal."""
        claim = self.game()
        if claim is None:
            return None
        key = (kind, player)
        view = self._views.get(key)
        if view is None:
            if kind == "player":
                view = observe(claim, player)
            elif kind == "public":
                view = spectate(claim)
            else:
                view = report(claim, None)
            self._views[key] = view
        return view

    def apply(self, action: int) -> None:
        """One action: a chance outcome before the deal, else the player to act's move."""
        self._views = {}
        self._strings = {}
        claim = self.game()
        if claim is None:
            if not 0 <= action < CHANCE_OUTCOMES:
                raise ValueError(f"chance outcome {action} is outside 0 … {CHANCE_OUTCOMES - 1}")
            self.seed_bytes.append(action)
            if len(self.seed_bytes) == SEED_BYTES:
                self.seed = int.from_bytes(bytes(self.seed_bytes), "big")
                self.game()
            return
        player = current_player(claim)
        assert player is not None  # OpenSpiel applies no action to a terminal state
        apply(claim, move_of(action))  # an illegal move raises IllegalMove
        self.own[player].append(action)

    def copy_with(self, claim: State | None) -> Table:
        """A copy holding ``claim`` (a clone or a determinization) and the same actions."""
        table = Table(self.options, self.seed)
        table.seed_bytes = list(self.seed_bytes)
        table.claim = claim
        table.own = (list(self.own[0]), list(self.own[1]))
        return table

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        claim = self.game()
        return self.copy_with(None if claim is None else claim.clone())

    def __getstate__(self) -> dict[str, Any]:
        # the record (setup, deal, seed, moves, random outcomes; a determinized state, which has
        # no deal, as its position): a pickle that says what the game is, not how it is stored
        claim = self.game()
        return {
            "options": self.options,
            "seed": self.seed,
            "seed_bytes": self.seed_bytes,
            "record": None if claim is None else to_record(claim),
            "own": [list(self.own[0]), list(self.own[1])],
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.options = data["options"]
        self.seed = data["seed"]
        self.seed_bytes = list(data["seed_bytes"])
        self.claim = None if data["record"] is None else replay(data["record"])
        self.own = (list(data["own"][0]), list(data["own"][1]))
        self._views = {}
        self._strings = {}

    def text(self, kind: str, perfect_recall: bool, player: int) -> str:
        """What ``player`` sees as a string: the view as JSON, keys sorted, then (with
        ``perfect_recall``, for a player's own view) a line with their own actions."""
        key = (kind, perfect_recall, player)
        text = self._strings.get(key)
        if text is None:
            view = self.view(kind, player)
            if view is None:
                text = "dealing"
            else:
                text = json.dumps(view, sort_keys=True, separators=(",", ":"))
                if perfect_recall and kind == "player":
                    text += "\nown actions: " + " ".join(map(str, self.own[player]))
            self._strings[key] = text
        return text


class ClaimGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel.Game is Any (see the import)
    """The game: its parameters (:data:`PARAMETERS`) resolved once into setup options."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = game_parameters(dict(params or {}))
        self.options = options_of(params)
        seed = int(params["seed"])
        if seed < -1:
            raise ValueError(f"{GAME_NAME}: seed must be -1 (dealt by chance) or at least 0")
        #: the fixed deal's seed, or None: the deal is drawn at the chance nodes
        self.seed = None if seed == -1 else seed
        super().__init__(_GAME_TYPE, _GAME_INFO, params)

    def new_initial_state(self) -> ClaimState:
        """A new game: before its chance nodes, or dealt from the ``seed`` parameter."""
        return ClaimState(self)

    def state_of(self, claim: State) -> ClaimState:
        """An OpenSpiel state holding a copy of the engine state ``claim`` (a position reached
        elsewhere, e.g. a bot's determinization); it has no OpenSpiel history and no own-action
        list (which only the information-state strings read)."""
        state = ClaimState(self)
        state.table = state.table.copy_with(claim.clone())
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ClaimObserver:
        """An observer for OpenSpiel's observation API (the strings and tensors)."""
        return ClaimObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class ClaimState(pyspiel.State):  # type: ignore[misc]  # pyspiel.State is Any
    """A state of ``python_claim``: a :class:`Table` (the engine's state and the actions)."""

    def __init__(self, game: ClaimGame) -> None:
        super().__init__(game)
        # the only attribute: OpenSpiel copies and pickles each attribute (see Table)
        self.table = Table(game.options, game.seed)

    @property
    def claim(self) -> State | None:
        """The engine's state (None before the deal): to read, not to change."""
        return self.table.game()

    def current_player(self) -> int:
        claim = self.table.game()
        if claim is None:
            return int(pyspiel.PlayerId.CHANCE)
        player = current_player(claim)
        return int(pyspiel.PlayerId.TERMINAL) if player is None else player

    def _legal_actions(self, player: int) -> list[int]:
        claim = self.table.game()
        assert claim is not None and player >= 0
        return sorted(index_of(move) for move in legal_actions(claim))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / CHANCE_OUTCOMES
        return [(byte, p) for byte in range(CHANCE_OUTCOMES)]

    def _apply_action(self, action: int) -> None:
        self.table.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return move_of(int(action))

    def is_terminal(self) -> bool:
        claim = self.table.game()
        return claim is not None and claim.result is not None

    def returns(self) -> list[float]:
        claim = self.table.game()
        if claim is None or claim.result is None:
            return [0.0, 0.0]
        return rewards(claim)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ClaimState:
        """A state ``player_id`` cannot tell from this one (:func:`claim.determinize`), drawn
        with a generator seeded from two of ``probability_sampler``'s numbers in [0, 1). Before
        the deal: the same number of seed bytes, drawn afresh. The state has no OpenSpiel
        history (a determinization is not reached by chance outcomes of this game), and only
        ``player_id``'s own-action list."""
        high, low = probability_sampler(), probability_sampler()
        rng = random.Random((int(high * 2**53) << 53) | int(low * 2**53))
        state = ClaimState(self.get_game())
        claim = self.table.game()
        if claim is None:
            state.table.seed_bytes = [rng.randrange(CHANCE_OUTCOMES) for _ in self.table.seed_bytes]
        else:
            state.table = self.table.copy_with(determinize(claim, int(player_id), rng))
            state.table.seed = None  # the seed would give the true deal away
            state.table.seed_bytes = []
            # so would the other player's true actions (a secret choice names its card)
            state.table.own[1 - int(player_id)].clear()
        return state

    def __str__(self) -> str:
        # the whole state, for OpenSpiel's checks that a copy or a deserialized state is the
        # same: the game record (or the seed bytes drawn before the deal)
        claim = self.table.game()
        if claim is None:
            return f"dealing: seed bytes {self.table.seed_bytes}"
        return json.dumps(to_record(claim), sort_keys=True, separators=(",", ":"))


class ClaimObserver:
    """OpenSpiel's observer (the ``PyObserver`` interface): a player's view as a string (JSON)
    and as the :func:`~claim.envs.encoding.encode` vector.

    ``iig_obs_type.private_info``: ``SINGLE_PLAYER`` the player's own view (observe),
    ``NONE`` a spectator's (public information only; a string, no tensor: the encoding is of a
    seat's view, which names that seat's artifacts), ``ALL_PLAYERS`` everything;
    ``perfect_recall`` adds the player's own actions to the string and, for a player's own view,
    the history to the tensor (:func:`~claim.envs.encoding.encode_information_state`): the
    information state.
    Without ``public_info``: ``NONE`` observes nothing (an empty string, a zero tensor); private
    information alone is refused, since the view mixes the two (a hand's cards are named among
    the public zones).
    """

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        private = iig_obs_type.private_info
        if not iig_obs_type.public_info and private != pyspiel.PrivateInfoType.NONE:
            raise ValueError("an observer of private information alone is not supported")
        self.silent = not iig_obs_type.public_info
        if private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            self.kind = "player"
        elif private == pyspiel.PrivateInfoType.NONE:
            self.kind = "public"
        else:
            self.kind = "all"
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        #: the information state (the present and the history) rather than the present alone
        self.history = self.perfect_recall and self.kind == "player"
        self.tensor: npt.NDArray[np.float32] | None = None
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        if self.silent or self.kind != "public":
            size = INFORMATION_STATE_SIZE if self.history else OBSERVATION_SIZE
            self.tensor = np.zeros(size, np.float32)
            self.dict["observation"] = self.tensor

    def set_from(self, state: ClaimState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into :attr:`tensor`."""
        if self.tensor is None:
            return
        view = None if self.silent else state.table.view(self.kind, player)
        if view is None:
            self.tensor.fill(0.0)
            return
        claim = state.table.game()
        assert claim is not None
        factions = claim.config.factions
        if self.history:
            own = state.table.own[player]
            self.tensor[:] = encode_information_state(view, player, factions, own)
        else:
            self.tensor[:] = encode(view, player, factions)

    def string_from(self, state: ClaimState, player: int) -> str:
        """``player``'s observation of ``state`` (:meth:`Table.text`)."""
        if self.silent:
            return ""
        return state.table.text(self.kind, self.perfect_recall, player)


pyspiel.register_game(_GAME_TYPE, ClaimGame)
