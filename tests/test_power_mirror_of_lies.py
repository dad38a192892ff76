"""Mirror of Lies (RULES.md §8, an artifact, the highest tier): right after you play a card, an
effective value of 5 or less gets +5; above 5, −5.

Rulings: R-80, A1 (offered as ``use mirror-of-lies`` or ``pass`` only to its holder), A2 and A22
(the player's own window right after their card: after the lead, after the follower's Dagger
window; after the follow, after the leader's Dagger window; never after the opponent's card nor
at the start of a trick), A20 (always usable), A12 (recorded at play, applied last in the value
chain of §4.2 — after locations, factions, heroes — in the order the artifacts were used; the
Mirror tests the value before the Mirror itself, so a Magic Wand used first counts and one used
after it does not), A15 (a Flask of Tears bonus is an artifact change used before the card),
A31 (the change stays with the card; Warlock-style tests see the changed value), A38 (a Vampire
Queen does not cancel it: see tests/test_precedence_artifacts.py), A41 (the trick lists
``artifacts``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from claim.core import engine, records, view
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, stacked_record, tricks, zone

MIRROR = "mirror-of-lies"
PRIZE = "goblins:9"
DECK_TOP = ("dwarves:9", "dwarves:8")
QUIET = ("endless-rope", "spyglass", "book-of-memories")  # never usable in Phase One
MIRROR0 = ((MIRROR, "flail-of-dawn", "gamblers-book"), QUIET)
MIRROR1 = (("flail-of-dawn", "gamblers-book", "kings-dagger"), (MIRROR, "endless-rope", "spyglass"))


def _record(
    hand0: Sequence[str],
    hand1: Sequence[str],
    moves: Sequence[str],
    *,
    phase: int = 1,
    artifacts: Sequence[Sequence[str]] = MIRROR0,
    heroes: Sequence[str] = (),
) -> dict[str, Any]:
    """A record from the start of a trick of ``phase``, player 0 leading (Phase One: prize
    ``PRIZE``, then ``DECK_TOP``), the discard pile empty."""
    return position_record(
        CLAIM,
        phase=phase,
        prize=PRIZE if phase == 1 else None,
        deck_top=list(DECK_TOP) if phase == 1 else [],
        hands=[hand0, hand1],
        heroes=heroes,
        discard=[],
        moves=moves,
        artifacts=artifacts,
    )


def _trick(hand0: Sequence[str], hand1: Sequence[str], moves: Sequence[str], **kw: Any) -> State:
    return replay(_record(hand0, hand1, moves, **kw))


def _plays(state: State) -> list[tuple[int, str, int]]:
    return [(p["player"], p["card"], p["value"]) for p in last_trick(state)["plays"]]


# -- when it is offered ---------------------------------------------------------------------------


def test_offered_to_the_leader_right_after_the_lead_only() -> None:
    """A2, A22, R-80: not at the start of the trick (player 0 is asked to play at once), but
    right after the lead; not after the follower's card (the trick resolves at once)."""
    state = _trick(["goblins:4", "goblins:1"], ["goblins:7", "goblins:2"], [])
    assert engine.legal_actions(state) == ["play goblins:4", "play goblins:1"]
    engine.apply(state, "play goblins:4")
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [f"use {MIRROR}", "pass"]
    engine.apply(state, "pass")
    engine.apply(state, "play goblins:7")
    assert len(tricks(state)) == 1
    assert state.artifacts[0] == list(MIRROR0[0])


