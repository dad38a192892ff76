"""Hunting Cloak (RULES.md §8, an artifact, the highest tier): after you lead, the follower plays a
card drawn at random from their hand; following rules do not apply.

Rulings applied here:

- R-80, A1, A20: offered (``use hunting-cloak`` or ``pass``) to the leader right after the lead,
  in both phases, while the follower holds a card; a player holding no usable artifact is never
  asked; never offered after a follow.
- A2, A22: it shares the leader's window after the lead with the Magic Wand (and the other "after
  you lead" artifacts), each asked again after a use while another is usable there.
- A6, A23, A40: the follower makes no ``play`` move: the card comes from the record's ``chance``
  (then the seed), and is played at once, following rules ignored; a drawn dual card (R-40) then
  asks only its declaration (one ``play ... as ...`` per faction); the follower's own windows
  (Magic Wand) follow as usual.
- A9, A46: not with a Wishing Lamp in the same trick, nor after a Gambler's Dice roll.
- A5, A39, A46: the card set aside by a Flail of Dawn is out of the hand (never drawn while the
  follower holds another card), but when it is the follower's only card the Cloak is usable and
  draws it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from claim.core import engine, records, view
from claim.core.errors import RecordError
from claim.core.state import State
from scenario import CLAIM, last_trick, position_record, replay, stacked_record, zone

CLOAK = "hunting-cloak"
# The other artifacts are never usable in the tricks played here (between the phases only, a
# Score pile needed, three losses needed), unless a test is about them.
ARTIFACTS = (
    (CLOAK, "magic-wand", "gamblers-book"),
    ("flail-of-dawn", "endless-rope", "flask-of-tears"),
)
ELVES_ORCS = ["elves", "orcs", "undead", "dwarves", "doppelgangers"]


def _record(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str] = (),
    *,
    artifacts: Sequence[Sequence[str]] = ARTIFACTS,
    phase: int = 2,
    factions: Sequence[str] = CLAIM,
    chance: Sequence[str] = (),
    aside: str | None = None,
    unused: Sequence[Sequence[str]] | None = None,
) -> dict[str, Any]:
    """A record from the start of a trick, player 0 leading, the discard pile empty (Phase One:
    prize goblins:9, deck goblins:8, goblins:7). ``aside``: that card of player 1's hand is
    their Flail of Dawn card instead (player 1's Flail used). ``unused`` replaces the players'
    unused artifacts (the rest count as used)."""
    record = position_record(
        factions,
        phase=phase,
        prize="goblins:9" if phase == 1 else None,
        deck_top=["goblins:8", "goblins:7"] if phase == 1 else [],
        hands=hands,
        discard=[],
        artifacts=artifacts,
        chance=chance,
        moves=moves,
    )
    players = record["position"]["players"]
    if unused is not None:
        for p, names in enumerate(unused):
            players[p]["used_artifacts"] = [a for a in artifacts[p] if a not in names]
            players[p]["artifacts"] = list(names)
    if aside is not None:
        players[1]["hand"].remove(aside)
        players[1]["aside"] = [aside]
        players[1]["artifacts"].remove("flail-of-dawn")
        players[1]["used_artifacts"] = [*players[1].get("used_artifacts", []), "flail-of-dawn"]
    return record


def _trick(hands: Sequence[Sequence[str]], moves: Sequence[str] = (), **options: Any) -> State:
    return replay(_record(hands, moves, **options))


def _plays(state: State) -> list[tuple[int, str, int]]:
    return [(p["player"], p["card"], p["value"]) for p in last_trick(state)["plays"]]


# -- when it is offered ------------------------------------------------------------------------


def test_offered_to_the_leader_right_after_the_lead_with_the_wand() -> None:
    """A2, A22: after the lead, the leader's window lists the Cloak and the Magic Wand (in the
    order the artifacts are held), and ``pass``."""
    state = _trick([["goblins:7", "knights:3"], ["goblins:4", "undead:3"]], ["play goblins:7"])
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == [
        "use hunting-cloak",
        "use magic-wand +2",
        "use magic-wand -2",
        "pass",
    ]


def test_offered_in_phase_one_too() -> None:
    """§8: "after you lead", in either phase: the Cloak is offered on a Phase One lead."""
    state = _trick(
        [["knights:7", "knights:3"], ["knights:4", "undead:3"]], ["play knights:7"], phase=1
    )
    assert engine.legal_actions(state)[0] == "use hunting-cloak"


def test_not_offered_to_a_follower_after_their_play() -> None:
    """§8 "after you lead": player 1 holding the Cloak follows; nobody is asked and the trick
    resolves (player 1 has no artifact usable after a follow)."""
    artifacts = (
        ("flail-of-dawn", "endless-rope", "flask-of-tears"),
        (CLOAK, "gamblers-book", "spyglass"),
    )
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:3"]],
        ["play goblins:7", "play goblins:4"],
        artifacts=artifacts,
    )
    assert _plays(state) == [(0, "goblins:7", 7), (1, "goblins:4", 4)]
    assert last_trick(state)["winner"] == 0
    assert CLOAK in state.artifacts[1]


def test_a_leader_without_artifacts_left_is_never_asked() -> None:
    """R-80, A1: with every artifact used, the leader is asked nothing after the lead: the
    follower plays next."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:3"]],
        ["play goblins:7"],
        unused=([], ["endless-rope", "flask-of-tears"]),
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:4"]


