"""The account names the power behind every card that does not go where a trick sends its cards
by default (issue 18): Phase One's cards and a trick nobody won to the discard pile, Phase Two's
to the winner's Score pile. Built positions (tests/scenario.py), told by the replay account and by
the terminal game's live narrator."""

from __future__ import annotations

from typing import Any

from claim.core import records
from claim.text.account import Names, Narrator, replay_account
from scenario import CLAIM, CLAIM2, position_record


def cards_line(lines: list[str]) -> str:
    told = [line for line in lines if line.startswith("  Cards: ")]
    assert len(told) == 1, lines
    return told[0].strip()


def live(record: dict[str, Any], seat: int = 0) -> list[str]:
    """What the terminal game's narrator tells ``seat`` (you against the bot)."""
    names = Names(("you", "the bot") if seat == 0 else ("the bot", "you"))
    narrator = Narrator(records.initial_state(record), viewer=seat, names=names, live=True)
    return [line for move in record["moves"] for line in narrator.apply(move)]


def test_dwarves_go_to_the_loser_and_say_so() -> None:
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["dwarves:8", "goblins:1"], ["dwarves:7", "goblins:2"]],
        moves=["play dwarves:8", "play dwarves:7"],
    )
    assert cards_line(replay_account(record)) == (
        "Cards: dwarves:8, dwarves:7 → player 1's Score pile (the Dwarves' power)."
    )
    assert cards_line(live(record)) == (
        "Cards: Dwarf 8, Dwarf 7 → the bot's Score pile (the Dwarves' power)."
    )


def test_only_the_dwarf_is_explained_beside_a_card_that_goes_by_default() -> None:
    record = position_record(
        CLAIM,
        phase=2,
        hands=[["goblins:9", "knights:3"], ["dwarves:3", "knights:2"]],
        moves=["play goblins:9", "play dwarves:3"],
    )
    assert cards_line(live(record, seat=1)) == (
        "Cards: Goblin 9 → the bot's Score pile; Dwarf 3 → your Score pile (the Dwarves' power)."
    )


def test_undead_go_to_the_winners_score_pile_in_phase_one() -> None:
    record = position_record(
        CLAIM,
        phase=1,
        prize="goblins:9",
        deck_top=["goblins:8", "goblins:7"],
        hands=[["undead:5", "knights:3"], ["undead:2", "knights:2"]],
        moves=["play undead:5", "play undead:2"],
    )
    assert cards_line(replay_account(record)) == (
        "Cards: undead:5, undead:2 → player 0's Score pile (the Undead's power)."
    )


def test_cards_that_go_by_default_name_no_power() -> None:
    phase_one = position_record(
        CLAIM,
        phase=1,
        prize="goblins:9",
        deck_top=["goblins:8", "goblins:7"],
        hands=[["doppelgangers:5", "knights:3"], ["knights:8", "goblins:2"]],
        moves=["play doppelgangers:5", "play knights:8"],
    )
    assert cards_line(replay_account(phase_one)) == (
        "Cards: doppelgangers:5, knights:8 → the discard pile."
    )
    phase_two = position_record(
        CLAIM,
        phase=2,
        hands=[["knights:4", "goblins:1"], ["doppelgangers:6", "goblins:2"]],
        moves=["play knights:4", "play doppelgangers:6"],
    )
    assert cards_line(replay_account(phase_two)) == (
        "Cards: knights:4, doppelgangers:6 → player 1's Score pile."
    )


def test_gnomes_are_placed_face_up() -> None:
    record = position_record(
        CLAIM2,
        phase=2,
        hands=[["gnomes:5", "giants:1"], ["gnomes:3", "giants:3"]],
        moves=["play gnomes:5", "play gnomes:3"],
    )
    assert cards_line(live(record)) == (
        "Cards: Gnome 5, Gnome 3 → your face-up Gnomes (the Gnomes' power)."
    )
