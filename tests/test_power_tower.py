"""Tower (Building, §7, §9 step 5, RULINGS L17, L2, L3, H13, H32, V12): each faction's vote goes
to the player with the higher **sum** of the end values of its cards (printed values, Underworld's
0 = 10); equal sums: more cards; then the normal tie-break (highest card, next highest, ...).
Locations are the lowest tier (§4.4): the Cyclops' and the Vampires' special votes keep their own
rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from claim.core import engine
from claim.core.state import State
from scenario import CLAIM, position_record, replay, zone

CYCLOPS_DECK = ["goblins", "knights", "cyclops", "undead", "dwarves"]
VAMPIRE_DECK = ["goblins", "knights", "vampires", "undead", "dwarves"]


def _last_trick(
    hands: Sequence[Sequence[str]],
    scores: Sequence[Sequence[str]],
    *,
    factions: Sequence[str] = CLAIM,
    building: str | None = "tower",
    setting: str | None = None,
    heroes: Sequence[str] = (),
    more: Sequence[str] = (),
    stacks: Mapping[int, tuple[str, Sequence[str]]] | None = None,
) -> State:
    """The last trick of the game (Phase Two, one card each, player 0 leading: ``play`` each
    hand's card), then ``more`` moves. Every card not placed is out of the game; ``stacks``
    gives a player a face-up Vampire over tucked cards."""
    record = position_record(
        factions,
        phase=2,
        number=13,
        hands=hands,
        scores=scores,
        heroes=heroes,
        discard=[],
        moves=[f"play {hands[0][0]}", f"play {hands[1][0]}", *more],
    )
    position: dict[str, Any] = record["position"]
    position["setup"]["building"] = building
    position["setup"]["setting"] = setting
    for p, (vampire, tucked) in (stacks or {}).items():
        for code in [vampire, *tucked]:
            position["out"].remove(code)
        position["players"][p]["vampire"] = [vampire]
        position["players"][p]["tucked"] = list(tucked)
    state = replay(record)
    assert state.config.building == building
    assert state.config.setting == setting
    return state


# Player 0 wins the last trick (goblins:5 over goblins:4) and holds fewer but higher cards in
# Undead and Dwarves; player 1 holds one high Knight against two low ones.
FEWER_BUT_HIGHER = (
    [["goblins:5"], ["goblins:4"]],
    [
        ["undead:9", "dwarves:8", "knights:2", "knights:3"],
        ["undead:1", "undead:2", "undead:3", "dwarves:2", "dwarves:3", "knights:9"],
    ],
)


def test_fewer_but_higher_cards_win_the_vote() -> None:
    """§7, L17: Undead 9 against 1+2+3 = 6 and Dwarves 8 against 2+3 = 5 go to player 0 with
    one card each; Knights 9 against 2+3 = 5 goes to player 1 with one card; Goblins (5+4 = 9
    against none) to player 0; nobody holds a Doppelganger. Player 0 wins 3 votes to 1."""
    state = _last_trick(*FEWER_BUT_HIGHER)
    assert zone(state, "score", 0) == [
        "undead:9",
        "dwarves:8",
        "knights:2",
        "knights:3",
        "goblins:5",
        "goblins:4",
    ]
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 0,
        "knights": 1,
        "undead": 0,
        "dwarves": 0,
        "doppelgangers": None,
    }
    assert result["winner"] == 0
    assert result["reason"] == "votes"
    assert result["votes_won"] == [3, 1]
    # §9 step 6: the cards in the factions each player won
    assert result["cards_in_won_factions"] == [4, 1]
    assert result["end_moves"] == []  # the Tower moves no card


def test_without_the_tower_the_same_piles_vote_by_count() -> None:
    """§9 step 5 (control for the test above): without the Tower more cards win, so Knights go
    to player 0 and Undead and Dwarves to player 1: 2 votes each, and player 1 wins on cards in
    won factions (3 Undead + 2 Dwarves = 5 against 2 Goblins + 2 Knights = 4)."""
    state = _last_trick(*FEWER_BUT_HIGHER, building=None)
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 0,
        "knights": 0,
        "undead": 1,
        "dwarves": 1,
        "doppelgangers": None,
    }
    assert result["winner"] == 1
    assert result["reason"] == "cards"
    assert result["cards_in_won_factions"] == [4, 5]


def test_equal_sums_go_to_more_cards_then_to_the_normal_tie_break() -> None:
    """§7, L17: equal sums: more cards wins — Undead 9 against 4+5 goes to player 1; equal sums
    and counts: the normal tie-break — Dwarves 9+1 against 6+4 go to player 0 (highest card 9);
    everything equal — Goblins 0+0 against 0+0 — nobody. Knights (the last trick, 8+2 against
    none) go to player 0."""
    state = _last_trick(
        [["knights:8"], ["knights:2"]],
        [
            ["undead:9", "dwarves:9", "dwarves:1", "goblins:0", "goblins:0"],
            ["undead:4", "undead:5", "dwarves:6", "dwarves:4", "goblins:0", "goblins:0"],
        ],
    )
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": None,
        "knights": 0,
        "undead": 1,
        "dwarves": 0,
        "doppelgangers": None,
    }
    assert result["winner"] == 0
    assert result["reason"] == "votes"
    assert result["votes_won"] == [2, 1]


def test_heroes_add_nothing_to_a_sum() -> None:
    """H13: heroes are not faction cards: player 0's Invincible Warrior (9) adds nothing to their
    Undead 1, so player 1's Undead 5 wins the Undead vote."""
    state = _last_trick(
        [["goblins:5"], ["goblins:4"]],
        [["hero:invincible-warrior", "undead:1"], ["undead:5"]],
        heroes=["invincible-warrior"],
    )
    result = state.result
    assert result is not None
    assert result["votes"]["undead"] == 1
    assert result["votes"]["goblins"] == 0


def test_a_counted_gargoyle_adds_twelve_to_its_faction() -> None:
    """H32: a Gargoyle collected in Phase Two and counted as Undead is two Undead of value 6 from
    step 4 on: sum 12 beats player 1's 9+2 = 11 (without the Tower, equal counts and player 1's
    9 would win)."""
    state = _last_trick(
        [["goblins:5"], ["goblins:4"]],
        [["hero:gargoyle"], ["undead:9", "undead:2"]],
        heroes=["gargoyle"],
        more=["count gargoyle as undead"],
    )
    result = state.result
    assert result is not None
    assert result["votes"]["undead"] == 0
    untowered = _last_trick(
        [["goblins:5"], ["goblins:4"]],
        [["hero:gargoyle"], ["undead:9", "undead:2"]],
        heroes=["gargoyle"],
        more=["count gargoyle as undead"],
        building=None,
    )
    assert untowered.result is not None
    assert untowered.result["votes"]["undead"] == 1


def test_underworld_zero_counts_ten_in_a_sum() -> None:
    """L2: with the Underworld a printed 0 counts 10 in a Tower sum: player 0's Undead 0 (10)
    beats player 1's Undead 9; Goblins 0+0+0 (30) beat Goblins 9+8 (17)."""
    state = _last_trick(
        [["knights:8"], ["knights:2"]],
        [
            ["undead:0", "goblins:0", "goblins:0", "goblins:0"],
            ["undead:9", "goblins:9", "goblins:8"],
        ],
        setting="underworld",
    )
    result = state.result
    assert result is not None
    assert result["votes"]["undead"] == 0
    assert result["votes"]["goblins"] == 0


def test_without_underworld_a_zero_adds_nothing() -> None:
    """L2 (control): without the Underworld the same Undead 0 adds 0 and loses to Undead 9;
    Goblins 0+0+0 lose to 9+8."""
    state = _last_trick(
        [["knights:8"], ["knights:2"]],
        [
            ["undead:0", "goblins:0", "goblins:0", "goblins:0"],
            ["undead:9", "goblins:9", "goblins:8"],
        ],
    )
    result = state.result
    assert result is not None
    assert result["votes"]["undead"] == 1
    assert result["votes"]["goblins"] == 1


def test_farmlands_does_not_raise_a_two_in_a_sum() -> None:
    """L3: Farmlands changes rank during play, not values: a Tower sum uses the printed 2, so
    player 1's Undead 3 beats player 0's Undead 2."""
    state = _last_trick(
        [["knights:8"], ["knights:3"]],
        [["undead:2"], ["undead:3"]],
        setting="farmlands",
    )
    result = state.result
    assert result is not None
    assert result["votes"]["undead"] == 1


def test_the_cyclops_keep_their_own_vote() -> None:
    """§4.4, §5.5, L17: the Cyclops vote is a faction power and beats the Tower: player 1 with
    the single Cyclops 1 wins it (fewer Cyclops win) although player 0's 9+8 = 17 is the higher
    sum. The Undead vote still follows the Tower (9 against 2+3 = 5)."""
    state = _last_trick(
        [["goblins:5"], ["goblins:4"]],
        [["cyclops:9", "cyclops:8", "undead:9"], ["cyclops:1", "undead:2", "undead:3"]],
        factions=CYCLOPS_DECK,
    )
    result = state.result
    assert result is not None
    assert result["votes"] == {
        "goblins": 0,
        "knights": None,
        "cyclops": 1,
        "undead": 0,
        "dwarves": None,
    }
    assert result["winner"] == 0


def test_the_vampires_keep_their_own_vote() -> None:
    """§4.4, R-21, V12: the Vampire vote stays R-21 under the Tower: player 0's face-up
    vampires:1 over the tucked undead:4 (strength 5) wins it against player 1, who holds
    vampires 9, 8, 7 (sum 24) in the Score pile but no stack."""
    state = _last_trick(
        [["goblins:5"], ["goblins:4"]],
        [[], ["vampires:9", "vampires:8", "vampires:7"]],
        factions=VAMPIRE_DECK,
        stacks={0: ("vampires:1", ["undead:4"])},
        more=["pass"],  # player 0 tucks neither Goblin of the last trick
    )
    result = state.result
    assert result is not None
    assert result["votes"]["vampires"] == 0
    assert result["votes"]["goblins"] == 0
    assert result["votes"]["undead"] is None  # a tucked card counts for no faction (V11)


def test_the_tower_does_not_decide_tricks() -> None:
    """§7: the Tower acts only on the votes: the last trick is decided as usual (goblins:4
    following goblins:5 loses) and the game ends without an end-of-game decision."""
    state = _last_trick([["goblins:5"], ["goblins:4"]], [[], []])
    assert state.history[-1][5] == 0
    assert engine.legal_actions(state) == []
    assert state.result is not None
    assert state.result["votes"]["goblins"] == 0
