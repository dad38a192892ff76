"""Spyglass (RULES.md §8, an artifact): Phase Two, after you win a trick: discard one card you would
collect and put a card of your choice from the discard pile into your Score pile.

Rulings applied here:

- R-80, A1, A20: offered only to the winner of a Phase Two trick who would collect a card; a
  player holding no usable artifact is never asked; never in Phase One, never to the loser.
- A11, A30, A42: ``use spyglass CODE`` for each card the winner collected in this trick (a face-up
  Gnome included; not a card already in the pile, nor one taken by an artifact such as a King's
  Dagger — "collected this trick"); the card goes to the discard pile; then ``take CODE`` from the
  discard pile without the card just discarded (another copy of its code may be taken), straight
  into the Score pile with no power (a Gnome taken does not lie face-up); no ``take`` when the
  pile holds nothing but the card just discarded.
- A30, R-4, V1, V3: asked before every other decision of the trick (a Vampire crown or tuck); a
  Vampire discarded by it is not crowned, and the card it takes cannot be tucked.
- A45: asked after the last trick of the game too.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from claim.core import engine, records, view
from claim.core.state import State
from scenario import (
    CLAIM,
    CLAIM2,
    last_trick,
    play_until,
    position_record,
    replay,
    stacked_record,
    zone,
)

SPYGLASS = "spyglass"
# player 0 holds the Spyglass; nobody holds another artifact usable in the tricks played here
# (between the phases or Phase One only, three losses needed)
ARTIFACTS = (
    (SPYGLASS, "gamblers-book", "flail-of-dawn"),
    ("prowlers-torch", "flask-of-tears", "wishing-lamp"),
)
VAMPIRES = ["goblins", "knights", "vampires", "undead", "dwarves"]


def _record(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str] = (),
    *,
    artifacts: Sequence[Sequence[str]] = ARTIFACTS,
    phase: int = 2,
    factions: Sequence[str] = CLAIM,
    scores: Sequence[Sequence[str]] = ((), ()),
    discard: Sequence[str] = ("knights:2", "undead:4"),
    number: int = 1,
    troll_pool: Sequence[str] = (),
) -> dict[str, Any]:
    """A record from the start of a trick, player 0 leading, with the discard pile ``discard``
    (Phase One: prize dwarves:9, deck dwarves:8, dwarves:7)."""
    return position_record(
        factions,
        phase=phase,
        prize=None if phase == 2 else "dwarves:9",
        deck_top=["dwarves:8", "dwarves:7"] if phase == 1 else [],
        hands=hands,
        scores=scores,
        discard=list(discard),
        artifacts=artifacts,
        moves=moves,
        number=number,
        troll_pool=troll_pool,
    )


def _trick(hands: Sequence[Sequence[str]], moves: Sequence[str] = (), **options: Any) -> State:
    return replay(_record(hands, moves, **options))


# -- when it is offered ------------------------------------------------------------------------


def test_offered_to_the_phase_two_winner_for_each_card_collected() -> None:
    """A11, A30: player 0 wins goblins:7 against goblins:4 and is asked ``use spyglass`` for each
    card collected in this trick (undead:9, already in the pile, is not offered), or ``pass``;
    the trick is not in the history until the answer."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:1"]],
        ["play goblins:7", "play goblins:4"],
        scores=(["undead:9"], []),
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        "use spyglass goblins:7",
        "use spyglass goblins:4",
        "pass",
    ]
    assert view.report(state)["tricks"] == []
    assert zone(state, "score", 0) == ["undead:9", "goblins:7", "goblins:4"]


def test_not_offered_to_the_loser() -> None:
    """§8 "after you win": player 1 holds the Spyglass and loses: nobody is asked; the trick is
    over and player 0 leads the next one."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:1"]],
        ["play goblins:7", "play goblins:4"],
        artifacts=(
            ("gamblers-book", "flail-of-dawn", "flask-of-tears"),
            (SPYGLASS, "prowlers-torch", "endless-rope"),
        ),
    )
    assert last_trick(state)["winner"] == 0
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["play knights:3"]
    assert SPYGLASS in state.artifacts[1]


def test_not_offered_in_phase_one() -> None:
    """§8, A20: Phase Two only: a Phase One winner is not asked."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:1"]],
        ["play goblins:7", "play goblins:4"],
        phase=1,
        artifacts=(ARTIFACTS[0], ("endless-rope", "flask-of-tears", "wishing-lamp")),
    )
    assert last_trick(state)["winner"] == 0
    assert engine.legal_actions(state) == ["play knights:3"]


