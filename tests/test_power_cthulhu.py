"""Cthulhu (RULES.md §6, R-61 value 8). Phase One: after it is played, the top two cards of the
deck leave the game unseen. Phase Two: after the trick, each player discards a card of their
choice from hand (R-62). RULINGS H4: one effect per phase. H18: the two cards leave when the
trick resolves, before any collection, only what the deck has, so the deck can empty and Phase
One end early (R-1: no card to reveal; R-2: the winner's take comes first, whoever cannot get a
card gets none); a Vampire Queen in the trick cancels it (H7); a Cthulhu prize does nothing.
H19: the Phase Two discards come at Cthulhu's place in R-4 order, the next leader's ``discard
CODE`` first, then the other's; a player with an empty hand is skipped (always so after the last
trick). R-62: no player's view shows the other's choice until both have chosen (the engine holds
the first choice in ``state.chosen``). §10: the removed cards are seen by nobody."""

from __future__ import annotations

import json
from collections.abc import Sequence

from claim.core import cards, engine, records, view
from claim.core.state import State
from scenario import CLAIM, last_trick, play_until, position_record, replay, stacked_record, zone


def _removed(state: State) -> dict[str, str]:
    """``state.removed`` as codes."""
    return {cards.CODE[c]: why for c, why in state.removed.items()}


def _phase_one(
    hand0: list[str],
    hand1: list[str],
    moves: list[str],
    deck_top: Sequence[str] = ("knights:9", "knights:8", "knights:7", "knights:6"),
    prize: str = "goblins:9",
    followers: Sequence[Sequence[str]] = ((), ()),
    heroes: Sequence[str] = ("cthulhu",),
) -> State:
    """Play ``moves`` from a Phase One trick, player 0 leading; every card not placed is in
    the discard pile, so nothing is out of the game when the trick starts."""
    return replay(
        position_record(
            CLAIM,
            phase=1,
            prize=prize,
            deck_top=list(deck_top),
            hands=[hand0, hand1],
            followers=followers,
            heroes=list(heroes),
            moves=moves,
        )
    )


def _phase_two(
    hand0: list[str],
    hand1: list[str],
    moves: list[str],
    heroes: Sequence[str] = ("cthulhu",),
) -> State:
    """Play ``moves`` from a Phase Two trick, player 0 leading, with an empty discard pile."""
    return replay(
        position_record(
            CLAIM,
            phase=2,
            hands=[hand0, hand1],
            heroes=list(heroes),
            discard=[],
            moves=moves,
        )
    )


LEAD = ["play hero:cthulhu", "play goblins:2"]  # the led Cthulhu (8) beats goblins:2


# -- Phase One --------------------------------------------------------------------------------


def test_phase_one_led_the_top_two_deck_cards_leave_before_the_collection() -> None:
    """H18: the led Cthulhu wins; knights:9 and knights:8 leave the game (``out``, removed as
    "cthulhu") before the collection, so the loser draws knights:7; no discard is asked in
    Phase One (H4) and the next trick reveals knights:6."""
    state = _phase_one(["hero:cthulhu", "goblins:1"], ["goblins:2", "goblins:3"], LEAD)
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert zone(state, "out") == ["knights:9", "knights:8"]
    assert _removed(state) == {"knights:9": "cthulhu", "knights:8": "cthulhu"}
    assert zone(state, "followers", 0) == ["goblins:9"]
    assert zone(state, "followers", 1) == ["knights:7"]
    assert zone(state, "discard")[-2:] == ["hero:cthulhu", "goblins:2"]
    assert view.report(state)["current"]["prize"] == "knights:6"
    assert zone(state, "deck") == []
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:1"]


