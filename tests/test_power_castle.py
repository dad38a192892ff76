"""Castle (Building, §7, §9 step 4, RULINGS L19, L23, H13, H32, H35, V11): at the end the player
who collected more faction cards wins instead of the votes (reason ``castle``, every vote null);
equal: the game is scored as normal. Counts are taken after §9 step 3 (Gnomes joined); heroes
count nothing, a counted Gargoyle two cards, a declared Ent one; the face-up Vampire is one
Vampire card and tucked cards count for no faction."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from claim.core import engine, view
from claim.core.state import State
from scenario import CLAIM, CLAIM2, position_record, replay, zone

VAMPIRE_DECK = ["goblins", "knights", "vampires", "undead", "dwarves"]
NO_VOTES = dict.fromkeys(CLAIM)


def _last_trick(
    hands: Sequence[Sequence[str]],
    scores: Sequence[Sequence[str]],
    *,
    factions: Sequence[str] = CLAIM,
    building: str | None = "castle",
    heroes: Sequence[str] = (),
    gnomes: Sequence[Sequence[str]] = ((), ()),
    more: Sequence[str] = (),
    first: Sequence[str] | None = None,
    stacks: Mapping[int, tuple[str, Sequence[str]]] | None = None,
) -> State:
    """The last trick of the game (Phase Two, one card each, player 0 leading; ``first`` replaces
    the two ``play`` moves), then ``more``. Every card not placed is out of the game."""
    plays = list(first) if first is not None else [f"play {hands[0][0]}", f"play {hands[1][0]}"]
    record = position_record(
        factions,
        phase=2,
        number=13,
        hands=hands,
        scores=scores,
        gnomes=gnomes,
        heroes=heroes,
        discard=[],
        moves=[*plays, *more],
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


# Player 0 wins the last trick (goblins:9 over goblins:8) and collected 5 Goblins and 2 Dwarves
# (7 faction cards); player 1 has one card in each of three factions (3 faction cards).
MANY_CARDS_FEW_VOTES = (
    [["goblins:9"], ["goblins:8"]],
    [
        ["goblins:0", "goblins:0", "goblins:1", "dwarves:1", "dwarves:2"],
        ["knights:9", "undead:9", "doppelgangers:9", "dwarves:8", "dwarves:9", "dwarves:7"],
    ],
)


def test_more_faction_cards_win_instead_of_the_votes() -> None:
    """§7, L19, L23: player 0 has 7 faction cards against player 1's 6 and wins at once: reason
    ``castle``, no vote counted (every faction null), the Score piles as they stand."""
    state = _last_trick(*MANY_CARDS_FEW_VOTES)
    result = state.result
    assert result is not None
    assert result["winner"] == 0
    assert result["reason"] == "castle"
    assert result["votes"] == NO_VOTES
    assert result["votes_won"] == [0, 0]
    assert result["end_moves"] == []
    assert view.report(state)["status"] == "finished"
    assert zone(state, "score", 0) == [
        "goblins:0",
        "goblins:0",
        "goblins:1",
        "dwarves:1",
        "dwarves:2",
        "goblins:9",
        "goblins:8",
    ]


def test_the_same_game_without_the_castle_goes_to_the_votes() -> None:
    """§9 step 5 (control): without the Castle player 1 wins Knights, Undead, Doppelgangers and
    Dwarves (4 votes to 1)."""
    state = _last_trick(*MANY_CARDS_FEW_VOTES, building=None)
    result = state.result
    assert result is not None
    assert result["winner"] == 1
    assert result["reason"] == "votes"
    assert result["votes_won"] == [1, 4]


def test_equal_counts_are_scored_as_normal() -> None:
    """§7, L19: 4 faction cards each: the Castle decides nothing and the votes do: player 1 wins
    Knights and Undead, player 0 Goblins only."""
    state = _last_trick(
        [["goblins:9"], ["goblins:8"]],
        [["goblins:1", "goblins:2"], ["knights:2", "undead:3", "undead:4", "knights:4"]],
    )
    result = state.result
    assert result is not None
    assert result["reason"] == "votes"
    assert result["winner"] == 1
    assert result["votes"] == {
        "goblins": 0,
        "knights": 1,
        "undead": 1,
        "dwarves": None,
        "doppelgangers": None,
    }


def test_more_faction_cards_win_against_more_votes() -> None:
    """§7, L19: player 1 wins the last trick and would win Goblins and Knights (2 votes to 1),
    but has 3 faction cards against player 0's 4 Undead: player 0 wins by Castle."""
    state = _last_trick(
        [["goblins:1"], ["goblins:8"]],
        [["undead:1", "undead:2", "undead:3", "undead:4"], ["knights:9"]],
    )
    assert zone(state, "score", 1) == ["knights:9", "goblins:1", "goblins:8"]
    result = state.result
    assert result is not None
    assert result["winner"] == 0
    assert result["reason"] == "castle"
    assert result["votes"] == NO_VOTES
    plain = _last_trick(
        [["goblins:1"], ["goblins:8"]],
        [["undead:1", "undead:2", "undead:3", "undead:4"], ["knights:9"]],
        building=None,
    )
    assert plain.result is not None
    assert plain.result["winner"] == 1
    assert plain.result["votes_won"] == [1, 2]


