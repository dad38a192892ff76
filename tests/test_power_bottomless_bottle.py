"""Bottomless Bottle (RULES.md §8, an artifact, the highest tier): when you lead, in this trick
the lower effective value wins instead of the higher.

Rulings: R-80, A1 (offered as ``use bottomless-bottle`` or ``pass``, only to its holder), A2 and
A22 (the leader's window right after the lead, with the Magic Wand, Mirror of Lies, Hunting
Cloak and Wishing Lamp; never at the start of a trick, never to the follower), A20 (always usable
there), A14 (it inverts only the value comparison — following cards, or any card on a led hero;
a card off the led faction still loses; equal values still go to the leader; it beats a
Farmlands rank and the Werewolf moon), A32 (powers that decide by their own condition — Knights,
Basilisk capture, Witch, Warlock, ... — still act on top; ties to the leader), A41 (the trick
lists ``artifacts``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from claim.core import engine, records, view
from claim.core.state import State
from scenario import CLAIM, last_trick, replay, stacked_record, trick_state, tricks, zone

BOTTLE = "bottomless-bottle"
LOWER = "Bottomless Bottle: the lower value wins"
QUIET = ("endless-rope", "spyglass", "book-of-memories")  # never usable in Phase One
BOTTLE0 = ((BOTTLE, "flail-of-dawn", "gamblers-book"), QUIET)
BOTTLE1 = (("flail-of-dawn", "gamblers-book", "kings-dagger"), (BOTTLE, "endless-rope", "spyglass"))
WOLVES = ["goblins", "knights", "werewolves", "undead", "dwarves"]


def _trick(
    hand0: Sequence[str],
    hand1: Sequence[str],
    moves: Sequence[str],
    *,
    artifacts: Sequence[Sequence[str]] = BOTTLE0,
    **kw: Any,
) -> State:
    """A Phase One trick (prize goblins:9, deck goblins:8, goblins:7), player 0 leading."""
    return trick_state(hand0, hand1, moves, phase=1, artifacts=artifacts, **kw)


def _result(state: State) -> tuple[int, str]:
    trick = last_trick(state)
    return trick["winner"], trick["reason"]


# -- when it is offered ---------------------------------------------------------------------------


def test_offered_to_the_leader_right_after_the_lead() -> None:
    """A2, A22, R-80: not at the start (player 0 is asked to play at once); right after the
    lead the leader is asked ``use bottomless-bottle`` or ``pass``."""
    state = _trick(["goblins:6", "goblins:1"], ["goblins:3", "goblins:2"], [])
    assert engine.legal_actions(state) == ["play goblins:6", "play goblins:1"]
    engine.apply(state, "play goblins:6")
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [f"use {BOTTLE}", "pass"]


def test_not_offered_to_the_follower() -> None:
    """§8 ("when you lead"), A22: the follower's Bottle is offered neither at the start nor
    after their card: the trick resolves right after the follow, the higher value winning."""
    state = _trick(
        ["goblins:6", "goblins:1"],
        ["goblins:3", "goblins:2"],
        ["play goblins:6", "play goblins:3"],
        artifacts=BOTTLE1,
    )
    assert len(tricks(state)) == 1
    assert _result(state) == (0, "higher value")
    assert state.artifacts[1] == list(BOTTLE1[1])


def test_pass_keeps_the_higher_value_winning() -> None:
    """R-80: declined, goblins:6 beats goblins:3 as usual and the Bottle stays unused."""
    state = _trick(
        ["goblins:6", "goblins:1"],
        ["goblins:3", "goblins:2"],
        ["play goblins:6", "pass", "play goblins:3"],
    )
    assert _result(state) == (0, "higher value")
    assert "artifacts" not in last_trick(state)
    assert state.artifacts[0] == list(BOTTLE0[0])


# -- the effect -----------------------------------------------------------------------------------


def test_the_lower_following_card_wins() -> None:
    """§8, A14: goblins:3 beats the lead goblins:6; player 1 takes the prize, player 0 draws;
    player 1 leads next; the trick lists the Bottle."""
    state = _trick(
        ["goblins:6", "goblins:1"],
        ["goblins:3", "goblins:2"],
        ["play goblins:6", f"use {BOTTLE}", "play goblins:3"],
    )
    assert _result(state) == (1, LOWER)
    assert last_trick(state)["artifacts"] == [BOTTLE]
    assert zone(state, "followers", 1) == ["goblins:9"]
    assert zone(state, "followers", 0) == ["goblins:8"]
    assert engine.current_player(state) == 1
    assert state.used_artifacts[0] == [BOTTLE]


def test_the_lower_lead_wins() -> None:
    """A14: the lead goblins:2 beats goblins:6."""
    state = _trick(
        ["goblins:2", "goblins:1"],
        ["goblins:6", "goblins:3"],
        ["play goblins:2", f"use {BOTTLE}", "play goblins:6"],
    )
    assert _result(state) == (0, LOWER)


def test_a_card_off_the_led_faction_still_loses() -> None:
    """A14: dwarves:1 is lower than goblins:6 but does not follow: the leader wins."""
    state = _trick(
        ["goblins:6", "goblins:1"],
        ["dwarves:1", "dwarves:2"],
        ["play goblins:6", f"use {BOTTLE}", "play dwarves:1"],
    )
    assert _result(state) == (0, "the follower did not follow faction")


def test_equal_values_still_go_to_the_leader() -> None:
    """A14, A32: goblins:0 against goblins:0: the leader wins."""
    state = _trick(
        ["goblins:0", "goblins:1"],
        ["goblins:0", "goblins:2"],
        ["play goblins:0", f"use {BOTTLE}", "play goblins:0"],
    )
    assert _result(state) == (0, "equal values go to the leader")


def test_on_a_led_hero_the_lower_card_wins() -> None:
    """A14, §6: on a led hero every card competes by value; with the Bottle the follower's
    goblins:3 beats the Invincible Warrior (9)."""
    state = _trick(
        ["hero:invincible-warrior", "goblins:1"],
        ["goblins:3", "goblins:2"],
        ["play hero:invincible-warrior", f"use {BOTTLE}", "play goblins:3"],
        heroes=["invincible-warrior"],
    )
    assert _result(state) == (1, LOWER)


def test_effective_values_are_compared() -> None:
    """A14 (the value comparison of §4.3 uses effective values): goblins:4 with a Magic Wand
    −2 is 2, lower than goblins:3: the leader wins."""
    state = _trick(
        ["goblins:4", "goblins:1"],
        ["goblins:3", "goblins:6"],
        ["play goblins:4", "use magic-wand -2", f"use {BOTTLE}", "play goblins:3"],
        artifacts=((BOTTLE, "magic-wand", "flail-of-dawn"), QUIET),
    )
    assert [p["value"] for p in last_trick(state)["plays"]] == [2, 3]
    assert _result(state) == (0, LOWER)
    assert last_trick(state)["artifacts"] == ["magic-wand", BOTTLE]


def test_only_this_trick() -> None:
    """§8 ("in this trick"): the next trick is decided by the higher value again."""
    state = _trick(
        ["goblins:6", "goblins:1"],
        ["goblins:3", "goblins:2"],
        ["play goblins:6", f"use {BOTTLE}", "play goblins:3", "play goblins:2", "play goblins:1"],
    )
    assert _result(state) == (1, "higher value")


# -- over locations and factions (A14, A32) -------------------------------------------------------


def test_the_bottle_beats_a_farmlands_rank() -> None:
    """A14, R-71: under Farmlands goblins:2 outranks goblins:1 and would win for the follower;
    with the Bottle the lower value wins: the lead goblins:1."""
    hands = (["goblins:1", "goblins:3"], ["goblins:2", "goblins:4"])
    plain = _trick(*hands, ["play goblins:1", "pass", "play goblins:2"], setting="farmlands")
    assert last_trick(plain)["winner"] == 1
    state = _trick(
        *hands, ["play goblins:1", f"use {BOTTLE}", "play goblins:2"], setting="farmlands"
    )
    assert _result(state) == (0, LOWER)


def test_the_bottle_beats_a_full_moon() -> None:
    """A14, §5.3: with a full moon the higher Werewolf would win; with the Bottle werewolves:3
    beats the lead werewolves:8, and since a Werewolf won, the moon flips to no moon."""
    state = _trick(
        ["werewolves:8", "goblins:1"],
        ["werewolves:3", "goblins:2"],
        ["play werewolves:8", f"use {BOTTLE}", "play werewolves:3"],
        factions=WOLVES,
        moon="full-moon",
    )
    assert _result(state) == (1, LOWER)
    assert state.moon == "no-moon"


def test_with_no_moon_the_lower_still_wins() -> None:
    """A14: the Bottle makes the lower value win whatever the moon; it does not invert the
    no-moon rule back: werewolves:2 led beats werewolves:6."""
    state = _trick(
        ["werewolves:2", "goblins:1"],
        ["werewolves:6", "goblins:2"],
        ["play werewolves:2", f"use {BOTTLE}", "play werewolves:6"],
        factions=WOLVES,
        moon="no-moon",
    )
    assert _result(state) == (0, LOWER)
    assert state.moon == "full-moon"


def test_a_knight_on_a_goblin_lead_still_wins() -> None:
    """A32: the Knights power decides by its own condition, on top of the Bottle: knights:9 on
    the lead goblins:3 wins though higher."""
    state = _trick(
        ["goblins:3", "goblins:1"],
        ["knights:9", "dwarves:2"],
        ["play goblins:3", f"use {BOTTLE}", "play knights:9"],
    )
    assert _result(state) == (1, "a Knight played on a Goblin lead wins")


def test_a_led_witch_still_beats_a_low_card() -> None:
    """A32, H28: under a led Witch only an even card above 5 beats it: goblins:2 is lower than
    the Witch (5) but loses; goblins:6 still wins."""
    hands = (["hero:witch", "goblins:1"], ["goblins:2", "goblins:6"])
    state = _trick(*hands, ["play hero:witch", f"use {BOTTLE}", "play goblins:2"], heroes=["witch"])
    assert last_trick(state)["winner"] == 0
    state = _trick(*hands, ["play hero:witch", f"use {BOTTLE}", "play goblins:6"], heroes=["witch"])
    assert last_trick(state)["winner"] == 1


def test_a_basilisk_capture_still_acts() -> None:
    """A32, §5.6: the Basilisk's capture is decided by its own condition (the same effective
    value): basilisks:4 on goblins:4 captures the lead and wins, although under the Bottle equal
    values would go to the leader."""
    state = trick_state(
        ["goblins:4", "goblins:1"],
        ["basilisks:4", "unicorns:2"],
        ["play goblins:4", f"use {BOTTLE}", "play basilisks:4"],
        phase=2,
        factions=["goblins", "knights", "phoenixes", "unicorns", "basilisks"],
        artifacts=(BOTTLE0[0], ("kings-dagger", "prowlers-torch", "endless-rope")),
    )
    assert _result(state) == (1, "the Basilisk matched the lead's value and captured it")
    assert zone(state, "score", 1) == ["goblins:4", "basilisks:4"]


# -- Phase Two and records ------------------------------------------------------------------------


def test_phase_two_the_lower_card_collects_as_usual() -> None:
    """A14 changes only the comparison: in Phase Two the lower dwarves:1 wins the Dwarf-led
    trick, and the Dwarves go to the loser (§5.1): player 0 takes both Dwarves."""
    state = trick_state(
        ["dwarves:6", "goblins:1"],
        ["dwarves:1", "goblins:2"],
        ["play dwarves:6", f"use {BOTTLE}", "play dwarves:1"],
        phase=2,
        artifacts=(
            (BOTTLE, "flail-of-dawn", "gamblers-book"),
            ("kings-dagger", "prowlers-torch", "endless-rope"),
        ),
    )
    assert _result(state) == (1, LOWER)
    assert zone(state, "score", 0) == ["dwarves:6", "dwarves:1"]
    assert zone(state, "score", 1) == []


def test_a_bottled_trick_saves_and_replays_exactly() -> None:
    """A19, records.md: the written record of a game with a Bottle replays to the same state."""
    moves = ["play goblins:6", f"use {BOTTLE}", "play goblins:3"]
    record = stacked_record(
        CLAIM,
        ["goblins:6", "goblins:1"],
        ["goblins:3", "goblins:2"],
        ["undead:9", "undead:8"],
        moves=moves,
        artifacts=BOTTLE0,
    )
    state = replay(record)
    assert _result(state) == (1, LOWER)
    saved = json.loads(json.dumps(records.to_record(state)))
    assert saved["moves"] == moves
    again = records.replay(saved)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)
