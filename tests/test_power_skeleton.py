"""Skeleton (RULES.md §6, R-61 value 3): if you win a trick with it, you may take a random card
from the discard pile into your hand. RULINGS H15: the take comes after the trick's cards have
moved (so in Phase One the pile holds this trick's discards, the Skeleton itself included); the
decision is ``use skeleton`` or ``pass``, asked only when the discard pile is not empty, in the
last trick of a phase too (the card is then discarded with the hand, R-1); the card goes to the
end of the hand (R-5). H11: the random card is the record's next ``chance`` entry, the code of the
card drawn; an entry naming a card that is not in the pile is a malformed record (``chance[i]``).
H4: no phase label, it acts in both phases."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from claim.core import engine, records, view
from claim.core.errors import RecordError
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, zone


def _record(
    hand0: list[str],
    hand1: list[str],
    moves: list[str],
    phase: int = 2,
    discard: Sequence[str] = ("dwarves:4", "undead:7"),
    chance: Sequence[str] = (),
    heroes: Sequence[str] = ("skeleton",),
    number: int = 1,
    deck_top: Sequence[str] | None = None,
) -> dict[str, Any]:
    """A record from a trick of ``phase`` with an exact discard pile, player 0 leading (Phase
    One: prize goblins:9, deck goblins:8, goblins:7 unless ``deck_top`` says otherwise)."""
    if deck_top is None:
        deck_top = ["goblins:8", "goblins:7"] if phase == 1 else []
    return position_record(
        CLAIM,
        phase=phase,
        prize="goblins:9" if phase == 1 else None,
        deck_top=deck_top,
        hands=[hand0, hand1],
        heroes=list(heroes),
        discard=list(discard),
        chance=list(chance),
        number=number,
        moves=moves,
    )


def _trick(hand0: list[str], hand1: list[str], moves: list[str], **options: Any) -> State:
    """Replay :func:`_record`."""
    return replay(_record(hand0, hand1, moves, **options))


WIN = ["play hero:skeleton", "play goblins:1"]  # the led Skeleton (3) beats goblins:1


def test_winning_with_it_offers_use_or_pass_to_its_player() -> None:
    """§6, H15: the Skeleton (3) led beats goblins:1; after the cards are collected its player
    is asked ``use skeleton`` or ``pass`` (the discard pile is not empty)."""
    state = _trick(["hero:skeleton", "goblins:5"], ["goblins:1", "goblins:2"], WIN)
    trick = view.report(state)["current"]  # the trick is in the history once decided
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 0) == ["hero:skeleton", "goblins:1"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use skeleton", "pass"]


def test_use_takes_the_chance_card_from_the_discard_pile_to_the_end_of_the_hand() -> None:
    """H15, H11, R-5: ``use skeleton`` takes the card the record's ``chance`` names from the
    discard pile to the end of the hand; the outcome is kept in the game's ``chance`` list;
    then the winner leads."""
    state = _trick(
        ["hero:skeleton", "goblins:5"],
        ["goblins:1", "goblins:2"],
        [*WIN, "use skeleton"],
        chance=["undead:7"],
    )
    assert zone(state, "hand", 0) == ["goblins:5", "undead:7"]
    assert zone(state, "discard") == ["dwarves:4"]
    assert state.chance == ["undead:7"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:5", "play undead:7"]


def test_pass_leaves_the_discard_pile_alone() -> None:
    """H15: ``pass`` declines: hand and discard pile unchanged, no random draw is made."""
    state = _trick(
        ["hero:skeleton", "goblins:5"],
        ["goblins:1", "goblins:2"],
        [*WIN, "pass"],
    )
    assert zone(state, "hand", 0) == ["goblins:5"]
    assert zone(state, "discard") == ["dwarves:4", "undead:7"]
    assert state.chance == []
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:5"]


def test_a_chance_entry_not_in_the_discard_pile_is_a_malformed_record() -> None:
    """H11: ``chance[0]`` naming a card that is not in the discard pile is a malformed record
    (RecordError naming ``chance[0]``)."""
    record = _record(
        ["hero:skeleton", "goblins:5"],
        ["goblins:1", "goblins:2"],
        [*WIN, "use skeleton"],
        chance=["dwarves:9"],
    )
    with pytest.raises(RecordError, match=r"^chance\[0\]: dwarves:9 "):
        records.replay(record)


def test_in_phase_one_the_skeleton_itself_can_be_taken_back() -> None:
    """H15: in Phase One the take comes after the trick's cards are discarded, so the pile holds
    the Skeleton itself; ``chance`` hero:skeleton puts it back at the end of the hand. The
    collection happened first: prize to the winner, the deck's top card to the loser."""
    state = _trick(
        ["hero:skeleton", "goblins:5"],
        ["goblins:1", "goblins:2"],
        [*WIN, "use skeleton"],
        phase=1,
        discard=[],
        chance=["hero:skeleton"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "followers", 0) == ["goblins:9"]
    assert zone(state, "followers", 1) == ["goblins:8"]
    assert zone(state, "hand", 0) == ["goblins:5", "hero:skeleton"]
    assert zone(state, "discard") == ["goblins:1"]
    assert engine.legal_actions(state) == ["play goblins:5", "play hero:skeleton"]


def test_a_later_bad_chance_entry_names_its_own_index() -> None:
    """H11: the Skeleton taken back (chance[0]) wins again in the next trick; chance[1] names a
    card not in the discard pile, and the error names ``chance[1]``."""
    record = _record(
        ["hero:skeleton", "goblins:5"],
        ["goblins:1", "goblins:0"],
        [*WIN, "use skeleton", "play hero:skeleton", "play goblins:0", "use skeleton"],
        phase=1,
        discard=[],
        chance=["hero:skeleton", "knights:9"],
    )
    with pytest.raises(RecordError, match=r"^chance\[1\]: knights:9 "):
        records.replay(record)
    state = records.replay(record, upto=5)
    assert view.report(state)["current"]["winner"] == 0
    assert engine.legal_actions(state) == ["use skeleton", "pass"]


def test_not_asked_when_its_player_lost() -> None:
    """§6: only a trick won with it: goblins:5 (5) beats the led Skeleton (3); nobody is asked,
    the winner leads next."""
    state = _trick(
        ["hero:skeleton", "goblins:1"],
        ["goblins:5", "goblins:2"],
        ["play hero:skeleton", "play goblins:5"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["hero:skeleton", "goblins:5"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2"]


def test_not_asked_when_the_discard_pile_is_empty() -> None:
    """H15: in Phase Two with an empty discard pile there is nothing to take: no decision, the
    winner simply leads next."""
    state = _trick(["hero:skeleton", "goblins:5"], ["goblins:1", "goblins:2"], WIN, discard=[])
    assert last_trick(state)["winner"] == 0
    assert zone(state, "discard") == []
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:5"]


def test_a_skeleton_played_second_that_wins_is_offered_too() -> None:
    """§6, H3: on a led Gelatinous Cube (1, no power when led) the follow Skeleton (3) wins by
    value; its player is asked."""
    state = _trick(
        ["hero:gelatinous-cube", "goblins:5"],
        ["hero:skeleton", "goblins:2"],
        ["play hero:gelatinous-cube", "play hero:skeleton"],
        heroes=("skeleton", "gelatinous-cube"),
    )
    trick = view.report(state)["current"]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use skeleton", "pass"]


def test_a_cube_trick_has_no_winner_so_no_skeleton_take() -> None:
    """H20: a Gelatinous Cube played second on the led Skeleton leaves the trick without a
    winner: the Skeleton did not win, nobody is asked, the same leader leads again."""
    state = _trick(
        ["hero:skeleton", "goblins:5"],
        ["hero:gelatinous-cube", "goblins:2"],
        ["play hero:skeleton", "play hero:gelatinous-cube"],
        heroes=("skeleton", "gelatinous-cube"),
    )
    assert last_trick(state)["winner"] is None
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:5"]


def test_asked_in_the_last_trick_of_phase_one_and_the_card_is_discarded_with_the_hand() -> None:
    """H15, R-1: in the last Phase One trick the take is still asked; the card taken then goes
    to the end of the hand and is discarded with it when the phase ends; Phase Two starts from
    the Follower decks."""
    state = _trick(
        ["hero:skeleton"],
        ["goblins:1"],
        [*WIN, "use skeleton"],
        phase=1,
        number=13,
        discard=["dwarves:4"],
        deck_top=["goblins:8"],
        chance=["dwarves:4"],
    )
    assert state.phase == 2
    assert state.chance == ["dwarves:4"]
    assert zone(state, "discard") == ["hero:skeleton", "goblins:1", "dwarves:4"]
    assert zone(state, "hand", 0) == ["goblins:9"]
    assert zone(state, "hand", 1) == ["goblins:8"]
    assert engine.current_player(state) == 0


def test_without_a_chance_entry_the_seed_decides_and_the_outcome_is_recorded() -> None:
    """H11: when ``chance`` runs out the seed's generator draws; the outcome is appended to the
    game's ``chance`` list, and that card is the one that moved to the hand."""
    state = _trick(
        ["hero:skeleton", "goblins:5"], ["goblins:1", "goblins:2"], [*WIN, "use skeleton"]
    )
    assert len(state.chance) == 1
    taken = state.chance[0]
    assert taken in ("dwarves:4", "undead:7")
    assert zone(state, "hand", 0) == ["goblins:5", taken]
    assert sorted([*zone(state, "discard"), taken]) == ["dwarves:4", "undead:7"]