def test_heroes_count_for_nothing() -> None:
    """H13: heroes are not faction cards: player 1 holds 3 heroes and 2 faction cards (5 cards)
    against player 0's 4 faction cards (the last trick's two Goblins included): player 0 wins by
    Castle."""
    state = _last_trick(
        [["goblins:9"], ["goblins:8"]],
        [
            ["undead:1", "undead:2"],
            ["hero:skeleton", "hero:kraken", "hero:witch", "knights:2", "knights:3"],
        ],
        heroes=["skeleton", "kraken", "witch"],
    )
    result = state.result
    assert result is not None
    assert result["winner"] == 0
    assert result["reason"] == "castle"


def test_a_counted_gargoyle_is_two_faction_cards() -> None:
    """§4.4, L19, H32: the hero's power beats the count of the Castle: player 1's Gargoyle,
    counted as Knights, is two faction cards: 2 + 3 = 5 against player 0's 4: player 1 wins.
    The count is asked before the Castle decides (the game is not over until then)."""
    state = _last_trick(
        [["goblins:9"], ["goblins:8"]],
        [["undead:1", "undead:2"], ["hero:gargoyle", "knights:2", "knights:3", "knights:4"]],
        heroes=["gargoyle"],
    )
    assert state.result is None
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [f"count gargoyle as {f}" for f in CLAIM]
    engine.apply(state, "count gargoyle as knights")
    result = state.result
    assert result is not None
    assert result["winner"] == 1
    assert result["reason"] == "castle"
    assert result["votes"] == NO_VOTES


def test_a_declared_ent_is_one_faction_card() -> None:
    """L19, H35: an Ent declared as Goblins in Phase Two stays one Goblin for scoring: player 0
    leads it, undead:0 does not follow, player 0 collects both: 2 Goblins + the Ent + undead:0 =
    4 faction cards against player 1's 3: player 0 wins by Castle. Undeclared, the same Ent
    (4 over 0 on a led hero) is a hero that counts nothing: 3 against 3, scored as normal."""
    hands = [["hero:ent"], ["undead:0"]]
    scores = [["goblins:1", "goblins:2"], ["undead:1", "undead:2", "undead:3"]]
    state = _last_trick(
        hands, scores, heroes=["ent"], first=["play hero:ent as goblins", "play undead:0"]
    )
    assert state.history[-1][5] == 0
    assert zone(state, "score", 0) == ["goblins:1", "goblins:2", "hero:ent", "undead:0"]
    result = state.result
    assert result is not None
    assert result["winner"] == 0
    assert result["reason"] == "castle"
    plain = _last_trick(hands, scores, heroes=["ent"], first=["play hero:ent", "play undead:0"])
    assert plain.history[-1][5] == 0
    assert zone(plain, "score", 0) == ["goblins:1", "goblins:2", "hero:ent", "undead:0"]
    assert plain.result is not None
    # Goblins to player 0, Undead (3 against 1) to player 1; cards in won factions 2 against 3
    assert plain.result["reason"] == "cards"
    assert plain.result["winner"] == 1


def test_face_up_gnomes_count_after_joining_the_pile() -> None:
    """L19, R-90: the face-up Gnomes join the Score pile at step 1, before the Castle counts:
    player 1's 2 Seers and 3 face-up Gnomes are 5 faction cards against player 0's 4."""
    state = _last_trick(
        [["dragons:8"], ["dragons:2"]],
        [["trolls:4", "trolls:5"], ["seers:1", "seers:2"]],
        factions=CLAIM2,
        gnomes=[[], ["gnomes:1", "gnomes:3", "gnomes:5"]],
    )
    result = state.result
    assert result is not None
    assert zone(state, "score", 1) == ["seers:1", "seers:2", "gnomes:1", "gnomes:3", "gnomes:5"]
    assert result["winner"] == 1
    assert result["reason"] == "castle"


def test_the_face_up_vampire_is_one_card_and_tucked_cards_none() -> None:
    """V11: player 0's face-up vampires:4 counts as one Vampire card and the three cards tucked
    under it count for no faction: 3 in the Score pile + 1 = 4 faction cards, equal to player
    1's 4, so the Castle decides nothing and the votes do: player 0 wins Goblins, Dwarves and
    Vampires (R-21), player 1 Knights and Undead (the tucked ones count for neither)."""
    state = _last_trick(
        [["goblins:9"], ["goblins:8"]],
        [["dwarves:1"], ["undead:5", "undead:6", "knights:2", "knights:3"]],
        factions=VAMPIRE_DECK,
        stacks={0: ("vampires:4", ["undead:1", "undead:2", "knights:4"])},
        more=["pass"],  # player 0 tucks neither Goblin of the last trick
    )
    result = state.result
    assert result is not None
    assert result["reason"] == "votes"
    assert result["winner"] == 0
    assert result["votes_won"] == [3, 2]
    assert result["votes"] == {
        "goblins": 0,
        "knights": 1,
        "vampires": 0,
        "undead": 1,
        "dwarves": 0,
    }


def test_tucked_cards_do_not_tip_the_castle() -> None:
    """V11: player 0's stack holds the face-up vampires:4 over five tucked cards; with one card
    in the Score pile that is 1 + 1 = 2 faction cards against player 1's 3 (the last trick's two
    Goblins and knights:2): player 1 wins by Castle."""
    state = _last_trick(
        [["goblins:1"], ["goblins:8"]],
        [["dwarves:1"], ["knights:2"]],
        factions=VAMPIRE_DECK,
        stacks={0: ("vampires:4", ["undead:1", "undead:2", "undead:3", "knights:4", "knights:5"])},
    )
    result = state.result
    assert result is not None
    assert result["winner"] == 1
    assert result["reason"] == "castle"
    assert result["votes"] == dict.fromkeys(VAMPIRE_DECK)
