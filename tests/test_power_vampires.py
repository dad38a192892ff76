"""Vampires (§5.3, Phase Two; RULINGS V1–V17): when you collect a Vampire you may crown it your
face-up Vampire; while you have one, each non-Vampire faction card you collect may be tucked
under it. Crowning a new Vampire sends the old one and its tucked cards out of the game face-up
(R-20, V7). Decisions come after every other decision of the trick: winner crown, winner tucks,
loser crown, loser tucks (R-4, V4). The Vampire vote (R-21, V8): strength = face-up Vampire plus
tucked cards; nothing tucked counts as no stack; a stack beats none; then higher strength, then
the higher face-up Vampire; the game tie-break counts 1 + tucked for a won vote."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claim.core import engine, view
from claim.core.positions import load_position
from claim.core.state import State
from scenario import codes, last_trick, position_record, replay, zone

#: Vampires with Goblins/Knights, Dwarves (given to the loser) and Undead
VAMP = ["goblins", "knights", "vampires", "dwarves", "undead"]
#: Vampires with Gnomes/Giants (face-up Gnomes, Giant smashes) and Trolls
VAMP2 = ["gnomes", "giants", "vampires", "dwarves", "trolls"]


def _record(
    factions: list[str],
    hands: Sequence[Sequence[str]],
    moves: Sequence[str] = (),
    *,
    phase: int = 2,
    scores: Sequence[Sequence[str]] = ((), ()),
    gnomes: Sequence[Sequence[str]] = ((), ()),
    vampire: Sequence[str | None] = (None, None),
    tucked: Sequence[Sequence[str]] = ((), ()),
    number: int = 1,
    leader: int = 0,
) -> dict[str, Any]:
    """A record from the start of a trick, with each player's Vampire stack placed (taken out of
    the discard pile, where position_record put every unplaced card)."""
    record = position_record(
        factions,
        phase=phase,
        hands=hands,
        scores=scores,
        gnomes=gnomes,
        number=number,
        leader=leader,
        moves=moves,
        prize="goblins:9" if phase == 1 else None,
        deck_top=["goblins:8", "goblins:7"] if phase == 1 else (),
    )
    position = record["position"]
    for p in (0, 1):
        stack = [vampire[p]] if vampire[p] else []
        position["players"][p]["vampire"] = stack
        position["players"][p]["tucked"] = list(tucked[p])
        for code in [*stack, *tucked[p]]:
            position["discard"].remove(code)
    return record


def _state(*args: Any, **kwargs: Any) -> State:
    return replay(_record(*args, **kwargs))


def test_vampires_have_no_power_in_phase_one() -> None:
    """V1: Phase Two only. A Phase One trick of two Vampires asks nothing; both are discarded."""
    state = _state(
        VAMP,
        [["vampires:7", "goblins:1"], ["vampires:3", "goblins:2"]],
        ["play vampires:7", "play vampires:3"],
        phase=1,
    )
    assert last_trick(state)["winner"] == 0
    assert state.tasks == []
    assert engine.legal_actions(state) == ["play goblins:1"]
    assert zone(state, "discard")[-2:] == ["vampires:7", "vampires:3"]
    assert state.vampire == [[], []]


def test_winner_may_crown_either_vampire_collected() -> None:
    """V1, V2: the winner collected vampires:7 and vampires:3: ``crown`` either, or ``pass``.
    The crowned Vampire leaves the Score pile (V15) and is public to both players."""
    state = _state(
        VAMP,
        [["vampires:7", "goblins:1"], ["vampires:3", "goblins:2"]],
        ["play vampires:7", "play vampires:3"],
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["crown vampires:7", "crown vampires:3", "pass"]
    assert zone(state, "score", 0) == ["vampires:7", "vampires:3"]
    engine.apply(state, "crown vampires:3")
    assert zone(state, "score", 0) == ["vampires:7"]
    assert codes(state.vampire[0]) == ["vampires:3"]
    assert state.tucked[0] == []
    report = view.report(state)
    assert report["players"][0]["vampire"] == "vampires:3"
    assert report["players"][0]["score"] == ["vampires:7"]
    for viewer in (0, 1):
        seen = view.observe(state, viewer)["players"][0]
        assert seen["vampire"] == "vampires:3"
        assert seen["tucked"] == []
    # nothing to tuck (only Vampires were collected), the loser collected nothing: next trick
    assert state.tasks == []
    assert engine.legal_actions(state) == ["play goblins:1"]


def test_pass_keeps_the_vampire_in_the_score_pile() -> None:
    """V2: ``pass`` crowns nothing; without a face-up Vampire there is no tuck decision."""
    state = _state(
        VAMP,
        [["vampires:6", "goblins:1"], ["knights:4", "goblins:2"]],
        ["play vampires:6", "play knights:4", "pass"],
    )
    assert zone(state, "score", 0) == ["vampires:6", "knights:4"]
    assert state.vampire == [[], []]
    assert view.report(state)["players"][0]["vampire"] is None
    assert engine.legal_actions(state) == ["play goblins:1"]


def test_cards_of_the_crowning_trick_may_be_tucked_under_the_new_vampire() -> None:
    """V4: the crown comes before the tucks: the winner crowns vampires:6 and may then tuck the
    knights:4 collected in the same trick."""
    state = _state(
        VAMP,
        [["vampires:6", "goblins:1"], ["knights:4", "goblins:2"]],
        ["play vampires:6", "play knights:4", "crown vampires:6"],
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["tuck knights:4", "pass"]
    engine.apply(state, "tuck knights:4")
    assert state.tasks == []
    assert zone(state, "score", 0) == []
    report = view.report(state)
    assert report["players"][0]["vampire"] == "vampires:6"
    assert report["players"][0]["tucked"] == ["knights:4"]
    assert view.observe(state, 1)["players"][0]["tucked"] == ["knights:4"]


def test_no_tuck_without_a_face_up_vampire() -> None:
    """V4: tucks are asked only while the player has a face-up Vampire."""
    state = _state(
        VAMP,
        [["knights:6", "goblins:1"], ["knights:4", "goblins:2"]],
        ["play knights:6", "play knights:4"],
    )
    assert state.tasks == []
    assert engine.legal_actions(state) == ["play goblins:1"]
    assert zone(state, "score", 0) == ["knights:6", "knights:4"]


def test_tucks_repeat_until_pass_and_only_cards_of_this_trick() -> None:
    """V3, V4: with a face-up Vampire the winner may tuck each card collected this trick, one
    per decision, asked again after each tuck; ``pass`` ends the tucks. knights:9, already in
    the Score pile before the trick, is never offered."""
    state = _state(
        VAMP,
        [["knights:7", "goblins:1"], ["knights:3", "goblins:2"]],
        ["play knights:7", "play knights:3"],
        scores=[["knights:9"], []],
        vampire=["vampires:4", None],
    )
    assert engine.legal_actions(state) == ["tuck knights:7", "tuck knights:3", "pass"]
    engine.apply(state, "tuck knights:3")
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["tuck knights:7", "pass"]
    engine.apply(state, "pass")
    assert state.tasks == []
    assert zone(state, "score", 0) == ["knights:9", "knights:7"]
    assert view.report(state)["players"][0]["tucked"] == ["knights:3"]


def test_tucking_every_card_ends_the_decision() -> None:
    """V4: after the last tuckable card is tucked the player is not asked again; tucked cards
    keep their tuck order (V15)."""
    state = _state(
        VAMP,
        [["knights:7", "goblins:1"], ["knights:3", "goblins:2"]],
        ["play knights:7", "play knights:3", "tuck knights:7", "tuck knights:3"],
        vampire=["vampires:4", None],
        tucked=[["undead:2"], []],
    )
    assert state.tasks == []
    assert zone(state, "score", 0) == []
    assert view.report(state)["players"][0]["tucked"] == ["undead:2", "knights:7", "knights:3"]
    assert engine.legal_actions(state) == ["play goblins:1"]


def test_vampires_cannot_be_tucked_and_pass_on_crown_keeps_the_old_stack() -> None:
    """V3: a Vampire is never tucked. The winner with a face-up vampires:2 passes on crowning
    vampires:8, then may tuck only the knights:5."""
    state = _state(
        VAMP,
        [["vampires:8", "goblins:1"], ["knights:5", "goblins:2"]],
        ["play vampires:8", "play knights:5"],
        vampire=["vampires:2", None],
        tucked=[["undead:3"], []],
    )
    assert engine.legal_actions(state) == ["crown vampires:8", "pass"]
    engine.apply(state, "pass")
    assert engine.legal_actions(state) == ["tuck knights:5", "pass"]
    engine.apply(state, "tuck knights:5")
    assert zone(state, "score", 0) == ["vampires:8"]
    players = view.report(state)["players"]
    assert players[0]["vampire"] == "vampires:2"
    assert players[0]["tucked"] == ["undead:3", "knights:5"]


def test_crowning_a_new_vampire_sends_the_old_stack_out_face_up() -> None:
    """R-20, V7: crowning vampires:8 sends the old vampires:2 and its tucked cards out of the
    game (not the discard), face-up: both players see them in ``out``."""
    state = _state(
        VAMP,
        [["vampires:8", "goblins:1"], ["vampires:1", "goblins:2"]],
        ["play vampires:8", "play vampires:1", "crown vampires:8"],
        vampire=["vampires:2", None],
        tucked=[["undead:3", "knights:6"], []],
    )
    stack = ["vampires:2", "undead:3", "knights:6"]
    assert zone(state, "out") == stack
    assert not set(stack) & set(zone(state, "discard"))
    assert state.tasks == []  # nothing left to tuck: vampires:1 is a Vampire
    assert zone(state, "score", 0) == ["vampires:1"]
    report = view.report(state)
    assert report["out"] == stack
    assert report["players"][0]["vampire"] == "vampires:8"
    assert report["players"][0]["tucked"] == []
    for viewer in (0, 1):
        seen = view.observe(state, viewer)
        assert seen["out"] == stack
        assert seen["players"][0]["vampire"] == "vampires:8"
    # the stack survives a position round trip, public marks included
    restored = load_position(state.to_dict())
    assert view.observe(restored, 1) == view.observe(state, 1)


def test_the_loser_tucks_dwarves_they_were_given_after_the_winners_crown() -> None:
    """V4, V5: vampires:6 wins against an off-faction dwarves:4, which goes to the loser
    (Dwarves). Order: the winner's crown, then the loser's tucks (the loser has a face-up
    Vampire)."""
    state = _state(
        VAMP,
        [["vampires:6", "goblins:1"], ["dwarves:4", "goblins:2"]],
        ["play vampires:6", "play dwarves:4"],
        vampire=[None, "vampires:1"],
    )
    assert view.report(state)["current"]["winner"] == 0  # decided, not yet finished
    # V4: the whole queue, in order, behind the step that ends the trick
    assert state.tasks == [
        ("crown", 0, 0),
        ("tuck", 0, 1),
        ("crown", 1, 2),
        ("tuck", 1, 3),
        ("@end-trick", -1, 0),
    ]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["crown vampires:6", "pass"]
    engine.apply(state, "crown vampires:6")
    # the winner collected nothing else to tuck, the loser no Vampire to crown
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["tuck dwarves:4", "pass"]
    engine.apply(state, "tuck dwarves:4")
    assert state.tasks == []
    assert codes(state.tucked[1]) == ["dwarves:4"]
    assert zone(state, "score", 1) == []
    players = view.report(state)["players"]
    assert players[0]["vampire"] == "vampires:6"
    assert players[1]["vampire"] == "vampires:1"
    assert players[1]["tucked"] == ["dwarves:4"]
    assert engine.current_player(state) == 0


def test_winner_tucks_before_the_loser() -> None:
    """V4: both players have a face-up Vampire; trolls:5 wins against an off-faction dwarves:4.
    The winner is asked to tuck the Troll first, then the loser the Dwarf."""
    state = _state(
        VAMP2,
        [["trolls:5", "gnomes:1"], ["dwarves:4", "gnomes:3"]],
        ["play trolls:5", "play dwarves:4"],
        vampire=["vampires:3", "vampires:1"],
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["tuck trolls:5", "pass"]
    engine.apply(state, "pass")
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["tuck dwarves:4", "pass"]
    engine.apply(state, "pass")
    assert zone(state, "score", 0) == ["trolls:5"]
    assert zone(state, "score", 1) == ["dwarves:4"]
    assert state.tucked == [[], []]


def test_a_collected_gnome_may_be_tucked_and_names_are_offered_once() -> None:
    """V6, V4: two gnomes:3 collected face-up: one ``tuck gnomes:3`` option (no repeats); a tuck
    takes one of them from the Gnome row; the other may be tucked next."""
    state = _state(
        VAMP2,
        [["gnomes:3", "giants:1"], ["gnomes:3", "giants:3"]],
        ["play gnomes:3", "play gnomes:3"],
        vampire=["vampires:5", None],
    )
    assert zone(state, "gnomes", 0) == ["gnomes:3", "gnomes:3"]
    assert engine.legal_actions(state) == ["tuck gnomes:3", "pass"]
    engine.apply(state, "tuck gnomes:3")
    assert zone(state, "gnomes", 0) == ["gnomes:3"]
    assert engine.legal_actions(state) == ["tuck gnomes:3", "pass"]
    engine.apply(state, "pass")
    players = view.report(state)["players"]
    assert players[0]["gnomes"] == ["gnomes:3"]
    assert players[0]["tucked"] == ["gnomes:3"]


def test_giant_smash_comes_before_vampire_tucks() -> None:
    """R-4: Vampire decisions come after every other decision of the trick. giants:5 and
    giants:3 win; the Giant smash of player 1's face-up gnomes:5 is asked first, then the
    tucks of both Giants."""
    state = _state(
        VAMP2,
        [["giants:5", "gnomes:1"], ["giants:3", "gnomes:7"]],
        ["play giants:5", "play giants:3"],
        gnomes=[[], ["gnomes:5"]],
        vampire=["vampires:9", None],
    )
    assert view.report(state)["current"]["winner"] == 0
    assert engine.legal_actions(state) == ["smash gnomes:5", "pass"]
    engine.apply(state, "smash gnomes:5")
    assert zone(state, "gnomes", 1) == []
    assert engine.legal_actions(state) == ["tuck giants:5", "tuck giants:3", "pass"]
    engine.apply(state, "tuck giants:5")
    assert engine.legal_actions(state) == ["tuck giants:3", "pass"]


def test_a_decision_survives_a_position_round_trip() -> None:
    """Decisions are state: a position saved in the middle of the tucks restores the same
    options (the trick's collected cards are part of the position)."""
    state = _state(
        VAMP,
        [["knights:7", "goblins:1"], ["knights:3", "goblins:2"]],
        ["play knights:7", "play knights:3", "tuck knights:7"],
        vampire=["vampires:4", None],
    )
    restored = load_position(state.to_dict())
    assert (
        engine.legal_actions(restored)
        == engine.legal_actions(state)
        == [
            "tuck knights:3",
            "pass",
        ]
    )
    engine.apply(restored, "tuck knights:3")
    assert codes(restored.tucked[0]) == ["knights:7", "knights:3"]
    assert zone(restored, "score", 0) == []


# -------------------------------------------------------------------------------------------------
# The Vampire vote (R-21, V8) and the game tie-break
# -------------------------------------------------------------------------------------------------


def _last_trick_result(
    vampire: Sequence[str | None],
    tucked: Sequence[Sequence[str]],
    scores: Sequence[Sequence[str]] = ((), ()),
) -> dict[str, Any]:
    """Play the last trick of the game (undead:1 leads, undead:0 follows: player 0 wins both
    Undead), pass on any tuck offered, and return the result."""
    state = _state(
        VAMP,
        [["undead:1"], ["undead:0"]],
        ["play undead:1", "play undead:0"],
        number=13,
        scores=scores,
        vampire=vampire,
        tucked=tucked,
    )
    while state.result is None:
        assert engine.legal_actions(state) == ["tuck undead:1", "tuck undead:0", "pass"]
        engine.apply(state, "pass")
    assert [codes(t) for t in state.tucked] == [list(t) for t in tucked]
    return state.result


def test_a_stack_with_a_tucked_card_beats_a_bare_higher_vampire() -> None:
    """V8: a face-up vampires:9 with nothing tucked is no stack; vampires:1 with goblins:0
    tucked (strength 1) wins the vote."""
    result = _last_trick_result(["vampires:9", "vampires:1"], [[], ["goblins:0"]])
    assert result["votes"]["vampires"] == 1


def test_higher_strength_wins() -> None:
    """R-21: vampires:3 + knights:5 (8) beats vampires:7 + goblins:0 (7)."""
    result = _last_trick_result(["vampires:3", "vampires:7"], [["knights:5"], ["goblins:0"]])
    assert result["votes"]["vampires"] == 0


def test_equal_strength_goes_to_the_higher_face_up_vampire() -> None:
    """R-21: vampires:3 + knights:6 and vampires:7 + goblins:2 are both 9: the higher face-up
    Vampire wins."""
    result = _last_trick_result(["vampires:3", "vampires:7"], [["knights:6"], ["goblins:2"]])
    assert result["votes"]["vampires"] == 1


def test_no_stack_on_either_side_is_nobodys_vote_whatever_the_score_piles() -> None:
    """R-21, V8: a bare face-up Vampire and no Vampire: nobody wins, although player 1 holds
    three Vampires in the Score pile (other Vampires do not count)."""
    result = _last_trick_result(
        ["vampires:9", None], [[], []], scores=[[], ["vampires:2", "vampires:3", "vampires:4"]]
    )
    assert result["votes"]["vampires"] is None


def test_score_pile_vampires_do_not_beat_a_stack() -> None:
    """R-21: player 1's three Vampires in the Score pile count for nothing; player 0's stack
    vampires:0 + goblins:0 (strength 0) wins."""
    result = _last_trick_result(
        ["vampires:0", None],
        [["goblins:0"], []],
        scores=[[], ["vampires:7", "vampires:8", "vampires:9"]],
    )
    assert result["votes"]["vampires"] == 0


def _tie_break_game(last_moves: list[str]) -> State:
    """The last trick: player 0 (face-up vampires:5 over three tucked cards) leads vampires:0,
    player 1 discards goblins:4 off-faction. Player 1 wins Goblins with four cards."""
    state = _state(
        VAMP,
        [["vampires:0"], ["goblins:4"]],
        ["play vampires:0", "play goblins:4", *last_moves],
        number=13,
        scores=[[], ["goblins:1", "goblins:2", "goblins:3", "goblins:5"]],
        vampire=["vampires:5", None],
        tucked=[["knights:2", "knights:3", "undead:1"], []],
    )
    assert state.result is not None
    return state


def test_tie_break_counts_the_vampire_and_its_tucked_cards() -> None:
    """R-21, V11: one vote each; player 0 tucks the goblins:4 of the last trick, so the won
    Vampire vote counts 1 + 4 = 5 cards (the vampires:0 left in the Score pile counts nothing)
    against player 1's four Goblins."""
    state = _tie_break_game(["pass", "tuck goblins:4"])
    result = state.result
    assert result is not None
    assert zone(state, "score", 0) == ["vampires:0"]
    assert result["votes"] == {
        "goblins": 1,
        "knights": None,
        "vampires": 0,
        "dwarves": None,
        "undead": None,
    }
    assert result["votes_won"] == [1, 1]
    assert result["cards_in_won_factions"] == [5, 4]
    assert result["winner"] == 0
    assert result["reason"] == "cards"


def test_tie_break_without_the_last_tuck_is_a_draw() -> None:
    """R-21, V11: the same game without tucking goblins:4: 1 + 3 = 4 cards against 4: a draw.
    (The untucked goblins:4 is one Goblin for player 0, who still loses Goblins.)"""
    state = _tie_break_game(["pass", "pass"])
    result = state.result
    assert result is not None
    assert zone(state, "score", 0) == ["vampires:0", "goblins:4"]
    assert result["votes"]["vampires"] == 0
    assert result["votes"]["goblins"] == 1
    assert result["cards_in_won_factions"] == [4, 4]
    assert result["winner"] is None
    assert result["reason"] == "draw"
    # the finished report keeps the stack beside the Score pile (V15)
    players = view.report(state)["players"]
    assert players[0]["vampire"] == "vampires:5"
    assert players[0]["tucked"] == ["knights:2", "knights:3", "undead:1"]
    assert "vampires:5" not in players[0]["score"]


def test_tucked_cards_do_not_count_for_their_faction() -> None:
    """§5.3, V11: tucked Knights count for no faction: player 1's single knights:2 in the Score
    pile wins Knights against player 0's two tucked Knights."""
    result = _last_trick_result(
        ["vampires:4", None], [["knights:8", "knights:9"], []], scores=[[], ["knights:2"]]
    )
    assert result["votes"]["knights"] == 1
    assert result["votes"]["vampires"] == 0
