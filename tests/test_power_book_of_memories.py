"""Book of Memories (RULES.md §8, an artifact, the highest tier): in Phase Two, when you lead,
lead a card from your Score pile instead of your hand.

Rulings: R-80, A1, A3 and A21 (the start-of-trick window: Phase Two, the leader only; once the
Book is used the window closes for both players), A20 (usable with a non-empty Score pile), A17
(``use book-of-memories``, then the lead list is ``play CODE`` for the Score pile's cards; face-up
Gnomes are not offered), A36 and V16 (the lead is collected normally; Mask, Cloak and Lamp may
still apply; face-up Gnomes and the Vampire stack are never led), A47 (a daggered Book lead is
replaced from the Score pile again; none left: the Dagger's forfeit, A7, A43), W3 (the lead comes
from a public pile: visible to both even when masked), A41 (the trick lists ``artifacts``)."""

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

BOOK = "book-of-memories"
# besides the Book, artifacts never usable where these scenarios look (no printed 5 with the
# Dagger in play unless the test says so; Torch: Phase One only; player 1's Lamp: player 1
# leads only after the trick the test looks at)
BOOK0 = (
    (BOOK, "flail-of-dawn", "gamblers-book"),
    ("kings-dagger", "prowlers-torch", "wishing-lamp"),
)
BOOK1 = (
    ("flail-of-dawn", "gamblers-book", "kings-dagger"),
    (BOOK, "prowlers-torch", "wishing-lamp"),
)


def _record(
    hand0: Sequence[str],
    hand1: Sequence[str],
    moves: Sequence[str],
    *,
    scores: Sequence[Sequence[str]] = ((), ()),
    gnomes: Sequence[Sequence[str]] = ((), ()),
    phase: int = 2,
    artifacts: Sequence[Sequence[str]] = BOOK0,
    factions: Sequence[str] = CLAIM,
    chance: Sequence[str] = (),
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
        chance=chance,
    )


def _trick(hand0: Sequence[str], hand1: Sequence[str], moves: Sequence[str], **kw: Any) -> State:
    return replay(_record(hand0, hand1, moves, **kw))


HAND0 = ["goblins:4", "goblins:1"]
HAND1 = ["goblins:3", "dwarves:6"]
SCORE0 = ["dwarves:3", "goblins:6", "goblins:0", "goblins:0"]


# -- when it is offered ---------------------------------------------------------------------------


def test_offered_to_the_leader_at_the_start_of_a_phase_two_trick() -> None:
    """A17, A21: the leader with a Score pile is asked ``use book-of-memories`` or ``pass``."""
    state = _trick(HAND0, HAND1, [], scores=(SCORE0, []))
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [f"use {BOOK}", "pass"]


def test_not_offered_to_the_follower() -> None:
    """A21 (leader only): player 1 holds the Book and a Score pile but follows: not asked."""
    state = _trick(HAND0, HAND1, [], scores=([], ["goblins:6"]), artifacts=BOOK1)
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:4", "play goblins:1"]
    engine.apply(state, "play goblins:4")
    assert engine.legal_actions(state) == ["play goblins:3"]


def test_not_offered_with_an_empty_score_pile() -> None:
    """A20: nothing to lead from: the leader plays from hand at once."""
    state = _trick(HAND0, HAND1, [])
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:4", "play goblins:1"]


