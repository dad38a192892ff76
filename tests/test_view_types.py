"""Every view matches its declared shape (claim.core.view_types): the TypedDicts that let mypy
check the screens' and bots' lookups must say what ``report`` really returns, key for key.

Random games with every expansion (random factions, 5 heroes, a random Setting and Building,
artifacts) are checked after every move, for the omniscient report, both players and a spectator.
A finished game's result (``State.result``, ``View.result``) is checked against
:class:`~claim.core.view_types.GameResult` with every Building, games decided before the votes
and the Dungeon's field included.
"""

from __future__ import annotations

import random
import types
import typing
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints

import pytest

import claim
from claim.core.options import EVERY_EXPANSION, SetupOptions
from claim.core.position_codecs import RESULT_FIELDS
from claim.core.powers import DECIDED_BEFORE_THE_VOTES, LOCATION_POWERS
from claim.core.records import Record, replay, to_record
from claim.core.view import SPECTATOR, report
from claim.core.view_types import GameResult, View
from claim.core.worlds import determinize


def check(value: Any, hint: Any, where: str) -> None:
    """Raise AssertionError naming the path where ``value`` does not have the type ``hint``."""
    origin = get_origin(hint)
    if hint is Any:
        return
    if origin is NotRequired:
        check(value, get_args(hint)[0], where)
    elif origin in (Union, types.UnionType):
        errors = []
        for option in get_args(hint):
            try:
                check(value, option, where)
                return
            except AssertionError as exc:
                errors.append(str(exc))
        raise AssertionError(f"{where}: {value!r} is none of {hint} ({'; '.join(errors)})")
    elif origin is Literal:
        assert value in get_args(hint), f"{where}: {value!r} is not one of {get_args(hint)}"
    elif hint is type(None):
        assert value is None, f"{where}: expected None, got {value!r}"
    elif typing.is_typeddict(hint):
        assert isinstance(value, dict), f"{where}: expected an object, got {value!r}"
        fields = get_type_hints(hint, include_extras=True)
        extra = set(value) - set(fields)
        assert not extra, f"{where}: keys {sorted(extra)} are not declared in {hint.__name__}"
        missing = set(hint.__required_keys__) - set(value)
        assert not missing, f"{where}: required keys {sorted(missing)} are missing"
        for key, item in value.items():
            check(item, fields[key], f"{where}.{key}")
    elif origin is list:
        assert isinstance(value, list), f"{where}: expected a list, got {value!r}"
        (item,) = get_args(hint)
        for i, element in enumerate(value):
            check(element, item, f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), f"{where}: expected an object, got {value!r}"
        key_hint, item = get_args(hint)
        for key, element in value.items():
            check(key, key_hint, f"{where} key")
            check(element, item, f"{where}[{key!r}]")
    elif hint is int:
        assert isinstance(value, int) and not isinstance(value, bool), f"{where}: {value!r}"
    else:
        assert isinstance(value, hint), f"{where}: expected {hint}, got {value!r}"


def test_the_checker_refuses_an_undeclared_key_and_a_wrong_type() -> None:
    view = dict(report(claim.new_game(claim.GameConfig(), seed=1)))
    check(view, View, "view")
    with pytest.raises(AssertionError, match="not declared"):
        check({**view, "secret": 1}, View, "view")
    with pytest.raises(AssertionError, match=r"view\.phase"):
        check({**view, "phase": "one"}, View, "view")
    with pytest.raises(AssertionError, match="missing"):
        check({k: v for k, v in view.items() if k != "deck"}, View, "view")


@pytest.mark.parametrize("seed", range(12))
def test_every_view_of_a_game_with_every_expansion_has_the_declared_shape(seed: int) -> None:
    state = claim.new_game(EVERY_EXPANSION.resolve(seed).config, seed=seed)
    rng = random.Random(seed)
    while True:
        for viewer in (None, 0, 1, SPECTATOR):
            check(report(state, viewer), View, f"seed {seed} move {len(state.moves)} view")
        if claim.is_over(state):
            break
        legal = claim.legal_actions(state)
        claim.apply(state, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("seed", range(4))
def test_a_record_has_the_declared_shape_and_replays(seed: int) -> None:
    """``to_record`` writes a :data:`claim.core.records.Record` at every move: with a seed and
    chance outcomes, and as a position for a determinized state (a search bot's guess)."""
    state = claim.new_game(EVERY_EXPANSION.resolve(seed).config, seed=seed)
    rng = random.Random(seed)
    while True:
        record = to_record(state)
        check(record, Record, f"seed {seed} move {len(state.moves)} record")
        if claim.is_over(state):
            break
        guess = to_record(determinize(state, 0, rng))
        check(guess, Record, f"seed {seed} move {len(state.moves)} determinized record")
        assert "position" in guess
        legal = claim.legal_actions(state)
        claim.apply(state, legal[rng.randrange(len(legal))])
    assert report(replay(record)) == report(state)


#: every Building (each with Lava Fields or a random Setting), so that the results include the
#: games decided before the votes (Castle, Forest, Bridge, Monastery, Lava Fields; L23), the
#: Dungeon's field (L11) and the end-of-game steps' card moves
BUILDINGS = sorted(name for name, power in LOCATION_POWERS.items() if power.kind == "building")


def test_every_result_has_the_declared_shape() -> None:
    reasons: set[str] = set()
    dungeons = moved = 0
    for building in BUILDINGS:
        for seed in range(8):
            options = SetupOptions(
                factions="random",
                heroes="5",
                setting="lava-fields" if seed % 2 else "random",
                building=building,
                artifacts="all",
            )
            state = claim.new_game(options.resolve(seed).config, seed=seed)
            rng = random.Random(seed)
            while not claim.is_over(state):
                legal = claim.legal_actions(state)
                claim.apply(state, legal[rng.randrange(len(legal))])
            where = f"{building} seed {seed} result"
            check(state.result, GameResult, where)
            check(report(state)["result"], GameResult, f"{where} (view)")
            assert state.result is not None
            reasons.add(state.result["reason"])
            dungeons += "dungeon" in state.result
            moved += bool(state.result.get("end_moves"))
    # the games above cover what the declaration must hold
    assert DECIDED_BEFORE_THE_VOTES | {"votes", "cards", "draw"} <= reasons
    assert dungeons and moved


def test_the_result_declaration_names_the_fields_a_position_accepts() -> None:
    """``check_result`` (a position's or replay's result) accepts the fields GameResult declares."""
    assert set(RESULT_FIELDS) == set(get_type_hints(GameResult))
    state = claim.new_game(claim.GameConfig(), seed=1)
    while not claim.is_over(state):
        claim.apply(state, claim.legal_actions(state)[0])
    result = dict(state.result or {})
    check(result, GameResult, "result")
    with pytest.raises(AssertionError, match="missing"):
        check({k: v for k, v in result.items() if k != "reason"}, GameResult, "result")
    with pytest.raises(AssertionError, match=r"result\.winner"):
        check({**result, "winner": "north"}, GameResult, "result")
