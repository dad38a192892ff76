"""Jester (§6, R-61 value 5, both phases): played second, the two played cards swap owners for
this trick's resolution (R-64). Values and history stay as played, owners and positions swap: the
Jester becomes the lead card (a led hero: the higher value wins, the leader keeps ties), the lead
card is now the follower's, and the winner collects both cards as usual (H25). A Life Stealer that
ends up second on the led Jester has no power; a Minotaur keeps its condition on the player who
played it and wins for its owner after the swap (H26)."""

from __future__ import annotations

from claim.core import engine
from claim.core.state import State
from scenario import last_trick, position_record, replay, same_cards, zone

CLAIM = ["goblins", "knights", "undead", "dwarves", "doppelgangers"]
HEROES = ["jester", "minotaur", "life-stealer", "witch", "bug-lord", "warlock", "lich-king"]
PRIZE = "doppelgangers:9"
DECK_TOP = ["doppelgangers:8", "doppelgangers:7"]


def _trick(
    hand0: list[str],
    hand1: list[str],
    moves: list[str],
    phase: int = 2,
    scores: tuple[list[str], list[str]] = ([], []),
) -> State:
    """Play ``moves`` from a trick of ``phase`` with player 0 leading; the discard pile starts
    empty. In Phase One the prize is ``PRIZE`` and the deck holds ``DECK_TOP``."""
    record = position_record(
        CLAIM,
        phase=phase,
        prize=PRIZE if phase == 1 else None,
        deck_top=DECK_TOP if phase == 1 else [],
        hands=[hand0, hand1],
        scores=scores,
        heroes=HEROES,
        discard=[],
        moves=moves,
    )
    return replay(record)


def _plays(state: State) -> list[tuple[int, str, int]]:
    return [(p["player"], p["card"], p["value"]) for p in last_trick(state)["plays"]]


