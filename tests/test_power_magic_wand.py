"""Magic Wand (RULES.md §8, an artifact, the highest tier): right after you play a card, change its
effective value by +2 or −2.

Rulings applied here:

- R-80, A1, A20: always usable: offered (``use magic-wand +2``, ``use magic-wand -2``, ``pass``)
  to the player who just played a card (lead or follow, either phase); the other player is not
  asked; a player holding no usable artifact is never asked.
- A2, A22: the opponent's King's Dagger window on that card comes first; the Wand shares the
  player's window with the Mirror of Lies (and, after a lead, the Cloak, Lamp, Bottle), asked
  again after a use while another is usable.
- §4.2, A12: recorded at play, applied last in the value chain — after locations (Underworld),
  factions (Unicorns) and heroes (Lich King, no floor, H14) — in the order the artifacts were
  used (the Mirror tests the value before the Mirror itself); the trick history shows the
  final value.
- A31, H25: the change stays with the card: under a Jester swap the changed card keeps its value
  for its new owner; Warlock / Mummy / Centaur Archer / Stone Golem tests see the changed value
  (H16), so a Wand can turn a winning card into a losing one.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from claim.core import engine, records, view
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, stacked_record, zone

WAND = "magic-wand"
WAND_MOVES = ["use magic-wand +2", "use magic-wand -2", "pass"]
# The other artifacts are never usable in the tricks played here (between the phases only, a
# Score pile or three losses needed), unless a test is about them.
LEADER_WAND = (
    (WAND, "gamblers-book", "flail-of-dawn"),
    ("endless-rope", "flask-of-tears", "book-of-memories"),
)
FOLLOWER_WAND = (LEADER_WAND[1], LEADER_WAND[0])
HEROES = ["lich-king", "jester", "mummy", "centaur-archer"]
UNICORNS = ["goblins", "knights", "unicorns", "undead", "dwarves"]


def _record(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str] = (),
    *,
    artifacts: Sequence[Sequence[str]] = LEADER_WAND,
    phase: int = 2,
    factions: Sequence[str] = CLAIM,
    scores: Sequence[Sequence[str]] = ((), ()),
    setting: str | None = None,
) -> dict[str, Any]:
    """A record from the start of a trick, player 0 leading, the discard pile empty, the heroes
    ``HEROES`` in the game (Phase One: prize dwarves:9, deck dwarves:8, dwarves:7)."""
    record = position_record(
        factions,
        phase=phase,
        prize="dwarves:9" if phase == 1 else None,
        deck_top=["dwarves:8", "dwarves:7"] if phase == 1 else [],
        hands=hands,
        scores=scores,
        heroes=HEROES,
        discard=[],
        artifacts=artifacts,
        moves=moves,
    )
    if setting is not None:
        record["position"]["setup"]["setting"] = setting
    return record


def _trick(hands: Sequence[Sequence[str]], moves: Sequence[str] = (), **options: Any) -> State:
    return replay(_record(hands, moves, **options))


def _plays(state: State) -> list[tuple[int, str, int]]:
    return [(p["player"], p["card"], p["value"]) for p in last_trick(state)["plays"]]


# -- when it is offered ------------------------------------------------------------------------


def test_offered_right_after_a_lead() -> None:
    """A1, A2: the leader who just played is asked ``+2``, ``-2`` or ``pass``."""
    state = _trick([["goblins:7", "knights:3"], ["goblins:6", "undead:1"]], ["play goblins:7"])
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == WAND_MOVES


def test_offered_right_after_a_follow_and_not_to_the_other_player() -> None:
    """A1, A2: player 1 holds the Wand: after player 0's lead nobody is asked (player 1 plays);
    after player 1's follow, player 1 is asked."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:6", "undead:1"]],
        ["play goblins:7"],
        artifacts=FOLLOWER_WAND,
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:6"]
    engine.apply(state, "play goblins:6")
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == WAND_MOVES


