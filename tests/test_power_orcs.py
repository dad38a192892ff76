"""Orcs (§5.5, R-40): no power of their own. A dual ``elf-orc`` card declared Orcs
(``play elf-orc:4 as orcs``) is an Orc for following, winning and scoring; on an Orc lead a player
holding one must play it (as Orcs) or an Orc."""

from __future__ import annotations

from claim.core import engine, records, view
from claim.core.state import State
from scenario import last_trick, position_record, replay, stacked_record, zone

FACTIONS = ["elves", "orcs", "cyclops", "undead", "dwarves"]


def _deal(hand0: list[str], hand1: list[str], moves: list[str]) -> State:
    """Replay ``moves`` from a Phase Two position where the hands hold exactly these cards,
    player 0 leading."""
    return replay(position_record(FACTIONS, phase=2, hands=[hand0, hand1], moves=moves))


def test_holding_a_dual_card_forces_it_on_an_orc_lead() -> None:
    """R-40: no Orc in hand, but a dual card: it must be played, declared Orcs."""
    state = _deal(["orcs:3"], ["elves:7", "elf-orc:1", "undead:9"], ["play orcs:3"])
    assert engine.legal_actions(state) == ["play elf-orc:1 as orcs"]


def test_an_orc_or_a_dual_card_may_follow_an_orc_lead() -> None:
    state = _deal(["orcs:3"], ["orcs:2", "elves:7", "elf-orc:1"], ["play orcs:3"])
    assert engine.legal_actions(state) == ["play orcs:2", "play elf-orc:1 as orcs"]


def test_without_orcs_or_dual_cards_the_follower_is_free() -> None:
    """§3.1: an Orc lead and no Orc nor dual card in hand: any card, Elves included."""
    state = _deal(["orcs:3"], ["elves:7", "undead:2"], ["play orcs:3"])
    assert engine.legal_actions(state)[:2] == ["play elves:7", "play undead:2"]
    engine.apply(state, "play elves:7")
    assert last_trick(state)["winner"] == 0
    assert last_trick(state)["reason"] == "the follower did not follow faction"


def test_a_dual_card_declared_orcs_wins_an_orc_trick_by_value() -> None:
    """R-40: elf-orc:7 as orcs beats a led orcs:6."""
    state = _deal(["orcs:6"], ["elf-orc:7"], ["play orcs:6", "play elf-orc:7 as orcs"])
    assert last_trick(state)["winner"] == 1


def test_a_dual_card_led_as_orcs_is_not_followed_by_an_elf() -> None:
    """R-40: elf-orc:2 led as Orcs makes Orcs the led faction: the follower with no Orc may play
    elves:7, which is off-faction and loses despite the higher value."""
    state = _deal(["elf-orc:2"], ["elves:7", "undead:1"], ["play elf-orc:2 as orcs"])
    assert engine.legal_actions(state)[:2] == ["play elves:7", "play undead:1"]
    engine.apply(state, "play elves:7")
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["plays"][0]["as"] == "orcs"


def test_the_as_field_round_trips_through_a_record() -> None:
    """records.md, R-40: the declaration is part of the move; a record written from the game
    replays it, and the replay JSON writes `"as": "orcs"`."""
    record = stacked_record(
        FACTIONS, ["orcs:6"], ["elf-orc:7"], moves=["play orcs:6", "play elf-orc:7 as orcs"]
    )
    state = replay(record)
    assert records.to_record(state)["moves"] == ["play orcs:6", "play elf-orc:7 as orcs"]
    again = records.replay(records.to_record(state))
    assert view.report(again)["tricks"] == view.report(state)["tricks"]
    assert view.report(again)["tricks"][0]["plays"][1]["as"] == "orcs"


def test_the_dual_card_counts_as_orcs_at_scoring() -> None:
    """R-40: the same cards as the Elves scoring test, declared Orcs: elf-orc:8 is an Orc for the
    votes, so player 1 wins Orcs and player 0 keeps Elves."""
    record = position_record(
        FACTIONS,
        phase=2,
        number=13,
        hands=[["orcs:1"], ["elf-orc:8"]],
        scores=(["elves:6", "orcs:2"], ["elves:1", "orcs:3"]),
        moves=["play orcs:1", "play elf-orc:8 as orcs"],
    )
    state = replay(record)
    assert state.result is not None
    assert zone(state, "score", 1) == ["elves:1", "orcs:3", "orcs:1", "elf-orc:8"]
    assert state.result["votes"]["orcs"] == 1
    assert state.result["votes"]["elves"] == 0
