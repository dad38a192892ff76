"""Necromancer (§6, R-61 value 3, Phase One only, H4): after every Phase One trick in which some
played card goes to the discard pile (a Golem-crushed card included; cards captured into a Score
pile excluded), the player holding the Necromancer in hand is asked ``use necromancer CODE`` for
each such card, or ``pass``, last among the trick's decisions (H12). Using it sends the
Necromancer to the discard pile and the card to the end of the hand (R-5). Asked also after the
last trick (H30). In Phase Two, or when played, it is a plain value-3 hero."""

from __future__ import annotations

from claim.core import engine
from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

CLAIM = ["goblins", "knights", "undead", "dwarves", "doppelgangers"]
HEROES = ["necromancer", "siren", "stone-golem"]
PRIZE = "doppelgangers:9"
DECK_TOP = ["doppelgangers:8", "doppelgangers:7"]


def _trick(
    hand0: list[str],
    hand1: list[str],
    moves: list[str],
    phase: int = 1,
    number: int = 1,
    deck_top: list[str] | None = None,
    scores: tuple[list[str], list[str]] = ([], []),
) -> State:
    """Play ``moves`` from a trick of ``phase`` (One by default) with player 0 leading; the
    discard pile starts empty. In Phase One the prize is ``PRIZE`` and the deck holds
    ``deck_top`` (``DECK_TOP``)."""
    record = position_record(
        CLAIM,
        phase=phase,
        number=number,
        prize=PRIZE if phase == 1 else None,
        deck_top=(DECK_TOP if deck_top is None else deck_top) if phase == 1 else [],
        hands=[hand0, hand1],
        scores=scores,
        heroes=HEROES,
        discard=[],
        moves=moves,
    )
    return replay(record)


def test_the_holder_is_asked_after_a_discarded_trick() -> None:
    """H30: goblins:5 and goblins:7 are discarded after a Phase One trick; player 0 holds the
    Necromancer (though they lost) and is asked, one move per discarded card, or ``pass``."""
    state = _trick(
        ["goblins:5", "hero:necromancer", "goblins:1"],
        ["goblins:7", "goblins:2"],
        ["play goblins:5", "play goblins:7"],
    )
    assert state.trick is not None and state.trick.winner == 1
    assert zone(state, "discard") == ["goblins:5", "goblins:7"]
    assert zone(state, "followers", 1) == [PRIZE]
    assert zone(state, "followers", 0) == [DECK_TOP[0]]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        "use necromancer goblins:5",
        "use necromancer goblins:7",
        "pass",
    ]


