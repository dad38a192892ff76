"""Poisoners (§5.4, R-33, R-90 step 2, §10): three Toxics lie face-up with hidden values. Winning a
trick with a Poisoner (either phase) lets its player peek at one Toxic they have not seen
(``peek N`` or ``pass``; not asked when all three are seen); only they learn its value. At the end
every faction card in either Score pile whose printed value equals a revealed Toxic is discarded;
``toxic:x`` is a decoy. Fake Tricksters go first (R-90 step 2)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from claim.core import cards, engine, view, worlds
from claim.core.state import State
from scenario import last_trick, position_record, replay, stacked_record, zone

FACTIONS = ["goblins", "knights", "poisoners", "undead", "dwarves"]
WITH_TRICKSTERS = ["goblins", "knights", "poisoners", "tricksters", "undead"]
TOXICS = ["toxic:3", "toxic:x", "toxic:7"]
ALL_TOXICS = [cards.CODE[c] for c in cards.IDS_BY_FACTION["toxic"]]


def _with_toxics(
    record: dict[str, Any], toxics: Sequence[str], peeked: Sequence[Sequence[int]]
) -> None:
    """Lay ``toxics`` face-up in a position record (the other 11 out of the game) and set what
    each player has peeked at (0-based positions)."""
    position = record["position"]
    rest = list(ALL_TOXICS)
    for code in toxics:
        rest.remove(code)
    position["toxics"] = list(toxics)
    position["out"] = rest
    for p in (0, 1):
        position["players"][p]["peeked"] = list(peeked[p])


def _position(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str],
    *,
    phase: int = 2,
    number: int = 1,
    scores: Sequence[Sequence[str]] = ((), ()),
    toxics: Sequence[str] = TOXICS,
    peeked: Sequence[Sequence[int]] = ((), ()),
    factions: Sequence[str] = FACTIONS,
) -> State:
    """A built position (player 0 leading) with the given Toxics, then ``moves``."""
    extra: dict[str, Any] = {}
    if phase == 1:
        extra = {"prize": "goblins:8", "deck_top": ["goblins:7", "goblins:6", "goblins:5"]}
    record = position_record(
        factions, phase=phase, number=number, hands=hands, scores=scores, moves=moves, **extra
    )
    _with_toxics(record, toxics, peeked)
    return replay(record)


# -- setup and views ----------------------------------------------------------------------------


def test_three_toxics_face_up_with_hidden_values() -> None:
    """§2 step 2, §10: three Toxics face-up, the other 11 out of the game unseen; both views show
    "?" for every Toxic and every card out; the replay shows the codes."""
    record = stacked_record(FACTIONS)
    record["seed"] = 5
    state = replay(record)
    assert len(state.toxics) == 3 and len(zone(state, "out")) == 11
    assert sorted(zone(state, "out") + [cards.CODE[t] for t in state.toxics]) == sorted(ALL_TOXICS)
    assert view.report(state)["toxics"] == [cards.CODE[t] for t in state.toxics]
    for viewer in (0, 1):
        seen = view.observe(state, viewer)
        assert seen["toxics"] == ["?", "?", "?"]
        assert seen["out"] == ["?"] * 11
        assert seen["players"][viewer]["peeked"] == []


def test_setup_toxics_can_be_named_in_the_record() -> None:
    """records.md: `setup.toxics` fixes the face-up Toxics, top first."""
    record = stacked_record(FACTIONS)
    record["setup"]["toxics"] = ["toxic:x", "toxic:0", "toxic:9"]
    state = replay(record)
    assert [cards.CODE[t] for t in state.toxics] == ["toxic:x", "toxic:0", "toxic:9"]


# -- the peek -----------------------------------------------------------------------------------


def test_a_poisoner_winner_may_peek_and_only_they_learn_the_value() -> None:
    """§5.4: poisoners:5 beats poisoners:2: player 0 is asked `peek 1..3` or `pass`; after `peek 3`
    only player 0 sees toxic:7."""
    state = _position(
        [["poisoners:5", "goblins:1"], ["poisoners:2", "goblins:2"]],
        ["play poisoners:5", "play poisoners:2"],
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["peek 1", "peek 2", "peek 3", "pass"]
    assert view.observe(state, 1)["next"] == {"player": 0}
    engine.apply(state, "peek 3")
    assert view.observe(state, 0)["toxics"] == ["?", "?", "toxic:7"]
    assert view.observe(state, 0)["players"][0]["peeked"] == [3]
    assert view.observe(state, 1)["toxics"] == ["?", "?", "?"]
    assert "peeked" not in view.observe(state, 1)["players"][0]
    assert engine.legal_actions(state) == ["play goblins:1"]


def test_pass_learns_nothing() -> None:
    state = _position(
        [["poisoners:5", "goblins:1"], ["poisoners:2", "goblins:2"]],
        ["play poisoners:5", "play poisoners:2", "pass"],
    )
    assert view.observe(state, 0)["toxics"] == ["?", "?", "?"]
    assert state.peeked == [set(), set()]
    assert engine.legal_actions(state) == ["play goblins:1"]


def test_the_follower_winning_with_a_poisoner_peeks_in_phase_one() -> None:
    """§5.4 (either phase): poisoners:7 follows and beats poisoners:2 in Phase One: player 1 is
    asked, after the prize and draw are collected."""
    state = _position(
        [["poisoners:2", "goblins:1"], ["poisoners:7", "goblins:2"]],
        ["play poisoners:2", "play poisoners:7"],
        phase=1,
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["peek 1", "peek 2", "peek 3", "pass"]
    assert view.report(state)["current"]["winner"] == 1
    assert zone(state, "followers", 1) == ["goblins:8"]
    engine.apply(state, "peek 2")
    assert view.observe(state, 1)["toxics"] == ["?", "toxic:x", "?"]
    assert last_trick(state)["winner"] == 1


def test_a_losing_poisoner_gives_no_peek() -> None:
    """§5.4: only the winning card's Poisoner peeks: poisoners:2 loses to poisoners:7, and a
    Poisoner played off-faction on a Goblin lead loses too: no decision in either trick."""
    state = _position(
        [["poisoners:7", "goblins:9", "goblins:1"], ["poisoners:2", "poisoners:4", "knights:2"]],
        ["play poisoners:7", "play poisoners:2", "pass", "play goblins:9", "play poisoners:4"],
    )
    # one decision only in the first trick (the winner's Poisoner), none in the second
    assert [t["winner"] for t in view.report(state)["tricks"]] == [0, 0]
    assert engine.legal_actions(state) == ["play goblins:1"]


def test_winning_with_a_goblin_over_a_poisoner_gives_no_peek() -> None:
    """§5.4: a Goblin lead wins over an off-faction Poisoner: the winner's card is no Poisoner."""
    state = _position(
        [["goblins:5", "goblins:1"], ["poisoners:9", "knights:2"]],
        ["play goblins:5", "play poisoners:9"],
    )
    assert last_trick(state)["winner"] == 0
    assert engine.legal_actions(state) == ["play goblins:1"]


