"""Precedence of the artifacts (RULES.md §4.4: artifacts > heroes > factions > locations; §8,
R-80): constructed conflicts in which an artifact meets a hero, a faction power or a location and
the artifact decides — the Wishing Lamp's win (A28), the value changes applied last in the value
chain (§4.2, A12), the Bottomless Bottle's comparison (A14), the Ice Sword's freeze (A18, A38) —
together with the limits the rulings set (A32: a power that decides by its own condition still
acts on top of the Bottle; A28: collection powers still act after a Lamp win) and A38: artifacts
are not card powers, so a Vampire Queen does not cancel them. Each test names its conflict and
the ruling."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from claim.core import engine, records, view
from claim.core.state import State
from scenario import CLAIM, codes, last_trick, position_record, replay, stacked_record, zone

LAMP_WINS = "Wishing Lamp: the named card was not held; the follower wins"
LOWER = "Bottomless Bottle: the lower value wins"
FROZE = "Ice Sword: both cards froze on the table; no winner"
WOLVES = ["goblins", "knights", "werewolves", "undead", "dwarves"]
# artifacts never usable where these scenarios look (the Torch: Phase One; the Rope: an empty
# Score pile at the start of the tricks looked at; the Book of Memories: player 1 never leads)
QUIET = ("prowlers-torch", "endless-rope", "book-of-memories")


def _trick(
    hand0: Sequence[str],
    hand1: Sequence[str],
    moves: Sequence[str],
    artifacts0: Sequence[str],
    *,
    phase: int = 2,
    factions: Sequence[str] = CLAIM,
    heroes: Sequence[str] = (),
    setting: str | None = None,
    moon: str | None = None,
    artifacts1: Sequence[str] = QUIET,
    counters: dict[str, int] | None = None,
) -> State:
    """A trick of ``phase``, player 0 leading (Phase One: prize goblins:9, deck goblins:8 and
    goblins:7), player 0 holding ``artifacts0``, player 1 ``artifacts1``, the discard pile
    empty."""
    record = position_record(
        factions,
        phase=phase,
        prize="goblins:9" if phase == 1 else None,
        deck_top=["goblins:8", "goblins:7"] if phase == 1 else [],
        hands=[hand0, hand1],
        heroes=heroes,
        discard=[],
        moves=moves,
        artifacts=(artifacts0, artifacts1),
    )
    position: dict[str, Any] = record["position"]
    if setting is not None:
        position["setup"]["setting"] = setting
    if moon is not None:
        position["moon"] = moon
    position["counters"].update(counters or {})
    return replay(record)


def _result(state: State) -> tuple[int | None, str]:
    trick = last_trick(state)
    return trick["winner"], trick["reason"]


def _values(state: State) -> list[int]:
    return [p["value"] for p in last_trick(state)["plays"]]


LAMP = ("wishing-lamp", "flail-of-dawn", "gamblers-book")
NOT_HELD = "use wishing-lamp goblins:9"  # nobody holds goblins:9 in these tricks


# -- Wishing Lamp, not held (A28: the follower wins at the artifact tier) -------------------------


def test_lamp_beats_a_led_witch() -> None:
    """Artifact vs hero (A28, H28): a led Witch beats any card but an even one above 5, so
    goblins:3 would lose; the Lamp names a card player 1 does not hold, player 1 plays
    goblins:3 freely and wins."""
    hands = (["hero:witch", "goblins:1"], ["goblins:3", "dwarves:2"])
    plain = _trick(*hands, ["play hero:witch", "pass", "play goblins:3"], LAMP, heroes=["witch"])
    assert _result(plain) == (0, "the Witch beats anything but an even value above 5")
    state = _trick(*hands, ["play hero:witch", NOT_HELD, "play goblins:3"], LAMP, heroes=["witch"])
    assert _result(state) == (1, LAMP_WINS)
    assert zone(state, "score", 1) == ["hero:witch", "goblins:3"]
    assert last_trick(state)["artifacts"] == ["wishing-lamp"]


def test_lamp_beats_a_last_card_minotaur() -> None:
    """Artifact vs hero (A28, H29): a Minotaur that is its player's last card wins the trick;
    the Lamp (not held) makes the follower win instead."""
    hands = (["hero:minotaur"], ["goblins:3", "dwarves:2"])
    plain = _trick(
        *hands, ["play hero:minotaur", "pass", "play goblins:3"], LAMP, heroes=["minotaur"]
    )
    assert plain.history[-1][5] == 0
    state = _trick(
        *hands, ["play hero:minotaur", NOT_HELD, "play goblins:3"], LAMP, heroes=["minotaur"]
    )
    assert _result(state) == (1, LAMP_WINS)
    assert zone(state, "score", 1) == ["hero:minotaur", "goblins:3"]


def test_lamp_beats_the_werewolf_moon() -> None:
    """Artifact vs faction (A28, §5.3): with no moon the lower Werewolf wins, so the lead
    werewolves:1 would beat werewolves:8; with the Lamp (not held) player 1 wins."""
    hands = (["werewolves:1", "goblins:1"], ["werewolves:8", "goblins:2"])
    plain = _trick(
        *hands,
        ["play werewolves:1", "pass", "play werewolves:8"],
        LAMP,
        factions=WOLVES,
        moon="no-moon",
    )
    assert plain.history[-1][5] == 0
    state = _trick(
        *hands,
        ["play werewolves:1", NOT_HELD, "play werewolves:8"],
        LAMP,
        factions=WOLVES,
        moon="no-moon",
    )
    assert _result(state) == (1, LAMP_WINS)


def test_lamp_beats_a_knight_lead_over_an_off_faction_card() -> None:
    """Artifact vs faction rules (A28, §4.3, §5.1 "a Goblin on a Knight lead is simply
    off-faction"): the Lamp's follower plays any card — goblins:2 on knights:9 — and wins,
    although it does not follow."""
    hands = (["knights:9", "goblins:1"], ["knights:2", "goblins:2"])
    plain = _trick(*hands, ["play knights:9", "pass"], LAMP)
    assert engine.legal_actions(plain) == ["play knights:2"]
    state = _trick(*hands, ["play knights:9", NOT_HELD], LAMP)
    assert engine.legal_actions(state) == ["play knights:2", "play goblins:2"]
    engine.apply(state, "play goblins:2")
    assert _result(state) == (1, LAMP_WINS)


def test_lamp_beats_a_farmlands_rank() -> None:
    """Artifact vs location (A28, R-71): under Farmlands the lead goblins:2 outranks goblins:6;
    with the Lamp (not held) player 1 wins."""
    hands = (["goblins:2", "goblins:1"], ["goblins:6", "dwarves:2"])
    plain = _trick(*hands, ["play goblins:2", "pass", "play goblins:6"], LAMP, setting="farmlands")
    assert plain.history[-1][5] == 0
    state = _trick(
        *hands, ["play goblins:2", NOT_HELD, "play goblins:6"], LAMP, setting="farmlands"
    )
    assert _result(state) == (1, LAMP_WINS)


def test_lamp_decides_where_a_warlock_or_a_knight_would_win_too() -> None:
    """Artifact vs hero and faction (A28, H5): a Warlock on an odd lead and a Knight on a Goblin
    lead would win for the follower anyway; with the Lamp (not held) the artifact tier decides
    last, so the trick's reason is the Lamp's and the collection is the plain one."""
    warlock = _trick(
        ["goblins:3", "goblins:1"],
        ["hero:warlock", "dwarves:2"],
        ["play goblins:3", NOT_HELD, "play hero:warlock"],
        LAMP,
        heroes=["warlock"],
    )
    assert _result(warlock) == (1, LAMP_WINS)
    assert zone(warlock, "score", 1) == ["goblins:3", "hero:warlock"]
    knight = _trick(
        ["goblins:3", "goblins:1"],
        ["knights:2", "dwarves:2"],
        ["play goblins:3", NOT_HELD, "play knights:2"],
        LAMP,
    )
    assert _result(knight) == (1, LAMP_WINS)
    assert zone(knight, "score", 1) == ["goblins:3", "knights:2"]


def test_lamp_win_leaves_no_stone_golem_crush() -> None:
    """Artifact vs hero (A28: "hero and faction winner powers do not act", H5, H6 by analogy:
    what a winner power does to the other card is part of its win): the Stone Golem played
    second on goblins:3 would crush it (discarded, H17) and win; with the Lamp (not held) the
    follower wins at the artifact tier, the Golem's power does not act, and the follower
    collects both cards plainly."""
    state = _trick(
        ["goblins:3", "goblins:1"],
        ["hero:stone-golem", "dwarves:2"],
        ["play goblins:3", NOT_HELD, "play hero:stone-golem"],
        LAMP,
        heroes=["stone-golem"],
    )
    assert _result(state) == (1, LAMP_WINS)
    assert zone(state, "score", 1) == ["goblins:3", "hero:stone-golem"]
    assert zone(state, "discard") == []


def test_lamp_win_leaves_no_basilisk_capture() -> None:
    """Artifact vs faction (A28: faction winner powers do not act, collection powers still act,
    "Dwarves to the loser"; H6: the capture is part of the Basilisk's win): basilisks:4 on the
    lead dwarves:4 would capture it (a captured Dwarf stays with the Basilisk's player, §5.6);
    with the Lamp (not held) the follower wins plainly, so the Dwarf goes to the loser."""
    factions = ["goblins", "knights", "dwarves", "unicorns", "basilisks"]
    hands = (["dwarves:4", "goblins:1"], ["basilisks:4", "unicorns:2"])
    plain = _trick(*hands, ["play dwarves:4", "pass", "play basilisks:4"], LAMP, factions=factions)
    assert zone(plain, "score", 1) == ["dwarves:4", "basilisks:4"]  # the capture
    state = _trick(
        *hands, ["play dwarves:4", NOT_HELD, "play basilisks:4"], LAMP, factions=factions
    )
    assert _result(state) == (1, LAMP_WINS)
    assert zone(state, "score", 0) == ["dwarves:4"]
    assert zone(state, "score", 1) == ["basilisks:4"]


def test_after_a_lamp_win_collection_powers_still_act() -> None:
    """A28 (collection powers still act): the Lamp makes player 1 win a Dwarf-led trick, and in
    Phase Two the loser (player 0) still takes every Dwarf (§5.1)."""
    state = _trick(
        ["dwarves:7", "goblins:1"],
        ["dwarves:2", "goblins:2"],
        ["play dwarves:7", NOT_HELD, "play dwarves:2"],
        LAMP,
    )
    assert _result(state) == (1, LAMP_WINS)
    assert zone(state, "score", 0) == ["dwarves:7", "dwarves:2"]
    assert zone(state, "score", 1) == []


# -- values: the artifact layer comes last (§4.2, A12) --------------------------------------------


def test_magic_wand_after_underworld_and_lich_king() -> None:
    """Artifact vs hero vs location (§4.2, A12, H14, L2): the follower's goblins:0 is 10 under
    the Underworld, −3 after the led Lich King = 7, which beats the Lich King (6); the
    follower's Magic Wand −2, applied last, makes it 5: the Lich King wins."""
    hands = (["hero:lich-king", "goblins:1"], ["goblins:0", "goblins:2"])
    wand = ("magic-wand", "prowlers-torch", "endless-rope")
    plain = _trick(
        *hands,
        ["play hero:lich-king", "play goblins:0", "pass"],
        ("flail-of-dawn", "gamblers-book", "kings-dagger"),
        heroes=["lich-king"],
        setting="underworld",
        artifacts1=wand,
    )
    assert _values(plain) == [6, 7]
    assert plain.history[-1][5] == 1
    state = _trick(
        *hands,
        ["play hero:lich-king", "play goblins:0", "use magic-wand -2"],
        ("flail-of-dawn", "gamblers-book", "kings-dagger"),
        heroes=["lich-king"],
        setting="underworld",
        artifacts1=wand,
    )
    assert _values(state) == [6, 5]
    assert _result(state) == (0, "higher value")


def test_mirror_of_lies_tests_the_value_after_the_lich_king() -> None:
    """Artifact vs hero (§4.2, A12, H14): goblins:7 after a led Lich King is 4; the Mirror,
    applied after the hero layer, sees 4 and gives +5 = 9 (on the printed 7 it would give
    7 − 5 − 3 = −1)."""
    state = _trick(
        ["hero:lich-king", "goblins:1"],
        ["goblins:7", "goblins:2"],
        ["play hero:lich-king", "play goblins:7", "use mirror-of-lies"],
        ("flail-of-dawn", "gamblers-book", "kings-dagger"),
        heroes=["lich-king"],
        artifacts1=("mirror-of-lies", "prowlers-torch", "endless-rope"),
    )
    assert _values(state) == [6, 9]
    assert _result(state) == (1, "higher value")


# -- Bottomless Bottle (A14, A32) -----------------------------------------------------------------


BOTTLE = ("bottomless-bottle", "flail-of-dawn", "gamblers-book")


def test_bottle_beats_a_farmlands_rank() -> None:
    """Artifact vs location (A14, R-71): under Farmlands goblins:2 outranks goblins:1 and would
    win for the follower; the Bottle makes the lower value win: the lead goblins:1."""
    hands = (["goblins:1", "goblins:3"], ["goblins:2", "goblins:4"])
    plain = _trick(
        *hands, ["play goblins:1", "pass", "play goblins:2"], BOTTLE, setting="farmlands"
    )
    assert plain.history[-1][5] == 1
    state = _trick(
        *hands,
        ["play goblins:1", "use bottomless-bottle", "play goblins:2"],
        BOTTLE,
        setting="farmlands",
    )
    assert _result(state) == (0, LOWER)


def test_bottle_beats_a_full_moon() -> None:
    """Artifact vs faction (A14, §5.3): under a full moon the higher Werewolf wins; with the
    Bottle the lower werewolves:3 beats the lead werewolves:8."""
    state = _trick(
        ["werewolves:8", "goblins:1"],
        ["werewolves:3", "goblins:2"],
        ["play werewolves:8", "use bottomless-bottle", "play werewolves:3"],
        BOTTLE,
        factions=WOLVES,
        moon="full-moon",
    )
    assert _result(state) == (1, LOWER)


def test_bottle_leaves_the_knights_power_acting() -> None:
    """A32 (the limit of the Bottle): it replaces only the value comparison; the Knights power
    decides by its own condition and still acts: knights:9 on goblins:3 wins though higher."""
    state = _trick(
        ["goblins:3", "goblins:1"],
        ["knights:9", "dwarves:2"],
        ["play goblins:3", "use bottomless-bottle", "play knights:9"],
        BOTTLE,
    )
    assert _result(state) == (1, "a Knight played on a Goblin lead wins")


def test_bottle_leaves_the_warlock_acting() -> None:
    """A32, §6: the Warlock played second on an odd value wins by its own condition, even
    though, as a card off the led faction, it would lose the Bottle's comparison."""
    state = _trick(
        ["goblins:3", "goblins:1"],
        ["hero:warlock", "dwarves:2"],
        ["play goblins:3", "use bottomless-bottle", "play hero:warlock"],
        BOTTLE,
        heroes=["warlock"],
    )
    assert _result(state) == (1, "the Warlock beats an odd value")


# -- Ice Sword vs Gelatinous Cube (A38) -----------------------------------------------------------


def test_ice_sword_beats_the_gelatinous_cube() -> None:
    """Artifact vs hero (A38, A18, R-63): the Cube played second would bury the lead with no
    bonus; the Sword decides: both cards freeze, each player's next card gets their frozen
    card's value (the lead's 4, the Cube's 1)."""
    hands = (
        ["goblins:4", "goblins:6", "goblins:1"],
        ["hero:gelatinous-cube", "dwarves:2", "dwarves:3"],
    )
    sword = ("ice-sword", "flail-of-dawn", "gamblers-book")
    plain = _trick(
        *hands,
        ["play goblins:4", "play hero:gelatinous-cube", "pass"],
        sword,
        heroes=["gelatinous-cube"],
    )
    assert _result(plain) == (None, "the Gelatinous Cube swallowed the lead card: no winner")
    assert not any(k.startswith("ice-sword") for k in plain.counters)
    state = _trick(
        *hands,
        ["play goblins:4", "play hero:gelatinous-cube", "use ice-sword"],
        sword,
        heroes=["gelatinous-cube"],
    )
    assert _result(state) == (None, FROZE)
    assert codes(state.table) == ["goblins:4", "hero:gelatinous-cube"]
    assert state.counters["ice-sword:0"] == 4
    assert state.counters["ice-sword:1"] == 1


# -- the Vampire Queen does not cancel artifacts (A38) --------------------------------------------


VAMPIRE_QUEEN = "hero:vampire-queen"


def test_vampire_queen_does_not_cancel_a_mirror() -> None:
    """A38, H38: the Vampire Queen takes away the other card's power, but the Mirror is no card
    power: goblins:3 + 5 = 8 beats the led Queen (6)."""
    state = _trick(
        [VAMPIRE_QUEEN, "goblins:1"],
        ["goblins:3", "goblins:2"],
        [f"play {VAMPIRE_QUEEN}", "play goblins:3", "use mirror-of-lies"],
        ("flail-of-dawn", "gamblers-book", "kings-dagger"),
        heroes=["vampire-queen"],
        artifacts1=("mirror-of-lies", "prowlers-torch", "endless-rope"),
    )
    assert _values(state) == [6, 8]
    assert _result(state) == (1, "higher value")


def test_vampire_queen_does_not_cancel_a_flask_bonus() -> None:
    """A38, A15: player 1's Flask of Tears bonus (+9) goes onto goblins:2 played against the
    Queen: 11 beats 6."""
    state = _trick(
        [VAMPIRE_QUEEN, "goblins:1"],
        ["goblins:2", "goblins:3"],
        ["use flask-of-tears", f"play {VAMPIRE_QUEEN}", "play goblins:2"],
        ("flail-of-dawn", "gamblers-book", "kings-dagger"),
        heroes=["vampire-queen"],
        artifacts1=("flask-of-tears", "prowlers-torch", "endless-rope"),
        counters={"losses:1": 3},
    )
    assert _values(state) == [6, 11]
    assert _result(state) == (1, "higher value")


def test_vampire_queen_does_not_cancel_the_bottle() -> None:
    """A38, A14: the leader's Bottle on a led Vampire Queen: the follower's lower goblins:2
    wins (a led hero: values decide)."""
    state = _trick(
        [VAMPIRE_QUEEN, "goblins:1"],
        ["goblins:2", "goblins:7"],
        [f"play {VAMPIRE_QUEEN}", "use bottomless-bottle", "play goblins:2"],
        BOTTLE,
        heroes=["vampire-queen"],
    )
    assert _result(state) == (1, LOWER)


def test_vampire_queen_does_not_cancel_the_ice_sword() -> None:
    """A38, A18: a trick with a Vampire Queen is frozen by the Sword like any other."""
    state = _trick(
        ["goblins:4", "goblins:1"],
        [VAMPIRE_QUEEN, "dwarves:2"],
        ["play goblins:4", f"play {VAMPIRE_QUEEN}", "use ice-sword"],
        ("ice-sword", "flail-of-dawn", "gamblers-book"),
        heroes=["vampire-queen"],
    )
    assert _result(state) == (None, FROZE)
    assert state.counters["ice-sword:1"] == 6


# -- records --------------------------------------------------------------------------------------


def test_a_bottle_over_farmlands_saves_and_replays_exactly() -> None:
    """A19, records.md: a dealt Farmlands game in which the Bottle decides a Phase One trick
    (goblins:3 beats goblins:6) saves as a record that replays to the same state."""
    moves = ["play goblins:6", "use bottomless-bottle", "play goblins:3"]
    record = stacked_record(
        CLAIM,
        ["goblins:6", "goblins:1"],
        ["goblins:3", "goblins:2"],
        ["undead:9", "undead:8"],
        moves=moves,
        artifacts=(BOTTLE, ("endless-rope", "spyglass", "book-of-memories")),
    )
    record["setup"]["setting"] = "farmlands"
    state = replay(record)
    assert _result(state) == (1, LOWER)
    saved = json.loads(json.dumps(records.to_record(state)))
    assert saved["setup"]["setting"] == "farmlands"
    assert saved["moves"] == moves
    again = records.replay(saved)
    assert again.to_dict() == state.to_dict()
    assert view.report(again) == view.report(state)