def test_not_offered_when_the_winner_collects_nothing() -> None:
    """A20: two Dwarves: the winner (player 0) collects nothing — both go to the loser (§5.1) —
    so the Spyglass is not usable and player 0 is not asked."""
    state = _trick(
        [["dwarves:7", "knights:3"], ["dwarves:3", "undead:1"]],
        ["play dwarves:7", "play dwarves:3"],
    )
    assert last_trick(state)["winner"] == 0
    assert zone(state, "score", 1) == ["dwarves:7", "dwarves:3"]
    assert engine.legal_actions(state) == ["play knights:3"]


def test_a_player_without_artifacts_left_is_never_asked() -> None:
    """R-80, A1: with the Spyglass used already, the winner is not asked."""
    record = _record(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:1"]],
        ["play goblins:7", "play goblins:4"],
    )
    player = record["position"]["players"][0]
    player["artifacts"], player["used_artifacts"] = ["gamblers-book"], [SPYGLASS, "flail-of-dawn"]
    state = replay(record)
    assert engine.legal_actions(state) == ["play knights:3"]


def test_a_card_taken_by_a_kings_dagger_is_not_offered() -> None:
    """Terms "collected this trick", A11: player 0 daggers player 1's goblins:5 into the Score
    pile (an artifact, not a collection) and wins against the replacement goblins:2: only the
    two cards of the trick are offered."""
    artifacts = ((SPYGLASS, "kings-dagger", "gamblers-book"), ARTIFACTS[1])
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:5", "goblins:2"]],
        ["play goblins:7", "play goblins:5", "use kings-dagger", "play goblins:2"],
        artifacts=artifacts,
    )
    assert zone(state, "score", 0) == ["goblins:5", "goblins:7", "goblins:2"]
    assert engine.legal_actions(state) == [
        "use spyglass goblins:7",
        "use spyglass goblins:2",
        "pass",
    ]


# -- declining and using ------------------------------------------------------------------------


def test_declining_keeps_the_collection() -> None:
    """R-80: after ``pass`` the winner keeps both cards and the discard pile is unchanged."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:1"]],
        ["play goblins:7", "play goblins:4", "pass"],
    )
    assert zone(state, "score", 0) == ["goblins:7", "goblins:4"]
    assert zone(state, "discard") == ["knights:2", "undead:4"]
    assert "artifacts" not in last_trick(state)
    assert state.artifacts[0] == list(ARTIFACTS[0])


def test_a_collected_card_is_swapped_for_one_of_the_discard_pile() -> None:
    """A11, A30: ``use spyglass goblins:4`` discards it; the ``take`` list is the discard pile
    without it; the taken undead:4 goes into the Score pile."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:1"]],
        ["play goblins:7", "play goblins:4", "use spyglass goblins:4"],
    )
    assert zone(state, "discard") == ["knights:2", "undead:4", "goblins:4"]
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["take knights:2", "take undead:4"]
    engine.apply(state, "take undead:4")
    assert zone(state, "score", 0) == ["goblins:7", "undead:4"]
    assert zone(state, "discard") == ["knights:2", "goblins:4"]
    trick = last_trick(state)
    assert trick["artifacts"] == [SPYGLASS]
    assert trick["winner"] == 0
    assert state.used_artifacts[0] == [SPYGLASS]
    assert engine.legal_actions(state) == ["play knights:3"]


def test_another_copy_of_the_discarded_card_may_be_taken() -> None:
    """A30 ("not the card just discarded", a physical card): with a goblins:0 already in the pile,
    discarding the collected goblins:0 still offers ``take goblins:0`` — the other copy."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:0", "undead:1"]],
        ["play goblins:7", "play goblins:0", "use spyglass goblins:0"],
        discard=["goblins:0"],
    )
    assert zone(state, "discard") == ["goblins:0", "goblins:0"]
    assert engine.legal_actions(state) == ["take goblins:0"]
    engine.apply(state, "take goblins:0")
    assert zone(state, "score", 0) == ["goblins:7", "goblins:0"]
    assert zone(state, "discard") == ["goblins:0"]


def test_no_take_when_the_pile_holds_only_the_discarded_card() -> None:
    """A30: the discard pile was empty: after the discard nothing can be taken, so no ``take``
    is asked; the winner keeps only goblins:7."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:1"]],
        ["play goblins:7", "play goblins:4", "use spyglass goblins:4"],
        discard=[],
    )
    assert zone(state, "discard") == ["goblins:4"]
    assert zone(state, "score", 0) == ["goblins:7"]
    assert last_trick(state)["artifacts"] == [SPYGLASS]
    assert engine.legal_actions(state) == ["play knights:3"]