def test_the_swap_moves_the_necromancer_to_the_discard_and_the_card_to_the_hand() -> None:
    """H30, R-5: ``use necromancer goblins:7``: the Necromancer leaves the hand for the discard
    pile, goblins:7 leaves the discard pile for the end of the hand; the trick winner leads."""
    state = _trick(
        ["goblins:5", "hero:necromancer", "goblins:1"],
        ["goblins:7", "goblins:2"],
        ["play goblins:5", "play goblins:7", "use necromancer goblins:7"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "hand", 0) == ["goblins:1", "goblins:7"]
    assert zone(state, "discard") == ["goblins:5", "hero:necromancer"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2"]


def test_pass_changes_nothing() -> None:
    """H30: ``pass`` keeps the Necromancer in hand and the played cards in the discard pile."""
    state = _trick(
        ["goblins:5", "hero:necromancer", "goblins:1"],
        ["goblins:7", "goblins:2"],
        ["play goblins:5", "play goblins:7", "pass"],
    )
    assert zone(state, "hand", 0) == ["hero:necromancer", "goblins:1"]
    assert zone(state, "discard") == ["goblins:5", "goblins:7"]
    assert engine.current_player(state) == 1


def test_the_trick_winner_can_be_the_holder() -> None:
    """H30 ("the player holding the Necromancer in hand"): the winner, player 1, holds it and
    takes back the card they just played."""
    state = _trick(
        ["goblins:5", "goblins:1"],
        ["goblins:7", "hero:necromancer"],
        ["play goblins:5", "play goblins:7"],
    )
    assert engine.current_player(state) == 1
    engine.apply(state, "use necromancer goblins:7")
    assert zone(state, "hand", 1) == ["goblins:7"]
    assert zone(state, "discard") == ["goblins:5", "hero:necromancer"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:7"]


def test_not_asked_in_phase_two() -> None:
    """H4 (Necromancer: Phase One only): after a Phase Two trick the holder is not asked."""
    state = _trick(
        ["goblins:5", "hero:necromancer", "goblins:1"],
        ["goblins:7", "goblins:2"],
        ["play goblins:5", "play goblins:7"],
        phase=2,
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["goblins:5", "goblins:7"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2"]


def test_not_asked_when_the_played_cards_are_captured() -> None:
    """H30 (cards captured into a Score pile excluded): undead:3 and undead:6 go to the winner's
    Score pile (§5.1), nothing is discarded, so the holder is not asked."""
    state = _trick(
        ["undead:3", "hero:necromancer", "goblins:1"],
        ["undead:6", "goblins:2"],
        ["play undead:3", "play undead:6"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["undead:3", "undead:6"]
    assert zone(state, "discard") == []
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2"]


def test_only_the_discarded_cards_are_offered() -> None:
    """H30: undead:6 wins and goes to its player's Score pile; only the discarded goblins:2 is
    offered."""
    state = _trick(
        ["undead:6", "hero:necromancer", "goblins:1"],
        ["goblins:2", "goblins:3"],
        ["play undead:6", "play goblins:2"],
    )
    assert zone(state, "score", 0) == ["undead:6"]
    assert zone(state, "discard") == ["goblins:2"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use necromancer goblins:2", "pass"]


def test_a_card_crushed_by_the_stone_golem_is_offered() -> None:
    """H30 ("a Golem-crushed card included"), H17: the Golem crushes undead:3 into the discard
    pile (instead of the winner's Score pile); the Golem is discarded too in Phase One; the
    holder may take either."""
    state = _trick(
        ["undead:3", "goblins:1"],
        ["hero:stone-golem", "hero:necromancer"],
        ["play undead:3", "play hero:stone-golem"],
    )
    assert zone(state, "discard") == ["undead:3", "hero:stone-golem"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [
        "use necromancer undead:3",
        "use necromancer hero:stone-golem",
        "pass",
    ]
    engine.apply(state, "use necromancer undead:3")
    assert last_trick(state)["reason"] == "the Stone Golem crushes a value of 1 to 4"
    assert zone(state, "hand", 1) == ["undead:3"]
    assert zone(state, "discard") == ["hero:stone-golem", "hero:necromancer"]


def test_the_necromancer_comes_after_the_siren_steal() -> None:
    """H12, R-4: the played cards' decisions come first (the Siren steal of player 0), then the
    Necromancer swap of player 1, then the next trick."""
    state = _trick(
        ["hero:siren", "goblins:1"],
        ["goblins:6", "hero:necromancer", "goblins:2"],
        ["play hero:siren", "play goblins:6"],
        scores=([], ["knights:4"]),
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["steal knights:4"]
    engine.apply(state, "steal knights:4")
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [
        "use necromancer hero:siren",
        "use necromancer goblins:6",
        "pass",
    ]
    engine.apply(state, "use necromancer hero:siren")
    assert zone(state, "score", 0) == ["knights:4"]
    assert zone(state, "hand", 1) == ["goblins:2", "hero:siren"]
    assert zone(state, "discard") == ["goblins:6", "hero:necromancer"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2", "play hero:siren"]


def test_asked_after_the_last_trick_of_phase_one() -> None:
    """H30 ("asked also after the last trick"), R-1: the deck empties with the loser's draw, so
    Phase One ends after this trick; the holder is asked first, and the card taken back is then
    discarded with the rest of the hands."""
    state = _trick(
        ["goblins:5", "hero:necromancer"],
        ["goblins:7", "goblins:2"],
        ["play goblins:5", "play goblins:7"],
        deck_top=["doppelgangers:8"],
    )
    assert state.phase == 1
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        "use necromancer goblins:5",
        "use necromancer goblins:7",
        "pass",
    ]
    engine.apply(state, "use necromancer goblins:7")
    assert state.phase == 2
    assert zone(state, "discard") == ["goblins:5", "hero:necromancer", "goblins:7", "goblins:2"]
    assert zone(state, "hand", 1) == [PRIZE]
    assert zone(state, "hand", 0) == ["doppelgangers:8"]
    assert engine.current_player(state) == 1


def test_a_played_necromancer_is_a_plain_value_three_hero() -> None:
    """§6, R-61: played, the Necromancer is not in a hand, so nobody is asked: led in Phase One
    it beats goblins:2 by value (3) and both are discarded; in Phase Two it ties goblins:3 and
    the leader wins."""
    state = _trick(
        ["hero:necromancer", "goblins:1"],
        ["goblins:2", "goblins:4"],
        ["play hero:necromancer", "play goblins:2"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert trick["plays"][0]["value"] == 3
    assert zone(state, "discard") == ["hero:necromancer", "goblins:2"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:1"]

    state = _trick(
        ["hero:necromancer", "goblins:1"],
        ["goblins:3", "goblins:4"],
        ["play hero:necromancer", "play goblins:3"],
        phase=2,
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "equal values go to the leader"
    assert zone(state, "score", 0) == ["hero:necromancer", "goblins:3"]


# -- after a King's Dagger forfeit (A7, A43) -----------------------------------------------------

#: player 0 holds the King's Dagger; no other artifact is usable in the trick played here (Phase
#: Two only, or three losses needed)
DAGGER_ARTIFACTS = (
    ("kings-dagger", "endless-rope", "spyglass"),
    ("flask-of-tears", "wishing-lamp", "book-of-memories"),
)


def _forfeit(hand0: list[str], hand1: list[str], moves: list[str]) -> State:
    """A Phase One trick (prize ``PRIZE``, deck ``DECK_TOP``) with the artifacts dealt, player 0
    leading and holding the King's Dagger; the discard pile starts empty."""
    record = position_record(
        CLAIM,
        phase=1,
        prize=PRIZE,
        deck_top=DECK_TOP,
        hands=[hand0, hand1],
        heroes=HEROES,
        discard=[],
        artifacts=DAGGER_ARTIFACTS,
        moves=moves,
    )
    return replay(record)


def test_asked_after_a_forfeit_that_discards_the_other_played_card() -> None:
    """H30, A43, H12: player 1's only card goblins:5 is daggered, so player 0 wins the trick by
    forfeit and the led undead:8 goes to the discard pile (no Undead power, A43). A43 takes away
    collection powers and Vampire decisions, not the Necromancer's swap of a card in hand: player
    0, holding it, is asked last; the trick's end (here Phase One's, R-1) waits for the answer."""
    state = _forfeit(
        ["undead:8", "hero:necromancer"],
        ["goblins:5"],
        ["play undead:8", "play goblins:5", "use kings-dagger"],
    )
    assert state.trick is not None and state.trick.winner == 0
    assert zone(state, "discard") == ["undead:8"]
    assert zone(state, "score", 0) == ["goblins:5"]
    assert state.phase == 1
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use necromancer undead:8", "pass"]
    engine.apply(state, "use necromancer undead:8")
    # the swap happened before R-1 discarded the hands: both end in the discard pile
    assert last_trick(state)["daggered"] == ["goblins:5"]
    assert state.phase == 2
    assert zone(state, "discard") == ["hero:necromancer", "undead:8"]
    assert zone(state, "hand", 0) == [PRIZE]
    assert zone(state, "hand", 1) == [DECK_TOP[0]]


def test_not_asked_after_a_forfeit_with_no_played_card() -> None:
    """H30 ("some played card goes to the discard pile"), A43: player 1's Dagger takes player 0's
    only card, the lead goblins:5: no card was played in the trick, nothing was discarded, so
    player 1's Necromancer is not asked and Phase One ends (R-1)."""
    record = position_record(
        CLAIM,
        phase=1,
        prize=PRIZE,
        deck_top=DECK_TOP,
        hands=[["goblins:5"], ["hero:necromancer", "goblins:2"]],
        heroes=HEROES,
        discard=[],
        artifacts=DAGGER_ARTIFACTS[::-1],
        moves=["play goblins:5", "use kings-dagger"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 1
    assert last_trick(state)["plays"] == []
    assert state.phase == 2
    assert zone(state, "discard") == ["hero:necromancer", "goblins:2"]
