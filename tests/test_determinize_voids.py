"""Determinizations that use what the play tells (issue 22): a player who did not follow a lead,
when nothing else let them, held no card of the led faction, and a determinization for the other
player deals none into the part of their hand that was there then and still is
(``claim.core.worlds.voids``, read by ``determinize``).

The scenarios build the void from stacked deals and moves; the sweep checks, over random games
with every expansion, that an inferred void is never wrong about the true hand (so the
determinizations keep the true state among their possibilities) and never needs the fallback.
"""

from __future__ import annotations

import random

from claim import new_game
from claim.core import cards, engine, worlds
from claim.core.options import EVERY_EXPANSION
from claim.core.state import State
from scenario import CLAIM, position_record, replay, stacked_record

CODE = cards.CODE
FACTION = cards.FACTION
RUNS = 200
KRAKEN = "hero:kraken"

# Player 1 holds no Goblin: every card of their hand is named
NO_GOBLINS = [
    "knights:2",
    "knights:3",
    "knights:4",
    "knights:5",
    "undead:0",
    "undead:1",
    "undead:2",
    "undead:3",
    "dwarves:0",
    "dwarves:1",
    "dwarves:2",
    "dwarves:3",
    "doppelgangers:0",
]


def _hand_factions(state: State, player: int, runs: int = RUNS) -> set[str]:
    """The factions dealt into the other player's hand over ``runs`` determinizations."""
    seen: set[str] = set()
    for k in range(runs):
        d = worlds.determinize(state, player, random.Random(k))
        seen.update(FACTION[c] for c in d.hands[1 - player])
    return seen


def test_an_off_faction_follow_shows_a_void() -> None:
    """Player 1 follows a Goblin lead with a Knight: they hold no Goblin, and 200
    determinizations for player 0 never deal one into their hand; player 1's own view of
    player 0 infers nothing (player 0 led)."""
    state = replay(stacked_record(CLAIM, ["goblins:5"], NO_GOBLINS, moves=["play goblins:5"]))
    assert engine.legal_actions(state)[0] == "play knights:2"  # no Goblin to follow with
    engine.apply(state, "play knights:3")
    assert worlds.voids(state, 0) == ["goblins"]
    assert worlds.voids(state, 1) == []
    before = worlds.VOID_FALLBACKS[0]
    assert "goblins" not in _hand_factions(state, 0)
    assert worlds.VOID_FALLBACKS[0] == before
    # without the void the other hand would often get a Goblin: player 1's view of player 0
    assert "goblins" in _hand_factions(state, 1)


def test_the_void_holds_through_the_phase_and_counts_every_trick() -> None:
    """Two voids from two tricks of Phase One both hold at the next lead."""
    hand0 = ["goblins:5", "undead:9", "knights:9"]
    hand1 = ["knights:2", "knights:3", *[f"dwarves:{v}" for v in range(10)], "doppelgangers:1"]
    state = replay(stacked_record(CLAIM, hand0, hand1, moves=["play goblins:5", "play dwarves:0"]))
    # player 0 won (a Dwarf does not follow) and leads an Undead: player 1 holds none either
    engine.apply(state, "play undead:9")
    engine.apply(state, "play knights:2")
    assert worlds.voids(state, 0) == ["goblins", "undead"]
    assert not _hand_factions(state, 0) & {"goblins", "undead"}


def test_a_doppelganger_played_while_able_to_follow_shows_no_void() -> None:
    """§5.1: a Doppelganger may be played while its player holds the led faction: no void."""
    hand1 = ["goblins:1", "doppelgangers:4"]
    state = replay(stacked_record(CLAIM, ["goblins:5"], hand1, moves=["play goblins:5"]))
    engine.apply(state, "play doppelgangers:4")
    assert worlds.voids(state, 0) == []
    assert "goblins" in _hand_factions(state, 0)


def test_a_hero_played_second_shows_a_void() -> None:
    """H2: a hero played second is off-faction, played only for want of the led faction. Player
    1 follows a Goblin lead with the Kraken while holding no Goblin: a void of Goblins."""
    hand1 = [KRAKEN, *NO_GOBLINS[:12]]
    record = stacked_record(
        CLAIM, ["goblins:5"], hand1, moves=["play goblins:5"], heroes=["kraken"]
    )
    state = replay(record)
    assert "play hero:kraken" in engine.legal_actions(state)  # no Goblin: any card may follow
    engine.apply(state, "play hero:kraken")
    assert worlds.voids(state, 0) == ["goblins"]
    assert "goblins" not in _hand_factions(state, 0)


