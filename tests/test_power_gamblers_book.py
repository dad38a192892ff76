"""Gambler's Book (RULES.md §8, an artifact): between the phases, after the hands are picked up:
discard a random card from your hand and take a card of your choice from the discard pile.

Rulings applied here:

- R-80, A1, A20: offered (``use gamblers-book`` or ``pass``) only between the phases, while its
  holder's hand is not empty; a player holding no usable artifact is never asked.
- A4: the hands (the Follower decks, R-5 order) are picked up first; then the Gambler's Book (the
  next leader first), then Windy Peaks / Swamp, then the Flail of Dawn, then the first trick.
- A10, A29, A40: the discarded card is drawn at random (the record's ``chance``, then the seed);
  then ``take CODE`` for each card of the discard pile, the card just discarded included; the
  taken card goes to the end of the hand (R-5).
- W12: a value-hidden card in the discard pile (a Demon) is named by its parity in ``take``, as
  in ``play``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from claim.core import engine, records, view
from claim.core.errors import RecordError
from claim.core.state import State
from scenario import CLAIM, play_until, position_record, replay, stacked_record, zone

BOOK = "gamblers-book"
# player 0 was dealt the Book; in the positions below every other artifact is already used
# unless a test says otherwise, so only the Book is ever asked
ARTIFACTS = (
    (BOOK, "endless-rope", "flask-of-tears"),
    ("flail-of-dawn", "prowlers-torch", "spyglass"),
)
ONLY_BOOK = ([BOOK], [])
#: the last Phase One trick: player 0 leads knights:9, player 1 follows knights:2; player 0 takes
#: the prize goblins:9, the deck is empty, and Phase Two begins with player 0 leading; the two
#: played cards go to the discard pile
LAST_TRICK = ["play knights:9", "play knights:2"]
DISCARD = ["dwarves:6", "undead:7"]


def _boundary(
    followers: Sequence[Sequence[str]],
    moves: Sequence[str] = (),
    *,
    unused: Sequence[Sequence[str]] = ONLY_BOOK,
    chance: Sequence[str] = (),
    factions: Sequence[str] = CLAIM,
    discard: Sequence[str] = DISCARD,
    last_trick: Sequence[str] = LAST_TRICK,
) -> State:
    """Play ``last_trick`` then ``moves`` from the last trick of Phase One: player 0's Phase Two
    hand is ``followers[0]`` plus the prize goblins:9, player 1's is ``followers[1]``; the
    discard pile is ``discard`` then the two played cards; each player's unused artifacts are
    ``unused``, the rest of ``ARTIFACTS`` used already."""
    record = position_record(
        factions,
        phase=1,
        number=13,
        prize="goblins:9",
        hands=[["knights:9"], ["knights:2"]],
        followers=followers,
        discard=discard,
        artifacts=ARTIFACTS,
        chance=chance,
        moves=[*last_trick, *moves],
    )
    for p, names in enumerate(unused):
        player = record["position"]["players"][p]
        player["used_artifacts"] = [a for a in ARTIFACTS[p] if a not in names]
        player["artifacts"] = list(names)
    return replay(record)


# -- when it is offered ------------------------------------------------------------------------


def test_offered_between_the_phases_after_the_hands_are_picked_up() -> None:
    """A4, A20: nothing is asked during the Phase One trick; once it is over the Follower decks
    are the hands and the Book's holder is asked ``use gamblers-book`` or ``pass``."""
    state = _boundary([["goblins:7", "undead:2"], ["undead:3", "dwarves:4"]], last_trick=[])
    assert engine.legal_actions(state) == ["play knights:9"]
    for move in LAST_TRICK:
        engine.apply(state, move)
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["goblins:7", "undead:2", "goblins:9"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use gamblers-book", "pass"]


def test_the_holder_is_asked_when_not_leading() -> None:
    """A4: player 1 holds the Book, player 0 (the next leader) holds nothing usable: player 1 is
    asked, then the first trick starts with player 0's lead."""
    state = _boundary(
        [["goblins:7", "undead:2"], ["undead:3", "dwarves:4"]],
        unused=([], [BOOK]),
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use gamblers-book", "pass"]
    engine.apply(state, "pass")
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:7", "play undead:2", "play goblins:9"]


def test_asked_before_the_swamp_and_the_flail() -> None:
    """A4: Gambler's Book first, then the Swamp discards (player 0 first), then the Flail of
    Dawn: with the Book (player 0), the Flail (player 1) and the Swamp."""
    record = position_record(
        CLAIM,
        phase=1,
        number=13,
        prize="goblins:9",
        hands=[["knights:9"], ["knights:2"]],
        followers=[["goblins:7", "undead:1", "undead:2"], ["undead:3", "dwarves:4", "dwarves:5"]],
        discard=[],
        artifacts=ARTIFACTS,
        chance=["undead:1"],
        moves=LAST_TRICK,
    )
    record["position"]["setup"]["setting"] = "swamp"
    for p, names in enumerate(([BOOK], ["flail-of-dawn"])):
        player = record["position"]["players"][p]
        player["used_artifacts"] = [a for a in ARTIFACTS[p] if a not in names]
        player["artifacts"] = names
    state = replay(record)
    asked = []
    for move in (
        "use gamblers-book",
        "take knights:2",
        "discard goblins:7",
        "discard undead:2",
        "discard undead:3",
        "discard dwarves:4",
    ):
        asked.append(engine.current_player(state))
        engine.apply(state, move)
    assert asked == [0, 0, 0, 0, 1, 1]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use flail-of-dawn", "pass"]
    assert zone(state, "hand", 0) == ["goblins:9", "knights:2"]


def test_not_offered_with_an_empty_hand() -> None:
    """A20: player 0 holds the Book but ends Phase One with no card (player 1 wins the last trick
    and its prize, the empty deck gives player 0 nothing, R-2): the Book is not usable and never
    asked; Phase Two cannot start (R-1), the game is over with the Book unused and player 1's
    hand discarded."""
    record = position_record(
        CLAIM,
        phase=1,
        number=13,
        prize="goblins:9",
        hands=[["knights:2"], ["knights:9"]],
        followers=[[], ["undead:3", "dwarves:4"]],
        discard=[],
        artifacts=ARTIFACTS,
        moves=["play knights:2", "play knights:9"],
    )
    player = record["position"]["players"][0]
    player["artifacts"], player["used_artifacts"] = [BOOK], ["endless-rope", "flask-of-tears"]
    state = replay(record)
    assert state.result is not None
    assert state.artifacts[0] == [BOOK]
    assert zone(state, "discard") == [
        "knights:2",
        "knights:9",
        "undead:3",
        "dwarves:4",
        "goblins:9",
    ]


def test_not_offered_at_the_start_of_a_phase_two_trick() -> None:
    """§8, A20: the Book's moment is between the phases only: after ``pass`` the first trick's
    start asks nothing and the next trick neither."""
    state = _boundary(
        [["goblins:7", "undead:2"], ["undead:3", "dwarves:4"]],
        ["pass", "play goblins:7", "play undead:3"],
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play undead:2", "play goblins:9"]


def test_declining_leaves_the_hand_and_the_discard_pile() -> None:
    """R-80: after ``pass`` the hand and the discard pile are unchanged."""
    state = _boundary([["goblins:7", "undead:2"], ["undead:3", "dwarves:4"]], ["pass"])
    assert zone(state, "hand", 0) == ["goblins:7", "undead:2", "goblins:9"]
    assert zone(state, "discard") == [*DISCARD, "knights:9", "knights:2"]
    assert state.artifacts[0] == [BOOK]


# -- the effect ----------------------------------------------------------------------------------


def test_a_random_card_is_discarded_then_one_is_taken_to_the_end_of_the_hand() -> None:
    """A10, A29, R-5: the discarded card is ``chance``'s goblins:7; the ``take`` list names every
    card of the discard pile in its order, goblins:7 included; the taken dwarves:6 joins the end
    of the hand and leaves the pile, where goblins:7 stays."""
    state = _boundary(
        [["goblins:7", "undead:2"], ["undead:3", "dwarves:4"]],
        ["use gamblers-book"],
        chance=["goblins:7"],
    )
    assert zone(state, "hand", 0) == ["undead:2", "goblins:9"]
    assert zone(state, "discard") == [*DISCARD, "knights:9", "knights:2", "goblins:7"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        "take dwarves:6",
        "take undead:7",
        "take knights:9",
        "take knights:2",
        "take goblins:7",
    ]
    engine.apply(state, "take dwarves:6")
    assert zone(state, "hand", 0) == ["undead:2", "goblins:9", "dwarves:6"]
    assert zone(state, "discard") == ["undead:7", "knights:9", "knights:2", "goblins:7"]
    assert state.chance == ["goblins:7"]
    assert state.used_artifacts[0][-1] == BOOK
    assert state.artifacts[0] == []
    # the first trick starts: player 0 leads from the new hand
    assert engine.legal_actions(state) == ["play undead:2", "play goblins:9", "play dwarves:6"]


def test_the_discarded_card_may_be_taken_back() -> None:
    """A10: taking the card just discarded puts it back, at the end of the hand (R-5)."""
    state = _boundary(
        [["goblins:7", "undead:2"], ["undead:3", "dwarves:4"]],
        ["use gamblers-book", "take goblins:7"],
        chance=["goblins:7"],
    )
    assert zone(state, "hand", 0) == ["undead:2", "goblins:9", "goblins:7"]
    assert zone(state, "discard") == [*DISCARD, "knights:9", "knights:2"]


def test_the_discard_comes_only_from_the_holders_hand() -> None:
    """A40, H11: a ``chance`` entry naming a card that is not in the hand is a malformed record
    (``chance[0]``)."""
    with pytest.raises(RecordError, match=r"chance\[0\]"):
        _boundary(
            [["goblins:7", "undead:2"], ["undead:3", "dwarves:4"]],
            ["use gamblers-book"],
            chance=["undead:3"],
        )


def test_a_demon_in_the_discard_pile_is_taken_by_its_parity() -> None:
    """W12: the discard pile's demons:7 and demons:4 are offered as ``take demons:odd`` and
    ``take demons:even``; the odd one is taken and is seen by its parity in the hand."""
    factions = ["goblins", "knights", "demons", "undead", "dwarves"]
    state = _boundary(
        [["goblins:7", "undead:2"], ["undead:3", "dwarves:4"]],
        ["use gamblers-book"],
        chance=["goblins:7"],
        factions=factions,
        discard=["demons:7", "demons:4"],
    )
    assert engine.legal_actions(state) == [
        "take demons:odd",
        "take demons:even",
        "take knights:9",
        "take knights:2",
        "take goblins:7",
    ]
    engine.apply(state, "take demons:odd")
    assert zone(state, "hand", 0) == ["undead:2", "goblins:9", "demons:7"]
    assert view.observe(state, 0)["players"][0]["hand"][-1] == "demons:odd"


# -- records ------------------------------------------------------------------------------------


def test_a_game_with_the_book_replays_exactly_from_its_record() -> None:
    """H11, A40, records: a whole game from a stacked deal (first legal moves, other artifacts
    declined) in which player 0 uses the Book with the discard drawn by the seed; the record
    written from the finished game lists that draw in ``chance`` and replays to the same
    state."""
    state = replay(stacked_record(CLAIM, artifacts=ARTIFACTS))
    play_until(
        state,
        lambda s: "use gamblers-book" in engine.legal_actions(s),
        lambda s, legal: "pass" if "pass" in legal else legal[0],
    )
    hand = zone(state, "hand", 0)
    engine.apply(state, "use gamblers-book")
    assert len(state.chance) == 1
    discarded = state.chance[0]
    assert discarded in hand
    assert zone(state, "discard")[-1] == discarded
    take = engine.legal_actions(state)[0]
    engine.apply(state, take)
    assert zone(state, "hand", 0)[-1] == take.removeprefix("take ")
    play_until(state, lambda s: False, lambda s, legal: "pass" if "pass" in legal else legal[0])
    assert state.result is not None
    written = json.loads(json.dumps(records.to_record(state)))
    assert written["chance"][0] == discarded
    again = records.replay(written)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)
