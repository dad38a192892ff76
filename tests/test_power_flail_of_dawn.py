"""Flail of Dawn (RULES.md §8, an artifact, the highest tier): at the start of Phase Two the
opponent chooses a card from their hand and sets it aside face-down; it is the card they must
play in their last trick.

Rulings applied here:

- R-80, A1, A20: offered (``use flail-of-dawn`` or ``pass``) only between the phases, to its
  holder, while the opponent's hand is not empty; a player holding no usable artifact is never
  asked.
- A4: between the phases the hands are picked up, then the Gambler's Book is asked (the next
  leader first), then Windy Peaks / Swamp, then the Flail of Dawn, then the first trick.
- A5, A19: the opponent answers with the new verb ``aside CODE`` (one per card of their hand);
  the card is out of the hand for every other purpose (following, discards, Cloak, Dice) and
  becomes the only legal play when the rest of the hand is gone, free of the following rules;
  discarded if the phase ends first.
- A39: the aside card counts as held for R-1: a trick starts while its owner holds it; extra JSON
  field ``players[i].aside``.
- W11: in a player's view the other's aside card is ``"?"``, their own by name.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from claim.core import engine, records, view
from claim.core.state import State
from scenario import CLAIM, last_trick, play_until, position_record, replay, stacked_record, zone

FLAIL = "flail-of-dawn"
# player 0 was dealt the Flail; in the positions below every other artifact is already used
# (unless a test says otherwise), so only the Flail is ever asked
ARTIFACTS = (
    (FLAIL, "endless-rope", "flask-of-tears"),
    ("gamblers-book", "prowlers-torch", "spyglass"),
)
ONLY_FLAIL = ([FLAIL], [])
#: the last Phase One trick: player 0 leads knights:9, player 1 follows knights:2; player 0
#: takes the prize goblins:9 and the deck is empty, so Phase Two begins with player 0 leading
LAST_TRICK = ["play knights:9", "play knights:2"]


def _boundary(
    followers: Sequence[Sequence[str]],
    moves: Sequence[str] = (),
    *,
    unused: Sequence[Sequence[str]] = ONLY_FLAIL,
    discard: Sequence[str] = (),
    last_trick: Sequence[str] = LAST_TRICK,
) -> State:
    """Play ``LAST_TRICK`` then ``moves`` from the last trick of Phase One: player 0's Phase Two
    hand is ``followers[0]`` plus the prize goblins:9, player 1's is ``followers[1]``; each
    player's unused artifacts are ``unused``, the rest of ``ARTIFACTS`` used already."""
    record = position_record(
        CLAIM,
        phase=1,
        number=13,
        prize="goblins:9",
        hands=[["knights:9"], ["knights:2"]],
        followers=followers,
        discard=discard,
        artifacts=ARTIFACTS,
        moves=[*last_trick, *moves],
    )
    for p, names in enumerate(unused):
        player = record["position"]["players"][p]
        player["used_artifacts"] = [a for a in ARTIFACTS[p] if a not in names]
        player["artifacts"] = list(names)
    return replay(record)


def _plays(state: State) -> list[tuple[int, str, int]]:
    return [(p["player"], p["card"], p["value"]) for p in last_trick(state)["plays"]]


# -- when it is offered ------------------------------------------------------------------------