def test_a_face_up_gnome_is_offered_and_a_taken_gnome_is_not_placed_face_up() -> None:
    """A11, §5.2: the Gnomes player 0 collects lie face-up and are offered; discarding gnomes:3
    takes it from the face-up row; the taken gnomes:1 goes into the Score pile (no power), not
    face-up."""
    state = _trick(
        [["gnomes:5", "giants:3"], ["gnomes:3", "dragons:1"]],
        ["play gnomes:5", "play gnomes:3"],
        factions=CLAIM2,
        discard=["gnomes:1"],
    )
    assert zone(state, "gnomes", 0) == ["gnomes:5", "gnomes:3"]
    assert engine.legal_actions(state) == [
        "use spyglass gnomes:5",
        "use spyglass gnomes:3",
        "pass",
    ]
    engine.apply(state, "use spyglass gnomes:3")
    assert engine.legal_actions(state) == ["take gnomes:1"]
    engine.apply(state, "take gnomes:1")
    assert zone(state, "gnomes", 0) == ["gnomes:5"]
    assert zone(state, "score", 0) == ["gnomes:1"]
    assert zone(state, "discard") == ["gnomes:3"]


def test_a_troll_taken_from_the_pool_is_offered() -> None:
    """Terms "collected this trick" (the Troll taken from the pool), §5.2 Trolls: player 0 wins
    trolls:3 over trolls:1 and takes the pool's trolls:9 instead (one Troll per trick, the
    highest); the played Trolls go to the pool; only trolls:9 is offered."""
    state = _trick(
        [["trolls:3", "dragons:3"], ["trolls:1", "giants:1"]],
        ["play trolls:3", "play trolls:1"],
        factions=CLAIM2,
        discard=[],
        troll_pool=["trolls:9"],
    )
    assert zone(state, "score", 0) == ["trolls:9"]
    assert zone(state, "troll_pool") == ["trolls:3", "trolls:1"]
    assert engine.legal_actions(state) == ["use spyglass trolls:9", "pass"]


# -- order with the other decisions of the trick (A30, V1, V3) -----------------------------------


def test_asked_before_the_vampire_crown() -> None:
    """A30, R-4: collecting vampires:6 and vampires:2, player 0 is asked the Spyglass first, then
    the crown (V2)."""
    state = _trick(
        [["vampires:6", "knights:3"], ["vampires:2", "undead:1"]],
        ["play vampires:6", "play vampires:2"],
        factions=VAMPIRES,
    )
    assert engine.legal_actions(state) == [
        "use spyglass vampires:6",
        "use spyglass vampires:2",
        "pass",
    ]
    engine.apply(state, "pass")
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["crown vampires:6", "crown vampires:2", "pass"]


def test_a_vampire_discarded_by_it_is_not_crowned() -> None:
    """V1 (a Vampire collected this trick and still there): the Spyglass discards vampires:6 and
    takes undead:4; the crown offers only vampires:2."""
    state = _trick(
        [["vampires:6", "knights:3"], ["vampires:2", "undead:1"]],
        ["play vampires:6", "play vampires:2", "use spyglass vampires:6", "take undead:4"],
        factions=VAMPIRES,
    )
    assert engine.legal_actions(state) == ["crown vampires:2", "pass"]
    assert zone(state, "score", 0) == ["vampires:2", "undead:4"]


def test_the_taken_card_cannot_be_tucked() -> None:
    """V3, A30: player 0 has a face-up vampires:8; after the Spyglass swaps goblins:4 for
    undead:4, the tuck offers only goblins:7 (collected this trick), not the taken undead:4."""
    record = _record(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:1"]],
        ["play goblins:7", "play goblins:4", "use spyglass goblins:4", "take undead:4"],
        factions=VAMPIRES,
    )
    position = record["position"]
    position["players"][0]["vampire"] = ["vampires:8"]
    position["out"].remove("vampires:8")  # not placed by the test: out of the game till now
    state = replay(record)
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["tuck goblins:7", "pass"]


