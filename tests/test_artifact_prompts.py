"""Which artifact windows are worth asking (claim.text.artifact_prompts, issues 18, 37): the trick
played out with the use and without it on the seat's worlds, so the answer depends only on what
the seat knows; on built positions (tests/scenario.py) and over random games."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from claim.core import engine, records, worlds
from claim.core.game import new_game
from claim.core.options import EVERY_EXPANSION
from claim.core.powers import artifacts as arts
from claim.core.state import State
from claim.core.view import observe
from claim.text.artifact_prompts import WINDOWS, offered, skipped_line, unasked
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
    return unasked(arts.PLAYED, legal, state, 1)


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


def test_the_wand_is_not_asked_when_a_power_decides_whatever_the_values() -> None:
    # a Knight on a Goblin lead wins by its own rule, whatever the values: the engine's play-out
    # says so (the check used to ask whenever a power might decide)
    state = at_wand_window(
        [["goblins:5", "goblins:1"], ["knights:9", "knights:3"]], "goblins:5", "knights:9"
    )
    assert wand_unasked(state) == ["magic-wand"]


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
    assert unasked(arts.PLAYED, legal, both, 1, never={"mirror-of-lies"}) == [
        "magic-wand",
        "mirror-of-lies",
    ]


def test_the_wand_counts_the_bonus_of_a_frozen_trick() -> None:
    # the Ice Sword froze the first trick: each player's next card takes its frozen card's
    # printed value (A37), which the plays do not show: the 7 led is 12, an 8 followed 12 too
    # (a tie, the leader's; +2 wins: asked), a 2 followed 6 (no Wand reaches 12: not asked)
    hands = [["goblins:5", "goblins:7", "goblins:1"], ["goblins:4", "goblins:2", "goblins:8"]]
    frozen = ["play goblins:5", "play goblins:4", "use ice-sword"]
    sword = ["ice-sword", "gamblers-book", "endless-rope"]
    close = at_wand_window(hands, "goblins:7", "goblins:8", theirs=sword, before=frozen)
    assert observe(close, 1)["tricks"][-1]["reason"] == arts.FROZEN_REASON
    assert wand_unasked(close) == []
    far = at_wand_window(hands, "goblins:7", "goblins:2", theirs=sword, before=frozen)
    assert wand_unasked(far) == ["magic-wand"]


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
    assert unasked(arts.PLAYED, legal, state, 0) == []
    # unless the player said not to ask again this game
    assert unasked(arts.PLAYED, legal, state, 0, never={"magic-wand"}) == ["magic-wand"]


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


# -- issue 37: every artifact, from what the seat knows -------------------------------------------

FROST = ["ice-kings", "ice-queens", "yetis", "frostbeasts", "dwarves"]


def at_lead_window(
    hands: Sequence[Sequence[str]],
    lead: str,
    mine: Sequence[str] = WAND,
    theirs: Sequence[str] = OTHER,
) -> State:
    """Phase Two, player 0 (holding ``mine``) has led ``lead``: the state at their window right
    after it. Every card not in a hand is out of the game, unseen: what player 1 holds is
    secret to player 0 (any unseen card may be in their hand)."""
    record = position_record(FROST, phase=2, hands=hands, artifacts=(mine, theirs), discard=[])
    return led(record, lead)


def led(record: dict[str, Any], lead: str) -> State:
    """``record``'s first state, the start windows passed and ``lead`` played by player 0: the
    state at their window right after it."""
    state = records.initial_state(record)
    while state.tasks and state.tasks[0][0] == arts.START:
        engine.apply(state, "pass")
    engine.apply(state, f"play {lead}")
    assert state.tasks[0][:2] == (arts.PLAYED, 0), state.tasks
    return state


def lead_unasked(state: State, never: set[str] | None = None) -> list[str]:
    return unasked(arts.PLAYED, engine.legal_actions(state), state, 0, never or set())


def test_the_wand_after_leading_the_highest_card() -> None:
    # issue 37's case: an Ice King 10 led. +2 changes nothing, but -2 makes it an 8, which a 9
    # would beat: a change (to the leader's loss, but losing a trick may be what they want:
    # the screen does not judge). Asked while a 9 may be in the other hand...
    hidden = [["ice-kings:10", "ice-kings:1"], ["ice-queens:3", "yetis:2"]]
    assert lead_unasked(at_lead_window(hidden, "ice-kings:10")) == []
    # ... not when the seat knows it is not: every other card is in the public discard pile,
    # so the other hand is known (the follower has no Wand: it is the seat's; a Mirror of
    # Lies of theirs makes a 3 an 8, still short of an 8, a tie going to the leader)
    known = position_record(FROST, phase=2, hands=hidden, artifacts=(WAND, OTHER))
    assert lead_unasked(led(known, "ice-kings:10")) == ["magic-wand"]


def known_lead(hands: Sequence[Sequence[str]], lead: str, mine: Sequence[str]) -> State:
    """As :func:`at_lead_window`, every card not in a hand in the public discard pile: the
    other hand is known to the seat (not their artifacts)."""
    return led(position_record(FROST, phase=2, hands=hands, artifacts=(mine, OTHER)), lead)


def test_the_other_players_secret_mirror_is_counted() -> None:
    # the follower holds an Ice King 5 (known): no use of the seat's Wand changes a 10 against
    # a 5 (12 or 8). But their Mirror of Lies, if they hold it (secret), makes the 5 a 10: a
    # tie the leader wins, that -2 would lose. The Mirror may be theirs: asked
    hands = [["ice-kings:10", "ice-kings:1"], ["ice-kings:5", "yetis:2"]]
    assert lead_unasked(known_lead(hands, "ice-kings:10", WAND)) == []
    # the seat holds the Mirror (not to be asked about): the other cannot; not asked
    state = known_lead(hands, "ice-kings:10", BOTH)
    assert lead_unasked(state, {"mirror-of-lies"}) == ["magic-wand", "mirror-of-lies"]


def test_a_card_moving_artifact_is_always_asked() -> None:
    # the Hunting Cloak makes the follower play a card at random (A6): the game changes
    # whatever the trick; with it, the window is asked even when the Wand could not matter
    hands = [["ice-kings:10", "ice-kings:1"], ["ice-kings:5", "yetis:2"]]
    cloak = ["magic-wand", "hunting-cloak", "mirror-of-lies"]
    state = known_lead(hands, "ice-kings:10", cloak)
    assert lead_unasked(state, {"mirror-of-lies"}) == []
    # not asked about the Cloak: the Wand alone could not change the trick
    assert lead_unasked(state, {"mirror-of-lies", "hunting-cloak"}) == [
        "magic-wand",
        "hunting-cloak",
        "mirror-of-lies",
    ]


def test_the_ice_sword_is_asked_while_another_trick_can_be_played() -> None:
    # A18: it freezes the trick whenever another can follow; in the last trick it has no effect
    sword = ["ice-sword", "spyglass", "flask-of-tears"]

    def at_ice(hands: Sequence[Sequence[str]]) -> State:
        record = position_record(FROST, phase=2, hands=hands, artifacts=(sword, OTHER))
        state = records.initial_state(record)
        for move in ("play ice-kings:9", "play ice-kings:3"):
            while move not in engine.legal_actions(state):
                engine.apply(state, "pass")
            engine.apply(state, move)
        assert state.tasks[0][:2] == (arts.ICE, 0), state.tasks
        return state

    last = at_ice([["ice-kings:9"], ["ice-kings:3"]])
    assert unasked(arts.ICE, engine.legal_actions(last), last, 0) == ["ice-sword"]
    more = at_ice([["ice-kings:9", "yetis:1"], ["ice-kings:3", "yetis:2"]])
    assert unasked(arts.ICE, engine.legal_actions(more), more, 0) == []


# -- fair: the same answer for positions the seat cannot tell apart -------------------------------


def test_positions_that_look_the_same_get_the_same_answer() -> None:
    # the case, two ways the hidden cards may lie: the other hand holds a 9 or no card
    # that could matter; their artifacts differ too. The seat sees the same: asked in both (a
    # skipped window would tell them there is no 9)
    with_nine = at_lead_window(
        [["ice-kings:10", "ice-kings:1"], ["ice-kings:9", "yetis:2"]], "ice-kings:10"
    )
    without = at_lead_window(
        [["ice-kings:10", "ice-kings:1"], ["ice-queens:3", "yetis:2"]],
        "ice-kings:10",
        theirs=["prowlers-torch", "gamblers-book", "endless-rope"],
    )
    assert observe(with_nine, 0) == observe(without, 0)
    assert engine.legal_actions(with_nine) == engine.legal_actions(without)
    assert lead_unasked(with_nine) == lead_unasked(without) == []


def _windows(games: range) -> Iterator[tuple[State, int]]:
    """Every artifact window of random games with every expansion, with the seat asked."""
    for seed in games:
        setup = EVERY_EXPANSION.resolve(seed)
        state = new_game(setup.config, setup.seed)
        rng = random.Random(seed)
        while state.result is None:
            legal = engine.legal_actions(state)
            seat = engine.current_player(state)
            if state.tasks and state.tasks[0][0] in WINDOWS and seat in (0, 1):
                yield state, seat
            engine.apply(state, rng.choice(legal))


def test_the_answer_reads_only_what_the_seat_knows() -> None:
    """At every artifact window of 12 games with every expansion: the true position and two
    positions re-dealt from the seat's knowledge (claim.core.worlds.determinize: the same view,
    the same legal moves, other hidden cards and secret artifacts) get the same answer; some
    windows are passed for the player, some asked."""
    answers: set[bool] = set()
    checked = 0
    for state, seat in _windows(range(1, 13)):
        kind = state.tasks[0][0]
        legal = engine.legal_actions(state)
        answer = unasked(kind, legal, state, seat)
        for k in (1, 2):
            other = worlds.determinize(state, seat, random.Random(k))
            assert observe(other, seat) == observe(state, seat)
            assert unasked(kind, engine.legal_actions(other), other, seat) == answer, (kind, k)
        answers.add(bool(answer))
        checked += 1
    assert checked > 50
    assert answers == {True, False}


def test_a_wishing_lamp_does_not_tell_whether_its_card_is_held() -> None:
    # the leader names a card with the Lamp, then is asked again (the Wand): whether the other
    # holds the card is secret until they follow (A9), so the answer is the same either way
    # (it is asked: the follow depends on the true hand)
    lamp = ["wishing-lamp", "magic-wand", "spyglass"]
    answers = []
    views = []
    for theirs in (["ice-kings:9", "yetis:2"], ["ice-queens:3", "yetis:2"]):
        state = at_lead_window([["ice-kings:10", "ice-kings:1"], theirs], "ice-kings:10", lamp)
        engine.apply(state, "use wishing-lamp ice-kings:9")
        assert state.tasks[0][:2] == (arts.PLAYED, 0), state.tasks
        views.append(observe(state, 0))
        answers.append(lead_unasked(state))
    assert views[0] == views[1]
    assert answers == [[], []]