def test_offered_between_the_phases_after_the_hands_are_picked_up() -> None:
    """A4, A20: once Phase One's last trick is over the Follower decks are the hands and the
    Flail's holder is asked ``use flail-of-dawn`` or ``pass``; nothing was asked at the start of
    the Phase One trick."""
    state = _boundary([["goblins:7"], ["undead:3", "dwarves:4"]], last_trick=[])
    # the Flail is not offered at the start of a trick: the Phase One trick asks nobody
    assert engine.legal_actions(state) == ["play knights:9"]
    for move in LAST_TRICK:
        engine.apply(state, move)
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["goblins:7", "goblins:9"]
    assert zone(state, "hand", 1) == ["undead:3", "dwarves:4"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use flail-of-dawn", "pass"]


def test_asked_after_the_gamblers_book() -> None:
    """A4: player 1's Gambler's Book (between the phases) comes before player 0's Flail, though
    player 0 leads Phase Two."""
    state = _boundary(
        [["goblins:7"], ["undead:3", "dwarves:4"]], unused=([FLAIL], ["gamblers-book"])
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use gamblers-book", "pass"]
    engine.apply(state, "pass")
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use flail-of-dawn", "pass"]


def test_asked_after_the_swamp_discards() -> None:
    """A4, L5: with the Swamp, the Gambler's Book comes first, then the Swamp discards (player 0,
    the next leader, first), then the Flail; the aside list is player 1's hand after the
    discards."""
    record = position_record(
        CLAIM,
        phase=1,
        number=13,
        prize="goblins:9",
        hands=[["knights:9"], ["knights:2"]],
        followers=[["goblins:7", "undead:1", "undead:2"], ["undead:3", "dwarves:4", "dwarves:5"]],
        discard=[],
        artifacts=ARTIFACTS,
        moves=[*LAST_TRICK, "pass"],
    )
    record["position"]["setup"]["setting"] = "swamp"
    player1 = record["position"]["players"][1]
    player1["artifacts"], player1["used_artifacts"] = (
        ["gamblers-book"],
        ["prowlers-torch", "spyglass"],
    )
    state = replay(record)
    asked = []
    for move in ("discard undead:1", "discard undead:2", "discard undead:3", "discard dwarves:4"):
        asked.append(engine.current_player(state))
        engine.apply(state, move)
    assert asked == [0, 0, 1, 1]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use flail-of-dawn", "pass"]
    engine.apply(state, "use flail-of-dawn")
    assert engine.legal_actions(state) == ["aside dwarves:5"]


def test_not_offered_when_the_opponent_has_no_card() -> None:
    """A20: player 1 ends Phase One with an empty Follower deck (the deck could give them no card,
    R-2): the Flail is not usable, player 0 is never asked, and Phase Two cannot start (R-1): the
    game is over with the Flail unused."""
    state = _boundary([["goblins:7"], []])
    assert state.result is not None
    assert state.artifacts[0] == [FLAIL]
    assert state.aside == [[], []]


def test_declining_leaves_the_hands_as_they_are() -> None:
    """R-80: after ``pass`` nobody sets a card aside and the first trick starts: player 0
    leads from the whole hand."""
    state = _boundary([["goblins:7"], ["undead:3", "dwarves:4"]], ["pass"])
    assert state.aside == [[], []]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:7", "play goblins:9"]
    assert zone(state, "hand", 1) == ["undead:3", "dwarves:4"]
    assert "players" in view.report(state) and "aside" not in view.report(state)["players"][1]


# -- the effect ----------------------------------------------------------------------------------


def test_the_opponent_chooses_the_card_to_set_aside() -> None:
    """A5, A19: after the use the opponent is asked ``aside CODE`` for each card of their hand;
    the chosen card leaves the hand; the report lists it in ``players[1].aside``; player 1 sees
    it by name, player 0 as ``"?"`` (W11); the Flail is a used artifact."""
    state = _boundary(
        [["goblins:7"], ["undead:3", "dwarves:4", "goblins:4"]], ["use flail-of-dawn"]
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["aside undead:3", "aside dwarves:4", "aside goblins:4"]
    engine.apply(state, "aside goblins:4")
    assert zone(state, "hand", 1) == ["undead:3", "dwarves:4"]
    assert view.report(state)["players"][1]["aside"] == ["goblins:4"]
    assert view.report(state, 1)["players"][1]["aside"] == ["goblins:4"]
    assert view.report(state, 0)["players"][1]["aside"] == ["?"]
    assert state.artifacts[0] == []
    assert state.used_artifacts[0][-1] == FLAIL
    # the first trick starts: player 0 leads
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:7", "play goblins:9"]


def test_the_aside_card_is_not_played_while_the_hand_holds_another() -> None:
    """A5: the aside goblins:4 is out of the hand: on a led goblins:7 player 1 holds no Goblin in
    hand, so both other cards may be played and the aside card may not."""
    state = _boundary(
        [["goblins:7"], ["undead:3", "dwarves:4", "goblins:4"]],
        ["use flail-of-dawn", "aside goblins:4", "play goblins:7"],
    )
    assert engine.legal_actions(state) == ["play undead:3", "play dwarves:4"]


def test_the_aside_card_is_the_only_play_once_the_hand_is_empty() -> None:
    """A5, A39: player 1 plays undead:3 and dwarves:4 first; in the third trick the aside goblins:4
    is the only legal play — followed off-faction on a led knights:8 it loses."""
    state = _boundary(
        [["goblins:7", "knights:8"], ["undead:3", "dwarves:4", "goblins:4"]],
        [
            "use flail-of-dawn",
            "aside goblins:4",
            "play goblins:7",
            "play undead:3",
            "play knights:8",
            "play dwarves:4",
        ],
    )
    assert zone(state, "hand", 1) == []
    assert engine.current_player(state) == 0
    engine.apply(state, "play goblins:9")
    assert engine.legal_actions(state) == ["play goblins:4"]
    engine.apply(state, "play goblins:4")
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:9", 9), (1, "goblins:4", 4)]
    assert trick["winner"] == 0
    assert state.aside == [[], []]


def test_the_aside_card_is_led_when_it_is_the_last_card() -> None:
    """A5, A39: player 1 wins the first trick and then holds only the aside card: it is the only
    lead offered, and it competes by value like any card (goblins:8 beats goblins:7)."""
    state = _boundary(
        [["goblins:7", "undead:2"], ["undead:3", "goblins:8"]],
        ["use flail-of-dawn", "aside goblins:8", "play undead:2", "play undead:3"],
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "hand", 1) == []
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:8"]
    engine.apply(state, "play goblins:8")
    engine.apply(state, "play goblins:7")
    trick = last_trick(state)
    assert _plays(state) == [(1, "goblins:8", 8), (0, "goblins:7", 7)]
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["undead:2", "undead:3", "goblins:8", "goblins:7"]


def test_the_aside_card_is_free_of_the_following_rules() -> None:
    """A5: as the last card the aside goblins:4 is played on a led undead:8 (no follow rule
    applies to it), and loses off-faction; player 0 collects both (the dwarves:4 of the first
    trick went to the loser, player 1, §5.1)."""
    state = _boundary(
        [["undead:8"], ["dwarves:4", "goblins:4"]],
        ["use flail-of-dawn", "aside goblins:4", "play goblins:9", "play dwarves:4"],
    )
    assert zone(state, "hand", 1) == []
    assert engine.legal_actions(state) == ["play undead:8"]
    engine.apply(state, "play undead:8")
    assert engine.legal_actions(state) == ["play goblins:4"]
    engine.apply(state, "play goblins:4")
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 0) == ["goblins:9", "undead:8", "goblins:4"]
    assert zone(state, "score", 1) == ["dwarves:4"]


def test_the_aside_card_counts_as_held_for_starting_a_trick() -> None:
    """A39, R-1: after the first trick player 1's hand is empty but the aside card is held, so a
    second trick starts (it would not without it) and the aside card is played in it."""
    state = _boundary(
        [["goblins:7"], ["undead:3", "goblins:4"]],
        ["use flail-of-dawn", "aside goblins:4", "play goblins:7", "play undead:3"],
    )
    assert zone(state, "hand", 1) == []
    assert state.result is None
    assert state.trick is not None and state.trick.number == 2
    assert engine.legal_actions(state) == ["play goblins:9"]
    engine.apply(state, "play goblins:9")
    engine.apply(state, "play goblins:4")
    assert [t["number"] for t in view.report(state)["tricks"] if t["phase"] == 2] == [1, 2]
    assert state.result is not None


def test_the_aside_card_is_discarded_if_the_phase_ends_first() -> None:
    """A5, A39, R-1: player 0 runs out of cards after the first trick; the phase ends and player
    1's unplayed aside goblins:4 is discarded with the rest of their hand."""
    state = _boundary(
        [[], ["undead:3", "dwarves:2", "goblins:4"]],
        ["use flail-of-dawn", "aside goblins:4", "play goblins:9", "play undead:3"],
    )
    assert state.result is not None
    assert state.aside == [[], []]
    assert zone(state, "discard") == ["knights:9", "knights:2", "dwarves:2", "goblins:4"]
    assert zone(state, "score", 0) == ["goblins:9", "undead:3"]


# -- records ------------------------------------------------------------------------------------


def test_a_game_with_a_flail_replays_exactly_from_its_record() -> None:
    """Records replay exactly: a whole game from a stacked deal (first legal moves, every other
    artifact declined) in which player 0 uses the Flail and player 1 sets aside the first card
    offered; the record written from the finished game replays to the same state."""
    state = replay(stacked_record(CLAIM, artifacts=ARTIFACTS))
    play_until(
        state,
        lambda s: "use flail-of-dawn" in engine.legal_actions(s),
        lambda s, legal: "pass" if "pass" in legal else legal[0],
    )
    engine.apply(state, "use flail-of-dawn")
    aside = engine.legal_actions(state)[0]
    engine.apply(state, aside)
    assert zone(state, "hand", 1) and state.aside[1]
    play_until(state, lambda s: False, lambda s, legal: "pass" if "pass" in legal else legal[0])
    assert state.result is not None
    written = json.loads(json.dumps(records.to_record(state)))
    assert aside in written["moves"]
    again = records.replay(written)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)
