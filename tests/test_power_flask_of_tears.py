"""Flask of Tears (RULES.md §8, an artifact, the highest tier): after you have lost 3 tricks in
a row, before your next card, your next card gets +9.

Rulings: R-80, A1 (offered as ``use flask-of-tears`` or ``pass``), A3 and A21 (the start-of-trick
window, leader first, then the follower; offered only to the player whose streak qualifies), A20
(usable when the last three tricks with a winner were all lost by this player), A15 and A33 (the
streak is counted across phases; tricks without a winner — a Gelatinous Cube or Ice Sword trick —
are skipped, counting neither way; a King's Dagger forfeit counts; the +9 goes to the next card
that player plays, at the artifact layer), A44 (the bonus waits for that player's next card
whatever the phase or the card, heroes included), A41 (the trick lists ``artifacts``). The
public tallies: ``losses:P`` (P's run of lost tricks) and ``flask-of-tears:P`` (a bonus waiting
for P's next card)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from claim.core import engine, records, view
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, stacked_record, tricks, zone

FLASK = "flask-of-tears"
PRIZE = "goblins:9"
DECK_TOP = ("dwarves:9", "dwarves:8", "dwarves:7", "dwarves:6", "dwarves:4")
# besides the Flask, artifacts never usable where these scenarios look (Phase One, no printed 5
# with a Dagger in play unless the test says so)
FLASK1 = (
    ("flail-of-dawn", "gamblers-book", "spyglass"),
    (FLASK, "endless-rope", "book-of-memories"),
)


def _record(
    hand0: Sequence[str],
    hand1: Sequence[str],
    moves: Sequence[str],
    *,
    losses: dict[int, int] | None = None,
    phase: int = 1,
    leader: int = 0,
    artifacts: Sequence[Sequence[str]] = FLASK1,
    heroes: Sequence[str] = (),
    number: int = 1,
    deck_top: Sequence[str] = DECK_TOP,
    followers: Sequence[Sequence[str]] = ((), ()),
) -> dict[str, Any]:
    """A record from the start of a trick of ``phase`` (Phase One: prize ``PRIZE``, then
    ``deck_top``), the discard pile empty, each player's run of lost tricks from ``losses``."""
    record = position_record(
        CLAIM,
        phase=phase,
        number=number,
        leader=leader,
        prize=PRIZE if phase == 1 else None,
        deck_top=list(deck_top) if phase == 1 else [],
        hands=[hand0, hand1],
        followers=followers,
        heroes=heroes,
        discard=[],
        moves=moves,
        artifacts=artifacts,
    )
    for player, run in (losses or {}).items():
        record["position"]["counters"][f"losses:{player}"] = run
    return record


def _trick(hand0: Sequence[str], hand1: Sequence[str], moves: Sequence[str], **kw: Any) -> State:
    return replay(_record(hand0, hand1, moves, **kw))


def _plays(trick: dict[str, Any]) -> list[tuple[int, str, int]]:
    return [(p["player"], p["card"], p["value"]) for p in trick["plays"]]


HAND0 = ["goblins:6", "goblins:4", "knights:2"]
HAND1 = ["goblins:3", "goblins:2", "knights:3"]


# -- when it is offered ---------------------------------------------------------------------------


def test_offered_after_three_lost_tricks_before_the_lead() -> None:
    """A20, A21: player 1 lost the last three tricks: at the start of the trick (the leader,
    player 0, holds nothing usable) player 1 is asked ``use flask-of-tears`` or ``pass``."""
    state = _trick(HAND0, HAND1, [], losses={1: 3})
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [f"use {FLASK}", "pass"]


def test_not_offered_after_two_lost_tricks() -> None:
    """A20: two lost tricks are not enough: nobody is asked, player 0 leads."""
    state = _trick(HAND0, HAND1, [], losses={1: 2})
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:6", "play goblins:4", "play knights:2"]


def test_not_offered_to_a_holder_whose_own_streak_does_not_qualify() -> None:
    """A21 ("only the player whose streak qualifies"): player 0 holds the Flask but it is
    player 1 who lost three in a row: player 0 is not asked."""
    state = _trick(HAND0, HAND1, [], losses={1: 3}, artifacts=(FLASK1[1], FLASK1[0]))
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play goblins:6", "play goblins:4", "play knights:2"]


