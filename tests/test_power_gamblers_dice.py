"""Gambler's Dice (RULES.md §8, an artifact, the highest tier): at the start of a trick, before
the lead, each player plays a card drawn at random from their hand.

Rulings: R-80, A1, A3 and A21 (the start-of-trick window, leader first, then the follower; once
the Dice are used the window closes for both), A20 (usable while both hands hold a card), A6 and
A35 (the leader's random card first, then its windows, then the follower's random card and its
windows; following rules ignored; a drawn dual card, Lycanthrope or Ent is declared by its
player from a one-card ``play ... as ...`` list), A40 (the record's ``chance`` gives the drawn
cards, leader's first; when it runs out the seed decides and a written record lists them), A46
(neither a Hunting Cloak nor a Wishing Lamp is usable after a Dice roll), A47 (a drawn card taken
by a King's Dagger is replaced at random again), A41 (the trick lists ``artifacts``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from claim.core import engine, records, view
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, stacked_record, tricks, zone

DICE = "gamblers-dice"
PRIZE = "goblins:9"
DECK_TOP = ("dwarves:9", "dwarves:8")
# besides the Dice, artifacts never usable where these scenarios look (Phase One, no printed 5
# with the Dagger in play unless the test says so)
DICE0 = ((DICE, "flail-of-dawn", "gamblers-book"), ("kings-dagger", "endless-rope", "spyglass"))
DICE1 = (("flail-of-dawn", "gamblers-book", "spyglass"), (DICE, "kings-dagger", "endless-rope"))
HAND0 = ["goblins:3", "goblins:6", "knights:4"]
HAND1 = ["goblins:2", "dwarves:7", "goblins:8"]


def _record(
    hand0: Sequence[str],
    hand1: Sequence[str],
    moves: Sequence[str],
    *,
    chance: Sequence[str] = (),
    phase: int = 1,
    artifacts: Sequence[Sequence[str]] = DICE0,
    factions: Sequence[str] = CLAIM,
    prize: str = PRIZE,
    deck_top: Sequence[str] = DECK_TOP,
    heroes: Sequence[str] = (),
) -> dict[str, Any]:
    """A record from the start of a trick of ``phase``, player 0 leading (Phase One: ``prize``,
    then ``deck_top``), the discard pile empty, the random draws fixed by ``chance``."""
    return position_record(
        factions,
        phase=phase,
        prize=prize if phase == 1 else None,
        deck_top=list(deck_top) if phase == 1 else [],
        hands=[hand0, hand1],
        heroes=heroes,
        discard=[],
        moves=moves,
        artifacts=artifacts,
        chance=chance,
    )


def _trick(hand0: Sequence[str], hand1: Sequence[str], moves: Sequence[str], **kw: Any) -> State:
    return replay(_record(hand0, hand1, moves, **kw))


def _plays(trick: dict[str, Any]) -> list[tuple[int, str, int]]:
    return [(p["player"], p["card"], p["value"]) for p in trick["plays"]]


# -- when it is offered ---------------------------------------------------------------------------


def test_offered_to_the_leader_before_the_lead() -> None:
    """A3, A21, R-80: the leader is asked ``use gamblers-dice`` or ``pass`` before leading."""
    state = _trick(HAND0, HAND1, [])
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [f"use {DICE}", "pass"]


def test_offered_to_the_follower_before_the_lead() -> None:
    """A21: the leader holds nothing usable and is not asked; the follower is, before the
    lead; the leader's random card still comes first (A35)."""
    state = _trick(HAND0, HAND1, [], artifacts=DICE1, chance=["knights:4", "goblins:8"])
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [f"use {DICE}", "pass"]
    engine.apply(state, f"use {DICE}")
    trick = last_trick(state)
    assert _plays(trick) == [(0, "knights:4", 4), (1, "goblins:8", 8)]
    assert trick["winner"] == 0
    assert trick["artifacts"] == [DICE]


def test_pass_leaves_the_lead_and_the_follow_to_the_players() -> None:
    """R-80: declined, the leader plays a card of their choice and the follower must follow."""
    state = _trick(HAND0, HAND1, ["pass", "play goblins:6"])
    assert engine.legal_actions(state) == ["play goblins:2", "play goblins:8"]
    assert state.artifacts[0] == list(DICE0[0])


# -- the effect -----------------------------------------------------------------------------------