def test_offered_in_phase_one() -> None:
    """§8: "right after you play a card", in either phase."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:6", "undead:1"]], ["play goblins:7"], phase=1
    )
    assert engine.legal_actions(state) == WAND_MOVES


def test_the_opponents_dagger_comes_first() -> None:
    """A2, A22: player 1 follows with goblins:5; player 0's King's Dagger window comes before
    player 1's own Wand; once player 0 passes, player 1 is asked."""
    artifacts = (
        ("kings-dagger", "gamblers-book", "flail-of-dawn"),
        (WAND, "endless-rope", "flask-of-tears"),
    )
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:5", "undead:1"]],
        ["play goblins:7", "play goblins:5"],
        artifacts=artifacts,
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use kings-dagger", "pass"]
    engine.apply(state, "pass")
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == WAND_MOVES


def test_a_player_without_artifacts_left_is_never_asked() -> None:
    """R-80, A1: with the Wand used already (no artifact left), the lead asks nothing."""
    record = _record([["goblins:7", "knights:3"], ["goblins:6", "undead:1"]], ["play goblins:7"])
    player = record["position"]["players"][0]
    player["artifacts"], player["used_artifacts"] = [], list(LEADER_WAND[0])
    state = replay(record)
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:6"]


# -- the effect ----------------------------------------------------------------------------------


def test_declining_keeps_the_printed_values() -> None:
    """R-80: ``pass``: goblins:7 beats goblins:6 as printed; no artifact in the history."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:6", "undead:1"]],
        ["play goblins:7", "pass", "play goblins:6"],
    )
    assert _plays(state) == [(0, "goblins:7", 7), (1, "goblins:6", 6)]
    assert last_trick(state)["winner"] == 0
    assert "artifacts" not in last_trick(state)


def test_plus_two_turns_a_losing_follow_into_a_win() -> None:
    """§8: player 1's goblins:6 +2 is 8 and beats goblins:7; the history shows 8."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:6", "undead:1"]],
        ["play goblins:7", "play goblins:6", "use magic-wand +2"],
        artifacts=FOLLOWER_WAND,
    )
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:7", 7), (1, "goblins:6", 8)]
    assert trick["winner"] == 1
    assert trick["artifacts"] == [WAND]
    assert state.used_artifacts[1] == [WAND]