def test_three_losses_counted_in_play_offer_it() -> None:
    """A15, A33: from a new game, player 1 loses tricks 1, 2 and 3 (not asked before trick 3
    nor before trick 4 until the third loss is in); at the start of trick 4 the Flask is
    offered, and its +9 turns knights:5 into 14, beating knights:6."""
    hand0 = ["knights:9", "knights:8", "knights:7", "knights:6"]
    hand1 = ["knights:2", "knights:3", "knights:4", "knights:5"]
    record = stacked_record(
        CLAIM,
        hand0,
        hand1,
        ["undead:9", "undead:8", "undead:7", "undead:6", "undead:5", "undead:4", "undead:3"],
        moves=["play knights:9", "play knights:2", "play knights:8", "play knights:3"],
        artifacts=FLASK1,
    )
    state = replay(record)
    assert state.counters["losses:1"] == 2
    assert engine.current_player(state) == 0  # two losses: no Flask before trick 3
    engine.apply(state, "play knights:7")
    engine.apply(state, "play knights:4")
    assert state.counters["losses:1"] == 3
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [f"use {FLASK}", "pass"]
    engine.apply(state, f"use {FLASK}")
    assert state.counters[f"{FLASK}:1"] == 9
    engine.apply(state, "play knights:6")
    engine.apply(state, "play knights:5")
    trick = last_trick(state)
    assert trick["number"] == 4
    assert _plays(trick) == [(0, "knights:6", 6), (1, "knights:5", 14)]
    assert trick["winner"] == 1
    assert trick["artifacts"] == [FLASK]
    assert f"{FLASK}:1" not in state.counters
    assert "losses:1" not in state.counters
    assert state.counters["losses:0"] == 1
    saved = json.loads(json.dumps(records.to_record(state)))
    assert saved["moves"][-3:] == [f"use {FLASK}", "play knights:6", "play knights:5"]
    again = records.replay(saved)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)


def test_a_win_ends_the_streak() -> None:
    """A33: player 1 had lost two in a row and wins the next trick (knights:3 over knights:2):
    the run restarts (no ``losses:1``), player 0's starts (``losses:0``: 1), and at the next start
    player 1, now leading, is not offered the Flask."""
    state = _trick(HAND0, HAND1, ["play knights:2", "play knights:3"], losses={1: 2})
    assert last_trick(state)["winner"] == 1
    assert "losses:1" not in state.counters
    assert state.counters["losses:0"] == 1
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:3", "play goblins:2"]


def test_pass_and_it_is_offered_again_while_the_streak_lasts() -> None:
    """R-80: declined, the Flask stays; player 1 loses again (four in a row) and is asked again
    at the next start."""
    state = _trick(HAND0, HAND1, ["pass", "play goblins:6", "play goblins:3"], losses={1: 3})
    assert last_trick(state)["winner"] == 0
    assert "artifacts" not in last_trick(state)
    assert state.counters["losses:1"] == 4
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [f"use {FLASK}", "pass"]


# -- the effect -----------------------------------------------------------------------------------


def test_plus_nine_on_the_followers_next_card() -> None:
    """§8, A15: goblins:3 + 9 = 12 beats goblins:6; player 1 takes the prize."""
    state = _trick(
        HAND0, HAND1, [f"use {FLASK}", "play goblins:6", "play goblins:3"], losses={1: 3}
    )
    trick = last_trick(state)
    assert _plays(trick) == [(0, "goblins:6", 6), (1, "goblins:3", 12)]
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "followers", 1) == [PRIZE]
    assert state.used_artifacts[1] == [FLASK]


def test_plus_nine_on_the_leaders_card_onto_a_hero() -> None:
    """A15, A44: player 1 leads (after a Dragon or a Yeti, say) with three losses: the Flask's
    +9 goes onto the led Warlock (R-61: 2) = 11, which beats goblins:9 (a led hero: values
    decide, §6)."""
    state = _trick(
        ["goblins:9", "goblins:1"],
        ["hero:warlock", "goblins:2"],
        [f"use {FLASK}", "play hero:warlock", "play goblins:9"],
        losses={1: 3},
        leader=1,
        phase=2,
        heroes=["warlock"],
    )
    trick = last_trick(state)
    assert _plays(trick) == [(1, "hero:warlock", 11), (0, "goblins:9", 9)]
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["hero:warlock", "goblins:9"]


# -- tricks without a winner (A33) ----------------------------------------------------------------