def test_asked_before_a_giant_smash() -> None:
    """A30, R-4: player 0 wins with giants:3 over giants:1 while player 1 has face-up gnomes:3 and
    gnomes:1: the Spyglass is asked first, then the Giants' smash decisions (§5.2)."""
    record = _record(
        [["giants:3", "dragons:3"], ["giants:1", "trolls:1"]],
        ["play giants:3", "play giants:1"],
        factions=CLAIM2,
        discard=[],
    )
    position = record["position"]
    position["players"][1]["gnomes"] = ["gnomes:3", "gnomes:1"]
    for code in ("gnomes:3", "gnomes:1"):
        position["out"].remove(code)
    state = replay(record)
    assert engine.legal_actions(state) == [
        "use spyglass giants:3",
        "use spyglass giants:1",
        "pass",
    ]
    engine.apply(state, "pass")
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state)[0].startswith("smash gnomes:")


def test_offered_for_the_card_collected_in_a_dagger_forfeit() -> None:
    """A43, A20, A45, Terms "collected this trick": player 0 daggers player 1's only card
    goblins:5; the trick is a forfeit and player 0 collects the remaining played card knights:8
    by the plain collection (the winner's take). That card was collected this trick, so the
    Spyglass is usable and asked — after the game's last trick too (player 1 has no card
    left). The daggered goblins:5 (taken by an artifact) is not offered. (The engine queues
    the Spyglass window after a forfeit, so asking it is the intended behaviour.)"""
    artifacts = ((SPYGLASS, "kings-dagger", "gamblers-book"), ARTIFACTS[1])
    state = _trick(
        [["knights:8", "knights:3"], ["goblins:5"]],
        ["play knights:8", "play goblins:5", "use kings-dagger"],
        artifacts=artifacts,
    )
    assert zone(state, "score", 0) == ["goblins:5", "knights:8"]
    assert state.result is None
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use spyglass knights:8", "pass"]


# -- the last trick of the game (A45) -------------------------------------------------------------


def test_asked_after_the_last_trick_of_the_game() -> None:
    """A45: the game's last trick: the winner is still asked, and the game ends only once the
    Spyglass is answered; the taken card counts at scoring."""
    state = _trick(
        [["goblins:7"], ["goblins:4"]],
        ["play goblins:7", "play goblins:4"],
        number=13,
    )
    assert state.result is None
    assert engine.legal_actions(state) == [
        "use spyglass goblins:7",
        "use spyglass goblins:4",
        "pass",
    ]
    engine.apply(state, "use spyglass goblins:4")
    engine.apply(state, "take undead:4")
    assert state.result is not None
    assert zone(state, "score", 0) == ["goblins:7", "undead:4"]
    assert state.result["votes"]["undead"] == 0


# -- records ------------------------------------------------------------------------------------


def test_a_game_with_the_spyglass_replays_exactly_from_its_record() -> None:
    """Records replay exactly: a whole game from a stacked deal (first legal moves, other
    artifacts declined); player 0 uses the Spyglass at its first chance and takes the first card
    offered; the record written from the finished game replays to the same state."""
    state = replay(stacked_record(CLAIM, artifacts=ARTIFACTS))
    play_until(
        state,
        lambda s: any(m.startswith("use spyglass") for m in engine.legal_actions(s)),
        lambda s, legal: "pass" if "pass" in legal else legal[0],
    )
    spy = engine.legal_actions(state)[0]
    engine.apply(state, spy)
    discarded = spy.removeprefix("use spyglass ")
    assert zone(state, "discard")[-1] == discarded
    take = engine.legal_actions(state)[0]
    assert take.startswith("take ")
    engine.apply(state, take)
    assert zone(state, "score", 0)[-1] == take.removeprefix("take ")
    play_until(state, lambda s: False, lambda s, legal: "pass" if "pass" in legal else legal[0])
    assert state.result is not None
    written = json.loads(json.dumps(records.to_record(state)))
    assert spy in written["moves"] and take in written["moves"]
    again = records.replay(written)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)
