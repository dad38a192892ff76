"""Minotaur (§6, R-61 value 1, both phases): if it is the last card its player plays in a phase,
it wins the trick. "Last card" means its player's hand is empty once it is played, checked at
resolution (H29); the other player's hand does not matter. Both players' last cards: the Minotaur
wins unless a later-played hero power overrides it (H5: a Stone Golem second on a led last-card
Minotaur wins)."""

from __future__ import annotations

from claim.core import engine
from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

CLAIM = ["goblins", "knights", "undead", "dwarves", "doppelgangers"]
HEROES = ["minotaur", "stone-golem", "witch", "warlock", "invincible-warrior"]
PRIZE = "doppelgangers:9"
DECK_TOP = ["doppelgangers:8", "doppelgangers:7"]

MINOTAUR_WINS = "the Minotaur is its player's last card"


def _trick(
    hand0: list[str],
    hand1: list[str],
    moves: list[str],
    phase: int = 2,
    number: int = 1,
    deck_top: list[str] | None = None,
) -> State:
    """Play ``moves`` from a trick of ``phase`` with player 0 leading; the discard pile starts
    empty. In Phase One the prize is ``PRIZE`` and the deck holds ``deck_top`` (``DECK_TOP``)."""
    record = position_record(
        CLAIM,
        phase=phase,
        number=number,
        prize=PRIZE if phase == 1 else None,
        deck_top=(DECK_TOP if deck_top is None else deck_top) if phase == 1 else [],
        hands=[hand0, hand1],
        heroes=HEROES,
        discard=[],
        moves=moves,
    )
    return replay(record)


def test_a_led_minotaur_that_is_its_players_last_card_wins() -> None:
    """H29: the last trick of the game: the Minotaur (1) led as its player's last card beats
    goblins:9; its player collects both."""
    state = _trick(["hero:minotaur"], ["goblins:9"], ["play hero:minotaur", "play goblins:9"])
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == MINOTAUR_WINS
    assert [p["value"] for p in trick["plays"]] == [1, 9]
    assert zone(state, "score", 0) == ["hero:minotaur", "goblins:9"]
    assert zone(state, "score", 1) == []
    assert state.result is not None


def test_a_minotaur_with_cards_left_is_a_plain_value_one_hero() -> None:
    """H29: with another card left in its player's hand the Minotaur has no power: led, it loses
    to goblins:9 by value; played second on a Goblin lead it is off-faction (§6) and loses."""
    state = _trick(
        ["hero:minotaur", "goblins:1"],
        ["goblins:9", "goblins:2"],
        ["play hero:minotaur", "play goblins:9"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["hero:minotaur", "goblins:9"]

    state = _trick(
        ["goblins:2", "goblins:1"],
        ["hero:minotaur", "knights:5"],
        ["play goblins:2", "play hero:minotaur"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"


def test_a_last_card_minotaur_played_second_wins_off_faction() -> None:
    """H29 (unlabelled: as led or second): goblins:9 led, the follower's last card is the
    Minotaur: off-faction it would lose, but it wins; the follower collects both."""
    state = _trick(["goblins:9"], ["hero:minotaur"], ["play goblins:9", "play hero:minotaur"])
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == MINOTAUR_WINS
    assert zone(state, "score", 1) == ["goblins:9", "hero:minotaur"]


def test_only_the_minotaur_players_hand_matters() -> None:
    """H29 ("its player's hand is empty once it is played"): the Minotaur is its player's last
    card while the opponent still holds goblins:8: it wins, and the phase then ends, discarding
    goblins:8 (R-1). With a card left in its own hand it loses although the opponent's goblins:9
    is their last card."""
    state = _trick(
        ["goblins:9", "goblins:8"],
        ["hero:minotaur"],
        ["play goblins:9", "play hero:minotaur"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == MINOTAUR_WINS
    assert zone(state, "score", 1) == ["goblins:9", "hero:minotaur"]
    assert zone(state, "discard") == ["goblins:8"]
    assert state.result is not None

    state = _trick(
        ["goblins:9"],
        ["hero:minotaur", "undead:2"],
        ["play goblins:9", "play hero:minotaur"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "score", 0) == ["goblins:9", "hero:minotaur"]
    assert zone(state, "discard") == ["undead:2"]


def test_a_last_card_minotaur_takes_the_last_phase_one_prize() -> None:
    """H29 ("in a phase"), H4: in the last Phase One trick the Minotaur led as its player's last
    card beats goblins:9 and takes the prize; the loser draws; both played cards are discarded.
    Phase Two then starts with the Follower decks as hands, the Minotaur's player leading."""
    state = _trick(
        ["hero:minotaur"],
        ["goblins:9"],
        ["play hero:minotaur", "play goblins:9"],
        phase=1,
        number=13,
        deck_top=["doppelgangers:8"],
    )
    trick = last_trick(state)
    assert trick["phase"] == 1
    assert trick["winner"] == 0
    assert trick["reason"] == MINOTAUR_WINS
    assert zone(state, "discard") == ["hero:minotaur", "goblins:9"]
    assert state.phase == 2
    assert zone(state, "hand", 0) == [PRIZE]
    assert zone(state, "hand", 1) == ["doppelgangers:8"]
    assert engine.current_player(state) == 0


def test_a_last_card_minotaur_second_beats_a_last_card_witch() -> None:
    """H29, H5: both players' last cards, a led Witch and the Minotaur second: the Witch would
    win (1 is odd), but the later-played Minotaur's power overrides it."""
    state = _trick(["hero:witch"], ["hero:minotaur"], ["play hero:witch", "play hero:minotaur"])
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == MINOTAUR_WINS
    assert zone(state, "score", 1) == ["hero:witch", "hero:minotaur"]


def test_a_led_last_card_minotaur_beats_a_higher_hero_played_second() -> None:
    """H29: both players' last cards, the Minotaur led: the Invincible Warrior (9, no power)
    and the Witch (5; its power needs it led) played second lose to it."""
    for hero in ("invincible-warrior", "witch"):
        state = _trick(
            ["hero:minotaur"], [f"hero:{hero}"], ["play hero:minotaur", f"play hero:{hero}"]
        )
        trick = last_trick(state)
        assert trick["winner"] == 0
        assert trick["reason"] == MINOTAUR_WINS
        assert zone(state, "score", 0) == ["hero:minotaur", f"hero:{hero}"]


def test_a_stone_golem_second_on_a_led_last_card_minotaur_wins() -> None:
    """H5 (example given there), H17: both players' last cards: the Stone Golem second on the
    led Minotaur (value 1, within 1-4) overrides it: the Minotaur is crushed into the discard pile
    and the Golem's player wins and collects the Golem."""
    state = _trick(
        ["hero:minotaur"],
        ["hero:stone-golem"],
        ["play hero:minotaur", "play hero:stone-golem"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "the Stone Golem crushes a value of 1 to 4"
    assert zone(state, "discard") == ["hero:minotaur"]
    assert zone(state, "score", 1) == ["hero:stone-golem"]
    assert zone(state, "score", 0) == []


def test_a_warlock_second_on_a_led_last_card_minotaur_wins() -> None:
    """H5, R-3: the Warlock (2) second on the led last-card Minotaur's odd value 1 wins: the
    later-played hero power overrides."""
    state = _trick(["hero:minotaur"], ["hero:warlock"], ["play hero:minotaur", "play hero:warlock"])
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "the Warlock beats an odd value"
    assert zone(state, "score", 1) == ["hero:minotaur", "hero:warlock"]