def test_an_ice_sword_trick_counts_neither_way() -> None:
    """A33: player 1 has lost two in a row; the next trick is frozen by player 0's Ice Sword (no
    winner): the run stays at two and the Flask is not offered; player 1 then loses the trick
    after it, which makes three: offered."""
    state = _trick(
        ["goblins:6", "goblins:4", "knights:2"],
        ["goblins:3", "goblins:2", "knights:3"],
        ["play goblins:6", "play goblins:3", "use ice-sword"],
        losses={1: 2},
        artifacts=(("ice-sword", "flail-of-dawn", "gamblers-book"), FLASK1[1]),
    )
    assert last_trick(state)["winner"] is None
    assert state.counters["losses:1"] == 2
    assert engine.current_player(state) == 0  # player 0 leads again; no Flask question
    engine.apply(state, "play goblins:4")  # 4 + 6 = 10
    engine.apply(state, "play goblins:2")  # 2 + 3 = 5
    assert last_trick(state)["winner"] == 0
    assert state.counters["losses:1"] == 3
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [f"use {FLASK}", "pass"]


def test_a_cube_trick_counts_neither_way() -> None:
    """A33, R-63: a Gelatinous Cube trick has no winner: player 1's run of two stays two."""
    state = _trick(
        ["goblins:6", "goblins:4"],
        ["hero:gelatinous-cube", "knights:2", "knights:3"],
        ["play goblins:6", "play hero:gelatinous-cube"],
        losses={1: 2},
        heroes=["gelatinous-cube"],
    )
    assert last_trick(state)["winner"] is None
    assert state.counters["losses:1"] == 2
    assert engine.current_player(state) == 0


# -- a King's Dagger forfeit, across the phase boundary (A33, A44) --------------------------------


def test_a_dagger_forfeit_counts_as_a_loss_across_the_phase_boundary() -> None:
    """A33 ("Dagger-forfeits included"), A15 (counted across phases): player 1, with two losses,
    leads their last Phase One card, goblins:5; player 0's King's Dagger takes it and player 1
    has nothing to replace it: player 0 wins (A7, A43). That is three losses, and Phase One ends:
    at the start of the first Phase Two trick player 1 is offered the Flask."""
    state = _trick(
        ["goblins:6"],
        ["goblins:5"],
        ["play goblins:5", "use kings-dagger"],
        losses={1: 2},
        leader=1,
        number=13,
        deck_top=["dwarves:9"],
        followers=(["goblins:4"], ["goblins:3"]),
        artifacts=(("kings-dagger", "spyglass", "ice-sword"), FLASK1[1]),
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["daggered"] == ["goblins:5"]
    assert state.phase == 2
    assert state.counters["losses:1"] == 3
    assert zone(state, "hand", 0) == ["goblins:4", PRIZE]
    assert zone(state, "hand", 1) == ["goblins:3", "dwarves:9"]
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [f"use {FLASK}", "pass"]


def test_the_bonus_waits_across_the_phase_boundary() -> None:
    """A44: player 1 uses the Flask at the start of the last Phase One trick, but the card it
    would go to (goblins:5, their last) is taken by the King's Dagger and cannot be replaced
    (A7): the bonus waits, and player 1's first Phase Two card, goblins:3, gets it: 12 beats
    goblins:4."""
    state = _trick(
        ["goblins:6"],
        ["goblins:5"],
        [f"use {FLASK}", "play goblins:5", "use kings-dagger"],
        losses={1: 3},
        leader=1,
        number=13,
        deck_top=["dwarves:9"],
        followers=(["goblins:4"], ["goblins:3"]),
        artifacts=(("kings-dagger", "spyglass", "ice-sword"), FLASK1[1]),
    )
    assert last_trick(state)["winner"] == 0
    assert state.phase == 2
    assert state.counters[f"{FLASK}:1"] == 9  # waiting: player 1 has played no card since
    engine.apply(state, "play goblins:4")
    engine.apply(state, "play goblins:3")
    assert engine.legal_actions(state) == ["use ice-sword", "pass"]  # player 0's, after both
    engine.apply(state, "pass")
    trick = last_trick(state)
    assert (trick["phase"], trick["number"]) == (2, 1)
    assert _plays(trick) == [(0, "goblins:4", 4), (1, "goblins:3", 12)]
    assert trick["winner"] == 1
    assert f"{FLASK}:1" not in state.counters
    assert tricks(state)[0]["artifacts"] == [FLASK, "kings-dagger"]
