"""Demons (§5.4, R-30, W2, W4, W12): a Demon's value is hidden, even from its holder, who sees only
odd or even. A Demon is played by parity (``play demons:odd``: the first odd Demon in hand order)
and its value is revealed to both players once both cards of its trick are down. A Demon prize
stays value-hidden until it is played."""

from __future__ import annotations

import random
from collections.abc import Sequence

from claim.core import cards, engine, view, worlds
from claim.core.cards import PUBLIC_NAME
from claim.core.state import State
from scenario import last_trick, position_record, replay, stacked_record, zone

FACTIONS = ["goblins", "knights", "demons", "undead", "dwarves"]


def _deal(hand0: list[str], hand1: list[str], moves: list[str], deck: Sequence[str] = ()) -> State:
    """Replay ``moves`` from a stacked deal (player 0 leads; ``deck`` the top cards)."""
    return replay(stacked_record(FACTIONS, hand0, hand1, deck, moves))


def test_demons_are_offered_by_parity_once_each() -> None:
    """R-30, W12: a hand with three Demons offers `play demons:odd` and `play demons:even` once
    each, in hand order, never a Demon's code."""
    state = _deal(["demons:4", "demons:3", "demons:5", "demons:8"], [], [])
    legal = engine.legal_actions(state)
    assert legal[:2] == ["play demons:even", "play demons:odd"]
    assert not any(move.startswith("play demons:") and move[-1].isdigit() for move in legal)
    assert view.observe(state, 0)["players"][0]["hand"][:4] == [
        "demons:even",
        "demons:odd",
        "demons:odd",
        "demons:even",
    ]


def test_play_by_parity_plays_the_first_such_demon_in_hand_order() -> None:
    """R-30: `play demons:odd` plays the first odd Demon of the hand (demons:5 before demons:3)."""
    state = _deal(
        ["demons:4", "demons:5", "demons:3", "goblins:9"],
        ["demons:0", "demons:7", "goblins:8"],
        ["play demons:odd", "play demons:even"],
    )
    trick = last_trick(state)
    assert [p["card"] for p in trick["plays"]] == ["demons:5", "demons:0"]
    assert trick["winner"] == 0
    assert zone(state, "hand", 0)[:3] == ["demons:4", "demons:3", "goblins:9"]
    assert zone(state, "hand", 1)[:2] == ["demons:7", "goblins:8"]


def test_a_demon_lead_must_be_followed_by_a_demon_of_either_parity() -> None:
    """§3.1: a Demon lead obliges the follower holding Demons to play one; both parities are
    offered and nothing else."""
    state = _deal(["demons:2"], ["goblins:9", "demons:9", "demons:6"], ["play demons:even"])
    assert engine.legal_actions(state) == ["play demons:odd", "play demons:even"]


def test_the_hidden_values_decide_the_trick() -> None:
    """§5.4: the true values compete: an odd lead demons:3 loses to an odd follower demons:7."""
    state = _deal(["demons:3"], ["demons:7"], ["play demons:odd", "play demons:odd"])
    trick = last_trick(state)
    assert [(p["card"], p["value"]) for p in trick["plays"]] == [("demons:3", 3), ("demons:7", 7)]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"


def test_a_led_demon_is_hidden_from_both_players_until_the_follow() -> None:
    """W2: a lead alone shows `demons:odd` to its holder and to the opponent; the replay (no
    viewer) shows the code."""
    state = _deal(["demons:3"], ["demons:7"], ["play demons:odd"])
    for viewer in (0, 1):
        current = view.observe(state, viewer)["current"]
        assert current["plays"] == [{"player": 0, "card": "demons:odd"}]
    assert view.report(state)["current"]["plays"] == [{"player": 0, "card": "demons:3"}]
    # the holder's own remaining Demons stay partial, the other hand is "?"
    assert view.observe(state, 1)["players"][1]["hand"][0] == "demons:odd"
    assert view.observe(state, 0)["players"][1]["hand"][0] == "?"


def test_both_cards_down_reveal_the_demons_to_both_players() -> None:
    """W2: once both cards of the trick are down the values are public: the trick history and
    the discard pile show the codes in both views."""
    state = _deal(["demons:3"], ["demons:7"], ["play demons:odd", "play demons:odd"])
    for viewer in (0, 1):
        seen = view.observe(state, viewer)
        assert [p["card"] for p in seen["tricks"][0]["plays"]] == ["demons:3", "demons:7"]
        assert seen["discard"][-2:] == ["demons:3", "demons:7"]