def test_minus_two_turns_a_winning_lead_into_a_loss() -> None:
    """§8: player 0's goblins:7 −2 is 5, so goblins:6 wins for player 1."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:6", "undead:1"]],
        ["play goblins:7", "use magic-wand -2", "play goblins:6"],
    )
    assert _plays(state) == [(0, "goblins:7", 5), (1, "goblins:6", 6)]
    assert last_trick(state)["winner"] == 1


def test_a_value_may_go_below_zero() -> None:
    """§8, H14 (no floor): goblins:1 −2 is −1 in the history."""
    state = _trick(
        [["goblins:1", "knights:3"], ["goblins:0", "undead:1"]],
        ["play goblins:1", "use magic-wand -2", "play goblins:0"],
    )
    assert _plays(state) == [(0, "goblins:1", -1), (1, "goblins:0", 0)]
    assert last_trick(state)["winner"] == 1


# -- last in the value chain (§4.2, A12) ----------------------------------------------------------


def test_after_a_lich_king() -> None:
    """§4.2, A12, H14: the led Lich King (6) gives goblins:8 −3 (5); the Wand's +2 comes on top:
    7 beats 6. Without the Wand, 5 loses."""
    moves = ["play hero:lich-king", "play goblins:8"]
    hands = [["hero:lich-king", "knights:3"], ["goblins:8", "undead:1"]]
    state = _trick(hands, [*moves, "use magic-wand +2"], artifacts=FOLLOWER_WAND)
    assert _plays(state) == [(0, "hero:lich-king", 6), (1, "goblins:8", 7)]
    assert last_trick(state)["winner"] == 1
    state = _trick(hands, [*moves, "pass"], artifacts=FOLLOWER_WAND)
    assert _plays(state) == [(0, "hero:lich-king", 6), (1, "goblins:8", 5)]
    assert last_trick(state)["winner"] == 0


def test_after_the_lich_king_and_before_a_later_mirror() -> None:
    """A12: values change in the order locations, factions, heroes, then artifacts in the order
    used. goblins:6 after the Lich King is 3; the Wand makes it 5; the Mirror of Lies then sees 5
    (5 or less: +5) and makes it 10, which beats the Lich King. (Had the Lich King's −3 come
    last, 6+2 = 8 would have been mirrored to 3, then 0.)"""
    artifacts = (LEADER_WAND[1], (WAND, "mirror-of-lies", "gamblers-book"))
    state = _trick(
        [["hero:lich-king", "knights:3"], ["goblins:6", "undead:1"]],
        ["play hero:lich-king", "play goblins:6", "use magic-wand +2"],
        artifacts=artifacts,
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use mirror-of-lies", "pass"]
    engine.apply(state, "use mirror-of-lies")
    trick = last_trick(state)
    assert _plays(state) == [(0, "hero:lich-king", 6), (1, "goblins:6", 10)]
    assert trick["artifacts"] == [WAND, "mirror-of-lies"]
    assert trick["winner"] == 1


def test_in_the_order_used_with_the_mirror() -> None:
    """A12: the Mirror first, then the Wand: goblins:4 is mirrored to 9, then 11 (the other order
    gives 4+2 = 6, mirrored to 1)."""
    artifacts = ((WAND, "mirror-of-lies", "gamblers-book"), LEADER_WAND[1])
    hands = [["goblins:4", "knights:3"], ["goblins:6", "undead:1"]]
    state = _trick(
        hands,
        ["play goblins:4", "use mirror-of-lies", "use magic-wand +2", "play goblins:6"],
        artifacts=artifacts,
    )
    assert _plays(state) == [(0, "goblins:4", 11), (1, "goblins:6", 6)]
    assert last_trick(state)["winner"] == 0
    state = _trick(
        hands,
        ["play goblins:4", "use magic-wand +2", "use mirror-of-lies", "play goblins:6"],
        artifacts=artifacts,
    )
    assert _plays(state) == [(0, "goblins:4", 1), (1, "goblins:6", 6)]
    assert last_trick(state)["winner"] == 1


def test_after_a_unicorn_bonus() -> None:
    """§4.2, §5.6: player 1's unicorns:3 in the Score pile gives their goblins:6 +1 (7, a tie the
    leader would win); the Wand's +2 on top makes 9, which wins."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:6", "undead:1"]],
        ["play goblins:7", "play goblins:6", "use magic-wand +2"],
        artifacts=FOLLOWER_WAND,
        factions=UNICORNS,
        scores=([], ["unicorns:3"]),
    )
    assert _plays(state) == [(0, "goblins:7", 7), (1, "goblins:6", 9)]
    assert last_trick(state)["winner"] == 1


def test_after_the_underworld() -> None:
    """§4.2, §7 Underworld: the led goblins:0 counts 10; −2 makes it 8, and goblins:9 wins."""
    state = _trick(
        [["goblins:0", "knights:3"], ["goblins:9", "undead:1"]],
        ["play goblins:0", "use magic-wand -2", "play goblins:9"],
        setting="underworld",
    )
    assert _plays(state) == [(0, "goblins:0", 8), (1, "goblins:9", 9)]
    assert last_trick(state)["winner"] == 1


# -- the change stays with the card (A31) --------------------------------------------------------


def test_the_change_stays_with_the_lead_card_under_a_jester_swap() -> None:
    """A31, H25, R-64: goblins:4 +2 (6) led, the Jester (5) second: after the swap player 0 has
    led the Jester and player 1 followed with goblins:4, which keeps its 6 and wins. Without the
    Wand, the Jester's 5 beats goblins:4 for player 0."""
    hands = [["goblins:4", "knights:3"], ["hero:jester", "undead:1"]]
    state = _trick(hands, ["play goblins:4", "use magic-wand +2", "play hero:jester"])
    assert _plays(state) == [(0, "goblins:4", 6), (1, "hero:jester", 5)]
    assert last_trick(state)["winner"] == 1
    state = _trick(hands, ["play goblins:4", "pass", "play hero:jester"])
    assert _plays(state) == [(0, "goblins:4", 4), (1, "hero:jester", 5)]
    assert last_trick(state)["winner"] == 0