def test_both_cards_are_drawn_at_random_leader_first() -> None:
    """A6, A35, A40: ``chance`` gives the leader's card, then the follower's: player 0 plays
    goblins:3 and player 1 dwarves:7 though holding Goblins (following rules ignored). The trick
    needs no ``play`` move; dwarves:7 does not follow, so the leader wins (§4.3) and takes the
    prize, player 1 draws."""
    state = _trick(HAND0, HAND1, [f"use {DICE}"], chance=["goblins:3", "dwarves:7"])
    trick = last_trick(state)
    assert _plays(trick) == [(0, "goblins:3", 3), (1, "dwarves:7", 7)]
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert trick["artifacts"] == [DICE]
    assert state.moves == [f"use {DICE}"]
    assert zone(state, "hand", 0) == ["goblins:6", "knights:4"]
    assert zone(state, "hand", 1) == ["goblins:2", "goblins:8"]
    assert zone(state, "followers", 0) == [PRIZE]
    assert zone(state, "followers", 1) == ["dwarves:9"]
    assert zone(state, "discard") == ["goblins:3", "dwarves:7"]
    assert state.used_artifacts[0] == [DICE]


def test_a_random_follow_of_the_led_faction_competes_by_value() -> None:
    """A6: a drawn card that happens to follow competes as usual: goblins:8 beats goblins:6."""
    state = _trick(HAND0, HAND1, [f"use {DICE}"], chance=["goblins:6", "goblins:8"])
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "followers", 1) == [PRIZE]
    assert engine.current_player(state) == 1


def test_the_window_closes_after_the_dice() -> None:
    """A21: once the Dice are used neither player is asked again at the start of the trick:
    player 0's Mask of Darkness and player 1's Prowler's Torch, both usable, are not offered (the
    trick is over after the one move) and both stay unused."""
    state = _trick(
        HAND0,
        HAND1,
        [f"use {DICE}"],
        chance=["goblins:3", "goblins:2"],
        artifacts=(
            (DICE, "mask-of-darkness", "flail-of-dawn"),
            ("prowlers-torch", "spyglass", "endless-rope"),
        ),
    )
    assert len(tricks(state)) == 1
    assert state.moves == [f"use {DICE}"]
    assert state.artifacts == [
        ["mask-of-darkness", "flail-of-dawn"],
        ["prowlers-torch", "spyglass", "endless-rope"],
    ]
    assert "mask-of-darkness" not in state.counters


