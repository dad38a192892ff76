"""Mask of Darkness (RULES.md §8, an artifact, the highest tier): at the start of a trick, for
this trick and the next, the leader plays face-down; the card is revealed after the follower
plays, and the follower is free of the following rules.

Rulings: R-80, A1, A3 and A21 (the start-of-trick window, before the lead: the leader asked
first, then the follower; either may use it), A20 (always usable), A16 (two tricks from this one;
the follower may play any card; the lead card's powers act normally once revealed; nothing else
changes — a card off the led faction still loses, §4.3), A34 (the second trick is the next trick
started after this one, whoever leads it), A26 (a King's Dagger is not offered on a masked lead),
W3 (the masked lead is ``"?"`` in the follower's view of the current trick until the follower has
played, then public; the leader sees it as played; a Book of Memories lead from the public Score
pile is visible to both even when masked), A41 (the trick lists ``artifacts``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from claim.core import engine, records, view
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, stacked_record, tricks, zone

MASK = "mask-of-darkness"
HIDDEN = "?"
PRIZE = "goblins:9"
DECK_TOP = ("dwarves:9", "dwarves:8", "dwarves:7", "dwarves:6")
# besides the Mask, artifacts never usable where these scenarios look (Phase One; no printed 5
# with the Dagger in play unless the test says so)
MASK0 = ((MASK, "flail-of-dawn", "gamblers-book"), ("kings-dagger", "endless-rope", "spyglass"))
MASK1 = (("flail-of-dawn", "gamblers-book", "spyglass"), (MASK, "kings-dagger", "endless-rope"))


def _record(
    hand0: Sequence[str],
    hand1: Sequence[str],
    moves: Sequence[str],
    *,
    phase: int = 1,
    artifacts: Sequence[Sequence[str]] = MASK0,
    scores: Sequence[Sequence[str]] = ((), ()),
    followers: Sequence[Sequence[str]] = ((), ()),
    number: int = 1,
    deck_top: Sequence[str] = DECK_TOP,
) -> dict[str, Any]:
    """A record from the start of a trick of ``phase``, player 0 leading (Phase One: prize
    ``PRIZE`` then ``deck_top``), the discard pile empty."""
    return position_record(
        CLAIM,
        phase=phase,
        number=number,
        prize=PRIZE if phase == 1 else None,
        deck_top=list(deck_top) if phase == 1 else [],
        hands=[hand0, hand1],
        scores=scores,
        followers=followers,
        discard=[],
        moves=moves,
        artifacts=artifacts,
    )


def _trick(hand0: Sequence[str], hand1: Sequence[str], moves: Sequence[str], **kw: Any) -> State:
    return replay(_record(hand0, hand1, moves, **kw))


def _lead_seen_by(state: State, player: int) -> str:
    card: str = view.observe(state, player)["current"]["plays"][0]["card"]
    return card


HAND0 = ["goblins:6", "goblins:3", "knights:4"]
HAND1 = ["goblins:2", "knights:8", "dwarves:5", "goblins:1"]


# -- when it is offered ---------------------------------------------------------------------------


def test_offered_to_the_leader_at_the_start_of_the_trick() -> None:
    """A3, A21, R-80: before the lead the leader is asked ``use mask-of-darkness`` or ``pass``."""
    state = _trick(HAND0, HAND1, [])
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [f"use {MASK}", "pass"]


def test_offered_to_the_follower_before_the_lead() -> None:
    """A21: the leader holds nothing usable there and is not asked; the follower is asked
    before the lead, and after a use the leader plays face-down."""
    state = _trick(HAND0, HAND1, [], artifacts=MASK1)
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [f"use {MASK}", "pass"]
    engine.apply(state, f"use {MASK}")
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:6", "play goblins:3", "play knights:4"]
    engine.apply(state, "play goblins:6")
    assert _lead_seen_by(state, 1) == HIDDEN
    assert engine.legal_actions(state) == [
        "play goblins:2",
        "play knights:8",
        "play dwarves:5",
        "play goblins:1",
    ]


def test_not_offered_after_the_lead() -> None:
    """R-80, A3: the Mask belongs to the start of a trick; passed there, it is not offered
    again in the trick (the leader's played window holds nothing usable)."""
    state = _trick(HAND0, HAND1, ["pass", "play goblins:6"])
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2", "play goblins:1"]


def test_pass_keeps_the_following_rules_and_the_lead_face_up() -> None:
    """R-80: declined, the lead is face-up to the follower and the follower must follow."""
    state = _trick(HAND0, HAND1, ["pass", "play goblins:6"])
    assert _lead_seen_by(state, 1) == "goblins:6"
    engine.apply(state, "play goblins:2")
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert "artifacts" not in trick
    assert state.artifacts[0] == list(MASK0[0])


# -- the effect -----------------------------------------------------------------------------------


def test_the_follower_is_free_of_the_following_rules() -> None:
    """A16: player 1 holds Goblins but may play any card on the masked Goblin lead."""
    state = _trick(HAND0, HAND1, [f"use {MASK}", "play goblins:6"])
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [
        "play goblins:2",
        "play knights:8",
        "play dwarves:5",
        "play goblins:1",
    ]


def test_a_card_off_the_led_faction_still_loses() -> None:
    """A16, §4.3: freedom to play any card changes nothing else: dwarves:5 (not a Goblin) loses
    to the masked goblins:3 though it is higher; player 0 takes the prize, player 1 draws."""
    state = _trick(HAND0, HAND1, [f"use {MASK}", "play goblins:3", "play dwarves:5"])
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert trick["artifacts"] == [MASK]
    assert zone(state, "followers", 0) == [PRIZE]
    assert zone(state, "followers", 1) == ["dwarves:9"]
    assert zone(state, "discard") == ["goblins:3", "dwarves:5"]
    assert state.used_artifacts[0] == [MASK]


def test_a_knight_played_freely_on_a_masked_goblin_lead_wins() -> None:
    """A16, §5.1: player 1 holds Goblins, so without the Mask they would have to follow; freed,
    they play knights:8 on goblins:6 and the Knights power makes it win."""
    state = _trick(HAND0, HAND1, [f"use {MASK}", "play goblins:6", "play knights:8"])
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "a Knight played on a Goblin lead wins"
    assert zone(state, "followers", 1) == [PRIZE]


def test_the_masked_lead_keeps_its_own_power() -> None:
    """A16 ("the lead card's powers act normally once revealed"), §5.1 Undead: the masked
    undead:6 beats undead:2 and both Undead go into the winner's Score pile (Phase One)."""
    state = _trick(
        ["undead:6", "goblins:3"],
        ["undead:2", "goblins:2"],
        [f"use {MASK}", "play undead:6", "play undead:2"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert zone(state, "score", 0) == ["undead:6", "undead:2"]
    assert zone(state, "followers", 0) == [PRIZE]


# -- what each player sees (W3) -------------------------------------------------------------------


def test_the_masked_lead_is_hidden_from_the_follower_until_they_play() -> None:
    """W3: after the lead, the follower's view of the current trick shows ``"?"``; the leader's
    view and the replay show the card; the Mask itself is public (the trick's ``artifacts``).
    Once the follower has played (their Magic Wand window still open) the lead is public."""
    state = _trick(
        HAND0,
        HAND1,
        [f"use {MASK}", "play goblins:6"],
        artifacts=(MASK0[0], ("magic-wand", "kings-dagger", "endless-rope")),
    )
    follower_view = view.observe(state, 1)["current"]
    assert follower_view["plays"] == [{"player": 0, "card": HIDDEN}]
    assert follower_view["artifacts"] == [MASK]
    assert _lead_seen_by(state, 0) == "goblins:6"
    assert view.report(state)["current"]["plays"][0]["card"] == "goblins:6"
    engine.apply(state, "play knights:8")
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use magic-wand +2", "use magic-wand -2", "pass"]
    assert _lead_seen_by(state, 1) == "goblins:6"
    engine.apply(state, "pass")
    assert tricks(state)[0]["plays"][0]["card"] == "goblins:6"
    assert view.observe(state, 1)["tricks"][0]["plays"][0]["card"] == "goblins:6"


def test_the_lead_is_hidden_while_the_leader_uses_an_artifact_on_it() -> None:
    """W3, A22: the leader's own window after the lead (a Magic Wand here) does not reveal the
    masked card to the follower."""
    state = _trick(
        HAND0,
        HAND1,
        [f"use {MASK}", "play goblins:6"],
        artifacts=(
            (MASK, "magic-wand", "flail-of-dawn"),
            ("kings-dagger", "endless-rope", "spyglass"),
        ),
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use magic-wand +2", "use magic-wand -2", "pass"]
    assert _lead_seen_by(state, 1) == HIDDEN
    engine.apply(state, "use magic-wand -2")
    assert _lead_seen_by(state, 1) == HIDDEN
    assert view.observe(state, 1)["current"]["artifacts"] == [MASK, "magic-wand"]


# -- two tricks (A34) -----------------------------------------------------------------------------


def test_the_mask_lasts_this_trick_and_the_next_whoever_leads() -> None:
    """A16, A34: player 1 wins the first masked trick and leads the second, which is masked too:
    player 0, now the follower, sees ``"?"`` and may play any card (a Goblin on a Knight lead);
    the Mask's counter then runs out."""
    state = _trick(
        ["goblins:3", "goblins:6", "knights:2", "knights:3"],
        ["goblins:7", "knights:9", "goblins:2", "knights:5"],
        [f"use {MASK}", "play goblins:3", "play goblins:7"],
    )
    assert last_trick(state)["winner"] == 1
    assert state.counters[MASK] == 1
    assert engine.current_player(state) == 1
    engine.apply(state, "play knights:9")
    assert _lead_seen_by(state, 0) == HIDDEN
    assert _lead_seen_by(state, 1) == "knights:9"
    assert engine.legal_actions(state) == ["play goblins:6", "play knights:2", "play knights:3"]
    engine.apply(state, "play goblins:6")
    second = last_trick(state)
    assert second["winner"] == 1
    assert second["reason"] == "the follower did not follow faction"
    assert "artifacts" not in second  # the Mask was used in the first trick only
    assert MASK not in state.counters


def test_the_third_trick_has_the_following_rules_again() -> None:
    """A34: after the two masked tricks the lead is face-up and the follower must follow."""
    state = _trick(
        ["goblins:3", "goblins:6", "goblins:4", "knights:3"],
        ["goblins:7", "knights:9", "goblins:2", "goblins:1", "knights:5"],
        [f"use {MASK}", "play goblins:3", "play goblins:7", "play knights:9", "play knights:3"],
    )
    assert [t["winner"] for t in tricks(state)] == [1, 1]
    engine.apply(state, "play goblins:2")
    assert _lead_seen_by(state, 0) == "goblins:2"
    assert engine.legal_actions(state) == ["play goblins:6", "play goblins:4"]


def test_the_second_masked_trick_may_be_the_first_of_phase_two() -> None:
    """A34 ("the next trick started after this one"): a Mask used in the last trick of Phase
    One also masks the first trick of Phase Two. Open point: no ruling stops the Mask at the
    phase boundary, so the next trick started is the next trick, as a player reads it. Player 1
    wins trick 13 and leads goblins:9 face-down; player 0 (Gambler's Book and Flail of Dawn
    declined between the phases) is free to play knights:2 though holding goblins:1."""
    state = _trick(
        ["goblins:3"],
        ["goblins:7"],
        [f"use {MASK}", "play goblins:3", "play goblins:7"],
        number=13,
        deck_top=["knights:2"],
        followers=(["goblins:1"], []),
    )
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["goblins:1", "knights:2"]
    assert zone(state, "hand", 1) == [PRIZE]
    assert state.counters[MASK] == 1
    for move in ["pass", "pass"]:  # player 0: Gambler's Book, then Flail of Dawn
        assert engine.current_player(state) == 0
        engine.apply(state, move)
    assert engine.current_player(state) == 1
    engine.apply(state, f"play {PRIZE}")
    assert _lead_seen_by(state, 0) == HIDDEN
    assert engine.legal_actions(state) == ["play goblins:1", "play knights:2"]


# -- King's Dagger (A26) --------------------------------------------------------------------------


def test_a_kings_dagger_is_not_offered_on_a_masked_printed_five() -> None:
    """A26: the follower holds the King's Dagger but cannot see the face-down goblins:5: not
    asked; without the Mask the Dagger is offered on the same lead."""
    hand0, hand1 = ["goblins:5", "goblins:3"], ["goblins:2", "knights:8"]
    state = _trick(hand0, hand1, [f"use {MASK}", "play goblins:5"])
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:2", "play knights:8"]
    state = _trick(hand0, hand1, ["pass", "play goblins:5"])
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use kings-dagger", "pass"]


def test_the_leader_may_still_dagger_the_followers_five() -> None:
    """A26 concerns only the face-down lead: the follower's card is face-up, so the leader's
    King's Dagger is offered on the follower's printed 5 in a masked trick."""
    state = _trick(
        ["goblins:6", "goblins:3"],
        ["dwarves:5", "knights:8"],
        [f"use {MASK}", "play goblins:6", "play dwarves:5"],
        artifacts=(
            (MASK, "kings-dagger", "flail-of-dawn"),
            ("gamblers-book", "endless-rope", "spyglass"),
        ),
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use kings-dagger", "pass"]


# -- Book of Memories (W3) ------------------------------------------------------------------------


def test_a_book_of_memories_lead_is_visible_even_when_masked() -> None:
    """W3, A36: the leader masks the trick and then leads from the Score pile with the Book of
    Memories: the card comes from a public pile, so the follower sees it; the follower is still
    free of the following rules (A16)."""
    state = _trick(
        ["goblins:6"],
        ["dwarves:2", "knights:8"],
        [f"use {MASK}", "use book-of-memories", "play dwarves:4"],
        phase=2,
        scores=(["dwarves:4"], []),
        artifacts=(
            (MASK, "book-of-memories", "flail-of-dawn"),
            ("kings-dagger", "gamblers-book", "spyglass"),
        ),
    )
    assert _lead_seen_by(state, 1) == "dwarves:4"
    assert view.observe(state, 1)["current"]["artifacts"] == [MASK, "book-of-memories"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play dwarves:2", "play knights:8"]


# -- records --------------------------------------------------------------------------------------


def test_a_masked_game_saves_and_replays_exactly() -> None:
    """A19, records.md: a game with a Mask (two masked tricks) saves as a record that replays to
    the same state, the Mask's counter and the follower's free plays included."""
    moves = [f"use {MASK}", "play goblins:3", "play dwarves:5", "play goblins:4", "play dwarves:6"]
    record = stacked_record(
        CLAIM,
        ["goblins:3", "goblins:4", "goblins:6"],
        ["dwarves:5", "dwarves:6", "goblins:2"],
        ["undead:9", "undead:8", "undead:7", "undead:6"],
        moves=moves,
        artifacts=MASK0,
    )
    state = replay(record)
    first, second = tricks(state)
    assert (first["winner"], first["reason"]) == (0, "the follower did not follow faction")
    assert (second["winner"], second["reason"]) == (0, "the follower did not follow faction")
    assert zone(state, "followers", 0) == ["undead:9", "undead:7"]
    assert MASK not in state.counters
    saved = json.loads(json.dumps(records.to_record(state)))
    assert saved["moves"] == moves
    again = records.replay(saved)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)
