"""Swamp (RULES.md §7, a Setting; R-62; RULINGS L5, W8): at the start of Phase Two each player
discards 2 cards of their choice from hand, at the same time: ``discard CODE``, two moves each,
the next leader (whoever leads the first Phase Two trick) completes theirs first; a player
discards as many as they hold, up to two; value-hidden cards are named as in ``play``
(``discard demons:odd``). No player's view shows the other's choices until both have chosen
(R-62, W8: a "?" in the hand, absent from the discard pile; the chooser sees their own made:
in the discard pile, and under ``chosen``). The discards then go to the discard pile, the next
leader's first, in the order chosen.

Precedence (§4.4): no faction or hero power acts at the start of Phase Two in these decks, so
Swamp meets no conflicting power (only artifacts would, and none is in play)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from claim.core import engine, view
from claim.core.state import State
from scenario import CLAIM, CLAIM2, codes, last_trick, position_record, replay, stacked_record, zone

SWAMP = "swamp"


def _last_phase_one_trick(
    hands: Sequence[Sequence[str]],
    followers: Sequence[Sequence[str]],
    moves: Sequence[str],
    deck_top: Sequence[str] = ("doppelgangers:6",),
    factions: Sequence[str] = CLAIM,
    prize: str = "doppelgangers:5",
    **options: Any,
) -> State:
    """The last Phase One trick (``prize``, player 0 leading) with Swamp, then ``moves``; the
    discard pile starts empty."""
    record = position_record(
        factions,
        phase=1,
        number=13,
        prize=prize,
        deck_top=list(deck_top),
        hands=hands,
        followers=followers,
        moves=moves,
        discard=[],
        **options,
    )
    record["position"]["setup"]["setting"] = SWAMP
    state = replay(record)
    assert state.config.setting == SWAMP
    return state


FOLLOWERS = [["goblins:1", "goblins:2", "goblins:3"], ["undead:1", "undead:2", "undead:3"]]
LAST_TRICK = ["play dwarves:2", "play dwarves:7"]  # player 1 wins: the next leader


def _swamp_start(moves: Sequence[str] = ()) -> State:
    return _last_phase_one_trick([["dwarves:2"], ["dwarves:7"]], FOLLOWERS, [*LAST_TRICK, *moves])


def test_the_next_leader_discards_both_cards_first() -> None:
    """L5, R-62: player 1 won the last Phase One trick, so leads Phase Two and is asked first,
    twice in a row (``discard CODE`` for each card in hand); then player 0 twice."""
    state = _swamp_start()
    assert state.phase == 2
    assert zone(state, "hand", 1) == ["undead:1", "undead:2", "undead:3", "doppelgangers:5"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [
        "discard undead:1",
        "discard undead:2",
        "discard undead:3",
        "discard doppelgangers:5",
    ]
    engine.apply(state, "discard undead:2")
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [
        "discard undead:1",
        "discard undead:3",
        "discard doppelgangers:5",
    ]
    engine.apply(state, "discard doppelgangers:5")
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        "discard goblins:1",
        "discard goblins:2",
        "discard goblins:3",
        "discard doppelgangers:6",
    ]
    engine.apply(state, "discard goblins:3")
    assert engine.current_player(state) == 0
    engine.apply(state, "discard goblins:1")


def test_the_discards_land_after_both_have_chosen_next_leader_first() -> None:
    """L5, R-62: after all four choices the cards go to the discard pile, player 1's (the next
    leader's) first, each player's in the order chosen; each hand keeps its other cards in order;
    then player 1 leads the first Phase Two trick."""
    moves = [
        "discard undead:2",
        "discard doppelgangers:5",
        "discard goblins:3",
        "discard goblins:1",
    ]
    state = _swamp_start(moves)
    assert state.chosen == [[], []]
    assert zone(state, "discard") == [
        "dwarves:2",
        "dwarves:7",
        "undead:2",
        "doppelgangers:5",
        "goblins:3",
        "goblins:1",
    ]
    assert zone(state, "hand", 0) == ["goblins:2", "doppelgangers:6"]
    assert zone(state, "hand", 1) == ["undead:1", "undead:3"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play undead:1", "play undead:3"]
    current = view.report(state)["current"]
    assert (current["leader"], current["plays"]) == (1, [])


def test_choices_stay_hidden_until_both_have_chosen() -> None:
    """R-62, W8: player 1's chosen cards stay in their hand as "?" for player 0 and are absent
    from the discard pile until player 0 has chosen too; player 1 sees them under ``chosen``;
    player 0's first choice is likewise hidden from player 1."""
    state = _swamp_start(["discard undead:2", "discard doppelgangers:5"])
    seen0 = view.observe(state, 0)
    assert seen0["players"][1]["hand"] == ["?", "?", "?", "?"]
    assert "chosen" not in seen0["players"][1]
    assert seen0["discard"] == ["dwarves:2", "dwarves:7"]
    assert "undead:2" not in json.dumps(seen0)
    assert seen0["next"]["player"] == 0
    seen1 = view.observe(state, 1)
    assert seen1["players"][1]["hand"] == ["undead:1", "undead:3"]
    assert seen1["players"][1]["chosen"] == ["undead:2", "doppelgangers:5"]
    assert seen1["next"] == {"player": 0}
    engine.apply(state, "discard goblins:3")
    seen1 = view.observe(state, 1)
    assert seen1["players"][0]["hand"] == ["?", "?", "?", "?"]
    assert "goblins:3" not in json.dumps(seen1)
    assert view.observe(state, 0)["players"][0]["chosen"] == ["goblins:3"]
    engine.apply(state, "discard goblins:1")
    for player in (0, 1):
        seen = view.observe(state, player)
        assert seen["discard"][2:] == ["undead:2", "doppelgangers:5", "goblins:3", "goblins:1"]
        assert seen["players"][1 - player]["hand"] == ["?", "?"]