def test_the_dice_may_follow_another_start_artifact() -> None:
    """A1, A21: after a Mask the leader is asked again and may still roll the Dice."""
    state = _trick(
        HAND0,
        HAND1,
        ["use mask-of-darkness"],
        artifacts=((DICE, "mask-of-darkness", "flail-of-dawn"), DICE0[1]),
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [f"use {DICE}", "pass"]


def test_each_random_card_has_its_own_windows_in_order() -> None:
    """A35, A22: the leader's random goblins:3 is down alone and the leader's Magic Wand window
    opens (+2: 5); only then is the follower's goblins:2 drawn, and the follower's Mirror of Lies
    window opens (2 + 5 = 7): player 1 wins 7 to 5."""
    state = _trick(
        HAND0,
        HAND1,
        [f"use {DICE}"],
        chance=["goblins:3", "goblins:2"],
        artifacts=(
            (DICE, "magic-wand", "flail-of-dawn"),
            ("mirror-of-lies", "spyglass", "endless-rope"),
        ),
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use magic-wand +2", "use magic-wand -2", "pass"]
    assert view.report(state)["current"]["plays"] == [{"player": 0, "card": "goblins:3"}]
    engine.apply(state, "use magic-wand +2")
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use mirror-of-lies", "pass"]
    assert [p["card"] for p in view.report(state)["current"]["plays"]] == ["goblins:3", "goblins:2"]
    engine.apply(state, "use mirror-of-lies")
    trick = last_trick(state)
    assert _plays(trick) == [(0, "goblins:3", 5), (1, "goblins:2", 7)]
    assert trick["winner"] == 1
    assert trick["artifacts"] == [DICE, "magic-wand", "mirror-of-lies"]


def test_no_hunting_cloak_or_wishing_lamp_after_the_dice() -> None:
    """A46: in Phase Two the leader holds a Hunting Cloak and a Wishing Lamp, both usable after
    an ordinary lead; after the Dice neither is offered (the follower's card is random already),
    so nobody is asked and the follower's card is drawn at once."""
    artifacts = (
        (DICE, "hunting-cloak", "wishing-lamp"),
        ("flail-of-dawn", "gamblers-book", "kings-dagger"),
    )
    state = _trick(
        HAND0,
        HAND1,
        [f"use {DICE}"],
        chance=["goblins:6", "goblins:2"],
        phase=2,
        artifacts=artifacts,
    )
    trick = last_trick(state)
    assert _plays(trick) == [(0, "goblins:6", 6), (1, "goblins:2", 2)]
    assert trick["artifacts"] == [DICE]
    assert zone(state, "score", 0) == ["goblins:6", "goblins:2"]
    assert state.artifacts[0] == ["hunting-cloak", "wishing-lamp"]
    # an ordinary lead in the next trick offers them again
    engine.apply(state, "play goblins:3")
    legal = engine.legal_actions(state)
    assert legal[0] == "use hunting-cloak"
    assert "use wishing-lamp goblins:8" in legal


def test_a_drawn_dual_card_is_declared_freely() -> None:
    """A6, A23, R-40: the follower's random card is a dual ``elf-orc:4``; its player declares
    it, and, following rules ignored, may declare Orcs on an Elf lead though holding Elves."""
    state = _trick(
        ["elves:3", "orcs:2"],
        ["elf-orc:4", "elves:6", "orcs:5"],
        [f"use {DICE}"],
        chance=["elves:3", "elf-orc:4"],
        factions=["elves", "orcs", "undead", "dwarves", "cyclops"],
        prize="undead:9",
        deck_top=("undead:8", "undead:7"),
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play elf-orc:4 as elves", "play elf-orc:4 as orcs"]
    engine.apply(state, "play elf-orc:4 as orcs")
    trick = last_trick(state)
    assert trick["plays"][1] == {"player": 1, "card": "elf-orc:4", "value": 4, "as": "orcs"}
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"


def test_a_drawn_lycanthrope_is_declared_freely() -> None:
    """A6, H34: the follower's random card is the Lycanthrope; following rules ignored, every
    declaration is offered (played normally on a Goblin lead while holding a Goblin, only ``as
    goblins`` would be); declared a Goblin it is a value-5 Goblin and beats goblins:3."""
    state = _trick(
        ["goblins:3", "goblins:1"],
        ["hero:lycanthrope", "goblins:2"],
        [f"use {DICE}"],
        chance=["goblins:3", "hero:lycanthrope"],
        heroes=["lycanthrope"],
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == [
        "play hero:lycanthrope",
        "play hero:lycanthrope as goblins",
        "play hero:lycanthrope as knights",
        "play hero:lycanthrope as undead",
        "play hero:lycanthrope as dwarves",
        "play hero:lycanthrope as doppelgangers",
    ]
    engine.apply(state, "play hero:lycanthrope as goblins")
    trick = last_trick(state)
    assert trick["plays"][1] == {
        "player": 1,
        "card": "hero:lycanthrope",
        "value": 5,
        "as": "goblins",
    }
    assert trick["winner"] == 1


def test_a_daggered_random_card_is_replaced_at_random() -> None:
    """A7, A47: the follower's drawn goblins:5 is taken by the leader's King's Dagger (into the
    leader's Score pile); its replacement is drawn at random again (``chance``: dwarves:7)."""
    state = _trick(
        ["goblins:3", "goblins:6"],
        ["goblins:5", "dwarves:7", "goblins:8"],
        [f"use {DICE}"],
        chance=["goblins:3", "goblins:5", "dwarves:7"],
        artifacts=(
            (DICE, "kings-dagger", "flail-of-dawn"),
            ("spyglass", "endless-rope", "gamblers-book"),
        ),
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use kings-dagger", "pass"]
    engine.apply(state, "use kings-dagger")
    trick = last_trick(state)
    assert _plays(trick) == [(0, "goblins:3", 3), (1, "dwarves:7", 7)]
    assert trick["daggered"] == ["goblins:5"]
    assert trick["winner"] == 0
    assert zone(state, "score", 0) == ["goblins:5"]
    assert zone(state, "hand", 1) == ["goblins:8"]


# -- records --------------------------------------------------------------------------------------


def test_without_chance_the_seed_draws_and_the_record_lists_the_draws() -> None:
    """A40, H11, records.md: with no ``chance`` the seed draws both cards (one from each hand);
    the record written from the game lists them in ``chance``, leader's first, and replays to
    the same state."""
    record = stacked_record(
        CLAIM,
        ["goblins:3", "goblins:6", "knights:4"],
        ["goblins:2", "dwarves:7", "goblins:8"],
        ["undead:9", "undead:8"],
        moves=[f"use {DICE}"],
        artifacts=(DICE0[0], ("endless-rope", "spyglass", "book-of-memories")),
    )
    record["seed"] = 11
    state = replay(record)
    trick = last_trick(state)
    drawn = [p["card"] for p in trick["plays"]]
    assert [p["player"] for p in trick["plays"]] == [0, 1]
    assert drawn[0] in record["deal"]["hands"][0]
    assert drawn[1] in record["deal"]["hands"][1]
    saved = json.loads(json.dumps(records.to_record(state)))
    assert saved["chance"] == drawn
    assert saved["moves"] == [f"use {DICE}"]
    again = records.replay(saved)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)
    assert [len(hand) for hand in state.hands] == [12, 12]
