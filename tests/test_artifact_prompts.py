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


def at_wand_window(hands: Sequence[Sequence[str]], lead: str, follow: str) -> State:
    """Phase Two, player 0 leads ``lead``, player 1 (holding a Magic Wand) follows ``follow``:
    the state at player 1's window right after their card, every other window passed."""
    record = position_record(CLAIM, phase=2, hands=hands, artifacts=(OTHER, WAND))
    state = records.initial_state(record)
    for card in (lead, follow):
        while state.tasks and state.tasks[0][0] in (arts.START, arts.PLAYED):
            engine.apply(state, "pass")
        engine.apply(state, f"play {card}")
    assert state.tasks[0][:2] == (arts.PLAYED, 1), state.tasks
    return state


def wand_unasked(state: State) -> list[str]:
    legal = engine.legal_actions(state)
    assert "use magic-wand +2" in legal
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