def test_a_demon_prize_stays_partial_until_it_is_played() -> None:
    """W4, R-30: the last Phase One trick's prize demons:9 is won by player 0: it is `demons:odd`
    in the trick history and in player 0's hand for both players; once played in Phase Two it is
    public, the earlier prize entry included."""
    record = position_record(
        FACTIONS,
        phase=1,
        number=13,
        prize="demons:9",
        deck_top=["goblins:1"],
        hands=[["goblins:9"], ["goblins:2"]],
        moves=["play goblins:9", "play goblins:2"],
    )
    state = replay(record)
    assert state.phase == 2
    for viewer in (0, 1):
        seen = view.observe(state, viewer)
        assert seen["tricks"][0]["prize"] == "demons:odd"
    # the winner sees only the parity of their own prize
    assert view.observe(state, 0)["players"][0]["hand"] == ["demons:odd"]
    assert engine.legal_actions(state) == ["play demons:odd"]
    engine.apply(state, "play demons:odd")
    assert view.observe(state, 1)["current"]["plays"][0]["card"] == "demons:odd"
    engine.apply(state, "play goblins:1")
    assert state.result is not None
    for viewer in (0, 1):
        seen = view.observe(state, viewer)
        assert seen["tricks"][0]["prize"] == "demons:9"
        assert seen["tricks"][1]["plays"][0]["card"] == "demons:9"


def test_a_demon_prize_is_partial_in_the_trick_history_mid_phase() -> None:
    """W4: after a Phase One trick for a demons:4 prize, the history names it `demons:even` for
    both players while it lies in the winner's Follower deck (shown there as `demons:even` to
    the opponent too, since it was won face-up)."""
    state = _deal(["goblins:9"], ["goblins:2"], ["play goblins:9", "play goblins:2"], ["demons:4"])
    for viewer in (0, 1):
        seen = view.observe(state, viewer)
        assert seen["tricks"][0]["prize"] == "demons:even"
        assert seen["players"][0]["followers"] == ["demons:even"]
    assert view.report(state)["tricks"][0]["prize"] == "demons:4"


def test_a_demon_discarded_from_hand_at_a_phase_end_stays_partial() -> None:
    """W2: a Demon that never took part in a trick (left in hand when Phase One ends, R-1) lies in
    the discard pile as `demons:odd`."""
    record = position_record(
        FACTIONS,
        phase=1,
        number=13,
        prize="goblins:8",
        deck_top=["goblins:1"],
        hands=[["goblins:9", "demons:5"], ["goblins:2", "goblins:3"]],
        moves=["play goblins:9", "play goblins:2"],
    )
    state = replay(record)
    assert state.phase == 2 and state.result is None
    assert zone(state, "discard")[-4:] == ["goblins:9", "goblins:2", "demons:5", "goblins:3"]
    for viewer in (0, 1):
        assert view.observe(state, viewer)["discard"][-2:] == ["demons:odd", "goblins:3"]


def test_determinize_keeps_an_odd_demon_odd() -> None:
    """§10: determinizing for its holder re-deals a `demons:odd` in hand among the odd Demons the
    holder cannot tell apart, and an even one among the even ones; seen cards stay."""
    state = _deal(["demons:3", "demons:4", "goblins:9"], [], [])
    hand = list(state.hands[0])
    dealt: set[str] = set()
    for seed in range(20):
        s = worlds.determinize(state, 0, random.Random(seed))
        assert [PUBLIC_NAME[c] for c in s.hands[0]] == [PUBLIC_NAME[c] for c in hand]
        assert cards.CODE[s.hands[0][2]] == "goblins:9"
        dealt.add(cards.CODE[s.hands[0][0]])
    assert dealt <= {f"demons:{v}" for v in (1, 3, 5, 7, 9)}
    assert len(dealt) > 1  # really re-dealt, not copied


def test_determinize_keeps_the_opponents_demon_prize_odd() -> None:
    """§10, W4: player 1 knows player 0 won an odd Demon prize; determinized for player 1 that
    Follower slot holds an odd Demon."""
    state = _deal(["goblins:9"], ["goblins:2"], ["play goblins:9", "play goblins:2"], ["demons:7"])
    dealt: set[str] = set()
    for seed in range(20):
        s = worlds.determinize(state, 1, random.Random(seed))
        assert len(s.followers[0]) == 1
        card = s.followers[0][0]
        assert PUBLIC_NAME[card] == "demons:odd"
        dealt.add(cards.CODE[card])
    assert len(dealt) > 1
