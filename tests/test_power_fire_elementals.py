"""Fire Elementals (§5.4, R-30, W2, W4): as Demons, but the holder sees only high (5–9) or low
(0–4). A Fire Elemental is played by band (``play fire-elementals:high``: the first high one in
hand order) and its value is revealed to both players once both cards of its trick are down."""

from __future__ import annotations

import random
from collections.abc import Sequence

from claim.core import cards, engine, view, worlds
from claim.core.cards import PUBLIC_NAME
from claim.core.state import State
from scenario import last_trick, position_record, replay, stacked_record, zone

FACTIONS = ["goblins", "knights", "fire-elementals", "undead", "dwarves"]


def _deal(hand0: list[str], hand1: list[str], moves: list[str], deck: Sequence[str] = ()) -> State:
    """Replay ``moves`` from a stacked deal (player 0 leads; ``deck`` the top cards)."""
    return replay(stacked_record(FACTIONS, hand0, hand1, deck, moves))


def test_bands_split_at_five() -> None:
    """§5.4: 0–4 are low, 5–9 high: the holder of fire-elementals:4 and :5 sees one of each."""
    state = _deal(["fire-elementals:4", "fire-elementals:5", "fire-elementals:0"], [], [])
    assert view.observe(state, 0)["players"][0]["hand"][:3] == [
        "fire-elementals:low",
        "fire-elementals:high",
        "fire-elementals:low",
    ]
    assert engine.legal_actions(state)[:2] == [
        "play fire-elementals:low",
        "play fire-elementals:high",
    ]


def test_play_by_band_plays_the_first_such_card_in_hand_order() -> None:
    """R-30: `play fire-elementals:high` plays the first high one in hand order (:6 before :9);
    the low one follows with the first low card (:2 before :0)."""
    state = _deal(
        ["fire-elementals:1", "fire-elementals:6", "fire-elementals:9"],
        ["fire-elementals:2", "fire-elementals:0", "fire-elementals:8"],
        ["play fire-elementals:high", "play fire-elementals:low"],
    )
    trick = last_trick(state)
    assert [p["card"] for p in trick["plays"]] == ["fire-elementals:6", "fire-elementals:2"]
    assert trick["winner"] == 0
    assert zone(state, "hand", 0)[:2] == ["fire-elementals:1", "fire-elementals:9"]
    assert zone(state, "hand", 1)[:2] == ["fire-elementals:0", "fire-elementals:8"]


def test_a_low_follower_can_beat_a_low_lead() -> None:
    """§5.4: the true values compete: a low lead :1 loses to a low follower :4."""
    state = _deal(
        ["fire-elementals:1"],
        ["fire-elementals:4"],
        ["play fire-elementals:low", "play fire-elementals:low"],
    )
    trick = last_trick(state)
    assert [p["value"] for p in trick["plays"]] == [1, 4]
    assert trick["winner"] == 1


def test_a_fire_elemental_lead_must_be_followed_by_one() -> None:
    """§3.1: holding Fire Elementals, the follower must play one (either band)."""
    state = _deal(
        ["fire-elementals:1"],
        ["goblins:9", "fire-elementals:7", "fire-elementals:3"],
        ["play fire-elementals:low"],
    )
    assert engine.legal_actions(state) == [
        "play fire-elementals:high",
        "play fire-elementals:low",
    ]


def test_hidden_until_both_cards_are_down_then_public() -> None:
    """W2: the lead shows its band to both players; after the follow both values are public."""
    state = _deal(["fire-elementals:6"], ["fire-elementals:3"], ["play fire-elementals:high"])
    for viewer in (0, 1):
        assert view.observe(state, viewer)["current"]["plays"] == [
            {"player": 0, "card": "fire-elementals:high"}
        ]
    engine.apply(state, "play fire-elementals:low")
    for viewer in (0, 1):
        seen = view.observe(state, viewer)
        assert [p["card"] for p in seen["tricks"][0]["plays"]] == [
            "fire-elementals:6",
            "fire-elementals:3",
        ]
        assert seen["discard"][-2:] == ["fire-elementals:6", "fire-elementals:3"]


def test_a_fire_elemental_prize_stays_partial_until_played() -> None:
    """W4: a fire-elementals:2 prize is `fire-elementals:low` in the history and the Follower
    deck for both players; played in Phase Two, it becomes public everywhere."""
    record = position_record(
        FACTIONS,
        phase=1,
        number=13,
        prize="fire-elementals:2",
        deck_top=["goblins:1"],
        hands=[["goblins:2"], ["goblins:9"]],
        moves=["play goblins:2", "play goblins:9"],
    )
    state = replay(record)
    for viewer in (0, 1):
        assert view.observe(state, viewer)["tricks"][0]["prize"] == "fire-elementals:low"
    assert view.observe(state, 1)["players"][1]["hand"] == ["fire-elementals:low"]
    assert engine.current_player(state) == 1
    engine.apply(state, "play fire-elementals:low")
    engine.apply(state, "play goblins:1")
    for viewer in (0, 1):
        assert view.observe(state, viewer)["tricks"][0]["prize"] == "fire-elementals:2"


def test_determinize_keeps_the_band() -> None:
    """§10: determinized for its holder, a high Fire Elemental in hand stays a high one."""
    state = _deal(["fire-elementals:8", "fire-elementals:0"], [], [])
    dealt: set[str] = set()
    for seed in range(20):
        s = worlds.determinize(state, 0, random.Random(seed))
        assert PUBLIC_NAME[s.hands[0][0]] == "fire-elementals:high"
        assert PUBLIC_NAME[s.hands[0][1]] == "fire-elementals:low"
        dealt.add(cards.CODE[s.hands[0][0]])
    assert len(dealt) > 1