def test_a_led_poisoner_that_wins_off_faction_peeks() -> None:
    """§5.4: poisoners:0 led, the follower cannot follow and plays goblins:9: the leader wins with
    the Poisoner and peeks."""
    state = _position(
        [["poisoners:0", "goblins:1"], ["goblins:9", "goblins:2"]],
        ["play poisoners:0", "play goblins:9"],
    )
    assert view.report(state)["current"]["winner"] == 0  # the trick waits on the decision
    assert engine.legal_actions(state) == ["peek 1", "peek 2", "peek 3", "pass"]


def test_only_unseen_toxics_are_offered_and_none_when_all_seen() -> None:
    """§5.4: a player who has seen Toxics 1 and 3 may peek only at 2; one who has seen all three is
    not asked."""
    hands = [["poisoners:5", "goblins:1"], ["poisoners:2", "goblins:2"]]
    moves = ["play poisoners:5", "play poisoners:2"]
    state = _position(hands, moves, peeked=([0, 2], []))
    assert engine.legal_actions(state) == ["peek 2", "pass"]
    assert view.observe(state, 0)["toxics"] == ["toxic:3", "?", "toxic:7"]
    assert view.observe(state, 1)["toxics"] == ["?", "?", "?"]
    state = _position(hands, moves, peeked=([0, 1, 2], []))
    assert engine.legal_actions(state) == ["play goblins:1"]
    # the other player's peeks do not count for this player
    state = _position(hands, moves, peeked=([], [0, 1, 2]))
    assert engine.legal_actions(state) == ["peek 1", "peek 2", "peek 3", "pass"]


def test_determinize_keeps_peeked_toxics_and_redeals_the_others() -> None:
    """§10: determinized for player 0, who peeked at Toxic 1, that Toxic stays; the other two
    are Toxics drawn from the unseen ones."""
    state = _position([["goblins:5"], ["goblins:2"]], [], peeked=([0], []))
    dealt: set[str] = set()
    for seed in range(20):
        s = worlds.determinize(state, 0, random.Random(seed))
        codes = [cards.CODE[t] for t in s.toxics]
        assert codes[0] == "toxic:3"
        assert all(code.startswith("toxic:") for code in codes)
        dealt.add(codes[2])
    assert len(dealt) > 1


# -- the end of the game ------------------------------------------------------------------------


def test_toxics_discard_matching_faction_cards_from_both_piles() -> None:
    """§5.4: toxic:3 and toxic:7 discard every faction card of printed value 3 or 7 from both
    Score piles; the decoy removes nothing; other values stay."""
    state = _position(
        [["goblins:9"], ["goblins:2"]],
        ["play goblins:9", "play goblins:2"],
        number=13,
        scores=(["goblins:3", "undead:5", "knights:7"], ["poisoners:3", "dwarves:7", "undead:0"]),
    )
    assert state.result is not None
    assert zone(state, "score", 0) == ["undead:5", "goblins:9", "goblins:2"]
    assert zone(state, "score", 1) == ["undead:0"]
    assert sorted(zone(state, "discard")[-4:]) == [
        "dwarves:7",
        "goblins:3",
        "knights:7",
        "poisoners:3",
    ]
    for viewer in (0, 1):
        assert view.observe(state, viewer)["toxics"] == TOXICS  # revealed at the end (W9)


