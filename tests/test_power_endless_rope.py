"""Endless Rope (RULES.md §8, an artifact, the highest tier): in Phase Two, at the start of a
trick, move a card from your Score pile to your hand.

Rulings: R-80, A1 (offered as ``use endless-rope CODE`` for each card of the Score pile — one move
per name — plus ``pass``; usable only with a non-empty Score pile), A3 and A21 (the start-of-trick
window, Phase Two only, leader first, then the follower), A13 (Score pile only; the card goes to
the end of the hand, R-5), A20 (Score pile not empty), V16 (face-up Gnomes — not in the Score
pile, §5.2 — and the Vampire stack can never be roped), R-1 (a trick starts only when both
players hold a card; cards left in a hand when the phase ends are discarded), A41 (the trick
lists ``artifacts``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from claim.core import engine, records, view
from claim.core.state import State
from scenario import (
    CLAIM,
    CLAIM2,
    last_trick,
    play_until,
    position_record,
    replay,
    stacked_record,
    zone,
)

ROPE = "endless-rope"
# besides the Rope, artifacts never usable where these scenarios look (no printed 5 played with
# the Dagger in play; Torch: Phase One only; player 1's Book of Memories: player 1 never leads
# with a Score pile before the test looks)
ROPE0 = (
    (ROPE, "flail-of-dawn", "gamblers-book"),
    ("kings-dagger", "prowlers-torch", "book-of-memories"),
)
ROPE1 = (
    ("flail-of-dawn", "gamblers-book", "kings-dagger"),
    (ROPE, "prowlers-torch", "book-of-memories"),
)


def _record(
    hand0: Sequence[str],
    hand1: Sequence[str],
    moves: Sequence[str],
    *,
    scores: Sequence[Sequence[str]] = ((), ()),
    gnomes: Sequence[Sequence[str]] = ((), ()),
    phase: int = 2,
    artifacts: Sequence[Sequence[str]] = ROPE0,
    factions: Sequence[str] = CLAIM,
) -> dict[str, Any]:
    """A record from the start of a trick of ``phase``, player 0 leading (Phase One: prize
    goblins:9, deck goblins:8 and goblins:7), the discard pile empty."""
    return position_record(
        factions,
        phase=phase,
        prize="goblins:9" if phase == 1 else None,
        deck_top=["goblins:8", "goblins:7"] if phase == 1 else [],
        hands=[hand0, hand1],
        scores=scores,
        gnomes=gnomes,
        discard=[],
        moves=moves,
        artifacts=artifacts,
    )


def _trick(hand0: Sequence[str], hand1: Sequence[str], moves: Sequence[str], **kw: Any) -> State:
    return replay(_record(hand0, hand1, moves, **kw))


HAND0 = ["goblins:4", "goblins:1"]
HAND1 = ["goblins:3", "goblins:2"]
SCORE0 = ["dwarves:3", "goblins:0", "goblins:0", "goblins:6"]


# -- when it is offered ---------------------------------------------------------------------------


def test_offered_at_the_start_of_a_phase_two_trick() -> None:
    """A1, A13, A21: before the lead the leader is asked one ``use endless-rope`` per name in
    the Score pile (the two goblins:0 share one move), in pile order, plus ``pass``."""
    state = _trick(HAND0, HAND1, [], scores=(SCORE0, []))
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        f"use {ROPE} dwarves:3",
        f"use {ROPE} goblins:0",
        f"use {ROPE} goblins:6",
        "pass",
    ]


def test_not_offered_with_an_empty_score_pile() -> None:
    """A1, A20: nothing to rope: the leader is not asked and plays at once."""
    state = _trick(HAND0, HAND1, [])
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:4", "play goblins:1"]


def test_not_offered_in_phase_one() -> None:
    """§8, A21 (Rope: Phase Two): a Phase One Score pile (captured Undead, R-10) gives no Rope
    question."""
    state = _trick(
        HAND0,
        HAND1,
        [],
        scores=(["undead:3"], []),
        phase=1,
        artifacts=(ROPE0[0], ("kings-dagger", "spyglass", "book-of-memories")),
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:4", "play goblins:1"]


def test_not_offered_after_the_lead() -> None:
    """R-80, A3: passed at the start, the Rope is not offered again in the trick."""
    state = _trick(HAND0, HAND1, ["pass", "play goblins:4"], scores=(SCORE0, []))
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:3", "play goblins:2"]
    assert state.artifacts[0] == list(ROPE0[0])
    assert zone(state, "score", 0) == SCORE0


# -- the effect -----------------------------------------------------------------------------------


def test_the_card_moves_from_the_score_pile_to_the_end_of_the_hand() -> None:
    """A13, R-5: goblins:6 leaves the Score pile and joins the end of the hand; the leader is
    then asked to lead, and may lead it."""
    state = _trick(HAND0, HAND1, [f"use {ROPE} goblins:6"], scores=(SCORE0, []))
    assert zone(state, "hand", 0) == ["goblins:4", "goblins:1", "goblins:6"]
    assert zone(state, "score", 0) == ["dwarves:3", "goblins:0", "goblins:0"]
    assert state.used_artifacts[0] == [ROPE]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:4", "play goblins:1", "play goblins:6"]


def test_a_roped_card_is_played_and_collected_as_usual() -> None:
    """A13: the roped goblins:6 is led, beats goblins:3 and goes back into player 0's Score
    pile with it; the trick lists the Rope."""
    state = _trick(
        HAND0,
        HAND1,
        [f"use {ROPE} goblins:6", "play goblins:6", "play goblins:3"],
        scores=(SCORE0, []),
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["artifacts"] == [ROPE]
    assert zone(state, "score", 0) == [
        "dwarves:3",
        "goblins:0",
        "goblins:0",
        "goblins:6",
        "goblins:3",
    ]
    assert zone(state, "hand", 0) == ["goblins:4", "goblins:1"]


def test_one_of_two_copies_is_roped() -> None:
    """A13: ``use endless-rope goblins:0`` moves one goblins:0; the other stays."""
    state = _trick(HAND0, HAND1, [f"use {ROPE} goblins:0"], scores=(SCORE0, []))
    assert zone(state, "score", 0) == ["dwarves:3", "goblins:0", "goblins:6"]
    assert zone(state, "hand", 0) == ["goblins:4", "goblins:1", "goblins:0"]


def test_the_follower_ropes_before_the_lead_and_must_follow_with_the_card() -> None:
    """A21: the follower is asked after the leader (who holds nothing usable); the roped
    goblins:6 is in hand when the Goblin lead comes, so the following rule makes it the only
    legal play (§3.1)."""
    state = _trick(
        ["goblins:4", "goblins:1"],
        ["dwarves:2", "dwarves:1"],
        [],
        scores=([], ["goblins:6", "dwarves:7"]),
        artifacts=ROPE1,
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [
        f"use {ROPE} goblins:6",
        f"use {ROPE} dwarves:7",
        "pass",
    ]
    engine.apply(state, f"use {ROPE} goblins:6")
    assert engine.current_player(state) == 0
    engine.apply(state, "play goblins:4")
    assert engine.legal_actions(state) == ["play goblins:6"]
    engine.apply(state, "play goblins:6")
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["dwarves:7", "goblins:4", "goblins:6"]


# -- what cannot be roped (V16) -------------------------------------------------------------------


def test_face_up_gnomes_are_not_offered() -> None:
    """V16, §5.2: face-up Gnomes are not in the Score pile: only giants:1 is offered; with
    Gnomes alone the Rope is not usable and the leader is not asked."""
    hands = (["giants:3", "giants:5"], ["giants:7", "dragons:1"])
    state = _trick(
        *hands, [], scores=(["giants:1"], []), gnomes=(["gnomes:3"], []), factions=CLAIM2
    )
    assert engine.legal_actions(state) == [f"use {ROPE} giants:1", "pass"]
    state = _trick(*hands, [], gnomes=(["gnomes:3"], []), factions=CLAIM2)
    assert engine.legal_actions(state) == ["play giants:3", "play giants:5"]


def test_the_vampire_stack_is_not_offered() -> None:
    """V16: the face-up Vampire and the cards tucked under it are not in the Score pile: only
    goblins:6 is offered."""
    factions = ["goblins", "knights", "vampires", "undead", "dwarves"]
    record = _record(HAND0, HAND1, [], scores=(["goblins:6"], []), factions=factions)
    position = record["position"]
    position["players"][0]["vampire"] = ["vampires:7"]
    position["players"][0]["tucked"] = ["undead:3"]
    for code in ("vampires:7", "undead:3"):
        position["out"].remove(code)
    state = replay(record)
    assert view.report(state)["players"][0]["vampire"] == "vampires:7"
    assert engine.legal_actions(state) == [f"use {ROPE} goblins:6", "pass"]


# -- hand sizes (R-1) -----------------------------------------------------------------------------


def test_a_roped_card_left_in_hand_is_discarded_at_the_end() -> None:
    """R-1, A13: with one card each, player 0 ropes a second card; after the trick player 1 has
    none, so the phase (and the game) ends and player 0's left-over card is discarded — it has
    left the Score pile for good."""
    state = _trick(
        ["goblins:4"],
        ["goblins:3"],
        [f"use {ROPE} goblins:6", "play goblins:4", "play goblins:3"],
        scores=(["goblins:6", "dwarves:3"], []),
    )
    assert last_trick(state)["winner"] == 0
    assert state.result is not None
    assert zone(state, "discard") == ["goblins:6"]
    assert zone(state, "score", 0) == ["dwarves:3", "goblins:4", "goblins:3"]


# -- records --------------------------------------------------------------------------------------


def _pass_or_first(state: State, legal: list[str]) -> str:
    return "pass" if "pass" in legal else legal[0]


def test_a_game_with_a_rope_saves_and_replays_exactly() -> None:
    """A19, records.md: from a dealt game, Phase One is played out (every artifact declined),
    then in Phase Two player 0 ropes the first card of their Score pile as soon as it is offered;
    the card is at the end of their hand, and the written record replays to the same state."""
    record = stacked_record(CLAIM, moves=[], artifacts=ROPE0)
    record["seed"] = 5
    state = replay(record)

    def rope_offered(s: State) -> bool:
        return any(m.startswith(f"use {ROPE}") for m in engine.legal_actions(s))

    play_until(state, rope_offered, _pass_or_first)
    assert state.phase == 2
    assert engine.current_player(state) == 0
    pile = zone(state, "score", 0)
    hand = zone(state, "hand", 0)
    engine.apply(state, f"use {ROPE} {pile[0]}")
    assert zone(state, "hand", 0) == [*hand, pile[0]]
    assert zone(state, "score", 0) == pile[1:]
    saved = json.loads(json.dumps(records.to_record(state)))
    assert saved["moves"][-1] == f"use {ROPE} {pile[0]}"
    again = records.replay(saved)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)
