"""Wishing Lamp (RULES.md §8, an artifact, the highest tier): Phase Two, as leader, after you lead:
name a card (faction and value). If the follower holds it, they must play it; if not, they play
any card and win the trick.

Rulings applied here:

- R-80, A1, A20: offered to the leader right after a Phase Two lead, while the follower holds a
  card; never in Phase One, never to the follower; a player holding no usable artifact is never
  asked.
- A9, A27: ``use wishing-lamp NAME`` for every public name of a card of the game's composition (the
  five factions' full printed sets, in table order) plus ``pass``; "holds it" means a card of
  that name in hand. The Lamp and the Hunting Cloak exclude each other in one trick.
- A9: held: the follower's only legal play is that card (following rules or not); not held: the
  follower plays any card, free of the following rules.
- A28: not held: the follower wins at the artifact tier — hero and faction winner powers do not
  act (a led Witch loses) — and collection powers still act (a Dwarf goes to the loser).
- A5, A46: the card set aside by a Flail of Dawn is not "held" (the Lamp finds it not held), and the
  Lamp is usable when that card is the follower's only card.
- A47: when the card the Lamp forced is daggered, the replacement is free and the Lamp does not
  make the follower win (the Lamp was decided when used: the card was held).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from claim.core import engine, records, view
from claim.core.state import State
from scenario import (
    CLAIM,
    all_codes,
    last_trick,
    play_until,
    position_record,
    replay,
    stacked_record,
    zone,
)

LAMP = "wishing-lamp"
# The other artifacts are never usable in the tricks played here (between the phases only, a
# Score pile needed, three losses needed), unless a test is about them.
ARTIFACTS = (
    (LAMP, "gamblers-book", "book-of-memories"),
    ("flail-of-dawn", "endless-rope", "flask-of-tears"),
)
#: every name the Lamp may name in a game of the Claim preset, in table order (A27)
CLAIM_NAMES = list(dict.fromkeys(all_codes(CLAIM)))


def _record(
    hands: Sequence[Sequence[str]],
    moves: Sequence[str] = (),
    *,
    artifacts: Sequence[Sequence[str]] = ARTIFACTS,
    phase: int = 2,
    heroes: Sequence[str] = (),
    scores: Sequence[Sequence[str]] = ((), ()),
    chance: Sequence[str] = (),
    aside: str | None = None,
    unused: Sequence[Sequence[str]] | None = None,
) -> dict[str, Any]:
    """A record from the start of a trick, player 0 leading, the discard pile empty (Phase One:
    prize goblins:9, deck goblins:8, goblins:7). ``aside``: that card of player 1's hand is their
    Flail of Dawn card instead (player 1's Flail used). ``unused`` replaces the players' unused
    artifacts (the rest count as used)."""
    record = position_record(
        CLAIM,
        phase=phase,
        prize="goblins:9" if phase == 1 else None,
        deck_top=["goblins:8", "goblins:7"] if phase == 1 else [],
        hands=hands,
        scores=scores,
        heroes=heroes,
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


def test_offered_after_a_phase_two_lead_naming_every_card_of_the_game() -> None:
    """A9, A27: after a Phase Two lead the leader may name any of the 48 distinct cards of the
    Claim composition (goblins:0-9, knights:2-9, undead, dwarves, doppelgangers 0-9), or pass."""
    state = _trick([["goblins:7", "knights:3"], ["goblins:4", "undead:3"]], ["play goblins:7"])
    assert engine.current_player(state) == 0
    assert len(CLAIM_NAMES) == 48
    assert engine.legal_actions(state) == [f"use wishing-lamp {n}" for n in CLAIM_NAMES] + ["pass"]


def test_not_offered_in_phase_one() -> None:
    """§8, A20: Phase Two only: after a Phase One lead the Lamp's holder is not asked."""
    state = _trick(
        [["knights:7", "knights:3"], ["knights:4", "undead:3"]], ["play knights:7"], phase=1
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play knights:4"]


def test_not_offered_to_the_follower() -> None:
    """§8 "as leader": player 1 holding the Lamp follows and is asked nothing."""
    artifacts = (
        ("flail-of-dawn", "endless-rope", "flask-of-tears"),
        (LAMP, "gamblers-book", "book-of-memories"),
    )
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:3"]],
        ["play goblins:7", "play goblins:4"],
        artifacts=artifacts,
    )
    assert last_trick(state)["winner"] == 0
    assert "artifacts" not in last_trick(state)
    assert LAMP in state.artifacts[1]


def test_a_leader_without_artifacts_left_is_never_asked() -> None:
    """R-80, A1: with every artifact used, nothing is asked after the lead."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:3"]],
        ["play goblins:7"],
        unused=([], ["endless-rope", "flask-of-tears"]),
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:4"]


def test_not_offered_after_a_hunting_cloak() -> None:
    """A9: once the Cloak is used in the leader's window, the Lamp is no longer offered: the
    window closes and the follower's card is drawn (``chance``)."""
    artifacts = ((LAMP, "hunting-cloak", "gamblers-book"), ARTIFACTS[1])
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:3"]],
        ["play goblins:7", "use hunting-cloak"],
        artifacts=artifacts,
    )
    assert _plays(state)[0] == (0, "goblins:7", 7)
    assert last_trick(state)["artifacts"] == ["hunting-cloak"]
    assert LAMP in state.artifacts[0]


