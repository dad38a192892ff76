"""Siren (§6, R-61 value 2, both phases): if you lead it and lose, take a card of your choice from
the opponent's Score pile. Asked after the trick's collection (the pile includes the cards just
won, even the Siren), mandatory when that pile is not empty (``steal CODE``, no ``pass``), from
the Score pile only (not face-up Gnomes); the card goes into the Siren player's Score pile without
any collection power (H27). Not asked when the pile is empty."""

from __future__ import annotations

from claim.core import engine
from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

CLAIM = ["goblins", "knights", "undead", "dwarves", "doppelgangers"]
CLAIM2 = ["gnomes", "giants", "dragons", "trolls", "seers"]
HEROES = ["siren", "stone-golem", "witch"]
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


def test_a_led_siren_that_loses_must_steal() -> None:
    """H27: the led Siren (2) loses to goblins:6; after the collection its player must steal one
    card of the opponent's Score pile, the cards just won included: every card is offered, no
    ``pass``. The stolen card goes into the Siren player's Score pile; the trick winner then
    leads."""
    moves = ["play hero:siren", "play goblins:6"]
    state = _trick(
        ["hero:siren", "goblins:1"],
        ["goblins:6", "goblins:2"],
        moves,
        scores=([], ["goblins:0", "knights:7"]),
    )
    # the decision comes after the collection, before the trick goes into the history
    assert state.trick is not None and state.trick.winner == 1
    assert zone(state, "score", 1) == ["goblins:0", "knights:7", "hero:siren", "goblins:6"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        "steal goblins:0",
        "steal knights:7",
        "steal hero:siren",
        "steal goblins:6",
    ]
    engine.apply(state, "steal knights:7")
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 0) == ["knights:7"]
    assert zone(state, "score", 1) == ["goblins:0", "hero:siren", "goblins:6"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2"]


def test_the_siren_may_steal_itself_back() -> None:
    """H27 ("even the Siren"): the Siren just collected by the winner can be the stolen card."""
    state = _trick(
        ["hero:siren", "goblins:1"],
        ["goblins:6", "goblins:2"],
        ["play hero:siren", "play goblins:6", "steal hero:siren"],
    )
    assert zone(state, "score", 0) == ["hero:siren"]
    assert zone(state, "score", 1) == ["goblins:6"]
    assert engine.current_player(state) == 1


def test_a_led_siren_that_wins_steals_nothing() -> None:
    """§6 ("lead it and lose"): the led Siren (2) beats goblins:1: no steal; its player collects
    both and leads next."""
    state = _trick(
        ["hero:siren", "goblins:3"],
        ["goblins:1", "goblins:2"],
        ["play hero:siren", "play goblins:1"],
        scores=([], ["knights:7"]),
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["hero:siren", "goblins:1"]
    assert zone(state, "score", 1) == ["knights:7"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:3"]


def test_a_siren_played_second_steals_nothing() -> None:
    """§6 ("if you lead it"): a Siren played second (off-faction, its player holds no Goblin)
    loses, and no steal is asked."""
    state = _trick(
        ["goblins:6", "goblins:3"],
        ["hero:siren", "knights:2"],
        ["play goblins:6", "play hero:siren"],
        scores=([], ["knights:7"]),
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["goblins:6", "hero:siren"]
    assert zone(state, "score", 1) == ["knights:7"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:3"]


def test_no_steal_when_the_opponents_score_pile_is_empty() -> None:
    """H27: in Phase One the played cards are discarded; with the winner's Score pile empty the
    Siren's player is not asked and the winner leads the next trick."""
    state = _trick(
        ["hero:siren", "goblins:3"],
        ["goblins:6", "goblins:2"],
        ["play hero:siren", "play goblins:6"],
        phase=1,
        scores=(["knights:7"], []),
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "discard") == ["hero:siren", "goblins:6"]
    assert zone(state, "score", 0) == ["knights:7"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2"]


def test_a_phase_one_steal_takes_from_the_score_pile() -> None:
    """H27, H4 (both phases): in Phase One the Siren loses to undead:7, which goes to the
    winner's Score pile (§5.1 Undead); the Siren's player must steal from that pile, the Undead
    just won included."""
    state = _trick(
        ["hero:siren", "goblins:3"],
        ["undead:7", "goblins:2"],
        ["play hero:siren", "play undead:7"],
        phase=1,
        scores=([], ["knights:4"]),
    )
    assert state.trick is not None and state.trick.winner == 1
    assert zone(state, "score", 1) == ["knights:4", "undead:7"]
    assert zone(state, "discard") == ["hero:siren"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["steal knights:4", "steal undead:7"]
    engine.apply(state, "steal undead:7")
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 0) == ["undead:7"]
    assert zone(state, "score", 1) == ["knights:4"]
    assert zone(state, "followers", 1) == [PRIZE]
    assert zone(state, "followers", 0) == [DECK_TOP[0]]


def test_a_steal_names_each_code_once() -> None:
    """H27, records.md (``steal CODE``): several copies of a code in the pile are one move."""
    state = _trick(
        ["hero:siren", "goblins:3"],
        ["goblins:6", "goblins:2"],
        ["play hero:siren", "play goblins:6"],
        scores=([], ["goblins:0", "goblins:0"]),
    )
    assert engine.legal_actions(state) == [
        "steal goblins:0",
        "steal hero:siren",
        "steal goblins:6",
    ]
    engine.apply(state, "steal goblins:0")
    assert zone(state, "score", 0) == ["goblins:0"]
    assert zone(state, "score", 1) == ["goblins:0", "hero:siren", "goblins:6"]


def test_a_siren_crushed_by_a_stone_golem_steals_the_golem() -> None:
    """H27, H17: the led Siren (2) is crushed by a Stone Golem: it was led and lost, so its
    player steals from the opponent's Score pile, which holds only the Golem just collected."""
    state = _trick(
        ["hero:siren", "goblins:3"],
        ["hero:stone-golem", "goblins:2"],
        ["play hero:siren", "play hero:stone-golem"],
    )
    assert zone(state, "discard") == ["hero:siren"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["steal hero:stone-golem"]
    engine.apply(state, "steal hero:stone-golem")
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "the Stone Golem crushes a value of 1 to 4"
    assert zone(state, "score", 0) == ["hero:stone-golem"]
    assert zone(state, "score", 1) == []


def test_face_up_gnomes_cannot_be_stolen_and_a_stolen_gnome_stays_in_the_pile() -> None:
    """H27: only the Score pile is offered, not face-up Gnomes; a Gnome stolen from the Score
    pile (captured there in Phase One) goes into the Siren player's Score pile without the Gnome
    power (not face-up)."""
    record = position_record(
        CLAIM2,
        phase=2,
        hands=[["hero:siren", "trolls:1"], ["dragons:4", "trolls:2"]],
        scores=([], ["gnomes:3"]),
        gnomes=([], ["gnomes:5"]),
        heroes=HEROES,
        discard=[],
        moves=["play hero:siren", "play dragons:4"],
    )
    state = replay(record)
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        "steal gnomes:3",
        "steal hero:siren",
        "steal dragons:4",
    ]
    engine.apply(state, "steal gnomes:3")
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 0) == ["gnomes:3"]
    assert zone(state, "gnomes", 0) == []
    assert zone(state, "gnomes", 1) == ["gnomes:5"]
    assert zone(state, "score", 1) == ["hero:siren", "dragons:4"]
