"""Forest (Building, Fire, R-70, §7, §9 step 4, RULINGS L19, L23, H13, H32, V11): at the end a
player with 5 or fewer cards in their Score pile wins (reason ``forest``, every vote null); if
both have, the one with fewer; equal: the game is scored as normal. The count is taken after §9
step 3 (Troll pool and Gnomes joined, fakes removed) and is of physical cards: heroes included,
a Gargoyle one card, the Vampire stack included."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from claim.core import engine, view
from claim.core.state import State
from scenario import CLAIM, CLAIM2, position_record, replay, zone

VAMPIRE_DECK = ["goblins", "knights", "vampires", "undead", "dwarves"]
TRICKSTER_DECK = ["goblins", "knights", "tricksters", "undead", "dwarves"]
NO_VOTES = dict.fromkeys(CLAIM)


def _last_trick(
    hands: Sequence[Sequence[str]],
    scores: Sequence[Sequence[str]],
    *,
    factions: Sequence[str] = CLAIM,
    building: str | None = "forest",
    heroes: Sequence[str] = (),
    gnomes: Sequence[Sequence[str]] = ((), ()),
    troll_pool: Sequence[str] = (),
    more: Sequence[str] = (),
    stacks: Mapping[int, tuple[str, Sequence[str]]] | None = None,
) -> State:
    """The last trick of the game (Phase Two, one card each, player 0 leading), then ``more``.
    Every card not placed is out of the game."""
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
    for p, (vampire, tucked) in (stacks or {}).items():
        for code in [vampire, *tucked]:
            position["out"].remove(code)
        position["players"][p]["vampire"] = [vampire]
        position["players"][p]["tucked"] = list(tucked)
    state = replay(record)
    assert state.config.building == building
    return state


SIX = ["undead:1", "undead:2", "undead:3", "undead:4", "undead:5", "undead:6"]
# Player 0 wins the last trick (goblins:9 over goblins:8): 3 + 2 = 5 cards; player 1 holds 6
# Undead and would win the votes (Undead and Knights against Goblins).
FIVE_AGAINST_SIX = (
    [["goblins:9"], ["goblins:8"]],
    [["dwarves:1", "dwarves:2", "goblins:1"], ["knights:2", *SIX[:5]]],
)


def test_five_cards_or_fewer_win_at_once() -> None:
    """§7, L19, L23: player 0 has exactly 5 cards, player 1 6: player 0 wins by Forest although
    player 1 would win the votes; no vote is counted."""
    state = _last_trick(*FIVE_AGAINST_SIX)
    assert len(zone(state, "score", 0)) == 5
    assert len(zone(state, "score", 1)) == 6
    result = state.result
    assert result is not None
    assert result["winner"] == 0
    assert result["reason"] == "forest"
    assert result["votes"] == NO_VOTES
    assert result["votes_won"] == [0, 0]
    assert result["end_moves"] == []
    assert view.report(state)["status"] == "finished"


def test_the_same_game_without_the_forest_goes_to_the_votes() -> None:
    """§9 step 5 (control): without the Forest player 1 wins Knights and Undead, player 0 Goblins
    and Dwarves: 2 votes each; cards in won factions 1 + 5 = 6 against 3 + 2 = 5: player 1."""
    state = _last_trick(*FIVE_AGAINST_SIX, building=None)
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 0,
        "knights": 1,
        "undead": 1,
        "dwarves": 0,
        "doppelgangers": None,
    }
    assert result["cards_in_won_factions"] == [5, 6]
    assert result["winner"] == 1
    assert result["reason"] == "cards"


def test_six_cards_each_are_scored_as_normal() -> None:
    """§7: 6 is not "5 or fewer": 6 cards each, nobody wins by Forest; the votes decide (Goblins
    and Dwarves against Undead: player 0)."""
    state = _last_trick(
        [["goblins:9"], ["goblins:8"]],
        [["dwarves:1", "dwarves:2", "goblins:1", "goblins:2"], SIX],
    )
    assert len(zone(state, "score", 0)) == len(zone(state, "score", 1)) == 6
    result = state.result
    assert result is not None
    assert result["reason"] == "votes"
    assert result["winner"] == 0
    assert result["votes_won"] == [2, 1]


def test_both_with_five_or_fewer_the_fewer_wins() -> None:
    """§7: player 0 has 4 cards, player 1 has 2: both qualify and player 1, with fewer, wins by
    Forest."""
    state = _last_trick(
        [["goblins:9"], ["goblins:8"]],
        [["dwarves:1", "dwarves:2"], ["undead:1", "undead:2"]],
    )
    result = state.result
    assert result is not None
    assert result["winner"] == 1
    assert result["reason"] == "forest"
    assert result["votes"] == NO_VOTES


def test_both_with_equal_small_piles_are_scored_as_normal() -> None:
    """§7: 4 cards each (both qualify, equal): scored as normal — player 1 wins Knights, Undead
    and Doppelgangers against Goblins and Dwarves."""
    state = _last_trick(
        [["goblins:9"], ["goblins:8"]],
        [
            ["dwarves:1", "dwarves:2"],
            ["undead:1", "knights:2", "doppelgangers:1", "doppelgangers:2"],
        ],
    )
    result = state.result
    assert result is not None
    assert result["reason"] == "votes"
    assert result["winner"] == 1
    assert result["votes"] == {
        "goblins": 0,
        "knights": 1,
        "undead": 1,
        "dwarves": 0,
        "doppelgangers": 1,
    }


def test_heroes_are_cards_in_the_score_pile() -> None:
    """H13, L19: Forest counts every card, heroes included: player 0's 4 faction cards and 2
    heroes are 6 cards, player 1's 5 cards win by Forest."""
    state = _last_trick(
        [["goblins:9"], ["goblins:8"]],
        [
            ["dwarves:1", "dwarves:2", "hero:skeleton", "hero:kraken"],
            ["undead:1", "undead:2", "undead:3", "undead:4", "undead:5"],
        ],
        heroes=["skeleton", "kraken"],
    )
    result = state.result
    assert result is not None
    assert result["winner"] == 1
    assert result["reason"] == "forest"