def test_decoys_remove_nothing() -> None:
    """R-33: three decoys: nothing is discarded, not even cards of value 0."""
    state = _position(
        [["goblins:9"], ["goblins:2"]],
        ["play goblins:9", "play goblins:2"],
        number=13,
        scores=(["goblins:0", "undead:1"], ["knights:2"]),
        toxics=["toxic:x", "toxic:x", "toxic:x"],
    )
    assert zone(state, "score", 0) == ["goblins:0", "undead:1", "goblins:9", "goblins:2"]
    assert zone(state, "score", 1) == ["knights:2"]


def test_toxic_zero_matches_value_zero_and_cards_of_the_last_trick() -> None:
    """§5.4: toxic:0 discards goblins:0; toxic:9 discards goblins:9 won in the last trick."""
    state = _position(
        [["goblins:9"], ["goblins:2"]],
        ["play goblins:9", "play goblins:2"],
        number=13,
        scores=(["goblins:0", "undead:1"], []),
        toxics=["toxic:0", "toxic:9", "toxic:x"],
    )
    assert zone(state, "score", 0) == ["undead:1", "goblins:2"]


def test_matched_cards_are_gone_before_the_votes() -> None:
    """R-90: player 0 has three Knights, two of them poisoned (7): player 1's two Knights win."""
    state = _position(
        [["goblins:9"], ["goblins:2"]],
        ["play goblins:9", "play goblins:2"],
        number=13,
        scores=(["knights:7", "knights:3", "knights:9"], ["knights:2", "knights:4"]),
    )
    assert state.result is not None
    assert state.result["votes"]["knights"] == 1


def test_toxics_act_only_at_the_end() -> None:
    """§5.4: before the last trick nothing is discarded from the Score piles."""
    state = _position(
        [["goblins:9", "goblins:1"], ["goblins:2", "goblins:4"]],
        ["play goblins:9", "play goblins:2"],
        number=12,
        scores=(["knights:7"], ["goblins:3"]),
    )
    assert state.result is None
    assert zone(state, "score", 0) == ["knights:7", "goblins:9", "goblins:2"]
    assert zone(state, "score", 1) == ["goblins:3"]


def test_fake_tricksters_go_before_the_toxics() -> None:
    """R-90 step 2: the fakes are removed first, then the Toxic matches (a real Trickster too):
    with toxic:5 the discard pile ends tricksters:5x, tricksters:3x (fakes, pile order), then
    tricksters:5 and goblins:5."""
    state = _position(
        [["goblins:9"], ["goblins:2"]],
        ["play goblins:9", "play goblins:2"],
        number=13,
        scores=(["tricksters:5", "tricksters:5x", "goblins:5"], ["tricksters:3x", "tricksters:3"]),
        toxics=["toxic:5", "toxic:x", "toxic:x"],
        factions=WITH_TRICKSTERS,
    )
    assert state.result is not None
    assert zone(state, "discard")[-4:] == [
        "tricksters:5x",
        "tricksters:3x",
        "tricksters:5",
        "goblins:5",
    ]
    assert zone(state, "score", 0) == ["goblins:9", "goblins:2"]
    assert zone(state, "score", 1) == ["tricksters:3"]
    assert state.result["votes"]["tricksters"] == 1


def _vampire_stack_game(vampire: str, tucked: list[str]) -> State:
    """The last trick (goblins:9 beats goblins:2) with Toxics 3, x, 7 and player 1's Vampire
    stack ``vampire`` over ``tucked``."""
    factions = ["goblins", "knights", "poisoners", "vampires", "undead"]
    record = position_record(
        factions,
        phase=2,
        number=13,
        hands=[["goblins:9"], ["goblins:2"]],
        moves=["play goblins:9", "play goblins:2"],
    )
    _with_toxics(record, TOXICS, ((), ()))
    position = record["position"]
    for code in [vampire, *tucked]:
        position["discard"].remove(code)
    position["players"][1]["vampire"] = [vampire]
    position["players"][1]["tucked"] = tucked
    return replay(record)


def test_a_tucked_card_matching_a_toxic_is_discarded() -> None:
    """V10: Toxic matches reach the Vampire stack: the tucked knights:3 goes, undead:5 stays."""
    state = _vampire_stack_game("vampires:4", ["knights:3", "undead:5"])
    report = view.report(state)
    assert report["players"][1]["vampire"] == "vampires:4"
    assert report["players"][1]["tucked"] == ["undead:5"]
    assert zone(state, "discard")[-1] == "knights:3"


def test_a_face_up_vampire_matching_a_toxic_takes_its_stack_to_the_discard() -> None:
    """V10: vampires:7 matches toxic:7: it and every card under it go to the discard pile."""
    state = _vampire_stack_game("vampires:7", ["undead:5", "knights:2"])
    report = view.report(state)
    assert report["players"][1]["vampire"] is None
    assert report["players"][1]["tucked"] == []
    assert sorted(zone(state, "discard")[-3:]) == ["knights:2", "undead:5", "vampires:7"]