def test_a_short_hand_discards_what_it_holds() -> None:
    """L5 ("as many as they hold, up to the number"): player 0 has one card when Phase Two
    starts (no followers, the loser's draw): after player 1's two discards they discard just
    that one; with an empty hand Phase Two has no trick (R-1) and the game is scored."""
    state = _last_phase_one_trick(
        [["dwarves:2"], ["dwarves:7"]],
        [[], ["undead:1", "undead:2"]],
        [*LAST_TRICK, "discard undead:1", "discard undead:2"],
    )
    assert zone(state, "hand", 0) == ["doppelgangers:6"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["discard doppelgangers:6"]
    engine.apply(state, "discard doppelgangers:6")
    assert zone(state, "hand", 0) == []
    assert zone(state, "discard") == [
        "dwarves:2",
        "dwarves:7",
        "undead:1",
        "undead:2",
        "doppelgangers:6",
        "doppelgangers:5",  # R-1: left in player 1's hand when the phase ends
    ]
    assert state.result is not None
    assert state.result["reason"] == "draw"
    assert last_trick(state)["phase"] == 1  # no Phase Two trick was played


def test_an_empty_hand_is_skipped() -> None:
    """L5: player 0 holds nothing at the start of Phase Two (no followers; the deck was empty
    for the loser's draw, R-2), so only player 1 is asked, for two cards."""
    state = _last_phase_one_trick(
        [["dwarves:2"], ["dwarves:7"]],
        [[], ["undead:1", "undead:2", "undead:3"]],
        LAST_TRICK,
        deck_top=(),
    )
    assert state.phase == 2
    assert zone(state, "hand", 0) == []
    assert engine.current_player(state) == 1
    engine.apply(state, "discard undead:3")
    assert engine.current_player(state) == 1
    engine.apply(state, "discard doppelgangers:5")
    # player 0 has no card: no Phase Two trick; player 1's last cards are discarded (R-1)
    assert zone(state, "discard") == [
        "dwarves:2",
        "dwarves:7",
        "undead:3",
        "doppelgangers:5",
        "undead:1",
        "undead:2",
    ]
    assert state.result is not None


def test_value_hidden_cards_are_named_as_in_play() -> None:
    """L5, R-30: a Demon is discarded by parity, ``discard demons:odd`` (one move for both odd
    Demons); the first odd Demon in hand order goes."""
    state = _last_phase_one_trick(
        [["dwarves:2"], ["dwarves:7"]],
        [["goblins:1"], ["demons:3", "demons:5", "demons:4"]],
        LAST_TRICK,
        factions=["goblins", "knights", "demons", "undead", "dwarves"],
        prize="undead:5",
        deck_top=["undead:6"],
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [
        "discard demons:odd",
        "discard demons:even",
        "discard undead:5",
    ]
    engine.apply(state, "discard demons:odd")
    assert zone(state, "hand", 1) == ["demons:5", "demons:4", "undead:5"]
    assert codes(state.chosen[1]) == ["demons:3"]
    assert zone(state, "discard") == ["dwarves:2", "dwarves:7"]


def test_swamp_asks_nothing_at_the_start_of_phase_one() -> None:
    """§7 (start of Phase Two only): a new Swamp game starts with the first leader's play."""
    record = stacked_record(CLAIM, ["goblins:1"], ["goblins:2"])
    record["setup"]["setting"] = SWAMP
    state = replay(record)
    assert state.phase == 1
    assert engine.current_player(state) == 0
    assert all(move.startswith("play ") for move in engine.legal_actions(state))
    assert len(zone(state, "hand", 0)) == len(zone(state, "hand", 1)) == 13


def test_swamp_asks_nothing_between_phase_two_tricks() -> None:
    """§7: after the start-of-phase discards, Phase Two tricks follow one another with no
    further discard."""
    moves = [
        "discard undead:2",
        "discard doppelgangers:5",
        "discard goblins:3",
        "discard goblins:1",
    ]
    state = _swamp_start([*moves, "play undead:1", "play goblins:2"])
    assert last_trick(state)["phase"] == 2
    assert last_trick(state)["winner"] == 1
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play undead:3"]


def test_a_dragon_s_next_leader_discards_first() -> None:
    """L5, R-62 ("the next leader"): in the last Phase One trick player 1 loses with an
    off-faction dragons:2 but the Dragon makes them the next leader (§5.2), so player 1 chooses
    first although player 0 won."""
    state = _last_phase_one_trick(
        [["trolls:9"], ["dragons:2"]],
        [["seers:1", "seers:2"], ["seers:3", "seers:4"]],
        ["play trolls:9", "play dragons:2"],
        factions=CLAIM2,
        prize="giants:1",
        deck_top=["giants:3"],
    )
    assert last_trick(state)["winner"] == 0
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [
        "discard seers:3",
        "discard seers:4",
        "discard giants:3",
    ]
    for move in ("discard seers:3", "discard seers:4", "discard seers:1", "discard giants:1"):
        engine.apply(state, move)
    assert zone(state, "discard")[-4:] == ["seers:3", "seers:4", "seers:1", "giants:1"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play giants:3"]


def test_the_chooser_sees_their_own_discards_in_the_discard_pile() -> None:
    """W8: while player 0 has not chosen, player 1's two discards are in the discard pile of
    player 1's own view (where they land), still absent from player 0's view and a spectator's;
    after player 0's first discard each chooser sees only their own there; once both have
    chosen both views show the pile as it is."""
    state = _swamp_start(["discard undead:2", "discard doppelgangers:5"])
    assert view.observe(state, 1)["discard"] == [
        "dwarves:2",
        "dwarves:7",
        "undead:2",
        "doppelgangers:5",
    ]
    assert view.observe(state, 0)["discard"] == ["dwarves:2", "dwarves:7"]
    assert view.spectate(state)["discard"] == ["dwarves:2", "dwarves:7"]
    assert view.report(state)["discard"] == ["dwarves:2", "dwarves:7"]  # the true pile
    engine.apply(state, "discard goblins:3")
    assert view.observe(state, 0)["discard"] == ["dwarves:2", "dwarves:7", "goblins:3"]
    assert view.observe(state, 1)["discard"][2:] == ["undead:2", "doppelgangers:5"]
    engine.apply(state, "discard goblins:1")
    pile = ["dwarves:2", "dwarves:7", "undead:2", "doppelgangers:5", "goblins:3", "goblins:1"]
    assert view.observe(state, 0)["discard"] == view.observe(state, 1)["discard"] == pile