def test_a_gargoyle_is_one_physical_card() -> None:
    """L19, H32: the counted Gargoyle is two Knights for the votes, but one card for the Forest:
    player 1 holds 5 cards and wins by Forest against player 0's 6."""
    state = _last_trick(
        [["goblins:9"], ["goblins:8"]],
        [
            ["dwarves:1", "dwarves:2", "dwarves:3", "dwarves:4"],
            ["hero:gargoyle", "undead:1", "undead:2", "undead:3", "undead:4"],
        ],
        heroes=["gargoyle"],
        more=["count gargoyle as knights"],
    )
    result = state.result
    assert result is not None
    assert result["winner"] == 1
    assert result["reason"] == "forest"


def test_gnomes_and_the_troll_pool_join_before_the_count() -> None:
    """L19, R-90 step 1: player 0's 3 face-up Gnomes join the Score pile and the Troll pool goes
    to the last trick's winner (player 0) before the Forest counts: 2 + 3 + 1 = 6 cards, so
    player 1's 5 win."""
    state = _last_trick(
        [["dragons:8"], ["dragons:2"]],
        [[], ["seers:1", "seers:2", "seers:3", "seers:4", "seers:5"]],
        factions=CLAIM2,
        gnomes=[["gnomes:1", "gnomes:3", "gnomes:5"], []],
        troll_pool=["trolls:5"],
    )
    assert zone(state, "score", 0) == [
        "dragons:8",
        "dragons:2",
        "trolls:5",
        "gnomes:1",
        "gnomes:3",
        "gnomes:5",
    ]
    result = state.result
    assert result is not None
    assert result["winner"] == 1
    assert result["reason"] == "forest"


def test_fake_tricksters_leave_before_the_count() -> None:
    """R-90 step 2 before step 4: player 0's two fake Tricksters are removed first, leaving 5
    cards: player 0 wins by Forest against player 1's 6."""
    state = _last_trick(
        [["goblins:9"], ["goblins:8"]],
        [
            ["tricksters:1x", "tricksters:3x", "dwarves:1", "dwarves:2", "knights:2"],
            SIX,
        ],
        factions=TRICKSTER_DECK,
    )
    assert zone(state, "score", 0) == [
        "dwarves:1",
        "dwarves:2",
        "knights:2",
        "goblins:9",
        "goblins:8",
    ]
    result = state.result
    assert result is not None
    assert result["winner"] == 0
    assert result["reason"] == "forest"


def test_the_vampire_stack_is_counted() -> None:
    """V11: Forest counts every physical collected card, the Vampire stack included: player 0's
    3 cards in the Score pile, the face-up vampires:4 and 2 tucked cards are 6 cards; player 1's
    5 cards win by Forest."""
    state = _last_trick(
        [["goblins:9"], ["goblins:8"]],
        [["dwarves:1"], ["undead:1", "undead:2", "undead:3", "undead:4", "undead:5"]],
        factions=VAMPIRE_DECK,
        stacks={0: ("vampires:4", ["knights:2", "knights:3"])},
        more=["pass"],  # player 0 tucks neither Goblin of the last trick
    )
    assert zone(state, "score", 0) == ["dwarves:1", "goblins:9", "goblins:8"]
    result = state.result
    assert result is not None
    assert result["winner"] == 1
    assert result["reason"] == "forest"


def test_the_forest_waits_for_the_end() -> None:
    """§7: before the last trick nobody has won, although both piles hold fewer than 5 cards."""
    record = position_record(
        CLAIM,
        phase=2,
        number=12,
        hands=[["goblins:9", "goblins:7"], ["goblins:1", "goblins:2"]],
        discard=[],
        moves=["play goblins:9", "play goblins:1"],
    )
    record["position"]["setup"]["building"] = "forest"
    state = replay(record)
    assert state.result is None
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:7"]