def test_phase_one_played_second_it_acts_too() -> None:
    """§6, H18: "after it is played" — played second (off-faction on undead:5, its player holds
    no Undead) the Cthulhu loses, and the two cards still leave."""
    state = _phase_one(
        ["undead:5", "goblins:1"],
        ["hero:cthulhu", "goblins:2"],
        ["play undead:5", "play hero:cthulhu"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert zone(state, "out") == ["knights:9", "knights:8"]
    assert zone(state, "followers", 0) == ["goblins:9"]
    assert zone(state, "followers", 1) == ["knights:7"]


def test_the_removed_cards_are_seen_by_nobody() -> None:
    """§10: cards Cthulhu sends out of the game left unseen: each player's view shows them as
    "?"; the omniscient replay names them."""
    state = _phase_one(["hero:cthulhu", "goblins:1"], ["goblins:2", "goblins:3"], LEAD)
    assert view.report(state)["out"] == ["knights:9", "knights:8"]
    assert view.observe(state, 0)["out"] == ["?", "?"]
    assert view.observe(state, 1)["out"] == ["?", "?"]


def test_three_cards_left_two_leave_the_loser_draws_the_last_and_phase_one_ends() -> None:
    """H18, R-1: with three cards under the prize two leave, the loser draws the third; the
    deck cannot reveal a prize, so Phase One ends: the cards left in hand are discarded and
    the Follower decks become the hands, the winner leading."""
    state = _phase_one(
        ["hero:cthulhu", "goblins:1"],
        ["goblins:2", "goblins:3"],
        LEAD,
        deck_top=["knights:9", "knights:8", "knights:7"],
    )
    assert zone(state, "out") == ["knights:9", "knights:8"]
    assert state.phase == 2
    assert len([t for t in view.report(state)["tricks"] if t["phase"] == 1]) == 1
    assert zone(state, "discard")[-4:] == ["hero:cthulhu", "goblins:2", "goblins:1", "goblins:3"]
    assert zone(state, "hand", 0) == ["goblins:9"]
    assert zone(state, "hand", 1) == ["knights:7"]
    assert engine.current_player(state) == 0


def test_two_cards_left_both_leave_and_the_loser_gets_nothing() -> None:
    """H18, R-2: with two cards under the prize both leave; the winner takes the prize first,
    the loser finds the deck empty and gets nothing; Phase One ends (R-1)."""
    state = _phase_one(
        ["hero:cthulhu", "goblins:1"],
        ["goblins:2", "goblins:3"],
        LEAD,
        deck_top=["knights:9", "knights:8"],
        followers=(("goblins:0",), ("knights:2",)),
    )
    assert zone(state, "out") == ["knights:9", "knights:8"]
    assert _removed(state) == {"knights:9": "cthulhu", "knights:8": "cthulhu"}
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["goblins:0", "goblins:9"]
    assert zone(state, "hand", 1) == ["knights:2"]
    assert zone(state, "discard")[-4:] == ["hero:cthulhu", "goblins:2", "goblins:1", "goblins:3"]


def test_one_card_left_only_that_one_leaves() -> None:
    """H18 ("only what the deck has"), R-2, R-1: one card under the prize leaves alone; the
    loser gets nothing and Phase One ends."""
    state = _phase_one(
        ["hero:cthulhu", "goblins:1"],
        ["goblins:2", "goblins:3"],
        LEAD,
        deck_top=["knights:9"],
        followers=(("goblins:0",), ("knights:2",)),
    )
    assert zone(state, "out") == ["knights:9"]
    assert _removed(state) == {"knights:9": "cthulhu"}
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["goblins:0", "goblins:9"]
    assert zone(state, "hand", 1) == ["knights:2"]


def test_an_empty_deck_loses_nothing() -> None:
    """H18: in the last trick of Phase One (nothing under the prize) there is nothing to remove;
    the loser draws nothing (R-2) and Phase Two starts."""
    state = _phase_one(
        ["hero:cthulhu"],
        ["goblins:2"],
        LEAD,
        deck_top=[],
        followers=(("goblins:0",), ("knights:2",)),
    )
    assert zone(state, "out") == []
    assert state.removed == {}
    assert state.phase == 2
    assert zone(state, "hand", 0) == ["goblins:0", "goblins:9"]
    assert zone(state, "hand", 1) == ["knights:2"]


def test_a_cthulhu_prize_does_nothing() -> None:
    """H18: a revealed Cthulhu prize is a plain Follower card: no card leaves the deck; the
    loser draws knights:9 and the next trick reveals knights:8."""
    state = _phase_one(
        ["goblins:5", "goblins:1"],
        ["goblins:2", "goblins:3"],
        ["play goblins:5", "play goblins:2"],
        prize="hero:cthulhu",
        deck_top=["knights:9", "knights:8"],
    )
    assert last_trick(state)["prize"] == "hero:cthulhu"
    assert zone(state, "out") == []
    assert zone(state, "followers", 0) == ["hero:cthulhu"]
    assert zone(state, "followers", 1) == ["knights:9"]
    assert view.report(state)["current"]["prize"] == "knights:8"


def test_a_vampire_queen_in_the_trick_cancels_the_removal() -> None:
    """H18, H7: a following Vampire Queen takes the led Cthulhu's power: nothing leaves the
    deck; the Cthulhu (8) still wins by value and the loser draws knights:9."""
    state = _phase_one(
        ["hero:cthulhu", "goblins:1"],
        ["hero:vampire-queen", "goblins:2"],
        ["play hero:cthulhu", "play hero:vampire-queen"],
        heroes=("cthulhu", "vampire-queen"),
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "out") == []
    assert state.removed == {}
    assert zone(state, "followers", 1) == ["knights:9"]


def test_a_whole_game_with_cthulhu_in_the_first_trick_has_twelve_phase_one_tricks() -> None:
    """H18, R-1: dealt game, Cthulhu led in trick 1 removes two of the 25 cards under the
    first prize; every later trick uses a prize and a draw, so Phase One ends after 12 tricks
    with one card left in each hand (discarded), and each Phase Two hand holds 12 cards."""
    record = stacked_record(
        CLAIM,
        hand0=["hero:cthulhu"],
        hand1=["goblins:0"],
        deck_top=["goblins:9", "knights:9", "undead:9", "dwarves:9"],
        heroes=["cthulhu"],
        moves=["play hero:cthulhu", "play goblins:0"],
    )
    state = replay(record)
    assert last_trick(state)["winner"] == 0
    assert zone(state, "followers", 0) == ["goblins:9"]
    assert zone(state, "followers", 1) == ["dwarves:9"]
    removed = _removed(state)
    assert {code for code, why in removed.items() if why == "cthulhu"} == {
        "knights:9",
        "undead:9",
    }
    assert list(removed.values()).count("heroes") == 1  # the card the hero replaced (§2)
    play_until(state, lambda s: s.phase == 2)
    phase_one = [t for t in view.report(state)["tricks"] if t["phase"] == 1]
    assert len(phase_one) == 12
    assert [len(h) for h in state.hands] == [12, 12]
    assert zone(state, "deck") == []


# -- Phase Two --------------------------------------------------------------------------------


def test_phase_two_the_next_leader_discards_first_and_the_choice_is_held() -> None:
    """H19, R-62: after the trick the next leader (the Cthulhu's player, who won) chooses first;
    the chosen card is held aside (``state.chosen``), unseen by the other player, until the
    other has chosen; then both go to the discard pile, the next leader's first."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["hero:cthulhu", "goblins:1", "goblins:3"], ["goblins:2", "goblins:4", "goblins:5"]],
        heroes=["cthulhu"],
        discard=[],
        moves=LEAD,
    )
    state = replay(record)
    assert view.report(state)["current"]["winner"] == 0
    assert zone(state, "score", 0) == ["hero:cthulhu", "goblins:2"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["discard goblins:1", "discard goblins:3"]
    engine.apply(state, "discard goblins:3")
    assert [cards.CODE[c] for c in state.chosen[0]] == ["goblins:3"]
    assert zone(state, "hand", 0) == ["goblins:1"]
    assert zone(state, "discard") == []
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["discard goblins:4", "discard goblins:5"]
    assert "goblins:3" not in json.dumps(view.observe(state, 1))
    engine.apply(state, "discard goblins:5")
    assert state.chosen == [[], []]
    assert zone(state, "discard") == ["goblins:3", "goblins:5"]
    assert zone(state, "hand", 0) == ["goblins:1"]
    assert zone(state, "hand", 1) == ["goblins:4"]
    assert last_trick(state)["winner"] == 0
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:1"]


def test_phase_two_when_cthulhu_loses_the_winner_discards_first() -> None:
    """H19, H5: a Mummy second on the led Cthulhu (8, "7 or more") wins; its player leads next
    and so discards first; the Cthulhu's player discards second; then the Mummy's player
    leads."""
    state = _phase_two(
        ["hero:cthulhu", "goblins:1", "goblins:3"],
        ["hero:mummy", "goblins:2", "goblins:4"],
        ["play hero:cthulhu", "play hero:mummy"],
        heroes=("cthulhu", "mummy"),
    )
    assert view.report(state)["current"]["winner"] == 1
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["discard goblins:2", "discard goblins:4"]
    engine.apply(state, "discard goblins:2")
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["discard goblins:1", "discard goblins:3"]
    engine.apply(state, "discard goblins:3")
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "the Mummy beats a value of 7 or more"
    assert zone(state, "score", 1) == ["hero:cthulhu", "hero:mummy"]
    assert zone(state, "discard") == ["goblins:2", "goblins:3"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:4"]


def test_phase_two_a_player_with_an_empty_hand_is_skipped() -> None:
    """H19: the Cthulhu's player (next leader) has no card left and is skipped; the other
    discards; a hand is empty, so the phase and the game end (R-1), the last card going to the
    discard pile with the hand."""
    state = _phase_two(
        ["hero:cthulhu"],
        ["goblins:2", "goblins:4", "goblins:5"],
        LEAD,
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["discard goblins:4", "discard goblins:5"]
    engine.apply(state, "discard goblins:4")
    assert state.result is not None
    assert zone(state, "discard") == ["goblins:4", "goblins:5"]
    assert zone(state, "score", 0) == ["hero:cthulhu", "goblins:2"]


def test_phase_two_after_the_last_trick_nobody_discards() -> None:
    """H19: after the last trick both hands are empty: no discard is asked and the game ends."""
    state = _phase_two(["hero:cthulhu"], ["goblins:2"], LEAD)
    assert state.result is not None
    assert zone(state, "score", 0) == ["hero:cthulhu", "goblins:2"]
    assert zone(state, "discard") == []


def test_phase_two_a_cthulhu_leaves_the_deck_alone_and_phase_one_asks_no_discard() -> None:
    """H4: one effect per phase. In Phase Two nothing leaves the game (the discards go to the
    discard pile); in Phase One nobody is asked to discard (the next trick simply starts)."""
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["hero:cthulhu", "goblins:1"], ["goblins:2", "goblins:4"]],
        heroes=["cthulhu"],
        discard=[],
        moves=[*LEAD, "discard goblins:1", "discard goblins:4"],
    )
    out_before = zone(records.initial_state(record), "out")
    state = replay(record)
    assert zone(state, "out") == out_before
    assert state.removed == {}
    assert zone(state, "discard") == ["goblins:1", "goblins:4"]
    state = _phase_one(["hero:cthulhu", "goblins:1"], ["goblins:2", "goblins:3"], LEAD)
    assert state.tasks == []
    assert engine.legal_actions(state) == ["play goblins:1"]


def test_phase_two_the_chooser_sees_their_own_discard_in_the_discard_pile() -> None:
    """W8: after the next leader's ``discard goblins:3`` their own view shows it in the discard
    pile (and under ``chosen``); the other player's view and a spectator's do not until the
    other has chosen too."""
    state = _phase_two(
        ["hero:cthulhu", "goblins:1", "goblins:3"], ["goblins:2", "goblins:4", "goblins:5"], LEAD
    )
    engine.apply(state, "discard goblins:3")
    mine = view.observe(state, 0)
    assert mine["discard"] == ["goblins:3"]
    assert mine["players"][0]["chosen"] == ["goblins:3"]
    assert view.observe(state, 1)["discard"] == []
    assert view.spectate(state)["discard"] == []
    engine.apply(state, "discard goblins:5")
    for viewer in (0, 1):
        assert view.observe(state, viewer)["discard"] == ["goblins:3", "goblins:5"]
