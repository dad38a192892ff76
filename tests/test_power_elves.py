"""Elves (§5.5, R-40): no power of their own. A dual ``elf-orc`` card is declared Elves or Orcs
when played (``play elf-orc:4 as elves``) and is then that faction for following, winning and
scoring; it satisfies a must-follow on an Elf lead, so a player holding one must play it (as Elves)
or an Elf on an Elf lead."""

from __future__ import annotations

from claim.core import engine, view
from claim.core.state import State
from scenario import last_trick, position_record, replay, zone

FACTIONS = ["elves", "orcs", "cyclops", "undead", "dwarves"]


def _deal(hand0: list[str], hand1: list[str], moves: list[str]) -> State:
    """Replay ``moves`` from a Phase Two position where the hands hold exactly these cards,
    player 0 leading."""
    return replay(position_record(FACTIONS, phase=2, hands=[hand0, hand1], moves=moves))


def test_a_dual_card_is_led_as_either_faction() -> None:
    """R-40: leading, each dual card is offered declared as Elves and as Orcs, in hand order."""
    state = _deal(["elf-orc:4", "elves:2", "elf-orc:8"], [], [])
    assert engine.legal_actions(state)[:5] == [
        "play elf-orc:4 as elves",
        "play elf-orc:4 as orcs",
        "play elves:2",
        "play elf-orc:8 as elves",
        "play elf-orc:8 as orcs",
    ]


def test_holding_only_a_dual_card_forces_it_on_an_elf_lead() -> None:
    """R-40: with no Elf but a dual card, the follower must play the dual card, as Elves only."""
    state = _deal(["elves:3"], ["orcs:7", "elf-orc:2", "cyclops:9"], ["play elves:3"])
    assert engine.legal_actions(state) == ["play elf-orc:2 as elves"]


def test_an_elf_or_a_dual_card_may_follow_an_elf_lead() -> None:
    """R-40: holding an Elf and dual cards, the follower may play either, the duals as Elves."""
    state = _deal(["elves:3"], ["orcs:7", "elf-orc:2", "elves:1", "elf-orc:5"], ["play elves:3"])
    assert engine.legal_actions(state) == [
        "play elf-orc:2 as elves",
        "play elves:1",
        "play elf-orc:5 as elves",
    ]


def test_a_dual_card_declared_elves_follows_and_wins_by_value() -> None:
    """R-40, §4.3: elf-orc:5 as elves follows an elves:3 lead and wins by the higher value; the
    replay JSON writes the code with `"as": "elves"`, in both views too."""
    state = _deal(["elves:3"], ["elf-orc:5"], ["play elves:3", "play elf-orc:5 as elves"])
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert trick["plays"][1] == {"player": 1, "card": "elf-orc:5", "value": 5, "as": "elves"}
    assert "as" not in trick["plays"][0]
    for viewer in (0, 1):
        assert view.observe(state, viewer)["tricks"][0]["plays"][1]["as"] == "elves"


def test_a_led_dual_card_declared_elves_makes_elves_the_led_faction() -> None:
    """R-40: elf-orc:6 led as Elves: the follower holding an Elf must play it; an Orc would be
    off-faction."""
    state = _deal(["elf-orc:6"], ["orcs:7", "elves:2"], ["play elf-orc:6 as elves"])
    assert engine.legal_actions(state) == ["play elves:2"]
    engine.apply(state, "play elves:2")
    assert last_trick(state)["winner"] == 0


def test_the_dual_card_counts_as_elves_at_scoring() -> None:
    """R-40: a dual card declared Elves and collected counts for the Elf vote: player 1 has two
    Elves with it against player 0's one."""
    record = position_record(
        FACTIONS,
        phase=2,
        number=13,
        hands=[["elves:7"], ["elf-orc:8"]],
        scores=(["elves:6", "orcs:1"], ["elves:1"]),
        moves=["play elves:7", "play elf-orc:8 as elves"],
    )
    state = replay(record)
    assert state.result is not None
    assert zone(state, "score", 1) == ["elves:1", "elves:7", "elf-orc:8"]
    assert state.result["votes"]["elves"] == 1
    assert state.result["votes"]["orcs"] == 0
    assert state.declared == {state.score[1][2]: "elves"}
