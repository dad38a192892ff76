"""Shadows (§5.3): no power besides the wider values (0–19) and the unknown make-up of the deck:
10 of the 20 Shadows, chosen at random unseen, go into the deck; the other 10 leave the game
(§2 step 2) and nobody sees which (§10)."""

from __future__ import annotations

import random

from claim.core import engine, records, view, worlds
from claim.core.powers import REGISTRY
from claim.core.state import State
from scenario import (
    codes,
    last_trick,
    position_record,
    replay,
    same_cards,
    stacked_record,
    zone,
)

SHADOW_DECK = ["goblins", "knights", "undead", "dwarves", "shadows"]
ALL_SHADOWS = [f"shadows:{v}" for v in range(20)]


def state_codes(state: State) -> list[str]:
    """Every card in a hand, the deck or on the table (the prize)."""
    assert state.trick is not None
    ids = [*state.hands[0], *state.hands[1], *state.deck, state.trick.prize]
    return codes(ids)


def test_shadows_have_no_trick_power() -> None:
    """§5.3: the Shadows power is registered (the faction is playable) and answers nothing."""
    power = REGISTRY["shadows"]
    assert power.name == "shadows"
    assert not any(
        power.overrides(hook)
        for hook in ("set_faction", "set_value", "decide_winner", "route", "score_votes")
    )


def test_a_new_game_deals_ten_shadows_and_puts_ten_out_unseen() -> None:
    """§2 step 2: 10 Shadows in the hands, the prize and the deck, the other 10 out of the game;
    the replay shows them, each player sees only ten ``?`` (§10, W9)."""
    state = records.initial_state({"setup": {"factions": SHADOW_DECK}, "seed": 21})
    dealt = [c for c in state_codes(state) if c.startswith("shadows:")]
    out = zone(state, "out")
    assert len(dealt) == len(out) == 10
    assert same_cards(dealt + out, ALL_SHADOWS)
    assert view.report(state)["out"] == out
    for viewer in (0, 1):
        assert view.observe(state, viewer)["out"] == ["?"] * 10


def test_stacked_deal_puts_the_unnamed_spare_shadows_out() -> None:
    """scenario.stacked_record: the named Shadows and the first unnamed ones are dealt (10 in
    all), the other unnamed ones are out; the players see only ``?`` there."""
    record = stacked_record(
        SHADOW_DECK, ["shadows:19", "shadows:12"], ["shadows:15", "shadows:0"], ["shadows:7"]
    )
    state = replay(record)
    # unnamed, in table order: 1-6, 8-11, 13, 14, 16-18; the first five are dealt
    out = zone(state, "out")
    assert same_cards(out, [f"shadows:{v}" for v in (6, 8, 9, 10, 11, 13, 14, 16, 17, 18)])
    dealt = [c for c in state_codes(state) if c.startswith("shadows:")]
    assert same_cards(dealt, [f"shadows:{v}" for v in (0, 1, 2, 3, 4, 5, 7, 12, 15, 19)])
    assert view.report(state)["out"] == out
    assert view.observe(state, 0)["out"] == view.observe(state, 1)["out"] == ["?"] * 10


def test_values_up_to_19_compare_normally() -> None:
    """§4.3 with Shadows: shadows:19 following shadows:12 wins by the higher value; then the
    winner leads shadows:15 and shadows:11 must follow and loses."""
    record = position_record(
        SHADOW_DECK,
        phase=2,
        hands=[
            ["shadows:12", "shadows:11", "goblins:1"],
            ["shadows:19", "shadows:15", "goblins:2"],
        ],
        moves=["play shadows:12"],
    )
    state = replay(record)
    # following faction: only Shadows may be played
    assert engine.legal_actions(state) == ["play shadows:19", "play shadows:15"]
    engine.apply(state, "play shadows:19")
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert trick["plays"][1]["value"] == 19
    assert zone(state, "score", 1) == ["shadows:12", "shadows:19"]
    engine.apply(state, "play shadows:15")
    assert engine.legal_actions(state) == ["play shadows:11"]
    engine.apply(state, "play shadows:11")
    assert last_trick(state)["winner"] == 1
    assert zone(state, "score", 1) == ["shadows:12", "shadows:19", "shadows:15", "shadows:11"]


def test_shadow_vote_tie_break_uses_values_above_nine() -> None:
    """§9 step 5: two Shadows each; the highest card decides: shadows:18 beats shadows:17."""
    record = position_record(
        SHADOW_DECK,
        phase=2,
        number=13,
        hands=[["goblins:1"], ["goblins:2"]],
        scores=[["shadows:2", "shadows:18"], ["shadows:17", "shadows:16"]],
        moves=["play goblins:1", "play goblins:2"],
    )
    state = replay(record)
    assert state.result is not None
    assert state.result["votes"]["shadows"] == 0
    assert state.result["votes"]["goblins"] == 1


def test_determinize_keeps_ten_shadows_out() -> None:
    """§10: which Shadows are out is unknown to both players; a determinized game still has 10
    Shadows out and 10 in play, and the viewer's own hand is unchanged."""
    state = records.initial_state({"setup": {"factions": SHADOW_DECK}, "seed": 5})
    for seed in range(3):
        guess = worlds.determinize(state, 0, random.Random(seed))
        out = zone(guess, "out")
        dealt = [c for c in state_codes(guess) if c.startswith("shadows:")]
        assert len(out) == len(dealt) == 10
        assert same_cards(out + dealt, ALL_SHADOWS)
        assert guess.hands[0] == state.hands[0]
        assert view.observe(guess, 0)["out"] == ["?"] * 10
