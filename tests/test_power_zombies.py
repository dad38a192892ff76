"""Zombies (§5.3, Phase One): if you win a trick with a Zombie, the opponent's played card goes
into your Score pile instead of the discard (R-10: it counts at the end). The Zombie must be the
winning card; a Doppelganger's win on a Zombie lead is no Zombie win."""

from __future__ import annotations

from claim.core import engine, view
from claim.core.state import State
from scenario import last_trick, position_record, replay, stacked_record, zone

ZOMBIE_DECK = ["goblins", "knights", "zombies", "undead", "doppelgangers"]
DWARF_DECK = ["goblins", "knights", "zombies", "undead", "dwarves"]
DECK_TOP = ["goblins:6", "goblins:7", "goblins:8"]


def _phase_one(
    hand0: list[str], hand1: list[str], moves: list[str], factions: list[str] = ZOMBIE_DECK
) -> State:
    """Play ``moves`` from a Phase One trick with prize goblins:5, player 0 leading."""
    record = position_record(
        factions,
        phase=1,
        prize="goblins:5",
        deck_top=DECK_TOP,
        hands=[hand0, hand1],
        moves=moves,
    )
    return replay(record)


def test_winning_zombie_lead_takes_the_off_faction_card_into_the_score_pile() -> None:
    """§5.3 Zombies: zombies:3 leads, goblins:9 cannot follow and loses; goblins:9 goes to the
    winner's Score pile, the Zombie itself is discarded, the prize goes to the Follower deck."""
    state = _phase_one(
        ["zombies:3", "goblins:1"], ["goblins:9", "knights:2"], ["play zombies:3", "play goblins:9"]
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["goblins:9"]
    assert zone(state, "score", 1) == []
    assert "goblins:9" not in zone(state, "discard")
    assert zone(state, "discard")[-1] == "zombies:3"
    assert zone(state, "followers", 0) == ["goblins:5"]
    assert zone(state, "followers", 1) == ["goblins:6"]
    # the capture is public: both players see it in the Score pile
    for viewer in (0, 1):
        assert view.observe(state, viewer)["players"][0]["score"] == ["goblins:9"]


def test_higher_following_zombie_takes_the_lead_zombie() -> None:
    """§5.3 Zombies: zombies:7 beats the lead zombies:3; the loser's zombies:3 goes to the
    follower's Score pile, the winning zombies:7 is discarded."""
    state = _phase_one(
        ["zombies:3", "goblins:1"], ["zombies:7", "goblins:2"], ["play zombies:3", "play zombies:7"]
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["zombies:3"]
    assert zone(state, "score", 0) == []
    assert zone(state, "discard")[-1] == "zombies:7"
    assert "zombies:3" not in zone(state, "discard")
    assert zone(state, "followers", 1) == ["goblins:5"]


def test_losing_zombie_takes_nothing() -> None:
    """§5.3 Zombies: the Zombie must win. An off-faction zombies:9 loses to goblins:4; both
    cards are discarded and no Score pile changes."""
    state = _phase_one(
        ["goblins:4", "goblins:1"], ["zombies:9", "knights:2"], ["play goblins:4", "play zombies:9"]
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "discard")[-2:] == ["goblins:4", "zombies:9"]
    assert zone(state, "score", 0) == zone(state, "score", 1) == []


def test_zombie_capturing_an_undead_scores_it_once() -> None:
    """§5.3 Zombies with §5.1 Undead: zombies:2 leads and wins against an off-faction undead:8.
    Both powers send the Undead to the winner's Score pile: it is there exactly once."""
    state = _phase_one(
        ["zombies:2", "goblins:1"], ["undead:8", "knights:2"], ["play zombies:2", "play undead:8"]
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["undead:8"]
    assert zone(state, "score", 1) == []
    assert zone(state, "discard")[-1] == "zombies:2"
    assert "undead:8" not in zone(state, "discard")


def test_zombie_losing_to_an_undead_lead_is_taken_by_the_undead_power_only() -> None:
    """§5.1 Undead with a losing Zombie: undead:1 leads and the off-faction zombies:9 loses.
    The Undead goes to the winner's Score pile (Undead), the Zombie is discarded (it did not
    win, and the winner played no Zombie)."""
    state = _phase_one(
        ["undead:1", "goblins:1"], ["zombies:9", "knights:2"], ["play undead:1", "play zombies:9"]
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["undead:1"]
    assert zone(state, "discard")[-1] == "zombies:9"


def test_doppelganger_win_on_a_zombie_lead_captures_nothing() -> None:
    """§5.1 Doppelgangers: doppelgangers:8 follows a zombies:3 lead and wins by value; it is no
    Zombie, so the lead Zombie is discarded, not captured."""
    state = _phase_one(
        ["zombies:3", "goblins:1"],
        ["zombies:1", "doppelgangers:8"],
        ["play zombies:3", "play doppelgangers:8"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 0) == zone(state, "score", 1) == []
    assert zone(state, "discard")[-2:] == ["zombies:3", "doppelgangers:8"]


def test_zombies_have_no_power_in_phase_two() -> None:
    """§5.3 Zombies act in Phase One only: in Phase Two zombies:6 wins against an off-faction
    dwarves:9, and the Dwarf still goes to the loser (§5.1 Dwarves), not to the Zombie's
    player."""
    record = position_record(
        DWARF_DECK,
        phase=2,
        hands=[["zombies:6", "goblins:1"], ["dwarves:9", "goblins:2"]],
        moves=["play zombies:6", "play dwarves:9"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["zombies:6"]
    assert zone(state, "score", 1) == ["dwarves:9"]


def test_captured_card_counts_at_the_end_of_the_game() -> None:
    """R-10: the card a Zombie takes in the last Phase One trick stays in the Score pile through
    Phase Two and counts in its faction's vote: player 0 wins knights with the captured
    knights:9 alone."""
    record = position_record(
        ZOMBIE_DECK,
        phase=1,
        number=13,
        prize="goblins:5",
        deck_top=["goblins:6"],
        hands=[["zombies:4"], ["knights:9"]],
        moves=["play zombies:4", "play knights:9"],
    )
    state = replay(record)
    # Phase One is over; the winner leads Phase Two with the prize, the loser holds goblins:6
    assert state.phase == 2
    assert zone(state, "score", 0) == ["knights:9"]
    assert zone(state, "hand", 0) == ["goblins:5"]
    assert zone(state, "hand", 1) == ["goblins:6"]
    assert engine.legal_actions(state) == ["play goblins:5"]
    engine.apply(state, "play goblins:5")
    engine.apply(state, "play goblins:6")
    assert state.result is not None
    assert zone(state, "score", 0) == ["knights:9"]
    assert zone(state, "score", 1) == ["goblins:5", "goblins:6"]
    assert state.result["votes"] == {
        "goblins": 1,
        "knights": 0,
        "zombies": None,
        "undead": None,
        "doppelgangers": None,
    }
    # one vote each; the tie-break counts the captured Knight for player 0: 1 card against 2
    assert state.result["cards_in_won_factions"] == [1, 2]
    assert state.result["winner"] == 1
    assert state.result["reason"] == "cards"


def test_zombie_capture_in_a_stacked_first_trick() -> None:
    """§5.3 Zombies from the deal: the first trick of a stacked game. Player 1 leads zombies:0,
    player 0 holds no Zombie and plays knights:9, which player 1 captures."""
    hand0 = ["knights:9", *[f"undead:{v}" for v in range(10)], "knights:2", "knights:3"]
    hand1 = [f"zombies:{v}" for v in range(10)] + ["knights:4", "knights:5", "knights:6"]
    record = stacked_record(
        ZOMBIE_DECK,
        hand0,
        hand1,
        ["goblins:9", "goblins:8"],
        moves=["play zombies:0"],
        first_leader=1,
    )
    state = replay(record)
    # player 0 cannot follow Zombies: any card (Doppelgangers are not in this hand)
    assert engine.legal_actions(state) == [
        "play knights:9",
        *[f"play undead:{v}" for v in range(10)],
        "play knights:2",
        "play knights:3",
    ]
    engine.apply(state, "play knights:9")
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["knights:9"]
    assert zone(state, "discard") == ["zombies:0"]
    assert zone(state, "followers", 1) == ["goblins:9"]
    assert zone(state, "followers", 0) == ["goblins:8"]