def test_not_offered_after_a_wishing_lamp() -> None:
    """A9: the Lamp and the Cloak exclude each other: once the Lamp is used the leader's window
    offers only the Wand (and ``pass``)."""
    artifacts = ((CLOAK, "wishing-lamp", "magic-wand"), ARTIFACTS[1])
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:3"]],
        ["play goblins:7", "use wishing-lamp undead:3"],
        artifacts=artifacts,
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use magic-wand +2", "use magic-wand -2", "pass"]


def test_not_offered_after_a_gamblers_dice_roll() -> None:
    """A46: after a Gambler's Dice roll the follower's card is random already: the leader's
    window after the random lead offers no Cloak (only the Wand)."""
    artifacts = ((CLOAK, "gamblers-dice", "magic-wand"), ARTIFACTS[1])
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:3"]],
        ["use gamblers-dice"],
        artifacts=artifacts,
        chance=["goblins:7"],
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use magic-wand +2", "use magic-wand -2", "pass"]


# -- declining and using ------------------------------------------------------------------------


def test_declining_lets_the_follower_choose_under_the_following_rules() -> None:
    """R-80: after ``pass`` the follower chooses their card and must follow faction."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:3"]], ["play goblins:7", "pass"]
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:4"]


def test_the_drawn_card_is_played_at_once_free_of_the_following_rules() -> None:
    """A6, A23: the drawn undead:3 (``chance``) is played for player 1 at once, though they hold a
    Goblin; off-faction, it loses to the led goblins:7. Player 1 never made a move."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:3"]],
        ["play goblins:7", "use hunting-cloak", "pass"],
        chance=["undead:3"],
    )
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:7", 7), (1, "undead:3", 3)]
    assert trick["artifacts"] == [CLOAK]
    assert trick["winner"] == 0
    assert zone(state, "score", 0) == ["goblins:7", "undead:3"]
    assert zone(state, "hand", 1) == ["goblins:4"]
    assert state.moves == ["play goblins:7", "use hunting-cloak", "pass"]
    assert state.chance == ["undead:3"]
    assert state.used_artifacts[0] == [CLOAK]


def test_the_leaders_window_closes_before_the_draw() -> None:
    """A22, A23: after the Cloak the leader is asked again (the Wand is still usable); the card
    is drawn only once that window closes, and the trick then resolves (player 1 holds no
    artifact usable after a play)."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:9", "undead:3"]],
        ["play goblins:7", "use hunting-cloak"],
        chance=["goblins:9"],
    )
    assert engine.current_player(state) == 0
    assert engine.legal_actions(state) == ["use magic-wand +2", "use magic-wand -2", "pass"]
    assert state.trick is not None and len(state.trick.plays) == 1
    engine.apply(state, "use magic-wand +2")
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:7", 9), (1, "goblins:9", 9)]
    assert trick["winner"] == 0  # equal values go to the leader
    assert trick["artifacts"] == [CLOAK, "magic-wand"]


def test_the_followers_own_windows_come_after_the_drawn_card() -> None:
    """A23: the follower's Magic Wand window is asked after their drawn card is played."""
    artifacts = (
        (CLOAK, "gamblers-book", "flail-of-dawn"),
        ("magic-wand", "endless-rope", "flask-of-tears"),
    )
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:6", "undead:3"]],
        ["play goblins:7", "use hunting-cloak"],
        artifacts=artifacts,
        chance=["goblins:6"],
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["use magic-wand +2", "use magic-wand -2", "pass"]
    engine.apply(state, "use magic-wand +2")
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:7", 7), (1, "goblins:6", 8)]
    assert trick["winner"] == 1