def test_the_life_stealer_played_second_shows_no_void() -> None:
    """H2, H31: the Life Stealer counts as the led faction when played second and may always
    follow: played with a Goblin in hand, it tells nothing, and the Goblin stays possible."""
    hand1 = ["hero:life-stealer", "goblins:1", *NO_GOBLINS[:11]]
    record = stacked_record(
        CLAIM, ["goblins:5"], hand1, moves=["play goblins:5"], heroes=["life-stealer"]
    )
    state = replay(record)
    assert "play hero:life-stealer" in engine.legal_actions(state)  # it may follow (H2)
    engine.apply(state, "play hero:life-stealer")
    assert worlds.voids(state, 0) == []
    assert "goblins" in _hand_factions(state, 0)


def test_a_following_card_shows_no_void() -> None:
    """A follow of the led faction tells nothing."""
    state = replay(stacked_record(CLAIM, ["goblins:5"], ["goblins:1"], moves=["play goblins:5"]))
    engine.apply(state, "play goblins:1")
    assert worlds.voids(state, 0) == []


def test_a_void_does_not_outlive_its_phase() -> None:
    """Phase Two's hand is the Follower deck: a Phase One void says nothing of it."""
    state = replay(stacked_record(CLAIM, ["goblins:5"], NO_GOBLINS, moves=["play goblins:5"]))
    engine.apply(state, "play knights:3")
    assert worlds.voids(state, 0) == ["goblins"]
    while state.phase == 1 and state.result is None:
        engine.apply(state, engine.legal_actions(state)[0])
    assert state.phase == 2 and all(r[0] == 1 for r in state.history)
    assert worlds.voids(state, 0) == []


def test_a_card_received_later_is_not_constrained() -> None:
    """Phase Two: player 1 follows a Goblin lead with an Undead (a void), then player 0's Kraken
    wins, takes a card of player 1's and gives them goblins:7. The Goblin joined the hand after
    the void and is known: every determinization keeps it, and deals no other Goblin."""
    hand0 = ["goblins:5", KRAKEN, "goblins:7", "knights:9"]
    hand1 = ["undead:1", "undead:2", "dwarves:3", "dwarves:4"]
    moves = ["play goblins:5", "play undead:1", "play hero:kraken", "play undead:2"]
    state = replay(
        position_record(
            CLAIM,
            phase=2,
            hands=[hand0, hand1],
            heroes=["kraken"],
            discard=[],
            chance=["dwarves:3"],
            moves=[*moves, "give goblins:7"],
        )
    )
    given = cards.IDS_BY_CODE["goblins:7"][0]
    assert given in state.hands[1]
    assert worlds.voids(state, 0) == ["goblins"]
    for k in range(RUNS):
        d = worlds.determinize(state, 0, random.Random(k))
        goblins = [c for c in d.hands[1] if FACTION[c] == "goblins"]
        assert goblins == [given]


def test_no_void_is_inferred_from_an_artifact_trick() -> None:
    """A Hunting Cloak follow is a random card (following rules do not apply): no void."""
    record = stacked_record(
        CLAIM,
        ["goblins:5"],
        ["goblins:1", *NO_GOBLINS[:12]],
        moves=["play goblins:5", "use hunting-cloak"],
        artifacts=(
            ("hunting-cloak", "magic-wand", "gamblers-book"),
            ("flail-of-dawn", "endless-rope", "flask-of-tears"),
        ),
        chance=["knights:2"],
    )
    state = replay(record)
    while not state.history:  # pass the windows left (the Magic Wand)
        engine.apply(state, "pass")
    assert FACTION[state.history[-1][4][1][1]] == "knights"
    assert worlds.voids(state, 0) == []


def test_inferred_voids_are_never_wrong() -> None:
    """Over random games with every expansion (random deck, 5 heroes, a random Setting and
    Building, artifacts): every void inferred for either player is true of the other player's
    hidden hand, and no determinization falls back to the unconstrained deal."""
    options = EVERY_EXPANSION
    before = worlds.VOID_FALLBACKS[0]
    inferred = 0
    for seed in range(40):
        setup = options.resolve(seed)
        state = new_game(setup.config, setup.seed)
        rng = random.Random(seed)
        steps = 0
        while state.result is None:
            for player in (0, 1):
                found = worlds.voids(state, player)
                if not found:
                    continue
                inferred += 1
                other = 1 - player
                hidden = [c for c in state.hands[other] if c not in state.revealed]
                for card in hidden:
                    faction = FACTION[card]
                    assert faction not in found, (seed, steps, CODE[card], found)
                    if faction == cards.DUAL:
                        assert "elves" not in found and "orcs" not in found
                if steps % 5 == 0:
                    worlds.determinize(state, player, random.Random(steps))
            engine.apply(state, rng.choice(engine.legal_actions(state)))
            steps += 1
    assert inferred > 100
    assert worlds.VOID_FALLBACKS[0] == before