def test_not_offered_after_a_gamblers_dice_roll() -> None:
    """A46: after a Gambler's Dice roll the follower's card is random already: the leader's
    random lead (goblins:7) asks no Lamp, and the follower's random card (goblins:4) follows at
    once; the trick resolves with only the Dice used."""
    artifacts = ((LAMP, "gamblers-dice", "gamblers-book"), ARTIFACTS[1])
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:3"]],
        ["use gamblers-dice"],
        artifacts=artifacts,
        chance=["goblins:7", "goblins:4"],
    )
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:7", 7), (1, "goblins:4", 4)]
    assert trick["artifacts"] == ["gamblers-dice"]
    assert LAMP in state.artifacts[0]


def test_declining_leaves_the_follower_under_the_following_rules() -> None:
    """R-80: after ``pass`` the follower must follow the led Goblin."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:3"]], ["play goblins:7", "pass"]
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:4"]


# -- a held card ----------------------------------------------------------------------------------


def test_a_held_card_must_be_played_even_off_faction() -> None:
    """A9: player 1 holds the named undead:3: it is their only legal play, though they hold a
    Goblin; off-faction, it loses to the led goblins:7."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:3"]],
        ["play goblins:7", "use wishing-lamp undead:3"],
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play undead:3"]
    engine.apply(state, "play undead:3")
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:7", 7), (1, "undead:3", 3)]
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"
    assert trick["artifacts"] == [LAMP]
    assert zone(state, "score", 0) == ["goblins:7", "undead:3"]
    assert zone(state, "hand", 1) == ["goblins:4"]


def test_a_held_card_that_beats_the_lead_still_wins() -> None:
    """A9: the Lamp only forces the card: the named goblins:9, held, is played and beats the led
    goblins:7 by value."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "goblins:9"]],
        ["play goblins:7", "use wishing-lamp goblins:9", "play goblins:9"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "higher value"
    assert zone(state, "score", 1) == ["goblins:7", "goblins:9"]


# -- a card not held ------------------------------------------------------------------------------


def test_a_card_not_held_frees_the_follower_who_wins() -> None:
    """A9, A28: player 1 lacks the named goblins:9: any card of the hand may be played (undead:0
    though a Goblin is held), and player 1 wins the trick, collects both cards and leads next."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:0"]],
        ["play goblins:7", "use wishing-lamp goblins:9"],
    )
    assert engine.current_player(state) == 1
    assert engine.legal_actions(state) == ["play goblins:4", "play undead:0"]
    engine.apply(state, "play undead:0")
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:7", 7), (1, "undead:0", 0)]
    assert trick["winner"] == 1
    assert trick["reason"] == "Wishing Lamp: the named card was not held; the follower wins"
    assert trick["artifacts"] == [LAMP]
    assert zone(state, "score", 1) == ["goblins:7", "undead:0"]
    assert zone(state, "score", 0) == []
    assert engine.current_player(state) == 1