def test_a_drawn_dual_card_asks_only_its_declaration() -> None:
    """A6, A23, R-40: a drawn elf-orc:7 is declared by its player: the list is one entry per
    faction (the following rules are off, so Orcs is offered on an Elf lead though player 1
    holds elves:2); declared Elves it follows and beats elves:6."""
    state = _trick(
        [["elves:6", "orcs:3"], ["elves:2", "elf-orc:7", "undead:3"]],
        ["play elves:6", "use hunting-cloak", "pass"],
        factions=ELVES_ORCS,
        chance=["elf-orc:7"],
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play elf-orc:7 as elves", "play elf-orc:7 as orcs"]
    engine.apply(state, "play elf-orc:7 as elves")
    trick = last_trick(state)
    assert trick["plays"][1] == {"player": 1, "card": "elf-orc:7", "value": 7, "as": "elves"}
    assert trick["winner"] == 1
    assert zone(state, "hand", 1) == ["elves:2", "undead:3"]


def test_a_drawn_dual_card_declared_off_faction_loses() -> None:
    """A23, R-40: the same draw declared Orcs is off-faction on the Elf lead and loses."""
    state = _trick(
        [["elves:6", "orcs:3"], ["elves:2", "elf-orc:7", "undead:3"]],
        ["play elves:6", "use hunting-cloak", "pass", "play elf-orc:7 as orcs"],
        factions=ELVES_ORCS,
        chance=["elf-orc:7"],
    )
    assert last_trick(state)["winner"] == 0


# -- the Flail of Dawn card (A5, A39, A46) --------------------------------------------------------


def test_the_flail_card_is_not_drawn_while_another_card_is_held() -> None:
    """A5: player 1's Flail card goblins:4 is out of the hand for the Cloak: the only card it can
    draw is knights:2 (a ``chance`` naming the Flail card is a malformed record)."""
    state = _trick(
        [["goblins:7", "knights:3"], ["knights:2", "goblins:4"]],
        ["play goblins:7", "use hunting-cloak", "pass"],
        aside="goblins:4",
    )
    assert _plays(state) == [(0, "goblins:7", 7), (1, "knights:2", 2)]
    assert zone(state, "hand", 1) == []
    assert view.report(state)["players"][1]["aside"] == ["goblins:4"]
    with pytest.raises(RecordError, match=r"chance\[0\]"):
        _trick(
            [["goblins:7", "knights:3"], ["knights:2", "goblins:4"]],
            ["play goblins:7", "use hunting-cloak", "pass"],
            aside="goblins:4",
            chance=["goblins:4"],
        )


def test_the_cloak_draws_the_flail_card_when_it_is_the_only_card() -> None:
    """A39, A46: player 1 holds only the Flail card goblins:4: the Cloak is offered and draws it;
    it loses to goblins:7 and player 1 has no card left."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4"]], ["play goblins:7"], aside="goblins:4"
    )
    assert engine.legal_actions(state)[0] == "use hunting-cloak"
    engine.apply(state, "use hunting-cloak")
    engine.apply(state, "pass")
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:7", 7), (1, "goblins:4", 4)]
    assert trick["artifacts"] == [CLOAK]
    assert state.aside[1] == []
    assert zone(state, "score", 0) == ["goblins:7", "goblins:4"]


# -- records ------------------------------------------------------------------------------------


def test_a_draw_from_the_seed_is_written_to_chance_and_replays_exactly() -> None:
    """H11, A40: with no ``chance`` the seed draws the follower's card; the record written from
    the state lists it in ``chance`` and replays to the same state; the same record without
    ``chance`` draws the same card again (one seeded stream)."""
    record = stacked_record(
        CLAIM,
        ["goblins:7", "knights:3"],
        ["goblins:4", "undead:3", "dwarves:2"],
        ["goblins:9", "goblins:8"],
        moves=["play goblins:7", "use hunting-cloak", "pass"],
        artifacts=ARTIFACTS,
    )
    state = replay(record)
    trick = last_trick(state)
    drawn = trick["plays"][1]["card"]
    assert len(state.chance) == 1 and state.chance[0] == drawn
    full_hand = view.report(replay({**record, "moves": []}))["players"][1]["hand"]
    assert drawn in full_hand
    assert drawn not in zone(state, "hand", 1)
    assert replay(record).chance == [drawn]
    written = json.loads(json.dumps(records.to_record(state)))
    assert written["chance"] == [drawn]
    again = records.replay(written)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)
