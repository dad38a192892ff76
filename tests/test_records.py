"""Records and positions (shared/spec/records.md): writing, replaying, and refusing bad input.

Every problem in a record or position raises a :class:`~claim.core.errors.ClaimError` subclass with
a one-line message naming the field; never another exception type.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

import claim
from claim.core import cards
from claim.core.errors import ClaimError, IllegalMove, RecordError
from claim.core.positions import load_position
from claim.core.records import read_json, replay, to_record
from claim.core.setup import GameConfig
from claim.core.view import report


def _played(seed: int, moves: int | None = None, factions: str = "claim") -> claim.State:
    """Game ``seed`` after ``moves`` random legal moves (all of them when None)."""
    state = claim.new_game(GameConfig(factions=cards.PRESETS[factions]), seed)
    rng = random.Random(seed)
    while not claim.is_over(state) and (moves is None or len(state.moves) < moves):
        claim.apply(state, rng.choice(claim.legal_actions(state)))
    return state


def _record(seed: int = 5, moves: int | None = 0, factions: str = "claim") -> dict[str, Any]:
    return json.loads(json.dumps(to_record(_played(seed, moves, factions))))


def _fails(record: Any, kind: type[ClaimError], *parts: str) -> str:
    """Replay ``record``: it must raise ``kind`` with a one-line message containing ``parts``."""
    with pytest.raises(ClaimError) as info:
        replay(record)
    error = info.value
    message = str(error)
    assert type(error) is kind, f"{type(error).__name__}: {message}"
    assert "\n" not in message and message.strip() == message and message
    for part in parts:
        assert part in message, f"{part!r} not in {message!r}"
    return message


# -------------------------------------------------------------------------------------------------
# Writing and replaying
# -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("factions", ["claim", "claim2"])
@pytest.mark.parametrize("seed", [0, 1, 2, 99])
def test_to_record_replays_the_same_game(seed: int, factions: str) -> None:
    state = _played(seed, factions=factions)
    assert claim.is_over(state)
    record = json.loads(json.dumps(to_record(state)))
    assert record["format"] == "claim/1"
    assert record["setup"]["factions"] == list(cards.PRESETS[factions])
    assert len(record["deal"]["hands"][0]) == len(record["deal"]["hands"][1]) == 13
    assert len(record["deal"]["deck"]) == 26
    assert record["moves"] == state.moves
    again = replay(record)
    assert again.to_dict() == state.to_dict()
    assert again.result == state.result
    assert report(again) == report(state)


def test_record_of_a_game_in_progress_replays_and_continues() -> None:
    state = _played(3, moves=17)
    again = replay(json.loads(json.dumps(to_record(state))))
    assert again.to_dict() == state.to_dict()
    rng1, rng2 = random.Random(8), random.Random(8)
    while not claim.is_over(state):
        claim.apply(state, rng1.choice(claim.legal_actions(state)))
        claim.apply(again, rng2.choice(claim.legal_actions(again)))
    assert again.to_dict() == state.to_dict()


def test_replay_upto_stops_early() -> None:
    record = _record(4, moves=None)
    assert replay(record, upto=10).to_dict() == _played(4, 10).to_dict()


@pytest.mark.parametrize("first_leader", [0, 1])
@pytest.mark.parametrize("seed", [0, 7, 123456789])
def test_seed_only_record_deals_like_new_game(seed: int, first_leader: int) -> None:
    record = {
        "format": "claim/1",
        "setup": {"factions": list(cards.PRESETS["claim2"]), "first_leader": first_leader},
        "seed": seed,
        "moves": [],
    }
    state = replay(record)
    dealt = claim.new_game(GameConfig(cards.PRESETS["claim2"], first_leader), seed)
    assert state.to_dict() == dealt.to_dict()
    assert claim.current_player(state) == first_leader
    # and the game goes on the same way: the seed drives later events too
    rng1, rng2 = random.Random(seed), random.Random(seed)
    while not claim.is_over(dealt):
        claim.apply(state, rng1.choice(claim.legal_actions(state)))
        claim.apply(dealt, rng2.choice(claim.legal_actions(dealt)))
    assert state.to_dict() == dealt.to_dict()


@pytest.mark.parametrize("preset", ["claim", "claim2"])
def test_preset_names_are_accepted(preset: str) -> None:
    listed = {"format": "claim/1", "setup": {"factions": list(cards.PRESETS[preset])}, "seed": 3}
    named = {"format": "claim/1", "setup": {"factions": preset}, "seed": 3}
    state = replay(named)
    assert state.config.factions == cards.PRESETS[preset]
    assert state.config.first_leader == 0  # the default
    assert state.to_dict() == replay(listed).to_dict()


def test_format_may_be_omitted_and_annotations_are_ignored() -> None:
    record = _record(6, moves=9)
    plain = replay(record).to_dict()
    record.pop("format")
    record["x-comment"] = "an annotation: x-... fields are ignored at every level"
    record["setup"]["x-by"] = "a test"
    assert replay(record).to_dict() == plain


def test_unknown_fields_are_refused() -> None:
    """Issue 14: a misspelled field would otherwise be ignored and replay another game."""
    record = _record(6, moves=9)
    record["setup"]["setings"] = "underworld"
    _fails(record, RecordError, "setup: unknown field 'setings'; known fields: factions")
    record = _record(6, moves=9)
    record["comment"] = "not an x- field"
    _fails(record, RecordError, "record: unknown field 'comment'; known fields: format")
    record = _record(6, moves=9)
    record["deal"]["hand"] = []
    _fails(record, RecordError, "deal: unknown field 'hand'; known fields: hands, deck")


def test_records_of_the_same_game_are_identical() -> None:
    assert to_record(_played(9)) == to_record(_played(9))
    record = to_record(_played(9))
    assert to_record(replay(record)) == record


def test_read_json_reads_a_record_file(tmp_path: Path) -> None:
    record = _record(2, moves=11)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert read_json(path) == record
    assert replay(read_json(path)).to_dict() == replay(record).to_dict()


# -------------------------------------------------------------------------------------------------
# Positions
# -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("moves", [0, 1, 13, 26, 27, 60, None])
@pytest.mark.parametrize("factions", ["claim", "claim2"])
def test_record_with_a_position_replays_and_continues(moves: int | None, factions: str) -> None:
    state = _played(21, moves, factions)
    position = json.loads(json.dumps(state.to_dict()))
    record = {"format": "claim/1", "position": position, "moves": []}
    loaded = replay(record)
    assert loaded.to_dict() == state.to_dict()
    assert report(loaded) == report(state)
    if claim.is_over(state):
        assert claim.legal_actions(loaded) == []
        return
    # moves after the position continue the game
    rng = random.Random(1)
    tail = []
    while not claim.is_over(state):
        move = rng.choice(claim.legal_actions(state))
        claim.apply(state, move)
        tail.append(move)
    finished = replay({"format": "claim/1", "position": position, "moves": tail})
    assert finished.to_dict() == state.to_dict()
    assert finished.result == state.result


def test_position_with_matching_setup_is_accepted_and_mismatch_refused() -> None:
    state = _played(8, 5)
    position = state.to_dict()
    record = {"format": "claim/1", "setup": {"factions": "claim"}, "position": position}
    assert replay(record).to_dict() == state.to_dict()
    record["setup"] = {"factions": "claim", "first_leader": 1}
    _fails(record, RecordError, "setup")


def test_state_from_dict_round_trips() -> None:
    state = _played(12, 31, "claim2")
    data = state.to_dict()
    assert data["format"] == "claim-position/1"
    assert load_position(json.loads(json.dumps(data))).to_dict() == data


# -------------------------------------------------------------------------------------------------
# Bad input
# -------------------------------------------------------------------------------------------------


def test_malformed_json_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "claim/1", "moves": [', encoding="utf-8")
    with pytest.raises(RecordError) as info:
        read_json(path)
    message = str(info.value)
    assert "\n" not in message
    assert "broken.json" in message and "not valid JSON" in message


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError) as info:
        read_json(tmp_path / "nowhere.json")
    assert "nowhere.json" in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("record", [[], "claim/1", 3, None, ["format", "claim/1"]])
def test_a_record_must_be_an_object(record: Any) -> None:
    _fails(record, RecordError, "object")


@pytest.mark.parametrize("fmt", ["claim/2", "claim", 1, None])
def test_wrong_format(fmt: Any) -> None:
    record = _record()
    record["format"] = fmt
    _fails(record, RecordError, "format", "claim/1")


def _with_factions(factions: Any) -> dict[str, Any]:
    return {"format": "claim/1", "setup": {"factions": factions}, "seed": 1}


@pytest.mark.parametrize(
    ("factions", "words"),
    [
        (["goblins", "knights", "undead", "dwarves", "wizards"], ["wizards", "unknown"]),
        ("claim3", ["claim3", "unknown"]),
        (["goblins", "knights", "gnomes", "giants", "undead"], ["one pair"]),
        (["goblins", "knights", "undead", "undead", "dwarves"], ["undead", "twice"]),
        (["goblins", "knights", "undead", "dwarves"], ["three single"]),
        (["goblins", "knights", "undead", "dwarves", "trolls", "seers"], ["three single"]),
        (["goblins", "undead", "dwarves", "doppelgangers", "trolls"], ["goblins", "knights"]),
        (["gnomes", "undead", "dwarves", "doppelgangers", "trolls"], ["gnomes", "giants"]),
        (["undead", "dwarves", "doppelgangers", "trolls", "seers"], ["pair"]),
        ([], ["pair"]),
        ([1, 2, 3, 4, 5], ["setup.factions"]),
        (None, ["setup.factions"]),
    ],
)
def test_illegal_deck_is_refused(factions: Any, words: list[str]) -> None:
    _fails(_with_factions(factions), RecordError, "setup.factions", *words)


@pytest.mark.parametrize("first_leader", [2, -1, "0", "random", True, None, 0.5])
def test_wrong_first_leader(first_leader: Any) -> None:
    record = _record()
    record["setup"]["first_leader"] = first_leader
    _fails(record, RecordError, "setup.first_leader", repr(first_leader))


def test_setup_must_be_an_object() -> None:
    record = _record()
    record["setup"] = "claim"
    _fails(record, RecordError, "setup")
    del record["setup"]
    _fails(record, RecordError, "setup")


def test_a_record_needs_a_deal_a_position_or_a_seed() -> None:
    record = _record()
    del record["deal"], record["seed"]
    _fails(record, RecordError, "deal", "seed")


@pytest.mark.parametrize("seed", ["7", 1.5, True, [7]])
def test_seed_must_be_an_integer(seed: Any) -> None:
    record = _record()
    record["seed"] = seed
    _fails(record, RecordError, "seed")


def _deal_fails(change: Any, *parts: str) -> str:
    record = _record()
    change(record["deal"])
    return _fails(record, RecordError, *parts)


def test_deal_with_an_unknown_code() -> None:
    def change(deal: dict[str, Any]) -> None:
        deal["hands"][0][3] = "goblins:99"

    _deal_fails(change, "deal.hands[0][3]", "unknown", "goblins:99")


def test_deal_with_a_card_that_is_not_a_string() -> None:
    def change(deal: dict[str, Any]) -> None:
        deal["deck"][5] = 7

    _deal_fails(change, "deal.deck[5]")


def test_deal_with_too_many_copies() -> None:
    record = _record()
    hands = record["deal"]["hands"]
    code = next(c for c in hands[0] if cards.FACTIONS[c.split(":")[0]].codes.count(c) == 1)
    hands[1][4] = code
    _fails(record, RecordError, "deal.hands[1][4]", "too many copies", code)


def test_deal_with_a_card_not_in_these_factions() -> None:
    def change(deal: dict[str, Any]) -> None:
        deal["deck"][20] = "trolls:3"

    _deal_fails(change, "deal.deck[20]", "trolls:3", "not a card of this game")


@pytest.mark.parametrize("player", [0, 1])
def test_deal_with_a_wrong_hand_size(player: int) -> None:
    def change(deal: dict[str, Any]) -> None:
        deal["hands"][player].append(deal["deck"].pop())

    _deal_fails(change, f"deal.hands[{player}]", "14", "13")


def test_deal_with_a_deck_of_the_wrong_size() -> None:
    def change(deal: dict[str, Any]) -> None:
        deal["deck"].pop()

    _deal_fails(change, "deal.deck", "25", "26")


@pytest.mark.parametrize(
    "deal", ["deal", [], {"hands": [[]]}, {"hands": "x", "deck": []}, {"hands": [[], [], []]}]
)
def test_malformed_deal(deal: Any) -> None:
    record = _record()
    record["deal"] = deal
    _fails(record, RecordError, "deal")


@pytest.mark.parametrize("moves", ["play goblins:0", {"0": "pass"}, [1, 2], 5])
def test_moves_must_be_a_list_of_strings(moves: Any) -> None:
    record = _record()
    record["moves"] = moves
    _fails(record, RecordError, "moves")


def test_an_illegal_move_names_its_position_the_move_and_the_legal_moves() -> None:
    record = _record(5, moves=9)
    state = replay(record)
    legal = claim.legal_actions(state)
    hand_codes = {cards.CODE[c] for c in state.hands[claim.current_player(state)]}
    wrong = next(f"play {code}" for code in cards.CODE[:60] if code not in hand_codes)
    record["moves"].append(wrong)
    message = _fails(record, IllegalMove, "moves[9]", repr(wrong), "legal moves")
    for move in legal:
        assert move in message
    record["moves"][9] = "dance"
    _fails(record, IllegalMove, "moves[9]", "'dance'", *legal)


def test_a_move_after_the_end_of_the_game_is_illegal() -> None:
    record = _record(5, moves=None)
    count = len(record["moves"])
    assert claim.is_over(replay(record))
    record["moves"].append(record["moves"][-1])
    _fails(record, IllegalMove, f"moves[{count}]", "end of the game")


@pytest.mark.parametrize(
    ("artifacts", "pool", "field", "message"),
    [
        ([["spyglass"], ["ice-sword"]], None, "setup.artifacts", "two lists of 3 names"),
        ("spyglass", None, "setup.artifacts", "two lists of 3 artifact names"),
        (
            [
                ["spyglass", "ice-sword", "flute"],
                ["magic-wand", "flail-of-dawn", "mask-of-darkness"],
            ],
            None,
            "setup.artifacts",
            "unknown artifact 'flute'",
        ),
        (
            [
                ["spyglass", "spyglass", "ice-sword"],
                ["magic-wand", "flail-of-dawn", "wishing-lamp"],
            ],
            None,
            "setup.artifacts",
            "spyglass is listed twice",
        ),
        (
            [["spyglass", "ice-sword", "magic-wand"], ["magic-wand", "flail-of-dawn", "spyglass"]],
            None,
            "setup.artifacts",
            "spyglass is dealt to both players",
        ),
        (
            [
                ["spyglass", "ice-sword", "magic-wand"],
                ["kings-dagger", "flail-of-dawn", "ice-sword"],
            ],
            None,
            "setup.artifacts",
            "ice-sword is dealt to both players",
        ),
        (
            [
                ["spyglass", "ice-sword", "magic-wand"],
                ["kings-dagger", "flail-of-dawn", "mask-of-darkness"],
            ],
            ["spyglass", "ice-sword", "magic-wand", "kings-dagger", "flail-of-dawn"],
            "setup.artifact_pool",
            "mask-of-darkness is not in the artifact pool",
        ),
    ],
)
def test_bad_artifacts_are_refused_naming_the_field(
    artifacts: Any, pool: list[str] | None, field: str, message: str
) -> None:
    """A41: two lists of exactly 3 distinct known names, no name in both, all in the pool."""
    record = _record()
    record["setup"]["artifacts"] = artifacts
    if pool is not None:
        record["setup"]["artifact_pool"] = pool
    _fails(record, RecordError, field, message)


def test_artifacts_are_dealt_as_the_record_says() -> None:
    record = _record()
    dealt = [
        ["spyglass", "ice-sword", "magic-wand"],
        ["kings-dagger", "flail-of-dawn", "wishing-lamp"],
    ]
    record["setup"]["artifacts"] = dealt
    record["moves"] = []
    state = replay(record)
    assert state.artifacts == dealt
    assert to_record(state)["setup"]["artifacts"] == dealt
    assert "artifact_pool" not in to_record(state)["setup"]  # the default pool: all 16


@pytest.mark.parametrize(
    ("kind", "name", "parts"),
    [
        ("setting", "castle", ("setup.setting", "unknown setting 'castle' (castle is a building)")),
        ("building", "islands", ("setup.building", "(islands is a setting)")),
        ("setting", "random", ("setup.setting", "unknown setting 'random'")),
        ("building", 3, ("setup.building", "must be a building name or null")),
    ],
)
def test_malformed_locations(kind: str, name: Any, parts: tuple[str, ...]) -> None:
    """L1: a name from the right pool, or null; records never say random."""
    record = _record()
    record["setup"][kind] = name
    _fails(record, RecordError, *parts)


def test_a_record_with_locations_replays_and_names_them() -> None:
    record = _record()
    record["setup"]["setting"] = "plateau"
    record["setup"]["building"] = None
    state = replay(record)
    assert state.config.setting == "plateau" and state.config.building is None
    written = to_record(state)
    assert written["setup"]["setting"] == "plateau" and "building" not in written["setup"]
    assert replay(written).to_dict() == state.to_dict()


def test_a_hero_named_in_the_setup_must_be_in_the_deal() -> None:
    """H10: ``setup.heroes`` is the exact list of heroes in the 52 cards."""
    record = _record()
    record["setup"]["heroes"] = ["jester"]
    _fails(record, RecordError, "deal: hero:jester is missing")


def test_a_dealt_hero_must_be_named_in_the_setup() -> None:
    record = _record()
    record["deal"]["deck"][-1] = "hero:witch"
    _fails(record, RecordError, "hero:witch is not a card of this game")


@pytest.mark.parametrize(
    ("heroes", "parts"),
    [
        (["jester", "jester"], ("setup.heroes", "listed twice")),
        (["batman"], ("setup.heroes", "unknown hero 'batman'")),
        ("jester", ("setup.heroes", "list of hero names")),
    ],
)
def test_malformed_hero_lists(heroes: Any, parts: tuple[str, ...]) -> None:
    record = _record()
    record["setup"]["heroes"] = heroes
    _fails(record, RecordError, *parts)


def test_malformed_hero_values() -> None:
    record = _record()
    record["setup"]["hero_values"] = {"batman": 3}
    _fails(record, RecordError, "setup.hero_values", "unknown hero 'batman'")
    record["setup"]["hero_values"] = {"jester": "high"}
    _fails(record, RecordError, "setup.hero_values", "whole number")
    record["setup"]["hero_values"] = ["jester", 7]
    _fails(record, RecordError, "setup.hero_values", "map hero names")


def test_a_deal_with_heroes_replays_and_names_them() -> None:
    """H10: the heroes replace any faction cards; the left-over faction cards leave the game
    unseen; a written record names the heroes and replays exactly."""
    record = _record()
    deck = record["deal"]["deck"]
    removed = deck[-2:]
    deck[-2:] = ["hero:jester", "hero:witch"]
    record["setup"]["heroes"] = ["jester", "witch"]
    record["setup"]["hero_values"] = {"jester": 7}
    state = replay(record)
    assert sorted(cards.CODE[c] for c in state.out) == sorted(removed)
    assert set(state.removed.values()) == {"heroes"}
    written = to_record(state)
    assert written["setup"]["heroes"] == ["jester", "witch"]
    assert written["setup"]["hero_values"] == {"jester": 7}
    assert replay(written).to_dict() == state.to_dict()


# -- malformed positions ----------------------------------------------------------------------


def _position(moves: int = 9) -> dict[str, Any]:
    return json.loads(json.dumps(_played(5, moves).to_dict()))


def _position_fails(position: Any, *parts: str) -> str:
    return _fails({"format": "claim/1", "position": position}, RecordError, *parts)


@pytest.mark.parametrize("field", ["players", "phase", "number", "tasks", "revealed", "history"])
def test_position_with_a_missing_field(field: str) -> None:
    position = _position()
    del position[field]
    _position_fails(position, f"position.{field}")


def test_position_that_is_not_an_object() -> None:
    _position_fails([1, 2], "position")


def test_position_with_a_wrong_format() -> None:
    position = _position()
    position["format"] = "claim-position/9"
    _position_fails(position, "position.format")


def test_position_with_an_unknown_card() -> None:
    position = _position()
    position["players"][0]["hand"][2] = "goblins:99"
    _position_fails(position, "position.players[0].hand[2]", "goblins:99")


def test_position_with_a_card_of_other_factions() -> None:
    position = _position()
    position["discard"][0] = "seers:4"
    _position_fails(position, "position.discard[0]", "seers:4")


def test_position_with_a_missing_card() -> None:
    position = _position()
    position["deck"].pop()
    _position_fails(position, "position", "missing")


def test_position_with_an_extra_copy() -> None:
    position = _position()
    card = position["players"][1]["hand"][0]
    position["players"][1]["hand"][1] = card
    if cards.FACTIONS[card.split(":")[0]].codes.count(card) == 1:
        _position_fails(position, "position.players[1].hand[1]", "too many copies", card)
    else:  # a repeated code: then another card is missing
        _position_fails(position, "position")


def test_position_with_a_bad_leader_or_phase() -> None:
    position = _position()
    position["leader"] = 2
    _position_fails(position, "position.leader")
    position = _position()
    position["phase"] = 3
    _position_fails(position, "position.phase")


@pytest.mark.parametrize("field", ["moves", "chance"])
@pytest.mark.parametrize("value", [None, 3, "play goblins:0"])
def test_position_with_moves_or_chance_not_a_list(field: str, value: Any) -> None:
    position = _position()
    position[field] = value
    _position_fails(position, f"position.{field}")


def test_position_with_trick_fields_that_do_not_match_its_plays() -> None:
    position = _position(9)  # a trick with its lead card on the table
    assert len(position["trick"]["plays"]) == 1
    position["trick"]["declared"] = []
    _position_fails(position, "position.trick")


def test_position_with_a_trick_of_an_impossible_phase() -> None:
    position = _position(9)
    position["trick"]["phase"] = 3
    _position_fails(position, "position.trick.phase")


def test_position_with_a_bad_task() -> None:
    position = _position()
    position["tasks"] = [["no-such-decision", 0, 0]]
    _position_fails(position, "position.tasks[0]")


# A sweep: any field of a saved position removed or replaced by junk is either accepted (and the
# game then plays on to its end) or refused with a one-line ClaimError; never another exception.


class _Delete:
    def __repr__(self) -> str:
        return "<deleted>"


DELETE = _Delete()
JUNK: list[Any] = [
    DELETE,
    None,
    3,
    -1,
    "x",
    [],
    {},
    ["a"],
    True,
    [[0, "goblins:1"]],
    [0, "hand", 99],
]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found: list[tuple[Any, ...]] = []
    if isinstance(value, dict):
        items: list[tuple[Any, Any]] = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value[:2]))
    else:
        return found
    for key, item in items:
        found.append((*prefix, key))
        found.extend(_paths(item, (*prefix, key)))
    return found


def _sweep(base: dict[str, Any], top: str) -> list[str]:
    problems = []
    for path in _paths(base):
        if path[0] != top:
            continue
        for junk in JUNK:
            position = copy.deepcopy(base)
            target = position
            for key in path[:-1]:
                target = target[key]
            if junk is DELETE:
                del target[path[-1]]  # a missing field, or a list one item short
            else:
                target[path[-1]] = junk
            try:
                state = replay({"format": "claim/1", "position": position})
                rng = random.Random(0)
                while not claim.is_over(state):
                    claim.apply(state, rng.choice(claim.legal_actions(state)))
            except ClaimError as exc:
                if "\n" in str(exc) or not str(exc):
                    problems.append(f"{path}={junk!r}: message {str(exc)!r}")
            except Exception as exc:
                problems.append(f"{path}={junk!r}: {type(exc).__name__}: {exc}")
    return problems


#: every top-level field of a position, as the engine writes it now
SWEPT = sorted(_played(5, 9).to_dict())


@pytest.mark.parametrize("top", SWEPT)
def test_position_with_junk_fields_fails_cleanly(top: str) -> None:
    base = _position(9)
    problems = _sweep(base, top)
    assert not problems, f"{len(problems)} bad outcomes, e.g. " + "; ".join(problems[:4])


# -------------------------------------------------------------------------------------------------
# In-progress replay output and views
# -------------------------------------------------------------------------------------------------


def test_in_progress_replay_json() -> None:
    state = replay(_record(13, moves=7))
    out = json.loads(json.dumps(report(state)))
    assert out["status"] == "in-progress"
    assert out["result"] is None
    mover = claim.current_player(state)
    assert out["next"] == {"player": mover, "legal": claim.legal_actions(state)}
    assert out["next"]["legal"]
    for p in (0, 1):
        view = claim.observe(state, p)
        assert view["status"] == "in-progress" and view["result"] is None
        if p == mover:
            assert view["next"] == {"player": mover, "legal": claim.legal_actions(state)}
        else:
            assert view["next"] == {"player": mover}  # W10: no "legal" key


def test_finished_replay_json() -> None:
    state = replay(_record(13, moves=None))
    out = report(state)
    assert out["status"] == "finished"
    assert out["next"] is None
    result = out["result"]
    assert set(result["votes"]) == set(cards.PRESETS["claim"])
    assert set(result["votes"].values()) <= {0, 1, None}
    assert result["winner"] in (0, 1, None)
    assert result["reason"] in ("votes", "cards", "draw")
    for p in (0, 1):
        assert claim.observe(state, p)["next"] is None
        assert claim.observe(state, p)["result"] == result


def test_observe_refuses_a_bad_player() -> None:
    state = _played(1, 3)
    for bad in (2, -1):
        with pytest.raises(ValueError, match="player"):
            claim.observe(state, bad)