def test_not_offered_in_phase_one() -> None:
    """§8, A21 (Phase Two): a Phase One Score pile (captured Undead, R-10) gives no Book
    question."""
    state = _trick(
        HAND0,
        HAND1,
        [],
        scores=(["undead:3"], []),
        phase=1,
        artifacts=(BOOK0[0], ("kings-dagger", "spyglass", "endless-rope")),
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:4", "play goblins:1"]


def test_pass_leads_from_the_hand() -> None:
    """R-80: declined, the lead comes from the hand and the Book stays unused."""
    state = _trick(HAND0, HAND1, ["pass"], scores=(SCORE0, []))
    assert engine.legal_actions(state) == ["play goblins:4", "play goblins:1"]
    assert state.artifacts[0] == list(BOOK0[0])


# -- the effect -----------------------------------------------------------------------------------


def test_the_lead_list_is_the_score_pile() -> None:
    """A17: after ``use book-of-memories`` the leader's legal moves are the Score pile's cards
    (one move per name, pile order), none of the hand."""
    state = _trick(HAND0, HAND1, [f"use {BOOK}"], scores=(SCORE0, []))
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play dwarves:3", "play goblins:6", "play goblins:0"]
    assert state.used_artifacts[0] == [BOOK]


def test_the_follower_must_follow_the_book_lead() -> None:
    """§3.1, A36: the Book lead is an ordinary lead: on goblins:6 player 1 must play
    goblins:3."""
    state = _trick(HAND0, HAND1, [f"use {BOOK}", "play goblins:6"], scores=(SCORE0, []))
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:3"]


def test_the_book_lead_is_collected_normally() -> None:
    """A36: goblins:6 from the Score pile beats goblins:3; both go into player 0's Score pile
    (back at its end, after the cards already there); the hand is untouched; the trick lists
    the Book."""
    state = _trick(
        HAND0, HAND1, [f"use {BOOK}", "play goblins:6", "play goblins:3"], scores=(SCORE0, [])
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["plays"][0] == {"player": 0, "card": "goblins:6", "value": 6}
    assert trick["artifacts"] == [BOOK]
    assert zone(state, "score", 0) == [
        "dwarves:3",
        "goblins:0",
        "goblins:0",
        "goblins:6",
        "goblins:3",
    ]
    assert zone(state, "hand", 0) == HAND0


def test_collection_powers_act_on_a_book_lead() -> None:
    """A36 ("collected normally"): dwarves:3 led from the Score pile loses to dwarves:6; the
    ordinary collection rules apply, here the Dwarves' (§5.1: in Phase Two the loser takes every
    Dwarf), so both end in player 0's Score pile."""
    state = _trick(
        HAND0, HAND1, [f"use {BOOK}", "play dwarves:3", "play dwarves:6"], scores=(SCORE0, [])
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert zone(state, "score", 0) == [
        "goblins:6",
        "goblins:0",
        "goblins:0",
        "dwarves:3",
        "dwarves:6",
    ]
    assert zone(state, "score", 1) == []


def test_a_lost_book_lead_of_another_faction_goes_into_the_winners_pile() -> None:
    """A36: goblins:2 from player 0's Score pile loses to goblins:3: both go into player 1's
    Score pile."""
    state = _trick(
        HAND0,
        HAND1,
        [f"use {BOOK}", "play goblins:2", "play goblins:3"],
        scores=(["goblins:2", "dwarves:3"], []),
    )
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["goblins:2", "goblins:3"]
    assert zone(state, "score", 0) == ["dwarves:3"]


def test_face_up_gnomes_are_not_offered() -> None:
    """A17, A36, V16: face-up Gnomes are not in the Score pile: only giants:1 may be led; with
    Gnomes alone the Book is not usable."""
    hands = (["giants:3", "giants:5"], ["giants:7", "dragons:1"])
    state = _trick(
        *hands,
        [f"use {BOOK}"],
        scores=(["giants:1"], []),
        gnomes=(["gnomes:3"], []),
        factions=CLAIM2,
    )
    assert engine.legal_actions(state) == ["play giants:1"]
    state = _trick(*hands, [], gnomes=(["gnomes:3"], []), factions=CLAIM2)
    assert engine.legal_actions(state) == ["play giants:3", "play giants:5"]


# -- the window closes (A21) ----------------------------------------------------------------------


def test_the_window_closes_after_the_book() -> None:
    """A21: player 1's Mask of Darkness is usable at the start, but once the Book is used the
    start window closes: player 1 is not asked, player 0 leads from the Score pile at once; had
    player 0 passed, player 1 would have been asked."""
    artifacts = (BOOK0[0], ("mask-of-darkness", "kings-dagger", "prowlers-torch"))
    state = _trick(HAND0, HAND1, [f"use {BOOK}"], scores=(SCORE0, []), artifacts=artifacts)
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play dwarves:3", "play goblins:6", "play goblins:0"]
    engine.apply(state, "play goblins:6")
    assert state.artifacts[1] == ["mask-of-darkness", "kings-dagger", "prowlers-torch"]
    state = _trick(HAND0, HAND1, ["pass"], scores=(SCORE0, []), artifacts=artifacts)
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use mask-of-darkness", "pass"]


def test_the_book_closes_the_window_for_the_leaders_own_artifacts() -> None:
    """A21: the leader's Endless Rope, usable before, is not offered after the Book."""
    state = _trick(
        HAND0,
        HAND1,
        [f"use {BOOK}"],
        scores=(SCORE0, []),
        artifacts=((BOOK, "endless-rope", "flail-of-dawn"), BOOK0[1]),
    )
    assert engine.legal_actions(state) == ["play dwarves:3", "play goblins:6", "play goblins:0"]
    assert state.artifacts[0] == ["endless-rope", "flail-of-dawn"]


def test_a_mask_before_the_book_still_applies() -> None:
    """A36, W3: the leader masks the trick, then leads from the Score pile: the lead is public
    (from a public pile) and the follower is free of the following rules (A16)."""
    state = _trick(
        HAND0,
        HAND1,
        ["use mask-of-darkness", f"use {BOOK}", "play goblins:6"],
        scores=(SCORE0, []),
        artifacts=((BOOK, "mask-of-darkness", "flail-of-dawn"), BOOK0[1]),
    )
    assert view.observe(state, 1)["current"]["plays"] == [{"player": 0, "card": "goblins:6"}]
    assert engine.legal_actions(state) == ["play goblins:3", "play dwarves:6"]


def test_a_hunting_cloak_after_a_book_lead_still_applies() -> None:
    """A36: after the Book lead the leader's window offers the Hunting Cloak; the follower's
    card is then drawn at random (``chance``: dwarves:6, off the led faction: the leader wins)."""
    state = _trick(
        HAND0,
        HAND1,
        [f"use {BOOK}", "play goblins:6"],
        scores=(SCORE0, []),
        artifacts=((BOOK, "hunting-cloak", "flail-of-dawn"), BOOK0[1]),
        chance=["dwarves:6"],
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use hunting-cloak", "pass"]
    engine.apply(state, "use hunting-cloak")
    trick = last_trick(state)
    assert [p["card"] for p in trick["plays"]] == ["goblins:6", "dwarves:6"]
    assert trick["winner"] == 0
    assert trick["artifacts"] == [BOOK, "hunting-cloak"]


# -- King's Dagger on a Book lead (A47) -----------------------------------------------------------


def test_a_daggered_book_lead_is_replaced_from_the_score_pile() -> None:
    """A47: the follower's King's Dagger takes the Book lead goblins:5 (into player 1's Score
    pile); the replacement lead again comes from player 0's Score pile, not the hand."""
    state = _trick(
        HAND0,
        HAND1,
        [f"use {BOOK}", "play goblins:5", "use kings-dagger"],
        scores=(["goblins:5", "dwarves:3"], []),
    )
    assert zone(state, "score", 1) == ["goblins:5"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play dwarves:3"]


def test_a_daggered_book_lead_with_nothing_left_forfeits_the_trick() -> None:
    """A47, A7, A43: the Score pile held only the daggered goblins:5: no replacement, the trick
    ends and the Dagger holder (player 1) wins it with nothing else to collect; player 1 leads
    next."""
    state = _trick(
        HAND0,
        HAND1,
        [f"use {BOOK}", "play goblins:5", "use kings-dagger"],
        scores=(["goblins:5"], []),
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["plays"] == []
    assert trick["daggered"] == ["goblins:5"]
    assert zone(state, "score", 1) == ["goblins:5"]
    assert zone(state, "score", 0) == []
    assert zone(state, "hand", 0) == HAND0
    assert engine.current_player(state) == 1


# -- records --------------------------------------------------------------------------------------


def _pass_or_first(state: State, legal: list[str]) -> str:
    return "pass" if "pass" in legal else legal[0]


def test_a_game_with_a_book_lead_saves_and_replays_exactly() -> None:
    """A19, records.md: from a dealt game (every artifact declined until then), player 0 uses the
    Book as soon as it is offered in Phase Two and leads the first card of their Score pile; the
    written record replays to the same state."""
    record = stacked_record(
        CLAIM, moves=[], artifacts=(BOOK0[0], ("endless-rope", "spyglass", "prowlers-torch"))
    )
    record["seed"] = 8
    state = replay(record)
    play_until(state, lambda s: f"use {BOOK}" in engine.legal_actions(s), _pass_or_first)
    assert state.phase == 2
    assert engine.current_player(state) == 0
    pile = zone(state, "score", 0)
    hand = zone(state, "hand", 0)
    engine.apply(state, f"use {BOOK}")
    engine.apply(state, f"play {pile[0]}")
    assert zone(state, "hand", 0) == hand
    assert zone(state, "score", 0) == pile[1:]
    assert view.report(state)["current"]["plays"][0] == {"player": 0, "card": pile[0]}
    saved = json.loads(json.dumps(records.to_record(state)))
    assert saved["moves"][-2:] == [f"use {BOOK}", f"play {pile[0]}"]
    again = records.replay(saved)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)