def test_the_lamp_win_beats_a_hero_power() -> None:
    """A28, H5: the led Witch would beat goblins:1 (only an even value above 5 beats it, H28); the
    Lamp named a card player 1 lacks, so goblins:1 wins at the artifact tier."""
    state = _trick(
        [["hero:witch", "knights:3"], ["goblins:1", "undead:3"]],
        ["play hero:witch", "use wishing-lamp goblins:9", "play goblins:1"],
        heroes=["witch"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert _plays(state) == [(0, "hero:witch", 5), (1, "goblins:1", 1)]
    assert zone(state, "score", 1) == ["hero:witch", "goblins:1"]


def test_collection_powers_still_act_on_a_lamp_win() -> None:
    """A28: player 1 wins with dwarves:1 by the Lamp; the Dwarves' Phase Two power still sends the
    Dwarf to the loser's Score pile; the winner collects goblins:7."""
    state = _trick(
        [["goblins:7", "knights:3"], ["dwarves:1", "goblins:4"]],
        ["play goblins:7", "use wishing-lamp goblins:9", "play dwarves:1"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["goblins:7"]
    assert zone(state, "score", 0) == ["dwarves:1"]


def test_a_lamp_win_over_a_gelatinous_cube_buries_nothing() -> None:
    """A28, H20: the Cube played second would swallow the lead and leave the trick without a
    winner, but the Lamp (goblins:9, not held) makes the follower win at the artifact tier: hero
    winner powers do not act, so nothing lies on the table; player 1 collects both cards and
    leads next."""
    state = _trick(
        [["goblins:7", "knights:3"], ["hero:gelatinous-cube", "undead:3"]],
        ["play goblins:7", "use wishing-lamp goblins:9", "play hero:gelatinous-cube"],
        heroes=["gelatinous-cube"],
    )
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert state.table == []
    assert zone(state, "score", 1) == ["goblins:7", "hero:gelatinous-cube"]
    assert engine.current_player(state) == 1


def test_the_cube_buries_the_lead_while_the_followers_only_other_card_is_set_aside() -> None:
    """H21, A39: player 1 holds nothing in hand after the Cube but a Flail card set aside, which
    counts as held: a further trick can be played, so the Cube takes effect (no winner, both
    cards on the table); the next trick, where player 1 plays the aside card, takes them."""
    state = _trick(
        [["goblins:7", "goblins:1"], ["hero:gelatinous-cube", "undead:3"]],
        ["play goblins:7", "pass", "play hero:gelatinous-cube"],
        heroes=["gelatinous-cube"],
        aside="undead:3",
    )
    assert last_trick(state)["winner"] is None
    assert zone(state, "score", 0) + zone(state, "score", 1) == []
    assert len(state.table) == 2
    engine.apply(state, "play goblins:1")
    engine.apply(state, "pass")  # the Lamp
    assert engine.legal_actions(state) == ["play undead:3"]
    engine.apply(state, "play undead:3")
    assert last_trick(state)["winner"] == 0  # off-faction
    assert sorted(zone(state, "score", 0)) == [
        "goblins:1",
        "goblins:7",
        "hero:gelatinous-cube",
        "undead:3",
    ]


def test_a_minotaur_is_not_the_last_card_while_its_player_has_a_card_set_aside() -> None:
    """H29, A5, A39: player 1's hand is empty once the Minotaur is played, but the Flail card set
    aside is still to be played in the phase's last trick: the Minotaur is not its player's last
    card and does not win; off-faction, it loses to the lead."""
    state = _trick(
        [["goblins:7", "goblins:1"], ["hero:minotaur", "undead:3"]],
        ["play goblins:7", "pass", "play hero:minotaur"],
        heroes=["minotaur"],
        aside="undead:3",
    )
    trick = last_trick(state)
    assert trick["winner"] == 0
    assert trick["reason"] == "the follower did not follow faction"


def test_usable_after_a_book_of_memories_lead() -> None:
    """A36: a lead from the Score pile (Book of Memories) is still a lead: the Lamp is offered
    and, naming a card player 1 lacks, makes player 1 win with goblins:2."""
    artifacts = ((LAMP, "book-of-memories", "gamblers-book"), ARTIFACTS[1])
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:2", "undead:3"]],
        ["use book-of-memories", "play goblins:8", "use wishing-lamp goblins:9", "play goblins:2"],
        artifacts=artifacts,
        scores=(["goblins:8"], []),
    )
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:8", 8), (1, "goblins:2", 2)]
    assert trick["artifacts"] == ["book-of-memories", LAMP]
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["goblins:8", "goblins:2"]
    assert zone(state, "hand", 0) == ["goblins:7", "knights:3"]


def test_a_card_only_in_the_flail_pile_is_not_held() -> None:
    """A5, A46: player 1's goblins:9 is their Flail of Dawn card: naming it finds it not held, so
    player 1 plays any card of the hand (the Flail card is not among them) and wins."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:4", "undead:3", "goblins:9"]],
        ["play goblins:7", "use wishing-lamp goblins:9"],
        aside="goblins:9",
    )
    assert engine.legal_actions(state) == ["play goblins:4", "play undead:3"]
    engine.apply(state, "play undead:3")
    trick = last_trick(state)
    assert trick["winner"] == 1
    assert trick["reason"] == "Wishing Lamp: the named card was not held; the follower wins"
    assert zone(state, "score", 1) == ["goblins:7", "undead:3"]
    assert view.report(state)["players"][1]["aside"] == ["goblins:9"]


def test_usable_when_the_flail_card_is_the_followers_only_card() -> None:
    """A39, A46: player 1 holds only the Flail card goblins:2: the Lamp is offered; naming
    goblins:2 finds it not held (A5), so the Flail card is played (the only one) and wins."""
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:2"]], ["play goblins:7"], aside="goblins:2"
    )
    assert "use wishing-lamp goblins:2" in engine.legal_actions(state)
    engine.apply(state, "use wishing-lamp goblins:2")
    assert engine.legal_actions(state) == ["play goblins:2"]
    engine.apply(state, "play goblins:2")
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:7", 7), (1, "goblins:2", 2)]
    assert trick["winner"] == 1
    assert zone(state, "score", 1) == ["goblins:7", "goblins:2"]
    assert state.aside[1] == []


def test_a_demon_is_named_by_its_code() -> None:
    """A27, W12: the Lamp's list names Demons by code; player 1 holds demons:3 then demons:7 and
    the Lamp names demons:7: the forced play is listed by parity (``play demons:odd``, R-30) and
    plays demons:7, not the first odd Demon of the hand."""
    factions = ["goblins", "knights", "demons", "undead", "dwarves"]
    record = position_record(
        factions,
        phase=2,
        hands=[["goblins:7", "knights:3"], ["demons:3", "demons:7", "goblins:2"]],
        discard=[],
        artifacts=ARTIFACTS,
        moves=["play goblins:7"],
    )
    state = replay(record)
    assert "use wishing-lamp demons:7" in engine.legal_actions(state)
    engine.apply(state, "use wishing-lamp demons:7")
    assert engine.legal_actions(state) == ["play demons:odd"]
    engine.apply(state, "play demons:odd")
    assert _plays(state) == [(0, "goblins:7", 7), (1, "demons:7", 7)]
    assert last_trick(state)["winner"] == 0
    assert zone(state, "hand", 1) == ["demons:3", "goblins:2"]


# -- with the King's Dagger (A47) -----------------------------------------------------------------


def test_a_daggered_forced_card_is_replaced_freely_and_the_lamp_does_not_win() -> None:
    """A47: the Lamp forces player 1's goblins:5, which player 0 daggers; the replacement is free
    (undead:3 may be played though goblins:4 is held) and, the Lamp having found the card held,
    the follower does not win by it: the off-faction undead:3 loses."""
    artifacts = ((LAMP, "kings-dagger", "gamblers-book"), ARTIFACTS[1])
    state = _trick(
        [["goblins:7", "knights:3"], ["goblins:5", "goblins:4", "undead:3"]],
        ["play goblins:7", "use wishing-lamp goblins:5"],
        artifacts=artifacts,
    )
    assert engine.legal_actions(state) == ["play goblins:5"]
    engine.apply(state, "play goblins:5")
    assert engine.legal_actions(state) == ["use kings-dagger", "pass"]
    engine.apply(state, "use kings-dagger")
    assert engine.legal_actions(state) == ["play goblins:4", "play undead:3"]
    engine.apply(state, "play undead:3")
    trick = last_trick(state)
    assert _plays(state) == [(0, "goblins:7", 7), (1, "undead:3", 3)]
    assert trick["daggered"] == ["goblins:5"]
    assert trick["artifacts"] == [LAMP, "kings-dagger"]
    assert trick["winner"] == 0
    assert zone(state, "score", 0) == ["goblins:5", "goblins:7", "undead:3"]


# -- records ------------------------------------------------------------------------------------


def test_a_lamp_game_replays_exactly_from_its_record() -> None:
    """Records replay exactly: a game from a stacked deal played through Phase One (first legal
    moves, every artifact declined) to player 0's first Phase Two lead; the Lamp names the first
    card of player 1's hand, which is then the only legal play; the written record replays to
    the same state."""
    record = stacked_record(CLAIM, artifacts=ARTIFACTS)
    state = replay(record)
    play_until(
        state,
        lambda s: any(m.startswith("use wishing-lamp") for m in engine.legal_actions(s)),
        lambda s, legal: "pass" if "pass" in legal else legal[0],
    )
    assert state.phase == 2
    named = zone(state, "hand", 1)[0]
    engine.apply(state, f"use wishing-lamp {named}")
    assert engine.legal_actions(state) == [f"play {named}"]
    engine.apply(state, f"play {named}")
    while engine.current_player(state) is not None and "pass" in engine.legal_actions(state):
        engine.apply(state, "pass")
    assert last_trick(state)["artifacts"] == [LAMP]
    assert last_trick(state)["plays"][1]["card"] == named
    written = json.loads(json.dumps(records.to_record(state)))
    assert f"use wishing-lamp {named}" in written["moves"]
    again = records.replay(written)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)
