"""Ruins (Building, §7, §9 step 3, RULINGS L18, L2, H13, H32, V10): at the end, every collected
faction card with an odd end value (printed; Underworld's 0 = 10) is discarded — from the Score
piles, the Gnomes that joined them, the Vampire stacks — heroes stay; then the game is scored as
normal. Locations are the lowest tier (§4.4): a counted Gargoyle is two cards of its faction from
step 4 on, after the Ruins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from claim.core import view
from claim.core.state import State
from scenario import CLAIM, CLAIM2, position_record, replay, same_cards, zone

VAMPIRE_DECK = ["goblins", "knights", "vampires", "undead", "dwarves"]


def _last_trick(
    hands: Sequence[Sequence[str]],
    scores: Sequence[Sequence[str]],
    *,
    factions: Sequence[str] = CLAIM,
    building: str | None = "ruins",
    setting: str | None = None,
    heroes: Sequence[str] = (),
    hero_values: Mapping[str, int] | None = None,
    gnomes: Sequence[Sequence[str]] = ((), ()),
    troll_pool: Sequence[str] = (),
    more: Sequence[str] = (),
    stacks: Mapping[int, tuple[str, Sequence[str]]] | None = None,
) -> State:
    """The last trick of the game (Phase Two, one card each, player 0 leading), then ``more``.
    The discard pile starts empty (every card not placed is out of the game)."""
    record = position_record(
        factions,
        phase=2,
        number=13,
        hands=hands,
        scores=scores,
        gnomes=gnomes,
        troll_pool=troll_pool,
        heroes=heroes,
        discard=[],
        moves=[f"play {hands[0][0]}", f"play {hands[1][0]}", *more],
    )
    position: dict[str, Any] = record["position"]
    position["setup"]["building"] = building
    position["setup"]["setting"] = setting
    if hero_values:
        position["setup"]["hero_values"] = dict(hero_values)
    for p, (vampire, tucked) in (stacks or {}).items():
        for code in [vampire, *tucked]:
            position["out"].remove(code)
        position["players"][p]["vampire"] = [vampire]
        position["players"][p]["tucked"] = list(tucked)
    state = replay(record)
    assert state.config.building == building
    assert state.config.setting == setting
    return state


def _ruins_moves(state: State) -> list[dict[str, str]]:
    assert state.result is not None
    return [m for m in state.result["end_moves"] if m["by"] == "ruins"]


def test_odd_faction_cards_are_discarded_then_the_votes() -> None:
    """L18, §9 step 3 then 5: player 0's Undead 1, 3, 5 and Dwarves 7 and player 1's Undead 9 and
    the last trick's goblins:3 are discarded; the even cards stay. Undead then goes to player 1
    (undead:4 against nothing) although player 0 held three Undead before."""
    state = _last_trick(
        [["goblins:8"], ["goblins:3"]],
        [
            ["undead:1", "undead:3", "undead:5", "dwarves:7", "dwarves:6"],
            ["undead:9", "undead:4", "knights:2"],
        ],
    )
    assert zone(state, "score", 0) == ["dwarves:6", "goblins:8"]
    assert zone(state, "score", 1) == ["undead:4", "knights:2"]
    assert same_cards(
        zone(state, "discard"),
        ["undead:1", "undead:3", "undead:5", "dwarves:7", "goblins:3", "undead:9"],
    )
    assert same_cards(
        [(m["card"], m["from"], m["to"]) for m in _ruins_moves(state)],
        [
            ("undead:1", "score0", "discard"),
            ("undead:3", "score0", "discard"),
            ("undead:5", "score0", "discard"),
            ("dwarves:7", "score0", "discard"),
            ("goblins:3", "score0", "discard"),
            ("undead:9", "score1", "discard"),
        ],
    )
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 0,
        "knights": 1,
        "undead": 1,
        "dwarves": 0,
        "doppelgangers": None,
    }
    assert result["winner"] is None  # 2 votes each, 2 cards each in the won factions
    assert result["reason"] == "draw"
    assert view.report(state)["players"][0]["score"] == ["dwarves:6", "goblins:8"]


def test_without_the_ruins_the_odd_cards_stay() -> None:
    """§9 (control): the same game without the Ruins keeps every card; player 0 wins Undead with
    three cards and the game 3 votes to 1."""
    state = _last_trick(
        [["goblins:8"], ["goblins:3"]],
        [
            ["undead:1", "undead:3", "undead:5", "dwarves:7", "dwarves:6"],
            ["undead:9", "undead:4", "knights:2"],
        ],
        building=None,
    )
    assert zone(state, "discard") == []
    result = state.result
    assert result is not None
    assert result["votes"]["undead"] == 0
    assert result["winner"] == 0


def test_a_zero_is_even_and_under_the_underworld_a_ten() -> None:
    """L2, L18: a printed 0 is even and stays; under the Underworld it counts 10, still even, and
    stays too. Odd Goblins go either way."""
    for setting in (None, "underworld"):
        state = _last_trick(
            [["knights:8"], ["knights:2"]],
            [["undead:0", "goblins:0", "goblins:1"], ["dwarves:0", "goblins:9"]],
            setting=setting,
        )
        assert zone(state, "score", 0) == ["undead:0", "goblins:0", "knights:8", "knights:2"]
        assert zone(state, "score", 1) == ["dwarves:0"]
        assert same_cards(zone(state, "discard"), ["goblins:1", "goblins:9"])


def test_heroes_stay_whatever_their_value() -> None:
    """L18, H13: heroes are not faction cards: the Skeleton (3) and the Kraken (7) stay in the
    Score pile although their values are odd; they count for no vote."""
    state = _last_trick(
        [["goblins:8"], ["goblins:2"]],
        [["hero:skeleton", "undead:5"], ["hero:kraken", "dwarves:3"]],
        heroes=["skeleton", "kraken"],
    )
    assert zone(state, "score", 0) == ["hero:skeleton", "goblins:8", "goblins:2"]
    assert zone(state, "score", 1) == ["hero:kraken"]
    assert same_cards(zone(state, "discard"), ["undead:5", "dwarves:3"])
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 0,
        "knights": None,
        "undead": None,
        "dwarves": None,
        "doppelgangers": None,
    }


def test_a_counted_gargoyle_is_beyond_the_ruins() -> None:
    """§4.4, H32: the Gargoyle is counted after §9 step 3, so the Ruins never see it as faction
    cards: with its value set to 7 (H9) it stays, counted as two Undead of 7, and wins the Undead
    vote against player 1's undead:6 (player 0's own undead:3 is discarded)."""
    state = _last_trick(
        [["goblins:8"], ["goblins:2"]],
        [["hero:gargoyle", "undead:3"], ["undead:6"]],
        heroes=["gargoyle"],
        hero_values={"gargoyle": 7},
        more=["count gargoyle as undead"],
    )
    assert zone(state, "score", 0) == ["hero:gargoyle", "goblins:8", "goblins:2"]
    assert zone(state, "discard") == ["undead:3"]
    result = state.result
    assert result is not None
    assert result["votes"]["undead"] == 0
    assert result["end_moves"] == [
        {"card": "undead:3", "from": "score0", "to": "discard", "by": "ruins"}
    ]


def test_gnomes_that_joined_the_pile_and_trolls_from_the_pool_are_reached() -> None:
    """L19, R-90: step 1 first (the Troll pool to the last trick's winner, face-up Gnomes into
    the Score piles), then the Ruins: every Gnome is odd and goes; trolls:5 from the pool goes,
    trolls:4 stays; the even Dragons stay."""
    state = _last_trick(
        [["dragons:8"], ["dragons:2"]],
        [["trolls:4"], ["seers:6"]],
        factions=CLAIM2,
        gnomes=[["gnomes:3", "gnomes:9"], ["gnomes:1"]],
        troll_pool=["trolls:5"],
    )
    assert zone(state, "score", 0) == ["trolls:4", "dragons:8", "dragons:2"]
    assert zone(state, "score", 1) == ["seers:6"]
    assert zone(state, "gnomes", 0) == zone(state, "gnomes", 1) == []
    assert zone(state, "troll_pool") == []
    assert same_cards(zone(state, "discard"), ["trolls:5", "gnomes:3", "gnomes:9", "gnomes:1"])


def test_odd_tucked_cards_go_even_ones_stay() -> None:
    """V10: the Vampire stack is collected cards: under player 1's even face-up vampires:4 the
    odd undead:5 is discarded and the even knights:2 stays."""
    state = _last_trick(
        [["goblins:8"], ["goblins:2"]],
        [[], []],
        factions=VAMPIRE_DECK,
        stacks={1: ("vampires:4", ["undead:5", "knights:2"])},
    )
    report = view.report(state)
    assert report["players"][1]["vampire"] == "vampires:4"
    assert report["players"][1]["tucked"] == ["knights:2"]
    assert zone(state, "discard") == ["undead:5"]
    result = state.result
    assert result is not None
    assert result["votes"]["vampires"] == 1  # the stack 4+2 still stands alone


def test_an_odd_face_up_vampire_takes_its_stack_with_it() -> None:
    """V10: player 1's face-up vampires:7 is odd: it goes to the discard pile with every card
    under it, the even undead:4 and knights:2 included; nobody wins the Vampire vote."""
    state = _last_trick(
        [["goblins:8"], ["goblins:2"]],
        [[], []],
        factions=VAMPIRE_DECK,
        stacks={1: ("vampires:7", ["undead:4", "knights:2"])},
    )
    report = view.report(state)
    assert report["players"][1]["vampire"] is None
    assert report["players"][1]["tucked"] == []
    assert same_cards(zone(state, "discard"), ["vampires:7", "undead:4", "knights:2"])
    result = state.result
    assert result is not None
    assert result["votes"]["vampires"] is None


def test_nothing_is_discarded_before_the_end() -> None:
    """§7, §9 step 3: the Ruins act only at the end: while the last trick is still to be played,
    player 0's odd undead:3 lies in the Score pile."""
    record = position_record(
        CLAIM,
        phase=2,
        number=12,
        hands=[["goblins:9", "goblins:7"], ["goblins:1", "goblins:2"]],
        scores=[["undead:3"], []],
        discard=[],
        moves=["play goblins:9", "play goblins:1"],
    )
    record["position"]["setup"]["building"] = "ruins"
    state = replay(record)
    assert state.result is None
    assert zone(state, "score", 0) == ["undead:3", "goblins:9", "goblins:1"]
    assert zone(state, "discard") == []
