"""Which artifact windows are worth asking (claim.text.artifact_prompts, issue 18): read from the
player's view and legal moves only, on built positions (tests/scenario.py)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from claim.core import engine, records
from claim.core.powers import artifacts as arts
from claim.core.state import State
from claim.core.view import observe
from claim.text.artifact_prompts import offered, skipped_line, unasked
from scenario import CLAIM, position_record

WAND = ["magic-wand", "spyglass", "flask-of-tears"]
OTHER = ["flail-of-dawn", "gamblers-book", "endless-rope"]


MIRROR = ["mirror-of-lies", "spyglass", "flask-of-tears"]
BOTH = ["magic-wand", "mirror-of-lies", "spyglass"]


def at_wand_window(
    hands: Sequence[Sequence[str]],
    lead: str,
    follow: str,
    mine: Sequence[str] = WAND,
    theirs: Sequence[str] = OTHER,
    before: Sequence[str] = (),
) -> State:
    """Phase Two, player 0 leads ``lead``, player 1 (holding ``mine``, a Magic Wand unless
    said) follows ``follow``: the state at player 1's window right after their card, every
    other window passed (``before``: the moves made first, from the start of the trick)."""
    record = position_record(CLAIM, phase=2, hands=hands, artifacts=(theirs, mine))
    state = records.initial_state(record)
    for move in [*before, f"play {lead}", f"play {follow}"]:
        # every window before the move is passed
        while move != "pass" and move not in engine.legal_actions(state):
            engine.apply(state, "pass")
        engine.apply(state, move)
    assert state.tasks[0][:2] == (arts.PLAYED, 1), state.tasks
    return state


def wand_unasked(state: State) -> list[str]:
    legal = engine.legal_actions(state)
    assert "use magic-wand +2" in legal or "use mirror-of-lies" in legal
    return unasked(arts.PLAYED, legal, observe(state, 1), 1)


def test_the_wand_is_not_asked_when_two_cannot_change_the_winner() -> None:
    far = at_wand_window(
        [["goblins:9", "goblins:1"], ["goblins:2", "goblins:3"]], "goblins:9", "goblins:2"
    )
    assert wand_unasked(far) == ["magic-wand"]
    close = at_wand_window(
        [["goblins:5", "goblins:1"], ["goblins:7", "goblins:3"]], "goblins:5", "goblins:7"
    )
    assert wand_unasked(close) == []  # -2 makes a tie: the leader would win


def test_the_wand_is_not_asked_on_a_follow_of_another_faction() -> None:
    state = at_wand_window(
        [["goblins:5", "goblins:1"], ["undead:6", "undead:3"]], "goblins:5", "undead:6"
    )
    assert wand_unasked(state) == ["magic-wand"]


def test_the_wand_is_asked_when_a_power_decides() -> None:
    # a Knight on a Goblin lead wins by its own rule: the check does not guess
    state = at_wand_window(
        [["goblins:5", "goblins:1"], ["knights:9", "knights:3"]], "goblins:5", "knights:9"
    )
    assert wand_unasked(state) == []


def test_the_mirror_is_asked_only_when_its_five_changes_the_winner() -> None:
    hands = [["goblins:6", "goblins:1"], ["goblins:3", "goblins:9"]]
    # 3 → 8 beats the 6: worth asking
    assert wand_unasked(at_wand_window(hands, "goblins:6", "goblins:3", MIRROR)) == []
    # 9 → 4 loses to the 6 the 9 beats: worth asking too
    low = [["goblins:6", "goblins:1"], ["goblins:9", "goblins:3"]]
    assert wand_unasked(at_wand_window(low, "goblins:6", "goblins:9", MIRROR)) == []
    # 9 → 4 still beats the 2: nothing changes
    far = [["goblins:2", "goblins:6"], ["goblins:9", "goblins:3"]]
    assert wand_unasked(at_wand_window(far, "goblins:2", "goblins:9", MIRROR)) == ["mirror-of-lies"]


def test_the_wand_and_the_mirror_together_reach_further() -> None:
    # 3: the Wand alone reaches 5 or 1, the Mirror alone 8; neither beats the 9, but the
    # Mirror then the Wand makes 10 (A12: in the order used)
    hands = [["goblins:9", "goblins:1"], ["goblins:3", "goblins:2"]]
    alone = at_wand_window(hands, "goblins:9", "goblins:3")
    assert wand_unasked(alone) == ["magic-wand"]
    both = at_wand_window(hands, "goblins:9", "goblins:3", BOTH)
    assert wand_unasked(both) == []
    # the player said not to ask about the Mirror: the Wand alone cannot change the trick
    legal = engine.legal_actions(both)
    assert unasked(arts.PLAYED, legal, observe(both, 1), 1, never={"mirror-of-lies"}) == [
        "magic-wand",
        "mirror-of-lies",
    ]


def test_the_wand_is_asked_after_a_frozen_trick() -> None:
    # the Ice Sword froze the first trick: each player's next card takes its frozen card's
    # printed value (A37), which the plays do not show; the 2 and the 9 may be anything
    hands = [["goblins:5", "goblins:9", "goblins:1"], ["goblins:4", "goblins:2", "goblins:3"]]
    frozen = ["play goblins:5", "play goblins:4", "use ice-sword"]
    sword = ["ice-sword", "gamblers-book", "endless-rope"]
    state = at_wand_window(hands, "goblins:9", "goblins:2", theirs=sword, before=frozen)
    assert observe(state, 1)["tricks"][-1]["reason"] == arts.FROZEN_REASON
    assert wand_unasked(state) == []


def test_the_wand_is_asked_on_your_lead() -> None:
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["goblins:9", "goblins:1"], ["goblins:2", "goblins:3"]],
        artifacts=(WAND, OTHER),
    )
    state = records.initial_state(record)
    while state.tasks and state.tasks[0][0] == arts.START:
        engine.apply(state, "pass")
    engine.apply(state, "play goblins:9")
    assert state.tasks[0][:2] == (arts.PLAYED, 0)
    legal = engine.legal_actions(state)
    assert unasked(arts.PLAYED, legal, observe(state, 0), 0) == []
    # unless the player said not to ask again this game
    assert unasked(arts.PLAYED, legal, observe(state, 0), 0, never={"magic-wand"}) == ["magic-wand"]


@pytest.mark.parametrize(
    ("moves", "names"),
    [
        (["use magic-wand +2", "use magic-wand -2", "pass"], ["magic-wand"]),
        (["use spyglass goblins:3", "use gamblers-book", "pass"], ["spyglass", "gamblers-book"]),
        (["play goblins:3", "pass"], []),
    ],
)
def test_the_offered_artifacts(moves: list[str], names: list[str]) -> None:
    assert offered(moves) == names


def test_the_skipped_line_says_why() -> None:
    assert "could not change the trick" in skipped_line(["magic-wand"], set())
    assert "Magic Wand" in skipped_line(["magic-wand"], set())
    assert "not to ask again" in skipped_line(["magic-wand"], {"magic-wand"})