def test_the_change_stays_with_the_jester() -> None:
    """A31, H25: the Jester −2 (3) played on goblins:4: the swapped Jester, now player 0's led
    card, keeps its 3, so goblins:4 wins for player 1 (without the Wand the Jester's 5 would win
    for player 0, as in the test above)."""
    state = _trick(
        [["goblins:4", "knights:3"], ["hero:jester", "undead:1"]],
        ["play goblins:4", "play hero:jester", "use magic-wand -2"],
        artifacts=FOLLOWER_WAND,
    )
    assert _plays(state) == [(0, "goblins:4", 4), (1, "hero:jester", 3)]
    assert last_trick(state)["winner"] == 1


def test_a_wand_can_hand_the_trick_to_a_mummy() -> None:
    """A31, H16: the Mummy wins when played second on an effective value of 7 or more: goblins:6
    +2 (8) makes the leader's winning card a losing one; unchanged, the Mummy is off-faction and
    loses."""
    hands = [["goblins:6", "knights:3"], ["hero:mummy", "undead:1"]]
    state = _trick(hands, ["play goblins:6", "use magic-wand +2", "play hero:mummy"])
    assert _plays(state) == [(0, "goblins:6", 8), (1, "hero:mummy", 4)]
    assert last_trick(state)["winner"] == 1
    state = _trick(hands, ["play goblins:6", "pass", "play hero:mummy"])
    assert last_trick(state)["winner"] == 0


def test_a_wand_can_hand_the_trick_to_a_centaur_archer() -> None:
    """A31, H16: the Centaur Archer wins on an effective value of 5 or 6: goblins:7 −2 (5)."""
    state = _trick(
        [["goblins:7", "knights:3"], ["hero:centaur-archer", "undead:1"]],
        ["play goblins:7", "use magic-wand -2", "play hero:centaur-archer"],
    )
    assert _plays(state) == [(0, "goblins:7", 5), (1, "hero:centaur-archer", 3)]
    assert last_trick(state)["winner"] == 1


def test_a_basilisk_matches_the_changed_value() -> None:
    """A31 (Basilisk equality sees the changed value), §5.6: goblins:5 +2 is 7, so a following
    basilisks:7 matches it, captures the lead and wins; unchanged (5), the Basilisk is an
    off-faction card that loses."""
    factions = ["goblins", "knights", "basilisks", "undead", "dwarves"]
    hands = [["goblins:5", "knights:3"], ["basilisks:7", "undead:1"]]
    state = _trick(
        hands, ["play goblins:5", "use magic-wand +2", "play basilisks:7"], factions=factions
    )
    assert _plays(state) == [(0, "goblins:5", 7), (1, "basilisks:7", 7)]
    assert last_trick(state)["winner"] == 1
    assert "goblins:5" in zone(state, "score", 1)
    state = _trick(hands, ["play goblins:5", "pass", "play basilisks:7"], factions=factions)
    assert last_trick(state)["winner"] == 0


# -- records ------------------------------------------------------------------------------------


def test_a_game_with_a_wand_replays_exactly_from_its_record() -> None:
    """Records replay exactly: a stacked first trick (Phase One) in which player 1 follows
    goblins:6 with ``use magic-wand +2`` and wins; the record written from the state replays to
    the same state, the value 8 in the history included."""
    record = stacked_record(
        CLAIM,
        ["goblins:7", "knights:3"],
        ["goblins:6", "undead:1"],
        ["dwarves:9", "dwarves:8"],
        moves=["play goblins:7", "play goblins:6", "use magic-wand +2"],
        artifacts=FOLLOWER_WAND,
    )
    state = replay(record)
    assert _plays(state) == [(0, "goblins:7", 7), (1, "goblins:6", 8)]
    assert last_trick(state)["winner"] == 1
    written = json.loads(json.dumps(records.to_record(state)))
    assert written["moves"][-1] == "use magic-wand +2"
    again = records.replay(written)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)