def test_the_swap_gives_a_high_lead_card_to_the_follower() -> None:
    """R-64, H25: goblins:7 led, the Jester second: after the swap player 0 has led the Jester (5)
    and player 1 followed with goblins:7, which wins by value. ``plays`` list the cards as played;
    player 1 collects both and leads next."""
    state = _trick(
        ["goblins:7", "goblins:1"],
        ["hero:jester", "knights:3"],
        ["play goblins:7", "play hero:jester"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert _plays(state) == [(0, "goblins:7", 7), (1, "hero:jester", 5)]
    assert same_cards(zone(state, "score", 1), ["goblins:7", "hero:jester"])
    assert zone(state, "score", 0) == []
    assert engine.current_player(state) == 1


def test_the_swap_keeps_a_low_lead_card_with_the_leader() -> None:
    """R-64, H25: on goblins:3 the swapped Jester (5, now the leader's lead card) beats it by
    value: the leader wins and collects both."""
    state = _trick(
        ["goblins:3", "goblins:1"],
        ["hero:jester", "knights:3"],
        ["play goblins:3", "play hero:jester"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert _plays(state) == [(0, "goblins:3", 3), (1, "hero:jester", 5)]
    assert same_cards(zone(state, "score", 0), ["goblins:3", "hero:jester"])
    assert zone(state, "score", 1) == []
    assert engine.current_player(state) == 0


def test_equal_values_after_the_swap_go_to_the_leader() -> None:
    """R-64 ("leader keeps the tie"): goblins:5 against the swapped Jester (5): the leader wins."""
    state = _trick(
        ["goblins:5", "goblins:1"],
        ["hero:jester", "knights:3"],
        ["play goblins:5", "play hero:jester"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"
    assert same_cards(zone(state, "score", 0), ["goblins:5", "hero:jester"])


def test_the_jester_may_follow_only_when_its_player_cannot_follow() -> None:
    """H2: a hero played second is off-faction: a player holding a Goblin must play it on a
    Goblin lead; on a led hero (no led faction) the Jester may be played."""
    state = _trick(
        ["goblins:7", "goblins:1"],
        ["goblins:2", "hero:jester", "knights:4"],
        ["play goblins:7"],
    )
    assert engine.legal_actions(state) == ["play goblins:2"]
    state = _trick(
        ["hero:witch", "goblins:1"],
        ["goblins:2", "hero:jester", "knights:4"],
        ["play hero:witch"],
    )
    assert engine.legal_actions(state) == [
        "play goblins:2",
        "play hero:jester",
        "play knights:4",
    ]


def test_a_led_jester_does_not_swap() -> None:
    """§6, R-64 ("played second"): a led Jester is a plain led hero of value 5: goblins:6 beats
    it for the follower, goblins:4 loses to it."""
    state = _trick(
        ["hero:jester", "goblins:1"],
        ["goblins:6", "knights:4"],
        ["play hero:jester", "play goblins:6"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["hero:jester", "goblins:6"]

    state = _trick(
        ["hero:jester", "goblins:1"],
        ["goblins:4", "knights:4"],
        ["play hero:jester", "play goblins:4"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert zone(state, "score", 0) == ["hero:jester", "goblins:4"]


def test_the_swap_decides_a_phase_one_trick() -> None:
    """R-64 in Phase One: goblins:8 led, the Jester second: the follower wins with the lead card
    and takes the prize; the leader draws; both played cards are discarded."""
    state = _trick(
        ["goblins:8", "goblins:1"],
        ["hero:jester", "knights:4"],
        ["play goblins:8", "play hero:jester"],
        phase=1,
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert _plays(state) == [(0, "goblins:8", 8), (1, "hero:jester", 5)]
    assert zone(state, "followers", 1) == [PRIZE]
    assert zone(state, "followers", 0) == [DECK_TOP[0]]
    assert same_cards(zone(state, "discard"), ["goblins:8", "hero:jester"])
    assert engine.current_player(state) == 1


def test_the_winner_after_the_swap_collects_as_usual_undead() -> None:
    """H25 ("the winner collects both cards as usual"): in Phase One undead:6 led, the Jester
    second: the follower wins, so the Undead goes to the follower's Score pile; the Jester is
    discarded. On undead:4 the leader wins and keeps the Undead."""
    state = _trick(
        ["undead:6", "goblins:1"],
        ["hero:jester", "knights:4"],
        ["play undead:6", "play hero:jester"],
        phase=1,
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["undead:6"]
    assert zone(state, "score", 0) == []
    assert zone(state, "discard") == ["hero:jester"]

    state = _trick(
        ["undead:4", "goblins:1"],
        ["hero:jester", "knights:4"],
        ["play undead:4", "play hero:jester"],
        phase=1,
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["undead:4"]
    assert zone(state, "discard") == ["hero:jester"]


def test_the_winner_after_the_swap_collects_as_usual_dwarves() -> None:
    """H25, §5.1 Dwarves: dwarves:8 led, the Jester second: the follower wins; the Dwarf goes to
    the trick loser (the leader), the Jester to the winner."""
    state = _trick(
        ["dwarves:8", "goblins:1"],
        ["hero:jester", "knights:4"],
        ["play dwarves:8", "play hero:jester"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 0) == ["dwarves:8"]
    assert zone(state, "score", 1) == ["hero:jester"]


def test_each_card_keeps_its_value_as_played() -> None:
    """H25 ("values as played"): a Bug Lord led in Phase Two by a player with 7 faction cards in
    their Score pile is worth 7; after the swap it competes for the follower (who has none) still
    at 7 and beats the Jester (5)."""
    pile = [
        "goblins:0",
        "goblins:2",
        "goblins:3",
        "goblins:4",
        "knights:2",
        "knights:3",
        "undead:1",
    ]
    state = _trick(
        ["hero:bug-lord", "goblins:1"],
        ["hero:jester", "knights:4"],
        ["play hero:bug-lord", "play hero:jester"],
        scores=(pile, []),
    )
    trick = last_trick(state)
    assert _plays(state) == [(0, "hero:bug-lord", 7), (1, "hero:jester", 5)]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert same_cards(zone(state, "score", 1), ["hero:bug-lord", "hero:jester"])
    assert zone(state, "score", 0) == pile


def test_a_led_witch_loses_its_power_after_the_swap() -> None:
    """H25 (position-dependent powers see the new positions): after the swap the Witch is no
    longer led, so it has no power: the Jester (5) and the Witch (5) tie and the leader wins by
    the tie rule, not by the Witch."""
    state = _trick(
        ["hero:witch", "goblins:1"],
        ["hero:jester", "knights:4"],
        ["play hero:witch", "play hero:jester"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"
    assert same_cards(zone(state, "score", 0), ["hero:witch", "hero:jester"])


def test_a_last_card_minotaur_wins_for_its_new_owner() -> None:
    """H26, H29: player 0 leads the Minotaur as their last card, player 1 plays the Jester: the
    Minotaur keeps its condition on player 0 (who played it) and wins for its owner after the
    swap, player 1, who collects both."""
    state = _trick(
        ["hero:minotaur"],
        ["hero:jester"],
        ["play hero:minotaur", "play hero:jester"],
    )
    trick = last_trick(state)
    assert _plays(state) == [(0, "hero:minotaur", 1), (1, "hero:jester", 5)]
    assert trick["winner"] == 1
    assert trick["reason"] == "the Minotaur is its player's last card"
    assert same_cards(zone(state, "score", 1), ["hero:minotaur", "hero:jester"])
    assert zone(state, "score", 0) == []
    assert state.result is not None


def test_a_minotaur_with_cards_left_loses_to_the_swapped_jester() -> None:
    """H26, H29: a Minotaur (1) that is not its player's last card is a plain value-1 hero: after
    the swap the Jester (5) leads for player 0 and wins by value."""
    state = _trick(
        ["hero:minotaur", "goblins:1"],
        ["hero:jester", "knights:4"],
        ["play hero:minotaur", "play hero:jester"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert same_cards(zone(state, "score", 0), ["hero:minotaur", "hero:jester"])


def test_a_life_stealer_second_on_the_swapped_jester_has_no_power() -> None:
    """H26: a led Life Stealer, the Jester second: after the swap the Life Stealer is second on a
    led Jester (no led faction), so it has no power and the Jester's 5 beats its 4 for player 0.
    (Unswapped, the follower's Jester would have won 5 to 4.)"""
    state = _trick(
        ["hero:life-stealer", "goblins:1"],
        ["hero:jester", "knights:4"],
        ["play hero:life-stealer", "play hero:jester"],
    )
    trick = last_trick(state)
    assert _plays(state) == [(0, "hero:life-stealer", 4), (1, "hero:jester", 5)]
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert same_cards(zone(state, "score", 0), ["hero:life-stealer", "hero:jester"])
    assert zone(state, "score", 1) == []
    assert engine.current_player(state) == 0


def test_a_led_card_second_after_the_swap_gets_its_played_second_power() -> None:
    """H25 (the lead card's "played second" powers see the new positions): a led Warlock (2),
    the Jester second: after the swap the Warlock is second on the led Jester's odd 5, so it wins
    for its new owner, the follower."""
    state = _trick(
        ["hero:warlock", "goblins:1"],
        ["hero:jester", "knights:4"],
        ["play hero:warlock", "play hero:jester"],
    )
    trick = last_trick(state)
    assert _plays(state) == [(0, "hero:warlock", 2), (1, "hero:jester", 5)]
    assert trick["winner"] == 1
    assert trick["reason"] == "the Warlock beats an odd value"
    assert same_cards(zone(state, "score", 1), ["hero:warlock", "hero:jester"])


def test_a_lich_king_cut_stays_on_the_jester() -> None:
    """H25 ("each card keeps the effective value computed for the player who played it (...
    Lich King)"), H14: a led Lich King gives the Jester played after it -3 (5 -> 2); after the
    swap the leader's Jester (2) loses to the follower's Lich King (6)."""
    state = _trick(
        ["hero:lich-king", "goblins:1"],
        ["hero:jester", "knights:4"],
        ["play hero:lich-king", "play hero:jester"],
    )
    trick = last_trick(state)
    assert _plays(state) == [(0, "hero:lich-king", 6), (1, "hero:jester", 2)]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert same_cards(zone(state, "score", 1), ["hero:lich-king", "hero:jester"])