def test_offered_to_the_follower_right_after_the_follow() -> None:
    """A22: the follower's own window comes after their card; the leader, who holds nothing
    usable, is never asked."""
    state = _trick(
        ["goblins:4", "goblins:1"],
        ["goblins:7", "goblins:2"],
        ["play goblins:4"],
        artifacts=MIRROR1,
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:7", "play goblins:2"]
    engine.apply(state, "play goblins:2")
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [f"use {MIRROR}", "pass"]


def test_pass_keeps_the_value() -> None:
    """R-80: declined, goblins:4 stays 4 and loses to goblins:7; the Mirror stays unused."""
    state = _trick(
        ["goblins:4", "goblins:1"],
        ["goblins:7", "goblins:2"],
        ["play goblins:4", "pass", "play goblins:7"],
    )
    assert _plays(state) == [(0, "goblins:4", 4), (1, "goblins:7", 7)]
    assert last_trick(state)["winner"] == 1
    assert "artifacts" not in last_trick(state)


# -- the effect -----------------------------------------------------------------------------------


def test_five_or_less_gets_plus_five() -> None:
    """§8: goblins:5 (5, the boundary) becomes 10 and beats goblins:7; player 0 takes the prize,
    player 1 draws; the trick lists the Mirror."""
    state = _trick(
        ["goblins:5", "goblins:1"],
        ["goblins:7", "goblins:2"],
        ["play goblins:5", f"use {MIRROR}", "play goblins:7"],
    )
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:5", 10), (1, "goblins:7", 7)]
    assert trick["winner"] == 0
    assert trick["reason"] == "higher value"
    assert trick["artifacts"] == [MIRROR]
    assert zone(state, "followers", 0) == [PRIZE]
    assert zone(state, "followers", 1) == ["dwarves:9"]
    assert state.used_artifacts[0] == [MIRROR]


def test_zero_becomes_five() -> None:
    """§8: goblins:0 becomes 5; the follower's goblins:5 is 5 too, and equal values go to the
    leader (§4.3)."""
    state = _trick(
        ["goblins:0", "goblins:1"],
        ["goblins:5", "goblins:2"],
        ["play goblins:0", f"use {MIRROR}", "play goblins:5"],
    )
    assert _plays(state) == [(0, "goblins:0", 5), (1, "goblins:5", 5)]
    assert last_trick(state)["winner"] == 0
    assert last_trick(state)["reason"] == "equal values go to the leader"


def test_above_five_gets_minus_five() -> None:
    """§8: goblins:6 (the first value above 5) becomes 1 and loses to the follower's
    goblins:2."""
    state = _trick(
        ["goblins:6", "goblins:1"],
        ["goblins:2", "goblins:7"],
        ["play goblins:6", f"use {MIRROR}", "play goblins:2"],
    )
    assert _plays(state) == [(0, "goblins:6", 1), (1, "goblins:2", 2)]
    assert last_trick(state)["winner"] == 1
    assert zone(state, "followers", 1) == [PRIZE]


def test_the_followers_mirror_decides_the_trick() -> None:
    """A22: the follower's goblins:8 becomes 3 and loses to the lead goblins:6."""
    state = _trick(
        ["goblins:6", "goblins:1"],
        ["goblins:8", "goblins:2"],
        ["play goblins:6", "play goblins:8", f"use {MIRROR}"],
        artifacts=MIRROR1,
    )
    assert _plays(state) == [(0, "goblins:6", 6), (1, "goblins:8", 3)]
    assert last_trick(state)["winner"] == 0


def test_a_hero_card_is_mirrored_too() -> None:
    """§8, R-61, H1: a led Invincible Warrior (9) becomes 4; on a led hero values decide (§6),
    so the follower's goblins:6 wins."""
    state = _trick(
        ["hero:invincible-warrior", "goblins:1"],
        ["goblins:6", "goblins:2"],
        ["play hero:invincible-warrior", f"use {MIRROR}", "play goblins:6"],
        heroes=["invincible-warrior"],
    )
    assert _plays(state) == [(0, "hero:invincible-warrior", 4), (1, "goblins:6", 6)]
    assert last_trick(state)["winner"] == 1
    assert last_trick(state)["reason"] == "higher value"


# -- the value chain (A12) ------------------------------------------------------------------------


def test_the_mirror_sees_the_value_after_the_hero_layer() -> None:
    """A12, §4.2, H14: player 0 leads the Lich King (6); player 1's goblins:7 gets −3 (hero
    layer) = 4, and the Mirror, applied last, tests 4: +5 = 9, which beats the Lich King.
    (Tested on the printed 7 it would give 2 − 3 = −1.)"""
    state = _trick(
        ["hero:lich-king", "goblins:1"],
        ["goblins:7", "goblins:2"],
        ["play hero:lich-king", "play goblins:7", f"use {MIRROR}"],
        heroes=["lich-king"],
        artifacts=MIRROR1,
    )
    assert _plays(state) == [(0, "hero:lich-king", 6), (1, "goblins:7", 9)]
    assert last_trick(state)["winner"] == 1


def test_the_mirror_sees_the_value_after_a_location() -> None:
    """A12, §4.2, L9: under Ice Fields player 0, who lost the last trick, gets +1: goblins:5 is
    6 when the Mirror tests it, so it becomes 1 (not 10) and loses to goblins:2."""
    record = _record(
        ["goblins:5", "goblins:1"],
        ["goblins:2", "goblins:7"],
        ["play goblins:5", f"use {MIRROR}", "play goblins:2"],
    )
    position = record["position"]
    position["setup"]["setting"] = "ice-fields"
    position["counters"]["ice-fields"] = 0
    state = replay(record)
    assert _plays(state) == [(0, "goblins:5", 1), (1, "goblins:2", 2)]
    assert last_trick(state)["winner"] == 1


def test_a_magic_wand_used_first_counts_for_the_mirror() -> None:
    """A12 (in the order used): goblins:4, Magic Wand +2 = 6, then the Mirror: 6 is above 5, so
    −5 = 1; goblins:2 wins."""
    state = _trick(
        ["goblins:4", "goblins:1"],
        ["goblins:2", "goblins:7"],
        ["play goblins:4", "use magic-wand +2", f"use {MIRROR}", "play goblins:2"],
        artifacts=((MIRROR, "magic-wand", "flail-of-dawn"), QUIET),
    )
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:4", 1), (1, "goblins:2", 2)]
    assert trick["artifacts"] == ["magic-wand", MIRROR]
    assert trick["winner"] == 1


def test_a_magic_wand_used_after_the_mirror_does_not() -> None:
    """A12: goblins:4, Mirror first (4 ≤ 5: 9), then Magic Wand +2 = 11."""
    state = _trick(
        ["goblins:4", "goblins:1"],
        ["goblins:2", "goblins:7"],
        ["play goblins:4", f"use {MIRROR}", "use magic-wand +2", "play goblins:2"],
        artifacts=((MIRROR, "magic-wand", "flail-of-dawn"), QUIET),
    )
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:4", 11), (1, "goblins:2", 2)]
    assert trick["artifacts"] == [MIRROR, "magic-wand"]
    assert trick["winner"] == 0


def test_a_flask_of_tears_bonus_comes_before_the_mirror() -> None:
    """A12, A15: the Flask is used before the card (start of the trick), so the Mirror tests
    goblins:3 + 9 = 12: −5 = 7."""
    record = _record(
        ["goblins:3", "goblins:1"],
        ["goblins:8", "goblins:2"],
        ["use flask-of-tears", "play goblins:3", f"use {MIRROR}", "play goblins:8"],
        artifacts=((MIRROR, "flask-of-tears", "flail-of-dawn"), QUIET),
    )
    record["position"]["counters"]["losses:0"] = 3
    state = replay(record)
    assert _plays(state) == [(0, "goblins:3", 7), (1, "goblins:8", 8)]
    assert last_trick(state)["artifacts"] == ["flask-of-tears", MIRROR]
    assert last_trick(state)["winner"] == 1


def test_a_warlock_sees_the_mirrored_value() -> None:
    """A31, H16: goblins:4 mirrored is 9, odd: the follower's Warlock (played second on an odd
    value) wins; on the unmirrored even 4 it would lose (off-faction)."""
    hands = (["goblins:4", "goblins:1"], ["hero:warlock", "knights:2"])
    state = _trick(
        *hands, ["play goblins:4", f"use {MIRROR}", "play hero:warlock"], heroes=["warlock"]
    )
    assert _plays(state) == [(0, "goblins:4", 9), (1, "hero:warlock", 2)]
    assert last_trick(state)["winner"] == 1
    state = _trick(*hands, ["play goblins:4", "pass", "play hero:warlock"], heroes=["warlock"])
    assert last_trick(state)["winner"] == 0


def test_the_change_stays_with_the_card_under_a_jester_swap() -> None:
    """A31, H25: player 0 mirrors goblins:3 to 8; player 1's Jester (5) swaps the owners, so
    player 1 now holds the follow card goblins:3 — still 8 — against the led Jester: 8 beats 5
    and player 1 wins. Unmirrored, 3 loses to the Jester and player 0 wins."""
    hands = (["goblins:3", "goblins:1"], ["hero:jester", "knights:2"])
    state = _trick(
        *hands, ["play goblins:3", f"use {MIRROR}", "play hero:jester"], heroes=["jester"]
    )
    assert _plays(state) == [(0, "goblins:3", 8), (1, "hero:jester", 5)]
    assert last_trick(state)["winner"] == 1
    plain = _trick(*hands, ["play goblins:3", "pass", "play hero:jester"], heroes=["jester"])
    assert last_trick(plain)["winner"] == 0


# -- records --------------------------------------------------------------------------------------


def test_a_mirrored_trick_saves_and_replays_exactly() -> None:
    """A19, records.md: the ``use`` move is part of the record; the written record replays to
    the same state and the same mirrored value in the history."""
    moves = ["play goblins:6", f"use {MIRROR}", "play goblins:2"]
    record = stacked_record(
        CLAIM,
        ["goblins:6", "goblins:1"],
        ["goblins:2", "goblins:7"],
        ["undead:9", "undead:8"],
        moves=moves,
        artifacts=MIRROR0,
    )
    state = replay(record)
    assert _plays(state) == [(0, "goblins:6", 1), (1, "goblins:2", 2)]
    saved = json.loads(json.dumps(records.to_record(state)))
    assert saved["moves"] == moves
    again = records.replay(saved)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)
    assert _plays(again) == [(0, "goblins:6", 1), (1, "goblins:2", 2)]
